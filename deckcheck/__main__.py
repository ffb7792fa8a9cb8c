"""``python -m deckcheck``: the console script."""

import sys

from deckcheck.cli import console

if __name__ == "__main__":
    sys.exit(console())
