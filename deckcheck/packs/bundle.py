"""Rules between releases: a bundle of format packs that ``deckcheck formats update`` installs.

A ban, a set's legal day or a rotation announced after a release reaches users as a *rules
bundle*: one JSON document holding the packs that changed and the day they were published,
named with its SHA-256 by an *index* beside it (docs/formats.md, "Rules between releases")::

    index.json   {"deckcheck_rules_index": 1, "released": "2027-03-15",
                  "bundle": "rules-2027-03-15.json", "sha256": "<64 hex digits>"}
    rules-2027-03-15.json
                 {"deckcheck_rules": 1, "released": "2027-03-15",
                  "packs": {"standard": "<the pack's YAML>", ...}}

What :func:`update_rules` guarantees:

* **Verified before use.** The bundle's bytes must have the SHA-256 the index names (or the
  one given with ``--sha256``): a changed byte is refused. Every pack of it must pass the pack
  schema and load (``extends`` resolved among the bundle's packs, then the shipped ones).
* **Never older rules over newer ones** without ``allow_older``: a bundle published before the
  one installed, or before the packs of this deckcheck were, is refused (before it is
  downloaded); an installed bundle older than the shipped packs (deckcheck was upgraded since)
  is not used (:func:`installed_rules`).
* **Installed atomically.** The packs are written to a folder of their own beside the
  installed ones, then one rename of the small ``installed.json`` that names the folder puts
  them in use; a failure or Ctrl-C before it leaves the installed rules as they were, and a
  check running meanwhile reads the old folder or the new one whole. Updates are serialised
  with the card database's lock (a ``flock`` on the folder).
* **Offline the installed rules serve**: checks read the files on disk, never the network.

:func:`installed_rules` is what every check asks (through ``pack_dirs``): it reads one small
file, no more, so a check's start-up does not grow.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urljoin

from deckcheck import atomic
from deckcheck.carddb import http
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.http import decode_json
from deckcheck.carddb.update import database_lock
from deckcheck.errors import DeckcheckError
from deckcheck.packs.info import known_until
from deckcheck.packs.installed import POINTER, is_day, pointer, rules_folder, rules_home, used
from deckcheck.packs.installed import shipped_release as released
from deckcheck.packs.loading import PACK_SUFFIXES, PackError, builtin_pack_dir, load_pack, parse_pack_text

BUNDLE_FORMAT = 1
# The project has no public home yet (as the schemas' $id); --url or rules_url: name a mirror.
DEFAULT_RULES_URL = "https://deckcheck.invalid/rules/index.json"
# An index is a few hundred bytes; every pack of deckcheck together is about 200 kB.
MAX_INDEX_BYTES = 64 * 1024
MAX_BUNDLE_BYTES = 8 * 1024 * 1024
MAX_PACKS = 200
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_SHA256 = re.compile(r"[0-9a-f]{64}")


class RulesError(DeckcheckError):
    """A rules bundle that cannot be installed: unreachable, changed, older, broken (one line)."""


class InstalledRules(NamedTuple):
    """The rules bundle installed in the user's data folder (``installed.json``)."""

    folder: Path  # the bundle's packs
    released: str  # the day the bundle was published (ISO)
    sha256: str  # of the bundle's bytes
    url: str  # the index it came from
    installed_at: str
    allow_older: bool  # installed with --allow-older: used even where older than the shipped packs
    packs: tuple[str, ...]


def installed_rules() -> InstalledRules | None:
    """The installed bundle, whether checks use it or not (None: none, or one that cannot be read)."""
    data = pointer()
    if data is None:
        return None
    try:
        return InstalledRules(
            folder=data["folder"],
            released=str(data["released"]),
            sha256=str(data["sha256"]),
            url=str(data["url"]),
            installed_at=str(data["installed_at"]),
            allow_older=bool(data.get("allow_older", False)),
            packs=tuple(str(name) for name in data["packs"]),
        )
    except (KeyError, TypeError):
        return None


