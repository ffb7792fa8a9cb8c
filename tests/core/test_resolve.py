"""Resolution: set code + number first, then the name; never a guess that makes a deck illegal."""

from __future__ import annotations

from deckcheck.carddb.index import MemoryIndex
from deckcheck.core.resolve import ResolveOptions, resolve_deck, resolve_entry
from deckcheck.model import Card, DeckEntry, ParsedDeck, Severity

IONO = Card("sv2-185", "Iono", "Trainer", ("Supporter",), "sv2", "PAL", "185", "G", "2023-06-09")
IONO_FULL_ART = Card("sv2-254", "Iono", "Trainer", ("Supporter",), "sv2", "PAL", "254", "G", "2023-06-09")
RESEARCH_SADA = Card(
    "sv1-189",
    "Professor's Research (Professor Sada)",
    "Trainer",
    ("Supporter",),
    "sv1",
    "SVI",
    "189",
    "G",
    "2023-03-31",
)
TAPU_KOKO = Card("smp-SM30", "Tapu Koko", "Pokémon", ("Basic",), "smp", "PR-SM", "SM30")
PROMO_SWSH = Card("swshp-SWSH271", "Lance", "Trainer", ("Supporter",), "swshp", "PR-SW", "SWSH271")
BASIC_FIRE_SVE = Card("sve-2", "Basic Fire Energy", "Energy", ("Basic",), "sve", "SVE", "2", None, "2023-03-31")
FIRE_BS = Card("base1-98", "Fire Energy", "Energy", ("Basic",), "base1", "BS", "98", None, "1999-01-09")
DARK_BASIC = Card("dp1-129", "Darkness Energy", "Energy", ("Basic",), "dp1", "DP", "129", None, "2007-05-01")
DARK_SPECIAL = Card("neo1-104", "Darkness Energy", "Energy", ("Special",), "neo1", "N1", "104", None, "2000-12-16")
SEARCH_ACE = Card(
    "bw7-137", "Computer Search", "Trainer", ("Item", "ACE SPEC"), "bw7", "BCR", "137", None, "2012-11-07"
)
SEARCH_BASE = Card("base1-71", "Computer Search", "Trainer", (), "base1", "BS", "71", None, "1999-01-09")
CATCHER = Card("bw2-95", "Pokémon Catcher", "Trainer", ("Item",), "bw2", "EPO", "95", None, "2011-08-31")
COMPRESSOR = Card("xy4-92", "Battle Compressor Team Flare Gear", "Trainer", ("Item",), "xy4", "PHF", "92")
THUNDER_MOUNTAIN = Card("sm8-191", "Thunder Mountain ◇", "Trainer", ("Stadium", "Prism Star"), "sm8", "LOT", "191")

INDEX = MemoryIndex(
    [
        IONO,
        IONO_FULL_ART,
        RESEARCH_SADA,
        TAPU_KOKO,
        PROMO_SWSH,
        BASIC_FIRE_SVE,
        FIRE_BS,
        DARK_BASIC,
        DARK_SPECIAL,
        SEARCH_ACE,
        SEARCH_BASE,
        CATCHER,
        COMPRESSOR,
        THUNDER_MOUNTAIN,
    ]
)
DEFAULT = ResolveOptions()


def entry(name, count=1, set_code=None, number=None, line=1, **kw):
    return DeckEntry(count=count, name=name, line=line, set_code=set_code, number=number, **kw)


def test_set_code_and_number_win_and_codes_fold_case():
    card, findings = resolve_entry(entry("Iono", 4, "pal", "254"), INDEX, DEFAULT)
    assert card is IONO_FULL_ART and findings == []


