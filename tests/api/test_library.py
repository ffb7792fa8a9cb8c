"""The library API (``import deckcheck``): the same verdicts as the command line,
objects opened once and reused, usable from threads and worker processes."""

from __future__ import annotations

import datetime as dt
import os
import pickle
import subprocess
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, assert_valid_report, json_report, run_deckcheck

import deckcheck

DATE = "2026-11-30"
COPY_LIMIT = SAMPLE_DECKS / "illegal" / "copy-limit.txt"
LEGAL = SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt"


def cli_json(*args: str) -> dict:
    result = run_deckcheck("check", *args, "-o", "json")
    assert result.returncode in (0, 1, 2), result.stderr.decode()
    return json_report(result.stdout)


def sample_paths() -> list[str]:
    return sorted(str(p.relative_to(PROJECT_ROOT)) for p in SAMPLE_DECKS.rglob("*") if p.is_file())


def test_every_sample_deck_gets_the_command_lines_json(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    expected = cli_json("sample_decks", "--date", DATE, "--format", "unlimited")
    fmt = deckcheck.load_format("unlimited")
    results = [deckcheck.check_file(path, format=fmt, date=DATE) for path in sample_paths()]
    assert deckcheck.report_json(results) == expected
    assert [r.to_json() for r in results] == expected["results"]
    assert [r.legal for r in results] == [r["legal"] for r in expected["results"]]


def test_a_deck_checks_against_its_own_format_like_the_command_line(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    path = str(COPY_LIMIT.relative_to(PROJECT_ROOT))  # says "# format: unlimited"
    (expected,) = cli_json(path, "--date", DATE, "--no-config")["results"]
    result = deckcheck.check_file(path, date=dt.date(2026, 11, 30))
    assert result.to_json() == expected and result.format == "unlimited"


def test_a_result_carries_its_verdict_counts_and_findings():
    result = deckcheck.check_file(COPY_LIMIT, date=DATE)
    assert result.legal is False and result.total_cards == 60
    assert result.counts == {"pokemon": 19, "trainer": 33, "energy": 8, "unidentified": 0}
    (finding,) = result.findings
    assert isinstance(finding, deckcheck.Finding)
    assert (finding.rule, finding.severity) == ("copy-limit", deckcheck.Severity.ERROR)
    assert result.errors == result.findings and result.warnings == ()
    assert "Iono" in finding.message and finding.lines and finding.hint
    assert result.date == DATE and result.path == str(COPY_LIMIT)
    assert deckcheck.check_file(LEGAL, format="unlimited", date=DATE).legal is True


def test_check_text_reads_lists_yaml_and_json_from_text():
    text = LEGAL.read_text(encoding="utf-8")
    as_text = deckcheck.check_text(text, format="unlimited", date=DATE)
    assert as_text.legal and as_text.path == "<text>" and as_text.total_cards == 60
    assert (
        as_text.to_json()["findings"]
        == deckcheck.check_file(LEGAL, format="unlimited", date=DATE).to_json()["findings"]
    )
    for sample in ("gardevoir-ex.yaml", "rain-dance-base-set.json"):
        path = SAMPLE_DECKS / "legal" / sample
        from_text = deckcheck.check_text(path.read_text(encoding="utf-8"), format="unlimited", date=DATE)
        from_file = deckcheck.check_file(path, format="unlimited", date=DATE)
        assert from_text.total_cards == from_file.total_cards > 0 and from_text.legal and from_file.legal
    named = deckcheck.check_text(text.replace("\n", "\r\n"), format="unlimited", date=DATE, path="decks/mine.txt")
    assert named.path == "decks/mine.txt" and named.legal


def test_a_bad_list_is_findings_and_bad_arguments_are_exceptions(tmp_path):
    empty = deckcheck.check_text("  \n", format="unlimited", date=DATE)
    assert [f.rule for f in empty.findings] == ["unreadable"] and not empty.legal
    missing = deckcheck.check_file(tmp_path / "nope.txt", date=DATE)
    assert [f.rule for f in missing.findings] == ["unreadable"]
    with pytest.raises(deckcheck.FormatError, match="unknown format 'standrd'"):
        deckcheck.check_text("4 Iono PAL 185\n", format="standrd")
    with pytest.raises(ValueError, match="2026-13-01"):
        deckcheck.check_text("4 Iono PAL 185\n", date="2026-13-01")
    with pytest.raises(ValueError, match="^the message language must be one of"):
        deckcheck.check_text("4 Iono PAL 185\n", lang="xx")
    with pytest.raises(deckcheck.DatabaseError, match="no card database at"):
        deckcheck.open_database(tmp_path / "missing.sqlite3")


def test_a_deck_naming_an_unknown_format_is_a_format_error_carrying_its_result():
    """The command line's refusal (exit 2, the result still reported) is the library's FormatError."""
    with pytest.raises(deckcheck.FormatError, match="unknown format 'standrd'") as raised:
        deckcheck.check_text("# format: standrd\n4 Iono PAL 185\n", date=DATE)
    result = raised.value.result
    (finding,) = [f for f in result.findings if f.rule == "unknown-format"]
    assert result.format == "standrd" and not result.legal and "Did you mean standard" in finding.hint
    with pytest.raises(deckcheck.FormatError, match="not a format name") as raised:
        deckcheck.check_text("# format: ../../etc/pack\n4 Iono PAL 185\n", date=DATE)
    sneaky = raised.value.result
    assert [f.rule for f in sneaky.findings] == ["unknown-format"]
    assert_valid_report(deckcheck.report_json([result, sneaky]))


def test_a_day_before_the_format_began_is_a_format_error_not_not_legal_findings():
    with pytest.raises(deckcheck.FormatError, match="there was no expanded on 2012-05-01") as raised:
        deckcheck.check_text(LEGAL.read_text(encoding="utf-8"), format="expanded", date="2012-05-01")
    assert [f.rule for f in raised.value.result.findings] == ["unknown-format"]  # not 31 not-legal findings


def test_findings_speak_the_results_language_and_bad_arguments_say_so():
    """A German bot gets German messages; bytes are a deck file's bytes; types are checked."""
    german = deckcheck.check_file(COPY_LIMIT, date=DATE, lang="de")
    (finding,) = german.findings
    assert finding.message == german.to_json()["findings"][0]["message"] and "Karten" in finding.message
    assert finding.hint == german.to_json()["findings"][0]["hint"]
    as_bytes = deckcheck.check_text(LEGAL.read_bytes(), format="unlimited", date=DATE)
    assert (
        as_bytes.legal
        and as_bytes.to_json()
        == deckcheck.check_text(LEGAL.read_text(encoding="utf-8"), format="unlimited", date=DATE).to_json()
    )
    latin1 = deckcheck.check_text("4 Pokémon Catcher SVI 187\n".encode("latin-1"), format="unlimited", date=DATE)
    # as a file in that encoding is: Windows-1252 text is read, with a note
    assert [f.rule for f in latin1.findings][0] == "encoding" and "unreadable" not in {f.rule for f in latin1.findings}
    assert (
        deckcheck.check_text(b"4 Iono PAL 185\n\x81\x8d\n", format="unlimited", date=DATE).findings[0].rule
        == "unreadable"
    )
    with pytest.raises(TypeError, match="format must be"):
        deckcheck.check_text("4 Iono PAL 185\n", format=2026)
    with pytest.raises(TypeError, match="text must be"):
        deckcheck.check_text(["4 Iono PAL 185"])
    with pytest.raises(ValueError) as raised:
        deckcheck.check_text("4 Iono PAL 185\n", card_lang="ja")
    assert "--" not in str(raised.value)


def test_messages_in_another_language():
    german = deckcheck.check_file(COPY_LIMIT, date=DATE, lang="de")
    english = deckcheck.check_file(COPY_LIMIT, date=DATE)
    assert german.lang == "de" and german.legal == english.legal
    assert german.to_json()["findings"][0]["message"] != english.to_json()["findings"][0]["message"]
    assert german.findings[0].message != english.findings[0].message  # the Finding speaks German too


def test_without_a_database_the_catalogue_is_used_and_said(tmp_path, monkeypatch):
    db = deckcheck.open_database()
    assert db.catalogue_only and "deckcheck db update" in db.notice
    monkeypatch.setenv("DECKCHECK_DB", str(tmp_path / "absent.sqlite3"))
    with pytest.raises(deckcheck.DatabaseError):  # a configured database must exist
        deckcheck.open_database()


def test_formats_are_listed_and_loaded_by_name_or_path():
    names = deckcheck.available_formats()
    assert {"standard", "expanded", "unlimited"} <= set(names)
    expanded = deckcheck.load_format("expanded")
    assert expanded.name == "expanded" and expanded.path.endswith("expanded.yaml") and expanded.rule_ids
    by_path = deckcheck.load_format(Path(expanded.path))
    assert by_path.name == "expanded"
    with pytest.raises(deckcheck.FormatError):
        deckcheck.load_format("no-such-format")


def test_what_is_opened_once_is_reused():
    from deckcheck.session import Session, database_at

    db = deckcheck.open_database()
    session = Session(db, format="standard")
    day = dt.date(2026, 11, 30)
    pack = session.pack("standard")
    assert session.resolve_options(pack, day) is Session(db).resolve_options(pack, day)  # kept per database
    assert session.pack("standard") is pack  # the pack file is parsed once
    # Without db (or with a path) one database per path serves the whole process.
    assert database_at(None) is database_at(None)


def test_the_public_surface_is_small_and_documented():
    """``help(deckcheck.Finding)`` and ``help(deckcheck.Database)`` show no internals."""

    def public(value):
        return sorted(name for name in dir(value) if not name.startswith("_"))

    result = deckcheck.check_file(COPY_LIMIT, date=DATE)
    assert public(result.findings[0]) == ["cards", "hint", "lines", "message", "rule", "severity"]
    assert public(deckcheck.open_database()) == ["catalogue_only", "close", "notice", "path"]
    assert public(result) == [
        "counts",
        "date",
        "errors",
        "findings",
        "format",
        "lang",
        "legal",
        "name",
        "path",
        "to_json",
        "total_cards",
        "verdict",
        "warnings",
    ]
    assert public(deckcheck.load_format("standard")) == ["description", "name", "path", "rule_ids"]
    from deckcheck import api

    assert api.__all__ == deckcheck.__all__
    for name in deckcheck.__all__:
        assert getattr(deckcheck, name).__doc__, name


# -- worker processes and threads ------------------------------------------------------------


def _check_in_worker(args):
    path, fmt, db = args
    return deckcheck.check_file(path, format=fmt, date=DATE, db=db)


@pytest.fixture(scope="module")
def database_file(reference_index):
    return reference_index.path


def test_objects_pickle_by_reference(database_file):
    db = deckcheck.open_database(database_file)
    fmt = deckcheck.load_format("expanded")
    again = pickle.loads(pickle.dumps(db))
    assert again.path == db.path and not again.catalogue_only
    assert pickle.loads(pickle.dumps(again)) is again  # one per path and process
    assert pickle.loads(pickle.dumps(fmt))._pack == fmt._pack
    catalogue = pickle.loads(pickle.dumps(deckcheck.Database(None)))
    assert catalogue.catalogue_only
    result = deckcheck.check_file(COPY_LIMIT, format=fmt, db=db, date=DATE)
    assert pickle.loads(pickle.dumps(result)) == result


def test_worker_processes_get_the_same_results(database_file):
    """Database and Format travel to spawned workers (which import deckcheck afresh)."""
    db = deckcheck.open_database(database_file)
    fmt = deckcheck.load_format("expanded")
    paths = [str(p) for p in sorted(SAMPLE_DECKS.rglob("*.txt"))]
    here = [deckcheck.check_file(p, format=fmt, db=db, date=DATE) for p in paths]
    env_path = os.pathsep.join([str(PROJECT_ROOT / "tests"), os.environ.get("PYTHONPATH", "")])
    os.environ["PYTHONPATH"] = env_path  # spawned workers import this module by name
    try:
        with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
            there = list(pool.map(_check_in_worker, [(p, fmt, db) for p in paths]))
    finally:
        os.environ["PYTHONPATH"] = env_path.split(os.pathsep, 1)[1]
    assert [r.to_json() for r in there] == [r.to_json() for r in here]


def test_threads_share_one_database(database_file):
    db = deckcheck.open_database(database_file)
    fmt = deckcheck.load_format("expanded")
    paths = [str(p) for p in sorted(SAMPLE_DECKS.rglob("*.txt"))]
    expected = [deckcheck.check_file(p, format=fmt, db=db, date=DATE).to_json() for p in paths]
    found: dict[int, list] = {}
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            found[n] = [deckcheck.check_file(p, format=fmt, db=db, date=DATE).to_json() for p in paths]
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and all(found[n] == expected for n in range(4))


# -- what importing costs --------------------------------------------------------------------


def test_the_api_imports_neither_typer_nor_rich():
    probe = (
        "import sys, deckcheck\n"
        "assert 'deckcheck.api' not in sys.modules  # imported on first use\n"
        "result = deckcheck.check_text('4 Iono PAL 185\\n', format='unlimited', date='2026-11-30')\n"
        "result.to_json(); deckcheck.report_json([result])\n"
        "print(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=PROJECT_ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_package_is_typed():
    assert (PROJECT_ROOT / "deckcheck" / "py.typed").is_file()
    assert set(deckcheck.__all__) <= set(dir(deckcheck))
    for name in deckcheck.__all__:
        assert getattr(deckcheck, name) is getattr(deckcheck.api, name)


def test_find_decks_walks_a_folder_as_check_folder_does(tmp_path, monkeypatch):
    """README.txt, package.json, hidden folders and ignored files are no decks."""
    decks = tmp_path / "decks"
    (decks / ".hidden").mkdir(parents=True)
    (decks / "old").mkdir()
    for folder in (decks, decks / ".hidden", decks / "old"):
        (folder / "legal.txt").write_bytes(LEGAL.read_bytes())
    (decks / "copy.txt").write_bytes(COPY_LIMIT.read_bytes())
    (decks / "README.txt").write_text("These are our league decks.\n", encoding="utf-8")
    (decks / "package.json").write_text('{"name": "decks", "version": "1.0.0"}\n', encoding="utf-8")
    (tmp_path / ".gitignore").write_text("old/\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    found = deckcheck.find_decks("decks")
    assert found == [os.path.join("decks", "copy.txt"), os.path.join("decks", "legal.txt")]
    expected = run_deckcheck(
        "check", "decks", "--no-config", "-o", "json", "-f", "unlimited", "--date", DATE, cwd=tmp_path
    )
    assert [r["path"] for r in json_report(expected.stdout)["results"]] == found
    assert deckcheck.find_decks("decks/README.txt", "nowhere") == ["decks/README.txt"]  # named: kept, as check keeps it


def test_a_datetime_is_checked_on_its_day():
    """A caller's datetime is its day (it failed deep inside with a TypeError on a subtraction)."""
    noon = deckcheck.check_text(
        LEGAL.read_text(encoding="utf-8"), format="unlimited", date=dt.datetime(2026, 11, 30, 12)
    )
    assert (
        noon.date == "2026-11-30"
        and noon.to_json()
        == deckcheck.check_text(
            LEGAL.read_text(encoding="utf-8"), format="unlimited", date=dt.date(2026, 11, 30)
        ).to_json()
    )


def test_report_json_of_something_else_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="^results must be DeckResults"):
        deckcheck.report_json([1])  # type: ignore[list-item]


def test_one_reading_rule_a_file_name_s_extension_decides(tmp_path, monkeypatch):
    """The JSON sample deck saved as .txt gets the same answer from the library and the
    command line (a text list, not legal); without a file name the content decides."""
    monkeypatch.chdir(tmp_path)
    text = (SAMPLE_DECKS / "legal" / "rain-dance-base-set.json").read_text(encoding="utf-8")
    saved = tmp_path / "rain-dance.txt"
    saved.write_text(text, encoding="utf-8")
    (cli,) = cli_json(str(saved), "--format", "unlimited", "--date", DATE, "--no-config")["results"]
    library = deckcheck.check_file(saved, format="unlimited", date=DATE)
    named = deckcheck.check_text(text, format="unlimited", date=DATE, path=str(saved))
    assert library.to_json() == named.to_json() == cli
    assert not named.legal and named.findings[0].rule == "syntax"
    assert deckcheck.check_text(text, format="unlimited", date=DATE).legal  # no name: the content decides
