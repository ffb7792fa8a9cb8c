"""One base for the errors deckcheck reports: ``path:line: message`` written once."""

import pickle

import pytest

import deckcheck
from deckcheck.carddb.catalogue import CatalogueError
from deckcheck.carddb.errors import DatabaseError
from deckcheck.errors import DeckcheckError, UsageError
from deckcheck.i18n import UnknownLanguage
from deckcheck.packs.loading import PackError
from deckcheck.project.config import ConfigError


@pytest.mark.parametrize("error_type", [DeckcheckError, UsageError, ConfigError, PackError, DatabaseError])
def test_the_place_is_written_once_the_same_way(error_type):
    assert (
        str(error_type("unknown key 'fromat'", path="pyproject.toml", line=12))
        == "pyproject.toml:12: unknown key 'fromat'"
    )
    assert str(error_type("not valid YAML", path="formats/x.yaml")) == "formats/x.yaml: not valid YAML"
    assert str(error_type("no such format")) == "no such format"
    error = error_type("bad", path="a.yaml", line=3)
    assert (error.message, error.path, error.line) == ("bad", "a.yaml", 3)


@pytest.mark.parametrize("error_type", [ConfigError, PackError, DatabaseError, CatalogueError, UnknownLanguage])
def test_every_reported_error_has_the_one_base(error_type):
    assert issubclass(error_type, DeckcheckError)


def test_value_errors_stay_value_errors():
    # callers that caught ValueError before the common base still do
    assert issubclass(UnknownLanguage, ValueError) and issubclass(CatalogueError, ValueError)


def test_the_library_names_are_the_same_classes():
    assert deckcheck.FormatError is PackError
    assert deckcheck.DatabaseError is DatabaseError


def test_an_error_crosses_a_process_boundary_whole():
    # --jobs workers send errors back pickled
    error = pickle.loads(pickle.dumps(PackError("bad", path="p.yaml", line=4)))
    assert type(error) is PackError
    assert (str(error), error.message, error.path, error.line) == ("p.yaml:4: bad", "bad", "p.yaml", 4)
