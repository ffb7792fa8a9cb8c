"""Data and paths for tests/i18n (imported by name: ``from i18n_support import ...``;
a conftest cannot be imported by name reliably, every test folder has one).

A small invented English dataset and invented TCGdex lists (never copies of
the reference files) exercise every mapping rule; the reference data in
../shared/carddata, when present, checks the real thing.
"""

from __future__ import annotations

import json
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
REFERENCE = PROJECT_ROOT.parent / "shared" / "carddata"
POKEMON_TCG_DATA = REFERENCE / "pokemon-tcg-data"
TCGDEX = REFERENCE / "tcgdex-api"
DECKS = Path(__file__).resolve().parent / "decks"
GOLDEN = PROJECT_ROOT / "tests" / "golden" / "i18n"
SKIP_REASON = "reference data ../shared/carddata not found (pokemon-tcg-data and tcgdex-api are needed for this test)"


# -- the invented English dataset (pokemontcg.io shape) ----------------------------


def _pokemon(card_id, name, number, types=("Grass",), subtypes=("Basic",)):
    return {
        "id": card_id,
        "name": name,
        "supertype": "Pokémon",
        "subtypes": list(subtypes),
        "hp": "70",
        "types": list(types),
        "number": number,
        "attacks": [{"name": f"{name} Attack", "cost": ["Colorless"], "damage": "10", "text": ""}],
    }


def _supporter(card_id, name, number, text="Draw 3 cards."):
    return {
        "id": card_id,
        "name": name,
        "supertype": "Trainer",
        "subtypes": ["Supporter"],
        "number": number,
        "rules": [text, "You may play only 1 Supporter card during your turn."],
    }


EN_SETS = [
    {"id": "tst1", "name": "Test Base", "series": "Test", "ptcgoCode": "TST", "releaseDate": "2024/01/26"},
    {
        "id": "tst1tg",
        "name": "Test Base Trainer Gallery",
        "series": "Test",
        "ptcgoCode": "TST",
        "releaseDate": "2024/01/26",
    },
    {"id": "tsvp", "name": "Test Promos", "series": "Test", "ptcgoCode": "PR-SV", "releaseDate": "2024/02/01"},
    {"id": "old1", "name": "Old Rockets", "series": "Old", "ptcgoCode": "OR", "releaseDate": "2000/04/24"},
    {"id": "old2", "name": "Old Rockets Return", "series": "Old", "ptcgoCode": "ORR", "releaseDate": "2004/11/01"},
    {"id": "nocode", "name": "Codeless Collection", "series": "Old", "releaseDate": "2005/05/05"},
    {"id": "twin1", "name": "Twin", "series": "Test", "ptcgoCode": "TWN", "releaseDate": "2021/10/08"},
    {"id": "twin2", "name": "Twin Classic", "series": "Test", "ptcgoCode": "TWN", "releaseDate": "2021/10/08"},
]

EN_CARDS = {
    "tst1": [
        _supporter("tst1-1", "Professor Juniper", "1", "Discard your hand and draw 7 cards."),
        _supporter("tst1-2", "Professor Sycamore", "2", "Discard your hand and draw 7 cards."),
        _pokemon("tst1-3", "Charizard ex", "3", ("Fire",), ("Basic", "ex")),
        {"id": "tst1-4", "name": "Basic Fire Energy", "supertype": "Energy", "subtypes": ["Basic"], "number": "4"},
        _supporter("tst1-5", "Iris", "5"),
        _pokemon("tst1-6", "Lileep", "6"),
        _pokemon("tst1-7", "Carnivine", "7"),
        _pokemon("tst1-8", "Carnivine G", "8"),
        _supporter("tst1-9", "Iono", "9", "Each player shuffles their hand into their deck."),
        _pokemon("tst1-10", "Squirtle", "10", ("Water",)),
    ],
    "tst1tg": [_pokemon("tst1tg-TG01", "Lileep", "TG01")],
    "tsvp": [_pokemon("tsvp-7", "Pikachu", "007", ("Lightning",))],
    "old1": [_pokemon("old1-1", "Dark Alakazam", "1", ("Psychic",))],
    "old2": [
        _pokemon("old2-1", "Rocket's Mewtwo", "1", ("Psychic",)),
        _pokemon("old2-2", "Rocket's Moltres", "2", ("Fire",)),
    ],
    "nocode": [
        _pokemon("nocode-1", "Bulbasaur", "1"),
        _pokemon("nocode-2", "Ivysaur", "2"),
        _pokemon("nocode-3", "Venusaur", "3"),
    ],
    "twin1": [_pokemon("twin1-1", "Ho-Oh", "1", ("Fire",)), _pokemon("twin1-2", "Lugia", "2", ("Psychic",))],
    "twin2": [_pokemon("twin2-1", "Charmander", "1", ("Fire",)), _pokemon("twin2-2", "Lugia", "2", ("Psychic",))],
}


