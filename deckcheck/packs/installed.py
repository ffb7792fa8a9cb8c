"""The rules bundle installed in the user's data folder (``deckcheck formats update``,
:mod:`deckcheck.packs.bundle`): what every check asks, through ``pack_dirs``, before it
looks for a pack. It reads one small file (``installed.json``, which names the folder of
the bundle's packs), and again only when that file changed; a pointer that cannot be read
is ignored (the shipped packs serve). Kept to functions and the standard library's json:
every check imports it, so its start-up cost is a check's."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from deckcheck.datafiles import user_data_dir

POINTER = "installed.json"


def rules_home() -> Path:
    """Where bundles are installed: ``rules`` in the user data folder (beside the card database)."""
    return Path(user_data_dir()) / "rules"


_SEEN: dict[str, tuple[tuple[int, int], dict[str, Any] | None]] = {}


_HOMES: dict[tuple[str | None, str | None], str] = {}


def pointer() -> dict[str, Any] | None:
    """What ``installed.json`` says, its ``folder`` made a path (None: no bundle, or a pointer
    that cannot be used). Read again only when the file changed (a long-running ``serve``
    sees a ``formats update``): a check asks this for every pack it looks up, so the answer
    costs one ``stat``."""
    where = (os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))  # what user_data_dir() reads
    name = _HOMES.get(where)
    if name is None:
        name = _HOMES[where] = str(rules_home() / POINTER)
    try:
        stat = os.stat(name)
    except OSError:
        return None
    path = Path(name)
    stamp = (stat.st_mtime_ns, stat.st_size)
    seen = _SEEN.get(str(path))
    if seen is None or seen[0] != stamp:
        seen = _SEEN[str(path)] = (stamp, _read(path))
    return seen[1]


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        folder, released = data["folder"], data["released"]
        usable = (
            isinstance(folder, str)
            and folder not in ("", ".", "..")
            and "/" not in folder
            and "\\" not in folder
            and is_day(released)
            and (path.parent / folder).is_dir()
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return {**data, "folder": path.parent / folder} if usable else None


def is_day(text: object) -> bool:
    """Whether ``text`` is written as a day, YYYY-MM-DD."""
    return (
        isinstance(text, str)
        and len(text) == 10
        and text[4] == text[7] == "-"
        and (text[:4] + text[5:7] + text[8:]).isdigit()
    )


def used(data: dict[str, Any], shipped: Path) -> bool:
    """Whether checks use the bundle of the pointer ``data``: not older than the packs in
    ``shipped`` (this deckcheck's), unless it was installed with --allow-older."""
    return bool(data.get("allow_older")) or str(data["released"]) >= shipped_release(shipped)


def rules_folder(shipped: Path) -> Path | None:
    """The folder of the bundle checks use (searched before the shipped packs in ``shipped``), or None."""
    data = pointer()
    return data["folder"] if data is not None and used(data, shipped) else None


_SHIPPED: dict[str, str] = {}


def shipped_release(shipped: Path) -> str:
    """The day the packs in ``shipped`` (this deckcheck's) were published (their ``release.json``)."""
    folder = str(shipped)
    if folder not in _SHIPPED:
        try:
            _SHIPPED[folder] = str(json.loads(Path(folder, "release.json").read_text(encoding="utf-8"))["released"])
        except (OSError, ValueError, KeyError, TypeError):
            _SHIPPED[folder] = "0000-00-00"  # not known: any bundle is newer
    return _SHIPPED[folder]
