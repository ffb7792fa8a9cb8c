"""The exit codes scripts can trust and the errors deckcheck reports (kept apart from
the model so that ``deckcheck --version`` imports nothing else)."""

from enum import IntEnum


class ExitCode(IntEnum):
    LEGAL = 0  # every deck checked is legal
    ILLEGAL = 1  # at least one deck is illegal (or has a failing finding)
    USAGE = 2  # usage, configuration, pack or database problem
