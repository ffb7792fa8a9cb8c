"""The hunt for a false LEGAL: real legal lists, one line changed at a time, against an oracle
written apart from the resolver (docs/rulings.md, "Which card a line is").

The oracle reads the card dataset itself (the pokemontcg.io snapshot in ``../shared``) and
decides whether the line a mutation wrote says which card it is: its code and number name a
print whose name is the one written, or every print the line may mean on the day is one rules
identity (one deck-building name, one game text, the same rule flags). The resolver may be
stricter than the oracle (it also asks that the format judge the prints alike), never looser:

* no mutated deck is LEGAL unless the oracle identifies the changed line;
* a line the resolver counts as a card is a line the oracle identifies, and the card it is
  counted as is one the oracle's reading allows (the same rules identity).

Mutations: numbers no set holds (main sets, promo series, a set released after the day), set
code and number joined, split or in lower case (``par70``, ``PAR70``, ``par 70``), mechanic
suffixes dropped or moved (``ex``, ``EX``, ``V``, ``GX``, ``VMAX``, ``◇``), names that two
English cards share in another language, digits in other scripts, trailing text, the set code
and number left out (a name-only line), the number of another card of the set, a one-letter typo.

CI runs a fixed budget (about 60 examples); ``DECKCHECK_PROPERTY_EXAMPLES=N`` runs N with a
random seed (docs/development.md, Testing). Without ``../shared/carddata`` the test is skipped,
saying so.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcheck.carddb import gametext
from deckcheck.core.prints import LIVE_ALT_SERIES
from deckcheck.names import deck_key, deck_name

TESTS = Path(__file__).resolve().parents[1]
DATA = TESTS.parent.parent / "shared" / "carddata"
PTCG = DATA / "pokemon-tcg-data"
TCGDEX = DATA / "tcgdex-api"
EXPORTS = TESTS / "exports"

pytestmark = pytest.mark.skipif(
    not (PTCG / "sets" / "en.json").is_file(),
    reason=f"reference data not found at {PTCG} (../shared/carddata is needed for this test)",
)

# The rule-relevant subtypes: what the deck-building rules see besides name and text.
RULE_SUBTYPES = frozenset(
    {"Basic", "ACE SPEC", "Prism Star", "Star", "Radiant", "BREAK", "LEGEND", "V-UNION", "Baby", "Special"}
)


def fold(name: str, *, era: bool = True) -> str:
    """The oracle's own folding of a name: no accents, no case, letters and digits only -- but
    the EX of the Black & White and XY eras (Genesect-EX) is not the ex of today (Genesect ex),
    unless ``era`` is false."""
    if era:
        name = re.sub(r"[-\s]EX\b", " eraex ", name)
    decomposed = unicodedata.normalize(
        "NFKD", name.replace("{*}", " prism ").replace("◇", " prism ").replace("★", " star ").replace("☆", " star ")
    )
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def close_spelling(written: str, name: str) -> bool:
    """A word left out or added ("Plasma Badge" for Team Plasma Badge), or a typo or two."""
    words = " ".join(fold(w) for w in written.split())
    card = " ".join(fold(w) for w in name.split())
    shorter, longer = sorted((words, card), key=len)
    if len(shorter) >= 4 and f" {shorter} " in f" {longer} ":
        return True
    return _distance(words, card) <= (1 if len(card) < 8 else 2)


def number_key(number: str, code: str) -> str:
    """``SWSH020`` and ``SWSH20``, ``062`` and ``62`` are one number; in a promo series the
    letters before the digits are the series' own, so ``PR-SW 142`` is the card numbered SWSH142."""
    number = unicodedata.normalize("NFKC", number).upper()
    match = re.fullmatch(r"([A-Z-]*)0*(\d+)([A-Z]?)", number)
    if not match:
        return number
    promo = code == "PR" or code.startswith("PR-")
    return f"{'' if promo else match[1]}{match[2]}{match[3]}"


class Print(NamedTuple):
    id: str
    name: str
    supertype: str
    code: str
    number: str
    day: str
    identity: tuple


