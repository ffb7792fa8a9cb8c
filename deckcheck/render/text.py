"""``--output text``: the report a player reads in a terminal.

The layout is computed here as lines of styled segments; on a terminal rich
prints them in colour, elsewhere (pipes, CI, pre-commit) they are joined as
plain text without importing rich at all — it costs more start-up time than
the whole check of a deck.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Iterator

from deckcheck.model import DeckResult, Report, Severity

Segment = tuple[str, str]  # (text, rich style)
Line = list[Segment]

_SEVERITY = {Severity.ERROR: ("✖", "bold red"), Severity.WARNING: ("!", "yellow")}


def render(report: Report, options) -> str:
    lines = list(layout(report, width=options.width, quiet=options.quiet))
    if not options.color:
        return "".join("".join(text for text, _style in line).rstrip() + "\n" for line in lines)
    return _colour(lines, options.width)


def layout(report: Report, *, width: int = 100, quiet: bool = False) -> Iterator[Line]:
    for result in report.results:
        if quiet and not result.findings:
            continue
        yield from _deck(result, width)
    yield from _summary(report, width)


def _deck(result: DeckResult, width: int) -> Iterator[Line]:
    verdict = ("LEGAL", "bold green") if result.legal else ("ILLEGAL", "bold red")
    yield [verdict, ("  ", ""), (result.path, "bold"), (f"  ({result.format}, {result.date})", "")]
    counts = result.counts
    name = f"{result.name}: " if result.name else ""
    yield [(f"  {name}{result.total_cards} cards — {counts.get('Pokémon', 0)} Pokémon, "
            f"{counts.get('Trainer', 0)} Trainer, {counts.get('Energy', 0)} Energy", "dim")]
    if result.findings:
        rule_width = max(len(f.rule) for f in result.findings)
        where = [_lines_label(f.lines) for f in result.findings]
        where_width = max(len(w) for w in where)
        indent = 3 + rule_width + 2 + (where_width + 2 if where_width else 0)
        text_width = max(30, width - indent)
        for finding, lines_label in zip(result.findings, where):
            mark, style = _SEVERITY[finding.severity]
            head: Line = [(mark, style), ("  ", ""), (finding.rule.ljust(rule_width), style), ("  ", "")]
            if where_width:
                head.append((lines_label.ljust(where_width) + "  ", "dim"))
            body = textwrap.wrap(finding.message, text_width) or [""]
            yield head + [(body[0], "")]
            for more in body[1:]:
                yield [(" " * indent, ""), (more, "")]
            if finding.hint:
                for i, hint_line in enumerate(textwrap.wrap("→ " + finding.hint, text_width,
                                                            subsequent_indent="  ")):
                    yield [(" " * indent, ""), (hint_line, "cyan")]
    yield []


def _lines_label(lines: tuple[int, ...]) -> str:
    if not lines:
        return ""
    shown = ", ".join(str(n) for n in lines)
    return f"line {shown}" if len(lines) == 1 else f"lines {shown}"


def _summary(report: Report, width: int) -> Iterator[Line]:
    results = report.results
    legal = sum(1 for r in results if r.legal)
    decks = "deck" if len(results) == 1 else "decks"
    style = "bold green" if legal == len(results) else "bold red"
    yield [(f"{len(results)} {decks} checked: {legal} legal, {len(results) - legal} illegal.", style)]
    by_rule = Counter(f.rule for r in results for f in r.findings)
    if by_rule:
        text = "Findings by rule: " + ", ".join(f"{rule} {n}" for rule, n in sorted(by_rule.items()))
        for line in textwrap.wrap(text, width, subsequent_indent="  "):
            yield [(line, "dim")]


def _colour(lines: list[Line], width: int) -> str:
    import io

    from rich.console import Console
    from rich.text import Text

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=True, color_system="standard",
                      highlight=False, emoji=False, soft_wrap=True)
    for line in lines:
        console.print(Text.assemble(*[(text, style) if style else text for text, style in line]))
    return buffer.getvalue()
