"""``--output html``: the self-contained report a person opens in a browser.

What the page says is read back with the standard library's HTML parser; how
it behaves in a browser (filter, sort, highlighted lines) is tested in
tests/browser.
"""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

from support import PROJECT_ROOT, assert_golden, doc_text, json_report, run_deckcheck

from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import OUTPUTS, RENDERERS, RenderOptions, render
from deckcheck.render.html import chunks

GOLDEN = Path(__file__).parents[1] / "golden" / "html"
DATE = "2026-11-30"
IONO = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


def run(*args: str, stdin: bytes | None = None, cwd: Path = PROJECT_ROOT):
    return run_deckcheck(*args, stdin=stdin, cwd=cwd, env={"LANG": "C"})


class Page(HTMLParser):
    """Elements by tag with their attributes and text, enough to read the report back."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.open: list[dict] = []
        self.feed(text)

    VOID = {"meta", "input", "br", "img", "link"}

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": ""}
        self.elements.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i]["tag"] == tag:
                del self.open[i:]
                break

    def handle_data(self, data):
        for element in self.open:
            element["text"] += data

    def all(self, tag: str, **attrs) -> list[dict]:
        return [
            e
            for e in self.elements
            if e["tag"] == tag
            and all(value in (e["attrs"].get(key.rstrip("_")) or "").split() for key, value in attrs.items())
        ]

    def by_id(self, ident: str) -> dict:
        found = [e for e in self.elements if e["attrs"].get("id") == ident]
        assert len(found) == 1, f"{len(found)} elements with id {ident}"
        return found[0]


def test_html_is_an_output_of_check_and_of_the_configuration():
    assert "html" in RENDERERS and "html" in OUTPUTS
    schema = json.loads((PROJECT_ROOT / "deckcheck" / "schemas" / "config.schema.json").read_text())
    assert "html" in json.dumps(schema)


def test_sample_decks_report_has_every_deck_its_findings_and_the_summary(tmp_path):
    done = run("check", "sample_decks", "--date", DATE, "--format", "unlimited", "--output", "html")
    assert done.returncode == 1, done.stderr.decode()  # exit codes as for every report
    text = done.stdout.decode("utf-8")
    page = Page(text)
    data = json_report(run("check", "sample_decks", "--date", DATE, "--format", "unlimited", "--output", "json").stdout)
    decks = page.all("tbody", class_="deck")
    assert len(decks) == len(data["results"])
    for body, result in zip(decks, data["results"]):
        assert result["path"] in body["text"]
        assert body["attrs"]["data-legal"] == ("1" if result["legal"] else "0")
        word = {"legal": "LEGAL", "illegal": "ILLEGAL", "unverified": "NOT VERIFIED"}[result["verdict"]]
        assert word in body["text"]
        for finding in result["findings"]:
            assert finding["message"] in body["text"]
            if finding["hint"]:
                assert finding["hint"] in body["text"]
    legal = sum(r["legal"] for r in data["results"])
    unverified = sum(r["verdict"] == "unverified" for r in data["results"])
    summary = page.by_id("summary")["text"]
    count = len(data["results"])
    # The decks that are not verified are counted apart (docs/rulings.md).
    assert unverified == 2
    assert f"{count} decks checked: {legal} legal, {count - legal - unverified} illegal, 2 not verified." in summary
    assert f"Checked for unlimited on {DATE}." in summary
    by_rule = {f["rule"] for r in data["results"] for f in r["findings"]}
    rows = [e["text"] for e in page.all("table", class_="by-rule")[0:1]][0]
    for rule in by_rule:
        assert rule in rows


def test_a_finding_is_shown_on_its_lines_with_severity_rule_message_and_hint():
    done = run("check", str(IONO), "--date", DATE, "--output", "html")
    assert done.returncode == 1
    page = Page(done.stdout.decode("utf-8"))
    lines = IONO.read_text(encoding="utf-8").splitlines()
    iono = [n for n, line in enumerate(lines, 1) if re.match(r"\d+ Iono ", line)]
    assert len(iono) == 2
    first, second = (page.by_id(f"d1-L{n}") for n in iono)
    assert first["attrs"]["class"] == "error" and second["attrs"]["class"] == "error"
    assert lines[iono[0] - 1] in first["text"]
    # The whole finding on its first line, a mark and a word beside the colour ...
    assert "✖ error" in first["text"] and "copy-limit" in first["text"]
    assert "The deck has 5 cards named Iono" in first["text"] and "→ Remove 1 copy of Iono" in first["text"]
    # ... and a link to it on its other line.
    assert f"see line {iono[0]}" in second["text"]
    assert [a["attrs"]["href"] for a in page.all("a") if a["text"] == f"see line {iono[0]}"] == [f"#d1-L{iono[0]}"]
    # Every other line is there, as written, without a finding.
    listed = page.all("table", class_="list")[0]["text"]
    for line in lines:
        assert line in listed


def test_whole_deck_findings_notes_and_languages_are_shown():
    results = (
        DeckResult(
            path="short.txt",
            format="standard",
            date=DATE,
            total_cards=59,
            counts={"Pokémon": 10},
            languages={"de": (2,)},
            findings=(
                Finding(
                    "deck-size",
                    Severity.ERROR,
                    "The deck has {count} cards; a deck has exactly 60.",
                    {"count": 59},
                    hint_template="Add 1 card.",
                ),
                Finding(
                    "legal-reprint", Severity.INFO, "Ultra Ball SVI 196 (G) is legal through its reprint.", lines=(2,)
                ),
            ),
        ),
    )
    text = "".join(chunks(results, source=lambda path: ["Pokémon: 10", "4 Hyperball SVI 196", ""]))
    page = Page(text)
    assert "Findings about the whole deck" in text
    assert "✖ error" in text and "The deck has 59 cards; a deck has exactly 60." in text
    row = page.by_id("d1-L2")
    assert row["attrs"]["class"] == "info" and "i note" in row["text"] and "legal-reprint" in row["text"]
    assert "Card names read as German: line 2" in text
    # The file's last newline is no line of its own.
    assert "d1-L3" not in text and "<th>3</th>" not in text


def test_deck_text_is_escaped_and_nothing_is_fetched(tmp_path):
    deck = tmp_path / "decks" / "x.txt"
    deck.parent.mkdir()
    deck.write_text('# name: <script>alert("x")</script>\n4 Iono PAL 185 <b>\n', encoding="utf-8")
    done = run("check", str(deck), "--format", "unlimited", "--date", DATE, "--output", "html")
    text = done.stdout.decode("utf-8")
    assert "<script>alert" not in text and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text
    assert "4 Iono PAL 185 &lt;b&gt;" in text
    # Self-contained: one inline style and script, no file or address to load.
    assert not re.search(r"""(src|href)=["']?(https?:|//|file:)""", text)
    assert "<link" not in text and "@import" not in text and text.count("<script>") == 1


