"""Dataset JSON -> Card: flags from the card's own text (RULES.md section 3) and the reprint digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.carddb.dataset import card_from_dataset, iter_dataset, text_hash

SET = {"id": "sv1", "name": "Scarlet & Violet", "ptcgoCode": "SVI", "releaseDate": "2023/03/31"}


def _trainer(rules, **extra):
    return {
        "id": "x-1",
        "name": "Test Card",
        "supertype": "Trainer",
        "subtypes": ["Item"],
        "number": "1",
        "rules": rules,
        **extra,
    }


# -- pure conversion --------------------------------------------------------


def test_set_fields_and_dates_come_from_the_set_entry():
    card = card_from_dataset(
        {
            "id": "sv1-5",
            "name": "Bulbasaur",
            "supertype": "Pokémon",
            "number": "005",
            "regulationMark": "G",
            "types": ["Grass"],
            "evolvesFrom": None,
        },
        SET,
    )
    assert (card.set_id, card.set_code, card.number, card.release_date) == ("sv1", "SVI", "005", "2023-03-31")
    assert card.subtypes == ()  # missing subtypes (old Trainers) -> ()
    assert card.types == ("Grass",) and card.regulation_mark == "G" and card.evolves_from is None


def test_set_without_code_gives_none():
    card = card_from_dataset(_trainer([]), {"id": "pop1", "releaseDate": "2004/09/01"})
    assert card.set_code is None and card.release_date == "2004-09-01"


def test_ace_spec_subtype_added_when_only_the_rules_say_it():
    card = card_from_dataset(_trainer(["Do a thing.", "You can't have more than 1 ACE SPEC card in your deck."]), SET)
    assert card.is_ace_spec
    assert card.own_limit is None  # the ACE SPEC group rule is not a per-name limit


@pytest.mark.parametrize(
    "sentence",
    [
        "You can't have more than 1 ACE SPEC card in your deck.",
        "◇ (Prism Star) Rule: You can't have more than 1 ◇ card with the same name in your deck.",
        "You can't have more than 1 Pokémon Star in your deck.",
        "Radiant Pokémon Rule: You can't have more than 1 Radiant Pokémon in your deck.",
        "Each player can't have more than 4 Benched Pokémon.",
    ],
)
def test_group_rules_are_not_an_own_limit(sentence):
    assert card_from_dataset(_trainer([sentence]), SET).own_limit is None


def test_own_limit_names_the_card_in_the_sentence():
    card = card_from_dataset(_trainer(["You can’t have more than 2 Test Cards in your deck."]), SET)
    assert card.own_limit == ("Test Cards", 2)


def test_plays_as_basic_only_for_trainers():
    doll = card_from_dataset(_trainer(["Play this card as if it were a 60-HP Basic Colorless Pokémon."]), SET)
    assert doll.plays_as_basic
    pokemon = {
        "id": "x-2",
        "name": "Mon",
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "number": "2",
        "rules": ["Play this card as if it were a Basic Pokémon."],
    }
    assert not card_from_dataset(pokemon, SET).plays_as_basic


def test_text_hash_ignores_spacing_quotes_and_how_rules_are_split():
    one = _trainer(
        ["Don't discard 2 cards.  Then, shuffle your deck.", "You may play any number of Item cards during your turn."]
    )
    two = _trainer(
        [
            "Don’t discard 2 cards.",
            "Then, shuffle your deck.",
            "You may play as many Item cards as you like during your turn (before your attack).",
        ]
    )
    assert text_hash(one) == text_hash(two)
    assert text_hash(one) != text_hash(_trainer(["Don't discard 3 cards. Then, shuffle your deck."]))
    assert text_hash(one) != text_hash({**one, "subtypes": ["Supporter"]})


def test_text_hash_of_pokemon_covers_attacks_hp_weakness_and_retreat():
    base = {
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": "60",
        "types": ["Grass"],
        "attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "10", "text": ""}],
        "weaknesses": [{"type": "Fire", "value": "×2"}],
        "retreatCost": ["Colorless"],
    }
    assert text_hash(base) == text_hash(
        {**base, "weaknesses": [{"type": "Fire", "value": "x2"}], "convertedRetreatCost": 1, "rarity": "Rare"}
    )
    for change in (
        {"hp": "70"},
        {"types": ["Water"]},
        {"retreatCost": []},
        {"evolvesFrom": "Seed"},
        {"attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "20", "text": ""}]},
        {"weaknesses": [{"type": "Water", "value": "×2"}]},
        {"abilities": [{"name": "Calm", "text": "Nothing happens.", "type": "Ability"}]},
    ):
        assert text_hash(base) != text_hash({**base, **change}), change


def test_text_hash_leaves_out_what_only_one_source_records():
    # pokemontcg.io carries rule-box reminders and faction marks TCGdex
    # has not; attack names, costs and damage signs are written differently.
    tcgdex_like = {
        "supertype": "Pokémon",
        "name": "Mon ex",
        "subtypes": ["Stage 1", "ex"],
        "hp": "250",
        "types": ["Grass"],
        "evolvesFrom": "Nidoran♂",
        "attacks": [
            {
                "name": "Hollow Hunt GX",
                "cost": ["Colorless", "Grass"],
                "damage": "30",
                "text": "Mon ex does 10 damage to itself.",
            }
        ],
    }
    dataset_like = {
        **tcgdex_like,
        "subtypes": ["Stage 2", "ex", "Tera", "Rapid Strike"],
        "evolvesFrom": "Nidoran ♂",
        "rules": ["Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."],
        "attacks": [
            {
                "name": "Hollow Hunt-GX",
                "cost": ["Grass", "Colorless"],
                "damage": "30+",
                "text": "This Pokémon does 10 damage to itself.",
            }
        ],
    }
    assert text_hash(tcgdex_like) == text_hash(dataset_like)
    # What the card does in play still tells prints apart.
    for change in (
        {"subtypes": ["Basic", "ex"]},
        {"subtypes": ["Stage 1", "GX"]},
        {"evolvesFrom": "Nidorino"},
        {
            "attacks": [
                {
                    "name": "Hollow Hunt GX",
                    "cost": ["Grass", "Grass"],
                    "damage": "30",
                    "text": "Mon ex does 10 damage to itself.",
                }
            ]
        },
        {
            "attacks": [
                {
                    "name": "Hollow Hunt GX",
                    "cost": ["Colorless", "Grass"],
                    "damage": "30",
                    "text": "Mon ex does 20 damage to itself.",
                }
            ]
        },
    ):
        assert text_hash(tcgdex_like) != text_hash({**tcgdex_like, **change}), change


def test_differing_parts_names_what_differs():
    from deckcheck.carddb.gametext import canonical_text, differing_parts

    base = {
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": "60",
        "types": ["Grass"],
        "attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "10", "text": ""}],
        "weaknesses": [{"type": "Fire", "value": "×2"}],
    }
    other = {
        **base,
        "weaknesses": [],
        "attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "20", "text": ""}],
    }
    assert differing_parts(canonical_text(base), canonical_text(other)) == ("attack damage", "weakness")
    assert differing_parts(canonical_text(base), canonical_text({**base, "attacks": []})) == ("attacks",)
    assert differing_parts(canonical_text(base), canonical_text(base)) == ()


# -- real cards from the reference dataset ----------------------------------


def test_every_card_file_is_converted(pokemon_tcg_data, dataset_cards):
    files = list((pokemon_tcg_data / "cards" / "en").glob("*.json"))
    expected = sum(len(json.loads(f.read_text(encoding="utf-8"))) for f in files)
    assert len(dataset_cards) == expected


def test_iono_pal_185_is_read_with_its_code_number_day_and_mark(dataset_cards):
    iono = dataset_cards["sv2-185"]
    assert (iono.name, iono.set_code, iono.number, iono.release_date) == ("Iono", "PAL", "185", "2023-06-09")
    assert iono.subtypes == ("Supporter",) and iono.regulation_mark == "G"


@pytest.mark.parametrize(
    "card_id, flag",
    [
        ("sv5-153", "is_ace_spec"),  # Master Ball (SV)
        ("bw7-137", "is_ace_spec"),  # Computer Search (BW)
        ("sm5-58", "is_prism_star"),  # Giratina ◇
        ("ex8-107", "is_pokemon_star"),  # Rayquaza ★
        ("swsh10-46", "is_radiant"),  # Radiant Greninja
    ],
)
def test_group_limited_cards_carry_the_subtype_not_an_own_limit(dataset_cards, card_id, flag):
    card = dataset_cards[card_id]
    assert getattr(card, flag)
    assert card.own_limit is None


def test_shining_pokemon_and_miracle_energy_have_their_own_limit(dataset_cards):
    assert dataset_cards["neo4-106"].own_limit == ("Shining Celebi", 1)
    assert dataset_cards["smp-SM79"].name == "Shining Celebi"
    assert dataset_cards["smp-SM79"].own_limit is None  # SM-era Shining: plain 4-copy rule (RULES.md 3.5)
    assert dataset_cards["neo4-16"].own_limit == ("Miracle Energy", 1)
    limited = {card.own_limit for card in dataset_cards.values() if card.own_limit}
    assert limited == {
        (name, 1)
        for name in (
            "Shining Gyarados",
            "Shining Magikarp",
            "Shining Celebi",
            "Shining Charizard",
            "Shining Kabutops",
            "Shining Mewtwo",
            "Shining Noctowl",
            "Shining Raichu",
            "Shining Steelix",
            "Shining Tyranitar",
            "Miracle Energy",
        )
    }


def test_the_prints_that_allow_any_number_are_read_from_their_text(dataset_cards):
    assert dataset_cards["dpp-DP50"].any_number
    assert not dataset_cards["sm6-96"].any_number  # Arceus ◇
    exempt = {card.id for card in dataset_cards.values() if card.any_number}
    assert exempt == {
        "dpp-DP50",
        "dpp-DP53",
        "dpp-DP56",
        "pl4-94",
        "pl4-95",
        "pl4-96",
        *(f"pl4-AR{n}" for n in range(1, 10)),
    }  # RULES.md 3.7


def test_not_for_tournament_promos(dataset_cards):
    banned = {card.id for card in dataset_cards.values() if card.not_for_tournaments}
    assert banned == {
        "swshp-SWSH132",
        "swshp-SWSH135",
        "swshp-SWSH136",
        "swshp-SWSH137",
        "swshp-SWSH138",
        "swshp-SWSH144",
        "xy12-112",
    }  # RULES.md 3.10


def test_trainers_played_as_basic_pokemon(dataset_cards):
    assert dataset_cards["base1-70"].plays_as_basic  # Clefairy Doll
    assert not dataset_cards["bw3-93"].plays_as_basic  # Plume Fossil only searches (RULES.md 1.4)
    found = {card.id for card in dataset_cards.values() if card.plays_as_basic}
    assert found == {  # RULES.md 1.4 / DQ11 (zsv10pt5 "60" is the card with id zsv10pt5-80)
        "base1-70",
        "base3-62",
        "base6-109",
        "ex2-91",
        "ex12-79",
        "ex13-92",
        "ex16-85",
        "ex2-90",
        "ex12-78",
        "ex13-91",
        "ex16-84",
        "dp6-138",
        "ex2-92",
        "ex12-80",
        "ex13-93",
        "ex16-86",
        "dp6-139",
        "dp2-116",
        "pl1-119",
        "dp2-117",
        "pl1-120",
        "dp5-84",
        "pl4-89",
        "dp5-89",
        "pl4-92",
        "dp5-91",
        "pl4-93",
        "xy4-102",
        "sm5-134",
        "sm6-116",
        "sm9-155",
        "sm11-210",
        "sm12-207",
        "swsh10-157",
        "swsh12-165",
        "sm12-197",
        "sm12-267",
        "swsh3-167",
        "sv3pt5-152",
        "sv3pt5-153",
        "sv3pt5-154",
        "sv7-129",
        "zsv10pt5-80",
        "sv7-130",
        "rsv10pt5-79",
        "me3-68",
        "me3-69",
        "sv4-175",
    }


def test_special_darkness_energy_is_not_basic(dataset_cards):
    special, basic = dataset_cards["neo1-104"], dataset_cards["dp1-129"]
    assert special.name == basic.name == "Darkness Energy"
    assert not special.is_basic_energy and special.subtypes == ("Special",)
    assert basic.is_basic_energy
    assert special.text_hash != basic.text_hash


def test_reprints_share_a_text_hash(dataset_cards):
    # Ultra Ball: SV, ME and Paldean Fates print the same text (split and spaced differently).
    ultra_balls = {dataset_cards[i].text_hash for i in ("sv1-196", "me1-131", "sv4pt5-91", "swsh9-150")}
    assert len(ultra_balls) == 1
    # docs/rulings.md, "Reprints: functionally identical cards": the SM wording does the same thing, a different
    # effect does not.
    assert dataset_cards["sm1-135"].text_hash in ultra_balls
    assert dataset_cards["ex1-91"].text_hash != dataset_cards["me3-83"].text_hash  # Potion RS 91 / POR 83
    # Professor's Research SWSH and SV differ only in the Supporter reminder.
    assert dataset_cards["swsh1-178"].text_hash == dataset_cards["sv1-189"].text_hash
    # Pokémon reprints: Base Set and Base Set 2 Charizard, full-art Charizard ex.
    assert dataset_cards["base1-4"].text_hash == dataset_cards["base4-4"].text_hash
    assert dataset_cards["sv3-125"].text_hash == dataset_cards["sv3-223"].text_hash


def test_same_name_with_different_attacks_hashes_differently(dataset_cards):
    # OBF 125 (Burning Darkness) and MEW 6 (Brave Wing, Explosive Vortex) share a name only.
    assert dataset_cards["sv3-125"].name == dataset_cards["sv3pt5-6"].name == "Charizard ex"
    assert dataset_cards["sv3-125"].text_hash != dataset_cards["sv3pt5-6"].text_hash
    assert dataset_cards["ex6-105"].text_hash != dataset_cards["sv3-125"].text_hash


def test_reprints_match_whatever_order_the_rule_boxes_are_listed_in(dataset_cards):
    # PAF 54 lists the Tera rule before the Pokémon ex rule; OBF 125 the other way round.
    assert dataset_cards["sv3-125"].text_hash == dataset_cards["sv4pt5-54"].text_hash
    assert dataset_cards["xy6-76"].text_hash == dataset_cards["cel25c-76_A"].text_hash


def test_card_files_without_a_set_entry_still_import(dataset_cards):
    mep = dataset_cards["mep-001"]
    # The codes PTCG Live writes for them are known (docs/rulings.md, "PTCG Live's own forms"): "MEP 25", "MEE 5".
    assert (mep.set_id, mep.set_code, mep.release_date) == ("mep", "MEP", None)
    assert dataset_cards["mee-2"].set_id == "mee" and dataset_cards["mee-2"].is_basic_energy
    assert dataset_cards["mee-2"].set_code == "MEE"


def test_iter_dataset_reads_a_small_folder(small_dataset):
    cards = list(iter_dataset(Path(small_dataset)))
    assert [c.id for c in cards] == ["tst1-1", "tst1-2", "tst1-3", "tst2-10", "tst2-11", "tstp-TS007", "tstx-001"]
    orphan = cards[-1]
    assert (orphan.set_id, orphan.set_code) == ("tstx", None)
