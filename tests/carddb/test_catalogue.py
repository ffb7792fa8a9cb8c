"""The built-in card catalogue: well-formed, useful for look-ups, and true to the reference data.

The first half needs nothing but the package. The second half checks every hand-written
fact against ../shared/carddata/pokemon-tcg-data and skips when that is absent.
"""

from __future__ import annotations

import collections
import json
import re
from dataclasses import astuple
from importlib import resources

import pytest
import yaml
from support import POKEMON_TCG_DATA

from deckcheck.carddb.catalogue import catalogue_sets, load_catalogue
from deckcheck.carddb.gametext import text_hash
from deckcheck.carddb.index import FieldsIndex, MemoryIndex
from deckcheck.model import ENERGY, POKEMON, SUPERTYPES, TRAINER, Card
from deckcheck.names import deck_key

ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@pytest.fixture(scope="module")
def catalogue() -> MemoryIndex:
    return load_catalogue()


def by_id(catalogue: MemoryIndex) -> dict:
    return {card.id: card for card in catalogue.cards}


# -- structure (no reference data needed) ------------------------------------------------------


def test_catalogue_is_read_once_and_cached():
    assert load_catalogue() is load_catalogue()


def test_yaml_reads_the_same_without_the_c_loader():
    # The pure-Python SafeLoader is stricter than libyaml in flow mappings; a name it cannot
    # read would break deckcheck wherever PyYAML was installed without its C extension.
    text = (resources.files("deckcheck") / "data" / "catalogue.yaml").read_text(encoding="utf-8")
    assert yaml.load(text, Loader=yaml.SafeLoader) == yaml.load(
        text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    )


def test_cards_are_well_formed(catalogue):
    cards = catalogue.cards
    assert len(cards) > 300
    ids = [card.id for card in cards]
    assert len(ids) == len(set(ids)), [i for i, n in collections.Counter(ids).items() if n > 1]
    prints = [(card.set_id, card.number) for card in cards]
    assert len(prints) == len(set(prints))
    sets = {entry["id"]: entry for entry in catalogue_sets()}
    for card in cards:
        assert card.supertype in SUPERTYPES, card.id
        assert card.name and card.name == card.name.strip(), card.id
        assert card.set_id in sets, card.id
        assert card.set_code == sets[card.set_id]["code"], card.id
        assert card.release_date == sets[card.set_id]["released"], card.id
        assert card.id.startswith(f"{card.set_id}-{card.number}"), card.id
        assert card.text_hash, card.id
        if card.supertype == POKEMON:
            assert card.types, f"{card.id}: a Pokémon needs its types"
        else:
            assert not card.types and card.evolves_from is None, card.id
        if card.regulation_mark is not None:
            assert re.fullmatch(r"[A-Z]", card.regulation_mark), card.id
        if card.own_limit is not None:
            assert card.own_limit[1] >= 1 and isinstance(card.own_limit[0], str), card.id


def test_sets_are_well_formed():
    sets = catalogue_sets()
    ids = [entry["id"] for entry in sets]
    assert len(ids) == len(set(ids))
    for entry in sets:
        assert ISO_DATE.match(entry["released"]), entry
        assert entry["name"] and entry["series"], entry
    assert [entry["released"] for entry in sets] == sorted(entry["released"] for entry in sets)
    sets[0]["id"] = "changed"
    assert catalogue_sets()[0]["id"] != "changed", "catalogue_sets() must hand out copies"


def test_each_set_code_and_number_names_one_print(catalogue):
    for card in catalogue.cards:
        if card.set_code:
            assert catalogue.by_number(card.set_code, card.number) == (card,), card.id


