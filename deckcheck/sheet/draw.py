"""The sheet drawn as a PDF, with reportlab: the only module that imports it.

reportlab (BSD, maintained since 2000) is the field's usual library for
drawing PDFs from Python: it writes the standard fonts' metrics and the PDF
itself (Helvetica needs no font file; a TrueType font is embedded as the subset
a name uses), and ``invariant`` output is the same bytes for the same sheet (no
time stamp), which the tests rely on.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import math
from collections.abc import Iterator
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import getFont, registerFont, stringWidth, unicode2T1
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from deckcheck.sheet.layout import BOLD, REGULAR, Page
from deckcheck.version import __version__

MADE_BY = f"Made with deckcheck {__version__}"


# A string Helvetica cannot draw (a player or card name in Cyrillic, Greek, or Latin
# with a diacritic outside Latin-1) is drawn, embedded (its subset), with the first of these
# TrueType fonts that has every character of it: the font given with ``--font``; Source Sans Pro,
# shipped with the ``sheet`` extra (the font-source-sans-pro package: Latin with every diacritic,
# Greek, Cyrillic; the same bytes on every machine, see pyproject.toml); then the system's fonts
# below (DejaVu Sans has the symbols Source Sans Pro lacks; Droid Sans Fallback has CJK).
SHIPPED_FONT = ("font_source_sans_pro", "SourceSansPro-Regular.ttf", "SourceSansPro-Bold.ttf")
SYSTEM_FONTS = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    (
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    ),
    ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"),
    (
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ),
    ("/Library/Fonts/Arial Unicode.ttf", "/Library/Fonts/Arial Unicode.ttf"),
    ("C:/Windows/Fonts/arial.ttf", "C:/Windows/Fonts/arialbd.ttf"),
)


@dataclasses.dataclass(frozen=True)
class _Font:
    """A TrueType font registered with reportlab: its regular and bold names and its characters."""

    regular: str
    bold: str
    chars: frozenset[int]


def use_font(path: str) -> None:
    """Draw what Helvetica cannot with the TrueType font at ``path`` (``--font FILE.ttf``) ahead
    of the shipped and the system's fonts: ``ValueError`` with a one-line message where it is not one."""
    try:
        TTFont("deckcheck-check", path)
    except Exception as error:
        raise ValueError(f"{path} is not a TrueType font the sheet can use ({error})") from None
    _CHOSEN[:] = [path]


_CHOSEN: list[str] = []


def shipped_font() -> tuple[str, str] | None:
    """The files of the font shipped with the ``sheet`` extra (regular, bold); None where the
    package is not installed."""
    from importlib.resources import files

    package, regular, bold = SHIPPED_FONT
    try:
        folder = files(package) / "files"
    except ModuleNotFoundError:
        return None
    found = (str(folder / regular), str(folder / bold))
    return found if Path(found[0]).is_file() else None


def _candidates() -> list[tuple[str, str, str]]:
    """The fonts to try, in order: (name, regular file, bold file)."""
    # A name per file: a font registered under a name stays the one drawn under it.
    found = [(f"deckcheck-chosen-{hashlib.sha1(path.encode()).hexdigest()[:12]}", path, path) for path in _CHOSEN]
    shipped = shipped_font()
    if shipped is not None:
        found.append(("deckcheck-shipped", *shipped))
    found += [(f"deckcheck-system-{index}", *files) for index, files in enumerate(SYSTEM_FONTS)]
    return found


@functools.cache
def _load(name: str, regular: str, bold: str) -> _Font | None:
    """The font registered with reportlab (None: no such file, or a broken one)."""
    if not Path(regular).is_file():
        return None
    try:
        font = TTFont(name, regular)
        registerFont(font)
        registerFont(TTFont(f"{name}-bold", bold if Path(bold).is_file() else regular))
    except Exception:  # a broken font file: the next one is tried
        return None
    return _Font(name, f"{name}-bold", frozenset(font.face.charWidths))


