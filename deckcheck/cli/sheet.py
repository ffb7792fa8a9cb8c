"""``deckcheck sheet``: check one deck exactly as ``deckcheck check`` does (the
same pipeline, report and exit codes), then write its registration sheet.

The sheet is written only for a deck that passed; for one that did not, the
findings are printed and nothing is written (``--force`` writes it with
"NOT LEGAL ON <day>" across each page). The command turns its options into a
check (:func:`deckcheck.cli.check.run_check`, the session's pipeline) and draws
with :mod:`deckcheck.sheet` (imported when it runs: the ``sheet`` extra).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import typer

from deckcheck import sheet as registration_sheet
from deckcheck.atomic import write_atomically
from deckcheck.cli import completion
from deckcheck.cli.check import check_settings, run_check
from deckcheck.cli.common import CONFIG_OPTION, NO_CONFIG_OPTION, Found, UsageProblem, fail
from deckcheck.cli.streams import echo
from deckcheck.core.printable import printable
from deckcheck.errors import ExitCode
from deckcheck.i18n import N_, Phrase, choose_language
from deckcheck.model import UNVERIFIED

# The largest font file --font reads: a CJK font is 5 to 25 MB (Noto Sans CJK, all of it, 20 MB).
MAX_FONT_BYTES = 64 * 1024 * 1024


def _font_file_problem(path: Path) -> Phrase | None:
    """Why ``--font`` cannot be read as a font file, before the PDF library reads all of it:
    only a regular file of at most :data:`MAX_FONT_BYTES` (a FIFO waited for ever, /dev/zero
    grew to gigabytes); None where it may be one (the library then says whether it is)."""
    try:
        info = path.stat()
    except OSError:
        return None  # missing, unreadable: the PDF library's own message names the reason
    if stat.S_ISDIR(info.st_mode):
        return Phrase(N_("--font: {path} is a folder, not a font file"), path=str(path))
    if not stat.S_ISREG(info.st_mode):
        return Phrase(
            N_("--font: {path} is not a regular file (a pipe, a device or a socket), not a font file"), path=str(path)
        )
    if info.st_size > MAX_FONT_BYTES:
        return Phrase(
            N_("--font: {path} is larger than {limit} bytes, more than a font file holds"),
            path=str(path),
            limit=MAX_FONT_BYTES,
        )
    return None


# A deck that is not legal: a rule is broken, or a line names no card the database has
# (docs/rulings.md, "The verdict words": legality cannot be shown, so the sheet is not made either).
_NOT_WHAT = {UNVERIFIED: "could not be verified"}


def sheet(
    deck: str = typer.Argument(
        ..., help=N_("The deck file (text list, .yaml or .json); - reads standard input (then -o is needed).")
    ),
    format: str | None = typer.Option(
        None,
        "--format",
        "-f",
        help=N_("Format pack name or path to a pack file (default as for check)."),
        autocompletion=completion.formats,
    ),
    date: str | None = typer.Option(
        None,
        "--date",
        help=N_("The day of the event (YYYY-MM-DD): the deck must be legal then (default as for check)."),
    ),
    player: str | None = typer.Option(
        None, "--player", help=N_("The player's name (default: left blank to write by hand).")
    ),
    player_id: str | None = typer.Option(
        None, "--player-id", help=N_("The Play! Pokémon Player ID, digits only (default: blank).")
    ),
    birth: str | None = typer.Option(
        None, "--birth", help=N_("The date of birth (YYYY-MM-DD); it also gives the age division (default: blank).")
    ),
    division: str | None = typer.Option(
        None,
        "--division",
        help=N_(
            "The age division: junior, senior or masters (default: from --birth and the season of the day, else blank)."
        ),
    ),
    paper: str = typer.Option("letter", "--paper", help=N_("Paper size: letter (default) or a4.")),
    output: Path | None = typer.Option(
        None, "--output", "-o", help=N_("The PDF file to write (default: the deck's name with .pdf, beside it).")
    ),
    force: bool = typer.Option(
        False,
        "--force",
        help=N_(
            "Overwrite an existing regular file, and write the sheet of a deck that is not legal (marked NOT LEGAL ON the day, or NOT VERIFIED ON the day where its lines name no card the database has)."
        ),
    ),
    font: Path | None = typer.Option(
        None, "--font", help=N_("A TrueType font file for names the built-in fonts cannot draw (e.g. CJK).")
    ),
    db: Path | None = typer.Option(None, "--db", help=N_("Card database file (default as for check).")),
    config: Path | None = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    lang: str | None = typer.Option(
        None, "--lang", help=N_("Language of the messages (as for check)."), autocompletion=completion.message_languages
    ),
    card_lang: str | None = typer.Option(
        None,
        "--card-lang",
        help=N_("Language of the card names in the list (as for check)."),
        autocompletion=completion.card_languages,
    ),
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    try:
        code = run(
            deck,
            format=format,
            date=date,
            db=db,
            config=config,
            no_config=no_config,
            lang=lang,
            card_lang=card_lang,
            player=player,
            player_id=player_id,
            birth=birth,
            division=division,
            paper=paper,
            output=output,
            force=force,
            font=font,
        )
    except UsageProblem as problem:
        raise fail(problem)
    raise typer.Exit(code)


def output_path(deck: str, output: Path | None) -> Path:
    """Where the sheet goes: ``-o``, else the deck's own name with ``.pdf``, beside it."""
    if output is not None:
        return output
    if deck == "-":
        raise UsageProblem(Phrase(N_("a deck read from standard input needs -o FILE.pdf for its sheet")))
    return Path(deck).with_suffix(".pdf")


