"""``--output html``: one self-contained page for a person to look at.

Styles and a little script are inline (no network, works from ``file://``):
a summary (decks, legal, illegal, findings by rule, formats and dates), a
table of the decks that can be sorted and filtered, and for each deck its
list as written with every finding on its lines. Accessible: real table
markup with headers, headings for every part, a mark and a word beside every
colour, a light and a dark scheme (``prefers-color-scheme``).

The page is written deck by deck (:class:`Writer`, a
:class:`~deckcheck.render.ReportWriter`: :func:`page_head`, one
:func:`deck_chunk` per result, :func:`page_tail`), so memory stays flat in
the number of decks: the summary is counted on the way and written last, and
the script moves it to the top. Each deck is its
own ``<tbody>`` of the table (its row, then its list in a ``<details>`` that
the browser lays out only when opened), which keeps a report of thousands of
decks quick to open.

The deck's lines are read again from its file (the results carry findings,
not texts); a caller that has the text (standard input, ``deckcheck serve``)
passes a ``source`` function instead.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from deckcheck.core.printable import printable, shown
from deckcheck.i18n import (
    N_,
    Translator,
    and_list,
    finding_hint,
    finding_message,
    language_name,
    line_numbers,
    localize,
    translator,
)
from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import ReportWriter, display_path, is_failing, path_problem, render_with

# Already in the catalogue (the text report's): verdicts, the summary sentence, column titles.
from deckcheck.render.text import (
    COLUMN_ERRORS,
    COLUMN_NOTES,
    COLUMN_RULE,
    COLUMN_WARNINGS,
    NOT_CHECKED,
    PATHS_NOT_CHECKED,
    READ_AS,
    VERDICT_ILLEGAL,
    VERDICT_LEGAL,
    VERDICT_UNVERIFIED,
    counts_sentence,
    decks_checked,
)

# The deck's lines as written, by path (None when they cannot be shown).
Source = Callable[[str], "Sequence[str] | None"]

# Like the parser (deckcheck.parse.files): larger files are no deck lists.
MAX_SOURCE_BYTES = 5_000_000

# TRANSLATORS: the title and main heading of the HTML report.
TITLE = N_("deckcheck report")
# TRANSLATORS: a heading of the HTML report.
SUMMARY = N_("Summary")
# TRANSLATORS: a heading of the HTML report: the table of the decks checked.
DECKS = N_("Decks")
# TRANSLATORS: a heading of the HTML report: the table of findings by rule.
BY_RULE = N_("Findings by rule")
# TRANSLATORS: {formats} are format names ("standard"), {dates} days (2026-11-30).
CHECKED_FOR = N_("Checked for {formats} on {dates}.")
# TRANSLATORS: column titles of the table of decks (lower case, as "rule", "errors").
COLUMN_PATH = N_("file")
COLUMN_NAME = N_("name")
COLUMN_FORMAT = N_("format")
COLUMN_VERDICT = N_("verdict")
# TRANSLATORS: the label of the choice of which decks the HTML report shows.
SHOW = N_("Show")
SHOW_ALL = N_("all decks")
SHOW_ILLEGAL = N_("illegal decks")
SHOW_LEGAL = N_("legal decks")
SHOW_FINDINGS = N_("decks with findings")
# TRANSLATORS: the label of a search field that filters the table of decks.
SEARCH = N_("Search file, name or rule")
# TRANSLATORS: {shown} and {count} are numbers of decks (the script fills them in).
SHOWN = N_("{shown} of {count} decks shown")
# TRANSLATORS: the button that opens a deck's list in the HTML report; {path} is the deck file.
DETAILS = N_("List and findings of {path}")
# TRANSLATORS: buttons of the HTML report that open or close the lists of every deck shown.
EXPAND_ALL = N_("Expand all")
COLLAPSE_ALL = N_("Collapse all")
# TRANSLATORS: a choice of which decks the HTML report shows; {rule} is a rule id (copy-limit).
SHOW_RULE = N_("decks with a finding of {rule}")
# TRANSLATORS: a heading above the findings that are about no line (deck size, ...).
WHOLE_DECK = N_("Findings about the whole deck")
# TRANSLATORS: column titles of a deck's list: the line number, the line as written, its findings.
COLUMN_LINE = N_("line")
COLUMN_AS_WRITTEN = N_("as written")
COLUMN_FINDINGS = N_("findings")
NO_FINDINGS = N_("No findings.")
NO_SOURCE = N_("The lines of this deck cannot be shown.")
# TRANSLATORS: on the other lines of a finding that names several lines; {number} is its first line.
SEE_LINE = N_("see line {number}")
# TRANSLATORS: the files met in the folders checked that are no deck lists; {count} is a number.
SKIPPED = N_("Files skipped, as they are not decks: {count}")
# TRANSLATORS: severities of a finding, shown beside its mark (✖, !, i).
SEVERITY_WORDS = {Severity.ERROR: N_("error"), Severity.WARNING: N_("warning"), Severity.INFO: N_("note")}
_MARKS = {Severity.ERROR: "✖", Severity.WARNING: "!", Severity.INFO: "i"}

STYLE = """
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1b;--muted:#5a5a5a;--rule:#c8c8c8;--head:#f2f2f2;
--error:#a4161a;--error-bg:#fde4e4;--warning:#7a4d00;--warning-bg:#fff1c7;--info:#0b4f9c;--info-bg:#e2eeff;
--ok:#146c2e;--ok-bg:#dcf3e3;--link:#0b57d0;--focus:#0b57d0}
@media (prefers-color-scheme:dark){:root{--bg:#131313;--fg:#e9e9e9;--muted:#b0b0b0;--rule:#474747;
--head:#222;--error:#ffb3ad;--error-bg:#4b1717;--warning:#ffd479;--warning-bg:#3d2f00;--info:#a8ccff;
--info-bg:#122c4d;--ok:#93dca4;--ok-bg:#133d20;--link:#9cc3ff;--focus:#9cc3ff}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:90rem;padding:1rem 1.25rem 3rem;background:var(--bg);color:var(--fg);
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1{font-size:1.6rem;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}h3{font-size:1.05rem;margin:1rem 0 .4rem}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:1rem;padding:0;margin:0 0 1rem}
main.report{display:flex;flex-direction:column}main.report>#summary{order:-1}
table{border-collapse:collapse}
th,td{padding:.3rem .5rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--rule)}
thead th{background:var(--head)}
.decks>thead th{position:sticky;top:0;z-index:2}
thead th::first-letter,thead button::first-letter{text-transform:uppercase}
thead th{white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:normal}
.decks{width:100%;table-layout:fixed}
.decks>thead th{width:7%;white-space:normal}.decks>thead th.n{font-size:.85em}
.decks>thead th:nth-child(1){width:21%}.decks>thead th:nth-child(2){width:20%}
.decks>thead th:nth-child(3){width:9%}.decks>thead th:nth-child(4){width:15%}
.decks thead button{all:inherit;position:static;display:inline-block;width:auto;max-width:100%;cursor:pointer;padding:0;border:0}
.decks thead button::after{content:"\\2195";color:var(--muted);font-size:.8em;margin-left:.2em}
.decks th[aria-sort=ascending] button::after{content:" \\25B2"}
.decks th[aria-sort=descending] button::after{content:" \\25BC"}
.decks tbody.deck>tr.detail>td{border-bottom:2px solid var(--rule);padding-top:0}
.decks>tbody[hidden]{display:none}
.verdict{font-weight:700;white-space:nowrap;padding:.05rem .4rem;border-radius:.25rem}
.verdict.legal{color:var(--ok);background:var(--ok-bg)}
.verdict.illegal{color:var(--error);background:var(--error-bg)}
.verdict.unverified{color:var(--warning);background:var(--warning-bg)}
.broken{display:block;margin-top:.2rem;font-size:.9em}
.broken .rule{margin-right:.4em;white-space:nowrap}
.controls{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin:.5rem 0}
.controls select,.controls input,.controls button,.by-rule button{font:inherit;color:inherit;background:var(--bg);
border:1px solid var(--rule);padding:.2rem .4rem;border-radius:.25rem;max-width:100%}
.controls button,.by-rule button{cursor:pointer}
.by-rule button{color:var(--link);min-width:2.2rem;text-align:right}
details>summary{cursor:pointer;color:var(--link);padding:.2rem 0}
.list{width:100%;margin:.25rem 0 .5rem;font-size:.95em}
.list th{color:var(--muted);font-weight:400}
.list thead th{position:sticky;top:var(--outer-head,0px);z-index:1}
.list tbody th{width:3rem;white-space:nowrap}
.list tbody th,.list tbody td{border-bottom:0}.list tbody tr{border-bottom:1px solid var(--rule)}
.list td:first-of-type{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;white-space:pre-wrap;
overflow-wrap:anywhere;width:40%}
.list tr.error>*{background:var(--error-bg)}.list tr.warning>*{background:var(--warning-bg)}
.list tr.info>*{background:var(--info-bg)}
.list tr.error>th{border-left:.35rem solid var(--error)}.list tr.warning>th{border-left:.35rem solid var(--warning)}
.list tr.info>th{border-left:.35rem dashed var(--info)}
.list tr:target>*{outline:2px solid var(--focus)}
ul.findings{list-style:none;margin:0;padding:0}
ul.findings li{margin:0 0 .3rem}
.sev{font-weight:700;white-space:nowrap}
.sev.error{color:var(--error)}.sev.warning{color:var(--warning)}.sev.info{color:var(--info)}
.rule{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
.hint{display:block;color:var(--muted)}
.muted{color:var(--muted)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:66rem){
body{padding:.5rem .6rem 2rem}
.decks,.decks>tbody,.decks tr.row,.decks tr.detail,.decks tr.detail>td{display:block;width:auto}
.decks>thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.decks tr.row{display:flex;flex-wrap:wrap;gap:.15rem .9rem;padding:.5rem 0 .2rem;border-top:2px solid var(--rule)}
.decks tr.row>*{display:block;border:0;padding:0;min-width:0}
.decks tr.row>th{flex:1 1 100%;font-weight:700}
.decks tr.row>td[data-label]::before{content:attr(data-label) ": ";color:var(--muted)}
.decks tr.row>td[data-label]::first-letter{text-transform:uppercase}
.decks tr.row>td.verdict-cell{flex:1 1 100%}
.decks tbody.deck>tr.detail>td{border-bottom:0;padding:0 0 .5rem}
.list,.list thead,.list tbody{display:block;width:auto}
.list tr{display:grid;grid-template-columns:2.6rem minmax(0,1fr)}
.list tr>*{min-width:0}
.list td:first-of-type{width:auto}
.list tr>td:nth-of-type(2){grid-column:1/-1;padding-left:2.6rem}
.list thead th:nth-of-type(3){display:none}
.by-rule{width:100%}
}
@media print{details{display:block}.controls,nav{display:none}}
"""

# Everything the page does with a script, and every control it needs: without a
# script the page is the summary (first, by CSS order), the table and the lists
# (native <details>), with no control that does nothing. The script adds the
# controls (from a <template>), the sort buttons of the column titles and the
# filter buttons of the findings-by-rule counts; it filters (verdict, rule,
# search), sorts (aria-sort), counts the decks shown, opens or closes every list
# shown, moves the summary before the table, opens the list of a lone deck, and
# keeps a list's column titles below the table's sticky ones.
_SCRIPT = """
(function(){
var table=document.getElementById("decks"),rows=Array.prototype.slice.call(table.tBodies);
var section=document.getElementById("decks-section"),summary=document.getElementById("summary");
summary.parentNode.insertBefore(summary,section);
section.insertBefore(document.getElementById("controls").content.cloneNode(true),table);
var show=document.getElementById("show"),search=document.getElementById("search"),
status=document.getElementById("shown");
if(rows.length===1){rows[0].querySelector("details").open=true;}
function filter(){
 var want=show.value,text=search.value.trim().toLowerCase(),shown=0,rule=want.indexOf("rule:")===0?want.slice(5):null;
 rows.forEach(function(body){
  var d=body.dataset,ok=(want==="all"||(want==="illegal"&&d.legal==="0")||(want==="legal"&&d.legal==="1")
   ||(want==="findings"&&d.findings!=="0")||(rule!==null&&(" "+d.rules+" ").indexOf(" "+rule+" ")>=0))
   &&(!text||d.text.indexOf(text)>=0);
  body.hidden=!ok;if(ok){shown++;}
 });
 status.textContent=status.dataset.template.replace("{shown}",shown).replace("{count}",rows.length);
}
show.addEventListener("change",filter);search.addEventListener("input",filter);
function openAll(open){rows.forEach(function(body){if(!body.hidden){body.querySelector("details").open=open;}});}
document.getElementById("expand-all").addEventListener("click",function(){openAll(true);});
document.getElementById("collapse-all").addEventListener("click",function(){openAll(false);});
var byRule=document.querySelector("table.by-rule");
if(byRule){Array.prototype.forEach.call(byRule.tBodies[0].rows,function(row){
 var rule=row.dataset.rule;
 Array.prototype.forEach.call(row.querySelectorAll("td.n"),function(cell){
  if(cell.textContent==="0"){return;}
  var button=document.createElement("button");button.type="button";button.textContent=cell.textContent;
  var label=show.dataset.ruleTemplate.replace("{rule}",rule);button.setAttribute("aria-label",label+": "+cell.textContent);
  button.addEventListener("click",function(){
   var value="rule:"+rule,option=show.querySelector('option[value="'+value+'"]');
   if(!option){option=document.createElement("option");option.value=value;option.textContent=label;show.appendChild(option);}
   show.value=value;search.value="";filter();section.scrollIntoView();
  });
  cell.textContent="";cell.appendChild(button);
 });
});}
var heads=table.tHead.rows[0].cells;
Array.prototype.forEach.call(heads,function(th,column){
 var button=document.createElement("button");button.type="button";
 while(th.firstChild){button.appendChild(th.firstChild);}th.appendChild(button);
 button.addEventListener("click",function(){
  var ascending=th.getAttribute("aria-sort")!=="ascending",numeric=th.classList.contains("n");
  Array.prototype.forEach.call(heads,function(other){other.removeAttribute("aria-sort");});
  th.setAttribute("aria-sort",ascending?"ascending":"descending");
  function key(body){var cell=body.rows[0].cells[column];var v=cell.dataset.sort||cell.textContent;
   return numeric?parseFloat(v):v.toLowerCase();}
  var keyed=rows.map(function(body,i){return [key(body),i,body];});
  keyed.sort(function(a,b){var r=a[0]<b[0]?-1:a[0]>b[0]?1:a[1]-b[1];return ascending?r:-r;});
  rows=keyed.map(function(k){return k[2];});
  var fragment=document.createDocumentFragment();rows.forEach(function(body){fragment.appendChild(body);});
  table.appendChild(fragment);
 });
});
function headHeight(){document.documentElement.style.setProperty("--outer-head",table.tHead.offsetHeight+"px");}
headHeight();window.addEventListener("resize",headHeight);
filter();
})();
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


class Tally:
    """What the summary says, counted while the decks go by."""

    def __init__(self) -> None:
        self.decks = 0
        self.legal = 0
        self.unverified = 0
        self.by_rule: Counter = Counter()
        self.formats: dict[str, None] = {}
        self.dates: dict[str, None] = {}
        self.not_checked: list[tuple[str, str]] = []  # (path, why): paths that are no readable deck

    def add(self, result: DeckResult) -> None:
        self.decks += 1
        self.legal += result.legal
        self.unverified += result.verdict == "unverified"
        self.formats.setdefault(result.format, None)
        self.dates.setdefault(result.date, None)
        self.by_rule.update((f.rule, f.severity) for f in result.findings)


def read_source(path: str) -> Sequence[str] | None:
    """The lines of a deck file as the parser numbers them, or None when it cannot be read."""
    if path == "-":
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SOURCE_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_SOURCE_BYTES or b"\x00" in data and data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        return None
    return source_lines(data)


def source_lines(data: bytes | str) -> list[str]:
    """Text split into lines numbered as the parser numbers them (CRLF, CR and LF end a line)."""
    if isinstance(data, bytes):
        encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8"
        data = data.decode(encoding, errors="replace")
    text = data.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def page_head(tr: Translator, lang: str = "en") -> str:
    title = _e(tr.gettext(TITLE))
    heads = "".join(
        f'<th scope="col"{f" class={klass}" if klass else ""}>{_e(tr.gettext(text))}</th>' for text, klass in _COLUMNS
    )
    options = "".join(
        f'<option value="{value}">{_e(tr.gettext(text))}</option>'
        for value, text in (
            ("all", SHOW_ALL),
            ("illegal", SHOW_ILLEGAL),
            ("legal", SHOW_LEGAL),
            ("findings", SHOW_FINDINGS),
        )
    )
    # The controls work only with the script: it adds them (a <template> is never shown).
    controls = (
        f'<template id="controls"><div class="controls">'
        f'<label>{_e(tr.gettext(SHOW))} <select id="show" data-rule-template="{_e(tr.gettext(SHOW_RULE))}">'
        f"{options}</select></label>"
        f'<label>{_e(tr.gettext(SEARCH))} <input id="search" type="search"></label>'
        f'<button type="button" id="expand-all">{_e(tr.gettext(EXPAND_ALL))}</button>'
        f'<button type="button" id="collapse-all">{_e(tr.gettext(COLLAPSE_ALL))}</button>'
        f'<span id="shown" role="status" data-template="{_e(tr.gettext(SHOWN))}"></span></div></template>\n'
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{_e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="color-scheme" content="light dark">\n<title>{title}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n<header><h1>{title}</h1>\n"
        f'<nav><ul><li><a href="#summary">{_e(tr.gettext(SUMMARY))}</a></li>'
        f'<li><a href="#decks-section">{_e(tr.gettext(DECKS))}</a></li></ul></nav></header>\n<main class="report">\n'
        f'<section id="decks-section" aria-labelledby="decks-heading">\n'
        f'<h2 id="decks-heading">{_e(tr.gettext(DECKS))}</h2>\n{controls}'
        f'<table class="decks" id="decks">\n<caption class="visually-hidden">{_e(tr.gettext(DECKS))}</caption>\n'
        f"<thead><tr>{heads}</tr></thead>\n"
    )


_COLUMNS = [
    (COLUMN_PATH, ""),
    (COLUMN_NAME, ""),
    (COLUMN_FORMAT, ""),
    (COLUMN_VERDICT, ""),
    ("Pokémon", "n"),
    ("Trainer", "n"),
    ("Energy", "n"),
    (COLUMN_ERRORS, "n"),
    (COLUMN_WARNINGS, "n"),
]


def deck_chunk(
    result: DeckResult, number: int, lines: Sequence[str] | None, tr: Translator, root: str | None = None
) -> str:
    """One deck: its row of the table and, below it, its list with the findings."""
    path = display_path(result.path, root)
    name = shown(result.name or "")  # a 5,000-character name is cut, as in every report
    severities = Counter(f.severity for f in result.findings)
    errors, warnings = severities[Severity.ERROR], severities[Severity.WARNING]
    counts = result.counts
    labels = [_e(tr.gettext(text)) for text, _klass in _COLUMNS]
    # The rules it breaks (errors), then those it only warns or notes about: worst first.
    worst: dict[str, Severity] = {}
    for finding in result.findings:
        if finding.rule not in worst or _SEVERITY_ORDER.index(finding.severity) < _SEVERITY_ORDER.index(
            worst[finding.rule]
        ):
            worst[finding.rule] = finding.severity
    ordered = sorted(worst, key=lambda rule: (_SEVERITY_ORDER.index(worst[rule]), rule))
    broken = " ".join(
        f'<code class="rule sev {worst[rule].value}">{_MARKS[worst[rule]]} {_e(rule)}</code>' for rule in ordered
    )
    cells = [
        f'<th scope="row"><a href="#d{number}">{_e(path)}</a></th>',
        f'<td data-label="{labels[1]}">{_e(name)}</td>' if name else "<td></td>",
        f'<td data-label="{labels[2]}">{_e(result.format)}</td>',
        f'<td class="verdict-cell" data-sort="{int(result.legal)}">{_verdict(result.verdict, tr)}'
        f"{f' <span class=broken>{broken}</span>' if broken else ''}</td>",
        *(
            f'<td class="n" data-label="{labels[i]}">{counts.get(kind, 0)}</td>'
            for i, kind in ((4, "Pokémon"), (5, "Trainer"), (6, "Energy"))
        ),
        f'<td class="n" data-label="{labels[7]}">{errors}</td>',
        f'<td class="n" data-label="{labels[8]}">{warnings}</td>',
    ]
    # The row's three kinds do not add up to the total when a line names no card
    # deckcheck knows; its details say the whole count.
    unidentified = f'<p class="muted">{_e(counts_sentence(result, tr, None))}</p>\n' if result.unidentified else ""
    search_text = f"{path}\n{name}\n{' '.join(ordered)}".lower()
    summary = _e(localize(DETAILS, {"path": path}, tr))
    return (
        f'<tbody class="deck" id="d{number}" data-legal="{int(result.legal)}" '
        f'data-findings="{len(result.findings)}" data-rules="{_e(" ".join(sorted(worst)))}" '
        f'data-text="{_e(search_text)}">\n'
        f'<tr class="row">{"".join(cells)}</tr>\n'
        f'<tr class="detail"><td colspan="9"><details><summary>{summary}</summary>\n'
        f"{unidentified}{deck_details(result, f'd{number}', lines, tr)}</details></td></tr>\n</tbody>\n"
    )


def _verdict(verdict: str, tr: Translator) -> str:
    if verdict == "legal":
        return f'<span class="verdict legal">✔ {_e(tr.gettext(VERDICT_LEGAL))}</span>'
    if verdict == "unverified":
        # docs/rulings.md, "The verdict words": legality cannot be shown -- its own word, not ILLEGAL.
        return f'<span class="verdict unverified">? {_e(tr.gettext(VERDICT_UNVERIFIED))}</span>'
    if verdict == "not-checked":
        # A deck whose format or day cannot be used was not checked; never ILLEGAL.
        return f'<span class="verdict unverified">– {_e(tr.gettext(NOT_CHECKED))}</span>'
    return f'<span class="verdict illegal">✖ {_e(tr.gettext(VERDICT_ILLEGAL))}</span>'


def verdict_heading(result: DeckResult, tr: Translator, level: int = 3) -> str:
    """The verdict and the card counts of a deck, as the text report's first lines say them."""
    line = counts_sentence(result, tr, shown(result.name) if result.name else None)
    return (
        f"<h{level}>{_verdict(result.verdict, tr)} {_e(result.format)}, {_e(result.date)}</h{level}>\n"
        f"<p>{_e(line)}</p>\n"
    )


def deck_details(result: DeckResult, anchor: str, lines: Sequence[str] | None, tr: Translator) -> str:
    """A deck's list as written, each finding on its lines (findings about no line first).

    ``anchor`` prefixes the ids of the lines (``{anchor}-L21``)."""
    parts: list[str] = []
    for lang, read_lines in (result.languages or {}).items():
        text = localize(READ_AS, {"language": language_name(lang, tr), "lines": line_numbers(read_lines)}, tr)
        parts.append(f'<p class="muted">{_e(text)}</p>\n')
    shown = len(lines) if lines is not None else 0
    on_lines: dict[int, list[tuple[Finding, int]]] = {}
    whole: list[Finding] = []
    for finding in result.findings:
        numbers = sorted({n for n in finding.lines if 1 <= n <= shown})
        if not numbers:
            whole.append(finding)
            continue
        for n in numbers:
            on_lines.setdefault(n, []).append((finding, numbers[0]))
    if whole:
        parts.append(f'<h3>{_e(tr.gettext(WHOLE_DECK))}</h3>\n<ul class="findings">')
        parts.extend(f"<li>{_finding(f, tr)}</li>" for f in whole)
        parts.append("</ul>\n")
    elif not result.findings:
        parts.append(f"<p>{_e(tr.gettext(NO_FINDINGS))}</p>\n")
    if lines is None:
        parts.append(f'<p class="muted">{_e(tr.gettext(NO_SOURCE))}</p>\n')
        return "".join(parts)
    parts.append(
        f'<table class="list"><thead><tr><th scope="col">{_e(tr.gettext(COLUMN_LINE))}</th>'
        f'<th scope="col">{_e(tr.gettext(COLUMN_AS_WRITTEN))}</th>'
        f'<th scope="col">{_e(tr.gettext(COLUMN_FINDINGS))}</th></tr></thead><tbody>\n'
    )
    # A trailing newline leaves an empty last "line" that no finding names.
    last = len(lines) - 1 if lines and lines[-1] == "" and len(lines) > 1 else len(lines)
    for n in range(1, last + 1):
        text = _e(printable(lines[n - 1]))  # ESC, U+202E ... written as escapes, as the text report does
        found = on_lines.get(n)
        if not found:
            # The shortest markup for the many lines without a finding (the findings cell may be left out).
            parts.append(f"<tr><th>{n}</th><td>{text}</td></tr>\n")
            continue
        worst = min((f.severity for f, _first in found), key=_SEVERITY_ORDER.index)
        items = "".join(
            f"<li>{_finding(f, tr) if first == n else _reference(f, first, tr, anchor)}</li>" for f, first in found
        )
        parts.append(
            f'<tr id="{anchor}-L{n}" class="{worst.value}"><th>{n}</th><td>{text}</td>'
            f'<td><ul class="findings">{items}</ul></td></tr>\n'
        )
    parts.append("</tbody></table>\n")
    return "".join(parts)


_SEVERITY_ORDER = [Severity.ERROR, Severity.WARNING, Severity.INFO]


def _severity(finding: Finding, tr: Translator) -> str:
    word = _e(tr.gettext(SEVERITY_WORDS[finding.severity]))
    return f'<span class="sev {finding.severity.value}">{_MARKS[finding.severity]} {word}</span>'


def _finding(finding: Finding, tr: Translator) -> str:
    text = f'{_severity(finding, tr)} <code class="rule">{_e(finding.rule)}</code> {_e(finding_message(finding, tr))}'
    hint = finding_hint(finding, tr)
    if hint:
        text += f'<span class="hint">→ {_e(hint)}</span>'
    return text


def _reference(finding: Finding, first: int, tr: Translator, anchor: str) -> str:
    see = _e(localize(SEE_LINE, {"number": first}, tr))
    return (
        f'{_severity(finding, tr)} <code class="rule">{_e(finding.rule)}</code> <a href="#{anchor}-L{first}">{see}</a>'
    )


def page_tail(tally: Tally, tr: Translator, skipped: Sequence[str] = ()) -> str:
    sentence = decks_checked(tally.decks, tally.legal, tally.unverified, tr)
    parts = [
        "</table>\n</section>\n",
        '<section id="summary" aria-labelledby="summary-heading">\n',
        f'<h2 id="summary-heading">{_e(tr.gettext(SUMMARY))}</h2>\n<p><strong>{_e(sentence)}</strong></p>\n',
    ]
    if tally.not_checked:
        # Paths that are no readable deck, apart from the decks.
        sentence = localize(
            PATHS_NOT_CHECKED,
            {"count": len(tally.not_checked), "paths": ", ".join(path for path, _why in tally.not_checked)},
            tr,
        )
        items = "".join(f"<li><code>{_e(path)}</code>: {_e(why)}</li>" for path, why in tally.not_checked)
        # Their own word (docs/rulings.md, "The verdict words"), never a verdict on a deck.
        parts.append(
            f'<div id="not-checked"><p>{_verdict("not-checked", tr)} <strong>{_e(sentence)}</strong></p>'
            f"<ul>{items}</ul></div>\n"
        )
    if tally.decks:
        checked = localize(CHECKED_FOR, {"formats": and_list(tally.formats), "dates": and_list(tally.dates)}, tr)
        parts.append(f"<p>{_e(checked)}</p>\n")
    if tally.by_rule:
        columns = [(Severity.ERROR, COLUMN_ERRORS), (Severity.WARNING, COLUMN_WARNINGS)]
        if any(severity is Severity.INFO for _rule, severity in tally.by_rule):
            columns.append((Severity.INFO, COLUMN_NOTES))
        head = "".join(f'<th scope="col" class="n">{_e(tr.gettext(title))}</th>' for _s, title in columns)
        parts.append(
            f'<h3>{_e(tr.gettext(BY_RULE))}</h3>\n<table class="by-rule">'
            f'<thead><tr><th scope="col">{_e(tr.gettext(COLUMN_RULE))}</th>{head}</tr></thead><tbody>\n'
        )
        for rule in sorted({rule for rule, _severity in tally.by_rule}):
            cells = "".join(f'<td class="n">{tally.by_rule[(rule, severity)]}</td>' for severity, _t in columns)
            parts.append(
                f'<tr data-rule="{_e(rule)}"><th scope="row"><code class="rule">{_e(rule)}</code></th>{cells}</tr>\n'
            )
        parts.append("</tbody></table>\n")
    if skipped:
        # A file name may hold ESC or a byte that is not UTF-8: escaped, as everywhere.
        files = "".join(f"<li>{_e(printable(path))}</li>" for path in skipped)
        title = _e(localize(SKIPPED, {"count": len(skipped)}, tr))
        parts.append(f"<details><summary>{title}</summary><ul>{files}</ul></details>\n")
    parts.append(f"</section>\n</main>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n")
    return "".join(parts)


class Writer(ReportWriter):
    """The page written deck by deck (``deckcheck.render.ReportWriter``): the head at once,
    each deck as its result comes, the summary (counted on the way) at the end."""

    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.lang = getattr(options, "lang", None) or "en"
        self.tr = translator(self.lang)
        self.tally = Tally()
        self.read = getattr(options, "source", None) or read_source
        self.quiet = getattr(options, "quiet", False)
        self.fail_on = getattr(options, "fail_on", "error")
        self.root = getattr(options, "root", None)

    def head(self) -> str:
        return page_head(self.tr, self.lang)

    def deck(self, result: DeckResult) -> str:
        problem = path_problem(result)
        if problem is not None:
            self.tally.not_checked.append((printable(result.path), finding_message(problem, self.tr)))
            return ""
        self.tally.add(result)
        if self.quiet and not is_failing(result, self.fail_on):
            return ""
        return deck_chunk(result, self.tally.decks, self.read(result.path), self.tr, self.root)

    def tail(self) -> str:
        return page_tail(self.tally, self.tr, self.skipped)


def chunks(
    results: Iterable[DeckResult], options=None, source: Source | None = None, skipped: Sequence[str] = ()
) -> Iterator[str]:
    """The page in pieces: the head, one piece per deck as the results come, the tail."""
    page = Writer(None, options)
    if source is not None:
        page.read = source
    yield page.head()
    for result in results:
        yield page.deck(result)
    page.skipped = tuple(skipped)
    yield page.tail()


def render(report: Report, options=None) -> str:
    return render_with(Writer, report, options)
