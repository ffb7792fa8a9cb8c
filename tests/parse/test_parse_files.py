"""Reading deck files (encodings, bad files, stdin); which files of a folder are decks is
tested through deckcheck.project.discover.select_decks in tests/project/test_discover.py."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import Severity
from deckcheck.parse import read_deck

TEXT_DECK = "Pokémon: 1\n1 Pikachu ex SSP 57\nTrainer: 4\n4 Iono PAL 185\n"


def write(path, data: bytes | str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return str(path)


def only_finding(deck):
    (finding,) = deck.findings
    assert deck.entries == ()
    return finding


# -- reading -------------------------------------------------------------------


def test_reads_a_text_deck(tmp_path):
    path = write(tmp_path / "deck.txt", TEXT_DECK)
    deck = read_deck(path)
    assert deck.path == path
    assert deck.findings == ()
    assert [(e.name, e.line) for e in deck.placed()] == [("Pikachu ex", 2), ("Iono", 4)]


@pytest.mark.parametrize("name", ["deck.txt", "deck", "deck.list", "deck.TXT"])
def test_other_extensions_are_text(tmp_path, name):
    deck = read_deck(write(tmp_path / name, TEXT_DECK))
    assert len(deck.entries) == 2 and deck.findings == ()


@pytest.mark.parametrize("name", ["deck.yaml", "deck.yml", "DECK.YAML"])
def test_yaml_and_yml_files_are_read_as_yaml_decks(tmp_path, name):
    text = "format: expanded\ncards:\n  - {count: 4, name: Iono, set: PAL, number: 185}\n"
    deck = read_deck(write(tmp_path / name, text))
    assert deck.findings == ()
    assert deck.declared_format == "expanded"
    assert [(e.name, e.line) for e in deck.placed()] == [("Iono", 3)]


def test_a_json_file_is_read_as_a_json_deck(tmp_path):
    deck = read_deck(write(tmp_path / "deck.json", '{"cards": [{"count": 4, "name": "Iono"}]}'))
    assert deck.findings == ()
    assert [e.name for e in deck.placed()] == ["Iono"]


def test_text_deck_named_json_is_a_syntax_error_not_a_crash(tmp_path):
    finding = only_finding(read_deck(write(tmp_path / "deck.json", TEXT_DECK)))
    assert (finding.rule, finding.severity) == ("syntax", Severity.ERROR)


def test_crlf_and_byte_order_mark(tmp_path):
    path = write(tmp_path / "deck.txt", b"\xef\xbb\xbf" + TEXT_DECK.replace("\n", "\r\n").encode("utf-8"))
    deck = read_deck(path)
    assert deck.findings == ()
    assert [(e.name, e.section, e.line, e.raw) for e in deck.placed()] == [
        ("Pikachu ex", "Pokémon", 2, "1 Pikachu ex SSP 57"),
        ("Iono", "Trainer", 4, "4 Iono PAL 185"),
    ]


def test_old_mac_line_ends(tmp_path):
    deck = read_deck(write(tmp_path / "deck.txt", TEXT_DECK.replace("\n", "\r")))
    assert [e.line for e in deck.placed()] == [2, 4]


def test_yaml_with_crlf_and_bom(tmp_path):
    data = b"\xef\xbb\xbfcards:\r\n  - count: 4\r\n    name: Iono\r\n"
    deck = read_deck(write(tmp_path / "deck.yaml", data))
    assert deck.findings == ()
    assert [(e.name, e.line) for e in deck.placed()] == [("Iono", 2)]


def test_utf16_from_windows_tools(tmp_path):
    deck = read_deck(write(tmp_path / "deck.txt", TEXT_DECK.encode("utf-16")))
    assert deck.findings == ()
    assert [e.name for e in deck.placed()] == ["Pikachu ex", "Iono"]


def test_tabs_act_as_spaces(tmp_path):
    deck = read_deck(write(tmp_path / "deck.txt", "4\tIono\tPAL\t185\n"))
    assert [(e.name, e.set_code, e.number) for e in deck.placed()] == [("Iono", "PAL", "185")]


# -- bad files -------------------------------------------------------------------


@pytest.mark.parametrize("data", [b"", b"\n\n  \n", b"\xef\xbb\xbf", b"\r\n"])
def test_an_empty_file_is_unreadable(tmp_path, data):
    path = write(tmp_path / "deck.txt", data)
    finding = only_finding(read_deck(path))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "empty" in finding.message and path in finding.message


def test_a_binary_file_is_unreadable_naming_the_nul_bytes(tmp_path):
    path = write(tmp_path / "deck.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    finding = only_finding(read_deck(path))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "NUL" in finding.message and path in finding.message


def test_invalid_utf8_names_byte_and_line(tmp_path):
    # A byte that is no character in UTF-8 nor in Windows-1252 (0x81) on line 3
    data = b"4 Iono PAL 185\r\n4 Nest Ball SVI 181\r\n1 Pok\x81mon Catcher SVI 187\n"
    path = write(tmp_path / "deck.txt", data)
    finding = only_finding(read_deck(path))
    assert (finding.rule, finding.severity, finding.lines) == ("unreadable", Severity.ERROR, (3,))
    assert finding.params["offset"] == data.index(b"\x81")
    assert "UTF-8" in finding.message and "line 3" in finding.message
    assert finding.hint


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300), limit=st.integers(1, 320), claimed=st.integers(-1, 310))
def test_a_file_read_with_a_size_is_the_file_read_without_one(data, limit, claimed):
    """The size a stat gave lets one read take a file whole; a size that is wrong (the file grew or
    shrank since the stat) still gives the file's bytes up to the limit, as a read without one."""
    from deckcheck.parse.shape import read_file_limited

    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder) / "deck.txt", data)
        assert read_file_limited(path, limit, claimed) == read_file_limited(path, limit) == data[:limit]