def test_standard_input_shows_its_lines():
    done = run("check", "-", "--date", DATE, "--output", "html", stdin=IONO.read_bytes())
    assert done.returncode == 1
    text = done.stdout.decode("utf-8")
    assert "The lines of this deck cannot be shown." not in text
    assert "3 Iono PAL 185" in text and 'class="error"' in text


def test_a_path_that_cannot_be_read_is_shown_apart_from_the_decks(tmp_path):
    # A missing file is no ILLEGAL deck: the summary names it apart, with why.
    done = run("check", str(tmp_path / "missing.txt"), str(IONO), "--date", DATE, "--output", "html")
    assert done.returncode == 2
    text = done.stdout.decode("utf-8")
    problems = text.split('<div id="not-checked">', 1)[1].split("</div>", 1)[0]
    assert "1 path was not checked" in problems and "missing.txt</code>: The deck file" in problems
    assert "does not exist" in problems
    assert "1 deck checked: 0 legal, 1 illegal." in text  # the Iono deck only
    assert text.count('<tbody class="deck"') == 1


def test_lang_translates_the_page():
    done = run("check", str(IONO), "--date", DATE, "--output", "html", "--lang", "de")
    text = done.stdout.decode("utf-8")
    assert '<html lang="de">' in text
    for german in ("Zusammenfassung", "Decks", "Zeile", "Fehler", "Das Deck hat 5 Karten namens Iono"):
        assert german in text, german


def test_the_page_is_written_deck_by_deck():
    """The head is out before the first result is asked for, each deck before the next one."""
    pulled: list[int] = []

    def results():
        for n in range(3):
            pulled.append(n)
            yield DeckResult(path=f"deck-{n}.txt", format="standard", date=DATE, total_cards=60, findings=())

    pieces = chunks(results(), source=lambda path: None)
    assert "<table" in next(pieces) and pulled == []
    assert "deck-0.txt" in next(pieces) and pulled == [0]
    rest = list(pieces)
    assert len(rest) == 3 and "3 decks checked: 3 legal, 0 illegal." in rest[-1]


def test_quiet_shows_failing_decks_but_counts_all():
    legal = DeckResult(path="ok.txt", format="standard", date=DATE, total_cards=60, findings=())
    bad = DeckResult(
        path="bad.txt",
        format="standard",
        date=DATE,
        total_cards=61,
        findings=(Finding("deck-size", Severity.ERROR, "too many"),),
    )
    text = render("html", Report((legal, bad)), RenderOptions(quiet=True, source=lambda path: None))
    assert "bad.txt" in text and "ok.txt" not in text
    assert "2 decks checked: 1 legal, 1 illegal." in text


