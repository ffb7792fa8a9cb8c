"""Messages in the player's language: gettext catalogues, chosen by ``--lang`` or the locale.

Every message template in the code is English and doubles as the gettext
msgid; it is marked for extraction with :func:`N_` (a no-op) and translated
*as a whole* when a report is rendered, never assembled from translated
fragments. Parts of a message that must themselves be translated (``lines 3,
5``, ``A, B and C``, a Pokémon type, a pack's ``ACE SPEC cards`` label) are
passed as :class:`Phrase` values: a ``str`` holding the English text, so that
``Finding.message`` and every existing report stay exactly as they were, that
also remembers its own template and parameters for translation.

The catalogues are the ``.mo`` files under ``deckcheck/locale``, compiled
with Babel from the ``.po`` files beside them (see README "Languages"); at run
time only the standard library's :mod:`gettext` reads them, and only when a
language other than English is asked for.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from deckcheck.errors import DeckcheckError

DOMAIN = "deckcheck"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE = "en"


def N_(message: str) -> str:
    """Mark ``message`` for extraction (``pybabel extract`` knows ``N_``); returns it unchanged."""
    return message


class Plural(str):
    """A message template with plural forms, chosen by the number in the
    parameter ``key``: English has "{count} card" for 1 and "{count} cards"
    otherwise; each catalogue has as many forms as its language and its own
    ``Plural-Forms`` rule (gettext ``ngettext``), so no language is left with
    "1 cards". As a ``str`` it is the plural msgid; :meth:`format` picks the
    English form, so ``Finding.message`` reads right without a catalogue.
    Make one with :func:`ngettext`."""

    singular: str
    plural: str
    key: str

    def __new__(cls, singular: str, plural: str, key: str = "count") -> Plural:
        self = super().__new__(cls, plural)
        self.singular, self.plural, self.key = singular, plural, key
        return self

    def number(self, params: Mapping[str, Any]) -> int:
        value = params.get(self.key)
        try:
            return int(value)  # type: ignore[arg-type]  # anything: what int() refuses reads as plural
        except (TypeError, ValueError):
            return 2  # not a number: the plural form reads least wrong

    def english(self, params: Mapping[str, Any]) -> str:
        return self.singular if self.number(params) == 1 else self.plural

    def format(self, *args: Any, **params: Any) -> str:
        return self.english(params).format(*args, **params)

    def translated(self, tr: Translator, params: Mapping[str, Any]) -> str:
        return tr.ngettext(self.singular, self.plural, self.number(params))

    def __reduce__(self):  # keep both forms through copy/pickle
        return (Plural, (self.singular, self.plural, self.key))


def ngettext(singular: str, plural: str, key: str = "count") -> Plural:
    """Mark a message with plural forms for extraction (``ngettext`` is one of
    Babel's default keywords; both forms carry the number's placeholder) and
    return it as a :class:`Plural` template chosen by the parameter ``key``:
    ``ngettext("Add {missing} card.", "Add {missing} cards.", "missing")``."""
    return Plural(singular, plural, key)


# Languages with a message catalogue (English is the msgids themselves).
MESSAGE_LANGUAGES: tuple[str, ...] = ("en", "de", "pt", "fr", "es", "it", "ja")
# Languages whose card names can be imported from TCGdex and read in deck lists.
CARD_LANGUAGES: tuple[str, ...] = ("de", "fr", "es", "it", "pt")

LANGUAGE_NAMES: Mapping[str, str] = {
    "en": N_("English"),
    "de": N_("German"),
    "fr": N_("French"),
    "es": N_("Spanish"),
    "it": N_("Italian"),
    "pt": N_("Portuguese"),
    "ja": N_("Japanese"),
}

# Environment variables that name the message locale, strongest first (POSIX).
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(DeckcheckError, ValueError):
    """A language code deckcheck has no catalogue (or no card names) for."""


def language_code(value: str) -> str:
    """``de_DE.UTF-8`` -> ``de``, ``pt-BR`` -> ``pt``, ``C``/``POSIX`` -> ``en``."""
    text = value.strip().split(".", 1)[0].split("@", 1)[0]
    if text.upper() in ("C", "POSIX", ""):
        return DEFAULT_LANGUAGE
    return text.replace("-", "_").split("_", 1)[0].lower()


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The message language the locale asks for (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``); English when unset or when deckcheck has no catalogue for it."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable)
        if value:
            code = language_code(value)
            return code if code in MESSAGE_LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def choose_language(
    option: str | None, environ: Mapping[str, str] | None = None, *, what: str = "the message language"
) -> str:
    """The message language: ``option`` when given (an unknown one raises
    :class:`UnknownLanguage`, its message naming ``what``: the command line
    passes ``--lang``), else the locale's."""
    if option is None or not option.strip():
        return language_from_environment(environ)
    code = language_code(option)
    if code not in MESSAGE_LANGUAGES:
        # TRANSLATORS: {what} is "--lang" (or "the message language"), {choices} "en, de, pt, fr, es, it, ja".
        raise _unknown(N_("{what} must be one of {choices}, not '{value}'"), MESSAGE_LANGUAGES, option, what=what)
    return code


