"""What a deck or a file name holds reaches no report as it is: control characters, escape
sequences and bytes that are not UTF-8 are escaped in every output (a terminal, a log or a
code-scanning tool shows the escape, never obeys it)."""

from __future__ import annotations

import json
import os
import sys

import pytest
from support import assert_clean
from support import run_deckcheck as run


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs a file system that takes any bytes in a name")
def test_a_file_name_that_is_not_utf8_is_an_escaped_uri_in_sarif(tmp_path):
    folder = os.fsencode(tmp_path)
    name = folder + b"/deck\xff\x1b[2J.txt"
    with open(name, "wb") as handle:
        handle.write(b"5 Iono PAL 185\n")
    result = run("check", tmp_path, "--no-config", "-o", "sarif", cwd=tmp_path)
    assert_clean(result, 1)
    log = json.loads(result.stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"deck%FF%1B%5B2J.txt"}
    for output in ("text", "json", "github", "junit"):
        result = run("check", ".", "--no-config", "-o", output, cwd=tmp_path)
        assert_clean(result, 1)
        assert b"\x1b" not in result.stdout and b"\xff" not in result.stdout
        assert b"deck\\xff\\x1b[2J.txt" in result.stdout.replace(b"\\\\", b"\\")


def test_control_characters_from_a_deck_are_escaped_in_every_report(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(
        b"# name: \x1b]0;pwned\x07Deck\n4 Iono\x1b[2J PAL 185\n2 \xc2\x9b31mBad\xe2\x80\xae card\n"
        b"\x1b[31mnot a card line\n"
    )
    (tmp_path / "deck.json").write_text(
        json.dumps({"name": "J\x1b[2J", "format": "st\x1bandard", "cards": [{"count": 4, "name": "Iono\x1b[2J"}]})
    )
    for output in ("text", "json", "github", "sarif", "junit"):
        result = run("check", str(deck), str(tmp_path / "deck.json"), "--no-config", "-o", output)
        assert_clean(result)
        shown = result.stdout.decode("utf-8")
        assert not any(ch in shown for ch in "\x1b\x07\x9b\u202e"), (output, shown)
        if output != "json":  # JSON writes the backslash itself escaped
            assert "\\x1b[2J" in shown and "\\u202e" in shown
    assert b"\x1b" not in run("check", str(tmp_path / "deck.json"), "--no-config").stderr
