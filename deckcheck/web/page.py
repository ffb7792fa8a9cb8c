"""The page of ``deckcheck serve`` (``GET /``, and the answer to its form): the
form to paste a deck list, the verdict under it with each finding on its lines
(the HTML report's pieces, :mod:`deckcheck.render.html`), the sheet button under a
legal verdict, and the page's one inline style and script (which the
Content-Security-Policy of :mod:`deckcheck.web.guard` allows by their hashes).

Markup only: the routes, the requests and their limits are :mod:`deckcheck.web.app`'s.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckcheck.i18n import MESSAGE_LANGUAGES, N_, Translator, language_name, localize
from deckcheck.render import html as report
from deckcheck.sheet import SheetUnavailable, require
from deckcheck.sheet.content import DIVISION_TITLES
from deckcheck.sheet.layout import AGE_DIVISION, DATE_OF_BIRTH, PLAYER_ID, PLAYER_NAME

if TYPE_CHECKING:
    from deckcheck.model import DeckResult

# TRANSLATORS: the title and heading of the page of deckcheck serve.
PAGE_TITLE = N_("Check a deck list")
# TRANSLATORS: the label of the field where a deck list is pasted.
LIST_LABEL = N_("Deck list")
LIST_HELP = N_("Paste a deck list (as Pokémon TCG Live or Limitless export it), or drop a file on the field.")
# TRANSLATORS: the label of a file chooser; the file's text goes into the deck list field.
FILE_LABEL = N_("Or open a file")
FORMAT_LABEL = N_("Format")
# TRANSLATORS: the choice of format that uses the one the list names (# format:), else standard.
OWN_FORMAT = N_("the deck's own format")
# Under the verdict: which format the list was checked as, and why ({format}: "glc").
FORMAT_CHOSEN = N_("Checked as {format}: the format chosen in the Format menu.")
FORMAT_OF_THE_LIST = N_("Checked as {format}: the format the list names.")
FORMAT_BY_DEFAULT = N_("Checked as {format}: the list names no format and none was chosen in the Format menu.")
DATE_LABEL = N_("Date")
# TRANSLATORS: the label of the choice of the language of the messages.
LANGUAGE_LABEL = N_("Language")
# TRANSLATORS: the button that checks the deck list.
CHECK_BUTTON = N_("Check")
# TRANSLATORS: a heading above the verdict on the deck list.
RESULT_HEADING = N_("Verdict")
# TRANSLATORS: {api} is "POST /api/check", the address of the JSON interface.
API_NOTE = N_("The same check, answered with the JSON report: {api}.")
# TRANSLATORS: the button under a legal verdict: the PDF sheet a player hands in at a Play! Pokémon event.
SHEET_BUTTON = N_("Download the deck registration sheet")


def sheets_available() -> bool:
    """Whether the sheet's PDF library (the sheet extra) is installed: the button shows only then."""
    try:
        require()
    except SheetUnavailable:
        return False
    return True


# TRANSLATORS: the heading of the player's fields of the registration sheet, under a legal verdict.
SHEET_FIELDS = N_("The player, on the sheet")
SHEET_FIELDS_HELP = N_(
    "Filled in on the sheet; a field left blank is written by hand. They are only drawn on the sheet, never stored."
)
# TRANSLATORS: the age division's first choice: the division follows from the date of birth and the season.
FROM_BIRTH = N_("from the date of birth")
# TRANSLATORS: the paper size of the sheet.
PAPER_LABEL = N_("Paper")
# TRANSLATORS: the paper sizes US Letter and ISO A4.
PAPER_CHOICES = (("letter", N_("Letter")), ("a4", N_("A4")))


