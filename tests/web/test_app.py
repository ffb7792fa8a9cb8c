"""``deckcheck serve``: POST /api/check answers the ``--output json`` document,
bad requests get a 4xx with a message (the page's markup: test_page.py), the server
really listens (127.0.0.1 by default, any port with --port 0) and answers
concurrent requests; ``check`` never imports the web stack."""

from __future__ import annotations

import http.client
import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from serve_support import running_server
from support import PROJECT_ROOT, json_report, run_deckcheck

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
from starlette.testclient import TestClient  # noqa: E402

from deckcheck.web.app import Checker, Limits, create_app  # noqa: E402

DATE = "2026-11-30"
IONO = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"
LEGAL = PROJECT_ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"


def cli_json(path: Path, *args: str) -> dict:
    return json_report(run_deckcheck("check", path, "--output", "json", *args).stdout)


def test_api_answers_what_check_output_json_says(serve_client):
    answer = serve_client.post(
        f"/api/check?format=unlimited&date={DATE}", content=IONO.read_bytes(), headers={"content-type": "text/plain"}
    )
    assert answer.status_code == 200
    expected = cli_json(IONO, "--format", "unlimited", "--date", DATE)
    expected["results"][0]["path"] = "<text>"
    assert json_report(answer.content) == expected
    copy_limit = [f for f in json_report(answer.content)["results"][0]["findings"] if f["rule"] == "copy-limit"]
    assert copy_limit[0]["lines"] == [21, 22]


def test_api_takes_a_json_object_with_the_list_and_its_options(serve_client):
    answer = serve_client.post(
        "/api/check", json={"text": IONO.read_text(encoding="utf-8"), "format": "unlimited", "date": DATE, "lang": "de"}
    )
    assert answer.status_code == 200
    result = json_report(answer.content)["results"][0]
    assert result["format"] == "unlimited" and result["date"] == DATE and not result["legal"]
    assert "Das Deck hat 5 Karten namens Iono" in result["findings"][0]["message"]


def test_api_takes_a_deck_in_the_json_schema(serve_client):
    deck = {
        "name": "Iono test",
        "format": "unlimited",
        "cards": [{"count": 5, "name": "Iono", "set": "PAL", "number": 185}],
    }
    answer = serve_client.post(f"/api/check?date={DATE}", json=deck)
    result = json_report(answer.content)["results"][0]
    assert answer.status_code == 200 and result["name"] == "Iono test" and result["format"] == "unlimited"
    assert {"copy-limit", "deck-size"} <= {f["rule"] for f in result["findings"]}


def test_the_decks_own_format_else_standard(serve_client):
    own = json_report(serve_client.post(f"/api/check?date={DATE}", content=IONO.read_bytes()).content)["results"][0]
    assert own["format"] == "unlimited"  # "# format: unlimited" in the list
    plain = json_report(serve_client.post(f"/api/check?date={DATE}", content=b"4 Iono PAL 185\n").content)["results"][0]
    assert plain["format"] == "standard"


@pytest.mark.parametrize(
    "query, body, status, message",
    [
        ("?format=standrd", b"4 Iono PAL 185", 400, "standrd is not a format deckcheck knows. Known formats: "),
        ("?date=2026-13-01", b"4 Iono PAL 185", 400, "The date must be a day like 2026-04-10, not 2026-13-01."),
        ("?lang=xx", b"4 Iono PAL 185", 400, "xx is not a language deckcheck knows"),
        ("?card_lang=jp", b"4 Iono PAL 185", 400, "jp is not a language deckcheck knows"),
        ("", b"\xff\xfe\xfa", 400, "The deck file <text> starts with a UTF-16 byte-order mark but is not valid"),
        # Neither UTF-8 nor Windows-1252 (0x81 is no character there): the reading rule of files says why.
        ("", b"4 Iono\x81 PAL 185", 400, "is not valid UTF-8: byte 6 on line 1 cannot be decoded. Save the deck"),
        ("", b"4 Iono PAL 185\n" * 400, 413, "more than 300 lines"),
        ("", b"x" * 20_001, 413, "The request is larger than 20000 bytes"),
    ],
)
def test_bad_requests_get_a_4xx_with_a_message(serve_client, query, body, status, message):
    answer = serve_client.post(f"/api/check{query}", content=body)
    assert answer.status_code == status
    assert message in answer.json()["error"]