def _unknown(template: str, choices: Sequence[str], value: str, **params: Any) -> UnknownLanguage:
    """The error naming a language deckcheck does not have, as a Phrase."""
    return UnknownLanguage(Phrase(template, choices=", ".join(choices), value=value, **params))


def card_language(option: str | None, *, what: str = "the card language") -> str | None:
    """The language of a list's card names: None (detect per line), ``en`` or one of
    :data:`CARD_LANGUAGES` (``what`` as for :func:`choose_language`: ``--card-lang``)."""
    if option is None or not option.strip() or option.strip().lower() == "auto":
        return None
    code = language_code(option)
    if code != "en" and code not in CARD_LANGUAGES:
        raise _unknown(
            N_("{what} must be auto, en or one of {choices}, not '{value}'"), CARD_LANGUAGES, option, what=what
        )
    return code


def parse_languages(option: str | Iterable[str]) -> tuple[str, ...]:
    """``"de,pt"`` (or a list) -> ``("de", "pt")`` for ``db import-names``/``db update --lang``;
    ``all`` is every card language."""
    parts = option.split(",") if isinstance(option, str) else list(option)
    codes: list[str] = []
    for part in parts:
        if not part.strip():
            continue
        if part.strip().lower() == "all":
            codes.extend(CARD_LANGUAGES)
            continue
        code = language_code(part)
        if code not in CARD_LANGUAGES:
            raise _unknown(
                N_("card name languages must be among {choices} (or all), not '{value}'"), CARD_LANGUAGES, part.strip()
            )
        codes.append(code)
    if not codes:
        raise UnknownLanguage(Phrase(N_("name at least one language of {choices}"), choices=", ".join(CARD_LANGUAGES)))
    return tuple(dict.fromkeys(codes))


# -- catalogues ------------------------------------------------------------------


