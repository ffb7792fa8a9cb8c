"""Issue 12: no input, file or fault may crash deckcheck -- an unexpected error is one
line and exit code 2, never a traceback (exit code 1 is an illegal deck)."""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, json_report, run_deckcheck

LONG_NUMBER = "9" * 5000
DECK = "4 Iono PAL 185\n"


def run(*args: str, cwd: Path = PROJECT_ROOT, stdin: bytes | None = None, shell_tail: str = ""):
    if shell_tail:  # redirections a shell makes: >/dev/full, >&-, <&- (about the process: one is started)
        command = " ".join([sys.executable, "-m", "deckcheck", *(f"'{a}'" for a in args)]) + " " + shell_tail
        return subprocess.run(["sh", "-c", command], capture_output=True, cwd=cwd, timeout=120)
    return run_deckcheck(*args, cwd=cwd, stdin=stdin)


def assert_clean(result, code: int | None = None) -> None:
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    assert b"internal error" not in result.stderr, result.stderr.decode(errors="replace")
    if code is not None:
        assert result.returncode == code, result.stderr.decode(errors="replace")


# -- the top-level handler ----------------------------------------------------------


def _crash(*args, **kwargs):
    raise ValueError("something nobody expected\nsecond line")


def _main_with(run_check, monkeypatch, tmp_path, *options: str) -> int:
    """``deckcheck check`` of one deck through :func:`deckcheck.cli.main`, with
    ``run_check`` in place of the real one: the exit code."""
    from deckcheck import cli

    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    monkeypatch.setattr(cli.check, "run_check", run_check)
    return cli.main(["check", str(deck), *options, "--no-config"])


def test_an_unexpected_error_is_one_line_and_exit_code_2(monkeypatch, capsys, tmp_path):
    assert _main_with(_crash, monkeypatch, tmp_path) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("deckcheck: internal error")]
    assert lines == [
        "deckcheck: internal error: ValueError: something nobody expected (at deckcheck/cli/check.py:"
        + lines[0].split("deckcheck/cli/check.py:")[1]
    ]
    assert "in check)" in lines[0] and "--debug" in lines[0] and "Traceback" not in err


def test_a_problem_deckcheck_reports_is_its_own_line_wherever_it_is_raised(monkeypatch, capsys, tmp_path):
    # Every DeckcheckError that no command turned into a usage error is still one line
    # of its own (not an "internal error"), exit code 2.
    from deckcheck.project.config import ConfigError

    def refuse(*args, **kwargs):
        raise ConfigError("unknown key 'fromat'", path="deckcheck.yaml", line=3)

    assert _main_with(refuse, monkeypatch, tmp_path) == 2
    assert capsys.readouterr().err == "deckcheck: error: deckcheck.yaml:3: unknown key 'fromat'\n"


def test_debug_shows_the_traceback_and_any_command_accepts_it(monkeypatch, capsys, tmp_path):
    assert _main_with(_crash, monkeypatch, tmp_path, "--debug") == 2
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "deckcheck: internal error: ValueError" in err


def test_a_full_disk_a_closed_stdout_and_a_broken_pipe_are_exit_code_2(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK)
    if Path("/dev/full").exists():
        result = run("check", str(deck), "--no-config", shell_tail=">/dev/full")
        assert_clean(result, 2)
        assert b"cannot write to standard output: No space left on device" in result.stderr
        assert b"Exception ignored" not in result.stderr
    result = run("check", str(deck), "--no-config", shell_tail=">&-")
    assert_clean(result, 2)
    assert b"cannot write to standard output" in result.stderr
    # A reader that is gone (| true): Typer's own handling said 1, an illegal deck.
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "check", str(deck), "--no-config"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 2
    # Issue 24: quietly, as other command-line tools end under "| head".
    assert b"Broken pipe" not in err and b"cannot write" not in err, err
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_a_closed_stdin_reads_as_an_empty_deck(tmp_path):
    result = run("check", "-", "--no-config", shell_tail="<&-")
    assert_clean(result)
    assert b"is empty" in result.stdout
    result = run("fmt", "-", "--no-config", shell_tail="<&-")
    assert_clean(result, 2)