def write_english_dataset(root: Path) -> Path:
    (root / "sets").mkdir(parents=True, exist_ok=True)
    (root / "cards" / "en").mkdir(parents=True, exist_ok=True)
    (root / "sets" / "en.json").write_text(json.dumps(EN_SETS), encoding="utf-8")
    for set_id, cards in EN_CARDS.items():
        (root / "cards" / "en" / f"{set_id}.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    return root


# -- invented TCGdex lists ----------------------------------------------------------


def _set(set_id, name, abbreviation, date, count):
    entry = {"id": set_id, "name": name, "releaseDate": date, "cardCount": {"official": count}}
    if abbreviation is not None:
        entry["abbreviation"] = {"official": abbreviation}
    return entry


TCGDEX_SETS = [
    _set("tst01", "Testbasis", "TST", "2024-01-26", 10),
    _set("tst01tg", "Testbasis Trainergalerie", "TST:TG", "2024-01-26", 1),
    _set("tsvp", "Testpromos", "SVP", "2024-02-05", 1),  # SVP = PR-SV, a few days apart
    _set("old01", "Alte Raketen", "OR", "2000-04-24", 1),
    # "OR" is printed on another, older set of the dataset: this one maps by date.
    _set("old02", "Rückkehr der Raketen", "OR", "2004-11-01", 2),
    _set("nc", "Ohne Kürzel", None, "2005-05-05", 3),
    _set("twn", "Zwilling", "TWN", "2021-10-08", 2),
    _set("zzz", "Zukunft", "ZZZ", "2030-01-01", 2),
]

TCGDEX_CARDS = {
    "de": [
        ("tst01", "001", "Prof. Esche"),
        ("tst01", "002", "Prof. Platan"),
        ("tst01", "003", "Glurak-ex"),
        ("tst01", "004", "Feuer-Energie"),
        ("tst01", "005", "Lilia"),
        ("tst01", "006", "Liliep"),
        ("tst01", "007", "Vortente"),
        ("tst01", "008", "Vortente"),
        ("tst01", "009", "Enigmara"),
        ("tst01", "010", "Schiggy"),
        ("tst01", "099", "Nummer ohne Karte"),
        ("tst01tg", "TG01", "Liliep"),
        ("tsvp", "007", "Pikachu"),
        ("old01", "1", "Dunkles Simsala"),
        ("old02", "1", "Rockets Mewtu"),
        ("old02", "2", "Rockets Lavados"),
        ("nc", "1", "Bisasam"),
        ("nc", "2", "Bisaknosp"),
        ("nc", "3", "Bisaflor"),
        ("twn", "1", "Ho-Oh"),
        ("twn", "2", "Lugia"),
        ("zzz", "1", "Zukunftskarte"),
        ("zzz", "2", "Noch eine"),
    ],
    "fr": [
        ("tst01", "006", "Lilia"),  # Lileep in French: "Lilia" means two cards in two languages
        ("tst01", "005", "Iris"),
        ("tst01", "010", "Iono"),  # invented: a French name that is another card's English name
    ],
    "pt": [
        ("tst01", "001", "Professora Juniper"),
        ("tst01", "002", "Professor Sycamore"),
        ("tst01", "003", "Charizard ex"),
        ("tst01", "004", "Energia de Fogo"),
        ("tst01", "009", "Kissera"),
        ("tst01", "010", "Squirtle"),
    ],
}


def tcgdex_lists(lang: str) -> tuple[list, list]:
    cards = [
        {"id": f"{set_id}-{local_id}", "localId": local_id, "name": name}
        for set_id, local_id, name in TCGDEX_CARDS[lang]
    ]
    used = {set_id for set_id, _l, _n in TCGDEX_CARDS[lang]}
    # As in the real German list, a set whose cards are listed may lack its own
    # entry: only the English sets list describes "nc".
    return cards, [s for s in TCGDEX_SETS if s["id"] in used and s["id"] != "nc"]


def write_tcgdex(root: Path, langs=("de", "fr", "pt")) -> Path:
    for lang in langs:
        folder = root / "v2" / lang
        folder.mkdir(parents=True, exist_ok=True)
        cards, sets = tcgdex_lists(lang)
        (folder / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
        (folder / "sets.json").write_text(json.dumps(sets, ensure_ascii=False), encoding="utf-8")
    english = root / "v2" / "en"
    english.mkdir(parents=True, exist_ok=True)
    (english / "sets.json").write_text(json.dumps(TCGDEX_SETS, ensure_ascii=False), encoding="utf-8")
    return root


# -- the command line, as a user runs it, in a given locale -------------------------

LANGUAGES = ("de", "pt", "fr", "es", "it")  # the message languages besides English


def deckcheck(*args, env=None, cwd=None):
    """(exit code, stdout, stderr) of ``deckcheck ARGS``: no locale, colour or database from
    the caller's environment unless ``env`` gives them."""
    from support import run_deckcheck

    unset = dict.fromkeys(("LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "DECKCHECK_DB"))
    result = run_deckcheck(*args, env={**unset, **(env or {})}, cwd=cwd or PROJECT_ROOT, text=True)
    return result.returncode, result.stdout, result.stderr


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("deckcheck: error: ")]
