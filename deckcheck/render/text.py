"""``--output text``: the report a player reads in a terminal.

The layout is computed here as lines of styled segments; on a terminal rich
prints them in colour, elsewhere (pipes, CI, pre-commit) they are joined as
plain text without importing rich at all — it costs more start-up time than
the whole check of a deck.

Every fixed string and every finding is shown in ``options.lang`` (default
English, which loads no catalogue): each sentence is one gettext msgid,
translated whole (see :mod:`deckcheck.i18n`).
"""

from __future__ import annotations

import io
import re
import textwrap
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache

from deckcheck.core.printable import printable
from deckcheck.i18n import (
    N_,
    Phrase,
    Translator,
    finding_hint,
    finding_message,
    language_name,
    line_numbers,
    localize,
    ngettext,
    translator,
)
from deckcheck.model import ILLEGAL, LEGAL, UNVERIFIED, DeckResult, Report, Severity
from deckcheck.model import NOT_CHECKED as NOT_CHECKED_VERDICT
from deckcheck.render import ReportWriter, is_failing, path_problem, render_with

Segment = tuple[str, str]  # (text, rich style)
Line = list[Segment]

_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
# The widest line list kept in the column beside the messages ("lines 21, 22, 23").
LINES_COLUMN_MAX = 18
_SEVERITY = {Severity.ERROR: ("✖", "bold red"), Severity.WARNING: ("!", "yellow"), Severity.INFO: ("i", "blue")}

