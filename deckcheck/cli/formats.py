"""``deckcheck formats``: list, show and lint format packs (:mod:`deckcheck.packs.loading`,
imported inside each command)."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

import typer

from deckcheck.cli import completion
from deckcheck.cli.common import (
    CONFIG_OPTION,
    NO_CONFIG_OPTION,
    Typer,
    UsageProblem,
    error_line,
    fail,
    lang_option,
    load_settings,
    message_language,
    open_index,
    output_language,
    parse_date,
)
from deckcheck.cli.progress import PHASES, Phases
from deckcheck.cli.streams import echo
from deckcheck.errors import ExitCode
from deckcheck.i18n import N_, Phrase, localize, message_of, problem_text, translator
from deckcheck.packs.bundle import (
    DEFAULT_RULES_URL,
    RulesError,
    in_use,
    installed_rules,
    origin_of,
    shipped_release,
    update_rules,
    write_bundle,
)
from deckcheck.packs.info import card_ids, describe_range, in_force_on, lint_pack
from deckcheck.packs.loading import PackError, absent_on, available_packs, find_pack, load_pack

app = Typer(help=N_("List, show and lint format packs."), no_args_is_help=True)


def _extra_pack_dirs(config_path: Path | None, no_config: bool) -> tuple[str, ...]:
    run = load_settings(config_path, no_config)
    return tuple(str(p) for p in run.config.packs)


@app.command("list", help=N_("List the format packs that can be used, with the dates each covers."))
def formats_list(
    config: Path | None = CONFIG_OPTION, no_config: bool = NO_CONFIG_OPTION, lang: str | None = lang_option()
) -> None:

    try:
        tr = translator(output_language(lang))  # the sentences; names, dates and the packs' own words stay
        extra = _extra_pack_dirs(config, no_config)
    except UsageProblem as problem:
        raise fail(problem)
    echo(_wrapped("", _rules_in_use(tr), indent=2))
    for name, path in available_packs(extra).items():
        try:
            pack = load_pack(str(path), extra)
        except PackError as error:
            echo(f"{name:<15} " + localize(N_("(broken: {problem})"), {"problem": problem_text(error, tr)}, tr))
            continue
        echo(_wrapped(f"{name:<15} {describe_range(pack, tr):<40} ", pack.description))


def _shipped_rules(tr) -> str:

    # TRANSLATORS: {released} is the day the packs were published (2026-12-06).
    return localize(N_("the packs shipped with deckcheck (published {released})"), {"released": shipped_release()}, tr)


def _bundle_rules(rules, tr) -> str:
    # TRANSLATORS: a rules bundle installed by deckcheck formats update; {released} and {installed} are days.
    return localize(
        N_("the rules bundle of {released} (from {url}, installed {installed})"),
        {"released": rules.released, "url": rules.url, "installed": rules.installed_at[:10]},
        tr,
    )


def _rules_in_use(tr) -> str:
    """The first line of formats list: which rules are in use, from which release or bundle."""
    rules = installed_rules()
    if rules is None:
        return localize(N_("Rules: {shipped}."), {"shipped": _shipped_rules(tr)}, tr)
    if not in_use(rules):
        # TRANSLATORS: the command stays as it is.
        return localize(
            N_("Rules: {shipped}; {bundle} is older and not used (deckcheck formats update installs newer rules)."),
            {"shipped": _shipped_rules(tr), "bundle": _bundle_rules(rules, tr)},
            tr,
        )
    # TRANSLATORS: {packs} are format names (standard, expanded).
    return localize(
        N_("Rules: {bundle} for {packs}; {shipped} for the others."),
        {"bundle": _bundle_rules(rules, tr), "packs": ", ".join(rules.packs), "shipped": _shipped_rules(tr)},
        tr,
    )


def _rules_of(path: str, tr) -> str:
    """The line of formats show: where the pack's rules come from."""
    origin = origin_of(path)
    if origin == "bundle":
        what = _bundle_rules(installed_rules(), tr)
    elif origin == "shipped":
        what = _shipped_rules(tr)
    else:
        # TRANSLATORS: {path} is a pack file of the user's.
        what = localize(N_("the pack file {path}"), {"path": path}, tr)
    # TRANSLATORS: {source} says where the rules come from ("the packs shipped with deckcheck (published ...)").
    return localize(N_("rules: {source}"), {"source": what}, tr)


def _terminal_width() -> int | None:
    """The width to wrap ``formats`` output at: the terminal's (or $COLUMNS), None for a pipe
    (lines of 200 columns were wrapped mid-word by the terminal)."""
    if not sys.stdout.isatty() and not os.environ.get("COLUMNS"):
        return None
    return max(40, shutil.get_terminal_size((100, 24)).columns)


