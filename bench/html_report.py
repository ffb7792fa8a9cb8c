#!/usr/bin/env python3
"""How long a 2,000-deck HTML report takes to open in Chromium.

    python bench/html_report.py [--decks 2000] [--runs 3]

The decks are the sample decks (legal and illegal, so the page has findings
on many lines) copied until there are ``--decks`` files; the report is made
with ``deckcheck check --output html`` and opened from ``file://`` in the
system's headless Chromium (``/usr/bin/chromium``, driven by Playwright, as
in tests/browser). Printed: the report's size, the time to write it, and the
median over ``--runs`` fresh browser pages of the time from navigation to
the end of the ``load`` event (the page parsed, laid out and its script run),
of the first contentful paint, and until the filter to illegal decks has been
applied. Nothing here is a unit test; the figure is read, not asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "sample_decks").rglob("*.txt"))
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def write_decks(folder: Path, wanted: int) -> None:
    for i in range(wanted):
        sample = SAMPLES[i % len(SAMPLES)]
        shutil.copyfile(sample, folder / f"{sample.parent.name}-{i:05d}.txt")


def measure_report(decks: int, runs: int, chromium: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="deckcheck-html-bench-"))
    try:
        folder = work / "decks"
        folder.mkdir()
        write_decks(folder, decks)
        report = work / "report.html"
        start = time.perf_counter()
        with report.open("wb") as out:
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "deckcheck",
                    "check",
                    str(folder),
                    "--format",
                    "unlimited",
                    "--date",
                    "2026-11-30",
                    "--output",
                    "html",
                ],
                stdout=out,
                cwd=work,
                env={**os.environ, "DECKCHECK_CACHE_DIR": str(work / "cache")},
            )
        written = time.perf_counter() - start
        if done.returncode not in (0, 1):
            raise SystemExit(f"bench: deckcheck failed with exit code {done.returncode}")
        loads, paints, filters = [], [], []
        with sync_playwright() as playwright:
            for _ in range(runs):
                profile = work / f"profile-{len(loads)}"
                context = playwright.chromium.launch_persistent_context(
                    str(profile), executable_path=chromium, headless=True, args=FLAGS
                )
                page = context.new_page()
                page.goto(report.as_uri(), wait_until="load", timeout=120_000)
                timing = page.evaluate("""() => {
                    const nav = performance.getEntriesByType('navigation')[0];
                    const paint = performance.getEntriesByName('first-contentful-paint')[0];
                    return [nav.loadEventEnd, paint ? paint.startTime : 0];
                }""")
                loads.append(timing[0] / 1000)
                paints.append(timing[1] / 1000)
                start = time.perf_counter()
                page.select_option("#show", "illegal")
                page.evaluate("() => document.getElementById('shown').textContent")
                filters.append(time.perf_counter() - start)
                context.close()
        return {
            "decks": decks,
            "size_mb": report.stat().st_size / 1e6,
            "write_s": written,
            "load_s": statistics.median(loads),
            "first_paint_s": statistics.median(paints),
            "filter_s": statistics.median(filters),
        }
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    chromium = os.environ.get("DECKCHECK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.isfile(chromium):
        print("bench: no Chromium (apt-get install chromium); nothing to measure.", file=sys.stderr)
        return 2
    figures = measure_report(args.decks, args.runs, chromium)
    print(
        f"HTML report of {figures['decks']} decks: {figures['size_mb']:.1f} MB, written in {figures['write_s']:.2f} s"
    )
    print(f"  opened in Chromium (load event end): {figures['load_s']:.2f} s  (median of {args.runs})")
    print(f"  first contentful paint:              {figures['first_paint_s']:.2f} s")
    print(f"  filter to illegal decks:             {figures['filter_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
