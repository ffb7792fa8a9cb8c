"""Deck lines in other languages resolve to the English cards and count under their names."""

from __future__ import annotations

import datetime as dt

import pytest

from deckcheck.carddb.catalogue import load_catalogue
from deckcheck.carddb.index import MemoryIndex, translation_key
from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.core.resolve import ResolveOptions, resolve_deck, resolve_line
from deckcheck.engine import check_deck
from deckcheck.model import DeckEntry, ParsedDeck, Severity
from deckcheck.packs.loading import load_pack

AUTO = ResolveOptions()


@pytest.fixture
def index(small_names_db):
    with SqliteIndex(small_names_db) as opened:
        yield opened


def line(name, count=1, set_code=None, number=None, at=1):
    return DeckEntry(count=count, name=name, line=at, set_code=set_code, number=number)


def deck(*entries):
    return ParsedDeck(
        "deck.txt", tuple(DeckEntry(e.count, e.name, i, e.set_code, e.number) for i, e in enumerate(entries, 1))
    )


def rules_of(findings):
    return [(f.rule, f.severity) for f in findings]


def test_a_german_name_resolves_to_the_english_card(index):
    resolution = resolve_line(line("Prof. Esche", 2), index, AUTO)
    assert resolution.card.id == "tst1-1" and resolution.card.name == "Professor Juniper"
    assert resolution.langs == ("de",) and resolution.findings == []


@pytest.mark.parametrize("written", ["Professor Esche", "Prof Esche", "prof. esche", "PROFESSOR ESCHE"])
def test_the_title_may_be_written_out_or_abbreviated(index, written):
    assert resolve_line(line(written), index, AUTO).card.id == "tst1-1"


def test_professora_and_an_english_prof_abbreviation(index):
    assert resolve_line(line("Prof. Juniper"), index, AUTO).langs == ()  # English, abbreviated
    pt = resolve_line(line("Professora Juniper"), index, AUTO)
    assert pt.card.id == "tst1-1" and pt.langs == ("pt",)


def test_translation_key_folds_titles_and_suffix_hyphens_only():
    assert translation_key("Prof. Esche") == translation_key("Professor Esche") == "prof esche"
    assert translation_key("Prof.ª Encina") == translation_key("Profesora Encina") == "prof encina"
    assert translation_key("Prof.ssa Aralia") == "prof aralia"
    assert translation_key("Glurak-ex") == translation_key("Glurak ex")
    assert translation_key("Profumina") == "profumina"
    assert translation_key("Ho-Oh") == "ho-oh"


def test_copies_in_two_languages_count_under_one_english_name(index):
    parsed = deck(line("Prof. Esche", 2), line("Professor Juniper", 2), line("Glurak-ex", 4))
    result = check_deck(parsed, load_pack("unlimited"), index, dt.date(2026, 11, 30))
    assert not [f for f in result.findings if f.rule == "copy-limit"]
    parsed = deck(line("Prof. Esche", 3), line("Professor Juniper", 2), line("Glurak-ex", 4))
    result = check_deck(parsed, load_pack("unlimited"), index, dt.date(2026, 11, 30))
    (limit,) = [f for f in result.findings if f.rule == "copy-limit"]
    assert limit.lines == (1, 2) and "5 cards named Professor Juniper" in limit.message


def test_esche_with_platan_breaks_the_juniper_sycamore_rule(index):
    parsed = deck(line("Prof. Esche", 2), line("Prof. Platan", 2), line("Glurak-ex", 4))
    result = check_deck(parsed, load_pack("unlimited"), index, dt.date(2026, 11, 30))
    (exclusive,) = [f for f in result.findings if f.rule == "exclusive"]
    assert exclusive.severity is Severity.ERROR and exclusive.lines == (1, 2)
    assert "Professor Juniper and Professor Sycamore" in exclusive.message


def test_with_set_code_and_number_the_translated_name_of_that_print_is_accepted(index):
    resolution = resolve_line(line("Glurak-ex", 2, "TST", "3"), index, AUTO)
    assert resolution.card.id == "tst1-3" and resolution.findings == [] and resolution.langs == ("de",)
    spaced = resolve_line(line("Glurak ex", 2, "TST", "3"), index, AUTO)
    assert spaced.card.id == "tst1-3" and spaced.findings == []
    # docs/rulings.md, "Name and number that disagree": a name of another card is an error.
    wrong = resolve_line(line("Enigmara", 2, "TST", "3"), index, AUTO)
    assert rules_of(wrong.findings) == [("name-mismatch", Severity.ERROR)]
    assert "TST 3 is Charizard ex, not Enigmara" in wrong.findings[0].message


def test_one_name_for_two_english_names_is_ambiguous_not_guessed(index):
    resolution = resolve_line(line("Vortente", 1, at=7), index, AUTO)
    assert resolution.card is None
    (finding,) = resolution.findings
    # The line says no card: an error, so the deck is never LEGAL beside it (docs/rulings.md).
    assert (finding.rule, finding.severity, finding.lines) == ("ambiguous-card", Severity.ERROR, (7,))
    assert finding.message == (
        "Vortente names cards with different names (Carnivine, Carnivine G), "
        "so the line does not say which card it is and the deck's legality cannot be shown."
    )
    assert finding.hint == "Write the English name, or add the set code and number."
    # The set code says which one.
    assert resolve_line(line("Vortente", 1, "TST", "8"), index, AUTO).card.name == "Carnivine G"


