"""Helpers shared by the data files deckcheck reads (format packs, configuration): YAML
loading, dates kept as text, the validation cache, and schema violations in plain words."""

from __future__ import annotations

import datetime as dt
import difflib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckcheck.version import __version__


def dates_as_text(value: Any) -> Any:
    """YAML and TOML read ``2026-04-10`` as a date; packs and configuration keep ISO text."""
    if isinstance(value, dict):
        return {k: dates_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [dates_as_text(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return value


def unknown_key_problem(key: Any, known: list[str]) -> str:
    """``unknown key 'cout' (did you mean 'count'?)`` (else the known keys): what the
    configuration, packs and YAML/JSON decks say of a key their schema does not have."""
    close = close_choice(str(key), known)
    hint = f" (did you mean '{close}'?)" if close else f" (known keys: {', '.join(known)})"
    return f"unknown key '{key}'{hint}"


def package_file(*parts: str) -> Any:
    """A data file shipped in the package (``package_file("schemas", "deck.schema.json")``):
    the file beside this module when there is one (without importing importlib.resources,
    which with the zipfile, tempfile and random modules it brings costs a one-deck check
    some 0.1 x the instructions of ``import typer``), else through importlib.resources (a
    zipped package). Either has ``read_text`` and ``open``."""
    beside = Path(__file__).parent.joinpath(*parts)
    if beside.is_file():
        return beside
    from importlib import resources

    return resources.files("deckcheck").joinpath(*parts)


def close_choice(value: str, choices: Sequence[Any]) -> str | None:
    """The choice ``value`` most likely meant (a typo of it), else None: "did you mean"."""
    found = difflib.get_close_matches(value, [str(c) for c in choices], 1)
    return found[0] if found else None


def validation_cache(kind: str) -> Path | None:
    """The user-cache folder remembering validated files of one ``kind``
    (``validated-packs``, ``validated-configs``; ``catalogue``, the parsed
    built-in catalogue), or None when
    ``DECKCHECK_NO_CACHE`` is set. Validation needs jsonschema, slow to import
    on every pre-commit run. The schemas change with the version, so each
    version has its own folder."""
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    base = os.environ.get("DECKCHECK_CACHE_DIR")
    if base is None:
        base = user_cache_dir()
    folder = Path(base) / kind / __version__
    return folder if _usable(folder, Path(base)) else None


# Folders looked at once per process: whether they can be used.
_USABLE: dict[Path, bool] = {}


def _usable(folder: Path, shown: Path) -> bool:
    """Whether ``folder`` can be looked into (missing is fine: it is created
    when written). A folder the user cannot enter (``sudo -u`` keeping root's
    HOME) or whose name the system refuses is skipped with one
    warning: deckcheck then works without it, only slower."""
    usable = _USABLE.get(folder)
    if usable is None:
        try:
            os.stat(folder)
            usable = True
        except (FileNotFoundError, NotADirectoryError):
            usable = True  # not there yet: writing it creates it (or fails quietly)
        except OSError as error:
            usable = False
            warn_once(
                f"deckcheck: warning: cannot use the cache folder {shown}: {error.strerror or error}; going on "
                "without it. Set DECKCHECK_CACHE_DIR to a folder of yours, or DECKCHECK_NO_CACHE=1."
            )
        _USABLE[folder] = usable
    return usable


_WARNED: set[str] = set()


def warn_once(message: str) -> None:
    """Print ``message`` on standard error, once per process."""
    if message in _WARNED:
        return
    _WARNED.add(message)
    try:
        sys.stderr.write(message + "\n")
    except (OSError, ValueError):  # standard error closed
        pass


def usable_file(path: Path, what: str) -> bool:
    """Whether ``path`` exists, False (with one warning) where the system will
    not say (a folder of the path the user cannot enter)."""
    try:
        return path.exists()
    except OSError as error:
        warn_once(
            f"deckcheck: warning: cannot look for {what} at {path}: {error.strerror or error}; going on without it."
        )
        return False


def user_cache_dir() -> str:
    """The user cache folder of deckcheck. On Linux and the BSDs this is the XDG
    rule platformdirs follows ($XDG_CACHE_HOME, else ~/.cache), worked out here:
    importing platformdirs cost ~7 ms of every run."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        base = os.environ.get("XDG_CACHE_HOME", "").strip()
        return os.path.join(base or os.path.expanduser("~/.cache"), "deckcheck")
    from platformdirs import user_cache_dir as platform_cache_dir

    return platform_cache_dir("deckcheck")


def user_data_dir() -> str:
    """The user data folder of deckcheck (where the card database is installed):
    on Linux and the BSDs $XDG_DATA_HOME when it is an absolute path, else
    ~/.local/share, as platformdirs has it, without importing platformdirs on
    every check (start-up)."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        base = os.environ.get("XDG_DATA_HOME", "")
        return os.path.join(base if os.path.isabs(base) else os.path.expanduser("~/.local/share"), "deckcheck")
    from platformdirs import user_data_dir as platform_data_dir

    return platform_data_dir("deckcheck")


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
            # Every document is checked for alias bombs once composed, before
            # anything is built from it or validated.
            def __init__(self, stream):
                super().__init__(stream)
                # No anchor, no alias: most files skip the walk. An anchor is
                # '&' followed by its name; "Pikachu & Zekrom-GX" is no anchor,
                # so the shipped catalogue (full of such names) skips it too.
                self._may_alias = not isinstance(stream, str) or ("&" in stream and _may_hold_anchor(stream))

            def get_single_node(self):
                node = super().get_single_node()
                if self._may_alias:
                    refuse_alias_bombs(node)
                return node

            def get_single_data(self):
                node = self.get_single_node()
                return self.construct_document(node) if node is not None else None

            def resolve(self, kind, value, implicit):
                # The tag of a scalar depends on its text and whether it was plain or quoted only
                # (this loader has no path resolvers): the composer asks it of every scalar, by
                # a dozen regular expressions, and a data file's scalars repeat ("count", "name").
                if kind is not scalar_node or len(value) > _TAG_TEXT_KEPT:
                    return super().resolve(kind, value, implicit)
                key = (value, implicit)
                tag = tags.get(key)
                if tag is None:
                    tag = super().resolve(kind, value, implicit)
                    if len(tags) >= _TAGS_KEPT:
                        tags.clear()
                    tags[key] = tag
                return tag

            def construct_plainly(self, node):
                """:meth:`construct_document` of ``node``, and whether every mapping kept as many
                keys as it was written with (False: a key may be written twice, or the general
                way ran). A document of plain values (text, whole numbers written in decimals,
                true/false, nothing, lists and mappings of them, no anchor) is built in one
                pass; any other is built by construct_document, as it always was."""
                if not self._may_alias:
                    found = [False, False]  # [a mapping lost a key, a node is not plain]
                    data = build(node, 0, found)
                    if not found[_NOT_PLAIN]:
                        return data, not found[_KEY_LOST]
                return self.construct_document(node), False

        tags: dict[tuple[str, Any], str] = {}
        scalar_node = yaml.ScalarNode
        build = _plain_builder(yaml)
        Loader.add_constructor("tag:yaml.org,2002:timestamp", Loader.construct_yaml_str)
        loader = _LOADERS[pure] = Loader
    return loader


# The scalars whose tags are kept (by their text and style): at most _TAGS_KEPT, of at most
# _TAG_TEXT_KEPT characters; then the memo starts again.
_TAGS_KEPT = 4_096
_TAG_TEXT_KEPT = 64
# How deep a document of plain values may nest to be built by construct_plainly: deeper ones are
# built the general way (whose own depth limit, a RecursionError, is then the one met).
_PLAIN_DEPTH = 20


_KEY_LOST, _NOT_PLAIN = 0, 1
# What _scalar_value gives for a scalar construct_plainly does not build.
NOT_PLAIN = object()
_TEXT_TAGS = frozenset({"tag:yaml.org,2002:str", "tag:yaml.org,2002:timestamp"})
_INT_TAG, _NULL_TAG, _BOOL_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool"
_BOOLS = {"yes": True, "no": False, "true": True, "false": False, "on": True, "off": False}


def _scalar_value(tag: str, value: str) -> Any:
    """What SafeConstructor (with timestamps kept as text) builds of a scalar ``value`` of
    ``tag`` when it is text, a whole number written in decimals, true/false or nothing; else
    NOT_PLAIN (a float, "0x1f", "012" which YAML 1.1 reads as octal, an explicit tag)."""
    if tag in _TEXT_TAGS:
        return value
    if tag == _INT_TAG:
        # Decimal digits with no leading zero, no sign, no "_": int() reads them as
        # construct_yaml_int does (a number of over 18 digits is left to it: int() refuses 4,301).
        if value.isdigit() and value.isascii() and len(value) <= 18 and (value[0] != "0" or value == "0"):
            return int(value)
    elif tag == _NULL_TAG:
        return None
    elif tag == _BOOL_TAG and value.lower() in _BOOLS:
        return _BOOLS[value.lower()]
    return NOT_PLAIN


def plain_scalar(written: str) -> Any:
    """What the loader builds of ``written`` as a plain (unquoted) scalar, its tag resolved as
    the composer resolves it; NOT_PLAIN where :meth:`construct_plainly` would not build it."""
    value = _PLAIN_SCALARS.get(written, _UNSEEN)
    if value is _UNSEEN:
        tag = _plain_tag(written)
        if tag is None:
            import yaml  # a large import (docs/speed.md): only for a scalar _plain_tag cannot tell

            if not _RESOLVER:
                _RESOLVER.append(yaml.resolver.Resolver())
            tag = _RESOLVER[0].resolve(yaml.ScalarNode, written, (True, False))
        value = _scalar_value(tag, written)
        if len(written) <= _TAG_TEXT_KEPT:
            if len(_PLAIN_SCALARS) >= _TAGS_KEPT:
                _PLAIN_SCALARS.clear()
            _PLAIN_SCALARS[written] = value
    return value


# YAML 1.1's implicit types as PyYAML's resolver reads a plain scalar: it asks only the types
# listed under the scalar's first character, and of the ASCII letters only those that start these
# words have any (true and false: yes/no/true/false/on/off in three casings, as construct_plainly
# reads them; nothing: null in three). A test holds _plain_tag to the resolver's answers.
_BOOL_WORDS = frozenset(word for base in _BOOLS for word in (base, base.title(), base.upper()))
_NULL_WORDS = frozenset({"null", "Null", "NULL"})
_TYPED_LETTERS = frozenset(word[0] for word in _BOOL_WORDS | _NULL_WORDS)  # yYnNtTfFoO
_STR_TAG = "tag:yaml.org,2002:str"


def _plain_tag(written: str) -> str | None:
    """The tag PyYAML's resolver gives the plain scalar ``written`` when it can be told without
    the resolver (whose import costs a check of one YAML deck a fifth of the start-up budget):
    a word that starts with an ASCII letter, or a whole number written in decimals with no
    leading zero; None for any other scalar (ask the resolver)."""
    first = written[:1]
    if first.isascii() and first.isalpha():
        if first not in _TYPED_LETTERS:
            return _STR_TAG
        if written in _BOOL_WORDS:
            return _BOOL_TAG
        return _NULL_TAG if written in _NULL_WORDS else _STR_TAG
    if written.isdigit() and written.isascii() and (first != "0" or written == "0"):
        return _INT_TAG  # (neither a float, which has a "." or ":", nor a date, which has a "-")
    return None


# plain_scalar's answers by the text written (at most _TAGS_KEPT, of at most _TAG_TEXT_KEPT characters).
_PLAIN_SCALARS: dict[str, Any] = {}
_UNSEEN = object()
_RESOLVER: list[Any] = []  # the one resolver plain_scalar asks, made at its first question


def _plain_builder(yaml: Any) -> Any:
    """The one-pass builder of construct_plainly: what SafeConstructor (with timestamps kept as
    text) builds of plain nodes; at any other node (a float, a merge key, an explicit tag,
    "0x1f", a key that is no scalar, too deep) it notes found[_NOT_PLAIN] and builds no more of
    that node (its caller then builds the document the general way)."""
    scalar_node, sequence_node, mapping_node = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode
    seq_tag, map_tag = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"

    def build(node: Any, depth: int, found: list[bool]) -> Any:
        kind = type(node)
        if kind is scalar_node:
            value = _scalar_value(node.tag, node.value)
            if value is not NOT_PLAIN:
                return value
        elif depth < _PLAIN_DEPTH:
            if kind is sequence_node and node.tag == seq_tag:
                return [build(item, depth + 1, found) for item in node.value]
            if kind is mapping_node and node.tag == map_tag:
                mapping = {}
                for key_node, value_node in node.value:
                    if type(key_node) is not scalar_node:
                        found[_NOT_PLAIN] = True
                        return None
                    mapping[build(key_node, depth + 1, found)] = build(value_node, depth + 1, found)
                if len(mapping) < len(node.value):
                    found[_KEY_LOST] = True
                return mapping
        found[_NOT_PLAIN] = True
        return None

    return build


def _may_hold_anchor(text: str) -> bool:
    """Whether ``text`` may hold a YAML anchor (``&name``); false positives only
    cost the alias walk. A scan of the '&'s, so it is linear in the text."""
    at = text.find("&")
    while at != -1:
        following = text[at + 1 : at + 2]
        if following and not following.isspace():
            return True
        at = text.find("&", at + 1)
    return False


# How many values aliases may add to a document. YAML anchors and aliases
# (``&a``, ``*a``) let 300 bytes stand for millions of values (an "alias bomb"):
# every walk over them (validation, error messages, copying) would then take
# minutes and gigabytes.
MAX_ALIAS_EXPANSION = 100_000


def refuse_alias_bombs(node: Any) -> None:
    """Raise a YAML error (with the line of the first alias that goes past the
    bound) when the aliases of a composed document expand to more than
    :data:`MAX_ALIAS_EXPANSION` values beyond the document's own, or when an
    alias refers to a node that contains it."""
    import yaml

    if node is None:
        return
    sizes: dict[int, int] = {}  # expanded size of each node, by id
    unique: set[int] = set()
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(node, False)]
    while stack:
        current, done = stack.pop()
        key = id(current)
        if done:
            on_path.discard(key)
            children = _children(current)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            if sizes[key] - len(unique) > MAX_ALIAS_EXPANSION:
                raise yaml.composer.ComposerError(
                    None,
                    None,
                    f"the aliases in this document expand to more than {MAX_ALIAS_EXPANSION:,} values "
                    "(an alias bomb); write the values out",
                    current.start_mark,
                )
            continue
        if key in sizes:
            continue  # met again through an alias: its size is known
        if key in on_path:
            raise yaml.composer.ComposerError(
                None, None, "an alias refers to a list or mapping that contains it", current.start_mark
            )
        on_path.add(key)
        unique.add(key)
        stack.append((current, True))
        stack.extend((child, False) for child in _children(current))


def yaml_line(node: Any, steps: Sequence[Any], *, key: bool = False) -> int | None:
    """The 1-based line of the YAML node at ``steps`` (keys and indexes) below ``node``, or of
    the deepest node on the way that exists; ``key``: of the last step's key, not its value.
    The one way a pack's and a configuration's problems find their line."""
    import yaml

    line = node.start_mark.line + 1 if node is not None else None
    for index, step in enumerate(steps):
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if k.value == step), None)
            if pair is None:
                break
            node = pair[0] if (key and index == len(steps) - 1) else pair[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
        line = node.start_mark.line + 1
    return line


def _children(node: Any) -> list[Any]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


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


def schema_problems(data: Any, validator: Any) -> list[tuple[list[Any], str, bool]]:
    """The violations of a JSON Schema ``validator`` (the configuration's, a pack's) as
    (key path, message, whether the key itself is wrong), each unknown key with a did-you-mean."""
    return [problem for error in validator.iter_errors(data) for problem in error_problems(error)]


def error_problems(error: Any) -> list[tuple[list[Any], str, bool]]:
    """One jsonschema error in the friendly form every front end shows (``check
    --format`` and ``formats lint`` say ``unknown key 'mx'; did you mean 'max'?`` alike)."""
    where = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = sorted(error.schema.get("properties", {}))
        return [
            (where + [key], unknown_key_problem(key, known), True)
            for key in sorted(k for k in error.instance if k not in known)
        ]
    return [(where, plain_message(error), False)]


# What a JSON Schema "type" is called in a YAML or TOML file.
_TYPE_WORDS = {
    "array": "a list",
    "object": "a mapping",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}


def _kind_of(value: Any) -> str:
    """What a value read from YAML, TOML or JSON is, in the words of :data:`_TYPE_WORDS`."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _shown(value: Any) -> str:
    """A value as a message quotes it: text in quotes, a list or mapping by its kind."""
    if isinstance(value, (dict, list, tuple)) or value is None:
        return _kind_of(value)
    text = repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= 60 else text[:59] + "…"


def plain_message(error: Any) -> str:
    """One jsonschema error as a sentence in one form for every data file: what the value
    must be, then what it is (not jsonschema's "{'names': [...]} is not of type 'array'")."""
    validator, expected, value = error.validator, error.validator_value, error.instance
    where = list(error.absolute_path)
    if validator == "required":
        missing = [key for key in expected if isinstance(value, dict) and key not in value]
        return "the key " + ", ".join(f"'{key}'" for key in missing or expected) + " is missing"
    if validator == "type":
        wanted = [expected] if isinstance(expected, str) else list(expected)
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in wanted)
        return f"must be {words}, not {_shown(value)}"
    if validator == "enum":
        choices = [str(c) for c in expected]
        close = close_choice(str(value), choices)
        if where and where[-1] == "kind":
            hint = f"did you mean '{close}'?" if close else f"known kinds: {', '.join(choices)}"
            return f"unknown rule kind {_shown(value)} ({hint})"
        hint = f" (did you mean '{close}'?)" if close else ""
        return f"must be one of {', '.join(choices)}, not {_shown(value)}{hint}"
    if validator == "const":
        return f"must be {_shown(expected)}, not {_shown(value)}"
    if validator == "pattern" and where and where[-1] in ("date", "since", "until", "from", "to"):
        return f"must be a date like 2026-04-10, not {_shown(value)}"
    if validator == "pattern":
        return f"{_shown(value)} is not in the form this key takes (pattern {expected})"
    if validator == "format" and expected == "date":
        return f"must be a date of the calendar like 2026-04-10, not {_shown(value)}"
    if validator == "minimum":
        return f"must be {expected} or more, not {_shown(value)}"
    if validator == "maximum":
        return f"must be {expected} or less, not {_shown(value)}"
    if validator == "minItems":
        return "must not be an empty list" if expected == 1 else f"must hold at least {expected} items"
    if validator == "minLength":
        return "must not be empty text" if expected == 1 else f"must be at least {expected} characters long"
    if validator == "uniqueItems":
        return "holds the same item twice"
    if validator in ("oneOf", "anyOf"):
        return f"{_shown(value)} has none of the forms this key takes"
    if validator == "not":
        return f"{_shown(value)} is not allowed here"
    return error.message