# -- decks ---------------------------------------------------------------------------


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


def test_five_thousand_digit_numbers_are_findings_not_crashes(tmp_path):
    from deckcheck.carddb.index import number_key

    assert number_key("0" * 4000 + "12") == "12"
    assert number_key(LONG_NUMBER) == LONG_NUMBER
    (tmp_path / "deck.txt").write_text(
        f"4 Iono PAL {LONG_NUMBER}\n{LONG_NUMBER} Iono\n4 Iono HIF {LONG_NUMBER}\n"
        f"4 Iono PR-SV {LONG_NUMBER}\n4 Iono LOR-TG {LONG_NUMBER}\n"
    )
    (tmp_path / "deck.yaml").write_text(
        f"cards:\n  - {{count: {LONG_NUMBER}, name: Iono}}\n"
        f"  - {{count: 4, name: Iono, set: PAL, number: {LONG_NUMBER}}}\n"
    )
    (tmp_path / "deck.json").write_text(
        f'{{"cards": [{{"count": 4, "name": "Iono", "set": "PAL", "number": {LONG_NUMBER}}}]}}'
    )
    for name in ("deck.txt", "deck.yaml", "deck.json"):
        assert_clean(run("check", str(tmp_path / name), "--no-config"), 1)
    assert_clean(run("fmt", str(tmp_path / "deck.txt"), "--no-config"))


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


# -- configuration and packs ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1: x\nformat: standard\n",
        "null: 1\n",
        "true: 1\n",
        "1.5: x\n",
        "overrides:\n  - {1: x, paths: [a]}\n",
        "? !!binary aGk=\n: 1\n",
        "? [1, 2]\n: 3\n",
        "overrides: {1: 2}\n",
    ],
)
def test_non_string_keys_in_the_configuration_are_messages(tmp_path, text):
    (tmp_path / ".deckcheck.yaml").write_text(text)
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b".deckcheck.yaml" in result.stderr


def test_deeply_nested_configuration_files_are_messages(tmp_path):
    (tmp_path / "deck.txt").write_text(DECK)
    (tmp_path / "pyproject.toml").write_text("[tool.deckcheck]\nformat = " + "[" * 5000 + "]" * 5000 + "\n")
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"pyproject.toml: invalid TOML: arrays or tables nested too deeply" in result.stderr
    (tmp_path / "pyproject.toml").unlink()
    (tmp_path / ".deckcheck.yaml").write_text("format: " + "[" * 100_000 + "]" * 100_000 + "\n")
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)


def test_an_extends_chain_1200_deep_is_a_message(tmp_path):
    packs = tmp_path / "packs"
    packs.mkdir()
    for level in range(1200):
        parent = f"extends: p{level + 1}\n" if level < 1199 else ""
        (packs / f"p{level}.yaml").write_text(f"name: p{level}\ndescription: level {level}\n{parent}rules: []\n")
    (tmp_path / ".deckcheck.yaml").write_text("packs: [packs]\n")
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", "--format", "p0", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"'extends' goes more than 50 packs deep (p0 -> p1 -> ... -> p49 -> ...)" in result.stderr
    result = run("formats", "lint", str(packs / "p0.yaml"), cwd=tmp_path)
    assert_clean(result)
    assert result.returncode in (1, 2)


