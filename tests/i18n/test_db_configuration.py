"""Every command honours the configuration's `db:`, and one rule for a database
that is named but missing: --db, $DECKCHECK_DB or `db:` naming no file is exit 2 with the same
message for every command that reads the database; without any, the built-in catalogue is used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from i18n_support import write_english_dataset
from support import PROJECT_ROOT, run_deckcheck


@pytest.fixture
def project(tmp_path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / ".deckcheck.yaml").write_text("db: data/cards.sqlite3\n", encoding="utf-8")
    return root


def run(*args: str, cwd: Path, home: Path):
    return run_deckcheck(
        *args, cwd=cwd, env={"XDG_DATA_HOME": str(home / "share"), "HOME": str(home), "DECKCHECK_DB": None}, text=True
    )


def test_db_commands_and_formats_lint_use_the_configured_db(project, small_tcgdex, tmp_path):
    configured = project / "data" / "cards.sqlite3"
    dataset = write_english_dataset(tmp_path / "dataset")
    missing = f"deckcheck: error: no card database at {configured}; build one with: deckcheck db import PATH"

    # Before the import: every reading command names the configured file, none falls back.
    for args in (["db", "info"], ["formats", "lint", "standard"], ["check", "-", "--format", "unlimited"]):
        result = run(*args, cwd=project, home=tmp_path)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert result.stderr.startswith(missing), (args, result.stderr)

    result = run("db", "import", str(dataset), cwd=project, home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"into {configured}" in result.stdout and configured.is_file()

    info = run("db", "info", cwd=project, home=tmp_path)
    assert info.returncode == 0 and f"Database:    {configured}" in info.stdout

    names = run("db", "import-names", str(small_tcgdex), "--lang", "de", cwd=project, home=tmp_path)
    assert names.returncode == 0, names.stderr
    assert f"names in {configured}" in names.stdout

    lint = run("formats", "lint", "unlimited", cwd=project, home=tmp_path)
    assert "no card database" not in lint.stderr

    archive = shutil.make_archive(str(tmp_path / "dataset-zip"), "zip", dataset)
    update = run(
        "db", "update", "--source", "pokemontcg", "--url", Path(archive).as_uri(), "--force", cwd=project, home=tmp_path
    )
    assert update.returncode == 0, update.stderr
    assert f"into {configured}" in update.stdout


def test_the_command_line_beats_the_configured_db(project, tmp_path):
    other = tmp_path / "other.sqlite3"
    result = run(
        "db", "import", str(write_english_dataset(tmp_path / "dataset")), "--db", str(other), cwd=project, home=tmp_path
    )
    assert result.returncode == 0 and other.is_file() and not (project / "data").exists()
    # --no-config: the user data directory, where nothing is installed: the built-in catalogue.
    info = run("db", "info", "--no-config", cwd=project, home=tmp_path)
    assert info.returncode == 0, info.stderr
    assert info.stdout.startswith(f"No card database at {tmp_path / 'share' / 'deckcheck' / 'cards.sqlite3'}.")
    assert "The built-in catalogue is used instead" in info.stdout


def test_a_missing_db_given_with_db_is_the_same_error_for_every_command(tmp_path):
    missing = tmp_path / "missing.sqlite"
    answers = [
        run(*args, "--db", str(missing), cwd=tmp_path, home=tmp_path)
        for args in (
            ["db", "info"],
            ["check", str(PROJECT_ROOT / "sample_decks" / "legal")],
            ["formats", "lint", "unlimited"],
        )
    ]
    assert [answer.returncode for answer in answers] == [2, 2, 2]
    first_lines = {answer.stderr.splitlines()[0] for answer in answers}
    assert first_lines == {
        f"deckcheck: error: no card database at {missing}; build one with: deckcheck db import PATH --db {missing}"
    }