class Oracle:
    """Which card a line says, read from the dataset alone."""

    def __init__(self) -> None:
        sets = json.loads((PTCG / "sets" / "en.json").read_text("utf-8"))
        self.set_day = {s["id"]: s["releaseDate"].replace("/", "-") for s in sets}
        self.code_sets: dict[str, list[str]] = defaultdict(list)
        for s in sets:
            if s.get("ptcgoCode"):
                self.code_sets[s["ptcgoCode"].upper()].append(s["id"])
        self.set_code = {s["id"]: (s.get("ptcgoCode") or "").upper() for s in sets}
        self.prints: dict[str, Print] = {}
        self.by_number: dict[tuple[str, str], list[Print]] = defaultdict(list)
        self.by_fold: dict[str, list[Print]] = defaultdict(list)
        self.by_plain: dict[str, list[Print]] = defaultdict(list)
        for path in sorted((PTCG / "cards" / "en").glob("*.json")):
            for raw in json.loads(path.read_text("utf-8")):
                set_id = raw["id"].rsplit("-", 1)[0]
                if set_id not in self.set_day:
                    continue  # a card file of a set the set list lacks: not in the database either
                code = self.set_code.get(set_id, "")
                basic_energy = raw["supertype"] == "Energy" and "Basic" in (raw.get("subtypes") or ())
                identity = (
                    ("basic energy", fold(raw["name"]).removeprefix("basic"))
                    if basic_energy
                    else (
                        deck_key(raw["name"], raw["supertype"]),
                        gametext.text_hash(raw),
                        raw["supertype"],
                        frozenset(RULE_SUBTYPES.intersection(raw.get("subtypes") or ())),
                    )
                )
                card = Print(
                    raw["id"], raw["name"], raw["supertype"], code, raw["number"], self.set_day[set_id], identity
                )
                self.prints[card.id] = card
                if code:
                    self.by_number[(code, number_key(raw["number"], code))].append(card)
                self.by_fold[fold(raw["name"])].append(card)
                self.by_plain[fold(raw["name"], era=False)].append(card)
                shown = fold(deck_name(raw["name"], raw["supertype"]))
                if shown != fold(raw["name"]):
                    self.by_fold[shown].append(card)

        # The highest number of the main set of a code that also has a Shiny Vault (SV1, SV2, ...).
        self.main_highest = {
            code: max(int(key) for (held, key) in self.by_number if held == code and key.isdigit())
            for code in {held for (held, key) in self.by_number if key.startswith("SV")}
        }

    def named(self, name: str) -> list[Print]:
        # "Miraidon EX": no Miraidon-EX was ever printed, so its capitals are only spelling.
        return self.by_fold.get(fold(name)) or self.by_plain.get(fold(name, era=False), [])

    def reading(self, name: str, code: str | None, number: str | None, day: str) -> set[tuple] | None:
        """The rules identities the line may be, when it says which card it is; else None."""
        # The clients' Energy spellings: "Double Turbo Energy - Special", "Fire Energy - Basic".
        name = re.sub(r" - (?:Special|Basic)$", "", name)
        if not code:
            prints = [p for p in self.named(name) if p.day <= day] or self.named(name)
            names = {p.identity[0] for p in prints}
            return {p.identity for p in prints} if len(names) == 1 else None
        code = code.upper()
        if code in LIVE_ALT_SERIES:
            return self.alt_reading(name, LIVE_ALT_SERIES[code], day)
        base, _, gallery = code.partition("-")
        if code not in self.code_sets and gallery in GALLERIES and base in self.code_sets:
            # PTCG Live's sub-set codes: "LOR-TG 24" is LOR TG24 (docs/rulings.md, "PTCG Live's own forms").
            code, number = base, f"{gallery}{number}"
        if code not in self.code_sets:
            return None
        numbered = self.by_number.get((code, number_key(number or "", code)), [])
        if not numbered and (number or "").isdigit() and int(number or 0) > self.main_highest.get(code, 10**6):
            # PTCG Live numbers a Shiny Vault on from its main set (docs/rulings.md, "PTCG Live's
            # own forms"): HIF 163 is SV94, the main set ending at 69.
            vault = f"SV{int(number or 0) - self.main_highest[code]}"
            numbered = self.by_number.get((code, number_key(vault, code)), [])
        if numbered:
            # At a number, case is spelling: "Mew EX MEW 151" is the Mew ex numbered there, although
            # "Mew EX" alone would be the Mew-EX of 2012.
            fits = [
                p
                for p in numbered
                if fold(p.name, era=False) == fold(name, era=False)
                or fold(deck_name(p.name, p.supertype), era=False) == fold(name, era=False)
            ]
            if not fits and not self.named(name):
                # A close spelling of the numbered card that names no card: read as it, warned.
                fits = [
                    p
                    for p in numbered
                    if close_spelling(name, p.name) or close_spelling(name, deck_name(p.name, p.supertype))
                ]
            identities = {p.identity for p in fits}
            return identities if len(identities) == 1 else None
        if min(self.set_day[s] for s in self.code_sets[code]) > day:
            return None  # a set of the future: no card of it is legal on the day
        prints = [p for p in self.named(name) if p.day <= day]
        identities = {p.identity for p in prints}
        return identities if len(identities) == 1 else None

    def alt_reading(self, name: str, series, day: str) -> set[tuple] | None:
        """A PTCG Live ALT code (docs/rulings.md, "Which card a line is"): the prints of
        the name in that series released by the day, identified when they share one deck-building
        name and the same rule flags (their verdict, which the oracle does not judge, may still
        make the line an error)."""
        prints = [
            p
            for p in self.named(name)
            if p.id.rsplit("-", 1)[0].startswith(series.prefixes)
            and series.first <= p.day <= day
            and (series.last is None or p.day <= series.last)
        ]
        if not prints:
            return None
        if len({(p.identity[0], p.identity[-1]) for p in prints}) != 1:
            return None
        return {p.identity for p in prints}

    def alt_code_of(self, code: str, number: str) -> str | None:
        """The ALT code of the series the print at ``code`` ``number`` belongs to, if any."""
        for card in self.by_number.get((code, number_key(number, code)), []):
            set_id = card.id.rsplit("-", 1)[0]
            for alt, series in LIVE_ALT_SERIES.items():
                if set_id.startswith(series.prefixes):
                    return alt
        return None


