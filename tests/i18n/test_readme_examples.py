"""The README's examples, as written: every card name example of "Deck lists in
German, French, ..." against the reference data with the languages the README imports, and the
configuration example's overrides."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from support import doc_text

from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.core.resolve import ResolveOptions, resolve_line
from deckcheck.names import deck_name
from deckcheck.parse import parse_text

README = doc_text("languages.md", "configuration.md")  # where the README's examples moved
AUTO = ResolveOptions()


def readme_block(after: str) -> str:
    """The first fenced block after the sentence ``after``."""
    start = README.index(after)
    opened = README.index("```", start)
    body = README.index("\n", opened) + 1
    return README[body : README.index("```", body)]


@pytest.fixture(scope="module")
def de_pt(reference_english_db, reference_tcgdex, tmp_path_factory):
    """The database as the README builds it: `db import-names ... --lang de,pt`."""
    from deckcheck.carddb.translations import import_names

    dest = tmp_path_factory.mktemp("readme-de-pt") / "cards.sqlite3"
    shutil.copyfile(reference_english_db, dest)
    import_names(reference_tcgdex, dest, ["de", "pt"])
    with SqliteIndex(dest) as index:
        yield index


@pytest.fixture(scope="module")
def every_language(reference_names):
    with SqliteIndex(reference_names.path) as index:
        yield index


def test_the_import_command_of_the_readme_imports_de_and_pt():
    assert "deckcheck db import-names path/to/tcgdex-export --lang de,pt" in README


def test_the_list_in_several_languages_reads_as_its_comments_say(de_pt):
    block = readme_block("Then a list may name its cards in any of these languages")
    expected = {  # the README line -> the English deck-building name it counts under
        "4 Enigmara PAL 185": "Iono",
        "2 Prof. Esche": "Professor Juniper",
        "2 Professor Juniper BLW 101": "Professor Juniper",
        "3 Glurak-ex OBF 125": "Charizard ex",
        "12 Feuer-Energie": "Fire Energy",
    }
    lines = [re.split(r"\s+#", line)[0].strip() for line in block.splitlines() if line.strip()]
    assert lines == list(expected)
    parsed = parse_text(block, "readme.txt")
    assert parsed.findings == ()
    for entry in parsed.placed():
        resolution = resolve_line(entry, de_pt, AUTO)
        assert resolution.findings == [], entry.raw
        name = deck_name(resolution.card.name, resolution.card.supertype).removeprefix("Basic ")
        assert name == expected[lines[entry.line - 1]], entry.raw
    # The comments' other spellings: "Professor Esche", "Glurak ex OBF 125".
    assert "(also: Professor Esche)" in block and '"Glurak ex OBF 125" too' in block
    for text, english in (
        ("1 Professor Esche", "Professor Juniper"),
        ("1 Glurak ex OBF 125", "Charizard ex"),
        ("1 Prof. Platan", "Professor Sycamore"),
    ):
        (entry,) = parse_text(text, "x.txt").entries
        resolution = resolve_line(entry, de_pt, AUTO)
        assert resolution.findings == [] and deck_name(resolution.card.name, resolution.card.supertype) == english


def test_the_ambiguous_name_examples(de_pt, every_language):
    bullet = README[README.index("* A name that means cards of different English names") :]
    bullet = bullet[: bullet.index("\n* ")]
    assert "German `Schildfossil`: Armor Fossil or Cover" in bullet and "Vortente" not in README
    (entry,) = parse_text("1 Schildfossil", "x.txt").entries
    resolution = resolve_line(entry, de_pt, AUTO)
    assert resolution.card is None
    (finding,) = resolution.findings
    assert finding.rule == "ambiguous-card" and "(Armor Fossil, Cover Fossil)" in finding.message
    # Lilia: German Iris alone with de,pt; ambiguous once French is imported too, as the README says.
    (entry,) = parse_text("1 Lilia", "x.txt").entries
    assert resolve_line(entry, de_pt, AUTO).card.name == "Iris"
    resolution = resolve_line(entry, every_language, AUTO)
    assert resolution.card is None and "Iris in German, Lileep in French" in resolution.findings[0].message
    assert resolve_line(entry, every_language, ResolveOptions(card_lang="de")).card.name == "Iris"


def test_the_configuration_example_as_written(tmp_path):
    from deckcheck.project.config import load_config, settings

    text = readme_block("A project can keep its settings in")
    assert text.startswith("# .deckcheck.yaml")
    (tmp_path / ".deckcheck.yaml").write_text(text, encoding="utf-8")
    run = settings(load_config(tmp_path), environ={})
    decks = tmp_path / "decks"
    assert run.format_for(str(decks / "expanded" / "night-march.txt"), None) == "expanded"
    assert run.format_for(str(decks / "retro" / "haymaker.txt"), None) == "base-fossil"
    assert run.date_for(str(decks / "retro" / "haymaker.txt")) == "2000-01-01"
    assert run.format_for(str(decks / "standard" / "charizard.txt"), None) == "standard"
    assert run.is_deck_file(str(decks / "expanded" / "night-march.txt"))

    start = README.index("```toml")
    toml = README[README.index("\n", start) + 1 : README.index("```", start + 7)]
    (tmp_path / ".deckcheck.yaml").unlink()
    (tmp_path / "pyproject.toml").write_text(toml, encoding="utf-8")
    run = settings(load_config(tmp_path), environ={})
    assert run.format_for(str(decks / "expanded" / "night-march.txt"), None) == "expanded"
    assert run.format_for(str(tmp_path / "expanded" / "x.txt"), None) == "expanded"
    assert run.format_for(str(decks / "standard" / "charizard.txt"), None) == "standard"
    yaml.safe_load(text)  # and the YAML example is YAML


def test_the_db_import_names_folder_may_be_the_export_or_its_v2_folder(small_db, small_tcgdex):
    from deckcheck.carddb.translations import import_names

    assert re.search(r"where `FOLDER` is the export's folder \(the one\s+that holds `v2/`\) or its `v2` folder", README)
    for folder in (small_tcgdex, small_tcgdex / "v2"):
        result = import_names(Path(folder), small_db, ["de"])
        assert result.names > 0, folder
