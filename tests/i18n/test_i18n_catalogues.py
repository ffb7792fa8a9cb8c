"""The gettext catalogues: complete in de and pt, compiled, in step with the code."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest

babel = pytest.importorskip("babel", reason="Babel (the test extra) checks the catalogues")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from deckcheck.i18n import LOCALE_DIR, MESSAGE_LANGUAGES  # noqa: E402

PROJECT_ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE_DIR / "deckcheck.pot"
REQUIRED = ("de", "pt")  # every message in German and Portuguese, at least
SHIPPED = sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/deckcheck.po"))


def catalogue(path: Path):
    with open(path, "rb") as stream:
        return read_po(stream)


def messages(cat) -> dict:
    """msgid -> msgstr; a message with plural forms is (singular, plural) -> (forms ...)."""
    return {
        tuple(m.id) if isinstance(m.id, list) else m.id: tuple(m.string) if isinstance(m.string, list) else m.string
        for m in cat
        if m.id
    }


def texts(msgid) -> tuple[str, ...]:
    return tuple(msgid) if isinstance(msgid, (tuple, list)) else (msgid,)


def placeholders(text: str) -> set[str]:
    return {field for _literal, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def extracted_msgids() -> set[str]:
    with open(PROJECT_ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for _filename, _lineno, message, _comments, _context in extract_from_dir(
        str(PROJECT_ROOT), method_map, options_map, keywords={"N_": None, "ngettext": (1, 2)}
    ):
        found.add(message)
    return found


def test_the_required_and_welcome_languages_ship_catalogues():
    assert set(REQUIRED) <= set(SHIPPED)
    assert set(SHIPPED) <= set(MESSAGE_LANGUAGES) - {"en"}


def test_the_template_holds_every_message_of_the_code():
    in_code = extracted_msgids()
    in_template = set(messages(catalogue(POT)))
    assert in_code, "nothing extracted: babel.cfg or the N_ markers are broken"
    assert in_code - in_template == set(), "run pybabel extract (docs/languages.md)"
    assert in_template - in_code == set(), "the template keeps messages the code no longer has"


@pytest.mark.parametrize("lang", SHIPPED)
def test_each_catalogue_has_the_templates_messages(lang):
    template = set(messages(catalogue(POT)))
    po = messages(catalogue(LOCALE_DIR / lang / "LC_MESSAGES" / "deckcheck.po"))
    assert set(po) == template, "run pybabel update (docs/languages.md)"


@pytest.mark.parametrize("lang", REQUIRED)
def test_every_message_is_translated_in_german_and_portuguese(lang):
    po = catalogue(LOCALE_DIR / lang / "LC_MESSAGES" / "deckcheck.po")
    untranslated = [m.id for m in po if m.id and not all(texts(m.string))]
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("lang", SHIPPED)
def test_translations_keep_the_placeholders(lang):
    po = messages(catalogue(LOCALE_DIR / lang / "LC_MESSAGES" / "deckcheck.po"))
    wrong = {
        msgid: form
        for msgid, text in po.items()
        for form in texts(text)
        if form and placeholders(form) != placeholders(texts(msgid)[-1])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", SHIPPED)
def test_messages_with_a_number_have_every_plural_form_of_the_language(lang):
    # "1 card", "1 Karte" -- as many forms as the catalogue's Plural-Forms says.
    po = catalogue(LOCALE_DIR / lang / "LC_MESSAGES" / "deckcheck.po")
    plurals = [m for m in po if m.id and m.pluralizable]
    assert len(plurals) >= 10
    for m in plurals:
        assert len(texts(m.string)) == po.num_plurals and all(texts(m.string)), m.id
        assert placeholders(m.id[0]) == placeholders(m.id[1])


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalogue_is_up_to_date(lang):
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    assert (folder / "deckcheck.mo").is_file(), "run pybabel compile (docs/languages.md)"
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(folder / "deckcheck.po"))
    compiled.seek(0)
    with open(folder / "deckcheck.mo", "rb") as stream:
        committed = read_mo(stream)
    fresh = read_mo(compiled)
    assert messages(committed) == messages(fresh), "run pybabel compile (docs/languages.md)"


def test_the_shipped_pack_labels_are_translatable():
    import yaml

    from deckcheck.rules.group_limit import LABELS

    labels = set()
    for pack in (PROJECT_ROOT / "formats").glob("*.yaml"):
        for rule in (yaml.safe_load(pack.read_text("utf-8")) or {}).get("rules", []) or []:
            if isinstance(rule, dict) and "label" in rule:
                labels.add(rule["label"])
    assert labels and labels <= set(LABELS)
