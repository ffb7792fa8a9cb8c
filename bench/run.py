#!/usr/bin/env python3
"""deckcheck's speed and memory budget, measured beside its references.

    python bench/run.py [--quick] [--runs N] [--sizes 2000,20000,100000] [--json bench/results.json]

Run it from the project root in the environment where deckcheck is installed
(``pip install -e .``). It needs the reference data in ../shared/carddata and
says so when it is absent. Every figure is next to its budget or reference,
measured in the same run on the same machine:

* start-up: ``deckcheck check`` of one 60-card deck (text output), with the
  full database installed and with none (the built-in catalogue), and of each
  other kind of deck the docs show (a JSON and a YAML deck file, a list with a
  misspelt name) with the full database, each
  <= 2.0 x the instructions of ``python -c "import typer"`` (the wall
  time is shown beside it), and ``deckcheck --version``, all through
  the one Typer parser
  (median of --runs interleaved runs; the cache folder is the user's default,
  not preset); with ``--instructions`` also the same ratios in instructions
  executed (valgrind's callgrind, one run each), which the machine's load does
  not move;
* throughput on a tournament-like corpus (bench/corpus.py: competitive
  60-card Standard, Expanded and GLC lists in the PTCG Live form, ~30 % with a
  mistake, 2 % YAML/JSON, generated into a temporary folder): for each format,
  size, output (text, JSON) and 1 job / all cores: wall time, CPU seconds
  (all processes), decks per CPU second (>= 1,000 per core for JSON), peak
  memory of the largest process (<= 150 MB at 100,000 decks); all cores on
  20,000 decks <= 0.6 x the one-job wall time;
* import: the full reference dataset in <= 5 s, peak memory <= 400 MB;
* the whole database from TCGdex alone (``--tcgdex-only`` measures only this):
  a fresh ``db update --source tcgdex`` from a static mirror of the TCGdex
  export on 127.0.0.1 (keep-alive, as a file server in front of a mirror
  runs) in CPU seconds of the deckcheck process, <= 3 x the CPU of ``db
  import`` of the same export measured interleaved with it, peak memory
  < 100 MB, and a second update with nothing new making no card request.

``--quick`` (a few minutes) measures 2,000 decks of every format and 20,000
Standard decks (JSON) for the all-cores ratio, with 11 start-up runs.
It prints a table and writes the figures as JSON. Nothing here is a unit test:
the budgets are checked by reading this output, not by CI.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "carddata" / "pokemon-tcg-data"
TCGDEX = ROOT.parent / "shared" / "carddata" / "tcgdex-api"
SAMPLE_DECK = ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"

# Runs a command and prints its wall time, the peak RSS of its largest process
# and the CPU time of all its processes (the pool's workers are reaped by it).
_MEASURE = r"""
import resource, subprocess, sys, time
out = open(sys.argv[1], "wb") if sys.argv[1] else subprocess.DEVNULL
start = time.perf_counter()
done = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.PIPE)
elapsed = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(elapsed, usage.ru_maxrss, done.returncode, usage.ru_utime + usage.ru_stime)
if done.returncode not in (0, 1):
    sys.stderr.write(done.stderr.decode(errors="replace"))
"""


def measure(command: list[str], env: dict[str, str], *, cpu: bool = False, stdout: Path | None = None):
    """(seconds, peak MB, exit code[, CPU seconds]) of one run of ``command``,
    started in an empty folder as in a deck repository (no configuration file); its
    standard output goes to the file ``stdout`` (None: nowhere), opened by the measuring
    process, so that the CPU counted is the command's alone."""
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(stdout or ""), *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["DECKCHECK_BENCH_DIR"],
    )
    if out.returncode != 0:
        raise SystemExit(f"bench: measuring {command} failed:\n{out.stderr}")
    seconds, peak_kib, code, cpu_s = out.stdout.split()
    found = float(seconds), int(peak_kib) / 1024, int(code)
    return (*found, float(cpu_s)) if cpu else found


