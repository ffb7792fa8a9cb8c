"""The one HTTP client of deckcheck: every download goes through :func:`fetch`
(``db update``'s dataset archive, the TCGdex API, the card names of ``--lang``).

What every request gets:

* ``timeout``: seconds any one network operation (connecting, each read) may
  wait; a server that sends nothing for that long fails the attempt.
* ``within``: seconds the whole request may take, from connecting to the last
  byte, whatever the server's pace; and ``deadline``: a :func:`time.monotonic`
  moment all requests of one update together must end by. Both are enforced
  *while* the answer is read: a watchdog shuts the connection down when the
  earlier of the two is reached, so a server trickling one byte every few
  seconds (each read succeeds, no ``timeout`` ever trips) cannot hold a read
  open past them. One watchdog thread serves every request.
* one SSL context for every https request, and with ``connections`` keep-alive:
  each thread reuses its connection to a server for its next request, so
  thousands of TCGdex objects cost a few connections, not one each
  (:mod:`deckcheck.carddb.connections`).
* redirects (up to :data:`MAX_REDIRECTS`) are followed; a proxy named by
  ``http_proxy``/``https_proxy`` (and ``no_proxy``) is used as urllib would.
* ``max_bytes``: a larger ``Content-Length`` is refused before the body is
  read, and the body is counted while it is read.
* :class:`Retryable` for what may work on another try (no connection, a
  timeout, a cut-off answer, HTTP 5xx and 429): :func:`with_retries` tries
  again with exponential back-off (:data:`RETRY_BACKOFF`), never past the
  deadline. Everything else is a :class:`~deckcheck.carddb.errors.DatabaseError`
  with one line.

:func:`fetch_json` is a request whose answer is one JSON document held in
memory (TCGdex's objects); :func:`decode_json` turns bytes into JSON with a
one-line error for what ``json.loads`` raises on hostile input (a number of
5,000 digits, lists nested 100,000 deep).
"""

from __future__ import annotations

import http.client
import json
import math
import stat
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from email.utils import formatdate
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urljoin, urlsplit
from urllib.request import url2pathname

from deckcheck.carddb import connections as connections_module
from deckcheck.carddb.connections import Connections, Key, Watch
from deckcheck.carddb.errors import DatabaseError
from deckcheck.version import __version__

# Seconds before the first retry; doubled for each further one.
RETRY_BACKOFF = 1.0
CHUNK = 256 * 1024

Progress = Callable[[int, "int | None"], None]
T = TypeVar("T")


class Retryable(Exception):
    """A transient download failure: worth another attempt.

    Control flow only, so no :class:`~deckcheck.errors.DeckcheckError`: raised by
    :func:`fetch` and caught by :func:`with_retries`, which every download goes
    through; the last failure reaches a person as a DatabaseError with its message."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What one request got: ``not_modified`` for 304 (nothing was read),
    ``not_found`` for 404 where the caller allowed it, else the headers and the
    number of body bytes handed to the sink."""

    not_modified: bool = False
    not_found: bool = False
    headers: Mapping[str, str] = field(default_factory=dict)
    size: int = 0


def describe(error: BaseException) -> str:
    """A network error as a few words (``Connection refused``, ``timed out``)."""
    reason = getattr(error, "reason", None)
    if reason is not None and not isinstance(reason, str):
        error = reason
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


class NotJson(DatabaseError):
    """An answer that is not JSON (a folder listing of a static file server, say)."""


def decode_json(data: bytes, what: str) -> Any:
    """``data`` as JSON; DatabaseError naming ``what`` for anything that is not
    JSON a card source can hold (bad UTF-8, a syntax error, a number of more
    than 4,300 digits, nesting deeper than the interpreter's recursion limit)."""
    try:
        return json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise NotJson(f"{what} is not valid JSON: {error}") from None
    except ValueError as error:  # int()'s digit limit; its advice after ';' is for programmers
        raise NotJson(f"{what} is not valid JSON: {str(error).split(';')[0]}") from None
    except RecursionError:
        raise DatabaseError(f"{what} nests lists or objects too deeply") from None


@dataclass(frozen=True, slots=True)
class Deadline:
    """A moment (:func:`time.monotonic`) that a group of requests must end by,
    and the seconds it was set to, for messages."""

    at: float
    seconds: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        return cls(time.monotonic() + seconds, seconds)

    def remaining(self) -> float:
        return self.at - time.monotonic()


