"""The command line: a thin Typer shell over the pure core.

It loads packs and the card database, calls :func:`deckcheck.core.engine.check_deck`,
renders, and exits with an :class:`~deckcheck.model.ExitCode`. Heavy modules
are imported inside the commands: ``deckcheck`` runs as a pre-commit hook, so
start-up time matters. The check pipeline is :mod:`deckcheck.checkrun`, fmt's
file handling :mod:`deckcheck.fmtrun`.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
import typer.core

from deckcheck import completion
from deckcheck.version import __version__
from deckcheck.checkrun import (UsageProblem, _check, _check_settings, _Found, _load_settings, _open_database,
                                _open_index, _parse_date)
from deckcheck.errors import ExitCode
from deckcheck.core.printable import printable
from deckcheck.progress import Phases
from deckcheck.render import FAIL_ON, OUTPUTS  # noqa: F401 - FAIL_ON: the names the options accept, as before

class _Command(typer.core.TyperCommand):
    """Usage lines as the README writes them (``deckcheck check [OPTIONS] PATHS...``):
    an argument's metavar is its name in capitals, ``...`` when it takes many,
    in brackets when optional, instead of Typer's ``{paths}...``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument) and param.metavar is None:
                param.metavar = (param.name or "").upper() + ("..." if param.nargs != 1 else "")

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperArgument):
                pieces.append(param.metavar if param.required else f"[{param.metavar}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class _Typer(typer.Typer):
    """A Typer whose commands have the usage lines of :class:`_Command`."""

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or _Command, **kwargs)


