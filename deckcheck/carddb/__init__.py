"""The card database: open card sources imported into SQLite.

* :mod:`deckcheck.carddb.index` – the :class:`CardIndex` protocol and an in-memory index;
* :mod:`deckcheck.carddb.sources` – one module per card source, each yielding
  :class:`deckcheck.model.Card` values (:mod:`~deckcheck.carddb.sources.pokemontcg`:
  the pokemontcg.io dataset JSON);
* :mod:`deckcheck.carddb.build` – ``build_database``: any source into a new SQLite file, atomically;
* :mod:`deckcheck.carddb.sqlite` – the schema, ``SqliteIndex``, ``database_info`` (what it returns:
  :mod:`deckcheck.carddb.info`);
* :mod:`deckcheck.carddb.update` – ``update_database`` (``deckcheck db update``), looping
  over the card sources of :mod:`deckcheck.carddb.sources.remote`;
* :mod:`deckcheck.carddb.http` – the one HTTP client of every download (timeouts, an overall
  deadline enforced while reading, retries, size limits);
* :mod:`deckcheck.carddb.paths` – where the database lives;
* :mod:`deckcheck.carddb.gametext` – the game-text digest reprints are compared by
  (its version, read on every open, in :mod:`deckcheck.carddb.gametext_version`).

Nothing is imported here so that ``import deckcheck.carddb.index`` stays cheap.
"""