def test_promo_number_with_or_without_prefix():
    assert resolve_entry(entry("Tapu Koko", 1, "PR-SM", "30"), INDEX, DEFAULT)[0] is TAPU_KOKO
    assert resolve_entry(entry("Tapu Koko", 1, "PR-SM", "SM30"), INDEX, DEFAULT)[0] is TAPU_KOKO
    assert resolve_entry(entry("Lance", 1, "PR-SW", "271"), INDEX, DEFAULT)[0] is PROMO_SWSH
    assert resolve_entry(entry("Lance", 1, "SWSHP", "SWSH271"), INDEX, DEFAULT)[0] is PROMO_SWSH


def test_basic_energy_line_matches_the_sv_print_name():
    card, findings = resolve_entry(entry("Fire Energy", 10, "SVE", "2", basic_energy_type="Fire"), INDEX, DEFAULT)
    assert card is BASIC_FIRE_SVE and findings == []


def test_a_name_that_is_no_card_and_no_close_spelling_of_the_numbered_one_is_an_error():
    # docs/rulings.md, "An unidentified line's cards": the line does not say which card it is; it is not counted.
    card, findings = resolve_entry(entry("Boss's Orders", 2, "PAL", "185", line=7), INDEX, DEFAULT)
    assert card is None
    assert [(f.rule, f.severity, f.lines) for f in findings] == [("name-mismatch", Severity.ERROR, (7,))]
    assert "PAL 185 is Iono, and no card is named Boss's Orders" in findings[0].message


def test_a_name_of_another_card_says_no_card_and_counts_toward_the_size_only():
    # "2 Lance PAL 185" names Lance and Iono: the line says no card (docs/rulings.md), so no
    # rule counts it as either, and its two cards count toward the deck's size.
    deck, findings = resolve_deck(ParsedDeck("d.txt", (entry("Lance", 2, "PAL", "185", line=3),)), INDEX, DEFAULT)
    assert deck.cards == () and [e.line for e in deck.unresolved] == [3] and deck.total == 2
    assert [(f.rule, f.severity) for f in findings] == [("name-mismatch", Severity.ERROR)]
    assert "PAL 185 is Iono, not Lance, so the line does not say which card it is" in findings[0].message


def test_a_close_spelling_of_the_numbered_card_is_read_as_it_with_a_warning():
    card, findings = resolve_entry(entry("Ionno", 2, "PAL", "185", line=7), INDEX, DEFAULT)
    assert card is IONO
    assert [(f.rule, f.severity, f.lines) for f in findings] == [("name-mismatch", Severity.WARNING, (7,))]
    assert "PAL 185 is Iono, not Ionno" in findings[0].message


def test_subtitle_accent_and_flare_gear_spellings_resolve():
    assert resolve_entry(entry("Professor's Research", 4, "SVI", "189"), INDEX, DEFAULT) == (RESEARCH_SADA, [])
    assert resolve_entry(entry("Pokemon Catcher"), INDEX, DEFAULT) == (CATCHER, [])
    assert resolve_entry(entry("Battle Compressor", 4, "PHF", "92"), INDEX, DEFAULT) == (COMPRESSOR, [])
    assert resolve_entry(entry("Thunder Mountain {*}", 1, "LOT", "191"), INDEX, DEFAULT) == (THUNDER_MOUNTAIN, [])
    assert resolve_entry(entry("Erika’s Hospitality"), INDEX, DEFAULT)[0] is None  # not in this index


def test_unknown_card_is_an_error_with_suggestions():
    card, findings = resolve_entry(entry("Ionno", 4, line=3), INDEX, DEFAULT)
    assert card is None
    (finding,) = findings
    assert (finding.rule, finding.severity, finding.lines) == ("unknown-card", Severity.ERROR, (3,))
    assert finding.hint.startswith("Did you mean: Iono?")


def test_unknown_set_code_is_an_error_and_never_read_by_name():
    # docs/rulings.md, "Which card a line is": legality cannot be shown for a set the database lacks.
    card, findings = resolve_entry(entry("Iono", 4, "XYZ", "1"), INDEX, DEFAULT)
    assert card is None
    assert [(f.rule, f.severity) for f in findings] == [("unknown-set", Severity.ERROR)]
    assert "deckcheck db update" in findings[0].hint


