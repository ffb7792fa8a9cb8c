"""Standard and Expanded on every day of their history (docs/rulings.md, "Formats through history").

Each season boundary of ``formats/standard.yaml`` has a card legal the day
before and not legal on the day; sets become legal on their first legal day
under the waiting period of their era; promo ranges, Standard's own bans and
every Expanded ban and unban apply from their day. Run against the reference
card data (skipped where ../shared/carddata is absent).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from support import json_report

from deckcheck.engine import check_deck
from deckcheck.packs.loading import absent_on, load_pack
from deckcheck.parse import parse_text

ONE_DAY = dt.timedelta(days=1)


def verdict(index, line: str, fmt: str, day: str, rotation_days: int = 0) -> list[tuple[str, str]]:
    """(rule, message) of the findings about the card of ``line`` (not the deck's size)."""
    result = check_deck(
        parse_text(f"1 {line}\n", "d.txt"),
        load_pack(fmt),
        index,
        dt.date.fromisoformat(day),
        rotation_days=rotation_days,
    )
    return [(f.rule, f.message) for f in result.findings if f.rule not in ("deck-size", "basic-pokemon")]


def legal(index, line: str, fmt: str, day: str) -> bool:
    found = verdict(index, line, fmt, day)
    assert all(rule in ("not-legal", "banned", "legal-reprint") for rule, _ in found), found
    return not any(rule in ("not-legal", "banned") for rule, _ in found)


def before(day: str) -> str:
    return (dt.date.fromisoformat(day) - ONE_DAY).isoformat()


# -- Standard: one boundary per season since 2001 -------------------------------------------------

# (first day of the season, a card of a set that rotates out on that day, the season's name)
ROTATIONS = [
    ("2002-08-03", "Blaine's Moltres G1 1", "2002-03 Modified, Neo-on"),
    ("2003-07-01", "Ampharos N1 1", "2003-04 Modified, Expedition-on"),
    ("2004-09-01", "Alakazam EX 1", "2004-05 Modified, Ruby & Sapphire-on"),
    ("2005-09-01", "Aggron RS 1", "2005-06 Modified, Hidden Legends-on"),
    ("2006-09-01", "Banette HL 1", "2006-07 Modified, Deoxys-on"),
    ("2007-09-01", "Altaria DX 1", "2007-08 Modified, Holon Phantoms-on"),
    ("2008-09-01", "Armaldo δ HP 1", "2008-09 Modified, Diamond & Pearl-on"),
    ("2010-09-01", "Dusknoir DP 2", "2010-11 Modified, Majestic Dawn-on"),
    ("2011-07-01", "Articuno MD 1", "2011-12 Modified, HeartGold & SoulSilver-on"),
    ("2012-09-01", "Arcanine HS 1", "2012-13 Modified, Black & White-on"),
    ("2013-08-28", "Snivy BLW 1", "2013-14 Modified, Next Destinies-on"),
    ("2014-09-01", "Pinsir NXD 1", "2014-15 season, Boundaries Crossed-on"),
    ("2015-09-01", "Oddish BCR 1", "2015-16 season, XY-on"),
    ("2016-09-01", "M Venusaur-EX XY 2", "2016-17 season, Primal Clash-on"),
    ("2017-09-01", "Weedle PRC 1", "2017-18 season, BREAKthrough-on"),
    ("2018-08-31", "Paras BKT 1", "2018-19 season, Sun & Moon-on"),
    ("2019-08-15", "Caterpie SUM 1", "2019-20 season, Ultra Prism-on"),
    ("2020-08-28", "Exeggcute UPR 1", "2020-21 season, Team Up-on"),
    ("2021-09-10", "Celebi & Venusaur-GX TEU 1", "2022 rotation"),
    ("2023-04-14", "Marnie SSH 169", "2023 rotation"),
    ("2024-04-05", "Battle VIP Pass FST 225", "2024 rotation"),
    ("2025-04-11", "Lumineon V BRS 40", "2025 rotation"),
    ("2026-04-10", "Iono PAL 185", "2026 rotation"),
]


@pytest.mark.parametrize("day, line, season", ROTATIONS)
def test_a_card_rotates_out_on_the_first_day_of_the_season(reference_index, day, line, season):
    assert legal(reference_index, line, "standard", before(day)), line
    found = verdict(reference_index, line, "standard", day)
    assert [rule for rule, _ in found] == ["not-legal"], found
    # The finding names the season and the day the card rotated out (or, in
    # the first regulation-mark season, that an old print has no mark).
    assert f"({season})" in found[0][1], found
    assert f"rotated out of standard on {day}" in found[0][1] or "has no regulation mark" in found[0][1], found


def test_the_rotation_message_names_season_set_and_day(reference_index):
    found = verdict(reference_index, "Weedle PRC 1", "standard", "2018-01-13")
    assert found == [
        (
            "not-legal",
            "Weedle PRC 1 is from PRC, which rotated out of standard on 2017-09-01 "
            "(2017-18 season, BREAKthrough-on), so it is not legal on 2018-01-13.",
        )
    ]


def test_a_card_that_rotated_a_season_ago_names_its_own_rotation_once(reference_index):
    # "Rotom V LOR 58 ... (2026 rotation): it rotated out on 2025-04-11" read as the reason.
    found = verdict(reference_index, "Rotom V LOR 58", "standard", "2026-05-01")
    assert found == [
        (
            "not-legal",
            "Rotom V LOR 58 has regulation mark F, which rotated out of standard on "
            "2025-04-11 (2025 rotation), so it is not legal on 2026-05-01.",
        )
    ]
    assert "2026 rotation" not in found[0][1]


# (a card, its set's first legal day): legal on release until 2014, 21 days from
# Furious Fists, the third Friday after release (2016), the third Friday of the
# month (2017-2020, or the first Friday of the next month), two weeks since.
FIRST_DAYS = [
    ("Dark Alakazam TR 1", "2001-05-01"),  # the first day of Modified
    ("Bulbasaur DEX 1", "2012-05-09"),  # Dark Explorers: on release
    ("Bellsprout FFI 1", "2014-09-03"),  # Furious Fists 2014-08-13 + 21 days
    ("Tangela STS 1", "2016-08-19"),  # Steam Siege 2016-08-03: third Friday after
    ("Caterpie SUM 1", "2017-02-17"),  # Sun & Moon 2017-02-03: third Friday of the month
    ("Pheromosa & Buzzwole-GX UNB 1", "2019-05-17"),  # Unbroken Bonds 2019-05-03
    ("Caterpie HIF 1", "2019-09-06"),  # Hidden Fates 2019-08-23: first Friday of September
    ("Butterfree V DAA 1", "2020-08-28"),  # Darkness Ablaze 2020-08-14 + 14 days
    # The sets of 2025-2026: two weeks after release (FORMATS-HISTORY.md 2), which
    # formats-history/seasons.yaml derives for each; Journey Together and Perfect
    # Order on their rotation day (2025-04-11, 2026-04-10), as announced.
    ("Exeggcute PRE 1", "2025-01-31"),  # Prismatic Evolutions 2025-01-17
    ("Caterpie JTG 1", "2025-04-11"),  # Journey Together 2025-03-28
    ("Ethan's Pinsir DRI 1", "2025-06-13"),  # Destined Rivals 2025-05-30
    ("Snivy BLK 1", "2025-08-01"),  # Black Bolt 2025-07-18
    ("Sewaddle WHT 1", "2025-08-01"),  # White Flare 2025-07-18
    ("Bulbasaur MEG 1", "2025-10-10"),  # Mega Evolution 2025-09-26
    ("Oddish PFL 1", "2025-11-28"),  # Phantasmal Flames 2025-11-14
    ("Spinarak POR 1", "2026-04-10"),  # Perfect Order 2026-03-27
    ("Weedle CRI 1", "2026-06-05"),  # Chaos Rising 2026-05-22
    # Ascended Heroes 2026-01-30, a staggered release: legal from the announced
    # 2026-03-06 (set_legal_from), every mark of it -- I and H cards as well as J.
    ("Wurmple ASC 11", "2026-03-06"),  # I
    ("Budew ASC 16", "2026-03-06"),  # H
    ("Erika's Oddish ASC 1", "2026-03-06"),  # J
]


@pytest.mark.parametrize("line, day", FIRST_DAYS)
def test_a_set_is_legal_from_its_first_legal_day(reference_index, line, day):
    assert not legal(reference_index, line, "standard", before(day)), line
    assert legal(reference_index, line, "standard", day), line


@pytest.mark.parametrize("fmt", ["standard", "expanded"])
def test_ascended_heroes_was_not_legal_two_weeks_after_its_first_release(reference_index, fmt):
    # Not legal at the European International Championships (2026-02-13..15), though two
    # weeks after the first ASC product; the message names the announced day.
    for day in ("2026-02-13", "2026-02-14", "2026-03-05"):
        found = verdict(reference_index, "Wurmple ASC 11", fmt, day)
        assert found == [
            (
                "not-legal",
                f"Wurmple ASC 11 is from ASC, which becomes legal in {fmt} on 2026-03-06, "
                "the day Play! Pokémon announced for it (released 2026-01-30).",
            )
        ], (day, found)
    assert legal(reference_index, "Wurmple ASC 11", fmt, "2026-03-06")
    # A print of ASC still waiting is not made legal by an older legal print of the card.
    assert not legal(reference_index, "Boss's Orders ASC 183", fmt, "2026-02-14")
    assert legal(reference_index, "Boss's Orders MEG 114", fmt, "2026-02-14")


@pytest.mark.parametrize("fmt", ["standard", "expanded"])
def test_fixed_legal_days_agree_with_the_us_release_and_hold_on_any_card_source(fmt):
    # set_legal_from pins the sets whose release day differs between pokemontcg.io (the US
    # day the waiting period counts from) and TCGdex: each pinned day is the one the US
    # release gives, and a print carrying TCGdex's release day is not legal a day early.
    import json

    import yaml
    from support import REFERENCE_DATA, require_reference_data

    from deckcheck.model import POKEMON, Card
    from deckcheck.rules.card_pool import Pool

    data = require_reference_data()
    released = {
        s["id"]: s["releaseDate"].replace("/", "-") for s in json.loads((data / "sets" / "en.json").read_text("utf-8"))
    }
    derived = yaml.safe_load((REFERENCE_DATA.parent / "formats-history" / "seasons.yaml").read_text("utf-8"))
    derived = derived["set_legal_dates"]
    (rule,) = [r for r in load_pack(fmt).rules if r.kind == "card-pool"]
    pool = Pool.from_options(rule.options)
    pinned = dict(pool.set_legal_from)
    assert pinned.pop("me2pt5") == "2026-03-06"  # announced (test above); the rest are derived
    assert set(pinned) == {"zsv10pt5", "rsv10pt5", "det1", "sm9", "mcd17"}
    for set_id, day in pinned.items():
        assert day == pool.legal_from(released[set_id]).isoformat() == str(derived[set_id]["tournament_legal"]), set_id
    tcgdex_black_bolt = Card(
        id="zsv10pt5-1",
        name="Snivy",
        supertype=POKEMON,
        set_id="zsv10pt5",
        set_code="BLK",
        number="1",
        regulation_mark="I",
        release_date="2025-07-17",
    )
    assert not pool.verdict(tcgdex_black_bolt, dt.date(2025, 7, 31)).legal
    assert pool.verdict(tcgdex_black_bolt, dt.date(2025, 8, 1)).legal


@pytest.mark.parametrize(
    "day, legal_line, other_line",
    [
        ("2002-08-03", "Psyduck PR 20", "Sabrina's Abra PR 19"),  # Neo-on: Wizards promos 20-53
        ("2006-09-01", "Celebi PR-NP 29", "Championship Arena PR-NP 28"),  # DX-on: Nintendo promos 029 and up
        ("2013-08-28", "Riolu PR-BLW BW33", "Victini PR-BLW BW32"),  # NXD-on: BW33 and higher
        ("2017-09-01", "Jirachi PR-XY XY67", "Latios PR-XY XY65"),  # BKT-on: XY67 and up
        ("2019-08-15", "Wash Rotom PR-SM SM94", "Marshadow PR-SM SM93"),  # UPR-on: SM94 and up
        ("2020-08-28", "Charizard PR-SM SM158", "Pikachu PR-SM SM157"),  # TEU-on: SM158 and up
    ],
)
def test_promo_ranges_of_a_season(reference_index, day, legal_line, other_line):
    assert legal(reference_index, legal_line, "standard", day)
    assert not legal(reference_index, other_line, "standard", day)


def test_hidden_fates_shiny_vault_only_lycanroc_gx_in_team_up_on(reference_index):
    assert legal(reference_index, "Lycanroc-GX HIF SV67", "standard", "2020-09-05")
    assert legal(reference_index, "Caterpie HIF 1", "standard", "2020-09-05")  # the main set stays
    assert legal(reference_index, "Lycanroc-GX HIF SV67", "standard", "2019-09-06")


def test_no_rotation_in_2009_keeps_diamond_and_pearl(reference_index):
    assert legal(reference_index, "Dusknoir DP 2", "standard", "2009-09-01")


# -- bans of Standard ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, since, until",
    [
        ("Sneasel N1 25", "2001-05-01", "2003-07-01"),
        ("Slowking N1 14", "2003-01-01", None),
        ("Lysandre's Trump Card PHF 99", "2015-06-15", None),
        ("Bellelba & Brycen-Man CEC 186", "2020-08-28", None),
        ("Mismagius UNB 78", "2020-08-28", None),
    ],
)
def test_standard_bans_on_their_day(reference_index, line, since, until):
    if since != "2001-05-01":  # Sneasel was banned from Modified's first day
        assert legal(reference_index, line, "standard", before(since)), line
    found = verdict(reference_index, line, "standard", since)
    assert [rule for rule, _ in found] == ["banned"], found


