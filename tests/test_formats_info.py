"""formats list / show / lint: what a pack says, for people."""

from __future__ import annotations

import datetime as dt

from deckcheck.formats_info import describe_range, in_force_on, lint_pack
from deckcheck.packs import load_pack
from support import PROJECT_ROOT

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
    problems = lint_pack("local.yaml", BROKEN, known_sets={"sv1", "sv2"}, known_ids={"sv1-189"},
                         known_marks=set("DEFGHIJ"))
    found = {(p.line, p.level, p.message) for p in problems}
    assert (8, "error", "season dates out of order: 2024-04-05 comes after 2025-04-11") in found
    assert (8, "warning", "no card in the database has regulation mark Q") in found
    assert (9, "warning", "unknown set id 'nosuchset' (not in the card database)") in found
    assert (13, "warning", "unknown card id 'sv1-99999' (not in the card database)") in found
    assert (13, "error", "ban ends (2025-01-01) before it starts (2026-01-01)") in found
    assert len(problems) == 5
    assert str(problems[0]).startswith("local.yaml:")


def test_shipped_packs_lint_clean_apart_from_future_marks():
    for path in sorted((PROJECT_ROOT / "formats").glob("*.yaml")):
        problems = lint_pack(str(path), path.read_text(encoding="utf-8"), known_marks=set("DEFGHIJ"))
        assert [p.message for p in problems if "mark K" not in p.message] == [], path


def test_date_ranges_and_what_is_in_force_on_a_day():
    assert describe_range(load_pack("standard")) == "2021-09-10 onward"
    assert describe_range(load_pack("unlimited")) == "any date"
    standard = dict(in_force_on(load_pack("standard"), dt.date(2024, 3, 10)))
    assert "regulation marks E, F, G (2023 rotation, since 2023-04-14)" in standard["not-legal"]
    assert "next change 2024-04-05: marks F, G, H" in standard["not-legal"]
    expanded_2018 = dict(in_force_on(load_pack("expanded"), dt.date(2018, 8, 16)))["banned"]
    expanded_2019 = dict(in_force_on(load_pack("expanded"), dt.date(2018, 8, 17)))["banned"]
    assert "Wally" not in expanded_2018 and "Wally" in expanded_2019
