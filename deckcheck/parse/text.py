"""Text deck lists: PTCG Live, Limitless, PTCGO exports and informal lists.

The grammar follows RULES.md section 7 (7.1 PTCG Live/Limitless, 7.2 PTCGO,
7.3 informal lists) and the Energy spellings of 5.3. Every line that is not a
card line, a header, a comment or a banner becomes a ``syntax`` finding; the
parser never guesses a card from a line it does not understand.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple

from deckcheck.i18n import N_, ngettext, term
from deckcheck.model import ENERGY, ENERGY_LETTERS, POKEMON, TRAINER, DeckEntry, Finding, ParsedDeck, Severity, apart
from deckcheck.names import is_japanese

SYNTAX = "syntax"
MAX_COUNT = 999
QUOTE_LIMIT = 80

ENERGY_TYPES = tuple(ENERGY_LETTERS.values())
_TYPE_BY_WORD = {word.casefold(): word for word in ENERGY_TYPES}
_TYPE_WORDS = "|".join(ENERGY_TYPES)

# RULES.md 5.3: some exports append a variant token after the number ("SVE 1 PH").
VARIANT_TOKENS = frozenset({"PH"})

_SPACES = re.compile(r"\s+")
# Every pattern below is linear in the length of the line: quantifiers
# that could give back what they took are possessive ("*+", "++") wherever the
# next token could also match it, and the shapes that need backtracking (the
# banner, a parenthesised print) are read by hand.
#
# RULES.md 7.1 "Pokémon: 12", 7.2 "##Trainer Cards - 43"; informal "Energy (12)";
# Italian PTCG Live "Carte Allenatore: 13" (two words). The words must be one of
# _SECTION_WORDS (a set look-up compiles faster than a regex alternation of
# every language's words).
_LETTERS = r"[^\W\d_](?:[^\W\d_]|\u0301)*+"
_HEADER = re.compile(
    rf"^(?:#{{1,3}}+\s*+)?(?P<word>{_LETTERS}(?:\s++{_LETTERS})?+)\s*+"
    r"(?:[:：\-–—]\s*+(?:(?P<count>\d{1,9}+)(?:\s++[Cc]ards?)?+)?+|\(\s*+(?P<paren>\d{1,9}+)\s*+\))?+\s*+[:：]?$"
)
# Section words of English exports and of lists written in German, French,
# Spanish, Italian and Portuguese (docs/rulings.md, "PTCG Live's own forms"): "Energie: 12",
# "Treinador: 36", "Carte Allenatore: 13"; compared without accents and case
# ("Pokemon", "Énergie"). A trailing "Cards" is allowed after any of them.
_SECTION_WORDS = {
    "pokemon": POKEMON,
    **dict.fromkeys(
        (
            "trainer",
            "trainers",
            "treinador",
            "treinadores",
            "entrenador",
            "entrenadores",
            "dresseur",
            "dresseurs",
            "allenatore",
            "allenatori",
            "carte allenatore",
        ),
        TRAINER,
    ),
    **dict.fromkeys(("energy", "energies", "energie", "energia", "energias"), ENERGY),
    # The words of lists exported in Chinese (simplified and traditional), Japanese and Korean.
    **dict.fromkeys(("宝可梦", "寶可夢", "ポケモン", "포켓몬"), POKEMON),
    **dict.fromkeys(("训练家", "訓練家", "トレーナーズ", "トレーナー", "트레이너", "트레이너스"), TRAINER),
    **dict.fromkeys(("能量", "エネルギー", "에너지"), ENERGY),
}
# "Pokémon" whose é was lost on the way: "Pok?mon", "Pok\ufffdmon" (a replacement character),
# "PokÃ©mon" (UTF-8 read as Windows-1252), "Pok&eacute;mon".
_DAMAGED_POKEMON = re.compile(r"pok(?:\?|\ufffd|ã©|ã\u00a9|&eacute;|é|e)mon", re.IGNORECASE)
_CARDS_WORDS = frozenset({"card", "cards"})


@lru_cache(maxsize=1024)  # "Pokémon: 15", "Trainer: 32" head list after list
def _header(line: str) -> tuple[str, int | None] | None:
    """(section, declared count) of a section header line, else None."""
    if "mon" in line or "MON" in line:
        line = _DAMAGED_POKEMON.sub("Pokemon", line, count=1)
    match = _HEADER.match(line)
    if match is None:
        return None
    words = _fold_accents(match["word"]).split()
    if len(words) > 1 and words[-1] in _CARDS_WORDS:
        words.pop()
    # (Japanese and Korean words are compared as written: folding takes their marks apart.)
    section = _SECTION_WORDS.get(" ".join(words)) or _SECTION_WORDS.get(match["word"])
    if section is None:
        return None
    count = match["count"] or match["paren"]
    return section, int(count) if count else None


def _fold_accents(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# "Total Cards: 60", "Total Cards - 60", and the total line of the clients in other languages:
# German "Karten insgesamt: 60", French "Total de cartes : 60", Spanish and Portuguese
# "Total de cartas: 60", Italian "Totale carte: 60", Chinese "总计: 60", Japanese "合計: 60",
# Korean "합계: 60".
_TOTAL = re.compile(
    r"^(?:#{1,3}+\s*+)?(?:total(?:\s++cards?)?+|karten\s++insgesamt|total\s++de\s++cart[ae]s|totale\s++carte"
    r"|总计|總計|合计|合計|합계|총계)"
    r"\s*+(?:[:：\-–—]\s*+|(?<=\s))(?P<count>\d{1,9}+)$",
    re.IGNORECASE,
)
_COMMENT = re.compile(r"^(?:#|//)\s*+(?P<body>.*)$")
_META = re.compile(r"^(?P<key>format|deck\s*+name|deck|name)\s*+[:=]\s*+(?P<value>\S.*)$", re.IGNORECASE)
# The patterns below written as text (not compiled here) are those a list in PTCG Live's own form
# ("4 Iono PAL 185", read by _plain_print_line) never needs: `re` compiles each on first use and
# keeps it, so such a check does not pay for compiling them (7 M instructions, bench/run.py).
# Starts only where a run of blanks starts, so a long run is read once.
_TRAILING_COMMENT = r"(?<!\s)\s++(?:#|//)\s.*$"
# PTCGO lines start with "* " (RULES.md 7.2); informal lists use bullets.
_BULLET = r"^(?:[*•·]\s*+|-\s++)"
_BULLETS = ("*", "•", "·", "-")  # the characters _BULLET starts with
# RULES.md 7.3: "4-4 Zoroark-GX" counts a whole evolution line at once.
_SHORTHAND = r"^\d++(?:\s*+-\s*+\d++)++\s++\S"
# "4 Iono", "4x Iono", "4 x Iono", "x4 Iono" (RULES.md 7.3).
_COUNTED = r"^(?:[xX×]\s*+(?P<xcount>[-+]?\d++)|(?P<count>[-+]?\d++)(?:\s*+[xX×](?=\s))?+)\s++(?P<rest>\S.*)$"
_FRACTION_COUNT = r"^(?P<count>[-+]?\d++[.,]\d++)(?:\s*+[xX×])?+\s++\S"
# Collector numbers: "185", "107a", "TG12", "SWSH262", "XY05", "SM104" (RULES.md 7.1, 7.4).
_NUMBER = r"^(?:\d{1,4}+[a-zA-Z]?|[A-Z]{1,5}+\d{1,4}+[a-z]?)$"
# Set codes: 2-5 uppercase letters/digits with a letter, or promo codes "PR", "PR-SV" (RULES.md 7.1).
# Prints numbered with letters in the dataset: Unseen Forces' Unown "A"…"Z",
# "!", "?", and the Alph Lithographs "ONE"…"FOUR" (HS, UL, UD, TM).
_LETTER_NUMBER_SETS = frozenset({"UF"})
_LETTER_NUMBER = r"^[A-Z!?]$"
_WORD_NUMBERS = frozenset({"ONE", "TWO", "THREE", "FOUR"})
# "SWSHALT", "SVALT", "SMALT", "MEALT": codes of PTCG Live's own alternate prints (docs/rulings.md,
# "PTCG Live's own forms").
_SET_CODE = r"^(?:PR(?:-[A-Z]{2,5})?|(?:SWSH|SV|SM|ME)ALT|(?=[A-Z0-9]{0,4}[A-Z])[A-Z0-9]{2,5})$"
# PTCG Live writes the cards of a set's sub-set with the sub-set in the code and
# a bare number (docs/rulings.md, "PTCG Live's own forms"): "LOR-TG 24" is LOR TG24 (Trainer Gallery),
# "CRZ-GG 25" CRZ GG25 (Galarian Gallery), "GEN-RC 5" GEN RC5 (Radiant
# Collection). "CEL-CC 25" counts Celebrations' Classic Collection in its own
# order (Tapu Lele-GX is the 25th), whose cards keep their original numbers.
_SUB_SET = re.compile(r"^(?P<set>[A-Z][A-Z0-9]{1,4})-(?P<sub>TG|GG|RC|CC)$")
_SUB_SET_NUMBER = r"^\d{1,3}$"
# The Classic Collection in its official order, the order of TCGdex's CC001-CC025
# (Blastoise CC001, Charizard, Venusaur, Imposter Professor Oak, Dark Gyarados,
# Here Comes Team Rocket!, Rocket's Zapdos, ... Claydol CC016, ... Tapu Lele-GX
# CC025): each card's printed number (that of its original print) with the id
# suffix pokemontcg.io gives it (its four cards numbered 15 are 15_A1-15_A4).
# "CEL-CC n" is the n-th card: the same order as TCGdex's numbers.
CLASSIC_COLLECTION_IDS = (
    "2_A",
    "4_A",
    "15_A1",
    "73_A",
    "8_A",
    "15_A2",
    "15_A3",
    "24_A",
    "20_A",
    "66_A",
    "9_A",
    "86_A",
    "88_A",
    "93_A",
    "17_A",
    "15_A4",
    "109_A",
    "145_A",
    "107_A",
    "113_A",
    "114_A",
    "54_A",
    "97_A",
    "76_A",
    "60_A",
)
CLASSIC_COLLECTION = tuple(tail.split("_")[0] for tail in CLASSIC_COLLECTION_IDS)

# RULES.md 5.3 / 7.3: Energy spellings.
_QUALIFIER = re.compile(r"^(?P<name>.*\S)\s++[-–—]\s*+(?P<qualifier>basic|special)$", re.IGNORECASE)
_BASIC_LETTER = re.compile(r"^(?:basic\s++)?+\{(?P<letter>[A-Za-z])\}\s*+energy$", re.IGNORECASE)
_BASIC_WORD = re.compile(rf"^basic\s++(?P<type>{_TYPE_WORDS})\s++energy$", re.IGNORECASE)
_TYPE_WORD = re.compile(rf"^(?P<type>{_TYPE_WORDS})\s++energy$", re.IGNORECASE)
# PTCGO's pseudo prints: "Fighting Energy Energy 6", "Lightning Energy 4",
# "Basic {D} Energy Energy 15", "Basic Fire Energy null" -- not real set codes.
_PSEUDO_PRINT = re.compile(r"^(?P<name>.*?\benergy)\s++(?:energy(?:\s++\d++)?+|\d++|null)$", re.IGNORECASE)
# The Limitless deck builder's basic Energy: a set code and the type's letter for a number
# ("Fire Energy BRS R"); every print of a basic Energy type is one card.
_LETTER_PRINT = re.compile(r"^(?P<name>.*?\b[Ee]nergy)\s++[A-Z]{2,5}\s++(?P<letter>[A-Z])$")

NOT_A_CARD_LINE = N_('Line {line} is not a card line: "{text}".')
NOT_A_CARD_LINE_HINT = N_('Write each card as COUNT NAME SET NUMBER, for example "4 Iono PAL 185".')
BAD_COUNT = N_('Line {line} has the count {count}, but a count must be a whole number from 1 to {limit}: "{text}".')
BAD_COUNT_HINT = N_('Start the line with how many copies the deck holds, for example "4 Iono PAL 185".')
SHORTHAND = N_('Line {line} counts several cards at once ("{text}"); deckcheck cannot tell which cards are meant.')
SHORTHAND_HINT = N_('Write one line per card with its own count, for example "4 Zorua" and "4 Zoroark-GX".')
SECTION_MISMATCH = ngettext(
    "The {section} header on line {line} says {declared} card, but the card lines under it add up to {actual}.",
    "The {section} header on line {line} says {declared} cards, but the card lines under it add up to {actual}.",
    "declared",
)
SECTION_MISMATCH_HINT = N_("Correct the count in the header or the card lines under it.")
TOTAL_MISMATCH = ngettext(
    "The total on line {line} says {declared} card, but the card lines add up to {actual}.",
    "The total on line {line} says {declared} cards, but the card lines add up to {actual}.",
    "declared",
)
TOTAL_MISMATCH_HINT = N_("Correct the total or the card lines.")
# The section names as {section} of SECTION_MISMATCH, so that the catalogues translate them.
# TRANSLATORS: {limit} and {rest} are numbers of lines; a deck list has a few dozen.
TOO_MANY_LINES = ngettext(
    "The list has more than {limit} card lines; the {rest} line after line {line} was not read.",
    "The list has more than {limit} card lines; the {rest} lines after line {line} were not read.",
    "rest",
)
TOO_MANY_CARDS = ngettext(
    "The deck lists more than {limit} cards; the last {rest} was not read.",
    "The deck lists more than {limit} cards; the last {rest} were not read.",
    "rest",
)
TOO_MANY_LINES_HINT = N_(
    "A deck has a few dozen cards: check that the right file was given, or split it into one file per deck."
)
SECTION_NAMES = (N_("Pokémon"), N_("Trainer"), N_("Energy"))

# Card lines (and lines that are not) read from one list at most. A deck has a
# few dozen; each line read costs memory and may cost a finding in the report, so
# a file of a million lines (5 MB) is read this far and the rest only counted
# (2.5 kB and a finding per line, 3.1 GB for one 4.96 MB deck).
MAX_LINES_READ = 2_000


class EnergyName(NamedTuple):
    """A card name with the Energy spellings of RULES.md 5.3 resolved."""

    name: str
    basic_energy_type: str | None = None
    special_energy: bool = False


@lru_cache(maxsize=4096)  # the same names line after line
def energy_name(name: str) -> EnergyName:
    """Read the Energy spellings: ``Basic {R} Energy`` -> ``Fire Energy`` (basic
    Fire), ``Lightning Energy - Basic`` (basic), ``Double Turbo Energy -
    Special`` (special). A plain ``Fire Energy`` stays undecided: the card
    database tells basic from Special (docs/rulings.md, "A bare Darkness or Metal Energy")."""
    if "energy" not in name.casefold():
        return EnergyName(name)  # every spelling below names an Energy
    qualifier = None
    match = _QUALIFIER.match(name)
    if match:
        name, qualifier = match["name"], match["qualifier"].casefold()
    pseudo_print = False
    match = _PSEUDO_PRINT.match(name)
    if match and _is_basic_form(match["name"]):
        name, pseudo_print = match["name"], True
    match = _LETTER_PRINT.match(name)
    if match and _is_basic_form(match["name"]):
        typed = _TYPE_WORD.match(match["name"]) or _BASIC_WORD.match(match["name"])
        if typed and _TYPE_BY_WORD[typed["type"].casefold()] == ENERGY_LETTERS.get(match["letter"]):
            name, pseudo_print = match["name"], True

    energy_type = None
    match = _BASIC_LETTER.match(name)
    if match:
        energy_type = ENERGY_LETTERS.get(match["letter"].upper())
    else:
        match = _BASIC_WORD.match(name)
        if match:
            energy_type = _TYPE_BY_WORD[match["type"].casefold()]
        else:
            match = _TYPE_WORD.match(name)
            # "Fire Energy" alone may be basic or (Darkness/Metal) Special;
            # only the "- Basic" qualifier or a PTCGO pseudo print settles it.
            if match and (pseudo_print or qualifier == "basic"):
                energy_type = _TYPE_BY_WORD[match["type"].casefold()]
    if energy_type is not None:
        return EnergyName(f"{energy_type} Energy", basic_energy_type=energy_type)
    return EnergyName(name, special_energy=qualifier == "special")


def _is_basic_form(name: str) -> bool:
    return bool(_BASIC_LETTER.match(name) or _BASIC_WORD.match(name) or _TYPE_WORD.match(name))


def format_id(declared: str) -> str | None:
    """A declared format as a pack id: packs are named in lower case (``Expanded`` -> ``expanded``)."""
    return declared.strip().lower() or None


def _is_banner(line: str) -> bool:
    """RULES.md 7.2: "****** Pokémon Trading Card Game Deck List ******" (at
    least three stars at each end)."""
    return len(line) >= 6 and line.startswith("***") and line.endswith("***")


def _paren_print(text: str) -> tuple[str, str, str] | None:
    """``Sceptile (PCL 8)``: name, set code and number of a print in brackets at the end."""
    if not text.endswith(")"):
        return None
    opening = text.rfind("(")
    if opening < 0:
        return None
    name = text[:opening].rstrip()
    inside = text[opening + 1 : -1].split()
    if not name or len(inside) != 2:
        return None
    return name, inside[0], inside[1]


def live_sub_set(set_code: str, number: str) -> tuple[str, str] | None:
    """A PTCG Live sub-set print as the card database numbers it:
    ``LOR-TG 24`` -> ``LOR TG24``, ``CEL-CC 25`` -> ``CEL 60`` (docs/rulings.md, "PTCG Live's own forms")."""
    match = _SUB_SET.match(set_code)
    if match is None or not re.match(_SUB_SET_NUMBER, number):
        return None
    sub, position = match["sub"], int(number)
    if sub == "CC":
        if match["set"] != "CEL" or not 1 <= position <= len(CLASSIC_COLLECTION):
            return None
        return "CEL", CLASSIC_COLLECTION[position - 1]
    return match["set"], f"{sub}{position}"


def is_collector_number(token: str, set_code: str | None = None) -> bool:
    if re.match(_NUMBER, token) or token in _WORD_NUMBERS:
        return True
    return set_code in _LETTER_NUMBER_SETS and bool(re.match(_LETTER_NUMBER, token))


def is_set_code(token: str) -> bool:
    return bool(re.match(_SET_CODE, token))


def split_print(text: str) -> tuple[str, str | None, str | None]:
    """Split ``Iono PAL 185`` into name, set code and number.

    The set code and number are taken from the end only when the last token
    is a collector number and the one before it a plausible set code, so that
    ``Garchomp C LV.X``, ``Alakazam E4`` and ``Unown [A]`` keep their names."""
    paren = _paren_print(text)
    if paren and is_set_code(paren[1]) and is_collector_number(paren[2], paren[1]):
        return paren
    tokens = _tracker_tokens(text.split(" "))
    web = _web_print(tokens)
    if web is not None:
        return without_separator(web[0]), web[1], web[2]
    if len(tokens) >= 4 and tokens[-1] in VARIANT_TOKENS and _is_print(tokens[-3], tokens[-2]):
        tokens = tokens[:-1]  # "Techno Radar PAR 180 PH"
    if len(tokens) >= 3 and _is_print(tokens[-2], tokens[-1]):
        # A sub-set print stays as written ("LOR-TG 24"): resolution reads it
        # as the card database numbers it, and fmt keeps the PTCG Live form.
        return without_separator(" ".join(tokens[:-2])), tokens[-2], tokens[-1]
    # The tracker's form written the usual way ("Dreepy twm 128/167" as "Dreepy twm 128"):
    # a code in lower case is resolution's to read, as it reads "Dreepy twm 128".
    return " ".join(tokens), None, None


# Collection trackers and spreadsheets write a print in more ways:
# "TWM 128/167" (the number over the set's size), "[TWM 128]", and a regulation
# mark after it, "TWM 128 (H)". Read by hand from the last tokens, before the
# number is judged (no pattern to backtrack).
_REGULATION_MARK = r"\([A-Za-z]\)"
_SET_SIZE = r"\d{1,4}"


def _tracker_tokens(tokens: list[str]) -> list[str]:
    """``tokens`` with a tracker's print written the usual way ("TWM", "128")."""
    written = tokens
    if len(tokens) >= 4 and re.fullmatch(_REGULATION_MARK, tokens[-1]):
        tokens = tokens[:-1]  # "TWM 128 (H)"
    if len(tokens) < 3:
        return written
    code, number = tokens[-2], tokens[-1]
    if len(code) > 1 and len(number) > 1 and code[0] == "[" and number[-1] == "]":
        code, number = code[1:], number[:-1]  # "[TWM 128]"
    if "/" in number:
        printed, _, size = number.partition("/")
        if re.fullmatch(_SET_SIZE, size) or is_collector_number(size):
            number = printed  # "128/167", "TG12/TG30"
    # A code written in lower case ("twm 128/167") is read as "twm 128" is (resolution's own reading).
    if not _is_print(code.upper(), number):
        return written
    return [*tokens[:-2], code, number]


