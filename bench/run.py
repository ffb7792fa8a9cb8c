#!/usr/bin/env python3
"""deckcheck's speed and memory budget (issue 3), measured beside its references.

    python bench/run.py [--runs N] [--decks N] [--json bench/results.json]

Run it from the project root in the environment where deckcheck is installed
(``pip install -e .``). It needs the reference data in ../shared/carddata and
says so when it is absent. Every figure is the median of several runs, next to
a reference measured in the same run on the same machine:

* start-up: ``deckcheck check`` of one 60-card deck (full database, text
  output) <= 1.6 x ``python -c "import typer"``; ``deckcheck --version``
  <= 1.2 x;
* throughput: one invocation over 2,000 deck files, JSON output: >= 1,000 decks
  per second after start-up, peak memory <= 120 MB;
* import: the full reference dataset in <= 5 s, peak memory <= 400 MB.

It prints a table and writes the figures as JSON. Nothing here is a unit test:
the budgets are checked by reading this output, not by CI.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "carddata" / "pokemon-tcg-data"
SAMPLE_DECK = ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"

# Runs a command and prints its wall time and the peak RSS of the command alone.
_MEASURE = r"""
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
elapsed = time.perf_counter() - start
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(elapsed, peak_kib, done.returncode)
if done.returncode not in (0, 1):
    sys.stderr.write(done.stderr.decode(errors="replace"))
