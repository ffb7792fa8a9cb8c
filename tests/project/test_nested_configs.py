"""A tree with a configuration in each of its nested folders is walked in work that grows with
its paths, not with their cube: each folder's configuration is found and read once, the
configurations above it are merged once, and each path meets each exclude pattern above it once.
(120 nested folders took 24 s, 200 did not end in 300 s; the same tree without the files, 2 s.)

The tests count the work (files looked for, files read, patterns matched), not the time: the
machine's speed decides nothing here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckcheck.project import config as config_module
from deckcheck.project.config import Config, ConfigFinder, settings
from deckcheck.project.discover import select_decks
from deckcheck.project.patterns import PatternSet

DECK = "4 Iono PAL 185\n4 Boss's Orders PAL 172\n"


def nested_tree(root: Path, depth: int, config: str) -> list[str]:
    """``depth`` nested folders under ``root`` (a repository), each with ``config`` and a deck,
    and a ``drafts/`` folder halfway down whose deck every exclude above it leaves out."""
    (root / ".git").mkdir(parents=True)
    folder = root
    decks = []
    for level in range(depth):
        folder = folder / f"level{level}"
        folder.mkdir()
        (folder / ".deckcheck.yaml").write_text(config, encoding="utf-8")
        (folder / "deck.txt").write_text(DECK, encoding="utf-8")
        decks.append(os.path.relpath(folder / "deck.txt", root))
        if level == depth // 2:
            (folder / "drafts").mkdir()
            (folder / "drafts" / "draft.txt").write_text(DECK, encoding="utf-8")
    return decks


class Counts:
    def __init__(self, monkeypatch):
        self.looked = self.read = self.matched = self.asked = 0
        config_in, read_config_file, deciding = (
            config_module._config_in,
            config_module.read_config_file,
            PatternSet.deciding_pattern,
        )

        def counted_config_in(folder):
            self.looked += 1
            return config_in(folder)

        def counted_read(path):
            self.read += 1
            return read_config_file(path)

        def counted_deciding(patterns, path, *, is_dir=False):
            self.matched += 1
            return deciding(patterns, path, is_dir=is_dir)

        def counted_call(finder, folder):
            self.asked += 1
            return asked(finder, folder)

        asked = ConfigFinder.__call__
        monkeypatch.setattr(ConfigFinder, "__call__", counted_call)
        monkeypatch.setattr(config_module, "_config_in", counted_config_in)
        monkeypatch.setattr(config_module, "read_config_file", counted_read)
        monkeypatch.setattr(PatternSet, "deciding_pattern", counted_deciding)


def walk(root: Path, monkeypatch, named: list[str] | None = None):
    monkeypatch.chdir(root)
    find = ConfigFinder(Config(root=root))
    counts = Counts(monkeypatch)
    selection = select_decks(named or ["."], settings(find.fallback, find=find))
    return selection, counts


@pytest.mark.parametrize("depth", [30, 60])
def test_each_folder_s_configuration_is_found_and_read_once(tmp_path, monkeypatch, depth):
    decks = nested_tree(tmp_path, depth, "format: standard\ndate: 2026-11-30\n")
    selection, counts = walk(tmp_path, monkeypatch)
    assert sorted(selection.decks) == sorted(
        decks + [os.path.join(*Path(decks[depth // 2]).parent.parts, "drafts", "draft.txt")]
    )
    assert counts.read == depth
    assert counts.looked <= depth + 2  # each folder of the tree once, and the root
    assert counts.matched == 0  # no configuration excludes anything
    # The configurations above a folder are merged once: a few questions to the finder a path
    # (each path asked for every configuration above it: depth^2 in all, each one compared with
    # the ones met before it: depth^3).
    assert counts.asked <= 4 * (2 * depth + 2)


@pytest.mark.parametrize("depth", [30, 60])
def test_each_path_meets_each_exclude_above_it_once(tmp_path, monkeypatch, depth):
    decks = nested_tree(tmp_path, depth, "format: standard\nexclude: [drafts/]\n")
    selection, counts = walk(tmp_path, monkeypatch)
    assert sorted(selection.decks) == sorted(decks)
    assert counts.read == depth
    assert counts.looked <= depth + 2
    # A folder or file at level i is matched against the i + 1 configurations above it, at most:
    # about depth^2 in all (the walk matched every folder above each path against each: depth^3).
    paths = 2 * depth + 2
    assert counts.matched <= paths * (depth + 1)


def test_a_deep_file_named_alone_is_excluded_as_the_walk_excludes_it(tmp_path, monkeypatch):
    depth = 60
    nested_tree(tmp_path, depth, "format: standard\nexclude: [drafts/]\n")
    draft = next(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("draft.txt"))
    deepest = next(str(path.relative_to(tmp_path)) for path in tmp_path.rglob(f"level{depth - 1}/deck.txt"))
    selection, counts = walk(tmp_path, monkeypatch, [draft, deepest])
    assert selection.excluded == (draft,)
    assert selection.decks == (deepest,)
    # Each folder above each file judged once (its configurations above it), not once per file.
    assert counts.matched <= 3 * (depth + 2) ** 2 // 2