# -- Expanded: its first day, every ban and unban ---------------------------------------------------

# (card, first day of the ban, first day without it or None)
EXPANDED_BANS = [
    ("Lysandre's Trump Card PHF 99", "2015-06-15", None),
    ("Shiftry NXD 72", "2015-09-01", "2017-08-18"),
    ("Forest of Giant Plants AOR 74", "2017-08-18", None),
    ("Archeops NVI 67", "2017-08-18", None),
    ("Ghetsis PLF 101", "2018-08-17", None),
    ("Hex Maniac AOR 75", "2018-08-17", None),
    ("Puzzle of Time BKP 109", "2018-08-17", None),
    ("Wally ROS 94", "2018-08-17", "2021-02-19"),
    ("Maxie's Hidden Ball Trick PRC 133", "2019-02-15", None),
    ("Unown LOT 90", "2019-02-15", None),
    ("Delinquent BKP 98", "2019-02-15", None),
    ("Lusamine CIN 96", "2019-02-15", "2021-02-19"),
    ("Jessie & James HIF 58", "2019-09-06", None),
    ("Marshadow SLG 45", "2019-11-15", None),
    ("Lt. Surge's Strategy UNB 178", "2019-11-15", None),
    ("Reset Stamp UNM 206", "2019-11-15", None),
    ("Chip-Chip Ice Axe UNB 165", "2019-11-15", None),
    ("Red Card XY 124", "2019-11-15", None),
    ("Flabébé FLI 83", "2019-11-15", None),
    ("Unown LOT 91", "2019-11-15", None),
    ("Mismagius UNB 78", "2019-11-15", None),
    ("Island Challenge Amulet CEC 194", "2019-11-15", None),
    ("Sableye DEX 62", "2020-11-27", None),
    ("Milotic FLF 23", "2020-11-27", None),
    ("Shaymin-EX ROS 77", "2020-11-27", None),
    ("Oranguru UPR 114", "2020-11-27", None),
    ("Scoop Up Net RCL 165", "2024-02-09", None),
    ("Duskull CEC 83", "2024-09-27", None),
    ("Flapple RCL 22", "2025-10-10", None),
    ("Medicham V EVS 83", "2026-04-10", None),
]


