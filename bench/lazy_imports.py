#!/usr/bin/env python3
"""What each module imported inside a function saves at start-up.

    python bench/lazy_imports.py [--modules a,b,...]

The package imports a module inside a function only where that spares a run the cost of
importing it (docs/development.md, "Imports inside functions", lists them;
tests/test_architecture.py fails on any other). For each listed module this prints the
instructions its import adds (valgrind's callgrind, bytecode cached, one run each: the count
does not move with the machine's load) on top of the modules a run that does without it has
imported already:

* ``deckcheck check`` of one deck (the start-up budget's run, bench/run.py), for a module
  such a check never imports;
* ``deckcheck --version`` (which builds no command), for a module every check imports;
* the library's ``deckcheck.check_text`` of one list (``import deckcheck``), for a module
  ``--version`` imports too.

beside the figure the table states, both in millions of instructions and as a multiple of
``python -c "import typer"``, measured in the same run. ``--modules`` measures other modules
(a candidate for the list). Nothing here is a unit test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"
DEVELOPMENT = ROOT / "docs" / "development.md"
TABLE_HEADING = "### Imports inside functions"

# Runs deckcheck's console script in this process and writes the names of the modules it
# imported, one a line, to the file named first.
_MODULES_OF_RUN = """import sys
out, sys.argv = sys.argv[1], ["deckcheck", *sys.argv[2:]]
from deckcheck.cli import main
try:
    main()
except SystemExit:
    pass
finally:
    with open(out, "w", encoding="utf-8") as file:
        file.write("\\n".join(sorted(sys.modules)))
"""

# Imports every module named in the file named first (the floor: what a run has imported),
# then the module named second, if any.
_IMPORT = """import importlib, sys
for name in open(sys.argv[1], encoding="utf-8").read().split():
    try:
        importlib.import_module(name)
    except Exception:
        pass
if len(sys.argv) > 2:
    importlib.import_module(sys.argv[2])
"""


def listed_modules(path: Path = DEVELOPMENT) -> dict[str, str]:
    """The modules of the table under TABLE_HEADING in docs/development.md, each with the
    figure the table states (its third column)."""
    text = path.read_text(encoding="utf-8")
    if TABLE_HEADING not in text:
        return {}
    section = text.split(TABLE_HEADING, 1)[1].split("\n#", 1)[0]
    found = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`"):
            found[cells[0].strip("`")] = cells[2]
    return found


def modules_of(command: list[str], env: dict[str, str], cwd: Path) -> set[str]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "modules"
        subprocess.run(
            [sys.executable, "-c", _MODULES_OF_RUN, str(out), *command], env=env, cwd=cwd, capture_output=True
        )
        return set(out.read_text(encoding="utf-8").split())


def library_modules(env: dict[str, str], cwd: Path) -> set[str]:
    """The modules ``import deckcheck`` and one ``check_text`` of the sample list import."""
    code = (
        "import sys, deckcheck\n"
        f"deckcheck.check_text(open({str(DECK)!r}, encoding='utf-8').read())\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True)
    return set(done.stdout.split())


def instructions(arguments: list[str], env: dict[str, str], cwd: Path) -> int:
    """The instructions of one run of ``python arguments`` (bytecode written by a first run)."""
    subprocess.run([sys.executable, *arguments], env=env, cwd=cwd, capture_output=True)
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", sys.executable, *arguments],
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"bench: callgrind counted nothing for {arguments}:\n{done.stderr[-2000:]}")
    return int(found[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", default="", help="measure these modules (comma-separated) instead of the table's")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("bench: valgrind is not installed; nothing to measure.", file=sys.stderr)
        return 2
    stated = listed_modules()
    wanted = [name for name in args.modules.split(",") if name] or list(stated)
    env = {**os.environ, "NO_COLOR": "1"}
    # Measure what users get: an installed package has its bytecode cached.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    work = Path(tempfile.mkdtemp(prefix="deckcheck-lazy-"))
    try:
        floors = {
            "check": modules_of(["check", str(DECK)], env, work),
            "--version": modules_of(["--version"], env, work),
            "library": library_modules(env, work),
        }
        # Not the measuring script's own modules.
        for names in floors.values():
            names.difference_update({"__main__", "sitecustomize", "usercustomize"})
        files = {}
        for name, names in floors.items():
            files[name] = work / f"floor-{name.strip('-')}"
            files[name].write_text("\n".join(sorted(names)), encoding="utf-8")
        typer = instructions(["-c", "import typer"], env, work)
        base = {name: instructions(["-c", _IMPORT, str(file)], env, work) for name, file in files.items()}

        def added(module: str) -> tuple[str, int]:
            floor = next((name for name, names in floors.items() if module not in names), "library")
            return floor, instructions(["-c", _IMPORT, str(files[floor]), module], env, work) - base[floor]

        with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
            measured = dict(zip(wanted, pool.map(added, wanted)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"import typer: {typer / 1e6:.0f} M instructions")
    print(f"{'module':44} {'on top of':>10} {'measured':>18} {'stated':>24}")
    for module in wanted:
        floor, cost = measured[module]
        shown = f"{cost / 1e6:.1f} M ({cost / typer:.3f} x)"
        print(f"{module:44} {floor:>10} {shown:>18} {stated.get(module, '(not listed)'):>24}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
