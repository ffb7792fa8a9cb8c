"""What vulture (the dead-code check of .ci/run) takes for unused, and why each is used.

vulture reads the package alone: a name here is used by a framework, a protocol, the
translators or the people who run deckcheck, never only by the tests."""
# ruff: noqa

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# Module attributes on first use (PEP 562): the lazy names of deckcheck, deckcheck.api,
# deckcheck.cli (the Typer application) and deckcheck.parse.
__getattr__
__dir__

# Called by the frameworks: Typer and Click (the commands are
# registered by name in deckcheck.cli.COMMANDS and the groups' decorators), PyYAML's
# loader, the json decoder.
context_class
_.collect_usage_pieces
db_import
db_update
db_import_names
db_check_sources
db_info
fmt
formats_list
formats_show
formats_lint
formats_update
formats_bundle
rules_list
serve
_.get_single_data
_.scan_once

# The stream protocol: a closed standard stream says it is not closed, so writers try and fail.
closed

# Marked for the translators (N_): the Pokémon types and the shipped packs' labels are
# translated where a pack or a card names them, not through these tuples.
TYPES
LABELS

# Public functions and constants of their modules, kept as the modules' API (the tests use them):
# the verdicts a result can have, the layout of one deck, the JSON report as a dict, the pack
# schema written to deckcheck/schemas/pack.schema.json (tests/packs keeps the file equal),
# the reader of a pokemontcg.io folder.
VERDICTS
TABLE_COLUMNS
format_deck
report_dict
dump_schema
iter_dataset

# Records whose fields say what they hold, read by no code yet: the download's size (update
# summaries), how a TCGdex set was matched, how many cards an update kept from the last one.
downloaded_bytes
how
_.reused

# One line read alone (core/resolve.py): what the tests of resolution call.
resolve_entry
# The section names marked for the catalogues, which translate {section} of a header finding.
SECTION_NAMES
