"""The reprint rule (docs/rulings.md, "Reprints: functionally identical cards"; RULES.md 6.1, 6.2) on
real cards of the reference data."""

from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.engine import check_deck
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text


def findings(index, text, fmt, day):
    result = check_deck(parse_text(text, "d.txt"), load_pack(fmt), index, dt.date.fromisoformat(day))
    return [(f.rule, f.severity.value, f.message) for f in result.findings if f.rule in ("not-legal", "legal-reprint")]


@pytest.mark.parametrize(
    "line, fmt, day, reprint",
    [
        # The official examples of RULES.md 6.1 [S11]: reworded reprints of the same Trainer.
        ("4 Rare Candy SUM 129", "standard", "2023-06-01", None),
        ("4 Boss's Orders RCL 154", "standard", "2026-11-30", None),
        # RULES.md 6.2: Double Colorless Energy BS 96 is Expanded-legal through its reprints.
        ("4 Double Colorless Energy BS 96", "expanded", "2026-11-30", None),
        # Identical Pokémon: OBF 125 is a G print, PAF 54 too; on 2025-06-01 both are legal on their own.
        ("3 Charizard ex OBF 125", "standard", "2025-06-01", "none needed"),
    ],
)
def test_prints_legal_through_a_reprint(reference_index, line, fmt, day, reprint):
    found = findings(reference_index, line + "\n", fmt, day)
    if reprint == "none needed":
        assert found == []
        return
    assert [(rule, severity) for rule, severity, _ in found] == [("legal-reprint", "info")], found
    if reprint:
        assert found[0][2].endswith(f"is legal through its reprint {reprint}.")


@pytest.mark.parametrize(
    "line, fmt, day, why",
    [
        # Not the same card: Base Set's Computer Search is no ACE SPEC (BCR 137 is).
        ("1 Computer Search BS 71", "expanded", "2026-11-30", "which is not in the expanded card pool"),
        # A set in its waiting period is not legal yet, reprints of legal cards included.
        ("4 Energy Retrieval CRI 108", "standard", "2026-05-25", "becomes legal in standard on 2026-06-05"),
        # A Pokémon reprint needs the same game text: EX-era Charizard ex is not SV Charizard ex.
        ("1 Charizard ex RG 105", "standard", "2026-11-30", "rotated out of standard on 2006-09-01"),
    ],
)
def test_prints_not_legal_although_their_name_is(reference_index, line, fmt, day, why):
    found = findings(reference_index, line + "\n", fmt, day)
    assert [rule for rule, _, _ in found] == ["not-legal"], found
    assert why in found[0][2]


def test_the_other_print_hint_names_the_same_printed_name_only(reference_index):
    result = check_deck(
        parse_text("1 Mewtwo LV.X LA 144\n", "d.txt"), load_pack("glc"), reference_index, dt.date(2026, 11, 30)
    )
    hints = [f.hint or "" for f in result.findings]
    assert not any("Mewtwo SCR" in hint for hint in hints), hints


# -- functionally identical, in both directions (docs/rulings.md, "Reprints: functionally identical cards") --


@pytest.mark.parametrize(
    "line, fmt, day, reprint",
    [
        # Reworded but doing the same thing: legal through the newer print.
        ("4 Rare Candy SUM 129", "standard", "2026-11-30", "MEG"),  # "to evolve it" / ", skipping the Stage 1"
        ("2 Pal Pad UPR 132", "standard", "2025-06-01", "SVI"),  # "Shuffle 2" / "Shuffle up to 2"
        ("1 Counter Catcher CIN 120", "standard", "2025-06-01", "PAR"),  # "Switch ... with their Active" / "Switch in"
        ("4 Ultra Ball PLB 90", "standard", "2026-11-30", "ASC"),  # "(If you can't discard 2 cards ...)"
        ("2 Copycat TRR 83", "expanded", "2026-11-30", "EVS"),  # "count ... and draw that many cards"
        ("4 Crushing Hammer EPO 92", "standard", "2025-06-01", "SVI"),  # "attached to 1 of" / "from 1 of"
    ],
)
def test_reworded_prints_stay_legal_through_their_reprint(reference_index, line, fmt, day, reprint):
    _assert_legal_through(reference_index, line, fmt, day, reprint)


