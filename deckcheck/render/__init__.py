"""Renderers: a report in, text out. Keyed by the names ``--output`` accepts.

Each renderer is a pure ``render(report, options) -> str``, deterministic (no
timestamps), so golden files stay stable. Modules are imported only when used.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from deckcheck.model import Report

# name -> module under deckcheck.render that defines render(report, options)
RENDERERS: dict[str, str] = {
    "text": "deckcheck.render.text",
    "json": "deckcheck.render.json_report",
}


@dataclass(frozen=True, slots=True)
class RenderOptions:
    color: bool = False
    width: int = 100
    quiet: bool = False  # only decks with findings


def renderer(name: str) -> Callable[[Report, RenderOptions], str]:
    return importlib.import_module(RENDERERS[name]).render


def render(name: str, report: Report, options: RenderOptions = RenderOptions()) -> str:
    return renderer(name)(report, options)
