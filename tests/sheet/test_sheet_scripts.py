"""The player's own name in Cyrillic, Greek and Latin with any diacritic (NFC or
NFD) is drawn, with the font shipped with the sheet extra (or a Unicode font of the system)
embedded, and read back from the PDF as written."""

from __future__ import annotations

import io
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

import deckcheck
from deckcheck.sheet import PlayerError, draw, make_player
from deckcheck.sheet.draw import SYSTEM_FONTS, shipped_font

if shipped_font() is None and not any(Path(regular).is_file() for regular, _ in SYSTEM_FONTS):
    pytest.skip(
        "neither the sheet extra's font (font-source-sans-pro) nor a font of SYSTEM_FONTS is installed",
        allow_module_level=True,
    )


def poppler_text(pdf: Path) -> str:
    """The text poppler's pdftotext reads in ``pdf``; pypdf's where poppler-utils are not installed
    (a machine with a system font and no poppler: the test ran pdftotext and failed)."""
    if shutil.which("pdftotext") is None:
        from pypdf import PdfReader

        return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


NAMES = ["Юлия Иванова", "Ελένη Παπαδοπούλου", "Łukasz Dvořák", unicodedata.normalize("NFD", "Zoë Müller-Ćosić")]
# Beyond the names above: Vietnamese and Turkish letters, which the shipped font has too.
SHIPPED_NAMES = [*NAMES, "Nguyễn Thị Hương", "Şükrü Çağlayan", unicodedata.normalize("NFD", "Jiří Dvořák")]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_in_any_european_script_is_drawn_as_written(name, tmp_path):
    result = deckcheck.check_text("4 Pikachu BS 58\n", format="unlimited", date="2026-11-30")
    data = deckcheck.sheet_pdf(result, {"name": name})
    assert data == deckcheck.sheet_pdf(result, {"name": name})  # the same bytes every time
    out = tmp_path / "sheet.pdf"
    out.write_bytes(data)
    assert unicodedata.normalize("NFC", name) in poppler_text(out)
    from pypdf import PdfReader

    assert unicodedata.normalize("NFC", name) in PdfReader(out).pages[0].extract_text()


@pytest.mark.parametrize("name", SHIPPED_NAMES)
def test_the_font_shipped_with_the_sheet_extra_draws_the_name_without_a_system_font(name, monkeypatch):
    """No system font searched: the shipped Source Sans Pro alone draws the name, embedded."""
    if shipped_font() is None:
        pytest.skip("the sheet extra's font (font-source-sans-pro) is not installed")
    from pypdf import PdfReader

    monkeypatch.setattr(draw, "SYSTEM_FONTS", ())
    monkeypatch.setattr(draw, "_CHOSEN", [])
    result = deckcheck.check_text("4 Pikachu BS 58\n", format="unlimited", date="2026-11-30")
    data = deckcheck.sheet_pdf(result, {"name": name})
    page = PdfReader(io.BytesIO(data)).pages[0]
    assert unicodedata.normalize("NFC", name) in page.extract_text()
    fonts = {str(font["/BaseFont"]) for font in page["/Resources"]["/Font"].values()}
    assert any(font.endswith("+SourceSansPro-Regular") for font in fonts), fonts


def test_the_shipped_font_is_found_in_its_package():
    """Its files are found through the installed package, wherever it is installed."""
    found = shipped_font()
    if found is None:
        pytest.skip("the sheet extra's font (font-source-sans-pro) is not installed")
    import font_source_sans_pro

    folder = Path(font_source_sans_pro.__file__).parent / "files"
    assert found == (str(folder / "SourceSansPro-Regular.ttf"), str(folder / "SourceSansPro-Bold.ttf"))


def test_a_cjk_name_without_a_font_for_it_names_the_font_option(monkeypatch):
    """Only the shipped font (no CJK): the name is refused with the option that gives a font."""
    monkeypatch.setattr(draw, "SYSTEM_FONTS", ())
    monkeypatch.setattr(draw, "_CHOSEN", [])
    with pytest.raises(PlayerError, match="--font FILE.ttf"):
        make_player("山田 花子")


def sheet_command(*args: str):
    from support import SAMPLE_DECKS, run_deckcheck

    deck = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
    return run_deckcheck("sheet", deck, "--format", "unlimited", "--no-config", *args, env={"LANG": "C.UTF-8"})


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
    assert "Юлия Иванова" in poppler_text(out)


def test_without_the_shipped_font_and_a_system_font_a_cyrillic_name_names_the_font_option(monkeypatch):
    """The sheet extra's font package missing (an install without it) and no system font: the
    name is refused with the option that gives a font, never drawn as question marks."""
    monkeypatch.setattr(draw, "SHIPPED_FONT", ("deckcheck_no_such_font_package", "Regular.ttf", "Bold.ttf"))
    monkeypatch.setattr(draw, "SYSTEM_FONTS", ())
    monkeypatch.setattr(draw, "_CHOSEN", [])
    assert shipped_font() is None
    with pytest.raises(PlayerError, match="--font FILE.ttf"):
        make_player("Юлия Иванова")
