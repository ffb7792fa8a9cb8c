"""A rule kind is one module and one registry line: a kind written for this test
(tests/rules/small_kind.py) and registered with one line is taken by packs and their
schema, checked by the engine, listed by ``deckcheck rules`` (and its Markdown table),
described by ``formats show``, linted by ``formats lint`` with its own lint, and
described in SARIF -- nothing else of deckcheck is changed."""

from __future__ import annotations

import json

import pytest
from support import run_deckcheck

from deckcheck.rules import MODULES

DATE = "2026-11-30"


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(MODULES, "max-pokemon", "small_kind")  # the one line


def pack(folder, maximum) -> str:
    path = folder / "few-pokemon.yaml"
    path.write_text(
        "name: few-pokemon\nextends: unlimited\nrules:\n  - id: few-pokemon\n    kind: max-pokemon\n"
        f"    max: {maximum}\n",
        encoding="utf-8",
    )
    return str(path)


def test_a_pack_uses_the_new_kind_and_the_engine_checks_it(registered, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Radiant Charizard CRZ 20\n1 Radiant Greninja ASR 46\n", encoding="utf-8")  # in the catalogue
    options = ("--format", pack(tmp_path, 1), "--date", DATE, "--no-config")
    done = run_deckcheck("check", deck, *options, "-o", "json")
    (result,) = json.loads(done.stdout)["results"]
    found = [f for f in result["findings"] if f["rule"] == "few-pokemon"]
    assert [f["message"] for f in found] == ["The deck has 2 Pokémon; this format allows at most 1."]
    sarif = json.loads(run_deckcheck("check", deck, *options, "-o", "sarif").stdout)
    (descriptor,) = [r for r in sarif["runs"][0]["tool"]["driver"]["rules"] if r["id"] == "few-pokemon"]
    assert descriptor["shortDescription"]["text"] == "A deck may have at most the given number of Pokémon."
    assert descriptor["help"]["text"] == "Take Pokémon out until no more than the format allows are left."


def test_rules_show_and_lint_say_the_new_kind(registered, tmp_path):
    listed = run_deckcheck("rules", text=True).stdout
    assert "max-pokemon: A deck may have at most the given number of Pokémon.\n  passes this rule:\n" in listed
    assert "| `max-pokemon` | A deck may have at most the given number of Pokémon." in (
        run_deckcheck("rules", "--markdown", text=True).stdout
    )
    shown = run_deckcheck("formats", "show", pack(tmp_path, 2), "--date", DATE, "--no-config", text=True)
    assert "few-pokemon" in shown.stdout and "max-pokemon (max: 2)" in shown.stdout
    linted = run_deckcheck("formats", "lint", pack(tmp_path, 99), "--no-config", text=True)
    assert "warning: rules[0].max: a deck has 60 cards; max 99 limits nothing" in linted.stdout + linted.stderr
    wrong = run_deckcheck("formats", "lint", pack(tmp_path, "many"), "--no-config", text=True)
    assert "rules[0].max: must be a whole number, not 'many'" in wrong.stdout + wrong.stderr


def test_without_its_line_the_kind_is_unknown(tmp_path):
    linted = run_deckcheck("formats", "lint", pack(tmp_path, 2), "--no-config", text=True)
    assert "unknown rule kind 'max-pokemon'" in linted.stdout + linted.stderr


def test_a_finding_that_cites_cards_without_their_deck_is_refused_with_why():
    # A DeckCard may be shared by many decks: only its deck says which line it stands on, so a
    # kind that leaves the deck out gets a clear error, never a finding that names line 0.
    from deckcheck.model import Card, Deck, DeckCard, DeckEntry
    from deckcheck.rules.base import RuleSpec, finding, lines_text

    card = Card(id="base1-58", name="Pikachu", supertype="Pokémon")
    deck_card = DeckCard(DeckEntry(count=4, name="Pikachu", line=0), card)
    deck = Deck("d.txt", (deck_card,), lines=(7,))
    rule = RuleSpec(id="few-pokemon", kind="max-pokemon")
    with pytest.raises(TypeError, match="needs their deck"):
        finding(rule, "too many", cards=(deck_card,))
    assert finding(rule, "too many", deck=deck, cards=(deck_card,)).lines == (7,)
    assert str(lines_text(deck, [deck_card])) == "line 7"
