"""The lines of Japanese deck lists (deckcheck.parse.japanese): counts before or after the name
(×4, 4枚, ：4), prints as Japanese lists write them (SV9a 062, SV9a-062, 062/063, in brackets),
full-width forms, bullets, section headers and totals; a line it cannot read is never a card."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import ENERGY, POKEMON, TRAINER
from deckcheck.parse.japanese import JapaneseCard, JapaneseHeader, JapaneseTotal, read_line


@pytest.mark.parametrize(
    "line, count, name",
    [
        ("4 ナンジャモ", 4, "ナンジャモ"),
        ("ナンジャモ 4", 4, "ナンジャモ"),
        ("ナンジャモ×4", 4, "ナンジャモ"),
        ("ナンジャモ ×4", 4, "ナンジャモ"),
        ("ナンジャモ x 4", 4, "ナンジャモ"),
        ("ナンジャモ 4枚", 4, "ナンジャモ"),
        ("ナンジャモ4枚", 4, "ナンジャモ"),
        ("ナンジャモ：4", 4, "ナンジャモ"),
        ("・ナンジャモ×4", 4, "ナンジャモ"),
        ("- ナンジャモ 4", 4, "ナンジャモ"),
        ("４ ナンジャモ", 4, "ナンジャモ"),  # full-width digits
        ("ナンジャモ\u3000４枚", 4, "ナンジャモ"),  # a full-width space
        ("3 ｼﾞｬｯｼﾞﾏﾝ", 3, "ｼﾞｬｯｼﾞﾏﾝ"),  # half-width kana: as written (the card database folds them)
        ("メガヤンマex 3", 3, "メガヤンマex"),  # the x of ex is no count marker
        ("メガヤンマex x3", 3, "メガヤンマex"),
        ("1 ガチグマ アカツキex", 1, "ガチグマ アカツキex"),
        ("アンフェアスタンプ(ACE SPEC) 1", 1, "アンフェアスタンプ"),  # as the official deck pages write it
        ("1 マキシマムベルト（ACE SPEC）", 1, "マキシマムベルト"),
        ("ボスの指令（ゲーチス） 2", 2, "ボスの指令(ゲーチス)"),
        ("4 基本超エネルギー", 4, "基本超エネルギー"),
    ],
)
def test_a_card_counted_before_or_after(line, count, name):
    assert read_line(line) == JapaneseCard(count, name, None, None)


@pytest.mark.parametrize(
    "line",
    [
        "4 ジャッジマン SV9a 062",
        "ジャッジマン SV9a 062 ×4",
        "ジャッジマン SV9a-062 4枚",
        "ジャッジマン SV9a 062/063 4",
        "4 ジャッジマン SV9a 062/063",
        "4 ジャッジマン(SV9a 062/063)",
        "ジャッジマン（SV9a 062/063） 4",
        "4 ジャッジマン ＳＶ９ａ ０６２",
    ],
)
def test_a_print_as_japanese_lists_write_it(line):
    assert read_line(line) == JapaneseCard(4, "ジャッジマン", "SV9a", "062")


def test_promo_and_other_codes():
    assert read_line("2 ネストボール SV-P 015") == JapaneseCard(2, "ネストボール", "SV-P", "015")
    assert read_line("1 プレシャスキャリー(ACE SPEC) SVLN 015") == JapaneseCard(1, "プレシャスキャリー", "SVLN", "015")
    assert read_line("4 リザードンex(SV3-066)") == JapaneseCard(4, "リザードンex", "SV3", "066")
    assert read_line("1 ルギアVSTAR S12 079/098") == JapaneseCard(1, "ルギアVSTAR", "S12", "079")


@pytest.mark.parametrize(
    "line, section, declared",
    [
        ("ポケモン (12)", POKEMON, 12),
        ("ポケモン（12枚）", POKEMON, 12),
        ("【ポケモン】", POKEMON, None),
        ("【グッズ】", TRAINER, None),
        ("ポケモンのどうぐ 3枚", TRAINER, 3),
        ("サポート", TRAINER, None),
        ("スタジアム：2", TRAINER, 2),
        ("■トレーナーズ 30枚", TRAINER, 30),
        ("エネルギー(10)", ENERGY, 10),
        ("基本エネルギー 8", ENERGY, 8),
    ],
)
def test_japanese_section_headers_read_with_their_counts(line, section, declared):
    assert read_line(line) == JapaneseHeader(section, declared)


def test_japanese_total_lines_read_as_totals():
    assert read_line("合計 60枚") == read_line("合計：60") == read_line("デッキ枚数 60") == JapaneseTotal(60)


@pytest.mark.parametrize(
    "line",
    [
        "ジャッジマン",  # no count
        "ジャッジマン SV9a 062",  # the number of a print is no count
        "4 SV9a 062",  # no name
        "0 ナンジャモ",
        "ナンジャモ ×1000",
        "4 Iono PAL 185",  # not Japanese: the text parser's
        "ポケモンいれかえ",
        "",
        "このデッキは強い",
    ],
)
def test_what_is_no_card_line(line):
    assert not isinstance(read_line(line), JapaneseCard)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("ナンジャモ ×x枚：:()（）SVa0123456789-/・【】ACE SPEC\u3000４"), max_size=60))
def test_any_line_is_read_or_refused_never_an_exception(line):
    read = read_line(line)
    if isinstance(read, JapaneseCard):
        assert 1 <= read.copies <= 999 and read.name.strip()


def test_long_lines_of_the_shapes_a_pattern_could_backtrack_on_are_read():
    # Every pattern is linear: with a super-linear one these lines would not be read in a lifetime.
    assert read_line("ナ" + " " * 20_000 + "4") == JapaneseCard(4, "ナ", None, None)
    assert read_line("4 " + "ナ" * 20_000 + " SV" + "9" * 20_000) is not None
    assert read_line("(" * 20_000 + "ナ") is None
    assert read_line("4 ナ" + " ×" * 20_000) is not None
