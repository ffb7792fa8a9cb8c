"""A line that does not say which card it is never makes a deck legal (docs/rulings.md, "Which card
a line is"), over the reference data, each example with its real line; the front ends (CLI,
library, serve, --jobs 2) in tests/core/test_uncertain_lines_front_ends.py."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from pathlib import Path

import pytest

from deckcheck.carddb.index import SET_CODE_ALIASES, set_code_key
from deckcheck.core.resolve import LIVE_ALT_SERIES, resolve_deck
from deckcheck.engine import check_deck, resolve_options_for
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text

TESTS = Path(__file__).resolve().parents[1]
# A legal Standard list of 2026-08-22 (tests/exports, source in the README there).
STANDARD = (TESTS / "exports" / "2026-08-22-standard-31.txt").read_text("utf-8")
STANDARD_DAY = "2026-08-22"
GLC = (TESTS / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt").read_text("utf-8")


def swapped(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def check(index, text: str, fmt: str, day: str):
    return check_deck(parse_text(text, "d.txt"), load_pack(fmt), index, dt.date.fromisoformat(day))


def found(result, severity: str | None = None) -> list[tuple[str, str, tuple[int, ...]]]:
    return [
        (f.rule, f.severity.value, tuple(f.lines))
        for f in result.findings
        if severity is None or f.severity.value == severity
    ]


def line_of(text: str, written: str) -> int:
    return text.splitlines().index(written) + 1


def test_the_base_lists_are_legal(reference_index):
    assert check(reference_index, STANDARD, "standard", STANDARD_DAY).verdict == "legal"
    assert check(reference_index, GLC, "glc", "2026-11-30").verdict == "legal"


# -- 1. name vs number ---------------------------------------------------------------


def test_another_cards_name_says_no_card_and_leaves_the_deck_not_verified(reference_index):
    # MEG 114 is Boss's Orders: the line names two cards, so it says none (docs/rulings.md).
    # It is judged as neither: no not-legal finding about an Iono the list may not hold.
    text = swapped(STANDARD, "2 Hilda WHT 171", "2 Iono MEG 114")
    result = check(reference_index, text, "standard", STANDARD_DAY)
    line = line_of(text, "2 Iono MEG 114")
    assert found(result, "error") == [("name-mismatch", "error", (line,))]
    assert result.verdict == "unverified" and result.total_cards == 60
    mismatch = next(f for f in result.findings if f.rule == "name-mismatch")
    assert mismatch.message.startswith("MEG 114 is Boss's Orders, not Iono")


def test_an_unidentified_line_never_counts_toward_a_copy_limit(reference_index):
    # MEG 131 is Ultra Ball; SCR 133 (Crispin) and MEG 130 (Switch) are not. Whichever cards
    # those two lines are, 4 Ultra Ball break no limit: not verified, not illegal.
    text = swapped(STANDARD, "4 Poké Pad POR 113", "4 Ultra Ball MEG 131")
    text = swapped(text, "2 Switch PFL 123", "2 Ultra Ball SCR 133")
    text = swapped(text, "1 Pokégear 3.0 UNB 233", "1 Ultra Ball MEG 130")
    result = check(reference_index, text, "standard", STANDARD_DAY)
    assert [r for r, _s, _l in found(result, "error")] == ["name-mismatch", "name-mismatch"]
    assert result.verdict == "unverified"


def test_a_fifth_copy_among_identified_lines_is_illegal_beside_an_unidentified_line(reference_index):
    text = swapped(STANDARD, "4 Poké Pad POR 113", "4 Ultra Ball MEG 131")
    text = swapped(text, "2 Hilda WHT 171", "2 Ultra Ball MEG 131")
    text = swapped(text, "1 Pokégear 3.0 UNB 233", "1 Ultra Ball MEG 130")
    result = check(reference_index, text, "standard", STANDARD_DAY)
    (limit,) = [f for f in result.findings if f.rule == "copy-limit"]
    assert "6 cards named Ultra Ball" in limit.message and result.verdict == "illegal"


def test_a_rule_box_card_behind_a_wrong_number_leaves_a_glc_deck_not_verified(reference_index):
    text = swapped(GLC, "1 Vulpix SIT 17", "1 Victini V BRS 21")  # BRS 21 is Moltres
    result = check(reference_index, text, "glc", "2026-11-30")
    line = line_of(text, "1 Victini V BRS 21")
    assert found(result, "error") == [("name-mismatch", "error", (line,))]
    assert result.verdict == "unverified"


def test_no_knock_on_message_about_a_card_the_player_never_wrote(reference_index):
    # HP 68 is Lileep δ (Stage 1); the player wrote Trapinch, a Basic Pokémon.
    result = check(reference_index, "4 Trapinch HP 68\n56 Fighting Energy BS 97\n", "unlimited", "2026-11-30")
    assert "basic-pokemon" not in [f.rule for f in result.findings]
    assert found(result) == [("name-mismatch", "error", (1,))]
    assert result.verdict == "unverified"


@pytest.mark.parametrize(
    "line, card_id, rules",
    [
        ("4 Mewtwo & Mew GX UNM 71", "sm11-71", []),  # GX / -GX: the same name
        ("4 Plasma Badge PLF 104", "bw9-104", [("name-mismatch", "warning")]),  # Team Plasma Badge
        ("6 Fighting BS 97", "base1-97", []),  # Fighting Energy by its type alone
        ("4 Battle Compressor PHF 92", "xy4-92", []),  # the dataset's "Team Flare Gear" suffix
        ("4 Thunder Mountain {*} LOT 191", "sm8-191", []),
        ("2 Latias Star DX 105", None, None),  # checked below only for its verdict
        ("4 Ultra Bal SVI 196", "sv1-196", [("name-mismatch", "warning")]),  # a one-letter typo
    ],
)
def test_real_spellings_stay_legal(reference_index, line, card_id, rules):
    deck, findings = resolve_deck(
        parse_text(line, "d.txt"),
        reference_index,
        resolve_options_for(load_pack("unlimited"), dt.date(2026, 11, 30), reference_index),
    )
    assert not [f for f in findings if f.severity.value == "error"], [f.message for f in findings]
    if card_id is not None:
        assert [c.card.id for c in deck.cards] == [card_id]
        assert [(f.rule, f.severity.value) for f in findings] == rules


def test_a_name_that_is_no_card_is_an_error_and_not_counted(reference_index):
    text = swapped(STANDARD, "2 Hilda WHT 171", "2 Hildaa Foo WHT 171")
    result = check(reference_index, text, "standard", STANDARD_DAY)
    assert found(result, "error") == [("name-mismatch", "error", (line_of(text, "2 Hildaa Foo WHT 171"),))]
    assert result.verdict == "unverified"


# -- 2. set codes the database does not hold -----------------------------------------


def test_an_unknown_set_code_is_an_error_never_read_by_name(reference_index):
    # Pitch Black (PBL) is newer than the reference data.
    text = swapped(STANDARD, "4 Cynthia's Roselia DRI 7", "4 Tropius PBL 1")
    result = check(reference_index, text, "standard", "2026-07-20")
    (unknown,) = [f for f in result.findings if f.rule == "unknown-set"]
    assert unknown.severity.value == "error" and "deckcheck db update" in unknown.hint
    assert "not-legal" not in [f.rule for f in result.findings if line_of(text, "4 Tropius PBL 1") in f.lines]
    assert result.verdict == "unverified"


# Every promo code and its aliases: a real card of the reference data for each.
PROMO_LINES = {
    "PR": "Pikachu 1",
    "WBSP": "Pikachu 1",
    "PR-WB": "Pikachu 1",
    "WP": "Pikachu 1",
    "PR-WBSP": "Pikachu 1",
    "PR-NP": "Kyogre ex 1",
    "NP": "Kyogre ex 1",
    "NBSP": "Kyogre ex 1",
    "PR-DPP": "Turtwig DP01",
    "PR-DP": "Turtwig DP01",
    "DPP": "Turtwig 1",
    "DPBSP": "Turtwig 1",
    "PR-HS": "Ho-Oh HGSS01",
    "HSP": "Ho-Oh 1",
    "PR-HGSS": "Ho-Oh 1",
    "HGSSP": "Ho-Oh 1",
    "PR-BLW": "Snivy BW01",
    "BWP": "Snivy 1",
    "PR-BW": "Snivy 1",
    "PR-XY": "Chespin XY01",
    "XYP": "Chespin 1",
    "PR-SM": "Rowlet SM01",
    "SMP": "Rowlet 1",
    "PR-SW": "Grookey SWSH001",
    "SWSHP": "Grookey 1",
    "PR-SWSH": "Grookey 1",
    "PR-SV": "Sprigatito 1",
    "SVP": "Sprigatito 1",
    "PR-SVP": "Sprigatito 1",
    "MEP": "Meganium 1",
    "PR-ME": "Meganium 1",
    "PR-MEP": "Meganium 1",
    "FAC": "Shuckle 1",
    "FCO": "Shuckle 1",
}


def test_every_alias_is_tested():
    assert set(SET_CODE_ALIASES) <= set(PROMO_LINES)


@pytest.mark.parametrize("code", sorted(PROMO_LINES))
def test_every_real_promo_code_reads_a_real_card(reference_index, code):
    name, number = PROMO_LINES[code].rsplit(" ", 1)
    assert reference_index.knows_set_code(code), code
    printed = reference_index.by_number(code, number)
    assert [c.name for c in printed][:1] == [name], (code, number, [c.label for c in printed])
    deck, findings = resolve_deck(parse_text(f"1 {name} {code} {number}", "d.txt"), reference_index)
    assert findings == [] and deck.cards[0].card.name == name


def test_every_set_code_of_the_reference_data_is_known(reference_index):
    codes = [
        row[0]
        for row in reference_index._conn.execute("SELECT DISTINCT set_code FROM cards WHERE set_code IS NOT NULL")
    ]
    assert len(codes) > 140
    assert all(reference_index.knows_set_code(code) and set_code_key(code) == code.upper() for code in codes)


# -- 3. PTCG Live ALT codes -------------------------------------------------------------


def test_an_alt_code_reads_only_prints_of_its_series(reference_index):
    # SWSHALT is Sword & Shield: in Standard of 2026 no Sword & Shield Pikachu is legal.
    result = check(reference_index, "1 Pikachu SWSHALT 1", "standard", "2026-11-30")
    assert ("not-legal", "error", (1,)) in found(result)
    assert "ASC" not in " ".join(f.message for f in result.findings if f.rule == "unknown-print")


def test_an_alt_code_never_reads_a_print_released_after_the_day(reference_index):
    deck, _findings = resolve_deck(
        parse_text("1 Ultra Ball SWSHALT 5", "d.txt"),
        reference_index,
        resolve_options_for(load_pack("standard"), dt.date(2025, 6, 1), reference_index),
    )
    card = deck.cards[0].card
    assert card.set_id.startswith("swsh") and card.release_date <= "2023-01-20"


def test_alt_candidates_with_differing_verdicts_are_an_ambiguous_card_error(reference_index):
    result = check(reference_index, "1 Snorlax SWSHALT 107", "standard", "2023-06-01")
    (ambiguous,) = [f for f in result.findings if f.rule == "ambiguous-card"]
    assert ambiguous.severity.value == "error" and "Snorlax PR-SW SWSH032" in ambiguous.message


def test_every_alt_series_has_a_first_and_a_last_day():
    assert set(LIVE_ALT_SERIES) == {"BWALT", "XYALT", "SMALT", "SWSHALT", "SVALT", "MEALT"}
    ordered = sorted(LIVE_ALT_SERIES.values(), key=lambda s: s.first)
    assert ordered[-1].last is None  # the series that goes on
    for series, following in itertools.pairwise(ordered):
        assert series.last is not None and series.first < series.last
        assert following.last is None or series.last < following.last


# -- 4. name-only lines: δ and LV.X forms --------------------------------------------


def test_a_name_only_line_may_be_the_delta_form(reference_index):
    # Worlds 2006: the only Dragonair in the pool is Dragonair δ DS 41.
    pack, day = load_pack("standard"), dt.date(2006, 8, 25)
    parsed = parse_text("1 Dragonair\n3 Dragonite\n", "d.txt")
    deck, _ = resolve_deck(parsed, reference_index, resolve_options_for(pack, day, reference_index))
    assert [c.card.name for c in deck.cards] == ["Dragonair δ", "Dragonite δ"]
    result = check_deck(parsed, pack, reference_index, day)
    assert "not-legal" not in [f.rule for f in result.findings]


def test_a_name_out_of_the_pool_is_judged_on_a_print_of_its_day(reference_index):
    # No Alakazam is in the 2006 pool; the newest print by then is Skyridge's (2003),
    # not one of 2023 (MEW) that would be "not legal yet".
    result = check(reference_index, "1 Alakazam\n", "standard", "2006-08-25")
    (not_legal,) = [f for f in result.findings if f.rule == "not-legal"]
    assert not_legal.message.startswith("Alakazam is from SK")
    years = [int(y) for y in re.findall(r"\b(20\d\d)-\d\d-\d\d", not_legal.message)]
    assert all(year <= 2006 for year in years), not_legal.message


# -- 7. set codes in lower or mixed case -------------------------------------------------


@pytest.mark.parametrize(
    "line, card_id",
    [
        ("4 Boss's Orders meg 114", "me1-114"),
        ("2 Ultra Ball Dex 102", "bw5-102"),
        ("4 Iono pal 185", "sv2-185"),
    ],
)
def test_a_lower_case_set_code_is_a_set_code(reference_index, line, card_id):
    deck, findings = resolve_deck(parse_text(line, "d.txt"), reference_index)
    assert findings == [] and [c.card.id for c in deck.cards] == [card_id]


def test_a_name_without_a_real_code_stays_a_name(reference_index):
    # "Dex 102" names no card and Dex is no card name: an unknown card, read as written.
    _deck, findings = resolve_deck(parse_text("2 Dex 102", "d.txt"), reference_index)
    assert [f.rule for f in findings] == ["unknown-card"]
    assert "Pokégear 3.0" in [
        c.card.name for c in resolve_deck(parse_text("1 Pokégear 3.0", "d.txt"), reference_index)[0].cards
    ]


# -- the unknown card's name without its set code ---------------------------


def test_unknown_card_says_the_name_without_the_set_code(reference_index):
    _, findings = resolve_deck(parse_text("4 Dreepyy TWM 999", "d.txt"), reference_index)
    (unknown,) = findings
    assert unknown.message.startswith("No card named Dreepyy was found")


# -- 6. fmt never changes what a line is ---------------------------------------------


def _fmt(index, text: str, fmt: str = "unlimited", day: str = "2026-11-30") -> str:
    from deckcheck.core.layout import layout, unambiguous_prints

    parsed = parse_text(text, "d.txt")
    options = resolve_options_for(load_pack(fmt), dt.date.fromisoformat(day), index)
    deck, _ = resolve_deck(parsed, index, options)
    return layout(parsed, deck, text, prints=unambiguous_prints(parsed, index, options.allowed)).text


def _reading(index, text: str) -> tuple:
    result = check(index, text, "unlimited", "2026-11-30")
    return (
        result.verdict,
        sorted((f.rule, f.severity.value) for f in result.findings if f.rule != "syntax"),
        dict(result.counts),
    )


@pytest.mark.parametrize(
    "line, kept",
    [
        ("2x x Nest Ball", "2x x Nest Ball"),  # an unknown card "x Nest Ball", not Nest Ball
        ("6 Water Energy SVE 2", "6 Water Energy SVE 2"),  # SVE 2 is Fire Energy: the name stays
        ("6 Fire Energy SVE 99", "6 Fire Energy SVE 99"),  # no SVE 99: read by name, a warning either way
        ("2 Iono MEG 114", "2 Iono MEG 114"),
        ("4 Plasma Badge PLF 104", "4 Plasma Badge PLF 104"),
        ("5 Psychic Energy", "5 Basic {P} Energy"),  # as PTCG Live writes it
        ("2 Fire Energy", "2 Basic {R} Energy"),
        (
            "3 Darkness Energy",
            "3 Darkness Energy",
        ),  # docs/rulings.md, "A bare Darkness or Metal Energy": the format decides
    ],
)
def test_fmt_keeps_what_each_line_is(reference_index, line, kept):
    once = _fmt(reference_index, line + "\n")
    assert kept in once.splitlines(), once
    assert _reading(reference_index, once) == _reading(reference_index, line + "\n")
    assert _fmt(reference_index, once) == once


@pytest.mark.parametrize(
    "data",
    [
        "4 Iono PAL 185\n\ufeff\n".encode(),  # a line of only U+FEFF: a syntax error, before and after
        b"\xef\xbb\xbf\xef\xbb\xbf",  # two byte-order marks: not an empty file after fmt
    ],
)
def test_fmt_keeps_a_line_of_a_byte_order_mark(reference_index, tmp_path, data):
    from support import run_deckcheck

    def run(*args, path):
        options = ("--format", "unlimited", "--date", "2026-11-30")
        return run_deckcheck(*args, path, *options, env={"DECKCHECK_DB": str(reference_index.path)})

    deck = tmp_path / "deck.txt"
    deck.write_bytes(data)
    before = run("check", "--output", "json", path=deck)
    run("fmt", path=deck)
    once = deck.read_bytes()
    after = run("check", "--output", "json", path=deck)
    run("fmt", path=deck)
    assert deck.read_bytes() == once
    assert after.returncode == before.returncode

    def rules(done):
        import json

        return sorted((f["rule"], f["severity"]) for f in json.loads(done.stdout)["results"][0]["findings"])

    assert rules(after) == rules(before)


def test_a_name_only_line_whose_prints_differ_and_are_not_all_allowed_is_a_warning_saying_which(reference_index):
    """``4 Pikachu`` in Standard, where some Pikachu prints are
    legal and others not and their game texts differ: the ambiguous-card warning stands, naming
    the prints the line may mean (at most four, then "…") and those the format allows; the line
    is read as an allowed one."""
    text = swapped(STANDARD, "4 Cynthia's Roselia DRI 7", "4 Pikachu")
    result = check(reference_index, text, "standard", STANDARD_DAY)
    (finding,) = [f for f in result.findings if f.rule == "ambiguous-card"]
    assert finding.severity.value == "warning" and finding.lines == (line_of(text, "4 Pikachu"),)
    message = finding.message
    assert "different game texts" in message and "allows only" in message, message
    listed, legal = re.search(r"\(([^)]*)\), of which the format allows only (.*) on the day", message).groups()
    assert listed.count("Pikachu") == 4 and listed.endswith("…") and legal.count("Pikachu") >= 1, message
    assert result.verdict == "legal", message


def test_a_name_mismatch_counts_as_the_card_named_not_a_namesake_of_another_stage(reference_index):
    # "8 Arceus AR 1": AR 1 is Charizard; the line counts as Arceus (docs/rulings.md), a Basic
    # Pokémon -- not Arceus LV.X, which shares its name for the copy limit. No knock-on
    # basic-pokemon error for a deck of 8 Arceus.
    result = check(reference_index, "8 Arceus AR 1\n52 Grass Energy\n", "unlimited", "2010-06-01")
    assert [(rule, severity) for rule, severity, _ in found(result)] == [("name-mismatch", "error")]
    assert result.verdict == "unverified"
