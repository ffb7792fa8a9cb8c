"""Text deck lists (RULES.md section 7): PTCG Live, Limitless, PTCGO, informal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckcheck.model import ENERGY, POKEMON, TRAINER, Severity
from deckcheck.parse import parse_text
from deckcheck.parse.text import energy_name

CARDDATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata"


def one(line: str):
    deck = parse_text(line, "deck.txt")
    assert deck.findings == (), [f.message for f in deck.findings]
    assert len(deck.entries) == 1
    return deck.entries[0]


def errors(deck):
    return [f for f in deck.findings if f.severity is Severity.ERROR]


def warnings(deck):
    return [f for f in deck.findings if f.severity is Severity.WARNING]


# -- card lines ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line, count, name, set_code, number",
    [
        ("4 Iono PAL 185", 4, "Iono", "PAL", "185"),
        ("4 Professor's Research SVI 189", 4, "Professor's Research", "SVI", "189"),
        ("2 Boss’s Orders PAL 172", 2, "Boss’s Orders", "PAL", "172"),
        ("1 Thunder Mountain {*} LOT 191", 1, "Thunder Mountain {*}", "LOT", "191"),
        ("1 Rayquaza ★ DX 107", 1, "Rayquaza ★", "DX", "107"),
        ("2 Pikachu δ HP 79", 2, "Pikachu δ", "HP", "79"),
        ("2 Gardevoir LV.X SW 131", 2, "Gardevoir LV.X", "SW", "131"),
        ("2 Entei & Raikou LEGEND UL 90", 2, "Entei & Raikou LEGEND", "UL", "90"),
        ("3 Charizard ex OBF 125", 3, "Charizard ex", "OBF", "125"),
        ("1 Zeraora-GX LOT 86", 1, "Zeraora-GX", "LOT", "86"),
        ("1 Giratina ◇ LOT 57", 1, "Giratina ◇", "LOT", "57"),
        ("1 Mew ex MEW 151", 1, "Mew ex", "MEW", "151"),
        ("1 Pokémon Catcher SVI 187", 1, "Pokémon Catcher", "SVI", "187"),
        ("1 Mewtwo & Mew-GX UNM 71", 1, "Mewtwo & Mew-GX", "UNM", "71"),
        # collector numbers
        ("1 Pikachu VMAX VIV 188", 1, "Pikachu VMAX", "VIV", "188"),
        ("1 Mew VMAX FST TG12", 1, "Mew VMAX", "FST", "TG12"),
        ("1 Mewtwo VSTAR CRZ GG44", 1, "Mewtwo VSTAR", "CRZ", "GG44"),
        ("1 Charizard VSTAR SHF SV107", 1, "Charizard VSTAR", "SHF", "SV107"),
        ("1 Zacian V PR-SW SWSH262", 1, "Zacian V", "PR-SW", "SWSH262"),
        ("1 Pikachu SM 107a", 1, "Pikachu", "SM", "107a"),
        ("1 Ralts GEN RC27", 1, "Ralts", "GEN", "RC27"),
        ("2 Pikachu ex SSP 57", 2, "Pikachu ex", "SSP", "57"),
        # promo codes (RULES.md 7.2, 7.4)
        ("1 Pecharunt PR-SV 87", 1, "Pecharunt", "PR-SV", "87"),
        ("1 Zacian V PR-SW 271", 1, "Zacian V", "PR-SW", "271"),
        ("1 Solgaleo-GX PR-SM SM104", 1, "Solgaleo-GX", "PR-SM", "SM104"),
        ("1 Xerneas PR-XY XY05", 1, "Xerneas", "PR-XY", "XY05"),
        ("1 Tapu Koko PR-SM 30", 1, "Tapu Koko", "PR-SM", "30"),
        ("1 Charizard ex SVP 74", 1, "Charizard ex", "SVP", "74"),
        ("1 Mewtwo PR 3", 1, "Mewtwo", "PR", "3"),
        # prints numbered with words or letters in the dataset
        ("1 Unown Q UF Q", 1, "Unown Q", "UF", "Q"),
        ("1 Alph Lithograph HS ONE", 1, "Alph Lithograph", "HS", "ONE"),
        # PTCGO bullets, "x" counts, parenthesised prints (RULES.md 7.2, 7.3)
        ("* 2 Shaymin-EX ROS 106", 2, "Shaymin-EX", "ROS", "106"),
        ("* 2 Erika’s Hospitality TEU 174", 2, "Erika’s Hospitality", "TEU", "174"),
        ("4x Professor Juniper", 4, "Professor Juniper", None, None),
        ("4 x Professor Juniper", 4, "Professor Juniper", None, None),
        ("4X Iono PAL 185", 4, "Iono", "PAL", "185"),
        ("x4 Iono PAL 185", 4, "Iono", "PAL", "185"),
        ("4 Xerneas XY 96", 4, "Xerneas", "XY", "96"),
        ("3 Sceptile (PCL 8)", 3, "Sceptile", "PCL", "8"),
        ("1 Professor's Research (Professor Sada) PAR 189", 1, "Professor's Research (Professor Sada)", "PAR", "189"),
        ("- 4 Iono PAL 185", 4, "Iono", "PAL", "185"),
        # names that end in code-like tokens keep their names
        ("4 Professor Juniper", 4, "Professor Juniper", None, None),
        ("1 Garchomp C LV.X", 1, "Garchomp C LV.X", None, None),
        ("2 Unown [A]", 2, "Unown [A]", None, None),
        ("1 Absol G", 1, "Absol G", None, None),
        ("1 Luxray GL LV.X", 1, "Luxray GL LV.X", None, None),
        ("1 Dialga G LV.X", 1, "Dialga G LV.X", None, None),
        ("1 Alakazam E4", 1, "Alakazam E4", None, None),
        ("1 Pikachu V", 1, "Pikachu V", None, None),
        ("1 Charizard VMAX", 1, "Charizard VMAX", None, None),
        ("4 Energy Removal 2", 4, "Energy Removal 2", None, None),
        ("1 PokéDex HANDY909", 1, "PokéDex HANDY909", None, None),
        ("1 Garchomp C LV.X SV 145", 1, "Garchomp C LV.X", "SV", "145"),
        # whitespace: tabs, runs of spaces, trailing comment
        ("4\tIono\tPAL\t185", 4, "Iono", "PAL", "185"),
        ("  4   Boss's    Orders  PAL 172  ", 4, "Boss's Orders", "PAL", "172"),
        ("4 Iono PAL 185 # main draw", 4, "Iono", "PAL", "185"),
    ],
)
def test_a_card_line_gives_its_count_name_set_code_and_number(line, count, name, set_code, number):
    entry = one(line)
    assert (entry.count, entry.name, entry.set_code, entry.number) == (count, name, set_code, number)
    assert entry.basic_energy_type is None
    assert entry.special_energy is False


def test_entry_keeps_line_number_and_raw_line():
    deck = parse_text("Pokémon: 1\n\t1 Pikachu  SVI 63\n", "deck.txt")
    (entry,) = deck.placed()
    assert entry.line == 2 and deck.lines == (2,)
    assert entry.raw == "\t1 Pikachu  SVI 63"


# -- Energy (RULES.md 5.3, 7.3) --------------------------------------------------


@pytest.mark.parametrize(
    "line, name, basic_energy_type, special_energy, set_code, number",
    [
        ("10 Basic {R} Energy SVE 2", "Fire Energy", "Fire", False, "SVE", "2"),
        ("1 Basic {G} Energy SVE 1 PH", "Grass Energy", "Grass", False, "SVE", "1"),
        ("4 Basic {W} Energy SVE 3", "Water Energy", "Water", False, "SVE", "3"),
        ("4 Basic {L} Energy SVE 4", "Lightning Energy", "Lightning", False, "SVE", "4"),
        ("4 Basic {P} Energy SVE 5", "Psychic Energy", "Psychic", False, "SVE", "5"),
        ("4 Basic {F} Energy SVE 6", "Fighting Energy", "Fighting", False, "SVE", "6"),
        ("4 Basic {D} Energy SVE 7", "Darkness Energy", "Darkness", False, "SVE", "7"),
        ("4 Basic {M} Energy SVE 8", "Metal Energy", "Metal", False, "SVE", "8"),
        ("4 Basic {Y} Energy", "Fairy Energy", "Fairy", False, None, None),
        ("4 Basic {N} Energy", "Dragon Energy", "Dragon", False, None, None),
        ("4 Basic {C} Energy", "Colorless Energy", "Colorless", False, None, None),
        ("57 Basic {R} Energy EVO 92", "Fire Energy", "Fire", False, "EVO", "92"),
        ("4 {R} Energy", "Fire Energy", "Fire", False, None, None),
        ("4 Basic Fire Energy", "Fire Energy", "Fire", False, None, None),
        ("4 Basic Fire Energy SVE 10", "Fire Energy", "Fire", False, "SVE", "10"),
        ("8 Fire Energy", "Fire Energy", None, False, None, None),
        ("4 Darkness Energy DP 129", "Darkness Energy", None, False, "DP", "129"),
        ("2 Lightning Energy - Basic CRZ 155", "Lightning Energy", "Lightning", False, "CRZ", "155"),
        ("11 x Lightning Energy - Basic", "Lightning Energy", "Lightning", False, None, None),
        ("2 Double Turbo Energy - Special ASR 216", "Double Turbo Energy", None, True, "ASR", "216"),
        ("2 Darkness Energy - Special", "Darkness Energy", None, True, None, None),
        ("4 Double Colorless Energy FCO 114", "Double Colorless Energy", None, False, "FCO", "114"),
        # PTCGO's pseudo prints are not real prints (RULES.md 5.3)
        ("* 9 Fighting Energy Energy 6", "Fighting Energy", "Fighting", False, None, None),
        ("* 11 Lightning Energy 4", "Lightning Energy", "Lightning", False, None, None),
        ("5 Basic {D} Energy Energy 15", "Darkness Energy", "Darkness", False, None, None),
        ("5 Basic {R} Energy Energy", "Fire Energy", "Fire", False, None, None),
        ("5 Basic Fire Energy null", "Fire Energy", "Fire", False, None, None),
    ],
)
def test_an_energy_line_gives_its_basic_type_or_special_card(
    line, name, basic_energy_type, special_energy, set_code, number
):
    entry = one(line)
    assert (entry.name, entry.basic_energy_type, entry.special_energy, entry.set_code, entry.number) == (
        name,
        basic_energy_type,
        special_energy,
        set_code,
        number,
    )


def test_unknown_energy_letter_keeps_the_name():
    assert energy_name("{X} Energy").name == "{X} Energy"
    assert energy_name("{X} Energy").basic_energy_type is None


# -- sections, totals, banners, comments ---------------------------------------

PTCGL = """\
Pokémon: 2
1 Pikachu ex SSP 57
1 Mew ex MEW 151

