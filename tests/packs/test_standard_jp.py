"""``standard-jp``, Japan's Standard, over Japan's cards (TCGdex /v2/ja) and the English ones.

The decks here are built from prints of the card database and judged by the pack's rules
(resolution is not involved): each season since 2023 on a day of it and on the day after its
oldest mark left, a card the day before its Japanese release, a fifth copy, a second ACE SPEC
(one flagged by the data, one named by the pack), and English prints judged by Japan's days."""

from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.model import JAPAN, Deck, DeckCard, DeckEntry, verdict_of
from deckcheck.packs.loading import load_pack
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext


@pytest.fixture(scope="module")
def pack():
    return load_pack("standard-jp")


def _print(index, code: str, number: str, region: str = JAPAN):
    (card,) = index.by_number(code, number, region=region)
    return card


def _check(pack, index, day: str, cards: list[tuple[int, object]]):
    """The findings of the pack's rules for a deck of ``(count, print)``."""
    entries = [DeckEntry(count, card.name, line) for line, (count, card) in enumerate(cards, start=1)]
    deck = Deck("deck.txt", tuple(DeckCard(entry, card) for entry, (_, card) in zip(entries, cards)))
    context = RuleContext(date=dt.date.fromisoformat(day), format_name=pack.name, index=index, rotation_days=0)
    return [finding for rule in pack.rules for finding in KINDS[rule.kind].check(deck, rule, context)]


def _fill(index, deck: list[tuple[int, object]]) -> list[tuple[int, object]]:
    """``deck`` made up to 60 cards with basic Energy (always legal)."""
    (energy,) = [c for c in index.by_name("基本闘エネルギー", region=JAPAN) if c.set_code == "SV1S"]
    return deck + [(60 - sum(count for count, _ in deck), energy)]


def _rules(findings) -> list[tuple[str, str]]:
    return sorted((f.rule, f.severity.value) for f in findings)


# One legal list per season since 2023 (Japanese prints only, each of a mark of the season, one
# of its oldest mark among them), with a day of the season it is checked on and the first day
# after its oldest mark left (the last season's has not come).
SEASONS = [
    (
        "2023 rotation (E, F, G)",
        "2023-06-01",
        "2024-01-26",
        [("SV1S", "083"), ("S8b", "262"), ("SV1S", "070"), ("SV1V", "072"), ("SV1V", "070")],
    ),
    (
        "2024 rotation (F, G, H)",
        "2024-06-01",
        "2025-01-24",
        [("SV1S", "083"), ("S12a", "015"), ("SV5K", "063"), ("SV5M", "062"), ("SV4a", "181")],
    ),
    (
        "2025 rotation (G, H, I)",
        "2025-06-01",
        "2026-01-23",
        [("SV9a", "006"), ("SV1S", "070"), ("SV9a", "062"), ("SV9", "099"), ("SV5K", "063")],
    ),
    ("2026 rotation (H, I, J)", "2026-03-01", None, [("SV9a", "006"), ("M2a", "216"), ("SV9", "099"), ("MC", "711")]),
]


@pytest.mark.parametrize("name, day, after, prints", SEASONS, ids=[s[0] for s in SEASONS])
def test_a_list_of_each_season_is_legal_in_it_and_not_after_its_oldest_mark_left(
    pack, japan_index, name, day, after, prints
):
    cards = [_print(japan_index, code, number) for code, number in prints]
    deck = _fill(japan_index, [(1 if card.is_ace_spec or card.is_radiant else 4, card) for card in cards])
    legal = _check(pack, japan_index, day, deck)
    assert verdict_of(legal) == "legal", [f.message for f in legal]
    if after is None:
        return
    gone = _check(pack, japan_index, after, deck)
    assert verdict_of(gone) == "illegal"
    oldest = min(_print(japan_index, code, number).regulation_mark for code, number in prints)
    errors = [f for f in gone if f.severity.value == "error"]
    assert errors and {f.rule for f in errors} == {"not-legal"}
    assert all(f"regulation mark {oldest}, which rotated out of standard-jp on {after}" in f.message for f in errors)
    # the day before, still legal
    before = (dt.date.fromisoformat(after) - dt.timedelta(days=1)).isoformat()
    assert verdict_of(_check(pack, japan_index, before, deck)) == "legal"


def test_a_card_is_not_legal_the_day_before_its_japanese_release(pack, japan_index):
    judge = _print(japan_index, "SV9a", "062")  # 熱風のアリーナ, 2025-03-14
    basic = _print(japan_index, "SV1S", "083")
    deck = _fill(japan_index, [(4, basic), (4, judge)])
    before = _check(pack, japan_index, "2025-03-13", deck)
    assert _rules(before) == [("not-legal", "error")]
    assert "came out on 2025-03-14, after 2025-03-13" in before[0].message
    # no waiting period in Japan: legal on its release day
    assert verdict_of(_check(pack, japan_index, "2025-03-14", deck)) == "legal"