def _csv_line(card_text: str) -> str | None:
    """A spreadsheet's "4,Dreepy,TWM,128" as "4 Dreepy TWM 128", else None."""
    fields = [field.strip() for field in card_text.split(",")]
    if len(fields) != 4 or not all(fields) or not _is_print(fields[2], fields[3]):
        return None
    return " ".join(fields)


def without_separator(name: str) -> str:
    """A name before its print with the separator a list puts between them taken
    off: "Dreepy - TWM 128", "Dreepy, TWM 128"."""
    if name.endswith(","):
        return name[:-1].rstrip()
    if len(name) > 2 and name[-1] in "-–—" and name[-2] == " ":
        return name[:-2].rstrip()
    return name


# Web deck builders and forum posts write a print in other ways:
# "Drakloak TWM #129", "Dragapult ex [TWM] 130", "Dusknoir (SFA) 20",
# "Dusclops SFA-19". Read by hand from the last two tokens (no pattern to backtrack).
_WEB_BRACKETS = (("[", "]"), ("(", ")"))


def _web_print(tokens: list[str]) -> tuple[str, str, str] | None:
    """Name, set code and number of a print written the ways web forms write it, else None."""
    if len(tokens) < 2:
        return None
    last = tokens[-1]
    if "-" in last and not last.startswith("-"):
        # "SFA-19": a set code and a number joined by a hyphen (not "LOR-TG 24"); a code
        # of three characters at least, as the sets since Sword & Shield have, so that
        # "Technical Machine TS-1" keeps its name.
        set_code, _, number = last.rpartition("-")
        if (
            len(set_code) >= 3
            and _SUB_SET.match(last) is None
            and is_set_code(set_code)
            and is_collector_number(number, set_code)
        ):
            return " ".join(tokens[:-1]), set_code, number
    if len(tokens) < 3:
        return None
    set_code, number = tokens[-2], last
    if number.startswith("#"):
        number = number[1:]  # "TWM #129"
    for opening, closing in _WEB_BRACKETS:
        if len(set_code) > 2 and set_code[0] == opening and set_code[-1] == closing:
            set_code = set_code[1:-1]  # "[TWM] 130", "(SFA) 20"
            break
    if (set_code, number) == (tokens[-2], last):
        return None  # the usual form: read by split_print
    if _is_print(set_code, number):
        return " ".join(tokens[:-2]), set_code, number
    return None


