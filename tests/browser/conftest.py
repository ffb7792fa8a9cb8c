"""A real headless Chromium for the tests that look at pages as a person does.

The browser is the system's (Debian's ``chromium`` package, which ``.ci/run``
installs), driven by Playwright with ``executable_path``: nothing is
downloaded. Without Chromium or Playwright these tests are skipped, saying
so; CI has both, so they run there. Screenshots go to ``build/screenshots``
(or ``$DECKCHECK_SCREENSHOTS``) for a person to look at.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support import PROJECT_ROOT

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("DECKCHECK_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get("DECKCHECK_SCREENSHOTS") or PROJECT_ROOT / "build" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def _playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (pip install -e '.[test]'); browser tests skipped")
    if chromium_path() is None:
        pytest.skip("no Chromium found (apt-get install chromium, or set DECKCHECK_CHROMIUM); browser tests skipped")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def _chromium(_playwright):
    """One Chromium for the run (a process a worker starts once: each start cost about a CPU
    second); every test gets a context of its own in it."""
    chromium = _playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
    yield chromium
    chromium.close()


@pytest.fixture
def browser(_chromium):
    """A fresh browser context (its own cookies, storage and cache, as a new profile has): light
    scheme, 1200×900."""
    context = _chromium.new_context(viewport={"width": 1200, "height": 900}, color_scheme="light")
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def browser_without_script(_chromium):
    """A fresh browser context with JavaScript off, 360×800: the page as it is without its script."""
    context = _chromium.new_context(
        viewport={"width": 360, "height": 800}, color_scheme="light", java_script_enabled=False
    )
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real ``deckcheck serve`` (its own empty home) for the tests of a module: its address."""
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from serve_support import running_server

    with running_server(tmp_path_factory.mktemp("serve-home")) as address:
        yield address