Trainer: 5
4 Iono PAL 185
1 Boss's Orders PAL 172

Energy: 3
3 Basic {L} Energy SVE 4

Total Cards: 10
"""

PTCGO = """\
****** Pokémon Trading Card Game Deck List ******

##Pokémon - 2

* 2 Shaymin-EX ROS 106

##Trainer Cards - 4

* 4 VS Seeker ROS 110

##Energy - 9

* 9 Fighting Energy Energy 6

Total Cards - 15

****** Deck List Generated by the Pokémon TCG Online www.pokemon.com/TCGO ******
"""


def test_ptcg_live_list_sets_sections_and_checks_counts():
    deck = parse_text(PTCGL, "deck.txt")
    assert deck.findings == ()
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Pikachu ex", POKEMON),
        ("Mew ex", POKEMON),
        ("Iono", TRAINER),
        ("Boss's Orders", TRAINER),
        ("Lightning Energy", ENERGY),
    ]


def test_ptcgo_list_ignores_banners_and_reads_headers():
    deck = parse_text(PTCGO, "deck.txt")
    assert deck.findings == ()
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (2, "Shaymin-EX", POKEMON),
        (4, "VS Seeker", TRAINER),
        (9, "Fighting Energy", ENERGY),
    ]


@pytest.mark.parametrize(
    "header, section",
    [
        ("Pokémon: 1", POKEMON),
        ("Pokemon: 1", POKEMON),
        ("POKÉMON: 1", POKEMON),
        ("Pokémon", POKEMON),
        ("Pokémon:", POKEMON),
        ("##Pokémon - 1", POKEMON),
        ("Pokémon (1)", POKEMON),
        ("Trainer: 1", TRAINER),
        ("Trainers: 1", TRAINER),
        ("##Trainer Cards - 1", TRAINER),
        ("Trainer Cards:", TRAINER),
        ("Trainer", TRAINER),
        ("Energy: 1", ENERGY),
        ("##Energy - 1", ENERGY),
        ("Energy - 1 card", ENERGY),
        ("Energy", ENERGY),
        ("Energy cards:", ENERGY),
        ("Poke\u0301mon: 1", POKEMON),  # decomposed é
    ],
)
def test_section_headers(header, section):
    deck = parse_text(f"{header}\n1 Iono PAL 185\n", "deck.txt")
    assert deck.findings == ()
    assert deck.entries[0].section == section


def test_lines_before_any_header_have_no_section():
    assert one("4 Iono PAL 185").section is None


def test_section_count_mismatch_is_a_warning_citing_the_header():
    deck = parse_text("Pokémon: 12\n4 Pikachu SVI 63\n\nTrainer: 4\n4 Iono PAL 185\n", "deck.txt")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.WARNING, (1,))
    assert "12" in finding.message and "4" in finding.message and "line 1" in finding.message
    assert deck.entries  # the lines are still kept


def test_ptcgo_section_count_mismatch():
    deck = parse_text("##Trainer Cards - 43\n* 3 Professor Sycamore STS 114\n", "deck.txt")
    (finding,) = warnings(deck)
    assert finding.lines == (1,)
    assert "43" in finding.message and "3" in finding.message


@pytest.mark.parametrize("total", ["Total Cards: 9", "Total Cards - 9", "Total: 9", "total cards: 9"])
def test_total_mismatch_is_a_warning(total):
    deck = parse_text(f"4 Iono PAL 185\n4 Nest Ball SVI 181\n{total}\n", "deck.txt")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.WARNING, (3,))
    assert "9" in finding.message and "8" in finding.message and "line 3" in finding.message


def test_matching_total_is_silent():
    assert parse_text("4 Iono PAL 185\nTotal Cards: 4\n", "deck.txt").findings == ()


def test_comments_and_blank_lines_are_ignored():
    deck = parse_text("# my list\n// tested at cups\n\n   \n4 Iono PAL 185\n# 4 Nest Ball SVI 181\n", "deck.txt")
    assert deck.findings == ()
    assert [e.name for e in deck.entries] == ["Iono"]


@pytest.mark.parametrize(
    "line",
    ["# format: expanded", "// format: expanded", "Format: Expanded", "#format:expanded", "# Format:  EXPANDED "],
)
def test_a_format_line_declares_the_decks_format(line):
    deck = parse_text(f"{line}\n4 Iono PAL 185\n", "deck.txt")
    assert deck.findings == ()
    assert deck.declared_format == "expanded"


@pytest.mark.parametrize("line", ["# name: Lost Box", "Deck: Lost Box", "Name: Lost Box", "// deck name: Lost Box"])
def test_a_name_line_names_the_deck(line):
    deck = parse_text(f"{line}\n4 Iono PAL 185\n", "deck.txt")
    assert deck.findings == ()
    assert deck.name == "Lost Box"


def test_no_name_or_format_by_default():
    deck = parse_text("4 Iono PAL 185\n", "deck.txt")
    assert (deck.name, deck.declared_format, deck.path) == (None, None, "deck.txt")


# -- line ends -----------------------------------------------------------------


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_every_line_end_is_a_line_end(newline):
    deck = parse_text(newline.join(["Pokémon: 1", "1 Pikachu SVI 63", "Total Cards: 1", ""]), "deck.txt")
    assert deck.findings == ()
    (entry,) = deck.placed()
    assert (entry.line, entry.raw, entry.number) == (2, "1 Pikachu SVI 63", "63")


def test_byte_order_mark_is_ignored():
    deck = parse_text("\ufeffPokémon: 1\n1 Pikachu SVI 63\n", "deck.txt")
    assert deck.findings == ()
    assert deck.entries[0].section == POKEMON


# -- errors --------------------------------------------------------------------


@pytest.mark.parametrize("line", ["Hello world", "60", "Iono", "4", "4 185", "Iono PAL 185", "* Iono"])
def test_lines_that_are_not_card_lines(line):
    deck = parse_text(f"4 Iono PAL 185\n{line}\n", "deck.txt")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.ERROR, (2,))
    assert line in finding.message and "line 2" in finding.message.lower()
    assert "COUNT NAME SET NUMBER" in finding.hint
    assert len(deck.entries) == 1


def test_long_lines_are_quoted_shortened():
    line = "Z" * 200
    (finding,) = parse_text(line, "deck.txt").findings
    assert finding.params["text"] == "Z" * 79 + "…"


@pytest.mark.parametrize(
    "line",
    ["0 Iono PAL 185", "-1 Iono PAL 185", "99999999999 Iono PAL 185", "1000 Iono PAL 185", "1.5 Iono", "0x Iono"],
)
def test_bad_counts_are_errors_and_the_entry_is_dropped(line):
    deck = parse_text(line, "deck.txt")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.ERROR, (1,))
    assert line.split()[0].rstrip("x") in finding.message
    assert finding.hint
    assert deck.entries == ()


def test_absurdly_long_numbers_are_errors_not_crashes():
    deck = parse_text("9" * 5000 + " Iono\nTotal Cards: " + "9" * 5000 + "\n", "deck.txt")
    assert [(f.severity, f.lines) for f in deck.findings] == [(Severity.ERROR, (1,)), (Severity.ERROR, (2,))]
    assert all(len(f.message) < 300 for f in deck.findings)


def test_largest_count_is_accepted():
    assert one("999 Fire Energy").count == 999


def test_evolution_line_shorthand_is_an_error_with_a_hint():
    deck = parse_text("4-4 Zoroark-GX\n4-3-3 Gardevoir\n", "deck.txt")
    assert [f.lines for f in errors(deck)] == [(1,), (2,)]
    assert "4-4 Zoroark-GX" in deck.findings[0].message
    assert "one line per card" in deck.findings[0].hint
    assert deck.entries == ()


def test_every_problem_is_reported():
    deck = parse_text("Hello\n4 Iono PAL 185\n0 Iono\nworld\nTotal Cards: 60\n", "deck.txt")
    assert [(f.severity, f.lines) for f in deck.findings] == [
        (Severity.ERROR, (1,)),
        (Severity.ERROR, (3,)),
        (Severity.ERROR, (4,)),
        (Severity.WARNING, (5,)),
    ]


def test_message_templates_format_from_params():
    (finding,) = parse_text("Hello {world}", "deck.txt").findings
    assert finding.message == 'Line 1 is not a card line: "Hello {world}".'


# -- the reference data ----------------------------------------------------------


def _reference_cards():
    root = CARDDATA / "pokemon-tcg-data"
    if not (root / "sets" / "en.json").is_file():
        pytest.skip("reference data ../shared/carddata not found")
    codes = {s["id"]: s.get("ptcgoCode") for s in json.loads((root / "sets" / "en.json").read_text("utf-8"))}
    for path in sorted((root / "cards" / "en").glob("*.json")):
        for card in json.loads(path.read_text("utf-8")):
            yield card["name"], codes.get(path.stem), card["number"]


def test_every_dataset_print_round_trips():
    """A PTCG Live line for any print keeps its name, set code and number;
    names written without a set keep their names (RULES.md 7.1, 7.5)."""
    cards = list(_reference_cards())
    lines = [f"1 {name} {code} {number}" if code else f"1 {name}" for name, code, number in cards]
    lines += [f"2 {name}" for name in sorted({name for name, _, _ in cards})]
    deck = parse_text("\n".join(lines), "all.txt", max_lines=None)  # a line parser here, not a deck
    assert deck.findings == ()
    expected = [(energy_name(name).name, code, number if code else None) for name, code, number in cards]
    expected += [(energy_name(name).name, None, None) for name in sorted({name for name, _, _ in cards})]
    assert [(e.name, e.set_code, e.number) for e in deck.entries] == expected


@pytest.mark.parametrize(
    "header, section",
    [
        ("Energie: 12", "Energy"),
        ("Trainer: 36", "Trainer"),
        ("Treinador: 36", "Trainer"),
        ("Treinadores: 36", "Trainer"),
        ("Energia: 12", "Energy"),
        ("Entrenador: 36", "Trainer"),
        ("Energía: 12", "Energy"),
        ("Dresseurs: 36", "Trainer"),
        ("Énergie: 12", "Energy"),
        ("Allenatori: 36", "Trainer"),
        ("Pokémon: 12", "Pokémon"),
    ],
)
def test_section_headers_in_the_players_languages(header, section):
    deck = parse_text(f"{header}\n2 Iono PAL 185\n", "d.txt")
    assert deck.entries[0].section == section
    assert [f.rule for f in deck.findings] == ["syntax"]  # the header's count (12/36) is not 2


# -- the forms web deck builders and forum posts write -----------------


@pytest.mark.parametrize(
    "line, expected",
    [
        ("4 Drakloak TWM #129", (4, "Drakloak", "TWM", "129")),
        ("2 Dragapult ex [TWM] 130", (2, "Dragapult ex", "TWM", "130")),
        ("2 Dusclops SFA-19", (2, "Dusclops", "SFA", "19")),
        ("1 Dusknoir (SFA) 20", (1, "Dusknoir", "SFA", "20")),
        ("Duskull x2", (2, "Duskull", None, None)),
        ("Duskull SFA 18 x3", (3, "Duskull", "SFA", "18")),
        ("2 Iono [PAL] #185", (2, "Iono", "PAL", "185")),
    ],
)
def test_web_forms_of_a_print_and_a_count_are_read(line, expected):
    entry = one(line)
    assert (entry.count, entry.name, entry.set_code, entry.number) == expected
    assert entry.raw == line


@pytest.mark.parametrize(
    "line, name",
    [
        ("4 Porygon-Z", "Porygon-Z"),  # a hyphen in a name is no print
        ("1 Ho-Oh ex", "Ho-Oh ex"),
        ("1 Unown [A]", "Unown [A]"),
        ("2 Team Rocket's Mewtwo ex", "Team Rocket's Mewtwo ex"),
        ("1 Technical Machine TS-1", "Technical Machine TS-1"),  # a card's name, not TS 1
    ],
)
def test_names_like_web_forms_keep_their_names(line, name):
    entry = one(line)
    assert (entry.name, entry.set_code, entry.number) == (name, None, None)


def test_a_web_form_list_is_a_deck_when_met_in_a_folder():
    from deckcheck.parse.shape import text_deck_problem

    text = "4 Drakloak TWM #129\n2 Dragapult ex [TWM] 130\n2 Dusclops SFA-19\n1 Dusknoir (SFA) 20\nDuskull x2\n"
    assert text_deck_problem(text) is None
    assert len(parse_text(text, "d.txt").entries) == 5


def test_a_card_line_met_again_is_the_entry_read_before():
    # A run over many lists builds each (line as written, section) once: the lists share the
    # entry wherever it stands, and each list says where (ParsedDeck.lines).
    first = parse_text("Pokémon: 1\n1 Pikachu BS 58\n\nTrainer: 4\n4 Iono PAL 185\n", "a.txt")
    again = parse_text("Pokémon: 5\n\n1 Pikachu BS 58\n4 Iono PAL 185\n", "b.txt")
    assert again.entries[0] is first.entries[0] and (first.lines[0], again.lines[0]) == (2, 3)
    assert again.entries[0].line == 0  # a shared entry: its lines are the lists'
    # The same line under another section is an entry of its own.
    iono = again.placed()[1]
    assert again.entries[1] is not first.entries[1] and (iono.line, iono.section) == (4, POKEMON)
    assert first.entries[1].section == TRAINER and again.findings == ()


def test_a_line_written_twice_in_one_list_is_two_entries_each_on_its_line():
    # A list shares an entry with other lists, never with itself: a finding about one of two
    # equal lines names that line alone.
    deck = parse_text("Trainer: 8\n4 Iono PAL 185\n4 Iono PAL 185\n", "d.txt")
    first, second = deck.entries
    assert first is not second and first is parse_text("Trainer: 4\n4 Iono PAL 185\n", "e.txt").entries[0]
    assert deck.lines == (2, 3) and [e.line for e in deck.placed()] == [2, 3]


def test_lists_read_the_same_whether_their_lines_were_read_before_or_not():
    import deckcheck.parse.text as text

    samples = Path(__file__).resolve().parents[2] / "sample_decks"
    lists = [(str(path), path.read_text(encoding="utf-8")) for path in sorted(samples.glob("*/*.txt"))]
    assert len(lists) > 10
    text._ENTRIES.clear()
    fresh = [parse_text(body, path) for path, body in lists]
    remembered = [parse_text(body, path) for path, body in lists]
    assert remembered == fresh
    assert all(a is b for deck, other in zip(remembered, fresh) for a, b in zip(deck.entries, other.entries))


def test_a_card_line_met_on_another_line_is_not_read_again(monkeypatch):
    import deckcheck.parse.text as text

    first = parse_text("4 Iono PAL 185\n2 Lightning Energy - Basic\nTrainer: 6\n\n", "a.txt")

    def unread(*_args):
        raise AssertionError("read again")

    monkeypatch.setattr(text, "_plain_print_line", unread)
    monkeypatch.setattr(text, "_read_card", unread)
    monkeypatch.setattr(text, "energy_name", unread)
    again = parse_text("Trainer: 6\n\n2 Lightning Energy - Basic\n4 Iono PAL 185\n", "b.txt")
    iono, energy = again.placed()[1], again.placed()[0]
    assert (iono.line, iono.section, iono.count, iono.name, iono.set_code, iono.number) == (
        4,
        TRAINER,
        4,
        "Iono",
        "PAL",
        "185",
    )
    assert (energy.line, energy.name, energy.basic_energy_type) == (3, "Lightning Energy", "Lightning")
    assert iono.raw == first.entries[0].raw and again.entries[1] is not first.entries[0]  # another section


def test_what_card_lines_say_stays_bounded(monkeypatch):
    import deckcheck.parse.text as text

    monkeypatch.setattr(text, "SAID_KEPT", 8)
    monkeypatch.setattr(text, "_SAID", {})
    monkeypatch.setattr(text, "_ENTRIES", {})
    for n in range(40):
        deck = parse_text(f"{n + 1} Iono PAL 185\n", "deck.txt")
        assert [(e.count, e.name) for e in deck.entries] == [(n + 1, "Iono")]
        assert 0 < len(text._SAID) <= 8 and f"{n + 1} Iono PAL 185" in text._SAID


def test_the_lines_remembered_stay_bounded(monkeypatch):
    import deckcheck.parse.text as text

    monkeypatch.setattr(text, "ENTRIES_KEPT", 8)
    monkeypatch.setattr(text, "_ENTRIES", {})
    for n in range(40):
        deck = parse_text(f"1 Pikachu BS 58\n{n + 1} Iono PAL 185\n", "deck.txt")
        assert [(e.count, e.name) for e in deck.entries] == [(1, "Pikachu"), (n + 1, "Iono")]
        kept = [entry for row in text._ENTRIES.values() for entry in row.values()]
        assert 0 < len(kept) <= 8 and deck.entries[-1] in kept
