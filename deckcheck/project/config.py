"""Project configuration: finding, reading and validating it, and the settings of a run.

A project configures deckcheck in ``[tool.deckcheck]`` of ``pyproject.toml``
or in ``.deckcheck.yaml``. A deck's file is found by walking up from the deck's
folder (as ruff, yamllint and editorconfig find theirs), the run's from
the working directory (:class:`ConfigFinder`); the nearest folder that has one
wins, and a folder with two of them is an error (two sources of truth would
silently disagree). The file is validated against
``deckcheck/schemas/config.schema.json``; a bad key names the file, the key path
and the line.

The command line beats the file, the file beats the defaults
(:func:`settings`). Which files of a tree are decks, by these settings, is
:mod:`deckcheck.project.discover`'s; the patterns are :mod:`deckcheck.project.patterns`'.

Nothing here prints or exits: problems are :class:`ConfigError`.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import datetime as dt
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from deckcheck.datafiles import (
    YAML_VALUE_ERRORS,
    dates_as_text,
    schema_problems,
    validation_cache,
    yaml_line,
    yaml_loader,
)
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase
from deckcheck.parse.shape import STDIN
from deckcheck.project.patterns import PatternSet, gitignore_match, pattern_problem, relative_to

YAML_NAMES = (".deckcheck.yaml", ".deckcheck.yml")
PYPROJECT = "pyproject.toml"
TOOL_TABLE = "tool.deckcheck"
# What a folder holds that is a deck when the configuration has no ``include``
# (README "Checking decks"); deckcheck.parse.files reads .yaml/.yml/.json as structured decks.
DECK_SUFFIXES = (".txt", ".yaml", ".yml", ".json")
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "config.schema.json"
_PACK_SUFFIXES = (".yaml", ".yml")

# (key path, line) -> line number, for error messages
Locator = Callable[[Sequence[Any], bool], "int | None"]


class ConfigError(DeckcheckError):
    """A configuration file that cannot be used; the message names file and line."""


class Override(NamedTuple):
    """Settings for the decks matching ``paths`` (patterns relative to the config's folder)."""

    paths: tuple[str, ...]
    format: str | None = None
    date: str | None = None


class Config(NamedTuple):
    """What a configuration file says; every path in it made absolute against ``root``."""

    source: Path | None = None  # the file read; None when no file configures deckcheck
    root: Path = Path(".")  # the folder patterns and relative paths are relative to
    format: str | None = None
    date: str | None = None
    packs: tuple[Path, ...] = ()
    db: Path | None = None
    db_source: str | None = None  # the card sources db update reads without --source
    rules_url: str | None = None  # the rules index formats update fetches without --url
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    overrides: tuple[Override, ...] = ()
    output: str | None = None
    fail_on: str | None = None

    @property
    def label(self) -> str:
        return str(self.source) if self.source else "(no configuration file)"

    def relative(self, path: str | os.PathLike[str]) -> str | None:
        """``path`` relative to the config's folder, with forward slashes; None when outside it."""
        return relative_to(os.path.abspath(path), os.path.abspath(self.root))


# -- finding the file --------------------------------------------------------


def find_config_file(start: Path) -> Path | None:
    """The nearest configuration file in ``start`` or a folder above it, up to the root of the
    repository ``start`` is in (the folder holding ``.git``): a repository's decks are not
    configured by a file in a folder that holds the repository, such as the user's HOME."""
    folder = Path(os.path.abspath(start))
    for candidate_folder in (folder, *folder.parents):
        found = _config_in(candidate_folder)
        if found is not None:
            return found
        if (candidate_folder / ".git").exists():
            break
    return None


def _config_in(folder: Path) -> Path | None:
    """The configuration file of ``folder`` itself, if it has one. A ``.deckcheck.yaml`` that is
    there but no regular file (a link to nothing, a FIFO, a folder) is found too, and reading it
    stops the run (docs/configuration.md): passed over, the deck silently got the configuration
    of a folder above. (A ``pyproject.toml`` that cannot be read says nothing to deckcheck.)"""
    found = [folder / name for name in YAML_NAMES if os.path.lexists(folder / name)]
    pyproject = folder / PYPROJECT
    if _is_file(pyproject) and _configures_deckcheck(pyproject):
        found.append(pyproject)
    if len(found) > 1:
        names = " and ".join(p.name for p in found)
        raise ConfigError(
            # TRANSLATORS: {files} are configuration files: ".deckcheck.yaml and pyproject.toml".
            Phrase(N_("{files} both configure deckcheck in this folder; keep one of them"), files=names),
            path=found[0],
        )
    return found[0] if found else None


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False where the system cannot say (a path too long, a folder
    that cannot be entered): a deck's folder is searched too, not only the working one."""
    try:
        return path.is_file()
    except OSError:
        return False


def _may_configure(text: str) -> bool:
    """Whether a pyproject.toml's text may hold the deckcheck table, by its table headers and
    keys alone: ``[tool.deckcheck]``, ``[[tool.deckcheck.overrides]]``, ``[tool]`` then
    ``deckcheck = {...}`` or ``deckcheck.format = ...``, a top-level ``tool.deckcheck.format``
    or ``tool = {deckcheck = ...}``. Only then is the file parsed (tomllib), so that a deck in
    a Python project whose pyproject.toml only names deckcheck (a dependency, a script) costs
    no parse: each deck's folder is searched upward, and the parse was 0.08 x the
    instructions of ``import typer`` of the start-up budget (bench/run.py). A text with a
    multi-line string, whose lines this scan could misread, is always parsed."""
    if "deckcheck" not in text:
        return False
    if '"""' in text or "'''" in text:
        return True
    table = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            # "[tool.deckcheck]  # comment", "[[tool.deckcheck.overrides]]", "[ tool . 'deckcheck' ]"
            header = line.lstrip("[").split("]", 1)[0]
            table = header.replace(" ", "").replace("\t", "").replace('"', "").replace("'", "")
            if table == "tool.deckcheck" or table.startswith("tool.deckcheck."):
                return True
            continue
        key, equals, value = line.partition("=")
        if not equals or line.startswith("#"):
            continue
        key = key.replace(" ", "").replace("\t", "").replace('"', "").replace("'", "")
        path = f"{table}.{key}" if table else key
        if path == "tool.deckcheck" or path.startswith("tool.deckcheck."):
            return True
        if path == "tool" and "deckcheck" in value:
            return True
    return False


def _configures_deckcheck(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False  # not ours to judge; a pyproject.toml deckcheck cannot read says nothing to it
    if not _may_configure(text):
        return False
    return _toml_table(text, pyproject, required=False) is not None


def load_config(start: Path, *, explicit: Path | None = None) -> Config:
    """The configuration in force for a run started in ``start``.

    ``explicit`` (``--config PATH``) skips the search. Without a file the
    defaults are returned, rooted at ``start``."""
    path = explicit if explicit is not None else find_config_file(start)
    if path is None:
        return Config(root=Path(os.path.abspath(start)))
    return read_config_file(path)


class ConfigFinder:
    """The configuration of each folder: the nearest file in it or above it, up to
    its repository's root (:func:`find_config_file`), each file read once; a folder
    with none has ``fallback`` (the configuration of the working directory).
    Raises :class:`ConfigError` for a file that cannot be used."""

    def __init__(self, fallback: Config):
        self.fallback = fallback
        self._by_folder: dict[str, Config] = {}
        self._by_file: dict[Path, Config] = {} if fallback.source is None else {fallback.source: fallback}
        # What each configuration merges with the ones above it, worked out once per
        # configuration (chain) and once per folder (exclusion): a tree with a
        # configuration in each of N nested folders costs work linear in its paths, not N^3.
        self._chains: dict[int, tuple[Config, ...]] = {}
        self._exclude_sets: dict[int, tuple[PatternSet, ...]] = {}
        self.exclusions: dict[tuple[str, tuple[PatternSet, ...]], tuple[str, str] | None] = {}

    def __call__(self, folder: str) -> Config:
        # find_config_file's walk, each folder on the way remembered: a walk of a
        # tree asks once per folder, and a folder's answer is its parent's unless it has a file.
        current = os.path.abspath(folder)
        passed = []
        while True:
            found = self._by_folder.get(current)
            if found is not None:
                break
            passed.append(current)
            path = _config_in(Path(current))
            if path is not None:
                found = self._by_file.get(path)
                if found is None:
                    found = self._by_file[path] = read_config_file(path)
                break
            parent = os.path.dirname(current)
            if parent == current or os.path.exists(os.path.join(current, ".git")):
                found = self.fallback
                break
            current = parent
        for each in passed:
            self._by_folder[each] = found
        return found

    def found(self) -> tuple[Config, ...]:
        """The configuration files read so far, in the order they were met."""
        return tuple(self._by_file.values())

    def chain(self, folder: str) -> tuple[Config, ...]:
        """The configurations of ``folder`` and of each folder above it, nearest first, each
        once, up to its repository's root: a walk from a folder above meets their excludes
        and packs before this folder's."""
        return self._chain_of(self(folder))

    def exclude_sets(self, folder: str) -> tuple[PatternSet, ...]:
        """The ``exclude`` patterns of :meth:`chain`, nearest first."""
        nearest = self(folder)
        known = self._exclude_sets.get(id(nearest))
        if known is None:
            known = self._exclude_sets[id(nearest)] = tuple(
                PatternSet(os.path.abspath(config.root), config.exclude, config.label)
                for config in self._chain_of(nearest)
                if config.exclude
            )
        return known

    def _chain_of(self, config: Config) -> tuple[Config, ...]:
        known = self._chains.get(id(config))
        if known is not None:
            return known
        # The configurations from ``config`` up, each found once (a folder's chain is its
        # nearest configuration's, which is the configuration above it's plus itself).
        pending: list[Config] = []
        tail: tuple[Config, ...] = ()
        current = config
        while True:
            known = self._chains.get(id(current))
            if known is not None:
                tail = known
                break
            pending.append(current)
            if current.source is None:
                break  # no file up to the repository root
            folder = str(current.source.parent)
            parent = os.path.dirname(folder)
            if parent == folder or os.path.exists(os.path.join(folder, ".git")):
                break
            current = self(parent)
            if current is self.fallback:
                tail = (current,)  # no file up to the repository root: the fallback ends the chain
                break
        for each in reversed(pending):
            # The fallback ends every chain that reaches it, once: a chain from the fallback's
            # own folder meets it again above.
            tail = (each, *(tail[:-1] if tail and tail[-1] is each else tail))
            self._chains[id(each)] = tail
        return tail


def read_config_file(path: Path) -> Config:
    try:
        # Only a regular file is opened: opening a FIFO waits for a writer forever.
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            raise ConfigError(
                Phrase(N_("is not a regular file (a pipe, a device or a socket), not a configuration file")), path=path
            )
        raw = path.read_bytes()
    except IsADirectoryError:
        raise ConfigError(Phrase(N_("is a folder, not a configuration file")), path=path) from None
    except OSError as error:
        raise ConfigError(
            # TRANSLATORS: {reason} is the system's (English) reason: "No such file or directory".
            Phrase(N_("cannot read the configuration file: {reason}"), reason=error.strerror or str(error)),
            path=path,
        ) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConfigError(Phrase(N_("the configuration file is not UTF-8 text")), path=path) from None
    if path.suffix == ".toml":
        return parse_config(text, path, "toml")
    if path.suffix in (".yaml", ".yml"):
        return parse_config(text, path, "yaml")
    raise ConfigError(
        Phrase(N_("a configuration file is a .toml file with [tool.deckcheck] or a .yaml file")), path=path
    )


# -- reading and validating ----------------------------------------------------


def parse_config(text: str, path: Path, kind: str) -> Config:
    """Read one configuration file's text (``kind`` is ``"toml"`` or ``"yaml"``)."""
    if kind == "toml":
        data = _toml_table(text, path, required=True)
        locate = _toml_locator(text)
        prefix = TOOL_TABLE
    else:
        data, locate = _yaml_mapping(text, path)
        prefix = ""
    data = dates_as_text(data)
    import hashlib  # only when a configuration file exists

    digest = hashlib.sha256(f"{kind}\0{text}".encode()).hexdigest()
    if not _validated_before(digest):
        from jsonschema import Draft202012Validator  # slow to import: only for a text not validated before

        problems = schema_problems(data, Draft202012Validator(config_schema()))
        if problems:
            raise _problems_error(problems, path, locate, prefix)
        _remember_valid(digest)
    return _build(data, path, locate, prefix)


def _problems_error(problems, path: Path, locate: Locator, prefix: str) -> ConfigError:
    located = sorted(
        ((locate(p, is_key), p, message) for p, message, is_key in problems),
        key=lambda item: (item[0] or 0, _key_path(item[1], prefix)),
    )
    first_line = located[0][0]
    lines = []
    for index, (line, key_path, message) in enumerate(located):
        text = f"{_key_path(key_path, prefix)}: {message}"
        if index == 0:
            lines.append(text)
        else:
            where = f"{path}:{line}" if line else str(path)
            lines.append(f"{where}: {text}")
    return ConfigError("\n".join(lines), path=path, line=first_line)


def _key_path(steps: Iterable[Any], prefix: str = "") -> str:
    text = prefix
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text or "(top level)"


@lru_cache(maxsize=1)
def config_schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _validation_stamp(digest: str) -> Path | None:
    """A configuration whose exact text passed validation once is remembered
    by its SHA-256, as deckcheck.packs.loading does for packs: a run then imports no
    jsonschema. Measured with ``bench/caches.py`` (a check of one deck
    in a repository with a ``.deckcheck.yaml``): the stamp saves 127 ms of CPU time
    per run (quartiles 104-147 ms, on a shared 2-core machine under load; budget to
    keep a start-up cache: 5 ms)."""
    folder = validation_cache("validated-configs")
    return folder / digest if folder is not None else None


def _validated_before(digest: str) -> bool:
    stamp = _validation_stamp(digest)
    try:
        return stamp is not None and stamp.exists()
    except OSError:  # a cache folder that became unusable: validate again
        return False


def _remember_valid(digest: str) -> None:
    stamp = _validation_stamp(digest)
    if stamp is None:
        return
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    except OSError:
        pass  # a read-only cache only costs speed


# -- TOML ----------------------------------------------------------------------

# Text, compiled by `re` when a pyproject.toml first fails to read (a check of a good one never does).
_TOML_ERROR_LINE = r"\(at line (\d+)"


def _toml_table(text: str, path: Path, *, required: bool) -> dict[str, Any] | None:
    import tomllib  # only where a pyproject.toml is read

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(_TOML_ERROR_LINE, str(error))
        raise ConfigError(
            # TRANSLATORS: {problem} is the TOML reader's own (English) message.
            Phrase(N_("invalid TOML: {problem}"), problem=str(error)),
            path=path,
            line=int(match.group(1)) if match else None,
        ) from None
    except RecursionError:  # tomllib recurses into each nested array or inline table
        raise ConfigError(Phrase(N_("invalid TOML: arrays or tables nested too deeply")), path=path) from None
    tool = document.get("tool")
    table = tool.get("deckcheck") if isinstance(tool, dict) else None
    if table is None:
        if required:
            raise ConfigError(Phrase(N_("has no [{table}] table"), table=TOOL_TABLE), path=path)
        return None
    if not isinstance(table, dict):
        raise ConfigError(
            Phrase(N_("{table} must be a table, like [{table}]"), table=TOOL_TABLE),
            path=path,
            line=_toml_locator(text)([], False),
        )
    return table


def _toml_locator(text: str) -> Locator:
    """tomllib keeps no positions: find a key's line by its ``key =`` text after
    the ``[tool.deckcheck`` header (good enough to point at the right line)."""
    lines = text.split("\n")
    header = re.compile(r"^\s*\[\[?\s*tool\.deckcheck\b")
    start = next((i for i, line in enumerate(lines) if header.match(line)), None)

    def locate(steps: Sequence[Any], is_key: bool) -> int | None:
        keys = [step for step in steps if isinstance(step, str)]
        if not keys:
            return start + 1 if start is not None else None
        pattern = re.compile(rf"(?:^|[\s{{,.])[\"']?{re.escape(keys[-1])}[\"']?\s*=")
        for number in range(start or 0, len(lines)):
            if pattern.search(lines[number]):
                return number + 1
        return start + 1 if start is not None else None

    return locate


# -- YAML ------------------------------------------------------------------------


def _yaml_error(error: Any, path: Path) -> ConfigError:
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    # TRANSLATORS: {problem} is the YAML reader's own (English) message.
    return ConfigError(
        Phrase(N_("invalid YAML: {problem}"), problem=problem), path=path, line=mark.line + 1 if mark else None
    )


def _yaml_mapping(text: str, path: Path) -> tuple[dict[str, Any], Locator]:
    import yaml  # a large import: only where a .deckcheck.yaml is read

    # Dates stay text: "2026-02-30" must become a message with a line, not a
    # ValueError from the date constructor.
    loader = yaml_loader()
    try:
        node = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as error:
        raise _yaml_error(error, path) from None
    try:
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError as error:
        raise _yaml_error(error, path) from None
    except YAML_VALUE_ERRORS as error:  # "!!int zz" and the like: the document parsed, a value did not
        raise ConfigError(
            Phrase(N_("invalid YAML: a value cannot be read ({error})"), error=str(error)), path=path
        ) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(
            Phrase(N_("the configuration must be a YAML mapping of keys such as format: and exclude:")),
            path=path,
            line=node.start_mark.line + 1 if node is not None else 1,
        )

    def locate(steps: Sequence[Any], is_key: bool) -> int | None:
        return yaml_line(node, steps, key=is_key)

    return data, locate


# -- building the Config ---------------------------------------------------------


def _build(data: Mapping[str, Any], path: Path, locate: Locator, prefix: str) -> Config:
    root = Path(os.path.abspath(path.parent))

    def checked_date(value: str | None, steps: list[Any]) -> str | None:
        if value is None:
            return None
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            raise ConfigError(
                Phrase(
                    N_("{key}: {value} is not a day of the calendar"), key=_key_path(steps, prefix), value=repr(value)
                ),
                path=path,
                line=locate(steps, False),
            ) from None
        return value

    def checked_patterns(values: Sequence[str], steps: list[Any]) -> tuple[str, ...]:
        patterns = tuple(values)
        problem = pattern_problem(patterns)
        if problem is not None:
            index, reason = problem
            where = steps + [index]
            raise ConfigError(
                Phrase(
                    N_("{key}: {value} is not a valid pattern: {reason}"),
                    key=_key_path(where, prefix),
                    value=repr(patterns[index]),
                    reason=reason,
                ),
                path=path,
                line=locate(where, False),
            )
        return patterns

    overrides = tuple(
        Override(
            paths=checked_patterns(item["paths"], ["overrides", index, "paths"]),
            format=_pack_reference(item.get("format"), root),
            date=checked_date(item.get("date"), ["overrides", index, "date"]),
        )
        for index, item in enumerate(data.get("overrides", ()))
    )
    return Config(
        source=Path(os.path.abspath(path)),
        root=root,
        format=_pack_reference(data.get("format"), root),
        date=checked_date(data.get("date"), ["date"]),
        packs=tuple(_absolute(p, root) for p in data.get("packs", ())),
        db=_absolute(data["db"], root) if data.get("db") else None,
        db_source=data.get("db_source"),
        rules_url=data.get("rules_url"),
        include=checked_patterns(data.get("include", ()), ["include"]),
        exclude=checked_patterns(data.get("exclude", ()), ["exclude"]),
        overrides=overrides,
        output=data.get("output"),
        fail_on=data.get("fail_on"),
    )


def _absolute(value: str, root: Path) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else root / path


def _pack_reference(value: str | None, root: Path) -> str | None:
    """A format is a pack name, or a pack file relative to the configuration."""
    if value is None:
        return None
    if value.endswith(_PACK_SUFFIXES) or "/" in value or os.sep in value:
        return str(_absolute(value, root))
    return value


# -- the command line on top of the file -------------------------------------------


class Settings(NamedTuple):
    """The configuration with the command line applied: what a run uses.

    ``config`` is the run's (the card database, the report, the formats loaded
    first); each deck has the configuration of its own folder (:meth:`config_of`)
    when ``find`` is given, else ``config`` too (``--config``, ``--no-config``)."""

    config: Config = Config()
    format: str | None = None  # --format: beats the deck's own format and every override
    date: str | None = None  # --date
    db: Path | None = None  # None: $DECKCHECK_DB or the user data directory
    output: str = "text"
    fail_on: str = "error"
    excludes: tuple[PatternSet, ...] = ()  # --exclude, relative to the working directory
    find: ConfigFinder | None = None

    def config_of(self, path: str) -> Config:
        """The configuration of the deck (or other file) at ``path``: its folder's."""
        if self.find is None:
            return self.config
        if path == STDIN:
            return self.find.fallback  # the working directory's, whatever the other paths' is
        return self.find(os.path.dirname(os.path.abspath(path)))

    def _chain(self, folder: str) -> tuple[Config, ...]:
        """The configurations of ``folder`` and of each folder above it, nearest first."""
        return (self.config,) if self.find is None else self.find.chain(os.path.abspath(folder))

    def configs(self) -> tuple[Config, ...]:
        """The run's configuration, then every other one met so far."""
        others = self.find.found() if self.find is not None else ()
        return (self.config, *(found for found in others if found != self.config))

    def format_for(self, deck_path: str, declared: str | None) -> str | None:
        """--format, else the deck's own format, else the last matching override,
        else the file's format; None leaves the choice to the caller's default."""
        if self.format:
            return self.format
        if declared:
            return declared
        config = self.config_of(deck_path)
        override = _override(config, deck_path, lambda o: o.format)
        return override.format if override else config.format

    def date_for(self, deck_path: str) -> str | None:
        if self.date:
            return self.date
        config = self.config_of(deck_path)
        override = _override(config, deck_path, lambda o: o.date)
        return override.date if override else config.date

    def packs_for(self, deck_path: str) -> tuple[Path, ...]:
        """The ``packs`` folders of the deck's configuration."""
        return self.config_of(deck_path).packs

    def _excludes(self, path: str, *, is_dir: bool) -> tuple[PatternSet, ...]:
        # A path is excluded by the configuration of the folder it is in, and by those above
        # it: a walk from above prunes the folder before a nested file is met.
        if path == STDIN:
            return self.excludes
        folder = os.path.dirname(os.path.abspath(path.rstrip("/\\") if is_dir else path))
        if self.find is not None:
            return (*self.find.exclude_sets(folder), *self.excludes)
        if self.config.exclude:
            return (
                PatternSet(os.path.abspath(self.config.root), self.config.exclude, self.config.label),
                *self.excludes,
            )
        return self.excludes

    def is_excluded(self, path: str, *, is_dir: bool = False) -> bool:
        return self.exclusion_of(path, is_dir=is_dir) is not None

    def exclusion_of(self, path: str, *, is_dir: bool = False) -> tuple[str, str] | None:
        """(the pattern, where it is written) that excludes ``path`` or a folder it is in, or None."""
        found = _deciding(path, is_dir, self._excludes(path, is_dir=is_dir))
        if found is not None or is_dir or path == STDIN:
            return found
        return self._folder_exclusion(os.path.dirname(path))

    def _folder_exclusion(self, folder: str) -> tuple[str, str] | None:
        """What excludes ``folder`` or a folder it is in (as far up as ``folder`` is written),
        each folder judged once a run: by the configurations above it, which are the ones of a
        file in it but its own (a configuration's patterns never match its own folder or one
        above). A repository's root and what is above it are judged by the patterns of the
        repository's own configurations (a configuration above a repository does not configure it)."""
        memo = self.find.exclusions if self.find is not None else None
        passed: list[tuple[str, tuple[PatternSet, ...]]] = []
        found: tuple[str, str] | None = None
        while folder and folder != os.path.dirname(folder):
            key = (folder, self.excludes)
            if memo is not None and key in memo:
                found = memo[key]
                break
            passed.append(key)
            if self.find is None or os.path.exists(os.path.join(folder, ".git")):
                sets = self._excludes(os.path.join(folder, "-"), is_dir=False)
                candidate: str = folder
                while candidate and candidate != os.path.dirname(candidate):
                    found = _deciding(candidate, True, sets)
                    if found is not None:
                        break
                    candidate = os.path.dirname(candidate)
                break
            found = _deciding(folder, True, self._excludes(folder, is_dir=True))
            if found is not None:
                break
            folder = os.path.dirname(folder)
        if memo is not None:
            for key in passed:
                memo[key] = found
        return found

    def in_packs_folder(self, path: str) -> bool:
        """Whether ``path`` (a folder) is a ``packs`` folder of its configuration or lies below one."""
        packs = [p for config in self._chain(path) for p in config.packs]
        return any(relative_to(os.path.abspath(path), os.path.abspath(p)) is not None for p in packs)

    def deck_files_in(self, folder: str) -> Callable[[str], bool]:
        """``path -> is_deck_file(path) and not is_excluded(path)`` for the files of ``folder``
        (each path a file in it, as ``os.path.join(folder, name)`` writes it): what the folder's
        files share (their configuration, the excludes in force, the folder's own exclusion)
        worked out once, as a walk asks of every file."""
        probe = os.path.join(folder, "-")  # a file of the folder
        if self._folder_exclusion(os.path.dirname(probe)) is not None:
            return lambda path: False
        sets = self._excludes(probe, is_dir=False)
        config = self.config_of(probe)
        include = config.include

        def deck_file(path: str) -> bool:
            if include and (relative := config.relative(path)) is not None:
                if not gitignore_match(include, relative):
                    return False
            elif os.path.splitext(path)[1].lower() not in DECK_SUFFIXES:
                return False
            return not sets or _deciding(path, False, sets) is None

        return deck_file

    def is_deck_file(self, path: str) -> bool:
        """Whether a file met in a folder is a deck: the ``include`` patterns of its
        configuration when it has them, else the deck suffixes."""
        config = self.config_of(path)
        if config.include:
            relative = config.relative(path)
            if relative is not None:
                return gitignore_match(config.include, relative)
        return os.path.splitext(path)[1].lower() in DECK_SUFFIXES


def _deciding(path: str, is_dir: bool, sets: Sequence[PatternSet]) -> tuple[str, str] | None:
    """(the pattern, where it is written) of the first of ``sets`` that excludes ``path`` itself."""
    absolute = os.path.abspath(path)
    for patterns in sets:
        pattern = patterns.deciding_pattern(absolute, is_dir=is_dir)
        if pattern is not None:
            return pattern, patterns.source
    return None


def _override(config: Config, deck_path: str, wanted: Callable[[Override], Any]) -> Override | None:
    if deck_path == STDIN or not config.overrides:
        return None
    relative = config.relative(deck_path)
    if relative is None:
        return None
    found = None
    for override in config.overrides:
        if wanted(override) is not None and gitignore_match(override.paths, relative):
            found = override  # the last matching override wins, as later lines do in .gitignore
    return found


def settings(
    config: Config,
    *,
    format: str | None = None,
    date: str | None = None,
    db: Path | None = None,
    output: str | None = None,
    fail_on: str | None = None,
    exclude: Sequence[str] = (),
    cwd: Path | None = None,
    environ: Mapping[str, str] | None = None,
    find: ConfigFinder | None = None,
) -> Settings:
    """Merge the command line (arguments not None) over the file over the defaults.

    ``$DECKCHECK_DB`` sits between the command line and the file: it is the
    user's choice for this shell, the file the project's default. ``find`` gives
    each deck the configuration of its folder (else ``config`` is every deck's)."""
    environ = os.environ if environ is None else environ
    if db is None and not environ.get("DECKCHECK_DB"):
        db = config.db
    excludes = []
    if exclude:
        problem = pattern_problem(tuple(exclude))
        if problem is not None:
            index, reason = problem
            raise ConfigError(
                Phrase(
                    N_("--exclude {value} is not a valid pattern: {reason}"), value=repr(exclude[index]), reason=reason
                )
            )
        # Patterns typed on the command line are relative to where they were typed.
        excludes.append(PatternSet(os.path.abspath(cwd or Path.cwd()), tuple(exclude), "--exclude"))
    return Settings(
        config=config,
        format=format,
        date=date,
        db=db,
        output=output or config.output or "text",
        fail_on=fail_on or config.fail_on or "error",
        excludes=tuple(excludes),
        find=find,
    )


def run_config(cwd: Path, paths: Sequence[str], find: ConfigFinder) -> Config:
    """The configuration of a run in ``cwd`` over ``paths``: the working directory's;
    without one, the one file every path given has, if they all have the same
    (``deckcheck check ../repo/decks/`` uses ``../repo``'s card database and report)."""
    if find.fallback.source is not None:
        return find.fallback
    sources = set()
    for path in paths:
        if path == STDIN or not os.path.lexists(path):
            continue
        folder = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
        sources.add(find(folder))
    if len(sources) == 1:
        return sources.pop()
    return find.fallback
