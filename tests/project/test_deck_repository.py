"""What counts as a deck, on a deck repository laid out as players lay theirs out:
decks in folders by format, a README, a pyproject.toml, CI workflows, notes and a packs folder.
`check`, `fmt` and the pre-commit hook's `--skip-non-decks` agree on which files are decks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from support import PROJECT_ROOT, SAMPLE_DECKS, json_report
from support import run_deckcheck as run

from deckcheck.parse.shape import deck_shape_problem, not_a_deck

DATE = "2026-11-30"

DECKS = {
    "decks/standard/charizard-pidgeot.txt": (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text("utf-8"),
    "decks/standard/gardevoir.yaml": (SAMPLE_DECKS / "legal" / "gardevoir-ex.yaml").read_text("utf-8"),
    "decks/expanded/night-march.txt": (SAMPLE_DECKS / "legal" / "night-march-ptcgo.txt").read_text("utf-8"),
    "decks/unlimited/haymaker.txt": (SAMPLE_DECKS / "legal" / "haymaker-base-set.txt").read_text("utf-8"),
    "decks/unlimited/rain-dance.json": (SAMPLE_DECKS / "legal" / "rain-dance-base-set.json").read_text("utf-8"),
    # Illegal, and still a deck: five Iono.
    "decks/standard/drafts/five-iono.txt": (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_text("utf-8"),
    # A deck of the club's own format, from the packs folder.
    "decks/club/haymaker-club.txt": "# format: club-unlimited\n"
    + (SAMPLE_DECKS / "legal" / "haymaker-base-set.txt").read_text("utf-8"),
}

NOT_DECKS = {
    "README.txt": "My decks\n========\n\nThe lists I play, one folder per format.\nRun deckcheck check . before a "
    "tournament.\n\nSee notes/ for what to test next.\n",
    "decks/README.txt": "One file per deck, exported from Pokémon TCG Live.\nDrafts go in drafts/.\n",
    "notes/todo.txt": "- test 3 Iono instead of 4\n- buy 2 more Rare Candy\n- ask about the Regionals date\n"
    "- update the Charizard list after the rotation\n",
    "notes/results.txt": "Regionals 2026: 6-3, top 64\nLeague cup: 4-1\n\nLost to Gardevoir twice; "
    "needs 1 more Counter Catcher.\n",
    "requirements.txt": "deckcheck>=0.1\npre-commit>=3\n",
    "packs/club-unlimited.yaml": "name: club-unlimited\ndescription: Our club's league.\nextends: unlimited\n"
    "rules:\n  - id: deck-size\n    kind: deck-size\n    size: 60\n",
    "tournaments/2026.json": json.dumps({"events": [{"name": "League cup", "record": "4-1"}]}),
    "tournaments/pairings.yaml": "round: 1\ntables:\n  - [1, Ash, Misty]\n",
}

HIDDEN = {
    ".deckcheck.yaml": "packs: [packs]\nformat: standard\noverrides:\n  - paths: ['**/expanded/**']\n"
    "    format: expanded\n  - paths: ['**/unlimited/**', '**/club/**']\n    format: unlimited\n",
    ".github/workflows/decks.yml": "name: decks\non: [push]\njobs:\n  check:\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - run: pip install deckcheck\n      - run: deckcheck check .\n",
    ".pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks: []\n",
}

OTHER = {
    "pyproject.toml": '[project]\nname = "my-decks"\nversion = "0"\n',
    "README.md": "# My decks\n",
}


@pytest.fixture
def deck_repository(tmp_path) -> Path:
    repo = tmp_path / "my-decks"
    for files in (DECKS, NOT_DECKS, HIDDEN, OTHER):
        for name, text in files.items():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / name).write_text(text, encoding="utf-8")
    (repo / ".git").mkdir()
    return repo


def reported(stdout: str) -> list[str]:
    verdicts = ("LEGAL  ", "ILLEGAL  ", "NOT VERIFIED  ")
    return sorted(line.split()[-3] for line in stdout.splitlines() if line.startswith(verdicts))


def test_check_dot_reports_only_the_decks(deck_repository):
    result = run("check", ".", "--date", DATE, cwd=deck_repository)
    out, err = result.stdout.decode(), result.stderr.decode()
    assert reported(out) == sorted(DECKS), out + err
    assert result.returncode == 1  # five-iono.txt
    assert "ILLEGAL  decks/standard/drafts/five-iono.txt  (" in out
    assert f"{len(DECKS)} decks checked: {len(DECKS) - 1} legal, 1 illegal." in out
    # The README and notes .txt files, the tournament data and the club's pack: counted, not listed.
    assert f"{len(NOT_DECKS)} files skipped: they are not decks (--verbose lists them)." in out
    assert "skipped" not in err


def test_verbose_lists_each_skipped_file_with_the_reason(deck_repository):
    result = run("check", ".", "--date", DATE, "--verbose", "-o", "json", cwd=deck_repository)
    listed = dict(re.findall(r"^deckcheck: skipped (\S+): not a deck: (.*)$", result.stderr.decode(), re.MULTILINE))
    assert sorted(listed) == sorted(NOT_DECKS)
    assert listed["packs/club-unlimited.yaml"].startswith("it is in a packs: folder")
    assert listed["notes/todo.txt"] == "it has no card lines"
    assert listed["notes/results.txt"] == "it has no card lines"
    assert listed["tournaments/2026.json"] == 'it has no "cards" list'
    report = json_report(result.stdout)
    assert sorted(report["skipped"]) == sorted(NOT_DECKS)
    assert sorted(r["path"] for r in report["results"]) == sorted(DECKS)


def test_a_file_named_on_the_command_line_is_always_checked(deck_repository):
    result = run("check", "notes/todo.txt", "packs/club-unlimited.yaml", "--date", DATE, cwd=deck_repository)
    out = result.stdout.decode()
    assert reported(out) == ["notes/todo.txt", "packs/club-unlimited.yaml"]
    assert result.returncode == 1
    assert "Line 1 is not a card line" in out
    # A format pack named as a deck: one short finding, not every schema error.
    pack_report = out[out.index("  packs/club-unlimited.yaml") : out.index("2 decks checked")]
    assert 'The file is not a deck: a deck file is a mapping with a "cards" list' in pack_report
    assert len(pack_report.strip().splitlines()) <= 5


def test_the_pre_commit_hook_judges_the_staged_files_as_a_walk_does(deck_repository):
    hooks = {hook["id"]: hook for hook in yaml.safe_load((PROJECT_ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))}
    hook = hooks["deckcheck"]
    every_file = sorted(
        str(p.relative_to(deck_repository).as_posix()) for p in deck_repository.rglob("*") if p.is_file()
    )
    staged = [f for f in every_file if re.search(hook["files"], f) and not re.search(hook["exclude"], f)]
    entry = hook["entry"].split()
    assert entry[:2] == ["deckcheck", "check"]
    result = run(*entry[1:], "--date", DATE, *staged, cwd=deck_repository)
    assert reported(result.stdout.decode()) == sorted(DECKS)
    # A commit of notes and workflows only has no deck to check: it passes.
    others = [f for f in staged if f not in DECKS]
    assert others and run(*entry[1:], *others, cwd=deck_repository).returncode == 0


def test_fmt_walks_the_same_decks(deck_repository):
    result = run("fmt", "--check", "--verbose", ".", cwd=deck_repository)
    err = result.stderr.decode()
    assert "notes/todo.txt: not a deck" in err and "README.txt: not a deck" in err
    assert "not card lines" not in err  # fmt never read a note as a deck list
    fmt_hook = {h["id"]: h for h in yaml.safe_load((PROJECT_ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))}
    assert fmt_hook["deckcheck-fmt"]["entry"] == "deckcheck fmt --skip-non-decks"
    notes_only = run("fmt", "--skip-non-decks", "notes/todo.txt", "README.txt", cwd=deck_repository)
    assert notes_only.returncode == 0, notes_only.stderr.decode()
    assert (deck_repository / "notes" / "todo.txt").read_text("utf-8") == NOT_DECKS["notes/todo.txt"]


def test_check_dot_at_this_repository_reports_only_decks():
    result = run("check", ".", "--date", DATE, "--format", "unlimited", "-o", "json", "--verbose", cwd=PROJECT_ROOT)
    report = json_report(result.stdout)
    paths = [r["path"] for r in report["results"]]
    assert any(p.startswith("sample_decks/") for p in paths)
    not_decks = [
        p
        for p in paths
        if p.startswith(("formats/", "deckcheck/", "bench/", "."))
        or p.endswith(".expected.yaml")
        or (p.startswith("tests/golden/") and not Path(p).name.startswith("fmt."))
    ]
    assert not_decks == []
    skipped = report["skipped"]
    assert "formats/standard.yaml" in skipped and "deckcheck/schemas/deck.schema.json" in skipped
    assert "deckcheck/data/catalogue.yaml" in skipped and "tests/golden/sample_decks.unlimited.txt" in skipped


@pytest.mark.parametrize(
    "text, kind, is_deck",
    [
        ("Pokémon: 1\n1 Pikachu ex SSP 57\nTrainer: 4\n4 Iono PAL 185\n", "text", True),
        ("****** Pokémon Trading Card Game Deck List ******\n##Pokémon - 1\n* 1 Pikachu SSP 57\n", "text", True),
        ("# my list\n4 Iono\n4 Nest Ball\nthis line is a typo\n", "text", True),  # a deck with a bad line
        ("0 Iono PAL 185\n4-4 Zoroark-GX\n", "text", True),  # card lines written wrong are still card lines
        ("typer>=0.9\nrich\n", "text", False),
        ("Todo\n3 things to try\nfind a sleeve\nbuy binders\n", "text", False),
        ("# only a comment\n", "text", False),
        ("cards:\n- {count: 4, name: Iono}\n", "yaml", True),
        ("name: x\ncards: []\n", "yaml", True),
        ("cards: [unclosed\n", "yaml", True),  # broken, with a cards key: reading it reports where
        ("name: standard\nrules: []\n", "yaml", False),
        ("sets: {}\ncards:\n  base1: []\n", "yaml", False),
        ("cards:\n- {name: Pikachu, number: '58'}\n", "yaml", False),  # a card catalogue, no counts
        ("on: [push]\njobs: {}\n", "yaml", False),
        ('{"cards": [{"count": 4, "name": "Iono"}]}', "json", True),
        ('{"properties": {"cards": {"type": "array"}}}', "json", False),
        ('{"name": "x", "dependencies": {}}', "json", False),
    ],
)
def test_what_counts_as_a_deck(text, kind, is_deck):
    assert (deck_shape_problem(text, kind) is None) is is_deck


def test_binary_empty_and_huge_files_are_no_decks(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"\x00\x01")
    (tmp_path / "b.txt").write_bytes(b"  \n")
    (tmp_path / "c.txt").write_text("4 Iono PAL 185\n" * 10, encoding="utf-8")
    assert not_a_deck(str(tmp_path / "a.txt")) == "it is not a text file"
    assert not_a_deck(str(tmp_path / "b.txt")) == "it is empty"
    assert not_a_deck(str(tmp_path / "c.txt"), max_bytes=20) == "it is larger than 20 bytes"
    assert not_a_deck(str(tmp_path / "c.txt")) is None
    (tmp_path / "d.txt").write_bytes("4 Pok\xe9mon Catcher\n".encode("latin-1"))
    assert not_a_deck(str(tmp_path / "d.txt")) is None  # a deck; reading it reports the encoding
    (tmp_path / "e.txt").write_bytes("4 Iono PAL 185\n".encode("utf-16"))
    assert not_a_deck(str(tmp_path / "e.txt")) is None
