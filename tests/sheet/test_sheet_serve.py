"""``deckcheck serve``'s *Download the deck registration sheet* button: under a
legal verdict only, and it answers the very PDF ``deckcheck.sheet_pdf`` draws for the
same check; a list that is not legal gets no sheet."""

from __future__ import annotations

import re

import pytest
from support import SAMPLE_DECKS

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

import deckcheck  # noqa: E402

DATE = "2026-11-30"
LEGAL = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
ILLEGAL = SAMPLE_DECKS / "illegal" / "copy-limit.txt"
BUTTON = "Download the deck registration sheet"


def form(path, **extra):
    return {"text": path.read_text(encoding="utf-8"), "format": "unlimited", "date": DATE, "lang": "en", **extra}


def test_a_legal_verdict_has_the_button_and_it_answers_the_librarys_pdf(serve_client):
    page = serve_client.post("/check", data=form(LEGAL))
    assert page.status_code == 200 and BUTTON in page.text
    sheet_form = re.search(r'<form[^>]*action="/sheet".*?</form>', page.text, re.S)
    assert sheet_form, "the button is in a form that posts to /sheet"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', sheet_form.group(0)))
    assert set(fields) == {"text", "format", "date", "lang", "card_lang"}
    import html

    answer = serve_client.post("/sheet", data={key: html.unescape(value) for key, value in fields.items()})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="deck-registration-sheet.pdf"'
    # The same PDF, from the same code, as the library draws for the same check.
    expected = deckcheck.sheet_pdf(
        deckcheck.check_text(LEGAL.read_text(encoding="utf-8"), format="unlimited", date=DATE)
    )
    assert answer.content == expected


def test_a_list_that_is_not_legal_gets_no_button_and_no_sheet(serve_client):
    page = serve_client.post("/check", data=form(ILLEGAL))
    assert page.status_code == 200 and BUTTON not in page.text
    answer = serve_client.post("/sheet", data=form(ILLEGAL))
    assert answer.status_code == 422
    assert answer.headers["content-type"].startswith("text/html")
    assert "The deck is not legal, so no registration sheet was made." in answer.text


def test_a_bad_sheet_request_is_a_4xx_with_the_page(serve_client):
    answer = serve_client.post("/sheet", data=form(LEGAL, date="someday"))
    assert answer.status_code == 400 and "The date must be a day like 2026-04-10" in answer.text


def test_the_button_speaks_the_pages_language(serve_client):
    page = serve_client.post("/check", data=form(LEGAL, lang="de"))
    assert "Deckregistrierungsbogen herunterladen" in page.text and BUTTON not in page.text
    assert "<label>Spielername <" in page.text and "<label>Geburtsdatum <" in page.text


# -- the page fills the sheet ------------------------------------------------

PLAYER = {"player": "Юлия Иванова", "player-id": "1234567", "birth": "2011-03-09", "division": "senior", "paper": "a4"}


def cli_sheet(out, *options: str):
    """``deckcheck sheet`` on the legal deck with ``options``, writing ``out``."""
    from support import run_deckcheck

    return run_deckcheck("sheet", LEGAL, "--format", "unlimited", "--date", DATE, "--no-config", "-o", out, *options)


def test_a_legal_verdict_shows_the_player_fields_named_as_the_commands_options(serve_client):
    page = serve_client.post("/check", data=form(LEGAL)).text
    sheet_form = re.search(r'<form[^>]*action="/sheet".*?</form>', page, re.S).group(0)
    shown = set(
        re.findall(r'<(?:input|select) type="(?:text|date)" name="([\w-]+)"|<select name="([\w-]+)"', sheet_form)
    )
    assert {name for pair in shown for name in pair if name} == {"player", "player-id", "birth", "division", "paper"}
    for label in ("Player Name", "Player ID", "Date of Birth", "Age Division", "Paper"):
        assert f"<label>{label} <" in sheet_form
    assert "never stored" in sheet_form


def test_the_pages_sheet_is_the_commands_sheet_byte_for_byte(serve_client, tmp_path):
    answer = serve_client.post("/sheet", data=form(LEGAL, **PLAYER))
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    done = cli_sheet(
        tmp_path / "cli.pdf",
        *("--player", PLAYER["player"], "--player-id", PLAYER["player-id"], "--birth", PLAYER["birth"]),
        *("--division", PLAYER["division"], "--paper", PLAYER["paper"]),
    )
    assert done.returncode == 0, done.stderr.decode()
    assert answer.content == (tmp_path / "cli.pdf").read_bytes()
    import io

    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(answer.content)).pages[0]
    assert "Юлия Иванова" in page.extract_text() and "1234567" in page.extract_text()
    assert round(float(page.mediabox.width)) == 595  # A4


@pytest.mark.parametrize(
    "field, value",
    [("player-id", "12-345"), ("birth", "2011-13-40"), ("birth", "2999-01-01"), ("division", "elder"), ("paper", "b5")],
)
def test_a_bad_field_is_a_4xx_with_the_commands_message_on_the_page(serve_client, tmp_path, field, value):
    import html

    done = cli_sheet(tmp_path / "cli.pdf", f"--{field}", value)
    assert done.returncode == 2 and not (tmp_path / "cli.pdf").exists()
    message = done.stderr.decode().strip().removeprefix("deckcheck: error: ")
    answer = serve_client.post("/sheet", data=form(LEGAL, **{field: value}))
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/html")
    problem = re.search(r'<p class="problem" role="alert" id="sheet-problem">(.*?)</p>', answer.text)
    assert problem and html.unescape(problem.group(1)) == message
    # The page keeps the verdict and the sheet's form, with what was typed.
    assert BUTTON in answer.text and f'name="{field}"' in answer.text


def test_the_players_fields_are_never_stored(serve_client, tmp_path, monkeypatch, caplog):
    import logging
    import os
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    caplog.set_level(logging.DEBUG)
    name = "Zyxwvut Qponmlk"
    answer = serve_client.post("/sheet", data=form(LEGAL, player=name, **{"player-id": "97531"}))
    assert answer.status_code == 200
    assert name not in caplog.text and "97531" not in caplog.text
    assert list(tmp_path.iterdir()) == []
    # Nor in this test's home, data, cache, configuration and state folders.
    for path in Path(os.environ["HOME"]).parent.rglob("*"):
        assert not path.is_file() or name.encode() not in path.read_bytes(), path


def test_the_pages_sheet_speaks_the_pages_language(serve_client, tmp_path):
    answer = serve_client.post("/sheet", data=form(LEGAL, lang="de", player="Alex Example"))
    assert answer.status_code == 200
    done = cli_sheet(tmp_path / "cli.pdf", "--lang", "de", "--player", "Alex Example")
    assert done.returncode == 0, done.stderr.decode()
    assert answer.content == (tmp_path / "cli.pdf").read_bytes()
    import io

    from pypdf import PdfReader

    assert "Deckregistrierungsbogen" in PdfReader(io.BytesIO(answer.content)).pages[0].extract_text()
