"""The console script's fast paths (deckcheck.entry, issue 16: start-up): ``deckcheck --version``
and a plain ``deckcheck check`` run without building the Typer application, with the same
output and exit code as through it; anything they do not read exactly as Typer does goes to Typer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import PROJECT_ROOT, SAMPLE_DECKS

LEGAL = str(SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt")
ILLEGAL = str(SAMPLE_DECKS / "illegal" / "card-limit.txt")
# Both as the console script runs them (its program name, not "python -m deckcheck").
THROUGH_ENTRY = "import sys\nfrom deckcheck.entry import main\nsys.argv[0] = 'deckcheck'\nmain()\n"
THROUGH_TYPER = "import sys\nfrom deckcheck.cli import main\nsys.argv[0] = 'deckcheck'\nmain()\n"


def _run(command: list[str], cwd: Path, stdin: bytes = b""):
    env = {**os.environ}
    env.pop("NO_COLOR", None)
    done = subprocess.run(command, input=stdin, capture_output=True, cwd=cwd, env=env, timeout=120)
    return done.returncode, done.stdout, done.stderr


def both(args: list[str], cwd: Path = PROJECT_ROOT, stdin: bytes = b""):
    """(fast path or not, through the console script's entry, through Typer alone)."""
    from deckcheck.entry import _fast_path

    fast = _fast_path(list(args)) is not None
    return (fast, _run([sys.executable, "-c", THROUGH_ENTRY, *args], cwd, stdin),
            _run([sys.executable, "-c", THROUGH_TYPER, *args], cwd, stdin))


CASES = [
    (["--version"], True),
    (["check", LEGAL, "--date", "2026-11-30", "--format", "unlimited"], True),
    (["check", ILLEGAL, "-o", "json", "--date=2026-11-30", "-f", "standard", "--no-config"], True),
    (["check", "-q", ILLEGAL, LEGAL, "--fail-on", "warning", "-j", "1", "--rotation-days", "30"], True),
    (["check", "--exclude", "*.yaml", "--exclude=**/illegal/**", str(SAMPLE_DECKS), "-v"], True),
    (["check", "--", LEGAL], True),
    (["check", "no-such-deck.txt"], True),
    (["check", LEGAL, "--rotation-days", "-1"], True),  # deckcheck's own usage errors
    (["check", LEGAL, "--jobs", "0"], True),
    (["check", LEGAL, "--output", "xml"], True),
    (["check", LEGAL, "--date", "2026-13-01"], True),
    (["check", LEGAL, "--lang", "xx"], True),
    (["check", LEGAL, "--config", "pyproject.toml", "--no-config"], True),
    (["check", LEGAL, "--db", "missing.sqlite3", "--no-config"], True),
    # Typer's: parsing errors, help, combined short options.
    (["check"], False),
    (["check", LEGAL, "--jobs", "many"], False),
    (["check", LEGAL, "--format"], False),
    (["check", LEGAL, "--quiet=yes"], False),
    (["check", LEGAL, "--formt", "standard"], False),
    (["check", "-qv", LEGAL], False),
    (["check", "--help"], False),
    (["--version", "check"], False),
    (["fmt", "--check", LEGAL], True),  # the pre-commit hook's fmt
    (["fmt", "--diff", "--skip-non-decks", "-v", LEGAL, ILLEGAL, "README.md"], True),
    (["fmt", "--check", "-f", "standard", "--date=2026-11-30", "--no-config", str(SAMPLE_DECKS)], True),
    (["fmt", "--check", LEGAL, "--date", "yesterday"], True),
    (["fmt"], False),
    (["fmt", "--check=no", LEGAL], False),
    (["formats", "list"], False),
]


@pytest.mark.parametrize("args, fast", CASES, ids=[" ".join(a).replace(str(SAMPLE_DECKS), "S") for a, _ in CASES])
def test_the_console_script_answers_as_typer_does(args, fast):
    taken, entry, typer_alone = both(args)
    assert taken == fast
    assert entry == typer_alone
    assert entry[0] in (0, 1, 2) and b"Traceback" not in entry[2]


def test_standard_input_through_the_fast_path():
    deck = Path(LEGAL).read_bytes()
    taken, entry, typer_alone = both(["check", "-", "--date", "2026-11-30"], stdin=deck)
    assert taken and entry == typer_alone and entry[0] == 0 and b"1 legal" in entry[1]


@pytest.mark.parametrize("name", ["check", "fmt"])
def test_the_fast_path_reads_the_options_typer_declares(name):
    """Every option of ``deckcheck check`` and ``fmt`` is in the fast path's table with its
    kind and default: an option renamed or added in deckcheck.cli without it would be misread."""
    import typer.main

    from deckcheck import entry
    from deckcheck.cli import app

    command = typer.main.get_command(app).commands[name]
    declared, defaults = {}, {}
    for param in command.params:
        if param.param_type_name != "option":
            assert param.name == "paths" and param.nargs == -1 and param.required
            continue
        kind = {"boolean": bool, "int": int, "path": Path, "str": str}[param.type.name]
        kind = list if param.multiple and kind is str else kind
        for opt in (*param.opts, *param.secondary_opts):
            declared[opt] = (param.name, kind)
        defaults[param.name] = param.default
    assert (declared, defaults) == entry._COMMANDS[name]


def test_fmt_rewrites_a_list_alike_through_the_fast_path(tmp_path):
    messy = "Pokémon: 4\n4 Charizard ex OBF 125\nTrainer: 4\n4 Rare Candy SVI 191\n"
    for way in ("entry", "typer"):
        (tmp_path / way).mkdir()
        (tmp_path / way / "deck.txt").write_text(messy, encoding="utf-8")
    taken, entry, typer_alone = both(["fmt", "entry/deck.txt"], cwd=tmp_path)
    assert taken and entry[0] == 0 and b"reformatted entry/deck.txt" in entry[2]
    typer_run = _run([sys.executable, "-c", THROUGH_TYPER, "fmt", "typer/deck.txt"], tmp_path)
    assert typer_run[2] == entry[2].replace(b"entry/", b"typer/")
    assert (tmp_path / "entry" / "deck.txt").read_bytes() == (tmp_path / "typer" / "deck.txt").read_bytes()
    assert (tmp_path / "entry" / "deck.txt").read_text(encoding="utf-8") != messy


def test_an_unreadable_db_file_is_typers_to_report(tmp_path):
    from deckcheck.entry import _fast_path

    db = tmp_path / "cards.sqlite3"
    db.write_bytes(b"")
    assert _fast_path(["check", "deck.txt", "--db", str(db)])[2]["db"] == db
    db.chmod(0)
    if os.access(db, os.R_OK):
        pytest.skip("needs a non-root user: root reads every file")
    assert _fast_path(["check", "deck.txt", "--db", str(db)]) is None


def test_shell_completion_is_typers(monkeypatch):
    from deckcheck.entry import _fast_path

    monkeypatch.setenv("_DECKCHECK_COMPLETE", "complete_bash")
    assert _fast_path(["--version"]) is None


# -- what a run imports (start-up, issue 16; the figures themselves are bench/run.py's) ---------

_MODULES = """import sys
from deckcheck.entry import main
sys.argv[0] = 'deckcheck'
try:
    main()
finally:
    sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n')
"""


def _modules(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", _MODULES, *args], capture_output=True, cwd=PROJECT_ROOT,
                          timeout=120)
    line = [line for line in done.stderr.decode().splitlines() if line.startswith("MODULES ")][-1]
    return set(line.split()[1:])


def test_version_imports_only_the_entry_point():
    loaded = {name for name in _modules("--version") if name.startswith("deckcheck")}
    assert loaded == {"deckcheck", "deckcheck.entry", "deckcheck.errors", "deckcheck.version"}


@pytest.mark.parametrize("database", ["none", "imported"])
def test_a_check_of_one_deck_leaves_out_what_it_does_not_need(database, tmp_path, monkeypatch):
    if database == "imported":
        from deckcheck.carddb.sqlite import build_database
        from support import require_reference_data

        db = tmp_path / "cards.sqlite3"
        build_database(require_reference_data(), db)
        monkeypatch.setenv("DECKCHECK_DB", str(db))
    args = ("check", LEGAL, "--date", "2026-11-30")
    _modules(*args)  # the first run fills the user cache (packs, the catalogue), as any first run does
    loaded = _modules(*args)
    # Typer and click (the fast path), PyYAML (text decks, cached packs and catalogue),
    # platformdirs and importlib.resources (the user folders and the catalogue found by hand),
    # hashlib (the cache entries' checksums are CRCs).
    for absent in ("typer", "click", "yaml", "platformdirs", "importlib.resources", "rich", "jsonschema", "hashlib"):
        assert absent not in loaded
    assert ("deckcheck.carddb.sqlite" in loaded) == (database == "imported")


@pytest.mark.parametrize("value", ["/tmp/xdg-data", "", "relative/data", None])
def test_the_database_is_where_platformdirs_puts_it(value, monkeypatch):
    platformdirs = pytest.importorskip("platformdirs")
    from deckcheck.carddb.paths import DB_FILE_NAME, default_db_path

    monkeypatch.delenv("DECKCHECK_DB", raising=False)
    if value is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", value)
    assert default_db_path() == Path(platformdirs.user_data_dir("deckcheck")) / DB_FILE_NAME
