"""deckcheck: deck-legality validator for the Pokémon Trading Card Game.

The library API (README "Library") is re-exported here from :mod:`deckcheck.api`,
imported on first use so that ``deckcheck --version`` stays fast::

    import deckcheck
    result = deckcheck.check_file("decks/lost-box.txt", format="standard")
"""

from typing import TYPE_CHECKING, Any

from deckcheck.version import __version__ as __version__  # the package's version, re-exported

__all__ = [
    "Database",
    "DatabaseError",
    "DeckResult",
    "Finding",
    "Format",
    "FormatError",
    "Severity",
    "available_formats",
    "check_file",
    "check_table",
    "check_text",
    "find_decks",
    "load_format",
    "open_database",
    "report_json",
    "sheet_pdf",
]

if TYPE_CHECKING:  # type checkers see the names; at run time they are imported by __getattr__
    from deckcheck.api import (
        Database,
        DatabaseError,
        DeckResult,
        Finding,
        Format,
        FormatError,
        Severity,
        available_formats,
        check_file,
        check_table,
        check_text,
        find_decks,
        load_format,
        open_database,
        report_json,
        sheet_pdf,
    )


def __getattr__(name: str) -> Any:
    if name in __all__:
        from deckcheck import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
