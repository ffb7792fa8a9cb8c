#!/usr/bin/env python3
"""``POST /api/check`` under load: 1,000 requests from 20 concurrent clients on loopback.

    python bench/serve_load.py [--requests 1000] [--clients 20] [--db FILE]

Starts ``deckcheck serve --port 0`` (the built-in catalogue, or ``--db``),
sends the sample decks (legal and illegal, in turn) from ``--clients``
threads, each with its own keep-alive connection, and checks every answer
against what ``deckcheck check --output json`` says of the same deck. Prints
the number of correct answers, the throughput and the median and 99th
percentile latency. A figure to read, not a test: it exits 1 only when an
answer is wrong or missing.

Before the load, one client alone sends ``--sequential`` requests on one kept-alive
connection and as many each on a new connection: the median per request of each (a
kept-alive connection must answer in the time of a new one; with Nagle's algorithm on the
server's connections each answer after the first waited some 40 ms for the client's delayed
acknowledgement).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATE = "2026-11-30"
DECKS = sorted((ROOT / "sample_decks").rglob("*.txt"))


def expected_results(env: dict[str, str], db: list[str]) -> dict[Path, dict]:
    """Each deck's result as ``check --output json`` gives it (path aside)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckcheck",
            "check",
            *map(str, DECKS),
            "--output",
            "json",
            "--format",
            "unlimited",
            "--date",
            DATE,
            "--no-config",
            *db,
        ],
        capture_output=True,
        env=env,
        cwd=ROOT,
    )
    results = json.loads(done.stdout)["results"]
    return {deck: {**result, "path": "<text>"} for deck, result in zip(DECKS, results)}


def one_client(port: int, body: bytes, count: int, *, kept_alive: bool) -> list[float]:
    """Seconds per ``POST /api/check`` of ``body`` from one client: ``count`` requests on one
    connection (the connection's first request not counted), or each on a new connection."""
    seconds: list[float] = []
    connection = None
    for _ in range(count + (1 if kept_alive else 0)):
        if connection is None or not kept_alive:
            if connection is not None:
                connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.perf_counter()
        connection.request("POST", f"/api/check?format=unlimited&date={DATE}", body=body)
        answer = connection.getresponse()
        answer.read()
        seconds.append(time.perf_counter() - started)
        if answer.status != 200:
            raise SystemExit(f"bench: POST /api/check answered {answer.status}")
    if connection is not None:
        connection.close()
    return seconds[1:] if kept_alive else seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument(
        "--sequential", type=int, default=200, help="requests of one client alone, on one connection and on new ones"
    )
    parser.add_argument("--db", type=Path, default=None, help="card database (default: the built-in catalogue)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="deckcheck-serve-bench-"))
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(home / "cache"), "XDG_DATA_HOME": str(home / "data")}
    env.pop("DECKCHECK_DB", None)
    db = ["--db", str(args.db)] if args.db else []
    expected = expected_results(env, db)
    bodies = [(deck, deck.read_bytes()) for deck in DECKS]
    server = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "serve", "--port", "0", "--no-config", *db],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        env=env,
        cwd=home,
        text=True,
    )
    try:
        line = server.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            print(f"bench: deckcheck serve did not start: {line}", file=sys.stderr)
            return 2
        port = int(found.group(1))
        deck_body = (ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt").read_bytes()
        one_client(port, deck_body, 5, kept_alive=False)  # warm the server
        kept, new = [], []
        for _ in range(max(1, args.sequential // 20)):  # interleaved, so drift slows both alike
            kept += one_client(port, deck_body, 20, kept_alive=True)
            new += one_client(port, deck_body, 20, kept_alive=False)
        latencies: list[float] = []
        wrong: list[str] = []
        lock = threading.Lock()
        counter = iter(range(args.requests))

        def client() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            for i in counter:  # next() on a shared range iterator is atomic enough under the GIL
                deck, body = bodies[i % len(bodies)]
                started = time.perf_counter()
                connection.request(
                    "POST",
                    f"/api/check?format=unlimited&date={DATE}",
                    body=body,
                    headers={"Content-Type": "text/plain; charset=utf-8"},
                )
                answer = connection.getresponse()
                data = answer.read()
                elapsed = time.perf_counter() - started
                ok = answer.status == 200 and json.loads(data)["results"][0] == expected[deck]
                with lock:
                    latencies.append(elapsed)
                    if not ok:
                        wrong.append(f"{deck.name}: {answer.status} {data[:200]!r}")
            connection.close()

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(
        f"POST /api/check of one deck, one client alone: median {statistics.median(kept) * 1000:.2f} ms per request "
        f"on one kept-alive connection ({len(kept)} requests), {statistics.median(new) * 1000:.2f} ms "
        f"on a new connection each ({len(new)})"
    )
    latencies.sort()
    p99 = latencies[max(0, int(round(0.99 * len(latencies))) - 1)]
    print(
        f"POST /api/check: {len(latencies)} requests from {args.clients} concurrent clients on loopback, "
        f"{len(latencies) - len(wrong)} answered correctly"
    )
    print(
        f"  {len(latencies) / wall:.0f} requests/s; latency median {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms ({os.cpu_count()} CPUs)"
    )
    for problem in wrong[:5]:
        print(f"  wrong: {problem}", file=sys.stderr)
    return 0 if not wrong and len(latencies) == args.requests else 1


if __name__ == "__main__":
    sys.exit(main())
