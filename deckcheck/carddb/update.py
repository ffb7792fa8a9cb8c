"""``deckcheck db update``: download the dataset archive and install it safely.

:func:`update_database` downloads the pokemontcg.io dataset zip (by default
the GitHub archive of ``PokemonTCG/pokemon-tcg-data``; any ``http(s)://`` or
``file://`` URL works, e.g. a mirror), checks it, imports it like
``db import`` and replaces the installed database with one rename.

What it guarantees:

* **Nothing changes unless everything worked.** The archive goes to a private
  temporary folder beside the database (same file system, so the final rename
  is atomic); the new database is built there, compared with the installed
  one, and only then renamed over it. A failure of any kind — offline, an HTTP
  error, a truncated transfer, a corrupt or unsafe archive (see
  :mod:`deckcheck.carddb.sqlite`), a failed ``sha256`` check, a dataset that
  shrank by more than :data:`SHRINK_TOLERANCE` (unless ``force``), Ctrl-C —
  raises :class:`~deckcheck.carddb.sqlite.DatabaseError` with one line (or
  lets ``KeyboardInterrupt`` through) and leaves the installed file exactly
  as it was, with the temporary folder removed.
* **A killed update is cleaned up by the next one.** SIGKILL or a power cut
  cannot run clean-up code, so the temporary folder (named after the
  process id) may remain; the next update or import removes temporary files
  whose process is gone (or that are a day old) before it starts.
* **One update at a time.** Updates of one database are serialised with an
  exclusive ``flock`` on ``<database>.lock`` (POSIX only: on Windows there is
  no lock and concurrent updates are not supported; the atomic rename still
  protects readers). A ``check`` reading the database meanwhile is never
  blocked and keeps reading the file it opened.
* **No needless imports.** The installed database records the URL, ETag,
  Last-Modified date and SHA-256 of its archive; the next update sends
  ``If-None-Match``/``If-Modified-Since`` and stops at ``304 Not Modified``
  (or when the archive downloaded has the same SHA-256), returning
  ``status == "unchanged"``.
* Connection errors, timeouts, truncated transfers and HTTP 5xx/429 are
  retried ``retries`` times with exponential back-off.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck.atomic import fsync_path
from deckcheck.carddb.build import (
    PhaseHook,
    build_database,
    clean_stale_temp_files,
    refuse_foreign_destination,
    refuse_special_destination,
    temp_prefix,
)
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.http import (  # noqa: F401
    MAX_DOWNLOAD_BYTES,
    Progress,
    check_timeout,
    check_url,
    download,
    download_deadline,
    valid_timeout,
)
from deckcheck.carddb.info import DatabaseInfo
from deckcheck.carddb.sources.merge import MergedSource, Regions
from deckcheck.carddb.sources.remote import (
    ALL,
    OPTIONAL_WITH_ALL,
    REMOTE_SOURCES,
    Fetched,
    RemoteSource,
    TcgdexJapan,
    UpdateContext,
)
from deckcheck.carddb.sqlite import database_info
from deckcheck.model import INTERNATIONAL

if os.name != "nt":  # POSIX flock; Windows has no fcntl (database_lock does nothing there)
    import fcntl

DEFAULT_DATASET_URL = "https://github.com/PokemonTCG/pokemon-tcg-data/archive/refs/heads/master.zip"
# The new dataset may have at most this share fewer cards or sets than the
# installed one (upstream fixes remove the odd duplicate; a half-empty archive
# is a broken mirror, not an update).
SHRINK_TOLERANCE = 0.05


@dataclass(frozen=True, slots=True)
class UpdateResult:
    """What :func:`update_database` did."""

    status: str  # "installed" (no database before), "updated" or "unchanged"
    info: DatabaseInfo  # the database installed now
    previous: DatabaseInfo | None  # the one installed before, if it was readable
    url: str
    etag: str | None = None
    last_modified: str | None = None
    sha256: str | None = None  # of the archive imported (None when unchanged via 304)
    downloaded_bytes: int = 0
    tcgdex: Mapping[str, int] | None = None  # TCGdex requests made, by kind ("sets", "set", "card")
    # The card ids each source listed but could not deliver (installed only with allow_incomplete).
    missing: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tcgdex_ja: Mapping[str, int] | None = None  # the requests for Japan's cards, by kind
    # Why an optional source could not be read, by source (the update went on without it).
    unread: Mapping[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return self.status != "unchanged"


@contextmanager
def database_lock(dest: Path) -> Iterator[None]:
    """Hold the exclusive update lock of the database ``dest`` (waits for it).

    POSIX ``flock`` on the folder that holds ``dest``: nothing is left behind (a
    lock file of its own, which could never be removed safely, stayed as a zero-byte
    ``cards.sqlite3.lock`` after every db command). Updates of two databases in one
    folder wait for each other. No-op on Windows.
    """
    if os.name == "nt":
        yield
        return
    folder = Path(dest).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as error:
        raise DatabaseError(f"cannot lock the folder {folder}: {error.strerror or error}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def check_sha256(sha256: str | None) -> str | None:
    """``--sha256`` in lower case, or DatabaseError (one line) when it is not 64
    hexadecimal digits: checked before anything is locked or downloaded."""
    return _normalise_sha256(sha256)


def _normalise_sha256(sha256: str | None) -> str | None:
    if sha256 is None:
        return None
    digest = sha256.strip().lower()
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise DatabaseError(f"--sha256 must be 64 hexadecimal digits, not {sha256!r}")
    return digest


def _installed(dest: Path) -> DatabaseInfo | None:
    if not dest.exists():
        return None
    try:
        return database_info(dest)
    except DatabaseError:
        return None  # a broken database is replaced like a missing one


def _check_not_shrunk(new: DatabaseInfo, old: DatabaseInfo | None) -> None:
    if old is None:
        return
    # A card pool of its own left out on purpose (--no-japanese) is no shrinking dataset.
    dropped = [share for name, share in old.sources.items() if name in _REGIONAL and name not in new.sources]
    old_cards = old.cards - sum(share.cards for share in dropped)
    old_sets = old.sets - sum(share.sets for share in dropped)
    for what, now, before in (("cards", new.cards, old_cards), ("sets", new.sets, old_sets)):
        if now < before * (1 - SHRINK_TOLERANCE):
            raise DatabaseError(
                f"sanity check failed: the new dataset has {now} {what}, the installed database {before} "
                f"(more than {SHRINK_TOLERANCE:.0%} fewer); nothing was changed, use --force to install it anyway"
            )


SOURCES = (*REMOTE_SOURCES, ALL)
# The sources of a region of their own (not chosen by --source).
_REGIONAL = frozenset({"tcgdex-ja"})


def update_database(
    url: str,
    dest: Path,
    *,
    timeout: float = 30,
    retries: int = 2,
    sha256: str | None = None,
    force: bool = False,
    progress: Progress | None = None,
    source: str = "pokemontcg",
    tcgdex_url: str | None = None,
    tcgdex_progress: Progress | None = None,
    tcgdex_set_progress: Progress | None = None,
    deadline: float | None = None,
    workers: int | None = None,
    phase: PhaseHook | None = None,
    allow_incomplete: bool = False,
    replace: bool = False,
    japanese: bool | None = None,
) -> UpdateResult:
    """Download the dataset archive at ``url`` and install it as the database ``dest``.

    ``url`` is an ``http(s)://`` or ``file://`` URL of a pokemontcg.io dataset
    zip (:data:`DEFAULT_DATASET_URL` is the upstream repository's archive).
    ``timeout`` is per network operation in seconds; ``retries`` is how many
    times a transient failure is retried. ``sha256`` (hex) must match the
    archive. ``force`` skips the conditional request and the shrink check.
    ``progress(bytes_so_far, total_or_None)`` is called while downloading;
    ``phase(key, total)`` when each phase begins: ``download``, ``verify``
    (the SHA-256), ``tcgdex`` (its set list), ``import`` (then
    ``progress(files_done, None)``, see :func:`~deckcheck.carddb.build.build_database`).

    ``source`` is ``pokemontcg`` (the archive only), ``tcgdex`` (the TCGdex API
    at ``tcgdex_url`` only) or ``both``: the archive, filled in from TCGdex with
    the sets it lacks or has short (:mod:`deckcheck.carddb.sources.merge`),
    fetching only the cards neither the archive nor the installed database has
    (:mod:`deckcheck.carddb.tcgdex_fetch`; ``deadline`` bounds all TCGdex
    requests together, ``workers`` how many run at once;
    ``tcgdex_set_progress(sets_so_far, sets)`` follows the set objects fetched
    first, ``tcgdex_progress(cards_so_far, cards)`` the cards). The sources are the
    plugins of :mod:`deckcheck.carddb.sources.remote`, fetched in its order.
    With ``both`` the archive is optional (it is frozen and being retired; the
    archive's fields still win where it has the card): when it cannot be read
    (offline, HTTP 404, a broken zip), the cards an earlier update took from it
    are kept from the installed database, or TCGdex gives every set, and the
    result's ``unread`` says why. An archive pinned by ``sha256`` is never optional.

    A source that lists cards it then cannot deliver (TCGdex answering 404 for
    a card of a set it lists) makes the database incomplete: the update refuses
    to install it, naming how many cards and which, unless ``allow_incomplete``
    (the result's ``missing`` then names them).

    An existing ``dest`` that is not a card database (a deck list given as ``--db``) is
    refused before anything is downloaded, unless ``replace``.

    ``japanese`` True also fetches Japan's cards from TCGdex (``tcgdex_url``'s ``/v2/ja``) as a
    region of their own (:class:`~deckcheck.carddb.sources.remote.TcgdexJapan`), False leaves
    them out, None (the default) keeps them where the installed database has them.

    Returns an :class:`UpdateResult`; raises :class:`DatabaseError` (one-line
    message) on any failure, leaving ``dest`` untouched. See the module
    docstring for the guarantees.
    """
    import tempfile

    dest = Path(dest)
    refuse_special_destination(dest)  # a symbolic link, FIFO or device is never replaced
    refuse_foreign_destination(dest, replace)
    expected = _normalise_sha256(sha256)
    # The options are checked before anything is locked, created or downloaded.
    if source not in SOURCES:
        raise DatabaseError(f"the source must be one of {', '.join(SOURCES)}, not {source!r}")
    check_timeout(timeout)
    options: dict[str, dict[str, Any]] = {
        "pokemontcg": {"url": url, "sha256": expected, "progress": progress},
        "tcgdex": {
            "url": tcgdex_url,
            "deadline": deadline,
            "workers": workers,
            "progress": tcgdex_progress,
            "set_progress": tcgdex_set_progress,
        },
    }
    plugins = [make(**options.get(name, {})) for name, make in REMOTE_SOURCES.items() if source in (name, ALL)]

    def optional(name: str) -> bool:
        # An archive pinned by its SHA-256 was asked for as it is: never gone without.
        return source == ALL and name in OPTIONAL_WITH_ALL and not (name == "pokemontcg" and expected)

    regional = TcgdexJapan(
        tcgdex_url, deadline=deadline, workers=workers, progress=tcgdex_progress, set_progress=tcgdex_set_progress
    )
    for plugin in [*plugins, regional] if japanese is not False else plugins:
        plugin.check()
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseError(f"cannot create {dest.parent}: {error.strerror or error}") from None

    with database_lock(dest):
        # Under the lock no other update is running; a temp file whose process
        # is gone was left by a killed update or import.
        clean_stale_temp_files(dest)
        previous = _installed(dest)
        if japanese or (japanese is None and previous is not None and regional.name in previous.sources):
            plugins.append(regional)
        try:
            work = Path(
                tempfile.mkdtemp(prefix=f"{temp_prefix(dest)}{os.getpid()}-", suffix=".download", dir=dest.parent)
            )
        except OSError as error:
            raise DatabaseError(f"cannot write in {dest.parent}: {error.strerror or error}") from None
        fetched: dict[str, Fetched] = {}
        try:
            ctx = UpdateContext(dest, work, previous, force, timeout, retries, phase)
            # A card pool of its own the installed database has and this update leaves out is a change.
            dropped = previous is not None and any(
                name in _REGIONAL and name not in {plugin.name for plugin in plugins} for name in previous.sources
            )
            unchanged_so_far = previous is not None and not force and not dropped
            for plugin in plugins:
                got = _fetch(plugin, ctx, unchanged_so_far, optional=optional(plugin.name))
                fetched[plugin.name] = got
                unchanged_so_far = unchanged_so_far and not got.changed
            if unchanged_so_far:
                assert previous is not None
                return _result("unchanged", previous, previous, url, fetched)
            for plugin in plugins:  # a source that said "nothing new" before another had news
                if fetched[plugin.name].source is None and fetched[plugin.name].failed is None:
                    fetched[plugin.name] = plugin.fetch(ctx, conditional=False)
            extra_meta: dict[str, str] = {"sources": source}
            for got in fetched.values():
                extra_meta.update(got.meta)
            read = [plugin for plugin in plugins if fetched[plugin.name].source is not None]
            international = [plugin for plugin in read if plugin.region == INTERNATIONAL]
            primaries = [fetched[plugin.name].source for plugin in international if not plugin.fills_in]
            fills = [fetched[plugin.name].source for plugin in international if plugin.fills_in]
            others = [fetched[plugin.name].source for plugin in read if plugin.region != INTERNATIONAL]
            if len(primaries) > 1:
                raise DatabaseError("only one card source can be the primary one; the others fill it in")

            merged = MergedSource(primaries[0] if primaries else None, fills)  # type: ignore[arg-type]
            fresh = build_database(
                Regions(merged, others) if others else merged,  # type: ignore[arg-type]
                work / dest.name,
                source_label=" + ".join(
                    plugin.label + (" (kept from the installed database)" if fetched[plugin.name].failed else "")
                    for plugin in read
                ),
                keep_names_from=dest,  # the card names in other languages survive an update
                extra_meta=extra_meta,
                progress=progress if phase else None,  # without phases, progress is the download's alone
                phase=phase,
                finish=_refuse_incomplete(plugins, allow_incomplete),
            )
            if not force:
                _check_not_shrunk(fresh, previous)
            with suppress(OSError):
                if dest.exists():
                    os.chmod(fresh.path, dest.stat().st_mode & 0o777)
            try:
                os.replace(fresh.path, dest)
            except OSError as error:
                raise DatabaseError(f"cannot replace {dest}: {error.strerror or error}") from None
            fsync_path(dest.parent, directory=True)
            info = database_info(dest)
            missing = {plugin.name: tuple(plugin.missing()) for plugin in plugins if plugin.missing()}
            return _result("updated" if previous else "installed", info, previous, url, fetched, missing)
        finally:
            for got in fetched.values():
                if got.source is not None:
                    got.source.close()
            shutil.rmtree(work, ignore_errors=True)


def _fetch(plugin: RemoteSource, ctx: Any, conditional: bool, *, optional: bool) -> Fetched:
    """``plugin.fetch``; for an ``optional`` source that cannot be read (offline, HTTP 404,
    a broken archive), what the update keeps of it instead (:meth:`RemoteSource.unreadable`)."""
    try:
        return plugin.fetch(ctx, conditional=conditional)
    except DatabaseError as error:
        if not optional:
            raise
        return plugin.unreadable(ctx, f"{plugin.title} ({plugin.label}) could not be read: {error}")


# How many left-out card ids a message names; the rest are counted.
MAX_NAMED_MISSING = 10


def _refuse_incomplete(plugins: list[RemoteSource], allow: bool) -> Callable[[], dict[str, str]]:
    """Called by the build after the last card is read and before the database
    is finished: DatabaseError when a source left cards out (unless ``allow``),
    else the meta naming what was left out (so the next update asks again)."""

    def finish() -> dict[str, str]:
        meta: dict[str, str] = {}
        for plugin in plugins:
            missing = plugin.missing()
            if not missing:
                continue
            if not allow:
                raise DatabaseError(
                    f"{plugin.title} ({plugin.label}) could not deliver {len(missing)} card{'s' if len(missing) != 1 else ''} of "
                    f"the sets it lists (not found): {_named(missing)}; nothing was installed "
                    "(--allow-incomplete installs the database without them)"
                )
            meta[f"{plugin.name}_missing"] = " ".join(missing)
        return meta

    return finish


def describe_missing(ids: Sequence[str]) -> str:
    """``3 cards, installed without them: a, b, c`` (for the warning of an incomplete install)."""
    many = len(ids) != 1
    return f"{len(ids)} card{'s' if many else ''}, installed without {'them' if many else 'it'}: {_named(ids)}"


def _named(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:MAX_NAMED_MISSING])
    return shown + (f" and {len(ids) - MAX_NAMED_MISSING} more" if len(ids) > MAX_NAMED_MISSING else "")


def _result(
    status: str,
    info: DatabaseInfo,
    previous: DatabaseInfo | None,
    url: str,
    fetched: Mapping[str, Fetched],
    missing: Mapping[str, tuple[str, ...]] | None = None,
) -> UpdateResult:
    archive = fetched["pokemontcg"].report if "pokemontcg" in fetched else {}
    tcgdex = fetched["tcgdex"].report.get("requests") if "tcgdex" in fetched else None
    return UpdateResult(
        status,
        info,
        previous,
        url,
        archive.get("etag"),
        archive.get("last_modified"),
        archive.get("sha256"),
        archive.get("downloaded_bytes", 0),
        dict(tcgdex) if tcgdex is not None else None,
        dict(missing or {}),
        dict(japan)
        if (japan := fetched["tcgdex-ja"].report.get("requests") if "tcgdex-ja" in fetched else None)
        else None,
        {name: got.failed for name, got in fetched.items() if got.failed},
    )
