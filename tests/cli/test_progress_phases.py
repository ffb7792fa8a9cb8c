"""Slow commands show their phases: db import, db import-names, db update and
formats lint draw a bar on a terminal; db update names every phase (download, verify, import,
names) and ends at 100 %, off a terminal too; --sha256 is checked before anything is downloaded."""

from __future__ import annotations

import hashlib
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, run_deckcheck

from deckcheck.cli.progress import Phases

pytest.importorskip("pty", reason="a pseudo-terminal is needed (POSIX)")


def dataset(root: Path) -> Path:
    """A small invented pokemontcg.io dataset (two sets)."""
    import json

    sets = [
        {"id": "tst1", "name": "Test Base", "series": "Test", "ptcgoCode": "TST", "releaseDate": "2024/01/26"},
        {"id": "tst2", "name": "Test Later", "series": "Test", "ptcgoCode": "TSL", "releaseDate": "2024/05/24"},
    ]
    cards = {
        "tst1": [
            {
                "id": "tst1-1",
                "name": "Sproutling",
                "supertype": "Pokémon",
                "subtypes": ["Basic"],
                "hp": "60",
                "types": ["Grass"],
                "number": "1",
            }
        ],
        "tst2": [
            {
                "id": "tst2-2",
                "name": "Test Ball",
                "supertype": "Trainer",
                "subtypes": ["Item"],
                "number": "2",
                "rules": ["Draw a card."],
            }
        ],
    }
    (root / "sets").mkdir(parents=True)
    (root / "cards" / "en").mkdir(parents=True)
    (root / "sets" / "en.json").write_text(json.dumps(sets), encoding="utf-8")
    for set_id, set_cards in cards.items():
        (root / "cards" / "en" / f"{set_id}.json").write_text(json.dumps(set_cards), encoding="utf-8")
    return root


def env(tmp_path: Path) -> dict:
    """The variables of a run: a terminal's, this test's folders, no database named."""
    return {
        "TERM": "xterm",
        "COLUMNS": "120",
        "XDG_DATA_HOME": str(tmp_path / "share"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "DECKCHECK_DB": None,
    }


def on_a_terminal(*args: str, cwd: Path, tmp_path: Path) -> tuple[int, str]:
    """Run deckcheck with standard error on a pseudo-terminal; (exit code, all it wrote there)."""
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", *args],
        cwd=cwd,
        env={**os.environ, **{k: v for k, v in env(tmp_path).items() if v is not None}},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=slave,
    )
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            if not data and process.poll() is not None:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    os.close(master)
    return process.wait(timeout=120), b"".join(chunks).decode("utf-8", errors="replace")


def off_a_terminal(*args: str, cwd: Path, tmp_path: Path):
    return run_deckcheck(*args, cwd=cwd, env=env(tmp_path), text=True)


def test_db_update_shows_each_phase_and_ends_at_100_percent_on_a_terminal(tmp_path):
    # A URL longer than the terminal is wide: the label gives way, not the percentages.
    far = tmp_path / ("a-mirror-folder-with-a-long-name-" * 4)
    far.mkdir()
    archive = Path(shutil.make_archive(str(far / "dataset"), "zip", dataset(tmp_path / "data")))
    assert len(f"Downloading {archive.as_uri()}") > 120
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    code, shown = on_a_terminal(
        "db",
        "update",
        "--source",
        "pokemontcg",
        "--url",
        archive.as_uri(),
        "--db",
        str(tmp_path / "c.sqlite3"),
        "--sha256",
        digest,
        cwd=tmp_path,
        tmp_path=tmp_path,
    )
    assert code == 0, shown
    places = [
        shown.find(label) for label in ("Downloading file://", "Verifying the archive (SHA-256)", "Importing the cards")
    ]
    assert -1 not in places and places == sorted(places), shown
    # The last drawing of the bars: every phase at 100 %.
    final = shown[shown.rfind("Downloading file://") :]
    assert final.count("100%") == 3, final


