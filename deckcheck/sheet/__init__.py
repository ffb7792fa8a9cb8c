"""The deck registration sheet: the PDF a player hands in at a
Play! Pokémon event, filled from the list deckcheck has just checked.

* :mod:`deckcheck.sheet.content` — what the sheet says (pure);
* :mod:`deckcheck.sheet.layout` — where it goes on the page (pure);
* :mod:`deckcheck.sheet.draw` — the PDF, with reportlab (the ``sheet`` extra),
  imported only when a sheet is drawn.

``deckcheck sheet`` (the command line), ``deckcheck serve``'s download button
and the library's :func:`sheet_pdf` all draw it with :func:`sheet_pdf`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase, translator
from deckcheck.sheet.content import DIVISIONS, Player, Sheet, sheet, verdict_mark
from deckcheck.sheet.layout import TITLE, pages
from deckcheck.version import __version__

if TYPE_CHECKING:
    from deckcheck.model import DeckResult
    from deckcheck.sheet.layout import Page

__all__ = [
    "DIVISIONS",
    "EXTRA_HINT",
    "OPTIONS",
    "OptionError",
    "Player",
    "PlayerError",
    "SheetUnavailable",
    "make_player",
    "pdf",
    "require",
    "sheet_options",
    "sheet_pages",
    "sheet_pdf",
    "use_font",
    "verdict_mark",
]

EXTRA_HINT = "pip install 'deckcheck[sheet]'"
PAPERS = ("letter", "a4")
PLAYER_FIELDS = ("name", "player_id", "birth", "division")  # make_player's, what a player mapping may hold
MAX_NAME = 80  # characters of a player name
MAX_PLAYER_ID = 12  # digits


class SheetUnavailable(DeckcheckError, ImportError):
    """reportlab is not installed: the sheet cannot be drawn."""


class PlayerError(DeckcheckError, ValueError):
    """A field of the player block that cannot go on the sheet; ``field`` names it
    (``name``, ``player_id``, ``birth`` or ``division``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


# The option of ``deckcheck sheet`` that fills each field of the player block; serve's form
# names its fields the same, and both check them with :func:`sheet_options`.
OPTIONS = {"name": "--player", "player_id": "--player-id", "birth": "--birth", "division": "--division"}
BAD_PAPER = N_("--paper must be letter or a4, not '{value}'")
# TRANSLATORS: in the footer of the registration sheet; {version} is deckcheck's (1.2.0).
MADE_WITH = N_("Made with deckcheck {version}")


class OptionError(DeckcheckError, ValueError):
    """A bad value of an option of the sheet; ``message`` (a :class:`~deckcheck.i18n.Phrase`
    where it is translated) names the option as the command line does:
    ``--player-id: the Player ID must be digits only, not '12-345'``."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def sheet_options(
    name: str | None, player_id: str | None, birth: str | None, division: str | None, paper: str
) -> tuple[Player, str]:
    """The player block and the paper from the values of ``deckcheck sheet``'s options (and of
    serve's form fields of the same names), checked as the command line checks them:
    :class:`OptionError` with the command line's message for a bad one."""
    paper = paper.strip().lower()
    if paper not in PAPERS:
        raise OptionError(Phrase(BAD_PAPER, value=paper))
    try:
        return make_player(name, player_id, birth, division), paper
    except PlayerError as error:
        raise OptionError(f"{OPTIONS[error.field]}: {error}") from None


def require() -> None:
    """Raise :class:`SheetUnavailable` unless the PDF library of the ``sheet`` extra can be imported."""
    _draw()


def _draw() -> Any:
    try:
        from deckcheck.sheet import draw
    except ImportError as error:  # reportlab missing (or broken)
        # Name the module that is missing only where it is not reportlab itself.
        missing = error.name or str(error)
        which = "" if missing == "reportlab" else f" ({missing} is missing)"
        raise SheetUnavailable(f"the deck registration sheet needs reportlab{which}: {EXTRA_HINT}") from None
    return draw


def make_player(
    name: str | None = None,
    player_id: str | int | None = None,
    birth: dt.date | str | None = None,
    division: str | None = None,
    *,
    today: dt.date | None = None,
) -> Player:
    """The player block from what a player typed, checked (:class:`PlayerError`,
    a ``ValueError`` with a one-line message): the Player ID digits only (an ``int`` is
    its digits), the date of birth a day between 1900-01-01 and today (a ``datetime``
    is its day), the division junior, senior or masters. A field of the wrong type is
    a ``TypeError`` naming it."""
    for field, value, kinds in (
        ("name", name, (str,)),
        ("player_id", player_id, (str, int)),
        ("birth", birth, (str, dt.date)),
        ("division", division, (str,)),
    ):
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            wanted = " or ".join(kind.__name__ for kind in kinds)
            raise TypeError(f"player {field} must be a {wanted}, not {type(value).__name__}")
    if isinstance(player_id, int):
        player_id = str(player_id)
    if name is not None:
        # NFC first: macOS gives "Zoë" as e + U+0308, which the font draws as ë.
        name = " ".join(unicodedata.normalize("NFC", name).split())
        if len(name) > MAX_NAME:
            raise PlayerError("name", f"the player name is longer than {MAX_NAME} characters")
        if name:
            missing = _undrawable(name)
            if missing:
                raise PlayerError(
                    "name",
                    f"the player name has characters the sheet's font cannot draw ({missing}): "
                    "give a font that has them with --font FILE.ttf",
                )
        name = name or None
    if player_id is not None:
        player_id = player_id.strip()
        if not player_id.isascii() or not player_id.isdigit():
            raise PlayerError("player_id", f"the Player ID must be digits only, not '{player_id}'")
        if len(player_id) > MAX_PLAYER_ID:
            raise PlayerError("player_id", f"the Player ID is longer than {MAX_PLAYER_ID} digits")
    if isinstance(birth, str):
        try:
            birth = dt.date.fromisoformat(birth.strip())
        except ValueError:
            raise PlayerError("birth", f"the date of birth must be a day like 2010-05-31, not '{birth}'") from None
    if isinstance(birth, dt.datetime):
        birth = birth.date()
    if birth is not None:
        today = today or dt.date.today()
        if birth < dt.date(1900, 1, 1):
            raise PlayerError("birth", f"the date of birth {birth.isoformat()} is before 1900")
        if birth > today:
            raise PlayerError("birth", f"the date of birth {birth.isoformat()} is in the future")
    if division is not None:
        division = division.strip().lower()
        if division not in DIVISIONS:
            raise PlayerError("division", f"the age division must be junior, senior or masters, not '{division}'")
    return Player(name, player_id, birth, division)


def use_font(path: str) -> None:
    """Draw the characters Helvetica lacks with the TrueType font file ``path`` (``ValueError`` if it is none)."""
    _draw().use_font(path)


def _undrawable(text: str) -> str:
    return _draw().undrawable(text)


def _drawable(found: Sheet) -> Sheet:
    """The sheet with the characters no font of the PDF has replaced (``?``), before it is laid out."""
    draw = _draw()

    def rows(section):
        return dataclasses.replace(
            section,
            rows=tuple(
                dataclasses.replace(
                    row,
                    name=draw.drawable(row.name),
                    set_code=draw.drawable(row.set_code),
                    number=draw.drawable(row.number),
                )
                for row in section.rows
            ),
        )

    return dataclasses.replace(
        found,
        player_name=draw.drawable(found.player_name),
        format=draw.drawable(found.format),
        deck_name=draw.drawable(found.deck_name),
        sections=tuple(rows(section) for section in found.sections),
    )


def sheet_pages(
    result: DeckResult, player: Player | Mapping[str, Any] | None = None, paper: str = "letter", lang: str = "en"
) -> list[Page]:
    """The laid-out pages of a checked deck's sheet (what :func:`sheet_pdf` draws), its words
    in the message language ``lang`` (the report's: ``--lang``, serve's page)."""
    if paper not in PAPERS:
        raise ValueError(f"the paper must be letter or a4, not '{paper}'")
    if player is None:
        chosen = Player()
    elif isinstance(player, Player):
        chosen = player
    else:
        unknown = sorted(str(key) for key in player if key not in PLAYER_FIELDS)
        if unknown:
            raise TypeError(f"player has no field {', '.join(unknown)} (it has {', '.join(PLAYER_FIELDS)})")
        chosen = make_player(**player)
    draw = _draw()
    made_by = Phrase(MADE_WITH, version=__version__)
    return pages(_drawable(sheet(result, chosen)), draw.measure, paper, made_by=made_by, tr=translator(lang))


def sheet_pdf(
    result: DeckResult, player: Player | Mapping[str, Any] | None = None, *, paper: str = "letter", lang: str = "en"
) -> bytes:
    """The deck registration sheet of a checked deck, as PDF bytes.

    ``result`` is the check session's result with its resolved lines
    (:class:`deckcheck.session.Session` with ``keep_deck``; the library's
    :func:`deckcheck.sheet_pdf` takes what :func:`deckcheck.check_text` returned); ``player`` a :class:`Player` or a mapping of its fields (``name``,
    ``player_id``, ``birth``, ``division``; missing fields stay blank);
    ``paper`` ``"letter"`` or ``"a4"``; ``lang`` the language of its words (``en``, ``de``, ...).
    A deck that is not legal gets
    "NOT LEGAL ON <day>" across every page. Raises :class:`SheetUnavailable`
    without reportlab (``pip install 'deckcheck[sheet]'``) and ``ValueError``
    for a bad player field or paper.
    """
    return pdf(sheet_pages(result, player, paper, lang), result, lang)


def pdf(laid: list[Page], result: DeckResult, lang: str = "en") -> bytes:
    """The PDF of pages laid out by :func:`sheet_pages` for ``result`` (in ``lang``)."""
    title = translator(lang).gettext(TITLE)
    return _draw().render(laid, title=f"{title}: {result.name}" if result.name else title)
