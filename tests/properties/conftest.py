"""Property-based tests (hypothesis): a fixed seed and a budget of examples, so CI
runs the same cases every time in a few seconds; no timed assertions.

``DECKCHECK_PROPERTY_EXAMPLES=N`` runs N examples per property instead, with a
random seed (pytest --hypothesis-seed=N repeats one); the Testing section of
docs/development.md has the long run."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_examples = os.environ.get("DECKCHECK_PROPERTY_EXAMPLES")
settings.register_profile(
    "deckcheck",
    max_examples=int(_examples) if _examples else 60,
    derandomize=not _examples,  # the fixed seed in CI
    deadline=None,  # no timing: speed targets live in bench/
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,  # nothing written to the work tree
    print_blob=True,
)
settings.load_profile("deckcheck")
