"""What a rule kind is, and the helpers every kind shares.

A *rule kind* is a small piece of Python (one module under ``deckcheck/rules``)
with a JSON-Schema fragment for its options; a *rule* is one use of a kind in
a format pack, with a stable id that becomes the findings' rule id::

    - id: ace-spec            # finding rule id (defaults to the kind)
      kind: group-limit
      max: 1
      where: {flags: [ace_spec]}
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import datetime as dt
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from deckcheck.carddb.index import CardIndex
from deckcheck.i18n import line_numbers, ngettext
from deckcheck.model import Card, Deck, DeckCard, Finding, Severity
from deckcheck.names import deck_key, deck_name


class RuleSpec(NamedTuple):
    """One rule of a pack: which kind, with which options, under which id.
    (Records built on every run are NamedTuples: far cheaper to define than
    dataclasses, which matters to a pre-commit hook's start-up.)"""

    id: str
    kind: str
    options: Mapping[str, Any] = MappingProxyType({})
    severity: Severity = Severity.ERROR
    description: str = ""


class RuleContext(NamedTuple):
    """What a rule may know besides the deck: the day and the card database."""

    date: dt.date
    format_name: str = ""
    # (the field shadows tuple.index, which no rule calls)
    index: CardIndex | None = None  # type: ignore[assignment]
    # How far ahead a format change is announced as `rotating`.
    rotation_days: int = 90
    # The deck's lines with what each rule needs to know of their prints, from the engine's
    # one pass over the deck (deckcheck.engine.DeckFacts); None: each rule works it out.
    facts: Any = None


def days_later(day: dt.date, days: int) -> dt.date:
    """``day`` plus ``days``, or the last day of the calendar (9999-12-31) where
    that sum is past it: ``--date 9999-12-31`` or a huge ``--rotation-days``
    looks as far ahead as there are days (an OverflowError before)."""
    if days >= (dt.date.max - day).days:
        return dt.date.max
    return day + dt.timedelta(days=days)


class LintNote(NamedTuple):
    """A problem ``formats lint`` finds in a rule's options: where in the rule (keys and
    indexes below it), ``error`` or ``warning``, and what is wrong."""

    where: tuple[Any, ...]
    level: str
    message: str


class Known(NamedTuple):
    """What ``formats lint`` knows beside a rule's options: the card database's set ids,
    card ids (None: not known), regulation marks and card names (by ``name_key``, None:
    not all known), and the rule of the same id the pack inherits (None: none)."""

    sets: frozenset[str] = frozenset()
    ids: frozenset[str] | None = None
    marks: frozenset[str] = frozenset()
    names: Mapping[str, str] | None = None
    inherited: RuleSpec | None = None
    parent_name: str = ""


class Shown(NamedTuple):
    """What ``formats show`` knows beside a rule: the day, the cards by dataset id as
    (name, set code, number), the sets by id as (set code, release date), the language."""

    day: dt.date
    cards: Mapping[str, tuple[str, str | None, str]] = MappingProxyType({})
    sets: Mapping[str, tuple[str | None, str | None]] = MappingProxyType({})
    tr: Any = None  # a deckcheck.i18n.Translator, None: English


class RuleKind(Protocol):
    """Everything deckcheck knows of a kind of rule, in the kind's own module: the engine,
    the pack loader, ``formats show`` and ``lint``, ``deckcheck rules``, SARIF and
    docs/rules.md ask it and name no kind themselves. :class:`Kind` gives the defaults."""

    name: str  # the kind's id in packs, e.g. "copy-limit"
    description: str  # what a rule of the kind checks, one sentence
    fix: str  # how to mend a deck that breaks it, one sentence (SARIF's help)
    options_schema: Mapping[str, Any]  # JSON Schema of the options
    examples: Mapping[str, str]  # "legal": a list that passes the rule alone, "illegal": one that breaks it
    finding_texts: Mapping[str, tuple[str, str]]  # other rule ids its findings carry: (what, fix)
    silent_without_facts: bool  # a deck none of whose lines has facts of the rule gets no finding from it

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]: ...

    def silent_without_facts_on(self, rule: RuleSpec, ctx: RuleContext) -> bool: ...

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], Any] | None: ...

    def lint(self, rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]: ...

    def show(self, rule: RuleSpec, shown: Shown) -> str | None: ...

    def allowed(self, rule: RuleSpec, day: dt.date, index: CardIndex) -> Callable[[Card], bool] | None: ...

    def first_day(self, options: Mapping[str, Any]) -> str | None: ...

    def covers(self, options: Mapping[str, Any]) -> tuple[str | None, str | None]: ...

    def card_ids(self, options: Mapping[str, Any]) -> set[str]: ...

    def region(self, options: Mapping[str, Any]) -> str | None: ...


