#!/usr/bin/env python3
"""What each start-up cache saves (keep a cache only where it saves more than 5 ms).

    python bench/caches.py [--runs N]

``deckcheck check`` of one 60-card deck in a deck repository with a
``.deckcheck.yaml``, bytecode cached, warm caches; each cache is switched off in
turn (its folder made None, as a read-only cache is) and the runs are
interleaved with the unchanged command, so a machine whose speed drifts slows
both alike. The figure is the median of the paired differences (off - on) of
the check's CPU time (user + system: on a shared machine it drifts far less than
the wall time):

* the pack cache (``deckcheck.packs.loading``: a pack validated once is read from JSON,
  not parsed from YAML and checked against the schema again), full database;
* the configuration stamps (``deckcheck.project.config``: a configuration whose text
  passed validation once is not validated again);
* the catalogue cache (``deckcheck.carddb.catalogue``: the built-in catalogue's
  YAML kept as marshal data), without a card database.

Needs ../shared/carddata for the full database. Nothing here is a unit test.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"
REFERENCE = ROOT.parent / "shared" / "carddata" / "pokemon-tcg-data"

# Each variant imports the same modules before main(), so only the switch differs.
RUN = """import sys
import deckcheck.carddb.catalogue, deckcheck.project.config, deckcheck.packs.loading
for name in sys.argv[1].split(","):
    if name:
        setattr(sys.modules[name], "validation_cache", lambda folder: None)
sys.argv = ["deckcheck", *sys.argv[2:]]
from deckcheck.cli import main
sys.exit(main())
"""
CACHES = {
    "pack cache": "deckcheck.packs.loading",
    "configuration stamps": "deckcheck.project.config",
    "catalogue cache": "deckcheck.carddb.catalogue",
}


def run(switched_off: str, env: dict[str, str], cwd: Path) -> float:
    """The CPU seconds (user + system) of one check: on a shared machine they
    drift far less than the wall time does."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", RUN, switched_off, "check", str(DECK)], env=env, cwd=cwd, capture_output=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"bench: the check failed:\n{done.stderr.decode()}")
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="deckcheck-caches-"))
    try:
        repo = work / "repo"
        repo.mkdir()
        (repo / ".deckcheck.yaml").write_text("format: standard\nexclude: [drafts/]\n", encoding="utf-8")
        env = {
            **os.environ,
            "NO_COLOR": "1",
            "XDG_CACHE_HOME": str(work / "cache"),
            "XDG_DATA_HOME": str(work / "data"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # what users get: bytecode cached
        env.pop("DECKCHECK_CACHE_DIR", None)
        with_db = dict(env)
        if REFERENCE.is_dir():
            from deckcheck.carddb.build import build_database

            build_database(REFERENCE, work / "cards.sqlite3")
            with_db["DECKCHECK_DB"] = str(work / "cards.sqlite3")
        else:
            print("bench: ../shared/carddata is absent: the pack and configuration figures use the catalogue")
        rows = []
        for label, module in CACHES.items():
            chosen = env if module.endswith("catalogue") else with_db
            run("", chosen, repo)  # warm every cache once
            pairs = []
            for _ in range(args.runs):
                on = run("", chosen, repo)
                off = run(module, chosen, repo)
                pairs.append((off - on) * 1000)
            pairs.sort()
            rows.append((label, statistics.median(pairs), pairs[len(pairs) // 4], pairs[(3 * len(pairs)) // 4]))
        print(f"start-up caches: median of {args.runs} paired runs (off - on), CPU time of a check of one deck")
        for label, median, low, high in rows:
            verdict = "keep" if median > 5 else "drop"
            print(f"  {label:<22} saves {median:6.1f} ms (quartiles {low:.1f} to {high:.1f})  -> {verdict} (> 5 ms)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
