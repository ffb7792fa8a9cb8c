"""What the deck registration sheet says: the age division around its
cut-offs, the rows (merged, in the list's order, under the card's own kind), the
player block's checks, and how strings are fitted into their boxes. Pure: no PDF."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import ENERGY, POKEMON, TRAINER, Card, Deck, DeckCard, DeckEntry, DeckResult
from deckcheck.sheet.content import Player, division, division_years, season, sections, sheet
from deckcheck.sheet.layout import MIN_SIZE, fit

D = dt.date


# -- the age division --------------------------------------------------------------


def test_the_season_turns_in_mid_july():
    assert season(D(2026, 4, 10)) == 2026
    assert season(D(2026, 7, 14)) == 2026
    assert season(D(2026, 7, 15)) == 2027
    assert season(D(2025, 12, 31)) == 2026


def test_division_years_of_the_2025_season_are_the_published_ones():
    # Juniors born 2013 or later, Seniors 2009-2012, Masters 2008 or earlier (2025 season).
    assert division_years(2025) == {"junior": (2013, None), "senior": (2009, 2012), "masters": (None, 2008)}
    # 2021 (Bulbapedia, as of July 5, 2020): Juniors 2009+, Seniors 2005-2008, Masters 2004-.
    assert division_years(2021) == {"junior": (2009, None), "senior": (2005, 2008), "masters": (None, 2004)}


@pytest.mark.parametrize(
    "birth, day, expected",
    [
        # 2026 season (2025-07-15 .. 2026-07-14): Juniors 2014+, Seniors 2010-2013, Masters 2009-.
        (D(2014, 1, 1), D(2026, 4, 10), "junior"),
        (D(2013, 12, 31), D(2026, 4, 10), "senior"),
        (D(2010, 1, 1), D(2026, 4, 10), "senior"),
        (D(2009, 12, 31), D(2026, 4, 10), "masters"),
        (D(1950, 6, 1), D(2026, 4, 10), "masters"),
        # The day before and the day the next season's years apply.
        (D(2014, 3, 3), D(2026, 7, 14), "junior"),
        (D(2014, 3, 3), D(2026, 7, 15), "senior"),  # 2027 season: Juniors 2015+
        (D(2010, 3, 3), D(2026, 7, 14), "senior"),
        (D(2010, 3, 3), D(2026, 7, 15), "masters"),  # 2027 season: Masters 2010-
        # Before the 2007 season: by age on the day (10 and under, 11-14, 15 and over).
        (D(1994, 8, 20), D(2004, 8, 20), "junior"),  # 10 on the day
        (D(1993, 8, 21), D(2004, 8, 20), "junior"),  # 10, 11 tomorrow
        (D(1993, 8, 20), D(2004, 8, 20), "senior"),  # 11 on the day
        (D(1989, 8, 21), D(2004, 8, 20), "senior"),  # 14
        (D(1989, 8, 20), D(2004, 8, 20), "masters"),  # 15
    ],
)
def test_division_around_the_cut_offs(birth, day, expected):
    assert division(birth, day) == expected


# -- rows --------------------------------------------------------------------------


def card(card_id, name, supertype, set_code="SVI", number="1", mark=None):
    return Card(id=card_id, name=name, supertype=supertype, set_code=set_code, number=number, regulation_mark=mark)


def line(count, name, number, *, section=None, set_code=None, card_number=None):
    return DeckEntry(count, name, number, set_code=set_code, number=card_number, section=section)


def test_rows_merge_repeated_cards_in_list_order_under_their_own_heading():
    iono_pal, iono_paf = card("sv2-185", "Iono", TRAINER, "PAL", "185"), card("sv4pt5-80", "Iono", TRAINER, "PAF", "80")
    pikachu = card("sv8-57", "Pikachu ex", POKEMON, "SSP", "57", "H")
    pikachu_tg = card("swsh12tg-TG05", "Pikachu", POKEMON, "SIT", "TG05", "F")
    fire = card("sve-2", "Basic Fire Energy", ENERGY, "SVE", "2")
    fire_obf = card("sv3-230", "Basic Fire Energy", ENERGY, "OBF", "230")
    cards = [
        DeckCard(line(2, "Iono", 3, section=POKEMON), iono_pal),  # written under the wrong heading
        DeckCard(line(3, "Pikachu ex", 1), pikachu),
        DeckCard(line(1, "Pikachu", 2), pikachu_tg),
        DeckCard(line(2, "Iono", 5), iono_paf),  # another print: one Trainer row
        DeckCard(line(1, "Pikachu ex", 6), pikachu),  # the same print again
        DeckCard(line(6, "Fire Energy", 7), fire),
        DeckCard(line(2, "Fire Energy", 8), fire_obf),
    ]
    pokemon, trainer, energy = sections(cards)
    assert [(r.count, r.name, r.set_code, r.number, r.regulation_mark, r.lines) for r in pokemon.rows] == [
        (4, "Pikachu ex", "SSP", "57", "H", (1, 6)),
        (1, "Pikachu", "SIT", "TG05", "F", (2,)),
    ]
    assert [(r.count, r.name, r.set_code, r.lines) for r in trainer.rows] == [(4, "Iono", "", (3, 5))]
    assert [(r.count, r.name, r.lines) for r in energy.rows] == [(8, "Fire Energy", (7, 8))]
    assert (pokemon.total, trainer.total, energy.total) == (5, 4, 8)


def test_names_are_the_players_and_symbols_become_what_the_font_draws():
    nidoran = card("base1-55", "Nidoran ♂", POKEMON, "BS", "55")
    prism = card("sm6-100", "Lusamine ◇", TRAINER, "FLI", "110")
    kit = card("tk-2", "Gallade", POKEMON, None, "2")  # a trainer kit: no set code
    pokemon, trainer, _ = sections(
        [
            DeckCard(line(1, "Nidoran♂", 1), nidoran),
            DeckCard(line(1, "Gallade", 2), kit, by_print=False),
            DeckCard(line(1, "Lusamine {*}", 3), prism),
        ]
    )
    assert [(r.name, r.set_code, r.number, r.by_name) for r in pokemon.rows] == [
        ("Nidoran M", "BS", "55", False),
        ("Gallade", "", "", True),
    ]
    assert trainer.rows[0].name == "Lusamine {*}"  # as the list writes it


def test_lines_that_matched_no_card_stay_on_a_forced_sheet():
    unknown = line(2, "Pikachu Supreme", 4, section=POKEMON, set_code="XYZ", card_number="9")
    headless = line(1, "Mystery Ball", 5)
    pokemon, trainer, _ = sections([], [unknown, headless])
    assert [(r.count, r.name, r.set_code, r.number) for r in pokemon.rows] == [(2, "Pikachu Supreme", "XYZ", "9")]
    assert [(r.count, r.name) for r in trainer.rows] == [(1, "Mystery Ball")]


def test_the_sheet_of_a_result_needs_its_deck_and_derives_the_division():
    pikachu = card("sv8-57", "Pikachu ex", POKEMON, "SSP", "57", "H")
    deck = Deck("d.txt", (DeckCard(line(4, "Pikachu ex", 1), pikachu),))
    result = DeckResult("d.txt", "standard", "2026-04-10", 4, (), name="Pika", deck=deck)
    found = sheet(result, Player("Ash", "123", D(2012, 5, 1)))
    assert (found.player_name, found.player_id, found.birth, found.division) == (
        "Ash",
        "123",
        ("05", "01", "2012"),
        "senior",
    )
    assert (found.format, found.day, found.deck_name, found.total, found.legal) == (
        "standard",
        "2026-04-10",
        "Pika",
        4,
        True,
    )
    assert sheet(result, Player(birth=D(2012, 5, 1), division="masters")).division == "masters"  # given wins
    blank = sheet(result)
    assert (blank.player_name, blank.player_id, blank.birth, blank.division) == ("", "", ("", "", ""), "")
    with pytest.raises(ValueError, match="keep_deck"):
        sheet(DeckResult("d.txt", "standard", "2026-04-10", 4, ()))


# -- fitting strings into boxes ------------------------------------------------------


def measure(text, font, size):
    return len(text) * size * 0.5  # every character half an em wide


def test_a_string_that_fits_keeps_its_size():
    assert fit("Iono", 100, "Helvetica", 10, measure) == (["Iono"], 10, False)


def test_a_long_string_shrinks_before_it_is_wrapped_or_shortened():
    lines, size, shortened = fit("x" * 30, 100, "Helvetica", 10, measure)  # 150 wide at 10, fits at 6.5
    assert (lines, size, shortened) == (["x" * 30], 6.5, False)
    name = "Professor Oak's Setup Special Delivery Fantastic"  # 48 characters: 144 wide at MIN_SIZE
    lines, size, shortened = fit(name, 100, "Helvetica", 10, measure, two_lines=True)
    assert size == MIN_SIZE and not shortened and " ".join(lines) == name and len(lines) == 2
    lines, size, shortened = fit("y" * 60, 100, "Helvetica", 10, measure)
    assert shortened and lines[0].endswith("…") and measure(lines[0], "", size) <= 100


# -- property: whatever the text and the box, what is drawn fits ---------------------------


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120),
    width=st.floats(min_value=8.0, max_value=600.0),
    size=st.floats(min_value=5.0, max_value=16.0),
    two_lines=st.booleans(),
)
def test_fit_never_draws_outside_its_box_and_never_loses_text_silently(text, width, size, two_lines):
    lines, fitted, shortened = fit(text, width, "Helvetica", size, measure, two_lines=two_lines)
    assert fitted <= size and fitted >= min(size, MIN_SIZE)
    assert len(lines) <= (2 if two_lines else 1)
    assert all(measure(line, "", fitted) <= width or line == "…" for line in lines)
    if not shortened:
        assert " ".join(lines) == text if len(lines) == 2 else "".join(lines) == text
    else:
        assert lines[-1].endswith("…")