def _assert_legal_through(reference_index, line, fmt, day, reprint):
    found = findings(reference_index, line + "\n", fmt, day)
    assert [(rule, severity) for rule, severity, _ in found] == [("legal-reprint", "info")], found
    # The finding names the print that makes it legal (the newest such print).
    assert f"is legal through its reprint {reprint} " in found[0][2], found


@pytest.mark.parametrize(
    "line, fmt, day",
    [
        # The Handbook's own example: TR 17 does 10 damage (no Weakness/Resistance) and counts as basic Energy.
        ("2 Rainbow Energy TR 17", "expanded", "2026-11-30"),
        # "Remove 2 damage counters" is 20, not "Heal 30 damage" (POR 83, legal from 2026-04-10).
        ("2 Potion RS 91", "standard", "2026-11-30"),
        # The old Master Ball looks at 7 cards; TEF 153 is an ACE SPEC that searches the deck.
        ("1 Master Ball G2 116", "standard", "2025-06-01"),
        ("1 Master Ball DX 88", "expanded", "2026-11-30"),
        # Energy Retrieval BS 81 costs a card from the hand; BLW 92 does not.
        ("2 Energy Retrieval BS 81", "expanded", "2026-11-30"),
    ],
)
def test_different_effects_with_one_name_are_not_reprints(reference_index, line, fmt, day):
    found = findings(reference_index, line + "\n", fmt, day)
    assert [rule for rule, _, _ in found] == ["not-legal"], found


def test_the_other_print_hint_says_whether_the_text_is_the_same(reference_index):
    # MEG (released 2025-09-26) is in its waiting period on 2025-10-01;
    # Rare Candy PAF 89 is legal and has the very same text.
    result = check_deck(
        parse_text("4 Rare Candy MEG 125\n", "d.txt"), load_pack("standard"), reference_index, dt.date(2025, 10, 1)
    )
    hints = [f.hint for f in result.findings if f.rule == "not-legal"]
    assert len(hints) == 1 and "with the same game text is legal: Rare Candy" in hints[0], hints
    # Potion RS 91 against a legal Potion of other text keeps the "different game text" hint.
    result = check_deck(
        parse_text("2 Potion RS 91\n", "d.txt"), load_pack("standard"), reference_index, dt.date(2026, 11, 30)
    )
    hints = [f.hint for f in result.findings if f.rule == "not-legal"]
    assert len(hints) == 1 and "with different game text is legal: Potion" in hints[0], hints


# -- reworded old Trainers and Energy (docs/rulings.md, "Reprints: functionally identical cards") -----


@pytest.mark.parametrize(
    "line, fmt, day, reprint",
    [
        ("4 Pokémon Center Lady FLF 93", "standard", "2021-03-01", "VIV"),  # "remove all Special Conditions from"
        ("2 Lucky Helmet AOR 77", "standard", "2025-01-01", "TWM"),  # "Whenever ... is your Active Pokémon"
        ("2 Tool Scrapper DRX 116", "standard", "2021-03-01", "RCL"),  # "attached to Pokémon in play"
        ("1 Scoop Up Cyclone PLB 95", "standard", "2025-01-01", "TWM"),  # "all cards attached to it"
        ("2 Rainbow Energy AQ 144", "expanded", "2026-11-30", "CES"),  # without "This card provides [C] Energy."
        ("2 Rainbow Energy HS 104", "expanded", "2026-11-30", "CES"),
    ],
)
def test_reworded_old_trainers_are_legal_through_their_newer_print(reference_index, line, fmt, day, reprint):
    _assert_legal_through(reference_index, line, fmt, day, reprint)


def _trainer(text: str, kind: str = "Item", supertype: str = "Trainer") -> dict:
    return {"supertype": supertype, "subtypes": [kind], "rules": [text]}


