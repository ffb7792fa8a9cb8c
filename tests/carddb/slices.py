"""Slices of the reference card data, laid out as the sources publish them, for the tests of
``db update`` (a temporary copy: never written into the project)."""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Sequence
from pathlib import Path


def tcgdex_export(source: Path, root: Path, set_ids: Sequence[str]) -> Path:
    """A TCGdex export of ``set_ids`` under ``root`` as the files lie on disk (``v2/en/sets.json``,
    ``v2/en/sets/<id>.json``, ``v2/en/cards/<id>.json``), copied from the export ``source``."""
    origin, target = source / "v2" / "en", root / "v2" / "en"
    (target / "sets").mkdir(parents=True)
    (target / "cards").mkdir()
    listed = [s for s in json.loads((origin / "sets.json").read_text(encoding="utf-8")) if s["id"] in set_ids]
    (target / "sets.json").write_text(json.dumps(listed), encoding="utf-8")
    for set_id in set_ids:
        shutil.copyfile(origin / "sets" / f"{set_id}.json", target / "sets" / f"{set_id}.json")
        for card in json.loads((origin / "sets" / f"{set_id}.json").read_text(encoding="utf-8"))["cards"]:
            shutil.copyfile(origin / "cards" / f"{card['id']}.json", target / "cards" / f"{card['id']}.json")
    return root


def dataset_zip(pokemon_tcg_data: Path, target: Path, set_ids: Sequence[str]) -> bytes:
    """A pokemontcg.io archive at ``target`` with the whole set list and the cards of ``set_ids``."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(pokemon_tcg_data / "sets" / "en.json", "sets/en.json")
        for set_id in set_ids:
            out.write(pokemon_tcg_data / "cards" / "en" / f"{set_id}.json", f"cards/en/{set_id}.json")
    return target.read_bytes()


def pokemontcg_folder(pokemon_tcg_data: Path, root: Path, set_ids: Sequence[str]) -> Path:
    """A pokemontcg.io copy of ``set_ids`` under ``root`` as the repository lays it out
    (``sets/en.json`` listing those sets, ``cards/en/<id>.json``)."""
    (root / "sets").mkdir(parents=True)
    (root / "cards" / "en").mkdir(parents=True)
    listed = [s for s in json.loads((pokemon_tcg_data / "sets" / "en.json").read_text(encoding="utf-8"))]
    (root / "sets" / "en.json").write_text(json.dumps([s for s in listed if s["id"] in set_ids]), encoding="utf-8")
    for set_id in set_ids:
        shutil.copyfile(pokemon_tcg_data / "cards" / "en" / f"{set_id}.json", root / "cards" / "en" / f"{set_id}.json")
    return root
