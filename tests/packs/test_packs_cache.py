"""Packs are validated once and then reused from the user cache, never stale."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from support import PROJECT_ROOT, assert_clean
from support import run_deckcheck as run

from deckcheck.packs import loading as packs
from deckcheck.packs.loading import PackError, load_pack

DECK = "4 Iono PAL 185\n"

PACK = "name: league\nextends: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 40}\n"
PROBE = (
    "import sys; from deckcheck.packs.loading import load_pack; p = load_pack(sys.argv[1]); "
    "print(p.rule('deck-size').options['size'], 'yaml' in sys.modules, 'jsonschema' in sys.modules)"
)


def probe(pack_path, cache):
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(cache), "PYTHONPATH": str(PROJECT_ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(pack_path)], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout.split()


def test_a_validated_pack_is_reused_without_yaml_or_jsonschema(tmp_path):
    pack = tmp_path / "league.yaml"
    pack.write_text(PACK)
    assert probe(pack, tmp_path / "cache") == ["40", "True", "True"]  # first run validates
    assert probe(pack, tmp_path / "cache") == ["40", "False", "False"]  # then reads the cache


def test_a_changed_pack_is_validated_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    pack = tmp_path / "league.yaml"
    pack.write_text(PACK)
    assert load_pack(str(pack)).rule("deck-size").options["size"] == 40
    pack.write_text(PACK.replace("size: 40", "size: forty"))
    packs._CACHE.clear()
    with pytest.raises(PackError, match=r"league.yaml:4"):
        load_pack(str(pack))
    pack.write_text(PACK.replace("size: 40", "size: 30"))  # same size as the cached bytes
    os.utime(pack, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))  # and surely a new time
    packs._CACHE.clear()
    assert load_pack(str(pack)).rule("deck-size").options["size"] == 30


def test_the_cache_folder_is_where_platformdirs_puts_it(monkeypatch, tmp_path):
    # Worked out without importing platformdirs on Linux (start-up).
    platformdirs = pytest.importorskip("platformdirs")
    from deckcheck.datafiles import user_cache_dir

    for value in (str(tmp_path / "xdg"), "", None):
        if value is None:
            monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CACHE_HOME", value)
        assert user_cache_dir() == platformdirs.user_cache_dir("deckcheck")


def test_a_pack_cache_entry_edited_behind_deckchecks_back_is_validated_again(tmp_path, monkeypatch):
    from deckcheck.packs import loading as packs
    from deckcheck.packs.loading import load_pack

    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    pack = tmp_path / "league.yaml"
    pack.write_text("name: league\nextends: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 40}\n")
    load_pack(str(pack))
    (entry,) = [p for p in cache.rglob("league-*.json")]
    record = json.loads(entry.read_text())
    record["data"]["rules"][0]["size"] = [1]  # still the shape the loader needs, not what the schema allows
    entry.write_text(json.dumps(record))
    packs._CACHE.clear()
    assert load_pack(str(pack)).rule("deck-size").options["size"] == 40
    (tmp_path / "deck.txt").write_text(DECK)
    record["data"]["rules"][0]["size"] = "forty"
    entry.write_text(json.dumps(record))
    assert_clean(run("check", "deck.txt", "--format", str(pack), "--no-config", cwd=tmp_path), 1)
