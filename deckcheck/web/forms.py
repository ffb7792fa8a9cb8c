"""How ``deckcheck serve`` reads a request's deck list and fields: the body, bounded in size
(:func:`read_body`); a urlencoded form (:func:`form_fields`, the page's script and a browser
without it); a ``multipart/form-data`` upload (:func:`multipart_fields`: ``curl -F
file=@deck.txt``, a form with a file field; Starlette's parser, python-multipart); each list
read from its bytes by the reading rule of deck files (:func:`deck_text`), as ``deckcheck
check FILE`` reads the same bytes. A request that cannot be read is a :class:`BadRequest`.

The routes are :mod:`deckcheck.web.app`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qs

from deckcheck import api
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase, Translator, localize
from deckcheck.parse.files import DeckText, decode_deck_bytes, text_problem

if TYPE_CHECKING:
    from starlette.requests import Request

    from deckcheck.model import ParsedDeck

TOO_LARGE = N_("The request is larger than {limit} bytes; a deck list is much smaller.")
# A form's field other than the deck list (its list is read as a deck file is).
NOT_UTF8 = N_("The request is not UTF-8 text.")
# TRANSLATORS: keep multipart/form-data, python-multipart and deckcheck[serve] as they are.
NO_MULTIPART = N_(
    "This server cannot read multipart/form-data (python-multipart is not installed: "
    "pip install 'deckcheck[serve]'); send the list as the body, or as the field text of a form or a JSON object."
)
# TRANSLATORS: {problem} is the (English) reason of the multipart parser.
BAD_MULTIPART = N_("The multipart/form-data request cannot be read: {problem}")
# TRANSLATORS: keep curl -F file=@deck.txt and text as they are.
NO_DECK_PART = N_("The form holds no deck list: send it as a file (curl -F file=@deck.txt) or as the field text.")
MULTIPART = "multipart/form-data"


class Limits(NamedTuple):
    max_bytes: int = 200_000  # a 60-card list is about 2 kB
    max_lines: int = 2_000
    timeout: float = 10.0  # seconds for one check
    threads: int = 4  # checks at the same time (each thread has its own database connection)


class BadRequest(DeckcheckError):
    """A request the server refuses: ``status`` is its HTTP status, and the message
    (English in ``str()``) is given in the asker's language by :meth:`localize`."""

    def __init__(self, status: int, template: str, **params: Any):
        super().__init__(template.format(**params))
        self.status, self.template, self.params = status, template, params

    def localize(self, tr: Translator) -> str:
        return localize(self.template, self.params, tr)


async def read_body(request: Request, limits: Limits) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limits.max_bytes:
        raise BadRequest(413, TOO_LARGE, limit=limits.max_bytes)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limits.max_bytes:
            raise BadRequest(413, TOO_LARGE, limit=limits.max_bytes)
    return bytes(data)


def deck_text(data: bytes, limits: Limits) -> DeckText:
    """The deck list sent as ``data``, read by the reading rule of deck files
    (:func:`~deckcheck.parse.files.decode_deck_bytes`, as ``deckcheck check FILE`` reads the
    same bytes: UTF-8, UTF-16 with its byte-order mark, or Windows-1252 with a note), or
    :class:`BadRequest` (400) saying why the rule cannot read it."""
    decoded = decode_deck_bytes(data, api.TEXT_LABEL, max_bytes=limits.max_bytes)
    if isinstance(decoded, DeckText):
        refused = text_problem(decoded.text, api.TEXT_LABEL)
        if refused is None:
            return decoded
        decoded = refused
    raise refusal(decoded)


def refusal(decoded: ParsedDeck) -> BadRequest:
    """The 400 of a list the reading rule cannot read: its ``unreadable`` finding's words."""
    (finding,) = decoded.findings
    problem = Phrase(finding.template, **finding.params)
    if finding.hint_template is None:
        return BadRequest(400, "{problem}", problem=problem)
    return BadRequest(400, "{problem} {hint}", problem=problem, hint=Phrase(finding.hint_template))


