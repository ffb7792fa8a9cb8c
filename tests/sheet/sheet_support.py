"""Reading a produced sheet back: the words poppler's ``pdftotext -bbox`` finds
on each page, with their boxes, joined into the strings of one cell."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.DOTALL)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
# Words closer than this (points) belong to one string: a space of a 10-point
# Helvetica is 2.8; cells are at least 6 apart (their padding).
_JOIN = 4.5


@dataclass(frozen=True)
class Word:
    text: str
    left: float
    right: float
    top: float  # from the top of the page, as pdftotext gives it
    bottom: float


@dataclass(frozen=True)
class Cell:
    """Words of one line closer than ``_JOIN``: what one string of the sheet shows."""

    text: str
    left: float
    right: float
    bottom: float


def require_poppler() -> None:
    if shutil.which("pdftotext") is None or shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils (pdftotext, pdftoppm) are not installed")


def pages(pdf: Path) -> list[list[list[Cell]]]:
    """Each page's lines (top to bottom), each a list of cells (left to right)."""
    require_poppler()
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, check=True, timeout=60).stdout
    found = []
    for _width, _height, body in _PAGE.findall(out.decode("utf-8")):
        words = [
            Word(html.unescape(text), float(x0), float(x1), float(y0), float(y1))
            for x0, y0, x1, y1, text in _WORD.findall(body)
        ]
        found.append(_lines(words))
    return found


def _lines(words: list[Word]) -> list[list[Cell]]:
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: w.bottom):
        if lines and abs(lines[-1][-1].bottom - word.bottom) < 3.0:
            lines[-1].append(word)
        else:
            lines.append([word])
    result = []
    for line in lines:
        cells: list[list[Word]] = []
        for word in sorted(line, key=lambda w: w.left):
            if cells and word.left - cells[-1][-1].right < _JOIN:
                cells[-1].append(word)
            else:
                cells.append([word])
        result.append(
            [
                Cell(" ".join(w.text for w in cell), cell[0].left, cell[-1].right, max(w.bottom for w in cell))
                for cell in cells
            ]
        )
    return result


def texts(page: list[list[Cell]]) -> list[list[str]]:
    return [[cell.text for cell in line] for line in page]


def page_text(page: list[list[Cell]]) -> str:
    return "\n".join(" | ".join(line) for line in texts(page))


def row_after(page: list[list[Cell]], first: str) -> list[str] | None:
    """The line whose first cell is ``first`` (None when there is none)."""
    for line in texts(page):
        if line and line[0] == first:
            return line
    return None


# -- every string inside its box -----------------------------------------------------------

ROW_ROLES = ("card", "qty", "set", "number", "mark")


def assert_strings_fit(laid, *, shortened_ok: bool = False) -> None:
    """Each string of the laid-out pages is drawn at a readable size (a card row's at least
    7 points, a label's 5.5), is no wider than its box (the widths the PDF is drawn with) and
    lies on its page; none was shortened with "…" unless ``shortened_ok``."""
    from deckcheck.sheet.draw import measure

    for page in laid:
        for item in page.texts:
            assert shortened_ok or not item.shortened, item
            assert item.size >= (7.0 if item.role in ROW_ROLES else 5.5), item
            width = measure(item.text, item.font, item.size)
            left = item.x if item.align == "left" else item.x - width if item.align == "right" else item.x - width / 2
            assert item.box[0] - 0.01 <= left and left + width <= item.box[1] + 0.01, item
            assert 0 < item.y < page.height


def assert_words_in_boxes(laid, pdf: Path) -> None:
    """Every word poppler finds in ``pdf`` lies inside the box of a string of ``laid`` on its line."""
    for page, found in zip(laid, pages(pdf), strict=True):
        for line in found:
            for cell in line:
                baseline = page.height - cell.bottom
                owners = [
                    item
                    for item in page.texts
                    if abs(item.y - baseline) < 4 and item.box[0] - 0.5 <= cell.left and cell.right <= item.box[1] + 0.5
                ]
                assert owners, f"{cell.text!r} ({cell.left:.1f}-{cell.right:.1f}) is in no box on its line"