def test_bad_json_wrapper_and_translated_errors(serve_client):
    answer = serve_client.post("/api/check", json={"list": "4 Iono PAL 185"})
    assert answer.status_code == 400 and '"text"' in answer.json()["error"]
    answer = serve_client.post("/api/check?format=nope&lang=de", content=b"4 Iono PAL 185")
    assert answer.status_code == 400 and "kein Format" in answer.json()["error"]
    # Not a JSON object after all: the deck's own problem, reported as a finding.
    answer = serve_client.post("/api/check", content=b"{not json", headers={"content-type": "application/json"})
    assert answer.status_code == 200 and json_report(answer.content)["results"][0]["findings"][0]["rule"] == "syntax"
    # A JSON array is neither a request nor a deck (it was checked as deck text, LEGAL
    # with nothing in it but syntax warnings); refused as a wrapper without "text" is.
    # So is any other JSON value that is not an object: a string, a number, true, false, null.
    for body in (b'["4 Iono PAL 185"]', b'  [{"text": "4 Iono PAL 185"}]', b'"4 Iono PAL 185"', b"5", b"null", b"true"):
        answer = serve_client.post("/api/check?lang=de", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400 and "JSON-Anfrage ist ein Objekt" in answer.json()["error"]


def test_other_methods_and_paths_are_4xx(serve_client):
    assert serve_client.get("/api/check").status_code == 405
    assert serve_client.get("/nothing-here").status_code == 404


def test_a_check_that_takes_too_long_is_given_up(serve_checker):
    slow = Checker.__new__(Checker)
    slow.__dict__.update(serve_checker.__dict__)
    slow.check = lambda text, options, controls: time.sleep(3)  # type: ignore[method-assign]
    with TestClient(create_app(slow, Limits(timeout=0.3))) as test_client:
        started = time.perf_counter()
        answer = test_client.post("/api/check", content=b"4 Iono PAL 185")
        assert time.perf_counter() - started < 2.5
    assert answer.status_code == 503 and "longer than 0.3 seconds" in answer.json()["error"]


# -- the real server --------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("serve-home")) as address:
        yield address


def post(url: str, body: bytes, content_type: str = "text/plain") -> tuple[int, dict]:
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def test_serve_listens_on_loopback_and_answers_concurrent_requests(server):
    decks = [IONO, LEGAL] * 10
    answers: list = [None] * len(decks)

    def ask(i: int) -> None:
        answers[i] = post(f"{server}/api/check?format=unlimited&date={DATE}", decks[i].read_bytes())

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(decks))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for deck, (status, body) in zip(decks, answers):
        assert status == 200
        assert body["legal"] is (deck == LEGAL)
    status, body = post(f"{server}/api/check?format=nope", b"4 Iono PAL 185")
    assert status == 400 and "nope is not a format" in body["error"]


def _timed_posts(port: int, body: bytes, count: int, *, kept_alive: bool) -> list[float]:
    """Seconds per ``POST /api/check`` of ``body``: ``count`` requests on one connection, or each on a new one."""
    seconds, connection = [], None
    for _ in range(count):
        if connection is None or not kept_alive:
            if connection is not None:
                connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        started = time.perf_counter()
        connection.request("POST", f"/api/check?format=unlimited&date={DATE}", body=body)
        answer = connection.getresponse()
        data = answer.read()
        seconds.append(time.perf_counter() - started)
        assert answer.status == 200 and json.loads(data)["legal"] is True
    assert connection is not None
    connection.close()
    return seconds


def test_serve_answers_on_a_kept_alive_connection_as_fast_as_on_a_new_one(server):
    """An answer is written in two sends: with Nagle's algorithm on the server's connections, every
    answer after the first on one connection waited for the client's delayed acknowledgement
    (about 40 ms each, against 1-3 ms on a new connection). Compared with new connections measured
    in the same test, so a loaded machine slows both alike."""
    port = int(server.rsplit(":", 1)[1])
    body = LEGAL.read_bytes()
    kept = _timed_posts(port, body, 21, kept_alive=True)[1:]  # 20 after the connection's first
    new = _timed_posts(port, body, 20, kept_alive=False)
    kept_ms, new_ms = statistics.median(kept) * 1000, statistics.median(new) * 1000
    assert kept_ms < new_ms + 20, f"median {kept_ms:.1f} ms on one connection, {new_ms:.1f} ms on new ones"


