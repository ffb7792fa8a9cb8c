"""Renderers: a report in, text out. Keyed by the names ``--output`` accepts.

Each renderer is a pure ``render(report, options) -> str``, deterministic (no
timestamps, no reading the clock or the working directory), so golden files
stay stable. Modules are imported only when used.
"""

from __future__ import annotations

import importlib
import os
from types import MappingProxyType
from typing import Callable, Mapping, NamedTuple, Sequence

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model is imported when a report is rendered, not for --version
    from deckcheck.model import DeckResult, Report, Severity

# name -> module under deckcheck.render that defines render(report, options)
RENDERERS: dict[str, str] = {
    "text": "deckcheck.render.text",
    "json": "deckcheck.render.json_report",
    "github": "deckcheck.render.github",
    "sarif": "deckcheck.render.sarif",
    "junit": "deckcheck.render.junit",
    "html": "deckcheck.render.html",
}

# The choices of --output / ``output:`` and of --fail-on / ``fail_on:`` (the
# configuration schema lists the same; tests/test_config.py keeps them equal).
OUTPUTS: tuple[str, ...] = tuple(RENDERERS)
FAIL_ON: tuple[str, ...] = ("error", "warning")


class RenderOptions(NamedTuple):
    """How to render (a NamedTuple: created on every run, cheaper than a dataclass)."""

    color: bool = False
    width: int = 100
    quiet: bool = False  # only decks with findings
    fail_on: str = "error"  # which findings fail a deck ("error" or "warning")
    # Deck paths under this folder are shown relative to it, with forward slashes
    # (GitHub annotations and SARIF locations want repository-relative paths).
    root: str | None = None
    # What each rule id of the packs used checks (id -> description), for the
    # rule catalogues of SARIF; ids not listed fall back to the built-in texts.
    rules: Mapping[str, str] = MappingProxyType({})
    # The language of the messages (deckcheck.i18n): the text report's, and the
    # other outputs' only when --lang asks for it.
    lang: str = "en"
    # A deck's lines as written, by path, for the reports that show them (HTML);
    # None reads the deck file again (standard input cannot be: the CLI keeps it).
    source: Callable[[str], Sequence[str] | None] | None = None


def renderer(name: str) -> Callable[[Report, RenderOptions], str]:
    return importlib.import_module(RENDERERS[name]).render


def render(name: str, report: Report, options: RenderOptions = RenderOptions()) -> str:
    return renderer(name)(report, options)


def failing_severities(fail_on: str) -> frozenset[Severity]:
    from deckcheck.model import Severity

    return frozenset({Severity.ERROR} if fail_on == "error" else {Severity.ERROR, Severity.WARNING})


def is_failing(result: DeckResult, fail_on: str = "error") -> bool:
    """Whether a deck fails the run: an error, or a warning with ``--fail-on warning``."""
    failing = failing_severities(fail_on)
    return any(f.severity in failing for f in result.findings)


def display_path(path: str, root: str | None = None) -> str:
    """A deck path as CI tools want it: relative to ``root`` when inside it, with
    forward slashes, without a leading ``./``; control characters and bytes that
    are not UTF-8 escaped (:func:`deckcheck.printable.printable`)."""
    from deckcheck.printable import printable

    return printable(_relative_path(path, root))


def path_uri(path: str, root: str | None = None) -> str:
    """:func:`display_path` as a relative URI (SARIF): the name's bytes
    percent-encoded, so a name that is not UTF-8 (byte 0xFF) is ``%FF``."""
    from urllib.parse import quote

    shown = _relative_path(path, root)
    try:
        data = os.fsencode(shown)
    except UnicodeEncodeError:  # a lone surrogate that no file system name decodes to
        data = shown.encode("utf-8", "surrogatepass")
    return quote(data, safe="/")


def _relative_path(path: str, root: str | None) -> str:
    if path == "-":
        return path
    shown = path
    if root is not None and os.path.isabs(path):
        try:
            relative = os.path.relpath(path, root)
        except ValueError:  # another drive on Windows
            relative = None
        if relative is not None and not relative.startswith(os.pardir):
            shown = relative
    shown = shown.replace(os.sep, "/")
    while shown.startswith("./"):
        shown = shown[2:]
    return shown