def test_a_name_meaning_different_cards_in_two_languages_is_ambiguous(index):
    resolution = resolve_line(line("Lilia"), index, AUTO)
    assert resolution.card is None
    (finding,) = resolution.findings
    assert finding.rule == "ambiguous-card"
    assert "(Iris in German, Lileep in French)" in finding.message
    assert "--card-lang" in finding.hint


def test_a_forced_card_language_settles_it(index):
    assert resolve_line(line("Lilia"), index, ResolveOptions(card_lang="de")).card.name == "Iris"
    assert resolve_line(line("Lilia"), index, ResolveOptions(card_lang="fr")).card.name == "Lileep"
    # English names still resolve when a language is forced, and "en" reads no translations.
    assert (
        resolve_line(line("Professor Juniper"), index, ResolveOptions(card_lang="de")).card.name == "Professor Juniper"
    )
    english_only = resolve_line(line("Prof. Esche"), index, ResolveOptions(card_lang="en"))
    assert english_only.card is None and rules_of(english_only.findings) == [("unknown-card", Severity.ERROR)]


def test_an_english_name_wins_over_a_translation_without_a_forced_language(index):
    # "Iono" is also the (invented) French name of Squirtle: an English name is read as English.
    resolution = resolve_line(line("Iono"), index, AUTO)
    assert resolution.card.name == "Iono" and resolution.langs == () and resolution.findings == []
    french = resolve_line(line("Iono"), index, ResolveOptions(card_lang="fr"))
    assert french.card.name == "Squirtle" and french.langs == ("fr",)


def test_a_basic_energy_name_in_german(index):
    resolution = resolve_line(line("Feuer-Energie", 12), index, AUTO)
    assert resolution.card.is_basic_energy and resolution.findings == []


def test_the_deck_says_which_lines_were_read_in_which_language(index):
    parsed = deck(
        line("Prof. Esche", 2),
        line("Professor Juniper", 2),
        line("Glurak-ex", 4),
        line("Kissera", 4),
        line("Feuer-Energie", 8),
    )
    resolved, findings = resolve_deck(parsed, index, AUTO)
    assert findings == []
    assert resolved.languages == {"de": (1, 3, 5), "pt": (4,)}
    assert [c.read_as for c in resolved.cards] == ["de", None, "de", "pt", "de"]


def test_typo_suggestions_come_from_the_lists_language(index):
    parsed = deck(line("Prof. Esche", 2), line("Glurak-ex", 4), line("Enigmarra", 4))
    _resolved, findings = resolve_deck(parsed, index, AUTO)
    (unknown,) = findings
    assert unknown.rule == "unknown-card"
    assert unknown.hint.startswith("Did you mean: Enigmara?")
    # A forced language suggests from that language too.
    forced = resolve_line(line("Kisera"), index, ResolveOptions(card_lang="pt"))
    assert forced.findings[0].hint.startswith("Did you mean: Kissera")


def test_one_typo_line_gets_the_suggestions_of_each_lists_own_language(index):
    # The line (one entry object, as the text parser hands out) is read once, but its "did you
    # mean" is the list's own: a German list's, then an English one's, as each alone would get.
    typo = line("Enigmarra", 4, at=3)
    german = ParsedDeck("de.txt", (line("Prof. Esche", 2, at=1), line("Glurak-ex", 4, at=2), typo))
    english = ParsedDeck("en.txt", (line("Professor Juniper", 2, at=1), line("Iono", 4, at=2), typo))
    options = ResolveOptions()
    for parsed in (german, english, german):
        assert resolve_deck(parsed, index, options) == resolve_deck(parsed, index, ResolveOptions())
    assert resolve_deck(german, index, options)[1][0].hint.startswith("Did you mean: Enigmara?")
    assert not resolve_deck(english, index, options)[1][0].hint.startswith("Did you mean: Enigmara?")


def test_the_built_in_catalogue_has_no_translations():
    catalogue = load_catalogue()
    assert isinstance(catalogue, MemoryIndex)
    assert catalogue.translation_languages() == () and catalogue.by_translated_name("Prof. Esche") == ()
    resolution = resolve_line(line("Prof. Esche"), catalogue, AUTO)
    assert resolution.card is None and rules_of(resolution.findings) == [("unknown-card", Severity.ERROR)]


def test_english_lists_resolve_as_before_with_names_installed(index, small_english_db):
    parsed = deck(line("Professor Juniper", 4), line("Charizard ex", 4, "TST", "3"), line("Iono", 4))
    with SqliteIndex(small_english_db) as without_names:
        before = resolve_deck(parsed, without_names, AUTO)
    after = resolve_deck(parsed, index, AUTO)
    assert after == before and after[0].languages == {}


# -- the reference data ------------------------------------------------------------