# TRANSLATORS: the verdict that heads a deck's report, in capitals.
VERDICT_LEGAL = N_("LEGAL")
# TRANSLATORS: the verdict that heads a deck's report, in capitals.
VERDICT_ILLEGAL = N_("ILLEGAL")
# TRANSLATORS: the verdict of a deck with lines that do not say which card they are
# (docs/rulings.md, "The verdict words"): its legality cannot be shown. In capitals.
VERDICT_UNVERIFIED = N_("NOT VERIFIED")
_VERDICT_STYLE = {
    LEGAL: (VERDICT_LEGAL, "bold green"),
    ILLEGAL: (VERDICT_ILLEGAL, "bold red"),
    UNVERIFIED: (VERDICT_UNVERIFIED, "bold yellow"),
    NOT_CHECKED_VERDICT: (N_("NOT CHECKED"), "bold red"),
}
# TRANSLATORS: {total}, {pokemon}, {trainer}, {energy} are numbers of cards.
COUNTS = ngettext(
    "{total} card — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy",
    "{total} cards — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy",
    "total",
)
# TRANSLATORS: {name} is the deck's name; the numbers are numbers of cards.
NAMED_COUNTS = ngettext(
    "{name}: {total} card — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy",
    "{name}: {total} cards — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy",
    "total",
)
# TRANSLATORS: as above, when lines name no card deckcheck knows (the counts add up
# to the total); {unidentified} is "1 not identified", "3 not identified" (the message below).
COUNTS_UNIDENTIFIED = ngettext(
    "{total} card — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy, {unidentified}",
    "{total} cards — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy, {unidentified}",
    "total",
)
NAMED_COUNTS_UNIDENTIFIED = ngettext(
    "{name}: {total} card — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy, {unidentified}",
    "{name}: {total} cards — {pokemon} Pokémon, {trainer} Trainer, {energy} Energy, {unidentified}",
    "total",
)
# TRANSLATORS: {count} cards whose lines name no card deckcheck knows, in the counts above;
# each number of the counts and of the summary takes the form its own number asks for.
UNIDENTIFIED = ngettext("{count} not identified", "{count} not identified")
# TRANSLATORS: {language} is a language name ("German"), {lines} is "line 3" or "lines 3, 5".
READ_AS = N_("Card names read as {language}: {lines}")
# TRANSLATORS: the summary; {legal} and {illegal} are "1 legal", "2 illegal" (the messages below).
DECKS_CHECKED = ngettext("{count} deck checked: {legal}, {illegal}.", "{count} decks checked: {legal}, {illegal}.")
# TRANSLATORS: as above, with the decks whose legality cannot be shown (docs/rulings.md, "The verdict words"):
# {unverified} is "1 not verified"; one form of the summary, with or without them.
DECKS_CHECKED_UNVERIFIED = ngettext(
    "{count} deck checked: {legal}, {illegal}, {unverified}.",
    "{count} decks checked: {legal}, {illegal}, {unverified}.",
)
# TRANSLATORS: numbers of decks in the summary, each with the form its number asks for.
LEGAL_DECKS = ngettext("{count} legal", "{count} legal")
ILLEGAL_DECKS = ngettext("{count} illegal", "{count} illegal")
UNVERIFIED_DECKS = ngettext("{count} not verified", "{count} not verified")
# TRANSLATORS: heads a path that could not be checked at all (missing, a pipe, binary; a format that
# is none, a day before the format began), in capitals like LEGAL. docs/rulings.md, "The verdict
# words": a word of
# its own, other than NOT VERIFIED (a deck that was checked but whose legality cannot be shown).
NOT_CHECKED = N_("NOT CHECKED")
# TRANSLATORS: paths given that could not be checked; {paths} lists them.
PATHS_NOT_CHECKED = ngettext(
    "{count} path was not checked: it cannot be read as a deck, or its format or day cannot be used ({paths}).",
    "{count} paths were not checked: they cannot be read as decks, or their format or day cannot be used ({paths}).",
)
# TRANSLATORS: with --fail-on warning, decks without errors fail the run; {rules} lists rule ids.
FAILED_BY_WARNINGS = ngettext(
    "{count} legal deck fails the run with --fail-on warning, for its warnings: {rules}.",
    "{count} legal decks fail the run with --fail-on warning, for their warnings: {rules}.",
)
# TRANSLATORS: --verbose listed the skipped files on standard error already.
SKIPPED_LISTED = ngettext(
    "{count} file skipped: it is not a deck (listed above).",
    "{count} files skipped: they are not decks (listed above).",
)
# Paths named in the summary line of the paths not checked (the report above names them all).
_PATHS_SHOWN = 3
# TRANSLATORS: files found in a folder that are not deck lists (a README, notes); "--verbose" stays as written.
SKIPPED = ngettext(
    "{count} file skipped: it is not a deck (--verbose lists it).",
    "{count} files skipped: they are not decks (--verbose lists them).",
)
# TRANSLATORS: rotation preview: {count} copies of cards of the deck leave {format} on {day}.
ROTATING = ngettext(
    "{count} card of this deck leaves {format} on {day}.", "{count} cards of this deck leave {format} on {day}."
)
# TRANSLATORS: column titles of the summary table of findings by rule.
COLUMN_RULE = N_("rule")
# TRANSLATORS: column title: how many findings of a rule are errors.
COLUMN_ERRORS = N_("errors")
# TRANSLATORS: column title: how many findings of a rule are warnings.
COLUMN_WARNINGS = N_("warnings")
# TRANSLATORS: column title: how many findings of a rule are notes (information only).
COLUMN_NOTES = N_("notes")