def test_the_catalogue_made_card_by_card_answers_as_its_cards_made_at_once():
    from deckcheck.carddb import catalogue as module

    rows = module._contents()[1]
    lazy, whole = FieldsIndex(rows, partial=True), MemoryIndex([Card(*row) for row in rows], partial=True)
    made = {}
    for card in whole.cards:
        if card.set_code:
            found = lazy.by_number(card.set_code.lower(), card.number, region=card.region)
            assert found == whole.by_number(card.set_code.lower(), card.number, region=card.region)
            assert card in found and lazy.knows_set_code(card.set_code, region=card.region)
            assert all(a is b for a, b in zip(found, lazy.by_number(card.set_code, card.number, region=card.region)))
            made.update((id(print_), print_) for print_ in found)
    assert not lazy.by_number("ZZZ", "1") and not lazy.knows_set_code("ZZZ")
    assert lazy.partial and lazy.cards == whole.cards
    assert {id(card) for card in lazy.cards} >= set(made)  # the cards made before, not made again
    for name in ("Iono", "Charizrd ex", "Professor's Research"):
        assert lazy.by_name(name) == whole.by_name(name)
        assert lazy.suggest(name) == whole.suggest(name)


def test_lookups_by_number_name_and_deck_name(catalogue):
    (iono,) = catalogue.by_number("PAL", "185")
    assert (iono.id, iono.name, iono.supertype, iono.subtypes, iono.regulation_mark) == (
        "sv2-185",
        "Iono",
        TRAINER,
        ("Supporter",),
        "G",
    )
    assert iono.release_date == "2023-06-09"
    assert catalogue.by_number("pal", "185") == (iono,)
    assert [c.id for c in catalogue.by_number("PR-SM", "30")] == ["smp-SM30"]
    assert [c.id for c in catalogue.by_number("SVE", "2")] == ["sve-2"]
    assert [c.name for c in catalogue.by_name("Thunder Mountain {*}")] == ["Thunder Mountain ◇"]
    assert [c.name for c in catalogue.by_name("Rayquaza Star")] == ["Rayquaza ★"]
    research = {c.id for c in catalogue.by_deck_key(deck_key("Professor's Research", TRAINER))}
    assert {"sv1-189", "sv1-190", "swsh1-178", "pgo-78", "sv4pt5-87"} <= research
    bosss_orders = {c.id for c in catalogue.by_deck_key(deck_key("Boss's Orders", TRAINER))}
    assert {"sv2-172", "swsh2-154", "me1-114"} <= bosss_orders
    assert catalogue.knows_set_code("SVE") and catalogue.knows_set_code("PR-DPP")
    assert not catalogue.knows_set_code("XYZ")


def test_basic_energy_of_every_era(catalogue):
    cards = by_id(catalogue)
    types = ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting")
    for number, word in zip(range(97, 103), ("Fighting", "Fire", "Grass", "Lightning", "Psychic", "Water")):
        assert cards[f"base1-{number}"].name == f"{word} Energy" and cards[f"base1-{number}"].is_basic_energy
    for number in range(1, 17):
        card = cards[f"sve-{number}"]
        assert card.is_basic_energy and card.name.startswith("Basic ") and card.set_code == "SVE"
    assert cards["dp1-129"].name == "Darkness Energy" and cards["dp1-129"].is_basic_energy
    assert cards["dp1-130"].name == "Metal Energy" and cards["dp1-130"].is_basic_energy
    assert cards["xy1-140"].name == "Fairy Energy" and cards["xy1-140"].is_basic_energy
    for era in ("base1", "neo1", "ex9", "dp1", "hgss1", "bw1", "xy1", "sm1", "swsh12pt5"):
        names = {c.name for c in catalogue.cards if c.set_id == era and c.is_basic_energy}
        assert {f"{t} Energy" for t in types} <= names, era


def test_special_darkness_and_metal_twins_are_not_basic(catalogue):
    # RULES.md 5.2: same name as the basic card, but Special.
    cards = by_id(catalogue)
    for card_id, name in (
        ("neo1-104", "Darkness Energy"),
        ("neo1-19", "Metal Energy"),
        ("dp2-119", "Darkness Energy"),
        ("dp2-120", "Metal Energy"),
    ):
        card = cards[card_id]
        assert card.name == name and card.supertype == ENERGY and not card.is_basic_energy
    twins = catalogue.by_name("Darkness Energy")
    assert {c.is_basic_energy for c in twins} == {True, False}