class Translator(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class _English:
    """The msgids are English: nothing to load."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The catalogue of ``lang``, loaded on first use; English needs none.

    A language without a catalogue falls back to the English msgids
    (``fallback=True``), never to an error.
    """
    if lang == DEFAULT_LANGUAGE:
        return _English()
    import gettext  # English, the code's own messages, reads no catalogue

    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def _as_translator(lang_or_translator: str | Translator | None) -> Translator:
    if lang_or_translator is None:
        return translator(DEFAULT_LANGUAGE)
    if isinstance(lang_or_translator, str):
        return translator(lang_or_translator)
    return lang_or_translator


# -- translatable message parts --------------------------------------------------


class Phrase(str):
    """A part of a message with its own template: English as a ``str``, translated
    (template as a whole, then its parameters) by :func:`localize`.

    ``Phrase(N_("lines {numbers}"), numbers="3, 5")`` is ``"lines 3, 5"``
    wherever a string is expected.
    """

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Phrase:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        return self

    def localize(self, tr: Translator) -> str:
        return localize(self.template, self.params, tr)

    def __reduce__(self):  # keep the template through copy/pickle
        return (_make_phrase, (self.template, dict(self.params)))


def _make_phrase(template: str, params: Mapping[str, Any]) -> Phrase:
    return Phrase(template, **params)


class Joined(str):
    """Items joined by a separator (``", "``, ``"/"``), each translated on its own."""

    items: tuple[Any, ...]
    separator: str

    def __new__(cls, items: Iterable[Any], separator: str = ", ") -> Joined:
        items = tuple(items)
        self = super().__new__(cls, separator.join(str(item) for item in items))
        self.items = items
        self.separator = separator
        return self

    def localize(self, tr: Translator) -> str:
        return self.separator.join(_localized(item, tr) for item in self.items)

    def __reduce__(self):
        return (Joined, (self.items, self.separator))


def term(text: str) -> Phrase:
    """A word or phrase that is its own msgid (a Pokémon type, a pack label)."""
    return Phrase(text)


def and_list(items: Iterable[Any]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (distinct items, in the order given)."""
    unique = list(dict.fromkeys(items))
    if len(unique) <= 1:
        return unique[0] if unique else ""
    # TRANSLATORS: a list of names: {items} is "A, B", {last} the last name.
    return Phrase(N_("{items} and {last}"), items=Joined(unique[:-1]), last=unique[-1])


def or_list(items: Iterable[Any]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    unique = list(items)
    if len(unique) <= 1:
        return unique[0] if unique else ""
    # TRANSLATORS: a choice of names: {items} is "A, B", {last} the last name.
    return Phrase(N_("{items} or {last}"), items=Joined(unique[:-1]), last=unique[-1])


# A finding names at most this many lines in its text; the JSON and SARIF
# reports still list them all. A deck naming one card 4,000 times would
# otherwise write each line number into the message, the hint and the column
# every row of the text report is padded to.
# (A deck of 60 cards never has more lines than that.)
MAX_LINES_SHOWN = 60


def line_numbers(numbers: Iterable[int], *, ordered: bool = True, limit: int = MAX_LINES_SHOWN) -> Phrase:
    """``line 12`` or ``lines 12, 30`` (sorted, each once; ``ordered=False``
    keeps the order given), at most ``limit`` of them:
    ``lines 1, 2, ..., 60 and 3940 more``."""
    shown = sorted(set(numbers)) if ordered else list(numbers)
    if len(shown) == 1:
        # TRANSLATORS: a line number of the deck file, inside a message.
        return Phrase(N_("line {number}"), number=shown[0])
    if len(shown) > limit:
        # TRANSLATORS: {numbers} is "3, 5, 9" (the first lines of the deck file named), {more} how many
        # other lines there are ("3990").
        return Phrase(
            N_("lines {numbers} and {more} more"),
            numbers=", ".join(str(n) for n in shown[:limit]),
            more=len(shown) - limit,
        )
    # TRANSLATORS: {numbers} is "3, 5, 9" (lines of the deck file).
    return Phrase(N_("lines {numbers}"), numbers=", ".join(str(n) for n in shown))


def _localized(value: Any, tr: Translator) -> Any:
    localize_value = getattr(value, "localize", None)
    if localize_value is not None and isinstance(value, str):
        return localize_value(tr)
    return value


def localize(template: str, params: Mapping[str, Any], lang_or_translator: str | Translator | None = None) -> str:
    """``template`` translated as a whole, formatted with its parameters (each
    :class:`Phrase` translated too). A translation whose placeholders do not
    fit the parameters is not used: the English text is better than a traceback."""
    tr = _as_translator(lang_or_translator)
    values = {key: _localized(value, tr) for key, value in params.items()}
    if isinstance(template, Plural):
        translated = template.translated(tr, params)
    else:
        translated = tr.gettext(template) if template else template
    if "e {" in translated and _language_of(tr) == "fr":
        translated = _french_elision(translated, values)
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)


def _language_of(tr: Translator) -> str | None:
    info = getattr(tr, "info", None)
    return info().get("language") if info is not None else None


_ELIDED = "aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ"


def _french_elision(translated: str, values: Mapping[str, Any]) -> str:
    """French elides "de" and "que" before a vowel: "d'Ultra Ball", not "de Ultra Ball".
    Only before a parameter, whose value is known only now; the catalogue writes the rest."""

    def elide(match: re.Match[str]) -> str:
        value = values.get(match["key"])
        if isinstance(value, str) and value[:1] in _ELIDED:
            return f"{match['word'][:-1]}'{{{match['key']}}}"
        return match[0]

    return re.sub(r"\b(?P<word>[dD]e|[qQ]ue) \{(?P<key>\w+)\}", elide, translated)


def gettext(message: str, lang_or_translator: str | Translator | None = None) -> str:
    """A fixed string (no parameters) in the language."""
    return _as_translator(lang_or_translator).gettext(message)


def finding_message(finding: Any, lang_or_translator: str | Translator | None = None) -> str:
    """A :class:`~deckcheck.model.Finding`'s message in the language."""
    if lang_or_translator in (None, DEFAULT_LANGUAGE):
        return finding.message
    return localize(finding.template, finding.params, lang_or_translator)


def finding_hint(finding: Any, lang_or_translator: str | Translator | None = None) -> str | None:
    """A finding's hint in the language (None when it has none)."""
    if finding.hint_template is None:
        return None
    if lang_or_translator in (None, DEFAULT_LANGUAGE):
        return finding.hint
    return localize(finding.hint_template, finding.hint_params, lang_or_translator)


def language_name(code: str, lang_or_translator: str | Translator | None = None) -> str:
    """``de`` -> ``German`` (in the message language: ``Deutsch``, ``alemão`` ...)."""
    return gettext(LANGUAGE_NAMES.get(code, code), lang_or_translator)


def argv_language(argv: Sequence[str] | None = None) -> str:
    """The message language of a command line: its ``--lang``, else the locale (English for
    a language deckcheck has no messages in). For the lines written before (or without) the
    command's own options being read: ``deckcheck: error: ...``, ``--help``."""
    args = list(sys.argv[1:] if argv is None else argv)
    option = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            option = args[i + 1]
        elif arg.startswith("--lang="):
            option = arg.split("=", 1)[1]
    try:
        return choose_language(option)
    except UnknownLanguage:
        return language_from_environment()


def message_of(problem: Any) -> Any:
    """The message of a problem (an exception, a :class:`Phrase`, a ``str``), keeping its
    :class:`Phrase` so that it is translated where it is printed: a
    :class:`~deckcheck.errors.DeckcheckError` whose message is a Phrase keeps its
    ``path:line:`` prefix as it is; an exception holding a Phrase gives it back."""
    if not isinstance(problem, BaseException):
        return problem
    text = str(problem)
    message = getattr(problem, "message", None)
    if isinstance(message, Phrase) and text.endswith(message):
        where = text[: len(text) - len(message)]
        return Phrase("{where}{message}", where=where, message=message) if where else message
    if len(problem.args) == 1 and isinstance(problem.args[0], (Phrase, BaseException)):
        return message_of(problem.args[0])
    return text


def problem_text(problem: Any, lang_or_translator: str | Translator | None = None) -> str:
    """A usage problem's one line in the message language: a :class:`Phrase` (or an
    exception holding one, see :func:`message_of`) is translated, other text stays as it is."""
    text = message_of(problem)
    if isinstance(text, Phrase):
        return text.localize(_as_translator(lang_or_translator))
    return str(text)