def _checked_output(deck: str, output: Path | None, force: bool) -> Path:
    target = output_path(deck, output)
    if target.is_dir():
        raise UsageProblem(Phrase(N_("{path} is a folder: give -o FILE.pdf"), path=str(target)))
    _refuse_special(target)
    if deck != "-" and target.exists() and Path(deck).exists() and target.samefile(deck):
        raise UsageProblem(Phrase(N_("{path} is the deck itself: give -o FILE.pdf"), path=str(target)))
    if target.exists() and not force:
        raise UsageProblem(
            Phrase(N_("{path} exists: --force overwrites it (or give another -o FILE.pdf)"), path=str(target))
        )
    if not target.parent.is_dir():
        raise UsageProblem(
            Phrase(
                N_("cannot write {path}: the folder {folder} does not exist"),
                path=str(target),
                folder=str(target.parent),
            )
        )
    return target


def run(
    deck: str,
    *,
    format: str | None,
    date: str | None,
    db: Path | None,
    config: Path | None,
    no_config: bool,
    lang: str | None,
    card_lang: str | None,
    player: str | None,
    player_id: str | None,
    birth: str | None,
    division: str | None,
    paper: str,
    output: Path | None,
    force: bool,
    font: Path | None = None,
) -> ExitCode:
    try:
        registration_sheet.require()
    except registration_sheet.SheetUnavailable:
        raise UsageProblem(
            f"deckcheck sheet needs the PDF library reportlab (the sheet extra): {registration_sheet.EXTRA_HINT}"
        ) from None
    if font is not None:
        problem = _font_file_problem(font)
        if problem is not None:
            raise UsageProblem(problem)
        try:
            registration_sheet.use_font(str(font))
        except ValueError as error:
            raise UsageProblem(f"--font: {error}") from None
    try:
        chosen, paper = registration_sheet.sheet_options(player, player_id, birth, division, paper)
    except registration_sheet.OptionError as error:
        raise UsageProblem(error.message) from None
    if deck != "-" and Path(deck).is_dir():
        raise UsageProblem(Phrase(N_("{path} is a folder: deckcheck sheet takes one deck file"), path=deck))
    target = _checked_output(deck, output, force)
    run_settings = check_settings(
        config,
        no_config,
        paths=[deck],
        rotation_days=90,
        jobs=1,
        format=format,
        date=date,
        db=db,
        output="text",
        fail_on=None,
        exclude=(),
    )
    results: list = []
    code = run_check(
        [deck], run_settings, False, lang=lang, card_lang=card_lang, found=Found(), jobs=1, on_result=results.append
    )
    if code == ExitCode.USAGE or not results:
        echo("deckcheck: no sheet written", err=True)
        return code
    result = results[0]
    if code != ExitCode.LEGAL and not force:
        echo(
            printable(
                f"deckcheck: no sheet written: {deck} {_NOT_WHAT.get(result.verdict, 'is not legal')} in "
                f"{result.format} on {result.date} (--force writes it marked {registration_sheet.verdict_mark(result.verdict).upper()})"
            ),
            err=True,
        )
        return code
    sheet_lang = choose_language(lang)  # the report's language (run_check has refused a bad --lang)
    pages = registration_sheet.sheet_pages(result, chosen, paper, sheet_lang)
    data = registration_sheet.pdf(pages, result, sheet_lang)
    try:
        _write(target, data, force)
    except FileExistsError:
        raise UsageProblem(
            Phrase(N_("{path} exists: --force overwrites it (or give another -o FILE.pdf)"), path=str(target))
        ) from None
    except OSError as error:
        raise UsageProblem(
            Phrase(N_("cannot write {path}: {reason}"), path=str(target), reason=error.strerror or str(error))
        ) from None
    for page in pages:
        for text in page.shortened:
            echo(
                printable(
                    f"deckcheck: warning: {target}: '{text.full}' did not fit its box on page "
                    f"{page.number} and was shortened to '{text.text}'"
                ),
                err=True,
            )
    _note_guessed_prints(registration_sheet.sheet(result, chosen).sections[0].rows, target)
    count = len(pages)
    marked = (
        "" if result.legal else f", marked {registration_sheet.verdict_mark(result.verdict).upper()} ON {result.date}"
    )
    echo(printable(f"deckcheck: wrote {target} ({count} page{'s' if count != 1 else ''}{marked})"), err=True)
    return code