# Bans that began on the first legal day of the card's own set.
_WITH_ITS_SET = {"Jessie & James HIF 58", "Island Challenge Amulet CEC 194"}


@pytest.mark.parametrize("line, since, until", EXPANDED_BANS)
def test_every_expanded_ban_and_unban_on_its_day(reference_index, line, since, until):
    found_before = verdict(reference_index, line, "expanded", before(since))
    if line in _WITH_ITS_SET:
        assert [rule for rule, _ in found_before] == ["not-legal"], found_before  # the set was not legal yet
    else:
        assert found_before == [], found_before
    assert [rule for rule, _ in verdict(reference_index, line, "expanded", since)] == ["banned"]
    if until is not None:
        assert [rule for rule, _ in verdict(reference_index, line, "expanded", before(until))] == ["banned"]
        assert legal(reference_index, line, "expanded", until), line


def test_bans_by_print_leave_other_prints_legal(reference_index):
    # Shaymin-EX ROS 77 is banned; Shaymin-EX of other text (NXD 5) is not.
    assert not legal(reference_index, "Shaymin-EX ROS 77", "expanded", "2021-01-09")
    assert legal(reference_index, "Shaymin-EX NXD 5", "expanded", "2021-01-09")


def test_no_format_before_its_first_day():
    assert (
        absent_on(load_pack("expanded"), dt.date(2012, 5, 1))
        == "expanded began on 2014-09-01; there was no expanded on 2012-05-01"
    )
    assert (
        absent_on(load_pack("standard"), dt.date(2000, 5, 1))
        == "standard began on 2001-05-01; there was no standard on 2000-05-01"
    )
    assert absent_on(load_pack("standard"), dt.date(2001, 5, 1)) is None
    assert absent_on(load_pack("unlimited"), dt.date(1999, 1, 9)) is None


