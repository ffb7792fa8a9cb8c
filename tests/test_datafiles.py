"""deckcheck.datafiles: the YAML every deck, pack and configuration is read with refuses alias
bombs before anything walks them, and a cache folder that cannot be used is passed over with one
warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import PROJECT_ROOT, assert_clean
from support import run_deckcheck as run

DECK = "4 Iono PAL 185\n"
COPY_LIMIT_DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


BOMB = "".join(
    [
        f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
        for name, prev in zip("abcdefg", [None, *"abcdef"])
    ]
)


def test_yaml_alias_bombs_are_refused_before_anything_walks_them(tmp_path):
    (tmp_path / "deck.yaml").write_text(BOMB + "cards: [*g]\n")
    result = run("check", str(tmp_path / "deck.yaml"), "--no-config")
    assert_clean(result, 1)
    assert b"(an alias bomb)" in result.stdout and len(result.stdout) < 5000
    (tmp_path / "pack.yaml").write_text(BOMB + "name: bomb\nrules: *g\n")
    (tmp_path / "list.txt").write_text(DECK)
    result = run("check", str(tmp_path / "list.txt"), "--format", str(tmp_path / "pack.yaml"), "--no-config")
    assert_clean(result, 2)
    assert b"pack.yaml:6: invalid YAML: the aliases in this document expand to more than 100,000" in result.stderr
    (tmp_path / ".deckcheck.yaml").write_text(BOMB + "formt: *g\n")  # an unknown key names its value
    result = run("check", "list.txt", cwd=tmp_path)
    assert_clean(result, 2)
    assert b".deckcheck.yaml:6: invalid YAML" in result.stderr and len(result.stderr) < 5000


def test_an_alias_inside_what_it_names_is_refused_and_modest_aliases_are_read():
    import yaml

    from deckcheck.datafiles import yaml_loader
    from deckcheck.parse.structured import parse_structured

    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader())
    with pytest.raises(yaml.YAMLError, match="contains it"):
        yaml.load("a: &a [1, *a]\n", Loader=yaml_loader(pure=True))
    parsed = parse_structured(
        "iono: &iono {count: 4, name: Iono, set: PAL, number: 185}\ncards: [*iono, {count: 2, name: Pikachu}]\n",
        "deck.yaml",
        "yaml",
    )
    assert [entry.name for entry in parsed.entries] == ["Iono", "Pikachu"]


def test_an_ampersand_in_a_name_is_no_anchor_but_a_bomb_beside_one_is_still_refused():
    import yaml

    from deckcheck.datafiles import _may_hold_anchor, yaml_loader

    # The shipped catalogue is full of "Pikachu & Zekrom-GX": it need not be walked.
    assert not _may_hold_anchor("name: Pikachu & Zekrom-GX\nother: Bellelba & Brycen-Man &\n")
    assert _may_hold_anchor("a: &a [1]\n")
    for pure in (False, True):
        with pytest.raises(yaml.YAMLError, match="alias bomb"):
            yaml.load("name: Pikachu & Zekrom-GX\n" + BOMB + "cards: [*g]\n", Loader=yaml_loader(pure=pure))


def _unusable_home_env(home: Path) -> dict:
    return {
        "HOME": str(home),
        "XDG_CACHE_HOME": "",
        "XDG_DATA_HOME": "",
        "DECKCHECK_CACHE_DIR": "",
        "DECKCHECK_DB": "",
        "DECKCHECK_NO_CACHE": "",
    }


def _check_in(folder: Path, env: dict):
    (folder / ".deckcheck.yaml").write_text("date: 2026-11-30\n", encoding="utf-8")  # the config cache too
    (folder / "deck.txt").write_bytes(COPY_LIMIT_DECK.read_bytes())
    return run("check", "deck.txt", cwd=folder, env={name: value or None for name, value in env.items()})


def test_a_home_whose_folders_cannot_be_looked_into_is_skipped_with_a_warning(tmp_path):
    # As root no permission refuses a look; a name the system refuses does the same
    # (stat fails with an error other than "not there": ENAMETOOLONG here, EACCES for
    # `sudo -u someone` keeping root's HOME).
    home = tmp_path / ("h" * 300)
    result = _check_in(tmp_path, _unusable_home_env(home))
    assert_clean(result, 1)
    err = result.stderr.decode()
    assert err.count("deckcheck: warning: cannot use the cache folder") == 1, err
    assert "going on without it" in err and "copy-limit" in result.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root enters any folder")
def test_a_home_the_user_cannot_enter_is_skipped_with_a_warning(tmp_path):
    home = tmp_path / "home"
    (home / ".cache").mkdir(parents=True)
    home.chmod(0)
    try:
        result = _check_in(tmp_path, _unusable_home_env(home))
    finally:
        home.chmod(0o755)
    assert_clean(result, 1)
    assert b"Permission denied" in result.stderr


# -- a document of plain values built in one pass ---------------------------------------------------

# Scalars as a YAML file may write them: text, numbers in every form YAML 1.1 reads, true/false,
# nothing, dates, merge and value keys, explicit tags, quotes.
_SCALARS = [
    "Iono",
    "Basic {P} Energy",
    "4",
    "0",
    "012",
    "0x1f",
    "0b11",
    "1_000",
    "+4",
    "-4",
    "4.0",
    "1e3",
    ".inf",
    ".NaN",
    "~",
    "null",
    "Null",
    "",
    "yes",
    "No",
    "ON",
    "off",
    "true",
    "2026-04-10",
    "2026-02-30",
    "2001-12-14t21:59:43.10-05:00",
    "1:20",
    "'4'",
    '"185"',
    "!!str 4",
    "!!int 4",
    "!!int 012",
    "!!float 4",
    "!!bool yes",
    "!!null x",
    "!!binary aGk=",
    "\u0661\u0662",
    "!!int \u0661\u0662",
    "99999999999999999999",
    "PAL",
    "TG12",
    "=",
    "<<",
]


def _yaml_value(draw, depth):
    from hypothesis import strategies as st

    kind = draw(st.sampled_from(["scalar"] * 3 + (["list", "mapping", "flow"] if depth < 3 else [])))
    if kind == "scalar":
        return draw(st.sampled_from(_SCALARS))
    if kind == "flow":
        keys = draw(st.lists(st.sampled_from(["count", "name", "set", "number", "1", "on", "<<", "="]), max_size=4))
        return "{" + ", ".join(f"{key}: {draw(st.sampled_from(_SCALARS[:30]))}" for key in keys) + "}"
    pad = "  " * (depth + 1)
    if kind == "list":
        items = draw(st.lists(st.just(None), max_size=3))
        return "".join(f"\n{pad}- {_yaml_value(draw, depth + 1)}" for _ in items) or "[]"
    keys = draw(
        st.lists(st.sampled_from(["count", "name", "set", "number", "cards", "1", "on", "<<", "="]), max_size=4)
    )
    return "".join(f"\n{pad}{key}: {_yaml_value(draw, depth + 1)}" for key in keys) or "{}"


def _typed(value):
    """A value with its types written out: 1, True and 1.0 are equal, but not the same value read."""
    if isinstance(value, dict):
        return ("dict", [(_typed(k), _typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [_typed(v) for v in value])
    if isinstance(value, float) and value != value:
        return ("float", "nan")
    return (type(value).__name__, value)


def test_a_plain_document_is_built_as_the_general_constructor_builds_it():
    import yaml
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from deckcheck.datafiles import yaml_loader
    from deckcheck.parse.structured import _yaml_duplicates

    @st.composite
    def documents(draw):
        keys = draw(st.lists(st.sampled_from(["name", "cards", "format", "count", "on", "<<"]), min_size=1, max_size=4))
        return "".join(f"{key}: {_yaml_value(draw, 0)}\n" for key in keys)

    @settings(max_examples=200, deadline=None)
    @given(text=documents())
    def check(text):
        for pure in (False, True):
            try:
                expected = yaml.load(text, Loader=yaml_loader(pure=pure))
            except (yaml.YAMLError, ValueError, TypeError, OverflowError, KeyError) as error:
                expected = type(error)
            loader = yaml_loader(pure=pure)(text)
            try:
                node = loader.get_single_node()
                data, distinct = loader.construct_plainly(node)
            except (yaml.YAMLError, ValueError, TypeError, OverflowError, KeyError) as error:
                data, distinct, node = type(error), False, None
            finally:
                loader.dispose()
            assert _typed(data) == _typed(expected) if not isinstance(expected, type) else data is expected
            if distinct:  # every mapping kept each key written: none was written twice
                assert _yaml_duplicates(node) == []

    check()


def test_a_plain_deck_is_built_in_one_pass_and_an_odd_one_the_general_way(monkeypatch):
    from deckcheck.datafiles import yaml_loader

    loader_class = yaml_loader()
    built = []
    real = loader_class.construct_document
    monkeypatch.setattr(loader_class, "construct_document", lambda self, node: built.append(node) or real(self, node))
    for text, general in [
        ("name: x\ncards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", False),
        ("cards:\n  - {count: 4, name: Iono, set: PAL, number: 185}\n", False),
        ("cards:\n  - {count: 4.0, name: Iono}\n", True),  # a float
        ("base: &b {count: 4}\ncards:\n  - {<<: *b, name: Iono}\n", True),  # an anchor and a merge key
    ]:
        loader = loader_class(text)
        data, distinct = loader.construct_plainly(loader.get_single_node())
        assert (len(built) == 1, distinct) == (general, not general)
        built.clear()
        loader.dispose()


# -- a plain scalar's type told without PyYAML's resolver -----------------------------------------

# YAML 1.1's words for true/false and nothing in every casing (PyYAML reads three of each), and
# words near them.
_WORDS = [
    casing(word)
    for word in ["yes", "no", "true", "false", "on", "off", "null", "y", "n", "t", "f", "o", "nul", "onn", "yess", "of"]
    for casing in (str, str.title, str.upper, str.swapcase, lambda w: w[:-1] + w[-1].upper())
]


def test_a_plain_scalar_s_type_is_the_one_pyyaml_s_resolver_gives_whenever_it_is_told_without_it():
    """plain_scalar asks PyYAML's resolver (a large import, docs/speed.md) only of a scalar
    _plain_tag cannot tell; what it tells is what the resolver says, for words near YAML 1.1's
    typed words and for any text of letters, digits and the characters of numbers and dates."""
    import yaml
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from deckcheck.datafiles import _plain_tag

    resolver = yaml.resolver.Resolver()

    def tag(written):
        return resolver.resolve(yaml.ScalarNode, written, (True, False))

    for word in _WORDS:
        assert _plain_tag(word) in (None, tag(word)), word
    # Each kind is told: text, true/false, nothing, a whole number.
    assert [_plain_tag(w) for w in ("Iono", "Nest Ball", "yes", "OFF", "Null", "185", "0")] == [
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:int",
    ]

    @settings(max_examples=200, deadline=None)
    @given(
        st.one_of(
            st.text(alphabet="yYnNtTfFoOaAeElLsSuU019 .:_-+xXbB~<=\u00e9\u0663", max_size=8),
            st.sampled_from(_WORDS),
            st.text(max_size=4),
        )
    )
    def check(written):
        told = _plain_tag(written)
        assert told is None or told == tag(written)

    check()
