"""Messages around the verdicts: usage lines, excludes, symbolic link loops,
every schema error of a pack in one lint run, and banned prints named by name and set code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, run_deckcheck

from deckcheck.rules.banned import _describe_ids

DECK = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")


def run(*args: str, cwd: Path = PROJECT_ROOT, env: dict | None = None):
    return run_deckcheck(*args, cwd=cwd, env={"DECKCHECK_DB": None, **(env or {})}, text=True)


@pytest.mark.parametrize(
    "command, usage",
    [
        (["check"], "Usage: deckcheck check [OPTIONS] PATHS..."),
        (["fmt"], "Usage: deckcheck fmt [OPTIONS] PATHS..."),
        (["db", "import"], "Usage: deckcheck db import [OPTIONS] SOURCES..."),
        (["db", "import-names"], "Usage: deckcheck db import-names [OPTIONS] FOLDER"),
        (["formats", "show"], "Usage: deckcheck formats show [OPTIONS] NAME"),
        (["formats", "lint"], "Usage: deckcheck formats lint [OPTIONS] PATHS..."),
    ],
)
def test_usage_lines_name_the_arguments_in_capitals(command, usage):
    result = run(*command, "--help")
    assert result.stdout.splitlines()[0].replace("python -m deckcheck", "deckcheck") == usage
    assert "{" not in result.stdout.splitlines()[0]
    missing = run(*command)
    assert missing.returncode == 2 and "{" not in missing.stderr.splitlines()[0]


def test_the_exclude_message_names_the_pattern_and_where_it_is_written(tmp_path):
    (tmp_path / "a.txt").write_text(DECK, encoding="utf-8")
    (tmp_path / "b.txt").write_text(DECK, encoding="utf-8")
    one = run("check", "a.txt", "--exclude", "*.txt", "--no-config", cwd=tmp_path)
    assert one.returncode == 0
    assert one.stderr.strip() == "deckcheck: nothing to check: a.txt is excluded by --exclude '*.txt'"
    (tmp_path / ".deckcheck.yaml").write_text("exclude: ['drafts/', '*.txt']\n", encoding="utf-8")
    two = run("check", "a.txt", "b.txt", cwd=tmp_path)
    assert two.stderr.strip() == (
        f"deckcheck: nothing to check: the 2 files given are excluded (a.txt by the "
        f"pattern '*.txt' of exclude in {tmp_path / '.deckcheck.yaml'})"
    )


def test_a_symbolic_link_loop_gets_one_message_the_true_one(tmp_path):
    loop = tmp_path / "loop.txt"
    try:
        loop.symlink_to(loop)
    except OSError:
        pytest.skip("symbolic links cannot be made here")
    result = run("check", "loop.txt", "--no-config", "--format", "unlimited", cwd=tmp_path)
    out = result.stdout + result.stderr
    assert "no such file" not in out.lower() and "does not exist" not in out
    assert out.count("loop.txt cannot be read") == 1


def test_formats_lint_reports_every_schema_error_with_its_line(tmp_path):
    pack = tmp_path / "club.yaml"
    pack.write_text(
        "name: club\ndescription: x\nextend: unlimited\nrules:\n  - id: deck-size\n"
        "    kind: deck-size\n    sise: 60\n  - id: copy-limit\n    kind: copy-limit\n    max: many\n",
        encoding="utf-8",
    )
    result = run("formats", "lint", str(pack), "--no-config", cwd=tmp_path)
    assert result.returncode == 1
    note, *problems = result.stderr.splitlines()
    assert note.startswith("deckcheck: note: no card database is installed")  # so cards are not checked
    assert problems == [
        f"{pack}:3: error: extend: unknown key 'extend' (did you mean 'extends'?)",
        f"{pack}:7: error: rules[0].sise: unknown key 'sise' (did you mean 'size'?)",
        f"{pack}:10: error: rules[1].max: must be a whole number, not 'many'",
    ]


# A pack with a mistake at every stage formats lint has (one run reports every stage, in one
# form): the schema's (an unknown key, a missing key, a value of
# the wrong type, an unknown rule kind), a duplicate rule id, extends and remove, dates out of
# order, and a card name that bans nothing.
EVERY_STAGE = """\
name: club
extends: expanded
titel: Club
remove: [bannd]
rules:
  - id: deck-size
    kind: deck-size
    sise: 60
  - id: house-bans
    kind: banned
    cards:
      - {names: [Ultra Bal], since: 2026-05-01, until: 2026-01-01}
  - id: copy-limit
    kind: copy-limit
    max: many
  - kind: card-limt
  - id: deck-size
    kind: banned
