"""The command line's one error boundary: an unexpected error is one line and exit code 2, never a
traceback (exit code 1 is an illegal deck); a full disk, a closed stream and a reader that stops
early end the run with one line or quietly, as the shell sees it."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from support import PROJECT_ROOT, assert_clean, run_deckcheck

DECK = "4 Iono PAL 185\n"


def run(*args: str, cwd: Path = PROJECT_ROOT, stdin: bytes | None = None, shell_tail: str = ""):
    if shell_tail:  # redirections a shell makes: >/dev/full, >&-, <&- (about the process: one is started)
        command = " ".join([sys.executable, "-m", "deckcheck", *(f"'{a}'" for a in args)]) + " " + shell_tail
        return subprocess.run(["sh", "-c", command], capture_output=True, cwd=cwd, timeout=120)
    return run_deckcheck(*args, cwd=cwd, stdin=stdin)


def _crash(*args, **kwargs):
    raise ValueError("something nobody expected\nsecond line")


def _main_with(run_check, monkeypatch, tmp_path, *options: str) -> int:
    """``deckcheck check`` of one deck through :func:`deckcheck.cli.main`, with
    ``run_check`` in place of the real one: the exit code."""
    from deckcheck import cli

    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    monkeypatch.setattr(cli.check, "run_check", run_check)
    return cli.main(["check", str(deck), *options, "--no-config"])


def test_an_unexpected_error_is_one_line_and_exit_code_2(monkeypatch, capsys, tmp_path):
    assert _main_with(_crash, monkeypatch, tmp_path) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("deckcheck: internal error")]
    assert lines == [
        "deckcheck: internal error: ValueError: something nobody expected (at deckcheck/cli/check.py:"
        + lines[0].split("deckcheck/cli/check.py:")[1]
    ]
    assert "in check)" in lines[0] and "--debug" in lines[0] and "Traceback" not in err


def test_a_problem_deckcheck_reports_is_its_own_line_wherever_it_is_raised(monkeypatch, capsys, tmp_path):
    # Every DeckcheckError that no command turned into a usage error is still one line
    # of its own (not an "internal error"), exit code 2.
    from deckcheck.project.config import ConfigError

    def refuse(*args, **kwargs):
        raise ConfigError("unknown key 'fromat'", path="deckcheck.yaml", line=3)

    assert _main_with(refuse, monkeypatch, tmp_path) == 2
    assert capsys.readouterr().err == "deckcheck: error: deckcheck.yaml:3: unknown key 'fromat'\n"


def test_debug_shows_the_traceback_and_any_command_accepts_it(monkeypatch, capsys, tmp_path):
    assert _main_with(_crash, monkeypatch, tmp_path, "--debug") == 2
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "deckcheck: internal error: ValueError" in err


def test_a_full_disk_a_closed_stdout_and_a_broken_pipe_are_exit_code_2(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    if Path("/dev/full").exists():
        result = run("check", str(deck), "--no-config", shell_tail=">/dev/full")
        assert_clean(result, 2)
        assert b"cannot write to standard output: No space left on device" in result.stderr
        assert b"Exception ignored" not in result.stderr
    result = run("check", str(deck), "--no-config", shell_tail=">&-")
    assert_clean(result, 2)
    assert b"cannot write to standard output" in result.stderr
    # A reader that is gone (| true): Typer's own handling said 1, an illegal deck.
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "check", str(deck), "--no-config"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 2
    # Quietly, as other command-line tools end under "| head".
    assert b"Broken pipe" not in err and b"cannot write" not in err, err
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_a_closed_stdin_reads_as_an_empty_deck(tmp_path):
    result = run("check", "-", "--no-config", shell_tail="<&-")
    assert_clean(result)
    assert b"is empty" in result.stdout
    result = run("fmt", "-", "--no-config", shell_tail="<&-")
    assert_clean(result, 2)


def test_a_reader_that_stops_early_ends_the_run_quietly(tmp_path):
    # "deckcheck check decks | head" printed "cannot write to standard output: Broken pipe".
    decks = tmp_path / "decks"
    decks.mkdir()
    for number in range(400):  # some 200 kB of report: more than a pipe holds
        (decks / f"deck{number:03}.txt").write_text(DECK)
    result = subprocess.run(
        f"{shlex.quote(sys.executable)} -m deckcheck check decks --no-config --jobs 1 | head -1",
        shell=True,
        capture_output=True,
        cwd=tmp_path,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    assert len(result.stdout.splitlines()) == 1
    assert b"Broken pipe" not in result.stderr and b"Traceback" not in result.stderr
    assert b"cannot write" not in result.stderr
