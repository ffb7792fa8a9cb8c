"""deckcheck's version, in a module of its own: the modules that name it (the database
stamp, the User-Agent, SARIF) import it from here, not from the package, whose
``__init__`` reaches every layer through the library's lazy names."""

__version__ = "0.1.0"
