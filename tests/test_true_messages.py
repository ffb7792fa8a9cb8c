"""Issue 31's messages that misled a new user, each with the line that showed it (real lines,
checked against the reference card data through the command line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import json_report
from support import run_deckcheck as run


@pytest.fixture(scope="module")
def db(reference_index) -> Path:
    return Path(reference_index.path)


def check_json(tmp_path: Path, db: Path, deck: str, *options: str) -> dict:
    path = tmp_path / "deck.txt"
    path.write_text(deck, encoding="utf-8")
    result = run("check", str(path), "--db", str(db), "--no-config", "-o", "json", *options)
    return json_report(result.stdout)["results"][0]


def test_a_name_mismatch_counts_as_the_card_named_not_a_namesake_of_another_stage(tmp_path, db):
    # "8 Arceus AR 1": AR 1 is Charizard; the line counts as Arceus (decision 18), a Basic
    # Pokémon -- not Arceus LV.X, which shares its name for the copy limit. No knock-on
    # basic-pokemon error for a deck of 8 Arceus.
    result = check_json(
        tmp_path, db, "8 Arceus AR 1\n52 Grass Energy\n", "--format", "unlimited", "--date", "2010-06-01"
    )
    assert [(f["rule"], f["severity"]) for f in result["findings"]] == [("name-mismatch", "error")]
    assert result["verdict"] == "unverified"


def test_the_deck_summary_adds_up_when_a_lines_set_is_unknown(tmp_path, db):
    # "60 cards — 0 Pokémon, 4 Trainer, 52 Energy" did not add up: the 4 cards of the line whose
    # set code names no set are said, in the text, HTML and JSON reports.
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n4 Dreepy XYZ 128\n52 Grass Energy\n", encoding="utf-8")
    common = ("check", str(deck), "--db", str(db), "--no-config", "--date", "2026-12-04")
    text = run(*common).stdout.decode()
    assert "60 cards — 0 Pokémon, 4 Trainer, 52 Energy, 4 not identified" in text
    html = run(*common, "-o", "html").stdout.decode()
    assert "60 cards — 0 Pokémon, 4 Trainer, 52 Energy, 4 not identified" in html
    result = json_report(run(*common, "-o", "json").stdout)["results"][0]
    assert result["counts"] == {"pokemon": 0, "trainer": 4, "energy": 52, "unidentified": 4}
    assert sum(result["counts"].values()) == result["total_cards"] == 60
    german = run(*common, "--lang", "de").stdout.decode()
    assert "4 nicht erkannt" in german


def test_a_print_of_a_set_without_a_code_is_named_by_its_set_not_the_dataset_id(reference_index):
    # "legal through its reprint pop8 11", "TV Reporter pop2 11": POP Series and McDonald's
    # Collection prints have no set code in lists; findings name them by the set's name.
    labels = {card.label for card in reference_index.by_name("TV Reporter")}
    assert "TV Reporter POP Series 2 11" in labels
    assert not any("pop2" in label for label in labels)
    assert {card.label for card in reference_index.by_name("Roseanne's Research")} == {
        "Roseanne's Research SW 125",
        "Roseanne's Research POP Series 8 11",
    }


def test_the_catalogue_names_a_codeless_set_by_its_name_too():
    from deckcheck.carddb.catalogue import load_catalogue

    pop5 = [card for card in load_catalogue().cards if card.set_id == "pop5"]
    assert pop5 and all(card.label.startswith(f"{card.shown_name} POP Series 5 ") for card in pop5)


def test_formats_show_says_sets_promos_and_always_legal_cards_as_players_know_them(db):
    # "mcd14" in formats show; promos "bwp 51-76"; "always legal: {flags: [basic_energy]}".
    result = run("formats", "show", "standard", "--date", "2015-01-01", "--db", str(db), "--no-config")
    text = result.stdout.decode()
    assert result.returncode == 0
    assert "McDonald's Collection 2014" in text and "promos PR-BLW 51-76" in text
    assert "always legal: basic Energy" in text
    for dataset_form in ("mcd14", "bwp", "{flags"):
        assert dataset_form not in text


def test_formats_show_without_a_card_database_says_banned_prints_by_set_code_and_number():
    # Without a database the ban list read "bw3-67, bw5-110" and "sm8-90": dataset ids. The built-in
    # catalogue knows those sets' codes, if not the cards: NVI 67, DEX 110 and LOT 90.
    result = run("formats", "show", "expanded", "--date", "2026-12-01", "--no-config")
    text = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert "- NVI 67, DEX 110 since 2017-08-18" in text
    assert "- LOT 90 since 2019-02-15" in text
    for dataset_form in ("bw3-67", "bw5-110", "sm8-90"):
        assert dataset_form not in text


def test_every_yaml_example_of_the_docs_is_valid_yaml_and_the_deck_example_reads():
    # docs/deck-lists.md's deck example was not YAML: "name: Basic {P} Energy" in a flow mapping.
    import re

    import yaml
    from support import doc_pages

    blocks = [
        (page.name, block)
        for page in doc_pages()
        for block in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    ]
    assert blocks
    for name, block in blocks:
        assert yaml.safe_load(block) is not None, name  # an invalid block raises
    from deckcheck.parse.structured import parse_structured

    deck_block = next(block for name, block in blocks if name == "deck-lists.md" and "cards:" in block)
    parsed = parse_structured(deck_block, "deck.yaml", "yaml")
    assert not parsed.findings and [e.name for e in parsed.entries] == ["Ralts", "Psychic Energy"]


def test_an_energy_symbol_unquoted_in_yaml_gets_a_hint_and_a_typo_key_one_error(tmp_path):
    braces = tmp_path / "braces.yaml"
    braces.write_text("cards:\n  - {count: 8, name: Basic {P} Energy, set: SVE, number: 5}\n", encoding="utf-8")
    result = json_report(run("check", str(braces), "--no-config", "-o", "json").stdout)["results"][0]
    [finding] = result["findings"]
    assert finding["rule"] == "syntax" and 'needs quotes: name: "Basic {P} Energy"' in finding["hint"]
    typo = tmp_path / "typo.yaml"
    typo.write_text("nam: Gardevoir ex\ncards:\n  - {count: 4, name: Ralts, set: SVI, number: 84}\n", encoding="utf-8")
    result = json_report(run("check", str(typo), "--no-config", "-o", "json").stdout)["results"][0]
    syntax = [f for f in result["findings"] if f["rule"] == "syntax"]
    assert [f["message"] for f in syntax] == [
        "Line 1: the deck file is not valid: unknown key 'nam' (did you mean 'name'?)."
    ]
    assert "basic-pokemon" not in {f["rule"] for f in result["findings"]}


@pytest.mark.parametrize("output", ["text", "json", "junit"])
def test_a_path_that_is_no_deck_gets_the_error_lines_docs_check_md_says(tmp_path, output):
    # docs/check.md said "beside any report but text, a deckcheck: error: line", but the text report
    # writes one too for a missing path (not for a pipe); the page now says what happens.
    import os

    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    for path, said in ((tmp_path / "missing.txt", "no such file"), (pipe, "is not a regular file")):
        result = run("check", str(path), "--no-config", "-o", output)
        assert result.returncode == 2
        errors = [line for line in result.stderr.decode().splitlines() if line.startswith("deckcheck: error:")]
        if output == "text":
            assert "NOT CHECKED" in result.stdout.decode()
            assert len(errors) == (1 if "missing" in path.name else 0), result.stderr
        else:
            assert len(errors) == 1 and said in errors[0], result.stderr
    page = (Path(__file__).parent.parent / "docs" / "check.md").read_text(encoding="utf-8")
    assert "with the text report too for a path that does not exist" in " ".join(page.split())


def test_fmt_writes_every_basic_energy_print_the_same_way_darkness_and_metal_too(tmp_path, db):
    # docs/deck-lists.md: "a bare Darkness Energy / Metal Energy stays as written" -- but
    # "4 Metal Energy DP 130" (a basic print) stayed while "4 Lightning Energy HS 118" changed.
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Metal Energy DP 130\n4 Lightning Energy HS 118\n4 Darkness Energy\n", encoding="utf-8")
    result = run("fmt", str(deck), "--db", str(db), "--no-config", "--format", "unlimited", "--date", "2010-06-01")
    assert result.returncode == 0, result.stderr
    written = deck.read_text(encoding="utf-8")
    assert "4 Basic {M} Energy DP 130\n" in written and "4 Basic {L} Energy HS 118\n" in written
    assert "4 Darkness Energy\n" in written  # bare: the format decides (decision 10)


def test_formats_show_says_the_season_in_the_message_language():
    # "(2026 rotation, seit 2026-04-10)" in German: the label stayed English where check translated it.
    result = run("formats", "show", "standard", "--date", "2026-12-01", "--lang", "de", "--no-config")
    text = result.stdout.decode()
    assert "(Rotation 2026, seit 2026-04-10)" in text and "2026 rotation" not in text


def test_rules_help_does_not_call_its_examples_legal_and_illegal():
    # The examples are of the rule alone (a deck-size example is not a legal deck today).
    result = run("rules", "--help")
    text = " ".join(result.stdout.decode().split())
    assert "legal and an illegal example" not in text
    assert "an example that passes it and one that breaks it" in text
