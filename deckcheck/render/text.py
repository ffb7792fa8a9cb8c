"""``--output text``: the report a player reads in a terminal (rich)."""

from __future__ import annotations

import io
from collections import Counter

from deckcheck.model import DeckResult, Report, Severity

_SEVERITY_STYLE = {Severity.ERROR: ("✖", "bold red"), Severity.WARNING: ("!", "yellow")}


def render(report: Report, options) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer, width=options.width, force_terminal=options.color, no_color=not options.color,
        color_system="standard" if options.color else None, highlight=False, emoji=False, soft_wrap=False,
    )
    for result in report.results:
        if options.quiet and not result.findings:
            continue
        _deck(console, result)
    _summary(console, report)
    # rich pads table cells to the column width; trailing blanks only add noise.
    return "\n".join(line.rstrip() for line in buffer.getvalue().split("\n"))


def _deck(console, result: DeckResult) -> None:
    from rich.table import Table
    from rich.text import Text

    verdict = Text("LEGAL", style="bold green") if result.legal else Text("ILLEGAL", style="bold red")
    title = Text.assemble(verdict, "  ", (result.path, "bold"), f"  ({result.format}, {result.date})")
    console.print(title)
    name = f"{result.name}: " if result.name else ""
    counts = result.counts
    console.print(
        f"  {name}{result.total_cards} cards — {counts.get('Pokémon', 0)} Pokémon, "
        f"{counts.get('Trainer', 0)} Trainer, {counts.get('Energy', 0)} Energy",
        style="dim",
    )
    if result.findings:
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False, expand=False)
        table.add_column(width=1, no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1)
        for finding in result.findings:
            mark, style = _SEVERITY_STYLE[finding.severity]
            lines = ", ".join(str(n) for n in finding.lines)
            body = Text(finding.message)
            if finding.hint:
                body.append("\n→ " + finding.hint, style="cyan")
            table.add_row(
                Text(mark, style=style), Text(finding.rule, style=style),
                Text(f"line {lines}" if len(finding.lines) == 1 else (f"lines {lines}" if lines else ""),
                     style="dim"),
                body,
            )
        console.print(table)
    console.print()


def _summary(console, report: Report) -> None:
    results = report.results
    legal = sum(1 for r in results if r.legal)
    by_rule = Counter(f.rule for r in results for f in r.findings)
    decks = "deck" if len(results) == 1 else "decks"
    line = f"{len(results)} {decks} checked: {legal} legal, {len(results) - legal} illegal."
    console.print(line, style="bold green" if legal == len(results) else "bold red")
    if by_rule:
        console.print("Findings by rule: " + ", ".join(f"{rule} {n}" for rule, n in sorted(by_rule.items())),
                      style="dim")
