"""deckcheck.parallel: the ordered map over forked workers behind --jobs."""

from __future__ import annotations

import os
import time

import pytest

from deckcheck.parallel import ProcessMap, WorkerLost

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


def square(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def slow_square(n: int) -> tuple[int, int]:
    # A chunk takes a moment (7 ms), so that on a loaded machine one worker cannot take every
    # chunk before the others are scheduled (a pytest-xdist run beside other work saw that).
    time.sleep(0.001)
    return square(n)


def test_results_come_in_the_order_of_the_items_from_several_workers():
    pool = ProcessMap(slow_square, list(range(1000)), 3, chunk=7, window=2)
    try:
        found = list(pool)
    finally:
        pool.close()
    assert [value for value, _pid in found] == [n * n for n in range(1000)]
    assert len({pid for _value, pid in found}) > 1 and os.getpid() not in {pid for _value, pid in found}


@pytest.mark.parametrize("items, chunk", [(1, 64), (2, 64), (5, 1), (64, 64), (65, 64)])
def test_fewer_items_than_workers_or_chunks(items, chunk):
    pool = ProcessMap(square, list(range(items)), 4, chunk=chunk)
    try:
        assert [value for value, _pid in pool] == [n * n for n in range(items)]
    finally:
        pool.close()


def fails_at_ten(n: int) -> int:
    if n == 10:
        raise ValueError(f"no {n}")
    return n


def test_an_exception_in_a_worker_is_raised_at_its_items_turn():
    pool = ProcessMap(fails_at_ten, list(range(50)), 2, chunk=5)
    found = []
    try:
        with pytest.raises(ValueError, match="no 10"):
            for value in pool:
                found.append(value)
    finally:
        pool.close()
    assert found == list(range(10))


def test_a_failed_start_is_raised_for_the_first_chunk():
    def start():
        raise LookupError("no database")

    pool = ProcessMap(square, list(range(20)), 2, chunk=3, start=start)
    try:
        with pytest.raises(LookupError, match="no database"):
            list(pool)
    finally:
        pool.close()


def dies_at_seven(n: int) -> int:
    if n == 7:
        os._exit(3)
    return n


@pytest.mark.parametrize("items", [8, 400])  # the last chunk, or one of many
def test_a_worker_that_dies_is_an_error_not_a_hang(items):
    pool = ProcessMap(dies_at_seven, list(range(items)), 2, chunk=4)
    try:
        with pytest.raises(WorkerLost):
            list(pool)
    finally:
        pool.close()


def test_closing_early_ends_and_reaps_every_worker():
    pool = ProcessMap(square, list(range(100_000)), 2, chunk=10)
    pids = list(pool.workers.values())
    first = next(iter(pool))
    pool.close()
    assert first[0] == 0
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # reaped: no such process


def test_a_killed_worker_ends_the_run_with_one_line_and_exit_code_2(monkeypatch):
    # The out-of-memory killer takes a worker of --jobs: a message of its own, not an "internal error".
    import io
    import sys

    from deckcheck import cli as entry

    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "argv", ["deckcheck", "check", "--jobs", "2", "decks"])

    def app(**_command_line):
        raise WorkerLost("a worker process ended unexpectedly")

    monkeypatch.setattr(entry, "app", app)
    assert entry.main() == 2
    assert err.getvalue() == (
        "deckcheck: error: a worker process ended unexpectedly (killed, perhaps for lack of "
        "memory?); check again with --jobs 1\n"
    )
    assert out.getvalue() == ""