def test_a_deck_file_is_read_by_one_read(tmp_path, monkeypatch):
    from deckcheck.parse.files import read_deck_bytes

    path = write(tmp_path / "deck.txt", TEXT_DECK)
    reads = []
    real = os.read

    def counting(descriptor, size):
        reads.append(size)
        return real(descriptor, size)

    monkeypatch.setattr(os, "read", counting)
    assert read_deck_bytes(path) == TEXT_DECK.encode("utf-8")
    assert reads == [len(TEXT_DECK.encode("utf-8")) + 1]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo (POSIX)")
def test_a_walked_file_is_read_as_a_named_one(tmp_path):
    # A file a walk met is opened first and asked what it is from its descriptor; the same bytes, or
    # the same reason it is not read, as a path given by name (asked about before it is opened).
    from deckcheck.parse.files import read_deck_bytes

    deck = write(tmp_path / "deck.txt", TEXT_DECK)
    big = write(tmp_path / "big.txt", b"4 Iono PAL 185\n" * 100)
    os.mkfifo(tmp_path / "pipe.txt")  # (a FIFO put where a walk met a file: never waited on)
    (tmp_path / "folder.txt").mkdir()
    for path in (deck, big, str(tmp_path / "pipe.txt"), str(tmp_path / "folder.txt"), str(tmp_path / "gone.txt")):
        for limit in (5_000_000, 100):
            walked = read_deck_bytes(path, walked=True, max_bytes=limit)
            assert walked == read_deck_bytes(path, max_bytes=limit), path
    assert read_deck_bytes(deck, walked=True) == TEXT_DECK.encode("utf-8")
    assert read_deck_bytes(str(tmp_path / "pipe.txt"), walked=True).findings[0].rule == "unreadable"


