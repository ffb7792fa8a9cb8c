#!/usr/bin/env python3
"""Bulk checking beside its floor: CPU time, 2 jobs against 1, memory by size.

    python bench/bulk.py [--sizes 10000,100000] [--format expanded] [--date 2026-12-01] [--pairs 3]

For each size, writes the tournament-like corpus (bench/corpus.py) and runs, in ``--pairs``
interleaved pairs, ``deckcheck check FOLDER --format F --date D --output json --jobs 1`` and the
floor (bench/floor.py: walk the folder, read every file, one regular expression per line): the
median CPU seconds of each and deckcheck's as a multiple of the floor's (budget: at most 5 x).
Then ``--jobs 2`` once: its report must be byte-identical to one job's. The peak memory of one
job at each size; the largest size's must be within 10 MB of the smallest's. With two sizes or
more, what each deck beyond the smallest size costs (the medians' difference over the decks'),
deckcheck's as a multiple of the floor's, and what the smallest run pays beyond that many decks
at that cost (its start and its first meetings: lines, prints and misspellings met for the first
time); the budget is on the whole runs, these only say where the time goes. Beside them, the
CPU a deck's JSON object takes to write, by orjson (the report's writer) and by the json
module's string encoder with deckcheck's own indenting (its writer before). The day is fixed
(a run on another day would check the same decks against another card pool and ban list), and
the machine's load average is printed beside the figures. Needs ../shared/carddata (the card
database is imported into a temporary folder).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import REFERENCE, bulk_environment, deckcheck_command, load_average, measure  # noqa: E402  (bench/run.py)

FLOOR = Path(__file__).with_name("floor.py")
BUDGET = 5.0
MEMORY_SPREAD_MB = 10.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--format", default="expanded")
    parser.add_argument("--date", default="2026-12-01")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    if not (REFERENCE / "sets" / "en.json").is_file():
        print(f"bench: the reference data is absent ({REFERENCE}); nothing to measure.", file=sys.stderr)
        return 2
    from corpus import write_corpus  # bench/corpus.py

    rows: list[tuple[str, str, str]] = [(*load_average("at the start"), "")]
    ok = True
    peaks: dict[int, float] = {}
    medians: dict[int, tuple[float, float]] = {}  # size -> (deckcheck's CPU, the floor's)
    with tempfile.TemporaryDirectory(prefix="deckcheck-bulk-") as work:
        env = bulk_environment(Path(work))
        deckcheck = deckcheck_command()
        for size in [int(n) for n in args.sizes.split(",")]:
            folder = Path(work) / f"{args.format}-{size}"
            folder.mkdir()
            write_corpus(REFERENCE, folder, size, args.format)
            report = Path(work) / "report.json"
            check = [*deckcheck, "check", str(folder), "--format", args.format, "--date", args.date, "--output", "json"]
            cpu_check, cpu_floor, peak = [], [], 0.0
            for _ in range(args.pairs):
                _s, mb, _code, cpu = measure([*check, "--jobs", "1"], env, cpu=True, stdout=report)
                cpu_check.append(cpu)
                peak = max(peak, mb)
                cpu_floor.append(measure([sys.executable, str(FLOOR), str(folder)], env, cpu=True)[3])
            one = hashlib.sha256(report.read_bytes()).hexdigest()
            orjson_us, json_us = _writers(report)
            measure([*check, "--jobs", "2"], env, stdout=report)
            two = hashlib.sha256(report.read_bytes()).hexdigest()
            ratio = statistics.median(cpu_check) / statistics.median(cpu_floor)
            ok &= ratio <= BUDGET and one == two
            peaks[size] = peak
            medians[size] = (statistics.median(cpu_check), statistics.median(cpu_floor))
            rows.append(
                (
                    f"{args.format} {size} json 1 job: CPU s (median of {args.pairs})",
                    f"{statistics.median(cpu_check):.2f} s",
                    "",
                )
            )
            rows.append(
                ("  the floor (walk, read, one regex a line): CPU s", f"{statistics.median(cpu_floor):.2f} s", "")
            )
            rows.append(("  deckcheck / floor, CPU", f"{ratio:.2f} x", f"<= {BUDGET} x"))
            rows.append(("  decks per CPU second", f"{size / statistics.median(cpu_check):.0f} /s", ""))
            rows.append(("  --jobs 2 report byte-identical to --jobs 1", "yes" if one == two else "NO", "yes"))
            rows.append(("  peak memory, 1 job (largest process)", f"{peak:.0f} MB", ""))
            rows.append(("  a deck's JSON written by orjson (the report's writer), CPU", f"{orjson_us:.1f} us", ""))
            rows.append(("  the same by the json module's indenting (indented_json)", f"{json_us:.1f} us", ""))
            for path in folder.iterdir():
                path.unlink()
            folder.rmdir()
    rows.extend(_per_deck(medians))
    if len(peaks) > 1:
        spread = peaks[max(peaks)] - peaks[min(peaks)]
        ok &= spread <= MEMORY_SPREAD_MB
        rows.append(
            (
                f"peak memory at {max(peaks)} decks - at {min(peaks)}",
                f"{spread:.0f} MB",
                f"<= {MEMORY_SPREAD_MB:.0f} MB",
            )
        )
    rows.append((*load_average("at the end"), ""))
    print(f"{'figure':<60} {'measured':>12} {'budget':>12}")
    for name, value, budget in rows:
        print(f"{name:<60} {value:>12} {budget:>12}")
    return 0 if ok else 1


def _per_deck(medians: dict[int, tuple[float, float]]) -> list[tuple[str, str, str]]:
    """The rows of what a deck costs beyond the smallest size's, and what the smallest size's run
    pays beyond its decks at that cost, from ``medians`` (size -> median CPU seconds of deckcheck and
    of the floor); none for one size."""
    if len(medians) < 2:
        return []
    small, large = min(medians), max(medians)
    extra = large - small
    check = (medians[large][0] - medians[small][0]) / extra
    floor = (medians[large][1] - medians[small][1]) / extra
    ratio = f"{check / floor:.2f} x" if floor > 0 else "-"
    return [
        (f"each deck beyond {small}: deckcheck, CPU", f"{check * 1e6:.1f} us", ""),
        (f"each deck beyond {small}: the floor, CPU", f"{floor * 1e6:.1f} us", ""),
        (f"each deck beyond {small}: deckcheck / floor", ratio, ""),
        (
            f"the {small}-deck run beyond {small} such decks: deckcheck",
            f"{medians[small][0] - small * check:.2f} s",
            "",
        ),
        (
            f"the {small}-deck run beyond {small} such decks: the floor",
            f"{medians[small][1] - small * floor:.2f} s",
            "",
        ),
    ]


def _writers(report: Path) -> tuple[float, float]:
    """CPU microseconds a deck's object of ``report`` takes to write (median of 3 passes over
    them all), by orjson (deck_json, what the report is written with) and by indented_json,
    the json module's C string encoder with deckcheck's own indenting (what it was written with)."""
    import json
    import time

    from deckcheck.render.json_report import deck_json, indented_json

    decks = json.loads(report.read_text(encoding="utf-8"))["results"]
    found = []
    for write in (deck_json, indented_json):
        passes = []
        for _ in range(3):
            start = time.process_time()
            for deck in decks:
                write(deck, "    ")
            passes.append((time.process_time() - start) / max(1, len(decks)) * 1e6)
        found.append(statistics.median(passes))
    return found[0], found[1]


if __name__ == "__main__":
    sys.exit(main())
