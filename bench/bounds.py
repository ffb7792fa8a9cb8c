#!/usr/bin/env python3
"""The bounds on hostile input as figures: what a hostile input costs now.

    python bench/bounds.py [--serve-requests 20000] [--json bench/results.json] [--no-serve]

Run it from the project root where deckcheck is installed (``pip install -e '.[serve]'``).
Rows, printed as bench/run.py prints them and merged into its JSON file
(``figures``, the same keys and shape):

* one 5 MB deck (a 4.96 MB list of 1.24 million card lines, B1): the wall time
  and peak memory of ``deckcheck check`` of it, and the size of its JSON report;
* the slowest ``--exclude`` pattern (B2): ``check`` of a folder of decks with
  60-letter names, ``--exclude`` ``*a*a*a*a*a*a*a*a*a*a*a*a*b`` (Python's ``re``
  needed hours for one such name) next to ``--exclude '*.bak'``;
* ``deckcheck serve``'s memory over ``--serve-requests`` requests, each on
  another day (S2): its resident memory after the first 500 requests and at the
  end (one resolver per day was kept for good: 33 MB at the start, 416 MB after
  15,000 days).

Nothing here is a unit test; budgets are read from the output.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
from run import deckcheck_command, measure  # noqa: E402

DECK = ROOT / "sample_decks" / "illegal" / "copy-limit.txt"
SLOW_PATTERN = "*a" * 12 + "*b"


def big_deck_rows(deckcheck: list[str], env: dict[str, str], work: Path) -> list[tuple]:
    deck = work / "big.txt"
    deck.write_text("1 a\n" * 1_240_000, encoding="utf-8")
    seconds, peak, code = measure([*deckcheck, "check", str(deck), "--no-config"], env)
    report = subprocess.run(
        [*deckcheck, "check", str(deck), "--no-config", "-o", "json"],
        capture_output=True,
        env=env,
        cwd=env["DECKCHECK_BENCH_DIR"],
    )
    size_mb = deck.stat().st_size / 1e6
    return [
        (f"check one {size_mb:.2f} MB deck of 1.24 M lines: wall time", seconds, "s", None, "", None),
        (f"check one {size_mb:.2f} MB deck of 1.24 M lines: peak memory", peak, "MB", 150, "MB", peak <= 150),
        ("  its JSON report", len(report.stdout) / 1e6, "MB", 2, "MB", len(report.stdout) <= 2_000_000),
    ]


def exclude_rows(deckcheck: list[str], env: dict[str, str], work: Path) -> list[tuple]:
    folder = work / "decks"
    folder.mkdir()
    for index in range(50):
        name = "a" * 60 if index == 0 else "a" * (59 - index % 20) + f"{index}"
        (folder / f"{name}.txt").write_bytes(DECK.read_bytes())
    rows = []
    for label, pattern in (("--exclude '*.bak' (reference)", "*.bak"), (f"--exclude '{SLOW_PATTERN}'", SLOW_PATTERN)):
        seconds, _peak, _code = measure([*deckcheck, "check", str(folder), "--no-config", "--exclude", pattern], env)
        rows.append((f"check 50 decks with 60-letter names, {label}", seconds, "s", None, "", None))
    rows.append(
        ("  slowest pattern / reference", rows[1][1] / rows[0][1], "x", 1.5, "x", rows[1][1] <= 1.5 * rows[0][1])
    )
    return rows


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def serve_rows(env: dict[str, str], work: Path, requests: int) -> list[tuple]:
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "serve", "--port", "0", "--no-config"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        cwd=work,
        env=env,
        text=True,
    )
    try:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stderr.readline())
        if not found:
            raise SystemExit("bench: deckcheck serve did not say where it listens")
        connection = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=60)
        text = DECK.read_text(encoding="utf-8")
        first_day = dt.date(2000, 1, 1)
        after_warm_up = None
        start = time.perf_counter()
        for number in range(requests):
            body = json.dumps(
                {"text": text, "format": "unlimited", "date": (first_day + dt.timedelta(days=number)).isoformat()}
            )
            connection.request("POST", "/api/check", body, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                raise SystemExit(f"bench: request {number} got HTTP {answer.status}")
            if number == 499:
                after_warm_up = _rss_mb(process.pid)
        elapsed = time.perf_counter() - start
        end = _rss_mb(process.pid)
        connection.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    return [
        (f"serve, {requests} requests on {requests} days: memory after 500", after_warm_up, "MB", None, "", None),
        (f"serve, {requests} requests on {requests} days: memory at the end", end, "MB", 150, "MB", end <= 150),
        ("  growth after the first 500 requests", end - after_warm_up, "MB", 20, "MB", end - after_warm_up <= 20),
        ("  requests per second", requests / elapsed, "/s", None, "", None),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve-requests", type=int, default=20_000)
    parser.add_argument("--no-serve", action="store_true", help="skip the serve figures")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results.json")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="deckcheck-bounds-"))
    try:
        env = {**os.environ, "NO_COLOR": "1", "DECKCHECK_BENCH_DIR": str(work)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        deckcheck = deckcheck_command()
        rows = big_deck_rows(deckcheck, env, work) + exclude_rows(deckcheck, env, work)
        if not args.no_serve:
            rows += serve_rows(env, work, args.serve_requests)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{'figure':<74} {'measured':>12} {'budget':>10}  ok")
    figures, parent = {}, ""
    for name, value, unit, budget, budget_unit, ok in rows:
        shown = f"{value:.3f} {unit}" if unit in ("s", "x") else f"{value:.1f} {unit}"
        limit = "" if budget is None else f"{budget} {budget_unit}"
        mark = "" if ok is None else ("yes" if ok else "NO")
        print(f"{name:<74} {shown:>12} {limit:>10}  {mark}")
        key = f"{parent}: {name.strip()}" if name.startswith(" ") else name
        if not name.startswith(" "):
            parent = name.split(":")[0]
        figures[key] = {"value": round(value, 4), "unit": unit, "budget": budget, "ok": ok}
    # Merged into bench/run.py's file: its figures stay, these are added or replaced.
    try:
        document = json.loads(args.json.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        document = {"python": sys.version.split()[0], "figures": {}}
    document.setdefault("figures", {}).update(figures)
    args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"written: {args.json}")
    return 0 if all(row[5] is not False for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