def _is_print(set_code: str, number: str) -> bool:
    return (is_set_code(set_code) and is_collector_number(number, set_code)) or live_sub_set(
        set_code, number
    ) is not None


def _quote(text: str) -> str:
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


def _syntax_error(template: str, hint: str, line: int, **params: object) -> Finding:
    return Finding(
        rule=SYNTAX,
        severity=Severity.ERROR,
        template=template,
        params={"line": line, **params},
        lines=(line,),
        hint_template=hint,
    )


def normalise_spaces(raw: str) -> str:
    """A line with tabs and runs of blanks folded, as the grammar reads it."""
    return _SPACES.sub(" ", raw).strip()


def is_structure_line(line: str) -> bool:
    """A banner, section header or total line (also of a Japanese list): the layout a formatter rewrites."""
    if is_japanese(line):
        from deckcheck.parse.japanese import JapaneseHeader, JapaneseTotal, read_line  # only for kana or kanji

        return isinstance(read_line(line), (JapaneseHeader, JapaneseTotal))
    return bool(_is_banner(line) or _header(line) or _TOTAL.match(line))


def trailing_comment(line: str) -> re.Match[str] | None:
    """The ``  # note`` after a card line, if any."""
    return re.search(_TRAILING_COMMENT, line)


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` with CRLF and CR line ends read as LF."""
    return list(iter_lines(text))


def iter_lines(text: str) -> Iterator[str]:
    """:func:`split_lines` one line at a time: a list of a million lines is never
    held as a million strings at once."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


# What a line that is no card line says: a header, a total, a deck's
# format or name, or nothing for the deck (a banner, a comment, a blank line).
_NOTHING, _HEADER_LINE, _TOTAL_LINE, _LABEL_LINE = range(4)


def _other_line(raw: str) -> tuple[int, Any, LineCounts | None] | None:
    """A banner, section header, total, comment, ``# format:`` or blank line (also of a
    Japanese list), as parse_text reads it wherever it stands: (its kind, its value --
    (section, declared) of a header, the declared total, (key, value) of a label --, how
    line_counts counts it, None until a parse counts); else None: a card line, or a line written
    as one. (A plain tuple: a class costs every check's start-up more than it gives.)"""
    line = _SPACES.sub(" ", raw).strip()
    if not line:
        return (_NOTHING, None, _NONE_COUNTED)
    # Card lines start with their count; no header, total, comment or banner does,
    # so card lines skip those patterns (most lines are cards).
    found: tuple[int, Any] | None = None
    if not line[0].isdigit():
        if _is_banner(line):
            found = _NOTHING, None
        elif header := _header(line):
            found = _HEADER_LINE, header
        elif total := _TOTAL.match(line):
            found = _TOTAL_LINE, int(total["count"])
        else:
            comment, meta = _comment_and_meta(line)
            if meta:
                key = "format" if meta["key"].casefold() == "format" else "name"
                value = meta["value"].strip()
                found = _LABEL_LINE, (key, format_id(value) if key == "format" else value)
            elif comment is not None:
                found = _NOTHING, None
    if found is None:
        if not is_japanese(line):
            return None
        # A line of a Japanese list: its own forms of cards, headers and totals.
        from deckcheck.parse.japanese import JapaneseHeader, JapaneseTotal, read_line  # only for kana or kanji

        japanese = read_line(line)
        if isinstance(japanese, JapaneseHeader):
            found = _HEADER_LINE, (japanese.section, japanese.declared)
        elif isinstance(japanese, JapaneseTotal):
            found = _TOTAL_LINE, japanese.declared
        else:
            return None
    return (found[0], found[1], None)


# The lines read before that are no card lines, by the line as written (the headers, totals and
# blank lines of list after list); at most OTHER_LINES_KEPT, then it starts again.
_OTHER_LINES: dict[str, tuple[int, Any, LineCounts | None]] = {}
OTHER_LINES_KEPT = 4_096


def _comment_and_meta(line: str) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """A ``# note`` comment and a ``format:``/``name:`` line (commented or not)."""
    comment = _COMMENT.match(line)
    return comment, _META.match(comment["body"] if comment else line)


# What a line that is no banner, header, total or comment holds (RULES.md 7.1-7.3).
_SHORTHAND_LINE, _FRACTION_LINE, _UNCOUNTED_LINE, _COUNTED_LINE = range(4)


def _card_line(line: str) -> tuple[int, re.Match[str] | None]:
    """The kind of a line read as a card line, and the match of its count."""
    # Each pattern below is asked only of a line holding what it needs to match (a bullet first,
    # "#" or "//", "-", "." or ","): the plain "3 Charizard ex" compiles none of them.
    card_text = re.sub(_BULLET, "", line, count=1) if line[:1] in _BULLETS else line
    if "#" in card_text or "//" in card_text:
        card_text = re.sub(_TRAILING_COMMENT, "", card_text)
    if "," in card_text:
        card_text = _csv_line(card_text) or card_text
    if "-" in card_text and re.match(_SHORTHAND, card_text):
        return _SHORTHAND_LINE, None
    fraction = re.match(_FRACTION_COUNT, card_text) if "." in card_text or "," in card_text else None
    if fraction:
        return _FRACTION_LINE, fraction
    counted = re.match(_COUNTED, card_text)
    if counted is None:
        counted = _trailing_count(card_text)
    return (_COUNTED_LINE, counted) if counted else (_UNCOUNTED_LINE, None)


# "Duskull x2", "Duskull TWM 94 x2": the count after the card, as web forms write it.
_TRAILING_X = r"[xX×](\d{1,3})"


def _trailing_count(card_text: str) -> re.Match[str] | None:
    """The count written after the card, read as the same line with the count first."""
    rest, _, last = card_text.rpartition(" ")
    count = re.fullmatch(_TRAILING_X, last)
    if not rest or count is None:
        return None
    return re.match(_COUNTED, f"{count[1]} {rest}")


def _count_of(counted: re.Match[str]) -> tuple[str, int]:
    """The count of a counted line as written, and as a number."""
    count_text = counted["count"] or counted["xcount"]
    # Python refuses int() of very long digit strings; no such count is valid anyway.
    return count_text, int(count_text) if len(count_text) <= 9 else MAX_COUNT + 1


def _has_letter(name: str) -> bool:
    return any(ch.isalpha() for ch in name)


class LineCounts(NamedTuple):
    """How :func:`parse_text` would read a text's lines, counted without building the deck."""

    cards: int  # card lines: the entries of the parsed deck
    attempts: int  # card lines written wrong (a bad count, "4-4 Zoroark-GX"): its syntax errors but one
    other: int  # lines that are not card lines (its "not a card line" errors)
    structure: int  # banners, section headers and total lines


_NONE_COUNTED = LineCounts(0, 0, 0, 0)


# A line that starts "4 Iono...": a count from 1 to 999 and a name starting
# with a letter (not "x", which may be the "4 x Iono" form) is a card line.
_PLAIN_CARD = re.compile(r"[1-9][0-9]{0,2} ")


def line_counts(text: str) -> LineCounts:
    """Count the lines of ``text`` as :func:`parse_text` reads them -- the same
    answer, at a fraction of the cost: what decides whether a text file met
    while walking a folder is a deck (README "What counts as a deck")."""
    cards = attempts = other = structure = 0
    for raw in split_lines(text):
        plain = _PLAIN_CARD.match(raw)
        if plain is not None:
            # raw starts with the count, one space and a letter: so does the
            # line parse_text reads, its count is valid and its name has a letter.
            first = raw[plain.end() : plain.end() + 1]
            if first.isalpha() and first not in "xX":
                cards += 1
                continue
        line = _SPACES.sub(" ", raw).strip()
        if not line:
            continue
        if not line[0].isdigit():
            if is_structure_line(line):
                structure += 1
                continue
            if any(_comment_and_meta(line)):
                continue
        if is_japanese(line):  # as parse_text reads a line of a Japanese list
            from deckcheck.parse.japanese import JapaneseCard, read_line  # only for kana or kanji

            japanese = read_line(line)
            if japanese is not None:
                if isinstance(japanese, JapaneseCard):
                    cards += 1
                else:
                    structure += 1
                continue
        kind, match = _card_line(line)
        if kind == _UNCOUNTED_LINE:
            other += 1
        elif kind != _COUNTED_LINE or match is None or not 1 <= _count_of(match)[1] <= MAX_COUNT:
            attempts += 1
        elif _has_letter(split_print(match["rest"])[0]):
            cards += 1
        else:
            other += 1
    return LineCounts(cards, attempts, other, structure)


def _read_card(line: str, number: int) -> tuple[int, str, str | None, str | None] | Finding:
    """A line read as a card line: (count, name, set code, number), or the
    syntax error that says why it is not one."""
    kind, counted = _card_line(line)
    quoted = _quote(line)
    if kind == _SHORTHAND_LINE:
        return _syntax_error(SHORTHAND, SHORTHAND_HINT, number, text=quoted)
    if counted is None:  # an uncounted line (the kinds above and below carry their match)
        return _syntax_error(NOT_A_CARD_LINE, NOT_A_CARD_LINE_HINT, number, text=quoted)
    if kind == _FRACTION_LINE:
        return _syntax_error(BAD_COUNT, BAD_COUNT_HINT, number, count=counted["count"], limit=MAX_COUNT, text=quoted)
    if kind == _UNCOUNTED_LINE:
        return _syntax_error(NOT_A_CARD_LINE, NOT_A_CARD_LINE_HINT, number, text=quoted)
    count_text, count = _count_of(counted)
    if not 1 <= count <= MAX_COUNT:
        return _syntax_error(BAD_COUNT, BAD_COUNT_HINT, number, count=_quote(count_text), limit=MAX_COUNT, text=quoted)
    card_name, set_code, card_number = split_print(counted["rest"])
    if not _has_letter(card_name):
        return _syntax_error(NOT_A_CARD_LINE, NOT_A_CARD_LINE_HINT, number, text=quoted)
    return count, card_name, set_code, card_number


# Most lines of an export: "4 Iono PAL 185" -- a count from 1 to 999, single
# spaces, a name, a set code of letters and a number of digits. Read at once,
# to the same (count, name, set code, number) as _read_card reads
# it: a test holds the two to that.
_PLAIN_PRINT_LINE = re.compile(r"([1-9][0-9]{0,2}) ((\S)(\S*+)(?: \S++)*?) ([A-Z]{2,5}) ([0-9]{1,4})")


def _plain_print_line(raw: str) -> tuple[int, str, str, str] | None:
    """(count, name, set code, number) of a plain card line, else None (read it
    the general way). A name must start with a letter ("4-4 Zoroark-GX" is no
    count), and not be the "x" of "4 x Iono"; a line with a comment is not plain."""
    if "#" in raw or "//" in raw:
        return None
    match = _PLAIN_PRINT_LINE.fullmatch(raw)
    if match is None:
        return None
    first = match[3]
    if not first.isalpha() or (first in "xX" and not match[4]):
        return None
    return int(match[1]), without_separator(match[2]), match[5], match[6]


_COUNT = attrgetter("count")  # of a DeckEntry
_LINES = attrgetter("lines")  # of a Finding

# The card lines read before, by the section they are under and the line as written: a card line
# is read the same wherever it is met, so a run over many lists (which repeat their staples, on
# whatever line) builds each entry once and every list shares it. Entries are frozen, and a shared
# one says line 0: the list's ParsedDeck.lines says where each stands (10,000 lists write 2,380
# card lines, 16,000 with their line numbers: an entry for each of those, and each one's reading
# and DeckCard after it, made the run a fifth slower than one for each line as written). At most
# ENTRIES_KEPT are kept (_KEPT counts them); then the memo starts again.
_ENTRIES: dict[str | None, dict[str, DeckEntry]] = {}
ENTRIES_KEPT = 32_768
_KEPT = 0
# What a card line says, by the line as written: (count, name, set code, number, basic Energy
# type, Special Energy) -- the same wherever the line stands, so a line met on another line
# number or under another section (10,000 lists have 2,380 card lines as written, 16,000 with
# their number and section) costs only its entry. At most SAID_KEPT, then it starts again.
Said = tuple[int, str, str | None, str | None, str | None, bool]
_SAID: dict[str, Said] = {}
SAID_KEPT = 8_192
# A text shorter than this is split at once; a longer one is read a line at a time (iter_lines).
_SPLIT_AT_ONCE = 65_536


def _text_lines(text: str) -> Iterator[str] | list[str]:
    """The lines of ``text`` as :func:`iter_lines` gives them; a list of a short text."""
    if len(text) >= _SPLIT_AT_ONCE:
        return iter_lines(text)
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _entry(said: Said, section: str | None, raw: str) -> DeckEntry:
    """The shared entry (line 0) of a card line that says ``said`` (its _SAID row), written ``raw``."""
    count, name, set_code, card_number, basic_energy_type, special_energy = said
    return DeckEntry(
        count=count,
        name=name,
        line=0,
        set_code=set_code,
        number=card_number,
        section=section,
        basic_energy_type=basic_energy_type,
        special_energy=special_energy,
        raw=raw,
    )


def _keep(entry: DeckEntry, section: str | None, raw: str) -> dict[str, DeckEntry]:
    """Remember ``entry`` as the card line ``raw`` under ``section``; the section's row (made
    again when the memo started again)."""
    global _KEPT
    if _KEPT >= ENTRIES_KEPT:
        _ENTRIES.clear()
        _KEPT = 0
    row = _ENTRIES.get(section)
    if row is None:
        row = _ENTRIES[section] = {}
    row[raw] = entry
    _KEPT += 1
    return row


def parse_text(text: str, path: str, *, max_lines: int | None = MAX_LINES_READ) -> ParsedDeck:
    """Parse a text deck list into entries and ``syntax`` findings; after
    ``max_lines`` card lines and bad lines (None: no limit) the rest is counted
    in one finding, not read."""
    return parse_text_counted(text, path, max_lines=max_lines, counting=False)[0]


def parse_text_counted(
    text: str, path: str, *, max_lines: int | None = MAX_LINES_READ, counting: bool = True
) -> tuple[ParsedDeck, LineCounts | None]:
    """:func:`parse_text`, and the lines counted as :func:`line_counts` counts them (None when
    the lines were not all read, or not ``counting``): whether a file met while walking a folder
    is a deck is judged from the parse that checks it."""
    entries: list[DeckEntry] = []
    numbers: list[int] = []  # the line of each entry
    findings: list[Finding] = []
    blocks: list[tuple[str, int, int | None, int]] = []  # (section, line, declared, its first entry) a header
    totals: list[tuple[int, int]] = []
    labels: dict[str, str | None] = {}  # "name" and "format" from comment lines
    known, others = _ENTRIES, _OTHER_LINES
    row = known.get(None)
    if row is None:
        row = known[None] = {}
    counted: list[LineCounts] = []  # of the lines that are no card lines (headers, totals)
    every_line = True

    section: str | None = None  # of the section header over the line
    limit = max_lines if max_lines is not None else sys.maxsize
    lines = enumerate(_text_lines(text), start=1)
    for number, raw in lines:
        # (A line gives one entry or finding at most: before line limit + 1 there are fewer than limit.)
        if number > limit and len(entries) + len(findings) >= limit:
            rest = bool(raw.strip()) + sum(1 for _, other in lines if other.strip())
            if rest:
                findings.append(
                    Finding(
                        rule=SYNTAX,
                        severity=Severity.ERROR,
                        template=TOO_MANY_LINES,
                        params={"limit": max_lines, "rest": rest, "line": number - 1},
                        lines=(number,),
                        hint_template=TOO_MANY_LINES_HINT,
                    )
                )
                every_line = False
            break
        entry = row.get(raw)
        if entry is not None:
            entries.append(entry)
            numbers.append(number)
            continue
        other = others.get(raw)
        card: tuple[int, str, str | None, str | None] | None = None
        if other is None:
            # (A line no card line is never in _SAID: the headers and blank lines of list after
            # list ask only `others`.)
            said = _SAID.get(raw)
            if said is not None:
                entry = _entry(said, section, raw)
                row = _keep(entry, section, raw)
                entries.append(entry)
                numbers.append(number)
                continue
            card = _plain_print_line(raw)
            if card is None:
                other = _other_line(raw)
                if other is not None:
                    if len(others) >= OTHER_LINES_KEPT:
                        others.clear()
                    others[raw] = other
        if other is not None:
            kind, value, line_counted = other
            if line_counted is None and counting:
                line_counted = line_counts(raw)
                others[raw] = (kind, value, _NONE_COUNTED if line_counted == _NONE_COUNTED else line_counted)
            if kind == _HEADER_LINE:
                section, declared = value
                blocks.append((section, number, declared, len(entries)))
                row = known.get(section)
                if row is None:
                    row = known[section] = {}
            elif kind == _TOTAL_LINE:
                totals.append((number, value))
            elif kind == _LABEL_LINE:
                labels.setdefault(*value)
            if line_counted is not _NONE_COUNTED and line_counted is not None:
                counted.append(line_counted)
            continue
        if card is None:
            line = _SPACES.sub(" ", raw).strip()
            read: tuple[int, str, str | None, str | None] | Finding | None = None
            if is_japanese(line):
                # A card line of a Japanese list: its own forms (imported only for a line with kana
                # or kanji).
                from deckcheck.parse.japanese import JapaneseCard, read_line

                japanese = read_line(line)
                if isinstance(japanese, JapaneseCard):
                    read = (japanese.copies, japanese.name, japanese.set_code, japanese.number)
            if read is None:
                read = _read_card(line, number)
            if isinstance(read, Finding):
                findings.append(read)
                continue
            card = read
        count, card_name, set_code, card_number = card
        energy = energy_name(card_name)
        said = (count, energy.name, set_code, card_number, energy.basic_energy_type, energy.special_energy)
        if len(_SAID) >= SAID_KEPT:
            _SAID.clear()
        _SAID[raw] = said
        entry = _entry(said, section, raw)
        row = _keep(entry, section, raw)
        entries.append(entry)
        numbers.append(number)

    counts = None
    if every_line and counting:
        # A card line, a card line written wrong (a bad count, "4-4 Zoroark-GX") or a line that is
        # none: its entry or its syntax error; the other lines as line_counts counts each.
        no_card = sum(1 for f in findings if f.template == NOT_A_CARD_LINE) if findings else 0
        cards, attempts, no_cards, structure = map(sum, zip(*counted)) if counted else _NONE_COUNTED
        counts = LineCounts(len(entries) + cards, len(findings) - no_card + attempts, no_card + no_cards, structure)
    # The cards read under each header (up to the next header) and in the whole deck, summed in
    # one pass over the entries (a deck with no header and no total needs neither).
    deck_total = 0
    if blocks or totals:
        end = blocks[0][3] if blocks else len(entries)
        deck_total = sum(map(_COUNT, entries[:end])) if end else 0
        for position, (block_section, block_line, declared, first) in enumerate(blocks):
            end = blocks[position + 1][3] if position + 1 < len(blocks) else len(entries)
            actual = sum(map(_COUNT, entries[first:end]))
            deck_total += actual
            # A header counts the cards under it, or (as PTCG Live's exports of 2023-2026 do) the
            # lines: either is right (docs/rulings.md).
            if declared is not None and declared != actual and declared != end - first:
                findings.append(
                    Finding(
                        rule=SYNTAX,
                        severity=Severity.WARNING,
                        template=SECTION_MISMATCH,
                        params={
                            "section": term(block_section),
                            "line": block_line,
                            "declared": declared,
                            "actual": actual,
                        },
                        lines=(block_line,),
                        hint_template=SECTION_MISMATCH_HINT,
                    )
                )
    for total_line, declared in totals:
        if declared != deck_total:
            findings.append(
                Finding(
                    rule=SYNTAX,
                    severity=Severity.WARNING,
                    template=TOTAL_MISMATCH,
                    params={"line": total_line, "declared": declared, "actual": deck_total},
                    lines=(total_line,),
                    hint_template=TOTAL_MISMATCH_HINT,
                )
            )
    if len(findings) > 1:
        findings.sort(key=_LINES)
    entries = apart(entries, numbers)
    parsed = ParsedDeck(
        path=path,
        entries=tuple(entries),
        findings=tuple(findings),
        name=labels.get("name"),
        declared_format=labels.get("format"),
        lines=tuple(numbers),
    )
    return parsed, counts
