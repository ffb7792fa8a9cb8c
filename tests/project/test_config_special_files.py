"""A ``.deckcheck.yaml`` that is there but cannot be read as a file (a symbolic link to nothing, a
FIFO, a folder) stops the run, as docs/configuration.md says of a file that cannot be used and as
``--config`` with the same file does: it was passed over, and the deck silently got the
configuration of a folder above (or none). Nothing waits on the FIFO."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, assert_clean, run_deckcheck

DECK = "Pokémon: 1\n4 Iono PAL 185\n"


def special(path: Path, kind: str) -> None:
    if kind == "dangling link":
        path.symlink_to(path.parent / "gone.yaml")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()


def run(*args: str, cwd: Path, kind: str):
    """deckcheck ARGS in ``cwd``: in this process, but for the FIFO - a FIFO opened for reading
    would wait for ever, so that run is a process the timeout ends."""
    if kind != "fifo":
        return run_deckcheck(*args, cwd=cwd, text=True)
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
        timeout=120,
    )


EXPECTED = {
    "dangling link": "cannot read the configuration file: No such file or directory",
    "fifo": "is not a regular file (a pipe, a device or a socket), not a configuration file",
    "folder": "is a folder, not a configuration file",
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_a_deck_s_configuration_that_is_no_file_stops_the_run(tmp_path, kind):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".deckcheck.yaml").write_text("format: expanded\n", encoding="utf-8")
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "deck.txt").write_text(DECK, encoding="utf-8")
    special(tmp_path / "decks" / ".deckcheck.yaml", kind)
    for args in (("check", "."), ("check", "decks/deck.txt"), ("fmt", "--check", "decks/deck.txt")):
        completed = run(*args, cwd=tmp_path, kind=kind)
        assert completed.returncode == 2, (args, completed.stdout, completed.stderr)
        assert completed.stdout == ""  # no deck checked
        assert f"decks/.deckcheck.yaml: {EXPECTED[kind]}" in completed.stderr, completed.stderr
    # The same file named with --config: the same words.
    named = run("check", "decks/deck.txt", "--config", "decks/.deckcheck.yaml", cwd=tmp_path, kind=kind)
    assert named.returncode == 2 and EXPECTED[kind] in named.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_the_working_directory_s_configuration_that_is_no_file_stops_the_run(tmp_path, kind):
    (tmp_path / ".git").mkdir()
    (tmp_path / "deck.txt").write_text(DECK, encoding="utf-8")
    special(tmp_path / ".deckcheck.yml", kind)
    completed = run("check", "deck.txt", cwd=tmp_path, kind=kind)
    assert completed.returncode == 2 and completed.stdout == ""
    assert f".deckcheck.yml: {EXPECTED[kind]}" in completed.stderr, completed.stderr
    assert run("check", "deck.txt", "--no-config", cwd=tmp_path, kind=kind).returncode != 2


def test_a_fifo_as_config_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    (tmp_path / "deck.txt").write_text(DECK)
    result = run_deckcheck("check", "deck.txt", "--config", str(fifo), cwd=tmp_path)
    assert_clean(result, 2)
    assert b"is not a regular file" in result.stderr
