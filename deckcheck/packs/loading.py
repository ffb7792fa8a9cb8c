"""Format packs: YAML files that say which rules a format uses.

A pack is data, validated by a JSON Schema assembled from the rule kinds'
option schemas (``deckcheck/schemas/pack.schema.json`` is the committed copy;
a test keeps it equal to :func:`pack_schema`)::

    name: expanded
    description: Black & White onward, with the official ban list.
    extends: unlimited          # inherit every rule, then override by id
    remove: [some-rule-id]      # drop inherited rules
    amend: [{id: banned, kind: banned, cards: [...]}]   # change inherited rules by id
    rules:
      - id: banned
        kind: banned
        cards: [...]

Errors name the file, the path inside the pack and the line.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import datetime as dt
import json
import os
import zlib
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from deckcheck.atomic import write_atomically
from deckcheck.datafiles import (
    YAML_VALUE_ERRORS,
    error_problems,
    unconvertible_node,
    validation_cache,
    yaml_line,
    yaml_loader,
)
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase
from deckcheck.model import Severity
from deckcheck.packs.amend import AmendError, amend
from deckcheck.packs.installed import rules_folder
from deckcheck.packs.names import pack_names
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleSpec
from deckcheck.selectors import SELECTOR_SCHEMA
from deckcheck.suggest import closest_names

COMMON_RULE_KEYS = ("id", "kind", "severity", "description")
PACK_SUFFIXES = (".yaml", ".yml")


class PackError(DeckcheckError):
    """A pack that cannot be used: unknown name, bad YAML, schema violation."""


class Pack(NamedTuple):
    """A loaded format pack: its rules, after ``extends:`` and ``remove:``."""

    name: str
    description: str
    rules: tuple[RuleSpec, ...]
    path: str = ""
    options: Mapping[str, Any] = MappingProxyType({})
    chain: tuple[str, ...] = ()  # this pack and the packs it extends, nearest first

    def rule(self, rule_id: str) -> RuleSpec | None:
        return next((r for r in self.rules if r.id == rule_id), None)


# -- where packs live ------------------------------------------------------


# When a format began: here beside the pack, as every check asks it (start-up: a check
# imports no more of deckcheck.packs than this module).


def first_day(pack: Pack) -> dt.date | None:
    """The first day of a format whose pack says when it began (its rules' kinds
    say it: :meth:`~deckcheck.rules.base.RuleKind.first_day`): a day before it is a
    day without the format."""
    starts = [day for day in (KINDS[rule.kind].first_day(rule.options) for rule in pack.rules) if day]
    return dt.date.fromisoformat(max(starts)) if starts else None


def absent_on(pack: Pack, day: dt.date) -> str | None:
    """Why ``pack``'s format cannot be checked on ``day`` (it did not exist
    yet), or None. Such a day is a usage error, not a list of
    `not-legal` findings."""
    first = first_day(pack)
    if first is None or day >= first:
        return None
    # TRANSLATORS: {format} is a format name (expanded), {first} and {day} are dates (2014-09-01).
    return Phrase(
        N_("{format} began on {first}; there was no {format} on {day}"),
        format=pack.name,
        first=first.isoformat(),
        day=day.isoformat(),
    )


def builtin_pack_dir() -> Path:
    """The shipped packs: ``deckcheck/formats`` in a wheel, ``formats/`` in a checkout."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "formats"
    if installed.is_dir():
        return installed
    return package.parent / "formats"


