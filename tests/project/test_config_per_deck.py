"""Each deck is checked with the configuration of its own folder.

``deckcheck check ../repo/decks/expanded/x.txt`` run from another folder uses
``../repo/.deckcheck.yaml`` and its ``overrides``, as ruff, yamllint and
editorconfig find theirs: upward from the file's folder, stopping at the
repository root. One run may hold decks of several projects, each with its own
file; ``-v`` names the file each deck used. Through check, fmt, sheet and the
``--jobs`` workers (one session for all of them).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, json_report, run_deckcheck

from deckcheck.project.config import Config, ConfigError, ConfigFinder, load_config, run_config, settings

DATE = "2026-11-30"
# An XY-era list, legal in Expanded, not in Standard; its own "# format:" line is taken off
# (a deck's own format beats every configuration).


def without_format_line(name: str) -> str:
    text = (SAMPLE_DECKS / "legal" / name).read_text(encoding="utf-8")
    return "".join(line for line in text.splitlines(True) if not line.startswith("# format:"))


NIGHT_MARCH = without_format_line("night-march-ptcgo.txt")
EXPANDED_HERE = 'format: standard\noverrides:\n  - paths: ["decks/expanded/**"]\n    format: expanded\n'


@pytest.fixture(autouse=True)
def _a_repository_around_each_test(tmp_path):
    """tmp_path is a repository root: no search for a configuration goes above it (a
    .deckcheck.yaml in /tmp or a user's folder above the test's must not decide a test)."""
    (tmp_path / ".git").mkdir()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def repository(root: Path, config: str = EXPANDED_HERE) -> Path:
    """A git repository (a folder holding .git) with a configuration and one Expanded deck."""
    (root / ".git").mkdir(parents=True)
    write(root / ".deckcheck.yaml", config)
    write(root / "decks" / "expanded" / "night-march.txt", NIGHT_MARCH)
    return root


def run(*args: str, cwd: Path):
    return run_deckcheck(*args, cwd=cwd, text=True)


def formats_of(completed: subprocess.CompletedProcess) -> dict[str, tuple[str, str]]:
    report = json_report(completed.stdout)
    return {result["path"]: (result["format"], result["verdict"]) for result in report["results"]}


# -- the command line ------------------------------------------------------------------


def test_a_deck_checked_from_another_folder_uses_its_own_repository_configuration(tmp_path):
    repo = repository(tmp_path / "repo")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    deck = "../repo/decks/expanded/night-march.txt"
    completed = run("check", deck, "--date", DATE, "-o", "json", cwd=elsewhere)
    assert completed.returncode == 0, completed.stderr
    assert formats_of(completed) == {deck: ("expanded", "legal")}
    # From inside the repository the answer is the same.
    inside = run("check", "decks/expanded/night-march.txt", "--date", DATE, "-o", "json", cwd=repo)
    assert formats_of(inside) == {"decks/expanded/night-march.txt": ("expanded", "legal")}


def test_verbose_names_the_configuration_each_deck_is_checked_with(tmp_path):
    repository(tmp_path / "repo")
    write(tmp_path / "loose" / "deck.txt", NIGHT_MARCH)
    completed = run(
        "check", "repo/decks", "loose/deck.txt", "repo/decks/expanded/night-march.txt", "--date", DATE, "-v",
        cwd=tmp_path,
    )  # fmt: skip
    lines = [line for line in completed.stderr.splitlines() if "configuration" in line]
    assert lines == [
        f"deckcheck: 1 deck is checked with the configuration {Path('repo/.deckcheck.yaml')}",
        "deckcheck: 1 deck is checked with no configuration file (the defaults)",
    ]
    assert "(expanded, 2026-11-30)" in completed.stdout
    assert "(standard, 2026-11-30)" in completed.stdout  # the loose deck: no configuration


def test_verbose_in_german_too(tmp_path):
    repository(tmp_path / "repo")
    completed = run("check", "repo/decks", "--date", DATE, "-v", "--lang", "de", cwd=tmp_path)
    assert "repo/.deckcheck.yaml" in completed.stderr
    assert "1 deck is checked" not in completed.stderr


def test_decks_of_two_projects_in_one_run_each_get_their_own_and_jobs_agree(tmp_path):
    repository(tmp_path / "expanded-club")
    other = repository(tmp_path / "retro-club", "format: base-fossil\ndate: 2000-01-01\n")
    write(other / "decks" / "haymaker.txt", without_format_line("haymaker-base-set.txt"))
    args = ("check", "expanded-club/decks", "retro-club/decks", "-o", "json")
    one = run(*args, "--jobs", "1", cwd=tmp_path)
    many = run(*args, "--jobs", "2", cwd=tmp_path)
    assert formats_of(one) == {
        "expanded-club/decks/expanded/night-march.txt": ("expanded", "legal"),
        "retro-club/decks/expanded/night-march.txt": ("base-fossil", "illegal"),
        "retro-club/decks/haymaker.txt": ("base-fossil", "legal"),
    }
    dates = {result["path"]: result["date"] for result in json.loads(one.stdout)["results"]}
    assert dates["retro-club/decks/haymaker.txt"] == "2000-01-01"
    assert json.loads(many.stdout) == json.loads(one.stdout)
    assert many.returncode == one.returncode == 1


def test_a_nested_configuration_wins_below_its_folder(tmp_path):
    repo = repository(tmp_path / "repo")
    write(repo / "decks" / "glc" / ".deckcheck.yaml", "format: glc\n")
    write(repo / "decks" / "glc" / "deck.txt", NIGHT_MARCH)
    completed = run("check", ".", "--date", DATE, "-o", "json", cwd=repo)
    assert formats_of(completed) == {
        "decks/expanded/night-march.txt": ("expanded", "legal"),
        "decks/glc/deck.txt": ("glc", "illegal"),
    }


def test_the_search_stops_at_the_repository_root(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: glc\n")  # e.g. in the user's home folder
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write(repo / "deck.txt", NIGHT_MARCH)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    completed = run("check", str(repo / "deck.txt"), "--date", DATE, "-o", "json", cwd=elsewhere)
    # elsewhere/ finds the home folder's file, the deck's repository has none: the run's one is used.
    assert formats_of(completed) == {str(repo / "deck.txt"): ("glc", "illegal")}
    isolated = tmp_path / "isolated"
    (isolated / ".git").mkdir(parents=True)
    completed = run("check", str(repo / "deck.txt"), "--date", DATE, "-o", "json", cwd=isolated)
    assert formats_of(completed) == {str(repo / "deck.txt"): ("standard", "illegal")}


def test_the_run_settings_come_from_the_one_configuration_of_the_paths_given(tmp_path):
    repository(tmp_path / "repo", EXPANDED_HERE + "output: json\nfail_on: warning\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    completed = run("check", "../repo/decks", "--date", DATE, cwd=elsewhere)
    assert formats_of(completed) == {"../repo/decks/expanded/night-march.txt": ("expanded", "legal")}


def test_a_configuration_of_the_working_directory_is_the_run_s_and_the_fallback(tmp_path):
    repository(tmp_path / "repo")
    here = tmp_path / "here"
    write(here / ".deckcheck.yaml", "output: json\nformat: glc\n")
    write(tmp_path / "loose.txt", NIGHT_MARCH)
    completed = run("check", "../repo/decks", "../loose.txt", "--date", DATE, cwd=here)
    assert formats_of(completed) == {
        "../repo/decks/expanded/night-march.txt": ("expanded", "legal"),
        "../loose.txt": ("glc", "illegal"),  # no configuration of its own: the working directory's
    }


def test_a_deck_s_configuration_that_cannot_be_used_stops_the_run_naming_it(tmp_path):
    repo = repository(tmp_path / "repo", "formt: expanded\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    completed = run("check", "../repo/decks", cwd=elsewhere)
    assert completed.returncode == 2
    assert str(repo / ".deckcheck.yaml") in completed.stderr
    assert "formt" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_a_deck_s_configuration_naming_an_unknown_format_stops_the_run_before_any_deck(tmp_path):
    repository(tmp_path / "repo", "format: expandd\n")
    completed = run("check", "repo/decks", "-o", "json", cwd=tmp_path)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert ".deckcheck.yaml: format:" in completed.stderr


def test_the_deck_s_configuration_brings_its_own_format_packs(tmp_path):
    pack = (PROJECT_ROOT / "formats" / "glc.yaml").read_text(encoding="utf-8")
    repo = repository(tmp_path / "repo", "packs: [formats]\nformat: club-cup\n")
    write(repo / "formats" / "club-cup.yaml", pack.replace("name: glc", "name: club-cup", 1))
    completed = run("check", "repo/decks", "--date", DATE, "-o", "json", cwd=tmp_path)
    assert formats_of(completed) == {"repo/decks/expanded/night-march.txt": ("club-cup", "illegal")}
    assert completed.returncode == 1


def test_exclude_of_the_deck_s_configuration_holds_for_a_file_named_from_elsewhere(tmp_path):
    repository(tmp_path / "repo", "exclude: [drafts/]\n")
    write(tmp_path / "repo" / "drafts" / "wip.txt", "4 Nothing Yet\n")
    completed = run("check", "repo/drafts/wip.txt", cwd=tmp_path)
    assert completed.returncode == 0
    assert "excluded" in completed.stderr


def test_config_and_no_config_still_decide_for_every_deck(tmp_path):
    repository(tmp_path / "repo")
    write(tmp_path / "mine.yaml", "format: glc\n")
    deck = "repo/decks/expanded/night-march.txt"
    given = run("check", deck, "--config", "mine.yaml", "--date", DATE, "-o", "json", cwd=tmp_path)
    assert formats_of(given) == {deck: ("glc", "illegal")}
    none = run("check", deck, "--no-config", "--date", DATE, "-o", "json", cwd=tmp_path)
    assert formats_of(none) == {deck: ("standard", "illegal")}


def test_fmt_uses_the_deck_s_configuration(tmp_path):
    # The configuration's day is before its format began: fmt cannot choose the prints of that day.
    repository(tmp_path / "repo", "format: expanded\ndate: 2010-01-01\n")
    completed = run("fmt", "--check", "repo/decks", "-v", cwd=tmp_path)
    assert completed.returncode == 2
    assert "expanded" in completed.stderr and "2010-01-01" in completed.stderr
    assert f"checked with the configuration {Path('repo/.deckcheck.yaml')}" in completed.stderr


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("reportlab") is None, reason="the sheet extra (reportlab) is not installed"
)
def test_sheet_uses_the_deck_s_configuration(tmp_path):
    repository(tmp_path / "repo")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = tmp_path / "sheet.pdf"
    completed = run("sheet", "../repo/decks/expanded/night-march.txt", "--date", DATE, "-o", str(target), cwd=elsewhere)
    assert completed.returncode == 0, completed.stderr
    assert "(expanded, 2026-11-30)" in completed.stdout
    assert target.read_bytes().startswith(b"%PDF")


# -- the settings --------------------------------------------------------------------------


def test_the_finder_reads_each_file_once_and_falls_back_to_the_run_s(tmp_path):
    repo = repository(tmp_path / "repo")
    fallback = Config(root=tmp_path)
    find = ConfigFinder(fallback)
    first = find(str(repo / "decks" / "expanded"))
    assert first.source == repo / ".deckcheck.yaml"
    assert find(str(repo / "decks")) is first
    assert find(str(tmp_path)) is fallback
    assert find.found() == (first,)


def test_run_config_is_the_working_directory_s_else_the_paths_shared_one(tmp_path):
    repo = repository(tmp_path / "repo")
    other = repository(tmp_path / "other", "format: glc\n")
    empty = load_config(tmp_path)
    assert run_config(tmp_path, [str(repo / "decks")], ConfigFinder(empty)).source == repo / ".deckcheck.yaml"
    assert run_config(tmp_path, [str(repo / "decks"), str(other)], ConfigFinder(empty)) == empty
    here = write(tmp_path / "here" / ".deckcheck.yaml", "format: glc\n")
    mine = load_config(here.parent)
    assert run_config(here.parent, [str(repo / "decks")], ConfigFinder(mine)) == mine


def test_settings_answer_by_the_deck_s_own_configuration(tmp_path):
    repo = repository(tmp_path / "repo")
    run_settings = settings(Config(root=tmp_path), environ={}, find=ConfigFinder(Config(root=tmp_path)))
    deck = str(repo / "decks" / "expanded" / "night-march.txt")
    assert run_settings.format_for(deck, None) == "expanded"
    assert run_settings.format_for(str(repo / "decks" / "a.txt"), None) == "standard"
    assert run_settings.format_for(str(tmp_path / "a.txt"), None) is None
    assert run_settings.format_for(deck, "glc") == "glc"  # the deck's own format still wins


def test_a_bad_file_met_by_the_finder_is_a_config_error(tmp_path):
    repo = repository(tmp_path / "repo", "format: [\n")
    with pytest.raises(ConfigError):
        ConfigFinder(Config(root=tmp_path))(str(repo / "decks"))


def test_a_nested_configuration_does_not_undo_the_exclude_of_the_ones_above(tmp_path):
    # A walk prunes decks/retro/ by the root's exclude; a pre-commit hook names the file itself.
    repo = repository(tmp_path / "repo", 'format: expanded\nexclude: ["decks/retro/"]\n')
    write(repo / "decks" / "retro" / ".deckcheck.yaml", "format: unlimited\n")
    write(repo / "decks" / "retro" / "r.txt", NIGHT_MARCH)
    walked = run("check", ".", "-o", "json", "--date", DATE, cwd=repo)
    named = run("check", "decks/expanded/night-march.txt", "decks/retro/r.txt", "-o", "json", "--date", DATE, cwd=repo)
    assert set(formats_of(walked)) == set(formats_of(named)) == {"decks/expanded/night-march.txt"}


def test_the_packs_folder_of_a_configuration_above_stays_no_deck_below_a_nested_one(tmp_path):
    repo = repository(tmp_path / "repo", 'packs: ["decks/retro/packs"]\n')
    write(repo / "decks" / "retro" / ".deckcheck.yaml", "format: unlimited\n")
    write(repo / "decks" / "retro" / "packs" / "house.yaml", "name: house\nextends: unlimited\nrules: []\n")
    completed = run("check", ".", "-o", "json", "--date", DATE, "-v", cwd=repo)
    assert "decks/retro/packs/house.yaml" not in formats_of(completed)


def test_standard_input_gets_the_working_directory_s_configuration_whatever_else_is_named(tmp_path):
    repository(tmp_path / "repo")
    deck = "repo/decks/expanded/night-march.txt"
    completed = run_deckcheck(
        "check", "-", deck, "-o", "json", "--date", DATE, stdin=NIGHT_MARCH, cwd=tmp_path, text=True
    )
    assert formats_of(completed) == {"-": ("standard", "illegal"), deck: ("expanded", "legal")}


def test_a_folder_the_system_cannot_search_is_no_configuration(tmp_path, monkeypatch):
    # A path too long (ENAMETOOLONG) stopped the run with an internal error while searching a deck's folder.
    import errno
    from pathlib import Path as RealPath

    real = RealPath.is_file

    def is_file(self):
        if self.name == ".deckcheck.yaml" and "deep" in self.parts:
            raise OSError(errno.ENAMETOOLONG, "File name too long")
        return real(self)

    monkeypatch.setattr(RealPath, "is_file", is_file)
    assert ConfigFinder(Config(root=tmp_path))(str(tmp_path / "deep")).source is None