"""


def measure(command: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(seconds, peak MB, exit code) of one run of ``command``, started in an
    empty folder as in a deck repository (no configuration file to read)."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, env=env,
                         cwd=env["DECKCHECK_BENCH_DIR"])
    if out.returncode != 0:
        raise SystemExit(f"bench: measuring {command} failed:\n{out.stderr}")
    seconds, peak_kib, code = out.stdout.split()
    return float(seconds), int(peak_kib) / 1024, int(code)


def deckcheck_command() -> list[str]:
    """The console script of the environment running this benchmark."""
    script = Path(sys.executable).with_name("deckcheck")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "deckcheck"]


def write_decks(folder: Path, wanted: int) -> int:
    """Deck lists typed from the reference data's preconstructed decks, cycled
    until ``wanted`` files exist (each file a real 60-card list)."""
    sets = {s["id"]: s for s in json.loads((REFERENCE / "sets" / "en.json").read_text())}
    numbers = {}
    for card_file in (REFERENCE / "cards" / "en").glob("*.json"):
        for card in json.loads(card_file.read_text()):
            numbers[card["id"]] = card["number"]
    texts = []
    for deck_file in sorted((REFERENCE / "decks" / "en").glob("*.json")):
        for deck in json.loads(deck_file.read_text()):
            lines = [f"# name: {deck['name']}"]
            for entry in deck["cards"]:
                code = sets.get(entry["id"].rsplit("-", 1)[0], {}).get("ptcgoCode")
                number = numbers.get(entry["id"])
                tail = f" {code} {number}" if code and number else ""
                lines.append(f"{entry['count']} {entry['name']}{tail}")
            texts.append("\n".join(lines) + "\n")
    for i in range(wanted):
        (folder / f"deck-{i:05d}.txt").write_text(texts[i % len(texts)], encoding="utf-8")
    return wanted


TCGDEX = ROOT.parent / "shared" / "carddata" / "tcgdex-api"


def _tcgdex_server(root: Path, hidden: set[str]):
    """A static server on 127.0.0.1 answering ``/v2/en/...`` from the TCGdex export
    (``/v2/en/cards/X`` is ``v2/en/cards/X.json``), its set list without ``hidden``."""
    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            path = root / (self.path.lstrip("/") + ".json")
            if not path.is_file():
                self.send_error(404)
                return
            body = path.read_bytes()
            if self.path == "/v2/en/sets":
                body = json.dumps([s for s in json.loads(body) if s["id"] not in hidden]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def tcgdex_rows(deckcheck: list[str], env: dict[str, str], work: Path) -> list[tuple]:
    """Issue 11: a database from the TCGdex export alone (``db import``), and the
    fill-in of one new set (Pitch Black) by ``db update --source both`` from a
    loopback server, the other TCGdex sets fetched by an earlier update."""
    if not (TCGDEX / "v2" / "en" / "sets" / "me05.json").is_file():
        return []
    rows = []
    only = {**env, "DECKCHECK_DB": str(work / "tcgdex.sqlite3")}
    builds = [measure([*deckcheck, "db", "import", str(TCGDEX)], only) for _ in range(3)]
    rows.append(("db import (TCGdex export alone)", statistics.median(r[0] for r in builds), "s", None, "", None))
    rows.append(("  peak memory", max(r[1] for r in builds), "MB", None, "", None))

    archive = Path(shutil.make_archive(str(work / "dataset"), "zip", REFERENCE))
    both = {**env, "DECKCHECK_DB": str(work / "both.sqlite3")}
    update = [*deckcheck, "db", "update", "--source", "both", "--url", archive.as_uri()]
    server = _tcgdex_server(TCGDEX, hidden={"me05"})
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        measure([*update, "--tcgdex-url", url], both)  # everything but Pitch Black
        server.shutdown()
        server = _tcgdex_server(TCGDEX, hidden=set())
        url = f"http://127.0.0.1:{server.server_address[1]}"
        seconds, peak, code = measure([*update, "--tcgdex-url", url], both)
    finally:
        server.shutdown()
    if code != 0:
        raise SystemExit("bench: the TCGdex fill-in failed")
    rows.append(("db update, fill-in of one new set (PBL)", seconds, "s", None, "", None))
    rows.append(("  peak memory", peak, "MB", None, "", None))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per start-up figure (median)")
    parser.add_argument("--decks", type=int, default=2000, help="deck files for the throughput figure")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results.json", help="where to write the figures")
    args = parser.parse_args()
    if not (REFERENCE / "sets" / "en.json").is_file():
        print(f"bench: the reference data is absent ({REFERENCE}); nothing to measure.", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="deckcheck-bench-"))
    try:
        env = {**os.environ, "DECKCHECK_DB": str(work / "cards.sqlite3"), "DECKCHECK_CACHE_DIR": str(work / "cache"),
               "NO_COLOR": "1"}
        # Measure what users get: an installed package has its bytecode cached.
        # (Some sandboxes set this; with it, every run recompiles every module.)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        (work / "repo").mkdir()
        env["DECKCHECK_BENCH_DIR"] = str(work / "repo")
        deckcheck = deckcheck_command()
        rows = []

        # Import: the full reference dataset (median of 3; each run replaces the file).
        imports = [measure([*deckcheck, "db", "import", str(REFERENCE)], env) for _ in range(3)]
        import_s = statistics.median(r[0] for r in imports)
        import_mb = max(r[1] for r in imports)
        rows.append(("db import (full dataset)", import_s, "s", 5.0, "s", import_s <= 5.0))
        rows.append(("db import peak memory", import_mb, "MB", 400, "MB", import_mb <= 400))
        rows += tcgdex_rows(deckcheck, env, work)

        # Warm the pack cache once, as the second run of any pre-commit hook would be.
        measure([*deckcheck, "check", str(SAMPLE_DECK)], env)
        # Interleaved, so that a machine whose speed drifts during the run
        # (shared or throttled CPUs) slows the figure and its reference alike.
        commands = {"typer": [sys.executable, "-c", "import typer"],
                    "check": [*deckcheck, "check", str(SAMPLE_DECK)],
                    "version": [*deckcheck, "--version"]}
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(measure(command, env)[0])
        typer_s, check_s, version_s = (statistics.median(times[n]) for n in ("typer", "check", "version"))
        rows.append(("reference: python -c 'import typer'", typer_s, "s", None, "", None))
        rows.append(("check one deck / import typer", check_s / typer_s, "x", 1.6, "x", check_s / typer_s <= 1.6))
        rows.append(("--version / import typer", version_s / typer_s, "x", 1.2, "x", version_s / typer_s <= 1.2))

        decks = work / "decks"
        decks.mkdir()
        count = write_decks(decks, args.decks)
        many = [measure([*deckcheck, "check", str(decks), "--output", "json", "--format", "unlimited"], env)
                for _ in range(3)]
        many_s = statistics.median(r[0] for r in many)
        many_mb = max(r[1] for r in many)
        per_second = count / max(many_s - check_s, 1e-9)
        rows.append((f"check {count} decks, JSON (wall)", many_s, "s", None, "", None))
        rows.append(("decks per second after start-up", per_second, "/s", 1000, "/s", per_second >= 1000))
        rows.append(("check many decks peak memory", many_mb, "MB", 120, "MB", many_mb <= 120))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"deckcheck benchmark — {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, median of {args.runs} runs for start-up")
    print(f"{'figure':<40} {'measured':>12} {'budget':>10}  ok")
    for name, value, unit, budget, budget_unit, ok in rows:
        shown = f"{value:.3f} {unit}" if unit in ("s", "x") else f"{value:.0f} {unit}"
        limit = "" if budget is None else (f"{budget} {budget_unit}")
        mark = "" if ok is None else ("yes" if ok else "NO")
        print(f"{name:<40} {shown:>12} {limit:>10}  {mark}")
    figures = {name: {"value": round(value, 4), "unit": unit, "budget": budget, "ok": ok}
               for name, value, unit, budget, _unit, ok in rows}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"python": platform.python_version(), "runs": args.runs, "figures": figures},
                                    indent=2) + "\n", encoding="utf-8")
    print(f"written: {args.json}")
    return 0 if all(r[5] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
