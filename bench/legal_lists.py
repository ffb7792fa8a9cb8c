#!/usr/bin/env python3
"""What keeping the verdict of each legal list saves a bulk check, and what it costs where no list repeats.

    python bench/legal_lists.py [--size 10000] [--format expanded] [--date 2026-12-01] [--pairs 5]

A run over many lists keeps the verdict of each legal list by its lines (``FactTable.legal_lists``
in deckcheck/engine.py; docs/rulings.md, "The order of the lines"): a list of the very lines in
any order takes it without being read for the rules again. Two corpora of ``--size`` decks
(bench/corpus.py): the tournament-like one (400 lists, each file one of them with its lines in
another order, 30 % with one mistake) and one in which every file is a list of its own. Each is
checked (``deckcheck check FOLDER --output json --jobs 1``) in ``--pairs`` interleaved pairs with
the kept verdicts and with them switched off (every look-up misses, nothing is kept); the
figures are the median CPU seconds of each and their ratio. The two reports must be
byte-identical. Needs ../shared/carddata (the card database is imported into a temporary folder).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import REFERENCE, bulk_environment, load_average, measure  # noqa: E402  (bench/run.py)

# The command line with the kept verdicts switched off, or (no argument "off") as it is; both
# start the same way, so only the switch differs.
_SWITCH = """\
import sys
if sys.argv.pop(1) == "off":
    import deckcheck.engine as engine
    engine.FactTable.legal_lists = lambda self, options: {}
    engine.FactTable.keep_legal = lambda self, *args: None
from deckcheck.cli import console
sys.exit(console())
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--format", default="expanded")
    parser.add_argument("--date", default="2026-12-01")
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    if not (REFERENCE / "sets" / "en.json").is_file():
        print(f"bench: the reference data is absent ({REFERENCE}); nothing to measure.", file=sys.stderr)
        return 2
    from corpus import write_corpus  # bench/corpus.py

    rows: list[tuple[str, str]] = [load_average("at the start")]
    ok = True
    with tempfile.TemporaryDirectory(prefix="deckcheck-legal-lists-") as work:
        env = bulk_environment(Path(work))
        for number, (label, distinct) in enumerate((("400 lists", 400), ("every list its own", args.size))):
            folder = Path(work) / f"{args.format}-corpus-{number}"  # (--size 400 makes both of 400 lists)
            folder.mkdir()
            write_corpus(REFERENCE, folder, args.size, args.format, distinct=distinct)
            check = [
                "check",
                str(folder),
                "--format",
                args.format,
                "--date",
                args.date,
                "--output",
                "json",
                "--jobs",
                "1",
            ]
            cpu: dict[str, list[float]] = {"on": [], "off": []}
            reports: dict[str, str] = {}
            for _ in range(args.pairs):
                for switch in ("on", "off"):
                    report = Path(work) / f"report-{switch}.json"
                    cpu[switch].append(
                        measure([sys.executable, "-c", _SWITCH, switch, *check], env, cpu=True, stdout=report)[3]
                    )
                    reports[switch] = hashlib.sha256(report.read_bytes()).hexdigest()
            on, off = statistics.median(cpu["on"]), statistics.median(cpu["off"])
            same = reports["on"] == reports["off"]
            ok = ok and same
            rows.append(
                (f"{args.size} decks, {label}: CPU s with the kept verdicts / without", f"{on:.2f} s / {off:.2f} s")
            )
            rows.append((f"{args.size} decks, {label}: with / without", f"{on / off:.3f} x"))
            rows.append((f"{args.size} decks, {label}: reports byte-identical", "yes" if same else "NO"))
    rows.append(load_average("at the end"))
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value:>14}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
