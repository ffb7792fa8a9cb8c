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
  open past them (issue 23, T2).
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
5,000 digits, lists nested 100,000 deep: issue 23, T1).
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from deckcheck.carddb.errors import DatabaseError

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


class _Watchdog:
    """Shuts the sockets of one request down at a moment (a timer thread), so a
    read blocked on a trickling server returns; ``fired`` says it did."""

    def __init__(self, seconds: float):
        self.sockets: list[socket.socket] = []
        self.fired = False
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(0.0, seconds), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self.sockets.append(sock)
            fired = self.fired
        if fired:
            self._shut(sock)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            sockets = list(self.sockets)
        for sock in sockets:
            self._shut(sock)

    @staticmethod
    def _shut(sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def cancel(self) -> None:
        self._timer.cancel()


def _watched(base: type[http.client.HTTPConnection], dog: _Watchdog) -> Callable[..., http.client.HTTPConnection]:
    class Watched(base):  # type: ignore[valid-type,misc]
        def connect(self) -> None:
            super().connect()
            dog.watch(self.sock)

    return Watched


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, dog: _Watchdog):
        super().__init__()
        self.dog = dog

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_watched(http.client.HTTPConnection, self.dog), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, dog: _Watchdog):
        super().__init__()
        self.dog = dog
        self.context = ssl.create_default_context()

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_watched(http.client.HTTPSConnection, self.dog), req, context=self.context)


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
) -> Answer:
    """One GET of ``url``, its body handed to ``sink`` a chunk at a time.

    ``timeout``, ``within``, ``deadline`` and ``max_bytes`` as the module says.
    Passing ``within`` (a slow server) is :class:`Retryable`, since
    another try may meet a faster mirror; passing ``deadline`` is final
    (DatabaseError). ``sink`` may raise DatabaseError (a full disk).
    """
    from deckcheck.version import __version__

    started = time.monotonic()
    end = started + within
    final = deadline is not None and deadline.at <= end
    if deadline is not None:
        end = min(end, deadline.at)
    if end <= started:
        raise DatabaseError(f"{what} did not end within {deadline.seconds if deadline else within:g} s")
    try:
        request = urllib.request.Request(url, headers={"User-Agent": f"deckcheck/{__version__}", **(headers or {})})
    except ValueError as error:  # "http:/x" and the like
        raise DatabaseError(f"cannot download {url}: not a valid URL ({error})") from None
    dog = _Watchdog(end - started)
    got = 0

    def too_slow() -> Exception:
        if final:
            assert deadline is not None
            return DatabaseError(
                f"{what} did not end within {deadline.seconds:g} s ({got} bytes of {url} received); "
                "the server is too slow"
            )
        return Retryable(
            f"{what} took longer than {within:g} s ({got} bytes of {url} received); the server is too slow"
        )

    try:
        opener = urllib.request.build_opener(_HTTPHandler(dog), _HTTPSHandler(dog))
        try:
            response = opener.open(request, timeout=min(timeout, end - started))
        except urllib.error.HTTPError as error:
            error.close()
            if error.code == 304:
                return Answer(not_modified=True, headers=dict(error.headers or {}))
            if error.code == 404 and allow_not_found:
                return Answer(not_found=True)
            message = f"{what} failed: HTTP {error.code} {error.reason} for {url}"
            if error.code >= 500 or error.code == 429:
                raise Retryable(message) from None
            raise DatabaseError(message) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
            if dog.fired:
                raise too_slow() from None
            raise Retryable(f"cannot reach {url} ({describe(error)}); are you offline?") from None
        with response:
            if response.status == 304:
                return Answer(not_modified=True, headers=dict(response.headers))
            length_header = response.headers.get("Content-Length")
            length = int(length_header) if length_header and length_header.isdigit() else None
            if length is not None and length > max_bytes:
                raise DatabaseError(f"{url} is {length} bytes, more than the {_size(max_bytes)} allowed")
            # read1: at most one read of the socket each time, so the clock is looked at between reads.
            read = getattr(response, "read1", response.read)
            while True:
                try:
                    chunk = read(CHUNK)
                except http.client.IncompleteRead as error:
                    got += len(error.partial)
                    if dog.fired:
                        raise too_slow() from None
                    raise Retryable(f"{what} of {url} was cut off after {got} of {length or '?'} bytes") from None
                except (OSError, http.client.HTTPException, ValueError) as error:
                    if dog.fired:
                        raise too_slow() from None
                    raise Retryable(f"{what} of {url} failed after {got} bytes ({describe(error)})") from None
                if dog.fired or time.monotonic() > end:
                    raise too_slow()
                if not chunk:
                    break
                got += len(chunk)
                if got > max_bytes:
                    raise DatabaseError(f"{url} is more than the {_size(max_bytes)} allowed")
                sink(chunk)
                if progress:
                    progress(got, length)
            if length is not None and got != length:
                raise Retryable(f"{what} of {url} was cut off after {got} of {length} bytes")
            return Answer(headers=dict(response.headers), size=got)
    finally:
        dog.cancel()


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
    import stat
    from email.utils import formatdate
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise DatabaseError(f"cannot read {url}: only local file:// URLs are supported")
    path = Path(url2pathname(parts.path))
    try:
        info = path.stat()
    except OSError as error:
        raise DatabaseError(f"cannot read {path}: {describe(error)}") from None
    # A FIFO would block forever, /dev/zero never end (issue 12): a regular file, of the size an http download may have.
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
