"""Helpers shared by the data files deckcheck reads (format packs, configuration)."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any


def dates_as_text(value: Any) -> Any:
    """YAML and TOML read ``2026-04-10`` as a date; packs and configuration keep ISO text."""
    if isinstance(value, dict):
        return {k: dates_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [dates_as_text(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return value


def validation_cache(kind: str) -> Path | None:
    """The user-cache folder remembering validated files of one ``kind``
    (``validated-packs``, ``validated-configs``), or None when
    ``DECKCHECK_NO_CACHE`` is set. Validation needs jsonschema, slow to import
    on every pre-commit run. The schemas change with the version, so each
    version has its own folder."""
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    from deckcheck import __version__

    base = os.environ.get("DECKCHECK_CACHE_DIR")
    if base is None:
        from platformdirs import user_cache_dir

        base = user_cache_dir("deckcheck")
    return Path(base) / kind / __version__
