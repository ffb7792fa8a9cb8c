"""The TCGdex card source: conversion, import, the merge with pokemontcg.io, consistency."""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from support import PROMO_SERIES

from deckcheck.carddb.build import build_database
from deckcheck.carddb.consistency import STRICT_FACTS, compare, digest_parts, source_cards
from deckcheck.carddb.sources import SetRecord
from deckcheck.carddb.sources.tcgdex import card_from_tcgdex, card_number, deck_set_id, set_record
from deckcheck.carddb.sqlite import SqliteIndex, database_info, iter_cards
from deckcheck.names import deck_key

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parents[1]
PBL = SetRecord("me5", "Pitch Black", "PBL", "Mega Evolution", "2026-07-17")
OLD = SetRecord("neo4", "Neo Destiny", "N4", "Neo", "2002-02-28")


def _card(record: SetRecord = PBL, **raw):
    return card_from_tcgdex({"id": "x-1", "localId": "001", **raw}, record)


# -- conversion (invented records in the shape of the API) --------------------


def test_ids_and_numbers_follow_deckchecks_scheme():
    assert [deck_set_id(s) for s in ("sv03", "sv03.5", "me05", "swsh4.5", "base1", "2021swsh", "swsh12.5gg")] == [
        "sv3",
        "sv3pt5",
        "me5",
        "swsh45",
        "base1",
        "mcd21",
        "swsh12pt5gg",
    ]
    assert [card_number(n) for n in ("008", "120", "SWSH001", "TG01", "0")] == ["8", "120", "SWSH001", "TG01", "0"]
    record = set_record(
        {
            "id": "swsh9tg",
            "name": "Brilliant Stars Trainer Gallery",
            "releaseDate": "2022-02-25",
            "abbreviation": {"official": "BRS:TG"},
            "serie": {"name": "Sword & Shield"},
        }
    )
    assert record == SetRecord("swsh9tg", "Brilliant Stars Trainer Gallery", "BRS", "Sword & Shield", "2022-02-25")


def test_a_mega_evolution_ex_is_a_pokemon_ex_although_tcgdex_says_EX():
    card = _card(
        category="Pokemon",
        name="Mega Darkrai ex",
        stage="Basic",
        suffix="EX",
        regulationMark="j",
        hp=280,
        types=["Darkness"],
    )
    assert (card.id, card.number, card.set_code, card.regulation_mark) == ("me5-1", "1", "PBL", "J")
    assert set(card.subtypes) == {"Basic", "ex", "MEGA"} and card.is_basic_pokemon
    old = _card(category="Pokemon", name="M Slowbro EX", stage="MEGA", suffix="EX", evolveFrom="Slowbro-EX")
    assert old.name == "M Slowbro-EX" and set(old.subtypes) == {"MEGA", "EX"} and not old.is_basic_pokemon


def test_the_name_decides_the_rule_box_where_the_suffix_is_missing_or_wrong():
    assert "GX" in _card(category="Pokemon", name="Charizard GX", stage="Stage2", evolveFrom="Charmeleon").subtypes
    raichu = _card(category="Pokemon", name="Raichu", stage="Stage1", suffix="ex", evolveFrom="Pikachu ex")
    assert raichu.subtypes == ("Stage 1",)
    tag = _card(category="Pokemon", name="Pikachu & Zekrom GX", suffix="TAG TEAM-GX")
    assert tag.name == "Pikachu & Zekrom-GX" and set(tag.subtypes) == {"Basic", "TAG TEAM", "GX"}
    assert _card(category="Pokemon", name="Dialga", stage="LEVEL-UP").name == "Dialga LV.X"
    assert _card(category="Pokemon", name="Ho-Oh LEGEND", stage="Basic", suffix="Legend").subtypes == ("LEGEND",)
    assert _card(OLD, category="Pokemon", name="Unown L", stage="Basic").name == "Unown [L]"


