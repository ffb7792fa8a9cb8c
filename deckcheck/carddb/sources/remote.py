"""The card sources ``db update`` fetches: one plugin per source, in the order
they are merged (:data:`REMOTE_SOURCES`).

A plugin is a class with the :class:`RemoteSource` shape, built with that
source's keyword options (``update_database`` passes each its own). The update
loops over the plugins the user chose:

1. :meth:`~RemoteSource.check` every one before anything is locked or
   downloaded (a URL that cannot be parsed, ...);
2. :meth:`~RemoteSource.fetch` each in turn, ``conditional`` while every
   source before it answered "nothing new" (then this one may ask with
   ``If-None-Match``/``If-Modified-Since`` too); the first plugin is the
   primary :class:`~deckcheck.carddb.sources.CardSource`, the others
   :class:`~deckcheck.carddb.sources.FillSource` s filling in what it lacks;
3. when all answered "unchanged", nothing is built; otherwise any source that
   answered "unchanged" without a source to read is fetched again without
   condition, and the merge is built from all of them;
4. after the build, :meth:`~RemoteSource.missing` names what a source listed
   but could not deliver (a card object TCGdex answers 404 for): the update
   refuses to install such a database unless told ``allow_incomplete``.

A new source is one more class here and one more entry in :data:`REMOTE_SOURCES`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from deckcheck.carddb import http, tcgdex_fetch
from deckcheck.carddb.build import PhaseHook
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.info import DatabaseInfo
from deckcheck.carddb.sources import CardBatch, CardSource, FillSource, SetRecord, tcgdex_ja
from deckcheck.carddb.sources.installed import InstalledSource
from deckcheck.carddb.sources.pokemontcg import open_dataset
from deckcheck.model import INTERNATIONAL, JAPAN, Card


@dataclass(frozen=True, slots=True)
class UpdateContext:
    """What every plugin of one update shares."""

    dest: Path  # the database to replace
    work: Path  # a private temporary folder beside it
    previous: DatabaseInfo | None  # the installed database, if readable
    force: bool
    timeout: float
    retries: int
    phase: PhaseHook | None = None
    now: str = field(default_factory=lambda: dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat())

    @property
    def meta(self) -> dict[str, str]:
        return dict(self.previous.meta) if self.previous else {}

    def had(self, source: str) -> bool:
        """Whether the installed database holds cards of ``source``."""
        return self.previous is not None and source in self.previous.sources


@dataclass
class Fetched:
    """What a plugin's fetch got: ``changed`` False when the source said it has
    nothing new (``source`` may then be None: nothing to read); ``meta`` goes
    into the new database's meta; ``report`` into the update's result."""

    changed: bool
    source: CardSource | FillSource | None
    meta: dict[str, str] = field(default_factory=dict)
    report: dict[str, Any] = field(default_factory=dict)
    # Why an optional source could not be read (one line); its cards then come from the
    # installed database where it has them (``source``), else from the other sources.
    failed: str | None = None


class RemoteSource(Protocol):
    name: str  # the --source name, and the database's source label
    title: str  # its name for people
    label: str  # where it is fetched from, for messages
    # False: the primary CardSource (at most one per update); True: a FillSource filling it in.
    fills_in: bool
    # The card pool its cards belong to (model.REGIONS): a source of another region than the
    # international one is a CardSource of its own, built beside the international cards.
    region: str

    def check(self) -> None:
        """Refuse options that cannot work (DatabaseError, one line), before anything is locked."""

    def fetch(self, ctx: UpdateContext, *, conditional: bool) -> Fetched:
        """Download what is needed (conditionally, if ``conditional``)."""

    def missing(self) -> list[str]:
        """After the build: what the source listed but could not deliver (ids)."""

    def unreadable(self, ctx: UpdateContext, problem: str) -> Fetched:
        """What an update keeps of an optional source that could not be read (``problem``)."""


class PokemontcgArchive:
    """The pokemontcg.io dataset zip at ``url`` (an http(s) or file URL)."""

    name = "pokemontcg"
    title = "pokemontcg.io"
    fills_in = False
    region = INTERNATIONAL

    def __init__(self, url: str, *, sha256: str | None = None, progress: http.Progress | None = None):
        self.url = self.label = url
        self.sha256 = sha256
        self.progress = progress

    def check(self) -> None:
        http.check_url(self.url)

    def fetch(self, ctx: UpdateContext, *, conditional: bool) -> Fetched:
        meta = ctx.meta
        same_url = meta.get("url") == self.url and ctx.had(self.name)
        headers: dict[str, str] = {}
        if conditional and same_url:
            if meta.get("etag"):
                headers["If-None-Match"] = meta["etag"]
            if meta.get("last_modified"):
                headers["If-Modified-Since"] = meta["last_modified"]
        archive = ctx.work / "dataset.zip"
        if ctx.phase:
            ctx.phase("download", None)
        download = http.download(
            self.url, archive, headers, timeout=ctx.timeout, retries=ctx.retries, progress=self.progress
        )
        if download.not_modified and ctx.previous is None:
            raise DatabaseError(f"{self.url} answered 304 Not Modified, but no database is installed; use --force")
        report: dict[str, Any] = {
            "url": self.url,
            "etag": download.etag,
            "last_modified": download.last_modified,
            "sha256": None,
            "downloaded_bytes": download.size,
        }
        if download.not_modified:
            changed = False
            report.update(etag=meta.get("etag"), last_modified=meta.get("last_modified"))
        else:
            if ctx.phase and self.sha256 is not None:
                # Only a --sha256 is verified; without one the digest only tells a new archive.
                ctx.phase("verify", None)
            digest = http.sha256_of(archive)
            if self.sha256 is not None and digest != self.sha256:
                raise DatabaseError(f"verification failed: the archive's SHA-256 is {digest}, expected {self.sha256}")
            report["sha256"] = digest
            changed = not (conditional and same_url and meta.get("sha256") == digest)
        if changed:
            source: CardSource = open_dataset(archive)
            meta_out = {"url": self.url, "sha256": report["sha256"] or "", "downloaded_at": ctx.now}
        else:
            source = InstalledSource(ctx.dest, self.name)  # type: ignore[assignment]
            report["sha256"] = meta.get("sha256")
            meta_out = {k: meta[k] for k in ("url", "sha256", "downloaded_at") if meta.get(k)}
        meta_out.update({"etag": report["etag"] or "", "last_modified": report["last_modified"] or ""})
        return Fetched(changed, source, meta_out, report)

    def missing(self) -> list[str]:
        return []  # an archive is read whole or refused

    def unreadable(self, ctx: UpdateContext, problem: str) -> Fetched:
        """What an update without the archive keeps of it (it is optional by
        default: the archive is frozen and may go away): the cards an earlier
        update took from it, where the installed database has them, with their
        meta, so that the archive's facts stay where it had the card."""
        if not ctx.had(self.name):
            return Fetched(False, None, {}, {"url": self.url}, failed=problem)
        meta = ctx.meta
        kept = {k: meta[k] for k in ("url", "sha256", "downloaded_at", "etag", "last_modified") if meta.get(k)}
        report = {"url": self.url, "etag": meta.get("etag"), "last_modified": meta.get("last_modified")}
        report["sha256"] = meta.get("sha256")
        return Fetched(False, InstalledSource(ctx.dest, self.name), kept, report, failed=problem)  # type: ignore[arg-type]


