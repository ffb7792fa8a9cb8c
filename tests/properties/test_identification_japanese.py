"""The hunt for a false LEGAL in Japanese lists (docs/rulings.md, "Which card a line is";
docs/japan.md): the legal Japanese lists of tests/japan_decks, one line changed at a time, under
``standard-jp`` on a day of their season, against an oracle written apart from the resolver.

The oracle reads TCGdex's Japanese export itself (``../shared/carddata/tcgdex-api/v2/ja``) and
decides whether the line a mutation wrote says which card it is: its code and number name a
print whose name is the one written (its own folding of Japanese names: full- and half-width
forms, spaces and ・ alike, the voiced marks kept), or every print the line may mean on the day is
one rules identity (one deck-building name, one game text, the same rule flags). As for the
English lists (test_identification.py), the resolver may be stricter, never looser:

* no mutated deck is LEGAL unless the oracle identifies the changed line;
* a line the resolver counts as a card is one the oracle identifies, as a card of the reading.

Mutations: numbers no set holds, a set of the future, the code in lower case or joined to the
number, the number in full-width digits or written over the set's size, the name in half-width
kana or with its ex written apart, the rule box dropped or added (ex, V, VSTAR, VMAX, GX), an
English set code for a Japanese name, trailing text.
"""

from __future__ import annotations

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

TESTS = Path(__file__).resolve().parents[1]
JA = TESTS.parent.parent / "shared" / "carddata" / "tcgdex-api" / "v2" / "ja"
DECKS = TESTS / "japan_decks"

pytestmark = pytest.mark.skipif(
    not (JA / "sets.json").is_file(), reason=f"Japanese card data not found at {JA} (needed for this test)"
)

# The legal Japanese lists and a day of their season (tests/packs/test_japan_decks.py checks them).
LEGAL = {
    "season-2023-gardevoir.txt": "2023-06-20",
    "season-2024-charizard.txt": "2024-06-01",
    "season-2025-raging-bolt.txt": "2025-06-10",
    "season-2026-raging-bolt.txt": "2026-03-01",
    "deck-code-gholdengo-2025.txt": "2025-12-20",
    "release-day-2025.txt": "2025-03-14",
}
_HALF_WIDTH = str.maketrans(
    dict(
        zip(
            "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワンー",
            "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝｰ",
            strict=True,
        )
    )
)


def fold(name: str) -> str:
    """The oracle's folding of a Japanese name: NFKC (half-width kana are full-width, ｶﾞ is ガ),
    no spaces, no ・, no case; the ACE SPEC the deck pages add is no part of it."""
    text = unicodedata.normalize("NFKC", name)
    text = re.sub(r"\(ACE SPEC\)", "", text, flags=re.IGNORECASE)
    return "".join(ch for ch in text.casefold() if ch.isalnum() or ch in "&:-ー")


def deck_fold(name: str, category: str) -> str:
    """The deck-building name: a Trainer's subtitle in brackets is no part of it."""
    if category == "Trainer":
        name = re.sub(r"[（(][^（）()]*[）)]$", "", unicodedata.normalize("NFKC", name).strip())
    return fold(name)


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def close_spelling(written: str, name: str) -> bool:
    """A typo or two (docs/rulings.md: a close spelling of the numbered card that names no other
    card is read as it, with a warning)."""
    card = fold(name)
    return _distance(fold(written), card) <= (1 if len(card) < 8 else 2)


def number_key(number: str) -> str:
    digits = unicodedata.normalize("NFKC", number).split("/")[0]
    return digits.lstrip("0") or "0"


class Print(NamedTuple):
    id: str
    name: str
    category: str
    code: str
    number: str
    day: str
    identity: tuple