@cache
def oracle() -> Oracle:
    return Oracle()


# -- the real lists -------------------------------------------------------------------------

_CARD = re.compile(r"^(?P<count>\d+) (?P<name>.+?) (?P<code>[A-Z][A-Z0-9-]{1,6}) (?P<number>[A-Z]{0,5}\d{1,4}[a-z]?)$")


class Lined(NamedTuple):
    text: str
    fmt: str
    day: str
    lines: tuple[str, ...]


@cache
def real_lists() -> tuple[Lined, ...]:
    """The real Standard and Expanded exports of tests/exports: their day and format are in the
    file name."""
    found = []
    for path in sorted(EXPORTS.glob("*.txt")):
        match = re.match(r"(\d{4}-\d{2}-\d{2})-(standard|expanded)-", path.name)
        if match:
            text = path.read_text("utf-8")
            found.append(Lined(text, match[2], match[1], tuple(text.splitlines())))
    return tuple(found)


class Mutation(NamedTuple):
    line: str  # what the mutated line says
    name: str  # what the oracle reads it as (code "?": a line that is no clean card line)
    code: str | None
    number: str | None


MECHANICS = ("ex", "EX", "V", "GX", "VMAX", "VSTAR", "◇")
OTHER_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")
PROMO_PAST_END = (("PR-SV", "250"), ("PR-SW", "SWSH999"), ("PR-SM", "SM999"), ("PR-XY", "XY999"), ("PR-BLW", "BW999"))


def future_codes(day: str) -> list[str]:
    o = oracle()
    return sorted(code for code, ids in o.code_sets.items() if min(o.set_day[i] for i in ids) > day and len(code) == 3)


GALLERIES = ("TG", "GG")


def changeable(line: re.Match, day: str) -> bool:
    """A card line worth changing: of a code the dataset holds (or a gallery of one: "LOR-TG"),
    and no basic Energy (legal in every print, so a wrong number on it hides no card)."""
    o = oracle()
    base, _, gallery = line["code"].partition("-")
    if line["code"] not in o.code_sets and not (gallery in GALLERIES and base in o.code_sets):
        return False
    if "Energy" not in line["name"]:
        return True
    reading = o.reading(line["name"], line["code"], line["number"], day)
    return bool(reading) and all(identity[0] != "basic energy" for identity in reading)