def test_a_folder_check_asks_about_each_deck_file_from_its_descriptor(tmp_path, monkeypatch):
    # One system call less a file: a deck file met while walking is not stat'ed by its path.
    from deckcheck.session import Database, Session

    folder = tmp_path / "decks"
    folder.mkdir()
    paths = [write(folder / f"{n}.txt", TEXT_DECK) for n in range(3)]
    asked: list[str] = []
    real = os.stat

    def stat(path, *args, **kwargs):
        asked.append(os.fspath(path))
        return real(path, *args, **kwargs)

    session = Session(Database(None), format="unlimited", date="2026-12-01")  # (the built-in catalogue)
    monkeypatch.setattr(os, "stat", stat)
    walked = [checked.result for checked in session.check_paths(paths, jobs=1, judge=set(paths))]
    named = [checked.result for checked in session.check_paths(paths, jobs=1)]
    assert walked == named and walked[0].total_cards
    assert [path for path in asked if path in paths] == paths  # the named ones only


def test_too_large_file_is_not_read_whole(tmp_path):
    path = write(tmp_path / "deck.txt", "4 Iono PAL 185\n" * 100)
    finding = only_finding(read_deck(path, max_bytes=1000))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "1000" in finding.message


def test_file_of_exactly_max_bytes_is_read(tmp_path):
    line = "4 Iono PAL 185\n"
    deck = read_deck(write(tmp_path / "deck.txt", line * 10), max_bytes=len(line) * 10)
    assert len(deck.entries) == 10 and deck.findings == ()


def test_a_missing_file_is_unreadable_saying_it_does_not_exist():
    finding = only_finding(read_deck("no/such/deck.txt"))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "no/such/deck.txt" in finding.message and "does not exist" in finding.message


def test_a_folder_named_as_a_deck_is_unreadable(tmp_path):
    finding = only_finding(read_deck(str(tmp_path)))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "directory" in finding.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo (POSIX)")
def test_a_fifo_is_reported_without_being_opened(tmp_path, monkeypatch):
    import deckcheck.parse.files as files

    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)

    def must_not_open(*args, **kwargs):
        # Opening a FIFO for reading waits for a writer: the run would hang here.
        raise AssertionError("read_deck opened a FIFO")

    monkeypatch.setattr(files, "open", must_not_open, raising=False)
    finding = only_finding(read_deck(str(fifo)))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert str(fifo) in finding.message and "not a regular file" in finding.message
    assert finding.hint


@pytest.mark.skipif(not os.path.exists(os.devnull) or os.name != "posix", reason="needs a POSIX device file")
def test_a_device_is_not_read_as_an_empty_deck():
    finding = only_finding(read_deck(os.devnull))
    assert finding.rule == "unreadable" and "not a regular file" in finding.message


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user")
def test_a_file_without_read_permission_is_unreadable(tmp_path):
    path = write(tmp_path / "deck.txt", TEXT_DECK)
    os.chmod(path, 0)
    try:
        finding = only_finding(read_deck(path))
    finally:
        os.chmod(path, 0o600)
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert "permission denied" in finding.message


@pytest.mark.parametrize(
    "error, words",
    [
        (PermissionError(13, "Permission denied"), "permission denied"),
        (OSError(5, "Input/output error"), "Input/output error"),
    ],
)
def test_os_errors_become_findings(tmp_path, monkeypatch, error, words):
    import deckcheck.parse.shape as shape

    def refuse(*args, **kwargs):
        raise error

    path = write(tmp_path / "deck.txt", TEXT_DECK)
    monkeypatch.setattr(shape, "open_nonblocking", refuse)  # every deck file is opened through it
    finding = only_finding(read_deck(path))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR)
    assert words in finding.message and path in finding.message


# -- standard input ----------------------------------------------------------------


class CountingStream(io.RawIOBase):
    """A stream that hands out short reads and records how much was read."""

    def __init__(self, data: bytes, chunk: int = 7):
        self.data, self.chunk, self.taken = data, chunk, 0

    def readable(self):
        return True

    def read(self, size=-1):
        size = self.chunk if size < 0 else min(size, self.chunk)
        part = self.data[self.taken : self.taken + size]
        self.taken += len(part)
        return part