def test_the_flags_the_rules_read(catalogue):
    cards = by_id(catalogue)
    assert cards["neo4-106"].own_limit == ("Shining Celebi", 1)
    assert cards["smp-SM79"].name == "Shining Celebi" and cards["smp-SM79"].own_limit is None
    assert cards["neo4-16"].own_limit == ("Miracle Energy", 1)
    assert cards["pl4-AR1"].any_number and cards["dpp-DP53"].any_number
    assert not cards["sm6-96"].any_number  # Arceus ◇ has no such text (RULES.md 3.7)
    assert cards["swshp-SWSH144"].not_for_tournaments and cards["swshp-SWSH144"].is_pokemon_star
    assert cards["base1-70"].plays_as_basic and not cards["base1-70"].is_basic_pokemon
    assert cards["neo1-20"].is_basic_pokemon  # Cleffa, a Baby (RULES.md 1.4)
    assert cards["bw7-137"].is_ace_spec and cards["sm8-191"].is_prism_star and cards["pgo-11"].is_radiant


def test_professor_prints_for_the_exclusion(catalogue):
    juniper = {c.id for c in catalogue.by_name("Professor Juniper")}
    sycamore = {c.id for c in catalogue.by_name("Professor Sycamore")}
    assert juniper == {"bw1-101", "bw5-98", "bw9-116", "bw10-84"}
    assert sycamore == {"xy1-122", "xy4-101", "xy9-107", "xy9-107a", "xy11-114"}


def test_a_shared_text_token_joins_prints_of_one_deck_name(catalogue):
    groups = collections.defaultdict(set)
    for card in catalogue.cards:
        groups[card.text_hash].add(deck_key(card.name, card.supertype))
    mixed = {token: names for token, names in groups.items() if len(names) > 1}
    assert not mixed, mixed
    cards = by_id(catalogue)
    assert cards["sv2-185"].text_hash == cards["sv4pt5-80"].text_hash  # Iono reprint
    # docs/rulings.md, "Reprints: functionally identical cards": reworded, not changed -- one card for the reprint rule.
    assert cards["sv2-172"].text_hash == cards["swsh2-154"].text_hash  # Boss's Orders PAL 172 / RCL 154
    assert cards["sv2-173"].text_hash == "sv2-173"  # no token: a print of its own


# -- facts against the reference data -----------------------------------------------------------


@pytest.fixture(scope="module")
def reference():
    if not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip("reference data ../shared/carddata not found")
    sets = {entry["id"]: entry for entry in json.loads((POKEMON_TCG_DATA / "sets" / "en.json").read_text("utf-8"))}
    cards = {}
    for path in sorted((POKEMON_TCG_DATA / "cards" / "en").glob("*.json")):
        for card in json.loads(path.read_text("utf-8")):
            card["_set"] = path.stem
            cards[card["id"]] = card
    return sets, cards


def _rules_text(card: dict) -> str:
    return " ".join(card.get("rules") or ())


_OWN_LIMIT = re.compile(r"You can't have more than (\d+) (.+?) in your deck")
# RULES.md 3: these sentences are the group limits (ACE SPEC, Radiant, Star, Prism Star),
# carried by subtypes, not a card's limit on its own name.
_GROUP_LIMITS = re.compile(r"^(?:ACE SPEC card|Radiant Pokémon|Pokémon Star|◇ card with the same name)$")


def expected_flags(card: dict) -> dict:
    text = _rules_text(card)
    own = [(name, int(n)) for n, name in _OWN_LIMIT.findall(text) if not _GROUP_LIMITS.match(name)]
    return {
        "own_limit": own[0] if own else None,
        "any_number": "You may have as many of this card in your deck as you like" in text,
        "not_for_tournaments": "cannot be used at official tournaments" in text,
        "plays_as_basic": card["supertype"] != POKEMON
        and bool(re.search(r"as if (?:it|this card) were an? .*Basic", text)),
    }