def with_retries(attempt: Callable[[], T], *, retries: int, deadline: Deadline | None = None) -> T:
    """``attempt()``, again after :class:`Retryable` up to ``retries`` times with
    exponential back-off (never sleeping past ``deadline``); the last failure
    becomes a DatabaseError with its message."""
    tried = 0
    while True:
        try:
            return attempt()
        except Retryable as error:
            if tried >= retries or (deadline is not None and deadline.remaining() <= 0):
                raise DatabaseError(str(error)) from None
            pause = RETRY_BACKOFF * 2**tried
            if deadline is not None:
                pause = min(pause, max(0.0, deadline.remaining()))
            time.sleep(pause)
            tried += 1


# How many redirects a request follows (the dataset's archive: github.com -> codeload.github.com).
MAX_REDIRECTS = 5
_REDIRECTS = (301, 302, 303, 307, 308)


def fetch(
    url: str,
    sink: Callable[[bytes], None],
    *,
    headers: Mapping[str, str] | None = None,
    timeout: float,
    within: float,
    deadline: Deadline | None = None,
    max_bytes: int,
    progress: Progress | None = None,
    what: str = "the download",
    allow_not_found: bool = False,
    connections: Connections | None = None,
) -> Answer:
    """One GET of ``url``, its body handed to ``sink`` a chunk at a time.

    ``timeout``, ``within``, ``deadline`` and ``max_bytes`` as the module says.
    Passing ``within`` (a slow server) is :class:`Retryable`, since
    another try may meet a faster mirror; passing ``deadline`` is final
    (DatabaseError). ``sink`` may raise DatabaseError (a full disk).
    ``connections`` keeps the connection open for the next request of the same
    thread (keep-alive); without, it is closed after this one.
    """
    started = time.monotonic()
    end = started + within
    final = deadline is not None and deadline.at <= end
    if deadline is not None:
        end = min(end, deadline.at)
    if end <= started:
        raise DatabaseError(f"{what} did not end within {deadline.seconds if deadline else within:g} s")
    request_headers = {"User-Agent": f"deckcheck/{__version__}", **(headers or {})}
    own = connections is None
    pool = Connections() if connections is None else connections
    watch = connections_module.WATCHDOG.arm(end - started)
    try:
        return _Request(url, request_headers, timeout, end, pool, watch, (what, final, deadline, within)).run(
            sink, max_bytes, progress, allow_not_found
        )
    finally:
        watch.cancel()
        if own:
            pool.close()


