"""The pack compiled for a day (deckcheck.engine): the engine reads each deck once and hands
each rule the lines its prints take part in, asking each rule's facts of a print once. A rule
checked on its own (no table: ``facts_of`` works the facts out from the deck) finds the same, in
the same order -- on every case deck of every shipped format, on its day and on days with a
rotation or a ban to come within the window, where the rules' previews speak."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.core.resolve import resolve_deck
from deckcheck.engine import check_deck, fact_table, resolve_options_for
from deckcheck.packs.loading import absent_on, load_pack
from deckcheck.parse import read_deck
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext

ROOT = Path(__file__).resolve().parents[1]
DECKS = sorted([*ROOT.glob("tests/cases/*/*/*.txt"), *ROOT.glob("sample_decks/*/*.txt")])
# Each format on days around its changes (2026-03-20: Standard's rotation and an Expanded ban
# within 90 days), past what the packs know (2027-06-01: a card pool's warning of the day, which a
# deck with no print the pool says anything of gets too), and each case on its own day.
DAYS = ("2016-02-01", "2019-01-20", "2023-03-20", "2026-03-20", "2026-11-30", "2027-06-01")
FORMATS = ("standard", "expanded", "glc", "unlimited", "half-deck", "base-fossil", "modified-2001")


def _own_day(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines()[:5]:
        if line.lower().startswith("# date:"):
            return line.split(":", 1)[1].strip()
    return None


def _each_rule_alone(deck, pack, index, day, rotation_days):
    context = RuleContext(date=day, format_name=pack.name, index=index, rotation_days=rotation_days)
    return [found for rule in pack.rules for found in KINDS[rule.kind].check(deck, rule, context)]


def test_the_compiled_pack_finds_what_each_rule_alone_finds(reference_index):
    seen: Counter[str] = Counter()
    for name in FORMATS:
        pack = load_pack(name)
        for path in DECKS:
            parsed = read_deck(str(path))
            days = {*DAYS, *filter(None, [_own_day(path)])}
            for text in sorted(days):
                day = dt.date.fromisoformat(text)
                if absent_on(pack, day):
                    continue
                options = resolve_options_for(pack, day, reference_index)
                deck, resolution = resolve_deck(parsed, reference_index, options)
                result = check_deck(parsed, pack, reference_index, day, resolve_options=options, keep_deck=True)
                by_table = list(result.findings[len(parsed.findings) + len(resolution) :])
                alone = _each_rule_alone(deck, pack, reference_index, day, 90)
                assert by_table == alone, (name, path.name, text)
                seen.update(f.rule for f in alone)
    # The cases reach every rule and both previews (a rotation, a ban to come).
    rules = ("not-legal", "copy-limit", "banned", "rotating", "legal-reprint", "ace-spec", "deck-size")
    for rule in (*rules, "beyond-known-seasons"):
        assert seen[rule], rule


def test_a_table_is_made_once_per_pack_day_and_window(reference_index):
    pack = load_pack("expanded")
    day = dt.date(2026, 3, 20)
    table = fact_table(pack.rules, pack.name, day, reference_index, 90)
    assert fact_table(pack.rules, pack.name, day, reference_index, 90) is table
    assert fact_table(pack.rules, pack.name, day, reference_index, 0) is not table
    assert fact_table(pack.rules, pack.name, day + dt.timedelta(days=1), reference_index, 90) is not table
    assert [rule.id for rule, _kind in table.rules] == [rule.id for rule in pack.rules]


def test_the_prints_a_table_remembers_stay_bounded(reference_index, monkeypatch):
    import deckcheck.engine as facts

    kept = 3
    monkeypatch.setattr(facts, "ROWS_KEPT", kept)
    pack = load_pack("unlimited")
    table = facts.FactTable(pack.rules, RuleContext(date=dt.date(2026, 11, 30), index=reference_index))
    parsed = read_deck(str(ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"))
    deck, _ = resolve_deck(parsed, reference_index, resolve_options_for(pack, dt.date(2026, 11, 30), reference_index))
    assert len(deck.cards) > kept
    table.deck_facts(deck)
    assert len(table._rows) <= kept


def test_the_plans_a_table_keeps_stay_bounded(reference_index, monkeypatch):
    import deckcheck.engine as engine

    monkeypatch.setattr(engine, "PLAN_LINES_KEPT", 30)
    monkeypatch.setattr(engine, "PLANS_KEPT", 2)
    pack, day = load_pack("unlimited"), dt.date(2026, 11, 30)
    table = engine.FactTable(pack.rules, RuleContext(date=day, index=reference_index))
    decks = [read_deck(str(path)) for path in sorted((ROOT / "sample_decks" / "legal").glob("*.txt"))]
    learned = 0
    for _ in range(4):
        options = resolve_options_for(pack, day, reference_index)
        plans = table.plans(options)
        for parsed in decks:
            deck, findings = resolve_deck(parsed, reference_index, options)
            if deck.plain and not findings:
                table.learn(deck, plans)
                learned += len(deck.cards)
                assert len(plans) < 30 + len(deck.cards) + len(deck.unresolved)
        assert len(table._plans) <= 2
    assert learned > 4 * 30  # (more lines than kept: the bound was reached)


def test_a_line_shared_by_lists_names_the_line_it_stands_on_in_each(reference_index):
    # The text parser shares one entry (and resolution one DeckCard) between the lists that write
    # a line, wherever it stands; each deck's findings name its own lines, and a line written twice
    # in one list is two lines.
    from deckcheck.parse import parse_text

    pack, day = load_pack("standard"), dt.date(2026, 12, 1)
    trump = "4 Lysandre's Trump Card PHF 99"
    first = parse_text(f"Trainer: 4\n{trump}\n", "a.txt")
    second = parse_text(f"Trainer: 12\n4 Iono PAL 185\n\n{trump}\n{trump}\n", "b.txt")
    assert second.entries[1] is first.entries[0] and second.entries[2] is not first.entries[0]
    options = resolve_options_for(pack, day, reference_index)
    one = check_deck(first, pack, reference_index, day, resolve_options=options)
    two = check_deck(second, pack, reference_index, day, resolve_options=options)
    assert resolve_deck(second, reference_index, options)[0].cards[1].entry is first.entries[0]

    def lines(result, rule):
        return [finding.lines for finding in result.findings if finding.rule == rule]

    assert lines(one, "not-legal") == [(2,)] and lines(one, "copy-limit") == []
    # (PAL left Standard in 2026: line 2 is not legal either.)
    assert lines(two, "not-legal") == [(2,), (4,), (5,)] and lines(two, "copy-limit") == [(4, 5)]
    # Read in the other order, the same.
    assert check_deck(second, pack, reference_index, day) == two
    assert check_deck(first, pack, reference_index, day) == one


def test_every_case_deck_reads_the_same_after_the_others_as_alone(reference_index):
    # A run shares what it read of a line (entries, readings, findings put on their lines) between
    # the decks: each case deck checked after all the others finds what it finds checked alone.
    day = dt.date(2026, 11, 30)
    for name in ("standard", "expanded", "glc"):
        pack = load_pack(name)
        shared = resolve_options_for(pack, day, reference_index)
        decks = [read_deck(str(path)) for path in DECKS]
        for parsed in [*decks, *reversed(decks)]:
            alone = check_deck(
                parsed, pack, reference_index, day, resolve_options=resolve_options_for(pack, day, reference_index)
            )
            assert check_deck(parsed, pack, reference_index, day, resolve_options=shared) == alone, (name, parsed.path)
            assert all(0 not in finding.lines for finding in alone.findings), (name, parsed.path)


def test_a_deck_of_lines_read_before_is_read_in_one_pass_as_resolution_reads_it(reference_index):
    # The table keeps the plan of each line of a plain deck read with no finding (FactTable.learn);
    # a deck all of whose lines have one is read in one pass (read_plain), to the Deck and the
    # facts resolution and the facts' pass give it. Any other deck is not read that way.
    from deckcheck.engine import fact_table

    pack, day = load_pack("expanded"), dt.date(2026, 11, 30)
    options = resolve_options_for(pack, day, reference_index)
    table = fact_table(pack.rules, pack.name, day, reference_index, 90)
    plans = table.plans(options)
    decks = [read_deck(str(path)) for path in DECKS]
    for parsed in decks:
        deck, resolution = resolve_deck(parsed, reference_index, options)
        if deck.plain and not resolution:
            table.learn(deck, plans)
    taken = 0
    for parsed in decks:
        read = table.read_plain(parsed, plans)
        deck, resolution = resolve_deck(parsed, reference_index, options)
        if deck.languages:
            assert not deck.plain
        if read is None:
            continue
        taken += 1
        facts = table.deck_facts(deck)
        assert deck.plain and not resolution and read[0] == deck, parsed.path
        assert (read[1].lines, read[1].counts, read[1].total) == (facts.lines, facts.counts, facts.total)
    assert taken > 20
    # Lines no deck read before: no plans, no one pass.
    assert all(table.read_plain(parsed, {}) is None for parsed in decks if parsed.entries)


def _card_line(line: str) -> bool:
    return line[:1].isdigit() or line.startswith("* ")  # (PTCGO's export: "* 4 Joltik PHF 26")


def _shuffled_within_sections(text: str, seed: int) -> str:
    """The list with the card lines under each header (and before the first) in another order:
    each line keeps its section, so the parser gives the very entries again."""
    import random

    blocks: list[list[str]] = [[]]
    for line in text.splitlines():
        if _card_line(line):
            blocks[-1].append(line)
        else:
            blocks.append([line])
            blocks.append([])
    order = random.Random(seed)
    for block in blocks:
        if block and _card_line(block[0]):
            order.shuffle(block)
    return "\n".join(line for block in blocks for line in block) + "\n"


def test_a_list_of_the_lines_of_a_legal_list_met_before_gets_its_verdict(reference_index, monkeypatch):
    # docs/rulings.md, "The order of the lines": the verdict of a legal list is kept by its lines
    # (FactTable.legal_lists), and a list of the very lines in another order takes it without
    # being read or judged again -- the same result as checked alone, with its own path and name.
    import deckcheck.engine as engine
    from deckcheck.parse import parse_text

    day = dt.date(2026, 11, 30)
    taken = 0
    for path in sorted((ROOT / "sample_decks" / "legal").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        pack = load_pack("unlimited")
        options = resolve_options_for(pack, day, reference_index)
        first = check_deck(parse_text(text, "first.txt"), pack, reference_index, day, resolve_options=options)
        if first.findings:
            continue
        for seed in range(3):
            other = _shuffled_within_sections(text.replace("# name:", "# name: other"), seed)
            parsed = parse_text(other, "other.txt")
            assert sorted(map(id, parsed.entries)) == sorted(map(id, parse_text(text, "x.txt").entries))
            alone = check_deck(
                parsed, pack, reference_index, day, resolve_options=resolve_options_for(pack, day, reference_index)
            )
            with monkeypatch.context() as patch:
                # Taken from what was kept: neither read nor judged.
                patch.setattr(engine.FactTable, "read_plain", lambda *args: pytest.fail("read again"))
                patch.setattr(engine, "resolve_deck", lambda *args: pytest.fail("resolved again"))
                kept = check_deck(parsed, pack, reference_index, day, resolve_options=options)
            assert kept == alone and kept.path == "other.txt" and kept.name == alone.name != first.name
            assert (kept.total_cards, kept.counts, kept.languages) == (first.total_cards, first.counts, {})
            # A result's counts are its own: changing them changes no other result.
            kept.counts["Pokémon"] = -1  # type: ignore[index]
            assert check_deck(parsed, pack, reference_index, day, resolve_options=options) == alone
            taken += 1
        # Not the same lines, or a line that is no card line: judged, not taken from the list kept.
        card_line = next(line for line in text.splitlines() if _card_line(line))
        for changed in (text + card_line + "\n", text + "4 x\n", text.replace(card_line, "", 1)):
            parsed = parse_text(changed, "changed.txt")
            alone = check_deck(
                parsed, pack, reference_index, day, resolve_options=resolve_options_for(pack, day, reference_index)
            )
            assert alone.findings
            assert check_deck(parsed, pack, reference_index, day, resolve_options=options) == alone
        # The registration sheet wants the resolved lines: a list checked for it is read.
        sheet = check_deck(
            parse_text(text, "first.txt"), pack, reference_index, day, resolve_options=options, keep_deck=True
        )
        assert sheet == first and sheet.deck is not None
    assert taken >= 9  # three legal lists at least, each in three orders


def test_the_legal_lists_a_table_keeps_stay_bounded(reference_index, monkeypatch):
    import deckcheck.engine as engine
    from deckcheck.parse import parse_text

    monkeypatch.setattr(engine, "LEGAL_LISTS_KEPT", 2)
    pack, day = load_pack("unlimited"), dt.date(2026, 11, 30)
    options = resolve_options_for(pack, day, reference_index)
    table = fact_table(pack.rules, pack.name, day, reference_index, 90)
    text = (ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    card_lines = [line for line in text.splitlines() if _card_line(line)]
    for n in range(6):
        # Legal lists of other lines: line n written with two spaces after its count (read alike).
        lines = [line.replace(" ", "  ", 1) if i == n else line for i, line in enumerate(card_lines)]
        parsed = parse_text("\n".join(lines) + "\n", f"{n}.txt")
        for _ in range(2):
            assert not check_deck(parsed, pack, reference_index, day, resolve_options=options).findings
        assert 1 <= len(table.legal_lists(options)) <= 2
