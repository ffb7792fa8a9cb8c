"""The pure core: values in, values out — no I/O, no printing.

* :mod:`~deckcheck.names` – the deck name and the keys names are compared by;
* :mod:`~deckcheck.selectors` – the card properties packs select by (``FLAGS``, ``matches``);
* :mod:`~deckcheck.core.printable` – deck text made safe to show on a terminal;
* :mod:`~deckcheck.suggest` – "did you mean" for card names;
* :mod:`~deckcheck.core.prints` – a line's set code and number as the card database holds them;
* :mod:`~deckcheck.core.naming` – a written name → the prints it may mean, and whether it fits a print;
* :mod:`~deckcheck.core.identify` – the one contract: whether a line says which card it is;
* :mod:`~deckcheck.core.resolve` – a deck's lines through those three → the cards the rules count;
* :mod:`~deckcheck.engine` – ``check_deck(parsed, pack, index, day)``: resolution, then every rule;
* :mod:`~deckcheck.core.layout` – the canonical text form of a deck list (``deckcheck fmt``).

Nothing is imported here, so importing one module costs only that module.
"""
