"""Japan's cards as a region of their own in the card database (``db import --japanese``,
``db update --japanese``): TCGdex's ``/v2/ja`` objects from ../shared/carddata/tcgdex-api
(a few sets of it, copied into a temporary folder or served on 127.0.0.1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from loopback import serving
from typer.testing import CliRunner

from deckcheck.carddb import http as carddb_http
from deckcheck.carddb.build import build_database
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sources.merge import open_sources
from deckcheck.carddb.sqlite import SqliteIndex, database_info
from deckcheck.carddb.update import update_database
from deckcheck.cli import app
from deckcheck.model import INTERNATIONAL, JAPAN

JA_SETS = ["SV1S", "SV1V", "SV5K", "SV9a"]
EN_SETS = ["sv01"]


def _ja_files(tcgdex_api: Path, sets=JA_SETS) -> dict[str, bytes]:
    """The Japanese objects of ``sets`` by export path (``v2/ja/...``), the set list cut down to them."""
    base = tcgdex_api / "v2" / "ja"
    listed = [s for s in json.loads((base / "sets.json").read_text(encoding="utf-8")) if s["id"] in sets]
    files = {"v2/ja/sets.json": json.dumps(listed, ensure_ascii=False).encode()}
    for set_id in sets:
        raw = (base / "sets" / f"{set_id}.json").read_bytes()
        files[f"v2/ja/sets/{set_id}.json"] = raw
        for card in json.loads(raw)["cards"]:
            files[f"v2/ja/cards/{card['id']}.json"] = (base / "cards" / f"{card['id']}.json").read_bytes()
    return files


def _en_files(tcgdex_api: Path) -> dict[str, bytes]:
    base = tcgdex_api / "v2" / "en"
    listed = [s for s in json.loads((base / "sets.json").read_text(encoding="utf-8")) if s["id"] in EN_SETS]
    files = {"v2/en/sets.json": json.dumps(listed).encode()}
    for set_id in EN_SETS:
        raw = (base / "sets" / f"{set_id}.json").read_bytes()
        files[f"v2/en/sets/{set_id}.json"] = raw
        for card in json.loads(raw)["cards"]:
            path = base / "cards" / f"{card['id']}.json"
            if path.is_file():
                files[f"v2/en/cards/{card['id']}.json"] = path.read_bytes()
    return files


@pytest.fixture(scope="module")
def export(tcgdex_api, tmp_path_factory) -> Path:
    """A TCGdex export of a few English and Japanese sets (a folder laid out like the API)."""
    root = tmp_path_factory.mktemp("tcgdex-export")
    for name, body in {**_en_files(tcgdex_api), **_ja_files(tcgdex_api)}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
    return root


@pytest.fixture(scope="module")
def japan_db(export, tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("japan-db") / "cards.sqlite3"
    build_database(open_sources([export], japanese=True), dest)
    return dest


def test_the_japanese_cards_are_a_region_of_their_own(japan_db):
    info = database_info(japan_db)
    assert set(info.sources) == {"tcgdex", "tcgdex-ja"}
    # the newest set reported is the international one, not the newer Japanese sets
    assert info.newest_set_code == "SVI"
    with SqliteIndex(japan_db) as index:
        (judge,) = index.by_number("SV9a", "062", region=JAPAN)
        assert (judge.name, judge.id, judge.set_id, judge.number) == ("ジャッジマン", "jp:SV9a-062", "jp:SV9a", "062")
        assert (judge.region, judge.release_date, judge.regulation_mark) == (JAPAN, "2025-03-14", "G")
        assert (
            judge.supertype == "Trainer" and judge.subtypes == ("Supporter",) and judge.label == "ジャッジマン SV9a 062"
        )
        # the number as lists write it, zeros or none, the code in any case
        assert index.by_number("sv9a", "62", region=JAPAN) == (judge,)
        # a Japanese code never names an international print, nor the other way round
        assert index.by_number("SV9a", "062") == () and not index.knows_set_code("SV1S")
        assert index.knows_set_code("SV1S", region=JAPAN) and not index.knows_set_code("SVI", region=JAPAN)
        assert not index.knows_set_code("S1", region=JAPAN)
        # the results sites' "SV1" of English lists stays Scarlet & Violet's code
        assert index.set_code_of_id("SV1") == "SVI" and index.set_code_of_id("SV1", region=JAPAN) is None
        assert [c.region for c in index.by_number("SVI", "1")] == [INTERNATIONAL]


def test_names_and_release_days_are_asked_per_region(japan_db):
    with SqliteIndex(japan_db) as index:
        nest = index.by_name("ネストボール", region=JAPAN)
        assert {c.set_code for c in nest} == {"SV1S"} and index.by_name("ネストボール") == ()
        assert [c.name for c in index.by_name("Nest Ball")] == ["Nest Ball"] * len(index.by_name("Nest Ball"))
        assert index.by_name("Nest Ball", region=JAPAN) == ()
        # full- and half-width forms, spaces and the ex written apart are one name; the voiced marks are not dropped
        assert index.by_name("ｼﾞｬｯｼﾞﾏﾝ", region=JAPAN) == index.by_name("ジャッジマン", region=JAPAN) != ()
        assert index.by_name("シャッシマン", region=JAPAN) == ()
        assert index.by_name("メガヤンマ ex", region=JAPAN) == index.by_name("メガヤンマex", region=JAPAN) != ()
        # the prints released by a day: SV9a came out on 2025-03-14
        assert index.by_name("ジャッジマン", region=JAPAN, released_by="2025-03-13") == ()
        assert {c.number for c in index.by_name("ジャッジマン", region=JAPAN, released_by="2025-03-14")} == {
            "062",
            "083",
        }
        assert index.suggest("ジャッジマソ", region=JAPAN) == ["ジャッジマン"]


def test_rule_facts_of_the_japanese_cards(japan_db):
    with SqliteIndex(japan_db) as index:
        (belt,) = index.by_number("SV5K", "066", region=JAPAN)
        assert belt.name == "マキシマムベルト" and belt.is_ace_spec  # rarity "ACE SPEC Rare"
        (yanmega,) = index.by_number("SV9a", "003", region=JAPAN)
        assert yanmega.subtypes == ("Stage 1", "ex")
        energy = index.by_name("基本闘エネルギー", region=JAPAN)
        assert energy and all(c.is_basic_energy for c in energy)
        # a secret rare without a mark in the data takes the mark of its set's print of the same card
        (ralts,) = index.by_number("SV1S", "083", region=JAPAN)
        assert ralts.regulation_mark == "G"
        # the promo series' own days: derived within Japan's cards only
        assert all(c.release_date >= "2023-01-20" for c in index.by_name("ネストボール", region=JAPAN))


def test_without_japanese_the_japanese_folder_is_not_read(export, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    build_database(open_sources([export]), dest)
    assert set(database_info(dest).sources) == {"tcgdex"}
    with SqliteIndex(dest) as index:
        assert index.by_number("SV9a", "062", region=JAPAN) == () and index.by_number("SVI", "1")


def test_db_import_japanese_says_and_records_japans_cards(export, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    result = CliRunner().invoke(app, ["db", "import", str(export), "--japanese", "--db", str(dest)])
    assert result.exit_code == 0, result.output
    assert "from TCGdex (Japan): " in result.output and "in 4 sets" in result.output
    info = CliRunner().invoke(app, ["db", "info", "--db", str(dest)])
    assert "TCGdex (Japan):" in info.output


def test_cli_import_japanese_needs_an_export_with_them(export, tmp_path):
    english_only = tmp_path / "export"
    shutil.copytree(export / "v2" / "en", english_only / "v2" / "en")
    dest = tmp_path / "cards.sqlite3"
    result = CliRunner().invoke(app, ["db", "import", str(english_only), "--japanese", "--db", str(dest)])
    assert result.exit_code == 2 and not dest.exists()
    assert "the Japanese cards are read from a TCGdex export that holds them (v2/ja/sets/)" in result.output


# -- db update --japanese ------------------------------------------------------------------


def _api(files: dict[str, bytes]) -> dict[str, tuple[str, bytes]]:
    """Export paths (``v2/ja/sets.json``) as the server's routes (``/v2/ja/sets``)."""
    return {"/" + name.removesuffix(".json"): ("ok", body) for name, body in files.items()}