def test_a_fifth_copy_of_a_name_across_prints_is_a_copy_limit_error(pack, japan_index):
    basic = _print(japan_index, "SV1S", "083")
    judges = [(4, _print(japan_index, "SV9a", "062")), (1, _print(japan_index, "SV9a", "083"))]
    found = _check(pack, japan_index, "2025-06-01", _fill(japan_index, [(4, basic), *judges]))
    assert _rules(found) == [("copy-limit", "error")] and "ジャッジマン" in found[0].message


def test_a_second_ace_spec_flagged_or_named(pack, japan_index):
    basic = _print(japan_index, "SV1S", "083")
    belt = _print(japan_index, "SV5K", "066")  # flagged by the data (ACE SPEC Rare)
    stamp = _print(japan_index, "SV5a", "053")  # アンフェアスタンプ: named by the pack
    assert belt.is_ace_spec and not stamp.is_ace_spec
    found = _check(pack, japan_index, "2024-06-01", _fill(japan_index, [(4, basic), (1, belt), (1, stamp)]))
    assert _rules(found) == [("ace-spec", "error")]
    two_named = [(1, stamp), (1, _print(japan_index, "SV5a", "055"))]  # and ハイパーアロマ
    assert _rules(_check(pack, japan_index, "2024-06-01", _fill(japan_index, [(4, basic), *two_named]))) == [
        ("ace-spec", "error")
    ]
    assert _check(pack, japan_index, "2024-06-01", _fill(japan_index, [(4, basic), (1, stamp)])) == []


def test_a_second_radiant_pokemon(pack, japan_index):
    basic = _print(japan_index, "SV1S", "083")
    radiant = [(1, _print(japan_index, "S12a", "015")), (1, _print(japan_index, "S12a", "055"))]
    found = _check(pack, japan_index, "2023-06-01", _fill(japan_index, [(4, basic), *radiant]))
    assert _rules(found) == [("radiant", "error")]


def test_an_older_print_is_legal_through_a_reprint_with_the_same_text(pack, japan_index):
    basic = _print(japan_index, "SV1S", "083")
    boss = _print(japan_index, "S8b", "158")  # ボスの指令, mark D, the same text as SV4a 181 (G)
    found = _check(pack, japan_index, "2024-06-01", _fill(japan_index, [(4, basic), (2, boss)]))
    assert _rules(found) == [("legal-reprint", "info")] and "SV" in found[0].message


def test_a_japanese_print_is_no_card_of_the_international_standard(japan_index):
    standard = load_pack("standard")
    judge = _print(japan_index, "SV9a", "062")
    found = _check(standard, japan_index, "2025-06-01", [(4, judge)])
    assert any(f.rule == "not-legal" and "is a Japanese print" in f.message for f in found)


# -- English-written lists of Japanese events --------------------------------------------


def test_an_english_print_is_judged_by_japans_days_not_its_own(pack, japan_index):
    basic = _print(japan_index, "SVI", "1", region="intl")
    # Ciphermaniac's Codebreaking TEF 145 (mark H): English release 2024-03-22, but TEF's cards
    # came out in Japan on 2024-01-26 (SV5K/SV5M)
    (cipher,) = japan_index.by_number("TEF", "145")
    deck = _fill(japan_index, [(4, basic), (2, cipher)])
    assert verdict_of(_check(pack, japan_index, "2024-02-17", deck)) == "legal"
    early = _check(pack, japan_index, "2024-01-25", deck)
    assert _rules(early) == [("not-legal", "error")] and "came out in Japan from 2024-01-26" in early[0].message


def test_an_english_print_whose_japanese_day_the_data_cannot_tell_is_not_verified(pack, japan_index):
    basic = _print(japan_index, "SVI", "1", region="intl")
    # TWM collects SV5a (2024-03-22) and SV6 (2024-04-26): on 2024-04-01 the data cannot tell
    (twm,) = japan_index.by_number("TWM", "129")
    found = _check(pack, japan_index, "2024-04-01", _fill(japan_index, [(4, basic), (2, twm)]))
    assert _rules(found) == [("unknown-release", "error")] and verdict_of(found) == "unverified"
    assert verdict_of(_check(pack, japan_index, "2024-04-26", _fill(japan_index, [(4, basic), (2, twm)]))) == "legal"


def test_an_english_print_of_a_rotated_mark_is_not_legal_in_japan_before_it_is_internationally(pack, japan_index):
    basic = _print(japan_index, "MEG", "1", region="intl")  # mark I
    (nest,) = japan_index.by_number("SVI", "181")  # Nest Ball SVI 181, mark G
    deck = _fill(japan_index, [(4, basic), (4, nest)])
    found = _check(pack, japan_index, "2026-02-01", deck)  # G left Japan on 2026-01-23 (April elsewhere)
    assert _rules(found) == [("not-legal", "error")] and "regulation mark G" in found[0].message
    assert verdict_of(_check(load_pack("standard"), japan_index, "2026-02-01", deck)) == "legal"
