"""With ``--lang de`` (or the locale) the ``deckcheck: error: ...`` lines, the
"nothing to check" lines and the card-database notice are in the message language, through
the real command line; the ``deckcheck: error:`` prefix stays as it is, for scripts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from i18n_support import LANGUAGES, PROJECT_ROOT, deckcheck, error_lines

from deckcheck.i18n import problem_text, translator


def test_a_missing_file_is_a_german_error_line_with_lang_de(tmp_path):
    no_database = {"XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)}
    code, _out, err = deckcheck("check", "--lang", "de", "missing.txt", cwd=tmp_path, env=no_database)
    assert code == 2
    assert error_lines(err) == ["deckcheck: error: missing.txt: Datei oder Ordner nicht gefunden"]
    # The card-database notice (no database installed) is German too.
    assert "deckcheck: Es ist keine Kartendatenbank installiert" in err
    english = deckcheck("check", "missing.txt", cwd=tmp_path, env=no_database)[2]
    assert "deckcheck: error: missing.txt: no such file or directory" in english
    assert "deckcheck: No card database is installed" in english


def test_an_unknown_format_follows_the_locale(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Pikachu\n", encoding="utf-8")
    code, _out, err = deckcheck("check", "-f", "standrd", str(deck), env={"LANG": "fr_FR.UTF-8"})
    assert code == 2
    assert error_lines(err) == [
        "deckcheck: error: format inconnu 'standrd'. Formats connus : base-fossil, expanded, glc, half-deck, "
        "modified-2001, modified-2002, standard, standard-jp, unlimited. Vouliez-vous dire : standard, standard-jp ?"
    ]
    # --lang beats the locale.
    err = deckcheck("check", "-f", "standrd", "--lang", "it", str(deck), env={"LANG": "fr_FR.UTF-8"})[2]
    assert error_lines(err)[0].startswith("deckcheck: error: formato sconosciuto 'standrd'. Formati conosciuti:")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", "deckcheck: error: --date debe ser una fecha como 2026-04-10, no '2026-13-01'"),
        ("pt", "deckcheck: error: --date deve ser uma data como 2026-04-10, não '2026-13-01'"),
    ],
)
def test_a_bad_date_in_the_message_language(tmp_path, lang, expected):
    code, _out, err = deckcheck("check", "--date", "2026-13-01", "--lang", lang, "deck.txt", cwd=tmp_path)
    assert (code, error_lines(err)) == (2, [expected])


def test_a_database_problem_in_the_message_language(tmp_path):
    code, _out, err = deckcheck("db", "info", "--db", str(tmp_path), env={"LANG": "de_DE.UTF-8"})
    assert code == 2
    assert error_lines(err) == [
        f"deckcheck: error: {tmp_path} ist ein Ordner, keine Kartendatenbank-Datei: gib die Datei selbst an "
        f"(etwa --db {tmp_path / 'cards.sqlite3'}) oder lass --db weg für den Standard"
    ]
    missing = tmp_path / "none.sqlite3"
    err = deckcheck("check", "--db", str(missing), "--lang", "es", "x.txt", cwd=tmp_path)[2]
    assert error_lines(err) == [
        f"deckcheck: error: no hay base de datos de cartas en {missing}; "
        f"crea una con: deckcheck db import PATH --db {missing}"
    ]


def test_nothing_to_check_in_the_message_language(tmp_path):
    (tmp_path / "README.md").write_text("# not a deck\n", encoding="utf-8")
    code, _out, err = deckcheck("check", "--skip-non-decks", "--lang", "it", "README.md", cwd=tmp_path)
    assert code == 0
    assert err.splitlines()[-1].startswith("deckcheck: niente da controllare: README.md non è un mazzo (")


def test_db_updates_lang_names_card_languages_not_the_message_language(tmp_path):
    # `db update --lang de,xx`: --lang is the card names' languages there; the message stays English.
    code, _out, err = deckcheck("db", "update", "--lang", "de,xx", "--db", str(tmp_path / "c.sqlite3"))
    assert code == 2
    assert error_lines(err) == [
        "deckcheck: error: card name languages must be among de, fr, es, it, pt (or all), not 'xx'"
    ]
    err = deckcheck("db", "update", "--lang", "de,xx", "--db", str(tmp_path / "c.sqlite3"), env={"LANG": "pt_BR"})[2]
    assert error_lines(err) == [
        "deckcheck: error: os idiomas dos nomes de cartas devem estar entre de, fr, es, it, pt (ou all), não 'xx'"
    ]


def test_an_unknown_lang_is_said_in_the_locales_language(tmp_path):
    code, _out, err = deckcheck("check", "--lang", "xx", "deck.txt", cwd=tmp_path, env={"LANG": "de_DE.UTF-8"})
    assert (code, error_lines(err)) == (
        2,
        ["deckcheck: error: --lang muss eines von en, de, pt, fr, es, it, ja sein, nicht 'xx'"],
    )


# -- every usage problem the command line can print has a translation ------------------------


def usage_problems() -> list:
    """The usage problems of the touched commands, each made by the code that raises it."""
    from deckcheck import session
    from deckcheck.carddb.errors import no_database_at
    from deckcheck.cli import common
    from deckcheck.i18n import UnknownLanguage, card_language, choose_language, parse_languages
    from deckcheck.packs.loading import PackError, find_pack

    made: list = []

    def caught(call, *errors):
        try:
            call()
        except errors as error:
            made.append(error)
        else:  # pragma: no cover - the call must fail
            raise AssertionError(f"{call} did not fail")

    caught(lambda: session.parse_day("2026-13-01", "--date"), ValueError)
    caught(lambda: choose_language("xx", what="--lang"), UnknownLanguage)
    caught(lambda: card_language("xx", what="--card-lang"), UnknownLanguage)
    caught(lambda: parse_languages("de,xx"), UnknownLanguage)
    caught(lambda: parse_languages(""), UnknownLanguage)
    caught(lambda: find_pack("standrd"), PackError)
    caught(lambda: find_pack("zzzzzzzzzz"), PackError)
    caught(lambda: find_pack("no/such/pack.yaml"), PackError)
    caught(lambda: common.load_settings(None, True, output="yaml"), common.UsageProblem)
    caught(lambda: common.load_settings(None, True, fail_on="never"), common.UsageProblem)
    caught(lambda: common.load_settings(Path("x.toml"), True), common.UsageProblem)
    made.append(no_database_at(PROJECT_ROOT, "-"))
    made.append(
        no_database_at(
            PROJECT_ROOT / "none.sqlite3",
            session.Phrase(session.N_("build one with: deckcheck db import PATH --db {path}"), path="x"),
        )
    )
    made.append(session.Database().notice)
    return made


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_usage_problem_made_by_the_code_is_translated(lang):
    problems = usage_problems()
    assert len(problems) >= 14
    for problem in problems:
        english, translated = problem_text(problem, "en"), problem_text(problem, lang)
        assert english == str(problem)  # the English text is the message as it was
        assert translated != english, (lang, english)


def cli_msgids() -> list:
    """Every message marked in the command-line modules and the modules whose usage problems they print."""
    babel = pytest.importorskip("babel.messages.extract", reason="Babel (the test extra) reads the messages")
    files = [*sorted((PROJECT_ROOT / "deckcheck" / "cli").glob("*.py"))] + [
        PROJECT_ROOT / "deckcheck" / name
        for name in (
            "session.py",
            "i18n.py",
            "carddb/errors.py",
            "carddb/sqlite.py",
            "packs/loading.py",
            "packs/info.py",
            "parse/shape.py",
            "project/config.py",
            "project/discover.py",
        )
    ]
    found = []
    for path in files:
        with open(path, "rb") as stream:
            for _line, _func, message, _comments in babel.extract_python(
                stream, {"N_": None, "ngettext": (1, 2)}, [], {}
            ):
                if message and all(message if isinstance(message, tuple) else (message,)):
                    found.append(message)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_command_line_has_a_translation(lang):
    tr = translator(lang)
    messages = cli_msgids()
    assert len(messages) > 50
    untranslated = []
    for message in messages:
        if isinstance(message, tuple):
            singular, plural = message[:2]
            if tr.ngettext(singular, plural, 1) == singular or tr.ngettext(singular, plural, 2) == plural:
                untranslated.append(plural)
        elif tr.gettext(message) == message and message not in THE_SAME_WORD.get(lang, ()):
            untranslated.append(message)
    assert untranslated == []


# Words the language writes as English does (its catalogue says so: the entry is translated).
THE_SAME_WORD = {
    "de": {"Sets:"},
    "fr": {"Options", "Arguments", "promos {set} {numbers}"},
    "es": {"promos {set} {numbers}", "Error: {message}"},
    "pt": {"promos {set} {numbers}"},
    "it": {"Database:"},
}


def not_a_day(value: str) -> bool:
    import datetime as dt

    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return True
    return False


@settings(max_examples=60, deadline=None)
@given(value=st.text(min_size=1, max_size=20).filter(not_a_day))
def test_a_bad_date_is_translated_whatever_was_given(value):
    from deckcheck import session

    with pytest.raises(ValueError) as caught:
        session.parse_day(value, "--date")
    english = problem_text(caught.value, "en")
    assert english == str(caught.value) == f"--date must be a date like 2026-04-10, not '{value}'"
    for lang in LANGUAGES:
        translated = problem_text(caught.value, lang)
        assert translated != english and translated.endswith(f"'{value}'")


def test_why_a_file_is_no_deck_is_said_in_the_message_language(tmp_path):
    (tmp_path / "notes.txt").write_text("hello\nworld\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    code, _out, err = deckcheck("check", "-v", "--lang", "fr", ".", cwd=tmp_path)
    assert code == 2
    lines = err.splitlines()
    assert "deckcheck: ignoré empty.txt : pas un deck : il est vide" in lines
    assert "deckcheck: ignoré notes.txt : pas un deck : il n’a pas de lignes de cartes" in lines
    assert "deckcheck: error: aucun deck trouvé dans . : les 2 fichiers trouvés ne sont pas des decks" in lines
    english = deckcheck("check", "-v", ".", cwd=tmp_path)[2].splitlines()
    assert "deckcheck: skipped empty.txt: not a deck: it is empty" in english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_a_file_is_no_deck_is_translated(lang):
    from deckcheck.parse import shape
    from deckcheck.project import discover

    reasons = [
        discover.PACKS_FOLDER_REASON,
        discover.HIDDEN_REASON,
        discover.NOT_INCLUDED_REASON,
        discover.NOT_A_DECK_NAME_REASON,
        shape.structured_shape_problem([]),
        shape.structured_shape_problem({}),
        shape.structured_shape_problem({"cards": {}}),
        shape.structured_shape_problem({"cards": [{"name": "Pikachu"}]}),
        shape.text_deck_problem("hello\n"),
        shape.text_deck_problem("4 Pikachu\nhello\nworld\nand more\n"),
    ]
    assert all(reasons)
    for reason in reasons:
        assert problem_text(reason, "en") == str(reason)
        assert problem_text(reason, lang) != str(reason), reason


def test_a_configuration_problem_is_said_in_the_message_language(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.deckcheck]\ndate = "2026-02-30"\n', encoding="utf-8")
    code, _out, err = deckcheck("check", "--lang", "de", "deck.txt", cwd=tmp_path)
    assert (code, error_lines(err)) == (
        2,
        [
            f"deckcheck: error: {tmp_path / 'pyproject.toml'}:2: tool.deckcheck.date: '2026-02-30' ist kein Tag des Kalenders"
        ],
    )
    err = deckcheck("check", "--config", "nope.toml", "deck.txt", cwd=tmp_path, env={"LANG": "es_ES.UTF-8"})[2]
    assert error_lines(err)[0].startswith("deckcheck: error: nope.toml: no se puede leer el archivo de configuración: ")
    err = deckcheck("check", "--no-config", "--exclude", "[z-a]", "--lang", "it", "deck.txt", cwd=tmp_path)[2]
    assert error_lines(err) == ["deckcheck: error: --exclude '[z-a]' non è un modello valido: bad character range z-a"]
    english = deckcheck("check", "deck.txt", cwd=tmp_path)[2]
    assert error_lines(english) == [
        f"deckcheck: error: {tmp_path / 'pyproject.toml'}:2: tool.deckcheck.date: '2026-02-30' is not a day of the calendar"
    ]
