"""What resolution says about a deck line that names no card, or not clearly one: the messages
and their hints, in one place for translators (docs/rulings.md, "Which card a line is", says
when each is an error)."""

from __future__ import annotations

from deckcheck.i18n import N_

NAME_MISMATCH = N_("{set_code} {number} is {actual}, not {written}; the line was read as {actual}.")
NAME_MISMATCH_HINT = N_("Correct the name or the set code and number.")
# The written name is another card: the line names two cards, so it says none.
NAME_IS_OTHER_CARD = N_(
    "{set_code} {number} is {actual}, not {written}, so the line does not say which card it is "
    "and the deck's legality cannot be shown."
)
# The written name is no card and no close spelling of the numbered one.
NAME_IS_NO_CARD = N_(
    "{set_code} {number} is {actual}, and no card is named {written}, so the line does not say "
    "which card it is and the deck's legality cannot be shown."
)
NAME_IS_NO_CARD_HINT = N_(
    "Correct the name or the set code and number. If the name is in another language, add "
    "the card names: deckcheck db update --lang all."
)
UNKNOWN_SET = N_(
    "The set code {set_code} is not in the card database, so the line does not say which card it is "
    "and the deck's legality cannot be shown."
)
UNKNOWN_SET_HINT = N_(
    "If it is a new set, update the card database: deckcheck db update "
    "(it takes new sets from pokemontcg.io and TCGdex)."
)
UNKNOWN_PRINT = N_(
    "There is no card {set_code} {number} in the card database; the line was read by its name as {card}."
)
UNKNOWN_PRINT_HINT = N_("Check the set code and number.")
# A set code the database holds, with a number it does not hold for that set: the line says
# no card unless every print of the name it may mean is one card to the rules.
UNKNOWN_PRINT_ERROR = N_(
    "There is no card {set_code} {number} in the card database, and the prints of {name} are not "
    "all judged alike, so the line does not say which card it is and the deck's legality cannot be shown."
)
# TRANSLATORS: {set_code} is a set code such as PR-SV or TWM; the command stays as it is.
UNKNOWN_PRINT_ERROR_HINT = N_(
    "If {set_code} is a promo set or one of the newest sets, the card may be newer than the card "
    "database: update it (deckcheck db update). Otherwise correct the number."
)
# The built-in catalogue holds some prints of a set only.
UNKNOWN_PRINT_PARTIAL = N_(
    "The built-in catalogue has no card {set_code} {number}, so the line does not say which card it is "
    "and the deck's legality cannot be shown."
)
# TRANSLATORS: {released} and {date} are ISO dates.
UNKNOWN_PRINT_UNRELEASED = N_(
    "There is no card {set_code} {number} in the card database, and {set_code} came out on {released}, "
    "after {date}: no card of it is legal on {date}, so the line does not say a card the deck may play."
)
UNKNOWN_PRINT_UNRELEASED_HINT = N_("Correct the set code and number, or check the deck for a later day (--date).")
UNKNOWN_CARD = N_("No card named {name} was found, so the deck's legality cannot be shown.")
# "4 Iono PAL": a card name followed by words that are no set code and number.
UNREAD_PRINT = N_(
    '{name} is a card, but "{rest}" after it is not a set code and number deckcheck understands, '
    "so the line does not say which card it is and the deck's legality cannot be shown."
)
UNREAD_PRINT_HINT = N_("Write the set code and number as printed on the card, e.g. {example}.")
UNKNOWN_CARD_HINT = N_("Did you mean: {suggestions}? {missing}")
# TRANSLATORS: only the advice that follows "Did you mean" otherwise; leave it as it is.
UNKNOWN_CARD_HINT_NO_SUGGESTION = N_("{missing}")
AMBIGUOUS = N_(
    "{name} names prints that the deck-building rules treat differently ({candidates}); it was read as {card}."
)
AMBIGUOUS_HINT = N_("Add the set code and number, e.g. {example}.")
# A name-only line whose prints differ in game text, some allowed, some not.
# TRANSLATORS: {candidates} and {legal} list prints ("Pikachu SVI 63, Pikachu PAF 131, …").
AMBIGUOUS_ALLOWED = N_(
    "{name} may mean prints with different game texts ({candidates}), of which the format allows only "
    "{legal} on the day; it was read as {card}."
)
DARK_METAL = N_(
    "{name} is both a basic Energy and a Special Energy card; the {count} copies were read as basic "
    "Energy ({card}). As the Special card ({special}) at most 4 would be allowed."
)
DARK_METAL_HINT = N_("Add the set code and number to say which card you play.")
# TRANSLATORS: {set_code} is SWSHALT, SVALT or SMALT, a code only the PTCG Live game uses.
LIVE_ALT = N_(
    "{set_code} is PTCG Live's own code for an alternate print, so the print cannot be told; the line was "
    "read by its name as {card}."
)
# The candidates' verdicts differ, so legality cannot be shown.
LIVE_ALT_AMBIGUOUS = N_(
    "{set_code} is PTCG Live's own code for an alternate print, so the print cannot be told, and "
    "the format allows some prints of {name} but not others ({candidates}); the deck's legality "
    "cannot be shown."
)
# TRANSLATORS: {set_code} is SWSHALT, SVALT or SMALT, a code only the PTCG Live game uses.
LIVE_ALT_DIFFERENT = N_(
    "{set_code} is PTCG Live's own code for an alternate print, so the print cannot be told, and "
    "the prints of {name} it may be are different cards to the deck-building rules ({candidates}); "
    "the deck's legality cannot be shown."
)
# TRANSLATORS: {series} is a series name ("Sword & Shield"), {date} an ISO date.
LIVE_ALT_NONE = N_(
    "{set_code} is PTCG Live's own code for alternate prints of the {series} series, and no print of "
    "{name} of that series was released by {date}, so the deck's legality cannot be shown."
)
LIVE_ALT_HINT = N_("Write the set code and number printed on the card, e.g. {example}.")
