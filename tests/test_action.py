"""The GitHub Action (action.yml) run as a runner would run it, without GitHub:
its ``run:`` steps in order, in bash as composite actions use it, on a
temporary deck repository, with the inputs and step outputs substituted. The
``uses:`` steps (set-up-python, the cache, the SARIF upload) are GitHub's own
and are skipped; the database refresh is pointed at a local archive, or at
none (offline)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import yaml

from support import PROJECT_ROOT, SAMPLE_DECKS

ACTION = PROJECT_ROOT / "action.yml"
DATE = "2026-11-30"
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
BASH = shutil.which("bash")

pytestmark = pytest.mark.skipif(BASH is None, reason="the action's steps are bash scripts")


def action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


class Runner:
    """Runs the composite action's steps: a small stand-in for the Actions runner."""

    def __init__(self, workspace: Path, tmp: Path, inputs: dict[str, str]):
        spec = action()
        self.inputs = {name: str(field.get("default", "")) for name, field in spec["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, f"action.yml has no inputs {unknown}"
        self.inputs.update(inputs)
        self.steps = spec["runs"]["steps"]
        self.outputs: dict[str, dict[str, str]] = {}
        self.workspace = workspace
        self.tmp = tmp
        self.skipped: list[str] = []
        tmp.mkdir(parents=True, exist_ok=True)
        self.log: list[tuple[str, subprocess.CompletedProcess]] = []
        # `python -m venv DIR` makes a stand-in: its python records `-m pip install` instead of
        # running it (deckcheck is installed in this test's environment) and its deckcheck is ours.
        fake_bin = tmp / "bin"
        fake_bin.mkdir()
        deckcheck = Path(sys.executable).parent / "deckcheck"
        (fake_bin / "python").write_text(
            '#!/bin/sh\n'
            'if [ "$1 $2" = "-m venv" ]; then\n'
            '  mkdir -p "$3/bin"\n'
            f'  printf \'#!/bin/sh\\necho "$@" >> "{tmp}/pip.log"\\n\' > "$3/bin/python"\n'
            '  chmod +x "$3/bin/python"\n'
            f'  ln -s "{deckcheck}" "$3/bin/deckcheck"\n'
            '  exit 0\n'
            'fi\n'
            f'exec "{sys.executable}" "$@"\n')
        (fake_bin / "python").chmod(0o755)
        # The test environment's own scripts are not on PATH: what a step runs comes from the action.
        path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if Path(p) != deckcheck.parent]
        self.env = {**os.environ, "PATH": os.pathsep.join([str(fake_bin), *path]),
                    "RUNNER_TEMP": str(tmp / "runner-temp"), "RUNNER_OS": "Linux", "GITHUB_ACTIONS": "true",
                    "GITHUB_WORKSPACE": str(workspace)}
        self.env.pop("NO_COLOR", None)
        (tmp / "runner-temp").mkdir()

    def value(self, expression: str) -> str:
        parts = expression.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return self.inputs[parts[1]]
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return self.outputs.get(parts[1], {}).get(parts[3], "")
        if expression == "github.action_path":
            return str(PROJECT_ROOT)
        if expression == "runner.os":
            return "Linux"
        raise AssertionError(f"the test runner does not know the expression {expression!r}: teach it")

    def substitute(self, text: str) -> str:
        return EXPRESSION.sub(lambda m: self.value(m.group(1)), text)

    def run(self) -> int:
        """The exit code of the first failing step, else 0 (later steps are skipped as on GitHub)."""
        for step in self.steps:
            if "uses" in step:
                self.skipped.append(step["uses"])
                for value in (step.get("with") or {}).values():
                    self.substitute(str(value))  # every expression must still be one the runner knows
                continue
            assert step.get("shell") == "bash" and "if" not in step, step
            output_file = self.tmp / f"output-{len(self.log)}"
            output_file.write_text("")
            path_file = self.tmp / f"path-{len(self.log)}"
            path_file.write_text("")
            env = {**self.env, "GITHUB_OUTPUT": str(output_file), "GITHUB_PATH": str(path_file)}
            env.update({key: self.substitute(str(value)) for key, value in (step.get("env") or {}).items()})
            script = self.substitute(step["run"])
            done = subprocess.run([BASH, "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                  cwd=self.workspace, env=env, capture_output=True, text=True, timeout=300)
            self.log.append((step.get("id", step.get("name", "")), done))
            if step.get("id"):
                self.outputs[step["id"]] = dict(line.split("=", 1) for line in output_file.read_text().splitlines()
                                                if "=" in line)
            for folder in path_file.read_text().splitlines():  # GITHUB_PATH: for the later steps
                self.env["PATH"] = os.pathsep.join([folder, self.env["PATH"]])
            if done.returncode != 0:
                return done.returncode
        return 0

    def stdout(self, step_id: str) -> str:
        return next(done.stdout for name, done in self.log if name == step_id)

    def stderr(self, step_id: str) -> str:
        return next(done.stderr for name, done in self.log if name == step_id)


@pytest.fixture
def deck_repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    shutil.copyfile(SAMPLE_DECKS / "illegal" / "copy-limit.txt", repo / "decks" / "five iono.txt")
    shutil.copyfile(SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt", repo / "decks" / "charizard.txt")
    shutil.copyfile(SAMPLE_DECKS / "warning" / "ambiguous-card.txt", repo / "decks" / "darkness.txt")
    (repo / "README.md").write_text("# my decks\n")
    return repo


def test_the_action_is_a_composite_action_with_the_documented_inputs():
    spec = action()
    assert spec["runs"]["using"] == "composite"
    assert {"paths", "format", "date", "output", "fail-on"} <= set(spec["inputs"])
    assert spec["inputs"]["output"]["default"] == "github"
    uses = [step["uses"].split("@")[0] for step in spec["runs"]["steps"] if "uses" in step]
    assert uses == ["actions/setup-python", "actions/cache", "github/codeql-action/upload-sarif"]
    for step in spec["runs"]["steps"]:  # inputs reach scripts through env, never pasted into the code
        assert "inputs." not in step.get("run", "")


def test_annotations_on_a_deck_repository_offline(deck_repo, tmp_path):
    runner = Runner(deck_repo, tmp_path, {"paths": "decks", "format": "unlimited", "date": DATE,
                                          "db-url": (tmp_path / "offline.zip").as_uri()})
    assert runner.run() == 1  # a deck is illegal: the step fails
    assert f"-m pip install --quiet --disable-pip-version-check {PROJECT_ROOT}" in (tmp_path / "pip.log").read_text()
    assert runner.skipped[0].startswith("actions/setup-python") and runner.skipped[1].startswith("actions/cache")
    assert "::warning title=deckcheck::No card database could be downloaded" in runner.stdout("refresh")
    annotations = runner.stdout("check").splitlines()
    errors = [line for line in annotations if line.startswith("::error ")]
    warnings = [line for line in annotations if line.startswith("::warning ")]
    assert errors == [line for line in errors if line.startswith("::error file=decks/five iono.txt,line=21,"
                                                                 "title=deckcheck copy-limit::")]
    assert len(errors) == 1 and "5 cards named Iono" in errors[0]
    assert len(warnings) == 1 and warnings[0].startswith("::warning file=decks/darkness.txt,")
    assert "charizard" not in runner.stdout("check")
    assert runner.outputs["check"]["exit-code"] == "1"


def test_fail_on_warning_and_a_legal_repository(deck_repo, tmp_path):
    (deck_repo / "decks" / "five iono.txt").unlink()
    offline = (tmp_path / "offline.zip").as_uri()
    legal = Runner(deck_repo, tmp_path / "a", {"paths": "decks/charizard.txt decks/darkness.txt",
                                                "format": "unlimited", "date": DATE, "db-url": offline})
    assert legal.run() == 0 and legal.outputs["check"]["exit-code"] == "0"
    strict = Runner(deck_repo, tmp_path / "b", {"paths": "decks", "format": "unlimited", "date": DATE,
                                                 "fail-on": "warning", "db-url": offline})
    assert strict.run() == 1 and "::warning file=decks/darkness.txt" in strict.stdout("check")


def test_sarif_output_for_code_scanning(deck_repo, tmp_path):
    runner = Runner(deck_repo, tmp_path, {"paths": "decks", "format": "unlimited", "date": DATE,
                                          "output": "sarif", "db-url": (tmp_path / "offline.zip").as_uri()})
    assert runner.run() == 1
    assert runner.outputs["check"]["sarif-file"] == "deckcheck.sarif"
    log = json.loads((deck_repo / "deckcheck.sarif").read_text(encoding="utf-8"))
    (run_,) = log["runs"]
    found = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in run_["results"]}
    assert ("copy-limit", "decks/five%20iono.txt") in found  # a relative URI
    upload = next(step for step in action()["runs"]["steps"] if step.get("uses", "").startswith("github/codeql"))
    assert "always()" in upload["if"]  # uploaded although the check step failed


# -- the card database: restored, refreshed when older than a week ---------------------------

TINY_SETS = [{"id": "tst1", "name": "Test Base", "series": "Test", "ptcgoCode": "TST", "releaseDate": "2024/01/26"}]
TINY_CARDS = [
    {"id": "tst1-1", "name": "Sproutling", "supertype": "Pokémon", "subtypes": ["Basic"], "hp": "60",
     "types": ["Grass"], "number": "1", "regulationMark": "G"},
    {"id": "tst1-2", "name": "Basic Grass Energy", "supertype": "Energy", "subtypes": ["Basic"], "number": "2"},
]


def tiny_dataset_zip(path: Path) -> Path:
    """An invented two-card dataset in the pokemontcg.io layout."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("sets/en.json", json.dumps(TINY_SETS))
        archive.writestr("cards/en/tst1.json", json.dumps(TINY_CARDS, ensure_ascii=False))
    return path


def test_the_database_is_refreshed_when_older_than_a_week(deck_repo, tmp_path):
    archive = tiny_dataset_zip(tmp_path / "dataset.zip")
    (deck_repo / "decks" / "tiny.txt").write_text("4 Sproutling TST 1\n56 Basic Grass Energy TST 2\n")
    inputs = {"paths": "decks/tiny.txt", "format": "unlimited", "date": DATE, "db-url": archive.as_uri(),
              "db-source": "pokemontcg"}  # the archive alone: TCGdex is not reached from here

    first = Runner(deck_repo, tmp_path / "first", inputs)
    db = tmp_path / "first" / "runner-temp" / "deckcheck" / "cards.sqlite3"
    assert first.run() == 0, first.log[-1][1].stderr
    assert db.is_file() and "Installed 2 cards" in first.stdout("refresh")
    assert first.outputs["db"]["path"] == str(db)
    assert re.fullmatch(r"\d{4}-\d{2}", first.outputs["db"]["week"])

    def restored(name: str, days_old: float, **changed: str) -> tuple[Runner, Path]:
        """A runner whose cache step restored ``db`` as it was ``days_old`` days ago."""
        runner = Runner(deck_repo, tmp_path / name, {**inputs, **changed})
        cached = tmp_path / name / "runner-temp" / "deckcheck" / "cards.sqlite3"
        cached.parent.mkdir(parents=True)
        shutil.copy2(db, cached)
        then = time.time() - days_old * 86400
        os.utime(cached, (then, then))
        return runner, cached

    # What the cache restores: a fresh file is used as it is ...
    again, cached = restored("again", 6)
    assert again.run() == 0
    assert "less than 7 days old: not refreshed" in again.stdout("refresh")
    assert time.time() - cached.stat().st_mtime > 5 * 86400

    # ... one older than a week is updated (here: found unchanged) and counts as fresh again.
    old, stale = restored("old", 8)
    assert old.run() == 0
    assert "not refreshed" not in old.stdout("refresh") and time.time() - stale.stat().st_mtime < 3600

    # Offline with a stale database: a warning, and the cached one is used.
    offline, _ = restored("offline", 30, **{"db-url": (tmp_path / "gone.zip").as_uri()})
    assert offline.run() == 0
    assert "could not be refreshed; the cached one is used" in offline.stdout("refresh")
    assert "built-in catalogue" not in offline.stderr("check")  # the cached database was used


@pytest.mark.parametrize("name", ["workflow.yml", "workflow-sarif.yml"])
def test_the_readme_workflows_run(name, deck_repo, tmp_path):
    from support import doc_example

    workflow = yaml.safe_load(doc_example(name))
    (job,) = workflow["jobs"].values()
    (step,) = [s for s in job["steps"] if re.fullmatch(r"[\w.-]+/deckcheck@[\w.-]+", s.get("uses", ""))]
    inputs = {key: str(value) for key, value in step["with"].items()}
    # A fixed day, and no network here.
    runner = Runner(deck_repo, tmp_path, {**inputs, "date": DATE, "db-url": (tmp_path / "offline.zip").as_uri()})
    assert runner.run() == 1
    if inputs.get("output") == "sarif":
        assert workflow["permissions"]["security-events"] == "write"
        (run_,) = json.loads((deck_repo / "deckcheck.sarif").read_text(encoding="utf-8"))["runs"]
        assert run_["results"]
    else:
        assert "::error file=decks/five iono.txt," in runner.stdout("check")
