"""A real ``deckcheck serve`` for the tests (any free port on 127.0.0.1, its own empty home)."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def api_client(db: Path | str | None = None) -> Iterator:
    """A test client of serve's application (default limits) over the card database ``db``
    (None: the built-in catalogue); skipped, saying so, without the serve extra."""
    import pytest

    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from starlette.testclient import TestClient

    from deckcheck.web.app import Checker, Limits, create_app

    with TestClient(create_app(Checker(db=db), Limits())) as client:
        yield client


@contextlib.contextmanager
def running_server(home: Path, *args: str) -> Iterator[str]:
    """Start ``deckcheck serve --port 0`` and yield its address (``http://127.0.0.1:PORT``)."""
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(home / "cache"), "XDG_DATA_HOME": str(home / "data"), "LANG": "C"}
    env.pop("DECKCHECK_DB", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "serve", "--port", "0", "--no-config", *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        cwd=home,
        env=env,
        text=True,
    )
    try:
        line = process.stderr.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            raise AssertionError(f"deckcheck serve did not say where it listens: {line!r}")
        yield f"http://127.0.0.1:{found.group(1)}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def guarded_server_in_thread(*, request_seconds: float, send_seconds: float) -> Iterator[tuple[str, int]]:
    """serve's guarded application and HTTP protocol, as ``deckcheck serve`` runs them, in a
    thread of this process on a free port of 127.0.0.1 (the built-in catalogue), with the
    deadlines for receiving a request and for sending an answer shortened: what the tests of
    hostile clients wait for. Yields (host, port)."""
    import threading
    import time

    import pytest

    uvicorn = pytest.importorskip("uvicorn", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from deckcheck.web.app import Checker, bind, guarded_app
    from deckcheck.web.forms import Limits
    from deckcheck.web.guard import GuardedH11Protocol, uvicorn_settings

    protocol = type(
        "QuickGuardedH11Protocol",
        (GuardedH11Protocol,),
        {"request_seconds": request_seconds, "send_seconds": send_seconds},
    )
    sock = bind("127.0.0.1", 0)
    settings = {**uvicorn_settings(), "http": protocol}
    config = uvicorn.Config(guarded_app(Checker(), Limits(), "127.0.0.1"), log_level="warning", **settings)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server in a thread did not start"
            time.sleep(0.01)
        yield sock.getsockname()[:2]
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
