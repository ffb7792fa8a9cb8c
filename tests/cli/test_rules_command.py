"""``deckcheck rules KIND`` shows one rule kind, and ``--lang`` says the kinds in the message
language (the command took neither: ``deckcheck rules copy-limit`` was a usage error)."""

from __future__ import annotations

from support import run_deckcheck as run

from deckcheck.rules import KINDS


def test_rules_kind_shows_that_kind_alone():
    result = run("rules", "copy-limit", text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("copy-limit: A deck may have at most the given number of cards with the same name")
    assert "  passes this rule:\n    4 Iono PAL 185\n" in result.stdout
    assert "  breaks this rule:\n" in result.stdout
    # Only that kind: no other kind's line.
    assert [line.split(":")[0] for line in result.stdout.splitlines() if line and not line.startswith(" ")] == [
        "copy-limit"
    ]
    table = run("rules", "deck-size", "--markdown", text=True).stdout.splitlines()
    assert len(table) == 3 and table[2].startswith("| `deck-size` |")


def test_a_kind_that_is_none_is_a_usage_error_with_did_you_mean():
    result = run("rules", "copy-limt", text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "deckcheck: error: 'copy-limt' is not a rule kind (did you mean 'copy-limit'?); "
        f"the kinds are {', '.join(KINDS)}\n"
    )
    assert "deckcheck: error: 'zzz' is not a rule kind; the kinds are" in run("rules", "zzz", text=True).stderr


def test_lang_says_the_kinds_in_the_message_language():
    german = run("rules", "basic-pokemon", "--lang", "de", text=True)
    assert german.returncode == 0
    assert german.stdout.startswith("basic-pokemon: Ein Deck muss mindestens ein Basis-Pokémon enthalten.\n")
    assert "  erfüllt diese Regel:\n" in german.stdout and "  verletzt diese Regel:\n" in german.stdout
    french = run("rules", "--lang", "fr", text=True).stdout
    assert "copy-limit: Un deck peut contenir au plus" in french and "  respecte cette règle :\n" in french
    assert run("rules", "--lang", "xx", text=True).returncode == 2
    # The locale chooses it without --lang, as for check.
    assert run("rules", "basic-pokemon", env={"LANG": "pt_BR.UTF-8"}, text=True).stdout.startswith(
        "basic-pokemon: Um baralho deve conter pelo menos um Pokémon Básico."
    )


def test_rules_help_does_not_call_its_examples_legal_and_illegal():
    # The examples are of the rule alone (a deck-size example is not a legal deck today).
    result = run("rules", "--help")
    text = " ".join(result.stdout.decode().split())
    assert "legal and an illegal example" not in text
    assert "an example that passes it and one that breaks it" in text
