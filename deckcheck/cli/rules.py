"""``deckcheck rules``: the rule kinds a pack can use, with their examples."""

from __future__ import annotations

from deckcheck.cli.streams import echo


def rules_list() -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    from deckcheck.rules import KINDS

    for name, kind in KINDS.items():
        echo(f"{name}: {kind.description}")
        examples = getattr(kind, "examples", {})
        for label in ("legal", "illegal"):
            if examples.get(label):
                echo(f"  {label}:")
                for line in examples[label].strip().splitlines():
                    echo(f"    {line}")
        echo("")
