"""The pre-commit hook, for real: pre-commit installs deckcheck from this checkout
(through the package registry, as for any user) and runs it on `git commit`.

Slow-ish (pre-commit builds a virtualenv and installs deckcheck's dependencies
once, ~30-60 s), but it is the only way to show that .pre-commit-hooks.yaml
works as published.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support import PROJECT_ROOT, SAMPLE_DECKS

pytest.importorskip("pre_commit", reason="the pre-commit package is needed (pip install -e '.[test]')")
MANIFEST = PROJECT_ROOT / ".pre-commit-hooks.yaml"
# What pre-commit builds the hook from when this checkout is no git working tree.
HOOK_REPOSITORY_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "deckcheck", "formats")


def hooks() -> dict[str, dict]:
    return {hook["id"]: hook for hook in yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))}


def test_manifest_is_valid_for_pre_commit():
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-manifest", str(MANIFEST)], capture_output=True, timeout=120
    )
    assert result.returncode == 0, result.stdout.decode() + result.stderr.decode()
    hook = hooks()["deckcheck"]
    assert (hook["entry"], hook["language"], hook["pass_filenames"], hook["require_serial"]) == (
        "deckcheck check --skip-non-decks",
        "python",
        True,
        False,
    )


@pytest.mark.parametrize(
    "path, passed",
    [
        ("decks/charizard.txt", True),
        ("decks/standard/2026/lost-box.yaml", True),
        ("club/My Decks/gardevoir.yml", True),
        ("decks-2026/x.TXT", True),
        ("requirements.txt", True),  # passed to deckcheck, which skips it: it is no deck
        (".github/workflows/ci.yml", True),
        ("package.json", True),
        ("decks/README.md", False),
        ("decks/.deckcheck.yaml", False),
    ],
)
def test_files_pattern_passes_every_candidate_and_deckcheck_decides(path, passed):
    # Which staged files are decks is decided by deckcheck --skip-non-decks, as for a folder
    # walk (README "What counts as a deck"; tests/project/test_deck_repository.py runs the hook's entry).
    hook = hooks()["deckcheck"]
    matched = re.search(hook["files"], path) is not None and re.search(hook["exclude"], path) is None
    assert matched is passed


def git(*args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            "git",
            "-c",
            "user.name=Deck Builder",
            "-c",
            "user.email=decks@example.invalid",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=600,
    )


@pytest.fixture
def git_env(tmp_path) -> dict:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    global_config = tmp_path / "gitconfig"
    global_config.write_text("[init]\n\tdefaultBranch = main\n", encoding="utf-8")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_CONFIG_GLOBAL": str(global_config),
        "GIT_CONFIG_NOSYSTEM": "1",
        "PRE_COMMIT_COLOR": "never",
    }
    env.pop("NO_COLOR", None)
    return env


def hook_repository(tmp_path: Path, env: dict) -> tuple[Path, str]:
    """A git repository of this checkout's working tree (what CI tests is what is committed)."""
    repo = tmp_path / "deckcheck-hook"
    repo.mkdir()
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    if listed.returncode == 0:
        # Committed and new files, as they are now; not what .gitignore ignores.
        for name in filter(None, listed.stdout.decode("utf-8").split("\0")):
            source = PROJECT_ROOT / name
            if source.is_file():
                (repo / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, repo / name)
    else:
        for name in HOOK_REPOSITORY_FILES:
            source = PROJECT_ROOT / name
            if source.is_dir():
                shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, repo / name)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "deckcheck"]):
        result = git(*args, cwd=repo, env=env)
        assert result.returncode == 0, result.stderr.decode()
    sha = git("rev-parse", "HEAD", cwd=repo, env=env).stdout.decode().strip()
    return repo, sha


