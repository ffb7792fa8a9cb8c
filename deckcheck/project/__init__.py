"""What a repository says about checking it.

* :mod:`~deckcheck.project.config` – finding and validating the configuration
  (``[tool.deckcheck]`` in pyproject.toml or ``.deckcheck.yaml``), the settings it gives,
  and which files of a tree are decks (``select_decks``).

Nothing is imported here, so importing one module costs only that module.
"""
