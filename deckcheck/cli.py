"""The command line: a thin Typer shell over the pure core.

It loads packs and the card database, calls :func:`deckcheck.engine.check_deck`,
renders, and exits with an :class:`~deckcheck.model.ExitCode`. Heavy modules
are imported inside the commands: ``deckcheck`` runs as a pre-commit hook, so
start-up time matters.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from pathlib import Path
from typing import List, Optional

import typer

from deckcheck import __version__
from deckcheck.model import ExitCode

app = typer.Typer(
    name="deckcheck",
    help="Check Pokémon TCG deck lists against the deck-building rules of a format.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
db_app = typer.Typer(help="Build, update and inspect the card database.", no_args_is_help=True)
formats_app = typer.Typer(help="List, show and lint format packs.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(formats_app, name="formats")

OUTPUTS = ("text", "json")
PACK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class UsageProblem(Exception):
    """Exit code 2 with a one-line message (configuration, pack or database)."""


def _fail(message: str) -> "typer.Exit":
    typer.echo(f"deckcheck: error: {message}", err=True)
    return typer.Exit(ExitCode.USAGE)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit(ExitCode.LEGAL)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
) -> None:
    """deckcheck: is this deck legal in that format?"""


def _parse_date(value: Optional[str]) -> dt.date:
    if value is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageProblem(f"--date must be a date like 2026-04-10, not '{value}'") from None


def _db_path(db: Optional[Path]) -> Path:
    if db is not None:
        return db
    from deckcheck.carddb.paths import default_db_path

    return default_db_path()


def _open_index(db: Optional[Path]):
    """The imported database when there is one, else the built-in catalogue."""
    path = _db_path(db)
    explicit = db is not None or bool(os.environ.get("DECKCHECK_DB"))
    if path.exists():
        from deckcheck.carddb.sqlite import DatabaseError, SqliteIndex

        try:
            return SqliteIndex(path), None
        except DatabaseError as error:
            raise UsageProblem(str(error)) from None
    if explicit:
        raise UsageProblem(f"no card database at {path}; build one with: deckcheck db import PATH --db {path}")
    from deckcheck.carddb.catalogue import load_catalogue

    notice = (
        "No card database is installed, so only the built-in catalogue of rule-relevant cards is used. "
        "Build the full database with: deckcheck db update (or deckcheck db import PATH)."
    )
    return load_catalogue(), notice


def _missing_hint(notice: Optional[str]) -> str:
    if notice:
        return "Only the built-in catalogue is installed: build the card database with deckcheck db update."
    return "If the card is new, update the card database: deckcheck db update."


@app.command()
def check(
    paths: List[str] = typer.Argument(..., help="Deck files or folders (searched for *.txt, *.yaml, *.yml, *.json); - reads standard input."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format pack name or path to a pack file. Default: the deck's own format, else standard."),
    date: Optional[str] = typer.Option(None, "--date", help="Check legality on this day (YYYY-MM-DD). Default: today."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default: $DECKCHECK_DB or the user data directory)."),
    output: str = typer.Option("text", "--output", "-o", help=f"Report format: {', '.join(OUTPUTS)}."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only show decks with findings."),
    fail_on: str = typer.Option("error", "--fail-on", help="Exit 1 on 'error' findings (default) or also on 'warning'."),
) -> None:
    """Check deck lists and report every problem found."""
    try:
        code = _check(paths, format, date, db, output, quiet, fail_on)
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


def _check(paths, format_name, date_text, db, output, quiet, fail_on) -> ExitCode:
    from deckcheck.engine import check_deck, resolve_options_for
    from deckcheck.model import Finding, Report, Severity
    from deckcheck.packs import PackError, available_packs, load_pack
    from deckcheck.parse import find_deck_files, read_deck
    from deckcheck.render import RenderOptions, render

    if output not in OUTPUTS:
        raise UsageProblem(f"--output must be one of {', '.join(OUTPUTS)}, not '{output}'")
    if fail_on not in ("error", "warning"):
        raise UsageProblem(f"--fail-on must be 'error' or 'warning', not '{fail_on}'")
    day = _parse_date(date_text)
    deck_paths, missing = find_deck_files(paths)
    if missing:
        raise UsageProblem("; ".join(missing))
    if not deck_paths:
        raise UsageProblem(f"no deck files found in {', '.join(paths)}")
    default_format = "standard" if "standard" in available_packs() else "unlimited"
    packs = {}

    def pack_for(name: str):
        if name not in packs:
            packs[name] = load_pack(name)
        return packs[name]

    try:
        if format_name:
            pack_for(format_name)
    except PackError as error:
        raise UsageProblem(str(error)) from None
    index, notice = _open_index(db)
    if notice and output == "text":
        typer.echo(f"deckcheck: {notice}", err=True)
    results = []
    usage_problem = False
    stdin = sys.stdin.buffer if "-" in deck_paths else None
    for path in deck_paths:
        parsed = read_deck(path, stdin=stdin)
        wanted = format_name or parsed.declared_format or default_format
        try:
            if not format_name and parsed.declared_format and not PACK_NAME.fullmatch(parsed.declared_format):
                # A deck names a format; it must not make deckcheck load an arbitrary file.
                raise PackError(f"the deck's format '{parsed.declared_format}' is not a format name")
            pack = pack_for(wanted)
        except PackError as error:
            usage_problem = True
            typer.echo(f"deckcheck: error: {path}: {error}", err=True)
            continue
        options = resolve_options_for(pack, day, index, missing_hint=_missing_hint(notice))
        results.append(check_deck(parsed, pack, index, day, resolve_options=options))
    report = Report(tuple(results))
    color = output == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    width = 100
    if color:
        import shutil

        width = max(60, shutil.get_terminal_size((100, 24)).columns)
    sys.stdout.write(render(output, report, RenderOptions(color=color, width=width, quiet=quiet)))
    if usage_problem:
        return ExitCode.USAGE
    failing = {Severity.ERROR} if fail_on == "error" else {Severity.ERROR, Severity.WARNING}
    if any(f.severity in failing for r in results for f in r.findings):
        return ExitCode.ILLEGAL
    return ExitCode.LEGAL


# -- db ---------------------------------------------------------------------

@db_app.command("import")
def db_import(
    source: Path = typer.Argument(..., help="A checkout (folder) or .zip of the pokemontcg.io dataset (cards/en/*.json, sets/en.json)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to write (default: $DECKCHECK_DB or the user data directory)."),
) -> None:
    """Build the card database from a copy of the pokemontcg.io dataset."""
    from deckcheck.carddb.sqlite import DatabaseError, build_database

    dest = _db_path(db)
    if not source.exists():
        raise _fail(f"{source} does not exist")
    try:
        info = build_database(source, dest, source_label=str(source.resolve()))
    except DatabaseError as error:
        raise _fail(str(error))
    typer.echo(f"Imported {info.cards} cards from {info.sets} sets into {dest}")
    typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")


@db_app.command("update")
def db_update(
    url: Optional[str] = typer.Option(None, "--url", help="Dataset archive to fetch (http(s):// or file://). Default: the pokemontcg.io dataset's zip."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to replace (default: $DECKCHECK_DB or the user data directory)."),
    sha256: Optional[str] = typer.Option(None, "--sha256", help="Expected SHA-256 of the archive (hex)."),
    force: bool = typer.Option(False, "--force", help="Download even if unchanged, and accept a smaller dataset."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds to wait on the network before giving up."),
) -> None:
    """Download the newest card dataset and replace the database atomically."""
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.carddb.update import DEFAULT_DATASET_URL, update_database

    dest = _db_path(db)
    source = url or DEFAULT_DATASET_URL
    with _progress_reporter(f"Downloading {source}") as progress:
        try:
            result = update_database(source, dest, timeout=timeout, sha256=sha256, force=force, progress=progress)
        except DatabaseError as error:
            raise _fail(f"update failed, the installed database is unchanged: {error}")
    info = result.info
    if not result.changed:
        typer.echo(f"The card database is up to date ({info.cards} cards, newest set {info.newest_set_name}).")
        return
    typer.echo(f"Installed {info.cards} cards from {info.sets} sets into {dest}")
    typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")


class _progress_reporter:
    """A rich progress bar on a terminal, a few plain lines otherwise."""

    def __init__(self, label: str):
        self.label = label
        self.bar = None
        self.next_report = 0

    def __enter__(self):
        if sys.stderr.isatty() and not os.environ.get("NO_COLOR"):
            from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

            self.bar = Progress("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                                transient=True, console=None)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=None)
        else:
            typer.echo(self.label, err=True)
        return self.report

    def report(self, done: int, total: Optional[int]) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)
        elif done >= self.next_report:
            size = f" of {total / 1e6:.1f} MB" if total else ""
            typer.echo(f"  {done / 1e6:.1f} MB{size}", err=True)
            self.next_report = done + 10_000_000

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


@db_app.command("info")
def db_info(
    db: Optional[Path] = typer.Option(None, "--db", help="Database file (default: $DECKCHECK_DB or the user data directory)."),
) -> None:
    """Show what card database is installed."""
    from deckcheck.carddb.sqlite import DatabaseError, database_info

    path = _db_path(db)
    if not path.exists():
        from deckcheck.carddb.catalogue import load_catalogue

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
    typer.echo(f"Imported at: {info.imported_at}")
    for key in ("etag", "last_modified"):
        if info.meta.get(key):
            typer.echo(f"{key.replace('_', ' ').capitalize() + ':':<13}{info.meta[key]}")


# -- formats and rules ------------------------------------------------------

@formats_app.command("list")
def formats_list() -> None:
    """List the format packs that can be used."""
    from deckcheck.packs import PackError, available_packs, load_pack

    for name, path in available_packs().items():
        try:
            pack = load_pack(str(path))
            typer.echo(f"{name:<16} {pack.description}")
        except PackError as error:
            typer.echo(f"{name:<16} (broken: {error})")


@formats_app.command("show")
def formats_show(name: str = typer.Argument(..., help="Format name or pack file.")) -> None:
    """Show the rules of a format."""
    from deckcheck.packs import PackError, load_pack

    try:
        pack = load_pack(name)
    except PackError as error:
        raise _fail(str(error))
    typer.echo(f"{pack.name}: {pack.description}")
    if len(pack.chain) > 1:
        typer.echo(f"extends: {' -> '.join(pack.chain[1:])}")
    for rule in pack.rules:
        options = ", ".join(f"{k}={v}" for k, v in rule.options.items())
        typer.echo(f"  {rule.id:<16} {rule.kind:<14} {rule.severity.value:<8} {options}")


@formats_app.command("lint")
def formats_lint(paths: List[Path] = typer.Argument(..., help="Pack files to check.")) -> None:
    """Check pack files against the pack schema; errors name file and line."""
    from deckcheck.packs import PackError, load_pack

    failed = False
    for path in paths:
        try:
            load_pack(str(path))
            typer.echo(f"{path}: ok")
        except PackError as error:
            failed = True
            typer.echo(f"{error}", err=True)
    raise typer.Exit(ExitCode.ILLEGAL if failed else ExitCode.LEGAL)


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
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("deckcheck: interrupted", err=True)
        sys.exit(130)
