"""The sheet drawn as a PDF, with reportlab: the only module that imports it.

reportlab (BSD, maintained since 2000) is the field's usual library for
drawing PDFs from Python: it writes the standard fonts' metrics and the PDF
itself, so the sheet needs no font file, and ``invariant`` output is the same
bytes for the same sheet (no time stamp), which the tests rely on.
"""

from __future__ import annotations

import functools
import io
import math
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import getFont, registerFont, stringWidth, unicode2T1
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from deckcheck.sheet.layout import BOLD, REGULAR, Page
from deckcheck.version import __version__

MADE_BY = f"Made with deckcheck {__version__}"


# Issue 32: a string Helvetica cannot draw (a player or card name in Cyrillic, Greek, or Latin
# with a diacritic outside Latin-1) is drawn, embedded, with a Unicode font of the system:
# the first of these found (DejaVu Sans, Liberation Sans and Noto Sans cover Latin, Greek and
# Cyrillic; Noto Sans CJK and Droid Sans Fallback cover CJK where installed).
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
UNICODE, UNICODE_BOLD = "deckcheck-unicode", "deckcheck-unicode-bold"


def use_font(path: str) -> None:
    """Draw what Helvetica cannot with the TrueType font at ``path`` (``--font FILE.ttf``):
    ``ValueError`` with a one-line message where it is not one."""
    try:
        registerFont(TTFont(UNICODE, path))
        registerFont(TTFont(UNICODE_BOLD, path))
    except Exception as error:
        raise ValueError(f"{path} is not a TrueType font the sheet can use ({error})") from None
    _CHOSEN[:] = [path]
    _unicode_font.cache_clear()


_CHOSEN: list[str] = []


@functools.cache
def _unicode_font() -> TTFont | None:
    """The system's Unicode font (or the one given with ``--font``), registered with reportlab
    (None: none found)."""
    for regular, bold in [(path, path) for path in _CHOSEN] + list(SYSTEM_FONTS):
        if Path(regular).is_file():
            try:
                font = TTFont(UNICODE, regular)
                registerFont(font)
                registerFont(TTFont(UNICODE_BOLD, bold if Path(bold).is_file() else regular))
            except Exception:  # a broken font file: try the next
                continue
            return font
    return None


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


def _font_for(text: str, font: str) -> str:
    """The font ``text`` is drawn with: ``font`` (Helvetica), or the system's Unicode font
    where Helvetica lacks a character of it and that font has them all."""
    if not _standard_missing(text):
        return font
    unicode_font = _unicode_font()
    if unicode_font is None or _unicode_missing(text, unicode_font):
        return font
    return UNICODE_BOLD if font == BOLD else UNICODE


def _unicode_missing(text: str, font: TTFont) -> str:
    widths = font.face.charWidths
    return "".join(char for char in dict.fromkeys(text) if not char.isprintable() or ord(char) not in widths)


def measure(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points, as the PDF draws it (the Symbol and
    ZapfDingbats fonts stand in for the characters Helvetica lacks: δ, ★; the
    system's Unicode font for scripts it lacks)."""
    return stringWidth(text, _font_for(text, font), size)


def undrawable(text: str) -> str:
    """The characters of ``text`` no font of the PDF can draw."""
    missing = _standard_missing(text)
    if not missing:
        return ""
    unicode_font = _unicode_font()
    return missing if unicode_font is None else _unicode_missing(missing, unicode_font)


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