def test_every_catalogue_card_matches_the_reference_data(catalogue, reference):
    sets, cards = reference
    wrong = []
    for card in catalogue.cards:
        data = cards.get(card.id)
        if data is None:
            wrong.append(f"{card.id}: no such card in the reference data")
            continue
        data_set = sets[data["_set"]]
        expected = {
            "name": data["name"],
            "supertype": data["supertype"],
            "subtypes": set(data.get("subtypes") or ()),
            "set_id": data["_set"],
            "set_code": data_set.get("ptcgoCode"),
            "number": data["number"],
            "regulation_mark": data.get("regulationMark"),
            "types": tuple(data.get("types") or ()) if data["supertype"] == POKEMON else (),
            "evolves_from": data.get("evolvesFrom") if data["supertype"] == POKEMON else None,
            **expected_flags(data),
        }
        actual = {key: getattr(card, key) for key in expected}
        actual["subtypes"] = set(card.subtypes)
        for key in expected:
            if actual[key] != expected[key]:
                wrong.append(f"{card.id} {key}: catalogue {actual[key]!r}, data {expected[key]!r}")
    assert not wrong, "\n".join(wrong)


def test_every_catalogue_set_matches_the_reference_data(reference):
    sets, _ = reference
    wrong = []
    for entry in catalogue_sets():
        data = sets.get(entry["id"])
        if data is None:
            wrong.append(f"{entry['id']}: no such set")
            continue
        expected = (data.get("ptcgoCode"), data["releaseDate"].replace("/", "-"), data["name"], data["series"])
        actual = (entry["code"], entry["released"], entry["name"], entry["series"])
        if actual != expected:
            wrong.append(f"{entry['id']}: catalogue {actual}, data {expected}")
    assert not wrong, "\n".join(wrong)


def test_text_tokens_agree_with_the_database_digest(catalogue, reference):
    # Without a card database the tokens decide reprints; with one, the game-text digest
    # does (docs/rulings.md, "Reprints: functionally identical cards"). Both must give the same answer for every pair
    # of prints of one
    # deck name, in both directions: same token exactly when functionally identical.
    _, cards = reference
    groups = collections.defaultdict(list)
    for card in catalogue.cards:
        groups[(deck_key(card.name, card.supertype), card.supertype)].append(card)
    digests = {card.id: text_hash(cards[card.id]) for card in catalogue.cards if card.id in cards}
    wrong = []
    for prints in groups.values():
        for i, one in enumerate(prints):
            for other in prints[i + 1 :]:
                if one.id not in digests or other.id not in digests:
                    continue
                same_token = one.text_hash == other.text_hash
                if same_token != (digests[one.id] == digests[other.id]):
                    what = (
                        "share a token but differ in play"
                        if same_token
                        else "are identical in play but differ in token"
                    )
                    wrong.append(f"{one.id} ({one.text_hash}) and {other.id} ({other.text_hash}) {what}")
    assert not wrong, "\n".join(wrong)
    assert any(len(prints) > 1 for prints in groups.values())


# The days of the current seasons: Standard's 2025 and 2026 rotations, the J-mark day, today.
CURRENT_DAYS = ("2025-06-01", "2025-11-30", "2026-03-06", "2026-06-01", "2026-11-30")


@pytest.mark.parametrize("fmt", ["standard", "expanded"])
def test_each_catalogue_print_has_the_verdict_a_database_gives(catalogue, reference_index, fmt):
    # Without a database the catalogue decides reprints: an older print it holds (Ultra Ball SVI
    # 196, Switch SUM 132) needs a legal, functionally identical print beside it (MEG 131, PFL
    # 123), or deckcheck reports a legal card not legal. Checked for the current seasons.
    import datetime as dt

    from deckcheck.packs.loading import load_pack
    from deckcheck.rules.card_pool import Pool

    (rule,) = [r for r in load_pack(fmt).rules if r.kind == "card-pool"]
    pool = Pool.from_options(rule.options)
    wrong = []
    for card in catalogue.cards:
        (data,) = [c for c in reference_index.by_deck_key(deck_key(card.name, card.supertype)) if c.id == card.id]
        for day in map(dt.date.fromisoformat, CURRENT_DAYS):
            without, with_db = pool.allows(card, day, catalogue), pool.allows(data, day, reference_index)
            if without != with_db:
                reprint = pool.legal_reprint(data, day, reference_index)
                wrong.append(
                    f"{card.id} {card.name} on {day}: {without} without a database, {with_db} with one"
                    + (f" (through {reprint.id})" if reprint else "")
                )
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    "what, test",
    [
        ("ACE SPEC", lambda c: "ACE SPEC" in (c.get("subtypes") or ())),
        ("Prism Star", lambda c: "Prism Star" in (c.get("subtypes") or ())),
        ("Pokémon Star", lambda c: "Star" in (c.get("subtypes") or ())),
        ("Radiant", lambda c: "Radiant" in (c.get("subtypes") or ())),
        (
            "own-limit, Arceus or not-for-tournament text",
            lambda c: any(v for k, v in expected_flags(c).items() if k != "plays_as_basic"),
        ),
    ],
)
def test_catalogue_holds_every_print_the_special_limits_name(catalogue, reference, what, test):
    # Without a database these rules see only the catalogue: a missing print would pass unchecked.
    _, cards = reference
    ids = set(by_id(catalogue))
    missing = sorted(card_id for card_id, card in cards.items() if test(card) and card_id not in ids)
    assert not missing, f"{what} prints missing from the catalogue: {missing}"


