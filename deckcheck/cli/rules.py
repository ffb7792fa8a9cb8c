"""``deckcheck rules``: the rule kinds a pack can use, with their examples; ``--markdown``
writes the table of docs/rules.md, so the page says what the kinds themselves say."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import typer

from deckcheck.cli.common import UsageProblem, fail, lang_option, output_language
from deckcheck.cli.streams import echo
from deckcheck.datafiles import close_choice
from deckcheck.i18n import N_, Phrase, Translator, translator
from deckcheck.rules import KINDS


def rules_list(
    kind: str | None = typer.Argument(
        None, help=N_("One rule kind, as deckcheck rules lists them: show that one alone."), show_default=False
    ),
    markdown: bool = typer.Option(
        False, "--markdown", help=N_("Write the rule kinds as the Markdown table of docs/rules.md.")
    ),
    lang: str | None = lang_option(),
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.

    try:
        tr = translator(output_language(lang))
        names = [kind] if kind is not None else list(KINDS)
        if kind is not None and kind not in KINDS:
            raise UsageProblem(_unknown_kind(kind, list(KINDS)))
    except UsageProblem as problem:
        raise fail(problem)
    if markdown:
        for line in kinds_table(tr, names):
            echo(line)
        return
    for name in names:
        found = KINDS[name]
        echo(f"{name}: {tr.gettext(found.description)}")
        # An example shows the rule alone: it passes or breaks this one rule, whatever else
        # a format on a given day would say of the list.
        for label, title in (("legal", PASSES), ("illegal", BREAKS)):
            if found.examples.get(label):
                echo(f"  {tr.gettext(title)}")
                for line in found.examples[label].strip().splitlines():
                    echo(f"    {line}")
        echo("")


# TRANSLATORS: headings of a rule kind's example lists in deckcheck rules.
PASSES = N_("passes this rule:")
BREAKS = N_("breaks this rule:")


def _unknown_kind(kind: str, kinds: list[str]) -> Phrase:
    close = close_choice(kind, kinds)
    if close is not None:
        # TRANSLATORS: {kind} is what was typed, {close} the rule kind meant, {kinds} lists them all.
        return Phrase(
            N_("'{kind}' is not a rule kind (did you mean '{close}'?); the kinds are {kinds}"),
            kind=kind,
            close=close,
            kinds=", ".join(kinds),
        )
    return Phrase(N_("'{kind}' is not a rule kind; the kinds are {kinds}"), kind=kind, kinds=", ".join(kinds))


def kinds_table(tr: Translator | None = None, names: Iterable[str] | None = None) -> Iterator[str]:
    """The rule kinds (``names``, default all) as a Markdown table: what each checks (in the
    language of ``tr``, default English), how a deck mends it, its options (required ones in
    bold), from the kinds' own modules."""
    yield "| kind | what a rule of it checks | how to mend a deck that breaks it | options |"
    yield "|---|---|---|---|"
    for name in KINDS if names is None else names:
        kind = KINDS[name]
        schema = kind.options_schema
        required = set(schema.get("required", ()))
        options = ", ".join(
            f"**`{option}`**" if option in required else f"`{option}`" for option in schema.get("properties", {})
        )
        description = tr.gettext(kind.description) if tr is not None else kind.description
        yield f"| `{name}` | {description} | {kind.fix} | {options or '—'} |"
