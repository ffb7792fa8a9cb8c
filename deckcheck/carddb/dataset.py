"""The pokemontcg.io dataset conversion, now :mod:`deckcheck.carddb.sources.pokemontcg`
(this name is kept for existing imports)."""

from deckcheck.carddb.sources.pokemontcg import (  # noqa: F401
    card_file_order,
    card_from_dataset,
    iso_date,
    iter_cards,
    iter_dataset,
    own_limit,
    set_for_card,
    text_hash,
)
