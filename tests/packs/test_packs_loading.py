"""Loading packs: values YAML cannot convert, impossible dates, duplicate rule
ids, damaged cache entries, and ``extends`` resolved from the pack's own folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support import assert_clean, run_deckcheck
from support import run_deckcheck as run

from deckcheck.packs import loading as packs
from deckcheck.packs.loading import PackError, load_pack

DECK = "4 Iono PAL 185\n"

LEAGUE = """\
name: league
description: a local league
extends: expanded
rules:
  - id: league-bans
    kind: banned
    cards:
      - names: [Iono]
        since: {since}
"""


@pytest.fixture(autouse=True)
def _fresh_memory_cache():
    packs._CACHE.clear()
    yield
    packs._CACHE.clear()


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, *extra: Path) -> PackError:
    with pytest.raises(PackError) as raised:
        load_pack(str(path), [str(p) for p in extra])
    assert raised.value.path == str(path)
    return raised.value


# -- 1. values YAML cannot convert, 2. impossible dates -----------------------


@pytest.mark.parametrize(
    "since, shown",
    [
        ("2026-02-30", "2026-02-30"),  # unquoted: a timestamp to YAML, not a day
        ('"2026-02-30"', "2026-02-30"),  # quoted: the pattern alone let it through
        ('!!int "zz"', "zz"),
        ('!!float "zz"', "zz"),
    ],
    ids=["timestamp", "quoted", "int-tag", "float-tag"],
)
def test_a_ban_date_that_is_no_day_names_file_and_line(tmp_path, since, shown):
    path = write(tmp_path, "league.yaml", LEAGUE.format(since=since))
    error = refused(path)
    assert error.line == 9, str(error)
    assert str(error).startswith(f"{path}:9: ") and shown in str(error)


def test_a_season_start_that_is_no_day_names_its_line(tmp_path):
    text = (
        "name: league\nextends: unlimited\nrules:\n  - id: not-legal\n    kind: card-pool\n"
        "    seasons:\n      - {from: '2025-04-11', marks: [G, H, I]}\n"
        "      - {from: '2026-13-01', marks: [H, I, J]}\n"
    )
    error = refused(write(tmp_path, "league.yaml", text))
    assert error.line == 8 and "2026-13-01" in str(error) and "date" in str(error)


def test_a_tagged_option_value_names_its_line(tmp_path):
    text = "name: league\nextends: unlimited\nrules:\n  - id: deck-size\n    kind: deck-size\n    size: !!int zz\n"
    error = refused(write(tmp_path, "league.yaml", text))
    assert error.line == 6 and "zz" in str(error)


def test_lint_reports_an_unconvertible_value_as_a_pack_error(tmp_path):
    from deckcheck.packs.info import lint_pack

    text = LEAGUE.format(since='!!float "zz"')
    (problem,) = lint_pack(str(tmp_path / "league.yaml"), text)  # nothing else can be read: one problem
    assert (problem.line, problem.level) == (9, "error")
    assert "invalid YAML value" in problem.message


def deckcheck(*args: str, cwd: Path):
    return run_deckcheck(*args, cwd=cwd, text=True)


@pytest.mark.parametrize("since", ["2026-02-30", '!!int "zz"'], ids=["timestamp", "int-tag"])
def test_check_and_formats_commands_report_the_pack_line_without_a_traceback(tmp_path, since):
    path = write(tmp_path, "league.yaml", LEAGUE.format(since=since))
    deck = write(tmp_path, "deck.txt", "4 Iono PAL 185\n")
    for args in (
        ["check", str(deck), "--format", str(path), "--no-config"],
        ["formats", "show", str(path), "--no-config"],
        ["formats", "lint", str(path)],
    ):
        result = deckcheck(*args, cwd=tmp_path)
        assert "Traceback" not in result.stderr, (args, result.stderr)
        assert f"{path}:9: " in result.stdout + result.stderr, (args, result.stdout, result.stderr)
        assert result.returncode in (1, 2), args


# -- 6. duplicate rule ids ----------------------------------------------------------


def test_a_rule_id_used_twice_in_one_pack_is_refused_at_the_second(tmp_path):
    text = (
        "name: league\nextends: unlimited\nrules:\n"
        "  - id: deck-size\n    kind: deck-size\n    size: 40\n"
        "  - id: extra-bans\n    kind: banned\n    cards: [{names: [Iono]}]\n"
        "  - id: deck-size\n    kind: deck-size\n    size: 30\n"
    )
    error = refused(write(tmp_path, "league.yaml", text))
    assert error.line == 10
    assert "duplicate rule id 'deck-size'" in str(error) and "line 4" in str(error)


def test_two_rules_known_by_the_same_kind_are_duplicates(tmp_path):
    text = "name: league\nrules:\n  - kind: deck-size\n    size: 40\n  - kind: deck-size\n    size: 30\n"
    assert refused(write(tmp_path, "league.yaml", text)).line == 5


# -- 3. damaged validation-cache entries ---------------------------------------------

PACK = "name: league\nextends: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 40}\n"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data.pop("name"),
        lambda data: data.update(rules={"deck-size": 40}),
        lambda data: data["rules"].append("deck-size"),
        lambda data: data["rules"][0].pop("kind"),
        lambda data: data["rules"][0].update(severity="fatal"),
        lambda data: data.update(remove="deck-size"),
    ],
    ids=["no-name", "rules-not-a-list", "rule-not-a-mapping", "rule-without-kind", "bad-severity", "remove-not-a-list"],
)
def test_a_damaged_cache_entry_is_validated_again(tmp_path, damage):
    path = write(tmp_path, "league.yaml", PACK)
    assert load_pack(str(path)).rule("deck-size").options["size"] == 40
    (stamp,) = (Path(os.environ["DECKCHECK_CACHE_DIR"]) / "validated-packs").rglob("league-*.json")
    record = json.loads(stamp.read_text(encoding="utf-8"))
    damage(record["data"])
    stamp.write_text(json.dumps(record), encoding="utf-8")  # size and time of the pack unchanged
    packs._CACHE.clear()
    pack = load_pack(str(path))
    assert pack.name == "league" and pack.rule("deck-size").options["size"] == 40
    assert json.loads(stamp.read_text(encoding="utf-8"))["data"]["name"] == "league"  # and repaired


# -- 4, 5. extends, resolved from the pack's own folder ------------------------------

BASE = "name: base-local\nextends: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 40}\n"


@pytest.mark.parametrize("ref", ["base-local.yaml", "base-local"], ids=["path", "name"])
def test_extends_is_found_next_to_the_pack_from_any_working_directory(tmp_path, monkeypatch, ref):
    folder = tmp_path / "packs"
    write(folder, "base-local.yaml", BASE)
    child = write(folder, "league.yaml", f"name: league\nextends: {ref}\nrules: []\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    pack = load_pack(str(child))
    assert pack.chain == ("league", "base-local", "unlimited")
    assert pack.rule("deck-size").options["size"] == 40
    monkeypatch.chdir(folder.parent)
    packs._CACHE.clear()
    assert load_pack("packs/league.yaml").chain == ("league", "base-local", "unlimited")


def test_extends_a_path_in_another_folder_relative_to_the_pack(tmp_path, monkeypatch):
    write(tmp_path / "common", "base-local.yaml", BASE)
    child = write(tmp_path / "leagues", "league.yaml", "name: league\nextends: ../common/base-local.yaml\nrules: []\n")
    monkeypatch.chdir(tmp_path)  # where a cwd-relative lookup would not find it
    assert load_pack(str(child)).rule("deck-size").options["size"] == 40


def test_extends_names_are_looked_up_in_the_pack_folder_then_extra_folders_then_shipped(tmp_path):
    own, extra = tmp_path / "own", tmp_path / "extra"
    child = write(own, "league.yaml", "name: league\nextends: unlimited\nrules: []\n")
    assert load_pack(str(child), [str(extra)]).chain[-1] == "unlimited"  # the shipped one
    assert load_pack(str(child)).rule("deck-size").options["size"] == 60
    write(extra, "unlimited.yaml", "name: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 50}\n")
    packs._CACHE.clear()
    assert load_pack(str(child), [str(extra)]).rule("deck-size").options["size"] == 50
    write(own, "unlimited.yaml", "name: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 45}\n")
    packs._CACHE.clear()
    assert load_pack(str(child), [str(extra)]).rule("deck-size").options["size"] == 45


def test_an_unknown_extends_names_the_line(tmp_path):
    error = refused(write(tmp_path, "league.yaml", "name: league\ndescription: x\nextends: unlimted\nrules: []\n"))
    assert error.line == 3 and "unknown format 'unlimted'" in str(error) and "unlimited" in str(error)
    error = refused(write(tmp_path, "league.yaml", "name: league\nextends: nowhere/base.yaml\nrules: []\n"))
    assert error.line == 2 and "nowhere/base.yaml" in str(error)


def test_a_local_pack_may_extend_the_shipped_pack_of_the_same_name(tmp_path):
    local = write(
        tmp_path,
        "standard.yaml",
        "name: standard\ndescription: Standard minus Iono\nextends: standard\nrules:\n"
        "  - id: minus-iono\n    kind: banned\n    cards: [{names: [Iono]}]\n",
    )
    for pack in (load_pack(str(local)), load_pack("standard", [str(tmp_path)])):
        assert pack.chain == ("standard", "standard", "unlimited")
        assert pack.path == str(local)
        assert pack.rule("minus-iono") is not None and pack.rule("not-legal") is not None
        packs._CACHE.clear()


def test_extends_loops_are_found_by_file(tmp_path):
    write(tmp_path, "a.yaml", "name: a\nextends: b\nrules: []\n")
    write(tmp_path, "b.yaml", "name: b\nextends: a\nrules: []\n")
    error = refused(tmp_path / "a.yaml")
    assert "'extends' loops back to 'a' (a -> b -> a)" in str(error)
    itself = write(tmp_path, "c.yaml", "name: c\nextends: ./c.yaml\nrules: []\n")
    assert "loops back to 'c'" in str(refused(itself))


def test_an_extends_chain_1200_deep_is_a_message(tmp_path):
    packs = tmp_path / "packs"
    packs.mkdir()
    for level in range(1200):
        parent = f"extends: p{level + 1}\n" if level < 1199 else ""
        (packs / f"p{level}.yaml").write_text(f"name: p{level}\ndescription: level {level}\n{parent}rules: []\n")
    (tmp_path / ".deckcheck.yaml").write_text("packs: [packs]\n")
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", "--format", "p0", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"'extends' goes more than 50 packs deep (p0 -> p1 -> ... -> p49 -> ...)" in result.stderr
    result = run("formats", "lint", str(packs / "p0.yaml"), cwd=tmp_path)
    assert_clean(result)
    assert result.returncode in (1, 2)
