"""The README and the reference in docs/: free of merge-conflict markers, every link leads somewhere,
and every ```console example prints what the page shows."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from support import DOCS, PROJECT_ROOT, doc_pages, run_deckcheck

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
        inside, command, start, out = False, None, 0, []
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
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_CONFIG_HOME=str(home / "config"),
        LANG="C.UTF-8",
        COLUMNS="100",
        NO_COLOR="1",
        TERM="dumb",
    )
    return env


def as_new_user(console_env: dict[str, str], *args: str, **variables: str):
    """``deckcheck ARGS`` in this process (``main``, which the console script runs), with only the
    variables of the new user's shell (and ``variables``), from the project's folder."""
    env: dict[str, str | None] = {**dict.fromkeys(os.environ), **console_env, **variables}
    return run_deckcheck(*args, cwd=PROJECT_ROOT, env=env)


@pytest.mark.parametrize("database", ["no database", "full database"])
@pytest.mark.parametrize(
    "page, line, command, expected", EXAMPLES, ids=[f"{page}:{line}" for page, line, *_ in EXAMPLES]
)
def test_the_console_example_prints_what_the_page_shows(page, line, command, expected, database, console_env, request):
    """As printed, on a new user's machine (the built-in catalogue) and after `deckcheck db import`."""
    assert not re.search(r"[|<>;&`]", command), f"{page}:{line}: keep console examples to one plain command"
    args = shlex.split(command)
    assert args[0] == "deckcheck", f"{page}:{line}: a console example runs deckcheck"
    database_path = {}
    if database == "full database":
        database_path["DECKCHECK_DB"] = str(request.getfixturevalue("reference_index").path)  # skips without it
    done = as_new_user(console_env, *args[1:], **database_path)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    printed = "\n".join(line.rstrip() for line in done.stdout.decode("utf-8").rstrip("\n").split("\n"))
    assert printed == expected.rstrip("\n"), f"{page}:{line}: `{command}` prints\n{printed}"


# ---- the Standard table of docs/formats.md against `deckcheck formats show standard --date` ----------


def standard_table() -> list[tuple[str, str, str]]:
    """(from, season, notes) of every row of the table in "Standard through history"."""
    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    table = text[text.index("| from | season (first set) | notes |") :]
    rows = []
    for line in table.split("\n")[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((cells[0], cells[1], cells[2]))
    return rows


def test_the_standard_table_has_a_row_for_every_season_of_the_pack():
    import yaml

    pack = yaml.safe_load((PROJECT_ROOT / "formats" / "standard.yaml").read_text(encoding="utf-8"))
    (pool,) = [rule for rule in pack["rules"] if "seasons" in rule]
    assert [row[0] for row in standard_table()] == [str(season["from"]) for season in pool["seasons"]]


@pytest.mark.parametrize("day, season, notes", standard_table(), ids=[row[0] for row in standard_table()])
def test_the_standard_table_says_what_formats_show_says(day, season, notes, console_env):
    done = as_new_user(console_env, "formats", "show", "standard", "--date", day, COLUMNS="2000")
    assert done.returncode == 0, done.stderr.decode()
    (pool,) = [line for line in done.stdout.decode("utf-8").split("\n") if "card pool:" in line]
    assert f"since {day}" in pool, pool
    marks = re.fullmatch(r"(?:regulation )?marks ([A-Z](?:, [A-Z])*)", season)
    assert marks or "marks" not in season, f"{day}: write the marks as formats show does: {season}"
    if marks:
        shown = re.search(r"card pool: regulation marks ([A-Z](?:, [A-Z])*) ", pool)
        assert shown and shown.group(1) == marks.group(1), pool
    else:
        assert ("Modified" in season) == ("Modified" in pool), pool
        assert season.removeprefix("Modified ") in pool, pool
    assert ("unverified day" in notes) == (f"since {day} [unverified" in pool), pool


# ---- the examples of docs/serve.md, sent to a running `deckcheck serve` --------------------------


def shell_session(page: str, containing: str) -> list[tuple[str, str]]:
    """(command, output) of the code block of docs/PAGE that holds ``containing``: ``$ `` lines (a
    trailing backslash continues one) and the lines they print."""
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.rindex("```", 0, text.index(containing))
    block = text[text.index("\n", start) + 1 : text.index("```", start + 3)]
    session: list[tuple[str, list[str]]] = []
    lines = iter(block.rstrip("\n").split("\n"))
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\"):
                command = command[:-1] + next(lines).strip()
            session.append((command, []))
        else:
            session[-1][1].append(line)
    return [(command, "\n".join(out)) for command, out in session]


def shows(expected: str, actual: str) -> bool:
    """The answer is what the page shows, where ``...`` elides a part (white space is the page's)."""
    pieces = re.sub(r"\s+", "", expected).split("...")
    actual, at = re.sub(r"\s+", "", actual), 0
    for piece in pieces:
        found = actual.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def curl(args: list[str], address: str, cwd: Path) -> str:
    import urllib.error
    import urllib.request

    headers, data, method, url = {}, None, None, None
    form: list[bytes] = []  # -F parts, as curl writes multipart/form-data
    boundary = "------------------------deckcheckdocs"
    words = iter(args[1:])
    for word in words:
        if word == "-s":
            continue
        if word == "-F":
            name, _, value = next(words).partition("=")
            if value.startswith("@"):
                head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{value[1:]}"\r\n'
                form.append(head.encode() + b"Content-Type: text/plain\r\n\r\n" + (cwd / value[1:]).read_bytes())
            else:
                form.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}'.encode())
            data = b"\r\n".join(form) + f"\r\n--{boundary}--\r\n".encode()
            headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
            continue
        if word == "-H":
            key, _, value = next(words).partition(":")
            headers[key.strip()] = value.strip()
        elif word in ("-d", "--data-binary"):
            value = next(words)
            data = (cwd / value[1:]).read_bytes() if value.startswith("@") else value.encode("utf-8")
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")  # as curl sends
        elif word == "-X":
            method = next(words)
        else:
            assert url is None, f"curl {word}: not an option this runner knows"
            url = word.replace("http://127.0.0.1:8000", address)
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.read().decode("utf-8")


