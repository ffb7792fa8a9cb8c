"""Project configuration: discovery, validation with file and line, precedence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, assert_clean, json_report
from support import run_deckcheck as run

from deckcheck.project.config import (
    Config,
    ConfigError,
    Override,
    find_config_file,
    load_config,
    parse_config,
    settings,
)

DECK = "4 Iono PAL 185\n"

DATE = "2026-11-30"
LEGAL_DECK = SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- discovery -----------------------------------------------------------------


def test_the_nearest_folder_with_a_configuration_wins(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: expanded\n")
    write(tmp_path / "club" / ".deckcheck.yaml", "format: glc\n")
    deep = tmp_path / "club" / "decks" / "2026"
    deep.mkdir(parents=True)
    assert find_config_file(deep) == tmp_path / "club" / ".deckcheck.yaml"
    assert load_config(deep).format == "glc"
    assert load_config(tmp_path / "club" / "..").format == "expanded"


def test_walking_up_skips_a_pyproject_without_a_deckcheck_table(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: expanded\n")
    write(
        tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "deckcheck-decks"\n\n[tool.black]\nline-length = 100\n'
    )
    assert find_config_file(tmp_path / "pkg") == tmp_path / ".deckcheck.yaml"


def test_pyproject_tool_table_is_a_configuration(tmp_path):
    write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "decks"\n\n[tool.deckcheck]\nformat = "expanded"\ndate = 2026-04-10\n',
    )
    found = load_config(tmp_path)
    assert found.source == tmp_path / "pyproject.toml"
    assert (found.format, found.date) == ("expanded", "2026-04-10")  # a TOML date becomes ISO text


def test_without_a_file_the_defaults_apply(tmp_path):
    found = load_config(tmp_path)
    assert found.source is None and found.root == tmp_path
    run_settings = settings(found, environ={})
    assert (run_settings.output, run_settings.fail_on, run_settings.db) == ("text", "error", None)
    assert run_settings.format_for("deck.txt", None) is None  # the caller's default format applies


def test_two_configurations_in_one_folder_are_an_error(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: expanded\n")
    write(tmp_path / "pyproject.toml", '[tool.deckcheck]\nformat = "standard"\n')
    (tmp_path / "sub").mkdir()
    with pytest.raises(ConfigError) as error:
        find_config_file(tmp_path / "sub")
    assert ".deckcheck.yaml and pyproject.toml both configure deckcheck" in str(error.value)


def test_explicit_configuration_file_skips_the_search(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: expanded\n")
    other = write(tmp_path / "ci" / "strict.yaml", "fail_on: warning\n")
    found = load_config(tmp_path, explicit=other)
    assert found.source == other and found.fail_on == "warning" and found.format is None
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path, explicit=tmp_path / "missing.yaml")
    with pytest.raises(ConfigError, match=r"has no \[tool.deckcheck\] table"):
        load_config(tmp_path, explicit=write(tmp_path / "other.toml", "[tool.ruff]\n"))


# -- validation: file, line, key path ----------------------------------------------


def test_unknown_yaml_key_names_file_line_and_a_suggestion(tmp_path):
    path = write(tmp_path / ".deckcheck.yaml", "format: expanded\n\nexlude:\n  - drafts/\n")
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert (error.value.path, error.value.line) == (str(path), 3)
    assert str(error.value).startswith(f"{path}:3: exlude: unknown key 'exlude' (did you mean 'exclude'?)")


def test_unknown_key_inside_an_override_names_its_path_and_line(tmp_path):
    write(
        tmp_path / ".deckcheck.yaml",
        "overrides:\n  - paths: [standard/**]\n    format: standard\n  - paths: [old/**]\n    formt: glc\n",
    )
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert error.value.line == 5
    assert "overrides[1].formt: unknown key 'formt' (did you mean 'format'?)" in str(error.value)


def test_unknown_toml_key_names_the_key_path_and_its_line(tmp_path):
    path = write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "decks"\n\n[tool.deckcheck]\nformat = "expanded"\nfail-on = "warning"\n',
    )
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert str(error.value).startswith(f"{path}:6: tool.deckcheck.fail-on: unknown key 'fail-on'")
    assert "did you mean 'fail_on'?" in str(error.value)


def test_toml_arrays_of_tables_are_located_too(tmp_path):
    write(
        tmp_path / "pyproject.toml",
        '[tool.deckcheck]\nformat = "expanded"\n\n[[tool.deckcheck.overrides]]\npaths = ["old/**"]\nformats = "glc"\n',
    )
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert error.value.line == 6
    assert "tool.deckcheck.overrides[0].formats: unknown key" in str(error.value)


@pytest.mark.parametrize(
    "text, line, expected",
    [
        ("format: 2001\n", 1, "format: must be text, not 2001"),
        ("date: 30.11.2026\n", 1, "date: must be a date like 2026-04-10, not '30.11.2026'"),
        ("date: 2026-02-30\n", 1, "date: '2026-02-30' is not a day of the calendar"),
        ("output: pdf\n", 1, "output: must be one of text, json, github, sarif, junit, html, not 'pdf'"),
        ("exclude: drafts/\n", 1, "exclude: must be a list, not 'drafts/'"),
        ("overrides:\n  - format: glc\n", 2, "overrides[0]: the key 'paths' is missing"),
        ("format: [unclosed\n", 2, "invalid YAML"),
        ("- format: expanded\n", 1, "must be a YAML mapping"),
    ],
)
def test_bad_values_are_errors_with_the_line(tmp_path, text, line, expected):
    path = write(tmp_path / ".deckcheck.yaml", text)
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert error.value.line == line, str(error.value)
    assert expected in str(error.value)
    assert str(error.value).startswith(f"{path}:{line}: ")


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "fromat: expanded\noutput: pdf\nexclud: []\n")
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    message = str(error.value)
    assert "fromat" in message and "'pdf'" in message and "exclud" in message
    assert f"{tmp_path / '.deckcheck.yaml'}:3: exclud:" in message


def test_invalid_toml_names_the_line(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.deckcheck]\nformat = "expanded\n')
    with pytest.raises(ConfigError) as error:
        load_config(tmp_path)
    assert "invalid TOML" in str(error.value) and error.value.line == 2


def test_a_valid_configuration_is_validated_once_and_a_bad_one_every_time(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    parse_config("format: expanded\n", tmp_path / ".deckcheck.yaml", "yaml")
    assert len(list(cache.rglob("*"))) >= 1 and any(p.is_file() for p in cache.rglob("*"))
    stamps = {p for p in cache.rglob("*") if p.is_file()}
    for _ in range(2):
        with pytest.raises(ConfigError):
            parse_config("format: expanded\nbad: 1\n", tmp_path / ".deckcheck.yaml", "yaml")
    assert {p for p in cache.rglob("*") if p.is_file()} == stamps  # nothing remembered for the bad one


def test_the_schema_is_valid_and_its_outputs_are_the_renderers():
    from jsonschema import Draft202012Validator

    from deckcheck.project.config import config_schema
    from deckcheck.render import RENDERERS

    schema = config_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["output"]["enum"] == list(RENDERERS)


@pytest.mark.parametrize(
    "text, kind, line, expected",
    [
        (
            "exclude:\n  - drafts/\n  - '[z-a]'\n",
            "yaml",
            3,
            "exclude[1]: '[z-a]' is not a valid pattern: bad character range z-a",
        ),
        (
            "include: ['*.txt', 'x\\']\n",
            "yaml",
            1,
            "include[1]: 'x\\\\' is not a valid pattern: it ends with a backslash that escapes nothing",
        ),
        (
            "overrides:\n  - paths: ['[b-a]/**']\n    format: glc\n",
            "yaml",
            2,
            "overrides[0].paths[0]: '[b-a]/**' is not a valid pattern: bad character range b-a",
        ),
        (
            '[tool.deckcheck]\nformat = "glc"\nexclude = ["drafts/", "[z-a]"]\n',
            "toml",
            3,
            "tool.deckcheck.exclude[1]: '[z-a]' is not a valid pattern: bad character range z-a",
        ),
    ],
)
def test_patterns_that_cannot_be_compiled_are_errors_with_the_line(tmp_path, text, kind, line, expected):
    name = "pyproject.toml" if kind == "toml" else ".deckcheck.yaml"
    with pytest.raises(ConfigError) as caught:
        parse_config(text, tmp_path / name, kind)
    assert (caught.value.line, str(caught.value)) == (line, f"{tmp_path / name}:{line}: {expected}")


def test_a_command_line_exclude_that_cannot_be_compiled_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match=r"^--exclude '\[z-a\]' is not a valid pattern: bad character range z-a$"):
        settings(Config(root=tmp_path), exclude=["drafts/", "[z-a]"], cwd=tmp_path, environ={})


def test_yaml_values_that_cannot_be_converted_are_configuration_errors(tmp_path):
    with pytest.raises(ConfigError, match="invalid YAML"):
        parse_config("format: !!int zz\n", tmp_path / ".deckcheck.yaml", "yaml")


def test_the_configuration_is_read_with_the_shared_data_file_loader():
    import deckcheck.project.config as config

    # datafiles.yaml_loader is the one safe loader (dates kept as text) for every data file.
    assert not hasattr(config, "_yaml_loader")


# -- paths in the file are relative to the file ----------------------------------------


def test_relative_paths_are_relative_to_the_configuration_file(tmp_path):
    write(
        tmp_path / ".deckcheck.yaml",
        "format: formats/league.yaml\npacks: [packs, /abs/packs]\ndb: data/cards.sqlite3\n"
        "overrides:\n  - paths: [old/**]\n    format: glc\n",
    )
    (tmp_path / "decks").mkdir()
    found = load_config(tmp_path / "decks")
    assert found.root == tmp_path
    assert found.format == str(tmp_path / "formats" / "league.yaml")
    assert found.packs == (tmp_path / "packs", Path("/abs/packs"))
    assert found.db == tmp_path / "data" / "cards.sqlite3"
    assert found.overrides == (Override(paths=("old/**",), format="glc"),)  # a pack name stays a name


# -- precedence: command line > file > defaults -----------------------------------------


def test_command_line_beats_file_beats_defaults(tmp_path):
    found = Config(
        root=tmp_path,
        format="expanded",
        date="2026-04-10",
        output="json",
        fail_on="warning",
        db=tmp_path / "project.sqlite3",
    )
    from_file = settings(found, environ={})
    assert (from_file.output, from_file.fail_on, from_file.db) == ("json", "warning", tmp_path / "project.sqlite3")
    assert from_file.format_for(str(tmp_path / "a.txt"), None) == "expanded"
    assert from_file.date_for(str(tmp_path / "a.txt")) == "2026-04-10"
    typed = settings(
        found, format="standard", date=DATE, output="sarif", fail_on="error", db=Path("cli.sqlite3"), environ={}
    )
    assert (typed.output, typed.fail_on, typed.db) == ("sarif", "error", Path("cli.sqlite3"))
    assert typed.format_for(str(tmp_path / "a.txt"), "glc") == "standard"  # beats the deck's own format too
    assert typed.date_for(str(tmp_path / "a.txt")) == DATE


def test_deckcheck_db_environment_variable_sits_between_command_line_and_file(tmp_path):
    found = Config(root=tmp_path, db=tmp_path / "project.sqlite3")
    # None: the index opener reads $DECKCHECK_DB itself
    assert settings(found, environ={"DECKCHECK_DB": "/mine.sqlite3"}).db is None
    assert settings(found, db=Path("cli.sqlite3"), environ={"DECKCHECK_DB": "/x"}).db == Path("cli.sqlite3")


def test_overrides_by_path_last_match_wins_and_the_deck_own_format_beats_them(tmp_path):
    write(
        tmp_path / ".deckcheck.yaml",
        "format: unlimited\ndate: 2026-04-10\n"
        "overrides:\n"
        "  - paths: [standard/**]\n    format: standard\n"
        "  - paths: [expanded/]\n    format: expanded\n    date: 2025-01-01\n"
        "  - paths: ['**/retro-*.txt']\n    format: base-fossil\n",
    )
    run_settings = settings(load_config(tmp_path), environ={})
    decks = tmp_path
    assert run_settings.format_for(str(decks / "standard" / "a.txt"), None) == "standard"
    assert run_settings.format_for(str(decks / "standard" / "x" / "b.txt"), None) == "standard"
    assert run_settings.format_for(str(decks / "standard" / "retro-haymaker.txt"), None) == "base-fossil"
    assert run_settings.format_for(str(decks / "expanded" / "c.txt"), None) == "expanded"
    assert run_settings.format_for(str(decks / "other" / "d.txt"), None) == "unlimited"
    assert run_settings.format_for(str(decks / "standard" / "a.txt"), "glc") == "glc"
    assert run_settings.date_for(str(decks / "expanded" / "c.txt")) == "2025-01-01"
    assert run_settings.date_for(str(decks / "standard" / "a.txt")) == "2026-04-10"  # that override sets no date
    assert run_settings.format_for("-", None) == "unlimited"
    assert run_settings.format_for(str(tmp_path.parent / "standard" / "e.txt"), None) == "unlimited"  # outside root


def test_excludes_from_file_and_command_line(tmp_path):
    found = Config(root=tmp_path, exclude=("drafts/", "*.bak.txt", "!keep.bak.txt"))
    cwd = tmp_path / "decks"
    run_settings = settings(found, exclude=["old/"], cwd=cwd, environ={})
    assert run_settings.is_excluded(str(tmp_path / "drafts" / "a.txt"))
    assert run_settings.is_excluded(str(tmp_path / "drafts"), is_dir=True)
    assert run_settings.is_excluded(str(tmp_path / "x" / "a.bak.txt"))
    assert not run_settings.is_excluded(str(tmp_path / "x" / "keep.bak.txt"))
    assert run_settings.is_excluded(str(cwd / "old" / "a.txt"))  # command-line patterns: relative to cwd
    assert not run_settings.is_excluded(str(tmp_path / "old" / "a.txt"))
    assert not run_settings.is_excluded(str(tmp_path / "a.txt"))


# -- through the command line --------------------------------------------------------------


def test_cli_reads_the_configuration_from_a_parent_folder(tmp_path):
    write(tmp_path / ".deckcheck.yaml", f"output: json\nformat: unlimited\ndate: {DATE}\n")
    decks = tmp_path / "decks"
    write(decks / "a.txt", LEGAL_DECK.read_text(encoding="utf-8"))
    result = run("check", "a.txt", cwd=decks)
    assert result.returncode == 0, result.stderr.decode()
    (deck,) = json_report(result.stdout)["results"]
    assert (deck["format"], deck["date"]) == ("unlimited", DATE)
    # the command line beats the file
    result = run("check", "a.txt", "--output", "github", "--date", "2026-04-10", cwd=decks)
    assert result.stdout.decode().startswith("deckcheck: 1 deck checked")
    assert run("check", "a.txt", "--no-config", "--format", "unlimited", cwd=decks).stdout.decode().startswith("LEGAL")


def test_cli_bad_configuration_is_a_usage_error_naming_file_and_line(tmp_path):
    path = write(tmp_path / ".deckcheck.yaml", "format: unlimited\nfail-on: warning\n")
    write(tmp_path / "a.txt", LEGAL_DECK.read_text(encoding="utf-8"))
    result = run("check", "a.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert f"{path}:2: fail-on: unknown key 'fail-on' (did you mean 'fail_on'?)" in result.stderr.decode()
    assert b"Traceback" not in result.stderr
    # --no-config runs anyway; --config names the file to use
    assert run("check", "a.txt", "--no-config", "--format", "unlimited", cwd=tmp_path).returncode == 0
    good = write(tmp_path / "ci.yaml", "format: unlimited\n")
    assert run("check", "a.txt", "--config", str(good), cwd=tmp_path).returncode == 0


def test_cli_unknown_format_in_the_configuration_names_the_file(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "overrides:\n  - paths: [old/**]\n    format: standrad\n")
    write(tmp_path / "a.txt", LEGAL_DECK.read_text(encoding="utf-8"))
    result = run("check", "a.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert "overrides[0].format: unknown format 'standrad'" in result.stderr.decode()
    assert ".deckcheck.yaml" in result.stderr.decode()


def test_cli_overrides_choose_the_format_per_folder_and_packs_come_from_configured_folders(tmp_path):
    write(
        tmp_path / "packs" / "club-league.yaml",
        "name: club-league\ndescription: Unlimited, but 2 copies.\nextends: unlimited\n"
        "rules:\n  - {id: copy-limit, kind: copy-limit, max: 2, exempt: {flags: [basic_energy]}}\n",
    )
    write(
        tmp_path / "pyproject.toml",
        f'[tool.deckcheck]\nformat = "unlimited"\ndate = {DATE}\npacks = ["packs"]\noutput = "json"\n\n'
        '[[tool.deckcheck.overrides]]\npaths = ["league/**"]\nformat = "club-league"\n',
    )
    deck = "\n".join(
        line for line in LEGAL_DECK.read_text(encoding="utf-8").splitlines() if not line.startswith("# format")
    )
    write(tmp_path / "open" / "a.txt", deck)
    write(tmp_path / "league" / "b.txt", deck)
    result = run("check", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr.decode()
    by_path = {Path(r["path"]).parent.name: r for r in json_report(result.stdout)["results"]}
    assert by_path["open"]["format"] == "unlimited" and by_path["open"]["legal"]
    assert by_path["league"]["format"] == "club-league" and not by_path["league"]["legal"]
    assert {f["rule"] for f in by_path["league"]["findings"]} == {"copy-limit"}


def test_checking_one_file_does_not_import_jsonschema_pathspec_or_rich(tmp_path):
    """Start-up time matters for the pre-commit hook: a configuration is validated
    once (then remembered by content), and single files need no pattern matching."""
    write(tmp_path / ".deckcheck.yaml", f"format: unlimited\ndate: {DATE}\n")
    write(tmp_path / "a.txt", LEGAL_DECK.read_text(encoding="utf-8"))
    probe = (
        "import sys\nfrom deckcheck.cli import main\nsys.argv = ['deckcheck', 'check', 'a.txt', '-o', 'json']\n"
        "code = main()\n"
        "print(code, sorted(m for m in ('jsonschema', 'pathspec', 'rich') if m in sys.modules), file=sys.stderr)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    for _ in range(2):  # the first run validates (and remembers) the packs and the configuration
        result = subprocess.run([sys.executable, "-c", probe], capture_output=True, cwd=tmp_path, env=env, timeout=120)
    assert result.stderr.decode().strip().splitlines()[-1] == "0 []"


def test_cli_database_from_the_configuration_is_relative_to_it_and_must_exist(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: unlimited\ndb: data/cards.sqlite3\n")
    write(tmp_path / "decks" / "a.txt", LEGAL_DECK.read_text(encoding="utf-8"))
    result = run("check", "a.txt", cwd=tmp_path / "decks", env={"DECKCHECK_DB": ""})
    assert result.returncode == 2
    assert f"no card database at {tmp_path / 'data' / 'cards.sqlite3'}" in result.stderr.decode()


@pytest.mark.parametrize(
    "table",
    [
        '[tool.deckcheck]\nformat = "glc"\n',
        '[[tool.deckcheck.overrides]]\npaths = ["old/**"]\nformat = "glc"\n',
        '[tool]\ndeckcheck = { format = "glc" }\n',
        '[tool]\ndeckcheck.format = "glc"\n',
        'tool.deckcheck.format = "glc"\n',
        '[ tool . "deckcheck" ]\nformat = "glc"\n',
        'tool = { deckcheck = { format = "glc" } }\n',
        '[tool.deckcheck]  # the decks of the club\nformat = "glc"\n',
        '[[tool.deckcheck.overrides]] # old decks\npaths = ["old/**"]\nformat = "glc"\n',
        "[tool]\nnote = '''\n[other]\n'''\ndeckcheck = { format = \"glc\" }\n",
    ],
)
def test_every_way_toml_writes_the_deckcheck_table_is_found(tmp_path, table):
    # A pyproject.toml is parsed only where its text may open the table (a deck's folder is
    # searched upward, and most Python projects' pyproject.toml say nothing to deckcheck).
    write(tmp_path / "pyproject.toml", table + '\n[project]\nname = "club-decks"\n')
    assert find_config_file(tmp_path) == tmp_path / "pyproject.toml"


def test_a_pyproject_naming_deckcheck_only_as_a_dependency_is_passed_over(tmp_path):
    write(tmp_path / ".deckcheck.yaml", "format: expanded\n")
    write(
        tmp_path / "tools" / "pyproject.toml",
        '[project]\nname = "x"\ndependencies = [\n  "deckcheck>=1",\n]\n\n[project.scripts]\ndeckcheck = "deckcheck.cli:main"\n',
    )
    assert find_config_file(tmp_path / "tools") == tmp_path / ".deckcheck.yaml"


@pytest.mark.parametrize(
    "text",
    [
        "1: x\nformat: standard\n",
        "null: 1\n",
        "true: 1\n",
        "1.5: x\n",
        "overrides:\n  - {1: x, paths: [a]}\n",
        "? !!binary aGk=\n: 1\n",
        "? [1, 2]\n: 3\n",
        "overrides: {1: 2}\n",
    ],
)
def test_non_string_keys_in_the_configuration_are_messages(tmp_path, text):
    (tmp_path / ".deckcheck.yaml").write_text(text)
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b".deckcheck.yaml" in result.stderr


def test_deeply_nested_configuration_files_are_messages(tmp_path):
    (tmp_path / "deck.txt").write_text(DECK)
    (tmp_path / "pyproject.toml").write_text("[tool.deckcheck]\nformat = " + "[" * 5000 + "]" * 5000 + "\n")
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"pyproject.toml: invalid TOML: arrays or tables nested too deeply" in result.stderr
    (tmp_path / "pyproject.toml").unlink()
    (tmp_path / ".deckcheck.yaml").write_text("format: " + "[" * 100_000 + "]" * 100_000 + "\n")
    result = run("check", "deck.txt", cwd=tmp_path)
    assert_clean(result, 2)
