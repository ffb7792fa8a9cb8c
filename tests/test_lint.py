"""The project's own checks pass: ruff ([tool.ruff]) and mypy ([tool.mypy]) in pyproject.toml.

.ci/run runs them too, before the tests; here they run with the tests, so a change that breaks
them is seen before it lands, not by CI at the end. Skipped, saying so, without the dev extra
(pip install -e '.[dev]').
"""

import importlib.util
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


def test_mypy_finds_nothing():
    done = run_tool("mypy", "--no-incremental")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_the_tree_as_it_is():
    done = run_tool("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_public_api_is_clean_under_mypy_strict():
    # Issue 21: other people's Python reads deckcheck's types through these two modules.
    done = run_tool("mypy", "--no-incremental", "--strict", "deckcheck/__init__.py", "deckcheck/api.py")
    assert done.returncode == 0, done.stdout + done.stderr
