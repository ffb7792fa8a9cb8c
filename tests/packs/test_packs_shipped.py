"""The shipped format packs load and validate; a broken pack is reported with
its file and the line of the mistake."""

from __future__ import annotations

import pytest
import yaml

from deckcheck.datafiles import yaml_loader
from deckcheck.packs.loading import PackError, available_packs, builtin_pack_dir, load_pack, validate_pack_data
from deckcheck.rules import KINDS

SHIPPED = sorted(available_packs())
# The formats deckcheck promises (README, docs/formats.md); a missing file is a failure, not a skip.
REQUIRED = ("base-fossil", "expanded", "glc", "half-deck", "modified-2001", "modified-2002", "standard", "unlimited")


def test_the_formats_of_issue_4_are_shipped():
    assert set(REQUIRED) <= set(SHIPPED), f"missing packs: {sorted(set(REQUIRED) - set(SHIPPED))}"


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_pack_validates_against_the_schema(name):
    path = builtin_pack_dir() / f"{name}.yaml"
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml_loader())
    assert validate_pack_data(data) == []
    assert data["name"] == name, "a pack's name is its file name"
    assert data.get("description"), "formats list shows the description"


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_pack_loads_with_its_parents(name):
    pack = load_pack(name)
    assert pack.name == name
    assert pack.chain[0] == name
    ids = [rule.id for rule in pack.rules]
    assert len(ids) == len(set(ids)), f"duplicate rule ids in {name}: {ids}"
    assert all(rule.kind in KINDS for rule in pack.rules)
    # Every official and casual format keeps the structural rules (RULES.md 6.0).
    assert {"deck-size", "basic-pokemon", "card-limit"} <= set(ids)


def test_glc_replaces_the_expanded_rules_it_must_not_inherit():
    glc, expanded = load_pack("glc"), load_pack("expanded")
    ids = {rule.id for rule in glc.rules}
    # docs/rulings.md, "The GLC ban list": not the Expanded ban list; singleton instead of 4 per name.
    assert "copy-limit" not in ids
    assert {"singleton", "single-type", "rule-box", "ace-spec", "banned", "not-legal"} <= ids
    assert glc.rule("banned").options != expanded.rule("banned").options
    assert glc.rule("ace-spec").kind == "banned"
    assert glc.rule("not-legal") == expanded.rule("not-legal")


def test_retro_packs_read_darkness_and_metal_energy_as_special():
    # docs/rulings.md, "A bare Darkness or Metal Energy".
    for name in ("base-fossil", "modified-2001", "modified-2002"):
        assert load_pack(name).options.get("special_darkness_metal") is True, name
    for name in ("standard", "expanded", "unlimited", "glc", "half-deck"):
        assert not load_pack(name).options.get("special_darkness_metal"), name


# -- planted mistakes ------------------------------------------------------

BROKEN_PACKS = {
    "unknown rule kind": (
        """\
name: broken
description: one planted mistake
extends: unlimited
rules:
  - id: deck-size
    kind: deck-size
    size: 60
  - id: favourite-type
    kind: favourite-type
""",
        9,
        "favourite-type",
    ),
    "bad option value": (
        """\
name: broken
description: one planted mistake
extends: unlimited
rules:
  - id: copy-limit
    kind: copy-limit
    exempt: {flags: [basic_energy]}
    max: four
""",
        8,
        "four",
    ),
    "date in the wrong form": (
        """\
name: broken
description: one planted mistake
extends: expanded
rules:
  - id: banned
    kind: banned
    cards:
      - names: [Wally]
        since: 2018-08-17
      - names: [Red Card]
        since: 15.11.2019
        reason: hand disruption
""",
        11,
        "15.11.2019",
    ),
}


@pytest.mark.parametrize("mistake", sorted(BROKEN_PACKS))
def test_a_planted_mistake_names_the_file_and_its_line(mistake, tmp_path):
    text, line, quoted = BROKEN_PACKS[mistake]
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PackError) as raised:
        load_pack(str(path))
    error = raised.value
    assert error.path == str(path)
    assert error.line == line, f"{mistake}: reported line {error.line}, the mistake is on line {line}: {error}"
    assert str(error).startswith(f"{path}:{line}: ")
    assert quoted in str(error)


def test_a_shipped_pack_with_the_same_mistake_would_fail(tmp_path):
    """The shipped packs pass because they are right, not because nothing is
    checked: the Expanded pack with one ban date spelled wrongly is refused."""
    source = (builtin_pack_dir() / "expanded.yaml").read_text(encoding="utf-8")
    assert "since: 2018-08-17" in source
    broken = tmp_path / "expanded.yaml"
    broken.write_text(source.replace("since: 2018-08-17", "since: 2018/08/17", 1), encoding="utf-8")
    wrong_line = (
        source.splitlines().index(next(line for line in source.splitlines() if "since: 2018-08-17" in line)) + 1
    )
    with pytest.raises(PackError) as raised:
        load_pack(str(broken))
    assert raised.value.line == wrong_line


def test_the_committed_pack_schema_is_the_one_the_rule_kinds_generate():
    from support import PROJECT_ROOT

    from deckcheck.packs.loading import dump_schema

    committed = (PROJECT_ROOT / "deckcheck" / "schemas" / "pack.schema.json").read_text(encoding="utf-8")
    assert committed == dump_schema(), (
        'regenerate it: python -c "from deckcheck.packs.loading import dump_schema; '
        "open('deckcheck/schemas/pack.schema.json','w').write(dump_schema())\""
    )