def test_db_update_off_a_terminal_names_the_phases_and_ends_on_the_full_size(tmp_path):
    archive = Path(shutil.make_archive(str(tmp_path / "dataset"), "zip", dataset(tmp_path / "data")))
    result = off_a_terminal(
        "db",
        "update",
        "--source",
        "pokemontcg",
        "--url",
        archive.as_uri(),
        "--db",
        str(tmp_path / "c.sqlite3"),
        cwd=tmp_path,
        tmp_path=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    # A small archive in kB, not "0.0 MB of 0.0 MB"; no "Verifying" without a --sha256 to verify.
    size = archive.stat().st_size
    shown = f"{size} bytes of {size} bytes" if size < 1000 else f"{size / 1e3:.1f} kB of {size / 1e3:.1f} kB"
    assert size < 1_000_000
    assert result.stderr.splitlines() == [
        f"Downloading {archive.as_uri()}",
        f"  {shown}",
        "Importing the cards",
    ]
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    result = off_a_terminal(
        "db",
        "update",
        "--source",
        "pokemontcg",
        "--url",
        archive.as_uri(),
        "--db",
        str(tmp_path / "d.sqlite3"),
        "--sha256",
        digest,
        cwd=tmp_path,
        tmp_path=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Verifying the archive (SHA-256)" in result.stderr.splitlines()


def test_sizes_are_shown_in_the_unit_of_their_size():
    from deckcheck.cli.progress import sizes

    assert sizes(2_900_000, 2_900_000, " of ") == "2.9 MB of 2.9 MB"
    assert sizes(12_400, 40_100, " of ") == "12.4 kB of 40.1 kB"
    assert sizes(512, None, " of ") == "512 bytes"
    assert sizes(400, 1_500_000, "/") == "0.0/1.5 MB"


def test_an_estimated_count_that_is_passed_becomes_an_open_count(monkeypatch):
    # "db import" showed 175/173 (its total is about one file per set).
    from deckcheck.cli.progress import Phases

    phases = Phases({"import": "Importing the cards"})
    phases.phase("import", 173)
    phases(172)
    assert phases._detail() == "172/173"
    phases(175)
    assert phases._detail() == "175" and phases.total is None


def test_db_import_and_import_names_draw_a_bar_on_a_terminal(tmp_path):
    sys.path.insert(0, str(PROJECT_ROOT / "tests" / "i18n"))
    from i18n_support import write_english_dataset, write_tcgdex  # the invented data of the i18n tests

    db = tmp_path / "c.sqlite3"
    code, shown = on_a_terminal(
        "db", "import", str(dataset(tmp_path / "data")), "--db", str(db), cwd=tmp_path, tmp_path=tmp_path
    )
    assert code == 0 and "Importing the cards" in shown and "100%" in shown, shown
    names_db = tmp_path / "names.sqlite3"
    assert (
        off_a_terminal(
            "db",
            "import",
            str(write_english_dataset(tmp_path / "en")),
            "--db",
            str(names_db),
            cwd=tmp_path,
            tmp_path=tmp_path,
        ).returncode
        == 0
    )
    code, shown = on_a_terminal(
        "db",
        "import-names",
        str(write_tcgdex(tmp_path / "tcgdex")),
        "--lang",
        "de",
        "--db",
        str(names_db),
        cwd=tmp_path,
        tmp_path=tmp_path,
    )
    assert code == 0, shown
    for label in ("Reading the card names", "Matching the names to the cards", "Writing the card names"):
        assert label in shown, shown
    # Off a terminal these commands print only their result.
    quiet = off_a_terminal(
        "db", "import", str(dataset(tmp_path / "data2")), "--db", str(db), cwd=tmp_path, tmp_path=tmp_path
    )
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_formats_lint_with_a_database_shows_it_is_reading_it(tmp_path):
    db = tmp_path / "c.sqlite3"
    assert (
        off_a_terminal(
            "db", "import", str(dataset(tmp_path / "data")), "--db", str(db), cwd=tmp_path, tmp_path=tmp_path
        ).returncode
        == 0
    )
    code, shown = on_a_terminal(
        "formats", "lint", "half-deck", "--db", str(db), "--no-config", cwd=tmp_path, tmp_path=tmp_path
    )
    assert "Reading the card database" in shown, shown


def test_a_malformed_sha256_is_refused_before_anything_is_downloaded(tmp_path):
    # Port 9 on loopback: nothing is fetched, and nothing should be tried.
    result = off_a_terminal(
        "db",
        "update",
        "--source",
        "pokemontcg",
        "--url",
        "http://127.0.0.1:9/data.zip",
        "--sha256",
        "abc",
        "--db",
        str(tmp_path / "c.sqlite3"),
        cwd=tmp_path,
        tmp_path=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "deckcheck: error: update failed, no card database was installed: "  # there was none
        "--sha256 must be 64 hexadecimal digits, not 'abc'"
    ]
    assert not (tmp_path / "c.sqlite3").exists()


def test_phases_off_a_terminal_report_a_download_to_its_end(capsys):
    with Phases({"download": "Downloading x", "import": "Importing"}, lines=True) as phases:
        phases.phase("download")
        phases(300_000, 2_900_000)
        phases(2_900_000, 2_900_000)
        phases.phase("import", 3)
        phases(1)
    assert capsys.readouterr().err.splitlines() == [
        "Downloading x",
        "  0.3 MB of 2.9 MB",
        "  2.9 MB of 2.9 MB",
        "Importing",
    ]
    with Phases({"download": "Downloading x"}) as phases:  # without lines: nothing off a terminal
        phases.phase("download")
        phases(5, 10)
    assert capsys.readouterr().err == ""


def test_every_download_of_a_phase_is_shown_to_its_end(capsys):
    # `db update --lang` downloads a list of cards (1.2 MB) and one of sets in one phase;
    # the end of the first was never shown ("0.3 MB of 1.2 MB", then the sets).
    with Phases({"names-download": "Downloading the card names (de)"}, lines=True) as phases:
        phases.phase("names-download")
        phases(300_000, 1_200_000)
        phases(1_200_000, 1_200_000)
        phases(16_000, 31_500)
        phases(31_500, 31_500)
    assert capsys.readouterr().err.splitlines() == [
        "Downloading the card names (de)",
        "  0.3 MB of 1.2 MB",
        "  1.2 MB of 1.2 MB",
        "  16.0 kB of 31.5 kB",
        "  31.5 kB of 31.5 kB",
    ]


def test_the_import_total_is_the_number_of_files_read_and_never_changes(tmp_path):
    # The bar's total went from 173 (the sets listed in sets/en.json) to 175 (the card
    # files, two of them for sets not listed yet) while it ran.
    import json

    from deckcheck.carddb.build import build_database

    data = dataset(tmp_path / "data")
    unlisted = [{"id": "new9-1", "name": "Newcomer", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "1"}]
    (data / "cards" / "en" / "new9.json").write_text(json.dumps(unlisted), encoding="utf-8")
    seen: list[tuple[str, int | None]] = []
    build_database(
        data,
        tmp_path / "c.sqlite3",
        phase=lambda key, total: seen.append((key, total)),
        progress=lambda done, total: seen.append(("progress", done)),
    )
    assert seen == [("import", 3), ("progress", 1), ("progress", 2), ("progress", 3)]