def test_standard_input_is_read_as_a_text_deck():
    deck = read_deck("-", stdin=io.BytesIO(TEXT_DECK.replace("\n", "\r\n").encode("utf-8")))
    assert deck.path == "-"
    assert deck.findings == ()
    assert [e.name for e in deck.placed()] == ["Pikachu ex", "Iono"]


def test_stdin_short_reads_are_joined():
    stream = CountingStream(TEXT_DECK.encode("utf-8"), chunk=3)
    deck = read_deck("-", stdin=stream)
    assert [e.name for e in deck.placed()] == ["Pikachu ex", "Iono"]


def test_stdin_reads_at_most_one_byte_past_the_limit():
    stream = CountingStream(b"4 Iono PAL 185\n" * 10_000, chunk=4096)
    finding = only_finding(read_deck("-", stdin=stream, max_bytes=100))
    assert finding.rule == "unreadable"
    assert stream.taken == 101
    assert "<stdin>" in finding.message


@pytest.mark.parametrize(
    "data", ['{"cards": [{"count": 4, "name": "Iono"}]}', "name: x\ncards:\n  - count: 4\n    name: Iono\n"]
)
def test_stdin_structured_decks_are_recognised(data):
    deck = read_deck("-", stdin=io.BytesIO(data.encode("utf-8")))
    assert deck.findings == ()
    assert [(e.count, e.name) for e in deck.placed()] == [(4, "Iono")]


def test_empty_standard_input_is_unreadable():
    finding = only_finding(read_deck("-", stdin=io.BytesIO(b"")))
    assert finding.rule == "unreadable" and "<stdin>" in finding.message


# -- lists saved as Windows-1252 ("ANSI" in Notepad and Excel) ---------


def test_a_windows_1252_list_is_read_with_a_note(tmp_path):
    text = "# “Flabébé” – Sonia’s deck\nPokémon: 2\n2 Flabébé SVI 55\nTrainer: 4\n4 Pokégear 3.0 SVI 186\n"
    path = write(tmp_path / "deck.txt", text.encode("cp1252"))
    deck = read_deck(path)
    assert [(e.count, e.name) for e in deck.placed()] == [(2, "Flabébé"), (4, "Pokégear 3.0")]
    (note,) = deck.findings
    assert (note.rule, note.severity) == ("encoding", Severity.INFO)
    assert "Windows-1252" in note.message and path in note.message and "UTF-8" in note.hint


@pytest.mark.parametrize(
    "data",
    [
        b"4 Iono PAL 185\n\x81\x8d\x8f\n",  # bytes Windows-1252 does not define
        b"4 Iono PAL 185\n\xe9\x01\x02\x03\n",  # control characters: no text
        b"4 Iono PAL 185\n\xa4\xa6\xac\xb1\xbe\n",  # symbols no list writes
    ],
)
def test_bytes_that_are_not_windows_1252_text_stay_unreadable(tmp_path, data):
    finding = only_finding(read_deck(write(tmp_path / "deck.txt", data)))
    assert (finding.rule, finding.severity) == ("unreadable", Severity.ERROR) and "UTF-8" in finding.message


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


# -- a file met while walking: judged and read from one read --------------------


@pytest.mark.parametrize(
    "data",
    [
        TEXT_DECK.encode("utf-8"),
        TEXT_DECK.replace("\n", "\r\n").encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT_DECK.encode("utf-8"),  # a byte-order mark
        TEXT_DECK.encode("utf-16"),
        TEXT_DECK.replace("Pokémon", "Pokemon").encode("utf-8") + "4 Pokégear 3.0\n".encode("cp1252"),
        b"",
        b"  \n\n",
        b"Shopping list\nmilk\nbread\n",
        b"4 Iono PAL 185\x00",
        b"# just a comment\n",
        ("4 Iono PAL 185\n" * 2500).encode("utf-8"),  # more lines than are read
    ],
)
def test_a_walked_file_is_judged_and_read_as_when_it_was_read_twice(data):
    from deckcheck.parse.files import parse_deck_bytes, read_found
    from deckcheck.parse.shape import deck_problem

    problem = deck_problem(data, "deck.txt")
    found = read_found(data, "deck.txt")
    assert found == (problem if problem is not None else parse_deck_bytes(data, "deck.txt"))


