"""Shell completion: Typer's --install-completion / --show-completion, completing
format names (the configured packs folders too), output kinds and languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import PROJECT_ROOT, run_deckcheck


def complete(line: str, cwd: Path = PROJECT_ROOT) -> list[str]:
    """What bash completion offers for the last word of ``line`` (as Typer's bash script asks:
    the program run with these variables; here its ``main``, in this process)."""
    words = line.split(" ")
    env = {"_DECKCHECK_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    result = run_deckcheck(cwd=cwd, env=env, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_completion_options_are_offered():
    result = run_deckcheck("--help", text=True)
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout


@pytest.mark.parametrize(
    "line, offered",
    [
        ("deckcheck check --output j", ["json", "junit"]),
        ("deckcheck check -o s", ["sarif"]),
        ("deckcheck check --fail-on w", ["warning"]),
        ("deckcheck check --lang p", ["pt"]),
        ("deckcheck check --card-lang a", ["auto"]),
        ("deckcheck db update --lang de,f", ["de,fr"]),
        ("deckcheck db import-names x --lang a", ["all"]),
        ("deckcheck check --format modified-", ["modified-2001", "modified-2002"]),
        ("deckcheck fmt -f stan", ["standard", "standard-jp"]),
        ("deckcheck formats show exp", ["expanded"]),
    ],
)
def test_option_values_are_completed(line, offered):
    assert complete(line) == offered


def test_format_names_include_the_configured_packs_folder(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "club-league.yaml").write_text(
        "name: club-league\ndescription: ours\nextends: unlimited\nrules: []\n", encoding="utf-8"
    )
    (tmp_path / ".deckcheck.yaml").write_text("packs: [packs]\n", encoding="utf-8")
    assert complete("deckcheck check --format club", cwd=tmp_path) == ["club-league"]
    (tmp_path / ".deckcheck.yaml").write_text("packs: [packs\n", encoding="utf-8")  # broken: the installed ones
    assert complete("deckcheck check --format stan", cwd=tmp_path) == ["standard", "standard-jp"]