def shipped_release() -> str:
    """The day the packs of this deckcheck were published."""
    return released(builtin_pack_dir())


def in_use(rules: InstalledRules | None) -> bool:
    """Whether checks use the installed bundle ``rules``."""
    return rules is not None and used(
        {"released": rules.released, "allow_older": rules.allow_older}, builtin_pack_dir()
    )


# -- the bundle and its index ----------------------------------------------------------------


class Bundle(NamedTuple):
    released: str
    packs: Mapping[str, str]  # name -> the pack's YAML text


class Index(NamedTuple):
    released: str
    bundle: str  # its URL
    sha256: str


def make_bundle(released: str, packs: Mapping[str, str]) -> bytes:
    """The bytes of a bundle of ``packs`` (name -> YAML text) published on ``released``."""
    return (
        json.dumps({"deckcheck_rules": BUNDLE_FORMAT, "released": released, "packs": dict(packs)}, indent=1) + "\n"
    ).encode()


def make_index(released: str, bundle: str, sha256: str) -> bytes:
    """The bytes of an index naming the bundle at ``bundle`` (a URL, or a path beside the index)."""
    data = {"deckcheck_rules_index": BUNDLE_FORMAT, "released": released, "bundle": bundle, "sha256": sha256}
    return (json.dumps(data, indent=1) + "\n").encode()


def read_index(data: Any, url: str) -> Index:
    if not isinstance(data, Mapping) or data.get("deckcheck_rules_index") != BUNDLE_FORMAT:
        raise RulesError(f"{url} is no index of deckcheck rules (version {BUNDLE_FORMAT})")
    released, bundle, digest = data.get("released"), data.get("bundle"), data.get("sha256")
    if not isinstance(released, str) or not is_day(released):
        raise RulesError(f"{url}: 'released' must be a day (YYYY-MM-DD), not {released!r}")
    if not isinstance(bundle, str) or not bundle:
        raise RulesError(f"{url}: 'bundle' must name the bundle's file")
    if not isinstance(digest, str) or not _SHA256.fullmatch(digest.lower()):
        raise RulesError(f"{url}: 'sha256' must be 64 hexadecimal digits")
    return Index(released, urljoin(url, bundle), digest.lower())


def read_bundle(data: bytes, url: str) -> Bundle:
    """The bundle in ``data``; RulesError for anything else (every pack checked by the schema)."""
    try:
        raw = decode_json(data, url)
    except DatabaseError as error:
        raise RulesError(str(error)) from None
    if not isinstance(raw, Mapping) or raw.get("deckcheck_rules") != BUNDLE_FORMAT:
        raise RulesError(f"{url} is no bundle of deckcheck rules (version {BUNDLE_FORMAT})")
    released, packs = raw.get("released"), raw.get("packs")
    if not isinstance(released, str) or not is_day(released):
        raise RulesError(f"{url}: 'released' must be a day (YYYY-MM-DD), not {released!r}")
    if not isinstance(packs, Mapping) or not packs or len(packs) > MAX_PACKS:
        raise RulesError(f"{url}: 'packs' must map 1 to {MAX_PACKS} pack names to their YAML")
    for name, text in packs.items():
        if not isinstance(name, str) or not _NAME.fullmatch(name) or not isinstance(text, str):
            raise RulesError(f"{url}: the pack {name!r} is no name with its YAML text")
        try:
            parsed = parse_pack_text(text, f"{name}.yaml")
        except PackError as error:
            raise RulesError(f"{url}: the pack {name} cannot be used by this deckcheck: {error}") from None
        if parsed["name"] != name:
            raise RulesError(f"{url}: the pack {name} calls itself {parsed['name']!r}")
    return Bundle(released, dict(packs))