class Kind:
    """The defaults of :class:`RuleKind` a kind's class inherits: no lint of its own beyond
    its schema, ``formats show`` says its options as written, no say over which prints a
    name-only line may mean or which days the format covers, no card ids named."""

    name: str
    description: str
    fix: str
    options_schema: Mapping[str, Any]
    examples: Mapping[str, str] = MappingProxyType({})
    finding_texts: Mapping[str, tuple[str, str]] = MappingProxyType({})
    # True: a deck none of whose lines take part in the rule (no facts, :meth:`facts`) gets no
    # finding from it, so the engine need not ask the check (a group limit of a deck without
    # its property, a ban list of a deck with no banned card).
    silent_without_facts = False

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        raise NotImplementedError

    def silent_without_facts_on(self, rule: RuleSpec, ctx: RuleContext) -> bool:
        """:attr:`silent_without_facts` for ``rule`` on ``ctx``'s day: a kind whose finding without
        facts is one of the day, not of the deck, says here on which days it has none."""
        return self.silent_without_facts

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], Any] | None:
        """What ``rule`` needs to know of one print on ``ctx``'s day, as a function of the print
        whose None says the print takes no part in the rule (its check reads them with
        :func:`facts_of`); None: the check reads the deck itself. The engine asks the function
        once per print for a pack, day and card database (deckcheck.engine.FactTable), not once per
        deck, so what it answers may cost."""
        return None

    def lint(self, rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
        return iter(())

    def show(self, rule: RuleSpec, shown: Shown) -> str | None:
        return None  # formats show says the kind and its options

    def allowed(self, rule: RuleSpec, day: dt.date, index: CardIndex) -> Callable[[Card], bool] | None:
        return None

    def first_day(self, options: Mapping[str, Any]) -> str | None:
        """The day the format began (a day before it is a day without the format), or None."""
        return None

    def covers(self, options: Mapping[str, Any]) -> tuple[str | None, str | None]:
        """(the first day the rule is defined for, the last day the pack knows), each None: open."""
        return None, None

    def card_ids(self, options: Mapping[str, Any]) -> set[str]:
        return set()

    def region(self, options: Mapping[str, Any]) -> str | None:
        """The card pool (model.REGIONS) whose prints the format's lines are read among, or
        None: the rule does not say (the international one)."""
        return None


def facts_of(kind: Kind, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Sequence[tuple[DeckCard, Any]]:
    """The deck's lines whose print takes part in ``rule``, each with its fact
    (:meth:`RuleKind.facts`), in deck order: from the engine's one pass over the deck
    (``ctx.facts``), else worked out here."""
    if ctx.facts is not None:
        found = ctx.facts.of(rule)
        if found is not None:
            return found
    fact = kind.facts(rule, ctx)
    if fact is None:
        raise TypeError(f"the rule kind {kind.name} says no facts of a print")
    return [(deck_card, value) for deck_card in deck.cards if (value := fact(deck_card.card)) is not None]


def finding(
    rule: RuleSpec,
    template: str,
    *,
    deck: Deck | None = None,
    cards: Iterable[DeckCard] = (),
    lines: Iterable[int] = (),
    hint: str | None = None,
    hint_params: Mapping[str, Any] | None = None,
    **params: Any,
) -> Finding:
    """Build a finding for ``rule`` citing ``cards`` of ``deck`` (the lines they stand on are added)."""
    cards = tuple(cards)
    if cards and deck is None:
        raise TypeError("a finding that cites cards needs their deck: it says where they stand")
    all_lines = sorted(set(deck.lines_of(cards)).union(lines)) if cards and deck is not None else sorted(set(lines))
    labels = tuple(dict.fromkeys(c.label for c in cards))  # what each line named
    return Finding(
        rule=rule.id,
        severity=rule.severity,
        template=template,
        params=params,
        lines=tuple(all_lines),
        cards=labels,
        hint_template=hint,
        hint_params=hint_params or {},
    )


def recently_used(
    cache: OrderedDict, key: Hashable, owners: tuple[Any, ...], make: Callable[[], Any], most: int
) -> Any:
    """What ``make()`` made for ``key``, kept in ``cache`` among its ``most`` most recently used.
    ``owners`` are the objects whose ids the key holds: kept beside the value, so that their ids
    are not reused while it is kept (a loaded pack's options, a card database)."""
    found = cache.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], owners)):
        try:
            cache.move_to_end(key)
        except KeyError:  # another thread dropped it meanwhile
            pass
        return found[1]
    value = make()
    cache[key] = (owners, value)
    while len(cache) > most:
        try:
            cache.popitem(last=False)
        except KeyError:
            break
    return value