class TcgdexRemote:
    """The TCGdex REST API at ``url``: the set list, then only the cards the
    sources before it and the installed database lack."""

    name = "tcgdex"
    title = "TCGdex"
    fills_in = True
    region = INTERNATIONAL

    def __init__(
        self,
        url: str | None = None,
        *,
        deadline: float | None = None,
        workers: int | None = None,
        progress: http.Progress | None = None,
        set_progress: http.Progress | None = None,
    ):
        self.url = self.label = url or tcgdex_fetch.DEFAULT_TCGDEX_URL
        self.deadline = deadline or tcgdex_fetch.DEFAULT_DEADLINE
        self.workers = workers or tcgdex_fetch.MAX_WORKERS
        self.progress = progress
        self.set_progress = set_progress
        self.api: Any = None

    def check(self) -> None:
        if http.check_url(self.url) == "file":
            raise DatabaseError(f"cannot read TCGdex at {self.url}: only http and https URLs are supported")

    def fetch(self, ctx: UpdateContext, *, conditional: bool) -> Fetched:
        from deckcheck.carddb.sqlite import cards_of_source

        client = tcgdex_fetch.TcgdexClient(
            self.url, timeout=ctx.timeout, retries=ctx.retries, deadline=self.deadline, workers=self.workers
        )
        meta = ctx.meta
        headers: dict[str, str] = {}
        # A database installed without some cards (allow_incomplete) asks again for all of them.
        if conditional and meta.get("tcgdex_url") == self.url and not meta.get("tcgdex_missing"):
            if meta.get("tcgdex_etag"):
                headers["If-None-Match"] = meta["tcgdex_etag"]
            if meta.get("tcgdex_last_modified"):
                headers["If-Modified-Since"] = meta["tcgdex_last_modified"]
        if ctx.phase:
            ctx.phase("tcgdex", None)
        report: dict[str, Any] = {"requests": client.requests}
        try:
            set_list, answer = client.get("/v2/en/sets", "sets", headers)
            if set_list is tcgdex_fetch.NOT_MODIFIED:
                client.close()
                return Fetched(False, None, {}, report)
            if not isinstance(set_list, list):
                raise DatabaseError(f"{self.url}/v2/en/sets did not answer a list of sets")
        except BaseException:
            client.close()
            raise
        reuse = {card.id: card for card in cards_of_source(ctx.dest, self.name)} if ctx.had(self.name) else {}
        self.api = tcgdex_fetch.TcgdexApi(client, set_list, reuse, self.progress, set_progress=self.set_progress)
        meta_out = {
            "tcgdex_url": self.url,
            "tcgdex_etag": answer.get("ETag") or "",
            "tcgdex_last_modified": answer.get("Last-Modified") or "",
            "tcgdex_fetched_at": ctx.now,
        }
        return Fetched(True, self.api, meta_out, report)

    def missing(self) -> list[str]:
        return list(self.api.missing) if self.api is not None else []

    def unreadable(self, ctx: UpdateContext, problem: str) -> Fetched:
        raise DatabaseError(problem)  # TCGdex is never optional: it has every set