def test_special_cards_come_from_rarity_name_and_text():
    ace = _card(category="Trainer", name="Prime Catcher", rarity="ACE SPEC Rare", trainerType="Item")
    assert ace.subtypes == ("Item", "ACE SPEC") and ace.is_ace_spec
    by_text = _card(
        category="Trainer",
        name="Old Ace",
        trainerType="Item",
        effect="Draw a card.\n\nYou can’t have more than 1 ACE SPEC card in your deck.",
    )
    assert by_text.is_ace_spec
    assert _card(category="Pokemon", name="Radiant Greninja", rarity="Radiant Rare", stage="Basic").is_radiant
    assert _card(category="Pokemon", name="Lunala ◇", stage="Stage2", evolveFrom="Cosmoem").is_prism_star
    star = _card(category="Pokemon", name="Rayquaza ☆", stage="Basic")
    assert star.name == "Rayquaza ★" and star.is_pokemon_star
    shining = _card(OLD, category="Pokemon", name="Shining Celebi", stage="Basic")
    assert shining.own_limit == ("Shining Celebi", 1)
    assert _card(category="Pokemon", name="Shining Celebi", stage="Basic").own_limit is None  # 2017's, no rule
    fossil = _card(
        category="Trainer",
        name="Antique Armor Fossil",
        trainerType="Item",
        effect="Play this card as if it were a 60-HP Basic {C} Pokémon.",
    )
    assert fossil.plays_as_basic


def test_what_tcgdex_does_not_record_comes_from_the_built_in_catalogue():
    # Computer Search BCR 137: TCGdex has the rarity "Rare" and no ACE SPEC sentence.
    bcr = SetRecord("bw7", "Boundaries Crossed", "BCR", "Black & White", "2012-11-07")
    search = _card(
        bcr,
        id="bw7-137",
        localId="137",
        category="Trainer",
        name="Computer Search",
        rarity="Rare",
        trainerType="Item",
        effect="Search your deck for a card and put it into your hand.",
    )
    assert search.is_ace_spec and search.subtypes == ("Item", "ACE SPEC")
    # Imakuni?'s Doduo EVO 112: "cannot be used at official tournaments" is printed, not in TCGdex.
    evo = SetRecord("xy12", "Evolutions", "EVO", "XY", "2016-11-02")
    doduo = _card(evo, id="xy12-112", localId="112", category="Pokemon", name="Imakuni?'s Doduo", stage="Basic")
    assert doduo.not_for_tournaments
    # Another card of that number (an invented set) takes nothing from it.
    assert not _card(evo, id="xy12-112", localId="112", category="Trainer", name="Other").not_for_tournaments


def test_classic_collection_cards_carry_their_printed_numbers():
    from deckcheck.carddb.sources.tcgdex import card_id_and_number

    assert card_id_and_number("cel25c", "CC020") == ("cel25c-113_A", "113")  # Reshiram CEL 113
    assert card_id_and_number("cel25c", "CC016") == ("cel25c-15_A4", "15")  # Claydol, the fourth 15
    assert card_id_and_number("cel25", "CC020") == ("cel25-CC020", "CC020")
    assert card_id_and_number("cel25c", "CC026") == ("cel25c-CC026", "CC026")


def test_classic_collection_lines_resolve_on_a_tcgdex_only_database(tcgdex_db, full_db):
    # Every Classic Collection card has the id, number and name pokemontcg.io gives it.
    with SqliteIndex(tcgdex_db) as tcgdex, SqliteIndex(full_db) as ptcg:
        ours, theirs = (
            sorted((c.id, c.number, deck_key(c.name, c.supertype)) for c in iter_cards(db) if c.set_id == "cel25c")
            for db in (tcgdex_db, full_db)
        )
        assert len(ours) == 25 and ours == theirs
        assert (
            [c.name for c in tcgdex.by_number("CEL", "113")]
            == [c.name for c in ptcg.by_number("CEL", "113")]
            == ["Reshiram"]
        )


def test_basic_and_special_energy_from_energy_type_and_name():
    assert _card(category="Energy", name="Darkness Energy", energyType="Normal").is_basic_energy
    assert _card(category="Energy", name="Basic Fire Energy").is_basic_energy
    special = _card(category="Energy", name="Shadowy Darkness Energy", energyType="Special")
    assert special.subtypes == ("Special",)
    # TCGdex calls some Special Energy "Normal" (Reversal Energy PAR 266): the name tells.
    assert not _card(category="Energy", name="Reversal Energy", energyType="Normal").is_basic_energy


def test_the_digest_reads_tcgdex_text_in_the_pokemontcg_shape():
    from deckcheck.carddb.gametext import text_hash

    raw = {
        "category": "Pokemon",
        "name": "Sproutling",
        "stage": "Basic",
        "hp": 60,
        "types": ["Grass"],
        "attacks": [{"cost": ["Grass"], "name": "Leafage", "damage": 20, "effect": "Heal 10 from {G} Pokémon."}],
        "weaknesses": [{"type": "Fire", "value": "×2"}],
        "retreat": 1,
    }
    same = {
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": "60",
        "types": ["Grass"],
        "attacks": [{"name": "Leafage", "cost": ["Grass"], "damage": "20", "text": "Heal 10 from Grass Pokémon."}],
        "weaknesses": [{"type": "Fire", "value": "×2"}],
        "retreatCost": ["Colorless"],
    }
    assert _card(**raw).text_hash == text_hash(same)
    # Old texts with the bare symbol letter, the Prism Star symbol as {*}.
    raw["attacks"][0]["effect"] = "Heal 10 from each W Energy's {*} Pokémon."
    same["attacks"][0]["text"] = "Heal 10 from each Water Energy's ◇ Pokémon."
    assert _card(**raw).text_hash == text_hash(same)