def test_a_pack_cache_entry_edited_behind_deckchecks_back_is_validated_again(tmp_path, monkeypatch):
    from deckcheck.packs import loading as packs
    from deckcheck.packs.loading import load_pack

    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    pack = tmp_path / "league.yaml"
    pack.write_text("name: league\nextends: unlimited\nrules:\n  - {id: deck-size, kind: deck-size, size: 40}\n")
    load_pack(str(pack))
    (entry,) = [p for p in cache.rglob("league-*.json")]
    record = json.loads(entry.read_text())
    record["data"]["rules"][0]["size"] = [1]  # still the shape the loader needs, not what the schema allows
    entry.write_text(json.dumps(record))
    packs._CACHE.clear()
    assert load_pack(str(pack)).rule("deck-size").options["size"] == 40
    (tmp_path / "deck.txt").write_text(DECK)
    record["data"]["rules"][0]["size"] = "forty"
    entry.write_text(json.dumps(record))
    assert_clean(run("check", "deck.txt", "--format", str(pack), "--no-config", cwd=tmp_path), 1)


# -- hangs and unbounded cost ------------------------------------------------------

BOMB = "".join(
    [
        f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
        for name, prev in zip("abcdefg", [None, *"abcdef"])
    ]
)


def test_yaml_alias_bombs_are_refused_before_anything_walks_them(tmp_path):
    (tmp_path / "deck.yaml").write_text(BOMB + "cards: [*g]\n")
    result = run("check", str(tmp_path / "deck.yaml"), "--no-config")
    assert_clean(result, 1)
    assert b"(an alias bomb)" in result.stdout and len(result.stdout) < 5000
    (tmp_path / "pack.yaml").write_text(BOMB + "name: bomb\nrules: *g\n")
    (tmp_path / "list.txt").write_text(DECK)
    result = run("check", str(tmp_path / "list.txt"), "--format", str(tmp_path / "pack.yaml"), "--no-config")
    assert_clean(result, 2)
    assert b"pack.yaml:6: invalid YAML: the aliases in this document expand to more than 100,000" in result.stderr
    (tmp_path / ".deckcheck.yaml").write_text(BOMB + "formt: *g\n")  # an unknown key names its value
    result = run("check", "list.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b".deckcheck.yaml:6: invalid YAML" in result.stderr and len(result.stderr) < 5000


def test_an_alias_inside_what_it_names_is_refused_and_modest_aliases_are_read():
    import yaml

    from deckcheck.datafiles import yaml_loader
    from deckcheck.parse.structured import parse_structured

    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader())
    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader(pure=True))
    parsed = parse_structured(
        "iono: &iono {count: 4, name: Iono, set: PAL, number: 185}\ncards: [*iono, {count: 2, name: Pikachu}]\n",
        "deck.yaml",
        "yaml",
    )
    assert [entry.name for entry in parsed.entries] == ["Iono", "Pikachu"]


def test_an_ampersand_in_a_name_is_no_anchor_but_a_bomb_beside_one_is_still_refused():
    import yaml

    from deckcheck.datafiles import _may_hold_anchor, yaml_loader

    # The shipped catalogue is full of "Pikachu & Zekrom-GX": it need not be walked.
    assert not _may_hold_anchor("name: Pikachu & Zekrom-GX\nother: Bellelba & Brycen-Man &\n")
    assert _may_hold_anchor("a: &a [1]\n")
    for pure in (False, True):
        with pytest.raises(yaml.YAMLError, match="alias bomb"):
            yaml.load("name: Pikachu & Zekrom-GX\n" + BOMB + "cards: [*g]\n", Loader=yaml_loader(pure=pure))


def test_line_lists_in_reports_are_capped(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Iono PAL 185\n" * 2000)  # as many lines as one list is read for (issue 23, B1)
    result = run("check", str(deck), "--no-config", "--format", "unlimited")
    assert_clean(result, 1)
    text = result.stdout.decode()
    # Was 590 MB for 4,000 lines: every row padded to a column of 4,000 line numbers.
    assert len(text) < 20_000
    assert "lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 1990 more" in text
    assert "(lines 1, 2, 3," in text and ", 60 and 1940 more)" in text
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "json")
    copy_limit = [f for f in json_report(result.stdout)["results"][0]["findings"] if f["rule"] == "copy-limit"]
    assert copy_limit[0]["lines"] == list(range(1, 2001))  # machine-read reports keep every line
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "junit")
    assert b"and 1940 more" in result.stdout and len(result.stdout) < 20_000