def test_serve_refuses_a_port_in_use(server):
    port = server.rsplit(":", 1)[1]
    done = run_deckcheck("serve", "--port", port, "--no-config", text=True)
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


def test_check_does_not_import_the_web_stack():
    code = (
        "import sys\nfrom deckcheck.cli import main\n"
        "sys.argv = ['deckcheck', 'check', 'sample_decks/legal', '--format', 'unlimited']\n"
        "main()\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'starlette', 'uvicorn', 'anyio', 'httpx'}),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT_ROOT, timeout=60)
    assert done.stderr.strip().splitlines()[-1] == "[]"


# -- a deck list's bytes are read as check reads the same bytes from a file ------------

# "2 Pokédex HANDY910is DP 111" and the "Pokémon: 17" header: é misread is an unknown card.
DARKRAI = PROJECT_ROOT / "sample_decks" / "legal" / "darkrai-honchkrow-dp.txt"


def _as_sent(result: dict, path: Path) -> dict:
    """check's result for the file ``path`` as serve names the deck it was sent (``<text>``)."""
    return {key: value for key, value in json.loads(json.dumps(result).replace(str(path), "<text>")).items()}


@pytest.mark.parametrize("encoding, notes", [("cp1252", ["encoding"]), ("utf-16", [])])
def test_a_list_in_windows_1252_or_utf_16_gets_what_check_gives_its_file(server, tmp_path, encoding, notes):
    data = DARKRAI.read_text(encoding="utf-8").encode(encoding)  # Python's utf-16 writes the byte-order mark
    deck = tmp_path / "deck.txt"
    deck.write_bytes(data)
    (expected,) = cli_json(deck, "--date", DATE)["results"]
    assert expected["verdict"] == "legal"  # the file is read, é and all
    status, body = post(f"{server}/api/check?date={DATE}", data)
    assert status == 200
    (answer,) = body["results"]
    assert answer == _as_sent(expected, deck)
    assert [f["rule"] for f in answer["findings"] if f["severity"] == "info"] == notes
    if notes:
        assert answer["findings"][0]["message"] == (
            "The deck file <text> is not UTF-8; it was read as Windows-1252 (Western European) text."
        )


def test_the_page_reads_a_windows_1252_list_as_check_reads_the_file(server, tmp_path):
    data = DARKRAI.read_text(encoding="utf-8").encode("cp1252")
    form = f"date={DATE}&text=".encode() + urllib.parse.quote_from_bytes(data).encode()
    request = urllib.request.Request(f"{server}/check", data=form, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        status, page = answer.status, answer.read().decode("utf-8")
    assert status == 200
    assert "2 Pokédex HANDY910is DP 111" in page.split("</textarea>")[0]  # the list as read, shown again
    verdict = page.split('id="result"')[1]
    assert "LEGAL" in verdict and "ILLEGAL" not in verdict and "NOT VERIFIED" not in verdict
    assert "The deck file &lt;text&gt; is not UTF-8; it was read as Windows-1252" in verdict
    # Bytes that are neither UTF-8 nor Windows-1252 (0x81 is no character there) stay a 400.
    bad = f"date={DATE}&text=".encode() + urllib.parse.quote_from_bytes(b"4 Iono\x81 PAL 185").encode()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(f"{server}/check", data=bad, method="POST"), timeout=30)
    assert refused.value.code == 400
    assert "is not valid UTF-8: byte 6 on line 1 cannot be decoded" in refused.value.read().decode("utf-8")


def test_a_form_field_besides_the_list_is_utf_8_and_a_json_deck_is_read_as_its_file(serve_client):
    # The list is read as a deck file is; the other fields of a form stay UTF-8 text (a browser sends it).
    form = b"format=%FF&text=4+Iono+PAL+185"
    answer = serve_client.post("/check", content=form, headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 400 and "The request is not UTF-8 text." in answer.text
    # A deck in the JSON schema saved as Windows-1252: read, with the note, as check reads deck.json.
    deck = '{"name": "Flabébé’s deck", "cards": [{"count": 4, "name": "Iono", "set": "PAL", "number": "185"}]}'
    answer = serve_client.post(
        f"/api/check?date={DATE}", content=deck.encode("cp1252"), headers={"content-type": "application/json"}
    )
    (result,) = answer.json()["results"]
    assert result["name"] == "Flabébé’s deck" and result["findings"][0]["rule"] == "encoding"
