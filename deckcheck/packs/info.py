"""What a format pack says, for people: its date range, what is in force on a
day, and the semantic checks of ``formats lint`` that a schema cannot make.

Pure functions over a loaded :class:`~deckcheck.packs.loading.Pack` (and, for lint,
the pack's text and the names the card database knows).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckcheck.datafiles import schema_problems
from deckcheck.i18n import N_, Translator
from deckcheck.names import name_key
from deckcheck.packs import amend
from deckcheck.packs.loading import (
    Pack,
    PackError,
    duplicate_rule_ids,
    format_path,
    line_of,
    load_pack,
    pack_schema,
    read_pack_yaml,
    resolve_extends,
)
from deckcheck.rules import KINDS
from deckcheck.rules.base import Known, Shown
from deckcheck.rules.words import items, option_text, say, texts


@dataclass(frozen=True, slots=True)
class LintProblem:
    path: str
    line: int | None
    level: str  # "error" or "warning"
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.level}: {self.message}"


# -- date range -------------------------------------------------------------


def date_range(pack: Pack) -> tuple[str | None, str | None]:
    """The first and last day the pack's rules are defined for (None: open)."""
    starts = [start for start, _known in _covers(pack) if start]
    return (max(starts) if starts else None, None)


def known_until(pack: Pack) -> str | None:
    """The last day the pack knows its format's changes to (None: it does not say)."""
    days = [known for _start, known in _covers(pack) if known]
    return min(days) if days else None


def _covers(pack: Pack) -> list[tuple[str | None, str | None]]:
    return [KINDS[rule.kind].covers(rule.options) for rule in pack.rules]


def describe_range(pack: Pack, tr: Translator | None = None) -> str:
    """The days ``pack`` covers (in the language of ``tr``; dates stay ISO)."""
    start, end = date_range(pack)
    if start is None and end is None:
        return say(tr, N_("any date"))
    known = known_until(pack)
    if end is None:
        if known:
            return say(tr, N_("{start} onward (known to {known})"), start=start or "…", known=known)
        return say(tr, N_("{start} onward"), start=start or "…")
    return say(tr, N_("{start} to {end}"), start=start or "…", end=end)


# -- what is in force on a day ------------------------------------------------


def in_force_on(
    pack: Pack,
    day: dt.date,
    cards: Mapping[str, tuple[str, str | None, str]] | None = None,
    sets: Mapping[str, tuple[str | None, str | None]] | None = None,
    tr: Translator | None = None,
) -> Iterator[tuple[str, str]]:
    """(rule id, readable description) for each rule of ``pack`` on ``day``: the rule's
    kind says it (:meth:`~deckcheck.rules.base.RuleKind.show`), else its options as written.

    ``cards`` maps dataset ids to (name, set code, number), so that a ban of
    ``bw3-67`` reads "Archeops NVI 67"; ids it lacks are shown as they are.
    ``sets`` maps set ids to (set code, release date): sets are shown by the codes
    players know (``FCO``, not ``xy10``), and a season's sets not yet legal on the
    day are told apart. The sentences are in the language of ``tr`` (None: English);
    set codes, card names, dates and a pack's own words stay as they are."""
    shown = Shown(day, cards or {}, sets or {}, tr)
    for rule in pack.rules:
        text = KINDS[rule.kind].show(rule, shown)
        if text is None:
            options = ", ".join(f"{k}: {option_text(v, tr)}" for k, v in rule.options.items())
            text = f"{rule.kind}" + (f" ({options})" if options else "")
        yield rule.id, text


def card_ids(pack: Pack) -> set[str]:
    """The dataset ids the rules of ``pack`` name (to look their cards up)."""
    return {card_id for rule in pack.rules for card_id in KINDS[rule.kind].card_ids(rule.options)}


# -- lint ---------------------------------------------------------------------


