"""The version of the game-text digest (:mod:`deckcheck.carddb.gametext`).

A card database stores digests, so one built with another version is rebuilt
(carddb/sqlite.py folds this into its schema version). It is kept apart from
:mod:`deckcheck.carddb.gametext` so that opening a database, on every run, does not
import the normaliser and compile its patterns (about 10 ms of start-up).
"""

DIGEST_VERSION = "4"
