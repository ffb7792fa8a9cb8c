"""Where everything of the sheet goes on the page: boxes, lines and strings in
PDF points (1/72 inch, origin at the bottom left), page by page.

Pure: the width of a string is asked of the ``measure`` function given (the
drawing part passes the PDF library's font metrics), so that the layout can be
tested against the very widths the PDF is drawn with. Every string has the box
it must stay inside; a string too wide for it is drawn smaller, down to
``MIN_SIZE``, then on two lines, and only then shortened with "…" (and marked
``shortened``, which the command line reports: never silently).

The layout follows the public descriptions of the Play! Pokémon deck
registration sheet (docs/sheet.md): the player block at the top (player name,
Player ID, date of birth as month / day / year, age division), then the
Pokémon (QTY, NAME, SET, COLL #, REG), Trainer and Energy sections, each with
its total, and the deck's total. A list too long for one page goes on over
the next, with the player block repeated. It is drawn from scratch: no part
of the official PDF or its artwork is used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from deckcheck.i18n import N_, Phrase, Translator, localize, translator
from deckcheck.model import POKEMON, UNVERIFIED
from deckcheck.sheet.content import DIVISION_TITLES, DIVISIONS, Row, Section, Sheet

Measure = Callable[[str, str, float], float]  # (text, font, size) -> width in points

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 36.0
REGULAR, BOLD = "Helvetica", "Helvetica-Bold"
MIN_SIZE = 6.0
PAD = 3.0  # between a cell's border and its text

TITLE_HEIGHT = 30.0
FIELD_HEIGHT = 26.0  # one row of the player block
BLOCK_GAP = 10.0
HEADER_HEIGHT = 17.0  # a section's title band
ROW_HEIGHT = 14.0
TOTAL_HEIGHT = 16.0
DECK_TOTAL_HEIGHT = 22.0
FOOTER_HEIGHT = 14.0
ROW_SIZE = 10.0  # the font size of a card row
# A deck of up to ONE_PAGE_LINES distinct lines goes on one page, as the official
# sheet does: where the rows at ROW_HEIGHT do not fit, the sections are drawn closer (a row
# down to what one page leaves for them, never below COMPACT_ROW: 50 rows fit on Letter).
ONE_PAGE_LINES = 50
COMPACT_HEADER, COMPACT_TOTAL, COMPACT_ROW = 13.0, 13.0, 9.5
# The columns of a Pokémon row, from the left (NAME takes what is left).
QTY_WIDTH, SET_WIDTH, NUMBER_WIDTH, MARK_WIDTH = 34.0, 52.0, 60.0, 34.0

# The sheet's words, in the language of the report (--lang, serve's page).
# TRANSLATORS: the title of the deck registration sheet a player hands in at a Play! Pokémon event.
TITLE = N_("Deck Registration Sheet")
TITLE_CONTINUED = N_("Deck Registration Sheet (continued)")
GAME = N_("Pokémon Trading Card Game")
# TRANSLATORS: the fields of the player block of the registration sheet (as the official sheet names them).
PLAYER_NAME = N_("Player Name")
PLAYER_ID = N_("Player ID")
DATE_OF_BIRTH = N_("Date of Birth")
AGE_DIVISION = N_("Age Division")
# TRANSLATORS: the three parts of the date of birth on the registration sheet.
BIRTH_PARTS = (N_("Month"), N_("Day"), N_("Year"))
FORMAT = N_("Format")
# TRANSLATORS: the label of the day of a legal deck's registration sheet; the day follows below it.
LEGAL_ON = N_("Legal on (checked by deckcheck)")
# TRANSLATORS: the label of the day on the sheet of a deck that is not legal; "2026-12-04: NOT LEGAL" follows.
CHECKED_ON = N_("Checked by deckcheck on")
# TRANSLATORS: the day and the verdict on the sheet of a deck that is not legal ("2026-12-04: NOT LEGAL").
DAY_VERDICT = N_("{day}: {verdict}")
# TRANSLATORS: the verdict on a forced sheet, in capitals as a warning.
LOUD_VERDICTS = {UNVERIFIED: N_("NOT VERIFIED")}
NOT_LEGAL = N_("NOT LEGAL")
# TRANSLATORS: across every page of a forced sheet, in capitals; {day} is 2026-12-04.
WATERMARKS = {UNVERIFIED: N_("NOT VERIFIED ON {day}")}
NOT_LEGAL_ON = N_("NOT LEGAL ON {day}")
# TRANSLATORS: the label of the deck's name (# name:) on the registration sheet.
DECK = N_("Deck")
# TRANSLATORS: the column headings of the registration sheet: quantity, set code, collector number,
# regulation mark. Short: the columns are narrow.
HEADINGS = {"qty": N_("QTY"), "set": N_("SET"), "number": N_("COLL #"), "mark": N_("REG")}
# TRANSLATORS: {section} is Pokémon, Trainer or Energy: its heading on the next page of the sheet.
CONTINUED = N_("{section} (continued)")
# TRANSLATORS: {section} is Pokémon, Trainer or Energy: the label of the section's number of cards.
SECTION_TOTAL = N_("Total {section}")
DECK_TOTAL = N_("Total Cards in Deck")
# TRANSLATORS: the sheet's footer: {made_by} is "Made with deckcheck 1.2", {verdict} legal / NOT legal /
# NOT verified, {format} the format's name (standard), {day} 2026-12-04.
FOOTER = N_("{made_by}: {verdict} in {format} on {day}")
FOOTER_PLAIN = N_("{verdict} in {format} on {day}")
PAGE_NUMBER = N_("Page {number} of {count}")


@dataclass(frozen=True, slots=True)
class Text:
    text: str
    x: float  # where the text starts (left), is centred (center) or ends (right)
    y: float  # the baseline
    size: float
    font: str = REGULAR
    align: str = "left"
    box: tuple[float, float] = (0.0, 0.0)  # the left and right edge the text must stay between
    role: str = ""  # "label", "value", "card", "total", ... (tests find strings by it)
    shortened: bool = False  # cut with "…" because even MIN_SIZE on two lines did not fit
    full: str = ""  # the text before it was fitted (the same unless wrapped or shortened)


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    line: float = 0.6
    fill: float | None = None  # grey level (0 black .. 1 white), None: not filled


@dataclass(frozen=True, slots=True)
class Page:
    number: int
    count: int
    width: float
    height: float
    texts: tuple[Text, ...]
    rects: tuple[Rect, ...]
    watermark: str | None = None  # "NOT LEGAL ON 2026-04-10" across the page

    @property
    def shortened(self) -> tuple[Text, ...]:
        return tuple(text for text in self.texts if text.shortened)


@dataclass(frozen=True)
class Metrics:
    """The heights of a section's bands and the size of a card row's text."""

    row: float = ROW_HEIGHT
    size: float = ROW_SIZE
    header: float = HEADER_HEIGHT
    total: float = TOTAL_HEIGHT


@dataclass
class _Canvas:
    """The items of one page while it is laid out."""

    measure: Measure
    texts: list[Text] = field(default_factory=list)
    rects: list[Rect] = field(default_factory=list)
    metrics: Metrics = Metrics()
    tr: Translator = field(default_factory=translator)

    def say(self, template: str, **params: object) -> str:
        """``template`` in the sheet's language, with ``params``."""
        return localize(template, params, self.tr)

    def text(
        self,
        text: str,
        left: float,
        right: float,
        y: float,
        size: float,
        *,
        font: str = REGULAR,
        align: str = "left",
        role: str = "",
        height: float | None = None,
    ) -> None:
        """``text`` inside [left, right] (padding included) on the baseline ``y``;
        ``height`` is the room above and below for a second line."""
        left, right = left + PAD, right - PAD
        lines, fitted, shortened = fit(
            text, right - left, font, size, self.measure, two_lines=height is not None and height >= 2 * MIN_SIZE + 1
        )
        ys: tuple[float, ...] = (y,)
        if len(lines) == 2:  # around a line 2 points above the baseline: both stay inside the box
            leading = fitted + 0.5
            ys = (y + 2 + leading / 2, y + 2 - leading / 2)
        for line, line_y in zip(lines, ys):
            x = left if align == "left" else right if align == "right" else (left + right) / 2
            self.texts.append(Text(line, x, line_y, fitted, font, align, (left, right), role, shortened, text))

    def rect(self, x: float, y: float, width: float, height: float, **kwargs: float | None) -> None:
        self.rects.append(Rect(x, y, width, height, **kwargs))  # type: ignore[arg-type]


