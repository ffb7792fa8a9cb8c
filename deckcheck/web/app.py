"""``deckcheck serve``: a local page to paste a deck list and see its verdict, and ``POST /api/check``.

Built on the library API (:mod:`deckcheck.api`): the card database and every
format pack are opened once when the server starts and shared by all
requests (the database gives each thread its own read-only connection).
Starlette routes the requests and uvicorn serves them; both are imported
only here, so ``deckcheck check`` starts as fast as before (``pip install
'deckcheck[serve]'``).

Requests are bounded: the body (``max_bytes``), the lines of a list
(``max_lines``) and the time of a check (``timeout``); checks run in a
small pool of threads, so a slow one does not hold up the others. A bad
request gets a 4xx answer with a message (JSON ``{"error": ...}`` from the
API, the page again with the message from the page), never a traceback.

* ``GET /``: the page (``?lang=de`` for its language), whose markup is
  :mod:`deckcheck.web.page`'s; this module holds the routes and the requests.
* ``POST /check``: the form of the page (``text``, ``format``, ``date``,
  ``lang``); answers the page with the verdict and the list, each finding on
  its lines. The page's script sends the form in the background and swaps
  the verdict in; without a script the browser shows the answer itself.
* ``POST /api/check``: the body is the deck list (any text form deckcheck
  reads, or a deck in the YAML/JSON schema), with ``format``, ``date``,
  ``lang`` and ``card_lang`` in the query string; or a JSON object
  ``{"text": ..., "format": ..., "date": ..., "lang": ..., "card_lang": ...}``.
  The answer is the ``--output json`` document of that one deck.
"""

from __future__ import annotations

import functools
import json
import os
import socket
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from anyio import CapacityLimiter, fail_after, to_thread
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from deckcheck import api
from deckcheck.i18n import (
    CARD_LANGUAGES,
    MESSAGE_LANGUAGES,
    N_,
    Phrase,
    UnknownLanguage,
    card_language,
    choose_language,
    localize,
    translator,
)
from deckcheck.packs.loading import Pack, PackError, load_pack
from deckcheck.parse.files import DeckText, parse_decoded, text_problem
from deckcheck.session import BadDate, Checked, Controls, Session, open_database, parse_day
from deckcheck.web.forms import (
    MULTIPART,
    BadRequest,
    Limits,
    deck_text,
    line_breaks,
    multipart_fields,
    read_body,
    refusal,
    request_form,
)
from deckcheck.web.page import PAGE_SCRIPT, PAGE_STYLE, page_html, sheets_available

if TYPE_CHECKING:
    from deckcheck.model import DeckResult
from deckcheck import sheet
from deckcheck.render import html as report
from deckcheck.web.guard import Guard, content_security_policy, is_loopback, network_warning, uvicorn_settings

TOO_MANY_LINES = N_("The deck list has more than {limit} lines; a deck list is much shorter.")
NO_TEXT = N_('The JSON request has no "text" string with the deck list.')
UNKNOWN_FORMAT = N_("{format} is not a format deckcheck knows. Known formats: {known}.")
BAD_DATE = N_("The date must be a day like 2026-04-10, not {date}.")
UNKNOWN_LANGUAGE = N_("{lang} is not a language deckcheck knows: choose one of {languages}.")
TOO_DEEP_JSON = N_("The JSON request nests lists or objects too deeply.")
# TRANSLATORS: {"text": ...} and {"cards": [...]} are JSON as the API takes it; keep them.
JSON_NOT_OBJECT = N_('A JSON request is an object: {{"text": ...}} with the deck list, or a deck {{"cards": [...]}}.')
# TRANSLATORS: {path} is the path asked for; "/" and "POST /api/check" stay as written.
NOT_FOUND = N_("There is nothing at {path}: the page is / and the API is POST /api/check.")
# TRANSLATORS: {method} is an HTTP method (GET, PUT, ...), {path} the path asked for.
NOT_ALLOWED = N_("{path} does not answer {method}.")
# The status of a deck whose format or day cannot be used (its own format unknown, a day
# before the format began): the request was understood, the deck cannot be checked so.
REFUSED = 422
TOO_SLOW = N_("The check took longer than {seconds} seconds and was given up.")
SHEET_NOT_LEGAL = N_("The deck is not legal, so no registration sheet was made.")
# TRANSLATORS: keep pip install 'deckcheck[sheet]' as it is.
SHEET_UNAVAILABLE = N_("The deck registration sheet needs the PDF library reportlab: pip install 'deckcheck[sheet]'.")


