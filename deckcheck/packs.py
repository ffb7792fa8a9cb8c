"""Format packs: YAML files that say which rules a format uses.

A pack is data, validated by a JSON Schema assembled from the rule kinds'
option schemas (``deckcheck/schemas/pack.schema.json`` is the committed copy;
a test keeps it equal to :func:`pack_schema`)::

    name: expanded
    description: Black & White onward, with the official ban list.
    extends: unlimited          # inherit every rule, then override by id
    remove: [some-rule-id]      # drop inherited rules
    rules:
      - id: banned
        kind: banned
        cards: [...]

Errors name the file, the path inside the pack and the line.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from deckcheck.datafiles import dates_as_text, validation_cache
from deckcheck.model import Severity
from deckcheck.rules.base import RuleSpec

COMMON_RULE_KEYS = ("id", "kind", "severity", "description")
PACK_SUFFIXES = (".yaml", ".yml")


class PackError(Exception):
    """A pack that cannot be used: unknown name, bad YAML, schema violation."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        self.path = path
        self.line = line
        where = path or ""
        if path and line:
            where = f"{path}:{line}"
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True, slots=True)
class Pack:
    name: str
    description: str
    rules: tuple[RuleSpec, ...]
    path: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    chain: tuple[str, ...] = ()  # this pack and the packs it extends, nearest first

    def rule(self, rule_id: str) -> RuleSpec | None:
        return next((r for r in self.rules if r.id == rule_id), None)


# -- where packs live ------------------------------------------------------

def builtin_pack_dir() -> Path:
    """The shipped packs: ``deckcheck/formats`` in a wheel, ``formats/`` in a checkout."""
    package = Path(__file__).resolve().parent
    installed = package / "formats"
    if installed.is_dir():
        return installed
    return package.parent / "formats"


def pack_dirs(extra: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Folders searched for a pack name: the user's folders first, then the shipped packs."""
    return [Path(p) for p in extra] + [builtin_pack_dir()]


def available_packs(extra: Sequence[str | os.PathLike[str]] = ()) -> dict[str, Path]:
    """Every pack name that can be used, with its file (earlier folders win)."""
    found: dict[str, Path] = {}
    for folder in pack_dirs(extra):
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix in PACK_SUFFIXES and path.stem not in found:
                found[path.stem] = path
    return found


def find_pack(name: str, extra: Sequence[str | os.PathLike[str]] = ()) -> Path:
    """A pack given by name (``expanded``) or by path (``my/pack.yaml``)."""
    if name.endswith(PACK_SUFFIXES) or os.sep in name or "/" in name:
        path = Path(name)
        if not path.is_file():
            raise PackError(f"format pack file not found: {name}")
        return path
    packs = available_packs(extra)
    if name in packs:
        return packs[name]
    from deckcheck.suggest import closest_names

    close = closest_names(name, {n: n for n in packs}, 3)
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    raise PackError(f"unknown format '{name}'. Known formats: {', '.join(sorted(packs))}.{hint}")


# -- the schema ------------------------------------------------------------

def pack_schema() -> dict[str, Any]:
    """The JSON Schema of a pack, assembled from the rule kinds' option schemas."""
    from deckcheck.rules import KINDS
    from deckcheck.selectors import SELECTOR_SCHEMA

    common = {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "kind": {"enum": sorted(KINDS)},
        "severity": {"enum": [s.value for s in Severity]},
        "description": {"type": "string"},
    }
    branches = []
    for name in sorted(KINDS):
        options = dict(KINDS[name].options_schema.get("properties", {}))
        branches.append({
            "if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
            "then": {
                "properties": {**{k: True for k in common}, **options},
                "required": list(KINDS[name].options_schema.get("required", [])),
                "additionalProperties": False,
            },
        })
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://deckcheck.invalid/schemas/pack.schema.json",
        "title": "deckcheck format pack",
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "rules"],
        "properties": {
            "name": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
            "description": {"type": "string"},
            "extends": {"type": "string"},
            "remove": {"type": "array", "items": {"type": "string"}},
            "options": {"$ref": "#/$defs/options"},
            "rules": {"type": "array", "items": {"$ref": "#/$defs/rule"}},
        },
        "$defs": {
            "selector": SELECTOR_SCHEMA,
            "options": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    # RULES.md decision 10: before Diamond & Pearl, Darkness and
                    # Metal Energy were Special cards only.
                    "special_darkness_metal": {"type": "boolean"},
                },
            },
            "rule": {
                "type": "object",
                "required": ["kind"],
                "properties": common,
                "allOf": branches,
            },
        },
    }


# -- loading ---------------------------------------------------------------

def _yaml_loader():
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _line_of(node: Any, path: Iterable[Any]) -> int | None:
    """The 1-based line of the YAML node at ``path`` (keys and indexes), or of
    the deepest node on the way that exists."""
    import yaml

    line = node.start_mark.line + 1 if node is not None else None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            nxt = next((v for k, v in node.value if k.value == step), None)
            if nxt is None:
                break
            node = nxt
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            break
        line = node.start_mark.line + 1
    return line


