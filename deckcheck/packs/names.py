"""Which files of the pack folders are format packs, for the messages that list them
("Known formats: ..."): :mod:`deckcheck.packs.loading` finds a pack by its file name alone."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

# The top-level keys every pack has (the schema requires name, and rules or amend); a larger file is no pack.
# Text, compiled by `re` when a message first lists the packs of a folder (a check never does).
_PACK_KEYS = r"(?m)^(name|rules|amend)[ \t]*:"
MAX_PACK_BYTES = 1024 * 1024


def pack_names(packs: Mapping[str, Path], shipped: Path, besides: Path | None = None) -> list[str]:
    """The names of ``packs`` that are format packs, sorted: the packs of the folder
    ``shipped``, and the files with a top-level ``name:`` and ``rules:``; never the pack at
    ``besides`` (the one being linted). ``formats lint`` offered every YAML file beside the
    pack -- deck files, a workflow, the pack itself -- as "Known formats"."""
    shipped, itself = shipped.resolve(), besides.resolve() if besides is not None else None
    names = []
    for name, path in packs.items():
        try:
            resolved = path.resolve()
            text = "" if path.stat().st_size > MAX_PACK_BYTES else path.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        if resolved != itself and (resolved.parent == shipped or _is_pack(set(re.findall(_PACK_KEYS, text)))):
            names.append(name)
    return sorted(names)


def _is_pack(keys: set[str]) -> bool:
    """A top-level ``name:`` and ``rules:`` or ``amend:`` (a pack may only amend another)."""
    return "name" in keys and bool(keys & {"rules", "amend"})