def _wrapped(head: str, text: str, indent: int | None = None) -> str:
    """``head`` then ``text`` wrapped at word boundaries to the terminal's width, each further
    line indented under the text (or by ``indent``); unwrapped for a pipe."""
    width = _terminal_width()
    if width is None:
        return head + text
    hang = len(head) if indent is None else indent
    if hang > width // 2:
        hang = 4  # a narrow terminal: the text below, slightly indented
    lines = textwrap.wrap(text, max(20, width - hang), break_long_words=False, break_on_hyphens=False) or [""]
    if len(head) + len(lines[0]) > width:
        first, rest = head.rstrip(), lines
    else:
        first, rest = head + lines[0], lines[1:]
    return "\n".join([first, *(" " * hang + line for line in rest)])


@app.command("show", help=N_("Show the rules and the card pool of a format on a day."))
def formats_show(
    name: str = typer.Argument(..., help=N_("Format name or pack file."), autocompletion=completion.formats),
    date: str | None = typer.Option(
        None, "--date", help=N_("Show what is in force on this day (YYYY-MM-DD). Default: today.")
    ),
    db: Path | None = typer.Option(
        None, "--db", help=N_("Card database that names the banned prints (default as for check).")
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    lang: str | None = lang_option(),
) -> None:

    try:
        tr = translator(output_language(lang))
        day = parse_date(date)
        run = load_settings(config, no_config, db=db)
        pack = load_pack(name, tuple(str(p) for p in run.config.packs))
        absent = absent_on(pack, day)
        if absent:  # as check says it, exit code 2 (the format did not exist that day)
            raise UsageProblem(absent)
        ids = card_ids(pack)
        index = open_index(run.db)[0]
        cards = index.card_labels(ids) if ids else {}
        sets = _set_labels(index)
    except (UsageProblem, PackError) as error:
        raise fail(error)
    # TRANSLATORS: {format} is a format name, {day} a date (2026-04-10); the pack's description follows.
    echo(
        _wrapped(
            localize(N_("{format} on {day}:"), {"format": pack.name, "day": day.isoformat()}, tr) + " ",
            pack.description,
            indent=2,
        )
    )
    covers = localize(N_("covers: {range}"), {"range": describe_range(pack, tr)}, tr)
    if len(pack.chain) > 1:
        # TRANSLATORS: {packs} are the packs this one extends: "standard -> unlimited".
        covers += "; " + localize(N_("extends {packs}"), {"packs": " -> ".join(pack.chain[1:])}, tr)
    echo(covers)
    echo(_wrapped("", _rules_of(pack.path, tr), indent=2))
    for rule_id, text in in_force_on(pack, day, cards, sets=sets, tr=tr):
        first, *rest = text.splitlines()
        echo(_wrapped(f"  {rule_id:<14} ", first))
        for line in rest:
            # A list item ("  - Archeops NVI 67 ...") continues under its text.
            item = len(line) - len(line.lstrip(" -"))
            echo(_wrapped(f"  {'':<14} {line[:item]}", line[item:]))


def _set_labels(index) -> dict:
    """Set id -> (set code, release date): of the built-in catalogue, and of the card database
    where one is installed (formats show names sets by the codes players know; a set without a
    code, such as POP Series 2, by its name)."""
    from deckcheck.carddb.catalogue import catalogue_sets

    labels = {
        entry["id"]: (entry.get("code") or entry.get("name"), entry.get("released")) for entry in catalogue_sets()
    }
    labels.update(index.set_labels())
    return labels


@app.command(
    "lint",
    help=N_(
        "Check pack files: schema, extends, dates in order, known sets, cards and marks. Problems name file and line.\n\nExit code 1 when a pack has an error, 2 when a file cannot be opened."
    ),
)
def formats_lint(
    paths: list[str] = typer.Argument(..., help=N_("Pack files, or names of installed packs (standard), to check.")),
    db: Path | None = typer.Option(
        None, "--db", help=N_("Card database whose sets, cards and marks the packs may name (default as for check).")
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:

    try:
        run = load_settings(config, no_config, db=db)
        extra = tuple(str(p) for p in run.config.packs)  # packs may extend packs of the configured folders
        index, notice = open_index(run.db)
    except UsageProblem as unusable:
        raise fail(unusable)
    with Phases(PHASES) as phases:  # the full database takes a second or two to read
        phases.phase("cards")
        cards = list(index.all_cards())
    known: dict[str, Any] = dict(
        known_sets={c.set_id for c in cards},
        known_ids={c.id for c in cards},
        known_marks={c.regulation_mark for c in cards if c.regulation_mark},
    )
    known["known_names"] = {c.name for c in cards}
    if notice is not None:
        # The built-in catalogue holds only some cards and sets: judged by it, every other set
        # would be "unknown" (150 false warnings for the shipped standard). Not checked, and said so.
        known.update(known_sets=(), known_marks=(), known_ids=None, known_names=None)
        # TRANSLATORS: "deckcheck db update" is a command: keep it.
        unchecked = N_(
            "deckcheck: note: no card database is installed, so the set ids, card ids, regulation marks and "
            "card names the packs name are not checked (deckcheck db update builds it)"
        )
        echo(localize(unchecked, {}, message_language()), err=True)
    failed = unopened = False
    for name in paths:
        try:
            path = find_pack(name, extra)  # a pack name means the installed pack's file
            text = path.read_text(encoding="utf-8-sig")
        except PackError as error:
            unopened = True
            echo(error_line(error), err=True)
            continue
        except (OSError, UnicodeDecodeError) as error:
            unopened = True
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
            echo(
                error_line(Phrase(N_("{path}: cannot read the pack file: {reason}"), path=name, reason=reason)),
                err=True,
            )
            continue
        # Every stage's problems in one run, in one form.
        problems = lint_pack(str(path), text, extra_dirs=extra, **known)
        for problem in problems:
            echo(str(problem), err=True)
        errors = any(p.level == "error" for p in problems)
        failed = failed or errors
        if not errors:
            echo(f"{path}: ok")  # a pack with warnings only is usable, and says so
    # Every pack is linted before the exit code is chosen; a file that cannot be opened is a usage problem.
    raise typer.Exit(ExitCode.USAGE if unopened else ExitCode.ILLEGAL if failed else ExitCode.LEGAL)


@app.command(
    "update",
    help=N_(
        "Fetch the newest rules bundle (the bans, legal days and rotations announced since this release), verify it and install it."
    ),
)
def formats_update(
    url: str | None = typer.Option(
        None,
        "--url",
        help=N_("The rules index to fetch (http(s)://). Default: the configuration's rules_url, else deckcheck's."),
    ),
    sha256: str | None = typer.Option(
        None, "--sha256", help=N_("The SHA-256 the bundle must have (hex); without it, the one its index names.")
    ),
    allow_older: bool = typer.Option(
        False, "--allow-older", help=N_("Install rules that are not newer than those in use.")
    ),
    timeout: float = typer.Option(30.0, "--timeout", help=N_("Seconds to wait on the network before giving up.")),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    lang: str | None = lang_option(),
) -> None:

    try:
        tr = translator(output_language(lang))
        configured = load_settings(config, no_config).config.rules_url
    except UsageProblem as problem:
        raise fail(problem)
    source = url or configured or DEFAULT_RULES_URL
    try:
        outcome = update_rules(source, sha256=sha256, allow_older=allow_older, timeout=timeout)
    except RulesError as error:
        # TRANSLATORS: {problem} says what went wrong (the network, the bundle's digest, an older bundle).
        raise fail(
            Phrase(N_("the rules were not updated, those in use are unchanged: {problem}"), problem=message_of(error))
        )
    rules = outcome.rules
    known = ", ".join(
        localize(N_("{format} known to {day}"), {"format": name, "day": day}, tr) if day else name
        for name, day in outcome.known_until.items()
    )
    if outcome.status == "unchanged":
        # TRANSLATORS: {bundle} is "the rules bundle of 2027-03-15 (from URL, installed 2027-03-20)".
        echo(
            localize(
                N_("The rules are up to date: {bundle}; {known}."),
                {"bundle": _bundle_rules(rules, tr), "known": known},
                tr,
            )
        )
        return
    echo(localize(N_("Installed {bundle}: {known}."), {"bundle": _bundle_rules(rules, tr), "known": known}, tr))


@app.command(
    "bundle",
    help=N_(
        "Write a rules bundle of pack files and its index, for formats update to fetch (for whoever publishes rules: a league, a mirror)."
    ),
)
def formats_bundle(
    folder: Path = typer.Argument(..., help=N_("The folder of the pack files.")),
    released: str = typer.Option(..., "--released", help=N_("The day the rules are published (YYYY-MM-DD).")),
    out: Path = typer.Option(..., "--out", help=N_("The folder to write the bundle and its index.json to.")),
    packs: list[str] = typer.Option(
        [], "--pack", help=N_("Only this pack of the folder (may be repeated). Default: every pack of it.")
    ),
) -> None:

    if not folder.is_dir():
        raise fail(Phrase(N_("{path} is not a folder"), path=str(folder)))
    try:
        bundle, index, digest = write_bundle(folder, released, packs, out)
    except RulesError as error:
        raise fail(error)
    # TRANSLATORS: {bundle} and {index} are file paths, {digest} a SHA-256.
    echo(
        localize(
            N_("Wrote {bundle} (SHA-256 {digest}) and {index}."),
            {"bundle": str(bundle), "digest": digest, "index": str(index)},
            message_language(),
        )
    )
