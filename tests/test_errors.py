"""One base for the errors deckcheck reports: ``path:line: message`` written once."""

import pickle

import pytest

import deckcheck
from deckcheck.carddb.catalogue import CatalogueError
from deckcheck.carddb.errors import DatabaseError
from deckcheck.cli.common import UsageProblem
from deckcheck.cli.streams import OutputError
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import UnknownLanguage
from deckcheck.packs.loading import PackError
from deckcheck.parallel import WorkerLost
from deckcheck.project.config import ConfigError
from deckcheck.session import BadDate, Refused
from deckcheck.sheet import PlayerError, SheetUnavailable


@pytest.mark.parametrize("error_type", [DeckcheckError, UsageProblem, ConfigError, PackError, DatabaseError])
def test_the_place_is_written_once_the_same_way(error_type):
    assert (
        str(error_type("unknown key 'fromat'", path="pyproject.toml", line=12))
        == "pyproject.toml:12: unknown key 'fromat'"
    )
    assert str(error_type("not valid YAML", path="formats/x.yaml")) == "formats/x.yaml: not valid YAML"
    assert str(error_type("no such format")) == "no such format"
    error = error_type("bad", path="a.yaml", line=3)
    assert (error.message, error.path, error.line) == ("bad", "a.yaml", 3)


@pytest.mark.parametrize(
    "error_type",
    [
        ConfigError,
        PackError,
        DatabaseError,
        CatalogueError,
        UnknownLanguage,
        UsageProblem,
        OutputError,
        BadDate,
        Refused,
        WorkerLost,
        SheetUnavailable,
        PlayerError,
    ],
)
def test_every_reported_error_has_the_one_base(error_type):
    # tests/test_architecture.py finds every exception class of the package; these are the ones named here
    assert issubclass(error_type, DeckcheckError)


def test_the_standard_bases_stay():
    # callers that caught ValueError (ImportError, RuntimeError) before the common base still do
    assert issubclass(UnknownLanguage, ValueError) and issubclass(CatalogueError, ValueError)
    assert issubclass(BadDate, ValueError) and issubclass(PlayerError, ValueError)
    assert issubclass(SheetUnavailable, ImportError) and issubclass(WorkerLost, RuntimeError)


def test_a_request_the_server_refuses_has_the_one_base():
    pytest.importorskip("starlette", reason="the serve extra is not installed")
    from deckcheck.i18n import translator
    from deckcheck.web.forms import NOT_UTF8, BadRequest

    refused = BadRequest(400, NOT_UTF8)
    assert isinstance(refused, DeckcheckError) and str(refused) == NOT_UTF8 == refused.localize(translator("en"))
    assert refused.localize(translator("de")) not in ("", NOT_UTF8)  # the asker's language


def test_the_library_names_are_the_same_classes():
    assert deckcheck.FormatError is PackError
    assert deckcheck.DatabaseError is DatabaseError


def test_an_error_crosses_a_process_boundary_whole():
    # --jobs workers send errors back pickled
    error = pickle.loads(pickle.dumps(PackError("bad", path="p.yaml", line=4)))
    assert type(error) is PackError
    assert (str(error), error.message, error.path, error.line) == ("p.yaml:4: bad", "bad", "p.yaml", 4)


@pytest.mark.parametrize(
    ("error", "kept"),
    [
        (Refused("no format", "deck.txt", bad_date="1999-13-01"), {"name": "deck.txt", "bad_date": "1999-13-01"}),
        (PlayerError("birth", "the date of birth is in the future"), {"field": "birth"}),
        (OutputError("standard output", OSError(32, "Broken pipe")), {"quiet": True}),
        (BadDate("--date must be a date like 2026-04-10, not 'x'"), {}),
        (SheetUnavailable("needs reportlab"), {}),
        (WorkerLost("a worker process ended unexpectedly"), {}),
    ],
)
def test_the_errors_with_arguments_of_their_own_cross_a_process_boundary_whole(error, kept):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and again.message == error.message
    assert {name: getattr(again, name) for name in kept} == kept
