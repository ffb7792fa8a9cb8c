"""The GitHub Action (action.yml) run as a runner would run it, without GitHub:
its steps in order, in bash as composite actions use it, on a temporary deck
repository, with the inputs and step outputs substituted, each step's ``if:``
judged, and the environment files a runner gives every step (``GITHUB_OUTPUT``,
``GITHUB_PATH``, ``GITHUB_ENV``, ``GITHUB_STEP_SUMMARY``) as temporary files.

The ``uses:`` steps are GitHub's own and have stand-ins here: the cache
(``actions/cache/restore`` and ``save``) is a folder of entries by key,
``actions/setup-python`` gives a stand-in of the test's own Python as ``python-path``
(with ``update-environment: false`` it changes nothing else), the SARIF upload is
skipped. The database refresh is pointed at a local archive, or at none
(offline). Most runs stand in for ``python3 -m venv`` (its pip records the
install; its deckcheck is this checkout's); one installs the action for real,
offline, with pip from the local checkout.
"""

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
GIT = shutil.which("git")

pytestmark = pytest.mark.skipif(BASH is None, reason="the action's steps are bash scripts")


def action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def fake_python(path: Path, tmp: Path, version: str | None = None) -> None:
    """A ``python3`` that stands for the job's: ``-m venv DIR`` makes a stand-in venv (its
    python records ``-m pip install`` instead of running it; its deckcheck is this checkout's),
    and ``version`` (e.g. "3.9.1") makes it say it is older than it is."""
    deckcheck = Path(sys.executable).parent / "deckcheck"
    old = ""
    if version is not None:
        old = (
            'case "$*" in *version_info*|*python_version*) '
            f'exec "{sys.executable}" -c "import sys; sys.exit(1)" ;; esac\n'
            if tuple(int(n) for n in version.split(".")) < (3, 11)
            else ""
        )
    path.write_text(
        "#!/bin/sh\n" + old + 'if [ "$1 $2" = "-m venv" ]; then\n'
        '  mkdir -p "$3/bin"\n'
        f'  printf \'#!/bin/sh\\necho "$@" >> "{tmp}/pip.log"\\n\' > "$3/bin/python"\n'
        '  chmod +x "$3/bin/python"\n'
        f'  ln -s "{deckcheck}" "$3/bin/deckcheck"\n'
        "  exit 0\n"
        "fi\n"
        f'exec "{sys.executable}" "$@"\n'
    )
    path.chmod(0o755)