def test_files_that_are_no_decks_are_listed_in_the_summary():
    legal = DeckResult(path="ok.txt", format="standard", date=DATE, total_cards=60, findings=())
    text = render(
        "html",
        Report((legal,), skipped=("decks/notes.txt", "decks/README.md")),
        RenderOptions(source=lambda path: None),
    )
    summary = Page(text).by_id("summary")["text"]
    assert "Files skipped, as they are not decks: 2" in summary and "decks/README.md" in summary


def test_skipped_file_names_and_lines_as_written_are_escaped(tmp_path):
    """A file name with ESC and the byte 0xFF no longer makes the page invalid UTF-8;
    a line with ESC or U+202E is shown escaped, as the text report shows it."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "bidi.txt").write_text(
        "bidi \u202e evil\n\x1b[2J clear\n" + IONO.read_text(encoding="utf-8"), encoding="utf-8"
    )
    (decks / os.fsdecode(b"notes \x1b[2J\xff.txt")).write_bytes(b"Notes about the event, no cards here.\n")
    done = run("check", "decks", "--format", "unlimited", "--date", DATE, "--output", "html", cwd=tmp_path)
    assert done.returncode == 1, done.stderr.decode()
    text = done.stdout.decode("utf-8")  # valid UTF-8
    assert "\x1b" not in text and "\u202e" not in text and "\udcff" not in text
    page = Page(text)
    assert [li["text"] for li in page.all("li") if "notes" in li["text"]] == ["decks/notes \\x1b[2J\\xff.txt"]
    written = [td["text"] for td in page.all("td") if "evil" in td["text"] or "clear" in td["text"]]
    assert "bidi \\u202e evil" in written and "\\x1b[2J clear" in written


def test_controls_come_only_with_the_script():
    """Without a script nothing is a control that does nothing: the select, the search field
    and the buttons are in a <template>, which the script copies into the page."""
    result = DeckResult(path="ok.txt", format="standard", date=DATE, total_cards=60, findings=())
    text = render("html", Report((result, result)), RenderOptions(source=lambda path: None))
    template = text[text.index('<template id="controls">') : text.index("</template>")]
    outside = text.replace(template, "")
    for control in ("<select", "<input", "<button"):
        assert control in template and control not in outside, control
    assert 'main class="report"' in text and "main.report>#summary{order:-1}" in text  # summary first by CSS


def test_each_deck_row_names_the_rules_it_breaks():
    findings = (
        Finding(rule="copy-limit", severity=Severity.ERROR, template="x", lines=(1,)),
        Finding(rule="ambiguous-card", severity=Severity.WARNING, template="y", lines=(2,)),
    )
    result = DeckResult(path="a.txt", format="standard", date=DATE, total_cards=60, findings=findings)
    page = Page(render("html", Report((result,)), RenderOptions(source=lambda path: None)))
    (body,) = page.all("tbody", class_="deck")
    assert body["attrs"]["data-rules"] == "ambiguous-card copy-limit"
    (cell,) = page.all("td", class_="verdict-cell")
    assert cell["text"].split() == ["✖", "ILLEGAL", "✖", "copy-limit", "!", "ambiguous-card"]  # worst first
    assert [row["attrs"]["data-rule"] for row in page.all("tr") if "data-rule" in row["attrs"]] == [
        "ambiguous-card",
        "copy-limit",
    ]  # the findings-by-rule rows the script makes filters of


def test_golden_report_of_one_deck():
    done = run("check", str(IONO.relative_to(PROJECT_ROOT)), "--date", DATE, "--output", "html")
    assert_golden(GOLDEN / "copy-limit.html", done.stdout.decode("utf-8"))


def test_the_docs_show_small_screenshots_of_the_report_and_the_page():
    assert "](docs/serve.png)" in doc_text("README.md")  # the first page's one screenshot
    for page, name in (("reports.md", "report.png"), ("serve.md", "serve.png")):
        assert f"]({name})" in doc_text(page)
        image = PROJECT_ROOT / "docs" / name
        data = image.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < 150_000, name


def test_the_check_writes_the_page_as_the_results_come():
    """``--output html`` goes through the streamed report writer: head at start, each deck as it is added."""
    import io

    from deckcheck.render import writer

    out = io.StringIO()
    page = writer("html", out, RenderOptions(source=lambda path: ["4 Iono PAL 185"]))
    page.start()
    assert out.getvalue().startswith("<!DOCTYPE html>") and "deck-0.txt" not in out.getvalue()
    page.add(DeckResult(path="deck-0.txt", format="standard", date=DATE, total_cards=4, findings=()))
    assert "deck-0.txt" in out.getvalue() and 'id="summary"' not in out.getvalue()
    page.finish()
    assert out.getvalue().endswith("</html>\n") and "1 deck checked: 1 legal, 0 illegal." in out.getvalue()