def pack_dirs(extra: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Folders searched for a pack name: the user's, the installed rules bundle, the shipped packs."""
    bundle = rules_folder(builtin_pack_dir())  # deckcheck formats update (deckcheck.packs.installed)
    return [Path(p) for p in extra] + ([bundle] if bundle is not None else []) + [builtin_pack_dir()]


def available_packs(extra: Sequence[str | os.PathLike[str]] = ()) -> dict[str, Path]:
    """Every pack name that can be used, with its file (earlier folders win)."""
    found: dict[str, Path] = {}
    for folder in pack_dirs(extra):
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            # Hidden files (.pre-commit-config.yaml beside a pack) are no format packs.
            if path.suffix in PACK_SUFFIXES and path.stem not in found and not path.name.startswith("."):
                found[path.stem] = path
    return found


def find_pack(name: str, extra: Sequence[str | os.PathLike[str]] = ()) -> Path:
    """A pack given by name (``expanded``) or by path (``my/pack.yaml``)."""
    if _looks_like_path(name):
        path = Path(name)
        if path.is_dir():
            # A folder is said to be one, as --db and --config say it.
            raise PackError(
                # TRANSLATORS: {name} is what --format named.
                Phrase(
                    N_("{name} is a folder, not a format pack file: give a pack's name or its .yaml file"), name=name
                )
            )
        if not path.is_file():
            raise PackError(Phrase(N_("format pack file not found: {name}"), name=name))
        return path
    packs = available_packs(extra)
    if name in packs:
        return packs[name]
    raise PackError(_unknown_format(name, packs))


def _looks_like_path(name: str) -> bool:
    return name.endswith(PACK_SUFFIXES) or os.sep in name or "/" in name


def _unknown_format(name: str, packs: Mapping[str, Path], besides: Path | None = None) -> Phrase:
    real = pack_names(packs, builtin_pack_dir(), besides)
    close = closest_names(name, {n: n for n in real}, 3)
    known = ", ".join(real)
    if close:
        # TRANSLATORS: {known} and {close} are format names (standard, expanded).
        return Phrase(
            N_("unknown format '{name}'. Known formats: {known}. Did you mean: {close}?"),
            name=name,
            known=known,
            close=", ".join(close),
        )
    return Phrase(N_("unknown format '{name}'. Known formats: {known}."), name=name, known=known)


def resolve_extends(ref: str, pack_path: str | os.PathLike[str], extra: Sequence[str | os.PathLike[str]] = ()) -> Path:
    """The file that ``extends: ref`` in the pack at ``pack_path`` means.

    A path (``base-local.yaml``, ``../common/base.yaml``) is taken relative to
    the pack's own folder, so a pack works from any working directory. A name
    is looked up in the pack's own folder, then the extra pack folders, then
    the shipped packs -- skipping the pack itself, so that a local
    ``standard.yaml`` can extend the shipped ``standard``.
    """
    pack_path = Path(pack_path)
    folder = pack_path.parent
    if _looks_like_path(ref):
        candidate = folder / ref
        if not candidate.is_file():
            raise PackError(
                Phrase(N_("format pack file not found: {name} (looked in {folder})"), name=ref, folder=str(folder))
            )
        return candidate
    itself = pack_path.resolve()
    places = [folder, *extra]
    for place in pack_dirs(places):
        for suffix in PACK_SUFFIXES:
            candidate = place / f"{ref}{suffix}"
            if candidate.is_file() and candidate.resolve() != itself:
                return candidate
    raise PackError(_unknown_format(ref, available_packs(places), besides=pack_path))


# -- the schema ------------------------------------------------------------


def pack_schema() -> dict[str, Any]:
    """The JSON Schema of a pack, assembled from the rule kinds' option schemas."""
    common = {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "kind": {"enum": sorted(KINDS)},
        "severity": {"enum": [s.value for s in Severity]},
        "description": {"type": "string"},
    }
    branches: list[dict[str, Any]] = []
    for name in sorted(KINDS):
        options = dict(KINDS[name].options_schema.get("properties", {}))
        branches.append(
            {
                "if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
                "then": {
                    "properties": {**{k: True for k in common}, **options},
                    "required": list(KINDS[name].options_schema.get("required", [])),
                    "additionalProperties": False,
                },
            }
        )
    amend_branches = [{**b, "then": {**b["then"], "required": []}} for b in branches]  # only what changes
    return _checked_dates(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://deckcheck.invalid/schemas/pack.schema.json",
            "title": "deckcheck format pack",
            "type": "object",
            "additionalProperties": False,
            "required": ["name"],
            "anyOf": [{"required": ["rules"]}, {"required": ["amend"]}],
            "properties": {
                "name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                "description": {"type": "string"},
                "extends": {"type": "string"},
                "remove": {"type": "array", "items": {"type": "string"}},
                "options": {"$ref": "#/$defs/options"},
                "rules": {"type": "array", "items": {"$ref": "#/$defs/rule"}},
                "amend": {"type": "array", "items": {"$ref": "#/$defs/amendment"}},
            },
            "$defs": {
                "selector": SELECTOR_SCHEMA,
                "options": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        # Before Diamond & Pearl, Darkness and Metal Energy were Special
                        # cards only (docs/rulings.md, "A bare Darkness or Metal Energy").
                        "special_darkness_metal": {"type": "boolean"},
                    },
                },
                "rule": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": common,
                    "allOf": branches,
                },
                "amendment": {
                    "type": "object",
                    "required": ["id", "kind"],
                    "properties": common,
                    "allOf": amend_branches,
                },
            },
        }
    )