def test_eight_thousand_yaml_cards_are_read(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("cards:\n" + "".join("  - {count: 1, name: Iono, set: PAL, number: 185}\n" for _ in range(8000)))
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "json")
    assert_clean(result, 1)
    found = json_report(result.stdout)["results"][0]
    # Read as far as a deck goes (issue 23, B1: 2,000 entries), the rest counted in one finding.
    assert found["total_cards"] == 2000
    assert any("the last 6000 were not read" in f["message"] for f in found["findings"])


def test_suggestions_look_at_no_more_than_a_card_name_could_be():
    from deckcheck.suggest import MAX_NAME_LENGTH, closest_names

    names = {"iono": "Iono", "pikachu": "Pikachu"}
    assert closest_names("Ionoo", names) == ["Iono"]
    assert closest_names("abcdefgh " * 450_000, names) == []  # a 4 MB line: no name is close
    assert closest_names("x" * (MAX_NAME_LENGTH + 1), names) == []


def test_findings_share_their_advice_and_cut_long_deck_text():
    import datetime as dt

    from deckcheck.carddb.catalogue import load_catalogue
    from deckcheck.core.printable import MAX_SHOWN
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    text = "".join(f"1 Unknownmon {number}\n" for number in range(50)) + "1 " + "long name " * 1000 + "\n"
    result = check_deck(parse_text(text, "deck.txt"), load_pack("unlimited"), load_catalogue(), dt.date(2026, 11, 30))
    unknown = [f for f in result.findings if f.rule == "unknown-card"]
    assert len({id(f.hint_params["missing"]) for f in unknown}) == 1  # one shared Phrase, not one per finding
    longest = max(unknown, key=lambda f: len(f.params["name"]))
    assert len(longest.params["name"]) == MAX_SHOWN and longest.params["name"].endswith("…")
    assert len(longest.message) < MAX_SHOWN + 100


# -- silent misses --------------------------------------------------------------------


def _nested_too_deep(root: Path) -> None:
    """decks/ddd.../ddd.../deck.txt, a path longer than the system takes (PATH_MAX)."""
    (root / "decks").mkdir()
    (root / "decks" / "a.txt").write_text(DECK)
    fd = os.open(root / "decks", os.O_RDONLY)
    try:
        for _ in range(25):
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("deck.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w") as handle:
            handle.write(DECK)
    finally:
        os.close(fd)


