"""The published schema of the JSON report (deckcheck/schemas/report.schema.json)
is a valid JSON Schema that holds the reports and refuses what is not one."""

from __future__ import annotations

import copy
import json

import pytest
from jsonschema import Draft202012Validator
from support import PROJECT_ROOT, REPORT_SCHEMA, assert_valid_report, doc_text

GOLDEN = PROJECT_ROOT / "tests" / "golden" / "sample_decks.unlimited.json"


def test_the_schema_is_a_valid_json_schema_and_is_shipped_in_the_package():
    Draft202012Validator.check_schema(json.loads(REPORT_SCHEMA.read_text(encoding="utf-8")))
    assert REPORT_SCHEMA.parent.name == "schemas" and REPORT_SCHEMA.parent.parent.name == "deckcheck"
    assert "deckcheck/schemas/report.schema.json" in doc_text("reports.md")


def test_the_golden_report_follows_it():
    assert_valid_report(json.loads(GOLDEN.read_text(encoding="utf-8")))


def _spoil(report: dict, how: str) -> dict:
    bad = copy.deepcopy(report)
    result = bad["results"][0]
    if how == "no legal":
        del bad["legal"]
    elif how == "version 2":
        bad["version"] = 2
    elif how == "unknown severity":
        result["findings"][0]["severity"] = "fatal"
    elif how == "line 0":
        result["findings"][0]["lines"] = [0]
    elif how == "counts by the dataset's names":
        result["counts"] = {"Pokémon": 19, "Trainer": 33, "Energy": 8}
    elif how == "extra key":
        result["score"] = 3
    elif how == "no hint key":
        del result["findings"][0]["hint"]
    elif how == "language without a catalogue":
        result["languages"] = {"xx": [3]}
    return bad


@pytest.mark.parametrize(
    "how",
    [
        "no legal",
        "version 2",
        "unknown severity",
        "line 0",
        "counts by the dataset's names",
        "extra key",
        "no hint key",
        "language without a catalogue",
    ],
)
def test_it_refuses_what_is_no_report(how):
    report = json.loads(GOLDEN.read_text(encoding="utf-8"))
    with pytest.raises(AssertionError, match="does not follow report.schema.json"):
        assert_valid_report(_spoil(report, how))
