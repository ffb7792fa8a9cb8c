"""Issue 31's messages that misled a new user, each with the line that showed it (real lines,
checked against the reference card data through the command line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import json_report, run


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
