"""The "Known formats" of a message name format packs only: ``formats lint`` offered every YAML
file beside the pack it lints -- deck files, a workflow, the pack itself -- as formats to extend,
and so did ``--format`` for a packs folder holding other YAML files."""

from __future__ import annotations

from pathlib import Path

from support import run_deckcheck as run

SHIPPED = "base-fossil, expanded, glc, half-deck, modified-2001, modified-2002, standard, standard-jp, unlimited"


def folder_of_yaml(root: Path) -> Path:
    root.mkdir()
    (root / "mypack.yaml").write_text("name: mypack\nextends: standrd\nrules: []\n", encoding="utf-8")
    (root / "house.yaml").write_text("name: house\nextends: unlimited\nrules: []\n", encoding="utf-8")
    (root / "deck.yaml").write_text("name: My deck\ncards:\n  - {count: 4, name: Iono}\n", encoding="utf-8")
    (root / "ci.yml").write_text("name: decks\non: [push]\njobs: {}\n", encoding="utf-8")
    (root / "notes.yaml").write_text("rules: are for reading\n", encoding="utf-8")
    return root


def known(message: str) -> list[str]:
    return message.split("Known formats: ", 1)[1].split(".", 1)[0].split(", ")


def test_formats_lint_offers_only_packs_to_extend(tmp_path):
    folder = folder_of_yaml(tmp_path / "packs")
    result = run("formats", "lint", str(folder / "mypack.yaml"), "--no-config", cwd=tmp_path, text=True)
    assert result.returncode == 1  # the pack has an error
    (line,) = [line for line in result.stdout.splitlines() + result.stderr.splitlines() if "Known formats" in line]
    assert "extends: unknown format 'standrd'" in line
    assert known(line) == sorted([*SHIPPED.split(", "), "house"])
    assert "Did you mean: standard, standard-jp?" in line


def test_format_of_a_packs_folder_names_only_its_packs(tmp_path):
    folder = folder_of_yaml(tmp_path / "packs")
    (tmp_path / ".deckcheck.yaml").write_text("packs: [packs]\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_text("4 Iono PAL 185\n", encoding="utf-8")
    result = run("check", "deck.txt", "--format", "hose", cwd=tmp_path, text=True)
    assert result.returncode == 2
    assert folder.is_dir()
    assert known(result.stderr) == sorted([*SHIPPED.split(", "), "house", "mypack"])
