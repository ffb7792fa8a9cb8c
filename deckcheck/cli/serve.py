"""``deckcheck serve``: the options turned into the web front end's checker
(:mod:`deckcheck.web.app`, which needs the ``serve`` extra: imported only here)."""

from __future__ import annotations

from pathlib import Path

import typer

from deckcheck.carddb.errors import DatabaseError
from deckcheck.cli import completion
from deckcheck.cli.common import UsageProblem, fail, load_settings
from deckcheck.i18n import N_, Phrase, UnknownLanguage, choose_language


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=N_("Address to listen on (default: this machine only).")),
    port: int = typer.Option(
        8000, "--port", min=0, max=65535, help=N_("Port to listen on, 0 to 65535 (0: any free port).")
    ),
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_("Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=N_("Default language of the page and the messages: en, de, pt, fr, es, it or ja (default: the locale)."),
        autocompletion=completion.message_languages,
    ),
    config: Path | None = typer.Option(
        None, "--config", help=N_("Use this configuration file (for db and packs) instead of searching for one.")
    ),
    no_config: bool = typer.Option(False, "--no-config", help=N_("Ignore configuration files.")),
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    try:
        import uvicorn  # noqa: F401 - imported by run(); missing, it must be said before anything starts

        from deckcheck.web.app import Checker, bind, run
    except ImportError as error:
        # Name what to install (the extra), not whichever module was imported first (anyio).
        raise fail(
            Phrase(
                N_(
                    "deckcheck serve needs Starlette and uvicorn, which the 'serve' extra installs "
                    "({module} is missing): pip install 'deckcheck[serve]'"
                ),
                module=error.name,
            )
        )

    try:
        settings = load_settings(config, no_config, db=db)
        message_lang = choose_language(lang, what="--lang")
        checker = Checker(settings.db, tuple(str(p) for p in settings.config.packs), message_lang)
        sock = bind(host, port)
    except (UsageProblem, UnknownLanguage, DatabaseError) as problem:
        raise fail(problem)
    except OSError as error:
        raise fail(
            Phrase(
                N_("cannot listen on {host}:{port}: {reason}"),
                host=host,
                port=port,
                reason=error.strerror or str(error),
            )
        )
    run(checker, sock)
