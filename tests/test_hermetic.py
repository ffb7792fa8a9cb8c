"""The tests run away from the user's files (issue 33): whatever card database, configuration and
language the person running them has, each test sees folders of its own, no DECKCHECK_DB and English
messages, and so does every subprocess it starts. Without tests/conftest.py's isolation these fail
(HOME is the user's, DECKCHECK_DB and LANG are theirs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from deckcheck.carddb.paths import default_db_path
from deckcheck.datafiles import user_cache_dir, user_data_dir
from deckcheck.i18n import language_from_environment

# What a subprocess reports of the places and language deckcheck would use.
PROBE = """
import json, os
from deckcheck.carddb.paths import default_db_path
from deckcheck.datafiles import user_cache_dir, user_data_dir
from deckcheck.i18n import language_from_environment
print(json.dumps({"home": os.path.expanduser("~"), "db": str(default_db_path()), "data": user_data_dir(),
                  "cache": user_cache_dir(), "language": language_from_environment(),
                  "db_variable": os.environ.get("DECKCHECK_DB")}))
"""


def _inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def _assert_isolated(seen: dict[str, str | None], base: Path) -> None:
    for key in ("home", "db", "data", "cache"):
        value = seen[key]
        assert value is not None and _inside(value, base), f"{key} is {value}, outside the test's folders"
    assert seen["db_variable"] is None
    assert seen["language"] == "en"


def test_a_test_reads_no_database_configuration_or_language_of_the_user(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    seen = {
        "home": os.path.expanduser("~"),
        "db": str(default_db_path()),
        "data": user_data_dir(),
        "cache": user_cache_dir(),
        "language": language_from_environment(),
        "db_variable": os.environ.get("DECKCHECK_DB"),
    }
    _assert_isolated(seen, base)
    assert not default_db_path().exists()
    for variable in ("XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        assert _inside(os.environ[variable], base)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        assert variable not in os.environ


def test_a_subprocess_inherits_the_isolation(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    _assert_isolated(json.loads(done.stdout), base)


def test_each_test_has_a_home_of_its_own(tmp_path_factory):
    home = Path(os.path.expanduser("~"))
    assert home.is_dir() and not any(home.iterdir()), "a test's HOME starts empty"
    assert _inside(home, tmp_path_factory.getbasetemp())
