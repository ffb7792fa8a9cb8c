"""The long run: a million generated lines through the parser,
resolution, the rules, every report and fmt -- no exception, no changed verdict,
fmt idempotent. Minutes, not seconds: it runs only when asked (docs/development.md, Testing):

    DECKCHECK_LONG_RUN=1000000 python -m pytest -q tests/properties/test_long_run.py
"""

from __future__ import annotations

import os
import random

import pytest
from decks import CARDS, ENERGY_FORMS, INDEX, NAMES, PRINTS
from test_fmt_properties import PACK_NAMES, fmt, pack, verdict

from deckcheck.model import Report
from deckcheck.parse import parse_text
from deckcheck.render import RENDERERS, RenderOptions, render

LINES = int(os.environ.get("DECKCHECK_LONG_RUN", "0") or 0)
pytestmark = pytest.mark.skipif(
    not LINES, reason="the long run: set DECKCHECK_LONG_RUN=1000000 (docs/development.md, Testing)"
)

OTHER = [
    "Pokémon: 4",
    "Trainer: 10",
    "Energy: 8",
    "Pokémon (2)",
    "##Trainer Cards - 43",
    "Total Cards: 60",
    "****** Pokémon Trading Card Game Deck List ******",
    "# name: Long run",
    "# format: unlimited",
    "// note",
    "TODO: more draw",
    "4-4 Zoroark-GX",
    "2.5 Iono",
    "",
    "Energy:",
    "\x1b[2J escape",
    "x" * 3000,
    "*" * 3000,
    "(" * 2000,
    "1 " + "0" * 3000,
    "4 Iono\ud800 PAL 185",
    "\ufeff",
    "\ufeff\ufeff",
]
FORMS = ["{c} {t}", "{c}x {t}", "* {c} {t}", "x{c} {t}", "{c}\t{t}", "{c} {t} PH", "{c} {t}  # note", "{c}x x {t}"]


def _line(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(OTHER)
    count = rng.choice([rng.randint(1, 4), rng.randint(1, 999), 0, 1000])
    text = rng.choice(
        [rng.choice(NAMES), rng.choice(PRINTS), rng.choice(ENERGY_FORMS), f"Unknown Card {rng.randint(1, 10**6)}"]
    )
    return rng.choice(FORMS).format(c=count, t=text)


def test_a_million_generated_lines():
    rng = random.Random(12)
    done = 0
    decks = 0
    assert len(CARDS) and INDEX
    while done < LINES:
        size = rng.choice([10, 60, 200, 1000])
        end = rng.choice(["\n", "\r\n", "\r"])
        text = rng.choice(["", "", "", "\ufeff", "\ufeff\ufeff"]) + end.join(_line(rng) for _ in range(size)) + end
        done += size
        decks += 1
        name = PACK_NAMES[decks % len(PACK_NAMES)]
        once = fmt(text, pack(name))
        assert verdict(once, pack(name)) == verdict(text, pack(name)), text[:2000]
        assert fmt(once, pack(name)) == once
        if decks % 20 == 0:  # the reports, for some of the decks
            from test_fmt_properties import DAY

            from deckcheck.engine import check_deck

            result = check_deck(parse_text(text, "deck.txt"), pack(name), INDEX, DAY)
            for output in RENDERERS:
                if output != "html":
                    render(output, Report((result,)), RenderOptions()).encode("utf-8")
    print(f"{done} lines in {decks} decks")