def test_unknown_number_in_a_known_set_is_read_by_name():
    card, findings = resolve_entry(entry("Iono", 4, "PAL", "999"), INDEX, DEFAULT)
    assert card is not None and card.name == "Iono"
    assert [f.rule for f in findings] == ["unknown-print"]


def test_candidates_that_rules_treat_differently_are_ambiguous_and_read_permissively():
    card, findings = resolve_entry(entry("Computer Search", 1), INDEX, DEFAULT)
    assert card is SEARCH_BASE  # the reading that brings no ACE SPEC limit
    assert [f.rule for f in findings] == ["ambiguous-card"]
    assert "BCR 137" in findings[0].message and "BS 71" in findings[0].message


def test_bare_darkness_energy_is_basic_outside_pre_dp_packs_decision_10():
    card, findings = resolve_entry(entry("Darkness Energy", 4), INDEX, DEFAULT)
    assert card is DARK_BASIC and findings == []
    card, findings = resolve_entry(entry("Darkness Energy", 8), INDEX, DEFAULT)
    assert card is DARK_BASIC and [f.rule for f in findings] == ["ambiguous-card"]
    card, findings = resolve_entry(entry("Darkness Energy", 8), INDEX, ResolveOptions(special_darkness_metal=True))
    assert card is DARK_SPECIAL and findings == []


def test_names_resolve_among_the_prints_the_format_allows():
    only_old = ResolveOptions(allowed=lambda c: c.set_id.startswith("base"))
    card, findings = resolve_entry(entry("Computer Search"), INDEX, only_old)
    assert card is SEARCH_BASE and findings == []


def test_resolve_deck_keeps_unresolved_lines_for_the_total():
    parsed = ParsedDeck("d.txt", (entry("Iono", 4, "PAL", "185", line=1), entry("Nonsense Card", 2, line=2)))
    deck, findings = resolve_deck(parsed, INDEX)
    assert [c.card for c in deck.cards] == [IONO]
    assert deck.total == 6 and [e.line for e in deck.unresolved] == [2]
    assert [f.rule for f in findings] == ["unknown-card"]


def test_a_remembered_line_does_not_hide_the_warning_of_a_larger_count():
    options = ResolveOptions()
    parsed = ParsedDeck("d.txt", (entry("Darkness Energy", 3, line=1), entry("Darkness Energy", 10, line=2)))
    _deck, findings = resolve_deck(parsed, INDEX, options)
    assert [(f.rule, f.lines) for f in findings] == [("ambiguous-card", (2,))]
    again = ParsedDeck("e.txt", (entry("Darkness Energy", 10, line=7),))
    assert [f.lines for f in resolve_deck(again, INDEX, options)[1]] == [(7,)]


UNOWN_F = Card("dp6-84", "Unown [F]", "Pokémon", ("Basic",), "dp6", "LA", "84")
UNOWN_V_LETTER = Card("dp6-79", "Unown [V]", "Pokémon", ("Basic",), "dp6", "LA", "79")
UNOWN_V_POKEMON_V = Card("swsh12-65", "Unown V", "Pokémon", ("Basic", "V"), "swsh12", "SIT", "65")


def test_unown_letters_written_without_brackets_and_the_pokemon_v_unown_v_decision_11():
    from deckcheck.names import deck_key

    index = MemoryIndex([UNOWN_F, UNOWN_V_LETTER, UNOWN_V_POKEMON_V])
    assert resolve_entry(entry("Unown F"), index, DEFAULT) == (UNOWN_F, [])
    assert resolve_entry(entry("Unown F", 1, "LA", "84"), index, DEFAULT) == (UNOWN_F, [])
    # "Unown V" is a card of its own: the Silver Tempest Pokémon V, a different name from Unown [V].
    assert resolve_entry(entry("Unown V"), index, DEFAULT) == (UNOWN_V_POKEMON_V, [])
    assert deck_key("Unown V", "Pokémon") != deck_key("Unown [V]", "Pokémon")