def _format_path(path: Iterable[Any]) -> str:
    parts = []
    for step in path:
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return "".join(parts).lstrip(".") or "(top level)"


def parse_pack_text(text: str, path: str) -> dict[str, Any]:
    """Load and validate one pack file's YAML; raises PackError with a line."""
    import yaml

    try:
        node = yaml.compose(text, Loader=_yaml_loader())
        data = yaml.load(text, Loader=_yaml_loader())
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise PackError(f"invalid YAML: {problem}", path=path, line=mark.line + 1 if mark else None) from None
    if not isinstance(data, dict):
        raise PackError("a format pack must be a YAML mapping with 'name' and 'rules'", path=path, line=1)
    data = dates_as_text(data)
    errors = validate_pack_data(data)
    if errors:
        first_path, message = errors[0]
        raise PackError(f"{_format_path(first_path)}: {message}", path=path, line=_line_of(node, first_path))
    return data


def validate_pack_data(data: Mapping[str, Any]) -> list[tuple[list[Any], str]]:
    """Schema errors of a pack as (path, message), most specific first."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    validator = Draft202012Validator(_compiled_schema())
    errors = list(validator.iter_errors(data))
    if not errors:
        return []
    ordered = sorted(errors, key=lambda e: (-len(e.absolute_path), str(e.message)))
    best = best_match(errors)
    result = [(list(best.absolute_path), best.message)]
    result += [(list(e.absolute_path), e.message) for e in ordered if e is not best]
    return result


@lru_cache(maxsize=1)
def _compiled_schema() -> dict[str, Any]:
    return pack_schema()


_CACHE: dict[tuple, Pack] = {}


def load_pack(name: str, extra_dirs: Sequence[str | os.PathLike[str]] = ()) -> Pack:
    """Load a pack by name or path, following ``extends:``."""
    return _load(find_pack(name, extra_dirs), tuple(str(d) for d in extra_dirs), ())


def _load(path: Path, extra_dirs: tuple[str, ...], seen: tuple[str, ...]) -> Pack:
    try:
        stat = path.stat()
        raw = path.read_bytes()
    except OSError as error:
        raise PackError(f"cannot read format pack: {error.strerror}", path=str(path)) from None
    cache_key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns, extra_dirs)
    if cache_key in _CACHE:
        return _CACHE[cache_key]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PackError("format pack is not UTF-8 text", path=str(path)) from None
    data = _validated_data(raw, text, path, stat)
    name = data["name"]
    if name in seen:
        raise PackError(f"'extends' loops back to '{name}' ({' -> '.join(seen + (name,))})", path=str(path))
    parent: Pack | None = None
    if data.get("extends"):
        parent_path = find_pack(data["extends"], extra_dirs)
        parent = _load(parent_path, extra_dirs, seen + (name,))
    pack = _build(data, str(path), parent)
    _CACHE[cache_key] = pack
    return pack


def _validated_data(raw: bytes, text: str, path: Path, stat: os.stat_result) -> dict[str, Any]:
    """Parse and validate, or reuse the result for content validated before.

    YAML parsing and schema validation (jsonschema) are slow to import, so a
    validated pack is kept in the user cache as JSON with the SHA-256 of its
    bytes. As for Python's bytecode cache, an unchanged size and modification
    time reuse it at once; when they changed, the content hash decides whether
    the pack must be validated again.
    """
    stamp_path = _validation_stamp(path)
    stamp: dict[str, Any] = {}
    if stamp_path is not None:
        try:
            stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stamp = {}  # not cached yet, or a damaged entry: validate again
    if (isinstance(stamp, dict) and isinstance(stamp.get("data"), dict)
            and stamp.get("path") == str(path.resolve())
            and (stamp.get("size"), stamp.get("mtime_ns")) == (stat.st_size, stat.st_mtime_ns)):
        return stamp["data"]
    import hashlib

    digest = hashlib.sha256(raw).hexdigest()
    if isinstance(stamp, dict) and stamp.get("sha256") == digest and isinstance(stamp.get("data"), dict):
        data = stamp["data"]  # touched, not changed
    else:
        data = parse_pack_text(text, str(path))
    if stamp_path is not None:
        record = {"path": str(path.resolve()), "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
                  "sha256": digest, "data": data}
        try:
            stamp_path.parent.mkdir(parents=True, exist_ok=True)
            temporary = stamp_path.with_name(f"{stamp_path.name}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            os.replace(temporary, stamp_path)
        except OSError:
            pass  # a read-only cache only costs speed
    return data


def _validation_stamp(path: Path) -> Path | None:
    import zlib

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
        raise PackError(f"'remove' names rules that '{parent.name if parent else '(none)'}' does not have: "
                        f"{', '.join(sorted(unknown))}", path=path)
    rules = [r for r in rules if r.id not in removed]
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
