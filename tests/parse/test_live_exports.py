"""PTCG Live export forms (docs/rulings.md, "PTCG Live's own forms"): localised labels, sub-set
codes, the PH tag; and that the parser stays linear on long lines."""

from __future__ import annotations

import contextlib
import signal

import pytest

from deckcheck.model import ENERGY, POKEMON, TRAINER, Severity
from deckcheck.parse import parse_text
from deckcheck.parse.text import live_sub_set, split_print

# The labels as each PTCG Live client writes them, from exported lists in public
# repositories (tests/exports/README.md names them): header words, and the total line.
CLIENT_LABELS = {
    "en": ("Pokémon: {p}", "Trainer: {t}", "Energy: {e}", "Total Cards: {n}"),
    "de": ("Pokémon: {p}", "Trainer: {t}", "Energie: {e}", "Karten insgesamt: {n}"),
    "fr": ("Pokémon : {p}", "Dresseur: {t}", "Énergie : {e}", "Total de cartes : {n}"),
    "es": ("Pokémon: {p}", "Entrenador: {t}", "Energía: {e}", "Total de cartas: {n}"),
    "it": ("Pokémon: {p}", "Carte Allenatore: {t}", "Energia: {e}", "Totale carte: {n}"),
    "pt": ("Pokémon: {p}", "Treinador: {t}", "Energia: {e}", "Total de cartas: {n}"),
}


def export(lang: str, pokemon: int = 4, trainer: int = 4, energy: int = 4, total: int = 12) -> str:
    p, t, e, n = CLIENT_LABELS[lang]
    return "\n".join(
        [
            p.format(p=pokemon),
            "4 Pikachu ex SSP 57",
            "",
            t.format(t=trainer),
            "4 Iono PAL 185",
            "",
            e.format(e=energy),
            "4 Basic {L} Energy SVE 12",
            "",
            n.format(n=total),
            "",
        ]
    )


@pytest.mark.parametrize("lang", sorted(CLIENT_LABELS))
def test_every_client_language_reads_clean(lang):
    deck = parse_text(export(lang), "d.txt")
    assert deck.findings == ()
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Pikachu ex", POKEMON),
        ("Iono", TRAINER),
        ("Lightning Energy", ENERGY),
    ]


@pytest.mark.parametrize("lang", sorted(CLIENT_LABELS))
def test_a_wrong_localised_total_is_a_warning_not_a_syntax_error(lang):
    deck = parse_text(export(lang, total=60), "d.txt")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.WARNING, (10,))
    assert finding.params["declared"] == 60 and finding.params["actual"] == 12


@pytest.mark.parametrize("lang", sorted(CLIENT_LABELS))
def test_headers_that_count_lines_are_no_finding(lang):
    # Real PTCG Live exports of 2023-2026 count lines: "Pokémon: 1" above one line of 4 cards.
    # A header that counts its cards or its lines is right either way (docs/rulings.md).
    deck = parse_text(export(lang, pokemon=1, trainer=1, energy=1), "d.txt")
    assert deck.findings == ()


@pytest.mark.parametrize("lang", sorted(CLIENT_LABELS))
def test_a_header_that_counts_neither_cards_nor_lines_is_a_warning(lang):
    deck = parse_text(export(lang, pokemon=2, trainer=3, energy=5), "d.txt")
    assert [(f.rule, f.severity, f.lines) for f in deck.findings] == [
        ("syntax", Severity.WARNING, (1,)),
        ("syntax", Severity.WARNING, (4,)),
        ("syntax", Severity.WARNING, (7,)),
    ]


@pytest.mark.parametrize(
    "header, total",
    [
        ("Pok?mon: 1", "Total Cards: 12"),
        ("Pok\ufffdmon: 1", "Total Cards: 12"),
        ("PokÃ©mon: 1", "Total Cards: 12"),
        ("Pok?mon (1)", "总计: 12"),
        ("宝可梦: 1", "总计：12"),
        ("寶可夢: 1", "總計: 12"),
        ("ポケモン: 1", "合計: 12"),
        ("포켓몬: 1", "합계: 12"),
    ],
)
def test_damaged_and_asian_headers_and_totals_are_known_lines(header, total):
    text = export("en", pokemon=1, trainer=1, energy=1).replace("Pokémon: 1", header).replace("Total Cards: 12", total)
    deck = parse_text(text, "d.txt")
    assert deck.findings == ()
    assert [e.section for e in deck.entries] == [POKEMON, TRAINER, ENERGY]