def test_the_api_examples_of_serve_answer_what_the_page_shows(tmp_path):
    pytest.importorskip("starlette", reason="deckcheck serve needs its extra (pip install -e '.[serve]')")
    from serve_support import running_server

    session = shell_session("serve.md", "$ curl")
    assert sum(command.startswith("curl ") for command, _ in session) == 4
    with running_server(tmp_path) as address:
        for command, expected in session:
            args = shlex.split(command)
            if args[0] == "printf":
                assert args[2] == ">"
                (tmp_path / args[3]).write_text(args[1].replace("\\n", "\n"), encoding="utf-8")
                continue
            answer = curl(args, address, tmp_path)
            assert shows(expected, answer), f"{command}\nanswers\n{answer}"


def test_the_elision_of_an_answer():
    assert shows('{"a":1, ...\n "c":3}', '{"a":1,"b":2,"c":3}')
    assert not shows('"says 1 cards, but"', '"says 1 card, but"')


def test_the_version_is_written_in_one_place():
    """deckcheck/version.py holds the version; the package metadata and --version read it, and no
    page or other file repeats it (where it would go stale, as `rev: v0.1.0` did)."""
    import tomllib

    import deckcheck

    pyproject = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "deckcheck/version.py"
    holders = [
        path.relative_to(PROJECT_ROOT).as_posix()
        for path in [
            *doc_pages(),
            PROJECT_ROOT / "action.yml",
            PROJECT_ROOT / ".pre-commit-hooks.yaml",
            *sorted((PROJECT_ROOT / "deckcheck").rglob("*.py")),
        ]
        if deckcheck.__version__ in path.read_text(encoding="utf-8")
    ]
    assert holders == ["deckcheck/version.py"]


# ---- every command and option of `deckcheck --help` is documented ---------------------------------


def help_tree(console_env: dict[str, str], command: tuple[str, ...] = ()) -> dict[tuple[str, ...], list[str]]:
    """{command: its options} for deckcheck and every subcommand its --help lists."""
    done = as_new_user(console_env, *command, "--help", COLUMNS="200")
    assert done.returncode == 0, done.stderr.decode()
    text = done.stdout.decode("utf-8")
    options = re.findall(r"^[\s│|]*(?:-\w, )?(--[a-z][\w-]*)", text, re.M)
    tree = {command: [option for option in options if option != "--help"]}
    if "Commands:" in text:
        for name in re.findall(r"^[\s│|]+([a-z][\w-]*)\s{2,}\S", text.split("Commands:", 1)[1], re.M):
            tree.update(help_tree(console_env, (*command, name)))
    return tree


def test_every_command_and_option_of_the_help_is_in_the_docs(console_env):
    from support import doc_text

    docs = doc_text()
    tree = help_tree(console_env)
    assert ("check",) in tree and ("db", "update") in tree and "--format" in tree[("check",)]
    missing = [
        f"deckcheck {' '.join(command)}" for command in tree if command and f"deckcheck {' '.join(command)}" not in docs
    ]
    missing += [
        f"deckcheck {' '.join(command)} {option}"
        for command, options in tree.items()
        for option in options
        if not re.search(re.escape(option) + r"(?![\w-])", docs)
    ]
    assert missing == [], "document these in README.md or docs/*.md: " + ", ".join(missing)


