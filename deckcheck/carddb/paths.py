"""Where the card database lives."""

from __future__ import annotations

import os
from pathlib import Path

from deckcheck.datafiles import user_data_dir

DB_FILE_NAME = "cards.sqlite3"


def default_db_path() -> Path:
    """``$DECKCHECK_DB`` when set, else ``cards.sqlite3`` in the user data
    directory (``~/.local/share/deckcheck`` on Linux, the platform's
    equivalent elsewhere)."""
    configured = os.environ.get("DECKCHECK_DB")
    if configured:
        return Path(configured).expanduser()
    return Path(user_data_dir()) / DB_FILE_NAME
