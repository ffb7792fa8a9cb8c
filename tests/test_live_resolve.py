"""PTCG Live export codes resolve to the right card of the reference data (decision 17)."""

from __future__ import annotations

import pytest

from deckcheck.parse import parse_text
from deckcheck.resolve import ResolveOptions, live_shiny_vault, resolve_deck


def resolve(reference_index, text: str):
    deck, findings = resolve_deck(parse_text(text, "d.txt"), reference_index, ResolveOptions())
    return deck, findings


@pytest.mark.parametrize("line, card_id", [
    ("2 Boss's Orders LOR-TG 24", "swsh11tg-TG24"),
    ("1 Bibarel CRZ-GG 25", "swsh12pt5gg-GG25"),
    ("2 Bidoof CRZ-GG 29", "swsh12pt5gg-GG29"),
    ("1 Boss's Orders LOR-TG 24 PH", "swsh11tg-TG24"),
    ("1 Tapu Lele-GX HIF 163", "sma-SV94"),
    ("1 Guzma HIF 153", "sma-SV84"),
    ("1 Tapu Lele-GX HIF SV94", "sma-SV94"),
    ("1 Charizard VMAX SHF 180", "swsh45sv-SV107"),
    ("1 Mimikyu PAL 97 PH", "sv2-97"),
    ("3 Basic {R} Energy SVE 10 PH", "sve-10"),
    ("1 Basic {P} Energy MEE 5", "mee-5"),
    ("4 Telepathic {P} Energy POR 88", "me3-88"),
])
def test_live_prints_resolve_to_their_card(reference_index, line, card_id):
    deck, findings = resolve(reference_index, line)
    assert findings == []
    assert [c.card.id for c in deck.cards] == [card_id]


def test_gallery_codes_of_every_set_with_a_gallery(reference_index):
    # Every Trainer Gallery / Galarian Gallery card, written as PTCG Live writes it.
    rows = reference_index._conn.execute(
        "SELECT id, name, set_code, number FROM cards WHERE number LIKE 'TG%' OR number LIKE 'GG%'").fetchall()
    assert len(rows) > 150
    codes = {(code, number[:2]) for _id, _name, code, number in rows}
    assert {("BRS", "TG"), ("ASR", "TG"), ("LOR", "TG"), ("SIT", "TG"), ("CRZ", "GG")} <= codes
    lines = [f"1 {name} {code}-{number[:2]} {int(number[2:])}" for _id, name, code, number in rows]
    deck, findings = resolve(reference_index, "\n".join(lines))
    assert findings == []
    assert [c.card.id for c in deck.cards] == [row[0] for row in rows]


def test_mee_and_mep_are_known_set_codes(reference_index):
    assert reference_index.knows_set_code("MEE") and reference_index.knows_set_code("MEP")
    deck, findings = resolve(reference_index, "4 Mega Kangaskhan ex MEP 25\n3 Basic {P} Energy MEE 5\n")
    assert "unknown-set" not in [f.rule for f in findings]
    assert [c.card.name for c in deck.cards] == ["Mega Kangaskhan ex", "Basic Psychic Energy"]


def test_shiny_vault_numbers():
    assert live_shiny_vault("HIF", "163") == "SV94"
    assert live_shiny_vault("hif", "70") == "SV1"
    assert live_shiny_vault("HIF", "69") is None  # the main set's own secret rare
    assert live_shiny_vault("SHF", "74") == "SV1"
    assert live_shiny_vault("PAL", "300") is None
