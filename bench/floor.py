#!/usr/bin/env python3
"""The floor of a bulk check: walk the folder, read every file, one regular expression per line.

    python bench/floor.py FOLDER

What no deck checker can go below in Python: the walk (sorted, as deckcheck walks), each file
read once and decoded, and each line matched once by one regular expression of the card-line
shape. bench/bulk.py runs it beside ``deckcheck check FOLDER --output json --jobs 1``, in pairs,
and gives deckcheck's CPU time as a multiple of it (the budget: at most 5 x). Prints how many
lines matched (so the work cannot be skipped).
"""

from __future__ import annotations

import os
import re
import sys

# A card line: "4 Iono PAL 185" (count, name, set code, number); linear in the line.
CARD_LINE = re.compile(r"(\d{1,3}) +(\S[^\n]*?) +([A-Z0-9-]{2,8}) +([A-Za-z0-9-]+)\s*$")


def floor(folder: str) -> int:
    matched = 0
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            with open(os.path.join(root, name), "rb") as handle:
                text = handle.read().decode("utf-8", errors="replace")
            for line in text.splitlines():
                if CARD_LINE.match(line):
                    matched += 1
    return matched


if __name__ == "__main__":
    print(floor(sys.argv[1]))
