"""``deckcheck db``: build, update and inspect the card database (:mod:`deckcheck.carddb`,
imported inside each command: only that command needs it)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import typer

from deckcheck.carddb import build, translations, update
from deckcheck.carddb.consistency import FACTS, STRICT_FACTS, compare, digest_parts, source_cards
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sources.merge import open_sources
from deckcheck.carddb.sources.remote import REMOTE_SOURCES
from deckcheck.carddb.translations import DEFAULT_NAMES_URL, names_info
from deckcheck.carddb.update import (
    SOURCES,
    check_sha256,
    check_url,
    describe_missing,
    valid_timeout,
)
from deckcheck.cli import completion
from deckcheck.cli.common import (
    CONFIG_OPTION,
    NO_CONFIG_OPTION,
    Typer,
    UsageProblem,
    configured_db,
    db_path,
    fail,
    lang_option,
    load_settings,
    open_database,
    output_language,
)
from deckcheck.cli.interrupt import NAMES_NOT_UPDATED, writing
from deckcheck.cli.progress import PHASES, Phases
from deckcheck.cli.streams import echo
from deckcheck.i18n import N_, Phrase, UnknownLanguage, localize, message_of, ngettext, parse_languages, translator

app = Typer(help=N_("Build, update and inspect the card database."), no_args_is_help=True)


@app.command(
    "import", help=N_("Build the card database from a copy of the pokemontcg.io dataset and/or a TCGdex export.")
)
def db_import(
    sources: list[Path] = typer.Argument(
        ...,
        help=N_(
            "A checkout (folder) or .zip of the pokemontcg.io dataset (cards/en/*.json, sets/en.json), or a TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/). More than one: the first is filled in from the others (the sets it lacks or has short)."
        ),
    ),
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_("Database file to write (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    replace: bool = typer.Option(
        False,
        "--replace",
        help=N_("Replace a --db file that is not a card database (without it, such a file is refused, untouched)."),
    ),
    japanese: bool = typer.Option(
        False,
        "--japanese",
        help=N_(
            "Also import the Japanese cards of the TCGdex export given (v2/ja/), as Japan's card pool for standard-jp."
        ),
    ),
) -> None:

    dest = db_path(configured_db(db, config, no_config))
    for source in sources:
        if not source.exists():
            raise fail(Phrase(N_("{path} does not exist"), path=str(source)))
    try:
        with writing(dest), Phases(PHASES) as phases:
            info = build.build_database(
                open_sources(sources, japanese=japanese),
                dest,
                source_label=" + ".join(str(source.resolve()) for source in sources),
                progress=phases,
                phase=phases.phase,
                replace=replace,
            )
    except DatabaseError as error:
        raise fail(error)
    echo(f"Imported {info.cards} cards from {info.sets} sets into {dest}")
    echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    if len(sources) > 1 or japanese:
        _echo_source_shares(info)


def _echo_source_shares(info) -> None:
    """One line per card source: how many cards and sets came from it, and its newest set."""
    for name, share in info.sources.items():
        label = SOURCE_LABELS.get(name, name)
        newest = (
            f", newest {share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})"
            if share.newest_set_name
            else ""
        )
        echo(f"  from {label}: {share.cards} cards in {share.sets} sets{newest}")


SOURCE_LABELS = {"pokemontcg": "pokemontcg.io", "tcgdex": "TCGdex", "tcgdex-ja": "TCGdex (Japan)"}
# How many sets the line of db update names for a source; the rest are counted.
NAMED_SETS = 10


def _configured_source(config: Path | None, no_config: bool) -> str | None:
    """The configuration's ``db_source`` (the card sources of db update), if it names one."""
    try:
        return load_settings(config, no_config).config.db_source
    except UsageProblem as problem:
        raise fail(problem)


def _sets_line(path: Path, unread: Mapping[str, str]) -> str:
    """One line: which source gave which sets (those another source filled in, and the fill
    source's own, named by code, newest first)."""
    from deckcheck.carddb.sqlite import sets_of_sources

    by_source = dict(sorted(sets_of_sources(path).items(), key=lambda item: _source_order(item[0])))
    parts = []
    for index, (name, sets) in enumerate(by_source.items()):
        label = SOURCE_LABELS.get(name, name) + (" (kept from the installed database)" if name in unread else "")
        if index == 0:
            shared = [code for code, both in sets if both]
            part = f"{len(sets)} from {label}"
            if shared:
                others = " and ".join(
                    SOURCE_LABELS.get(other, other)
                    for other, its in list(by_source.items())[1:]
                    if any(both for _, both in its)
                )
                part += f", {len(shared)} of them completed from {others} ({_named_sets(shared)})"
        else:
            own = [code for code, both in sets if not both]
            if not own:
                continue
            part = f"{len(own)} from {label}" + ("" if len(by_source) == 1 else f" alone ({_named_sets(own)})")
        parts.append(part)
    return "Sets: " + "; ".join(parts) if parts else "Sets: none"


