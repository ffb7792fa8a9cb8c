"""``deckcheck sheet`` as a user meets it: a deck that is not legal gets
no file (its findings are printed, exit 1) unless --force, which marks the sheet;
no file is overwritten without --force; the file is named after the deck; bad
options are one-line usage errors (exit 2); without reportlab the command says
which extra to install. The built-in catalogue is enough here (no card data)."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import SAMPLE_DECKS, run_process
from support import run_deckcheck as run

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

LEGAL = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
ILLEGAL = SAMPLE_DECKS / "illegal" / "copy-limit.txt"
DAY = "2026-11-30"


def pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def copy(deck: Path, folder: Path) -> Path:
    target = folder / deck.name
    target.write_bytes(deck.read_bytes())
    return target


def test_a_legal_deck_gets_its_sheet_named_after_it(tmp_path):
    deck = copy(LEGAL, tmp_path)
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config")
    assert done.returncode == 0, done.stderr.decode()
    sheet = tmp_path / "haymaker-base-set.pdf"
    assert sheet.is_file() and sheet.read_bytes().startswith(b"%PDF-")
    assert done.stderr.decode().splitlines()[-1] == f"deckcheck: wrote {sheet} (1 page)"
    assert b"legal" in done.stdout  # the check's own report, as deckcheck check prints it
    text = pdf_text(sheet)
    assert "Deck Registration Sheet" in text and "NOT LEGAL" not in text
    # The same check: the same report and exit code as deckcheck check.
    check = run("check", str(deck), "--format", "unlimited", "--date", DAY, "--no-config")
    assert (check.returncode, check.stdout) == (done.returncode, done.stdout)


def test_an_illegal_deck_writes_no_file_and_prints_its_findings(tmp_path):
    deck = copy(ILLEGAL, tmp_path)
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config")
    assert done.returncode == 1
    assert b"copy-limit" in done.stdout
    assert "no sheet written" in done.stderr.decode() and "--force" in done.stderr.decode()
    assert list(tmp_path.iterdir()) == [deck]
    out = tmp_path / "elsewhere.pdf"
    assert (
        run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "-o", str(out)).returncode == 1
    )
    assert not out.exists()


def test_force_writes_the_sheet_of_an_illegal_deck_marked_not_legal(tmp_path):
    deck = copy(ILLEGAL, tmp_path)
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "--force")
    assert done.returncode == 1  # still the check's exit code
    sheet = tmp_path / "copy-limit.pdf"
    assert f"marked NOT LEGAL ON {DAY}" in done.stderr.decode()
    text = pdf_text(sheet)
    assert f"NOT LEGAL ON {DAY}" in text
    # The box of the day says the verdict too, never "Legal on".
    assert f"{DAY}: NOT LEGAL" in text and "Checked by deckcheck on" in text and "Legal on" not in text


def test_an_existing_file_is_not_overwritten_without_force(tmp_path):
    deck = copy(LEGAL, tmp_path)
    sheet = tmp_path / "haymaker-base-set.pdf"
    sheet.write_bytes(b"my own notes")
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config")
    assert done.returncode == 2
    assert (
        done.stderr.decode()
        == f"deckcheck: error: {sheet} exists: --force overwrites it (or give another -o FILE.pdf)\n"
    )
    assert sheet.read_bytes() == b"my own notes"
    assert run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "--force").returncode == 0
    assert sheet.read_bytes().startswith(b"%PDF-")
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []  # no temporary file left


def test_standard_input_needs_an_output_file(tmp_path):
    text = LEGAL.read_bytes()
    done = run("sheet", "-", "--format", "unlimited", "--date", DAY, "--no-config", stdin=text, cwd=tmp_path)
    assert done.returncode == 2 and b"needs -o FILE.pdf" in done.stderr
    out = tmp_path / "mine.pdf"
    done = run(
        "sheet", "-", "--format", "unlimited", "--date", DAY, "--no-config", "-o", str(out), stdin=text, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr.decode()
    assert out.read_bytes().startswith(b"%PDF-")


def test_player_fields_go_on_the_sheet(tmp_path):
    deck = copy(LEGAL, tmp_path)
    done = run(
        "sheet",
        str(deck),
        "--format",
        "unlimited",
        "--date",
        DAY,
        "--no-config",
        "--player",
        "Brock Harrison",
        "--player-id",
        "0042",
        "--birth",
        "1990-02-28",
        "--paper",
        "a4",
    )
    assert done.returncode == 0, done.stderr.decode()
    text = pdf_text(tmp_path / "haymaker-base-set.pdf")
    assert "Brock Harrison" in text and "0042" in text and "1990" in text
    from pypdf import PdfReader

    box = PdfReader(tmp_path / "haymaker-base-set.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4


TOMORROW = (dt.date.today() + dt.timedelta(days=1)).isoformat()


@pytest.mark.parametrize(
    "options, message",
    [
        (("--player-id", "12-345"), "--player-id: the Player ID must be digits only, not '12-345'"),
        (("--player-id", "１２３"), "--player-id: the Player ID must be digits only, not '１２３'"),
        (("--birth", TOMORROW), f"--birth: the date of birth {TOMORROW} is in the future"),
        (("--birth", "1899-12-31"), "--birth: the date of birth 1899-12-31 is before 1900"),
        (("--birth", "31.12.2001"), "--birth: the date of birth must be a day like 2010-05-31, not '31.12.2001'"),
        (("--division", "seniors"), "--division: the age division must be junior, senior or masters, not 'seniors'"),
        (
            ("--player", "名前"),
            (
                "--player: the player name has characters the sheet's font cannot draw (名前): give a font that has them with --font FILE.ttf"
            ),
        ),
        (("--paper", "a5"), "--paper must be letter or a4, not 'a5'"),
        (("--date", "tomorrow"), "--date must be a date like 2026-04-10, not 'tomorrow'"),
    ],
)
def test_bad_options_are_one_line_usage_errors_and_write_nothing(options, message, tmp_path):
    deck = copy(LEGAL, tmp_path)
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", *options)
    assert done.returncode == 2
    assert done.stderr.decode() == f"deckcheck: error: {message}\n"
    assert list(tmp_path.iterdir()) == [deck]


def test_a_folder_or_a_missing_deck_is_a_usage_error(tmp_path):
    done = run("sheet", str(tmp_path), "--no-config")
    assert (
        done.returncode == 2
        and done.stderr.decode() == f"deckcheck: error: {tmp_path} is a folder: deckcheck sheet takes one deck file\n"
    )
    done = run("sheet", str(tmp_path / "nope.txt"), "--no-config")
    assert done.returncode == 2 and b"no such file" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_without_reportlab_the_command_says_which_extra_to_install(tmp_path):
    fake = tmp_path / "site" / "reportlab"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError(\"No module named 'reportlab'\", name='reportlab')\n")
    deck = copy(LEGAL, tmp_path)
    done = run_process(  # an installation without reportlab: a process of its own
        "sheet",
        str(deck),
        "--no-config",
        env={"PYTHONPATH": os.pathsep.join([str(tmp_path / "site"), *filter(None, [os.environ.get("PYTHONPATH")])])},
    )
    assert done.returncode == 2
    assert done.stderr.decode() == (
        "deckcheck: error: deckcheck sheet needs the PDF library reportlab (the sheet "
        "extra): pip install 'deckcheck[sheet]'\n"
    )
    assert not (tmp_path / "haymaker-base-set.pdf").exists()


def test_a_deck_with_a_line_naming_no_card_is_not_verified_not_illegal(tmp_path):
    # docs/rulings.md, "The verdict words": a line that names no card makes the deck NOT VERIFIED (its
    # legality cannot be shown), which the refusal and a forced sheet say as such.
    lines = LEGAL.read_text(encoding="utf-8").splitlines()
    first = next(i for i, text in enumerate(lines) if text[:1].isdigit())
    count = lines[first].split()[0]
    lines[first] = f"{count} Hitmonchun"
    deck = tmp_path / "typo.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config")
    assert done.returncode == 1
    assert b"unknown-card" in done.stdout and b"NOT VERIFIED" in done.stdout
    assert (
        f"deckcheck: no sheet written: {deck} could not be verified in unlimited on {DAY} "
        "(--force writes it marked NOT VERIFIED)"
    ) in done.stderr.decode()
    assert not (tmp_path / "typo.pdf").exists()
    forced = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "--force")
    assert forced.returncode == 1
    assert f"marked NOT VERIFIED ON {DAY}" in forced.stderr.decode()
    text = pdf_text(tmp_path / "typo.pdf")
    assert f"NOT VERIFIED ON {DAY}" in text and "NOT LEGAL" not in text and "NOT verified in" in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo (POSIX)")
@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_fifo_a_device_or_a_link_is_never_replaced_by_a_sheet(tmp_path, force):
    """`-o X --force` replaced a FIFO with a regular file (as root, /dev/null too)."""
    deck = copy(LEGAL, tmp_path)
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    real = tmp_path / "real.pdf"
    real.write_bytes(b"mine")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    targets = [fifo, link]
    device = tmp_path / "null.pdf"  # a device node of its own: a regression must not replace /dev/null
    if hasattr(os, "mknod") and os.geteuid() == 0:
        import stat

        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        targets.append(device)
    for target in targets:
        done = run("sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "-o", str(target), *force)
        assert done.returncode == 2, done.stderr.decode()
        assert done.stderr.decode().endswith(
            f"{target} is not a regular file (a pipe, a device or a link): "
            "the sheet is written only to a new or a regular file\n"
        )
    assert fifo.is_fifo() and link.is_symlink() and real.read_bytes() == b"mine"
    assert device.is_char_device() or device not in targets


def test_of_overlapping_runs_without_force_one_writes_the_sheet(tmp_path):
    """8 simultaneous runs without --force all wrote race.pdf, each replacing the last."""
    deck = copy(LEGAL, tmp_path)
    target = tmp_path / "race.pdf"
    args = [sys.executable, "-m", "deckcheck", "sheet", str(deck), "--format", "unlimited", "--date", DAY]
    runs = [
        subprocess.Popen([*args, "--no-config", "-o", str(target)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(8)
    ]
    results = [(process.wait(timeout=120), process.stderr.read().decode()) for process in runs]
    wrote = [err for code, err in results if code == 0]
    assert len(wrote) == 1, results
    refused = [err for code, err in results if code == 2]
    assert len(refused) == 7 and all("exists: --force overwrites it" in err for err in refused), results
    assert target.read_bytes().startswith(b"%PDF-")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_a_decomposed_player_name_is_drawn_as_written(tmp_path):
    """`Zoë` as e + U+0308 (as macOS gives it) was refused: NFC first."""
    deck = copy(LEGAL, tmp_path)
    target = tmp_path / "zoe.pdf"
    done = run(
        "sheet", str(deck), "--format", "unlimited", "--date", DAY, "--no-config", "-o", str(target),
        "--player", "Zoe\u0308 Martin",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    assert "Zoë Martin" in pdf_text(target)