def _sheet_form(tr: Translator, fields: Mapping[str, str], lang: str, error: str | None = None) -> str:
    """Under a legal verdict: the player's fields (named as ``deckcheck sheet``'s options) and
    the button, posted to /sheet with the same list and choices."""
    hidden = "".join(
        f'<input type="hidden" name="{key}" value="{_e(fields.get(key, lang if key == "lang" else ""))}">'
        for key in ("text", "format", "date", "lang", "card_lang")
    )

    def choices(name: str, options: Sequence[tuple[str, str]]) -> str:
        chosen = fields.get(name, "")
        return "".join(
            f'<option value="{value}"{" selected" if value == chosen else ""}>{_e(tr.gettext(label))}</option>'
            for value, label in options
        )

    def text(label: str, name: str, kind: str = "text", extra: str = "") -> str:
        return (
            f'<label>{_e(tr.gettext(label))} <input type="{kind}" name="{name}" id="{name}" '
            f'value="{_e(fields.get(name, ""))}" autocomplete="off"{extra}></label>\n'
        )

    problem = f'<p class="problem" role="alert" id="sheet-problem">{_e(error)}</p>\n' if error else ""
    return (
        f'<form method="post" action="/sheet" class="sheet" id="sheet-form">{hidden}\n'
        f"<fieldset><legend>{_e(tr.gettext(SHEET_FIELDS))}</legend>\n"
        f'<p class="help">{_e(tr.gettext(SHEET_FIELDS_HELP))}</p>\n<div class="choices">\n'
        + text(PLAYER_NAME, "player", extra=' maxlength="200"')
        + text(PLAYER_ID, "player-id", extra=' inputmode="numeric"')
        + text(DATE_OF_BIRTH, "birth", "date")
        + f'<label>{_e(tr.gettext(AGE_DIVISION))} <select name="division" id="division">'
        f"{choices('division', (('', FROM_BIRTH), *DIVISION_TITLES.items()))}</select></label>\n"
        f'<label>{_e(tr.gettext(PAPER_LABEL))} <select name="paper" id="paper">'
        f"{choices('paper', PAPER_CHOICES)}</select></label>\n</div></fieldset>\n{problem}"
        f'<button type="submit" class="primary" id="sheet">{_e(tr.gettext(SHEET_BUTTON))}</button></form>\n'
    )


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


PAGE_STYLE = """
form{display:grid;gap:.75rem;max-width:60rem}
textarea{width:100%;min-height:16rem;font:14px/1.4 ui-monospace,Menlo,Consolas,monospace;color:inherit;
background:var(--bg);border:1px solid var(--rule);border-radius:.25rem;padding:.5rem}
textarea.drop{outline:3px dashed var(--focus)}
.choices{display:flex;flex-wrap:wrap;gap:1rem;align-items:end}
.choices label,.field label{display:flex;flex-direction:column;gap:.2rem;font-weight:600}
select,input,button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--rule);
border-radius:.25rem;padding:.3rem .5rem}
button.primary{background:var(--link);color:var(--bg);border-color:var(--link);font-weight:700;padding:.4rem 1.2rem;
cursor:pointer}
.help{color:var(--muted);font-weight:400;margin:0}
.problem{color:var(--error);background:var(--error-bg);padding:.5rem .75rem;border-radius:.25rem}
#result{margin-top:1.5rem}
form.sheet{margin-top:1rem}
fieldset{border:1px solid var(--rule);border-radius:.25rem;padding:.5rem .75rem}
legend{font-weight:700}
"""

# Sends the form in the background and swaps the verdict in. A dropped or chosen file is sent as
# its bytes and checked at once: the server reads them as check reads the file (UTF-8,
# UTF-16, Windows-1252 with a note), and the list field shows the text it read.
PAGE_SCRIPT = """
(function(){
var form=document.getElementById("deck-form"),text=document.getElementById("text"),
file=document.getElementById("file"),result=document.getElementById("result");
function escaped(buffer){var view=new Uint8Array(buffer),out=[],i,b;for(i=0;i<view.length;i++){b=view[i];
 out.push((b>47&&b<58)||(b>64&&b<91)||(b>96&&b<123)?String.fromCharCode(b):"%"+(b<16?"0":"")+b.toString(16));}
 return out.join("");}
function send(body){result.setAttribute("aria-busy","true");
 return fetch(form.action,{method:"POST",body:body,headers:{"Content-Type":"application/x-www-form-urlencoded"}})
 .then(function(answer){return answer.text();}).then(function(page){
  var fresh=new DOMParser().parseFromString(page,"text/html");
  result.innerHTML=fresh.getElementById("result").innerHTML;result.removeAttribute("aria-busy");return fresh;});}
function fields(){var body=new URLSearchParams(new FormData(form));body.delete("file");return body;}
function load(f){if(!f){return;}var reader=new FileReader();reader.onload=function(){
 var body=fields();body.delete("text");
 send(body.toString()+"&text="+escaped(reader.result)).then(function(fresh){text.value=fresh.getElementById("text").value;});};
 reader.readAsArrayBuffer(f);}
file.addEventListener("change",function(){load(file.files[0]);});
text.addEventListener("dragover",function(e){e.preventDefault();text.classList.add("drop");});
text.addEventListener("dragleave",function(){text.classList.remove("drop");});
text.addEventListener("drop",function(e){e.preventDefault();text.classList.remove("drop");
 if(e.dataTransfer.files.length){load(e.dataTransfer.files[0]);}});
form.addEventListener("submit",function(e){
 e.preventDefault();
 send(fields().toString()).then(function(){
  var heading=result.querySelector("h2");if(heading){heading.focus();}
 }).catch(function(){form.submit();});
});
})();
"""


