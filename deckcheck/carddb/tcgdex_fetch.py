"""Fetching the TCGdex card objects over HTTP, only those that are missing.

:class:`TcgdexClient` asks the TCGdex REST API v2 (``https://api.tcgdex.net``
or a mirror: ``--tcgdex-url``) for JSON objects:

* every request has a timeout, and all of them together an overall deadline;
* connection errors, timeouts, cut-off answers and HTTP 5xx/429 are retried
  with exponential back-off (:data:`deckcheck.carddb.http.RETRY_BACKOFF`);
* the set list is asked for with ``If-None-Match``/``If-Modified-Since`` (the
  ETag and Last-Modified of the last update are kept in the database's meta),
  so an update with nothing new stops after one answer ``304 Not Modified``;
* cards are fetched by at most :data:`MAX_WORKERS` requests at a time.

:class:`TcgdexApi` is the :class:`~deckcheck.carddb.sources.FillSource` over
the API: the set list, then for a set the merge wants its set object and only
the cards that are neither in the other source nor already fetched by an
earlier update (``reuse``: those cards are taken from the installed database).
Any failure raises :class:`DatabaseError` with one line; the database build
around it then leaves the installed database as it was.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Any
from urllib.parse import quote

from deckcheck.carddb import http
from deckcheck.carddb.connections import Connections
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sources.tcgdex import ENGLISH, Flavour, official_count, set_list_order
from deckcheck.model import Card

DEFAULT_TCGDEX_URL = "https://api.tcgdex.net"
MAX_WORKERS = 8
# One card or set object is a few kB; the set list about 100 kB.
MAX_JSON_BYTES = 32 * 1024 * 1024
# All requests of one update together (seconds).
DEFAULT_DEADLINE = 600.0

Progress = Callable[[int, "int | None"], None]
NOT_MODIFIED = object()


class TcgdexClient:
    """JSON from a TCGdex API base URL, with timeouts, retries and a deadline
    (every request through :func:`deckcheck.carddb.http.fetch_json`).

    ``timeout`` bounds each request as a whole (connecting to the last byte),
    ``deadline`` all of them together, both while an answer is being read.
    ``requests`` counts the requests made by path kind (``sets``, ``set``,
    ``card``), for the report and the tests.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = 30,
        retries: int = 2,
        deadline: float = DEFAULT_DEADLINE,
        workers: int = MAX_WORKERS,
    ):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.deadline = http.Deadline.after(deadline)
        self.workers = max(1, workers)
        self.requests: dict[str, int] = {"sets": 0, "set": 0, "card": 0}
        # Keep-alive connections, one per worker thread, all through one SSL context.
        self.connections = Connections()
        self._pool: ThreadPoolExecutor | None = None
        # "" for the API, ".json" for a static copy of its files; None until the set list tells.
        self.suffix: str | None = None
        self._count = threading.Lock()

    def get(self, path: str, kind: str, headers: Mapping[str, str] | None = None) -> tuple[Any, Mapping[str, str]]:
        """The JSON at ``path`` and the response headers, ``NOT_MODIFIED``, or
        ``None`` for 404 Not Found where ``kind`` is a set or a card (TCGdex lists
        sets and cards it has no object for: the caller says which it left out).

        The first set list asked for tells the API from a static copy of its
        files (a TCGdex export served from a folder by a plain file server):
        where ``/v2/en/sets`` is not JSON (the server's folder listing) or is not
        found, ``/v2/en/sets.json`` is asked for, and if that is JSON every later
        path is asked for as its ``.json`` file too."""
        if kind == "sets" and self.suffix is None:
            return self._probe(path, kind, headers)
        return self._get(path + (self.suffix or ""), kind, headers)

    def _probe(self, path: str, kind: str, headers: Mapping[str, str] | None) -> tuple[Any, Mapping[str, str]]:
        failure: DatabaseError
        try:
            got = self._get(path, kind, headers, allow_not_found=True)
        except http.NotJson as error:
            failure = error
        else:
            if got[0] is not None:
                self.suffix = ""
                return got
            failure = DatabaseError(f"TCGdex ({self.base}) failed: HTTP 404 Not Found for {self.base}{path}")
        try:
            got = self._get(path + ".json", kind, headers, allow_not_found=True)
        except DatabaseError:
            raise failure from None
        if got[0] is None:
            raise failure
        self.suffix = ".json"
        return got

    def _get(
        self, path: str, kind: str, headers: Mapping[str, str] | None, *, allow_not_found: bool = False
    ) -> tuple[Any, Mapping[str, str]]:
        url = f"{self.base}{path}"

        def attempt() -> tuple[Any, Mapping[str, str]]:
            with self._count:
                self.requests[kind] = self.requests.get(kind, 0) + 1
            if self.deadline.remaining() <= 0:
                raise DatabaseError(
                    f"TCGdex ({self.base}) did not answer everything within {self.deadline.seconds:g} s"
                )
            data, answer = http.fetch_json(
                url,
                headers=headers,
                timeout=self.timeout,
                within=self.timeout,
                deadline=self.deadline,
                max_bytes=MAX_JSON_BYTES,
                what=f"TCGdex ({self.base})",
                allow_not_found=allow_not_found or kind in ("set", "card"),
                connections=self.connections,
            )
            if answer.not_modified:
                return NOT_MODIFIED, {}
            return data, answer.headers

        return http.with_retries(attempt, retries=self.retries, deadline=self.deadline)

    def many(self, paths: Sequence[str], kind: str, progress: Callable[[], None] | None = None) -> list[Any]:
        """The JSON of every path, at most ``workers`` requests at a time (the
        same worker threads, each with its kept-alive connection, for every
        call); the first failure cancels the rest and is raised."""
        if not paths:
            return []
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="deckcheck-tcgdex")
        futures = [self._pool.submit(self.get, path, kind) for path in paths]
        try:
            for future in as_completed(futures):
                failure = future.exception()
                if failure is not None:
                    raise failure
                if progress:
                    progress()
        finally:
            for other in futures:
                other.cancel()  # nothing for those done or running
        return [future.result()[0] for future in futures]

    def close(self) -> None:
        """Stop the worker threads and close their connections."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self.connections.close()


class TcgdexApi:
    """The TCGdex API as a :class:`~deckcheck.carddb.sources.FillSource`.

    ``set_list`` is the answer of ``GET /v2/en/sets``; ``reuse`` maps deckcheck
    card ids to the cards an earlier update fetched (not asked for again).
    :meth:`prepare` fetches the set objects of every set the merge will ask for
    (``set_progress(sets so far, sets)``); each set object lists its cards, so
    the number of cards to fetch is known before the first card request, and
    ``progress(cards so far, cards to fetch)`` follows them. ``flavour`` is the
    language asked for (English by default; the Japanese cards are a region of their own).
    """

    def __init__(
        self,
        client: TcgdexClient,
        set_list: Sequence[Any],
        reuse: Mapping[str, Card] | None = None,
        progress: Progress | None = None,
        flavour: Flavour = ENGLISH,
        set_progress: Progress | None = None,
    ):
        self.flavour = flavour
        self.name = flavour.source
        self.client = client
        self.label = client.base
        self.commit = None
        self.sets_listed = set_list_order(set_list)
        self.reuse = dict(reuse or {})
        self.progress = progress
        self.set_progress = set_progress
        self.fetched = 0
        self.reused = 0
        self.total: int | None = None  # the cards to fetch, once prepare() has the set objects
        self._sets: dict[str, Any] = {}  # set objects fetched ahead by prepare(), until their set is read
        self._planned: dict[str, int] = {}  # how many cards prepare() counted for each of them
        # TCGdex ids of the cards a set object lists whose card object was not found (404):
        # the source could not be read whole.
        self.missing: list[str] = []

    def candidate_sets(self) -> list[tuple[str, SetRecord, int | None]]:
        return [(str(raw["id"]), self.flavour.set_record(raw), official_count(raw)) for raw in self.sets_listed]

    def prepare(self, plan: Sequence[tuple[str, Callable[[Card], bool]]]) -> None:
        """Fetch the set objects of the sets ``plan`` names (each with what the
        merge has of it already), all at once, and count the cards to fetch."""
        base = "/" + self.flavour.base
        done = 0
        if self.set_progress:
            self.set_progress(0, len(plan))

        def advanced() -> None:
            nonlocal done
            done += 1
            if self.set_progress:
                self.set_progress(done, len(plan))

        raws = self.client.many([f"{base}/sets/{quote(sid)}" for sid, _ in plan], "set", advanced)
        total = 0
        for (tcgdex_id, skip), raw_set in zip(plan, raws):
            self._sets[tcgdex_id] = raw_set
            if isinstance(raw_set, Mapping) and raw_set.get("id"):
                wanted, _ = self._split(raw_set, skip)
                self._planned[tcgdex_id] = len(wanted)
                total += len(wanted)
        self.total = total
        if self.progress:
            self.progress(self.fetched, self.total)

    def _split(self, raw_set: Mapping[str, Any], skip: Callable[[Card], bool]) -> tuple[list[str], list[Card]]:
        """The TCGdex ids of the set's cards to fetch, and the cards an earlier update fetched."""
        record = self.flavour.set_record(raw_set)
        wanted, kept = [], []
        for entry in raw_set.get("cards") or ():
            card_id = str(entry.get("id") if isinstance(entry, Mapping) else entry)
            stub = self.flavour.stub_card(card_id, record)
            if skip(stub):
                continue
            if stub.id in self.reuse:
                kept.append(self.reuse[stub.id])
            else:
                wanted.append(card_id)
        return wanted, kept

    def _advance(self, steps: int = 1) -> None:
        self.fetched += steps
        if self.total is not None and self.fetched > self.total:
            self.total = self.fetched
        if self.progress:
            self.progress(self.fetched, self.total)

    def set_batch(self, tcgdex_id: str, skip: Callable[[Card], bool]) -> CardBatch:
        base = "/" + self.flavour.base
        if tcgdex_id in self._sets:
            raw_set = self._sets.pop(tcgdex_id)
        else:
            raw_set, _ = self.client.get(f"{base}/sets/{quote(tcgdex_id)}", "set")
        if raw_set is None:  # listed, but TCGdex has no such set object
            return CardBatch(f"{self.label}{base}/sets/{tcgdex_id}", [], self.name)
        if not isinstance(raw_set, Mapping) or not raw_set.get("id"):
            raise DatabaseError(f"TCGdex answered no set for {tcgdex_id}")
        record = self.flavour.set_record(raw_set)
        wanted, kept = self._split(raw_set, skip)
        self.reused += len(kept)
        raws = self.client.many([f"{base}/cards/{quote(card_id)}" for card_id in wanted], "card", self._advance)
        planned = self._planned.pop(tcgdex_id, None)
        if planned is not None and planned > len(wanted):
            self._advance(planned - len(wanted))  # a set the merge had more of than it had planned: counted as done
        self.missing.extend(card_id for card_id, raw in zip(wanted, raws) if raw is None)
        batch = self.flavour.convert_set(
            raw_set,
            ((f"{self.label}{base}/cards/{c}", raw) for c, raw in zip(wanted, raws) if raw is not None),
            f"{self.label}{base}/sets/{tcgdex_id}",
        )
        cards = self.flavour.settle([card for card, _ in batch.cards] + kept)
        return batch._replace(cards=[(card, record) for card in cards])

    def close(self) -> None:
        self.client.close()