class Writer(ReportWriter):
    def __init__(self, out, options=None):
        super().__init__(out, options)
        # The message language (RenderOptions.lang); English for options without one.
        self.tr = translator(getattr(options, "lang", None) or "en")
        self.fail_on = getattr(options, "fail_on", "error")
        self.decks = self.legal = self.unverified = 0
        self.by_rule: Counter[tuple[str, Severity]] = Counter()
        self.not_checked: list[str] = []  # paths that are no readable deck
        # Legal decks failing the run with --fail-on warning, and their warnings' rules.
        self.failed_by_warnings = 0
        self.warning_rules: set[str] = set()
        self._console = None

    def deck(self, result: DeckResult) -> str:
        problem = path_problem(result)
        if problem is not None:
            # Not a deck, so neither a verdict nor a count among the decks.
            self.not_checked.append(printable(result.path))
            return self._text(_not_checked(result, problem, self.options.width, self.tr))
        self.decks += 1
        self.legal += result.legal
        self.unverified += result.verdict == UNVERIFIED
        self.by_rule.update((f.rule, f.severity) for f in result.findings)
        failing = is_failing(result, self.fail_on)
        if failing and result.legal:
            self.failed_by_warnings += 1
            self.warning_rules.update(f.rule for f in result.findings if f.severity is Severity.WARNING)
        if self.options.quiet and not failing:
            return ""
        return self._text(_deck(result, self.options.width, self.tr))

    def tail(self) -> str:
        lines = list(
            _summary(
                self.decks,
                self.legal,
                self.by_rule,
                self.options.width,
                self.tr,
                len(self.skipped),
                getattr(self.options, "skipped_listed", False),
                self.unverified,
            )
        )
        extra: list[Line] = []
        if self.failed_by_warnings:
            text = localize(
                FAILED_BY_WARNINGS,
                {"count": self.failed_by_warnings, "rules": ", ".join(sorted(self.warning_rules))},
                self.tr,
            )
            extra.extend([(part, "bold yellow")] for part in _wrap(text, max(30, self.options.width)))
        if self.not_checked:
            shown = ", ".join(self.not_checked[:_PATHS_SHOWN]) + (", …" if len(self.not_checked) > _PATHS_SHOWN else "")
            text = localize(PATHS_NOT_CHECKED, {"count": len(self.not_checked), "paths": shown}, self.tr)
            extra.extend([(part, "bold red")] for part in _wrap(text, max(30, self.options.width)))
        return self._text([*lines[:1], *extra, *lines[1:]])

    def _text(self, lines: Iterable[Line]) -> str:
        if not self.options.color:
            return "".join("".join(text for text, _style in line).rstrip() + "\n" for line in lines)
        if self._console is None:
            self._console = _console(self.options.width)
        return _colour(self._console, lines)


def render(report: Report, options) -> str:
    return render_with(Writer, report, options)


def counts_sentence(result: DeckResult, tr: Translator, name: str | None) -> str:
    """The deck's cards by kind, adding up to its total ("60 cards — 19 Pokémon, 32 Trainer,
    8 Energy, 1 not identified"), after its name where it has one."""
    counts = result.counts
    numbers: dict[str, object] = {
        "total": result.total_cards,
        "pokemon": counts.get("Pokémon", 0),
        "trainer": counts.get("Trainer", 0),
        "energy": counts.get("Energy", 0),
    }
    unidentified = result.unidentified
    if unidentified:
        numbers["unidentified"] = Phrase(UNIDENTIFIED, count=unidentified)
        plain, named = COUNTS_UNIDENTIFIED, NAMED_COUNTS_UNIDENTIFIED
    else:
        plain, named = COUNTS, NAMED_COUNTS
    return localize(named, {"name": name, **numbers}, tr) if name else localize(plain, numbers, tr)