# -- what the pack does not know, and what rotates next ---------------------------------------------


def test_a_day_past_the_known_seasons_is_a_warning(reference_index):
    found = verdict(reference_index, "Iono PAF 80", "standard", "2027-04-01")
    assert (
        "beyond-known-seasons",
        "deckcheck knows standard up to 2027-03-31 (2026 rotation); later changes "
        "are not known, so this check may be out of date.",
    ) in found
    assert not any(
        rule == "beyond-known-seasons" for rule, _ in verdict(reference_index, "Iono PAF 80", "standard", "2027-03-31")
    )


def test_a_card_leaving_within_the_rotation_days_is_a_rotating_warning(reference_index):
    found = verdict(reference_index, "Iono PAL 185", "standard", "2026-04-09", rotation_days=90)
    assert found == [("rotating", "Iono PAL 185 leaves standard on 2026-04-10 (2026 rotation), in 1 day.")]
    # The J-mark season of 2026-03-06 keeps G; the card leaves at the next change.
    found = verdict(reference_index, "Iono PAL 185", "standard", "2026-01-10", rotation_days=90)
    assert found == [("rotating", "Iono PAL 185 leaves standard on 2026-04-10 (2026 rotation), in 90 days.")]
    # A change further away than --rotation-days is not announced; a reprinted card does not rotate.
    assert verdict(reference_index, "Iono PAL 185", "standard", "2026-01-09", rotation_days=30) == []
    # Ultra Ball SVI 196 (G) stays legal on 2026-04-10 through its I-mark reprints.
    assert verdict(reference_index, "Ultra Ball SVI 196", "standard", "2026-04-09", rotation_days=90) == []


