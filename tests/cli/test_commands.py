"""The command line as users and scripts see it: output, exit codes, bad input."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, assert_golden, doc_text, json_report
from support import run_deckcheck as run

GOLDEN = PROJECT_ROOT / "tests" / "golden"
DATE = "2026-11-30"


def golden(name: str, actual: str) -> None:
    assert_golden(GOLDEN / name, actual)


def test_sample_decks_text_report_matches_golden():
    result = run("check", "sample_decks", "--date", DATE, "--format", "unlimited")
    assert result.returncode == 1, result.stderr.decode()
    golden("sample_decks.unlimited.txt", result.stdout.decode())
    assert b"built-in catalogue" in result.stderr  # says why no database is used


def test_sample_decks_json_report_matches_golden():
    result = run("check", "sample_decks", "--date", DATE, "--format", "unlimited", "--output", "json")
    assert result.returncode == 1
    report = json_report(result.stdout)
    golden("sample_decks.unlimited.json", result.stdout.decode())
    assert report["version"] == 1
    by_path = {Path(r["path"]).name: r for r in report["results"]}
    legal = {Path(p).name for folder in ("legal", "warning") for p in (SAMPLE_DECKS / folder).iterdir()}
    assert {name for name, r in by_path.items() if r["legal"]} == legal
    for path in (SAMPLE_DECKS / "legal").iterdir():
        assert by_path[path.name]["findings"] == [], path.name
    for path in (SAMPLE_DECKS / "warning").iterdir():
        assert [f["rule"] for f in by_path[path.name]["findings"]] == [path.stem], path.name
    for path in (SAMPLE_DECKS / "illegal").iterdir():
        rules = {f["rule"] for f in by_path[path.name]["findings"] if f["severity"] == "error"}
        assert path.stem in rules, f"{path.name} should show the rule it is named after"
    for result in report["results"]:
        for finding in result["findings"]:
            assert set(finding) == {"rule", "severity", "message", "lines", "cards", "hint"}


def test_legal_decks_exit_zero_and_quiet_prints_only_the_summary():
    result = run("check", "sample_decks/legal", "--date", DATE, "--format", "unlimited", "--quiet")
    assert result.returncode == 0, result.stdout.decode()
    assert "LEGAL" not in result.stdout.decode()
    assert "decks checked" in result.stdout.decode()


def test_standard_input_is_read_with_dash():
    deck = (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_bytes()
    result = run("check", "-", "--date", DATE, "--format", "unlimited", "-o", "json", stdin=deck)
    assert result.returncode == 1
    (deck_result,) = json_report(result.stdout)["results"]
    assert [f["rule"] for f in deck_result["findings"]] == ["copy-limit"]


def test_unknown_format_is_a_usage_error():
    result = run("check", "sample_decks/legal", "--format", "standrad")
    assert result.returncode == 2
    assert b"unknown format 'standrad'" in result.stderr
    assert b"Traceback" not in result.stderr


def test_missing_path_and_bad_date_are_usage_errors():
    assert run("check", "no/such/deck.txt").returncode == 2
    result = run("check", "sample_decks/legal", "--date", "30.11.2026")
    assert result.returncode == 2 and b"--date" in result.stderr


def test_explicit_missing_database_is_a_usage_error(tmp_path):
    result = run("check", "sample_decks/legal", "--db", str(tmp_path / "none.sqlite3"))
    assert result.returncode == 2
    assert b"deckcheck db import" in result.stderr


def test_bad_files_are_reported_and_the_others_still_checked(tmp_path):
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02 not a deck")
    (tmp_path / "latin1.txt").write_bytes("4 Pok\xe9mon Catcher\n".encode("latin-1"))
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "broken.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    (tmp_path / "counts.txt").write_text("0 Iono PAL 185\n-1 Iono PAL 185\n99999999999 Iono PAL 185\n")
    good = tmp_path / "good.txt"
    good.write_bytes((SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_bytes())
    result = run("check", str(tmp_path), "--date", DATE, "--format", "unlimited", "-o", "json")
    assert b"Traceback" not in result.stderr
    assert result.returncode == 1
    report = json_report(result.stdout)
    results = {Path(r["path"]).name: r for r in report["results"]}
    assert results["good.txt"]["legal"] is True
    # Found in a folder, a binary or empty file and a YAML file without "cards" are no decks:
    # skipped (README "What counts as a deck"); a wrongly encoded list and bad counts are decks' problems.
    assert sorted(Path(p).name for p in report["skipped"]) == ["binary.txt", "broken.yaml", "empty.txt"]
    for name in ("latin1.txt", "counts.txt"):
        assert results[name]["legal"] is False, name
        assert results[name]["findings"], name
    assert [f["lines"] for f in results["counts.txt"]["findings"] if f["rule"] == "syntax"][:3] == [[1], [2], [3]]
    # Named on the command line, every one is checked and reported.
    named = [str(tmp_path / name) for name in ("binary.txt", "empty.txt", "broken.yaml", "good.txt")]
    result = run("check", *named, "--date", DATE, "--format", "unlimited", "-o", "json")
    # A binary or empty file is no deck list: a problem with the path, exit code 2.
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    report = json_report(result.stdout)
    results = {Path(r["path"]).name: r for r in report["results"]}
    assert results["broken.yaml"]["legal"] is False and results["broken.yaml"]["findings"]
    assert sorted(Path(p["path"]).name for p in report["problems"]) == ["binary.txt", "empty.txt"]


def test_no_color_and_pipes_get_plain_text():
    result = run("check", "sample_decks/illegal/radiant.txt", "--format", "unlimited", env={"NO_COLOR": "1"})
    assert b"\x1b[" not in result.stdout


def test_version_and_python_dash_m():
    result = run("--version")
    assert result.returncode == 0
    from deckcheck import __version__

    assert result.stdout.decode().strip() == f"deckcheck {__version__}"


def test_rules_command_lists_every_kind_with_examples():
    from deckcheck.rules import KINDS

    out = run("rules").stdout.decode()
    for name in KINDS:
        assert f"{name}:" in out


def test_formats_list_and_show():
    out = run("formats", "list").stdout.decode()
    assert "unlimited" in out
    out = run("formats", "show", "unlimited").stdout.decode()
    assert "copy-limit" in out and "ace-spec" in out


@pytest.mark.parametrize("output", ["text", "json"])
def test_db_info_without_database_explains_the_catalogue(output):
    result = run("db", "info")
    assert result.returncode == 0
    assert b"built-in catalogue" in result.stdout


def test_formats_show_on_a_day_and_lint_with_lines(tmp_path):
    out = run("formats", "show", "standard", "--date", "2024-03-10").stdout.decode()
    assert "standard on 2024-03-10" in out
    assert "regulation marks E, F, G (2023 rotation, since 2023-04-14)" in out
    pack = tmp_path / "league.yaml"
    pack.write_text(
        "name: league\nextends: standard\nrules:\n  - id: not-legal\n    kind: card-pool\n"
        "    seasons:\n      - {from: 2025-04-11, marks: [G]}\n      - {from: 2024-04-05, marks: [F]}\n"
    )
    result = run("formats", "lint", str(pack), "formats/standard.yaml")
    assert result.returncode == 1
    assert f"{pack}:8: error: rules[0].seasons[1].from: season dates out of order".encode() in result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: broken\nrules:\n  - id: deck-size\n    kind: deck-sise\n")
    result = run("formats", "lint", str(broken))
    assert result.returncode == 1 and f"{broken}:4".encode() in result.stderr
    assert b"Traceback" not in result.stderr


# -- review fixes: every deck is reported, nothing crashes ---------------------------------


def test_a_missing_path_is_reported_and_the_other_decks_still_checked(tmp_path):
    missing = str(tmp_path / "nonexistent.txt")
    result = run("check", missing, "sample_decks/illegal/copy-limit.txt", "--date", DATE, "-o", "json")
    assert result.returncode == 2, result.stderr.decode()
    assert f"{missing}: no such file or directory".encode() in result.stderr
    assert b"Traceback" not in result.stderr
    report = json_report(result.stdout)
    results = {r["path"]: r for r in report["results"]}
    assert [f["rule"] for f in results["sample_decks/illegal/copy-limit.txt"]["findings"]] == ["copy-limit"]
    # The missing path is a problem with the path, apart from the decks.
    assert missing not in results
    (problem,) = report["problems"]
    assert (problem["path"], problem["rule"]) == (missing, "unreadable") and "does not exist" in problem["message"]
    junit = run("check", missing, "sample_decks/illegal/copy-limit.txt", "--date", DATE, "-o", "junit")
    assert junit.returncode == 2 and b'tests="2" failures="1" errors="1"' in junit.stdout
    assert b'<error message="The deck file' in junit.stdout and b'type="unreadable"' in junit.stdout
    text = run("check", missing, "sample_decks/illegal/copy-limit.txt", "--date", DATE)
    assert b"1 deck checked: 0 legal, 1 illegal." in text.stdout and b"NOT CHECKED  " in text.stdout
    assert b"1 path was not checked: it cannot be read as a deck" in text.stdout


def test_fmt_goes_on_past_a_missing_path(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")  # no section header: not formatted
    result = run("fmt", "--check", str(tmp_path / "nonexistent.txt"), str(deck), "--format", "unlimited")
    assert result.returncode == 2
    assert b"nonexistent.txt: no such file or directory" in result.stderr and b"Traceback" not in result.stderr
    assert f"would reformat {deck}".encode() in result.stderr  # the other list was still looked at


UNKNOWN_FORMAT_DECK = "# format: standrd\n" + (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(
    encoding="utf-8"
).replace("# format:", "# was-format:")


@pytest.mark.parametrize("output", ["json", "junit", "sarif", "text"])
def test_a_deck_whose_own_format_is_unknown_is_in_every_report(tmp_path, output):
    bad = tmp_path / "typo.txt"
    bad.write_text(UNKNOWN_FORMAT_DECK, encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_bytes((SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_bytes())
    result = run("check", str(bad), str(good), "--date", DATE, "-o", output)
    assert result.returncode == 2, result.stderr.decode()
    assert b"Traceback" not in result.stderr
    # Said once: in the text report, else on standard error beside the report.
    assert (b"standrd" in result.stderr) == (output != "text")
    out = result.stdout.decode()
    if output == "json":
        report = json_report(out)
        assert report["legal"] is False
        # A deck that could not be checked is NOT CHECKED, one of the report's
        # problems, never an illegal deck among the results (docs/rulings.md, "The verdict words").
        (good,) = report["results"]
        assert Path(good["path"]).name == "good.txt" and good["legal"] is True
        (typo,) = report["problems"]
        assert Path(typo["path"]).name == "typo.txt" and typo["rule"] == "unknown-format"
        assert "standrd" in typo["message"] and "standard" in typo["message"]  # names the known ones
        assert typo["hint"].startswith("Did you mean standard, standard-jp?")
    elif output == "junit":
        assert 'tests="2"' in out and 'failures="0"' in out and 'errors="1"' in out and 'type="unknown-format"' in out
    elif output == "sarif":
        (run_,) = json.loads(out)["runs"]
        assert run_["results"] == []
        (notification,) = run_["invocations"][0]["toolExecutionNotifications"]
        assert notification["descriptor"] == {"id": "unknown-format"}
    else:
        assert "NOT CHECKED  " in out and "unknown-format" in out and "ILLEGAL" not in out
        assert "1 deck checked: 1 legal, 0 illegal.\n1 path was not checked" in out


def test_a_deck_format_that_is_no_name_is_an_unknown_format(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("# format: ../../etc/passwd.yaml\n4 Iono PAL 185\n", encoding="utf-8")
    result = run("check", str(deck), "--date", DATE, "-o", "json")
    assert result.returncode == 2
    (problem,) = json_report(result.stdout)["problems"]
    assert problem["rule"] == "unknown-format"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo (POSIX)")
def test_a_fifo_named_on_the_command_line_is_reported_not_waited_for(tmp_path):
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    result = run("check", str(fifo), "--date", DATE, "--format", "unlimited", "-o", "json")  # run() times out
    # A FIFO is no deck list, so no illegal deck: a problem with the path, exit code 2.
    assert result.returncode == 2, result.stderr.decode()
    report = json_report(result.stdout)
    assert report["results"] == [] and report["legal"] is False
    (problem,) = report["problems"]
    assert problem["rule"] == "unreadable" and "not a regular file" in problem["message"]
    assert b"deckcheck: error: " in result.stderr and b"not a regular file" in result.stderr


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize(
    "args",
    [
        ("check", "sample_decks/illegal/copy-limit.txt", "--date", DATE),
        ("check", "sample_decks/illegal/copy-limit.txt", "--date", DATE, "--lang", "de", "--quiet"),
        ("rules",),
    ],
)
def test_output_survives_a_terminal_that_is_not_utf8(encoding, args):
    result = run(*args, env={"PYTHONIOENCODING": encoding})
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    assert result.returncode == (1 if args[0] == "check" else 0)
    # (click writes UTF-8 where the stream says ASCII; either way nothing is lost to a traceback)
    out = result.stdout.decode(encoding, errors="replace")
    assert ("copy-limit" if args[0] == "check" else "copy-limit:") in out


def test_quiet_is_documented_as_showing_only_failing_decks():
    help_text = " ".join(run("check", "--help").stdout.decode().split())
    assert "Only show the decks that fail (errors, or warnings with --fail-on warning)" in help_text
    readme = " ".join(doc_text("check.md").split())
    assert "`--quiet` shows only the decks that fail (errors, or warnings with `--fail-on warning`)" in readme
    assert "decks with findings" not in readme and "decks without findings" not in readme


def test_formats_lint_takes_a_pack_name_and_a_missing_file_is_a_usage_error(tmp_path):
    result = run("formats", "lint", "unlimited")
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    assert result.returncode == 0 and result.stdout.decode().strip().endswith("unlimited.yaml: ok")
    missing = tmp_path / "missing.yaml"
    result = run("formats", "lint", str(missing), "formats/unlimited.yaml")
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert str(missing).encode() in result.stderr
    assert b"unlimited.yaml: ok" in result.stdout  # the other packs are still linted
    assert run("formats", "lint", str(tmp_path)).returncode == 2  # a folder is no pack file


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf"])
def test_db_update_needs_a_positive_finite_timeout(tmp_path, value):
    result = run(
        "db",
        "update",
        f"--timeout={value}",
        "--url",
        "http://127.0.0.1:9/x.zip",
        "--db",
        str(tmp_path / "cards.sqlite3"),
    )
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert result.stderr.decode().strip().splitlines() == [
        f"deckcheck: error: --timeout must be a number of seconds greater than 0, not {float(value):g}"
    ]
    assert list(tmp_path.iterdir()) == []  # nothing was locked, downloaded or written


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:99999/x.zip"])
def test_db_update_with_a_url_that_cannot_be_parsed_fails_in_one_line(tmp_path, url):
    result = run("db", "update", "--url", url, "--db", str(tmp_path / "cards.sqlite3"))
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    (line,) = result.stderr.decode().strip().splitlines()
    # There was no database, so none is "unchanged": none was installed.
    assert line.startswith("deckcheck: error: update failed, no card database was installed: ")
    assert url in line and "not a valid URL" in line
    installed = tmp_path / "installed.sqlite3"
    installed.write_bytes(b"")  # an empty file: a database to replace, so it stays as it was
    again = run("db", "update", "--url", url, "--db", str(installed))
    assert again.stderr.decode().startswith("deckcheck: error: update failed, the installed database is unchanged: ")


def test_one_definition_of_the_output_and_fail_on_choices():
    from deckcheck import cli, render
    from deckcheck.project import config
    from deckcheck.project.config import config_schema

    assert cli.OUTPUTS is render.OUTPUTS and cli.FAIL_ON is render.FAIL_ON
    assert not hasattr(config, "OUTPUTS") and not hasattr(config, "FAIL_ON")  # no second copy to drift
    schema = config_schema()["properties"]
    assert tuple(schema["output"]["enum"]) == render.OUTPUTS
    assert tuple(schema["fail_on"]["enum"]) == render.FAIL_ON


def test_a_deck_with_an_unknown_format_is_not_checked_and_says_only_why(tmp_path):
    # NOT CHECKED, with the reason; its lines are judged once it has a format. The
    # library's FormatError still carries the lines read (its result's findings).
    deck = tmp_path / "deck.txt"
    deck.write_text("# format: standrd\n4 Iono PAL 185\n3 Ionno\n", encoding="utf-8")
    result = run("check", str(deck), "--date", DATE, "-o", "json")
    assert result.returncode == 2
    report = json_report(result.stdout)
    assert report["results"] == [] and [p["rule"] for p in report["problems"]] == ["unknown-format"]
    import deckcheck

    with pytest.raises(deckcheck.FormatError) as refused:
        deckcheck.check_file(str(deck), date=DATE)
    assert [(f.rule, f.lines) for f in refused.value.result.findings] == [
        ("unknown-format", ()),
        ("unknown-card", (3,)),
    ]


@pytest.mark.parametrize("output", ["json", "text", "sarif"])
def test_jobs_give_the_same_report_in_the_same_order(output, tmp_path):
    # Standard input, a missing path and a deck whose format is unknown sit among
    # the deck files: the pool's results come back in the order of the paths.
    stdin_deck = (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_bytes()
    unknown = tmp_path / "unknown-format.yaml"
    unknown.write_text("format: standrd\ncards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n")
    args = [
        "check",
        "-",
        str(tmp_path / "missing.txt"),
        str(unknown),
        "sample_decks",
        "--date",
        DATE,
        "--output",
        output,
    ]
    one = run(*args, "--jobs", "1", stdin=stdin_deck)
    three = run(*args, "--jobs", "3", stdin=stdin_deck)
    assert one.returncode == three.returncode == 2
    assert b"Traceback" not in three.stderr and b"internal error" not in three.stderr
    assert three.stdout == one.stdout and three.stderr == one.stderr
    # Why the deck was not checked: on standard error beside a machine-read report, once in the text one.
    assert b"standrd" in (one.stdout if output == "text" else one.stderr) and b"copy-limit" in one.stdout


def test_jobs_must_be_one_or_more():
    result = run("check", "sample_decks", "--jobs", "0")
    assert result.returncode == 2 and b"--jobs must be 1 or more" in result.stderr


@pytest.mark.parametrize(
    "name, data",
    [
        ("binary.txt", b"4 Iono PAL 185\n\x00\x01\x02"),
        ("empty.txt", b""),
        ("latin.txt", b"4 Iono PAL 185\n\x81\x8d\n"),  # neither UTF-8 nor Windows-1252 text
    ],
)
def test_a_file_that_is_not_a_deck_list_exits_2_as_a_missing_path_does(tmp_path, name, data):
    # The README says exit code 2 for an unreadable deck file; binary, empty and
    # wrongly encoded files exited 1, as if they were illegal decks.
    deck = tmp_path / name
    deck.write_bytes(data)
    for output in ("text", "json", "github", "sarif", "junit", "html"):
        result = run("check", str(deck), "sample_decks/legal/charizard-pidgeot-ex.txt", "--date", DATE, "-o", output)
        assert result.returncode == 2, (output, result.stderr.decode())
        if output == "text":  # shown in the report, once
            assert b"NOT CHECKED  " in result.stdout and b"deckcheck: error: The deck file" not in result.stderr
        else:
            assert b"deckcheck: error: The deck file" in result.stderr, output
    report = json_report(run("check", str(deck), "--date", DATE, "-o", "json").stdout)
    assert report["results"] == [] and [p["rule"] for p in report["problems"]] == ["unreadable"]


def test_formats_lint_says_ok_for_a_pack_with_warnings_only():
    # 'formats lint standard' printed its warnings (set ids the built-in catalogue does not
    # hold) and no ok line, though the pack is usable and the exit code is 0.
    result = run("formats", "lint", "standard")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().strip().endswith("standard.yaml: ok")
    # With the built-in catalogue only, the sets it does not hold are not "unknown" (150 false
    # warnings): what is not checked is said once.
    assert b"unknown set id" not in result.stderr
    assert result.stderr.decode().startswith("deckcheck: note: no card database is installed, so the set ids")


def test_rules_examples_are_labelled_as_examples_of_the_rule_alone():
    # 'deckcheck rules' called the deck-size example "legal"; it is illegal in standard today.
    out = run("rules").stdout.decode()
    assert "  passes this rule:" in out and "  breaks this rule:" in out
    assert "  legal:" not in out and "  illegal:" not in out
    assert "the list that passes it may break another rule" in " ".join(doc_text("rules.md").split())


def test_check_with_a_bad_pack_says_what_formats_lint_says(tmp_path):
    # `check --format bad.yaml` showed jsonschema's "Additional properties are not allowed ('mx' was
    # unexpected)" where formats lint says "unknown key 'mx' (did you mean 'max'?)": one form, the friendly one.
    pack = tmp_path / "bad.yaml"
    pack.write_text("name: bad\nrules:\n  - id: copy-limit\n    kind: copy-limit\n    mx: 4\n", encoding="utf-8")
    deck = tmp_path / "d.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")
    checked = run("check", str(deck), "--format", str(pack))
    linted = run("formats", "lint", str(pack))
    wanted = "rules[0].mx: unknown key 'mx' (did you mean 'max'?)"
    assert checked.returncode == 2 and wanted in checked.stderr.decode(), checked.stderr.decode()
    assert "was unexpected" not in checked.stderr.decode()
    assert wanted in linted.stderr.decode() and f"{pack.name}:5:" in checked.stderr.decode()


@pytest.mark.parametrize("output", ["text", "json", "junit"])
def test_a_path_that_is_no_deck_gets_the_error_lines_docs_check_md_says(tmp_path, output):
    # docs/check.md said "beside any report but text, a deckcheck: error: line", but the text report
    # writes one too for a missing path (not for a pipe); the page now says what happens.
    import os

    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    for path, said in ((tmp_path / "missing.txt", "no such file"), (pipe, "is not a regular file")):
        result = run("check", str(path), "--no-config", "-o", output)
        assert result.returncode == 2
        errors = [line for line in result.stderr.decode().splitlines() if line.startswith("deckcheck: error:")]
        if output == "text":
            assert "NOT CHECKED" in result.stdout.decode()
            assert len(errors) == (1 if "missing" in path.name else 0), result.stderr
        else:
            assert len(errors) == 1 and said in errors[0], result.stderr
    page = doc_text("check.md")
    assert "with the text report too for a path that does not exist" in " ".join(page.split())
