"""Messages in Japanese (``--lang ja``): the catalogue, the text report's layout (a wide
character takes two cells; Japanese sentences have no spaces to break at), the HTML report and
the page of deckcheck serve."""

from __future__ import annotations

import datetime as dt

import pytest
from support import PROJECT_ROOT, run_deckcheck

from deckcheck.engine import check_deck
from deckcheck.i18n import choose_language, finding_message, localize
from deckcheck.model import Report
from deckcheck.packs.loading import load_pack
from deckcheck.parse import read_deck
from deckcheck.render import RenderOptions
from deckcheck.render.text import render
from deckcheck.rules.deck_size import WRONG_SIZE

ILLEGAL = sorted((PROJECT_ROOT / "sample_decks" / "illegal").glob("*.txt"))


def cells(text: str) -> int:
    """The terminal cells of ``text``: a wide character (East Asian Width W or F) takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


DATE = "2026-11-30"


def test_japanese_is_a_message_language():
    assert choose_language("ja") == "ja" and choose_language(None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert localize(WRONG_SIZE, {"total": 61, "size": 60}, "ja") == (
        "デッキは 61 枚です。デッキはちょうど 60 枚でなければなりません。"
    )


def _report(width: int) -> str:
    from deckcheck.carddb.catalogue import load_catalogue

    index = load_catalogue()
    pack = load_pack("unlimited")
    day = dt.date.fromisoformat(DATE)
    results = tuple(check_deck(read_deck(str(path)), pack, index, day) for path in ILLEGAL)
    return render(Report(results), RenderOptions(lang="ja", width=width))


@pytest.mark.parametrize("width", [60, 100])
def test_the_text_report_in_japanese_fits_its_width_in_cells(width):
    text = _report(width)
    assert "不正" in text and "デッキをチェックしました" in text
    # every line of a finding fits the width, a wide character counted as two cells (paths and
    # the long single words of the English layout may not: they are never broken)
    findings = [line for line in text.splitlines() if "行目" in line or line.startswith(" " * 20)]
    assert findings and all(cells(line) <= width for line in findings), [
        line for line in findings if cells(line) > width
    ]


def test_the_summary_table_is_aligned_in_cells():
    import re

    lines = _report(100).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("ルール"))
    title_end = cells(lines[head][: lines[head].index("エラー") + len("エラー")])
    rows = [line for line in lines[head + 1 :] if line.strip()]
    assert rows
    # the number of errors of each rule ends in the cell where its column title ends
    for row in rows:
        first = re.match(r"\S+\s+\d+", row)
        assert first is not None and cells(first.group()) == title_end, row


def test_the_cli_html_report_and_a_finding_in_japanese(tmp_path):
    deck = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"
    text = run_deckcheck("check", deck, "--lang", "ja", "--format", "unlimited", "--date", DATE).stdout.decode()
    assert text.startswith("不正  ") and "Iono という名前のカードが 5 枚あります" in text
    html = run_deckcheck(
        "check", deck, "--lang", "ja", "--format", "unlimited", "--date", DATE, "--output", "html"
    ).stdout.decode()
    assert '<html lang="ja">' in html and "deckcheck レポート" in html and "ルールごとの指摘" in html


def test_the_serve_page_in_japanese(serve_client):
    page = serve_client.get("/?lang=ja")
    assert '<html lang="ja">' in page.text and "デッキリストをチェック" in page.text
    assert '<option value="ja" selected>日本語</option>' in page.text
    answer = serve_client.post(
        "/api/check",
        json={"text": "4 Iono PAL 185\n1 Iono PAF 80\n", "format": "unlimited", "date": DATE, "lang": "ja"},
    )
    findings = answer.json()["results"][0]["findings"]
    assert any("Iono という名前のカードが 5 枚あります" in f["message"] for f in findings)


def test_every_finding_of_the_sample_decks_has_a_japanese_message():
    from deckcheck.carddb.catalogue import load_catalogue

    index = load_catalogue()
    pack = load_pack("unlimited")
    for path in ILLEGAL:
        result = check_deck(read_deck(str(path)), pack, index, dt.date.fromisoformat(DATE))
        for finding in result.findings:
            message = finding_message(finding, "ja")
            assert message != finding.message and any(ord(ch) > 0x3000 for ch in message), message