@pytest.mark.parametrize(
    "old, new, different",
    [
        # Pokémon Center Lady FLF 93 / SSH 176; healing less or not curing is another card.
        (
            _trainer("Heal 60 damage and remove all Special Conditions from 1 of your Pokémon.", "Supporter"),
            _trainer(
                "Heal 60 damage from 1 of your Pokémon, and it recovers from all Special Conditions.", "Supporter"
            ),
            _trainer("Heal 60 damage from 1 of your Pokémon.", "Supporter"),
        ),
        # Lucky Helmet AOR 77 / TWM 158; on the Bench too, or drawing 3, is another card.
        (
            _trainer(
                "Whenever the Pokémon this card is attached to is your Active Pokémon and is damaged by an "
                "opponent's attack (even if that Pokémon is Knocked Out), draw 2 cards.",
                "Pokémon Tool",
            ),
            _trainer(
                "If the Pokémon this card is attached to is in the Active Spot and is damaged by an attack from "
                "your opponent's Pokémon (even if this Pokémon is Knocked Out), draw 2 cards.",
                "Pokémon Tool",
            ),
            _trainer(
                "If the Pokémon this card is attached to is damaged by an attack from your opponent's Pokémon "
                "(even if this Pokémon is Knocked Out), draw 2 cards.",
                "Pokémon Tool",
            ),
        ),
        # Tool Scrapper DRX 116 / RCL 168; only your own Tools is another card.
        (
            _trainer("Choose 2 Pokémon Tools attached to Pokémon in play (yours or your opponent's) and discard them."),
            _trainer("Choose 2 Pokémon Tools attached to Pokémon (yours or your opponent's) and discard them."),
            _trainer("Choose 2 Pokémon Tools attached to your Pokémon and discard them."),
        ),
        # Scoop Up Cyclone PLB 95 / TWM 162; discarding what was attached is another card.
        (
            _trainer("Put 1 of your Pokémon and all cards attached to it into your hand.", "ACE SPEC"),
            _trainer("Put 1 of your Pokémon and all attached cards into your hand.", "ACE SPEC"),
            _trainer("Put 1 of your Pokémon into your hand. Discard all cards attached to it.", "ACE SPEC"),
        ),
        # Rainbow Energy AQ 144 / XY 131; TR 17's "counts as every type of basic Energy" and
        # 10 damage without Weakness and Resistance stays another card.
        (
            _trainer(
                "While in play, this card provides every type of Energy but provides only 1 Energy at a time. When "
                "you attach this card from your hand to 1 of your Pokémon, put 1 damage counter on that Pokémon.",
                "Special",
                "Energy",
            ),
            _trainer(
                "This card provides [C] Energy. While in play, this card provides every type of Energy but provides "
                "only 1 Energy at a time. When you attach this card from your hand to 1 of your Pokémon, put 1 damage "
                "counter on that Pokémon.".replace("[C]", "Colorless"),
                "Special",
                "Energy",
            ),
            _trainer(
                "While in play, this card counts as every type of basic Energy but only provides 1 Energy at a time. "
                "When you attach this card from your hand to 1 of your Pokémon, it does 10 damage to that Pokémon. "
                "(Don't apply Weakness and Resistance.)",
                "Special",
                "Energy",
            ),
        ),
    ],
)
def test_reworded_old_trainers_fold_only_into_the_same_effect(old, new, different):
    from deckcheck.carddb.gametext import text_hash

    assert text_hash(old) == text_hash(new)
    assert text_hash(different) not in (text_hash(old), text_hash(new))


def test_each_pool_gives_a_set_the_first_legal_day_of_its_own_waiting_period():
    # A set's first legal day is kept by its release day and the pool's waiting periods: pools of
    # other waiting periods asked about one day in turn keep their own answers.
    from deckcheck.rules.card_pool import Pool

    fortnight = Pool.from_options({"waiting_days": 14})
    fridays = Pool.from_options({"waiting_periods": [{"from": "2016-01-01", "rule": "third-friday-after"}]})
    released = "2017-02-03"  # a Friday
    for _ in range(2):
        assert fortnight.legal_from(released) == dt.date(2017, 2, 17)
        assert fridays.legal_from(released) == dt.date(2017, 2, 24)
