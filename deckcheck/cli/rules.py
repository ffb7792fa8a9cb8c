"""``deckcheck rules``: the rule kinds a pack can use, with their examples; ``--markdown``
writes the table of docs/rules.md, so the page says what the kinds themselves say."""

from __future__ import annotations

from collections.abc import Iterator

import typer

from deckcheck.cli.streams import echo
from deckcheck.i18n import N_


def rules_list(
    markdown: bool = typer.Option(
        False, "--markdown", help=N_("Write the rule kinds as the Markdown table of docs/rules.md.")
    ),
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    from deckcheck.rules import KINDS

    if markdown:
        for line in kinds_table():
            echo(line)
        return
    for name, kind in KINDS.items():
        echo(f"{name}: {kind.description}")
        # An example shows the rule alone: it passes or breaks this one rule, whatever else
        # a format on a given day would say of the list.
        for label, title in (("legal", "passes this rule"), ("illegal", "breaks this rule")):
            if kind.examples.get(label):
                echo(f"  {title}:")
                for line in kind.examples[label].strip().splitlines():
                    echo(f"    {line}")
        echo("")


def kinds_table() -> Iterator[str]:
    """The rule kinds as a Markdown table: what each checks, how a deck mends it, its options
    (required ones in bold), from the kinds' own modules."""
    from deckcheck.rules import KINDS

    yield "| kind | what a rule of it checks | how to mend a deck that breaks it | options |"
    yield "|---|---|---|---|"
    for name, kind in KINDS.items():
        schema = kind.options_schema
        required = set(schema.get("required", ()))
        options = ", ".join(
            f"**`{option}`**" if option in required else f"`{option}`" for option in schema.get("properties", {})
        )
        yield f"| `{name}` | {kind.description} | {kind.fix} | {options or '—'} |"