# The page's names for the choice of format and day, in hints (the API's are the library's).
# TRANSLATORS: where the page's hints send the player: its Format menu and Date field.
PAGE_CONTROLS = Controls(Phrase(N_("the Format menu")), Phrase(N_("the Date field")))


class Answer(NamedTuple):
    """A checked deck, and the format its list names (the page says which format it used and why)."""

    checked: Checked
    declared: str | None


class Checker:
    """The card database and the format packs, opened once and used by every request;
    each request is checked by a :class:`deckcheck.session.Session` over them (the
    pipeline of ``deckcheck check`` and the library: the same formats, days and refusals)."""

    def __init__(
        self, db: str | os.PathLike | None = None, pack_dirs: Sequence[str | os.PathLike] = (), lang: str = "en"
    ):
        self.db = open_database(db)
        self.pack_dirs = tuple(os.fspath(p) for p in pack_dirs)
        self.formats: dict[str, Pack] = {}
        for name in api.available_formats(self.pack_dirs):
            try:
                self.formats[name] = load_pack(name, self.pack_dirs)
            except PackError:  # a broken pack of the user's: the others still serve
                continue
        self.lang = lang

    def options(self, fields: Mapping[str, str | None]) -> dict[str, Any]:
        """The check's arguments from the request's fields, or :class:`BadRequest`."""
        name = (fields.get("format") or "").strip()
        if name and name not in self.formats:  # only the packs loaded: a request names no file
            raise BadRequest(400, UNKNOWN_FORMAT, format=name, known=", ".join(self.formats))
        date = (fields.get("date") or "").strip()
        try:
            day = parse_day(date or None)
        except BadDate:
            raise BadRequest(400, BAD_DATE, date=date) from None
        return {
            "format": name or None,
            "date": day,
            "lang": self.language(fields.get("lang")),
            "card_lang": self.card_language(fields.get("card_lang")),
        }

    def language(self, value: str | None) -> str:
        lang = (value or "").strip().lower() or self.lang
        try:
            return choose_language(lang)
        except UnknownLanguage:
            raise BadRequest(400, UNKNOWN_LANGUAGE, lang=lang, languages=", ".join(MESSAGE_LANGUAGES)) from None

    def card_language(self, value: str | None) -> str | None:
        lang = (value or "").strip().lower()
        try:
            return card_language(lang)
        except UnknownLanguage:
            raise BadRequest(
                400, UNKNOWN_LANGUAGE, lang=lang, languages=", ".join(("auto", "en", *CARD_LANGUAGES))
            ) from None

    def check(self, deck: DeckText, options: Mapping[str, Any], controls: Controls = api.ARGUMENTS) -> Answer:
        """The deck's :class:`~deckcheck.session.Checked` (parsed once, as ``deckcheck check``
        parses a file's text: with its ``encoding`` note when it was read as Windows-1252), with
        the format the list names; hints name ``controls`` (the API's ``format=``, the page's menu)."""
        session = Session(
            self.db,
            format=options["format"],
            date=options["date"],
            pack_dirs=self.pack_dirs,
            card_lang=options["card_lang"],
            formats=self.formats,
            keep_deck=True,
            controls=controls,
        )
        parsed = parse_decoded(deck, api.TEXT_LABEL, sniff=True)
        return Answer(session.check(parsed), parsed.declared_format)


def _request_language(request: Request, checker: Checker) -> str:
    value = request.query_params.get("lang", "")
    return value if value in MESSAGE_LANGUAGES else checker.lang


def _api_fields(request: Request, deck: DeckText) -> tuple[DeckText, dict[str, str | None]]:
    """(deck text, options): a JSON ``{"text": ...}`` wrapper, else the body itself (``deck``,
    as :func:`deck_text` read it) with the query's options."""
    body = deck.text
    fields: dict[str, str | None] = {
        key: request.query_params.get(key) for key in ("format", "date", "lang", "card_lang")
    }
    if "json" in request.headers.get("content-type", "") and not body.lstrip().startswith("{"):
        # A JSON array, string, number, true, false or null is no deck list and no
        # request; it was read as deck text. (An array is refused unparsed: it may nest deep.)
        if body.lstrip().startswith("[") or _json_scalar(body):
            raise BadRequest(400, JSON_NOT_OBJECT)
    if "json" in request.headers.get("content-type", "") and body.lstrip().startswith("{"):
        try:
            data = json.loads(body)
        except RecursionError:  # 50,000 levels deep: json.loads recurses per level
            raise BadRequest(400, TOO_DEEP_JSON) from None
        except ValueError:
            data = None  # not JSON after all: the parser reports it as the deck file's problem
        if isinstance(data, dict) and "cards" not in data:
            text = data.get("text")
            if not isinstance(text, str):
                raise BadRequest(400, NO_TEXT)
            refused = text_problem(text, api.TEXT_LABEL)
            if refused is not None:  # "\u0000" or "\ud800": what the same list sent as bytes is refused for
                raise refusal(refused)
            for key in fields:
                if isinstance(data.get(key), str):
                    fields[key] = data[key]
            return DeckText(text, deck.windows_1252), fields
    return deck, fields


