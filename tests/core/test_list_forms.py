"""Lines written the ways collection trackers, spreadsheets and
results sites write them, each read alone as the card it names with no identification
finding (docs/rulings.md, "Which card a line is": these lines say which card they are), through the library,
the CLI and serve (which share the session), and kept by fmt with the same verdict. A line
that names a card followed by words that are no set code and number says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import json_report
from support import run_deckcheck as run

import deckcheck

TESTS = Path(__file__).resolve().parents[1]
# A legal Standard list of 2026-08-22 (tests/exports); each example swaps one line (line 8).
STANDARD = (TESTS / "exports" / "2026-08-22-standard-31.txt").read_text("utf-8")
DAY = "2026-08-22"
LINE = 8


def swapped(old: str, new: str) -> str:
    assert old in STANDARD, old
    return STANDARD.replace(old, new, 1)


ROSELIA = "4 Cynthia's Roselia DRI 7"
# name: the line as a tracker, spreadsheet or site writes it, read with no finding of its own.
READ = {
    "number-over-set-size": "4 Dreepy TWM 128/167",
    "print-in-brackets": "4 Dreepy [TWM 128]",
    "code-and-number-joined": "4 Dreepy TWM128",
    "csv": "4,Dreepy,TWM,128",
    "regulation-mark": "4 Dreepy TWM 128 (H)",
    "dash-before-code": "4 Dreepy - TWM 128",
    "comma-before-code": "4 Dreepy, TWM 128",
    # a results site's set id: sv6 is the pokemontcg.io id of Twilight Masquerade (TWM)
    "set-id-as-code": "4 Dreepy SV6 128",
}
# The same forms with the code in lower case, read as "4 Dreepy twm 128" is (which fmt keeps as
# written: it rewrites the tracker's forms above, not a code's case).
READ_LOWER_CASE = {
    "number-over-set-size-lower-case": "4 Dreepy twm 128/167",
    "print-in-brackets-lower-case": "4 Dreepy [twm 128]",
    "regulation-mark-lower-case": "4 Dreepy twm 128 (h)",
}
# name: (line, rule and start of the message of its one error)
UNREAD = {
    "code-without-number": ("4 Iono PAL", 'Iono is a card, but "PAL" after it is not a set code and number'),
    "unknown-joined-number": ("4 Dreepy TWM999", 'Dreepy is a card, but "TWM999" after it'),
}


def texts() -> dict[str, str]:
    found = {name: swapped(ROSELIA, line) for name, line in {**READ, **READ_LOWER_CASE}.items()}
    found.update({name: swapped(ROSELIA, line) for name, (line, _message) in UNREAD.items()})
    return found


def of_line(result: dict) -> list[dict]:
    return [f for f in result["findings"] if LINE in f["lines"]]


@pytest.fixture(scope="module")
def library(reference_index):
    db = deckcheck.open_database(reference_index.path)
    return {
        name: deckcheck.check_text(text, format="standard", date=DAY, db=db).to_json() for name, text in texts().items()
    }


@pytest.mark.parametrize("name", [*READ, *READ_LOWER_CASE])
def test_a_trackers_form_is_read_as_the_card_it_names(library, name):
    result = library[name]
    assert result["verdict"] == "legal"
    assert of_line(result) == []


@pytest.mark.parametrize("name", UNREAD)
def test_a_name_with_words_not_understood_says_so(library, name):
    result = library[name]
    assert result["verdict"] == "unverified"
    (finding,) = of_line(result)
    assert finding["severity"] == "error" and finding["message"].startswith(UNREAD[name][1])
    assert "No card named" not in finding["message"]
    assert "legality cannot be shown" in finding["message"]


def run_cli(*args: str, db: Path, stdin: bytes | None = None):
    return run(*args, stdin=stdin, env={"DECKCHECK_DB": str(db), "COLUMNS": "100"}, text=True)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("list-forms")
    for name, text in texts().items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


def test_the_cli_and_serve_agree_with_the_library(library, reference_index, decks):
    done = run_cli(
        "check", str(decks), "--format", "standard", "--date", DAY, "--output", "json", "--jobs", "2",
        db=reference_index.path,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = json_report(done.stdout)
    assert len(report["results"]) == len(library)
    for result in report["results"]:
        name = Path(result["path"]).stem
        assert result["verdict"] == library[name]["verdict"], name
        assert of_line(result) == of_line(library[name]), name
    served = serve_results(reference_index, list(texts().values()), "standard", DAY)
    for name, result in zip(texts(), served):
        assert result["verdict"] == library[name]["verdict"] and of_line(result) == of_line(library[name]), name


def serve_results(reference_index, decks: list[str], format: str, date: str) -> list[dict]:
    """The result of ``POST /api/check`` for each deck text."""
    from serve_support import api_client

    with api_client(reference_index.path) as client:
        answers = [client.post("/api/check", json={"text": t, "format": format, "date": date}) for t in decks]
    return [json_report(answer.content)["results"][0] for answer in answers]


@pytest.mark.parametrize("name", READ)
def test_fmt_writes_the_form_the_usual_way_with_the_same_verdict(library, reference_index, name):
    done = run_cli(
        "fmt", "-", "--format", "standard", "--date", DAY, db=reference_index.path, stdin=texts()[name].encode()
    )
    assert done.returncode == 0, done.stderr
    # the joined form is read by resolution, as a lower-case code is ("meg 114"): kept as written
    # and so is a set id ("SV6 128")
    kept = {"code-and-number-joined": "4 Dreepy TWM128\n", "set-id-as-code": "4 Dreepy SV6 128\n"}
    written = kept.get(name, "4 Dreepy TWM 128\n")
    assert written in done.stdout
    db = deckcheck.open_database(reference_index.path)
    again = deckcheck.check_text(done.stdout, format="standard", date=DAY, db=db).to_json()
    assert again["verdict"] == library[name]["verdict"]


# Lines read alone (deck-size aside) in Expanded, each with no finding of its own.
EXPANDED_LINES = {
    "mew-vmax": ("3 Mew-VMax", "Mew VMAX"),
    "zacian-v": ("1 Zacian-V", "Zacian V"),
    "arceus-vstar": ("1 Arceus-VSTAR", "Arceus VSTAR"),
    "mewtwo-v-union": ("1 Mewtwo-V-UNION", "Mewtwo V-UNION"),
    # sv1 is the pokemontcg.io id of Scarlet & Violet (SVI); SVI 166 is Arven
    "arven-sv1-166": ("2 Arven SV1 166", "Arven"),
}


@pytest.mark.parametrize("name", EXPANDED_LINES)
def test_a_hyphenated_mechanic_and_a_set_id_are_read_as_the_card(reference_index, name):
    line, card = EXPANDED_LINES[name]
    db = deckcheck.open_database(reference_index.path)
    result = deckcheck.check_text(f"{line}\n", format="expanded", date="2025-01-01", db=db)
    assert [f.rule for f in result.findings if 1 in f.lines] == []
    # read as a card (an unknown line counts in no section)
    assert result.counts["pokemon" if card != "Arven" else "trainer"] == int(line.split()[0])


# Lines of 2010-2018 lists as PTCGO and sites write them: (line, section it counts in).
OLD_LIST_LINES = {
    "unit-energy-grw": ("2 Unit Energy GRW UPR 137", "energy"),
    "unit-energy-lpm": ("2 Unit Energy LPM", "energy"),
    "unit-energy-fdy": ("2 Unit Energy FDY", "energy"),
    "poke-turn": ("1 Poké Turn PL 118", "trainer"),
    "sp-radar": ("1 SP Radar RR 96", "trainer"),
    "power-spray": ("1 Power Spray PL 117", "trainer"),
    "energy-gain": ("1 Energy Gain PL 116", "trainer"),
    "dark-energy-by-type": ("5 Dark BLW 111", "energy"),
    # LOT 144 is Xerneas ◇
    "prism-star-without-symbol": ("1 Xerneas LOT 144", "pokemon"),
}


def check_unlimited(reference_index, text: str) -> dict:
    db = deckcheck.open_database(reference_index.path)
    return deckcheck.check_text(text, format="unlimited", date="2026-01-01", db=db).to_json()


@pytest.mark.parametrize("name", OLD_LIST_LINES)
def test_an_old_lists_spelling_is_read_silently_as_the_numbered_card(reference_index, name):
    line, section = OLD_LIST_LINES[name]
    result = check_unlimited(reference_index, f"{line}\n")
    assert [f["rule"] for f in result["findings"] if 1 in f["lines"]] == []
    assert result["counts"][section] == int(line.split()[0])


def test_the_prism_star_card_and_the_plain_cards_stay_different_names(reference_index):
    # 1 Xerneas ◇ and 4 plain Xerneas: no copy-limit error (5 "Xerneas" would be one)
    for plain in ("4 Xerneas XY 96", "4 Xerneas"):
        result = check_unlimited(reference_index, f"1 Xerneas LOT 144\n{plain}\n")
        assert [f["rule"] for f in result["findings"] if f["lines"]] == [], plain
    # a name-only Xerneas still means the plain cards: 5 of them break the copy limit
    result = check_unlimited(reference_index, "5 Xerneas\n")
    assert "copy-limit" in {f["rule"] for f in result["findings"]}


def test_the_cli_and_serve_read_the_old_lists_spellings_as_the_library(reference_index, tmp_path):
    text = "".join(f"{line}\n" for line, _section in OLD_LIST_LINES.values())
    (tmp_path / "old.txt").write_text(text, encoding="utf-8")
    done = run_cli(
        "check", str(tmp_path / "old.txt"), "--format", "unlimited", "--date", "2026-01-01", "--output", "json",
        db=reference_index.path,
    )  # fmt: skip
    (result,) = json_report(done.stdout)["results"]
    assert [f for f in result["findings"] if f["lines"]] == []
    assert result == check_unlimited(reference_index, text) | {"path": result["path"]}
    (served,) = serve_results(reference_index, [text], "unlimited", "2026-01-01")
    assert served["findings"] == result["findings"] and served["counts"] == result["counts"]


@pytest.mark.parametrize(
    ("line", "card_id"),
    [
        ("4 Dreepy twm128", "sv6-128"),  # a lower-case code joined to its number
        ("2 Arven sv1 166", "sv1-166"),  # a set id in lower case for the code
        ("1 Tapu Lele GX", "Tapu Lele-GX"),  # a mechanic after a space where the card has a hyphen
        ("1 Tapu Lele GX GRI 60", "sm2-60"),
        ("2 Blend Energy WLFM DRX 118", "bw6-118"),  # a Blend Energy by its type letters
        ("6 Fire Energy BRS R", None),  # the Limitless builder: a basic Energy, its type's letter
    ],
)
def test_the_forms_lists_write_read_as_the_card_they_name(reference_index, line, card_id):
    import datetime as dt

    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    result = check_deck(
        parse_text(line, "d.txt"), load_pack("unlimited"), reference_index, dt.date(2026, 11, 30), keep_deck=True
    )
    assert result.deck is not None and not result.deck.unresolved, [f.message for f in result.findings]
    (card,) = result.deck.cards
    if card_id is None:
        assert card.card.is_basic_energy and "Fire" in card.card.name
    else:
        assert card_id in (card.card.id, card.card.name)


def test_a_type_letter_of_another_type_is_no_basic_energy_print():
    from deckcheck.parse import parse_text

    (entry,) = parse_text("6 Fire Energy BRS W", "d.txt").entries
    assert entry.basic_energy_type is None


def test_a_code_in_lower_case_alone_after_a_name_says_no_card(reference_index):
    result = deckcheck.check_text(
        "4 Iono pal\n", format="unlimited", date="2026-11-30", db=deckcheck.open_database(reference_index.path)
    )
    assert [f.rule for f in result.errors if f.rule != "deck-size"] == ["unknown-card"]
    assert '"pal" after it' in result.errors[-1].message or any('"pal"' in f.message for f in result.errors)
