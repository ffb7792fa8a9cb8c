"""Generated deck lists for the property tests: card lines in every spelling the
parser reads, and the lines around them (headers, totals, comments, banners,
notes, broken lines), with any line ends."""

from __future__ import annotations

from hypothesis import strategies as st

from deckcheck.carddb.index import MemoryIndex
from deckcheck.model import Card

CARDS = [
    Card("base1-7", "Hitmonchan", "Pokémon", ("Basic",), "base1", "BS", "7", None, "1999-01-09"),
    Card("base1-88", "Professor Oak", "Trainer", ("Supporter",), "base1", "BS", "88", None, "1999-01-09"),
    Card("sv2-185", "Iono", "Trainer", ("Supporter",), "sv2", "PAL", "185", "G", "2023-06-09"),
    Card("sv4pt5-80", "Iono", "Trainer", ("Supporter",), "sv4pt5", "PAF", "80", "G", "2024-01-26"),
    Card("base1-96", "Double Colorless Energy", "Energy", ("Special",), "base1", "BS", "96", None, "1999-01-09"),
    Card("base1-97", "Fighting Energy", "Energy", ("Basic",), "base1", "BS", "97", None, "1999-01-09"),
    Card("dp1-129", "Darkness Energy", "Energy", ("Basic",), "dp1", "DP", "129", None, "2007-05-01"),
    Card("neo1-104", "Darkness Energy", "Energy", ("Special",), "neo1", "N1", "104", None, "2000-12-16"),
    Card("bw2-95", "Pokémon Catcher", "Trainer", ("Item",), "bw2", "EPO", "95", None, "2011-08-31"),
    Card("sv1-1", "Pineco", "Pokémon", ("Basic",), "sv1", "SVI", "1", "G", "2023-03-31"),
    Card("sve-1", "Grass Energy", "Energy", ("Basic",), "sve", "SVE", "1", None, "2023-03-31"),
]
INDEX = MemoryIndex(CARDS)

NAMES = sorted({card.name for card in CARDS}) + ["Pokemon Catcher", "Unknown Mon", "Mystery Card"]
PRINTS = [f"{card.name} {card.set_code} {card.number}" for card in CARDS] + ["Iono PAL 999", "Iono ZZZ 1"]
# Lines that do not say which card they are (docs/rulings.md, "Which card a line is"): a basic
# Energy whose number is another type's, a basic Energy print the database lacks, a close
# spelling, another card's name, a name that is no card, a set code in lower case.
PRINTS += [
    "Water Energy SVE 1",
    "Grass Energy SVE 99",
    "Fighting BS 97",
    "Iono BS 88",
    "Mystery Card PAL 185",
    "Iono pal 185",
    "Basic {W} Energy SVE 1",
]
ENERGY_FORMS = [
    "Darkness Energy - Special",
    "Darkness Energy - Basic",
    "Basic {D} Energy",
    "Basic {F} Energy",
    "Fighting Energy Energy 6",
    "Grass Energy - Basic",
    "Double Colorless Energy - Special",
    "Basic Fire Energy",
]

# "2x x Nest Ball": a count with an x, and an x that is part of the name.
FORMS = ["{c} {t}", "{c}x {t}", "* {c} {t}", "x{c} {t}", "{c}\t{t}", "  {c}  {t} ", "{c}x x {t}", "{c} x x {t}"]

counts = st.one_of(st.integers(1, 4), st.integers(1, 999), st.sampled_from([0, 1000, 600, 10**12]))
card_text = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(PRINTS),
    st.sampled_from(ENERGY_FORMS),
    st.sampled_from(PRINTS).map(lambda text: text + " PH"),
    st.sampled_from(PRINTS).map(lambda text: text + "  # a note"),
)


@st.composite
def card_line(draw) -> str:
    count = draw(counts)
    text = draw(card_text)
    form = draw(st.sampled_from(FORMS))
    return form.format(c=count, t=text)


other_line = st.one_of(
    st.sampled_from(
        [
            "Pokémon: 4",
            "Trainer: 10",
            "Energy: 8",
            "Pokémon (2)",
            "##Trainer Cards - 43",
            "Total Cards: 60",
            "Total Cards - 12",
            "****** Pokémon Trading Card Game Deck List ******",
            "# name: Test deck",
            "# format: unlimited",
            "// a comment",
            "TODO: more draw",
            "4-4 Zoroark-GX",
            "2.5 Iono",
            "",
            "   ",
            "Energy:",
            "Pokémon:",
            "\ufeff",
            "\ufeff\ufeff",
            "\ufeff4 Iono PAL 185",
        ]
    ),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30),
)
line_ends = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def deck_lists(draw, max_lines: int = 25) -> str:
    lines = draw(st.lists(st.one_of(card_line(), card_line(), other_line), max_size=max_lines))
    uniform = draw(st.booleans())
    end = draw(line_ends)
    parts = [line + (end if uniform else draw(line_ends)) for line in lines]
    text = "".join(parts)
    if parts and draw(st.booleans()):
        text = text.rstrip("\r\n")  # no line end after the last line
    # A byte-order mark, or two (a file of two marks was once read wrong).
    return draw(st.sampled_from(["", "", "\ufeff", "\ufeff\ufeff"])) + text