@pytest.fixture(scope="module")
def names_index(reference_names):
    with SqliteIndex(reference_names.path) as opened:
        yield opened


def test_reference_german_and_portuguese_names(names_index):
    cases = {
        ("Prof. Esche", None, None): ("Professor Juniper", ("de",)),
        ("Prof. Platan", None, None): ("Professor Sycamore", ("de", "it")),
        ("Glurak-ex", "OBF", "125"): ("Charizard ex", ("de",)),
        ("Forschung des Professors", None, None): ("Professor's Research", ("de",)),
        ("Professora Juniper", None, None): ("Professor Juniper", ("pt",)),
        ("Pesquisa de Professores", None, None): ("Professor's Research", ("pt",)),
        ("Kissera", "PAL", "185"): ("Iono", ("pt",)),
    }
    from deckcheck.names import deck_name

    for (name, set_code, number), (english, langs) in cases.items():
        resolution = resolve_line(line(name, 2, set_code, number), names_index, AUTO)
        assert resolution.findings == [], name
        assert deck_name(resolution.card.name, resolution.card.supertype) == english, name
        assert resolution.langs == langs, name


def test_reference_same_name_different_cards_across_languages(names_index):
    # "Lilia" is Iris in German, Lileep in French and Drasna in Italian.
    resolution = resolve_line(line("Lilia"), names_index, AUTO)
    assert resolution.card is None
    assert "Iris in German, Lileep in French, Drasna in Italian" in resolution.findings[0].message
    assert resolve_line(line("Lilia"), names_index, ResolveOptions(card_lang="de")).card.name == "Iris"


def test_a_line_in_another_language_is_named_in_english_in_every_message(index):
    # "Prof. Esche" (no set code) kept its German name in one message and its
    # English name in another; cards are named in English in every message.
    from deckcheck.model import DeckCard

    pack = load_pack("unlimited")
    result = check_deck(deck(line("Prof. Esche", 5)), pack, index, dt.date(2026, 11, 30))
    named = [f.message for f in result.findings if f.rule in ("copy-limit", "card-limit")]
    assert named and all("Professor Juniper" in m and "Esche" not in m for m in named), named
    card = resolve_line(line("Prof. Esche", 2), index, AUTO).card
    german = DeckCard(line("Prof. Esche", 2), card, read_as="de", by_print=False)
    assert german.label == "Professor Juniper"
    assert DeckCard(line("Professor Juniper", 2), card, by_print=False).label == "Professor Juniper"


def test_the_dataset_s_team_flare_gear_is_no_part_of_a_name_in_messages():
    # "Remove Battle Compressor Team Flare Gear PHF 92 from the deck".
    from deckcheck.model import Card

    card = Card(
        id="xy4-92",
        name="Battle Compressor Team Flare Gear",
        supertype="Trainer",
        subtypes=("Item",),
        set_code="PHF",
        number="92",
    )
    assert card.label == "Battle Compressor PHF 92" and card.shown_name == "Battle Compressor"
    pokemon = Card(id="x-1", name="Team Flare Gear", supertype="Pokémon", set_code="X", number="1")
    assert pokemon.label == "Team Flare Gear X 1"


def test_a_list_read_in_another_language_is_never_read_from_the_plans_of_its_lines(index):
    # The language a line is reported in is the deck's (its other lines decide): such a deck is
    # not plain, so the engine keeps no plan of its lines and reads it through resolution again.
    from deckcheck.engine import fact_table, resolve_options_for

    pack, day = load_pack("unlimited"), dt.date(2026, 11, 30)
    options = resolve_options_for(pack, day, index)
    parsed = deck(line("Prof. Esche", 2), line("Glurak-ex", 4), line("Feuer-Energie", 8))
    first = check_deck(parsed, pack, index, day, resolve_options=options, keep_deck=True)
    assert first.deck is not None and not first.deck.plain and first.languages == {"de": (1, 2, 3)}
    assert check_deck(parsed, pack, index, day, resolve_options=options) == first
    table = fact_table(pack.rules, pack.name, day, index, 90)
    assert table.read_plain(parsed, table.plans(options)) is None


def test_a_list_read_in_another_language_says_so_each_time_it_is_checked(index):
    # A list with no finding is kept by its lines (docs/rulings.md, "The order of the lines") only
    # when each line was read in English: a list read partly in German says so each time.
    from deckcheck.engine import fact_table
    from deckcheck.packs.loading import Pack

    pack, day, options = Pack(name="any", description="", rules=()), dt.date(2026, 11, 30), ResolveOptions()
    german = deck(line("Prof. Esche", 2), line("Glurak-ex", 4), line("Professor Juniper", 2))
    english = deck(line("Professor Juniper", 2), line("Iono", 2))
    for parsed in (german, english, german, english):
        result = check_deck(parsed, pack, index, day, resolve_options=options)
        assert result.findings == ()
        assert result.languages == ({"de": (1, 2)} if parsed is german else {})
    kept = fact_table(pack.rules, pack.name, day, index, 90).legal_lists(options)
    assert list(kept) == [tuple(sorted(map(id, english.entries)))]  # the English list only
