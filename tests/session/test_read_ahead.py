"""A run of one process reads and parses the deck files a few dozen at a time, then checks them,
then gives their results (``Session.check_paths``, docs/speed.md step 36): every path still gets
the result it gets alone, in the order given -- walked files that are no deck, standard input and
folders that could not be listed among them --, a read or a check that fails does so in its turn,
after the results before it, and what is read ahead stays bounded in files and in bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from support import SAMPLE_DECKS

import deckcheck.session as session_module
from deckcheck.session import Checked, Session, Skipped, open_database

DAY = "2026-11-30"


def _sample_lists() -> list[Path]:
    return sorted(SAMPLE_DECKS.rglob("*.txt"))


@pytest.fixture
def folder(tmp_path) -> dict[str, str]:
    """Deck files of every kind a walk meets: lists, a YAML deck, a file that is no deck, one
    that cannot be read as text, and one larger than the read-ahead's bytes."""
    paths: dict[str, str] = {}
    for number, sample in enumerate(_sample_lists()[:12]):
        target = tmp_path / f"{number:02d}-{sample.name}"
        target.write_bytes(sample.read_bytes())
        paths[target.name] = str(target)
    yaml_deck = tmp_path / "yaml-deck.yaml"
    yaml_deck.write_text("cards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", encoding="utf-8")
    notes = tmp_path / "notes.txt"
    notes.write_text("Shopping list\nmilk\nbread\n", encoding="utf-8")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01\x02 not a deck \xff" * 10)
    large = tmp_path / "large.txt"
    legal = _sample_lists()[0].read_text(encoding="utf-8")
    large.write_text(legal + "# " + "x" * 300_000 + "\n", encoding="utf-8")
    for path in (yaml_deck, notes, binary, large):
        paths[path.name] = str(path)
    return paths


def _alone(session: Session, path: str, judged: set[str], stdin: bytes, unreadable: dict[str, str]):
    """``path`` checked on its own: a run of one path."""
    (found,) = session.check_paths([path], jobs=1, stdin=io.BytesIO(stdin), unreadable=unreadable, judge=judged)
    return found


def _comparable(found: Checked | Skipped):
    return (found.path, found.reason) if isinstance(found, Skipped) else (found.result, found.problem)


def test_every_path_gets_its_own_result_in_order(reference_db, folder):
    stdin = _sample_lists()[1].read_bytes()
    files = list(folder.values())
    unreadable = {str(Path(files[0]).parent / "locked"): "Permission denied"}
    # Standard input and a folder that could not be listed stand among the files, and end batches.
    paths = [*files[:5], "-", *files[5:9], *unreadable, *files[9:]]
    judged = set(files[2:])  # met while walking; the first two named on the command line
    session = Session(open_database(reference_db), format="standard", date=DAY)
    together = list(session.check_paths(paths, jobs=1, stdin=io.BytesIO(stdin), unreadable=unreadable, judge=judged))
    alone_session = Session(open_database(reference_db), format="standard", date=DAY)
    alone = [_alone(alone_session, path, judged, stdin, unreadable) for path in paths]
    assert [_comparable(found) for found in together] == [_comparable(found) for found in alone]
    assert {type(found) for found in together} == {Checked, Skipped}  # the walked note and binary file


def test_what_is_read_ahead_stays_bounded(reference_db, folder, monkeypatch):
    monkeypatch.setattr(session_module, "READ_AHEAD", 4)
    session = Session(open_database(reference_db), format="standard", date=DAY)
    events: list[tuple[str, str]] = []
    read = session._read  # noqa: SLF001 - each file read, in order

    def reading(path, **how):
        events.append(("read", path))
        return read(path, **how)

    monkeypatch.setattr(session, "_read", reading)
    small = [path for name, path in sorted(folder.items()) if name != "large.txt"]
    paths = [*small[:2], folder["large.txt"], *small[2:]]
    for path, _found in zip(paths, session.check_paths(paths, jobs=1, judge=set(paths)), strict=True):
        events.append(("result", path))
    ahead = most = 0
    for kind, _path in events:
        ahead += 1 if kind == "read" else -1
        most = max(most, ahead)
    assert most == 4  # four files read before their results (READ_AHEAD), never more
    # The batch that reads the large file (more than READ_AHEAD_BYTES) reads none after it: the
    # next file is read once the large one's result is out.
    assert events.index(("read", paths[3])) > events.index(("result", paths[2]))
    assert events.index(("read", paths[2])) < events.index(("result", paths[0]))  # it is read ahead


@pytest.mark.parametrize(
    ("stage", "failing_at", "error"),
    [("_read", 2, MemoryError), ("check", 3, RuntimeError)],
    ids=["a read", "a check"],
)
def test_a_read_or_a_check_that_fails_fails_in_its_turn(reference_db, folder, monkeypatch, stage, failing_at, error):
    session = Session(open_database(reference_db), format="standard", date=DAY)
    paths = sorted(path for name, path in folder.items() if name[:2].isdigit())[:6]
    done = getattr(session, stage)

    def failing(read, **how):  # a path (_read) or a parsed deck (check)
        if getattr(read, "path", read) == paths[failing_at]:
            raise error("it fails")
        return done(read, **how)

    monkeypatch.setattr(session, stage, failing)
    given = []
    with pytest.raises(error, match="it fails"):
        for found in session.check_paths(paths, jobs=1):
            given.append(found.result.path)
    assert given == paths[:failing_at]  # the ones before it in the same batch are given first
