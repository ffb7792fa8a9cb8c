"""Issue 32 (3): the player's own name in Cyrillic, Greek and Latin with any diacritic (NFC or
NFD) is drawn, with a Unicode font of the system embedded, and read back from the PDF as written."""

from __future__ import annotations

import subprocess
import unicodedata
from pathlib import Path

import pytest

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

import deckcheck
from deckcheck.sheet.draw import SYSTEM_FONTS

if not any(Path(regular).is_file() for regular, _ in SYSTEM_FONTS):
    pytest.skip("no Unicode font of deckcheck.sheet.draw.SYSTEM_FONTS on this system", allow_module_level=True)

NAMES = ["Юлия Иванова", "Ελένη Παπαδοπούλου", "Łukasz Dvořák", unicodedata.normalize("NFD", "Zoë Müller-Ćosić")]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_in_any_european_script_is_drawn_as_written(name, tmp_path):
    result = deckcheck.check_text("4 Pikachu BS 58\n", format="unlimited", date="2026-11-30")
    data = deckcheck.sheet_pdf(result, {"name": name})
    assert data == deckcheck.sheet_pdf(result, {"name": name})  # the same bytes every time
    out = tmp_path / "sheet.pdf"
    out.write_bytes(data)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert unicodedata.normalize("NFC", name) in text
    from pypdf import PdfReader

    assert unicodedata.normalize("NFC", name) in PdfReader(out).pages[0].extract_text()
