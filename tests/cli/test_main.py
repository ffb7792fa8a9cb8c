"""The console script (deckcheck.cli:console, which runs main): one parser, Typer, for every command line
(no fast path reads ``check`` and ``fmt`` a second time),
and what a run of one deck imports (start-up; the figures are bench/run.py's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, run_deckcheck

LEGAL = str(SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt")
ILLEGAL = str(SAMPLE_DECKS / "illegal" / "card-limit.txt")


@pytest.mark.parametrize(
    "args, code",
    [
        (["--version"], 0),
        (["check", LEGAL, "--date", "2026-11-30", "--format", "unlimited"], 0),
        (["check", "-qv", ILLEGAL, "--date=2026-11-30", "-f", "standard", "--no-config"], 1),
        (["check", LEGAL, "--jobs", "0"], 2),  # deckcheck's own usage errors
        (["check", LEGAL, "--date", "2026-13-01"], 2),
        (["check", LEGAL, "--jobs", "many"], 2),  # Typer's
        (["check"], 2),
    ],
)
def test_every_command_line_is_read_by_typer(args, code):
    done = run_deckcheck(*args)
    assert done.returncode == code, done.stderr.decode()
    assert b"Traceback" not in done.stderr


def test_the_fast_path_is_gone():
    import deckcheck.cli

    assert not (PROJECT_ROOT / "deckcheck" / "entry.py").exists()
    source = "\n".join(path.read_text(encoding="utf-8") for path in (PROJECT_ROOT / "deckcheck").rglob("*.py"))
    assert "typer._click" not in source  # a private module of Typer's
    assert deckcheck.cli.main.__module__ == "deckcheck.cli"


_FREEZES = """import gc, sys
from deckcheck.cli import {entry}
sys.argv = ['deckcheck', '--version']
before = gc.get_threshold()
code = {entry}()
young = 'kept' if gc.get_threshold() == before else gc.get_threshold()[0]
print(young, code, gc.get_freeze_count() > 0, gc.isenabled())
"""


@pytest.mark.parametrize("entry, young, frozen", [("console", "50000", "True"), ("main", "kept", "False")])
def test_the_console_script_leaves_the_exit_nothing_to_collect(entry, young, frozen):
    """The console script collects the youngest objects less often and freezes what the run made
    before the process ends (Python's last collection at exit costs more than judging a deck); a
    program calling main keeps its collector as it was."""
    done = subprocess.run(
        [sys.executable, "-c", _FREEZES.format(entry=entry)], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.split()[-4:] == [young, "0", frozen, "True"], done.stderr
    script = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'deckcheck = "deckcheck.cli:console"' in script
    assert "sys.exit(console())" in (PROJECT_ROOT / "deckcheck" / "__main__.py").read_text(encoding="utf-8")


# -- what a run imports (start-up; the figures themselves are bench/run.py's) ---------

_MODULES = """import sys
from deckcheck.cli import main
sys.argv[0] = 'deckcheck'
try:
    main()
finally:
    sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n')
"""


def _modules(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", _MODULES, *args], capture_output=True, cwd=PROJECT_ROOT, timeout=120)
    line = [line for line in done.stderr.decode().splitlines() if line.startswith("MODULES ")][-1]
    return set(line.split()[1:])


@pytest.mark.parametrize("database", ["none", "imported"])
def test_a_check_of_one_deck_leaves_out_what_it_does_not_need(database, tmp_path, monkeypatch, request):
    if database == "imported":
        monkeypatch.setenv("DECKCHECK_DB", str(request.getfixturevalue("reference_db")))
    args = ("check", LEGAL, "--date", "2026-11-30")
    _modules(*args)  # the first run fills the user cache (packs, the catalogue), as any first run does
    loaded = _modules(*args)
    # PyYAML (text decks, cached packs and catalogue), platformdirs and importlib.resources
    # (the user folders and the catalogue found by hand), hashlib (the cache entries'
    # checksums are CRCs); the web stack, the renderers a text report does not use.
    for absent in (
        "yaml",
        "platformdirs",
        "importlib.resources",
        "jsonschema",
        "hashlib",
        "starlette",
        "deckcheck.web",
        "deckcheck.render.sarif",
        "deckcheck.carddb.update",
        "deckcheck.carddb.info",
    ):
        assert absent not in loaded
    assert ("deckcheck.carddb.sqlite" in loaded) == (database == "imported")


@pytest.mark.parametrize("deck", ["rain-dance-base-set.json", "gardevoir-ex.yaml"])
def test_a_valid_deck_file_is_checked_without_jsonschema_or_pyyaml(deck):
    """jsonschema's import alone cost a JSON or YAML deck's check some 1.5 x the instructions of
    ``import typer``: a deck file with no schema error is read without it (the errors of one
    that has some are still jsonschema's). PyYAML's is 0.38 x: a YAML deck in the usual form (the
    sample's) is read, and its values' types told, without it (docs/speed.md)."""
    args = ("check", str(PROJECT_ROOT / "sample_decks" / "legal" / deck), "--date", "2026-11-30")
    _modules(*args)  # the first run fills the user cache (packs, the catalogue), as any first run does
    loaded = _modules(*args)
    assert "jsonschema" not in loaded and "importlib.resources" not in loaded and "yaml" not in loaded


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
