"""Japanese deck lists: the lines of a list as Japanese players write it.

A Japanese list names its cards in Japanese (``ナンジャモ``, ``メガヤンマex``, full-width or
half-width forms), counts them before or after the name (``4 ナンジャモ``, ``ナンジャモ 4``,
``ナンジャモ×4``, ``ナンジャモ 4枚``, ``ナンジャモ：4``), may give the print as Japanese lists do
(``ジャッジマン SV9a 062``, ``SV9a-062``, ``062/063``, or in brackets as the official deck pages
write it: ``サーフゴーex(SV3a 050/062)``), starts lines with a bullet (``・``, ``-``) and groups
the cards under headers (``ポケモン (12)``, ``【グッズ】``, ``ポケモンのどうぐ``, ``サポート``,
``スタジアム``, ``エネルギー``, ``■トレーナーズ 30枚``), with a total (``合計 60枚``).

:func:`read_line` reads one line (after the text parser has found no line of its own kinds in
it) as a card line, a section header or a total, and never guesses: a line it cannot read is
None, and stays the text parser's ``syntax`` finding. The name is returned as written (the
``(ACE SPEC)`` the official deck pages add taken off); what it names is resolution's to say, in
Japan's card pool (the card database's region ``jp``). Pure: no I/O. Every pattern is linear in
the length of the line.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from deckcheck.model import ENERGY, POKEMON, TRAINER
from deckcheck.names import is_japanese

# The highest count a line may write (the text parser's own limit).
MAX_COUNT = 999


class JapaneseCard(NamedTuple):
    copies: int
    name: str  # as written, the print and the count taken off
    set_code: str | None
    number: str | None


class JapaneseHeader(NamedTuple):
    section: str  # model.POKEMON, TRAINER or ENERGY
    declared: int | None


class JapaneseTotal(NamedTuple):
    declared: int


# The headers of Japanese lists: the official deck page's sections and the words players use.
_SECTIONS = {
    "ポケモン": POKEMON,
    **dict.fromkeys(
        ("グッズ", "ポケモンのどうぐ", "どうぐ", "サポート", "サポーター", "スタジアム", "トレーナーズ", "トレーナー"),
        TRAINER,
    ),
    **dict.fromkeys(("エネルギー", "基本エネルギー", "特殊エネルギー"), ENERGY),
}
_TOTALS = ("合計", "計", "デッキ枚数", "枚数", "総数")

# A header: a bullet or brackets around the word, a count after it ("(12)", "12枚", ": 12").
_HEADER = re.compile(
    r"^[■□●◆◇▼▽★☆【\[〔（(]?+\s*+(?P<word>[^\s\d【】\[\]〔〕（）()：:■]++)\s*+[】\]〕）)]?+"
    r"\s*+(?:[：:]\s*+)?+(?:[（(]\s*+(?P<paren>\d{1,3}+)\s*+枚?+\s*+[）)]|(?P<count>\d{1,3}+)\s*+枚?+)?+$"
)
_TOTAL = re.compile(r"^(?P<word>[^\s\d：:]++)\s*+[：:]?+\s*+(?P<count>\d{1,3}+)\s*+枚?+$")
# Bullets before a card ("・ナンジャモ×4", "- ナンジャモ 4").
_BULLET = re.compile(r"^(?:[・･•·\-–—]\s*+)")
# At the end: "×4", "x4", "4枚", ": 4" (marked: a count whatever comes before it), or a bare "4"
# after a space (a count unless it is the number of a print: "ジャッジマン SV9a 062").
# (An "x" right after a letter is the name's: "メガヤンマex 3".)
_COUNT_MARKED = re.compile(
    r"(?:\s*+[：:]\s*+|\s*+(?:×|(?<![A-Za-z])[xX*])\s*+)(?P<count>\d{1,4}+)\s*+枚?+$|\s*+(?P<kai>\d{1,4}+)\s*+枚$"
)
_COUNT_BARE = re.compile(r"\s(?P<count>\d{1,4}+)$")
_COUNT_BEFORE = re.compile(r"^(?:[×xX]\s*+)?+(?P<count>\d{1,4}+)\s*+(?:枚|[×xX](?=\s))?+\s*+(?=\S)")
# The print at the end: "SV9a 062", "SV9a-062", "SV9a 062/063", "(SV9a 062/063)", "SV-P 045".
_CODE = r"(?:[A-Z]{1,3}+[0-9]{0,2}+[A-Za-z]?+(?:-P)?+)"
_PRINT = re.compile(
    rf"(?:\s*+[（(]\s*+(?P<pcode>{_CODE})(?:\s++|\s*+-\s*+)(?P<pnumber>\d{{1,3}}+)(?:/\d{{1,3}}+)?+\s*+[）)]"
    rf"|\s++(?P<code>{_CODE})(?:\s++|-)(?P<number>\d{{1,3}}+)(?:/\d{{1,3}}+)?+)$"
)
# The official deck pages write the ACE SPEC cards "NAME(ACE SPEC)".
_ACE_SPEC = re.compile(r"\s*+[（(]\s*+ACE\s*+SPEC\s*+[）)]", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def _normal(line: str) -> str:
    """Full-width letters, digits and signs as ASCII (``４枚``, ``ＳＶ９ａ``, ``／``); the
    kana stay as written (the card name's own folding is the card database's)."""
    folded = "".join(unicodedata.normalize("NFKC", ch) if "\uff01" <= ch <= "\uff5e" else ch for ch in line)
    return _SPACES.sub(" ", folded.replace("\u3000", " ")).strip()


def read_line(line: str) -> JapaneseCard | JapaneseHeader | JapaneseTotal | None:
    """One line of a Japanese list: a card, a section header, a total, or None when it is none
    of these (the caller's syntax finding)."""
    text = _normal(line)
    if not text or not is_japanese(text):
        return None
    header = _HEADER.match(text)
    if header is not None and header["word"] in _SECTIONS:
        count = header["paren"] or header["count"]
        return JapaneseHeader(_SECTIONS[header["word"]], int(count) if count else None)
    total = _TOTAL.match(text)
    if total is not None and total["word"] in _TOTALS:
        return JapaneseTotal(int(total["count"]))
    return _card(_BULLET.sub("", text, count=1))


def _card(text: str) -> JapaneseCard | None:
    count: int | None = None
    before = _COUNT_BEFORE.match(text)
    if before is not None:
        count, text = int(before["count"]), text[before.end() :]
    else:
        after = _COUNT_MARKED.search(text)
        if after is None:
            bare = _COUNT_BARE.search(text)
            printed = _PRINT.search(text)
            after = bare if printed is None or printed.end() != len(text) else None
        if after is not None and after.start() > 0:
            count, text = int(after["count"] or after["kai"]), text[: after.start()].rstrip()
    if count is None or not 1 <= count <= MAX_COUNT:
        return None
    set_code = number = None
    printed = _PRINT.search(text)
    if printed is not None and printed.start() > 0:
        set_code = printed["pcode"] or printed["code"]
        number = printed["pnumber"] or printed["number"]
        text = text[: printed.start()]
    name = _ACE_SPEC.sub("", text).strip(" ・:：")
    if not name or not is_japanese(name):
        return None
    return JapaneseCard(count, name, set_code, number)