_ISO_DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"


def _checked_dates(schema: Any) -> Any:
    """``schema`` with ``"format": "date"`` on every string spelled like an ISO
    date: the pattern alone lets ``2026-02-30`` through, and some rule kinds
    give only the pattern (a ban's ``since``/``until``)."""
    if isinstance(schema, list):
        return [_checked_dates(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    checked = {key: _checked_dates(value) for key, value in schema.items()}
    if checked.get("pattern") == _ISO_DATE_PATTERN and checked.get("type") == "string":
        checked.setdefault("format", "date")
    return checked


# -- loading ---------------------------------------------------------------


def line_of(node: Any, path: Iterable[Any]) -> int | None:
    """The 1-based line of the pack's YAML node at ``path`` (:func:`~deckcheck.datafiles.yaml_line`)."""
    return yaml_line(node, list(path))


def format_path(path: Iterable[Any]) -> str:
    """``rules[2].options.max``: a key path as the pack's author reads it."""
    parts = []
    for step in path:
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return "".join(parts).lstrip(".") or "(top level)"


def _unconvertible_node(node: Any) -> Any:
    return unconvertible_node(node, pure=False)


def read_pack_yaml(text: str, path: str) -> tuple[Any, Any]:
    """The YAML node tree (for lines) and the data of a pack file, read once;
    raises PackError with the line for bad YAML and for values YAML cannot
    convert (``since: !!int zz``). Dates stay text (``datafiles.yaml_loader``)."""
    import yaml  # a large import: only for a pack read from its text, not from the validated cache

    loader = yaml_loader()(text)
    node = None
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise PackError(f"invalid YAML: {problem}", path=path, line=mark.line + 1 if mark else None) from None
    except RecursionError:
        raise PackError("invalid YAML: lists or mappings nested too deeply", path=path) from None
    except YAML_VALUE_ERRORS as error:
        bad = _unconvertible_node(node) if node is not None else None
        line = bad.start_mark.line + 1 if bad is not None else None
        # int()'s advice after ';' (sys.set_int_max_str_digits) is for programmers.
        written = "" if bad is None else bad.value if len(bad.value) <= 40 else bad.value[:39] + "…"
        what = f" '{written}'" if bad is not None else ""
        raise PackError(f"invalid YAML value{what}: {str(error).split(';')[0]}", path=path, line=line) from None
    finally:
        loader.dispose()
    return node, data


def _line_in(text: str, where: Sequence[Any]) -> int | None:
    """The line of ``where`` in a pack's text, for errors found after loading
    (when the data came from the validation cache, there is no node)."""
    try:
        node, _ = read_pack_yaml(text, "")
    except PackError:
        return None
    return line_of(node, where)


def parse_pack_text(text: str, path: str) -> dict[str, Any]:
    """Load and validate one pack file's YAML; raises PackError with a line."""
    node, data = read_pack_yaml(text, path)
    if not isinstance(data, dict):
        raise PackError("a format pack must be a YAML mapping with 'name' and 'rules'", path=path, line=1)
    errors = validate_pack_data(data)
    if errors:
        first_path, message = errors[0]
        raise PackError(f"{format_path(first_path)}: {message}", path=path, line=line_of(node, first_path))
    for where, message in duplicate_rule_ids(data, node)[:1]:
        raise PackError(f"{format_path(where)}: {message}", path=path, line=line_of(node, where))
    data.setdefault("rules", [])  # a pack that only amends (the schema wants one of the two)
    return data


def duplicate_rule_ids(data: Mapping[str, Any], node: Any) -> list[tuple[list[Any], str]]:
    """(key path, message) of each rule whose id an earlier rule of the pack has
    (a rule without an id is known by its kind, see _build); rules of another shape are the schema's."""
    found: list[tuple[list[Any], str]] = []
    first_of: dict[str, int] = {}
    rules = data.get("rules")
    for index, rule in enumerate(rules if isinstance(rules, list) else ()):
        rule_id = rule.get("id", rule.get("kind")) if isinstance(rule, dict) else None
        if not isinstance(rule_id, str):
            continue
        if rule_id in first_of:
            where = ["rules", index, "id"] if "id" in rule else ["rules", index]
            found.append(
                (
                    where,
                    f"duplicate rule id '{rule_id}' (also rules[{first_of[rule_id]}], "
                    f"line {line_of(node, ['rules', first_of[rule_id]])}); give each rule its own id",
                )
            )
        else:
            first_of[rule_id] = index
    return found


def validate_pack_data(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """Schema errors of a pack as (path, message), most specific first."""
    # jsonschema is the slowest import of all: only for a pack not validated before
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    # The format checker makes "format": "date" refuse 2026-02-30 (jsonschema
    # checks dates with the standard library; no extra package needed).
    validator = Draft202012Validator(_compiled_schema(tuple(KINDS)), format_checker=Draft202012Validator.FORMAT_CHECKER)
    errors = list(validator.iter_errors(data))
    if not errors:
        return []
    ordered = sorted(errors, key=lambda e: (-len(e.absolute_path), str(e.message)))
    best = best_match(errors)
    return [
        (where, message)
        for error in [best, *(e for e in ordered if e is not best)]
        for where, message, _ in error_problems(error)
    ]


@lru_cache(maxsize=2)
def _compiled_schema(kinds: tuple[str, ...]) -> dict[str, Any]:
    """The pack schema of the kinds registered (``kinds``: their names, the cache's key)."""
    return pack_schema()


_CACHE: dict[tuple, Pack] = {}
# How deep an ``extends`` chain may go (the shipped packs go 2 deep).
MAX_EXTENDS = 50


def load_pack(name: str, extra_dirs: Sequence[str | os.PathLike[str]] = ()) -> Pack:
    """Load a pack by name or path, following ``extends:`` (see resolve_extends)."""
    return _load(find_pack(name, extra_dirs), tuple(str(d) for d in extra_dirs), (), ())


def _load(path: Path, extra_dirs: tuple[str, ...], seen: tuple[Path, ...], names: tuple[str, ...]) -> Pack:
    try:
        stat = path.stat()
        raw = path.read_bytes()
        resolved = path.resolve()
    except OSError as error:
        raise PackError(f"cannot read format pack: {error.strerror}", path=str(path)) from None
    cache_key = (str(resolved), stat.st_size, stat.st_mtime_ns, extra_dirs)
    if cache_key in _CACHE:
        return _CACHE[cache_key]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PackError("format pack is not UTF-8 text", path=str(path)) from None
    data = _validated_data(raw, text, path, stat)
    name = data["name"]
    # Files, not names, make a loop: a local 'standard' may extend the shipped one.
    if resolved in seen:
        raise PackError(
            f"'extends' loops back to '{name}' ({' -> '.join(names + (name,))})",
            path=str(path),
            line=_line_in(text, ["extends"]),
        )
    parent: Pack | None = None
    if data.get("extends"):
        if len(seen) + 1 >= MAX_EXTENDS:
            # Each level is a recursion: a chain of 1,200 packs would end in a RecursionError.
            raise PackError(
                f"'extends' goes more than {MAX_EXTENDS} packs deep "
                f"({' -> '.join(names[:2] + ('...', name))} -> ...); no real format needs that many",
                path=str(path),
                line=_line_in(text, ["extends"]),
            )
        try:
            parent_path = resolve_extends(data["extends"], path, extra_dirs)
        except PackError as error:
            raise PackError(f"extends: {error}", path=str(path), line=_line_in(text, ["extends"])) from None
        parent = _load(parent_path, extra_dirs, seen + (resolved,), names + (name,))
    pack = _build(data, str(path), parent)
    _CACHE[cache_key] = pack
    return pack


def _usable(data: Any) -> bool:
    """Whether cached data has the shape that _load and _build rely on: a
    damaged or hand-edited cache entry is validated again, not trusted."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not isinstance(data.get("rules"), list):
        return False
    for key, kind in (("description", str), ("extends", str), ("remove", list), ("options", dict), ("amend", list)):
        if key in data and not isinstance(data[key], kind):
            return False
    severities = {s.value for s in Severity}
    return all(
        isinstance(rule, dict)
        and isinstance(rule.get("kind"), str)
        and isinstance(rule.get("id", ""), str)
        and isinstance(rule.get("description", ""), str)
        and rule.get("severity", "error") in severities
        for rule in [*data["rules"], *data.get("amend", ())]
    ) and all(isinstance(rule.get("id"), str) for rule in data.get("amend", ()))


def _validated_data(raw: bytes, text: str, path: Path, stat: os.stat_result) -> dict[str, Any]:
    """Parse and validate, or reuse the result for content validated before.

    YAML parsing and schema validation (jsonschema) are slow to import, so a
    validated pack is kept in the user cache as JSON with the SHA-256 of its
    bytes. As for Python's bytecode cache, an unchanged size and modification
    time reuse it at once; when they changed, the content hash decides whether
    the pack must be validated again.

    Measured with ``bench/caches.py`` (a check of one deck with the full
    database): the cache saves 136 ms of CPU time per run (quartiles 121-153 ms, on
    a shared 2-core machine under load; budget to keep a start-up cache: 5 ms).
    """
    stamp_path = _validation_stamp(path)
    stamp: dict[str, Any] = {}
    if stamp_path is not None:
        try:
            stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stamp = {}  # not cached yet, or a damaged entry: validate again
    if (
        not isinstance(stamp, dict)
        or not _usable(stamp.get("data"))
        or stamp.get("data_crc32") != _data_digest(stamp.get("data"))
    ):
        stamp = {}  # edited behind deckcheck's back: the data no longer matches its checksum
    if stamp.get("path") == str(path.resolve()) and (stamp.get("size"), stamp.get("mtime_ns")) == (
        stat.st_size,
        stat.st_mtime_ns,
    ):
        return stamp["data"]
    import hashlib  # OpenSSL, ~2 ms: only for a pack whose file changed since its stamp

    digest = hashlib.sha256(raw).hexdigest()
    if stamp.get("sha256") == digest:
        data = stamp["data"]  # touched, not changed
    else:
        data = parse_pack_text(text, str(path))
    if stamp_path is not None:
        record = {
            "path": str(path.resolve()),
            "size": stat.st_size,
            "mtime_ns": stat.st_mtime_ns,
            "sha256": digest,
            "data": data,
            "data_crc32": _data_digest(data),
        }
        try:
            stamp_path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(stamp_path, json.dumps(record, ensure_ascii=False).encode("utf-8"), durable=False)
        except OSError:
            pass  # a read-only cache only costs speed
    return data


def _data_digest(data: Any) -> str:
    """The checksum of validated data as cached: an entry whose data was changed
    by hand (a rule option ``max: four``) no longer matches, and is validated again.
    A CRC-32 (as the catalogue cache's): it catches edits, not forgeries, and
    spares each run importing hashlib (OpenSSL, ~2 ms of start-up)."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return f"{zlib.crc32(canonical.encode('utf-8', 'surrogatepass')):08x}"


def _validation_stamp(path: Path) -> Path | None:
    folder = validation_cache("validated-packs")
    if folder is None:
        return None
    # One entry per pack file, named after it.
    return folder / f"{path.stem}-{zlib.crc32(str(path.resolve()).encode()):08x}.json"


def _build(data: Mapping[str, Any], path: str, parent: Pack | None) -> Pack:
    rules: list[RuleSpec] = list(parent.rules) if parent else []
    removed = set(data.get("remove", ()))
    unknown = removed - {r.id for r in rules}
    if unknown:
        raise PackError(
            f"'remove' names rules that '{parent.name if parent else '(none)'}' does not have: "
            f"{', '.join(sorted(unknown))}",
            path=path,
        )
    rules = [r for r in rules if r.id not in removed]
    if data.get("amend"):  # deckcheck.packs.amend: inherited rules changed by id
        try:
            rules = amend(rules, data, parent.name if parent else "")
        except AmendError as error:
            raise PackError(f"amend[{error.index}]: {error}", path=path) from None
    for raw in data.get("rules", ()):
        spec = RuleSpec(
            id=raw.get("id", raw["kind"]),
            kind=raw["kind"],
            options={k: v for k, v in raw.items() if k not in COMMON_RULE_KEYS},
            severity=Severity(raw.get("severity", "error")),
            description=raw.get("description", ""),
        )
        index = next((i for i, r in enumerate(rules) if r.id == spec.id), None)
        if index is None:
            rules.append(spec)
        else:
            rules[index] = spec
    options = {**(parent.options if parent else {}), **data.get("options", {})}
    return Pack(
        name=data["name"],
        description=data.get("description", parent.description if parent else ""),
        rules=tuple(rules),
        path=path,
        options=options,
        chain=(data["name"],) + (parent.chain if parent else ()),
    )


def dump_schema() -> str:
    return json.dumps(pack_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
