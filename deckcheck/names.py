"""Card names: how they are compared and which name counts for the copy limit.

Follows RULES.md section 2 ("What counts as the same name") and its recipe in
2.10. Two functions matter:

* :func:`name_key` – the form used to *compare* a name as written with a name
  in the database (case, accents, apostrophes, spacing and star symbols folded);
* :func:`deck_name` – the *deck-building name* that shares one copy limit
  (LV.X and δ dropped from Pokémon, subtitles dropped from Trainers).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

from deckcheck.model import ENERGY_LETTERS, FLARE_GEAR, POKEMON, TRAINER

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-"})
_SPACES = re.compile(r"\s+")
# RULES.md 2.7: Pokémon Star is ★ in the dataset, ☆ or "Star" elsewhere;
# Prism Star is ◇ in the dataset, {*}, ♢ or "Prism Star" in exports.
_PRISM = re.compile(r"(?<!\s)\s*+(?:\{\*\}|♢|◊|◆|\bprism star\b)\s*+", re.IGNORECASE)
_STAR = re.compile(r"(?<!\s)\s*+(?:☆|\bstar\b(?=\s*+(?:δ|$)))", re.IGNORECASE)
# The patterns written as text are compiled by `re` on first use (a name with an Energy symbol, an
# Unown letter, a Japanese name): a check of a list with none does not pay for them.
# RULES.md 2.5: third-party lists write the Neo/DP letters as "Unown F" --
# but "Unown V" is also the Silver Tempest Pokémon V, so this is only an alias
# for what a player writes, tried when no card has the name as written.
_UNOWN_LETTER = r"(?i)^unown ([a-z!?])$"
# RULES.md 2.9: "Nidoran ♂" and "Nidoran♂" both occur.
_NIDORAN = re.compile(r"(?<!\s)\s++([♂♀])")

# PTCG Live writes the type of a Special Energy as its symbol letter:
# "Telepathic {P} Energy" is the card "Telepathic Psychic Energy" (RULES.md 5.3).
_ENERGY_SYMBOL = r"(?i)\{([GRWLPFDMYNC])\}(?=\s*+energy\b)"

# The patterns that may start in a run of blanks start only where the run
# starts (``(?<!\s)``) and take it whole, so a long run is read once.
_LEVEL_X = re.compile(r"(?<!\s)\s++LV\.?\s?X$", re.IGNORECASE)
_DELTA = re.compile(r"(?<!\s)\s*+δ\s*+")
_SUBTITLE = re.compile(r"(?<!\s)\s++\([^()]*+\)$")
_JAPANESE_SUBTITLE = r"(?<![\s(（])\s*+[(（][^()（）]*+[)）]$"
_FLARE_GEAR = FLARE_GEAR


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Kana and CJK ideographs (full- and half-width): a Japanese card name. Compiled on first use:
# Python's compiler sets its 30,000 characters one by one (28 M instructions, an eighth of a
# check's start-up beyond `import typer`), and a name without a character from U+3040 on
# (every name of an English list, "Pokémon" too) never needs it.
_JAPANESE = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]"
_FIRST_JAPANESE = "\u3040"
# In a Japanese name, how players write the long-vowel mark ー (a hyphen or dash of any
# width), and what a name does not need: spaces (ガチグマ アカツキex, ガチグマアカツキex,
# リザードン ex) and the middle dot (カプ・コケコ, カプコケコ).
_JAPANESE_DASHES = str.maketrans(dict.fromkeys("-‐‑‒–—―−ｰ~〜～", "ー"))
_JAPANESE_DROPPED = r"[\s・·•]+"


def is_japanese(name: str) -> bool:
    """Whether ``name`` is written in Japanese (it holds kana or kanji)."""
    if name.isascii() or max(name) < _FIRST_JAPANESE:
        return False
    return _japanese_pattern().search(name) is not None


@cache
def _japanese_pattern() -> re.Pattern[str]:
    return re.compile(_JAPANESE)


def _japanese_key(name: str) -> str:
    """A Japanese name folded for comparison: full- and half-width forms alike (NFKC:
    ｶﾞﾗﾙﾄﾞ = ガラルド, ＥＸ = EX, （ = (), the voiced marks kept (ガ is not カ), case,
    spaces and ・ dropped, every dash the long-vowel mark."""
    text = unicodedata.normalize("NFKC", name).translate(_APOSTROPHES).translate(_JAPANESE_DASHES)
    text = _PRISM.sub("◇", text)
    text = _STAR.sub("★", text)
    return re.sub(_JAPANESE_DROPPED, "", text).casefold()


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """Fold a card name for comparison: ``Pokemon Catcher`` == ``Pokémon Catcher``
    (a Japanese name: :func:`_japanese_key`)."""
    if not name.isascii() and is_japanese(name):
        return _japanese_key(name)
    text = unicodedata.normalize("NFC", name).translate(_APOSTROPHES).translate(_DASHES)
    text = _PRISM.sub(" ◇", text)
    text = _STAR.sub(" ★", text)
    if "{" in text:
        text = re.sub(_ENERGY_SYMBOL, lambda m: ENERGY_LETTERS[m.group(1).upper()], text)
    text = _strip_accents(text).casefold()
    text = _SPACES.sub(" ", text).strip()
    return _NIDORAN.sub(r"\1", text)


@lru_cache(maxsize=65536)
def deck_name(name: str, supertype: str) -> str:
    """The name that shares one copy limit (display form, not folded).

    ``Gardevoir LV.X`` -> ``Gardevoir`` (RULES.md 2.1); ``Pikachu δ`` ->
    ``Pikachu`` for Pokémon only (docs/rulings.md, "δ on Pokémon only"); ``Professor's Research
    (Professor Sada)`` -> ``Professor's Research`` (2.8, docs/rulings.md, "Professor's Research");
    ``Battle Compressor Team Flare Gear`` -> ``Battle Compressor`` (2.9).
    Everything else in a name counts (owners, Dark/Light, ex/EX/GX/V, ◇, ★,
    SP symbols, Unown letters).
    """
    text = _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()
    if supertype == TRAINER and not text.isascii() and is_japanese(text):
        # 博士の研究（オーリム博士）: the Japanese subtitle follows without a space.
        return re.sub(_JAPANESE_SUBTITLE, "", text)
    if supertype == POKEMON:
        text = _LEVEL_X.sub("", text)
        text = _DELTA.sub(" ", text).strip()
    elif supertype == TRAINER:
        text = _SUBTITLE.sub("", text)
        text = _FLARE_GEAR.sub("", text)
    return text


def unown_letter(name: str) -> str | None:
    """``Unown F`` as the Neo/DP card name ``Unown [F]`` (docs/rulings.md, "Unown"), else None."""
    name = name.strip()
    if name[:6].lower() != "unown ":  # (no character but these is a case of u, n, o or w for re)
        return None
    match = re.match(_UNOWN_LETTER, name)
    return f"Unown [{match.group(1).upper()}]" if match else None


@lru_cache(maxsize=65536)  # asked for every card by several rules of every deck
def deck_key(name: str, supertype: str) -> str:
    """Folded deck-building name: cards with equal keys share a copy limit."""
    return name_key(deck_name(name, supertype))