# -- the command line ---------------------------------------------------------------------------------


def test_a_day_before_the_format_is_a_usage_error(tmp_path):
    from support import run_deckcheck as run

    deck = tmp_path / "deck.txt"
    deck.write_text("4 Pikachu BS 58\n", encoding="utf-8")
    result = run("check", str(deck), "--format", "expanded", "--date", "2012-05-01", "--output", "json")
    assert result.returncode == 2, result.stderr
    assert "expanded began on 2014-09-01; there was no expanded on 2012-05-01" in result.stderr.decode()
    (problem,) = json_report(result.stdout)["problems"]  # not checked
    assert problem["message"] == (
        "The deck cannot be checked as expanded on 2012-05-01: expanded began on "
        "2014-09-01; there was no expanded on 2012-05-01."
    )


def test_rotation_days_announces_a_rotation_within_that_many_days(tmp_path, reference_index):
    from support import run_deckcheck as run

    deck = tmp_path / "deck.txt"
    deck.write_text("4 Iono PAL 185\n", encoding="utf-8")
    db = ["--db", str(reference_index.path)]
    shown = run("check", str(deck), "--format", "standard", "--date", "2026-03-20", *db).stdout.decode()
    assert "4 cards of this deck leave standard on 2026-04-10." in shown, shown
    assert "Iono PAL 185 leaves standard on 2026-04-10 (2026 rotation), in 21 days." in " ".join(shown.split())
    quiet = run("check", str(deck), "--format", "standard", "--date", "2026-03-20", "--rotation-days", "20", *db)
    assert "rotating" not in quiet.stdout.decode()
    assert run("check", str(deck), "--rotation-days", "-1").returncode == 2


# -- real lists of several eras ------------------------------------------------------------------------

HISTORY_DECKS = Path(__file__).resolve().parents[1] / "history_decks"


def _deck_day(path: Path) -> str:
    return next(
        line.split(":", 1)[1].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("# date:")
    )


@pytest.mark.parametrize("path", sorted(HISTORY_DECKS.glob("*.txt")), ids=lambda p: p.stem)
def test_world_championships_lists_are_legal_on_their_day(reference_index, path):
    from deckcheck.parse import read_deck

    day = dt.date.fromisoformat(_deck_day(path))
    result = check_deck(read_deck(str(path)), load_pack("standard"), reference_index, day)
    errors = [f"{f.rule} {list(f.lines)}: {f.message}" for f in result.findings if f.severity.value == "error"]
    assert result.total_cards == 60 and not errors, errors