def write_bundle(folder: Path, released: str, names: Sequence[str], out: Path) -> tuple[Path, Path, str]:
    """Write the bundle of the packs ``names`` of ``folder`` (every pack of it when empty) and its
    index into ``out``: (the bundle, the index, its SHA-256). The packs are checked as an
    update checks them."""
    import hashlib

    if not is_day(released):
        raise RulesError(f"the day a bundle is published must be YYYY-MM-DD, not {released!r}")
    files = {path.stem: path for path in sorted(folder.iterdir()) if path.suffix in PACK_SUFFIXES}
    chosen = list(names) or list(files)
    unknown = [name for name in chosen if name not in files]
    if unknown:
        raise RulesError(f"{folder} has no pack {', '.join(unknown)}")
    try:
        data = make_bundle(released, {name: files[name].read_text(encoding="utf-8") for name in chosen})
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"cannot read the packs of {folder}: {error}") from None
    _check_loads(read_bundle(data, str(folder)))
    out.mkdir(parents=True, exist_ok=True)
    bundle = out / f"rules-{released}.json"
    index = out / "index.json"
    digest = hashlib.sha256(data).hexdigest()
    atomic.write_atomically(bundle, data)
    atomic.write_atomically(index, make_index(released, bundle.name, digest))
    return bundle, index, digest


# -- installing ------------------------------------------------------------------------------


class Outcome(NamedTuple):
    status: str  # "installed", "updated" or "unchanged"
    rules: InstalledRules
    previous: InstalledRules | None
    known_until: Mapping[str, str | None]  # each pack of the bundle: the last day it knows


def update_rules(url: str, *, sha256: str | None = None, allow_older: bool = False, timeout: float = 30.0) -> Outcome:
    """Fetch the index at ``url``, then the bundle it names, verify and install it (see the module)."""
    import hashlib

    pinned = sha256.strip().lower() if sha256 is not None else None
    if pinned is not None and not _SHA256.fullmatch(pinned):
        raise RulesError(f"--sha256 must be 64 hexadecimal digits, not {sha256!r}")
    try:
        if http.check_url(url) == "file":
            raise RulesError(f"cannot fetch rules from {url}: only http and https URLs are supported")
        http.check_timeout(timeout)
        deadline = http.Deadline.after(http.download_deadline(timeout))
        raw_index, _ = http.with_retries(
            lambda: http.fetch_json(
                url,
                timeout=timeout,
                within=timeout,
                deadline=deadline,
                max_bytes=MAX_INDEX_BYTES,
                what="the rules index",
            ),
            retries=2,
            deadline=deadline,
        )
        index = read_index(raw_index, url)
        expected = pinned or index.sha256
        if pinned is not None and pinned != index.sha256:
            raise RulesError(f"the index names the bundle's SHA-256 {index.sha256}, not the {pinned} given")
        previous = installed_rules()
        _refuse_older(index.released, expected, previous, allow_older)
        if previous is not None and previous.sha256 == expected and in_use(previous):
            return Outcome("unchanged", previous, previous, _known_until(previous.folder, previous.packs))
        check_url_scheme = http.check_url(index.bundle)
        if check_url_scheme == "file":
            raise RulesError(f"cannot fetch rules from {index.bundle}: only http and https URLs are supported")
        parts: list[bytes] = []

        def fetch_bundle() -> Any:
            parts.clear()
            return http.fetch(
                index.bundle,
                parts.append,
                timeout=timeout,
                within=timeout,
                deadline=deadline,
                max_bytes=MAX_BUNDLE_BYTES,
                what="the rules bundle",
            )

        http.with_retries(fetch_bundle, retries=2, deadline=deadline)
    except DatabaseError as error:
        raise RulesError(str(error)) from None
    data = b"".join(parts)
    digest = hashlib.sha256(data).hexdigest()
    if digest != expected:
        raise RulesError(
            f"verification failed: the bundle {index.bundle} has the SHA-256 {digest}, not {expected}; "
            "it was changed on the way or on the server, and nothing was installed"
        )
    bundle = read_bundle(data, index.bundle)
    if bundle.released != index.released:
        raise RulesError(f"the bundle says it was published on {bundle.released}, its index {index.released}")
    return _install(bundle, digest, url, previous, allow_older)


