""".gitignore-style patterns (deckcheck.project.patterns): matched as git matches them,
a pattern that cannot be compiled named with why, or skipped in a .gitignore file."""

from __future__ import annotations

from support import PROJECT_ROOT, assert_clean, json_report
from support import run_deckcheck as run

from deckcheck.project.patterns import PatternSet, gitignore_match, pattern_problem, relative_to, tolerant_spec

DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


def test_the_last_matching_pattern_decides_and_negations_re_include():
    patterns = ("drafts/", "*.txt", "!keep.txt")
    assert gitignore_match(patterns, "drafts/") and gitignore_match(patterns, "deck.txt")
    assert not gitignore_match(patterns, "keep.txt") and not gitignore_match(patterns, "deck.yaml")


def test_a_pattern_set_names_the_pattern_that_decides(tmp_path):
    excludes = PatternSet(str(tmp_path), ("old/", "*.bak", "!good.bak"), "--exclude")
    assert excludes.deciding_pattern(str(tmp_path / "a.bak")) == "*.bak"
    assert excludes.deciding_pattern(str(tmp_path / "old"), is_dir=True) == "old/"
    assert excludes.deciding_pattern(str(tmp_path / "good.bak")) is None
    assert not excludes.matches(str(tmp_path.parent / "a.bak"))  # outside its folder


def test_a_pattern_that_cannot_be_compiled_is_named_with_why():
    assert pattern_problem(("ok/", "[z-a]")) == (1, "bad character range z-a")
    assert pattern_problem(("ok/", "trailing\\")) == (1, "it ends with a backslash that escapes nothing")
    assert pattern_problem(("ok/",)) is None and pattern_problem(()) is None


def test_a_gitignore_file_skips_what_cannot_be_compiled_with_a_warning_naming_its_line():
    warnings: list[str] = []
    spec = tolerant_spec(["*.tmp", "[z-a]", "build/"], "repo/.gitignore", warnings.append)
    assert warnings == [
        "repo/.gitignore:2: skipped the pattern '[z-a]', which is not a valid pattern: bad character range z-a"
    ]
    assert spec.check_file("x.tmp").include and spec.check_file("build/").include


def test_relative_paths_use_forward_slashes_and_none_outside(tmp_path):
    assert relative_to(str(tmp_path / "a" / "b.txt"), str(tmp_path)) == "a/b.txt"
    assert relative_to(str(tmp_path), str(tmp_path)) == ""
    assert relative_to(str(tmp_path.parent), str(tmp_path)) is None


SLOW_PATTERN = "*a" * 12 + "*b"  # Python's re: C(60, 12) ways to fail on 60 letters; hours


def test_a_backtracking_exclude_pattern_is_matched_in_linear_time(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / ("a" * 60 + ".txt")).write_bytes(DECK.read_bytes())
    (decks / ("a" * 59 + "b")).mkdir()
    (decks / ("a" * 59 + "b") / "deck.txt").write_bytes(DECK.read_bytes())
    # The timeout only guards against a run that would never end; the figure is a bench row.
    result = run("check", "decks", "--no-config", "--output", "json", "--exclude", SLOW_PATTERN, cwd=tmp_path)
    assert_clean(result, 1)
    paths = [r["path"] for r in json_report(result.stdout)["results"]]
    assert paths == [f"decks/{'a' * 60}.txt"]  # the folder ending in b is excluded, the file is not


def test_a_backtracking_gitignore_line_and_one_too_long_to_match(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(f"{SLOW_PATTERN}\n{'x' * 300_000}\n", encoding="utf-8")
    (tmp_path / ("a" * 59 + "b")).mkdir()
    (tmp_path / ("a" * 59 + "b") / "deck.txt").write_bytes(DECK.read_bytes())
    (tmp_path / ("a" * 60 + ".txt")).write_bytes(DECK.read_bytes())
    result = run("check", ".", "--no-config", "--output", "json", cwd=tmp_path)
    assert_clean(result, 1)
    assert [r["path"] for r in json_report(result.stdout)["results"]] == [f"{'a' * 60}.txt"]
    assert b".gitignore:2: skipped the pattern" in result.stderr and b"too long to match" in result.stderr