# (list, a day after the rotation that removed some of its cards, a card it removed)
@pytest.mark.parametrize(
    "name, day, removed",
    [
        ("worlds-2004-masters-1", "2005-09-01", "Team Magma's Groudon"),
        ("worlds-2012-masters-1", "2012-09-01", "Junk Arm"),
        ("worlds-2017-masters-1", "2017-09-01", "Wonder Energy"),
        ("worlds-2019-masters-1", "2020-08-28", "Mysterious Treasure"),
    ],
)
def test_world_championships_lists_rotate(reference_index, name, day, removed):
    from deckcheck.parse import read_deck

    result = check_deck(
        read_deck(str(HISTORY_DECKS / f"{name}.txt")),
        load_pack("standard"),
        reference_index,
        dt.date.fromisoformat(day),
    )
    not_legal = [f.message for f in result.findings if f.rule == "not-legal"]
    assert any(message.startswith(removed) for message in not_legal), not_legal


def test_a_ban_known_to_come_is_announced_as_rotating(reference_index):
    found = verdict(reference_index, "Medicham V EVS 83", "expanded", "2026-03-20", rotation_days=90)
    assert found == [("rotating", "Medicham V EVS 83 is banned in expanded from 2026-04-10, in 21 days.")]
    assert verdict(reference_index, "Medicham V EVS 83", "expanded", "2026-03-20", rotation_days=20) == []


def test_basic_fairy_energy_leaves_standard_with_the_2022_season(reference_index):
    assert legal(reference_index, "Fairy Energy", "standard", "2021-09-09")
    assert [rule for rule, _ in verdict(reference_index, "Fairy Energy", "standard", "2021-09-10")] == ["banned"]


def test_formats_show_names_the_next_ban_change():
    from deckcheck.packs.info import in_force_on

    shown = dict(in_force_on(load_pack("expanded"), dt.date(2021, 1, 10)))["banned"]
    assert "next change 2021-02-19:\n  - ban ends: Wally since 2018-08-17 until 2021-02-19" in shown


def test_an_unmarked_card_that_left_years_ago_names_the_rotation_that_took_it_out(reference_index):
    # "Zorua SLG 52 ... not legal in standard on 2026-12-04 (2026 rotation)" named the day's
    # season, not the rotation of 2019 that took Shining Legends out.
    found = verdict(reference_index, "Zorua SLG 52", "standard", "2026-12-04")
    assert [rule for rule, _ in found] == ["not-legal"], found
    assert "2026 rotation" not in found[0][1], found
    assert "rotated out of standard on 2019-08-15 (2019-20 season, Ultra Prism-on)" in found[0][1], found


def test_a_print_not_out_yet_says_so_not_its_waiting_period(reference_index):
    # On 2006-10-25 Zorua SLG 52 (released 2017-10-06) "becomes legal in standard on 2017-10-20
    # (release 2017-10-06 plus the waiting period)": the waiting period is no reason 11 years before it.
    found = verdict(reference_index, "Zorua SLG 52", "standard", "2006-10-25")
    assert found == [
        (
            "not-legal",
            "Zorua SLG 52 came out on 2017-10-06, after 2006-10-25, so it is not legal in standard on 2006-10-25.",
        )
    ]
    # In its waiting period (released, not yet legal) the waiting period is the reason.
    assert "plus the waiting period" in verdict(reference_index, "Zorua SLG 52", "standard", "2017-10-10")[0][1]


@pytest.mark.parametrize(
    "lang, rotom, zorua",
    [
        ("de", "(Rotation 2025)", "(Saison 2019-20, ab Ultra Prism)"),
        ("fr", "(rotation 2025)", "(saison 2019-20, à partir d'Ultra Prism)"),
        ("pt", "(rotação de 2025)", "(temporada 2019-20, a partir de Ultra Prism)"),
    ],
)
def test_season_labels_are_translated_inside_translated_messages(reference_index, lang, rotom, zorua):
    # "(2026 rotation)" stayed English inside a German or French message.
    from deckcheck import api

    result = api.check_text(
        "4 Rotom V LOR 58\n4 Zorua SLG 52\n", format="standard", date="2026-05-01", db=reference_index.path, lang=lang
    )
    messages = [f.message for f in result.findings if f.rule == "not-legal"]
    assert len(messages) == 2 and rotom in messages[0] and zorua in messages[1], messages
    assert not any("rotation)" in m or "season," in m for m in messages if lang != "fr"), messages
