"""The README's test command passes for a user with their own card database, configuration and
language: tests/conftest.py gives every test its own HOME, data folders and locale."""

from __future__ import annotations

import os
import subprocess
import sys

from support import PROJECT_ROOT


def test_tests_see_their_own_home_database_and_locale_not_the_users(tmp_path):
    home = tmp_path / "user"
    data = home / ".local" / "share" / "deckcheck"
    data.mkdir(parents=True)
    # The user's card database and DECKCHECK_DB: files a test must never read (they are no
    # databases at all, so reading them fails loudly), a configuration, a German locale.
    (data / "cards.sqlite3").write_text("not a database\n", encoding="utf-8")
    (home / "db.sqlite3").write_text("not a database either\n", encoding="utf-8")
    (home / ".deckcheck.yaml").write_text("format: expanded\ndate: 2020-01-01\n", encoding="utf-8")
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "DECKCHECK_DB": str(home / "db.sqlite3"),
        "LANG": "de_DE.UTF-8",
        "LC_ALL": "de_DE.UTF-8",
        "DECKCHECK_PROBE_USER_HOME": str(home),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "tests/hermetic_probe.py"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
