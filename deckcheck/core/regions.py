"""Which card pool a deck line is read in (docs/japan.md).

The card database holds the international cards and Japan's, each a region of its own whose set
codes, numbers and names never meet the other's. A deck checked under a format of the
international card pool reads every line there. Under a format of Japan's pool (``standard-jp``)
a line written in Japanese (its name holds kana or kanji) is read among Japan's prints; a line
written in English (a results site's English-written list of a Japanese event) among the
international prints, which Japan's card pool then judges by its own days. Nothing else moves a
line from one region to the other: a Japanese set code in an English line names no print.
"""

from __future__ import annotations

from deckcheck.carddb.index import CardIndex, region_view
from deckcheck.core.lines import ResolveOptions
from deckcheck.model import INTERNATIONAL, DeckEntry
from deckcheck.names import is_japanese


def line_region(entry: DeckEntry, options: ResolveOptions) -> str:
    """The region (model.REGIONS) whose prints ``entry`` is read among."""
    if options.region != INTERNATIONAL and is_japanese(entry.name):
        return options.region
    return INTERNATIONAL


def line_index(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> CardIndex:
    """``index`` asking the region ``entry`` is read in."""
    return region_view(index, line_region(entry, options))