def _source_order(name: str) -> int:
    names = list(REMOTE_SOURCES)
    return names.index(name) if name in names else len(names)


def _named_sets(codes: list[str]) -> str:
    """The sets by code, newest first (the ones a user waits for)."""
    codes = codes[::-1]
    shown = ", ".join(codes[:NAMED_SETS])
    return shown + (f" and {len(codes) - NAMED_SETS} more" if len(codes) > NAMED_SETS else "")


def _update_failed(error: Exception, dest: Path) -> Phrase:
    """The one line of a failed update: the installed database is unchanged -- or, where there
    was none, none was installed (the first update said "unchanged")."""
    if not dest.exists():
        # TRANSLATORS: {problem} says what went wrong; there was no card database before.
        return Phrase(N_("update failed, no card database was installed: {problem}"), problem=message_of(error))
    # TRANSLATORS: {problem} says what went wrong (a download, the archive, the database).
    return Phrase(N_("update failed, the installed database is unchanged: {problem}"), problem=message_of(error))


@app.command("update", help=N_("Download the newest card dataset and replace the database atomically."))
def db_update(
    url: str | None = typer.Option(
        None,
        "--url",
        help=N_("Dataset archive to fetch (http(s):// or file://). Default: the pokemontcg.io dataset's zip."),
    ),
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_(
            "Database file to replace (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."
        ),
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    sha256: str | None = typer.Option(None, "--sha256", help=N_("Expected SHA-256 of the archive (hex).")),
    force: bool = typer.Option(False, "--force", help=N_("Download even if unchanged, and accept a smaller dataset.")),
    timeout: float = typer.Option(30.0, "--timeout", help=N_("Seconds to wait on the network before giving up.")),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=N_(
            "Also fetch the card names in these languages from TCGdex: de, fr, es, it, pt (comma-separated) or all."
        ),
        autocompletion=completion.name_languages,
    ),
    names_url: str | None = typer.Option(
        None, "--names-url", help=N_("TCGdex API base URL for --lang (default: https://api.tcgdex.net).")
    ),
    card_source: str | None = typer.Option(
        None,
        "--source",
        help=N_(
            "Where the cards come from: pokemontcg (the dataset archive), tcgdex (the TCGdex API) or both (the archive where it can be read, filled in from TCGdex with the sets it lacks or has short). Default: the configuration's db_source, else both; with --url and no --tcgdex-url, pokemontcg (a mirror of the dataset alone)."
        ),
    ),
    tcgdex_url: str | None = typer.Option(
        None,
        "--tcgdex-url",
        help=N_("TCGdex API base URL for the cards (default: https://api.tcgdex.net; a mirror laid out like it)."),
    ),
    allow_incomplete: bool = typer.Option(
        False,
        "--allow-incomplete",
        help=N_(
            "Install the database even if a source could not deliver some cards it lists (they are named; the next update asks for them again)."
        ),
    ),
    replace: bool = typer.Option(
        False,
        "--replace",
        help=N_("Replace a --db file that is not a card database (without it, such a file is refused, untouched)."),
    ),
    japanese: bool | None = typer.Option(
        None,
        "--japanese/--no-japanese",
        help=N_(
            "Also fetch the Japanese cards from TCGdex (/v2/ja), Japan's card pool for standard-jp, or leave them out. Default: keep them where the installed database has them."
        ),
    ),
) -> None:
    if names_url is not None and lang is None:
        raise fail(Phrase(N_("--names-url needs --lang")))
    if card_source is None:
        # A dataset mirror given alone (offline set-ups, CI caches) is used alone; else the
        # configuration's db_source, else both (the archive where it can be read, and TCGdex).
        if url is not None and tcgdex_url is None:
            card_source = "pokemontcg"
        else:
            card_source = _configured_source(config, no_config) or "both"
    if card_source not in SOURCES:
        raise fail(
            Phrase(
                N_("--source must be one of {choices}, not {value}"),
                choices=", ".join(SOURCES),
                value=repr(card_source),
            )
        )
    if tcgdex_url is not None and card_source == "pokemontcg" and not japanese:
        raise fail(Phrase(N_("--tcgdex-url needs --source tcgdex or both")))
    if not valid_timeout(timeout):
        raise fail(
            Phrase(N_("--timeout must be a number of seconds greater than 0, not {value}"), value=f"{timeout:g}")
        )
    try:
        langs = parse_languages(lang) if lang is not None else ()
    except UnknownLanguage as error:
        raise fail(error)
    dest = db_path(configured_db(db, config, no_config))
    source = url or update.DEFAULT_DATASET_URL
    try:
        # Before anything is downloaded: a URL that cannot be parsed, a --sha256 that is no
        # SHA-256, each one line and exit 2.
        for checked in ((source,) if card_source != "tcgdex" else ()) + ((tcgdex_url,) if tcgdex_url else ()):
            check_url(checked)
        check_sha256(sha256)
    except DatabaseError as error:
        raise fail(_update_failed(error, dest))
    labels = {**PHASES, "download": f"Downloading {source}"}
    # Off a terminal, one line per phase (and the download's size): CI logs show where it is.
    with writing(dest), Phases(labels, lines=True) as phases:
        try:
            result = update.update_database(
                source,
                dest,
                timeout=timeout,
                sha256=sha256,
                force=force,
                progress=phases,
                phase=phases.phase,
                source=card_source,
                tcgdex_url=tcgdex_url,
                tcgdex_set_progress=phases.counter("tcgdex-sets", "sets"),
                tcgdex_progress=phases.counter("tcgdex-cards", "cards"),
                allow_incomplete=allow_incomplete,
                replace=replace,
                japanese=japanese,
            )
        except DatabaseError as error:
            raise fail(_update_failed(error, dest))
    info = result.info
    if not result.changed:
        echo(f"The card database is up to date ({info.cards} cards, newest set {info.newest_set_name}).")
    else:
        echo(f"Installed {info.cards} cards from {info.sets} sets into {dest}")
        echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
        if card_source == "both" or "tcgdex-ja" in info.sources:
            _echo_source_shares(info)
        echo(_sets_line(info.path, result.unread))
        if result.tcgdex:
            echo(f"TCGdex requests: {result.tcgdex.get('set', 0)} sets, {result.tcgdex.get('card', 0)} cards")
        if result.tcgdex_ja:
            echo(
                f"TCGdex (Japan) requests: {result.tcgdex_ja.get('set', 0)} sets, "
                f"{result.tcgdex_ja.get('card', 0)} cards"
            )
        for name, missing in result.missing.items():
            echo(f"warning: {SOURCE_LABELS.get(name, name)} could not deliver {describe_missing(missing)}", err=True)
    for name, problem in result.unread.items():
        kept = name in info.sources
        echo(
            f"warning: {problem}; "
            + ("its cards were kept from the installed database" if kept else "every set came from the other sources"),
            err=True,
        )
    if langs:
        base = names_url or DEFAULT_NAMES_URL
        labels = {**PHASES, "names-download": f"Downloading the card names ({', '.join(langs)}) from {base}"}
        with writing(dest, NAMES_NOT_UPDATED), Phases(labels, lines=True) as phases:
            try:
                names = translations.import_names(
                    base, dest, langs, timeout=timeout, progress=phases, phase=phases.phase
                )
            except DatabaseError as error:
                raise fail(
                    Phrase(N_("the card names were not updated (the cards were): {problem}"), problem=message_of(error))
                )
        for line in names.lines():
            echo(line)