def test_a_malformed_card_is_refused_with_its_file(tmp_path):
    from deckcheck.carddb.errors import DatabaseError

    base = tmp_path / "export" / "v2" / "en"
    (base / "sets").mkdir(parents=True)
    (base / "cards").mkdir()
    (base / "sets" / "tst.json").write_text(
        json.dumps(
            {
                "id": "tst",
                "name": "Test",
                "releaseDate": "2026-01-01",
                "abbreviation": {"official": "TST"},
                "cardCount": {"official": 1},
                "cards": [{"id": "tst-1", "localId": "1", "name": "X"}],
            }
        )
    )
    (base / "cards" / "tst-1.json").write_text(json.dumps({"id": "tst-1", "localId": "1", "name": "X", "category": 7}))
    with pytest.raises(DatabaseError, match=r"v2/en/cards/tst-1\.json .*malformed"):
        build_database(tmp_path / "export", tmp_path / "cards.sqlite3")
    assert not (tmp_path / "cards.sqlite3").exists()


# -- the reference snapshots ----------------------------------------------------


def test_pitch_black_facts_come_from_tcgdex(merged_db):
    with SqliteIndex(merged_db) as index:
        (darkrai,) = index.by_number("PBL", "48")
        assert (darkrai.name, darkrai.regulation_mark, darkrai.set_code) == ("Mega Darkrai ex", "J", "PBL")
        assert darkrai.is_basic_pokemon and {"ex", "MEGA"} <= set(darkrai.subtypes) and not darkrai.is_ace_spec
        (delphox,) = index.by_number("PBL", "008")
        assert not delphox.is_basic_pokemon and delphox.evolves_from == "Braixen"
        (fossil,) = index.by_number("PBL", "72")
        assert fossil.plays_as_basic
        (energy,) = index.by_number("PBL", "83")
        assert energy.is_energy and not energy.is_basic_energy
        # MEE and MEP: pokemontcg.io has the cards without a set code; TCGdex gives the code.
        assert index.knows_set_code("MEE") and index.knows_set_code("MEP") and index.knows_set_code("PBL")
        assert [c.name for c in index.by_number("MEE", "7")] == ["Basic Darkness Energy"]


def test_the_merge_takes_pokemontcg_first_and_fills_from_tcgdex(merged_db, full_db):
    info, alone = database_info(merged_db), database_info(full_db)
    assert (info.newest_set_name, info.newest_set_code) == ("Pitch Black", "PBL")
    ptcg, tcgdex = info.sources["pokemontcg"], info.sources["tcgdex"]
    assert ptcg.cards == alone.cards  # every pokemontcg.io card is kept
    assert (tcgdex.newest_set_code, ptcg.newest_set_code) == ("PBL", "CRI")
    assert info.cards == ptcg.cards + tcgdex.cards
    merged = {card.id: card for card in iter_cards(merged_db)}
    for card in iter_cards(full_db):
        # pokemontcg.io wins for every card it has; a set without a code or date gains TCGdex's
        there = merged[card.id]
        if card.set_id in PROMO_SERIES:  # a promo's own day is derived over all the cards
            card, there = replace(card, release_date=None), replace(there, release_date=None)
        assert (
            replace(
                there, set_code=card.set_code or there.set_code, release_date=card.release_date or there.release_date
            )
            == there
        )
        assert replace(card, set_code=there.set_code, release_date=there.release_date) == there


def test_a_print_filled_in_from_tcgdex_is_a_reprint_of_a_pokemontcg_print(merged_db):
    # Both sources give one digest for one printed card, so Crushing
    # Hammer PBL 105 (TCGdex only) makes EPO 92 (pokemontcg.io) legal in Standard.
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    with SqliteIndex(merged_db) as index:
        result = check_deck(
            parse_text("4 Crushing Hammer EPO 92\n", "d.txt"), load_pack("standard"), index, dt.date(2026, 11, 30)
        )
    assert [(f.rule, f.message) for f in result.findings if f.rule in ("not-legal", "legal-reprint")] == [
        ("legal-reprint", "Crushing Hammer EPO 92 is legal through its reprint PBL 105.")
    ]