app = _Typer(
    name="deckcheck",
    help="Check Pokémon TCG deck lists against the deck-building rules of a format.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion (deckcheck.completion)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
db_app = _Typer(help="Build, update and inspect the card database.", no_args_is_help=True)
formats_app = _Typer(help="List, show and lint format packs.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(formats_app, name="formats")


def _fail(message: str) -> "typer.Exit":
    typer.echo(printable(f"deckcheck: error: {message}"), err=True)
    return typer.Exit(ExitCode.USAGE)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit(ExitCode.LEGAL)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    debug: bool = typer.Option(False, "--debug", help="Show the traceback of an internal error (any command accepts it)."),
) -> None:
    """deckcheck: is this deck legal in that format?"""


def _db_path(db: Optional[Path]) -> Path:
    if db is not None:
        return db
    from deckcheck.carddb.paths import default_db_path

    return default_db_path()


CONFIG_OPTION = typer.Option(None, "--config", help="Use this configuration file instead of searching for one.")
NO_CONFIG_OPTION = typer.Option(False, "--no-config", help="Ignore configuration files.")


def _configured_db(db: Optional[Path], config: Optional[Path], no_config: bool) -> Optional[Path]:
    """The database a command uses: --db, else $DECKCHECK_DB, else the configuration's
    ``db:``, else None (the user data directory), the same for every command."""
    try:
        return _load_settings(config, no_config, db=db).db
    except UsageProblem as problem:
        raise _fail(str(problem))


SKIP_NON_DECKS_OPTION = typer.Option(
    False, "--skip-non-decks",
    help="Judge the files named on the command line as a folder walk does, skipping those that are not decks "
         "(the pre-commit hooks pass every staged file).")


@app.command()
def check(
    paths: List[str] = typer.Argument(..., help="Deck files or folders (searched for *.txt, *.yaml, *.yml, *.json, honouring .gitignore and the configured include/exclude); - reads standard input."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format pack name or path to a pack file; beats the deck's own format and the configuration. Default: the deck's own format, else the configuration's, else standard.", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Check legality on this day (YYYY-MM-DD). Default: the configuration's date, else today."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help=f"Report format: {', '.join(OUTPUTS)} (default: the configuration's output, else text).", autocompletion=completion.outputs),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only show the decks that fail (errors, or warnings with --fail-on warning), then the summary."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 on 'error' findings (default) or also on 'warning'.", autocompletion=completion.fail_on),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file (pyproject.toml or .deckcheck.yaml) instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
    exclude: Optional[List[str]] = typer.Option(None, "--exclude", help="Skip files and folders matching this .gitignore-style pattern (relative to the working directory); repeatable."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language of the messages: en, de, pt, fr, es or it (default: the locale: LC_ALL, LC_MESSAGES, LANG; else English). JSON and CI reports are translated only with --lang.", autocompletion=completion.message_languages),
    card_lang: Optional[str] = typer.Option(None, "--card-lang", help="Language of the card names in the lists: auto (default: English, then every imported language), en, de, fr, es, it or pt.", autocompletion=completion.card_languages),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the files skipped while walking folders because they are not decks, with the reason."),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
    rotation_days: int = typer.Option(90, "--rotation-days", help="Warn about cards that leave the format at a change known within this many days (0: no rotation warnings)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Check decks in this many processes (default: one per core when there are enough decks to pay for it; 1: this process only). The report is the same, in the same order."),
    summary: Optional[Path] = typer.Option(None, "--summary", help="Also append a Markdown summary of the run to this file (a row per deck, failing decks first): GitHub's step summary, --summary \"$GITHUB_STEP_SUMMARY\"."),
    github_output: Optional[Path] = typer.Option(None, "--github-output", help="Also append the run's counts (decks, legal, illegal, unverified, failing, errors, warnings, notes) as name=value lines to this file: GitHub's step outputs, --github-output \"$GITHUB_OUTPUT\"."),
) -> None:
    """Check deck lists and report every problem found."""
    try:
        run = _check_settings(config, no_config, rotation_days=rotation_days, jobs=jobs, format=format, date=date,
                              db=db, output=output, fail_on=fail_on, exclude=exclude or ())
        code = _check(paths, run, quiet, lang=lang, card_lang=card_lang,
                      found=_Found(verbose=verbose, skip_non_decks=skip_non_decks), rotation_days=rotation_days,
                      jobs=jobs, summary=summary, github_output=github_output)
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


# -- fmt --------------------------------------------------------------------

@app.command("fmt")
def fmt(
    paths: List[str] = typer.Argument(..., help="Text deck lists, or folders of them; - reads standard input and writes the result to standard output."),
    check_only: bool = typer.Option(False, "--check", help="Write nothing; exit 1 when a file would change."),
    diff: bool = typer.Option(False, "--diff", help="Write nothing; show what would change as a unified diff."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format whose card pool decides which print a name-only line means (default as for check).", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Day for the format's card pool (YYYY-MM-DD)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default as for check)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the files skipped while walking folders because they are not decks, with the reason."),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
) -> None:
    """Rewrite text deck lists into one canonical form (PTCG Live sections, counts, set codes)."""
    from deckcheck.fmtrun import _fmt

    try:
        run = _load_settings(config, no_config, format=format, date=date, db=db)
        code = _fmt(paths, run, check_only=check_only, diff=diff,
                    found=_Found(verbose=verbose, skip_non_decks=skip_non_decks))
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


@app.command()
def sheet(
    deck: str = typer.Argument(..., help="The deck file (text list, .yaml or .json); - reads standard input (then -o is needed)."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format pack name or path to a pack file (default as for check).", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="The day of the event (YYYY-MM-DD): the deck must be legal then (default as for check)."),
    player: Optional[str] = typer.Option(None, "--player", help="The player's name (default: left blank to write by hand)."),
    player_id: Optional[str] = typer.Option(None, "--player-id", help="The Play! Pokémon Player ID, digits only (default: blank)."),
    birth: Optional[str] = typer.Option(None, "--birth", help="The date of birth (YYYY-MM-DD); it also gives the age division (default: blank)."),
    division: Optional[str] = typer.Option(None, "--division", help="The age division: junior, senior or masters (default: from --birth and the season of the day, else blank)."),
    paper: str = typer.Option("letter", "--paper", help="Paper size: letter (default) or a4."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="The PDF file to write (default: the deck's name with .pdf, beside it)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file, and write the sheet of a deck that is not legal (marked NOT LEGAL ON the day)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default as for check)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    lang: Optional[str] = typer.Option(None, "--lang", help="Language of the messages (as for check).", autocompletion=completion.message_languages),
    card_lang: Optional[str] = typer.Option(None, "--card-lang", help="Language of the card names in the list (as for check).", autocompletion=completion.card_languages),
) -> None:
    """Check a deck, then write its deck registration sheet (PDF) for a Play! Pokémon event."""
    from deckcheck.sheet.command import run as run_sheet

    try:
        code = run_sheet(deck, format=format, date=date, db=db, config=config, no_config=no_config, lang=lang,
                         card_lang=card_lang, player=player, player_id=player_id, birth=birth, division=division,
                         paper=paper, output=output, force=force)
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on, 0 to 65535 (0: any free port)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Default language of the page and the messages: en, de, pt, fr, es or it (default: the locale).", autocompletion=completion.message_languages),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file (for db and packs) instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
) -> None:
    """A local web page to paste a deck list and see its verdict, and POST /api/check answering the JSON report."""
    try:
        from deckcheck.serve import Checker, bind, run
    except ImportError as error:
        raise _fail(f"deckcheck serve needs the web server ({error.name}): pip install 'deckcheck[serve]'")
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.i18n import UnknownLanguage, choose_language

    try:
        settings = _load_settings(config, no_config, db=db)
        message_lang = choose_language(lang)
        checker = Checker(settings.db, tuple(str(p) for p in settings.config.packs), message_lang)
        sock = bind(host, port)
    except (UsageProblem, UnknownLanguage, DatabaseError) as problem:
        raise _fail(str(problem))
    except OSError as error:
        raise _fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    run(checker, sock)


# -- db ---------------------------------------------------------------------

# The phases of the slow db commands, as deckcheck.progress.Phases shows them.
PHASES = {
    "download": "Downloading the card dataset",
    "verify": "Verifying the archive (SHA-256)",
    "import": "Importing the cards",
    "names-download": "Downloading the card names",
    "names-read": "Reading the card names",
    "names-map": "Matching the names to the cards",
    "names-write": "Writing the card names",
    "tcgdex": "Downloading the TCGdex set list",
    "tcgdex-cards": "Fetching new cards from TCGdex",
    "cards": "Reading the card database",
    "lint": "Linting the packs",
}

@db_app.command("import")
def db_import(
    sources: List[Path] = typer.Argument(..., help="A checkout (folder) or .zip of the pokemontcg.io dataset (cards/en/*.json, sets/en.json), or a TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/). More than one: the first is filled in from the others (the sets it lacks or has short)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to write (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Build the card database from a copy of the pokemontcg.io dataset and/or a TCGdex export."""
    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.sources.merge import open_sources
    from deckcheck.carddb.sqlite import DatabaseError

    dest = _db_path(_configured_db(db, config, no_config))
    for source in sources:
        if not source.exists():
            raise _fail(f"{source} does not exist")
    try:
        with Phases(PHASES) as phases:
            info = build_database(open_sources(sources), dest,
                                  source_label=" + ".join(str(source.resolve()) for source in sources),
                                  progress=phases, phase=phases.phase)
    except DatabaseError as error:
        raise _fail(str(error))
    typer.echo(f"Imported {info.cards} cards from {info.sets} sets into {dest}")
    typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    if len(sources) > 1:
        _echo_source_shares(info)


def _echo_source_shares(info) -> None:
    """One line per card source: how many cards and sets came from it, and its newest set."""
    for name, share in info.sources.items():
        label = SOURCE_LABELS.get(name, name)
        newest = f", newest {share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})" \
            if share.newest_set_name else ""
        typer.echo(f"  from {label}: {share.cards} cards in {share.sets} sets{newest}")


SOURCE_LABELS = {"pokemontcg": "pokemontcg.io", "tcgdex": "TCGdex"}


@db_app.command("update")
def db_update(
    url: Optional[str] = typer.Option(None, "--url", help="Dataset archive to fetch (http(s):// or file://). Default: the pokemontcg.io dataset's zip."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to replace (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    sha256: Optional[str] = typer.Option(None, "--sha256", help="Expected SHA-256 of the archive (hex)."),
    force: bool = typer.Option(False, "--force", help="Download even if unchanged, and accept a smaller dataset."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds to wait on the network before giving up."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Also fetch the card names in these languages from TCGdex: de, fr, es, it, pt (comma-separated) or all.", autocompletion=completion.name_languages),
    names_url: Optional[str] = typer.Option(None, "--names-url", help="TCGdex API base URL for --lang (default: https://api.tcgdex.net)."),
    card_source: Optional[str] = typer.Option(None, "--source", help="Where the cards come from: pokemontcg (the dataset archive), tcgdex (the TCGdex API) or both (the archive, filled in from TCGdex with the sets it lacks or has short). Default: both; with --url and no --tcgdex-url, pokemontcg (a mirror of the dataset alone)."),
    tcgdex_url: Optional[str] = typer.Option(None, "--tcgdex-url", help="TCGdex API base URL for the cards (default: https://api.tcgdex.net; a mirror laid out like it)."),
    allow_incomplete: bool = typer.Option(False, "--allow-incomplete", help="Install the database even if a source could not deliver some cards it lists (they are named; the next update asks for them again)."),
) -> None:
    """Download the newest card dataset and replace the database atomically."""
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.carddb.update import (DEFAULT_DATASET_URL, SOURCES, check_sha256, check_url, update_database,
                                         valid_timeout)
    from deckcheck.i18n import UnknownLanguage, parse_languages

    if names_url is not None and lang is None:
        raise _fail("--names-url needs --lang")
    if card_source is None:
        # A dataset mirror given alone (offline set-ups, CI caches) is used alone.
        card_source = "pokemontcg" if url is not None and tcgdex_url is None else "both"
    if card_source not in SOURCES:
        raise _fail(f"--source must be one of {', '.join(SOURCES)}, not {card_source!r}")
    if tcgdex_url is not None and card_source == "pokemontcg":
        raise _fail("--tcgdex-url needs --source tcgdex or both")
    if not valid_timeout(timeout):
        raise _fail(f"--timeout must be a number of seconds greater than 0, not {timeout:g}")
    try:
        langs = parse_languages(lang) if lang is not None else ()
    except UnknownLanguage as error:
        raise _fail(str(error))
    dest = _db_path(_configured_db(db, config, no_config))
    source = url or DEFAULT_DATASET_URL
    try:
        # Before anything is downloaded: a URL that cannot be parsed, a --sha256 that is no
        # SHA-256, each one line and exit 2.
        for checked in ((source,) if card_source != "tcgdex" else ()) + ((tcgdex_url,) if tcgdex_url else ()):
            check_url(checked)
        check_sha256(sha256)
    except DatabaseError as error:
        raise _fail(f"update failed, the installed database is unchanged: {error}")
    labels = {**PHASES, "download": f"Downloading {source}"}
    # Off a terminal, one line per phase (and the download's size): CI logs show where it is.
    with Phases(labels, lines=True) as phases:
        try:
            result = update_database(source, dest, timeout=timeout, sha256=sha256, force=force, progress=phases,
                                     phase=phases.phase, source=card_source, tcgdex_url=tcgdex_url,
                                     tcgdex_progress=phases.counter("tcgdex-cards", "cards"),
                                     allow_incomplete=allow_incomplete)
        except DatabaseError as error:
            raise _fail(f"update failed, the installed database is unchanged: {error}")
    info = result.info
    if not result.changed:
        typer.echo(f"The card database is up to date ({info.cards} cards, newest set {info.newest_set_name}).")
    else:
        typer.echo(f"Installed {info.cards} cards from {info.sets} sets into {dest}")
        typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
        if card_source == "both":
            _echo_source_shares(info)
        if result.tcgdex:
            typer.echo(f"TCGdex requests: {result.tcgdex.get('set', 0)} sets, {result.tcgdex.get('card', 0)} cards")
        for name, missing in result.missing.items():
            from deckcheck.carddb.update import describe_missing

            typer.echo(f"warning: {SOURCE_LABELS.get(name, name)} could not deliver {describe_missing(missing)}",
                       err=True)
    if langs:
        from deckcheck.carddb.translations import DEFAULT_NAMES_URL, import_names

        base = names_url or DEFAULT_NAMES_URL
        labels = {**PHASES, "names-download": f"Downloading the card names ({', '.join(langs)}) from {base}"}
        with Phases(labels, lines=True) as phases:
            try:
                names = import_names(base, dest, langs, timeout=timeout, progress=phases, phase=phases.phase)
            except DatabaseError as error:
                raise _fail(f"the card names were not updated (the cards were): {error}")
        for line in names.lines():
            typer.echo(line)


@db_app.command("import-names")
def db_import_names(
    folder: Path = typer.Argument(..., help="A TCGdex export: the folder that holds v2/{lang}/cards.json and sets.json, or that v2 folder itself."),
    lang: str = typer.Option("all", "--lang", help="Languages to import: de, fr, es, it, pt (comma-separated) or all.", autocompletion=completion.name_languages),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to add the names to (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Add card names in other languages (from TCGdex) to the card database."""
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.carddb.translations import import_names
    from deckcheck.i18n import UnknownLanguage, parse_languages

    try:
        langs = parse_languages(lang)
    except UnknownLanguage as error:
        raise _fail(str(error))
    if not folder.is_dir():
        raise _fail(f"{folder} is not a folder")
    try:
        with Phases(PHASES) as phases:
            result = import_names(folder, _db_path(_configured_db(db, config, no_config)), langs,
                                  progress=phases, phase=phases.phase)
    except DatabaseError as error:
        raise _fail(f"import failed, the installed database is unchanged: {error}")
    for line in result.lines():
        typer.echo(line)
    typer.echo(f"{result.names} names in {result.path}")


@db_app.command("check-sources")
def db_check_sources(
    pokemontcg: Path = typer.Argument(..., help="A copy (folder or .zip) of the pokemontcg.io dataset."),
    tcgdex: Path = typer.Argument(..., help="A TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/)."),
    digest: bool = typer.Option(False, "--digest", help="Also compare the game-text digests, naming the parts that differ."),
) -> None:
    """List the cards both sources have whose rule facts differ (name, flags, Trainer kind, mark, set code, limit)."""
    from deckcheck.carddb.consistency import FACTS, STRICT_FACTS, compare, digest_parts, source_cards
    from deckcheck.carddb.sqlite import DatabaseError

    try:
        left, right = source_cards(pokemontcg, digest), source_cards(tcgdex, digest)
    except DatabaseError as error:
        raise _fail(str(error))
    both = len({card.id for card in left} & {card.id for card in right})
    found = compare(left, right, FACTS if digest else STRICT_FACTS)
    for difference in found:
        if difference.fact == "text_hash":
            typer.echo(f"{difference.card_id}  text_hash: differs in {', '.join(digest_parts(difference))}")
            continue
        typer.echo(f"{difference.card_id}  {difference.fact}: pokemontcg.io {difference.left!r}, "
                   f"TCGdex {difference.right!r}")
    typer.echo(f"{both} cards in both sources; {len(found)} differences in {len({d.card_id for d in found})} cards.")


@db_app.command("info")
def db_info(
    db: Optional[Path] = typer.Option(None, "--db", help="Database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Show what card database is installed."""
    from deckcheck.carddb.sqlite import DatabaseError, database_info

    db = _configured_db(db, config, no_config)
    path = _db_path(db)
    if not path.exists():
        from deckcheck.carddb.catalogue import load_catalogue

        try:  # a database named (--db, $DECKCHECK_DB, db:) must exist, as for check
            _open_database(db)
        except UsageProblem as problem:
            raise _fail(str(problem))
        typer.echo(f"No card database at {path}.")
        typer.echo(f"The built-in catalogue is used instead ({len(load_catalogue().cards)} rule-relevant cards).")
        typer.echo("Build the full database with: deckcheck db update (or deckcheck db import PATH)")
        return
    try:
        info = database_info(path)
    except DatabaseError as error:
        raise _fail(str(error))
    typer.echo(f"Database:    {path}")
    typer.echo(f"Cards:       {info.cards}")
    typer.echo(f"Sets:        {info.sets}")
    typer.echo(f"Newest set:  {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    typer.echo(f"Source:      {info.source}")
    for name, share in info.sources.items():
        newest = f"; newest {share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})" \
            if share.newest_set_name else ""
        typer.echo(f"  {SOURCE_LABELS.get(name, name) + ':':<14} {share.sets} sets, {share.cards} cards{newest}")
    typer.echo(f"Imported at: {info.imported_at}")
    for key in ("etag", "last_modified"):
        if info.meta.get(key):
            typer.echo(f"{key.replace('_', ' ').capitalize() + ':':<14} {info.meta[key]}")
    from deckcheck.carddb.translations import names_info

    names = names_info(path)
    if names:
        typer.echo(f"Names:       {', '.join(f'{code} {count}' for code, count in names.items())}")


# -- formats and rules ------------------------------------------------------

def _extra_pack_dirs(config_path: Optional[Path], no_config: bool) -> tuple[str, ...]:
    run = _load_settings(config_path, no_config)
    return tuple(str(p) for p in run.config.packs)


@formats_app.command("list")
def formats_list(config: Optional[Path] = CONFIG_OPTION, no_config: bool = NO_CONFIG_OPTION) -> None:
    """List the format packs that can be used, with the dates each covers."""
    from deckcheck.packs.info import describe_range
    from deckcheck.packs.loading import PackError, available_packs, load_pack

    try:
        extra = _extra_pack_dirs(config, no_config)
    except UsageProblem as problem:
        raise _fail(str(problem))
    for name, path in available_packs(extra).items():
        try:
            pack = load_pack(str(path), extra)
        except PackError as error:
            typer.echo(f"{name:<15} (broken: {error})")
            continue
        typer.echo(f"{name:<15} {describe_range(pack):<40} {pack.description}")


@formats_app.command("show")
def formats_show(
    name: str = typer.Argument(..., help="Format name or pack file.", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Show what is in force on this day (YYYY-MM-DD). Default: today."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database that names the banned prints (default as for check)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Show the rules and the card pool of a format on a day."""
    from deckcheck.packs.info import banned_ids, describe_range, in_force_on
    from deckcheck.packs.loading import PackError, load_pack

    try:
        day = _parse_date(date)
        run = _load_settings(config, no_config, db=db)
        pack = load_pack(name, tuple(str(p) for p in run.config.packs))
        ids = banned_ids(pack)
        cards = _card_labels(_open_index(run.db)[0], ids) if ids else {}
    except (UsageProblem, PackError) as error:
        raise _fail(str(error))
    typer.echo(f"{pack.name} on {day.isoformat()}: {pack.description}")
    typer.echo(f"covers: {describe_range(pack)}" + (f"; extends {' -> '.join(pack.chain[1:])}" if len(pack.chain) > 1 else ""))
    for rule_id, text in in_force_on(pack, day, cards):
        first, *rest = text.splitlines()
        typer.echo(f"  {rule_id:<14} {first}")
        for line in rest:
            typer.echo(f"  {'':<14} {line}")


def _card_labels(index, ids) -> dict:
    """Dataset id -> (name, set code, number) of the cards ``ids`` names that ``index`` has."""
    catalogue = getattr(index, "cards", None)
    if catalogue is not None:
        return {c.id: (c.name, c.set_code, c.number) for c in catalogue if c.id in ids}
    import sqlite3

    wanted = sorted(ids)
    connection = sqlite3.connect(f"{Path(index.path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute(f"SELECT id, name, set_code, number FROM cards WHERE id IN "
                                  f"({', '.join('?' * len(wanted))})", wanted).fetchall()
    except sqlite3.Error:
        return {}
    finally:
        connection.close()
    return {card_id: (name, code, number) for card_id, name, code, number in rows}


@formats_app.command("lint")
def formats_lint(
    paths: List[str] = typer.Argument(..., help="Pack files, or names of installed packs (standard), to check."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database whose sets, cards and marks the packs may name (default as for check)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Check pack files: schema, extends, dates in order, known sets, cards and marks. Problems name file and line.

    Exit code 1 when a pack has an error, 2 when a file cannot be opened."""
    from deckcheck.packs.info import lint_pack
    from deckcheck.packs.loading import PackError, find_pack, load_pack

    try:
        run = _load_settings(config, no_config, db=db)
        extra = tuple(str(p) for p in run.config.packs)  # packs may extend packs of the configured folders
        index, _notice = _open_index(run.db)
    except UsageProblem as problem:
        raise _fail(str(problem))
    with Phases(PHASES) as phases:  # the full database takes a second or two to read
        phases.phase("cards")
        cards = list(getattr(index, "cards", ()) or _all_cards(index))
    known = dict(known_sets={c.set_id for c in cards}, known_ids={c.id for c in cards},
                 known_marks={c.regulation_mark for c in cards if c.regulation_mark})
    if not hasattr(index, "path"):
        known["known_ids"] = None  # the built-in catalogue holds only some cards
    failed = unopened = False
    for name in paths:
        try:
            path = find_pack(name, extra)  # a pack name means the installed pack's file
            text = path.read_text(encoding="utf-8-sig")
        except PackError as error:
            unopened = True
            typer.echo(printable(f"deckcheck: error: {error}"), err=True)
            continue
        except (OSError, UnicodeDecodeError) as error:
            unopened = True
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
            typer.echo(printable(f"deckcheck: error: {name}: cannot read the pack file: {reason}"), err=True)
            continue
        try:
            load_pack(str(path), extra)
            problems = lint_pack(str(path), text, extra_dirs=extra, **known)
        except PackError as error:
            failed = True
            # Every schema error of the pack, each with its line (the load stops at the first).
            from deckcheck.packs.info import pack_schema_problems

            for problem in pack_schema_problems(str(path), text) or [error]:
                typer.echo(f"{problem}", err=True)
            continue
        for problem in problems:
            typer.echo(str(problem), err=True)
        failed = failed or any(p.level == "error" for p in problems)
        if not problems:
            typer.echo(f"{path}: ok")
    # Every pack is linted before the exit code is chosen; a file that cannot be opened is a usage problem.
    raise typer.Exit(ExitCode.USAGE if unopened else ExitCode.ILLEGAL if failed else ExitCode.LEGAL)


def _all_cards(index):
    from deckcheck.carddb.sqlite import iter_cards

    return iter_cards(index.path)


@app.command("rules")
def rules_list() -> None:
    """List the rule kinds a pack can use, with a legal and an illegal example."""
    from deckcheck.rules import KINDS

    for name, kind in KINDS.items():
        typer.echo(f"{name}: {kind.description}")
        examples = getattr(kind, "examples", {})
        for label in ("legal", "illegal"):
            if examples.get(label):
                typer.echo(f"  {label}:")
                for line in examples[label].strip().splitlines():
                    typer.echo(f"    {line}")
        typer.echo("")


def main() -> None:
    """Every command through Typer (the console script is :func:`deckcheck.entry.main`,
    which takes its fast paths first)."""
    from deckcheck.entry import run

    run(app)