@pytest.mark.skipif(not hasattr(os, "O_DIRECTORY"), reason="needs dir_fd to build a path longer than PATH_MAX")
def test_a_folder_that_cannot_be_read_is_reported_unreadable_with_exit_code_2(tmp_path):
    _nested_too_deep(tmp_path)
    result = run("check", "decks", "--no-config", "--format", "unlimited", "-o", "json", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"cannot read the folder: File name too long" in result.stderr
    report = json.loads(result.stdout)
    results = report["results"]
    # Issue 24: a folder that cannot be read is a problem with the path, apart from the decks.
    (unreadable,) = report["problems"]
    assert unreadable["rule"] == "unreadable" and "File name too long" in unreadable["message"]
    assert any(r["path"] == "decks/a.txt" for r in results)  # the readable decks are still checked
    result = run("fmt", "decks", "--no-config", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"cannot read the folder" in result.stderr


def test_a_folder_without_permission_is_unreadable(tmp_path, monkeypatch):
    from deckcheck.project.config import Config, settings
    from deckcheck.project.discover import select_decks

    (tmp_path / "decks" / "locked").mkdir(parents=True)
    (tmp_path / "decks" / "a.txt").write_text(DECK)
    locked = str(tmp_path / "decks" / "locked")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)  # root reads every folder: permissions cannot be taken away
    run_settings = settings(Config(root=tmp_path), cwd=tmp_path)
    selection = select_decks([str(tmp_path / "decks")], run_settings)
    assert selection.unreadable == ((locked, "Permission denied"),)
    assert selection.decks == (str(tmp_path / "decks" / "a.txt"),)


@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-le", "utf-32-be"])
def test_utf32_deck_files_are_refused_with_a_clear_message(tmp_path, encoding):
    from deckcheck.parse import read_deck

    deck = tmp_path / "deck.txt"
    deck.write_bytes("# name: My deck\n4 Iono PAL 185\n".encode(encoding))
    parsed = read_deck(str(deck))
    assert [f.rule for f in parsed.findings] == ["unreadable"]
    assert parsed.findings[0].message == f"The deck file {deck} is in UTF-32, an encoding deckcheck does not read."
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes("4 Iono PAL 185\n".encode("utf-16"))
    assert read_deck(str(utf16)).entries[0].name == "Iono"  # UTF-16 is still read


# -- the card database ------------------------------------------------------------------

SET = {"id": "s1", "name": "Set", "ptcgoCode": "SS", "series": "X", "releaseDate": "2020/01/01"}
CARD = {"id": "s1-1", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "1"}


def _dataset(root: Path, sets=None, cards=None) -> Path:
    (root / "sets").mkdir(parents=True)
    (root / "cards" / "en").mkdir(parents=True)
    (root / "sets" / "en.json").write_text(sets if isinstance(sets, str) else json.dumps(sets or [SET]))
    (root / "cards" / "en" / "s1.json").write_text(cards if isinstance(cards, str) else json.dumps(cards or [CARD]))
    return root


@pytest.mark.parametrize(
    "sets, cards, message",
    [
        (None, [{**CARD, "name": ["a", "b"]}], "card 1 is not valid: name must be text, not a list"),
        (None, [{**CARD, "supertype": 5}], "card 1 is not valid: supertype must be text, not a number"),
        (None, '[{"id": "s1-1", "name": "Pika\\ud800", "supertype": "Trainer", "number": "1"}]', "lone surrogate"),
        (None, "[" * 100_000 + "]" * 100_000, "nests lists or objects too deeply"),
        (
            None,
            '[{"id": "s1-1", "name": "P", "supertype": "Trainer", "number": ' + LONG_NUMBER + "}]",
            "Exceeds the limit (4300 digits)",
        ),
        ([{**SET, "ptcgoCode": ["A"]}], None, "set 's1' is not valid: set code must be text, not a list"),
    ],
)
def test_bad_card_records_are_refused_with_a_message_and_nothing_is_stored(tmp_path, sets, cards, message):
    source = _dataset(tmp_path / "data", sets, cards)
    db = tmp_path / "cards.sqlite3"
    result = run("db", "import", str(source), "--db", str(db))
    assert_clean(result, 2)
    assert message.encode() in result.stderr
    assert b"Error binding parameter" not in result.stderr
    assert not db.exists()


def test_names_with_lone_surrogates_are_refused(tmp_path):
    db = tmp_path / "cards.sqlite3"
    assert run("db", "import", str(_dataset(tmp_path / "data")), "--db", str(db)).returncode == 0
    folder = tmp_path / "names" / "v2" / "de"
    folder.mkdir(parents=True)
    (folder / "cards.json").write_text('[{"id": "s1-1", "localId": "1", "name": "Pika\\ud800", "set": {"id": "s1"}}]')
    (folder / "sets.json").write_text(
        json.dumps(
            [
                {
                    "id": "s1",
                    "name": "Set",
                    "abbreviation": {"official": "SS"},
                    "cardCount": {"official": 1},
                    "releaseDate": "2020-01-01",
                }
            ]
        )
    )
    before = db.read_bytes()
    result = run("db", "import-names", str(tmp_path / "names"), "--lang", "de", "--db", str(db))
    assert_clean(result, 2)
    assert b"lone surrogate" in result.stderr and db.read_bytes() == before


def test_db_never_replaces_a_symbolic_link_a_fifo_or_a_device(tmp_path):
    source = _dataset(tmp_path / "data")
    real = tmp_path / "real.sqlite3"
    assert run("db", "import", str(source), "--db", str(real)).returncode == 0
    link = tmp_path / "link.sqlite3"
    link.symlink_to(real)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # A device of the test's own when it may make one (root: a broken guard would otherwise replace
    # the machine's /dev/null for every process on it); else /dev/null, which a user cannot replace.
    device = Path("/dev/null")
    if os.geteuid() == 0:
        device = tmp_path / "null"
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    for target in (link, fifo, device):
        for command in (["db", "import", str(source)], ["db", "update", "--url", (tmp_path / "x.zip").as_uri()]):
            result = run(*command, "--db", str(target))
            assert_clean(result, 2)
            assert b"symbolic link" in result.stderr or b"not a regular file" in result.stderr, result.stderr
    assert link.is_symlink() and device.is_char_device()


def test_file_urls_must_be_regular_files_and_write_errors_say_so(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for url in ("file:///dev/zero", fifo.as_uri()):
        result = run("db", "update", "--url", url, "--db", str(tmp_path / "cards.sqlite3"))
        assert_clean(result, 2)
        assert b"not a regular file" in result.stderr


def test_a_fifo_as_config_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", "--config", str(fifo), cwd=tmp_path)
    assert_clean(result, 2)
    assert b"is not a regular file" in result.stderr


def test_zip_members_are_bounded_in_size(tmp_path, monkeypatch):
    import zipfile

    from deckcheck.carddb.errors import DatabaseError
    from deckcheck.carddb.sources import files
    from deckcheck.carddb.sources.files import ZipTree

    archive = tmp_path / "data.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("sets/en.json", json.dumps([SET]))
        out.writestr("cards/en/s1.json", "[" + " " * 2_000_000 + "]")  # compresses to a few KB
    monkeypatch.setattr(files, "MAX_MEMBER_BYTES", 1_000_000)
    with pytest.raises(DatabaseError, match="cards/en/s1.json' unpacks to 1 MB, more than"):
        ZipTree(archive, "sets/en.json", "a dataset")


def test_a_trickling_server_meets_an_overall_deadline(tmp_path, monkeypatch):
    import http.server
    import threading

    from deckcheck.carddb import http as carddb_http
    from deckcheck.carddb.errors import DatabaseError

    class Trickle(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            try:
                for _ in range(200):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    threading.Event().wait(0.05)
            except OSError:
                pass

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Trickle)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(carddb_http, "download_deadline", lambda timeout: 0.5)
    try:
        with pytest.raises(DatabaseError, match="did not end within 0.5 s"):
            carddb_http.download(
                f"http://127.0.0.1:{server.server_port}/data.zip",
                tmp_path / "x.zip",
                {},
                timeout=5.0,
                retries=2,
                progress=None,
            )
    finally:
        server.shutdown()
        server.server_close()


def test_a_damaged_database_is_found_when_opened_and_every_sqlite_error_is_a_message(tmp_path, monkeypatch):
    from deckcheck import cli

    db = tmp_path / "cards.sqlite3"
    assert run("db", "import", str(_dataset(tmp_path / "data")), "--db", str(db)).returncode == 0
    data = bytearray(db.read_bytes())
    page = 4096
    for offset in range(len(data) - page, len(data)):  # the last page: an index or table page
        data[offset] = 0x5A
    db.write_bytes(bytes(data))
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", "--db", str(db), "--no-config", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"card database" in result.stderr
    # A query that meets damage later (whatever sqlite3 raises) is one line too.
    import sqlite3

    def damaged(*args, **kwargs):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(cli.check, "run_check", damaged)
    assert cli.main(["check", str(tmp_path / "deck.txt"), "--no-config"]) == 2


def _ctrl_c(monkeypatch, capsys, module, function, *argv: str) -> str:
    """The last line ``deckcheck ARGV`` writes when ``module.function`` meets a Ctrl-C (exit code 2)."""
    from deckcheck import cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, function, interrupted)
    assert cli.main(list(argv)) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_ctrl_c_during_db_import_is_one_line_and_exit_code_2(tmp_path, monkeypatch, capsys):
    from deckcheck.carddb import build

    db = tmp_path / "cards.sqlite3"
    data = str(_dataset(tmp_path / "data"))
    # Issue 31: with no database before, none was installed (not "the installed database is unchanged").
    line = _ctrl_c(monkeypatch, capsys, build, "build_database", "db", "import", data, "--db", str(db))
    assert line == "deckcheck: error: interrupted; no card database was installed"
    assert not db.exists()
    monkeypatch.undo()
    assert run("db", "import", data, "--db", str(db)).returncode == 0
    before = db.read_bytes()
    line = _ctrl_c(monkeypatch, capsys, build, "build_database", "db", "import", data, "--db", str(db))
    assert line == "deckcheck: error: interrupted; the installed database is unchanged"
    assert db.read_bytes() == before


def test_ctrl_c_during_db_update_says_what_it_left(tmp_path, monkeypatch, capsys):
    import shutil

    from deckcheck.carddb import update

    db = tmp_path / "cards.sqlite3"
    archive = Path(shutil.make_archive(str(tmp_path / "dataset"), "zip", _dataset(tmp_path / "data")))
    argv = ("db", "update", "--source", "pokemontcg", "--url", archive.as_uri(), "--db", str(db))
    line = _ctrl_c(monkeypatch, capsys, update, "update_database", *argv)
    assert line == "deckcheck: error: interrupted; no card database was installed"
    monkeypatch.undo()
    assert run(*argv).returncode == 0
    line = _ctrl_c(monkeypatch, capsys, update, "update_database", *argv, "--force")
    assert line == "deckcheck: error: interrupted; the installed database is unchanged"
    monkeypatch.undo()
    # With --lang, a Ctrl-C while the names are imported comes after the cards were installed.
    from deckcheck.carddb import translations

    line = _ctrl_c(monkeypatch, capsys, translations, "import_names", *argv, "--force", "--lang", "de")
    assert line == "deckcheck: error: interrupted; the card names were not updated"


def test_hundred_thousand_character_lines_go_through_check_fmt_and_every_report(tmp_path):
    # The parser's own patterns are tested in tests/parse/test_live_exports.py; this is the whole
    # path: resolution, "did you mean", the rules, every report and fmt. The subprocess timeout
    # only guards against a hang; it is no speed test.
    n = 100_000
    lines = [
        "*" * n,
        "4 " + "(" * n,
        "4 Iono PAL " + "0" * n,
        "1 " + "abcdefgh " * (n // 9),
        "4 Iono" + " PH" * (n // 3),
        "Pokémon: " + "1" * n,
        "4 " + "Darkness Energy - " * (n // 18),
        "# name: " + "\x1b[2J" * (n // 4),
    ]
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(lines) + "\n4 Iono PAL 185\n")
    for output in ("text", "json", "github", "sarif", "junit"):
        result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", output)
        assert_clean(result, 1)
        assert len(result.stdout) < 200_000  # deck text in findings is cut
    result = run("fmt", str(deck), "--no-config", "--format", "unlimited")
    assert_clean(result, 1)
    assert "4 Iono PAL 185" in deck.read_text()


def test_a_reader_that_stops_early_ends_the_run_quietly(tmp_path):
    # Issue 24: "deckcheck check decks | head" printed "cannot write to standard output: Broken pipe".
    decks = tmp_path / "decks"
    decks.mkdir()
    for number in range(400):  # some 200 kB of report: more than a pipe holds
        (decks / f"deck{number:03}.txt").write_text(DECK)
    result = subprocess.run(
        f"{shlex.quote(sys.executable)} -m deckcheck check decks --no-config --jobs 1 | head -1",
        shell=True,
        capture_output=True,
        cwd=tmp_path,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    assert len(result.stdout.splitlines()) == 1
    assert b"Broken pipe" not in result.stderr and b"Traceback" not in result.stderr
    assert b"cannot write" not in result.stderr