def lint_pack(
    path: str,
    text: str,
    *,
    known_sets: Iterable[str] = (),
    known_ids: Iterable[str] | None = None,
    known_marks: Iterable[str] = (),
    known_names: Iterable[str] | None = None,
    extra_dirs: Sequence[str | os.PathLike[str]] = (),
) -> list[LintProblem]:
    """Every problem of a pack file, all stages in one run, in one form
    (``FILE:LINE: error: KEY.PATH: what is wrong``), ordered by line: the schema's,
    duplicate rule ids, ``extends`` and ``remove``, and the semantic checks a schema
    cannot make -- dates out of order, unknown set ids, card ids and regulation marks
    (as warnings when the card database may simply be older than the pack), unknown
    card names in ban lists (errors: they ban nothing), ban lists that replace an
    inherited one by reusing its id -- on whatever parts of the pack have the shape
    to be judged. A text that is no YAML is one problem: nothing else can be read."""
    try:
        node, data = read_pack_yaml(text, path)
    except PackError as error:
        return [_problem_of(error, path)]
    if not isinstance(data, dict):
        return [LintProblem(path, 1, "error", "a format pack must be a YAML mapping with 'name' and 'rules'")]
    problems = _schema_problems(path, node, data)
    problems += [
        LintProblem(path, line_of(node, where), "error", f"{format_path(where)}: {message}")
        for where, message in duplicate_rule_ids(data, node)
    ]
    problems += _semantic_problems(
        path,
        node,
        data,
        known_sets=set(known_sets),
        known_ids=set(known_ids) if known_ids is not None else None,
        known_marks=set(known_marks),
        known_names=known_names,
        extra_dirs=extra_dirs,
    )
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda problem: problem.line or 0)


def _problem_of(error: PackError, path: str) -> LintProblem:
    return LintProblem(error.path or path, error.line, "error", str(error.message))


def _semantic_problems(
    path: str,
    node: Any,
    data: Mapping[str, Any],
    *,
    known_sets: set[str],
    known_ids: set[str] | None,
    known_marks: set[str],
    known_names: Iterable[str] | None,
    extra_dirs: Sequence[str | os.PathLike[str]],
) -> list[LintProblem]:
    """What a schema cannot see: ``extends``, ``remove`` and the rules ``amend`` names here,
    each rule's and amendment's options by its kind (:meth:`~deckcheck.rules.base.RuleKind.lint`)."""
    problems: list[LintProblem] = []

    def problem(where: Sequence[Any], level: str, message: str) -> None:
        problems.append(LintProblem(path, line_of(node, where), level, f"{format_path(where)}: {message}"))

    try:
        parent = _parent(data, path, extra_dirs)
    except PackError as error:
        problem(["extends"], "error", str(error.message))
        parent = None
    removed = dict(texts(data.get("remove")))
    parent_name = parent.name if parent is not None else ""
    inherited = {rule.id: rule for rule in parent.rules if rule.id not in removed.values()} if parent else {}
    for i, rule_id in removed.items():
        if parent is not None and rule_id not in {rule.id for rule in parent.rules}:
            problem(["remove", i], "error", f"'{parent_name}' has no rule '{rule_id}' to remove")
        elif parent is None and not data.get("extends"):
            problem(["remove", i], "error", f"removes rule '{rule_id}', but the pack extends no other")
    known = Known(
        sets=frozenset(known_sets),
        ids=frozenset(known_ids) if known_ids is not None else None,
        marks=frozenset(known_marks),
        # name_key form -> the name as printed (None: the names of the database are not all known)
        names={name_key(n): n for n in known_names} if known_names is not None else None,
        parent_name=parent_name,
    )
    for r, rule in items(data.get("rules")):
        kind = KINDS.get(str(rule.get("kind")))
        if kind is None:  # the schema's to report
            continue
        old = inherited.get(rule.get("id", rule.get("kind")))
        for note in kind.lint(rule, known._replace(inherited=old)):
            problem(["rules", r, *note.where], note.level, note.message)
    if parent is not None or not data.get("extends"):  # else the extends problem says it
        replaced = {str(rule.get("id", rule.get("kind"))) for _, rule in items(data.get("rules"))}
        for a, key, message in amend.problems(items(data.get("amend")), inherited, replaced, parent_name):
            problem(["amend", a, key], "error", message)
    for a, amendment in items(data.get("amend")):  # what it adds, judged as the kind judges a rule
        kind = KINDS.get(str(amendment.get("kind")))
        if kind is not None:
            for note in kind.lint(amendment, known):
                problem(["amend", a, *note.where], note.level, note.message)
    return problems


def _parent(data: Mapping[str, Any], path: str, extra_dirs: Sequence[str | os.PathLike[str]]) -> Pack | None:
    """The pack that ``extends`` names, loaded (None: it names none); PackError when it cannot be."""
    ref = data.get("extends")
    if not isinstance(ref, str) or not ref:
        return None
    return load_pack(str(resolve_extends(ref, path, extra_dirs)), extra_dirs)


def _schema_problems(path: str, node: Any, data: Mapping[str, Any]) -> list[LintProblem]:
    from jsonschema import Draft202012Validator  # slow to import: formats lint only

    validator = Draft202012Validator(pack_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)
    found = [
        LintProblem(path, line_of(node, where), "error", f"{format_path(where)}: {message}")
        for where, message, _is_key in schema_problems(data, validator)
    ]
    return sorted(found, key=lambda problem: problem.line or 0)
