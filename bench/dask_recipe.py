#!/usr/bin/env python3
"""The Dask recipe of docs/library.md beside the plain command line.

    python bench/dask_recipe.py [--decks 20000] [--workers 2] [--format standard]

Writes a tournament-like corpus (bench/corpus.py, from ../shared's reference data), imports the
reference card database, then runs, one after the other, the recipe (``dask_check.py``, taken from
the docs) on a local cluster and ``deckcheck check FOLDER --output json`` with ``--jobs 1`` and with
one job per worker. Printed for each: the wall time, decks per second, and the peak memory of the
client (the process started) and of the largest other process (a Dask worker, or a ``--jobs``
worker), each the kernel's high-water mark (``VmHWM`` in ``/proc``, read every 0.1 s while the
process lives: Linux only). Nothing here is a unit test; the figures are read, not asserted,
except the one row with a budget: the recipe's client peak, which must not grow with the decks.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "carddata" / "pokemon-tcg-data"
# The recipe's client holds the list of paths and one chunk's text: a budget that does not grow
# with the number of decks (the recipe that gathered every result took 1.4-1.5 GB for 20,000).
CLIENT_BUDGET_MB = 250


def doc_example(name: str) -> str:
    text = "\n".join(p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))])
    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```[a-z]*\n(.*?)```", text, re.S)
    if not found:
        raise SystemExit(f"bench: no example {name} in the README or docs/")
    return found.group(1)


def _descendants(pid: int) -> set[int]:
    found, frontier = set(), [pid]
    while frontier:
        parent = frontier.pop()
        children: list[str] = []
        # Every thread's children: Dask starts its worker processes from another thread than the main one.
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children += (task / "children").read_text().split()
            except OSError:
                continue
        for child in map(int, children):
            if child not in found:
                found.add(child)
                frontier.append(child)
    return found


def _hwm_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def run_measured(command: list[str], env: dict[str, str], cwd: Path, stdout=subprocess.PIPE) -> dict:
    """Wall seconds, the client's peak MB and the largest descendant's peak MB of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE)
    client, others = 0.0, 0.0
    while process.poll() is None:
        client = max(client, _hwm_mb(process.pid) or 0.0)
        for child in _descendants(process.pid):
            others = max(others, _hwm_mb(child) or 0.0)
        time.sleep(0.1)
    out, err = process.communicate()
    seconds = time.perf_counter() - start
    if process.returncode not in (0, 1):
        raise SystemExit(f"bench: {command[:3]} failed ({process.returncode}):\n{err.decode(errors='replace')[-3000:]}")
    return {"seconds": seconds, "client_mb": client, "worker_mb": others}


def measure_all(decks: int, workers: int, fmt: str) -> list[tuple[str, dict]]:
    """(label, figures) of the recipe and the command line on ``decks`` generated decks."""
    sys.path.insert(0, str(Path(__file__).parent))
    from corpus import write_corpus  # bench/corpus.py

    work = Path(tempfile.mkdtemp(prefix="deckcheck-dask-bench-"))
    try:
        env = {**os.environ, "DECKCHECK_DB": str(work / "cards.sqlite3"), "NO_COLOR": "1"}
        deckcheck = [sys.executable, "-m", "deckcheck"]
        subprocess.run([*deckcheck, "db", "import", str(REFERENCE)], env=env, check=True, capture_output=True)
        folder = work / "decks"
        folder.mkdir()
        kinds = write_corpus(REFERENCE, folder, decks, fmt)
        print(f"bench: {decks} {fmt} decks written ({kinds})", file=sys.stderr)
        script = work / "dask_check.py"
        script.write_text(doc_example("dask_check.py"), encoding="utf-8")
        runs = {
            f"recipe, {workers} workers": [
                sys.executable,
                str(script),
                str(folder),
                str(work / "report.json"),
                "--format",
                fmt,
                "--workers",
                str(workers),
            ],
            "deckcheck check --output json, --jobs 1": [
                *deckcheck,
                "check",
                str(folder),
                "--format",
                fmt,
                "--output",
                "json",
                "--jobs",
                "1",
            ],
            f"deckcheck check --output json, --jobs {workers}": [
                *deckcheck,
                "check",
                str(folder),
                "--format",
                fmt,
                "--output",
                "json",
                "--jobs",
                str(workers),
            ],
        }
        rows = []
        for label, command in runs.items():
            if label.startswith("deckcheck"):
                with open(work / "cli.json", "wb") as out:  # the report to a file, as the recipe writes it
                    measured = run_measured(command, env, work, stdout=out)
            else:
                measured = run_measured(command, env, work)
            rows.append((label, measured))
        return rows
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench_rows(decks: int, workers: int, fmt: str = "standard") -> list[tuple]:
    """Rows for bench/run.py's table: (name, value, unit, budget, budget unit, ok)."""
    rows = []
    for label, m in measure_all(decks, workers, fmt):
        rows.append((f"{label}, {decks} decks: wall", m["seconds"], "s", None, "", None))
        rows.append(("  decks per second", decks / m["seconds"], "/s", None, "", None))
        if label.startswith("recipe"):
            ok = m["client_mb"] <= CLIENT_BUDGET_MB
            rows.append(("  client peak memory", m["client_mb"], "MB", CLIENT_BUDGET_MB, "MB", ok))
            rows.append(("  largest Dask worker peak memory", m["worker_mb"], "MB", None, "", None))
        else:
            rows.append(("  peak memory (main process)", m["client_mb"], "MB", None, "", None))
            if m["worker_mb"]:
                rows.append(("  largest --jobs worker peak memory", m["worker_mb"], "MB", None, "", None))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--format", default="standard")
    args = parser.parse_args()
    if not (REFERENCE / "sets" / "en.json").is_file():
        print(f"bench: the reference data is absent ({REFERENCE}); nothing to measure.", file=sys.stderr)
        return 2
    if not Path("/proc/self/status").is_file():
        print("bench: peak memory is read from /proc (Linux); nothing to measure here.", file=sys.stderr)
        return 2
    rows = bench_rows(args.decks, args.workers, args.format)
    print(f"{args.decks} {args.format} decks, {os.cpu_count()} CPUs")
    for name, value, unit, budget, budget_unit, ok in rows:
        shown = f"{value:.1f} {unit}" if unit == "s" else f"{value:.0f} {unit}"
        limit = "" if budget is None else f"{budget} {budget_unit}"
        mark = "" if ok is None else ("yes" if ok else "NO")
        print(f"{name:<60} {shown:>10} {limit:>8}  {mark}")
    return 0 if all(row[5] is not False for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
