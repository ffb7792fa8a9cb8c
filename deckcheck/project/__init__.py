"""What a repository says about checking it.

* :mod:`~deckcheck.project.config` – finding and validating the configuration
  (``[tool.deckcheck]`` in pyproject.toml or ``.deckcheck.yaml``) and the settings it gives;
* :mod:`~deckcheck.project.discover` – which files of a tree are decks (``select_decks``:
  the folder walk, ``.gitignore``, include and exclude, and why a file is skipped);
* :mod:`~deckcheck.project.patterns` – the .gitignore-style patterns both match with.

Nothing is imported here, so importing one module costs only that module.
"""