def _deck(result: DeckResult, width: int, tr: Translator) -> Iterator[Line]:
    verdict = _VERDICT_STYLE[result.verdict]
    verdict = (tr.gettext(verdict[0]), verdict[1])
    yield [verdict, ("  ", ""), (printable(result.path), "bold"), (f"  ({result.format}, {result.date})", "")]
    if result.total_cards == 0 and any(f.rule == "unreadable" for f in result.findings):
        pass  # a file that could not be read has no cards to count
    else:
        yield [("  " + counts_sentence(result, tr, result.name), "dim")]
    for lang, read_lines in (getattr(result, "languages", None) or {}).items():
        # Say once per deck which lines were read in another language.
        text = localize(READ_AS, {"language": language_name(lang, tr), "lines": line_numbers(read_lines)}, tr)
        for part in _wrap(text, max(30, width - 2), subsequent_indent="  "):
            yield [("  " + part, "dim")]
    for day, count in _rotating(result).items():
        yield [("  " + localize(ROTATING, {"count": count, "format": result.format, "day": day}, tr), "yellow")]
    if result.findings:
        # Errors first, then warnings, then notes; in each, the order the checks gave.
        findings = sorted(result.findings, key=lambda f: _SEVERITY_ORDER[f.severity])
        rule_width = max(len(f.rule) for f in findings)
        where = [_lines_label(f.lines, tr) for f in findings]
        # A long line list ("lines 10, 11, 12, ...") does not narrow every message: it
        # stands alone on its line and its message starts below it.
        where_width = max((cells(w) for w in where if cells(w) <= LINES_COLUMN_MAX), default=0)
        indent = 3 + rule_width + 2 + (where_width + 2 if where_width else 0)
        text_width = max(30, width - indent)
        for finding, lines_label in zip(findings, where):
            mark, style = _SEVERITY[finding.severity]
            head: Line = [(mark, style), ("  ", ""), (finding.rule.ljust(rule_width), style), ("  ", "")]
            body = _wrap(finding_message(finding, tr), text_width) or [""]
            if cells(lines_label) > LINES_COLUMN_MAX:
                yield head + [(lines_label, "dim")]
                body_lines = body
            else:
                if where_width:
                    head.append((_pad(lines_label, where_width) + "  ", "dim"))
                yield head + [(body[0], "")]
                body_lines = body[1:]
            for more in body_lines:
                yield [(" " * indent, ""), (more, "")]
            hint = finding_hint(finding, tr)
            if hint:
                for hint_line in _wrap("→ " + hint, text_width, subsequent_indent="  "):
                    yield [(" " * indent, ""), (hint_line, "cyan")]
    yield []