def test_a_pitch_black_deck_is_checked_for_real(merged_db, full_db, tmp_path):
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import read_deck

    deck = read_deck(str(HERE / "decks" / "pitch-black-darkrai.txt"))
    with SqliteIndex(merged_db) as index:
        result = check_deck(deck, load_pack("standard"), index, dt.date(2026, 11, 30))
    assert list(result.findings) == []
    with SqliteIndex(full_db) as index:  # pokemontcg.io alone does not know the set
        before = check_deck(deck, load_pack("standard"), index, dt.date(2026, 11, 30))
    unknown = [f for f in before.findings if f.rule == "unknown-set"]
    assert unknown and "from pokemontcg.io and TCGdex" in unknown[0].hint  # the hint names both sources

    # five Mega Darkrai ex (of two prints) break the copy limit
    lines = (HERE / "decks" / "pitch-black-darkrai.txt").read_text(encoding="utf-8")
    five = tmp_path / "five-darkrai.txt"
    five.write_text(
        lines.replace("3 Mega Darkrai ex PBL 48", "4 Mega Darkrai ex PBL 48").replace(
            "3 Skarmory PBL 60", "2 Skarmory PBL 60"
        ),
        encoding="utf-8",
    )
    with SqliteIndex(merged_db) as index:
        illegal = check_deck(read_deck(str(five)), load_pack("standard"), index, dt.date(2026, 11, 30))
    assert [f.rule for f in illegal.findings] == ["copy-limit"]


def _known_differences() -> list[dict]:
    return yaml.safe_load((HERE / "data" / "source-differences.yaml").read_text(encoding="utf-8"))


def test_the_sources_agree_on_every_rule_fact_but_the_listed_data_differences(full_db, tcgdex_db):
    found = compare(iter_cards(full_db), iter_cards(tcgdex_db), STRICT_FACTS)
    known = _known_differences()

    def covers(entry, difference) -> bool:
        set_id = difference.card_id.rsplit("-", 1)[0]
        return entry["fact"] == difference.fact and (
            difference.card_id in entry.get("ids", ()) or set_id in entry.get("sets", ())
        )

    unexplained = [d for d in found if not any(covers(entry, d) for entry in known)]
    assert unexplained == []
    stale = [
        (entry["fact"], card_id)
        for entry in known
        for card_id in entry.get("ids", ())
        if entry["fact"] in STRICT_FACTS and not any(d.card_id == card_id and d.fact == entry["fact"] for d in found)
    ]
    assert stale == []
    assert all(entry.get("why") for entry in known)
    both = len({c.id for c in iter_cards(tcgdex_db)} & {c.id for c in iter_cards(full_db)})
    assert both > 19_000  # the comparison covers nearly every card


def test_every_digest_difference_is_a_listed_data_difference_of_its_parts(pokemon_tcg_data, tcgdex_api):
    # The game-text digests of the two sources, compared on their canonical texts:
    # each card whose digests differ is listed under the parts that differ
    # (weakness, attack text ...), and each listed card differs in exactly those.
    left, right = source_cards(pokemon_tcg_data, canonical=True), source_cards(tcgdex_api, canonical=True)
    found = {d.card_id: digest_parts(d) for d in compare(left, right, ("text_hash",))}
    listed = {
        card_id: tuple(entry["parts"])
        for entry in _known_differences()
        if entry["fact"] == "text_hash"
        for card_id in entry["ids"]
    }
    unexplained = sorted((card_id, parts) for card_id, parts in found.items() if listed.get(card_id) != parts)
    assert unexplained == []
    assert sorted(set(listed) - set(found)) == []  # no stale entry
    both = len({c.id for c in left} & {c.id for c in right})
    # Before the normalisation left out what TCGdex does not record,
    # 7,786 of 20,121 shared cards had differing digests.
    assert both > 20_000 and len(found) < 0.1 * both


# Decks whose verdict a TCGdex-only database cannot give alike, and why (the
# data differences above): line -> finding of one database only. Besides the one below, none:
# the Classic Collection's CC numbers are mapped to the printed ones (CEL 113),
# and the Black & White ACE SPECs and Imakuni?'s Doduo take what TCGdex lacks
# from the built-in catalogue.
VERDICT_DIFFERENCES: dict[str, set[str]] = {
    # TCGdex marks Boss's Orders BRS 132 D, pokemontcg.io F: under Japan's Standard of 2024-04-13
    # (F, G, H) it is legal by its own mark in one database and through its reprint in the other.
    "tests/cases/standard-jp/legal/cl2024-aichi-charizard.txt": {"legal-reprint"},
}
_HEADER = re.compile(r"^#\s*(format|date)\s*:\s*(\S+)\s*$", re.IGNORECASE)


