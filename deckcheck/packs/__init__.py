"""Format packs: the YAML files that say what a format allows.

* :mod:`~deckcheck.packs.loading` – finding, reading, validating (the pack schema), ``extends:``
  and the pack cache: ``load_pack``, ``available_packs``, ``Pack``, ``PackError``;
* :mod:`~deckcheck.packs.info` – what a loaded pack says: what is in force on a day, the
  date range it covers, banned cards, ``deckcheck formats lint``.
* :mod:`~deckcheck.packs.amend` – ``amend:``, a pack's change of an inherited rule by id;
* :mod:`~deckcheck.packs.bundle` – rules between releases: the bundle ``deckcheck formats
  update`` fetches, verifies and installs (and ``formats bundle`` writes);
* :mod:`~deckcheck.packs.installed` – which installed bundle the packs are looked up in first.

Nothing is imported here, so importing one module costs only that module.
"""
