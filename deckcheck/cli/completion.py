"""Shell completion (``deckcheck --install-completion``): the values an option takes.

Typer calls these with the word being completed; each returns the matching
values. They import what they need when called, so that defining them costs
nothing at start-up, and never raise: a broken configuration only narrows the
format names offered to the installed packs.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# Typer reads the annotations of the functions it calls (the application's options, the values
# of shell completion), and compiles each one written as text.
from pathlib import Path

from deckcheck.i18n import CARD_LANGUAGES, MESSAGE_LANGUAGES
from deckcheck.packs.loading import available_packs
from deckcheck.project.config import load_config
from deckcheck.render import FAIL_ON, OUTPUTS


def _matching(values, incomplete: str) -> list[str]:
    return [value for value in values if value.startswith(incomplete)]


def formats(incomplete: str) -> list[str]:
    """Format names: the installed packs and those of the configured ``packs`` folders."""
    extra: tuple[str, ...] = ()
    try:
        extra = tuple(str(p) for p in load_config(Path.cwd()).packs)
    except Exception:  # noqa: BLE001 - completion must never fail the shell
        pass
    try:
        return _matching(sorted(available_packs(extra)), incomplete)
    except Exception:  # noqa: BLE001
        return []


def outputs(incomplete: str) -> list[str]:
    return _matching(OUTPUTS, incomplete)


def fail_on(incomplete: str) -> list[str]:
    return _matching(FAIL_ON, incomplete)


def message_languages(incomplete: str) -> list[str]:
    """``--lang`` of check and serve: the languages of the messages."""
    return _matching(MESSAGE_LANGUAGES, incomplete)


def card_languages(incomplete: str) -> list[str]:
    """``--card-lang``: auto, English or a language whose names can be imported."""
    return _matching(("auto", "en", *CARD_LANGUAGES), incomplete)


def name_languages(incomplete: str) -> list[str]:
    """``--lang`` of db update and db import-names: comma-separated languages, or all."""
    done, _, last = incomplete.rpartition(",")
    if not done:
        return _matching(("all", *CARD_LANGUAGES), last)
    chosen = set(done.split(","))
    return [f"{done},{code}" for code in CARD_LANGUAGES if code.startswith(last) and code not in chosen]
