"""An ordered map over forked worker processes (every core).

:class:`ProcessMap` gives ``func(item)`` for each item in the order of the
items, computed by ``jobs`` processes forked from this one. It is leaner than
:class:`multiprocessing.pool.Pool` for deckcheck's use, where a run is a
list of paths known in advance:

* no task is pickled: the workers are forked with the list and read only the
  numbers of the chunks to do, from one pipe they share (a chunk is taken by
  whichever worker is free, so a slow deck does not hold the others up);
* no helper thread in this process (the pool's three threads woke for every
  result and took CPU from the workers on a machine with as many workers as
  cores);
* at most ``window`` chunks are handed out beyond the one this process waits
  for, so results wait here in bounded numbers however fast the workers are
  (memory stays flat in the number of decks).

Where processes cannot be forked (Windows), the caller checks in its own
process (:func:`can_fork`). A worker's exception is raised here when its
item's turn comes; a worker that dies is an error (:class:`WorkerLost`),
never a hang.
"""

from __future__ import annotations

import os
import pickle
import selectors
import signal
import struct
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from deckcheck.errors import DeckcheckError

T = TypeVar("T")
R = TypeVar("R")

_TASK = struct.Struct("=i")  # a chunk number; -1: stop
_SIZE = struct.Struct("=Q")  # the length of a pickled message that follows


class WorkerLost(DeckcheckError, RuntimeError):
    """A worker process ended before it sent the results it had taken on."""


def can_fork() -> bool:
    return hasattr(os, "fork")


# Decks per process below which a pool does not pay for its start.
DECKS_PER_JOB = 150


def jobs_for(jobs: int | None, decks: int) -> int:
    """``--jobs``, or by default one process per core when there are enough decks."""
    if jobs is not None:
        return max(1, jobs)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, decks // DECKS_PER_JOB))


def chunk_size(items: int, jobs: int) -> int:
    """Items handed to a worker at a time: enough to be worth a message, few
    enough that the workers share the run evenly."""
    return max(1, min(64, items // (jobs * 8)))


class ProcessMap:
    """``func`` over ``items`` in ``jobs`` processes forked now; iterating gives
    the results in the order of ``items``. :meth:`close` ends the workers (call
    it in a ``finally``: after the last result, or on an error).

    ``start`` runs in each worker once, before its first item (to open a
    database: a SQLite connection must not cross a fork). ``chunk`` items go
    to a worker at a time; at most ``window`` chunks (default 4 per job) are
    handed out beyond the one this process waits for."""

    def __init__(
        self,
        func: Callable[[T], R],
        items: Sequence[T],
        jobs: int,
        *,
        chunk: int = 64,
        start: Callable[[], Any] | None = None,
        window: int | None = None,
    ):
        self.chunks = (len(items) + chunk - 1) // chunk
        self.window = window or 4 * jobs
        self.workers: dict[int, int] = {}  # result pipe -> pid
        self._tasks_in, self._tasks_out = os.pipe()
        try:
            for _ in range(max(1, min(jobs, self.chunks))):
                result_read, result_write = os.pipe()
                pid = os.fork()
                if pid == 0:  # the worker: never returns
                    os.close(result_read)
                    os.close(self._tasks_out)
                    for other in self.workers:
                        os.close(other)
                    _work(func, items, chunk, start, self._tasks_in, result_write)
                os.close(result_write)
                self.workers[result_read] = pid
        except BaseException:
            self.close()
            raise
        os.close(self._tasks_in)
        self._tasks_in = -1
        self.handed = 0
        self._hand_out(min(self.chunks, self.window))

    def _hand_out(self, count: int) -> None:
        """Hand ``count`` more chunks to the workers; after the last, tell them to stop."""
        tasks = [_TASK.pack(number) for number in range(self.handed, self.handed + count)]
        self.handed += count
        if self.handed == self.chunks:
            tasks += [_TASK.pack(-1)] * len(self.workers)
        if tasks:
            _write_all(self._tasks_out, b"".join(tasks))

    def __iter__(self) -> Iterator[R]:
        done: dict[int, tuple[bool, Any]] = {}
        reader = _Results(self.workers)
        for wanted in range(self.chunks):
            while wanted not in done:
                # A worker ends when told to stop, after every chunk was handed out;
                # before that, or with a chunk still awaited and no worker left, it died.
                done.update(reader.next_messages(stopping=self.handed == self.chunks))
            ok, value = done.pop(wanted)
            if self.handed < self.chunks:  # one chunk out, the next one in
                self._hand_out(1)
            if not ok:
                raise value
            yield from value

    def close(self) -> None:
        """Stop and reap the workers (those still working are terminated)."""
        for fd in (self._tasks_in, self._tasks_out):
            if fd >= 0:
                os.close(fd)
        self._tasks_in = self._tasks_out = -1
        workers, self.workers = self.workers, {}
        for fd, pid in workers.items():
            os.close(fd)  # a worker still writing gets EPIPE and ends
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in workers.values():
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _work(func, items, chunk: int, start, tasks: int, results: int) -> None:
    """A worker's life: chunk numbers in, pickled results out, until told to stop."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
        failed: BaseException | None = None
        if start is not None:
            try:
                start()
            except Exception as error:  # reported for each chunk, in its turn
                failed = error
        while True:
            task = _read_exactly(tasks, _TASK.size)
            if task is None:
                break
            (number,) = _TASK.unpack(task)
            if number < 0:
                break
            try:
                if failed is not None:
                    raise failed
                message = (number, True, [func(item) for item in items[number * chunk : (number + 1) * chunk]])
                data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
            except Exception as error:
                data = _pickled_error(number, error)
            _write_all(results, _SIZE.pack(len(data)) + data)
    except BaseException:
        code = 1
    finally:
        # Never back into the parent's code: no atexit handlers, no flushing of
        # the report buffered in the parent's sys.stdout.
        os._exit(code)


def _pickled_error(number: int, error: Exception) -> bytes:
    try:
        return pickle.dumps((number, False, error), pickle.HIGHEST_PROTOCOL)
    except Exception:
        return pickle.dumps((number, False, RuntimeError(f"{type(error).__name__}: {error}")), pickle.HIGHEST_PROTOCOL)


def _read_exactly(fd: int, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        part = os.read(fd, size - len(data))
        if not part:
            return None
        data += part
    return data


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


class _Results:
    """The messages of the workers' result pipes, as they come."""

    def __init__(self, workers: dict[int, int]):
        self.selector = selectors.DefaultSelector()
        self.buffers: dict[int, bytearray] = {}
        for fd in workers:
            self.selector.register(fd, selectors.EVENT_READ)
            self.buffers[fd] = bytearray()

    def next_messages(self, *, stopping: bool) -> list[tuple[int, tuple[bool, Any]]]:
        if not self.buffers:
            raise WorkerLost("the worker processes ended before sending every result")
        found = []
        for key, _events in self.selector.select():
            fd = key.fd
            part = os.read(fd, 1 << 20)
            if not part:
                if not stopping or self.buffers[fd]:
                    raise WorkerLost("a worker process ended unexpectedly")
                self.selector.unregister(fd)
                del self.buffers[fd]
                continue
            buffer = self.buffers[fd]
            buffer += part
            while len(buffer) >= _SIZE.size:
                (size,) = _SIZE.unpack_from(buffer)
                if len(buffer) < _SIZE.size + size:
                    break
                number, ok, value = pickle.loads(memoryview(buffer)[_SIZE.size : _SIZE.size + size])
                del buffer[: _SIZE.size + size]
                found.append((number, (ok, value)))
        return found