class TcgdexJapan(TcgdexRemote):
    """Japan's cards from the TCGdex API at ``url`` (``/v2/ja``): a region of their own
    (:mod:`~deckcheck.carddb.sources.tcgdex_ja`). The set list is asked for conditionally
    (its ETag and Last-Modified are kept in the meta); when it is unchanged the installed
    database's Japanese cards are used again, and otherwise only the cards the installed
    database lacks are fetched."""

    name = tcgdex_ja.SOURCE
    title = "TCGdex (Japan)"
    fills_in = False
    region = JAPAN

    def fetch(self, ctx: UpdateContext, *, conditional: bool) -> Fetched:
        from deckcheck.carddb.sqlite import cards_of_source

        client = tcgdex_fetch.TcgdexClient(
            self.url, timeout=ctx.timeout, retries=ctx.retries, deadline=self.deadline, workers=self.workers
        )
        meta = ctx.meta
        keys = ("tcgdex_ja_url", "tcgdex_ja_etag", "tcgdex_ja_last_modified", "tcgdex_ja_fetched_at")
        headers: dict[str, str] = {}
        had = ctx.had(self.name)
        # Asked conditionally whenever the installed database has the Japanese cards of this URL,
        # whatever ``conditional`` says: what the international sources answered tells nothing of them.
        if had and not ctx.force and meta.get("tcgdex_ja_url") == self.url and not meta.get(f"{self.name}_missing"):
            if meta.get("tcgdex_ja_etag"):
                headers["If-None-Match"] = meta["tcgdex_ja_etag"]
            if meta.get("tcgdex_ja_last_modified"):
                headers["If-Modified-Since"] = meta["tcgdex_ja_last_modified"]
        if ctx.phase:
            ctx.phase("tcgdex-ja", None)
        set_list, answer = client.get(f"/{tcgdex_ja.BASE}/sets", "sets", headers)
        report: dict[str, Any] = {"requests": client.requests}
        if set_list is tcgdex_fetch.NOT_MODIFIED:
            # Nothing new in Japan (whatever the other sources say: the Japanese cards are a card
            # pool of their own): the installed database's Japanese cards again.
            client.close()
            kept = {key: meta[key] for key in keys if meta.get(key)}
            return Fetched(False, InstalledSource(ctx.dest, self.name), kept, report)  # type: ignore[arg-type]
        if not isinstance(set_list, list):
            raise DatabaseError(f"{self.url}/{tcgdex_ja.BASE}/sets did not answer a list of sets")
        reuse = {card.id: card for card in cards_of_source(ctx.dest, self.name)} if had else {}
        self.api = tcgdex_fetch.TcgdexApi(
            client, set_list, reuse, self.progress, tcgdex_ja.JAPANESE, set_progress=self.set_progress
        )
        meta_out = dict(
            zip(keys, (self.url, answer.get("ETag") or "", answer.get("Last-Modified") or "", ctx.now), strict=True)
        )
        return Fetched(True, _WholeSource(self.api), meta_out, report)


def _nothing(card: Card) -> bool:
    return False  # a region of its own has no other source: no card of it is there already


class _WholeSource:
    """A :class:`~deckcheck.carddb.sources.FillSource` read whole, every set of it, as the
    :class:`~deckcheck.carddb.sources.CardSource` of a region of its own."""

    def __init__(self, fill: FillSource):
        self.fill = fill
        self.label: str = fill.label
        self.commit: str | None = None
        self._candidates: list[tuple[str, SetRecord, int | None]] | None = None

    def _sets(self) -> list[tuple[str, SetRecord, int | None]]:
        if self._candidates is None:
            self._candidates = list(self.fill.candidate_sets())
        return self._candidates

    def sets(self) -> list[SetRecord]:
        return [record for _, record, _ in self._sets()]

    def batch_count(self) -> int | None:
        return len(self._sets())

    def batches(self) -> Iterator[CardBatch]:
        prepare = getattr(self.fill, "prepare", None)
        if prepare is not None:  # every set object first: the progress has its totals
            prepare([(source_set_id, _nothing) for source_set_id, _, _ in self._sets()])
        for source_set_id, _, _ in self._sets():
            yield self.fill.set_batch(source_set_id, _nothing)

    def close(self) -> None:
        self.fill.close()


# Every source db update can fetch, by --source name, in the order they are merged (the first is the primary).
REMOTE_SOURCES: dict[str, Callable[..., RemoteSource]] = {
    "pokemontcg": PokemontcgArchive,
    "tcgdex": TcgdexRemote,
}
# --source: one of them, or "both" (all of them).
ALL = "both"
# With "both", the sources an update goes on without when they cannot be read: the
# pokemontcg.io archive is frozen and being retired (docs/card-database.md), TCGdex has every set.
OPTIONAL_WITH_ALL = ("pokemontcg",)