def test_only_the_first_unknown_lines_get_suggestions():
    from deckcheck.core.resolve import MAX_SUGGESTED_LINES

    lines = tuple(entry("Ionno", 1, line=n) for n in range(1, MAX_SUGGESTED_LINES + 6))
    _deck, findings = resolve_deck(ParsedDeck("junk.txt", lines), INDEX)
    assert len(findings) == MAX_SUGGESTED_LINES + 5
    hinted = [f for f in findings if f.hint.startswith("Did you mean")]
    assert [f.lines[0] for f in hinted] == list(range(1, MAX_SUGGESTED_LINES + 1))


def test_a_deck_read_again_reads_the_same_from_its_remembered_entries():
    # Each entry object is read once under the same options (the text parser hands the same
    # entry to every list that has that line): the lines with findings too, and the DeckCard of
    # an identified line is made once.
    options = ResolveOptions()
    parsed = ParsedDeck(
        "d.txt",
        (entry("Iono", 4, "PAL", "185", line=1), entry("Ionno", 2, line=2), entry("Darkness Energy", 10, line=3)),
    )
    first = resolve_deck(parsed, INDEX, options)
    again = resolve_deck(parsed, INDEX, options)
    assert again == first == resolve_deck(parsed, INDEX, ResolveOptions())
    assert [f.rule for f in again[1]] == ["unknown-card", "ambiguous-card"]
    assert all(a is b for a, b in zip(again[0].cards, first[0].cards))


def test_the_entries_remembered_stay_bounded(monkeypatch):
    import deckcheck.core.lines as lines
    import deckcheck.core.resolve as resolve

    monkeypatch.setattr(lines, "MEMO_MAX", 12)
    monkeypatch.setattr(resolve, "ENTRIES_KEPT", 6)
    options = ResolveOptions()
    for n in range(40):
        parsed = ParsedDeck("d.txt", (entry("Iono", n + 1, "PAL", "185"), entry(f"Ionno{n}", line=2)))
        deck, findings = resolve_deck(parsed, INDEX, options)
        assert [(c.count, c.card.id) for c in deck.cards] == [(n + 1, "sv2-185")]
        assert [f.rule for f in findings] == ["unknown-card"]
        assert len(options.memo) <= 12 and len(options.memo.get(resolve._BY_ENTRY, ())) <= 6


def test_a_full_memo_of_entries_lets_the_oldest_go_not_all(monkeypatch):
    # A list read from YAML or JSON brings entries met once: they must not empty the memo of the
    # entries every text list shares.
    import deckcheck.core.resolve as resolve

    monkeypatch.setattr(resolve, "ENTRIES_KEPT", 6)
    options = ResolveOptions()
    for n in range(20):
        parsed = ParsedDeck("d.txt", (entry("Iono", n + 1, "PAL", "185", line=n + 1),))
        assert [c.count for c in resolve_deck(parsed, INDEX, options)[0].cards] == [n + 1]
        kept = options.memo[resolve._BY_ENTRY]
        assert len(kept) == min(n + 1, 6)
        assert id(parsed.entries[0]) in kept


def test_the_memo_of_a_long_run_stays_bounded(monkeypatch):
    # A run over many decks (or a long-lived server) meets ever new lines and
    # typos; what resolution remembers must not grow with them.
    import deckcheck.core.lines as lines

    monkeypatch.setattr(lines, "MEMO_MAX", 10)
    options = ResolveOptions()
    for n in range(40):
        deck = ParsedDeck("d.txt", (entry("Iono", set_code="PAL", number="185"), entry(f"Ionno{n}", line=2)), ())
        cards, findings = resolve_deck(deck, INDEX, options)
        assert [c.card.id for c in cards.cards] == ["sv2-185"]
        assert any(f.rule == "unknown-card" for f in findings)
        assert len(options.memo) <= 10


