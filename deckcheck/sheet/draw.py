"""The sheet drawn as a PDF, with reportlab: the only module that imports it.

reportlab (BSD, maintained since 2000) is the field's usual library for
drawing PDFs from Python: it writes the standard fonts' metrics and the PDF
itself, so the sheet needs no font file, and ``invariant`` output is the same
bytes for the same sheet (no time stamp), which the tests rely on.
"""

from __future__ import annotations

import io
import math

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth, unicode2T1
from reportlab.pdfgen.canvas import Canvas

from deckcheck.sheet.layout import BOLD, REGULAR, Page
from deckcheck.version import __version__

MADE_BY = f"Made with deckcheck {__version__}"


def measure(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points, as the PDF draws it (the Symbol and
    ZapfDingbats fonts stand in for the characters Helvetica lacks: δ, ★)."""
    return stringWidth(text, font, size)


def undrawable(text: str) -> str:
    """The characters of ``text`` none of the PDF's standard fonts can draw."""
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
    return "".join(missing)


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
            canvas.setFont(text.font, text.size)
            value = drawable(text.text)
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
