"""Run by tests/test_hermetic.py in a pytest of its own, under a user's environment: what a test
sees of the machine is its own. Not collected by a plain run (its name is no test_*)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import run_process as run

USER_HOME = os.environ.get("DECKCHECK_PROBE_USER_HOME", "")


@pytest.fixture(scope="module")
def seen_by_a_module_fixture():
    """A module-scoped fixture runs before any function-scoped one: it must be isolated too."""
    return dict(os.environ)


def test_the_environment_is_the_tests_own(seen_by_a_module_fixture):
    for environ in (os.environ, seen_by_a_module_fixture):
        assert USER_HOME and environ["HOME"] != USER_HOME and not environ["HOME"].startswith(USER_HOME)
        assert "DECKCHECK_DB" not in environ
        assert environ["LANG"] == "C.UTF-8" and "LC_ALL" not in environ
        assert not environ["XDG_DATA_HOME"].startswith(USER_HOME)


def test_a_check_reads_no_database_configuration_or_locale_of_the_user(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")
    done = run("check", str(deck), "--date", "2024-12-01", cwd=tmp_path)
    # The built-in catalogue (no database), English, the default format: not the user's.
    assert b"No card database is installed" in done.stderr, done.stderr
    assert b"(standard, 2024-12-01)" in done.stdout and b"Karten" not in done.stdout, done.stdout
    assert not Path(os.environ["HOME"], ".deckcheck.yaml").exists()
