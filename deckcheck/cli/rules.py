"""``deckcheck rules``: the rule kinds a pack can use, with their examples."""

from __future__ import annotations

from deckcheck.cli.streams import echo


def rules_list() -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    from deckcheck.rules import KINDS

    for name, kind in KINDS.items():
        echo(f"{name}: {kind.description}")
        examples = getattr(kind, "examples", {})
        # Issue 31: an example shows the rule alone ("legal" called a 60-card list of Charizard ex
        # OBF legal, which no format allows on every day): it passes or breaks this one rule.
        for label, title in (("legal", "passes this rule"), ("illegal", "breaks this rule")):
            if examples.get(label):
                echo(f"  {title}:")
                for line in examples[label].strip().splitlines():
                    echo(f"    {line}")
        echo("")