class Oracle:
    """Which Japanese card a line says, read from the export alone -- but for the day of each
    promo (SV-P, M-P), which the export gives only as its series' first day: there the card
    database's own day of the print (carddb/promo_days.py, docs/rulings.md: a promo's day is
    its own) is taken, given as ``days``."""

    def __init__(self, days: dict[str, str]) -> None:
        sets = json.loads((JA / "sets.json").read_text("utf-8"))
        self.set_day = {s["id"]: s["releaseDate"] for s in sets}
        self.codes = {s["abbreviation"]["official"].upper(): s["id"] for s in sets}
        self.prints: dict[str, Print] = {}
        self.by_number: dict[tuple[str, str], list[Print]] = defaultdict(list)
        self.by_fold: dict[str, list[Print]] = defaultdict(list)
        for path in sorted((JA / "cards").glob("*.json")):
            raw = json.loads(path.read_text("utf-8"))
            set_id = raw["set"]["id"]
            basic = (
                raw["category"] == "Energy" and raw.get("energyType") != "Special" and raw["name"].startswith("基本")
            )
            text = {key: raw.get(key) for key in ("effect", "abilities", "attacks", "hp", "types", "stage", "retreat")}
            flags = (raw.get("rarity") == "ACE SPEC Rare", raw["name"].startswith("かがやく"))
            identity = (
                ("basic energy", fold(raw["name"]))
                if basic
                else (deck_fold(raw["name"], raw["category"]), json.dumps(text, sort_keys=True), flags)
            )
            day = days.get(raw["id"], self.set_day[set_id]) if set_id.endswith("-P") else self.set_day[set_id]
            card = Print(raw["id"], raw["name"], raw["category"], set_id.upper(), raw["localId"], day, identity)
            self.prints[card.id] = card
            self.by_number[(set_id.upper(), number_key(raw["localId"]))].append(card)
            self.by_fold[fold(raw["name"])].append(card)
            if deck_fold(raw["name"], raw["category"]) != fold(raw["name"]):
                self.by_fold[deck_fold(raw["name"], raw["category"])].append(card)

    def named(self, name: str) -> list[Print]:
        return self.by_fold.get(fold(name), [])

    def reading(self, name: str, code: str | None, number: str | None, day: str) -> set[tuple] | None:
        """The rules identities the line may be, when it says which card it is; else None."""
        if not code:
            prints = [p for p in self.named(name) if p.day <= day] or self.named(name)
            return {p.identity for p in prints} if len({p.identity[0] for p in prints}) == 1 else None
        code = unicodedata.normalize("NFKC", code).upper()
        if code not in self.codes:
            return None
        numbered = self.by_number.get((code, number_key(number or "")), [])
        if numbered:
            fits = [p for p in numbered if fold(name) in (fold(p.name), deck_fold(p.name, p.category))]
            if not fits and not self.named(name):
                fits = [p for p in numbered if close_spelling(name, p.name)]
            identities = {p.identity for p in fits}
            return identities if len(identities) == 1 else None
        if self.set_day[self.codes[code]] > day:
            return None
        identities = {p.identity for p in self.named(name) if p.day <= day}
        return identities if len(identities) == 1 else None


_ORACLE: list[Oracle] = []


def oracle() -> Oracle:
    assert _ORACLE, "the checker fixture makes the oracle"
    return _ORACLE[0]


class Lined(NamedTuple):
    text: str
    day: str
    lines: tuple[str, ...]
    cards: tuple[tuple[int, int, str, str, str], ...]  # (index, count, name, code, number)


@cache
def real_lists() -> tuple[Lined, ...]:
    """The legal Japanese lists, with their card lines read by the parser (not the resolver)."""
    from deckcheck.parse import parse_text

    found = []
    for name, day in LEGAL.items():
        text = (DECKS / name).read_text("utf-8")
        parsed = parse_text(text, name)
        cards = tuple(
            (e.line - 1, e.count, e.name, e.set_code, e.number) for e in parsed.placed() if e.set_code and e.number
        )
        found.append(Lined(text, day, tuple(text.splitlines()), cards))
    return tuple(found)


class Mutation(NamedTuple):
    line: str
    name: str  # what the oracle reads it as (code "?": a line that is no clean card line)
    code: str | None
    number: str | None


BOXES = ("ex", "V", "VSTAR", "VMAX", "GX")
WIDE_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")
ENGLISH_CODES = ("SVI", "PAL", "TEF", "MEG", "PAR")


