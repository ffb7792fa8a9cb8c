"""The deck's card counts under its verdict add up to its total in every report, a line that
says no card counted apart ("4 not identified")."""

from __future__ import annotations

from support import json_report
from support import run_deckcheck as run


def test_the_deck_summary_adds_up_when_a_lines_set_is_unknown(tmp_path, reference_db):
    # "60 cards — 0 Pokémon, 4 Trainer, 52 Energy" did not add up: the 4 cards of the line whose
    # set code names no set are said, in the text, HTML and JSON reports.
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n4 Dreepy XYZ 128\n52 Grass Energy\n", encoding="utf-8")
    common = ("check", str(deck), "--db", str(reference_db), "--no-config", "--date", "2026-12-04")
    text = run(*common).stdout.decode()
    assert "60 cards — 0 Pokémon, 4 Trainer, 52 Energy, 4 not identified" in text
    html = run(*common, "-o", "html").stdout.decode()
    assert "60 cards — 0 Pokémon, 4 Trainer, 52 Energy, 4 not identified" in html
    result = json_report(run(*common, "-o", "json").stdout)["results"][0]
    assert result["counts"] == {"pokemon": 0, "trainer": 4, "energy": 52, "unidentified": 4}
    assert sum(result["counts"].values()) == result["total_cards"] == 60
    german = run(*common, "--lang", "de").stdout.decode()
    assert "4 nicht erkannt" in german
