"""formats list / show / lint: what a pack says, for people."""

from __future__ import annotations

import datetime as dt

from support import PROJECT_ROOT
from support import run_deckcheck as run

from deckcheck.packs.info import describe_range, in_force_on, lint_pack
from deckcheck.packs.loading import load_pack

BROKEN = """\
name: local-league
extends: standard
rules:
  - id: not-legal
    kind: card-pool
    seasons:
      - {from: 2025-04-11, marks: [G, H, I]}
      - {from: 2024-04-05, marks: [F, G, Q]}
    sets: [sv1, nosuchset]
  - id: banned
    kind: banned
    cards:
      - {ids: [sv1-189, sv1-99999], since: 2026-01-01, until: 2025-01-01}
"""


def test_lint_reports_planted_mistakes_with_their_lines():
    problems = lint_pack(
        "local.yaml", BROKEN, known_sets={"sv1", "sv2"}, known_ids={"sv1-189"}, known_marks=set("DEFGHIJ")
    )
    found = {(p.line, p.level, p.message) for p in problems}
    # One form: the key path, then what is wrong.
    assert (
        8,
        "error",
        "rules[0].seasons[1].from: season dates out of order: 2024-04-05 comes after 2025-04-11",
    ) in found
    assert (8, "warning", "rules[0].seasons[1].marks[2]: no card in the database has regulation mark Q") in found
    assert (9, "warning", "rules[0].sets[1]: unknown set id 'nosuchset' (not in the card database)") in found
    assert (13, "warning", "rules[1].cards[0].ids[1]: unknown card id 'sv1-99999' (not in the card database)") in found
    assert (13, "error", "rules[1].cards[0].until: ban ends (2025-01-01) before it starts (2026-01-01)") in found
    assert (
        10,
        "warning",
        (
            "rules[1].id: rule 'banned' replaces the inherited ban list of standard; amend it (amend: [{id: banned, kind: banned, cards: [...]}]) or give it another id to add to it"
        ),
    ) in found
    assert len(problems) == 6
    assert str(problems[0]).startswith("local.yaml:")


def test_lint_names_an_unknown_set_in_set_legal_from():
    text = (
        "name: local\nextends: standard\nrules:\n  - id: not-legal\n    kind: card-pool\n"
        "    set_legal_from:\n      me2pt5: 2026-03-06\n      me2p5: 2026-03-06\n"
    )
    problems = lint_pack("local.yaml", text, known_sets={"me2pt5"})
    assert [(p.line, p.level, p.message) for p in problems] == [
        (8, "warning", "rules[0].set_legal_from.me2p5: unknown set id 'me2p5' (not in the card database)")
    ]


def test_a_fixed_first_legal_day_is_shown_around_its_day():
    def pool_on(day):
        return dict(in_force_on(load_pack("standard"), dt.date.fromisoformat(day)))["not-legal"]

    # Ascended Heroes (released 2026-01-30) on its announced day, not release + 14 days.
    assert "fixed first legal day me2pt5 2026-03-06" in pool_on("2026-02-14")
    assert "fixed first legal day rsv10pt5 2025-08-01, zsv10pt5 2025-08-01, me2pt5 2026-03-06" in pool_on("2025-07-20")
    assert "fixed first legal day" not in pool_on("2024-03-10")


def test_shipped_packs_lint_clean_apart_from_future_marks():
    for path in sorted((PROJECT_ROOT / "formats").glob("*.yaml")):
        # B and C are marks of Japan's cards only (standard-jp).
        problems = lint_pack(str(path), path.read_text(encoding="utf-8"), known_marks=set("BCDEFGHIJ"))
        assert [p.message for p in problems if "mark K" not in p.message] == [], path


