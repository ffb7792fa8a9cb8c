"""The project's own checks pass: ruff ([tool.ruff]) and mypy ([tool.mypy]) in pyproject.toml.

.ci/run runs them too, before the tests; here they run with the tests, so a change that breaks
them is seen before it lands, not by CI at the end. Skipped, saying so, without the dev extra
(pip install -e '.[dev]').
"""

import importlib.util
import re
import subprocess
import sys

import pytest
from support import PROJECT_ROOT


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed: pip install -e '.[dev]'")
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_finds_nothing():
    done = run_tool("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


# mypy keeps its incremental cache in .mypy_cache (git ignores it), as `mypy` in .ci/run and at a
# developer's prompt does: a module whose text, dependencies and options are unchanged is not checked
# again (about 9 CPU seconds of a cold run saved on a second run and in CI, where mypy runs first).
def test_mypy_finds_nothing():
    done = run_tool("mypy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_the_tree_as_it_is():
    done = run_tool("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_public_api_is_clean_under_mypy_strict():
    # Other people's Python reads deckcheck's types through these two modules.
    # A cache of its own: the options differ, so one cache would be checked anew by each run.
    done = run_tool(
        "mypy", "--strict", "--cache-dir", ".mypy_cache/strict", "deckcheck/__init__.py", "deckcheck/api.py"
    )
    assert done.returncode == 0, done.stdout + done.stderr


# What a merge leaves behind when it is not finished: git's and patch's own (.orig, .rej) and the
# copies a merge tool writes (name_BACKUP_123.py, ...). Two were once committed.
MERGE_LEFTOVER = re.compile(r"\.(orig|rej)$|_(BACKUP|BASE|LOCAL|REMOTE)_\d*")


def tracked_merge_leftovers(names: list[str]) -> list[str]:
    return [name for name in names if MERGE_LEFTOVER.search(name.rsplit("/", 1)[-1])]


def test_the_merge_leftover_check_finds_each_kind():
    planted = [
        "deckcheck/project/config.py.orig",
        "tests/a.py.rej",
        "README_BACKUP_1234.md",
        "x/y_BASE_99.py",
        "x/y_LOCAL_1.py",
        "x/y_REMOTE_7.py",
    ]
    assert tracked_merge_leftovers([*planted, "deckcheck/origin.py", "docs/BASE.md"]) == planted


def test_no_merge_leftover_is_tracked():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=PROJECT_ROOT, capture_output=True, timeout=60)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: nothing is tracked")
    names = [name for name in listed.stdout.decode("utf-8", "surrogateescape").split("\0") if name]
    assert names and tracked_merge_leftovers(names) == []