@pytest.fixture
def server(tcgdex_api, datasets, tmp_path_factory):
    """The international cards from a small invented pokemontcg.io archive (``/dataset.zip``),
    Japan's from the TCGdex API (one set, Battle Partners' 熱風のアリーナ SV9a)."""
    archive = datasets.write_zip(tmp_path_factory.mktemp("archive") / "dataset.zip", datasets.files())
    routes = {**_api(_ja_files(tcgdex_api, ["SV9a"])), "/dataset.zip": ("ok", archive.read_bytes())}
    with serving(routes) as httpd:
        yield httpd


@pytest.fixture(autouse=True)
def _no_backoff(monkeypatch):
    monkeypatch.setattr(carddb_http, "RETRY_BACKOFF", 0.0)


def _update(server, dest: Path, **options):
    return update_database(f"{server.base}/dataset.zip", dest, source="pokemontcg", tcgdex_url=server.base, **options)


def _ja_card_requests(server) -> list[str]:
    return [p for p in server.paths if p.startswith("/v2/ja/cards/")]


def test_update_fetches_the_japanese_cards_and_then_only_what_is_new(server, tcgdex_api, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    result = _update(server, dest, japanese=True)
    assert result.status == "installed" and result.tcgdex_ja["card"] == len(_ja_card_requests(server)) == 92
    info = database_info(dest)
    assert set(info.sources) == {"pokemontcg", "tcgdex-ja"} and info.meta["tcgdex_ja_etag"]
    with SqliteIndex(dest) as index:
        assert [c.name for c in index.by_number("SV9a", "062", region=JAPAN)] == ["ジャッジマン"]

    # nothing new anywhere: two set lists asked for, each answered 304
    before = dest.read_bytes()
    server.requests.clear()
    assert _update(server, dest).status == "unchanged" and dest.read_bytes() == before
    assert server.paths == ["/dataset.zip", "/v2/ja/sets"]

    # a new Japanese set (SVLN, 22 cards): its cards only; the cards fetched before are taken
    # from the database
    listed = json.loads(server.routes["/v2/ja/sets"][1])
    newer = _ja_files(tcgdex_api, ["SVLN"])
    server.routes.update(_api(newer))
    listed += json.loads(newer["v2/ja/sets.json"])
    server.routes["/v2/ja/sets"] = ("ok", json.dumps(listed, ensure_ascii=False).encode())
    server.requests.clear()
    result = _update(server, dest)  # kept: the installed database has the Japanese cards
    assert result.status == "updated" and len(_ja_card_requests(server)) == 22
    assert all(p.startswith("/v2/ja/cards/SVLN-") for p in _ja_card_requests(server))
    assert database_info(dest).sources["tcgdex-ja"].sets == 2


def test_update_no_japanese_leaves_them_out_and_is_no_shrinking_dataset(server, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    _update(server, dest, japanese=True)
    result = _update(server, dest, japanese=False)
    assert result.status == "updated" and set(database_info(dest).sources) == {"pokemontcg"}
    server.requests.clear()
    _update(server, dest)  # by default, a database without them stays without
    assert not [p for p in server.paths if p.startswith("/v2/ja/")]


def test_a_japanese_card_the_mirror_cannot_deliver_is_named_and_nothing_is_installed(server, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    _update(server, dest)
    before = dest.read_bytes()
    assert server.routes.pop("/v2/ja/cards/SV9a-062") is not None
    with pytest.raises(DatabaseError) as error:
        _update(server, dest, japanese=True)
    message = str(error.value)
    assert "TCGdex (Japan)" in message and "could not deliver 1 card" in message and "SV9a-062" in message
    assert dest.read_bytes() == before
    result = _update(server, dest, japanese=True, allow_incomplete=True)
    assert result.missing == {"tcgdex-ja": ("SV9a-062",)}


def test_db_update_japanese_installs_japans_cards_beside_the_english(server, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    args = ["db", "update", "--url", f"{server.base}/dataset.zip", "--source", "pokemontcg"]
    args += ["--tcgdex-url", server.base, "--japanese", "--db", str(dest)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "from TCGdex (Japan): 92 cards in 1 sets" in result.output
    assert "TCGdex (Japan) requests: 1 sets, 92 cards" in result.output
