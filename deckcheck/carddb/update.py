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

import hashlib
import os
import re
import time
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping

from deckcheck.carddb.build import (PhaseHook, build_database, clean_stale_temp_files, refuse_special_destination,
                                     temp_prefix)
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sqlite import DatabaseInfo, database_info

DEFAULT_DATASET_URL = "https://github.com/PokemonTCG/pokemon-tcg-data/archive/refs/heads/master.zip"
# The new dataset may have at most this share fewer cards or sets than the
# installed one (upstream fixes remove the odd duplicate; a half-empty archive
# is a broken mirror, not an update).
SHRINK_TOLERANCE = 0.05
# Seconds before the first retry; doubled for each further one.
RETRY_BACKOFF = 1.0
# The dataset archive is about 30 MB; anything far larger is not it.
MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024
_CHUNK = 256 * 1024

Progress = Callable[[int, "int | None"], None]


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

    @property
    def changed(self) -> bool:
        return self.status != "unchanged"


class _Retryable(Exception):
    """A transient download failure: worth another attempt."""


@dataclass(frozen=True, slots=True)
class _Download:
    not_modified: bool
    etag: str | None = None
    last_modified: str | None = None
    size: int = 0


@contextmanager
def database_lock(dest: Path) -> Iterator[None]:
    """Hold the exclusive update lock of the database ``dest`` (waits for it).

    POSIX ``flock`` on the folder that holds ``dest``: nothing is left behind (issue 24:
    a lock file of its own, which could never be removed safely, stayed as a zero-byte
    ``cards.sqlite3.lock`` after every db command). Updates of two databases in one
    folder wait for each other. No-op on Windows.
    """
    if os.name == "nt":
        yield
        return
    import fcntl

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


def _describe(error: BaseException) -> str:
    reason = getattr(error, "reason", None)
    if reason is not None and not isinstance(reason, str):
        error = reason
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _fetch_file(url: str, target: Path, progress: Progress | None) -> _Download:
    from email.utils import formatdate
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise DatabaseError(f"cannot read {url}: only local file:// URLs are supported")
    path = Path(url2pathname(parts.path))
    import stat

    try:
        info = path.stat()
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {_describe(error)}") from None
    # A FIFO would block forever, /dev/zero never end (issue 12): a regular file, of the size an http download may have.
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"cannot read {path}: not a regular file (a folder, a pipe or a device)")
    if info.st_size > MAX_DOWNLOAD_BYTES:
        raise DatabaseError(f"{path} is {info.st_size} bytes, more than the {MAX_DOWNLOAD_BYTES // 2**20} MB allowed")
    got = 0
    try:
        source = open(path, "rb")
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {_describe(error)}") from None
    try:
        out = open(target, "wb")
    except OSError as error:
        source.close()
        raise DatabaseError(f"cannot save the download: {_describe(error)}") from None
    with source, out:
        while True:
            try:
                chunk = source.read(_CHUNK)
            except OSError as error:
                raise DatabaseError(f"cannot read {path}: {_describe(error)}") from None
            if not chunk:
                break
            try:
                out.write(chunk)
            except OSError as error:  # a full disk, a file-size limit: the write failed, not the read
                raise DatabaseError(f"cannot save the download: {_describe(error)}") from None
            got += len(chunk)
            if got > MAX_DOWNLOAD_BYTES:  # the file grew while it was copied
                raise DatabaseError(f"{path} is more than the {MAX_DOWNLOAD_BYTES // 2**20} MB allowed")
            if progress:
                progress(got, info.st_size)
    return _Download(False, None, formatdate(info.st_mtime, usegmt=True), got)


