"""Card names of other languages from the command line: import the names, check a German list,
read the answer in German or Portuguese."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import REFERENCE_DATA, json_report, run_deckcheck

DECKS = Path(__file__).parent / "decks"


def deckcheck(*args, env=None):
    """deckcheck with no locale of the caller's unless ``env`` gives one."""
    return run_deckcheck(*args, env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, **(env or {})})


@pytest.fixture(scope="module")
def names_db(reference_db, tmp_path_factory):
    tcgdex = REFERENCE_DATA / "tcgdex-api"
    if not (tcgdex / "v2" / "de" / "cards.json").is_file():
        pytest.skip(f"TCGdex reference files not found at {tcgdex}")
    db = tmp_path_factory.mktemp("names") / "cards.sqlite3"
    shutil.copyfile(reference_db, db)  # the reference import, once per run (tests/support.py)
    result = deckcheck("db", "import-names", str(tcgdex), "--lang", "de,pt", "--db", str(db))
    assert result.returncode == 0, result.stderr.decode()
    assert b"de:" in result.stdout or b"de " in result.stdout
    info = deckcheck("db", "info", "--db", str(db)).stdout.decode()
    assert "Names:" in info and "de " in info and "pt " in info
    return db


def test_german_list_in_german_and_in_json(names_db):
    deck = str(DECKS / "de" / "esche-platan-illegal.txt")
    text = deckcheck("check", deck, "--db", str(names_db), "--lang", "de")
    assert text.returncode == 1
    out = text.stdout.decode()
    assert "Kartennamen auf Deutsch gelesen" in out and "1 Deck geprüft: 0 legal, 1 illegal." in out
    assert "exclusive" in out and "copy-limit" in out
    report = json_report(deckcheck("check", deck, "--db", str(names_db), "-o", "json").stdout)
    (result,) = report["results"]
    assert {f["rule"] for f in result["findings"]} >= {"exclusive", "copy-limit"}
    assert "de" in result["languages"]
    # JSON stays English unless --lang asks for another language.
    exclusive = next(f for f in result["findings"] if f["rule"] == "exclusive")
    assert exclusive["message"].startswith("The deck has cards named Professor Juniper and Professor Sycamore")


def test_the_locale_chooses_the_language_and_a_bad_lang_is_a_usage_error(names_db):
    deck = str(DECKS / "pt" / "juniper-sycamore-illegal.txt")
    english = deckcheck("check", deck, "--db", str(names_db)).stdout.decode()
    portuguese = deckcheck("check", deck, "--db", str(names_db), env={"LANG": "pt_BR.UTF-8"}).stdout.decode()
    assert "1 deck checked: 0 legal, 1 illegal." in english
    assert "1 baralho verificado: 0 legal, 1 ilegal." in portuguese
    bad = deckcheck("check", deck, "--db", str(names_db), "--lang", "xx")
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