class Runner:
    """Runs the composite action's steps: a small stand-in for the Actions runner."""

    def __init__(
        self,
        workspace: Path,
        tmp: Path,
        inputs: dict[str, str],
        cache: Path | None = None,
        job_python: str | None = "fake",
        env: dict[str, str] | None = None,
    ):
        spec = action()
        self.inputs = {name: str(field.get("default", "")) for name, field in spec["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, f"action.yml has no inputs {unknown}"
        self.inputs.update(inputs)
        self.steps = spec["runs"]["steps"]
        self.outputs: dict[str, dict[str, str]] = {}
        self.workspace = workspace
        self.tmp = tmp
        self.cache = cache or tmp / "cache"  # the Actions cache: a folder per key
        self.skipped: list[str] = []
        self.ran: list[str] = []
        self.failed = False
        tmp.mkdir(parents=True, exist_ok=True)
        self.cache.mkdir(exist_ok=True)
        self.log: list[tuple[str, subprocess.CompletedProcess]] = []
        fake_bin = tmp / "bin"
        fake_bin.mkdir()
        self.job_bin = fake_bin
        if job_python is not None:
            fake_python(fake_bin / "python3", tmp, None if job_python == "fake" else job_python)
            fake_python(fake_bin / "python", tmp, None if job_python == "fake" else job_python)
        # What actions/setup-python installs: a python of the action's own, new enough, whose
        # `-m venv` is a stand-in too (the one real install is its own test).
        self.setup_python = tmp / "hostedtoolcache" / "python3"
        self.setup_python.parent.mkdir()
        fake_python(self.setup_python, tmp)
        # The test environment's own scripts are not on PATH: what a step runs comes from the action.
        deckcheck = Path(sys.executable).parent / "deckcheck"
        path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if Path(p) != deckcheck.parent]
        self.env = {
            **os.environ,
            "PATH": os.pathsep.join([str(fake_bin), *path]),
            "RUNNER_TEMP": str(tmp / "runner-temp"),
            "RUNNER_OS": "Linux",
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": str(workspace),
            "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REPOSITORY": "someone/decks",
            "GITHUB_SHA": "0123abc",
            "GITHUB_BASE_REF": "",
            **(env or {}),
        }
        self.env.pop("NO_COLOR", None)
        self.env.pop("VIRTUAL_ENV", None)
        (tmp / "runner-temp").mkdir()
        # The job's environment files: one of each for the whole job (GITHUB_OUTPUT: per step).
        self.path_file, self.env_file, self.summary_file = (
            tmp / "github_path",
            tmp / "github_env",
            tmp / "step_summary",
        )
        for file in (self.path_file, self.env_file, self.summary_file):
            file.write_text("")

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
        if expression == "runner.arch":
            return "X64"
        raise AssertionError(f"the test runner does not know the expression {expression!r}: teach it")

    def substitute(self, text: str) -> str:
        return EXPRESSION.sub(lambda m: self.value(m.group(1)), text)

    def condition(self, text: str | None) -> bool:
        """An ``if:`` of the forms the action uses: terms joined by ``&&``, each ``always()``
        or ``X == 'v'`` / ``X != 'v'``; without always(), a failed step skips the rest."""
        if text is None:
            return not self.failed
        terms = [term.strip() for term in text.split("&&")]
        result = True if "always()" in terms else not self.failed
        for term in terms:
            if term == "always()":
                continue
            match = re.fullmatch(r"([\w.-]+) (==|!=) '([^']*)'", term)
            assert match, f"the test runner does not know the condition {term!r}: teach it"
            left, op, right = match.groups()
            result = result and ((self.value(left) == right) == (op == "=="))
        return result

    def uses(self, step: dict) -> None:
        """GitHub's own actions, by their stand-ins."""
        name = step["uses"].split("@")[0]
        given = {
            key: self.substitute(str(value).lower() if isinstance(value, bool) else str(value))
            for key, value in (step.get("with") or {}).items()
        }
        self.skipped.append(step["uses"])
        outputs: dict[str, str] = {}
        if name == "actions/setup-python":
            assert given["update-environment"] == "false"  # the job's Python is not changed
            outputs["python-path"] = str(self.setup_python)
        elif name == "actions/cache/restore":
            key, target = given["key"], Path(given["path"])
            outputs["cache-primary-key"] = key
            keys = [key, *given.get("restore-keys", "").split()]
            found = None
            for wanted in keys:
                exact = self.cache / wanted
                found = exact if exact.exists() else None
                if found is None and wanted != key:
                    candidates = sorted(p for p in self.cache.iterdir() if p.name.startswith(wanted))
                    found = candidates[-1] if candidates else None
                if found is not None:
                    break
            if found is not None:
                outputs["cache-hit"] = str(found.name == key).lower()
                outputs["cache-matched-key"] = found.name
                target.parent.mkdir(parents=True, exist_ok=True)
                copy = shutil.copytree if (found / "entry").is_dir() else shutil.copy2
                copy(found / "entry", target, symlinks=True) if copy is shutil.copytree else copy(
                    found / "entry", target
                )
            else:
                outputs["cache-hit"] = "false"
        elif name == "actions/cache/save":
            key, source = given["key"], Path(given["path"])
            assert key, "a cache entry needs a key"
            entry = self.cache / key
            if not entry.exists() and source.exists():
                entry.mkdir()
                if source.is_dir():
                    shutil.copytree(source, entry / "entry", symlinks=True)
                else:
                    shutil.copy2(source, entry / "entry")
            self.saved.append(key)
        if step.get("id"):
            self.outputs[step["id"]] = outputs

    saved: list[str]
    code: int

    def run(self) -> int:
        """The exit code of the first failing step, else 0 (later steps run only with always())."""
        self.saved = []
        code = 0
        for step in self.steps:
            if not self.condition(step.get("if")):
                continue
            self.ran.append(step.get("id", step.get("name", "")))
            if "uses" in step:
                self.uses(step)
                continue
            assert step.get("shell") == "bash", step
            output_file = self.tmp / f"output-{len(self.log)}"
            output_file.write_text("")
            env = {
                **self.env,
                "GITHUB_OUTPUT": str(output_file),
                "GITHUB_PATH": str(self.path_file),
                "GITHUB_ENV": str(self.env_file),
                "GITHUB_STEP_SUMMARY": str(self.summary_file),
            }
            env.update({key: self.substitute(str(value)) for key, value in (step.get("env") or {}).items()})
            script = self.substitute(step["run"])
            done = subprocess.run(
                [BASH, "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                cwd=self.workspace,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            self.log.append((step.get("id", step.get("name", "")), done))
            if step.get("id"):
                self.outputs[step["id"]] = dict(
                    line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line
                )
            if done.returncode != 0 and not self.failed:
                self.failed, code = True, done.returncode
        return code

    def later_step(self, script: str) -> subprocess.CompletedProcess:
        """A step of the workflow after the action, with what the action left for it."""
        env = dict(self.env)
        for folder in self.path_file.read_text().splitlines():  # GITHUB_PATH, as a runner applies it
            env["PATH"] = os.pathsep.join([folder, env["PATH"]])
        for line in self.env_file.read_text().splitlines():
            name, _, value = line.partition("=")
            env[name] = value
        return subprocess.run(
            [BASH, "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=self.workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def stdout(self, step_id: str) -> str:
        return next(done.stdout for name, done in self.log if name == step_id)

    def stderr(self, step_id: str) -> str:
        return next(done.stderr for name, done in self.log if name == step_id)

    def summary(self) -> str:
        return self.summary_file.read_text(encoding="utf-8")


@pytest.fixture
def deck_repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    (repo / "decks").mkdir(parents=True)
    shutil.copyfile(SAMPLE_DECKS / "illegal" / "copy-limit.txt", repo / "decks" / "five iono.txt")
    shutil.copyfile(SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt", repo / "decks" / "charizard.txt")
    shutil.copyfile(SAMPLE_DECKS / "warning" / "ambiguous-card.txt", repo / "decks" / "darkness.txt")
    (repo / "README.md").write_text("# my decks\n")
    return repo


def offline(tmp_path: Path) -> str:
    return (tmp_path / "offline.zip").as_uri()


def annotations(text: str, kind: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(f"::{kind} ")]


def test_the_action_is_a_composite_action_with_the_documented_inputs():
    spec = action()
    assert spec["runs"]["using"] == "composite"
    assert {"paths", "format", "date", "output", "fail-on", "changed-only"} <= set(spec["inputs"])
    assert spec["inputs"]["output"]["default"] == "github"
    assert {"exit-code", "decks", "legal", "illegal", "errors", "warnings", "sarif-file"} <= set(spec["outputs"])
    uses = [step["uses"].split("@")[0] for step in spec["runs"]["steps"] if "uses" in step]
    assert uses == [
        "actions/setup-python",
        "actions/cache/restore",
        "actions/cache/save",
        "actions/cache/restore",
        "actions/cache/save",
        "github/codeql-action/upload-sarif",
    ]
    for step in spec["runs"]["steps"]:  # inputs reach scripts through env, never pasted into the code
        assert "inputs." not in step.get("run", "") and "${{" not in step.get("run", "")
        # The rest of the job is left as it was: no PATH or environment of its own for later steps.
        assert "GITHUB_PATH" not in step.get("run", "") and "GITHUB_ENV" not in step.get("run", "")
    setup = next(step for step in spec["runs"]["steps"] if step.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["update-environment"] is False and "if" in setup


def test_annotations_summary_and_outputs_on_a_deck_repository_offline(deck_repo, tmp_path):
    runner = Runner(
        deck_repo, tmp_path, {"paths": "decks", "format": "unlimited", "date": DATE, "db-url": offline(tmp_path)}
    )
    assert runner.run() == 1  # a deck is illegal: the step fails
    assert f"-m pip install --quiet --disable-pip-version-check {PROJECT_ROOT}" in (tmp_path / "pip.log").read_text()
    assert "setup-python" not in runner.ran  # the job's python3 is new enough: it is the one used
    assert "::warning title=deckcheck::No card database could be downloaded" in runner.stdout("refresh")
    out = runner.stdout("check")
    errors, warnings = annotations(out, "error"), annotations(out, "warning")
    assert errors == [
        line
        for line in errors
        if line.startswith("::error file=decks/five iono.txt,line=21,title=deckcheck copy-limit::")
    ]
    assert len(errors) == 1 and "5 cards named Iono" in errors[0]
    assert len(warnings) == 1 and warnings[0].startswith("::warning file=decks/darkness.txt,")
    assert "charizard" not in out
    assert runner.outputs["check"] == {
        "decks": "3",
        "legal": "2",
        "illegal": "1",
        "unverified": "0",
        "failing": "1",
        "errors": "1",
        "warnings": "1",
        "notes": "0",
        "exit-code": "1",
    }
    # The step summary: a row per deck, the failing deck first, with a link to the file.
    summary = runner.summary()
    assert summary.startswith("### deckcheck: 3 decks checked: 2 legal, 1 illegal")
    rows = [line for line in summary.splitlines() if line.startswith("| [")]
    assert len(rows) == 3
    assert rows[0].startswith(
        "| [decks/five iono\\.txt](https://github.com/someone/decks/blob/0123abc/decks/five%20iono.txt)"
    )
    assert "✖ illegal | `copy-limit` | ✖ line 21: The deck has 5 cards named Iono" in rows[0]
    # The rest of the job is as it was: nothing on PATH or in the environment, the same python.
    assert runner.path_file.read_text() == "" and runner.env_file.read_text() == ""
    later = runner.later_step(
        'command -v python; command -v python3; python -c "import pytest"; command -v deckcheck || echo "no deckcheck"'
    )
    assert later.returncode == 0, later.stderr
    assert later.stdout.splitlines() == [
        str(runner.job_bin / "python"),
        str(runner.job_bin / "python3"),
        "no deckcheck",
    ]


def test_many_findings_keep_to_what_github_shows(deck_repo, tmp_path):
    """GitHub shows 10 error and 10 warning annotations per step: the first finding of each deck
    goes first, the rest are counted in one notice; the log and the summary hold them all."""
    for n in range(14):
        shutil.copyfile(SAMPLE_DECKS / "illegal" / "copy-limit.txt", deck_repo / "decks" / f"iono-{n:02d}.txt")
        with (deck_repo / "decks" / f"iono-{n:02d}.txt").open("a") as deck:
            deck.write("1 Nonexistent Card XYZ 1\n")  # a second error in each deck
    runner = Runner(
        deck_repo, tmp_path, {"paths": "decks", "format": "unlimited", "date": DATE, "db-url": offline(tmp_path)}
    )
    assert runner.run() == 1
    out = runner.stdout("check")
    errors, warnings = annotations(out, "error"), annotations(out, "warning")
    counted = runner.outputs["check"]
    assert int(counted["errors"]) > 40 and int(counted["warnings"]) > 10
    assert len(errors) == 10 and len(warnings) == 10
    # Each deck's first error before any deck's second one, in the order of the decks.
    assert [re.search(r"file=([^,]+)", line).group(1) for line in errors] == ["decks/five iono.txt"] + [
        f"decks/iono-{n:02d}.txt" for n in range(9)
    ]
    (notice,) = annotations(out, "notice")
    assert f"{int(counted['errors']) - 10} errors and {int(counted['warnings']) - 10} warnings" in notice
    assert "got no annotation" in notice
    assert out.count(": error ") == int(counted["errors"])  # the log: every finding
    assert out.count(": warning ") == int(counted["warnings"])
    rows = [line for line in runner.summary().splitlines() if line.startswith("| [")]
    assert len(rows) == 17 and all("illegal" in row for row in rows[:15]) and "legal" in rows[16]


def pull_request_checkout(tmp_path: Path, base: dict[str, Path], added: dict[str, Path]) -> Path:
    """A pull request's checkout as actions/checkout makes it: the merge of a branch adding
    ``added`` (name: sample deck) into a base holding ``base`` and moved on since, fetched
    with depth 1."""
    if GIT is None:
        pytest.skip("git is needed to make a pull request")
    origin = tmp_path / "origin"
    work = tmp_path / "work"

    def git(*args: str, cwd: Path = work) -> str:
        return subprocess.run(
            [GIT, *args],
            cwd=cwd,
            check=True,
            capture_output=True,
            text=True,
            env={
                **os.environ,
                "GIT_AUTHOR_NAME": "t",
                "GIT_AUTHOR_EMAIL": "t@t",
                "GIT_COMMITTER_NAME": "t",
                "GIT_COMMITTER_EMAIL": "t@t",
            },
        ).stdout.strip()

    def put(files: dict[str, Path]) -> None:
        for name, sample in files.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(sample, work / name)
        git("add", "-A"), git("commit", "-qm", "files")

    work.mkdir()
    git("init", "-q", "-b", "main")
    put(base)
    git("checkout", "-qb", "feature")
    put(added)
    git("checkout", "-q", "main")
    (work / "other.txt").write_text("base moved on\n")
    git("add", "."), git("commit", "-qm", "base moves on")
    git("checkout", "-q", "--detach", "main")
    git("merge", "-q", "--no-ff", "-m", "merge", "feature")  # what refs/pull/N/merge is
    git("update-ref", "refs/pull/1/merge", "HEAD")
    git("clone", "-q", "--mirror", str(work), str(origin), cwd=tmp_path)
    # actions/checkout of a pull request: the merge commit, fetched with depth 1.
    checkout = tmp_path / "checkout"
    git("init", "-q", str(checkout), cwd=tmp_path)
    git("remote", "add", "origin", origin.as_uri(), cwd=checkout)
    git("fetch", "-q", "--depth=1", "origin", "+refs/pull/1/merge:refs/remotes/pull/1/merge", cwd=checkout)
    git("checkout", "-q", "--detach", "refs/remotes/pull/1/merge", cwd=checkout)
    return checkout


def changed_only_run(checkout: Path, tmp: Path, paths: str, pull_request: bool = True) -> Runner:
    """The action with changed-only on ``checkout``, in a pull request run (else a push); ran."""
    env = {"GITHUB_BASE_REF": "main", "GITHUB_EVENT_NAME": "pull_request"} if pull_request else {}
    inputs = {"paths": paths, "changed-only": "true", "format": "unlimited", "date": DATE}
    runner = Runner(checkout, tmp, {**inputs, "db-url": offline(tmp.parent)}, env=env)
    runner.code = runner.run()
    return runner


def test_changed_only_checks_what_the_pull_request_changes(tmp_path):
    illegal, legal = SAMPLE_DECKS / "illegal", SAMPLE_DECKS / "legal"
    checkout = pull_request_checkout(
        tmp_path,
        {
            "decks/old-illegal.txt": illegal / "copy-limit.txt",
            "decks/charizard.txt": legal / "charizard-pidgeot-ex.txt",
        },
        {"decks/new.txt": illegal / "deck-size.txt", "decks/notes.md": PROJECT_ROOT / "README.md"},
    )
    runner = changed_only_run(checkout, tmp_path / "run", "decks")
    assert runner.code == 1, runner.log[-1][1].stderr
    assert runner.outputs["check"]["decks"] == "1"  # new.txt; not old-illegal.txt, not notes.md
    out = runner.stdout("check")
    assert "decks/new.txt" in out and "old-illegal" not in out
    assert "Deck files changed since" in runner.stdout("changed")

    # Not a pull request: every deck, saying so.
    push = changed_only_run(checkout, tmp_path / "push", "decks", pull_request=False)
    assert push.code == 1
    assert "every deck under paths is checked" in push.stdout("changed")
    assert push.outputs["check"]["decks"] == "3"


def test_changed_only_takes_every_file_name_as_it_is(tmp_path):
    """The changed names go NUL-separated from git to deckcheck. A pull request adding
    an illegal ``decks/evil.txt<newline>legal.txt`` beside the legal ``decks/evil.txt`` and
    ``legal.txt`` fails the step; names with spaces, a leading ``-`` and glob characters are
    checked as they are (not options, not patterns)."""
    legal = SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt"
    checkout = pull_request_checkout(
        tmp_path,
        {"decks/evil.txt": legal, "legal.txt": legal, "decks/a.txt": legal, "decks/b.txt": legal},
        {
            "decks/evil.txt\nlegal.txt": SAMPLE_DECKS / "illegal" / "copy-limit.txt",
            "-h.txt": legal,
            "decks/two  words .txt": legal,
            "decks/*.txt": legal,
            "decks/[ab].txt": legal,
        },
    )
    runner = changed_only_run(checkout, tmp_path / "run", ". decks")
    assert runner.code == 1, runner.log[-1][1].stderr
    counted = runner.outputs["check"]
    assert (counted["decks"], counted["illegal"], counted["legal"]) == ("5", "1", "4"), runner.stdout("check")
    assert "Deck files changed since" in runner.stdout("changed")


@pytest.mark.parametrize(
    "inputs, message",
    [
        ({"output": "html"}, "input output must be github or sarif, not 'html'"),
        ({"changed-only": "yes"}, "input changed-only must be true or false"),
        ({"fail-on": "notes"}, "input fail-on must be error or warning"),
    ],
)
def test_bad_inputs_fail_first_with_one_line(deck_repo, tmp_path, inputs, message):
    runner = Runner(deck_repo, tmp_path, {"paths": "decks", **inputs})
    assert runner.run() == 2
    assert runner.ran == ["prepare"]  # nothing installed, nothing checked
    assert f"::error title=deckcheck::{message}" in runner.stdout("prepare")


def test_an_old_job_python_gets_a_python_of_the_actions_own(deck_repo, tmp_path):
    runner = Runner(
        deck_repo,
        tmp_path,
        {"paths": "decks/charizard.txt", "format": "unlimited", "date": DATE, "db-url": offline(tmp_path)},
        job_python="3.9.1",
    )
    assert runner.run() == 0, runner.log[-1][1].stderr
    assert "setup-python" in runner.ran and runner.outputs["python"]["path"] == str(runner.setup_python)
    # deckcheck went into a venv of that python (its stand-in pip records the install)
    assert f"-m pip install --quiet --disable-pip-version-check {PROJECT_ROOT}" in (tmp_path / "pip.log").read_text()
    assert runner.path_file.read_text() == "" and runner.env_file.read_text() == ""
    later = runner.later_step("command -v python3")
    assert later.stdout.strip() == str(runner.job_bin / "python3")  # still the job's (old) one


def test_the_installed_package_and_the_database_are_cached(deck_repo, tmp_path):
    archive = tiny_dataset_zip(tmp_path / "dataset.zip")
    cache = tmp_path / "actions-cache"
    inputs = {
        "paths": "decks",
        "format": "unlimited",
        "date": DATE,
        "db-url": archive.as_uri(),
        "db-source": "pokemontcg",
    }
    first = Runner(deck_repo, tmp_path / "first", inputs, cache=cache)
    assert first.run() == 1  # an illegal deck fails the step ...
    assert "Installed 2 cards" in first.stdout("refresh")
    # ... and the database is saved all the same, as is the installed package.
    assert any(key.startswith("deckcheck-carddb-Linux-") for key in first.saved)
    assert any(key.startswith("deckcheck-venv-Linux-X64-") for key in first.saved)
    assert first.ran.index("refresh") < first.ran.index("check")

    second = Runner(deck_repo, tmp_path / "second", inputs, cache=cache)
    assert second.run() == 1
    assert not (tmp_path / "second" / "pip.log").exists()  # deckcheck came from the cache: no install
    assert "restored from the cache" in second.stdout("install")
    assert "not refreshed" in second.stdout("refresh") and second.saved == []


def test_sarif_output_for_code_scanning(deck_repo, tmp_path):
    runner = Runner(
        deck_repo,
        tmp_path,
        {"paths": "decks", "format": "unlimited", "date": DATE, "output": "sarif", "db-url": offline(tmp_path)},
    )
    assert runner.run() == 1
    sarif = Path(runner.outputs["check"]["sarif-file"])
    assert sarif == tmp_path / "runner-temp" / "deckcheck-action" / "deckcheck.sarif"  # not in the repository
    assert not (deck_repo / "deckcheck.sarif").exists()
    log = json.loads(sarif.read_text(encoding="utf-8"))
    (run_,) = log["runs"]
    found = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in run_["results"]}
    assert ("copy-limit", "decks/five%20iono.txt") in found  # a relative URI
    assert "upload-sarif" in " ".join(runner.skipped)
    assert runner.summary().startswith("### deckcheck: 3 decks checked")
    upload = next(step for step in action()["runs"]["steps"] if step.get("uses", "").startswith("github/codeql"))
    assert "always()" in upload["if"]  # uploaded although the check step failed
    chosen = Runner(
        deck_repo,
        tmp_path / "chosen",
        {
            "paths": "decks",
            "format": "unlimited",
            "date": DATE,
            "output": "sarif",
            "sarif-file": str(tmp_path / "out.sarif"),
            "db-url": offline(tmp_path),
        },
    )
    assert chosen.run() == 1 and (tmp_path / "out.sarif").is_file()


# -- the card database: restored, refreshed when older than a week ---------------------------

TINY_SETS = [{"id": "tst1", "name": "Test Base", "series": "Test", "ptcgoCode": "TST", "releaseDate": "2024/01/26"}]
TINY_CARDS = [
    {
        "id": "tst1-1",
        "name": "Sproutling",
        "supertype": "Pokémon",
        "subtypes": ["Basic"],
        "hp": "60",
        "types": ["Grass"],
        "number": "1",
        "regulationMark": "G",
    },
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
    inputs = {
        "paths": "decks/tiny.txt",
        "format": "unlimited",
        "date": DATE,
        "db-url": archive.as_uri(),
        "db-source": "pokemontcg",
    }  # the archive alone: TCGdex is not reached from here

    first = Runner(deck_repo, tmp_path / "first", inputs)
    db = tmp_path / "first" / "runner-temp" / "deckcheck-action" / "cards.sqlite3"
    assert first.run() == 0, first.log[-1][1].stderr
    assert db.is_file() and "Installed 2 cards" in first.stdout("refresh")
    assert first.outputs["db"]["path"] == str(db)
    assert re.fullmatch(r"\d{4}-\d{2}", first.outputs["db"]["week"])

    def restored(name: str, days_old: float, **changed: str) -> tuple[Runner, Path]:
        """A runner whose cache step restored ``db`` as it was ``days_old`` days ago."""
        runner = Runner(deck_repo, tmp_path / name, {**inputs, **changed})
        cached = tmp_path / name / "runner-temp" / "deckcheck-action" / "cards.sqlite3"
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
    gone, _ = restored("offline", 30, **{"db-url": (tmp_path / "gone.zip").as_uri()})
    assert gone.run() == 0
    assert "could not be refreshed; the cached one is used" in gone.stdout("refresh")
    assert "built-in catalogue" not in gone.stderr("check")  # the cached database was used


@pytest.mark.parametrize("name", ["workflow.yml", "workflow-sarif.yml"])
def test_the_readme_workflows_run(name, deck_repo, tmp_path):
    from support import doc_example

    workflow = yaml.safe_load(doc_example(name))
    (job,) = workflow["jobs"].values()
    (step,) = [s for s in job["steps"] if re.fullmatch(r"[\w.-]+/deckcheck@[\w.-]+", s.get("uses", ""))]
    inputs = {key: str(value) for key, value in step["with"].items()}
    # A fixed day, and no network here.
    runner = Runner(deck_repo, tmp_path, {**inputs, "date": DATE, "db-url": offline(tmp_path)})
    assert runner.run() == 1
    if inputs.get("output") == "sarif":
        assert workflow["permissions"]["security-events"] == "write"
        (run_,) = json.loads(Path(runner.outputs["check"]["sarif-file"]).read_text(encoding="utf-8"))["runs"]
        assert run_["results"]
    else:
        assert "::error file=decks/five iono.txt," in runner.stdout("check")


def test_a_real_install_offline_leaves_the_job_as_it_was(deck_repo, tmp_path):
    """No stand-in for the venv: the job's python3 makes it, pip installs the action from the
    local checkout (no network: the package index of this machine's pip configuration)."""
    python3 = shutil.which(
        "python3",
        path=os.pathsep.join(
            p for p in os.environ.get("PATH", "").split(os.pathsep) if Path(p) != Path(sys.executable).parent
        ),
    )
    if (
        python3 is None
        or subprocess.run(
            [python3, "-c", "import sys, ensurepip; sys.exit(sys.version_info < (3, 11))"], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("no python3 of 3.11 or newer with venv support outside the test environment")
    runner = Runner(
        deck_repo,
        tmp_path,
        {"paths": "decks", "format": "unlimited", "date": DATE, "db-url": offline(tmp_path)},
        job_python=None,
    )
    assert runner.run() == 1, runner.log[-1][1].stderr[-2000:]
    installed = runner.outputs["install"]["deckcheck"]
    assert installed == str(tmp_path / "runner-temp" / "deckcheck-action" / "venv" / "bin" / "deckcheck")
    assert runner.outputs["check"]["illegal"] == "1" and len(annotations(runner.stdout("check"), "error")) == 1
    assert runner.path_file.read_text() == "" and runner.env_file.read_text() == ""
    later = runner.later_step("command -v python3; command -v deckcheck || echo none")
    assert later.stdout.splitlines() == [python3, "none"]