def test_date_ranges_and_what_is_in_force_on_a_day():
    # Standard from the first Modified season, Expanded from its first day.
    assert describe_range(load_pack("standard")) == "2001-05-01 onward (known to 2027-03-31)"
    assert describe_range(load_pack("expanded")) == "2014-09-01 onward (known to 2027-03-31)"
    assert describe_range(load_pack("unlimited")) == "any date"
    standard = dict(in_force_on(load_pack("standard"), dt.date(2024, 3, 10)))
    assert "regulation marks E, F, G (2023 rotation, since 2023-04-14)" in standard["not-legal"]
    standard_2017 = dict(in_force_on(load_pack("standard"), dt.date(2017, 8, 18)))["not-legal"]
    assert "promos xyp 36 and up (2016-17 season, Primal Clash-on, since 2016-09-01)" in standard_2017
    assert (
        "next change 2017-09-01 (2017-18 season, BREAKthrough-on): sets xy5, dc1, xy6, xy7, mcd15 leave"
        in standard_2017
    )
    # docs/rulings.md, "Formats through history": a first day resting on unverified sources is marked.
    standard_2015 = dict(in_force_on(load_pack("standard"), dt.date(2015, 1, 10)))["not-legal"]
    assert "since 2014-09-01 [unverified: " in standard_2015
    assert "next change 2024-04-05 (2024 rotation): marks F, G, H" in standard["not-legal"]
    expanded_2018 = dict(in_force_on(load_pack("expanded"), dt.date(2018, 8, 16)))["banned"]
    expanded_2019 = dict(in_force_on(load_pack("expanded"), dt.date(2018, 8, 17)))["banned"]
    in_force_2018, next_2018 = expanded_2018.split("next change ")
    assert "Wally" not in in_force_2018 and "Wally" in expanded_2019
    assert next_2018.startswith("2018-08-17:") and "banned: Wally since 2018-08-17" in next_2018
    assert "until 2021-02-19 [unverified: " in expanded_2019


ADDS_TO_EXPANDED = """\
name: local-expanded
extends: expanded
{remove}rules:
  - id: {rule_id}
    kind: banned
    cards:
      - {{names: [Iono], since: 2026-01-01}}
"""


def replacement_warnings(text: str, path: str = "local.yaml") -> list:
    return [(p.line, p.message) for p in lint_pack(path, text) if "replaces" in p.message]


def test_lint_warns_when_a_ban_list_reuses_the_inherited_id():
    # The author meant to ban one more card; the id 'banned' drops Expanded's whole list.
    text = ADDS_TO_EXPANDED.format(remove="", rule_id="banned")
    assert replacement_warnings(text) == [
        (
            4,
            "rules[0].id: rule 'banned' replaces the inherited ban list of expanded; amend it (amend: [{id: banned, kind: banned, cards: [...]}]) or give it another id to add to it",
        )
    ]
    problem = next(p for p in lint_pack("local.yaml", text) if "replaces" in p.message)
    assert problem.level == "warning"


def test_lint_accepts_a_ban_list_with_its_own_id_or_a_declared_replacement():
    assert replacement_warnings(ADDS_TO_EXPANDED.format(remove="", rule_id="league-bans")) == []
    # 'remove' first says the inherited list goes on purpose (as glc does).
    assert replacement_warnings(ADDS_TO_EXPANDED.format(remove="remove: [banned]\n", rule_id="banned")) == []


def test_lint_finds_the_parent_next_to_the_pack(tmp_path, monkeypatch):
    (tmp_path / "base-local.yaml").write_text(
        "name: base-local\nextends: unlimited\nrules:\n  - {id: house-bans, kind: banned, cards: [{names: [Iono]}]}\n"
    )
    text = "name: league\nextends: base-local\nrules:\n  - {id: house-bans, kind: banned, cards: [{names: [Lillie]}]}\n"
    monkeypatch.chdir(PROJECT_ROOT)
    assert replacement_warnings(text, str(tmp_path / "league.yaml")) == [
        (
            4,
            "rules[0].id: rule 'house-bans' replaces the inherited ban list of base-local; amend it (amend: [{id: house-bans, kind: banned, cards: [...]}]) or give it another id to add to it",
        )
    ]


HISTORY = """\
name: my-history
extends: unlimited
rules:
  - id: not-legal
    kind: card-pool
    first_day: 2002-01-01
    known_until: 2001-12-31
    seasons:
      - {from: 2001-05-01, name: first, sets: [base5, nosuchset]}
      - {from: 2001-01-01, name: second, sets: [neo1], promos: [{set: basep, from: 20}]}
  - id: my-bans
    kind: banned
    cards:
      - {ids: [neo1-25], since: 2001-05-01, until: 2003-07-01}
      - {ids: [neo1-25], since: 2003-01-01}
      - {names: [Slowking], since: 2003-07-01}
"""


