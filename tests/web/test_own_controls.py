"""The serve page and ``POST /api/check`` each name their own controls, and the page checks a
list as its own format unless the Format menu names another, as ``check`` does.

The page preselected ``standard``, so a pasted ``# format: glc`` list was checked as Standard
though "the deck's own format" is the default of ``check``, ``sheet`` and the library; the page
now says which format it checked as and why. The hints of a deck that cannot be checked so said
``--format`` and ``--date``, which neither the page (a Format menu, a Date field) nor the API
(``format=``, ``date=``) has. A real server on 127.0.0.1.
"""

from __future__ import annotations

import http.client
import json
import re
from urllib.parse import urlencode, urlsplit

import pytest
from serve_support import running_server
from support import PROJECT_ROOT

pytest.importorskip("uvicorn", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")

GLC = (PROJECT_ROOT / "tests" / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt").read_text(encoding="utf-8")
LIST = (PROJECT_ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
TYPO = "# format: standrd\n" + LIST.replace("# format: unlimited\n", "")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("home")) as url:
        parts = urlsplit(url)
        yield parts.hostname, parts.port


def ask(server, method: str, path: str, body: bytes = b"", content_type: str = "text/plain") -> tuple[int, str]:
    connection = http.client.HTTPConnection(*server, timeout=60)
    try:
        connection.request(method, path, body, {"Content-Type": content_type} if body else {})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8")
    finally:
        connection.close()


def form(server, **fields: str) -> tuple[int, str]:
    return ask(server, "POST", "/check", urlencode(fields).encode(), "application/x-www-form-urlencoded")


def text_of(page: str) -> str:
    """The page's text as a person reads it (tags out, entities read)."""
    import html

    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_page_checks_a_list_as_its_own_format_and_says_why(server):
    status, page = ask(server, "GET", "/")
    assert status == 200
    assert '<option value="" selected>' in page and '<option value="standard" selected>' not in page
    # The form as the page sends it untouched: the menu's own-format choice is "".
    status, page = form(server, text=GLC, format="", date="2026-11-30", lang="en")
    assert status == 200
    assert "</span> glc, 2026-11-30</h3>" in page
    assert "Checked as glc: the format the list names." in text_of(page)
    status, page = form(server, text=GLC, format="standard", date="2026-11-30", lang="en")
    assert "Checked as standard: the format chosen in the Format menu." in text_of(page)
    status, page = form(server, text=LIST.replace("# format: unlimited\n", ""), format="", date="2026-11-30")
    assert "Checked as standard: the list names no format and none was chosen in the Format menu." in text_of(page)
    status, page = form(server, text=GLC, format="", date="2026-11-30", lang="de")
    assert "Geprüft als glc: das Format, das die Liste nennt." in text_of(page)


def test_the_page_s_hints_name_its_menu_and_field(server):
    status, page = form(server, text=TYPO, format="", date="2026-11-30", lang="en")
    assert status == 422
    shown = text_of(page)
    assert "or choose a format (the Format menu)." in shown
    assert "--format" not in shown and "--date" not in shown
    status, page = form(server, text=LIST, format="expanded", date="2012-05-01", lang="en")
    assert status == 422
    shown = text_of(page)
    assert "Choose a day on which the format existed (the Date field), or another format (the Format menu)." in shown
    assert "--format" not in shown and "--date" not in shown
    status, page = form(server, text=TYPO, date="2026-11-30", lang="fr")
    assert "choisissez un format (le menu Format)." in text_of(page)


def test_the_api_s_hints_name_its_parameters(server):
    status, body = ask(server, "POST", "/api/check?date=2026-11-30", TYPO.encode())
    assert status == 422
    (problem,) = json.loads(body)["problems"]
    assert problem["hint"].endswith("or choose a format (format=).") and "--format" not in problem["hint"]
    status, body = ask(server, "POST", "/api/check?format=expanded&date=2012-05-01", LIST.encode())
    assert status == 422
    (problem,) = json.loads(body)["problems"]
    assert problem["hint"] == "Choose a day on which the format existed (date=), or another format (format=)."