def test_every_input_and_output_of_the_action_is_in_the_docs():
    import yaml
    from support import doc_text

    action = yaml.safe_load((PROJECT_ROOT / "action.yml").read_text(encoding="utf-8"))
    docs = doc_text("reports.md")
    missing = [name for name in [*action["inputs"], *action.get("outputs", {})] if f"`{name}`" not in docs]
    assert missing == [], "docs/reports.md does not name the Action's " + ", ".join(missing)


WRITTEN_BY_A_RUN = {"bench/results.json"}  # bench/run.py writes it; git ignores it


@pytest.mark.parametrize("page", doc_pages(), ids=lambda p: p.relative_to(PROJECT_ROOT).as_posix())
def test_every_file_of_the_project_the_docs_name_exists(page):
    named = re.findall(
        r"`((?:deckcheck|tests|bench|formats|sample_decks|docs|\.ci)/[^`\s*<>{}]*)`", page.read_text(encoding="utf-8")
    )
    missing = [path for path in named if path not in WRITTEN_BY_A_RUN and not (PROJECT_ROOT / path).exists()]
    assert missing == [], f"{page.name} names files the project does not have: {missing}"


def test_the_readme_workflow_is_the_one_the_action_tests_run():
    """The first page's workflow is docs/reports.md's `workflow.yml`, which tests/test_action.py runs."""
    import yaml
    from support import doc_example, doc_text

    readme = doc_text("README.md")
    start = readme.index("# .github/workflows/decks.yml")
    shown = yaml.safe_load(readme[start : readme.index("```", start)])
    assert shown == yaml.safe_load(doc_example("workflow.yml"))


def test_the_readme_python_example_runs(tmp_path, console_env):
    from support import SAMPLE_DECKS, doc_text

    readme = doc_text("README.md")
    start = readme.index("```python\n") + len("```python\n")
    (tmp_path / "example.py").write_text(readme[start : readme.index("```", start)], encoding="utf-8")
    (tmp_path / "my-deck.txt").write_bytes((SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_bytes())
    done = subprocess.run(
        [sys.executable, "example.py"], cwd=tmp_path, env=console_env, capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout) == (0, "False ['copy-limit']\n"), done.stderr


FILE_SUFFIXES = {"sarif", "sqlite3", "yaml", "yml", "json", "pdf", "txt", "po", "pot", "mo", "git", "html", "png"}


@pytest.mark.parametrize("page", doc_pages(), ids=lambda p: p.relative_to(PROJECT_ROOT).as_posix())
def test_every_module_and_name_of_deckcheck_the_docs_name_exists(page):
    """`deckcheck.parse.text.line_counts`, `deckcheck.cli:main`: a module, then names in it."""
    import importlib

    missing = []
    for dotted in re.findall(r"`(deckcheck(?:\.[a-z_]\w*)+(?::\w+)?)(?:\(\))?`", page.read_text(encoding="utf-8")):
        parts = dotted.replace(":", ".").split(".")
        if parts[-1] in FILE_SUFFIXES:
            continue  # deckcheck.sarif, deckcheck.yaml: a file
        for cut in range(len(parts), 0, -1):
            try:
                found = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            break
        for name in parts[cut:]:
            found = getattr(found, name, None)
        if found is None:
            missing.append(dotted)
    assert missing == [], f"{page.name} names what deckcheck does not have: {missing}"


def test_the_rule_kinds_table_is_what_the_kinds_say():
    """docs/rules.md's table of rule kinds is `deckcheck rules --markdown`, written from the kinds' own modules."""
    from support import doc_text

    from deckcheck.cli.rules import kinds_table

    page = doc_text("rules.md")
    start, end = "<!-- rule kinds: deckcheck rules --markdown -->\n", "<!-- end of rule kinds -->"
    assert start in page and end in page
    written = page.split(start, 1)[1].split(end, 1)[0]
    assert written == "".join(line + "\n" for line in kinds_table()), "run deckcheck rules --markdown"


def test_every_yaml_example_of_the_docs_is_valid_yaml_and_the_deck_example_reads():
    # docs/deck-lists.md's deck example was not YAML: "name: Basic {P} Energy" in a flow mapping.
    import re

    import yaml
    from support import doc_pages

    blocks = [
        (page.name, block)
        for page in doc_pages()
        for block in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    ]
    assert blocks
    for name, block in blocks:
        assert yaml.safe_load(block) is not None, name  # an invalid block raises
    from deckcheck.parse.structured import parse_structured

    deck_block = next(block for name, block in blocks if name == "deck-lists.md" and "cards:" in block)
    parsed = parse_structured(deck_block, "deck.yaml", "yaml")
    assert not parsed.findings and [e.name for e in parsed.entries] == ["Ralts", "Psychic Energy"]