def test_german_total_line_of_the_issue():
    deck = parse_text("4 Iono PAL 185\nKarten insgesamt: 60\n", "d.txt")
    assert [(f.severity, f.params["declared"]) for f in deck.findings] == [(Severity.WARNING, 60)]


@pytest.mark.parametrize(
    "line, name, set_code, number",
    [
        ("2 Boss's Orders LOR-TG 24", "Boss's Orders", "LOR-TG", "24"),
        ("1 Bibarel CRZ-GG 25", "Bibarel", "CRZ-GG", "25"),
        ("2 Bidoof CRZ-GG 29", "Bidoof", "CRZ-GG", "29"),
        ("1 Mew VMAX FST-TG 12", "Mew VMAX", "FST-TG", "12"),
        ("1 Pikachu VMAX SIT-TG 12", "Pikachu VMAX", "SIT-TG", "12"),
        ("1 Ralts GEN-RC 27", "Ralts", "GEN-RC", "27"),
        ("1 Charizard CEL-CC 4", "Charizard", "CEL-CC", "4"),
        ("1 Iono PAL 185 PH", "Iono", "PAL", "185"),
        ("2 Techno Radar PAR 180 PH", "Techno Radar", "PAR", "180"),
        ("1 Boss's Orders LOR-TG 24 PH", "Boss's Orders", "LOR-TG", "24"),
        ("1 Basic {R} Energy SVE 10 PH", "Fire Energy", "SVE", "10"),
        ("3 Boss's Orders SWSHALT 32", "Boss's Orders", "SWSHALT", "32"),
        ("2 Latias ex SVALT 221", "Latias ex", "SVALT", "221"),
        ("1 Tyrunt MEALT 7", "Tyrunt", "MEALT", "7"),
        ("1 Tapu Lele-GX HIF 163", "Tapu Lele-GX", "HIF", "163"),
        ("1 Basic {P} Energy MEE 5", "Psychic Energy", "MEE", "5"),
        ("4 Mega Kangaskhan ex MEP 25", "Mega Kangaskhan ex", "MEP", "25"),
    ],
)
def test_ptcg_lives_print_forms_are_read_as_written(line, name, set_code, number):
    # As written: resolution reads "LOR-TG 24" as LOR TG24 (tests/core/test_live_resolve.py).
    deck = parse_text(line, "d.txt")
    assert deck.findings == ()
    (entry,) = deck.entries
    assert (entry.name, entry.set_code, entry.number) == (name, set_code, number)


@pytest.mark.parametrize("text", ["Pikachu LOR-XX 24", "Pikachu LOR-TG TG24", "Pikachu LOR-TG 2400", "PH PH PH"])
def test_what_is_no_sub_set_print_stays_in_the_name(text):
    assert split_print(text) == (text, None, None)


def test_ptcg_lives_sub_set_codes_name_the_gallery_card():
    assert live_sub_set("LOR-TG", "024") == ("LOR", "TG24")
    assert live_sub_set("CEL-CC", "25") == ("CEL", "60") and live_sub_set("CEL-CC", "26") is None
    assert live_sub_set("LOR", "24") is None


# -- linear time on hostile input ------------------------------------
# Each line is 100,000 characters; the timeout only guards against a hang (the
# regular expressions were quadratic or worse), it is no speed test.
N = 100_000