@st.composite
def mutated(draw) -> tuple[Lined, int, Mutation]:
    deck = draw(st.sampled_from(real_lists()))
    card_lines = [i for i, line in enumerate(deck.lines) if (m := _CARD.match(line)) and changeable(m, deck.day)]
    index = draw(st.sampled_from(card_lines))
    m = _CARD.match(deck.lines[index])
    assert m is not None
    count, name, code, number = m["count"], m["name"], m["code"], m["number"]
    kind = draw(
        st.sampled_from(
            (
                "missing-number",
                "future-set",
                "promo-past-end",
                "joined",
                "lower",
                "split",
                "mechanic",
                "digits",
                "trailing",
                "name-only",
                "other-number",
                "typo",
                "alt",
            )
        )
    )
    if kind == "alt":
        # PTCG Live's ALT code of the print's own series, or of another series, for the set code.
        own = oracle().alt_code_of(code, number)
        alt = draw(st.sampled_from(sorted(LIVE_ALT_SERIES))) if own is None or draw(st.booleans()) else own
        return deck, index, Mutation(f"{count} {name} {alt} {number}", name, alt, number)
    if kind == "name-only":
        # As written, or with today's "ex" in capitals ("Mew EX": Mew-EX of 2012 letter for letter).
        if name.endswith(" ex") and draw(st.booleans()):
            name = f"{name[:-3]} EX"
        return deck, index, Mutation(f"{count} {name}", name, None, None)
    if kind == "other-number":
        # The number of another card of the same set: the written name then names no print there.
        others = sorted({key for (held, key) in oracle().by_number if held == code} - {number})
        other = draw(st.sampled_from(others)) if others else number
        return deck, index, Mutation(f"{count} {name} {code} {other}", name, code, other)
    if kind == "typo":
        # One letter after the first changed: a close spelling of the card, or of another card.
        places = [i for i, char in enumerate(name) if i and char.isascii() and char.isalpha()]
        if not places:
            return deck, index, Mutation(deck.lines[index], name, code, number)
        place = draw(st.sampled_from(places))
        letter = draw(st.sampled_from([c for c in "aeiourstnlmk" if c != name[place].lower()]))
        typo = name[:place] + letter + name[place + 1 :]
        return deck, index, Mutation(f"{count} {typo} {code} {number}", typo, code, number)
    if kind == "missing-number":
        missing = draw(st.sampled_from(("999", "0", f"{number}x", "998")))
        return deck, index, Mutation(f"{count} {name} {code} {missing}", name, code, missing)
    if kind == "future-set":
        codes = future_codes(deck.day)
        if not codes:
            return deck, index, Mutation(deck.lines[index], name, code, number)
        future = draw(st.sampled_from(codes))
        return deck, index, Mutation(f"{count} {name} {future} 999", name, future, "999")
    if kind == "promo-past-end":
        promo, past = draw(st.sampled_from(PROMO_PAST_END))
        return deck, index, Mutation(f"{count} {name} {promo} {past}", name, promo, past)
    if kind == "joined":
        return deck, index, Mutation(f"{count} {name} {code}{number}", name, code, number)
    if kind == "lower":
        joined = draw(st.booleans())
        written = f"{code.lower()}{number}" if joined else f"{code.lower()} {number}"
        return deck, index, Mutation(f"{count} {name} {written}", name, code, number)
    if kind == "split":
        return deck, index, Mutation(f"{count} {name} {code[:1]} {code[1:]} {number}", "", "?", None)
    if kind == "mechanic":
        words = name.split(" ")
        if words[-1] in MECHANICS and len(words) > 1:
            base = " ".join(words[:-1])
            how = draw(st.sampled_from(("drop", "after", "upper", "joined")))
            if how == "drop":
                return deck, index, Mutation(f"{count} {base} {code} {number}", base, code, number)
            if how == "after":
                return deck, index, Mutation(f"{count} {base} {code} {number} {words[-1]}", "", "?", None)
            if how == "upper":
                written = f"{base} {words[-1].upper()}"
                return deck, index, Mutation(f"{count} {written} {code} {number}", written, code, number)
            return deck, index, Mutation(f"{count} {base} {words[-1]} {code.lower()}{number}", name, code, number)
        added = draw(st.sampled_from(MECHANICS))
        return deck, index, Mutation(f"{count} {name} {added} {code} {number}", f"{name} {added}", code, number)
    if kind == "digits":
        written = number.translate(OTHER_DIGITS)
        return deck, index, Mutation(f"{count} {name} {code} {written}", name, code, number)
    trailing = draw(st.sampled_from(("foo", "ex", "V", "promo", "GX")))
    return deck, index, Mutation(f"{count} {name} {code} {number} {trailing}", "", "?", None)


