"""Card names in German, French, Spanish, Italian and Portuguese, from TCGdex.

TCGdex (https://tcgdex.dev, MIT licence) publishes, per language, the list
responses ``GET /v2/{lang}/cards`` -> ``[{id, localId, name}]`` and ``GET
/v2/{lang}/sets`` -> ``[{id, name, releaseDate, abbreviation: {official},
cardCount: {official}}]``. :func:`import_names` reads them from a folder
(``<folder>/v2/{lang}/cards.json`` or ``<folder>/{lang}/cards.json``) or
downloads them from a base URL (``https://api.tcgdex.net`` by default), maps
every TCGdex card to a card of the installed database and stores the names in
its ``names`` table.

Mapping (TCGdex ids are not the dataset's: ``sv03`` vs ``sv3``):

* a TCGdex **set** maps by its official abbreviation, which is the code deck
  lists print and the dataset's ``ptcgoCode`` (folded like a deck list's set
  code: ``SVP`` = ``PR-SV``; a ``BRS:TG`` sub-set uses ``BRS``), when a set with
  that code was released within :data:`CODE_DATE_TOLERANCE_DAYS` of it (``TR``
  is Team Rocket in the dataset but Team Rocket Returns in TCGdex); otherwise by
  its release date, when exactly one set of that day has about as many cards;
* a TCGdex **card** maps by set and collector number (``localId`` against the
  dataset number, both through :func:`~deckcheck.carddb.index.number_key`);
  when the number fits cards of different deck-building names in several sets
  of one code, the set whose size is closest decides, else the card stays
  unmapped rather than guessed.

What could not be mapped is counted, with examples, in the
:class:`NamesImportResult`. The database is replaced atomically, under the
update lock, like ``db import``/``db update``: a copy is written beside it and
renamed over it, so a failure leaves the installed database as it was.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from deckcheck.carddb.build import clean_stale_temp_files, database_beside, refuse_special_destination, temp_prefix
from deckcheck.carddb.errors import DatabaseError, no_database_at
from deckcheck.carddb.http import NotJson, decode_json, download
from deckcheck.carddb.index import is_promo_code, number_key, set_code_key
from deckcheck.carddb.info import DatabaseInfo
from deckcheck.carddb.sqlite import (
    NAMES_META_PREFIX,
    connect_readonly,
    database_info,
    name_rows,
    write_names,
)
from deckcheck.carddb.update import database_lock
from deckcheck.i18n import N_, Phrase
from deckcheck.model import INTERNATIONAL
from deckcheck.names import deck_key, name_key

DEFAULT_NAMES_URL = "https://api.tcgdex.net"
# A set's release date in TCGdex may differ from the dataset's by weeks
# (svp: 89 days); Team Rocket (2000) and Team Rocket Returns (2004) share "TR".
CODE_DATE_TOLERANCE_DAYS = 120
MAX_EXAMPLES = 10

Progress = Callable[[int, "int | None"], None]
PhaseHook = Callable[[str, "int | None"], None]  # as deckcheck.carddb.build.PhaseHook


@dataclass(frozen=True, slots=True)
class TcgdexLanguage:
    """The two TCGdex list responses of one language."""

    lang: str
    cards: Sequence[Mapping[str, Any]]
    sets: Sequence[Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class LanguageReport:
    """How the cards of one language mapped onto the database."""

    lang: str
    cards: int  # cards in the TCGdex list
    mapped: int  # mapped to at least one card of the database
    names: int  # rows stored (mapped cards whose name differs from the English one)
    same_as_english: int  # mapped, but spelled as in English (nothing to store)
    unmapped: int  # cards that could not be mapped (the sum of the next three)
    no_set: int  # ... because their TCGdex set matched no set of the database
    no_card: int  # ... because no card of the set has their number
    ambiguous: int  # ... because their number fits cards of different names
    unmapped_sets: tuple[str, ...] = ()  # "sv03 (Obsidian Flames, OBF, 2023-08-11)"
    examples: tuple[str, ...] = ()  # TCGdex ids of unmapped cards, a few

    @property
    def share_mapped(self) -> float:
        return self.mapped / self.cards if self.cards else 0.0


@dataclass(frozen=True, slots=True)
class NamesImportResult:
    path: Path
    source: str
    languages: tuple[LanguageReport, ...]
    info: DatabaseInfo
    names: int = 0  # rows in the names table now (all languages)

    def lines(self) -> list[str]:
        """A short report for the command line."""
        out = []
        for report in self.languages:
            out.append(
                f"{report.lang}: {report.mapped} of {report.cards} cards mapped ({report.share_mapped:.1%}), "
                f"{report.names} names stored ({report.same_as_english} spelled as in English)"
            )
            if report.unmapped:
                out.append(
                    f"  not mapped: {report.unmapped} ({report.no_set} in sets not in the database, "
                    f"{report.no_card} without a card of that number, {report.ambiguous} ambiguous)"
                )
            if report.unmapped_sets:
                shown = ", ".join(report.unmapped_sets[:MAX_EXAMPLES])
                more = len(report.unmapped_sets) - MAX_EXAMPLES
                out.append(f"  sets not in the database: {shown}" + (f" and {more} more" if more > 0 else ""))
            if report.examples:
                out.append(f"  e.g. {', '.join(report.examples)}")
        return out


# -- reading the TCGdex lists -----------------------------------------------------


def parse_tcgdex(lang: str, cards: Any, sets: Any, label: str) -> TcgdexLanguage:
    """Check the shape of the two lists (entries without the fields are skipped)."""
    if not isinstance(cards, list):
        raise DatabaseError(f"{label}: the {lang} cards list is not a JSON list")
    if not isinstance(sets, list):
        raise DatabaseError(f"{label}: the {lang} sets list is not a JSON list")
    good_cards = [
        c
        for c in cards
        if isinstance(c, dict) and all(isinstance(c.get(k), str) and c.get(k) for k in ("id", "localId", "name"))
    ]
    if cards and not good_cards:
        raise DatabaseError(f"{label}: the {lang} cards list has no entries with id, localId and name")
    good_sets = [s for s in sets if isinstance(s, dict) and isinstance(s.get("id"), str)]
    return TcgdexLanguage(lang, good_cards, good_sets)


def _language_folder(folder: Path, lang: str) -> Path:
    for candidate in (folder / "v2" / lang, folder / lang):
        if (candidate / "cards.json").is_file():
            return candidate
    raise DatabaseError(f"{folder} holds no {lang}/cards.json (nor v2/{lang}/cards.json): not a TCGdex export")


def read_tcgdex_folder(folder: Path, lang: str) -> TcgdexLanguage:
    """``<folder>/v2/{lang}/{cards,sets}.json`` (or without ``v2/``)."""
    where = _language_folder(Path(folder), lang)
    loaded = []
    for name in ("cards.json", "sets.json"):
        path = where / name
        try:
            loaded.append(decode_json(path.read_bytes(), str(path)))
        except OSError as error:
            raise DatabaseError(f"cannot read {path}: {error.strerror or error}") from None
    return parse_tcgdex(lang, loaded[0], loaded[1], str(where))


def fetch_tcgdex(
    base_url: str, lang: str, work: Path, *, timeout: float = 30, retries: int = 2, progress: Progress | None = None
) -> TcgdexLanguage:
    """``GET {base_url}/v2/{lang}/cards`` and ``/sets`` (http, https; a file://
    URL is read as a folder)."""
    parts = urlsplit(base_url)
    if parts.scheme.lower() == "file":
        return read_tcgdex_folder(Path(url2pathname(parts.path)), lang)
    base = base_url.rstrip("/")
    loaded = []
    for what in ("cards", "sets"):
        target = work / f"{lang}-{what}.json"
        loaded.append(
            _get_json(f"{base}/v2/{lang}/{what}", target, timeout=timeout, retries=retries, progress=progress)
        )
    return parse_tcgdex(lang, loaded[0], loaded[1], base_url)


def _get_json(url: str, target: Path, *, timeout: float, retries: int, progress: Progress | None) -> Any:
    """The JSON at ``url`` (the API's form) or, where that is not found or not
    JSON (a static copy of the files served from a folder: ``/v2/en/sets`` is
    the server's listing of the folder ``sets``), at ``url.json``; saved as ``target``."""
    try:
        download(url, target, {"Accept": "application/json"}, timeout=timeout, retries=retries, progress=progress)
        return decode_json(target.read_bytes(), url)
    except DatabaseError as error:
        if not isinstance(error, NotJson) and "HTTP 404" not in str(error):
            raise
        failure = error
    try:
        download(
            url + ".json", target, {"Accept": "application/json"}, timeout=timeout, retries=retries, progress=progress
        )
    except DatabaseError:
        raise failure from None
    return decode_json(target.read_bytes(), url + ".json")


# -- mapping ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _DbSet:
    id: str
    name: str | None
    code_key: str | None
    release_date: str | None
    card_count: int

    @property
    def promo(self) -> bool:
        return self.code_key is not None and bool(self.code_key) and is_promo_code(self.code_key)


@dataclass(frozen=True, slots=True)
class _DbCard:
    id: str
    name: str
    set_id: str
    deck_key: str


@dataclass(slots=True)
class _Database:
    sets: dict[str, _DbSet]
    by_code: dict[str, list[_DbSet]]
    by_date: dict[str, list[_DbSet]]
    by_set_number: dict[tuple[str, str], list[_DbCard]]


def _read_database(conn: sqlite3.Connection) -> _Database:
    sets: dict[str, _DbSet] = {}
    by_code: dict[str, list[_DbSet]] = defaultdict(list)
    by_date: dict[str, list[_DbSet]] = defaultdict(list)
    for set_id, name, code, release_date, card_count in conn.execute(
        # The names of other languages are those of the international cards (Japan's are cards of their own).
        "SELECT id, name, code, release_date, card_count FROM sets WHERE region = ? ORDER BY rowid",
        (INTERNATIONAL,),
    ):
        db_set = _DbSet(set_id, name, set_code_key(code) if code else None, release_date, int(card_count or 0))
        sets[set_id] = db_set
        if db_set.code_key and db_set.card_count:
            by_code[db_set.code_key].append(db_set)
        if release_date and db_set.card_count:
            by_date[release_date].append(db_set)
    by_set_number: dict[tuple[str, str], list[_DbCard]] = defaultdict(list)
    for card_id, name, supertype, set_id, number_key_ in conn.execute(
        "SELECT id, name, supertype, set_id, number_key FROM cards WHERE region = ? ORDER BY rowid", (INTERNATIONAL,)
    ):
        by_set_number[(set_id, number_key_)].append(_DbCard(card_id, name, set_id, deck_key(name, supertype)))
    return _Database(sets, by_code, by_date, by_set_number)


def _days_apart(a: str | None, b: str | None) -> int | None:
    try:
        return abs((dt.date.fromisoformat(a) - dt.date.fromisoformat(b)).days)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _norm_set_id(set_id: str) -> str:
    # "sv03" ~ "sv3", "swsh12.5" ~ "swsh12pt5": only to break ties between sets of one code.
    return re.sub(r"(?<=[a-z])0+(?=\d)", "", set_id.lower().replace(".", "pt"))


def _official(value: Any) -> Any:
    return value.get("official") if isinstance(value, dict) else None


@dataclass(frozen=True, slots=True)
class _SetTarget:
    set_ids: tuple[str, ...]
    how: str  # "code" or "date"


def _count_fits(db_count: int, count: int | None) -> bool:
    """A dataset set of ``db_count`` cards may be a TCGdex set of ``count``: the
    dataset counts secret rares the official count leaves out (Call of Legends:
    106 for 95), and a few promos fewer (SWSH promos: 304 for 307)."""
    if count is None:
        return True
    return count - max(3, 0.05 * count) <= db_count <= count * 1.25 + 3


def _code_target(tcgdex_set: Mapping[str, Any], db: _Database) -> _SetTarget | None:
    abbreviation = _official(tcgdex_set.get("abbreviation"))
    if not isinstance(abbreviation, str) or not abbreviation.strip():
        return None
    date = tcgdex_set.get("releaseDate") if isinstance(tcgdex_set.get("releaseDate"), str) else None
    # "BRS:TG" (Trainer Gallery) is printed as BRS with TG numbers.
    code = set_code_key(abbreviation.split(":", 1)[0])
    near = [
        s
        for s in db.by_code.get(code, [])
        if date is None
        or ((days := _days_apart(s.release_date, date)) is not None and days <= CODE_DATE_TOLERANCE_DAYS)
    ]
    if not near:
        return None
    same_id = [s for s in near if _norm_set_id(s.id) == _norm_set_id(str(tcgdex_set["id"]))]
    return _SetTarget(tuple(s.id for s in (same_id or near)), "code")


def _date_candidates(tcgdex_set: Mapping[str, Any], db: _Database) -> list[_DbSet]:
    date = tcgdex_set.get("releaseDate")
    if not isinstance(date, str):
        return []
    count = _official(tcgdex_set.get("cardCount"))
    return [s for s in db.by_date.get(date, []) if _count_fits(s.card_count, count if isinstance(count, int) else None)]


def map_sets(tcgdex_sets: Mapping[str, Mapping[str, Any]], db: _Database) -> dict[str, _SetTarget | None]:
    """The database set(s) each TCGdex set is (None: not in the database).

    By code first; then by release date for the rest, where one dataset set of
    that day fits the size; a dataset set that several TCGdex sets of one day
    could be (POP Series 6 and two trainer kits) goes to the closest in size,
    and never to a set already taken by its code."""
    targets: dict[str, _SetTarget | None] = {set_id: _code_target(s, db) for set_id, s in tcgdex_sets.items()}
    taken = {db_id for target in targets.values() if target for db_id in target.set_ids}
    claims: dict[str, list[str]] = defaultdict(list)
    for set_id, tcgdex_set in tcgdex_sets.items():
        if targets[set_id] is not None:
            continue
        candidates = [s for s in _date_candidates(tcgdex_set, db) if s.id not in taken]
        if len(candidates) == 1:
            claims[candidates[0].id].append(set_id)
    for db_id, claimants in claims.items():
        db_count = db.sets[db_id].card_count

        def distance(set_id: str, db_count: int = db_count) -> int:
            count = _official(tcgdex_sets[set_id].get("cardCount"))
            return abs(db_count - count) if isinstance(count, int) else db_count

        best = min(distance(set_id) for set_id in claimants)
        winners = [set_id for set_id in claimants if distance(set_id) == best]
        if len(winners) == 1:
            targets[winners[0]] = _SetTarget((db_id,), "date")
    return targets


def _tcgdex_set_id(card: Mapping[str, Any]) -> str:
    card_id, local_id = card["id"], card["localId"]
    if card_id.endswith("-" + local_id):
        return card_id[: -len(local_id) - 1]
    return card_id.rsplit("-", 1)[0]


def _map_card(
    card: Mapping[str, Any], target: _SetTarget, db: _Database, tcgdex_count: int | None
) -> tuple[list[_DbCard], str]:
    """The database cards a TCGdex card is, and "ok", "no-card" or "ambiguous"."""
    hits: list[_DbCard] = []
    for set_id in target.set_ids:
        db_set = db.sets[set_id]
        hits.extend(db.by_set_number.get((set_id, number_key(card["localId"], promo=db_set.promo)), ()))
    if not hits:
        return [], "no-card"
    if len({hit.deck_key for hit in hits}) > 1 and len({hit.set_id for hit in hits}) > 1 and tcgdex_count:
        # One code, several sets with the same numbers (Celebrations and its
        # Classic Collection): the set whose size is the TCGdex set's.
        closest = min(abs(db.sets[hit.set_id].card_count - tcgdex_count) for hit in hits)
        hits = [hit for hit in hits if abs(db.sets[hit.set_id].card_count - tcgdex_count) == closest]
    if len({hit.deck_key for hit in hits}) > 1:
        return [], "ambiguous"
    return hits, "ok"


def _describe_set(tcgdex_set: Mapping[str, Any] | None, set_id: str) -> str:
    if not tcgdex_set:
        return set_id
    parts = [str(tcgdex_set.get("name") or "")]
    abbreviation = _official(tcgdex_set.get("abbreviation"))
    if abbreviation:
        parts.append(str(abbreviation))
    if tcgdex_set.get("releaseDate"):
        parts.append(str(tcgdex_set["releaseDate"]))
    return f"{set_id} ({', '.join(p for p in parts if p)})"


def map_names(
    db: _Database, languages: Sequence[TcgdexLanguage], more_sets: Sequence[Mapping[str, Any]] = ()
) -> tuple[list[tuple[str, str, str]], list[LanguageReport]]:
    """``(lang, name, card_id)`` rows for the ``names`` table and a report per language.

    ``more_sets`` (the English sets list) describes sets that a language's own
    list lacks (the German list has no entry for EX Hidden Legends, whose
    cards it has)."""
    # TCGdex set ids are the same in every language; a set missing from one
    # language's list is known from another's.
    tcgdex_sets: dict[str, Mapping[str, Any]] = {}
    for language in languages:
        for tcgdex_set in language.sets:
            tcgdex_sets.setdefault(tcgdex_set["id"], tcgdex_set)
    english: dict[str, Mapping[str, Any]] = {}
    for tcgdex_set in more_sets:
        if isinstance(tcgdex_set, dict) and isinstance(tcgdex_set.get("id"), str):
            tcgdex_sets.setdefault(tcgdex_set["id"], tcgdex_set)
            english.setdefault(tcgdex_set["id"], tcgdex_set)
    targets = map_sets(tcgdex_sets, db)

    rows: list[tuple[str, str, str]] = []
    reports = []
    for language in languages:
        own_sets = {tcgdex_set["id"]: tcgdex_set for tcgdex_set in language.sets}
        mapped = stored = same = no_set = no_card = ambiguous = 0
        missing_sets: dict[str, int] = {}
        examples: list[str] = []
        seen: set[tuple[str, str]] = set()
        for card in language.cards:
            set_id = _tcgdex_set_id(card)
            target = targets.get(set_id)
            if target is None:
                no_set += 1
                missing_sets[set_id] = missing_sets.get(set_id, 0) + 1
                continue
            hits, outcome = _map_card(card, target, db, _official((tcgdex_sets.get(set_id) or {}).get("cardCount")))
            if outcome != "ok":
                if outcome == "ambiguous":
                    ambiguous += 1
                else:
                    no_card += 1
                if len(examples) < MAX_EXAMPLES:
                    examples.append(card["id"])
                continue
            mapped += 1
            name = " ".join(card["name"].split())
            written = name_key(name)
            spelled_as_english = False
            for hit in hits:
                # The English name (or its deck-building name: "Electivire" for
                # "Electivire LV.X") needs no translation.
                if written in (name_key(hit.name), hit.deck_key):
                    spelled_as_english = True
                    continue
                if (hit.id, name) not in seen:
                    seen.add((hit.id, name))
                    rows.append((language.lang, name, hit.id))
                    stored += 1
            same += spelled_as_english
        unmapped = no_set + no_card + ambiguous
        ordered_sets = sorted(missing_sets, key=lambda s: (-missing_sets[s], s))
        reports.append(
            LanguageReport(
                lang=language.lang,
                cards=len(language.cards),
                mapped=mapped,
                names=stored,
                same_as_english=same,
                unmapped=unmapped,
                no_set=no_set,
                no_card=no_card,
                ambiguous=ambiguous,
                # The summary is English: sets by their English names first (trainer kits
                # the German list lacks were named in French; the Spanish list names a BW kit "XY").
                unmapped_sets=tuple(
                    _describe_set(english.get(s) or own_sets.get(s) or tcgdex_sets.get(s), s) for s in ordered_sets
                ),
                examples=tuple(examples),
            )
        )
    return rows, reports


# -- installing -----------------------------------------------------------------------


def _identity(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _install(dest: Path, rows: Sequence[tuple[str, str, str]], langs: Sequence[str], meta: Mapping[str, str]) -> None:
    """Copy ``dest``, replace the names of ``langs`` in the copy, rename it over ``dest``."""
    before = _identity(dest)

    def unchanged() -> None:
        if _identity(dest) != before:
            # An import or update installed another database meanwhile: adding
            # names to the copy of the old one would undo it.
            raise DatabaseError(f"{dest} was replaced while the names were imported; nothing was changed, run it again")

    with database_beside(dest, f"the card names into a copy of {dest}", unchanged) as temp:
        source = connect_readonly(dest)
        try:
            copy = sqlite3.connect(temp, isolation_level=None)
            try:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=OFF")  # private until renamed
                copy.execute("BEGIN")
                write_names(copy, name_rows(rows), replace_langs=langs)
                copy.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
                langs_now = [row[0] for row in copy.execute("SELECT DISTINCT lang FROM names ORDER BY lang")]
                copy.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", ("names_langs", ",".join(langs_now)))
                copy.execute("COMMIT")
            finally:
                copy.close()
        finally:
            source.close()


def _read_sets(folder: Path) -> Any:
    for candidate in (folder / "v2" / "en" / "sets.json", folder / "en" / "sets.json"):
        if candidate.is_file():
            return decode_json(candidate.read_bytes(), str(candidate))
    return []


def _fetch_sets(base_url: str, work: Path, timeout: float, retries: int) -> Any:

    parts = urlsplit(base_url)
    if parts.scheme.lower() == "file":
        return _read_sets(Path(url2pathname(parts.path)))
    target = work / "en-sets.json"
    return _get_json(f"{base_url.rstrip('/')}/v2/en/sets", target, timeout=timeout, retries=retries, progress=None)


def _english_sets(load: Callable[[], Any]) -> list[Mapping[str, Any]]:
    """The English sets list, which describes sets some languages' lists lack;
    only a help for the mapping, so a source without it is no error."""
    try:
        sets = load()
    except DatabaseError:
        return []
    return [s for s in sets if isinstance(s, dict)] if isinstance(sets, list) else []


def _is_url(source: str | Path) -> bool:
    return isinstance(source, str) and re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", source) is not None


def import_names(
    source: str | Path,
    dest: Path,
    langs: Iterable[str],
    *,
    timeout: float = 30,
    retries: int = 2,
    progress: Progress | None = None,
    phase: PhaseHook | None = None,
) -> NamesImportResult:
    """Import the TCGdex card names of ``langs`` into the card database ``dest``.

    ``source`` is a folder holding ``v2/{lang}/cards.json`` and ``sets.json``
    (or ``{lang}/...``), or a base URL (``https://api.tcgdex.net``, a mirror,
    ``http://127.0.0.1:PORT``) whose ``/v2/{lang}/cards`` and ``/v2/{lang}/sets``
    are fetched. The names of ``langs`` are replaced, those of other languages
    kept. ``phase(key, total)`` is called as each phase begins: ``names-download``
    (then ``progress(bytes, total)``) or ``names-read`` (then ``progress(languages
    read, total)``), ``names-map`` and ``names-write``. Raises
    :class:`DatabaseError` (one line) on any failure, leaving
    ``dest`` as it was; a language none of whose cards map is a failure too
    (a wrong folder or URL), nothing is then changed.
    """
    import tempfile

    dest = Path(dest)
    refuse_special_destination(dest)
    wanted = tuple(dict.fromkeys(langs))
    if not wanted:
        raise DatabaseError("no language was given for the card names")
    if not dest.is_file():
        raise no_database_at(dest, Phrase(N_("build it first (deckcheck db update or deckcheck db import PATH)")))
    label = str(source) if _is_url(source) else str(Path(source).resolve())
    with database_lock(dest):
        clean_stale_temp_files(dest)
        conn = connect_readonly(dest)
        try:
            db = _read_database(conn)
        except sqlite3.Error as error:
            raise DatabaseError(f"the card database {dest} is unreadable ({error})") from None
        finally:
            conn.close()
        work: Path | None = None
        try:
            if _is_url(source):
                try:
                    work = Path(
                        tempfile.mkdtemp(prefix=f"{temp_prefix(dest)}{os.getpid()}-", suffix=".names", dir=dest.parent)
                    )
                except OSError as error:
                    raise DatabaseError(f"cannot write in {dest.parent}: {error.strerror or error}") from None
                if phase:
                    phase("names-download", None)
                data = [
                    fetch_tcgdex(str(source), lang, work, timeout=timeout, retries=retries, progress=progress)
                    for lang in wanted
                ]
                more_sets = _english_sets(lambda: _fetch_sets(str(source), work, timeout, retries))
            else:
                folder = Path(source)
                if not folder.is_dir():
                    raise DatabaseError(f"{folder} is not a folder")
                if phase:
                    phase("names-read", len(wanted))
                data = []
                for lang in wanted:
                    data.append(read_tcgdex_folder(folder, lang))
                    if progress:
                        progress(len(data), len(wanted))
                more_sets = _english_sets(lambda: _read_sets(folder))
        finally:
            if work is not None:
                shutil.rmtree(work, ignore_errors=True)
        if phase:
            phase("names-map", None)
        rows, reports = map_names(db, data, more_sets)
        for report in reports:
            if report.cards and not report.mapped:
                raise DatabaseError(
                    f"none of the {report.cards} {report.lang} cards of {label} matches a card of the database "
                    "(is it a TCGdex export, and the database the pokemontcg.io dataset?); nothing was changed"
                )
        now = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
        meta = {f"{NAMES_META_PREFIX}source": label, f"{NAMES_META_PREFIX}imported_at": now}
        for report in reports:
            meta[f"{NAMES_META_PREFIX}{report.lang}"] = (
                f"{report.names} names, {report.mapped}/{report.cards} cards mapped, imported {now}"
            )
        if phase:
            phase("names-write", None)
        _install(dest, rows, wanted, meta)
    info = database_info(dest)
    conn = connect_readonly(dest)
    try:
        total = conn.execute("SELECT COUNT(*) FROM names").fetchone()[0]
    finally:
        conn.close()
    return NamesImportResult(path=dest, source=label, languages=tuple(reports), info=info, names=total)


def names_info(path: Path) -> dict[str, int]:
    """``{lang: names}`` of the database at ``path`` (empty without names), for ``db info``."""
    conn = connect_readonly(path)
    try:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'names'").fetchone() is None:
            return {}
        return {
            lang: count for lang, count in conn.execute("SELECT lang, COUNT(*) FROM names GROUP BY lang ORDER BY lang")
        }
    finally:
        conn.close()