def with_list(fields: dict[str, str], raw: bytes, limits: Limits) -> tuple[dict[str, str], DeckText | BadRequest]:
    """``fields`` with the list sent as ``raw`` as it was read (the page shows it again), and the
    list read (:func:`deck_text`) or why it cannot be."""
    try:
        deck: DeckText | BadRequest = deck_text(raw, limits)
    except BadRequest as problem:
        deck = problem
    fields["text"] = deck.text if isinstance(deck, DeckText) else raw.decode("utf-8", errors="replace")
    return fields, deck


def form_fields(data: bytes, limits: Limits) -> tuple[dict[str, str], DeckText | BadRequest]:
    """A form's fields (the last of each name) and its deck list ``text``: read from its
    bytes as a deck file is (:func:`deck_text`), or why it cannot be. The ``text`` of the
    fields is the list as read (the page shows it again), the other fields UTF-8."""
    fields: dict[str, str] = {}
    raw = b""
    # latin-1 maps each byte to one character and back: the fields' bytes, escaped or not.
    for key, values in parse_qs(data.decode("latin-1"), keep_blank_values=True, encoding="latin-1").items():
        value = values[-1].encode("latin-1")
        if key == "text":
            raw = value
            continue
        try:
            fields[key.encode("latin-1").decode("utf-8")] = value.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(400, NOT_UTF8) from None
    return with_list(fields, raw, limits)


async def multipart_fields(
    request: Request, data: bytes, limits: Limits
) -> tuple[dict[str, str], DeckText | BadRequest]:
    """A ``multipart/form-data`` body's fields (the last of each name) and its deck list, as
    :func:`form_fields` reads a urlencoded form's: the list is the form's one file (``curl -F
    file=@deck.txt``, a form's file field), else its field ``text``, read from its bytes as a
    deck file is; the other fields are UTF-8. Parsed by Starlette's parser (python-multipart)
    from the bytes already read and bounded by :func:`read_body`."""
    from starlette import formparsers
    from starlette.datastructures import Headers, UploadFile

    if formparsers.multipart is None:  # python-multipart is not installed
        raise BadRequest(415, NO_MULTIPART)
    _kind, params = formparsers.parse_options_header(request.headers.get("content-type", ""))
    boundary = params.get(b"boundary")
    if not boundary:
        raise BadRequest(400, BAD_MULTIPART, problem="Missing boundary in multipart.")
    # Every field read as latin-1, each byte one character: the bytes as sent, for the
    # reading rule of deck files (the list) and a strict UTF-8 check (the other fields).
    headers = Headers({"content-type": f'{MULTIPART}; boundary="{boundary.decode("latin-1")}"; charset=latin-1'})

    async def chunks():
        yield data

    parser = formparsers.MultiPartParser(headers, chunks(), max_files=4, max_fields=32, max_part_size=limits.max_bytes)
    try:
        form = await parser.parse()
    except formparsers.MultiPartException as error:
        raise BadRequest(400, BAD_MULTIPART, problem=error.message) from None
    fields: dict[str, str] = {}
    raw: bytes | None = None
    upload: bytes | None = None
    try:
        for key, value in form.multi_items():
            try:
                name = key.encode("latin-1").decode("utf-8")
            except UnicodeDecodeError:
                raise BadRequest(400, NOT_UTF8) from None
            if isinstance(value, UploadFile):
                if value.filename and upload is None:  # a browser sends an empty file field with no name
                    upload = await value.read()
                continue
            if name == "text":
                raw = value.encode("latin-1")
                continue
            try:
                fields[name] = value.encode("latin-1").decode("utf-8")
            except UnicodeDecodeError:
                raise BadRequest(400, NOT_UTF8) from None
    finally:
        await form.close()
    sent = upload if upload is not None else raw
    if sent is None:
        return fields, BadRequest(400, NO_DECK_PART)
    return with_list(fields, sent, limits)


async def request_form(request: Request, limits: Limits) -> tuple[dict[str, str], DeckText | BadRequest]:
    """The page's form as sent: urlencoded (the page's script, a browser without it) or
    ``multipart/form-data`` (a form with a file field, ``curl -F``)."""
    data = await read_body(request, limits)
    if request.headers.get("content-type", "").lower().startswith(MULTIPART):
        return await multipart_fields(request, data, limits)
    return form_fields(data, limits)


def line_breaks(text: str) -> int:
    """How many line ends ``text`` has as the parser splits it: LF, CRLF and a lone
    CR each end a line (49,000 lines ending in CR passed a count of LF alone: S5)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")
