"""The card database: the pokemontcg.io dataset imported into SQLite.

* :mod:`deckcheck.carddb.index` – the :class:`CardIndex` protocol and an in-memory index;
* :mod:`deckcheck.carddb.dataset` – dataset JSON -> :class:`deckcheck.model.Card`;
* :mod:`deckcheck.carddb.sqlite` – ``build_database``, ``SqliteIndex``, ``database_info``;
* :mod:`deckcheck.carddb.update` – ``update_database`` (``deckcheck db update``);
* :mod:`deckcheck.carddb.paths` – where the database lives.

Nothing is imported here so that ``import deckcheck.carddb.index`` stays cheap.
"""
