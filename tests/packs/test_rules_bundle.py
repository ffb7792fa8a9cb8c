"""``deckcheck formats update``: rules published after a release reach users, verified.

A static file server on 127.0.0.1 serves what ``deckcheck formats bundle`` wrote: a good
bundle (Standard known to 2027-08-31, and a ban of Ultra Ball from 2027-04-01 that no release has),
the same bundle with one byte changed (its index unchanged), and older bundles. Everything
runs as a user runs it (the commands, in this process); each test has a data folder of its
own (tests/conftest.py), so nothing is installed beforehand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import PROJECT_ROOT, FolderServer, run_deckcheck, serving_folder

from deckcheck.packs import bundle as rules_bundle
from deckcheck.packs.bundle import installed_rules
from deckcheck.packs.installed import rules_home

SHIPPED = PROJECT_ROOT / "formats"
BAN = "      - {names: [Ultra Ball], since: 2027-04-01, reason: announced after the release}\n"
DECK = "4 Ultra Ball MEG 131\n"


def _standard(known_until: str, ban: bool) -> str:
    text = (SHIPPED / "standard.yaml").read_text(encoding="utf-8")
    assert "known_until: 2027-03-31" in text
    text = text.replace("known_until: 2027-03-31", f"known_until: {known_until}")
    if ban:  # one more entry at the end of Standard's ban list
        head, _, tail = text.partition("  - id: banned\n    kind: banned\n    cards:\n")
        assert tail, "Standard has a ban list"
        text = head + "  - id: banned\n    kind: banned\n    cards:\n" + BAN + tail
    return text


def _publish(site: Path, name: str, released: str, standard: str) -> Path:
    """A bundle of ``standard`` published on ``released`` in ``site/name`` (its index.json)."""
    source = site.parent / f"{name}-packs"
    source.mkdir()
    (source / "standard.yaml").write_text(standard, encoding="utf-8")
    done = run_deckcheck("formats", "bundle", source, "--released", released, "--out", site / name, text=True)
    assert done.returncode == 0, done.stderr
    return site / name / "index.json"


@pytest.fixture
def site(tmp_path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    _publish(site, "good", "2027-03-15", _standard("2027-08-31", ban=True))
    tampered = site / "tampered"
    tampered.mkdir()
    (tampered / "index.json").write_bytes((site / "good" / "index.json").read_bytes())
    data = bytearray((site / "good" / "rules-2027-03-15.json").read_bytes())
    at = data.index(b"announced after the release")
    data[at] = ord("A")  # one byte
    (tampered / "rules-2027-03-15.json").write_bytes(bytes(data))
    _publish(site, "before-the-release", "2026-10-01", _standard("2027-03-31", ban=False))
    _publish(site, "between", "2027-02-01", _standard("2027-05-31", ban=False))
    return site


@pytest.fixture
def server(site) -> Iterator[FolderServer]:
    with serving_folder(site) as running:
        yield running


def _update(server: FolderServer, name: str, *flags: str):
    return run_deckcheck("formats", "update", "--url", f"{server.base}/{name}/index.json", *flags, text=True)


def _rules(tmp_path: Path, day: str) -> set[str]:
    """The rule ids of the findings about the deck on ``day``."""
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    done = run_deckcheck("check", deck, "--date", day, "--output", "json", "--no-config", text=True)
    findings = json.loads(done.stdout)["results"][0]["findings"]
    return {finding["rule"] for finding in findings}


def _first_line(*args: str) -> str:
    return run_deckcheck(*args, "--no-config", text=True).stdout.splitlines()[0]


def test_with_no_bundle_the_shipped_packs_serve_and_the_warning_says_how_to_update(tmp_path):
    assert _first_line("formats", "list") == "Rules: the packs shipped with deckcheck (published 2026-12-06)."
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    done = run_deckcheck("check", deck, "--date", "2027-04-02", "--output", "json", "--no-config", text=True)
    (beyond,) = [f for f in json.loads(done.stdout)["results"][0]["findings"] if f["rule"] == "beyond-known-seasons"]
    assert beyond["hint"].startswith("Run deckcheck formats update: it installs the bans, legal days and rotations")


def test_a_good_bundle_is_verified_installed_and_used(server, tmp_path):
    done = _update(server, "good")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Installed the rules bundle of 2027-03-15 (from {server.base}/good/index.json")
    assert "standard known to 2027-08-31" in done.stdout
    # formats list and show say which rules are in use, from which bundle, known to which day.
    assert _first_line("formats", "list").startswith(
        f"Rules: the rules bundle of 2027-03-15 (from {server.base}/good/index.json, installed "
    )
    shown = run_deckcheck("formats", "show", "standard", "--date", "2027-04-02", "--no-config", text=True).stdout
    assert "covers: 2001-05-01 onward (known to 2027-08-31)" in shown
    assert "rules: the rules bundle of 2027-03-15" in shown
    # A check uses it: the ban no release has, and no warning that the day is past what is known.
    rules = _rules(tmp_path, "2027-04-02")
    assert "banned" in rules and "beyond-known-seasons" not in rules
    # Nothing new: the index is asked for, the bundle is not downloaded again.
    server.paths.clear()
    again = _update(server, "good")
    assert again.returncode == 0 and again.stdout.startswith("The rules are up to date: the rules bundle of 2027-03-15")
    assert server.paths == ["/good/index.json"]


def test_a_changed_byte_is_refused_and_nothing_is_installed(server, tmp_path):
    done = _update(server, "tampered")
    assert done.returncode == 2
    assert "the rules were not updated, those in use are unchanged: verification failed" in done.stderr
    assert installed_rules() is None and not (rules_home() / "installed.json").exists()
    assert _first_line("formats", "list") == "Rules: the packs shipped with deckcheck (published 2026-12-06)."
    assert "banned" not in _rules(tmp_path, "2027-04-02")


def test_a_digest_given_by_hand_must_be_the_indexs(server):
    done = _update(server, "good", "--sha256", "0" * 64)
    assert done.returncode == 2 and "not the 000" in done.stderr and installed_rules() is None


def test_rules_older_than_the_shipped_packs_need_the_flag(server):
    done = _update(server, "before-the-release")
    assert done.returncode == 2
    assert "the rules offered (2026-10-01) are older than the packs of this deckcheck (2026-12-06)" in done.stderr
    assert installed_rules() is None
    done = _update(server, "before-the-release", "--allow-older")
    assert done.returncode == 0, done.stderr
    assert _first_line("formats", "list").startswith("Rules: the rules bundle of 2026-10-01")


def test_rules_older_than_the_installed_bundle_need_the_flag(server, tmp_path):
    assert _update(server, "good").returncode == 0
    done = _update(server, "between")
    assert (
        done.returncode == 2
        and "the rules offered (2027-02-01) are not newer than those installed (2027-03-15)" in done.stderr
    )
    assert installed_rules().released == "2027-03-15" and "banned" in _rules(tmp_path, "2027-04-02")
    assert _update(server, "between", "--allow-older").returncode == 0
    assert installed_rules().released == "2027-02-01" and "banned" not in _rules(tmp_path, "2027-04-02")


def test_offline_the_installed_bundle_serves(site, tmp_path):
    with serving_folder(site) as running:
        assert _update(running, "good").returncode == 0
        base = running.base
    done = run_deckcheck("formats", "update", "--url", f"{base}/good/index.json", "--timeout", "2", text=True)
    assert done.returncode == 2 and "cannot reach" in done.stderr
    assert "banned" in _rules(tmp_path, "2027-04-02")


def test_an_installed_bundle_older_than_the_shipped_packs_is_not_used(server, tmp_path):
    """As after an upgrade of deckcheck whose packs are newer than the bundle installed before."""
    assert _update(server, "good").returncode == 0
    pointer = rules_home() / "installed.json"
    data = json.loads(pointer.read_text(encoding="utf-8"))
    pointer.write_text(json.dumps({**data, "released": "2026-01-01"}), encoding="utf-8")
    assert _first_line("formats", "list").startswith(
        "Rules: the packs shipped with deckcheck (published 2026-12-06); the rules bundle of 2026-01-01"
    )
    assert "banned" not in _rules(tmp_path, "2027-04-02")


def test_an_update_interrupted_before_its_last_step_leaves_the_installed_rules(server, tmp_path, monkeypatch):
    assert _update(server, "good", "--allow-older").returncode == 0
    before = (rules_home() / "installed.json").read_bytes()

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("deckcheck.atomic.write_atomically", interrupted)
    with pytest.raises(KeyboardInterrupt):
        rules_bundle.update_rules(f"{server.base}/between/index.json", allow_older=True)
    assert (rules_home() / "installed.json").read_bytes() == before
    assert installed_rules().released == "2027-03-15" and "banned" in _rules(tmp_path, "2027-04-02")
    assert not [p for p in rules_home().iterdir() if p.name.startswith(".")]  # no half-written folder left


def test_a_bundle_this_deckcheck_cannot_read_is_refused(site, server):
    broken = site / "broken-packs"
    broken.mkdir()
    (broken / "standard.yaml").write_text("name: standard\nrules:\n  - {id: x, kind: no-such-kind}\n", encoding="utf-8")
    data = rules_bundle.make_bundle("2027-05-01", {"standard": (broken / "standard.yaml").read_text()})
    import hashlib

    (site / "broken").mkdir()
    (site / "broken" / "rules.json").write_bytes(data)
    (site / "broken" / "index.json").write_bytes(
        rules_bundle.make_index("2027-05-01", "rules.json", hashlib.sha256(data).hexdigest())
    )
    done = _update(server, "broken")
    assert done.returncode == 2 and "the pack standard cannot be used by this deckcheck" in done.stderr
    assert installed_rules() is None