def _json_scalar(body: str) -> bool:
    """Whether ``body`` is one JSON value other than an object or an array."""
    try:
        json.loads(body)
    except (ValueError, RecursionError):
        return False
    return True


class Server:
    """The Starlette application with its checker and limits."""

    def __init__(self, checker: Checker, limits: Limits = Limits()):
        self.checker = checker
        self.limits = limits
        self.limiter = CapacityLimiter(limits.threads)
        self.app = Starlette(
            routes=[
                Route("/", self.page, methods=["GET"]),
                Route("/check", self.check_form, methods=["POST"]),
                Route("/api/check", self.check_api, methods=["POST"]),
                Route("/sheet", self.sheet, methods=["POST"]),
            ],
            exception_handlers={404: self.not_found, 405: self.not_allowed, ClientDisconnect: self.gone},
        )

    async def gone(self, _request: Request, _error: Exception) -> Response:
        return Response(status_code=400)  # the client hung up mid-request (or was dropped for its slowness)

    async def not_found(self, request: Request, _error: Exception) -> Response:
        tr = translator(_request_language(request, self.checker))
        return JSONResponse({"error": localize(NOT_FOUND, {"path": request.url.path}, tr)}, status_code=404)

    async def not_allowed(self, request: Request, _error: Exception) -> Response:
        tr = translator(_request_language(request, self.checker))
        return JSONResponse(
            {"error": localize(NOT_ALLOWED, {"path": request.url.path, "method": request.method}, tr)}, status_code=405
        )

    async def _check(self, deck: DeckText, options: Mapping[str, Any], controls: Controls = api.ARGUMENTS) -> Answer:
        if line_breaks(deck.text) >= self.limits.max_lines:
            raise BadRequest(413, TOO_MANY_LINES, limit=self.limits.max_lines)
        try:
            with fail_after(self.limits.timeout):
                return await to_thread.run_sync(
                    self.checker.check, deck, options, controls, limiter=self.limiter, abandon_on_cancel=True
                )
        except TimeoutError:
            raise BadRequest(503, TOO_SLOW, seconds=f"{self.limits.timeout:g}") from None

    async def check_api(self, request: Request) -> Response:
        lang = _request_language(request, self.checker)
        try:
            if request.headers.get("content-type", "").lower().startswith(MULTIPART):
                # curl -F file=@deck.txt: the options in the query, or as fields beside the file.
                form, sent = await multipart_fields(request, await read_body(request, self.limits), self.limits)
                if isinstance(sent, BadRequest):
                    raise sent
                fields = {key: request.query_params.get(key) for key in ("format", "date", "lang", "card_lang")}
                fields.update((key, form[key]) for key in fields if key in form)
                deck = sent
            else:
                deck, fields = _api_fields(request, deck_text(await read_body(request, self.limits), self.limits))
            options = self.checker.options(fields)
            lang = options["lang"]
            checked = (await self._check(deck, options)).checked
        except BadRequest as problem:
            return JSONResponse({"error": problem.localize(translator(lang))}, status_code=problem.status)
        report = api.report_json([api.DeckResult(checked.result, lang)])
        if checked.problem is not None:
            # The deck's format or day cannot be used (the session's refusal: exit 2 on the
            # command line, FormatError from the library): 422, with the report all the same.
            return JSONResponse({"error": report["problems"][0]["message"], **report}, status_code=REFUSED)
        return JSONResponse(report)

    async def page(self, request: Request) -> Response:
        lang = _request_language(request, self.checker)
        return HTMLResponse(self.render_page(lang, {"lang": lang}))

    async def check_form(self, request: Request) -> Response:
        lang = _request_language(request, self.checker)
        fields: dict[str, str] = {}
        try:
            fields, deck = await request_form(request, self.limits)
            lang = fields["lang"] if fields.get("lang") in MESSAGE_LANGUAGES else lang
            options = self.checker.options(fields)
            if isinstance(deck, BadRequest):
                raise deck
            answer = await self._check(deck, options, PAGE_CONTROLS)
        except BadRequest as problem:
            return HTMLResponse(
                self.render_page(lang, fields, error=problem.localize(translator(lang))), status_code=problem.status
            )
        checked = answer.checked
        return HTMLResponse(
            self.render_page(lang, fields, result=checked.result, declared=answer.declared),
            status_code=200 if checked.problem is None else REFUSED,
        )

    async def sheet(self, request: Request) -> Response:
        """The deck registration sheet of the form's list, for a legal deck only, with the player's
        fields (named and checked as ``deckcheck sheet``'s options: :func:`deckcheck.sheet.sheet_options`).
        The fields are drawn on the sheet and answered, never stored or logged."""
        lang = _request_language(request, self.checker)
        fields: dict[str, str] = {}
        try:
            if not sheets_available():
                raise BadRequest(501, SHEET_UNAVAILABLE)
            fields, deck = await request_form(request, self.limits)
            lang = fields["lang"] if fields.get("lang") in MESSAGE_LANGUAGES else lang
            options = self.checker.options(fields)
            if isinstance(deck, BadRequest):
                raise deck
            answer = await self._check(deck, options, PAGE_CONTROLS)
            checked = answer.checked
            if checked.problem is not None or not checked.result.legal:
                raise BadRequest(422, SHEET_NOT_LEGAL)
            # A field left blank is an option not given (blank on the sheet); the paper's default is the CLI's.
            given = {name: fields.get(name) or None for name in ("player", "player-id", "birth", "division")}
            try:
                player, paper = sheet.sheet_options(
                    given["player"],
                    given["player-id"],
                    given["birth"],
                    given["division"],
                    fields.get("paper") or "letter",
                )
            except sheet.OptionError as problem:
                message = problem.message
                shown = message.localize(translator(lang)) if isinstance(message, Phrase) else message
                return HTMLResponse(
                    self.render_page(lang, fields, result=checked.result, declared=answer.declared, sheet_error=shown),
                    status_code=400,
                )
            pdf = await to_thread.run_sync(
                functools.partial(sheet.sheet_pdf, checked.result, player, paper=paper, lang=lang), limiter=self.limiter
            )
        except BadRequest as problem:
            return HTMLResponse(
                self.render_page(lang, fields, error=problem.localize(translator(lang))), status_code=problem.status
            )
        return Response(
            pdf,
            media_type="application/pdf",
            headers={
                "Content-Disposition": 'attachment; filename="deck-registration-sheet.pdf"',
                "Cache-Control": "no-store",  # the player's fields are in it: no cache keeps it
            },
        )

    def render_page(
        self,
        lang: str,
        fields: Mapping[str, str],
        *,
        result: DeckResult | None = None,
        declared: str | None = None,
        error: str | None = None,
        sheet_error: str | None = None,
    ) -> str:
        return page_html(
            tuple(self.checker.formats),
            translator(lang),
            lang,
            fields,
            result=result,
            declared=declared,
            error=error,
            sheet_error=sheet_error,
        )