def fit(
    text: str, width: float, font: str, size: float, measure: Measure, *, two_lines: bool = False
) -> tuple[list[str], float, bool]:
    """(lines, size, shortened): ``text`` at ``size`` or smaller (down to
    ``MIN_SIZE`` in half points) so that it fits ``width``; then on two lines
    when allowed; then cut with "…"."""
    if not text:
        return [], size, False
    smallest = min(size, MIN_SIZE)
    current = size
    while current >= smallest:
        if measure(text, font, current) <= width:
            return [text], current, False
        current -= 0.5
    current = smallest
    if two_lines and " " in text.strip():
        words = text.split(" ")
        for cut in range(len(words) - 1, 0, -1):
            first, second = " ".join(words[:cut]), " ".join(words[cut:])
            if measure(first, font, current) <= width:
                if measure(second, font, current) <= width:
                    return [first, second], current, False
                return [first, _shorten(second, width, font, current, measure)], current, True
    return [_shorten(text, width, font, current, measure)], current, True


def _shorten(text: str, width: float, font: str, size: float, measure: Measure) -> str:
    while text and measure(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


# -- the page ----------------------------------------------------------------------


def pages(
    sheet: Sheet, measure: Measure, paper: str = "letter", *, made_by: str = "", tr: Translator | None = None
) -> list[Page]:
    """The sheet's pages: the player block on each, then the sections, over as
    many pages as they need; its words in the language of ``tr`` (English by default)."""
    tr = tr or translator()
    width, height = PAPERS[paper]
    metrics = _metrics(sheet, height)
    blocks = _blocks(sheet, metrics)
    laid: list[_Canvas] = []
    canvas = _Canvas(measure, metrics=metrics, tr=tr)
    y = _page_top(canvas, sheet, width, height, first=True)
    bottom = MARGIN + FOOTER_HEIGHT
    for block in blocks:
        needed = block.height + (block.keep_with_next if block.keep_with_next else 0.0)
        if y - needed < bottom:
            laid.append(canvas)
            canvas = _Canvas(measure, metrics=metrics, tr=tr)
            y = _page_top(canvas, sheet, width, height, first=False)
            if block.kind in ("row", "total") and block.section is not None:
                y = _section_header(canvas, block.section, width, y, continued=True)
        y = block.draw(canvas, width, y)
    laid.append(canvas)
    watermark = None if sheet.legal else localize(WATERMARKS.get(sheet.verdict, NOT_LEGAL_ON), {"day": sheet.day}, tr)
    result = []
    for number, page in enumerate(laid, start=1):
        _footer(page, sheet, width, number, len(laid), made_by)
        result.append(Page(number, len(laid), width, height, tuple(page.texts), tuple(page.rects), watermark))
    return result


def _metrics(sheet: Sheet, height: float) -> Metrics:
    """The row heights that put the sheet on one page: the usual ones where they fit, closer
    ones for a deck of up to ONE_PAGE_LINES lines that they do not fit."""
    lines = sum(len(section.rows) for section in sheet.sections)
    top = TITLE_HEIGHT + 3 * FIELD_HEIGHT + BLOCK_GAP
    room = height - 2 * MARGIN - FOOTER_HEIGHT - top - DECK_TOTAL_HEIGHT - 1.0
    bands = len(sheet.sections)
    if lines * ROW_HEIGHT + bands * (HEADER_HEIGHT + TOTAL_HEIGHT + 4) <= room or lines > ONE_PAGE_LINES:
        return Metrics()
    row = min(ROW_HEIGHT, max(COMPACT_ROW, (room - bands * (COMPACT_HEADER + COMPACT_TOTAL + 4)) / max(lines, 1)))
    row = int(row * 10) / 10  # a tenth of a point down: the sum stays inside the room
    return Metrics(row=row, size=min(ROW_SIZE, round(row * 0.8 * 2) / 2), header=COMPACT_HEADER, total=COMPACT_TOTAL)


def _page_top(canvas: _Canvas, sheet: Sheet, width: float, height: float, *, first: bool) -> float:
    """The title and the player block; the y below them."""
    left, right = MARGIN, width - MARGIN
    top = height - MARGIN
    title = canvas.say(TITLE if first else TITLE_CONTINUED)
    canvas.text(title, left - PAD, left + (right - left) * 0.62, top - 18, 16, font=BOLD, role="title")
    canvas.text(canvas.say(GAME), left + (right - left) * 0.62, right + PAD, top - 17, 9, align="right", role="title")
    y = top - TITLE_HEIGHT
    inner = right - left
    # Row 1: player name | Player ID
    split = left + inner * 0.62
    _field(canvas, canvas.say(PLAYER_NAME), sheet.player_name, left, split, y, role="player-name")
    _field(canvas, canvas.say(PLAYER_ID), sheet.player_id, split, right, y, role="player-id")
    y -= FIELD_HEIGHT
    # Row 2: date of birth (month / day / year) | age division
    month_end, day_end, year_end = left + inner * 0.14, left + inner * 0.28, split
    canvas.rect(left, y - FIELD_HEIGHT, split - left, FIELD_HEIGHT)
    canvas.text(canvas.say(DATE_OF_BIRTH), left, split, y - 8, 7, role="label")
    for (cell_left, cell_right), label, value in zip(
        ((left, month_end), (month_end, day_end), (day_end, year_end)), map(canvas.say, BIRTH_PARTS), sheet.birth
    ):
        canvas.rect(cell_left, y - FIELD_HEIGHT, cell_right - cell_left, FIELD_HEIGHT - 10, line=0.4)
        canvas.text(label, cell_left, cell_right, y - FIELD_HEIGHT + 2.5, 5.5, align="right", role="label")
        canvas.text(value, cell_left, cell_right, y - FIELD_HEIGHT + 5, 11, role="birth")
    canvas.rect(split, y - FIELD_HEIGHT, right - split, FIELD_HEIGHT)
    canvas.text(canvas.say(AGE_DIVISION), split, right, y - 8, 7, role="label")
    slot = (right - split) / 3
    for index, name in enumerate(DIVISIONS):
        box_left = split + index * slot + PAD + 2
        canvas.rect(box_left, y - FIELD_HEIGHT + 4, 9, 9, line=0.6)
        if sheet.division == name:
            canvas.text(
                "X",
                box_left - PAD,
                box_left + 9 + PAD,
                y - FIELD_HEIGHT + 5.5,
                9,
                font=BOLD,
                align="center",
                role="division",
            )
        canvas.text(
            canvas.say(DIVISION_TITLES[name]),
            box_left + 10,
            split + (index + 1) * slot,
            y - FIELD_HEIGHT + 5.5,
            9,
            role="division-name",
        )
    y -= FIELD_HEIGHT
    # Row 3: format | the day the deck was checked for | the deck's name
    format_end, day_end = left + inner * 0.31, split
    _field(canvas, canvas.say(FORMAT), sheet.format, left, format_end, y, role="format")
    # A forced sheet says one thing: the day and the verdict, never "Legal on".
    if sheet.legal:
        _field(canvas, canvas.say(LEGAL_ON), sheet.day, format_end, day_end, y, role="day")
    else:
        verdict = Phrase(LOUD_VERDICTS.get(sheet.verdict, NOT_LEGAL))  # NOT LEGAL or NOT VERIFIED
        value = canvas.say(DAY_VERDICT, day=sheet.day, verdict=verdict)
        _field(canvas, canvas.say(CHECKED_ON), value, format_end, day_end, y, role="day")
    _field(canvas, canvas.say(DECK), sheet.deck_name, day_end, right, y, role="deck-name")
    return y - FIELD_HEIGHT - BLOCK_GAP


def _field(canvas: _Canvas, label: str, value: str, left: float, right: float, top: float, *, role: str) -> None:
    canvas.rect(left, top - FIELD_HEIGHT, right - left, FIELD_HEIGHT)
    canvas.text(label, left, right, top - 8, 7, role="label")
    canvas.text(value, left, right, top - FIELD_HEIGHT + 5, 11, role=role, height=FIELD_HEIGHT - 10)


def _columns(kind: str, width: float) -> list[tuple[str, float, float, str]]:
    """(column, left, right, align) of a section's columns: qty, card (the name), set, number, mark."""
    left, right = MARGIN, width - MARGIN
    qty = (left, left + QTY_WIDTH)
    if kind != POKEMON:
        return [("qty", *qty, "center"), ("card", qty[1], right, "left")]
    mark = (right - MARK_WIDTH, right)
    number = (mark[0] - NUMBER_WIDTH, mark[0])
    set_code = (number[0] - SET_WIDTH, number[0])
    return [
        ("qty", *qty, "center"),
        ("card", qty[1], set_code[0], "left"),
        ("set", *set_code, "center"),
        ("number", *number, "center"),
        ("mark", *mark, "center"),
    ]


def _section_header(canvas: _Canvas, section: Section, width: float, y: float, *, continued: bool = False) -> float:
    left, right = MARGIN, width - MARGIN
    header = canvas.metrics.header
    canvas.rect(left, y - header, right - left, header, fill=0.85)
    columns = _columns(section.kind, width)
    title = canvas.say(CONTINUED, section=Phrase(section.title)) if continued else canvas.say(section.title)
    for column, cell_left, cell_right, align in columns:
        if column == "card":  # the section's title heads the name column, as on the official sheet
            canvas.text(title, cell_left, cell_right, y - header + 5, header * 0.62, font=BOLD, role="section")
            continue
        heading = canvas.say(HEADINGS[column])
        canvas.text(heading, cell_left, cell_right, y - header + 5.5, 7, font=BOLD, align=align, role="heading")
    return y - header


def _row(canvas: _Canvas, section: Section, row: Row, width: float, y: float) -> float:
    columns = _columns(section.kind, width)
    values = [str(row.count), row.name, row.set_code, row.number, row.regulation_mark]
    row_height, size = canvas.metrics.row, canvas.metrics.size
    baseline = y - row_height + row_height * 0.27
    for (column, cell_left, cell_right, align), value in zip(columns, values):
        canvas.rect(cell_left, y - row_height, cell_right - cell_left, row_height, line=0.4)
        canvas.text(
            value,
            cell_left,
            cell_right,
            baseline,
            size,
            align=align,
            role=column,
            height=row_height if column == "card" else None,
        )
    return y - row_height


def _section_total(canvas: _Canvas, section: Section, width: float, y: float) -> float:
    left, right = MARGIN, width - MARGIN
    value_left = right - 48
    total = canvas.metrics.total
    canvas.text(
        canvas.say(SECTION_TOTAL, section=Phrase(section.title)),
        left,
        value_left - 4,
        y - total + 4,
        9,
        font=BOLD,
        align="right",
        role="total-label",
    )
    canvas.rect(value_left, y - total + 1, right - value_left, total - 2)
    canvas.text(str(section.total), value_left, right, y - total + 4, 10, font=BOLD, align="center", role="total")
    return y - total - 4


def _deck_total(canvas: _Canvas, sheet: Sheet, width: float, y: float) -> float:
    left, right = MARGIN, width - MARGIN
    value_left = right - 48
    canvas.rect(left, y - DECK_TOTAL_HEIGHT, right - left, DECK_TOTAL_HEIGHT, line=1.0)
    canvas.text(
        canvas.say(DECK_TOTAL),
        left,
        value_left - 4,
        y - DECK_TOTAL_HEIGHT + 7,
        11,
        font=BOLD,
        align="right",
        role="deck-total-label",
    )
    canvas.text(
        str(sheet.total), value_left, right, y - DECK_TOTAL_HEIGHT + 7, 12, font=BOLD, align="center", role="deck-total"
    )
    return y - DECK_TOTAL_HEIGHT


def _footer(canvas: _Canvas, sheet: Sheet, width: float, number: int, count: int, made_by: str) -> None:
    left, right = MARGIN, width - MARGIN
    y = MARGIN
    verdict = Phrase(sheet.mark)
    note = canvas.say(
        FOOTER if made_by else FOOTER_PLAIN, made_by=made_by, verdict=verdict, format=sheet.format, day=sheet.day
    )
    canvas.text(note, left - PAD, left + (right - left) * 0.8, y, 7, role="footer")
    canvas.text(
        canvas.say(PAGE_NUMBER, number=number, count=count),
        left + (right - left) * 0.8,
        right + PAD,
        y,
        7,
        align="right",
        role="page",
    )


@dataclass(frozen=True)
class _Block:
    """One piece of the flow of sections: placed whole on a page."""

    kind: str  # "header", "row", "total", "deck-total"
    height: float
    section: Section | None = None
    row: Row | None = None
    keep_with_next: float = 0.0  # room the next block needs on the same page (no header alone at the bottom)

    def draw(self, canvas: _Canvas, width: float, y: float) -> float:
        if self.kind == "header":
            assert self.section is not None
            return _section_header(canvas, self.section, width, y)
        if self.kind == "row":
            assert self.section is not None and self.row is not None
            return _row(canvas, self.section, self.row, width, y)
        if self.kind == "total":
            assert self.section is not None
            return _section_total(canvas, self.section, width, y)
        raise AssertionError(self.kind)


@dataclass(frozen=True)
class _DeckTotal(_Block):
    sheet: Sheet | None = None

    def draw(self, canvas: _Canvas, width: float, y: float) -> float:
        assert self.sheet is not None
        return _deck_total(canvas, self.sheet, width, y)


def _blocks(sheet: Sheet, metrics: Metrics) -> list[_Block]:
    """The flow of the sections. A section's total stays with its last row, and the deck's
    total with the last section's total: a page never holds a lone total line."""
    blocks: list[_Block] = []
    total = metrics.total + 4
    for index, section in enumerate(sheet.sections):
        last = index == len(sheet.sections) - 1
        first = metrics.row if section.rows else total
        blocks.append(_Block("header", metrics.header, section, keep_with_next=first))
        rows = section.rows
        blocks.extend(
            _Block("row", metrics.row, section, row, keep_with_next=_after(number == len(rows) - 1, last, total))
            for number, row in enumerate(rows)
        )
        blocks.append(_Block("total", total, section, keep_with_next=DECK_TOTAL_HEIGHT if last else 0.0))
    blocks.append(_DeckTotal("deck-total", DECK_TOTAL_HEIGHT, sheet=sheet))
    return blocks


def _after(last_row: bool, last_section: bool, total: float) -> float:
    """The room a row keeps for what must go on its page: its section's total after the
    last row, and the deck's total too after the last section's."""
    if not last_row:
        return 0.0
    return total + (DECK_TOTAL_HEIGHT if last_section else 0.0)
