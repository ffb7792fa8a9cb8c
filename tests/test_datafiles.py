"""deckcheck.datafiles: the YAML every deck, pack and configuration is read with refuses alias
bombs before anything walks them, and a cache folder that cannot be used is passed over with one
warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import PROJECT_ROOT, assert_clean
from support import run_deckcheck as run

DECK = "4 Iono PAL 185\n"
COPY_LIMIT_DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


BOMB = "".join(
    [
        f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
        for name, prev in zip("abcdefg", [None, *"abcdef"])
    ]
)


def test_yaml_alias_bombs_are_refused_before_anything_walks_them(tmp_path):
    (tmp_path / "deck.yaml").write_text(BOMB + "cards: [*g]\n")
    result = run("check", str(tmp_path / "deck.yaml"), "--no-config")
    assert_clean(result, 1)
    assert b"(an alias bomb)" in result.stdout and len(result.stdout) < 5000
    (tmp_path / "pack.yaml").write_text(BOMB + "name: bomb\nrules: *g\n")
    (tmp_path / "list.txt").write_text(DECK)
    result = run("check", str(tmp_path / "list.txt"), "--format", str(tmp_path / "pack.yaml"), "--no-config")
    assert_clean(result, 2)
    assert b"pack.yaml:6: invalid YAML: the aliases in this document expand to more than 100,000" in result.stderr
    (tmp_path / ".deckcheck.yaml").write_text(BOMB + "formt: *g\n")  # an unknown key names its value
    result = run("check", "list.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b".deckcheck.yaml:6: invalid YAML" in result.stderr and len(result.stderr) < 5000


def test_an_alias_inside_what_it_names_is_refused_and_modest_aliases_are_read():
    import yaml

    from deckcheck.datafiles import yaml_loader
    from deckcheck.parse.structured import parse_structured

    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader())
    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader(pure=True))
    parsed = parse_structured(
        "iono: &iono {count: 4, name: Iono, set: PAL, number: 185}\ncards: [*iono, {count: 2, name: Pikachu}]\n",
        "deck.yaml",
        "yaml",
    )
    assert [entry.name for entry in parsed.entries] == ["Iono", "Pikachu"]


def test_an_ampersand_in_a_name_is_no_anchor_but_a_bomb_beside_one_is_still_refused():
    import yaml

    from deckcheck.datafiles import _may_hold_anchor, yaml_loader

    # The shipped catalogue is full of "Pikachu & Zekrom-GX": it need not be walked.
    assert not _may_hold_anchor("name: Pikachu & Zekrom-GX\nother: Bellelba & Brycen-Man &\n")
    assert _may_hold_anchor("a: &a [1]\n")
    for pure in (False, True):
        with pytest.raises(yaml.YAMLError, match="alias bomb"):
            yaml.load("name: Pikachu & Zekrom-GX\n" + BOMB + "cards: [*g]\n", Loader=yaml_loader(pure=pure))


def _unusable_home_env(home: Path) -> dict:
    return {
        "HOME": str(home),
        "XDG_CACHE_HOME": "",
        "XDG_DATA_HOME": "",
        "DECKCHECK_CACHE_DIR": "",
        "DECKCHECK_DB": "",
        "DECKCHECK_NO_CACHE": "",
    }


def _check_in(folder: Path, env: dict):
    (folder / ".deckcheck.yaml").write_text("date: 2026-11-30\n", encoding="utf-8")  # the config cache too
    (folder / "deck.txt").write_bytes(COPY_LIMIT_DECK.read_bytes())
    return run("check", "deck.txt", cwd=folder, env={name: value or None for name, value in env.items()})


def test_a_home_whose_folders_cannot_be_looked_into_is_skipped_with_a_warning(tmp_path):
    # As root no permission refuses a look; a name the system refuses does the same
    # (stat fails with an error other than "not there": ENAMETOOLONG here, EACCES for
    # `sudo -u someone` keeping root's HOME).
    home = tmp_path / ("h" * 300)
    result = _check_in(tmp_path, _unusable_home_env(home))
    assert_clean(result, 1)
    err = result.stderr.decode()
    assert err.count("deckcheck: warning: cannot use the cache folder") == 1, err
    assert "going on without it" in err and "copy-limit" in result.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root enters any folder")
def test_a_home_the_user_cannot_enter_is_skipped_with_a_warning(tmp_path):
    home = tmp_path / "home"
    (home / ".cache").mkdir(parents=True)
    home.chmod(0)
    try:
        result = _check_in(tmp_path, _unusable_home_env(home))
    finally:
        home.chmod(0o755)
    assert_clean(result, 1)
    assert b"Permission denied" in result.stderr