def _refuse_older(released: str, digest: str, previous: InstalledRules | None, allow_older: bool) -> None:
    if allow_older:
        return
    if previous is not None and in_use(previous) and previous.sha256 != digest and released <= previous.released:
        raise RulesError(
            f"the rules offered ({released}) are not newer than those installed ({previous.released}); "
            "nothing was installed (--allow-older installs them anyway)"
        )
    if released < shipped_release():
        raise RulesError(
            f"the rules offered ({released}) are older than the packs of this deckcheck ({shipped_release()}); "
            "nothing was installed (--allow-older installs them anyway)"
        )


def _check_loads(bundle: Bundle) -> None:
    """Every pack of ``bundle`` loads (its ``extends`` among the bundle's packs, then the
    shipped ones), written into a temporary folder."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="deckcheck-rules-") as folder:
        _write_packs(Path(folder), bundle)
        _load_all(Path(folder), bundle)


def _write_packs(folder: Path, bundle: Bundle) -> None:
    for name, text in bundle.packs.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def _load_all(folder: Path, bundle: Bundle) -> None:
    for name in bundle.packs:
        try:
            load_pack(str(folder / f"{name}.yaml"))
        except PackError as error:
            raise RulesError(f"the pack {name} of the bundle cannot be used: {error.message}") from None


def _install(bundle: Bundle, digest: str, url: str, previous: InstalledRules | None, allow_older: bool) -> Outcome:
    import tempfile

    home = rules_home()
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RulesError(f"cannot create {home}: {error.strerror or error}") from None
    with database_lock(home / POINTER):
        name = f"{bundle.released}-{digest[:12]}"
        try:
            staging = Path(tempfile.mkdtemp(prefix=".new-", dir=home))
        except OSError as error:
            raise RulesError(f"cannot write in {home}: {error.strerror or error}") from None
        try:
            _write_packs(staging, bundle)
            _load_all(staging, bundle)
            for path in staging.iterdir():
                atomic.fsync_path(path)
            target = home / name
            if target.exists():  # the same bundle again (its files are the same bytes)
                shutil.rmtree(target)
            os.replace(staging, target)
            pointer = {
                "folder": name,
                "released": bundle.released,
                "sha256": digest,
                "url": url,
                "installed_at": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
                "allow_older": allow_older,
                "packs": sorted(bundle.packs),
            }
            atomic.write_atomically(home / POINTER, (json.dumps(pointer, indent=1) + "\n").encode())
        except OSError as error:
            raise RulesError(f"cannot install the rules in {home}: {error.strerror or error}") from None
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        _remove_others(home, keep={name, previous.folder.name if previous else name})
    rules = installed_rules()
    assert rules is not None
    return Outcome("updated" if previous else "installed", rules, previous, _known_until(rules.folder, rules.packs))


def _remove_others(home: Path, keep: set[str]) -> None:
    """Bundles older than the one before (a check may still be reading that one)."""
    for path in home.iterdir():
        if path.is_dir() and path.name not in keep and not path.name.startswith("."):
            shutil.rmtree(path, ignore_errors=True)


def _known_until(folder: Path, names: Sequence[str]) -> dict[str, str | None]:

    found: dict[str, str | None] = {}
    for name in names:
        try:
            found[name] = known_until(load_pack(str(folder / f"{name}.yaml")))
        except PackError:
            found[name] = None
    return found


def origin_of(path: str | os.PathLike[str]) -> str:
    """Where a pack file comes from: ``bundle`` (the rules bundle in use), ``shipped`` or ``own``."""
    folder = Path(path).resolve().parent
    bundle = rules_folder(builtin_pack_dir())
    if bundle is not None and folder == bundle.resolve():
        return "bundle"
    if folder == builtin_pack_dir().resolve():
        return "shipped"
    return "own"
