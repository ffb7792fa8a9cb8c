"""``--help`` of the application and of each command, ``db info`` and ``formats
list``/``formats show`` in the message language (``--lang``, else the locale), through the
real command line; data (set codes, card names, dates, paths) stays as it is, and English
output is as it was."""

from __future__ import annotations

import sys

import pytest
from i18n_support import LANGUAGES, deckcheck
from test_i18n_usage_errors import THE_SAME_WORD

from deckcheck.i18n import translator


def test_check_help_with_lang_fr_is_french():
    code, out, _err = deckcheck("check", "--help", "--lang", "fr")
    assert code == 0
    assert out.startswith("Utilisation : ")
    assert "Vérifier des listes de decks et signaler chaque problème trouvé." in out
    assert "[obligatoire]" in out and "Afficher ce message et quitter." in out
    assert "Format du rapport : text, json, github, sarif, junit, html" in " ".join(out.split())
    english = deckcheck("check", "--help")[1]
    assert english.startswith("Usage: ") and "Check deck lists and report every problem found." in english
    assert "[required]" in english and "Show this message and exit." in english


def test_the_applications_help_follows_the_locale():
    code, out, _err = deckcheck("--help", env={"LANG": "de_DE.UTF-8"})
    assert code == 0
    assert out.startswith("Aufruf: ")
    assert "Pokémon-TCG-Decklisten gegen die Deckbauregeln eines Formats prüfen." in out
    assert "\nBefehle:\n" in out and "Die Kartendatenbank erstellen, aktualisieren und ansehen." in out
    assert "Vervollständigung für die aktuelle Shell installieren." in out  # Typer's own option
    # --lang beats the locale, for a command's help.
    spanish = deckcheck("formats", "show", "--help", "--lang", "es", env={"LANG": "de_DE.UTF-8"})[1]
    assert "Muestra las reglas y el conjunto de cartas de un formato en un día." in spanish


def test_db_updates_lang_is_no_message_language_for_its_help():
    out = deckcheck("db", "update", "--help", "--lang", "de")[1]
    assert "Download the newest card dataset and replace the database atomically." in out
    # (the help wraps its lines to the width of the longest option: compared as words)
    italian = " ".join(deckcheck("db", "update", "--help", env={"LANG": "it_IT.UTF-8"})[1].split())
    assert "Secondi di attesa della rete prima di rinunciare." in italian and "[predefinito: 30.0]" in italian


def test_formats_list_follows_the_locale():
    code, out, _err = deckcheck("formats", "list", env={"LANG": "de_DE.UTF-8"})
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert rows["expanded"].startswith("expanded        ab 2014-09-01 (bekannt bis ")
    assert rows["unlimited"].startswith("unlimited       jedes Datum ")
    english = deckcheck("formats", "list")[1]
    assert "expanded        2014-09-01 onward (known to " in english


def test_formats_show_in_italian_keeps_set_codes_and_dates():
    code, out, _err = deckcheck("formats", "show", "standard", "--date", "2016-03-01", "--lang", "it")
    assert code == 0
    assert out.startswith("standard il 2016-03-01: ")
    assert "copre: dal 2001-05-01 in poi (noto fino al " in out
    pool = next(line for line in out.splitlines() if line.startswith("  not-legal"))
    assert "pool di carte: espansioni " in pool
    assert "(più avanti in questa stagione: FCO dal 2016-05-23, STS dal 2016-08-19)" in pool
    assert "prossimo cambiamento 2016-09-01" in pool
    bans = deckcheck("formats", "show", "expanded", "--date", "2021-01-10", "--lang", "it")[1]
    assert "lista delle carte bandite in vigore (" in bans and "Lysandre's Trump Card dal 2015-06-15" in bans


def test_db_info_in_spanish(small_db, tmp_path):
    code, out, _err = deckcheck("db", "info", "--lang", "es", "--db", str(small_db))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Base de datos:") and lines[0].endswith(str(small_db))
    labels = [line.split(":")[0] for line in lines if not line.startswith(" ")]
    assert labels[:5] == ["Base de datos", "Cartas", "Expansiones", "Expansión más reciente", "Fuente"]
    # The values start in one column, however long the labels are in the language.
    assert len({len(line) - len(line.split(":", 1)[1].lstrip()) for line in lines[:5]}) == 1
    english = deckcheck("db", "info", "--db", str(small_db))[1].splitlines()
    assert english[0] == f"Database:    {small_db}"
    empty = deckcheck("db", "info", "--lang", "es", env={"XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)})[1]
    assert empty.splitlines()[0] == f"No hay base de datos de cartas en {tmp_path / 'deckcheck' / 'cards.sqlite3'}."
    assert "En su lugar se usa el catálogo integrado (" in empty


def test_db_info_with_an_unknown_lang_is_a_usage_error(small_db):
    code, _out, err = deckcheck("db", "info", "--lang", "xx", "--db", str(small_db), env={"LANG": "pt_BR.UTF-8"})
    assert code == 2
    assert err.strip() == "deckcheck: error: --lang deve ser um de en, de, pt, fr, es, it, ja, não 'xx'"


# -- every help text of every command has a translation ----------------------------------------


def help_texts(command) -> list[str]:
    """The help of ``command`` and of its options (as --help shows them), and of its sub-commands."""
    texts = [command.help] if command.help else []
    shown = command.get_params(command.context_class(command))
    texts += [param.help for param in shown if getattr(param, "help", None)]
    for sub in getattr(command, "commands", {}).values():
        texts += help_texts(sub)
    return texts


@pytest.fixture
def built(monkeypatch):
    """The whole application built as for ``deckcheck --lang LANG ...`` (the help language reset after)."""
    import typer.main

    from deckcheck.cli import application
    from deckcheck.cli.common import set_help_language

    def build(lang: str):
        monkeypatch.setattr(sys, "argv", ["deckcheck", "check", "--lang", lang])
        return typer.main.get_command(application())

    yield build
    set_help_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_text_of_every_command_is_translated(built, lang):
    english = help_texts(built("en"))
    translated = help_texts(built(lang))
    assert len(english) == len(translated) > 80
    same = [text for text, other in zip(english, translated) if text == other]
    assert same == []
    tr = translator(lang)
    for word in ("Usage:", "Options", "Arguments", "Commands", "required", "Show this message and exit."):
        assert tr.gettext(word) != word or word in THE_SAME_WORD.get(lang, ()), (lang, word)