@app.command("import-names", help=N_("Add card names in other languages (from TCGdex) to the card database."))
def db_import_names(
    folder: Path = typer.Argument(
        ...,
        help=N_("A TCGdex export: the folder that holds v2/{lang}/cards.json and sets.json, or that v2 folder itself."),
    ),
    lang: str = typer.Option(
        "all",
        "--lang",
        help=N_("Languages to import: de, fr, es, it, pt (comma-separated) or all."),
        autocompletion=completion.name_languages,
    ),
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_(
            "Database file to add the names to (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."
        ),
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:

    try:
        langs = parse_languages(lang)
    except UnknownLanguage as error:
        raise fail(error)
    if not folder.is_dir():
        raise fail(Phrase(N_("{path} is not a folder"), path=str(folder)))
    dest = db_path(configured_db(db, config, no_config))
    try:
        with writing(dest), Phases(PHASES) as phases:
            result = translations.import_names(folder, dest, langs, progress=phases, phase=phases.phase)
    except DatabaseError as error:
        raise fail(
            Phrase(N_("import failed, the installed database is unchanged: {problem}"), problem=message_of(error))
        )
    for line in result.lines():
        echo(line)
    echo(f"{result.names} names in {result.path}")


@app.command(
    "check-sources",
    help=N_(
        "List the cards both sources have whose rule facts differ (name, flags, Trainer kind, mark, set code, limit)."
    ),
)
def db_check_sources(
    pokemontcg: Path = typer.Argument(..., help=N_("A copy (folder or .zip) of the pokemontcg.io dataset.")),
    tcgdex: Path = typer.Argument(..., help=N_("A TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/).")),
    digest: bool = typer.Option(
        False, "--digest", help=N_("Also compare the game-text digests, naming the parts that differ.")
    ),
) -> None:

    try:
        left, right = source_cards(pokemontcg, digest), source_cards(tcgdex, digest)
    except DatabaseError as error:
        raise fail(error)
    both = len({card.id for card in left} & {card.id for card in right})
    found = compare(left, right, FACTS if digest else STRICT_FACTS)
    for difference in found:
        if difference.fact == "text_hash":
            echo(f"{difference.card_id}  text_hash: differs in {', '.join(digest_parts(difference))}")
            continue
        echo(f"{difference.card_id}  {difference.fact}: pokemontcg.io {difference.left!r}, TCGdex {difference.right!r}")
    echo(f"{both} cards in both sources; {len(found)} differences in {len({d.card_id for d in found})} cards.")


@app.command("info", help=N_("Show what card database is installed."))
def db_info(
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_("Database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    ),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    lang: str | None = lang_option(),
) -> None:
    from deckcheck.carddb.sqlite import database_info

    try:
        tr = translator(output_language(lang))  # labels and sentences; paths, names and dates stay
    except UsageProblem as problem:
        raise fail(problem)

    def say(template: str, **params) -> str:
        return localize(template, params, tr)

    db = configured_db(db, config, no_config)
    path = db_path(db)
    if not path.exists():
        from deckcheck.carddb.catalogue import load_catalogue

        try:  # a database named (--db, $DECKCHECK_DB, db:) must exist, as for check
            open_database(db)
        except UsageProblem as problem:
            raise fail(problem)
        echo(say(N_("No card database at {path}."), path=str(path)))
        echo(
            say(
                ngettext(
                    "The built-in catalogue is used instead ({count} rule-relevant card).",
                    "The built-in catalogue is used instead ({count} rule-relevant cards).",
                ),
                count=len(load_catalogue().cards),
            )
        )
        # TRANSLATORS: the commands stay as they are.
        echo(say(N_("Build the full database with: deckcheck db update (or deckcheck db import PATH)")))
        return
    try:
        info = database_info(path)
    except DatabaseError as error:
        raise fail(error)
    names = names_info(path)
    # TRANSLATORS: the labels of deckcheck db info, each followed by its value; they are aligned.
    labels = {
        "database": say(N_("Database:")),
        "cards": say(N_("Cards:")),
        "sets": say(N_("Sets:")),
        "newest": say(N_("Newest set:")),
        "source": say(N_("Source:")),
        "imported": say(N_("Imported at:")),
        "names": say(N_("Names:")),
    }
    width = max(len(label) for label in labels.values()) + 1

    def row(key: str, value: object) -> None:
        echo(f"{labels[key]:<{width}}{value}")

    row("database", path)
    row("cards", info.cards)
    row("sets", info.sets)
    row("newest", f"{info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    row("source", info.source)
    for name, share in info.sources.items():
        counts = ", ".join(
            (
                say(ngettext("{count} set", "{count} sets"), count=share.sets),
                say(ngettext("{count} card", "{count} cards"), count=share.cards),
            )
        )
        if share.newest_set_name:
            newest = f"{share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})"
            # TRANSLATORS: {set} is the newest set of a card source: "Ascended Heroes (ASC, 2026/01/30)".
            counts += "; " + say(N_("newest {set}"), set=newest)
        echo(f"  {SOURCE_LABELS.get(name, name) + ':':<14} {counts}")
    row("imported", info.imported_at)
    meta_labels = {"etag": say(N_("Etag:")), "last_modified": say(N_("Last modified:"))}
    for key, label in meta_labels.items():
        if info.meta.get(key):
            echo(f"{label:<{width + 1}} {info.meta[key]}")
    if names:
        row("names", ", ".join(f"{code} {count}" for code, count in names.items()))
