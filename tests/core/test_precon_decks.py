"""Every preconstructed deck of the reference dataset, as a player would type it.

Each deck in ``decks/en/*.json`` is written out as a PTCG Live list (set code +
number where the set has a code, else the name alone), checked against the
``unlimited`` pack with a database imported from the reference data, and must
resolve completely and get the verdict the rules give.
"""

from __future__ import annotations

import datetime as dt
import json

from support import POKEMON_TCG_DATA, require_reference_data

from deckcheck.engine import check_deck
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text

# Decks the rules rightly declare illegal, with the rule ids and why (RULES.md 5.2, 7.6).
RIGHTLY_ILLEGAL = {
    # DP theme decks list 8–13 copies of the *Special* Metal/Darkness Energy ids (RULES.md 5.2):
    # as printed, those are Special cards limited to 4 copies.
    "d-dp2-1": {"copy-limit"},  # Armor Fortress: 8 Metal Energy MT 120 (Special)
    "d-dp4-2": {"copy-limit"},  # Eternal Time: 8 Metal Energy SW 130 (Special)
    "d-dp4-3": {"copy-limit"},  # Endless Night: 6 Darkness Energy SW 129 (Special)
    "d-dp6-2": {"copy-limit"},  # Metal Surge: 10 Metal Energy MD 95 (Special)
    "d-dp7-2": {"copy-limit"},  # Dark Rampage: 13 Darkness Energy MD 93 (Special)
}
SIXTY_ONE = "deck-size"
# Where the deck files name a card differently from its print (the deck lists drop
# SP symbols, or point at another card): a name-mismatch error each (docs/rulings.md:
# "Rhyperior RR 32" names Rhyperior, RR 32 is Rhyperior E4), so these decks are not verified,
# not ILLEGAL. (A Blend Energy by its type letters, "Blend Energy GRPD", is read as the card.)
# Any other warning is a regression.
NAME_MISMATCHES = {
    "d-bw6-1": 1,
    "d-bw6-2": 1,
    "d-bw8-1": 1,
    "d-bw8-2": 1,
    "d-dp5-2": 1,
    "d-pl2-1": 3,
    "d-pl2-2": 3,
    "d-pl3-1": 3,
    "d-pl3-2": 3,
    "d-swsh3-1": 1,
}  # the two "2-Player" starter decks total 61 cards (RULES.md 7.6)


def _precon_lists():
    if not (POKEMON_TCG_DATA / "decks" / "en").is_dir():
        return []
    return sorted((POKEMON_TCG_DATA / "decks" / "en").glob("*.json"))


def _deck_texts(data_root):
    sets = {s["id"]: s for s in json.loads((data_root / "sets" / "en.json").read_text())}
    numbers = {}
    for card_file in (data_root / "cards" / "en").glob("*.json"):
        for card in json.loads(card_file.read_text()):
            numbers[card["id"]] = card["number"]
    for deck_file in _precon_lists():
        for deck in json.loads(deck_file.read_text()):
            lines = []
            for entry in deck["cards"]:
                set_id = entry["id"].rsplit("-", 1)[0]
                code = sets.get(set_id, {}).get("ptcgoCode")
                number = numbers.get(entry["id"])
                if code and number:
                    lines.append(f"{entry['count']} {entry['name']} {code} {number}")
                else:
                    # no code (POP, McDonald's…) or a dangling id such as swsh1-0 (RULES.md 7.6)
                    lines.append(f"{entry['count']} {entry['name']}")
            yield deck["id"], deck["name"], "\n".join(lines) + "\n"


def test_every_preconstructed_deck_resolves_and_gets_its_verdict(reference_index):
    data = require_reference_data()
    pack = load_pack("unlimited")
    day = dt.date(2026, 11, 30)
    checked = 0
    surprises = []
    mismatches = {}
    for deck_id, name, text in _deck_texts(data):
        result = check_deck(parse_text(text, f"{deck_id}.txt"), pack, reference_index, day)
        checked += 1
        warnings = [f.rule for f in result.findings if f.severity.value == "warning"]
        assert warnings == [], (deck_id, [f.message for f in result.findings])
        named = [f for f in result.findings if f.rule == "name-mismatch"]
        if named:
            mismatches[deck_id] = len(named)
            assert result.verdict == "unverified", (deck_id, [f.message for f in result.findings])
        unresolved = [f for f in result.findings if f.rule in ("unknown-card", "syntax")]
        assert not unresolved, f"{deck_id} {name}: {[f.message for f in unresolved]}"
        errors = {f.rule for f in result.findings if f.severity.value == "error"}
        expected = RIGHTLY_ILLEGAL.get(deck_id, set()) | ({"name-mismatch"} if named else set())
        if result.total_cards == 61:
            expected = expected | {SIXTY_ONE}
        if errors != expected:
            surprises.append((deck_id, name, result.total_cards, sorted(errors), [f.message for f in result.findings]))
    assert checked > 100
    assert not surprises, "\n".join(map(str, surprises))
    assert mismatches == NAME_MISMATCHES


def test_the_same_energy_written_without_set_codes_is_read_as_basic(reference_index):
    """A bare "Metal Energy" line outside pre-DP packs is basic Energy, with an ambiguous-card
    warning because a Special card of that name exists (docs/rulings.md, "A bare Darkness or Metal
    Energy")."""
    data = require_reference_data()
    pack = load_pack("unlimited")
    texts = {deck_id: text for deck_id, _name, text in _deck_texts(data) if deck_id in RIGHTLY_ILLEGAL}
    assert set(texts) == set(RIGHTLY_ILLEGAL)
    for deck_id, text in texts.items():
        lines = []
        for line in text.splitlines():
            count, rest = line.split(" ", 1)
            if rest.startswith(("Metal Energy", "Darkness Energy")):
                rest = " ".join(rest.split()[:2])
            lines.append(f"{count} {rest}")
        result = check_deck(parse_text("\n".join(lines), deck_id), pack, reference_index, dt.date(2026, 11, 30))
        assert result.legal, (deck_id, [f.message for f in result.findings])
        assert [f.rule for f in result.findings] == ["ambiguous-card"], deck_id


# Base-era theme decks that base-fossil rightly rejects.
BASE_FOSSIL_ILLEGAL = {
    "d-base1-1": {"deck-size"},  # 2-Player Starter Set: 61 cards (RULES.md 7.6)
    "d-base4-1": {"deck-size"},  # 2-Player CD-ROM Starter Set: 61 cards
    # "Thunderstorm" (filed under Base Set 2) holds Team Rocket and Gym Heroes
    # cards (Psyduck TR 65, Lt. Surge's Voltorb G1 84, ...), which came after
    # the Base-Fossil pool (RULES.md 6.5, docs/rulings.md, "Base–Fossil promos").
    "d-base4-6": {"not-legal"},
}


def test_base_era_preconstructed_decks_pass_base_fossil(reference_index):
    data = require_reference_data()
    pack = load_pack("base-fossil")
    checked, surprises = 0, []
    for deck_id, name, text in _deck_texts(data):
        if not deck_id.startswith(("d-base1-", "d-base2-", "d-base3-", "d-base4-")):
            continue
        result = check_deck(parse_text(text, deck_id), pack, reference_index, dt.date(2026, 11, 30))
        checked += 1
        errors = {f.rule for f in result.findings if f.severity.value == "error"}
        if errors != BASE_FOSSIL_ILLEGAL.get(deck_id, set()):
            surprises.append((deck_id, name, sorted(errors), [f.message for f in result.findings]))
    assert checked >= 6
    assert not surprises, "\n".join(map(str, surprises))