# The start-up figures (a command of main()'s table, its label, its budget as a multiple of
# import typer): measured in seconds and, with --instructions, in instructions executed. The
# budget is in instructions (at most 2.0 x; the stable measure -- on this shared
# machine the wall-clock ratio of one tree moved between 1.2 x and 2.6 x); the seconds are shown
# beside it for reference.
STARTUP_BUDGET = 2.0
STARTUP_FIGURES = (
    ("check", "check one deck, full database", STARTUP_BUDGET),
    ("check-no-db", "check one deck, no database", STARTUP_BUDGET),
    # Every kind of deck the docs show: a JSON and a YAML deck file (the sample
    # decks), and the text list with one name misspelt (its "did you mean").
    ("check-json", "check one JSON deck file, full database", STARTUP_BUDGET),
    ("check-yaml", "check one YAML deck file, full database", STARTUP_BUDGET),
    ("check-misspelt", "check one list, a name misspelt, full database", STARTUP_BUDGET),
    ("version", "--version", STARTUP_BUDGET),
)
JSON_DECK = ROOT / "sample_decks" / "legal" / "rain-dance-base-set.json"
YAML_DECK = ROOT / "sample_decks" / "legal" / "gardevoir-ex.yaml"


def misspelt_deck(folder: Path) -> Path:
    """The sample list with one name misspelt ("3 Charizrd ex", no set code): its check
    offers "did you mean"."""
    text = SAMPLE_DECK.read_text(encoding="utf-8")
    assert "3 Charizard ex OBF 125\n" in text
    path = folder / "misspelt.txt"
    path.write_text(text.replace("3 Charizard ex OBF 125\n", "3 Charizrd ex\n"), encoding="utf-8")
    return path


def instructions(command: list[str], env: dict[str, str]) -> int | None:
    """The instructions one run of ``command`` executes, counted by valgrind's callgrind
    (None without valgrind). Unlike seconds, the count does not move with the machine's
    load: the start-up ratios of a shared machine, where the seconds' quartiles are wide."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *command],
            capture_output=True,
            text=True,
            env=env,
            cwd=env["DECKCHECK_BENCH_DIR"],
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found[1]) if found else None


def default_database() -> Path:
    """Where deckcheck looks for the card database when nothing names one ($DECKCHECK_DB unset)."""
    from deckcheck.carddb.paths import DB_FILE_NAME
    from deckcheck.datafiles import user_data_dir

    return Path(user_data_dir()) / DB_FILE_NAME


def deckcheck_command() -> list[str]:
    """The console script of the environment running this benchmark."""
    script = Path(sys.executable).with_name("deckcheck")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "deckcheck"]


def bulk_environment(work: Path) -> dict[str, str]:
    """The environment of a bulk check run in the folder ``work``, the reference data imported
    into a card database there (bench/bulk.py, bench/legal_lists.py): what users get in a shell,
    bytecode cached and standard output buffered. (Some sandboxes set both; unbuffered, the report
    is one write system call a deck: 10,000 of them.)"""
    env = {**os.environ, "DECKCHECK_DB": str(work / "cards.sqlite3"), "NO_COLOR": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONUNBUFFERED", None)
    env["DECKCHECK_BENCH_DIR"] = str(work)
    measure([*deckcheck_command(), "db", "import", str(REFERENCE)], env)
    return env


def load_average(when: str) -> tuple[str, str]:
    """The row of the machine's load average ``when`` ("at the start", "at the end")."""
    return f"load average (1, 5, 15 min) {when}", " ".join(f"{n:.1f}" for n in os.getloadavg())


LAST_MODIFIED = "Fri, 17 Jul 2026 00:00:00 GMT"  # of every file the TCGdex mirror serves


