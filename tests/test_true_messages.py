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
    result = check_json(tmp_path, db, "8 Arceus AR 1\n52 Grass Energy\n", "--format", "unlimited", "--date", "2010-06-01")
    assert [(f["rule"], f["severity"]) for f in result["findings"]] == [("name-mismatch", "error")]
    assert result["verdict"] == "unverified"
