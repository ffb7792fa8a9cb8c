"""``deckcheck sheet --font`` reads only a regular file of a bounded size: a FIFO waited for ever,
and ``/dev/zero`` grew the process to 9.3 GB in 15 seconds. Each is a one-line usage error
(exit 2) before the PDF library opens anything; a font file too large is one too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

LEGAL = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"


def sheet_with_font(font: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", "sheet", str(LEGAL), "--format", "unlimited", "--date", "2026-11-30"]
        + ["--no-config", "--font", font, "-o", str(cwd / "sheet.pdf")],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        timeout=60,  # the FIFO: opened for reading, it waited for a writer for ever
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="needs FIFOs and /dev/zero")
def test_a_font_that_is_no_regular_file_is_refused_before_it_is_read(tmp_path):
    os.mkfifo(tmp_path / "font.ttf")
    (tmp_path / "fonts").mkdir()
    cases = {
        str(tmp_path / "font.ttf"): "is not a regular file (a pipe, a device or a socket), not a font file",
        "/dev/zero": "is not a regular file (a pipe, a device or a socket), not a font file",
        str(tmp_path / "fonts"): "is a folder, not a font file",
    }
    for font, words in cases.items():
        completed = sheet_with_font(font, tmp_path)
        assert completed.returncode == 2, completed.stderr
        assert completed.stderr == f"deckcheck: error: --font: {font} {words}\n"
        assert not (tmp_path / "sheet.pdf").exists()


def test_a_font_file_larger_than_any_font_is_refused_unread(tmp_path):
    big = tmp_path / "big.ttf"
    with open(big, "wb") as handle:
        handle.truncate(64 * 1024 * 1024 + 1)  # sparse: no disk space, and no read of it either
    completed = sheet_with_font(str(big), tmp_path)
    assert completed.returncode == 2
    assert completed.stderr == (
        f"deckcheck: error: --font: {big} is larger than 67108864 bytes, more than a font file holds\n"
    )


def test_a_real_font_file_still_draws(tmp_path):
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.is_file():
        pytest.skip("no DejaVu Sans on this machine")
    completed = sheet_with_font(str(font), tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF-")