def _wrap(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells, broken at spaces only: a format
    name, a path or a card name with a hyphen (``base-fossil``, ``Pidgeot-ex``) stays whole.
    Japanese text, which has no spaces, breaks between its characters (not before
    closing punctuation), a wide character taking two cells (:func:`_wrap_wide`)."""
    if text.isascii() or not any(_wide(ch) for ch in text):
        return textwrap.wrap(text, width, break_on_hyphens=False, subsequent_indent=subsequent_indent)
    return _wrap_wide(text, width, subsequent_indent)


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: a wide (CJK) character two."""
    return len(text) if text.isascii() else sum(2 if _wide(ch) else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells (``str.ljust`` counts characters)."""
    return text + " " * max(0, width - cells(text))


# The pieces a wide text breaks between: a run of narrow characters without a space (a word,
# a number, a set code), one wide character with the closing punctuation after it (never at the
# start of a line), or a run of spaces. Compiled on first use: its two classes of 53,000
# characters each cost 45 M instructions to compile (a fifth of a check's start-up beyond
# `import typer`), and only a text with a wide character is wrapped with it.
_PIECE = r"\s+|[^\s\u2E80-\uFFEF]+|[\u2E80-\uFFEF][、。，．）」』］｝〕〉》】ー・：；！？]*"


@cache
def _pieces() -> re.Pattern[str]:
    return re.compile(_PIECE)


def _wrap_wide(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    lines: list[str] = []
    line, used = "", 0
    for piece in _pieces().findall(text):
        size = cells(piece)
        if piece.isspace():
            if line:
                line, used = line + " ", used + 1
            continue
        if line and used + size > width:
            lines.append(line.rstrip())
            line, used = subsequent_indent, cells(subsequent_indent)
        line, used = line + piece, used + size
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _not_checked(result: DeckResult, problem, width: int, tr: Translator) -> Iterator[Line]:
    """A path that could not be read as a deck: its name and why, without a verdict or card counts."""
    yield [(tr.gettext(NOT_CHECKED), "bold red"), ("  ", ""), (printable(result.path), "bold")]
    mark, style = _SEVERITY[Severity.ERROR]
    indent = 3 + len(problem.rule) + 2
    body = _wrap(finding_message(problem, tr), max(30, width - indent)) or [""]
    yield [(mark, style), ("  ", ""), (problem.rule, style), ("  ", ""), (body[0], "")]
    for more in body[1:]:
        yield [(" " * indent, ""), (more, "")]
    hint = finding_hint(problem, tr)
    if hint:
        for hint_line in _wrap("→ " + hint, max(30, width - indent), subsequent_indent="  "):
            yield [(" " * indent, ""), (hint_line, "cyan")]
    yield []


def _rotating(result: DeckResult) -> dict[str, int]:
    """Copies of the deck's cards that leave the format, by day (the `rotating` warnings)."""
    days: dict[str, int] = {}
    for finding in result.findings:
        if finding.rule == "rotating":
            day = str(finding.params.get("day"))
            days[day] = days.get(day, 0) + int(finding.params.get("count", 1))
    return days


_LINES_IN_COLUMN = 10


def _lines_label(lines: tuple[int, ...], tr: Translator) -> str:
    if not lines:
        return ""
    # As written in the finding (not sorted: the finding chose the order). Every row is
    # padded to the widest label: at most a few numbers here, the message names more.
    return line_numbers(lines, ordered=False, limit=_LINES_IN_COLUMN).localize(tr)


def decks_checked(decks: int, legal: int, unverified: int, tr: Translator) -> str:
    """ "12 decks checked: 9 legal, 2 illegal, 1 not verified." (docs/rulings.md, "The verdict words":
    the decks whose legality cannot be shown are counted apart, when there are any)."""
    numbers = {
        "count": decks,
        "legal": Phrase(LEGAL_DECKS, count=legal),
        "illegal": Phrase(ILLEGAL_DECKS, count=decks - legal - unverified),
    }
    if unverified:
        return localize(
            DECKS_CHECKED_UNVERIFIED, {**numbers, "unverified": Phrase(UNVERIFIED_DECKS, count=unverified)}, tr
        )
    return localize(DECKS_CHECKED, numbers, tr)


def _summary(
    decks: int,
    legal: int,
    by_rule: Counter[tuple[str, Severity]],
    width: int,
    tr: Translator,
    skipped: int = 0,
    skipped_listed: bool = False,
    unverified: int = 0,
) -> Iterator[Line]:
    style = "bold green" if legal == decks else "bold red" if legal + unverified < decks else "bold yellow"
    yield [(decks_checked(decks, legal, unverified, tr), style)]
    if skipped:
        # With --verbose the files are listed already: the line does not send the reader to it.
        yield [(localize(SKIPPED_LISTED if skipped_listed else SKIPPED, {"count": skipped}, tr), "dim")]
    if not by_rule:
        return
    # A table of the findings by rule (rule ids stay English).
    columns = [(Severity.ERROR, tr.gettext(COLUMN_ERRORS)), (Severity.WARNING, tr.gettext(COLUMN_WARNINGS))]
    if any(severity is Severity.INFO for _rule, severity in by_rule):
        columns.append((Severity.INFO, tr.gettext(COLUMN_NOTES)))
    rules = sorted({rule for rule, _severity in by_rule})
    first = max(cells(tr.gettext(COLUMN_RULE)), *(len(rule) for rule in rules))
    yield []
    yield [(_pad(tr.gettext(COLUMN_RULE), first), "bold"), *((f"  {title}", "bold") for _severity, title in columns)]
    for rule in rules:
        row = [f"  {str(by_rule[(rule, severity)]).rjust(cells(title))}" for severity, title in columns]
        yield [(rule.ljust(first), ""), *((cell, "") for cell in row)]


def _console(width: int):
    from rich.console import Console

    return Console(
        file=io.StringIO(),
        width=width,
        force_terminal=True,
        color_system="standard",
        highlight=False,
        emoji=False,
        soft_wrap=True,
    )


def _colour(console, lines: Iterable[Line]) -> str:
    from rich.text import Text

    buffer = console.file
    buffer.seek(0)
    buffer.truncate()
    for line in lines:
        console.print(Text.assemble(*[(text, style) if style else text for text, style in line]))
    return buffer.getvalue()