def _verdict_decks() -> list[Path]:
    decks = sorted((PROJECT / "tests" / "cases").glob("*/*/*.txt"))
    decks += sorted(p for p in (PROJECT / "sample_decks").rglob("*") if p.suffix in (".txt", ".yaml", ".json"))
    return decks


def test_a_tcgdex_only_database_gives_the_same_verdicts(full_db, tcgdex_db):
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import read_deck

    with SqliteIndex(full_db) as ptcg, SqliteIndex(tcgdex_db) as tcgdex:
        checked = 0
        for path in _verdict_decks():
            header: dict[str, str] = {}
            for line in path.read_text(encoding="utf-8").splitlines():
                match = _HEADER.match(line.strip())
                if match:
                    header.setdefault(match.group(1).lower(), match.group(2))
            deck = read_deck(str(path))
            pack = load_pack(header.get("format") or deck.declared_format or "standard")
            day = dt.date.fromisoformat(header.get("date", "2026-11-30"))
            one = {(f.rule, tuple(f.lines)) for f in check_deck(deck, pack, ptcg, day).findings}
            other = {(f.rule, tuple(f.lines)) for f in check_deck(deck, pack, tcgdex, day).findings}
            allowed = VERDICT_DIFFERENCES.get(path.relative_to(PROJECT).as_posix(), set())
            assert {rule for rule, _ in one ^ other} <= allowed, path
            checked += 1
    assert checked >= 40


def test_cli_imports_both_sources_and_reports_them(pokemon_tcg_data, tcgdex_api, tmp_path):
    from slices import pokemontcg_folder, tcgdex_export
    from typer.testing import CliRunner

    from deckcheck.cli import app

    # The sets the output names, from each source (the whole of both is read by the consistency
    # tests above; four reads of both sources took 20 CPU seconds here).
    pokemon_tcg_data = pokemontcg_folder(pokemon_tcg_data, tmp_path / "pokemontcg", ["ex3", "swsh11", "me4"])
    tcgdex_api = tcgdex_export(tcgdex_api, tmp_path / "tcgdex", ["ex3", "swsh11", "me04", "me05", "mee"])
    runner = CliRunner()
    dest = tmp_path / "cards.sqlite3"
    result = runner.invoke(app, ["db", "import", str(pokemon_tcg_data), str(tcgdex_api), "--db", str(dest)])
    assert result.exit_code == 0, result.output
    assert "Newest set: Pitch Black (PBL, 2026-07-17)" in result.output
    assert "from TCGdex:" in result.output and "newest Pitch Black (PBL, 2026-07-17)" in result.output
    info = runner.invoke(app, ["db", "info", "--db", str(dest)])
    assert re.search(r"pokemontcg\.io: +\d+ sets, \d+ cards; newest Chaos Rising \(CRI, 2026-05-22\)", info.output)
    assert re.search(r"TCGdex: +\d+ sets, \d+ cards; newest Pitch Black \(PBL, 2026-07-17\)", info.output)
    check = runner.invoke(app, ["db", "check-sources", str(pokemon_tcg_data), str(tcgdex_api)])
    assert check.exit_code == 0
    assert re.search(r"^\d+ cards in both sources; \d+ differences in \d+ cards\.$", check.output.splitlines()[-1])
    # TCGdex gives Ampharos ex DR 89, a Stage 2, the stage Basic.
    assert "ex3-89  flags: pokemontcg.io ('rule_box',), TCGdex ('basic_pokemon', 'rule_box')" in check.output
    digests = runner.invoke(app, ["db", "check-sources", "--digest", str(pokemon_tcg_data), str(tcgdex_api)])
    assert digests.exit_code == 0
    # TCGdex has no Weakness for Lost Origin: the digest difference names the part.
    assert "swsh11-47  text_hash: differs in resistance, weakness" in digests.output.splitlines()


def test_cli_refuses_a_dataset_as_the_fill_in(pokemon_tcg_data, tmp_path):
    from typer.testing import CliRunner

    from deckcheck.cli import app

    result = CliRunner().invoke(
        app, ["db", "import", str(pokemon_tcg_data), str(pokemon_tcg_data), "--db", str(tmp_path / "cards.sqlite3")]
    )
    assert result.exit_code == 2 and "cannot fill in another card source" in result.output
