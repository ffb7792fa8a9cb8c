"""deckcheck: deck-legality validator for the Pokémon Trading Card Game."""

__version__ = "0.1.0"
