"""The README and the reference in docs/: free of merge-conflict markers, every link leads somewhere,
and every ```console example prints what the page shows (issue 24 §1)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from support import DOCS, PROJECT_ROOT, doc_pages

README = PROJECT_ROOT / "README.md"
FENCE = re.compile(r"^\s*(```|~~~)")


def conflict_markers(text: str) -> list[int]:
    """Line numbers of merge-conflict markers: ``<<<<<<< ``, ``>>>>>>> ``, ``|||||||`` anywhere, and
    a lone ``=======`` outside a fenced code block (inside one it may be a drawn line)."""
    found, code = [], False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            code = not code
        if re.match(r"(<{7}|>{7}|\|{7})( |$)", line) or (line.rstrip() == "=======" and not code):
            found.append(number)
    return found


def test_the_marker_check_finds_a_conflict_and_passes_a_drawn_line():
    conflict = "a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> main\nb\n"
    assert conflict_markers(conflict) == [2, 4, 6]
    assert conflict_markers("Title\n=======\n") == [2]  # a setext heading is written with # here
    assert conflict_markers("```\n=======\n```\n") == []
    assert conflict_markers("a <<<<<<< b\n") == []


@pytest.mark.parametrize("page", doc_pages(), ids=lambda p: p.relative_to(PROJECT_ROOT).as_posix())
def test_no_merge_conflict_markers(page):
    text = page.read_text(encoding="utf-8")
    assert conflict_markers(text) == [], f"{page.name}: merge-conflict markers on lines {conflict_markers(text)}"


def test_the_readme_starts_with_the_two_set_up_commands():
    # .ci/run runs the second line as CI's test command.
    lines = README.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "# deckcheck" and lines[1] == ""
    assert lines[2] == "    pip install -e . && deckcheck check sample_decks/"
    assert lines[3] == "    pip install -e '.[test]' && python -m pytest -q"


def test_the_readme_is_a_first_page_that_links_every_reference_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.split("\n")) <= 220, "the README is the first page; the reference goes in docs/"
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for page in sorted(DOCS.glob("*.md")):
        if page.name != "README.md":
            assert f"](docs/{page.name}" in text, f"the README does not link docs/{page.name}"
            assert f"]({page.name})" in index, f"docs/README.md does not list {page.name}"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found, code = set(), False
    for line in page.read_text(encoding="utf-8").split("\n"):
        if FENCE.match(line):
            code = not code
        elif not code and (heading := re.match(r"#+ (.*)", line)):
            found.add(slug(heading.group(1)))
    return found


def links(page: Path) -> list[str]:
    text, code, out = page.read_text(encoding="utf-8"), False, []
    for line in text.split("\n"):
        if FENCE.match(line):
            code = not code
        elif not code:
            out += re.findall(r"\]\(([^)\s]+)\)", line)
    return out


@pytest.mark.parametrize("page", doc_pages(), ids=lambda p: p.relative_to(PROJECT_ROOT).as_posix())
def test_every_link_leads_to_a_file_and_heading(page):
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue  # https://..., mailto:
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target} links to no file"
        if anchor:
            assert anchor in anchors(linked), f"{page.name}: {target}: {linked.name} has no heading #{anchor}"


def test_the_anchor_of_a_heading_is_githubs():
    assert slug("A local page: `deckcheck serve`") == "a-local-page-deckcheck-serve"
    assert slug("Card sources: pokemontcg.io and TCGdex") == "card-sources-pokemontcgio-and-tcgdex"


# ---- the console examples: `$ deckcheck ...` and the output it prints, run as written -------------

def console_examples() -> list[tuple[str, int, str, str]]:
    """(page, line, command, expected output) of every ``$ `` line of a ```console block."""
    examples = []
    for page in doc_pages():
        lines = page.read_text(encoding="utf-8").split("\n")
        inside, command = False, None
        for number, line in enumerate(lines, 1):
            if line.startswith("```"):
                if inside and command:
                    examples.append((page.relative_to(PROJECT_ROOT).as_posix(), start, command, "\n".join(out)))
                inside, command = line.strip() == "```console", None
                continue
            if not inside:
                continue
            if line.startswith("$ "):
                if command:
                    examples.append((page.relative_to(PROJECT_ROOT).as_posix(), start, command, "\n".join(out)))
                command, start, out = line[2:], number, []
            elif command is not None:
                out.append(line)
    return examples


EXAMPLES = console_examples()


def test_the_first_page_has_console_examples():
    assert sum(page == "README.md" for page, *_ in EXAMPLES) >= 2


@pytest.fixture(scope="module")
def console_env(tmp_path_factory) -> dict[str, str]:
    """A new user's shell: no card database installed (the built-in catalogue), English, a terminal
    100 columns wide, no colour."""
    home = tmp_path_factory.mktemp("docs-home")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DECKCHECK_", "LC_", "XDG_"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), LANG="C.UTF-8", COLUMNS="100", NO_COLOR="1", TERM="dumb")
    return env


def deckcheck_command() -> list[str]:
    script = Path(sys.executable).with_name("deckcheck")  # the console script, as a user runs it
    return [str(script)] if script.is_file() else [sys.executable, "-m", "deckcheck"]


@pytest.mark.parametrize("page, line, command, expected", EXAMPLES,
                         ids=[f"{page}:{line}" for page, line, *_ in EXAMPLES])
def test_the_console_example_prints_what_the_page_shows(page, line, command, expected, console_env):
    assert not re.search(r"[|<>;&`]", command), f"{page}:{line}: keep console examples to one plain command"
    args = shlex.split(command)
    assert args[0] == "deckcheck", f"{page}:{line}: a console example runs deckcheck"
    done = subprocess.run(deckcheck_command() + args[1:], cwd=PROJECT_ROOT, env=console_env, capture_output=True,
                          timeout=120)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    printed = "\n".join(line.rstrip() for line in done.stdout.decode("utf-8").rstrip("\n").split("\n"))
    assert printed == expected.rstrip("\n"), f"{page}:{line}: `{command}` prints\n{printed}"