def test_lint_checks_the_order_and_overlaps_of_a_history():
    problems = [
        (p.line, p.level, p.message) for p in lint_pack("h.yaml", HISTORY, known_sets={"base5", "neo1", "basep"})
    ]
    assert (
        10,
        "error",
        "rules[0].seasons[1].from: season dates out of order: 2001-01-01 comes after 2001-05-01",
    ) in problems
    assert (
        6,
        "error",
        "rules[0].first_day: first_day 2002-01-01 is after the first season, which starts 2001-01-01",
    ) in problems
    assert (
        9,
        "warning",
        "rules[0].seasons[0].sets[1]: unknown set id 'nosuchset' (not in the card database)",
    ) in problems
    assert (
        15,
        "warning",
        "rules[1].cards[1]: this ban overlaps entry 1 of the same list for the same card",
    ) in problems
    assert not any(line == 16 for line, _, _ in problems)  # another card
    assert len(problems) == 4, problems


def test_lint_an_unknown_card_name_in_a_ban_list_is_an_error_with_the_name_meant():
    # "names: [Ultra Bal]" bans nothing, and lint said nothing about it.
    text = (
        "name: local\nextends: standard\nrules:\n  - id: house-bans\n    kind: banned\n    cards:\n"
        "      - {names: [Ultra Bal, Iono], since: 2026-01-01}\n"
    )
    problems = lint_pack("local.yaml", text, known_names={"Ultra Ball", "Iono", "Ultra Necrozma"})
    assert [(p.line, p.level, p.message) for p in problems] == [
        (
            7,
            "error",
            "rules[0].cards[0].names[0]: unknown card name 'Ultra Bal' (did you mean 'Ultra Ball'?): no card has it,"
            " so this entry bans nothing",
        )
    ]
    # Without the database's names (the built-in catalogue), names are not judged.
    assert lint_pack("local.yaml", text) == []


def test_lint_of_the_shipped_packs_with_the_reference_database_finds_no_unknown_names(reference_index):
    from deckcheck.carddb.sqlite import iter_cards

    names = {card.name for card in iter_cards(reference_index.path)}
    from deckcheck.packs.loading import find_pack

    for pack in ("standard", "expanded", "glc"):
        path = find_pack(pack, ())
        problems = lint_pack(str(path), path.read_text(encoding="utf-8"), known_names=names)
        assert [p for p in problems if "card name" in p.message] == [], pack


def test_lint_reports_an_extends_it_cannot_follow_beside_the_schema_s_problems():
    # One run shows every stage's problems; a parent that cannot be found is one of them.
    text = "name: p\nextends: standrd\nrules:\n  - {id: size, kind: deck-size, sise: 60}\n"
    problems = [(p.line, p.level, p.message) for p in lint_pack("p.yaml", text)]
    assert problems[0][:2] == (2, "error") and problems[0][2].startswith("extends: unknown format 'standrd'")
    assert (4, "error", "rules[0].sise: unknown key 'sise' (did you mean 'size'?)") in problems
    assert len(problems) == 2
    assert ".pre-commit-config" not in problems[0][2]  # a hidden YAML file beside the pack is no format


def test_formats_show_says_sets_promos_and_always_legal_cards_as_players_know_them(reference_db):
    # "mcd14" in formats show; promos "bwp 51-76"; "always legal: {flags: [basic_energy]}".
    result = run("formats", "show", "standard", "--date", "2015-01-01", "--db", str(reference_db), "--no-config")
    text = result.stdout.decode()
    assert result.returncode == 0
    assert "McDonald's Collection 2014" in text and "promos PR-BLW 51-76" in text
    assert "always legal: basic Energy" in text
    for dataset_form in ("mcd14", "bwp", "{flags"):
        assert dataset_form not in text


def test_formats_show_without_a_card_database_says_banned_prints_by_set_code_and_number():
    # Without a database the ban list read "bw3-67, bw5-110" and "sm8-90": dataset ids. The built-in
    # catalogue knows those sets' codes, if not the cards: NVI 67, DEX 110 and LOT 90.
    result = run("formats", "show", "expanded", "--date", "2026-12-01", "--no-config")
    text = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert "- NVI 67, DEX 110 since 2017-08-18" in text
    assert "- LOT 90 since 2019-02-15" in text
    for dataset_form in ("bw3-67", "bw5-110", "sm8-90"):
        assert dataset_form not in text


def test_formats_show_says_the_season_in_the_message_language():
    # "(2026 rotation, seit 2026-04-10)" in German: the label stayed English where check translated it.
    result = run("formats", "show", "standard", "--date", "2026-12-01", "--lang", "de", "--no-config")
    text = result.stdout.decode()
    assert "(Rotation 2026, seit 2026-04-10)" in text and "2026 rotation" not in text