def test_a_code_and_number_naming_two_different_cards_of_the_written_name_say_no_card():
    # Two sets share the code "AAA" and each has a Pikachu 1 with other attacks: the line fits
    # both, they are not one card to the rules, so it says none (the contract's own error).
    from dataclasses import replace

    first = Card("aaa1-1", "Pikachu", "Pokémon", ("Basic",), "aaa1", "AAA", "1", None, "2020-01-01")
    second = Card("aaa2-1", "Pikachu", "Pokémon", ("Basic",), "aaa2", "AAA", "1", None, "2021-01-01")
    index = MemoryIndex([replace(first, text_hash="one"), replace(second, text_hash="two")])
    card, findings = resolve_entry(entry("Pikachu", 4, "AAA", "1", line=2), index, DEFAULT)
    assert card is None
    assert [(f.rule, f.severity, f.lines) for f in findings] == [("ambiguous-card", Severity.ERROR, (2,))]
    assert "does not say which card it is" in findings[0].message
    same = MemoryIndex([replace(first, text_hash="one"), replace(second, text_hash="one")])
    assert resolve_entry(entry("Pikachu", 4, "AAA", "1"), same, DEFAULT)[0] is not None


def test_ex_in_capitals_is_the_pokemon_ex_of_its_era_or_todays_ex_and_the_day_decides():
    # "Kyogre EX" is Kyogre-EX letter for letter, and Kyogre ex with case as spelling; a name-only
    # line of it says which card it is only on a day when just one of them exists.
    era_ex = Card("xy5-54", "Kyogre-EX", "Pokémon", ("Basic", "EX"), "xy5", "PRC", "54", None, "2015-02-04")
    old_ex = Card("ex15-98", "Kyogre ex", "Pokémon", ("Basic", "ex"), "ex15", "CG", "98", None, "2006-08-30")
    new_ex = Card("sv9-1", "Genesect ex", "Pokémon", ("Basic", "ex"), "sv9", "BLK", "1", None, "2025-07-18")
    genesect_ex = Card("bw10-11", "Genesect-EX", "Pokémon", ("Basic", "EX"), "bw10", "PLF", "11", None, "2013-02-06")
    index = MemoryIndex([era_ex, old_ex, new_ex, genesect_ex])
    in_2016 = ResolveOptions(date="2016-05-01")

    card, findings = resolve_entry(entry("Kyogre EX", 2, line=3), index, in_2016)
    assert card is None
    assert [(f.rule, f.severity) for f in findings] == [("ambiguous-card", Severity.ERROR)]
    assert "(Kyogre-EX, Kyogre ex)" in findings[0].message or "(Kyogre ex, Kyogre-EX)" in findings[0].message

    # Genesect ex came out in 2025: in 2016 "Genesect EX" can only be Genesect-EX.
    card, findings = resolve_entry(entry("Genesect EX", 2), index, in_2016)
    assert card is not None and card.id == "bw10-11"
    assert findings == []
    card, findings = resolve_entry(entry("Genesect EX", 2), index, ResolveOptions(date="2025-07-25"))
    assert card is None and [f.rule for f in findings] == ["ambiguous-card"]

    # Written as the card spells it, each is its own card; a number decides whatever the case.
    assert resolve_entry(entry("Kyogre-EX", 2), index, in_2016)[0] == era_ex
    assert resolve_entry(entry("Kyogre ex", 2), index, in_2016)[0] == old_ex
    assert resolve_entry(entry("Genesect EX", 2, "BLK", "1"), index, ResolveOptions(date="2025-10-01"))[0] == new_ex


