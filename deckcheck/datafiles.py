"""Helpers shared by the data files deckcheck reads (format packs, configuration)."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any


def dates_as_text(value: Any) -> Any:
    """YAML and TOML read ``2026-04-10`` as a date; packs and configuration keep ISO text."""
    if isinstance(value, dict):
        return {k: dates_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [dates_as_text(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return value


def validation_cache(kind: str) -> Path | None:
    """The user-cache folder remembering validated files of one ``kind``
    (``validated-packs``, ``validated-configs``), or None when
    ``DECKCHECK_NO_CACHE`` is set. Validation needs jsonschema, slow to import
    on every pre-commit run. The schemas change with the version, so each
    version has its own folder."""
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    from deckcheck import __version__

    base = os.environ.get("DECKCHECK_CACHE_DIR")
    if base is None:
        from platformdirs import user_cache_dir

        base = user_cache_dir("deckcheck")
    return Path(base) / kind / __version__


def yaml_loader(*, pure: bool = False):
    """The safe YAML loader every data file is read with.

    It keeps timestamps as text: ``since: 2026-02-30`` must become a message
    with a line, not a ``ValueError`` from the date constructor, and packs and
    configuration compare ISO dates as text anyway. ``pure`` gives the
    pure-Python loader (for callers that walk marks node by node); otherwise
    the C loader when PyYAML has it.
    """
    return _loader(pure)


_LOADERS: dict = {}


def _loader(pure: bool):
    loader = _LOADERS.get(pure)
    if loader is None:
        import yaml

        base = yaml.SafeLoader if pure else getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Loader(base):  # type: ignore[misc, valid-type]
            pass

        Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_str)
        loader = _LOADERS[pure] = Loader
    return loader


# What PyYAML raises for input it cannot convert, besides YAMLError: "!!int zz",
# "!!float zz", absurd numbers. Callers turn these into messages too.
YAML_VALUE_ERRORS = (ValueError, TypeError, OverflowError, RecursionError)


def unconvertible_node(node: Any, *, pure: bool = False) -> Any:
    """The first scalar (in file order) of a composed YAML ``node`` that the
    loader cannot convert, such as ``!!int zz`` -- PyYAML's ValueError does not
    say where it was -- or None."""
    import yaml

    probe = yaml_loader(pure=pure)("")
    try:
        stack, seen = [node], set()
        while stack:
            current = stack.pop()
            if current is None or id(current) in seen:
                continue
            seen.add(id(current))
            if isinstance(current, yaml.ScalarNode):
                try:
                    probe.construct_object(current, deep=True)
                except YAML_VALUE_ERRORS:
                    return current
                except yaml.YAMLError:
                    pass
            elif isinstance(current, yaml.MappingNode):
                stack.extend(reversed([part for pair in current.value for part in pair]))
            elif isinstance(current, yaml.SequenceNode):
                stack.extend(reversed(current.value))
    finally:
        probe.dispose()
    return None
