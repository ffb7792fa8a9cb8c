"""Whole repositories: deckcheck check . walks the tree the way git and the configuration say."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from support import SAMPLE_DECKS, assert_clean, json_report, mixed_tree
from support import run_deckcheck as run

from deckcheck.cli.progress import DeckProgress
from deckcheck.project.config import Config, load_config, settings
from deckcheck.project.discover import select_decks

DECK = "4 Iono PAL 185\n"

DATE = "2026-11-30"
LEGAL = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
ILLEGAL = (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_text(encoding="utf-8")
# Legal, but its Pokémon header says 18 for 19 cards: a syntax warning only.
WARNING_ONLY = LEGAL.replace("Pokémon: 19", "Pokémon: 18")


def write(path: Path, text: str = LEGAL) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repository(tmp_path) -> Path:
    """A git working tree (only .git/info/exclude of .git matters here) with decks and noise."""
    repo = tmp_path / "repo"
    write(repo / ".git" / "info" / "exclude", "# local excludes\nsecret.txt\n")
    write(repo / ".gitignore", "build/\n*.draft.txt\n!keep.draft.txt\n")
    write(repo / "decks" / "a.txt")
    write(repo / "decks" / "b.draft.txt")
    write(repo / "decks" / "keep.draft.txt")
    write(repo / "decks" / "secret.txt")
    write(repo / "decks" / ".hidden.txt")
    write(repo / "decks" / "sub" / ".gitignore", "local.txt\n")
    write(repo / "decks" / "sub" / "local.txt")
    write(repo / "decks" / "sub" / "c.txt")
    write(repo / "decks" / "old" / "d.txt", ILLEGAL)
    write(repo / "build" / "x.txt")
    write(repo / ".venv" / "lib" / "y.txt")
    write(repo / "README.md", "# my decks\n")
    return repo


def relative(selection, base: Path) -> list[str]:
    return [Path(os.path.relpath(p, base)).as_posix() for p in selection.decks]


def test_walk_honours_gitignore_files_negation_info_exclude_and_hidden_folders(repository):
    selection = select_decks([str(repository)], settings(Config(root=repository), environ={}))
    assert relative(selection, repository) == [
        "decks/a.txt",
        "decks/keep.draft.txt",
        "decks/old/d.txt",
        "decks/sub/c.txt",
    ]


def test_walking_a_subfolder_still_honours_the_gitignore_files_above_it(repository):
    selection = select_decks([str(repository / "decks" / "sub")], settings(Config(root=repository), environ={}))
    assert relative(selection, repository) == ["decks/sub/c.txt"]
    selection = select_decks([str(repository / "decks")], settings(Config(root=repository), environ={}))
    assert "decks/b.draft.txt" not in relative(selection, repository)


def test_configured_excludes_prune_folders_and_include_selects_deck_files(repository):
    write(repository / ".deckcheck.yaml", "exclude: [decks/old/]\ninclude: ['decks/**/*.txt', '!**/c.txt']\n")
    write(repository / "decks" / "e.yaml", "cards: []\n")
    run_settings = settings(load_config(repository), environ={})
    selection = select_decks([str(repository)], run_settings)
    assert relative(selection, repository) == ["decks/a.txt", "decks/keep.draft.txt"]


def test_named_files_are_checked_unless_excluded(repository):
    write(repository / ".deckcheck.yaml", "exclude: [decks/old/]\n")
    run_settings = settings(load_config(repository), environ={})
    named = [str(repository / "decks" / "b.draft.txt"), str(repository / "decks" / "old" / "d.txt"), "-"]
    selection = select_decks(named, run_settings)
    # A file named on the command line is checked even when git ignores it; the project's
    # excludes still apply, so a pre-commit hook (which names files) honours them.
    assert selection.decks == (named[0], "-")
    assert selection.excluded == (named[1],)
    assert select_decks([str(repository / "nope.txt")], run_settings).missing == (str(repository / "nope.txt"),)


def test_each_deck_is_listed_once_in_command_line_order(repository):
    run_settings = settings(Config(root=repository), environ={})
    a = str(repository / "decks" / "a.txt")
    selection = select_decks([a, str(repository / "decks"), a], run_settings)
    assert selection.decks[0] == a and selection.decks.count(a) == 1


def test_check_dot_walks_the_repository_and_ends_with_a_summary(repository):
    result = run("check", ".", "--format", "unlimited", "--date", DATE, cwd=repository)
    assert result.returncode == 1, result.stderr.decode()
    out = result.stdout.decode()
    assert "decks/sub/local.txt" not in out and "build/x.txt" not in out and "secret.txt" not in out
    verdicts = [line.split()[0] for line in out.splitlines() if line.startswith(("LEGAL  ", "ILLEGAL  "))]
    assert sorted(verdicts) == ["ILLEGAL", "LEGAL", "LEGAL", "LEGAL"]
    assert out.rstrip().splitlines()[-4:] == [
        "4 decks checked: 3 legal, 1 illegal.",
        "",
        "rule        errors  warnings",
        "copy-limit       1         0",
    ]


def test_quiet_prints_only_failing_decks(repository):
    result = run("check", ".", "--format", "unlimited", "--date", DATE, "--quiet", cwd=repository)
    out = result.stdout.decode()
    verdicts = [line for line in out.splitlines() if line.startswith(("LEGAL  ", "ILLEGAL  "))]
    assert verdicts == ["ILLEGAL  decks/old/d.txt  (unlimited, 2026-11-30)"]  # no "./"
    assert "4 decks checked: 3 legal, 1 illegal." in out


def test_fail_on_warning_from_the_command_line_or_the_configuration(tmp_path):
    write(tmp_path / "decks" / "warned.txt", WARNING_ONLY)
    base = ["check", "decks", "--format", "unlimited", "--date", DATE, "-o", "json"]
    result = run(*base, cwd=tmp_path)
    assert result.returncode == 0
    (deck,) = json_report(result.stdout)["results"]
    assert deck["legal"] and [f["severity"] for f in deck["findings"]] == ["warning"]
    assert run(*base, "--fail-on", "warning", cwd=tmp_path).returncode == 1
    write(tmp_path / ".deckcheck.yaml", "fail_on: warning\n")
    assert run(*base, cwd=tmp_path).returncode == 1
    assert run(*base, "--fail-on", "error", cwd=tmp_path).returncode == 0  # the command line beats the file


def test_everything_excluded_is_not_an_error_but_an_empty_folder_is(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "exclude: ['drafts/']\n")
    write(tmp_path / "drafts" / "a.txt", ILLEGAL)
    result = run("check", "drafts/a.txt", cwd=tmp_path)
    assert result.returncode == 0
    assert b"nothing to check" in result.stderr and b".deckcheck.yaml" in result.stderr
    (tmp_path / "empty").mkdir()
    result = run("check", "empty", cwd=tmp_path)
    assert result.returncode == 2 and b"no deck files found in empty" in result.stderr


def test_exclude_option_skips_matching_files(repository):
    result = run(
        "check", ".", "--format", "unlimited", "--date", DATE, "--exclude", "decks/old/", "-o", "json", cwd=repository
    )
    assert result.returncode == 0, result.stderr.decode()
    paths = [Path(r["path"]).as_posix() for r in json_report(result.stdout)["results"]]
    assert not any("old" in p for p in paths) and len(paths) == 3


def test_no_progress_bar_when_stderr_is_not_a_terminal(repository):
    result = run("check", ".", "--format", "unlimited", "--date", DATE, cwd=repository)
    assert b"Checking decks" not in result.stderr and b"\x1b[" not in result.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_appears_on_a_terminal_only_after_a_moment(monkeypatch):

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.delenv("TERM", raising=False)
    now = [100.0]
    with DeckProgress(3) as progress:
        progress.clock = lambda: now[0]
        progress.started = now[0]
        progress.advance("a.txt")
        assert progress.bar is None  # a quick run shows nothing
        now[0] += DeckProgress.DELAY + 0.1
        progress.advance("b.txt")
        assert progress.bar is not None
        progress.advance("c.txt")
    assert "Checking decks" in terminal.getvalue()
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a pipe: never a bar
    with DeckProgress(3) as progress:
        progress.clock = lambda: now[0] + 60
        progress.advance("a.txt")
        assert progress.bar is None


# -- the one folder walker: suffixes, hidden files, order, what is no regular file ---------------


def test_folders_expand_recursively_to_deck_suffixes_sorted_skipping_hidden(tmp_path):
    for name in [
        "b.txt",
        "notes.md",
        "image.png",
        ".hidden.txt",
        "sub/z.txt",
        "sub/inner/y.TXT",
        ".git/x.txt",
        ".venv/lib/deck.txt",
        "a2/m.txt",
    ]:
        write(tmp_path / name, "4 Iono PAL 185\n")
    for name in ["a.yaml", "d.yml"]:
        write(tmp_path / name, "cards:\n- {count: 4, name: Iono}\n")
    write(tmp_path / "c.json", '{"cards": [{"count": 4, "name": "Iono"}]}')
    selection = select_decks([str(tmp_path)], settings(Config(root=tmp_path), environ={}))
    assert relative(selection, tmp_path) == [
        "a.yaml",
        "a2/m.txt",
        "b.txt",
        "c.json",
        "d.yml",
        "sub/inner/y.TXT",
        "sub/z.txt",
    ]
    assert select_decks([str(tmp_path / "a2" / "..")], settings(Config(root=tmp_path), environ={})).decks
    (tmp_path / "empty").mkdir()
    assert select_decks([str(tmp_path / "empty")], settings(Config(root=tmp_path), environ={})) == (
        (),
        (),
        (),
        (),
        (),
        (),
        (),
    )


def test_files_named_explicitly_are_kept_whatever_their_suffix(tmp_path):
    md = str(write(tmp_path / "deck.md", "x"))
    txt = str(write(tmp_path / "deck.txt", "x"))
    assert select_decks([md, "-", txt], settings(Config(root=tmp_path), environ={})).decks == (md, "-", txt)


def test_parse_files_has_no_second_folder_walker():
    # discover.select_decks is the one walker (it honours .gitignore and the excludes); a second
    # one in deckcheck.parse.files would drift from it unseen, since the program never called it.
    import deckcheck.parse
    import deckcheck.parse.files

    assert not hasattr(deckcheck.parse.files, "find_deck_files")
    assert not hasattr(deckcheck.parse.files, "_deck_files_under")
    assert "find_deck_files" not in deckcheck.parse.__all__


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo (POSIX)")
def test_a_fifo_in_a_folder_is_not_a_deck(repository):
    os.mkfifo(repository / "decks" / "pipe.txt")
    selection = select_decks([str(repository)], settings(Config(root=repository), environ={}))
    assert "decks/pipe.txt" not in relative(selection, repository)
    result = run("check", ".", "--format", "unlimited", "--date", DATE, "-o", "json", cwd=repository)  # no hang
    assert result.returncode == 1, result.stderr.decode()
    assert len(json_report(result.stdout)["results"]) == 4


# -- patterns that cannot be compiled -----------------------------------------------------------------


def test_a_bad_gitignore_pattern_is_skipped_with_one_warning(repository):
    write(repository / ".gitignore", "build/\n[z-a]\n*.draft.txt\n!keep.draft.txt\nfoo\\\n")
    selection = select_decks(
        [str(repository), str(repository / "decks")], settings(Config(root=repository), environ={})
    )
    # The other patterns still apply, in their order.
    assert relative(selection, repository) == [
        "decks/a.txt",
        "decks/keep.draft.txt",
        "decks/old/d.txt",
        "decks/sub/c.txt",
    ]
    gitignore = repository / ".gitignore"
    assert selection.warnings == (  # once each, although two walks met the file
        f"{gitignore}:2: skipped the pattern '[z-a]', which is not a valid pattern: bad character range z-a",
        f"{gitignore}:5: skipped the pattern 'foo\\\\', which is not a valid pattern: "
        "it ends with a backslash that escapes nothing",
    )
    result = run("check", ".", "--format", "unlimited", "--date", DATE, cwd=repository)
    assert result.returncode == 1, result.stderr.decode()
    assert b"Traceback" not in result.stderr
    warnings = [line for line in result.stderr.decode().splitlines() if line.startswith("deckcheck: warning:")]
    assert warnings == [
        "deckcheck: warning: .gitignore:2: skipped the pattern '[z-a]', which is not a valid "
        "pattern: bad character range z-a",
        "deckcheck: warning: .gitignore:5: skipped the pattern 'foo\\\\', which is not a valid "
        "pattern: it ends with a backslash that escapes nothing",
    ]
    assert "4 decks checked" in result.stdout.decode()


def test_a_bad_exclude_pattern_is_a_usage_error(repository):
    result = run("check", ".", "--exclude", "[z-a]", cwd=repository)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert result.stderr.decode().strip() == (
        "deckcheck: error: --exclude '[z-a]' is not a valid pattern: bad character range z-a"
    )


@pytest.mark.parametrize(
    "text, line, key",
    [
        ("format: unlimited\nexclude:\n  - drafts/\n  - '[z-a]'\n", 4, "exclude[1]"),
        ("include: ['decks/**/*.txt', 'decks/[9-0]*.txt']\n", 1, "include[1]"),
        ("overrides:\n  - paths: ['[b-a]/**']\n    format: expanded\n", 2, "overrides[0].paths[0]"),
    ],
)
def test_a_bad_configured_pattern_is_a_usage_error_naming_file_and_line(repository, text, line, key):
    config = write(repository / ".deckcheck.yaml", text)
    result = run("check", ".", cwd=repository)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert result.stderr.decode().startswith(f"deckcheck: error: {config}:{line}: {key}: ")
    assert "is not a valid pattern" in result.stderr.decode()


def _nested_too_deep(root: Path) -> None:
    """decks/ddd.../ddd.../deck.txt, a path longer than the system takes (PATH_MAX)."""
    (root / "decks").mkdir()
    (root / "decks" / "a.txt").write_text(DECK)
    fd = os.open(root / "decks", os.O_RDONLY)
    try:
        for _ in range(25):
            os.mkdir("d" * 200, dir_fd=fd)
            inner = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("deck.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fd), "w") as handle:
            handle.write(DECK)
    finally:
        os.close(fd)


@pytest.mark.skipif(not hasattr(os, "O_DIRECTORY"), reason="needs dir_fd to build a path longer than PATH_MAX")
def test_a_folder_that_cannot_be_read_is_reported_unreadable_with_exit_code_2(tmp_path):
    _nested_too_deep(tmp_path)
    result = run("check", "decks", "--no-config", "--format", "unlimited", "-o", "json", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"cannot read the folder: File name too long" in result.stderr
    report = json.loads(result.stdout)
    results = report["results"]
    # A folder that cannot be read is a problem with the path, apart from the decks.
    (unreadable,) = report["problems"]
    assert unreadable["rule"] == "unreadable" and "File name too long" in unreadable["message"]
    assert any(r["path"] == "decks/a.txt" for r in results)  # the readable decks are still checked
    result = run("fmt", "decks", "--no-config", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"cannot read the folder" in result.stderr


def test_a_folder_without_permission_is_unreadable(tmp_path, monkeypatch):
    from deckcheck.project.config import Config, settings
    from deckcheck.project.discover import select_decks

    (tmp_path / "decks" / "locked").mkdir(parents=True)
    (tmp_path / "decks" / "a.txt").write_text(DECK)
    locked = str(tmp_path / "decks" / "locked")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)  # root reads every folder: permissions cannot be taken away
    run_settings = settings(Config(root=tmp_path), cwd=tmp_path)
    selection = select_decks([str(tmp_path / "decks")], run_settings)
    assert selection.unreadable == ((locked, "Permission denied"),)
    assert selection.decks == (str(tmp_path / "decks" / "a.txt"),)


def test_a_deferred_walk_leaves_each_walked_file_to_be_judged_in_order(tmp_path):
    from deckcheck.project.discover import JUDGE

    base = mixed_tree(tmp_path)
    run = settings(load_config(base / ".deckcheck.yaml"), environ={})
    deferred = select_decks([str(base)], run, defer=True)
    found = [(Path(os.path.relpath(path, base)).as_posix(), reason) for path, reason in deferred.found]
    assert [(path, reason is JUDGE) for path, reason in found] == [
        ("a-deck.txt", True),
        ("b-packs/club.yaml", False),
        ("c-notes.txt", True),
        ("d-deck.txt", True),
        ("e-empty.json", True),
    ]
    assert "packs" in found[1][1] and len(deferred.decks) == 4 and len(deferred.skipped) == 1
    # Judged here instead: the same files, the decks among them and the rest skipped, in order.
    judged = select_decks([str(base)], run)
    assert judged.found == () and relative(judged, base) == ["a-deck.txt", "d-deck.txt"]
    assert [Path(path).name for path, _reason in judged.skipped] == ["club.yaml", "c-notes.txt", "e-empty.json"]


def test_a_walk_is_held_as_its_folders_names_and_read_back_in_order(tmp_path):
    # A deferred walk keeps each folder's names (not a path per file): indexing, slices (the
    # worker processes take slices), membership and iteration give the paths in walk order,
    # a subfolder's files where its name sorts among its folder's files.
    from deckcheck.project.discover import listing

    names = ["a.txt", "b/c.txt", "b.txt", "ba/d/e.txt", "ba.txt", "c/a.txt", "z.txt"]
    for name in names:
        write(tmp_path / name, LEGAL)
    run = settings(Config(root=tmp_path), environ={})
    deferred = select_decks([str(tmp_path)], run, defer=True)
    paths = [os.path.join(str(tmp_path), name) for name in names]
    assert list(deferred.decks) == paths
    assert [deferred.decks[i] for i in range(-len(paths), len(paths))] == paths + paths
    assert deferred.decks[2:5] == paths[2:5] and len(deferred.decks) == len(paths)
    assert all(path in deferred.decks for path in paths) and paths[0] + "x" not in deferred.decks
    assert list(deferred.found) == [(path, True) for path in paths]
    both = listing(("missing.txt",), deferred.decks)
    assert list(both) == ["missing.txt", *paths] and both[1:3] == paths[:2]
    assert list(select_decks([str(tmp_path)], run).decks) == paths  # judged here: the same order


# -- the walk: os.walk with each file's type from the folder's listing -----------------------------

_KINDS = ("file", "folder", "fifo", "link to a file", "link to a folder", "link to nothing")


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="needs FIFOs and symbolic links")
@hypothesis_settings(max_examples=60, deadline=None)
@given(
    tree=st.lists(
        st.tuples(st.lists(st.sampled_from("abc"), min_size=1, max_size=3), st.sampled_from(_KINDS)), max_size=12
    )
)
def test_the_walk_is_os_walk_with_isfile(tree):
    """The walk lists what os.walk lists, in its order (links to folders listed, not followed), and
    sets apart exactly the names os.path.isfile refuses: a file's type is read from the listing."""
    import tempfile

    from deckcheck.project.discover import _tree

    with tempfile.TemporaryDirectory() as top:
        for parts, kind in tree:
            path = os.path.join(top, *parts)
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
            except OSError:
                continue  # a file or link already stands where a folder of this path would
            if os.path.lexists(path):
                continue
            if kind == "file":
                Path(path).write_text(DECK, encoding="utf-8")
            elif kind == "folder":
                os.mkdir(path)
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                target = {"link to a file": __file__, "link to a folder": top, "link to nothing": path + ".gone"}
                os.symlink(target[kind], path)
        errors: list[OSError] = []
        walked = [
            (folder, sorted(dirs), sorted(files), not_regular)
            for folder, dirs, files, not_regular in _tree(top, errors.append)
        ]
        expected = [
            (
                folder,
                sorted(dirs),
                sorted(files),
                {name for name in files if not os.path.isfile(os.path.join(folder, name))},
            )
            for folder, dirs, files in os.walk(top, onerror=errors.append)
        ]
        assert walked == expected and errors == []


def test_a_folder_the_walk_cannot_list_is_told_as_os_walk_tells_it(tmp_path):
    from deckcheck.project.discover import _tree

    told: list[OSError] = []
    assert list(_tree(str(tmp_path / "gone"), told.append)) == []
    assert [error.filename for error in told] == [str(tmp_path / "gone")]
