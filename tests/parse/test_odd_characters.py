"""Characters no deck list holds get one answer whichever way the list comes in.

A NUL byte is refused as "not a text file" in a file, on standard input, with ``--jobs 2``, as
bytes to the library, as a str to ``check_text`` and in serve's JSON ``text`` (the last two read
it as a card line and said LEGAL). A surrogate code point (``"\\ud800"``: what no UTF-8 bytes
decode to) in a list given as text is refused as undecodable bytes are: ``check_text`` raised
``UnicodeEncodeError`` from the card database and ``POST /api/check`` answered 500.
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest
from serve_support import running_server
from support import PROJECT_ROOT, assert_clean
from support import run_deckcheck as run

from deckcheck import api

LIST = "Pokémon: 1\n4 Iono PAL 185\n"
NUL_LIST = "Pokémon: 1\n4 Iono PAL 185\x00\n"
NUL_MESSAGE = "is not a text file: it contains NUL bytes."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    pytest.importorskip("uvicorn", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    with running_server(tmp_path_factory.mktemp("home")) as url:
        parts = urlsplit(url)
        yield parts.hostname, parts.port


def post_json(server, document: str) -> tuple[int, dict]:
    host, port = server
    connection = http.client.HTTPConnection(host, port, timeout=60)
    try:
        connection.request(
            "POST", "/api/check?date=2026-11-30", document.encode(), {"Content-Type": "application/json"}
        )
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def check_json(*args: str, stdin: bytes | None = None, cwd=None) -> dict:
    completed = run(
        "check", *args, "--no-config", "-o", "json", "--date", "2026-11-30", stdin=stdin, cwd=cwd or PROJECT_ROOT
    )
    assert completed.returncode == 2, completed.stderr  # a file that cannot be read: a problem of the run
    return json.loads(completed.stdout)


def answers(report: dict) -> list[tuple[str, str]]:
    """What a report says of each deck it could not read (its "problems"), and that it checked nothing."""
    assert report["results"] == []
    return [(problem["rule"], problem["message"].split(" ", 4)[-1]) for problem in report["problems"]]


def test_a_nul_byte_gets_one_answer_from_every_front_end(tmp_path, server):
    data = NUL_LIST.encode()
    (tmp_path / "a.txt").write_bytes(data)
    (tmp_path / "b.txt").write_bytes(data)
    expected = [("unreadable", NUL_MESSAGE)]
    assert answers(check_json("a.txt", cwd=tmp_path)) == expected
    assert answers(check_json("-", stdin=data, cwd=tmp_path)) == expected
    assert answers(check_json("a.txt", "b.txt", "--jobs", "2", cwd=tmp_path)) == expected * 2
    for given in (data, NUL_LIST):  # bytes, and the same list as a str
        result = api.check_text(given, date="2026-11-30")
        assert result.verdict == "not-checked"
        assert [(f.rule, f.message.split(" ", 4)[-1]) for f in result.findings] == [("unreadable", NUL_MESSAGE)]
    status, answer = post_json(server, json.dumps({"text": NUL_LIST}))
    assert status == 400
    assert NUL_MESSAGE in answer["error"]
    # The same list as the body itself: the same refusal.
    host, port = server
    connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.request("POST", "/api/check", data, {"Content-Type": "text/plain"})
    answer = connection.getresponse()
    assert answer.status == 400 and NUL_MESSAGE in json.loads(answer.read())["error"]
    connection.close()


@pytest.mark.parametrize("where", ["4 Iono PAL 185\ud800", "4 Io\udfffno PAL 185", "4 Iono PAL 185 \ud83d"])
def test_a_surrogate_in_a_card_line_is_refused_by_the_library_as_undecodable_bytes_are(where):
    result = api.check_text(f"Pokémon: 1\n{where}\n", date="2026-11-30")
    assert result.verdict == "not-checked"
    (finding,) = result.findings
    assert finding.rule == "unreadable"
    assert finding.lines == (2,)
    assert "half of a surrogate pair" in finding.message and "U+D" in finding.message
    assert finding.hint == "Save the deck list as UTF-8."


def test_a_surrogate_in_a_card_line_is_refused_with_a_database_too(reference_index):
    # With a card database the name reached SQLite, which cannot encode it: UnicodeEncodeError.
    result = api.check_text("4 Iono\ud800 PAL 185\n", date="2026-11-30", db=reference_index.path)
    assert [(f.rule, f.lines) for f in result.findings] == [("unreadable", (1,))]


def test_the_first_surrogate_of_a_text_is_the_one_named_with_its_line():
    from deckcheck.parse.files import text_problem

    for text, line, code in (
        ("Pokémon: 1\r\n4 Iono PAL 185\r\n1 Pikachu\udc80 \ud800\n", 3, "U+DC80"),
        ("\udfff4 Iono PAL 185\n\ud800", 1, "U+DFFF"),
    ):
        (finding,) = text_problem(text, "deck.txt").findings
        assert finding.lines == (line,) and finding.params["code"] == code
    assert text_problem("Pokémon: 1\n4 Iono PAL 185 😀\n", "deck.txt") is None


def test_a_surrogate_in_serve_s_json_text_is_a_400_not_a_500(server):
    status, answer = post_json(server, '{"text": "Pok\\u00e9mon: 1\\n4 Iono PAL 185\\ud800\\n"}')
    assert status == 400
    assert "line 2 holds U+D800" in answer["error"]
    assert post_json(server, json.dumps({"text": LIST}))[0] == 200


def test_lone_surrogates_in_a_json_deck_reach_no_report_and_no_card_look_up(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(
        '{"name": "Deck \\ud800", "cards": [{"count": 4, "name": "Iono\\udfff"}, '
        '{"count": 1, "name": "Pikachu \\ud83d"}]}'
    )
    for output in ("text", "json", "github", "sarif", "junit"):
        result = run("check", str(deck), "--no-config", "-o", output)
        assert_clean(result, 1)
        assert "Iono\ufffd".encode() in result.stdout or b"Iono\\ufffd" in result.stdout


def test_lone_surrogates_become_the_replacement_character_when_parsed():
    from deckcheck.parse.structured import parse_structured

    parsed = parse_structured(
        '{"name": "x\\ud800", "cards": [{"count": 4, "name": "Iono\\ud800", "set": "P\\udc00"}]}', "deck.json", "json"
    )
    assert parsed.name == "x\ufffd"
    assert (parsed.entries[0].name, parsed.entries[0].set_code) == ("Iono\ufffd", "P\ufffd")
    parsed = parse_structured('cards:\n  - {count: 4, name: "Iono\\ud800"}\n', "deck.yaml", "yaml")
    assert parsed.entries[0].name == "Iono\ufffd"
