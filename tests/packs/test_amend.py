"""``amend:``: a league's pack changes one inherited rule by its id without copying it.

docs/formats.md's example (docs/packs/league.yaml) adds one ban to Standard's ban list and
moves one set's first legal day; everything else of Standard, its other bans and announced
days included, is inherited as it is."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from support import PROJECT_ROOT

from deckcheck.engine import check_deck
from deckcheck.packs.info import lint_pack
from deckcheck.packs.loading import PackError, load_pack, validate_pack_data
from deckcheck.parse.text import parse_text

LEAGUE = PROJECT_ROOT / "docs" / "packs" / "league.yaml"


def test_an_amendment_adds_to_the_inherited_rule_and_keeps_the_rest():
    standard, league = load_pack("standard"), load_pack(str(LEAGUE))
    bans, inherited = league.rule("banned").options["cards"], standard.rule("banned").options["cards"]
    assert bans[: len(inherited)] == inherited and len(bans) == len(inherited) + 1
    assert bans[-1]["names"] == ["Iono"]
    days, shipped = (
        league.rule("not-legal").options["set_legal_from"],
        standard.rule("not-legal").options["set_legal_from"],
    )
    assert days == {**shipped, "me3": "2026-04-03"} and days["me2pt5"] == shipped["me2pt5"]
    # Every other rule, and every other option of the amended ones, is Standard's own.
    assert [rule.id for rule in league.rules] == [rule.id for rule in standard.rules]
    for rule in league.rules:
        old = standard.rule(rule.id)
        assert rule.kind == old.kind
        assert {k: v for k, v in rule.options.items() if k not in ("cards", "set_legal_from")} == {
            k: v for k, v in old.options.items() if k not in ("cards", "set_legal_from")
        }


def _findings(pack: str, line: str, day: str, index) -> list[tuple[str, str]]:
    result = check_deck(parse_text(f"1 {line}\n", "d.txt"), load_pack(pack), index, dt.date.fromisoformat(day))
    return [(f.rule, f.message) for f in result.findings if f.rule not in ("deck-size", "basic-pokemon")]


def test_the_league_bans_iono_and_plays_perfect_order_a_week_early(reference_index):
    assert ("banned", "Iono is banned in this format since 2024-11-01 (league ruling).") in _findings(
        str(LEAGUE), "Iono PAL 185", "2024-12-01", reference_index
    )
    assert not _findings("standard", "Iono PAL 185", "2024-12-01", reference_index)
    # Perfect Order (released 2026-03-27): legal from 2026-04-10 in Standard, from 2026-04-03 here.
    assert not _findings(str(LEAGUE), "Spinarak POR 1", "2026-04-03", reference_index)
    assert [rule for rule, _ in _findings("standard", "Spinarak POR 1", "2026-04-03", reference_index)] == ["not-legal"]


def _pack(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "amendment, message",
    [
        ("{id: banz, kind: banned, cards: []}", "amend[0]: 'standard' has no rule 'banz' to amend"),
        (
            "{id: banned, kind: card-pool, set_legal_from: {}}",
            "amend[0]: rule 'banned' of 'standard' is a banned rule, not card-pool",
        ),
    ],
)
def test_an_amendment_of_no_inherited_rule_is_refused(tmp_path, amendment, message):
    path = _pack(tmp_path, f"name: club\nextends: standard\namend:\n  - {amendment}\n")
    with pytest.raises(PackError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_pack(str(path))


@pytest.mark.parametrize(
    "amendment, where, message",
    [
        ({"id": "banned", "cards": []}, ["amend", 0], "the key 'kind' is missing"),
        ({"id": "banned", "kind": "banned", "cardz": []}, ["amend", 0, "cardz"], "unknown key 'cardz'"),
        ({"id": "banned", "kind": "banned", "cards": "Iono"}, ["amend", 0, "cards"], "must be a list"),
    ],
)
def test_the_schema_checks_an_amendment_by_the_kind_it_names(amendment, where, message):
    found = validate_pack_data({"name": "club", "extends": "standard", "amend": [amendment]})
    assert any(path == where and message in text for path, text in found), found


def test_a_pack_that_only_amends_needs_no_rules_but_one_of_the_two():
    assert validate_pack_data({"name": "club", "extends": "standard", "amend": []}) == []
    assert validate_pack_data({"name": "club", "extends": "standard"})


def test_lint_finds_what_an_amendment_gets_wrong_by_line():
    text = """\
name: club
extends: standard
amend:
  - {id: banz, kind: banned, cards: []}
  - {id: not-legal, kind: banned, cards: []}
  - id: banned
    kind: banned
    cards:
      - {names: [Iono Typo], since: 2026-01-01}
  - {id: copy-limit, kind: copy-limit, max: 3}
rules:
  - {id: copy-limit, kind: copy-limit, max: 2}
"""
    problems = {(p.line, p.level, p.message) for p in lint_pack("club.yaml", text, known_names={"Iono", "Ultra Ball"})}
    assert (4, "error", "amend[0].id: 'standard' has no rule 'banz' to amend") in problems
    assert (5, "error", "amend[1].kind: rule 'not-legal' of 'standard' is a card-pool rule, not banned") in problems
    assert any(
        line == 9
        and level == "error"
        and message.startswith("amend[2].cards[0].names[0]: unknown card name 'Iono Typo'")
        for line, level, message in problems
    ), problems
    assert (
        10,
        "error",
        "amend[3].id: rule 'copy-limit' is also in 'rules', which replaces it whole; amend it or replace it",
    ) in problems


def test_the_documented_league_pack_lints_clean():
    assert lint_pack(str(LEAGUE), LEAGUE.read_text(encoding="utf-8")) == []


def test_an_amending_pack_loads_the_same_from_the_validation_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    path = _pack(tmp_path, LEAGUE.read_text(encoding="utf-8"))
    first = load_pack(str(path))
    from deckcheck.packs import loading

    loading._CACHE.clear()  # noqa: SLF001 - the second load must come from the cache file
    assert load_pack(str(path)) == first