STRUCTURED = {
    "deck.json": [
        '{"name": "x", "cards": [{"count": 4, "name": "Iono", "set": "PAL", "number": "185"}]}',
        '{"cards": {"Iono": 4}}',  # a mapping, not a list
        '{"cards": [{"name": "Iono"}]}',  # no entry has a count
        '{"deck": []}',  # no cards key
        '["cards"]',  # not a mapping
        '{"cards": [{"count": 4, "name": "Iono"}], "cards": []}',  # a key given twice
        '{"cards": [',  # broken: reading it says where
        '{"cards": ' + "[" * 5000 + "]" * 5000 + "}",  # too deep for the parser
        '{"cards": [{"count": 1e999999, "name": "Iono"}]}',
    ],
    "deck.yaml": [
        "name: x\ncards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n",
        "cards:\n  Iono: 4\n",
        "cards: [{name: Iono}]\n",
        "deck: []\n",
        "cards: [\n",  # broken
        "cards:\n  - {count: 4, name: Basic {P} Energy}\n",  # braces in a flow mapping
        "cards:\n  - count: !!int zz\n    name: Iono\n",
        "on: push\ncards: []\n",
    ],
}


@pytest.mark.parametrize("path, text", [(path, text) for path, texts in STRUCTURED.items() for text in texts])
def test_a_walked_yaml_or_json_file_is_judged_from_the_parse_that_reads_it(path, text):
    from deckcheck.parse.files import parse_deck_bytes, read_found
    from deckcheck.parse.shape import deck_problem

    data = text.encode("utf-8")
    problem = deck_problem(data, path)
    assert read_found(data, path) == (problem if problem is not None else parse_deck_bytes(data, path))


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(
            [
                " ",
                "\t",
                "\n",
                "\r\n",
                "\x0b",
                "\x1c",
                "\x85",
                "\u00a0",
                "\u2003",
                "\u3000",
                "\ufeff",
                "#",
                "4 Iono PAL 185",
                "Pokémon: 4",
                "Total Cards: 4",
                "milk",
                "x",
            ]
        ),
        max_size=12,
    ),
    path=st.sampled_from(["deck.txt", "deck.TXT", "d.json.txt", "deck", ".txt", "notes.md"]),
)
def test_a_walked_text_is_judged_as_when_it_was_read_twice(pieces, path):
    """A walked file's text (blank in every way Unicode knows, or not) judged and read from one read
    is what judging it and reading it again gives."""
    from deckcheck.parse.files import parse_deck_bytes, read_found
    from deckcheck.parse.shape import deck_problem

    data = "".join(pieces).encode("utf-8")
    problem = deck_problem(data, path)
    assert read_found(data, path) == (problem if problem is not None else parse_deck_bytes(data, path))


@given(
    path=st.text(alphabet="aJ./\\-_ ", max_size=8).map(lambda head: head)
    | st.builds(
        lambda head, suffix: head + suffix,
        st.text(alphabet="ab./", max_size=5),
        st.sampled_from([".json", ".JSON", ".yaml", ".Yml", ".yml", ".txt", ".jsonl", "json", ".YAML.bak"]),
    )
)
def test_a_files_kind_is_its_suffix(path):
    """The kind of a named file is its suffix as os.path.splitext reads it (a name that is only a
    suffix, ".json", has none)."""
    from deckcheck.parse.shape import deck_kind

    suffix = os.path.splitext(path)[1].lower()
    expected = "yaml" if suffix in (".yaml", ".yml") else "json" if suffix == ".json" else "text"
    assert deck_kind(path, "{") == expected or path == "-"