def test_a_pokemon_ex_written_with_a_space_is_found_and_names_its_card_at_another_number():
    shaymin = Card("xy6-77", "Shaymin-EX", "Pokémon", ("Basic", "EX"), "xy6", "ROS", "77", None, "2015-05-06")
    hawlucha_ex = Card("xy3-64", "Hawlucha-EX", "Pokémon", ("Basic", "EX"), "xy3", "FFI", "64", None, "2014-08-13")
    hawlucha = Card("sv1-118", "Hawlucha", "Pokémon", ("Basic",), "sv1", "SVI", "118", "G", "2023-03-31")
    index = MemoryIndex([shaymin, hawlucha_ex, hawlucha])
    options = ResolveOptions(date="2023-08-07")
    # The informal lists of 2014-2016 write "Shaymin EX" (and "Shaymin ex"): no Shaymin ex exists.
    for written in ("Shaymin EX", "Shaymin ex"):
        card, findings = resolve_entry(entry(written, 4), index, options)
        assert card == shaymin and findings == [], written
    # "Hawlucha ex" is Hawlucha-EX (no Hawlucha ex was printed), not the plain Hawlucha at SVI 118.
    card, findings = resolve_entry(entry("Hawlucha ex", 2, "SVI", "118"), index, options)
    assert card is None
    assert [(f.rule, f.severity) for f in findings] == [("name-mismatch", Severity.ERROR)]


def test_words_after_a_dash_are_part_of_the_name_unless_they_are_a_trainers_subtitle():
    pikachu = Card("sv1-62", "Pikachu", "Pokémon", ("Basic",), "sv1", "SVI", "62", "G", "2023-03-31")
    pikachu_vmax = Card("swsh4-44", "Pikachu VMAX", "Pokémon", ("VMAX",), "swsh4", "VIV", "44", "D", "2020-11-13")
    turbo = Card("swsh9-151", "Double Turbo Energy", "Energy", ("Special",), "swsh9", "BRS", "151", "F", "2022-02-25")
    boss = Card("sv2-172", "Boss's Orders (Ghetsis)", "Trainer", ("Supporter",), "sv2", "PAL", "172", "G", "2023-06-09")
    index = MemoryIndex([pikachu, pikachu_vmax, turbo, boss, IONO])
    # A mechanic after a dash is the card of the whole name, never the plain one.
    assert resolve_entry(entry("Pikachu - VMAX", 1), index, DEFAULT)[0] == pikachu_vmax
    # A Trainer's subtitle, or words about its print, leave its deck-building name as it is.
    assert resolve_entry(entry("Boss's Orders - Ghetsis", 2), index, DEFAULT)[0] == boss
    assert resolve_entry(entry("Iono - Full Art", 2), index, DEFAULT)[0] in (IONO, IONO_FULL_ART)
    # Words after a dash that name no card are not dropped: the line says no card.
    for written in ("Pikachu - Full Art", "Double Turbo Energy - Special XYZ"):
        card, findings = resolve_entry(entry(written, 1), index, DEFAULT)
        assert card is None and [f.rule for f in findings] == ["unknown-card"], written


def test_a_line_with_findings_reads_the_same_on_every_line_it_is_met_on():
    # A reading with findings is worked out once for the line as written and put on each line it
    # stands on: the same findings, naming that line, as a fresh reading of the line there.
    from deckcheck.parse import parse_text

    body = ["4 Ionno", "2 Lance PAL 185", "10 Darkness Energy", "4 Iono PAL 185"]
    options = ResolveOptions()
    for shift in (0, 3, 1, 7, 0):
        parsed = parse_text("\n" * shift + "\n".join(body) + "\n", f"d{shift}.txt")
        warm = resolve_deck(parsed, INDEX, options)
        fresh = resolve_deck(parsed, INDEX, ResolveOptions())
        assert warm == fresh
        assert [(f.rule, f.lines) for f in warm[1]] == [
            ("unknown-card", (shift + 1,)),
            ("name-mismatch", (shift + 2,)),
            ("ambiguous-card", (shift + 3,)),
        ]