def create_app(checker: Checker | None = None, limits: Limits = Limits()) -> Starlette:
    return Server(checker or Checker(), limits).app


def guarded_app(checker: Checker, limits: Limits, host: str):
    """The application as served: the Host check when ``host`` is loopback, and the
    page's Content-Security-Policy (its one inline script and style, by hash)."""
    policy = content_security_policy((PAGE_SCRIPT,), (report.STYLE + PAGE_STYLE,))
    return Guard(create_app(checker, limits), loopback_only=is_loopback(host), policy=policy)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (OSError when the address cannot be used)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Made as TCP by name: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on the
    # connections of a socket whose protocol is IPPROTO_TCP, and an answer is written in two
    # sends (head, body), so with Nagle on every answer after the first on a kept-alive
    # connection waited for the client's delayed acknowledgement, about 40 ms. The option is
    # set on the listening socket too, whose accepted connections inherit it on Linux.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
        sock.listen(1024)  # hundreds of held connections must not fill the queue of those not yet accepted
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(checker: Checker, sock: socket.socket, limits: Limits = Limits()) -> None:
    """Serve on ``sock`` until interrupted."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    # Each request must arrive within seconds, idle and half-sent connections are closed;
    # requests to another host than this machine's are refused on loopback.
    config = uvicorn.Config(
        guarded_app(checker, limits, host), log_level="warning", access_log=False, **uvicorn_settings()
    )
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    print(f"deckcheck serve: http://{shown}:{port}/ (Ctrl-C stops it)", file=sys.stderr, flush=True)
    warning = network_warning(host)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    if checker.db.notice:  # the built-in catalogue only, as check says
        print(f"deckcheck: {checker.db.notice}", file=sys.stderr, flush=True)
    server.run(sockets=[sock])