def _note_guessed_prints(rows, target: Path) -> None:
    """Pokémon lines without set code and number get the print deckcheck read them as: say so."""
    lines = sorted(line for row in rows if row.by_name for line in row.lines)
    if lines:
        shown = ", ".join(map(str, lines[:8])) + (", ..." if len(lines) > 8 else "")
        which = "line names" if len(lines) == 1 else "lines name"
        echo(
            printable(
                f"deckcheck: note: {target}: {len(lines)} Pokémon {which} no print ({shown}): the sheet gives "
                "the set and number of the print deckcheck read each as, or leaves them blank; check them "
                "against your cards"
            ),
            err=True,
        )


def _refuse_special(target: Path) -> None:
    """A sheet replaces only a regular file. ``-o /dev/null --force`` as root would
    have replaced the system's /dev/null with a regular file; a FIFO, a device, a socket or a
    symbolic link is refused, ``--force`` or not."""
    try:
        mode = os.lstat(target).st_mode
    except OSError:
        return  # absent (or unreadable: writing says why)
    if not stat.S_ISREG(mode):
        raise UsageProblem(
            Phrase(
                N_(
                    "{path} is not a regular file (a pipe, a device or a link): the sheet is written only to a new or a regular file"
                ),
                path=str(target),
            )
        )


def _write(path: Path, data: bytes, force: bool = False) -> None:
    """Put the sheet at ``path`` whole: never half a PDF, and an old sheet (with --force) stays
    whole until the new one is there. Without ``force`` it is linked in, which fails where the
    name exists: of runs that overlap, one writes the sheet and the others say it exists; with
    ``force`` it replaces a regular file. (A sheet is a new file: it keeps no old file's mode.)"""
    if force:
        _refuse_special(path)  # again: it may have appeared since the check before the deck was read
    write_atomically(path, data, exclusive=not force)