@contextlib.contextmanager
def guard(seconds: int = 60):
    """Fail instead of hanging (POSIX; elsewhere no guard)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def hang(*_args):
        raise AssertionError(f"no answer within {seconds} s: the parser is not linear")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


HOSTILE = {
    "stars": "*" * N,
    "stars then a letter": "*" * N + "x",
    "banner": "***" + " x" * (N // 2) + "***",
    "brackets after a count": "4 " + "(" * N,
    "brackets with spaces": "4 Pikachu " + "( " * (N // 2) + "x",
    "zeros": "0" * N,
    "zeros then a letter": "0" * N + "x",
    "zeros after a count": "4 Iono PAL " + "0" * N,
    "fraction": "1" * N + ".",
    "shorthand": "1-" * (N // 2) + "x",
    "dashes": "4 " + "- " * (N // 2),
    "header word": "Pokémon" + "é" * N,
    "header words": "Energy " * (N // 7) + ":",
    "total": "Total " * (N // 6) + "x",
    "comment": "4 Iono" + " #" * (N // 2),
    "spaces": "4 Iono" + " " * N + "x",
    "energy": "4 " + "energy " * (N // 7) + "1x",
    "energy qualifier": "4 Fire Energy" + " -" * (N // 2) + " basix",
    "x counts": "x" * N,
    "tabs": "\t" * N + "4",
    # the forms web deck builders write: "TWM #129", "[TWM] 130", "SFA-19", "Duskull x2"
    "hashes": "4 Iono PAL " + "#" * N,
    "brackets around a code": "4 Iono " + "[" * N + " 1",
    "hyphens": "4 Iono " + "A-" * (N // 2),
    "trailing counts": "Iono" + " x2" * (N // 3),
    "trailing x": "Iono " + "x" * N,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_lines_are_read_in_linear_time(name):
    line = HOSTILE[name]
    with guard():
        deck = parse_text(f"{line}\n4 Iono PAL 185\n", "d.txt")
    assert deck.entries[-1].name == "Iono" and deck.lines[-1] == 2
    assert all(f.lines in ((1,), (2,)) for f in deck.findings)
    for finding in deck.findings:
        assert len(finding.message) < 400


def test_hostile_lines_give_the_expected_findings():
    with guard():
        _expected_findings()


def _expected_findings():
    assert parse_text("*" * N, "d.txt").findings == ()  # a banner
    assert [f.rule for f in parse_text("*" * N + "x", "d.txt").findings] == ["syntax"]
    (paren,) = parse_text("4 " + "(" * N, "d.txt").findings
    assert paren.rule == "syntax" and paren.severity is Severity.ERROR
    (zeros,) = parse_text("0" * N + " Iono", "d.txt").findings
    assert zeros.params["count"].startswith("000") and zeros.severity is Severity.ERROR
    deck = parse_text("4 Iono PAL " + "0" * N, "d.txt")
    assert deck.findings == () and deck.entries[0].number is None  # the zeros are part of the name


def test_hostile_numbers_and_names_resolve_in_linear_time():
    from deckcheck.carddb.index import MemoryIndex, number_key
    from deckcheck.core.resolve import ResolveOptions, resolve_entry
    from deckcheck.model import Card, DeckEntry
    from deckcheck.names import deck_name, name_key

    index = MemoryIndex(
        [Card(id="sv2-185", name="Iono", supertype="Trainer", subtypes=("Supporter",), set_code="PAL", number="185")]
    )
    blanks = " " * N
    with guard():
        assert number_key("0" * N + "!") == "0" * N + "!"  # not a number: left as it is
        assert number_key("0" * N + "7") == "7"
        assert name_key(f"Iono{blanks}x") == "iono x"
        assert name_key(f"Giratina{blanks}◇{blanks}x") == "giratina ◇ x"
        assert deck_name(f"Gardevoir{blanks}LV.X{blanks}y", "Pokémon").startswith("Gardevoir LV.X")
        assert deck_name(f"Switch{blanks}(a){blanks}b", "Trainer") == "Switch (a) b"
        card, findings = resolve_entry(
            DeckEntry(count=4, name="Iono", line=1, set_code="PAL", number="0" * N + "!"), index, ResolveOptions()
        )
        assert card.id == "sv2-185" and [f.rule for f in findings] == ["unknown-print"]
