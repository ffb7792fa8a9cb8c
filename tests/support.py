"""Paths and helpers shared by the tests (import as ``from support import ...``)."""

from __future__ import annotations

import os
import re
import socketserver
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DATA = PROJECT_ROOT.parent / "shared" / "carddata"
POKEMON_TCG_DATA = REFERENCE_DATA / "pokemon-tcg-data"
SAMPLE_DECKS = PROJECT_ROOT / "sample_decks"


@cache
def every_character() -> str:
    """Every code point, the surrogates too, in order (for a test that a set of characters is
    what a pattern or a str method says it is)."""
    return "".join(map(chr, range(sys.maxunicode + 1)))


def cases_of(letters: str) -> set[str]:
    """The characters `re` takes for any of ``letters`` when it ignores case."""
    return set(re.findall(f"(?i)[{letters}]", every_character()))


def mixed_tree(base: Path) -> Path:
    """A folder of decks, files that are no decks and a packs folder, their names interleaved
    (the walk meets them in this order)."""
    files = {
        ".deckcheck.yaml": "packs: [b-packs]\n",
        "a-deck.txt": (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8"),
        "b-packs/club.yaml": "name: club\nextends: standard\n",
        "c-notes.txt": "Shopping list\nmilk\nbread\n",
        "d-deck.txt": (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_text(encoding="utf-8"),
        "e-empty.json": "{}",
    }
    for name, text in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(text, encoding="utf-8")
    return base


def require_reference_data() -> Path:
    """The pokemontcg.io snapshot in ../shared, or skip saying why."""
    if not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip(f"reference data not found at {POKEMON_TCG_DATA} (../shared/carddata is needed for this test)")
    return POKEMON_TCG_DATA


TCGDEX_API = REFERENCE_DATA / "tcgdex-api"


def require_japanese_data() -> Path:
    """The TCGdex export with Japan's cards (v2/ja) in ../shared, or skip saying why."""
    if not (TCGDEX_API / "v2" / "ja" / "sets.json").is_file():
        pytest.skip(f"Japanese card data not found at {TCGDEX_API / 'v2' / 'ja'} (needed for this test)")
    return TCGDEX_API


def shared_database(tmp_path_factory, name: str, build) -> Path:
    """The card database ``name``, built by ``build(path)`` once per test run and shared by the
    run's worker processes (pytest-xdist starts one per core; each built its own copy of every
    database it used, 5 to 10 CPU seconds each): the first worker to ask builds it under a file
    lock, the others wait and open the same file. Tests only read it; a test that changes a
    database copies it first. Without xdist it is built once in the run's own folder."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, which holds each worker's own (popen-gw0, ...)
    folder = base / "shared-databases"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.sqlite3"
    try:
        import fcntl
    except ImportError:  # no flock: each worker builds its own
        path = tmp_path_factory.mktemp(name) / "cards.sqlite3"
        build(path)
        return path
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():  # build_database installs the file whole (a rename) or not at all
            build(path)
    return path


def reference_database(tmp_path_factory) -> Path:
    """The pokemontcg.io reference snapshot imported, once per run (skips when absent)."""
    from deckcheck.carddb.build import build_database

    data = require_reference_data()
    return shared_database(
        tmp_path_factory, "reference", lambda path: build_database(data, path, source_label="reference snapshot")
    )


def require_tcgdex_export() -> Path:
    """The TCGdex export in ../shared (laid out like the API), or skip saying why."""
    if not (TCGDEX_API / "v2" / "en" / "sets" / "me05.json").is_file():
        pytest.skip(f"the TCGdex export not found at {TCGDEX_API} (../shared/carddata is needed for this test)")
    return TCGDEX_API


def reference_and_tcgdex_database(tmp_path_factory) -> Path:
    """The reference snapshot filled in from the TCGdex export, as ``db import`` of both builds it,
    once per run (skips when absent)."""
    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.sources.merge import open_sources

    data, tcgdex = require_reference_data(), require_tcgdex_export()
    return shared_database(
        tmp_path_factory,
        "reference-and-tcgdex",
        lambda path: build_database(open_sources([data, tcgdex]), path, source_label="both snapshots"),
    )


def tcgdex_database(tmp_path_factory) -> Path:
    """The TCGdex export alone imported, once per run (skips when absent)."""
    from deckcheck.carddb.build import build_database

    tcgdex = require_tcgdex_export()
    return shared_database(
        tmp_path_factory, "tcgdex", lambda path: build_database(tcgdex, path, source_label="tcgdex snapshot")
    )


def japan_database(tmp_path_factory) -> Path:
    """The reference snapshot and Japan's cards (TCGdex /v2/ja), as ``db import --japanese``
    builds it, once per run (skips when absent)."""
    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.sources.merge import Regions, open_source
    from deckcheck.carddb.sources.tcgdex_ja import open_japanese

    data, japanese = require_reference_data(), require_japanese_data()
    return shared_database(
        tmp_path_factory,
        "japan",
        lambda path: build_database(Regions(open_source(data), [open_japanese(japanese)]), path),
    )


def assert_golden(path: Path, actual: str) -> None:
    """``actual`` must equal the golden file; DECKCHECK_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    import os

    if os.environ.get("DECKCHECK_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"golden file {path} missing; run with DECKCHECK_UPDATE_GOLDEN=1 once and review it"
    assert actual == path.read_text(encoding="utf-8")


REPORT_SCHEMA = PROJECT_ROOT / "deckcheck" / "schemas" / "report.schema.json"


def json_report(output: bytes | str) -> dict:
    """An ``--output json`` report parsed and validated against the published
    schema (deckcheck/schemas/report.schema.json): every JSON report a test
    produces goes through here."""
    import json

    report = json.loads(output)
    assert_valid_report(report)
    return report


def assert_valid_report(report: dict) -> None:
    import json

    from jsonschema import Draft202012Validator

    schema = json.loads(REPORT_SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(report), key=lambda e: list(e.absolute_path))
    assert not errors, "report does not follow report.schema.json: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors[:5]
    )


def project_files() -> list[Path]:
    """The project's files as git sees them: tracked, and untracked but not ignored.

    What a run leaves behind (.pytest_cache, build/, a .venv) is not the project's, so a walk
    of the project skips what git ignores; outside a git checkout (an unpacked sdist) every file
    is the project's."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=PROJECT_ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return sorted(p for p in PROJECT_ROOT.rglob("*") if p.is_file())
    return sorted(p for p in (PROJECT_ROOT / name for name in os.fsdecode(listed).split("\0") if name) if p.is_file())


# The Black Star Promo series of the reference data: their cards' days are derived when the
# database is built (carddb/promo_days.py, docs/rulings.md, "A print is not legal before it was released"), never
# earlier than the data's.
PROMO_SERIES = frozenset({"basep", "np", "dpp", "hsp", "bwp", "xyp", "smp", "swshp", "svp", "mep"})


def without_promo_days(cards):
    """The cards with the day of each promo left out (the source's is its series' first day)."""
    from dataclasses import replace

    return [replace(card, release_date=None) if card.set_id in PROMO_SERIES else card for card in cards]


DOCS = PROJECT_ROOT / "docs"


def doc_pages() -> list[Path]:
    """The README (the first page) and the reference in docs/*.md."""
    return [PROJECT_ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def doc_text(*names: str) -> str:
    """The text of docs/NAME (``README.md``: the first page); no names: every page, joined."""
    pages = [PROJECT_ROOT / "README.md" if name == "README.md" else DOCS / name for name in names] or doc_pages()
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def doc_example(name: str) -> str:
    """The code block that follows ``<!-- example: NAME -->`` in the README or a page of docs/."""
    import re

    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```[a-z]*\n(.*?)```", doc_text(), re.S)
    assert found, f"neither README.md nor docs/*.md has an example {name}"
    return found.group(1)


class Ran:
    """What one command line did: its exit code and the bytes (or, with ``text``, the
    text) it wrote, as :class:`subprocess.CompletedProcess` holds them."""

    def __init__(self, args: list[str], returncode: int, stdout, stderr):
        self.args, self.returncode, self.stdout, self.stderr = args, returncode, stdout, stderr

    def __repr__(self) -> str:
        return f"Ran({self.args!r}, returncode={self.returncode}, stderr={self.stderr[-500:]!r})"


def run_deckcheck(
    *args: str | os.PathLike[str],
    stdin: bytes | str | None = None,
    env: dict | None = None,
    cwd: Path | str = PROJECT_ROOT,
    text: bool = False,
) -> Ran:
    """``deckcheck ARGS`` run in this process by :func:`deckcheck.cli.main`, as a shell would
    see it: standard input ``stdin`` (else empty), standard output and error captured as
    UTF-8 bytes (``text``: str), the variables ``env`` added to this test's (a value of
    None removes one) and the working folder ``cwd`` for the run; all of it is put back
    after. Start a process only where the test is about processes (signals, pipes, what
    the shell sees of exit codes, the pre-commit hook)."""
    import io

    from deckcheck.cli import main

    argv = [os.fspath(arg) for arg in args]
    data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
    out, err = io.BytesIO(), io.BytesIO()
    streams = sys.stdin, sys.stdout, sys.stderr
    environ, folder = dict(os.environ), os.getcwd()
    try:
        os.environ.pop("NO_COLOR", None)
        for name, value in (env or {}).items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = str(value)
        os.chdir(cwd)
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
        code = main(argv)
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
    finally:
        captured = out.getvalue(), err.getvalue()
        sys.stdin, sys.stdout, sys.stderr = streams
        os.chdir(folder)
        os.environ.clear()
        os.environ.update(environ)
    if text:
        return Ran(argv, code, captured[0].decode("utf-8"), captured[1].decode("utf-8", "backslashreplace"))
    return Ran(argv, code, *captured)


def assert_clean(result, code: int | None = None) -> None:
    """A run that met no unexpected error: no traceback and no "internal error" on standard error
    (bytes or text), and exit code ``code`` where one is given (1 is an illegal deck, 2 a problem)."""
    err = result.stderr.decode(errors="replace") if isinstance(result.stderr, bytes) else result.stderr
    assert "Traceback" not in err and "internal error" not in err, err
    if code is not None:
        assert result.returncode == code, err


TINY_SET = {"id": "s1", "name": "Set", "ptcgoCode": "SS", "series": "X", "releaseDate": "2020/01/01"}
TINY_CARD = {"id": "s1-1", "name": "Pikachu", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "1"}


def tiny_dataset(root: Path, sets=None, cards=None) -> Path:
    """A pokemontcg.io-shaped dataset of one set and one card under ``root``; ``sets`` and ``cards``
    replace them (a list is written as JSON, a str as it is)."""
    import json

    (root / "sets").mkdir(parents=True)
    (root / "cards" / "en").mkdir(parents=True)
    (root / "sets" / "en.json").write_text(sets if isinstance(sets, str) else json.dumps(sets or [TINY_SET]))
    (root / "cards" / "en" / "s1.json").write_text(
        cards if isinstance(cards, str) else json.dumps(cards or [TINY_CARD])
    )
    return root


def run_process(*args: str, stdin: bytes | None = None, env: dict | None = None, cwd: Path = PROJECT_ROOT):
    """deckcheck in a subprocess, exactly as a shell or pre-commit would run it: for the tests
    about processes (most tests want :func:`deckcheck`)."""
    full_env = {**os.environ, **(env or {})}
    full_env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )


class FolderServer:
    """A static file server over ``folder`` on 127.0.0.1: the handler ``python3 -m http.server``
    runs (HTTP/1.0, a folder's listing, 404 for what is not there); ``paths`` are the paths asked for."""

    def __init__(self, folder: Path):
        import functools
        from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

        self.paths: list[str] = []
        outer = self

        class Handler(SimpleHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_GET(self):  # noqa: N802 - http.server's name
                outer.paths.append(self.path)
                super().do_GET()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"


@contextmanager
def serving_folder(folder: Path) -> Iterator[FolderServer]:
    """:class:`FolderServer` over ``folder``, running while the block runs."""
    server = FolderServer(folder)
    with running_in_thread(server.httpd):
        yield server


@contextmanager
def running_in_thread(httpd: socketserver.BaseServer) -> Iterator[socketserver.BaseServer]:
    """Serve with ``httpd`` in a thread while the block runs, then stop and close it.

    ``serve_forever`` looks for the request to stop every 20 ms: at its default, half a second,
    every test with a server of its own waited about that long at its end."""
    import threading

    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)