class _Request:
    """The work of one :func:`fetch`: following redirects, reusing a kept-alive
    connection (once more on a new one where the server had closed it), and
    reading the answer."""

    def __init__(
        self,
        url: str,
        headers: Mapping[str, str],
        timeout: float,
        end: float,
        pool: Connections,
        watch: Watch,
        limits: tuple[str, bool, Deadline | None, float],
    ):
        self.url, self.headers, self.timeout, self.end = url, headers, timeout, end
        self.pool, self.watch = pool, watch
        self.what, self.final, self.deadline, self.within = limits
        self.got = 0

    def too_slow(self) -> Exception:
        if self.final:
            assert self.deadline is not None
            return DatabaseError(
                f"{self.what} did not end within {self.deadline.seconds:g} s ({self.got} bytes of {self.url} "
                "received); the server is too slow"
            )
        return Retryable(
            f"{self.what} took longer than {self.within:g} s ({self.got} bytes of {self.url} received); "
            "the server is too slow"
        )

    def unreachable(self, error: BaseException) -> Exception:
        if self.watch.fired:
            return self.too_slow()
        return Retryable(f"cannot reach {self.url} ({describe(error)}); are you offline?")

    def send(self) -> tuple[Key, http.client.HTTPConnection, http.client.HTTPResponse]:
        try:
            parts = urlsplit(self.url)
            scheme, host, port = parts.scheme.lower(), parts.hostname, parts.port
        except ValueError as error:  # "http://[::1", a port out of range
            raise DatabaseError(f"cannot download {self.url}: not a valid URL ({error})") from None
        if scheme not in ("http", "https") or not host:
            raise DatabaseError(f"cannot download {self.url}: not a valid URL (only http and https with a host)")
        key = (scheme, host, port or (443 if scheme == "https" else 80))
        via_proxy = scheme == "http" and self.pool.proxy(scheme, host) is not None
        target = self.url if via_proxy else (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        for fresh in (False, True):
            seconds = min(self.timeout, self.end - time.monotonic())
            if seconds <= 0:
                raise self.too_slow()
            connection, reused = self.pool.take(key, seconds)
            try:
                if connection.sock is None:
                    connection.timeout = seconds
                    connection.connect()
                else:
                    connection.sock.settimeout(seconds)
                self.watch.watch(connection.sock)
                connection.request("GET", target, headers=dict(self.headers))
                return key, connection, connection.getresponse()
            except ConnectionError as error:
                self.pool.drop(connection)
                if reused and not fresh and not self.watch.fired:
                    continue  # the server closed the idle connection: once more on a new one
                raise self.unreachable(error) from None
            except http.client.InvalidURL as error:  # a control character in the path, say
                self.pool.drop(connection)
                raise DatabaseError(f"cannot download {self.url}: not a valid URL ({error})") from None
            except (OSError, http.client.HTTPException, ValueError) as error:
                self.pool.drop(connection)
                raise self.unreachable(error) from None
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    def run(
        self, sink: Callable[[bytes], None], max_bytes: int, progress: Progress | None, allow_not_found: bool
    ) -> Answer:
        for _ in range(MAX_REDIRECTS + 1):
            key, connection, response = self.send()
            kept = False
            try:
                status = response.status
                location = response.getheader("Location")
                if status in _REDIRECTS and location:
                    self.url = urljoin(self.url, location)
                    continue
                if status == 304:
                    response.read()
                    kept = not response.will_close
                    return Answer(not_modified=True, headers=dict(response.headers))
                if status >= 300:
                    if status == 404 and allow_not_found:
                        return Answer(not_found=True)
                    message = f"{self.what} failed: HTTP {status} {response.reason} for {self.url}"
                    if status >= 500 or status == 429:
                        raise Retryable(message)
                    raise DatabaseError(message)
                answer = self.read(response, sink, max_bytes, progress)
                kept = not response.will_close
                return answer
            finally:
                if kept:
                    self.pool.keep(key, connection)
                else:
                    self.pool.drop(connection)
        raise DatabaseError(f"{self.what} failed: more than {MAX_REDIRECTS} redirects for {self.url}")

    def read(
        self,
        response: http.client.HTTPResponse,
        sink: Callable[[bytes], None],
        max_bytes: int,
        progress: Progress | None,
    ) -> Answer:
        url = self.url
        length_header = response.headers.get("Content-Length")
        length = int(length_header) if length_header and length_header.isdigit() else None
        if length is not None and length > max_bytes:
            raise DatabaseError(f"{url} is {length} bytes, more than the {_size(max_bytes)} allowed")
        while length is None or self.got < length:
            # read1: at most one read of the socket each time, so the clock is looked at between reads.
            try:
                chunk = response.read1(CHUNK if length is None else min(CHUNK, length - self.got))
            except http.client.IncompleteRead as error:
                self.got += len(error.partial)
                if self.watch.fired:
                    raise self.too_slow() from None
                raise Retryable(f"{self.what} of {url} was cut off after {self.got} of {length or '?'} bytes") from None
            except (OSError, http.client.HTTPException, ValueError) as error:
                if self.watch.fired:
                    raise self.too_slow() from None
                raise Retryable(f"{self.what} of {url} failed after {self.got} bytes ({describe(error)})") from None
            if self.watch.fired or time.monotonic() > self.end:
                raise self.too_slow()
            if not chunk:
                break
            self.got += len(chunk)
            if self.got > max_bytes:
                raise DatabaseError(f"{url} is more than the {_size(max_bytes)} allowed")
            sink(chunk)
            if progress:
                progress(self.got, length)
        if length is not None and self.got != length:
            raise Retryable(f"{self.what} of {url} was cut off after {self.got} of {length} bytes")
        response.read()  # the answer read to its end (read1 does not say so): the connection can be reused
        return Answer(headers=dict(response.headers), size=self.got)


def fetch_json(
    url: str,
    *,
    headers: Mapping[str, str] | None = None,
    timeout: float,
    within: float,
    deadline: Deadline | None = None,
    max_bytes: int,
    what: str = "the answer",
    allow_not_found: bool = False,
    connections: Connections | None = None,
) -> tuple[Any, Answer]:
    """One GET of a JSON document held in memory: ``(the JSON, the answer)``;
    the JSON is None for 304 and an allowed 404."""
    parts: list[bytes] = []
    answer = fetch(
        url,
        parts.append,
        headers={"Accept": "application/json", **(headers or {})},
        timeout=timeout,
        within=within,
        deadline=deadline,
        max_bytes=max_bytes,
        what=what,
        allow_not_found=allow_not_found,
        connections=connections,
    )
    if answer.not_modified or answer.not_found:
        return None, answer
    return decode_json(b"".join(parts), url), answer


def _size(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit} bytes"


# -- downloading a file (the dataset archive, the card-name lists) -------------------------

# The dataset archive is about 30 MB; anything far larger is not it.
MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024
# The whole download may take this many times --timeout (30 s: 20 minutes).
DEADLINE_FACTOR = 40


@dataclass(frozen=True, slots=True)
class Download:
    """What :func:`download` saved: nothing for ``not_modified`` (304)."""

    not_modified: bool
    etag: str | None = None
    last_modified: str | None = None
    size: int = 0


def download_deadline(timeout: float) -> float:
    """Seconds a whole download may take, whatever the server's pace."""
    return max(timeout * DEADLINE_FACTOR, 60.0)


def valid_timeout(seconds: object) -> bool:
    """Whether ``seconds`` is a timeout the socket layer takes as one: 0 means
    non-blocking there (every download would "fail"), and a negative number,
    NaN or infinity raise exceptions of their own."""
    return isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0


def check_timeout(timeout: float) -> None:
    if not valid_timeout(timeout):
        raise DatabaseError(f"the timeout must be a number of seconds greater than 0, not {timeout!r}")


def check_url(url: str) -> str:
    """The scheme of a URL deckcheck can download from (``http``, ``https``,
    ``file``); DatabaseError (one line) for anything else, including text
    urllib cannot parse (``http://[::1``, a port out of range)."""
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


def download(
    url: str,
    target: Path,
    headers: Mapping[str, str],
    *,
    timeout: float,
    retries: int,
    progress: Progress | None,
    max_bytes: int = MAX_DOWNLOAD_BYTES,
) -> Download:
    """Save ``url`` (http, https or a local ``file://``) as ``target``.

    Over http each attempt waits at most ``timeout`` for any one operation, and
    all attempts together take at most :func:`download_deadline` seconds;
    transient failures are retried ``retries`` times. 304 Not Modified (for the
    conditional ``headers``) saves nothing."""
    check_timeout(timeout)
    if check_url(url) == "file":
        return _copy_file(url, target, progress, max_bytes)
    deadline = Deadline.after(download_deadline(timeout))

    def attempt() -> Download:
        try:
            out = open(target, "wb")
        except OSError as error:
            raise DatabaseError(f"cannot save the download: {describe(error)}") from None

        def save(chunk: bytes) -> None:
            try:
                out.write(chunk)
            except OSError as error:  # a full disk, a file-size limit: the write failed, not the read
                raise DatabaseError(f"cannot save the download: {describe(error)}") from None

        with out:
            answer = fetch(
                url,
                save,
                headers=headers,
                timeout=timeout,
                within=deadline.seconds,
                deadline=deadline,
                max_bytes=max_bytes,
                progress=progress,
                what="the download",
            )
        if answer.not_modified:
            return Download(True)
        return Download(False, answer.headers.get("ETag"), answer.headers.get("Last-Modified"), answer.size)

    return with_retries(attempt, retries=retries, deadline=deadline)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a downloaded file (hex)."""
    import hashlib

    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def _copy_file(url: str, target: Path, progress: Progress | None, max_bytes: int) -> Download:

    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise DatabaseError(f"cannot read {url}: only local file:// URLs are supported")
    path = Path(url2pathname(parts.path))
    try:
        info = path.stat()
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {describe(error)}") from None
    # A FIFO would block forever, /dev/zero never end: a regular file, of the size an http download may have.
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"cannot read {path}: not a regular file (a folder, a pipe or a device)")
    if info.st_size > max_bytes:
        raise DatabaseError(f"{path} is {info.st_size} bytes, more than the {_size(max_bytes)} allowed")
    got = 0
    try:
        source = open(path, "rb")
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {describe(error)}") from None
    try:
        out = open(target, "wb")
    except OSError as error:
        source.close()
        raise DatabaseError(f"cannot save the download: {describe(error)}") from None
    with source, out:
        while True:
            try:
                chunk = source.read(CHUNK)
            except OSError as error:
                raise DatabaseError(f"cannot read {path}: {describe(error)}") from None
            if not chunk:
                break
            try:
                out.write(chunk)
            except OSError as error:  # a full disk, a file-size limit: the write failed, not the read
                raise DatabaseError(f"cannot save the download: {describe(error)}") from None
            got += len(chunk)
            if got > max_bytes:  # the file grew while it was copied
                raise DatabaseError(f"{path} is more than the {_size(max_bytes)} allowed")
            if progress:
                progress(got, info.st_size)
    return Download(False, None, formatdate(info.st_mtime, usegmt=True), got)
