"""PTCG Live export codes resolve to the right card of the reference data (docs/rulings.md, "PTCG Live's own forms")."""

from __future__ import annotations

import pytest

from deckcheck.core.resolve import ResolveOptions, live_shiny_vault, resolve_deck
from deckcheck.parse import parse_text


def resolve(reference_index, text: str):
    deck, findings = resolve_deck(parse_text(text, "d.txt"), reference_index, ResolveOptions())
    return deck, findings


@pytest.mark.parametrize(
    "line, card_id",
    [
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
        ("8 Grass Energy MEE 1", "mee-1"),
        ("1 Tapu Lele-GX CEL-CC 25", "cel25c-60_A"),
        ("1 Venusaur CEL-CC 3", "cel25c-15_A1"),
        ("1 Claydol CEL-CC 16", "cel25c-15_A4"),  # the collection's order (TCGdex's CC016)
        ("1 Here Comes Team Rocket! CEL-CC 6", "cel25c-15_A2"),
        ("1 Imposter Professor Oak CEL-CC 4", "cel25c-73_A"),
        ("1 Umbreon ★ CEL-CC 15", "cel25c-17_A"),
        ("2 Psychic Energy SVE 13", "sve-13"),
        ("4 Telepathic {P} Energy POR 88", "me3-88"),
    ],
)
def test_live_prints_resolve_to_their_card(reference_index, line, card_id):
    deck, findings = resolve(reference_index, line)
    assert findings == []
    assert [c.card.id for c in deck.cards] == [card_id]


def test_gallery_codes_of_every_set_with_a_gallery(reference_index):
    # Every Trainer Gallery / Galarian Gallery card, written as PTCG Live writes it.
    rows = reference_index._conn.execute(
        "SELECT id, name, set_code, number FROM cards WHERE number LIKE 'TG%' OR number LIKE 'GG%'"
    ).fetchall()
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


def test_ptcg_lives_shiny_vault_numbers_read_as_sv_numbers():
    assert live_shiny_vault("HIF", "163") == "SV94"
    assert live_shiny_vault("hif", "70") == "SV1"
    assert live_shiny_vault("HIF", "69") is None  # the main set's own secret rare
    assert live_shiny_vault("SHF", "74") == "SV1"
    assert live_shiny_vault("PAL", "300") is None


# -- SWSHALT / SVALT: PTCG Live's own codes (docs/rulings.md, "PTCG Live's own forms") ---------------------------


def check(reference_index, text: str, fmt: str, day: str):
    import datetime as dt

    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack

    return check_deck(parse_text(text, "d.txt"), load_pack(fmt), reference_index, dt.date.fromisoformat(day))


def rules_of(result, line: int):
    return [(f.rule, f.severity.value) for f in result.findings if f.lines == (line,)]


@pytest.mark.parametrize(
    "alt, printed",
    [
        ("3 Boss's Orders SWSHALT 32", "3 Boss's Orders BRS 132"),
        ("4 Irida SWSHALT 101", "4 Irida ASR 147"),
        ("1 Snorlax SWSHALT 107", "1 Snorlax CRZ 109"),
    ],
)
def test_an_alt_line_has_the_verdict_of_the_printed_card_when_every_candidate_agrees(reference_index, alt, printed):
    # Expanded allows every Sword & Shield print of these names: the print does not matter.
    with_alt = check(reference_index, alt, "expanded", "2023-06-01")
    with_print = check(reference_index, printed, "expanded", "2023-06-01")
    assert [f for f in with_alt.findings if f.severity.value != "info"] == [
        f for f in with_print.findings if f.severity.value != "info"
    ]
    (note,) = [f for f in with_alt.findings if f.lines == (1,)]
    assert (note.rule, note.severity.value) == ("unknown-print", "info")
    assert "SWSHALT" in note.message and "cannot be told" in note.message


def test_an_alt_line_whose_candidates_differ_is_an_ambiguous_card_error_naming_them(reference_index):
    # Standard in June 2023: Snorlax FST 206 (E) is legal, Snorlax SSH 140 (D) is not
    # (docs/rulings.md, "Which card a line is": an error -- legality cannot be shown).
    result = check(reference_index, "1 Snorlax SWSHALT 107", "standard", "2023-06-01")
    (warning,) = [f for f in result.findings if f.rule == "ambiguous-card"]
    assert warning.severity.value == "error" and warning.lines == (1,)
    assert "Snorlax FST 206" in warning.message or "Snorlax PR-SW SWSH119" in warning.message
    assert "Snorlax PR-SW SWSH032" in warning.message  # mark D: not allowed
    assert "not-legal" not in [f.rule for f in result.findings]  # read as an allowed print
    assert warning.hint.startswith("Write the set code and number printed on the card")


def test_alt_candidates_are_prints_released_by_the_day(reference_index):
    # Boss's Orders MEG 114 (2025) cannot be the print of a list checked in 2023.
    result = check(reference_index, "3 Boss's Orders SWSHALT 32", "standard", "2023-06-01")
    assert rules_of(result, 1)[0] == ("unknown-print", "info")
    assert "ambiguous-card" not in [f.rule for f in result.findings]


def test_an_alt_code_is_no_unknown_set(reference_index):
    deck, findings = resolve(reference_index, "2 Latias ex SVALT 221\n1 Basic {R} Energy SVALT 132\n")
    assert [c.card.name for c in deck.cards] == ["Latias ex", "Basic Fire Energy"]
    assert [(f.rule, f.severity.value) for f in findings] == [("unknown-print", "info")] * 2


# -- a name-only line is reported as written --------------------------


def test_a_name_only_line_is_reported_by_the_name_written(reference_index):
    result = check(reference_index, "4 Iono\n", "standard", "2026-05-20")
    (finding,) = [f for f in result.findings if f.rule == "not-legal"]
    assert finding.message.startswith("Iono has regulation mark G")
    assert finding.cards == ("Iono",)
    printed = check(reference_index, "4 Iono PAL 185\n", "standard", "2026-05-20")
    (finding,) = [f for f in printed.findings if f.rule == "not-legal"]
    assert finding.message.startswith("Iono PAL 185 has regulation mark G") and finding.cards == ("Iono PAL 185",)


def test_a_line_read_by_name_after_an_unknown_print_is_reported_as_written(reference_index):
    result = check(reference_index, "4 Iono PAL 999\n", "standard", "2026-05-20")
    (finding,) = [f for f in result.findings if f.rule == "not-legal"]
    assert finding.message.startswith("Iono PAL 999 has regulation mark G")


def test_an_unknown_number_of_a_basic_energy_print_is_only_a_note(reference_index):
    # PTCG Live numbers more basic Energy prints than the card data has (MEE 10 is a Fire Energy).
    deck, findings = resolve(reference_index, "4 Basic {R} Energy MEE 10\n4 Iono PAL 999\n")
    assert [c.card.name for c in deck.cards] == ["Basic Fire Energy", "Iono"]
    assert [(f.rule, f.severity.value, f.lines) for f in findings] == [
        ("unknown-print", "info", (1,)),
        ("unknown-print", "warning", (2,)),
    ]