# Answers about prints kept per rule: more prints than any card database holds
# (a run that meets more, one print object per line, starts again).
REMEMBERED_MAX = 50_000


def remembered(memo: dict, judge: Callable[..., Any], card: Card, *args: Any) -> Any:
    """``judge(card, *args)``, remembered in ``memo`` by the print object (a
    run over many decks meets the same prints in deck after deck, and
    resolution hands out one object per print it has read before). The card is
    kept beside its answer, so that its id is not reused; hashing the card
    itself would cost more than most answers."""
    key = (id(card), *args)
    known = memo.get(key)
    if known is not None and known[0] is card:
        return known[1]
    answer = judge(card, *args)
    if len(memo) >= REMEMBERED_MAX:
        memo.clear()
    memo[key] = (card, answer)
    return answer


def by_deck_name(cards: Iterable[DeckCard]) -> dict[str, list[DeckCard]]:
    """Group deck lines by deck-building name (RULES.md 2.10), in deck order."""
    groups: dict[str, list[DeckCard]] = defaultdict(list)
    for deck_card in cards:
        groups[deck_key(deck_card.card.name, deck_card.card.supertype)].append(deck_card)
    return dict(groups)


def display_name(deck_card: DeckCard) -> str:
    return deck_name(deck_card.card.name, deck_card.card.supertype)


def total(cards: Iterable[DeckCard]) -> int:
    return sum(c.count for c in cards)


def lines_text(deck: Deck, cards: Iterable[DeckCard]) -> str:
    """``line 12`` or ``lines 12, 30``, where ``cards`` stand in ``deck``, for messages and
    hints (translated with the message: a :class:`~deckcheck.i18n.Phrase`)."""
    return line_numbers(deck.lines_of(cards))


REMOVE_COPIES = ngettext(
    "Remove {excess} copy of {name} ({lines}).", "Remove {excess} copies of {name} ({lines}).", "excess"
)


def remove_hint(deck: Deck, name: str, cards: list[DeckCard], excess: int) -> tuple[str, dict[str, Any]]:
    """The "Remove N copies of X (lines …)." hint shared by the per-name limits."""
    return REMOVE_COPIES, {"name": name, "lines": lines_text(deck, cards), "excess": excess}


def limit_options_schema(*, minimum: int) -> dict[str, Any]:
    """Options of the kinds that limit the cards matching a selector
    (group-limit, name-limit): ``max``, ``where`` and the plural ``label``."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["max", "where", "label"],
        "properties": {
            "max": {"type": "integer", "minimum": minimum},
            "where": {"$ref": "#/$defs/selector"},
            # Plural noun for messages: "ACE SPEC cards", "Radiant Pokémon".
            "label": {"type": "string", "minLength": 1},
        },
    }
