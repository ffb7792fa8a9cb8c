"""The line a Ctrl-C during a ``db`` command writes says what it left: each moment of a write, and
``db import`` and ``db update`` interrupted at each step (exit code 2, one line)."""

from __future__ import annotations

from pathlib import Path

from support import run_deckcheck as run
from support import tiny_dataset

from deckcheck.cli import interrupt


def test_each_moment_of_a_write_has_its_true_line(tmp_path):
    db = tmp_path / "cards.sqlite3"
    interrupt.reset()
    assert str(interrupt.interrupted()) == "interrupted; no card database was changed"  # nothing begun
    with interrupt.writing(db):
        assert str(interrupt.interrupted()) == "interrupted; no card database was installed"
        db.write_bytes(b"")  # the rename that installs it
    assert str(interrupt.interrupted()) == f"interrupted; the card database {db} was already complete"
    with interrupt.writing(db):
        assert str(interrupt.interrupted()) == "interrupted; the installed database is unchanged"
    interrupt.reset()
    assert str(interrupt.interrupted()) == "interrupted; no card database was changed"


def _ctrl_c(monkeypatch, capsys, module, function, *argv: str) -> str:
    """The last line ``deckcheck ARGV`` writes when ``module.function`` meets a Ctrl-C (exit code 2)."""
    from deckcheck import cli
    from deckcheck.cli import db  # noqa: F401 - its modules imported unpatched, as a run imports them

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, function, interrupted)
    assert cli.main(list(argv)) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_ctrl_c_during_db_import_is_one_line_and_exit_code_2(tmp_path, monkeypatch, capsys):
    from deckcheck.carddb import build

    db = tmp_path / "cards.sqlite3"
    data = str(tiny_dataset(tmp_path / "data"))
    # With no database before, none was installed (not "the installed database is unchanged").
    line = _ctrl_c(monkeypatch, capsys, build, "build_database", "db", "import", data, "--db", str(db))
    assert line == "deckcheck: error: interrupted; no card database was installed"
    assert not db.exists()
    monkeypatch.undo()
    assert run("db", "import", data, "--db", str(db)).returncode == 0
    before = db.read_bytes()
    line = _ctrl_c(monkeypatch, capsys, build, "build_database", "db", "import", data, "--db", str(db))
    assert line == "deckcheck: error: interrupted; the installed database is unchanged"
    assert db.read_bytes() == before


def test_ctrl_c_during_db_update_says_what_it_left(tmp_path, monkeypatch, capsys):
    import shutil

    from deckcheck.carddb import update

    db = tmp_path / "cards.sqlite3"
    archive = Path(shutil.make_archive(str(tmp_path / "dataset"), "zip", tiny_dataset(tmp_path / "data")))
    argv = ("db", "update", "--source", "pokemontcg", "--url", archive.as_uri(), "--db", str(db))
    line = _ctrl_c(monkeypatch, capsys, update, "update_database", *argv)
    assert line == "deckcheck: error: interrupted; no card database was installed"
    monkeypatch.undo()
    assert run(*argv).returncode == 0
    line = _ctrl_c(monkeypatch, capsys, update, "update_database", *argv, "--force")
    assert line == "deckcheck: error: interrupted; the installed database is unchanged"
    monkeypatch.undo()
    # With --lang, a Ctrl-C while the names are imported comes after the cards were installed.
    from deckcheck.carddb import translations

    line = _ctrl_c(monkeypatch, capsys, translations, "import_names", *argv, "--force", "--lang", "de")
    assert line == "deckcheck: error: interrupted; the card names were not updated"