def _fetch_http(url: str, target: Path, headers: Mapping[str, str], timeout: float,
                progress: Progress | None) -> _Download:
    import http.client
    import urllib.error
    import urllib.request

    from deckcheck.version import __version__

    try:
        request = urllib.request.Request(url, headers={"User-Agent": f"deckcheck/{__version__}", **headers})
    except ValueError as error:  # "http:/x" and the like
        raise DatabaseError(f"cannot download {url}: not a valid URL ({error})") from None
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        error.close()
        if error.code == 304:
            return _Download(True)
        if error.code >= 500 or error.code == 429:
            raise _Retryable(f"download failed: HTTP {error.code} {error.reason} for {url}") from None
        raise DatabaseError(f"download failed: HTTP {error.code} {error.reason} for {url}") from None
    except urllib.error.URLError as error:
        raise _Retryable(f"cannot reach {url} ({_describe(error)}); are you offline?") from None
    except (OSError, http.client.HTTPException) as error:
        raise _Retryable(f"cannot reach {url} ({_describe(error)}); are you offline?") from None
    with response:
        if response.status == 304:
            return _Download(True)
        length_header = response.headers.get("Content-Length")
        length = int(length_header) if length_header and length_header.isdigit() else None
        if length is not None and length > MAX_DOWNLOAD_BYTES:
            raise DatabaseError(f"{url} is {length} bytes, more than the {MAX_DOWNLOAD_BYTES // 2**20} MB allowed")
        got = 0
        # --timeout is per read: a server trickling a byte a second never trips it.
        deadline = time.monotonic() + download_deadline(timeout)
        # read1: at most one read of the socket, so the deadline is looked at between reads.
        read = getattr(response, "read1", response.read)
        try:
            out = open(target, "wb")
        except OSError as error:
            raise DatabaseError(f"cannot save the download: {_describe(error)}") from None
        with out:
            while True:
                if time.monotonic() > deadline:
                    raise DatabaseError(f"the download of {url} took longer than {download_deadline(timeout):g} s "
                                        f"({got} bytes received); the server is too slow")
                try:
                    chunk = read(_CHUNK)
                except http.client.IncompleteRead as error:
                    got += len(error.partial)
                    raise _Retryable(
                        f"the download of {url} was cut off after {got} of {length or '?'} bytes"
                    ) from None
                except (OSError, http.client.HTTPException) as error:
                    raise _Retryable(f"the download of {url} failed after {got} bytes ({_describe(error)})") from None
                if not chunk:
                    break
                try:
                    out.write(chunk)
                except OSError as error:  # disk full, ...
                    raise DatabaseError(f"cannot save the download: {_describe(error)}") from None
                got += len(chunk)
                if got > MAX_DOWNLOAD_BYTES:
                    raise DatabaseError(f"{url} is more than the {MAX_DOWNLOAD_BYTES // 2**20} MB allowed")
                if progress:
                    progress(got, length)
        if length is not None and got != length:
            raise _Retryable(f"the download of {url} was cut off after {got} of {length} bytes")
        return _Download(False, response.headers.get("ETag"), response.headers.get("Last-Modified"), got)


# The whole download may take this many times --timeout (30 s: 20 minutes).
DEADLINE_FACTOR = 40


def download_deadline(timeout: float) -> float:
    """Seconds a whole download may take, whatever the server's pace."""
    return max(timeout * DEADLINE_FACTOR, 60.0)


def valid_timeout(seconds: object) -> bool:
    """Whether ``seconds`` is a timeout the socket layer takes as one: 0 means
    non-blocking there (every download would "fail"), and a negative number,
    NaN or infinity raise exceptions of their own."""
    import math

    return isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0


def check_timeout(timeout: float) -> None:
    if not valid_timeout(timeout):
        raise DatabaseError(f"the timeout must be a number of seconds greater than 0, not {timeout!r}")