def _fonts() -> Iterator[_Font]:
    for candidate in _candidates():
        font = _load(*candidate)
        if font is not None:
            yield font


def _standard_missing(text: str) -> str:
    font = getFont(REGULAR)
    fonts = [font, *font.substitutionFonts]
    missing = []
    for char in dict.fromkeys(text):
        if not char.isprintable():
            missing.append(char)
            continue
        for used, data in unicode2T1(char, fonts):
            if data.decode(used.encName, errors="replace") != char:
                missing.append(char)
    return "".join(dict.fromkeys(missing))


def _lacks(text: str, font: _Font) -> str:
    return "".join(char for char in dict.fromkeys(text) if not char.isprintable() or ord(char) not in font.chars)


def _choice(text: str) -> tuple[_Font | None, str]:
    """The font ``text`` is drawn with (None: Helvetica) and the characters it cannot draw: Helvetica
    where it has them all, else the first TrueType font that has them all, else the one that lacks
    the fewest (Helvetica where none lacks fewer than it)."""
    missing = _standard_missing(text)
    if not missing:
        return None, ""
    best: tuple[_Font | None, str] = (None, missing)
    for font in _fonts():
        lacks = _lacks(text, font)
        if not lacks:
            return font, ""
        if len(lacks) < len(best[1]):
            best = (font, lacks)
    return best


def _font_for(text: str, font: str) -> str:
    """The font ``text`` is drawn with: ``font`` (Helvetica or its bold), or the TrueType font
    :func:`_choice` finds for it."""
    chosen, _ = _choice(text)
    if chosen is None:
        return font
    return chosen.bold if font == BOLD else chosen.regular


def measure(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points, as the PDF draws it (the Symbol and
    ZapfDingbats fonts stand in for the characters Helvetica lacks: δ, ★; the
    system's Unicode font for scripts it lacks)."""
    return stringWidth(text, _font_for(text, font), size)


def undrawable(text: str) -> str:
    """The characters of ``text`` no font of the PDF can draw (with the font it is drawn with)."""
    return _choice(text)[1]


def drawable(text: str, replacement: str = "?") -> str:
    """``text`` with the characters the fonts cannot draw replaced."""
    missing = set(undrawable(text))
    return "".join(replacement if char in missing else char for char in text) if missing else text


def render(pages: list[Page], *, title: str = "Deck Registration Sheet") -> bytes:
    """The PDF of the laid-out pages."""
    out = io.BytesIO()
    first = pages[0]
    canvas = Canvas(out, pagesize=(first.width, first.height), invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("deckcheck")
    canvas.setCreator(MADE_BY)
    canvas.setSubject("Pokémon TCG deck registration sheet")
    for page in pages:
        for rect in page.rects:
            canvas.setLineWidth(rect.line)
            if rect.fill is not None:
                canvas.setFillGray(rect.fill)
            canvas.rect(rect.x, rect.y, rect.width, rect.height, stroke=1, fill=int(rect.fill is not None))
            canvas.setFillGray(0)
        for text in page.texts:
            value = drawable(text.text)
            canvas.setFont(_font_for(value, text.font), text.size)
            if text.align == "right":
                canvas.drawRightString(text.x, text.y, value)
            elif text.align == "center":
                canvas.drawCentredString(text.x, text.y, value)
            else:
                canvas.drawString(text.x, text.y, value)
        if page.watermark:
            _watermark(canvas, page)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def _watermark(canvas: Canvas, page: Page) -> None:
    """The watermark across the page, corner to corner, in translucent red."""
    assert page.watermark is not None
    angle = math.degrees(math.atan2(page.height, page.width))
    diagonal = math.hypot(page.width, page.height)
    size = min(64.0, 0.62 * diagonal / max(1.0, measure(page.watermark, BOLD, 1.0)))
    canvas.saveState()
    canvas.setFillColorRGB(0.85, 0.0, 0.0, alpha=0.35)
    canvas.translate(page.width / 2, page.height / 2)
    canvas.rotate(angle)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(0, -size / 3, page.watermark)
    canvas.restoreState()
