"""The sheet's output file (issue 30): written only to an absent path or a regular file
(never over a FIFO or a device, --force or not); without --force, of runs that overlap
only one writes the file; a player name in decomposed Unicode is the same name. And
issue 31: without reportlab the library says so once, without "reportlab (reportlab)"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

LEGAL = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
DAY = "2026-11-30"
ARGS = ("--format", "unlimited", "--date", DAY, "--no-config")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "deckcheck", "sheet", str(LEGAL), *ARGS, *args]


def english() -> dict[str, str]:
    """This process's environment with the messages in English, whatever another test set."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    return {**env, "LANG": "C.UTF-8"}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        command(*args), check=False, capture_output=True, cwd=PROJECT_ROOT, timeout=120, env=english()
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("force", [(), ("--force",)])
def test_a_fifo_is_never_replaced(tmp_path, force):
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    done = run("-o", str(fifo), *force)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines()[0] == (
        f"deckcheck: error: {fifo} is not a regular file: the sheet is written only to a new or a regular file"
    )
    assert fifo.is_fifo()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.pdf"]  # no temporary file left


def test_a_device_is_never_replaced():
    done = run("-o", os.devnull, "--force")
    assert done.returncode == 2
    assert b"is not a regular file" in done.stderr, done.stderr.decode()
    assert Path(os.devnull).is_char_device()


def test_a_regular_file_is_replaced_with_force(tmp_path):
    old = tmp_path / "out.pdf"
    old.write_bytes(b"old")
    assert run("-o", str(old), "--force").returncode == 0
    assert old.read_bytes().startswith(b"%PDF-")


def test_of_overlapping_runs_only_one_writes_the_file(tmp_path):
    target = tmp_path / "race.pdf"
    runs = [
        subprocess.Popen(
            command("-o", str(target)),
            cwd=PROJECT_ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=english(),
        )
        for _ in range(6)
    ]
    done = [(process.wait(timeout=300), process.stderr.read().decode()) for process in runs if process.stderr]
    codes = sorted(code for code, _ in done)
    assert codes == [0] + [2] * 5, done
    for code, err in done:
        if code == 2:
            assert f"{target} exists: --force overwrites it" in err
    assert target.read_bytes().startswith(b"%PDF-")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["race.pdf"]


def test_a_decomposed_name_is_the_same_name(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "zoe.pdf"
    done = run("-o", str(out), "--player", "Zoe\u0308 Mu\u0308ller")
    assert done.returncode == 0, done.stderr.decode()
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Zo\u00eb M\u00fcller" in text


def test_without_reportlab_the_library_names_it_once(tmp_path):
    fake = tmp_path / "site" / "reportlab"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'reportlab'\", name='reportlab')\n")
    code = (
        "import deckcheck\n"
        "try:\n"
        "    deckcheck.sheet_pdf(deckcheck.check_text('4 Pikachu', format='unlimited'))\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    env = {**english(), "PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), str(PROJECT_ROOT)])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120, check=False)
    assert done.stdout.decode().strip() == (
        "the deck registration sheet needs reportlab: pip install 'deckcheck[sheet]'"
    ), done.stderr.decode()