def check_url(url: str) -> str:
    """The scheme of a URL deckcheck can download from (``http``, ``https``,
    ``file``); DatabaseError (one line) for anything else, including text
    urllib cannot parse (``http://[::1``, a port out of range)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  ("http://host:99999/" fails only when the port is read)
    except ValueError as error:
        raise DatabaseError(f"cannot download {url}: not a valid URL ({error})") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https", "file"):
        raise DatabaseError(f"cannot download {url}: only http, https and file URLs are supported")
    if scheme != "file" and not parts.hostname:
        raise DatabaseError(f"cannot download {url}: the URL names no host")
    return scheme


def _download(url: str, target: Path, headers: Mapping[str, str], *, timeout: float, retries: int,
              progress: Progress | None) -> _Download:
    check_timeout(timeout)
    if check_url(url) == "file":
        return _fetch_file(url, target, progress)
    attempt = 0
    while True:
        try:
            return _fetch_http(url, target, headers, timeout, progress)
        except _Retryable as error:
            if attempt >= retries:
                raise DatabaseError(str(error)) from None
            time.sleep(RETRY_BACKOFF * 2**attempt)
            attempt += 1


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def _check_not_shrunk(new: DatabaseInfo, old: DatabaseInfo | None) -> None:
    if old is None:
        return
    for what, now, before in (("cards", new.cards, old.cards), ("sets", new.sets, old.sets)):
        if now < before * (1 - SHRINK_TOLERANCE):
            raise DatabaseError(
                f"sanity check failed: the new dataset has {now} {what}, the installed database {before} "
                f"(more than {SHRINK_TOLERANCE:.0%} fewer); nothing was changed, use --force to install it anyway"
            )


SOURCES = ("pokemontcg", "tcgdex", "both")


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
    deadline: float | None = None,
    workers: int | None = None,
    phase: PhaseHook | None = None,
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
    ``tcgdex_progress(cards_so_far, None)`` follows them).

    Returns an :class:`UpdateResult`; raises :class:`DatabaseError` (one-line
    message) on any failure, leaving ``dest`` untouched. See the module
    docstring for the guarantees.
    """
    import shutil
    import tempfile

    from deckcheck.carddb import tcgdex_fetch

    dest = Path(dest)
    refuse_special_destination(dest)  # a symbolic link, FIFO or device is never replaced
    expected = _normalise_sha256(sha256)
    # The options are checked before anything is locked, created or downloaded.
    if source not in SOURCES:
        raise DatabaseError(f"the source must be one of {', '.join(SOURCES)}, not {source!r}")
    check_timeout(timeout)
    use_archive, use_tcgdex = source in ("pokemontcg", "both"), source in ("tcgdex", "both")
    tcgdex_url = tcgdex_url or tcgdex_fetch.DEFAULT_TCGDEX_URL
    if use_archive:
        check_url(url)
    if use_tcgdex and check_url(tcgdex_url) == "file":
        raise DatabaseError(f"cannot read TCGdex at {tcgdex_url}: only http and https URLs are supported")
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseError(f"cannot create {dest.parent}: {error.strerror or error}") from None

    with database_lock(dest):
        # Under the lock no other update is running; a temp file whose process
        # is gone was left by a killed update or import.
        clean_stale_temp_files(dest)
        previous = _installed(dest)
        meta = previous.meta if previous else {}
        previous_sources = previous.sources if previous else {}
        try:
            work = Path(tempfile.mkdtemp(prefix=f"{temp_prefix(dest)}{os.getpid()}-", suffix=".download",
                                         dir=dest.parent))
        except OSError as error:
            raise DatabaseError(f"cannot write in {dest.parent}: {error.strerror or error}") from None
        try:
            import datetime as dt

            now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()
            extra_meta: dict[str, str] = {"sources": source}
            primary = None
            archive_unchanged = not use_archive
            etag = last_modified = digest = None
            size = 0
            if use_archive:
                headers: dict[str, str] = {}
                if previous and not force and meta.get("url") == url and "pokemontcg" in previous_sources:
                    if meta.get("etag"):
                        headers["If-None-Match"] = meta["etag"]
                    if meta.get("last_modified"):
                        headers["If-Modified-Since"] = meta["last_modified"]
                archive = work / "dataset.zip"
                if phase:
                    phase("download", None)
                download = _download(url, archive, headers, timeout=timeout, retries=retries, progress=progress)
                if download.not_modified and previous is None:
                    raise DatabaseError(f"{url} answered 304 Not Modified, but no database is installed; use --force")
                etag, last_modified, size = download.etag, download.last_modified, download.size
                if download.not_modified:
                    archive_unchanged = True
                    etag, last_modified = meta.get("etag"), meta.get("last_modified")
                else:
                    if phase and expected is not None:
                        # Only a --sha256 is verified; without one the digest only tells a new archive (issue 24).
                        phase("verify", None)
                    digest = _sha256_of(archive)
                    if expected is not None and digest != expected:
                        raise DatabaseError(
                            f"verification failed: the archive's SHA-256 is {digest}, expected {expected}")
                    archive_unchanged = (previous is not None and not force and meta.get("url") == url
                                         and meta.get("sha256") == digest and "pokemontcg" in previous_sources)
                if archive_unchanged and not use_tcgdex:
                    return UpdateResult("unchanged", previous, previous, url, etag, last_modified, digest, size)
                if archive_unchanged:
                    from deckcheck.carddb.sources.installed import InstalledSource

                    primary = InstalledSource(dest, "pokemontcg")
                    digest = meta.get("sha256")
                    extra_meta.update({k: meta[k] for k in ("url", "sha256", "downloaded_at") if meta.get(k)})
                else:
                    from deckcheck.carddb.sources.pokemontcg import open_dataset

                    primary = open_dataset(archive)
                    extra_meta.update({"url": url, "sha256": digest or "", "downloaded_at": now})
                extra_meta.update({"etag": etag or "", "last_modified": last_modified or ""})
            tcgdex_report: dict[str, int] = {}
            fill = []
            if use_tcgdex:
                client = tcgdex_fetch.TcgdexClient(tcgdex_url, timeout=timeout, retries=retries,
                                                   deadline=deadline or tcgdex_fetch.DEFAULT_DEADLINE,
                                                   workers=workers or tcgdex_fetch.MAX_WORKERS)
                conditional: dict[str, str] = {}
                if previous and not force and meta.get("tcgdex_url") == tcgdex_url:
                    if meta.get("tcgdex_etag"):
                        conditional["If-None-Match"] = meta["tcgdex_etag"]
                    if meta.get("tcgdex_last_modified"):
                        conditional["If-Modified-Since"] = meta["tcgdex_last_modified"]
                if phase:
                    phase("tcgdex", None)
                set_list, answer = client.get("/v2/en/sets", "sets", conditional)
                if set_list is tcgdex_fetch.NOT_MODIFIED and archive_unchanged and previous is not None:
                    if primary is not None:
                        primary.close()
                    return UpdateResult("unchanged", previous, previous, url, etag, last_modified, digest, 0,
                                        tcgdex=dict(client.requests))
                if set_list is tcgdex_fetch.NOT_MODIFIED:  # the archive changed: the list is needed after all
                    set_list, answer = client.get("/v2/en/sets", "sets")
                if not isinstance(set_list, list):
                    raise DatabaseError(f"{tcgdex_url}/v2/en/sets did not answer a list of sets")
                from deckcheck.carddb.sqlite import cards_of_source

                reuse = {card.id: card for card in cards_of_source(dest, "tcgdex")} \
                    if previous is not None and "tcgdex" in previous_sources else {}
                fill = [tcgdex_fetch.TcgdexApi(client, set_list, reuse, tcgdex_progress)]
                tcgdex_report = client.requests
                extra_meta.update({"tcgdex_url": tcgdex_url, "tcgdex_etag": answer.get("ETag") or "",
                                   "tcgdex_last_modified": answer.get("Last-Modified") or "",
                                   "tcgdex_fetched_at": now})

            from deckcheck.carddb.sources.merge import MergedSource

            fresh = build_database(
                MergedSource(primary, fill),
                work / dest.name,
                source_label=" + ".join(label for label, used in ((url, use_archive), (tcgdex_url, use_tcgdex))
                                        if used),
                keep_names_from=dest,  # the card names in other languages survive an update
                extra_meta=extra_meta,
                progress=progress if phase else None,  # without phases, progress is the download's alone
                phase=phase,
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
            _fsync_directory(dest.parent)
            info = database_info(dest)
            return UpdateResult("updated" if previous else "installed", info, previous, url, etag,
                                last_modified, digest, size, tcgdex=dict(tcgdex_report))
        finally:
            shutil.rmtree(work, ignore_errors=True)


def _fsync_directory(folder: Path) -> None:
    if os.name == "nt":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