# -- the property ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def checker(reference_index):
    """The library over the reference database, and the pack of each format."""
    import deckcheck

    return deckcheck.open_database(reference_index.path)


def identified_card(text: str, fmt: str, day: str, line_number: int, index) -> tuple | None:
    """The rules identity of the card the resolver counts line ``line_number`` as, or None."""
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    parsed = parse_text(text, "deck.txt")
    result = check_deck(parsed, load_pack(fmt), index, dt.date.fromisoformat(day), keep_deck=True)
    assert result.deck is not None
    for deck_card, line in zip(result.deck.cards, result.deck.lines, strict=True):
        if line == line_number:
            card = oracle().prints.get(deck_card.card.id)
            return card.identity if card is not None else ("not in the dataset", deck_card.card.id)
    return None


@given(case=mutated())
def test_no_mutated_list_is_legal_unless_the_oracle_identifies_the_line(checker, reference_index, case):
    import deckcheck

    deck, index, mutation = case
    lines = list(deck.lines)
    lines[index] = mutation.line
    text = "\n".join(lines) + "\n"
    result = deckcheck.check_text(text, format=deck.fmt, date=deck.day, db=checker)
    reading = oracle().reading(mutation.name, mutation.code, mutation.number, deck.day)
    if reading is None:
        assert result.verdict != "legal", f"{mutation.line!r} does not say which card it is, yet the deck is LEGAL"
    counted = identified_card(text, deck.fmt, deck.day, index + 1, reference_index)
    if counted is not None:
        assert reading is not None, f"{mutation.line!r} was counted as a card the oracle cannot tell"
        assert counted in reading, f"{mutation.line!r} was counted as another card than it says"


@pytest.fixture(scope="module")
def names_db(reference_names):
    """The reference database with the card names of five languages."""
    import deckcheck

    return deckcheck.open_database(reference_names.path)


@cache
def shared_translations() -> tuple[tuple[str, str], ...]:
    """(language, name) of every translated name that cards of two English names share."""
    english = {c["id"]: c["name"] for c in json.loads((TCGDEX / "v2" / "en" / "cards.json").read_text("utf-8"))}
    shared = []
    for lang in ("de", "fr", "es", "it", "pt"):
        meanings: dict[str, set[str]] = defaultdict(set)
        for card in json.loads((TCGDEX / "v2" / lang / "cards.json").read_text("utf-8")):
            if card["id"] in english and card.get("name"):
                # One deck-building name: a Trainer's subtitle, LV.X, δ and the "Basic" of Energy aside.
                english_name = re.sub(r" \(.*\)$| LV\.X$| ?δ", "", english[card["id"]])
                # (EX and ex folded alike here: TCGdex spells the eras' suffixes its own way)
                meanings[card["name"]].add(fold(english_name.replace("EX", "ex")).removeprefix("basic"))
        shared += [
            (lang, name) for name, found in meanings.items() if len(found) > 1 and fold(name) not in oracle().by_fold
        ]
    return tuple(sorted(shared))


@given(data=st.data())
def test_a_name_two_english_cards_share_never_makes_a_list_legal(names_db, data):
    import deckcheck

    deck = data.draw(st.sampled_from(real_lists()))
    lang, name = data.draw(st.sampled_from(shared_translations()))
    # One card line of the list becomes the shared name, with the same count: still 60 cards.
    index = data.draw(st.sampled_from([i for i, line in enumerate(deck.lines) if _CARD.match(line)]))
    count = deck.lines[index].split(" ", 1)[0]
    lines = [*deck.lines[:index], f"{count} {name}", *deck.lines[index + 1 :]]
    text = "\n".join(lines) + "\n"
    result = deckcheck.check_text(text, format=deck.fmt, date=deck.day, db=names_db)
    assert result.verdict != "legal", f"{name!r} ({lang}) names two cards, yet the deck is LEGAL"