def test_commit_of_a_legal_deck_passes_and_an_illegal_deck_is_refused(tmp_path, git_env):
    hook_repo, sha = hook_repository(tmp_path, git_env)
    decks = tmp_path / "my-decks-repo"
    decks.mkdir()
    assert git("init", "-q", cwd=decks, env=git_env).returncode == 0
    (decks / ".pre-commit-config.yaml").write_text(
        "repos:\n"
        f"  - repo: {hook_repo.as_posix()}\n"
        f"    rev: {sha}\n"
        "    hooks:\n"
        "      - id: deckcheck\n"
        "        args: [--format, unlimited, --date, '2026-11-30']\n",
        encoding="utf-8",
    )
    (decks / "decks").mkdir()
    shutil.copy(SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt", decks / "decks" / "charizard.txt")
    # Not a deck: deckcheck must skip it, or every commit would fail.
    (decks / "requirements.txt").write_text("pre-commit>=3\n", encoding="utf-8")
    install = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=decks, env=git_env, capture_output=True, timeout=120
    )
    assert install.returncode == 0, install.stdout.decode() + install.stderr.decode()

    git("add", "-A", cwd=decks, env=git_env)
    legal = git("commit", "-m", "a legal deck", cwd=decks, env=git_env)
    output = legal.stdout.decode() + legal.stderr.decode()
    assert legal.returncode == 0, output
    assert re.search(r"deckcheck\.+Passed", output), output

    shutil.copy(SAMPLE_DECKS / "illegal" / "copy-limit.txt", decks / "decks" / "five-iono.txt")
    git("add", "-A", cwd=decks, env=git_env)
    illegal = git("commit", "-m", "an illegal deck", cwd=decks, env=git_env)
    output = illegal.stdout.decode() + illegal.stderr.decode()
    assert illegal.returncode != 0, output
    assert re.search(r"deckcheck\.+Failed", output), output
    assert "ILLEGAL  decks/five-iono.txt" in output
    flowing = " ".join(output.split())  # the text report wraps long messages
    assert "copy-limit lines 21, 22 The deck has 5 cards named Iono (lines 21, 22); the limit is 4 per name." in flowing
    assert git("rev-list", "--count", "HEAD", cwd=decks, env=git_env).stdout.strip() == b"1"  # refused

    # The project's configuration applies to the files pre-commit names: excluded drafts pass.
    (decks / ".deckcheck.yaml").write_text("exclude: ['decks/drafts/']\n", encoding="utf-8")
    (decks / "decks" / "drafts").mkdir()
    shutil.move(decks / "decks" / "five-iono.txt", decks / "decks" / "drafts" / "five-iono.txt")
    git("add", "-A", cwd=decks, env=git_env)
    draft = git("commit", "-m", "a draft", cwd=decks, env=git_env)
    output = draft.stdout.decode() + draft.stderr.decode()
    assert draft.returncode == 0, output  # the illegal deck itself is unchanged: it was excluded
    assert re.search(r"deckcheck\.+Passed", output), output


@pytest.mark.parametrize("page", ["README.md", "docs/pre-commit.md"])
def test_the_documented_configuration_works_and_autoupdate_pins_a_commit(page, tmp_path, git_env):
    """The snippet of the docs, with the repository it names replaced by this checkout: pre-commit
    accepts it, and `pre-commit autoupdate --freeze` (what the docs tell you to run) pins the newest
    commit of a repository without tags; a `rev` that names a tag the repository lacks fails."""
    text = (PROJECT_ROOT / page).read_text(encoding="utf-8")
    start = text.index("# .pre-commit-config.yaml")
    snippet = text[start : text.index("```", start)]
    assert "example.invalid/deckcheck.git" in snippet and "pre-commit autoupdate --freeze" in text
    hook_repo, sha = hook_repository(tmp_path, git_env)
    config = re.sub(r"https://example\.invalid/deckcheck\.git", hook_repo.as_posix(), snippet)
    decks = tmp_path / "my-decks"
    decks.mkdir()
    assert git("init", "-q", cwd=decks, env=git_env).returncode == 0
    (decks / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")

    def pre_commit(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", *args],
            cwd=decks,
            env=git_env,
            capture_output=True,
            text=True,
            timeout=300,
        )

    assert (done := pre_commit("validate-config", ".pre-commit-config.yaml")).returncode == 0, done.stdout + done.stderr
    assert (done := pre_commit("autoupdate", "--freeze")).returncode == 0, done.stdout + done.stderr
    pinned = yaml.safe_load((decks / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"][0]
    assert pinned["rev"] == sha
    assert [hook["id"] for hook in pinned["hooks"]] == ["deckcheck", "deckcheck-fmt"]

    # What the docs said before: `rev: v0.1.0`, a tag this repository does not have.
    (decks / ".pre-commit-config.yaml").write_text(re.sub(r"rev: \S+", "rev: v0.1.0", config), encoding="utf-8")
    done = pre_commit("run", "--all-files")
    assert done.returncode != 0 and "v0.1.0" in done.stdout + done.stderr