def _tcgdex_server(root: Path, hidden: set[str]):
    """A static server on 127.0.0.1 answering ``/v2/en/...`` from the TCGdex export
    (``/v2/en/cards/X`` is ``v2/en/cards/X.json``), its set list without ``hidden``.
    It keeps connections alive (HTTP/1.1, each answer in one write) and queues up
    to 64 connections, as a static file server in front of a mirror does; the
    requests it serves are counted in ``server.served``."""
    import http.server
    import threading
    from urllib.parse import unquote

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        wbufsize = -1  # headers and body leave in one write

        def log_message(self, *args):
            pass

        def do_GET(self):
            server.served.append(self.path)
            path = root / (unquote(self.path).lstrip("/") + ".json")  # exu-%3F is the file exu-?.json
            if not path.is_file():
                self.send_error(404)
                return
            if self.headers.get("If-Modified-Since") == LAST_MODIFIED:
                self.send_response(304)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = path.read_bytes()
            if self.path == "/v2/en/sets":
                body = json.dumps([s for s in json.loads(body) if s["id"] not in hidden]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", LAST_MODIFIED)
            self.end_headers()
            self.wfile.write(body)

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 64

    server = Server(("127.0.0.1", 0), Handler)
    server.served = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def tcgdex_update_rows(deckcheck: list[str], env: dict[str, str], work: Path, runs: int) -> list[tuple]:
    """The whole database from TCGdex alone: a fresh ``db update --source tcgdex``
    from a static mirror of the export on 127.0.0.1 beside ``db import`` of the
    same export, in CPU seconds of the deckcheck process (the mirror runs in this
    one), its peak memory, and a second update with nothing new (budget: at most
    3 x the import's CPU, under 100 MB, no card requests the second time)."""
    if not (TCGDEX / "v2" / "en" / "sets" / "me05.json").is_file():
        return []
    only = {**env, "DECKCHECK_DB": str(work / "tcgdex-import.sqlite3")}
    server = _tcgdex_server(TCGDEX, hidden=set())
    url = f"http://127.0.0.1:{server.server_address[1]}"
    imports, updates = [], []
    try:
        for run in range(runs):  # interleaved: a machine whose speed drifts moves both alike
            imports.append(measure([*deckcheck, "db", "import", str(TCGDEX)], only, cpu=True))
            fresh = {**env, "DECKCHECK_DB": str(work / f"tcgdex-update-{run}.sqlite3")}
            updates.append(
                measure([*deckcheck, "db", "update", "--source", "tcgdex", "--tcgdex-url", url], fresh, cpu=True)
            )
            if updates[-1][2] != 0:
                raise SystemExit("bench: db update --source tcgdex failed")
        server.served.clear()
        again = measure([*deckcheck, "db", "update", "--source", "tcgdex", "--tcgdex-url", url], fresh, cpu=True)
        card_requests = sum(path.startswith("/v2/en/cards/") for path in server.served)
    finally:
        server.shutdown()
    import_cpu = statistics.median(r[3] for r in imports)
    update_cpu = statistics.median(r[3] for r in updates)
    peak = max(r[1] for r in updates)
    ratio = update_cpu / import_cpu
    return [
        ("db import of the TCGdex export, CPU", import_cpu, "s", None, "", None),
        ("db update --source tcgdex from a static mirror, CPU", update_cpu, "s", None, "", None),
        ("  / db import of the same export, CPU", ratio, "x", 3.0, "x", ratio <= 3.0),
        ("  wall", statistics.median(r[0] for r in updates), "s", None, "", None),
        ("  peak memory", peak, "MB", 100, "MB", peak < 100),
        ("  a second update with nothing new, CPU", again[3], "s", None, "", None),
        ("  its card requests", card_requests, "", 0, "", card_requests == 0),
    ]


def tcgdex_rows(deckcheck: list[str], env: dict[str, str], work: Path) -> list[tuple]:
    """A database from the TCGdex export alone (``db import``), and the
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


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def throughput_rows(
    deckcheck: list[str],
    env: dict[str, str],
    work: Path,
    formats: list[str],
    sizes: list[int],
    outputs: list[str],
    runs: int,
    extra: list[tuple[str, int, str]],
) -> list[tuple]:
    """Each format x size x output, 1 job and all cores, interleaved; the median of ``runs``."""
    from corpus import write_corpus  # bench/corpus.py

    rows: list[tuple] = []
    all_cores = cores()
    plans = [(fmt, size, output) for fmt in formats for size in sizes for output in outputs] + extra
    folders: dict[tuple[str, int], Path] = {}
    for fmt, size, _output in plans:
        if (fmt, size) not in folders:
            folder = folders[(fmt, size)] = work / f"{fmt}-{size}"
            folder.mkdir()
            kinds = write_corpus(REFERENCE, folder, size, fmt)
            print(f"bench: {size} {fmt} decks written ({kinds})", file=sys.stderr)
    for fmt, size, output in dict.fromkeys(plans):
        command = [*deckcheck, "check", str(folders[(fmt, size)]), "--format", fmt, "--output", output]
        found: dict[int, list] = {1: [], all_cores: []}
        for _ in range(runs):
            for jobs in found:
                found[jobs].append(measure([*command, "--jobs", str(jobs)], env, cpu=True))
        for jobs, measured in found.items():
            wall = statistics.median(m[0] for m in measured)
            cpu = statistics.median(m[3] for m in measured)
            peak = max(m[1] for m in measured)
            label = f"{fmt} {size} {output} {jobs} job{'s' if jobs > 1 else ''}"
            spread = f"{min(m[0] for m in measured):.2f}-{max(m[0] for m in measured):.2f}"
            rows.append((f"{label}: wall (s, spread {spread})", wall, "s", None, "", None))
            per_core = size / max(cpu, 1e-9)
            rows.append(
                (
                    "  decks per CPU second",
                    per_core,
                    "/s",
                    1000 if output == "json" else None,
                    "/s",
                    per_core >= 1000 if output == "json" else None,
                )
            )
            budget = 150 if size >= 100_000 and jobs == 1 else None
            rows.append(
                (
                    "  peak memory (largest process)",
                    peak,
                    "MB",
                    budget,
                    "MB",
                    None if budget is None else peak <= budget,
                )
            )
        if len(found) > 1:
            ratio = statistics.median(m[0] for m in found[all_cores]) / statistics.median(m[0] for m in found[1])
            budget = 0.6 if size >= 20_000 else None
            rows.append(
                (
                    f"  {all_cores} jobs / 1 job, wall",
                    ratio,
                    "x",
                    budget,
                    "x",
                    None if budget is None else ratio <= budget,
                )
            )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="2,000 decks per format, 20,000 Standard decks (JSON) "
        "for the all-cores ratio, 11 start-up runs, one run of each throughput figure",
    )
    parser.add_argument(
        "--runs", type=int, default=None, help="runs per start-up figure (median; default 30, 11 quick)"
    )
    parser.add_argument("--sizes", default="2000,20000,100000", help="corpus sizes (default 2000,20000,100000)")
    parser.add_argument("--formats", default="standard,expanded,glc", help="formats of the corpus")
    parser.add_argument(
        "--throughput-runs", type=int, default=None, help="runs per throughput figure (default 3, 1 quick)"
    )
    parser.add_argument(
        "--no-import", action="store_true", help="skip the db import figures (the database is still built)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the start-up runs' instructions with valgrind (one run each; steady under load)",
    )
    parser.add_argument(
        "--startup-only", action="store_true", help="only the start-up figures (the database is still built)"
    )
    parser.add_argument(
        "--tcgdex-only",
        action="store_true",
        help="only the TCGdex figures: db update --source tcgdex from a static mirror beside db import of the export",
    )
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results.json", help="where to write the figures")
    parser.add_argument(
        "--dask",
        type=int,
        default=0,
        metavar="DECKS",
        help="also the Dask recipe of docs/library.md on this many decks beside the command line "
        "(bench/dask_recipe.py: client and worker peak memory, decks/s)",
    )
    args = parser.parse_args()
    runs = args.runs or (11 if args.quick else 30)
    throughput_runs = args.throughput_runs or (1 if args.quick else 3)
    sizes = [2000] if args.quick else [int(n) for n in args.sizes.split(",")]
    formats = args.formats.split(",")
    extra = [("standard", 20_000, "json")] if args.quick else []
    if not (REFERENCE / "sets" / "en.json").is_file():
        print(f"bench: the reference data is absent ({REFERENCE}); nothing to measure.", file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(__file__).parent))

    work = Path(tempfile.mkdtemp(prefix="deckcheck-bench-"))
    try:
        # The cache folder is the user's default, as for any user (not preset).
        env = {**os.environ, "DECKCHECK_DB": str(work / "cards.sqlite3"), "NO_COLOR": "1"}
        env.pop("DECKCHECK_CACHE_DIR", None)
        # Measure what users get: an installed package has its bytecode cached.
        # (Some sandboxes set this; with it, every run recompiles every module.) Standard output
        # buffered, as in a shell (PYTHONUNBUFFERED makes every write a system call).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.pop("PYTHONUNBUFFERED", None)
        (work / "repo").mkdir()
        env["DECKCHECK_BENCH_DIR"] = str(work / "repo")
        deckcheck = deckcheck_command()
        rows = []

        if args.tcgdex_only:
            rows += tcgdex_update_rows(deckcheck, env, work, args.throughput_runs or 3)
            return report(rows, runs, args.throughput_runs or 3, args.json)
        # Import: the full reference dataset (median of 3; each run replaces the file).
        no_import = args.no_import or args.startup_only
        imports = [measure([*deckcheck, "db", "import", str(REFERENCE)], env) for _ in range(1 if no_import else 3)]
        if not no_import:
            import_s = statistics.median(r[0] for r in imports)
            import_mb = max(r[1] for r in imports)
            rows.append(("db import (full dataset)", import_s, "s", 5.0, "s", import_s <= 5.0))
            rows.append(("db import peak memory", import_mb, "MB", 400, "MB", import_mb <= 400))
            if not args.quick:
                rows += tcgdex_rows(deckcheck, env, work)
                rows += tcgdex_update_rows(deckcheck, env, work, 1)

        # Without a card database: the user's default place, which must then be empty.
        no_db_env = {k: v for k, v in env.items() if k != "DECKCHECK_DB"}
        if default_database().exists():  # this machine has one installed: an empty data folder instead
            no_db_env["XDG_DATA_HOME"] = str(work / "no-database")
        # Interleaved, so that a machine whose speed drifts during the run
        # (shared or throttled CPUs) slows the figure and its reference alike.
        misspelt = misspelt_deck(work)
        commands = {
            "typer": ([sys.executable, "-c", "import typer"], env),
            "check": ([*deckcheck, "check", str(SAMPLE_DECK)], env),
            "check-no-db": ([*deckcheck, "check", str(SAMPLE_DECK)], no_db_env),
            "check-json": ([*deckcheck, "check", str(JSON_DECK)], env),
            "check-yaml": ([*deckcheck, "check", str(YAML_DECK)], env),
            "check-misspelt": ([*deckcheck, "check", str(misspelt)], env),
            "version": ([*deckcheck, "--version"], env),
        }
        # Warm the caches once (packs, the catalogue), as the second run of any pre-commit hook would be.
        for name, (command, command_env) in commands.items():
            if name.startswith("check"):
                measure(command, command_env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, (command, command_env) in commands.items():
                times[name].append(measure(command, command_env)[0])
        typer_s = statistics.median(times["typer"])
        rows.append(("reference: python -c 'import typer'", typer_s, "s", None, "", None))
        # One parser (Typer) for every command line; the budget is in
        # instructions (below), the seconds are its reference.
        for name, label, budget in STARTUP_FIGURES:
            ratio = statistics.median(times[name]) / typer_s
            # The spread: the quartiles of the ratio, run by run (each run's figures are measured together).
            pairs = sorted(c / t for c, t in zip(times[name], times["typer"]))
            spread = f"{pairs[len(pairs) // 4]:.2f}-{pairs[(3 * len(pairs)) // 4]:.2f}"
            rows.append((f"{label} / import typer, wall (IQR {spread})", ratio, "x", budget, "x (instr.)", None))
        if args.instructions:
            counted = {name: instructions(command, command_env) for name, (command, command_env) in commands.items()}
            if counted["typer"]:
                rows.append(
                    ("reference: import typer, instructions (millions)", counted["typer"] / 1e6, "M", None, "", None)
                )
                for name, label, budget in STARTUP_FIGURES:
                    ratio = (counted[name] or 0) / counted["typer"]
                    rows.append((f"{label} / import typer, instructions", ratio, "x", budget, "x", ratio <= budget))
            else:
                print("bench: valgrind is not installed; no instruction counts", file=sys.stderr)

        if not args.startup_only:
            rows += throughput_rows(deckcheck, env, work, formats, sizes, ["text", "json"], throughput_runs, extra)
        if args.dask:
            from dask_recipe import bench_rows  # bench/dask_recipe.py

            rows += bench_rows(args.dask, min(2, cores()) if cores() > 1 else 1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report(rows, runs, throughput_runs, args.json)


def report(rows: list[tuple], runs: int, throughput_runs: int, json_path: Path) -> int:
    """Print the table, write the figures as JSON; 1 when a figure is over its budget."""
    print(
        f"deckcheck benchmark — {platform.python_implementation()} {platform.python_version()}, "
        f"{cores()} CPUs, median of {runs} runs for start-up, {throughput_runs} per throughput figure"
    )
    print(f"{'figure':<78} {'measured':>12} {'budget':>14}  ok")
    for name, value, unit, budget, budget_unit, ok in rows:
        shown = f"{value:.3f} {unit}" if unit in ("s", "x") else f"{value:.0f} {unit}"
        limit = "" if budget is None else (f"{budget} {budget_unit}")
        mark = "" if ok is None else ("yes" if ok else "NO")
        print(f"{name:<78} {shown:>12} {limit:>14}  {mark}")
    # An indented row belongs to the row above it ("  decks per CPU second" of
    # "glc 2000 json 1 job: ..."): its key names both, or the figures would overwrite each other.
    figures, parent = {}, ""
    for name, value, unit, budget, _unit, ok in rows:
        if name.startswith(" "):
            key = f"{parent}: {name.strip()}"
        else:
            key, parent = name, name.split(":")[0]
        figures[key] = {"value": round(value, 4), "unit": unit, "budget": budget, "ok": ok}
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(
        json.dumps({"python": platform.python_version(), "runs": runs, "figures": figures}, indent=2) + "\n",
        encoding="utf-8",
    )
    print(f"written: {json_path}")
    return 0 if all(r[5] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