def page_html(
    formats: Sequence[str],
    tr: Translator,
    lang: str,
    fields: Mapping[str, str],
    *,
    result: DeckResult | None = None,
    declared: str | None = None,
    error: str | None = None,
    sheet_error: str | None = None,
) -> str:
    """The page in language ``lang`` (``tr``): the form filled with ``fields`` (a format of
    ``formats`` chosen, the deck's own when the fields name none: the default of ``check``),
    and under it the verdict on ``result`` with each finding on its lines and which format it
    was checked as and why (``declared``: the format the list names), or the problem
    ``error``; under a legal verdict the sheet's form, with the problem of its fields
    ``sheet_error``."""
    title = _e(tr.gettext(PAGE_TITLE))
    chosen_format = fields.get("format", "")
    choices = [("", tr.gettext(OWN_FORMAT)), *((name, name) for name in formats)]
    format_options = "".join(
        f'<option value="{_e(value)}"{" selected" if value == chosen_format else ""}>{_e(label)}</option>'
        for value, label in choices
    )
    lang_options = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{_e(language_name(code, code))}</option>'
        for code in MESSAGE_LANGUAGES
    )
    day = fields.get("date") or dt.date.today().isoformat()
    verdict = ""
    if error is not None:
        verdict = f'<p class="problem" role="alert">{_e(error)}</p>'
    elif result is not None:
        core = result
        lines = report.source_lines(fields.get("text", ""))
        why = FORMAT_CHOSEN if chosen_format else FORMAT_OF_THE_LIST if declared else FORMAT_BY_DEFAULT
        verdict = (
            f'<h2 tabindex="-1">{_e(tr.gettext(RESULT_HEADING))}</h2>\n'
            f"{report.verdict_heading(core, tr)}"
            f'<p class="muted" id="format-used">{_e(localize(why, {"format": core.format}, tr))}</p>\n'
            f"{report.deck_details(core, 'deck', lines, tr)}"
        )
        if result.legal and sheets_available():
            verdict += _sheet_form(tr, fields, lang, sheet_error)
    return (
        f'<!DOCTYPE html>\n<html lang="{_e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="color-scheme" content="light dark">\n<title>{title}</title>\n'
        f"<style>{report.STYLE}{PAGE_STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
        f'<form id="deck-form" method="post" action="/check">\n'
        f'<div class="field"><label for="text">{_e(tr.gettext(LIST_LABEL))}</label>'
        f'<p class="help" id="text-help">{_e(tr.gettext(LIST_HELP))}</p>'
        f'<textarea id="text" name="text" aria-describedby="text-help" spellcheck="false" required>'
        f"{_e(fields.get('text', ''))}</textarea></div>\n"
        f'<div class="choices"><label>{_e(tr.gettext(FILE_LABEL))} <input type="file" id="file" name="file" '
        f'accept=".txt,.yaml,.yml,.json,text/plain"></label>\n'
        f'<label>{_e(tr.gettext(FORMAT_LABEL))} <select name="format" id="format">{format_options}</select></label>\n'
        f'<label>{_e(tr.gettext(DATE_LABEL))} <input type="date" name="date" id="date" value="{_e(day)}"></label>\n'
        f'<label>{_e(tr.gettext(LANGUAGE_LABEL))} <select name="lang" id="lang">{lang_options}</select></label>\n'
        f'<button type="submit" class="primary" id="check">{_e(tr.gettext(CHECK_BUTTON))}</button></div>\n'
        f"</form>\n"
        f'<section id="result" aria-live="polite">{verdict}</section>\n'
        f'<p class="muted">{_e(localize(API_NOTE, {"api": "POST /api/check"}, tr))}</p>\n'
        f"</main>\n<script>{PAGE_SCRIPT}</script>\n</body>\n</html>\n"
    )