def test_the_checked_catalogue_is_cached_and_a_damaged_cache_entry_is_read_from_the_yaml_again(tmp_path, monkeypatch):
    from deckcheck.carddb import catalogue

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path))
    source = resources.files("deckcheck") / "data" / "catalogue.yaml"
    document = yaml.load(source.read_text(encoding="utf-8"), Loader=catalogue.yaml_loader())
    sets = catalogue._sets(document)
    # Each card as the values of its fields: the cards the YAML's entries make, field for field.
    from_yaml = sets, tuple(astuple(card) for card in catalogue._cards(document, sets))
    assert len(from_yaml[1]) == len(load_catalogue().cards) > 400

    catalogue._contents.cache_clear()
    try:
        assert catalogue._contents() == from_yaml
        (entry,) = (tmp_path / "catalogue").rglob("*.marshal")
        catalogue._contents.cache_clear()
        assert catalogue._read_cache(entry) == from_yaml  # the next run reads the cache
        assert catalogue._contents() == from_yaml

        data = entry.read_bytes()
        for damaged in (data[:-10], data[:-1] + bytes([data[-1] ^ 1]), b"junk", b""):
            entry.write_bytes(damaged)
            assert catalogue._read_cache(entry) is None
            catalogue._contents.cache_clear()
            assert catalogue._contents() == from_yaml  # read from the YAML, and the entry written again
            assert catalogue._read_cache(entry) == from_yaml

        monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
        catalogue._contents.cache_clear()
        assert catalogue._contents() == from_yaml
    finally:
        catalogue._contents.cache_clear()
    assert [astuple(card) for card in load_catalogue().cards] == list(from_yaml[1])


@pytest.mark.parametrize(
    "line, fmt, day, through",
    [
        ("4 Boss's Orders RCL 154", "standard", "2025-11-30", "MEG 114"),  # D, reworded as Boss's Orders (Ghetsis)
        ("4 Switch SUM 132", "standard", "2025-11-30", "PFL 123"),
        ("4 Double Colorless Energy BS 96", "expanded", "2025-11-30", "FCO 114"),
    ],
)
def test_without_a_database_a_reworded_print_is_legal_through_its_reprint(catalogue, line, fmt, day, through):
    import datetime as dt

    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    result = check_deck(parse_text(line + "\n", "deck.txt"), load_pack(fmt), catalogue, dt.date.fromisoformat(day))
    pool = [f for f in result.findings if f.rule in ("not-legal", "legal-reprint")]
    assert [f.rule for f in pool] == ["legal-reprint"]
    assert pool[0].message.endswith(f"legal through its reprint {through}.")


def test_the_catalogue_names_a_codeless_set_by_its_name_too():
    from deckcheck.carddb.catalogue import load_catalogue

    pop5 = [card for card in load_catalogue().cards if card.set_id == "pop5"]
    assert pop5 and all(card.label.startswith(f"{card.shown_name} POP Series 5 ") for card in pop5)