@st.composite
def mutated(draw) -> tuple[Lined, int, Mutation]:
    deck = draw(st.sampled_from(real_lists()))
    index, count, name, code, number = draw(st.sampled_from([c for c in deck.cards if "エネルギー" not in c[2]]))
    kind = draw(
        st.sampled_from(
            (
                "missing-number",
                "future-set",
                "lower",
                "joined",
                "wide-digits",
                "over-size",
                "half-width",
                "ex-apart",
                "box",
                "english-code",
                "trailing",
            )
        )
    )
    if kind == "missing-number":
        missing = draw(st.sampled_from(("999", "0", "998")))
        return deck, index, Mutation(f"{count} {name} {code} {missing}", name, code, missing)
    if kind == "future-set":
        future = [c for c, s in oracle().codes.items() if oracle().set_day[s] > deck.day and "-" not in c]
        chosen = draw(st.sampled_from(sorted(future))) if future else code
        return deck, index, Mutation(f"{count} {name} {chosen} 001", name, chosen, "001")
    if kind == "lower":
        return deck, index, Mutation(f"{count} {name} {code.lower()} {number}", name, code, number)
    if kind == "joined":  # the trackers' form: read as the print where its name fits
        return deck, index, Mutation(f"{count} {name} {code}{number}", name, code, number)
    if kind == "wide-digits":
        return deck, index, Mutation(f"{count} {name} {code} {number.translate(WIDE_DIGITS)}", name, code, number)
    if kind == "over-size":
        return deck, index, Mutation(f"{count} {name} {code} {number}/999", name, code, number)
    if kind == "half-width":
        written = unicodedata.normalize("NFKD", name).translate(_HALF_WIDTH)
        written = written.replace("\u3099", "ﾞ").replace("\u309a", "ﾟ")
        return deck, index, Mutation(f"{count} {written} {code} {number}", name, code, number)
    if kind == "ex-apart" and name.endswith("ex"):
        return deck, index, Mutation(f"{count} {name[:-2]} ex {code} {number}", name, code, number)
    if kind == "box":
        box = next((b for b in BOXES if name.endswith(b)), None)
        if box is not None:
            base = name[: -len(box)].rstrip()
            return deck, index, Mutation(f"{count} {base} {code} {number}", base, code, number)
        added = draw(st.sampled_from(BOXES))
        return deck, index, Mutation(f"{count} {name}{added} {code} {number}", f"{name}{added}", code, number)
    if kind == "english-code":
        english = draw(st.sampled_from(ENGLISH_CODES))
        return deck, index, Mutation(f"{count} {name} {english} {number}", name, english, number)
    trailing = draw(st.sampled_from(("foo", "ex", "V", "プロモ")))
    return deck, index, Mutation(f"{count} {name} {code} {number} {trailing}", "", "?", None)


def identified_card(text: str, day: str, line_number: int, index) -> tuple | None:
    """The oracle's identity of the card the resolver counts line ``line_number`` as, or None."""
    import datetime as dt

    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    result = check_deck(
        parse_text(text, "deck.txt"), load_pack("standard-jp"), index, dt.date.fromisoformat(day), keep_deck=True
    )
    assert result.deck is not None
    for deck_card, line in zip(result.deck.cards, result.deck.lines, strict=True):
        if line == line_number:
            card = oracle().prints.get(deck_card.card.id.removeprefix("jp:"))
            return card.identity if card is not None else ("not in the export", deck_card.card.id)
    return None


@pytest.fixture(scope="module")
def checker(japan_index):
    import deckcheck

    if not _ORACLE:
        days = {c.id.removeprefix("jp:"): c.release_date for c in japan_index.all_cards() if c.release_date}
        _ORACLE.append(Oracle(days))
    return deckcheck.open_database(japan_index.path)


@given(case=mutated())
def test_no_mutated_japanese_list_is_legal_unless_the_oracle_identifies_the_line(checker, japan_index, case):
    import deckcheck

    deck, index, mutation = case
    lines = list(deck.lines)
    lines[index] = mutation.line
    text = "\n".join(lines) + "\n"
    result = deckcheck.check_text(text, format="standard-jp", date=deck.day, db=checker)
    reading = oracle().reading(mutation.name, mutation.code, mutation.number, deck.day)
    if reading is None:
        assert result.verdict != "legal", f"{mutation.line!r} does not say which card it is, yet the deck is LEGAL"
    counted = identified_card(text, deck.day, index + 1, japan_index)
    if counted is not None:
        assert reading is not None, f"{mutation.line!r} was counted as a card the oracle cannot tell"
        assert counted in reading, f"{mutation.line!r} was counted as another card than it says"


def test_the_real_lists_are_legal_unchanged(checker):
    import deckcheck

    for deck in real_lists():
        result = deckcheck.check_text(deck.text, format="standard-jp", date=deck.day, db=checker)
        assert result.verdict == "legal", [f.message for f in result.findings if f.severity == "error"]
        assert len(deck.cards) >= 7
