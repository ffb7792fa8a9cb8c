"""Shared test set-up: keep every test away from the user's real files."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# What deckcheck reads of the person running the tests: their card database ($DECKCHECK_DB, the
# user data folder), their configuration (walked up to from the working folder, which may be in
# HOME), caches, and the locale that picks the message language. None of it may change a test's
# answer, so it is replaced before any test module, fixture or subprocess sees it: set
# here, at the import of this file, it holds for session- and module-scoped fixtures too (a
# function-scoped fixture runs after those), and every subprocess inherits it.
USER_VARIABLES = (
    "DECKCHECK_DB",
    "DECKCHECK_NO_CACHE",
    "LC_ALL",
    "LC_MESSAGES",
    "LANGUAGE",
    "NO_COLOR",
    "FORCE_COLOR",
    "COLUMNS",
    "GITHUB_WORKSPACE",
    "GITHUB_STEP_SUMMARY",
    "GITHUB_OUTPUT",
    "GITHUB_ACTIONS",
)


def isolated_environment(base: Path) -> dict[str, str]:
    """The variables a test runs under: a HOME and XDG folders of its own, no user database,
    no locale but C.UTF-8 (English messages)."""
    return {
        "HOME": str(base / "home"),
        "XDG_DATA_HOME": str(base / "data"),
        "XDG_CACHE_HOME": str(base / "cache"),
        "XDG_CONFIG_HOME": str(base / "config"),
        "XDG_STATE_HOME": str(base / "state"),
        "DECKCHECK_CACHE_DIR": str(base / "cache" / "deckcheck"),
        "LANG": "C.UTF-8",
    }


def _isolate_session() -> None:
    base = Path(tempfile.mkdtemp(prefix="deckcheck-tests-"))
    atexit.register(shutil.rmtree, base, ignore_errors=True)
    for name in USER_VARIABLES:
        os.environ.pop(name, None)
    for name, value in isolated_environment(base).items():
        os.environ[name] = value
    (base / "home").mkdir()


_isolate_session()


# The modules that take longest (a real install of the Action, pre-commit's own environments, a
# Dask cluster, whole card sources, a server waiting out its deadlines, mypy) start first:
# pytest-xdist hands the workers one module at a time in this order (--dist loadfile
# --no-loadscope-reorder in pyproject.toml), so each worker takes some of them early and neither
# is left running the last of them while the other has nothing to do.
LONGEST_FIRST = (
    "tests/test_action.py",
    "tests/api/test_dask_recipe.py",
    "tests/carddb/test_tcgdex.py",
    "tests/test_engine.py",
    "tests/test_precommit.py",
    "tests/web/test_hostile_clients.py",
    "tests/test_lint.py",
    "tests/packs/test_japan_decks.py",
    "tests/properties/test_identification.py",
    "tests/properties/test_parser_properties.py",
    "tests/carddb/test_update.py",
    "tests/sheet/test_sheet_cli.py",
)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the cores this process may use. Some of the suite's time
    is spent waiting, not computing (a server's deadline, Chromium, pip and pre-commit building
    environments, a Dask cluster starting): with a worker per core a core then stood idle."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 1


def pytest_collection_modifyitems(items):
    first = {path: rank for rank, path in enumerate(LONGEST_FIRST)}
    # A stable sort: the other modules keep their order.
    items.sort(key=lambda item: first.get(item.nodeid.split("::", 1)[0], len(first)))


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Each test its own HOME, data, cache and configuration folders (none of the user's)."""
    base = tmp_path_factory.mktemp("user")
    for name, value in isolated_environment(base).items():
        monkeypatch.setenv(name, value)
    (base / "home").mkdir()


@pytest.fixture(scope="session")
def reference_index(tmp_path_factory):
    """The reference dataset imported once per test run (skips when absent)."""
    from support import reference_database

    from deckcheck.carddb.sqlite import SqliteIndex

    index = SqliteIndex(reference_database(tmp_path_factory))
    yield index
    index.close()


@pytest.fixture(scope="session")
def reference_db(reference_index) -> Path:
    """The path of the reference database, for ``--db``."""
    return Path(reference_index.path)


@pytest.fixture(scope="session")
def full_index(tmp_path_factory):
    """The reference dataset filled in from the TCGdex export, as ``db import`` of both builds it:
    the sets the pokemontcg.io snapshot lacks (MEP, MEE, Pitch Black) too (skips when absent)."""
    from support import reference_and_tcgdex_database

    from deckcheck.carddb.sqlite import SqliteIndex

    index = SqliteIndex(reference_and_tcgdex_database(tmp_path_factory))
    yield index
    index.close()


@pytest.fixture(scope="session")
def japan_index(tmp_path_factory):
    """The reference dataset and Japan's cards (TCGdex /v2/ja, ../shared/carddata/tcgdex-api)
    imported once per test run, as db import --japanese does (skips when absent)."""
    from support import japan_database

    from deckcheck.carddb.sqlite import SqliteIndex

    index = SqliteIndex(japan_database(tmp_path_factory))
    yield index
    index.close()


@pytest.fixture(scope="session")
def reference_names(tmp_path_factory):
    """The reference database with the card names of five languages (TCGdex's), and the import's
    result, once per worker (skips when absent)."""
    from types import SimpleNamespace

    from support import reference_database, require_tcgdex_export

    from deckcheck.carddb.translations import import_names

    tcgdex = require_tcgdex_export()
    if not (tcgdex / "v2" / "fr" / "cards.json").is_file():
        pytest.skip(f"TCGdex names not found at {tcgdex} (../shared/carddata is needed for this test)")
    dest = tmp_path_factory.mktemp("reference-names") / "cards.sqlite3"
    shutil.copyfile(reference_database(tmp_path_factory), dest)
    result = import_names(tcgdex, dest, ["de", "fr", "es", "it", "pt"])
    return SimpleNamespace(path=dest, result=result)


# -- deckcheck serve (tests/web, and the sheet button of tests/sheet) ------------------


@pytest.fixture(scope="module")
def serve_checker():
    """The server's checker over the built-in catalogue: the tests' environment has no database."""
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from deckcheck.web.app import Checker

    return Checker()


@pytest.fixture
def serve_client(serve_checker):
    """A Starlette test client of the application, with small limits (20 kB, 300 lines)."""
    from starlette.testclient import TestClient

    from deckcheck.web.app import Limits, create_app

    with TestClient(create_app(serve_checker, Limits(max_bytes=20_000, max_lines=300))) as client:
        yield client
