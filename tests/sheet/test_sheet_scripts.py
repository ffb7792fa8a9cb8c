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


def sheet_command(*args: str) -> subprocess.CompletedProcess:
    import os
    import sys

    from support import PROJECT_ROOT, SAMPLE_DECKS

    deck = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", "sheet", str(deck), "--format", "unlimited", "--no-config", *args],
        capture_output=True,
        cwd=PROJECT_ROOT,
        env={**env, "LANG": "C.UTF-8"},
        timeout=120,
        check=False,
    )


def test_a_name_no_font_can_draw_names_the_font_option(tmp_path):
    from deckcheck.sheet.draw import undrawable

    if not undrawable("山田"):
        pytest.skip("this system has a CJK font")
    done = sheet_command("--player", "山田 花子", "-o", str(tmp_path / "s.pdf"))
    assert done.returncode == 2
    assert "--font FILE.ttf" in done.stderr.decode()
    assert not (tmp_path / "s.pdf").exists()


def test_a_font_file_that_is_none_is_a_usage_error(tmp_path):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"not a font")
    done = sheet_command("--font", str(bad), "-o", str(tmp_path / "s.pdf"))
    assert done.returncode == 2
    assert done.stderr.decode().startswith(f"deckcheck: error: --font: {bad} is not a TrueType font")


def test_the_font_given_draws_the_name(tmp_path):
    font = next(regular for regular, _ in SYSTEM_FONTS if Path(regular).is_file())
    out = tmp_path / "s.pdf"
    done = sheet_command("--font", font, "--player", "Юлия Иванова", "-o", str(out))
    assert done.returncode == 0, done.stderr.decode()
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Юлия Иванова" in text
