"""The line a Ctrl-C during a ``db`` command writes says what it left (issue 31); the commands
themselves are run in tests/test_hardening.py (test_ctrl_c_*)."""

from __future__ import annotations

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