"""


def test_formats_lint_reports_every_stage_in_one_run_in_one_form(tmp_path, reference_index):
    pack = tmp_path / "club.yaml"
    pack.write_text(EVERY_STAGE, encoding="utf-8")
    result = run("formats", "lint", str(pack), "--db", str(reference_index.path), "--no-config", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{pack}:3: error: titel: unknown key 'titel' (known keys: amend, description, extends, name, options, remove, rules)",
        f"{pack}:4: error: remove[0]: 'expanded' has no rule 'bannd' to remove",
        f"{pack}:8: error: rules[0].sise: unknown key 'sise' (did you mean 'size'?)",
        f"{pack}:12: error: rules[1].cards[0].until: ban ends (2026-01-01) before it starts (2026-05-01)",
        f"{pack}:12: error: rules[1].cards[0].names[0]: unknown card name 'Ultra Bal' (did you mean 'Ultra Ball'?):"
        " no card has it, so this entry bans nothing",
        f"{pack}:15: error: rules[2].max: must be a whole number, not 'many'",
        f"{pack}:16: error: rules[3].kind: unknown rule kind 'card-limt' (did you mean 'card-limit'?)",
        f"{pack}:17: error: rules[4]: the key 'cards' is missing",
        f"{pack}:17: error: rules[4].id: duplicate rule id 'deck-size' (also rules[0], line 6); give each rule its own id",
    ]
    assert result.stdout == ""  # no "ok" line for a pack with errors
    # check --format names the first problem it meets in the same words.
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")
    checked = run("check", str(deck), "--format", str(pack), "--no-config", cwd=tmp_path)
    assert checked.returncode == 2
    assert checked.stderr.startswith("deckcheck: error: ")
    assert checked.stderr.removeprefix("deckcheck: error: ").rstrip("\n") in [
        line.replace(": error: ", ": ", 1) for line in result.stderr.splitlines()
    ]


def test_banned_prints_are_named_by_name_and_set_code():
    cards = {
        "bw3-67": ("Archeops", "NVI", "67"),
        "bw5-110": ("Archeops", "DEX", "110"),
        "sm8-90": ("Unown", "LOT", "90"),
    }
    assert _describe_ids(["bw3-67", "bw5-110"], cards) == ["Archeops NVI 67", "DEX 110"]
    assert _describe_ids(["sm8-90", "xx-1"], cards) == ["Unown LOT 90", "xx-1"]


def test_formats_show_expanded_names_the_banned_archeops(reference_db):
    result = run("formats", "show", "expanded", "--date", "2026-11-30", "--db", str(reference_db), "--no-config")
    assert result.returncode == 0, result.stderr
    assert "- Archeops NVI 67, DEX 110 since 2017-08-18" in result.stdout
    assert "bw3-67" not in result.stdout


def test_formats_show_on_a_past_day_lists_the_sets_legal_that_day_by_their_codes(reference_index):
    # On 2016-03-01 Generations, Fates Collide and Steam Siege were not legal yet, the 2017
    # sets are no part of the 2016-09-01 change, and sets are named as players know them.
    result = run(
        "formats", "show", "standard", "--date", "2016-03-01", "--db", str(reference_index.path), "--no-config"
    )
    assert result.returncode == 0, result.stderr
    (pool,) = [line for line in result.stdout.splitlines() if line.strip().startswith("not-legal")]
    in_force, _, later = pool.partition("(later this season:")
    assert "BKP" in in_force and "ROS" in in_force and "FCO" not in in_force and "STS" not in in_force
    assert later.startswith(" GEN from 2016-03-14, FCO from 2016-05-23, STS from 2016-08-19)")
    change = pool.split("next change", 1)[1].split(";")[0]
    assert "leave" in change and not any(code in change for code in ("SUM", "GRI", "BUS"))
    assert "xy10" not in pool and "xy9" not in pool and "sm1" not in pool


def _deck_with_a_warning(tmp_path: Path) -> Path:
    """A legal deck whose Pokémon header says 18 cards for its 19: a syntax warning."""
    deck = tmp_path / "charizard.txt"
    text = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    deck.write_text(text.replace("Pokémon: 19", "Pokémon: 18"), encoding="utf-8")
    return deck


def test_fail_on_warning_says_which_warnings_failed_the_run(tmp_path):
    # Exit 1 while the report said "1 legal, 0 illegal", and nothing said why.
    deck = _deck_with_a_warning(tmp_path)
    result = run("check", str(deck), "--format", "unlimited", "--fail-on", "warning", "--no-config")
    assert result.returncode == 1, result.stderr
    assert (
        "1 deck checked: 1 legal, 0 illegal.\n1 legal deck fails the run with --fail-on warning, "
        "for its warnings: syntax." in result.stdout
    )
    github = run("check", str(deck), "--format", "unlimited", "--fail-on", "warning", "-o", "github", "--no-config")
    assert "1 legal deck fails the run for warnings (--fail-on warning)." in github.stdout
    plain = run("check", str(deck), "--format", "unlimited", "--no-config")
    assert plain.returncode == 0 and "fails the run" not in plain.stdout


def test_verbose_does_not_send_the_reader_to_verbose(tmp_path):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "deck.txt").write_bytes((SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_bytes())
    (tmp_path / "decks" / "notes.txt").write_text("remember to test the deck\n", encoding="utf-8")
    verbose = run("check", "decks", "-v", "--format", "unlimited", "--no-config", cwd=tmp_path)
    assert "skipped decks/notes.txt: not a deck" in verbose.stderr
    assert "1 file skipped: it is not a deck (listed above)." in verbose.stdout and "--verbose" not in verbose.stdout
    quiet = run("check", "decks", "--format", "unlimited", "--no-config", cwd=tmp_path)
    assert "1 file skipped: it is not a deck (--verbose lists it)." in quiet.stdout


def test_skip_non_decks_with_no_deck_says_nothing_was_checked_and_why(tmp_path):
    # "check --skip-non-decks README.txt requirements.txt" printed nothing at all.
    (tmp_path / "README.txt").write_text("deckcheck checks decks\n", encoding="utf-8")
    (tmp_path / "requirements.txt").write_text("typer\nrich\n", encoding="utf-8")
    result = run("check", "--skip-non-decks", "README.txt", "requirements.txt", "--no-config", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr.startswith("deckcheck: nothing to check: the 2 files given are not decks (README.txt: ")
    one = run("check", "--skip-non-decks", "README.txt", "--no-config", cwd=tmp_path)
    assert one.returncode == 0 and "nothing to check: README.txt is not a deck (it " in one.stderr


@pytest.mark.parametrize("missing", ["anyio", "starlette", "uvicorn"])
def test_serve_without_its_extra_names_the_extra_to_install(missing):
    # The message named anyio (imported first), not what to install.
    code = (
        "import runpy, sys\n"
        f"sys.modules[{missing!r}] = None\n"
        "sys.argv = ['deckcheck', 'serve', '--port', '0']\n"
        "runpy.run_module('deckcheck', run_name='__main__')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=PROJECT_ROOT,
        env={**os.environ, "PYTHONPATH": str(PROJECT_ROOT)},
    )
    assert result.returncode == 2
    assert "needs Starlette and uvicorn, which the 'serve' extra installs" in result.stderr
    assert "pip install 'deckcheck[serve]'" in result.stderr and "Traceback" not in result.stderr


def test_a_team_flare_gear_card_is_named_as_it_prints(reference_index, tmp_path):
    # "Remove Battle Compressor Team Flare Gear PHF 92 from the deck (4 copies)."
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Battle Compressor PHF 92\n", encoding="utf-8")
    result = run(
        "check",
        str(deck),
        "--format",
        "standard",
        "--date",
        "2026-11-30",
        "--db",
        str(reference_index.path),
        "--no-config",
        "-o",
        "json",
    )
    messages = [
        text for f in json.loads(result.stdout)["results"][0]["findings"] for text in (f["message"], f["hint"] or "")
    ]
    assert any("Battle Compressor PHF 92" in m for m in messages), messages
    assert not any("Team Flare Gear" in m for m in messages), messages


@pytest.mark.parametrize(
    "command",
    [
        ["formats", "list"],
        ["formats", "show", "standard", "--date", "2016-03-01"],
        ["formats", "show", "expanded", "--date", "2026-11-30"],
    ],
)
def test_formats_output_is_wrapped_to_the_terminal_width_between_words(command):
    # Lines of 200+ columns, which the terminal wrapped mid-word.
    wide = run(*command, "--no-config")
    narrow = run(*command, "--no-config", env={"COLUMNS": "80"})
    assert narrow.returncode == 0, narrow.stderr
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 80
    assert max(len(line) for line in wide.stdout.splitlines()) > 80  # a pipe gets whole lines
    assert narrow.stdout.split() == wide.stdout.split()  # the same words, none cut


def test_a_folder_given_as_format_db_or_config_is_said_to_be_a_folder(tmp_path):
    """`--format decks/` said "format pack file not found" of a folder that is there."""
    (tmp_path / "decks").mkdir()
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")
    said = {}
    for option in ("--format", "--db", "--config"):
        done = run("check", str(deck), option, "decks/", cwd=tmp_path)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        said[option] = done.stderr.strip().splitlines()[-1]
    assert said["--format"] == (
        "deckcheck: error: decks/ is a folder, not a format pack file: give a pack's name or its .yaml file"
    )
    assert all("is a folder" in line and "not found" not in line for line in said.values()), said


def test_formats_show_on_a_day_before_the_format_is_refused_as_check_refuses_it(tmp_path):
    """`formats show standard --date 1999-01-01` listed rules and exited 0, where
    `check` on that day exits 2 saying the format did not exist."""
    done = run("formats", "show", "standard", "--date", "1999-01-01", "--no-config", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "deckcheck: error: standard began on 2001-05-01; there was no standard on 1999-01-01\n"
    assert run("formats", "show", "standard", "--date", "2001-05-01", "--no-config", cwd=tmp_path).returncode == 0
