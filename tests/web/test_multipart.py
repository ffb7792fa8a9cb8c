"""serve reads a deck list uploaded as ``multipart/form-data`` (``curl -F file=@deck.txt``, a form
with a file field) as it reads the same bytes sent as the body: it answered "The request is not
UTF-8 text". The file is read by the reading rule of deck files; the options may be query
parameters or fields beside the file. A real server on 127.0.0.1 (and curl where installed)."""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
from urllib.parse import urlsplit

import pytest
from serve_support import running_server
from support import PROJECT_ROOT

pytest.importorskip("uvicorn", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
pytest.importorskip("python_multipart", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")

DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"
BOUNDARY = "------------------------deckcheck0123456789"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("home")) as url:
        parts = urlsplit(url)
        yield parts.hostname, parts.port


def multipart(files: dict[str, tuple[str, bytes]] = {}, **fields: str) -> bytes:  # noqa: B006
    """A body as curl -F writes it: a part per field, then a part per file with its name."""
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    for name, (filename, data) in files.items():
        head = (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            "Content-Type: text/plain\r\n\r\n"
        )
        parts.append(head.encode() + data + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def post(server, path: str, body: bytes, content_type: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection(*server, timeout=60)
    try:
        connection.request("POST", path, body, {"Content-Type": content_type})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8")
    finally:
        connection.close()


FORM = f"multipart/form-data; boundary={BOUNDARY}"


def test_an_uploaded_file_gets_the_answer_its_bytes_get_as_the_body(server):
    data = DECK.read_bytes()
    status, plain = post(server, "/api/check?date=2026-11-30", data, "text/plain")
    assert status == 200
    status, uploaded = post(server, "/api/check?date=2026-11-30", multipart({"file": ("deck.txt", data)}), FORM)
    assert status == 200, uploaded
    assert json.loads(uploaded) == json.loads(plain)
    # The options as fields beside the file, as curl -F date=... -F lang=de sends them.
    body = multipart({"deck": ("deck.txt", data)}, date="2026-11-30", format="expanded", lang="de")
    status, answer = post(server, "/api/check", body, FORM)
    (result,) = json.loads(answer)["results"]
    assert status == 200 and (result["format"], result["date"]) == ("expanded", "2026-11-30")
    assert "Das Deck hat 5 Karten namens Iono" in answer


def test_an_uploaded_windows_1252_file_is_read_as_check_reads_it(server):
    data = "Pokémon: 1\n4 Charmander PAF 7\n".encode("cp1252")
    status, answer = post(server, "/api/check?date=2026-11-30", multipart({"file": ("deck.txt", data)}), FORM)
    assert status == 200
    (result,) = json.loads(answer)["results"]
    assert result["findings"][0]["rule"] == "encoding"
    status, answer = post(server, "/api/check", multipart({"file": ("deck.txt", b"4 Iono\x81 PAL 185\n")}), FORM)
    assert status == 400 and "is not valid UTF-8: byte 6 on line 1" in json.loads(answer)["error"]


def test_a_form_without_a_list_or_that_is_no_multipart_says_why(server):
    status, answer = post(server, "/api/check", multipart(format="standard"), FORM)
    assert status == 400
    assert json.loads(answer)["error"] == (
        "The form holds no deck list: send it as a file (curl -F file=@deck.txt) or as the field text."
    )
    status, answer = post(server, "/api/check", b"4 Iono PAL 185", "multipart/form-data")
    assert status == 400 and "cannot be read: Missing boundary" in json.loads(answer)["error"]
    status, answer = post(server, "/api/check", multipart(text="4 Iono PAL 185", format="\xff"), FORM)
    assert status == 400  # a field other than the list that is no UTF-8


def test_the_page_takes_a_multipart_form_with_a_file_or_the_text_field(server):
    data = DECK.read_bytes()
    status, page = post(server, "/check", multipart({"file": ("deck.txt", data)}, date="2026-11-30"), FORM)
    assert status == 200 and "The deck has 5 cards named Iono" in page
    # A browser sends an empty file field (no file chosen) beside the text: the text is the list.
    body = multipart({"file": ("", b"")}, text=DECK.read_text(encoding="utf-8"), date="2026-11-30")
    status, page = post(server, "/check", body, FORM)
    assert status == 200 and "The deck has 5 cards named Iono" in page


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_curl_f_uploads_a_deck(server):
    address = f"http://{server[0]}:{server[1]}/api/check?date=2026-11-30"
    done = subprocess.run(
        ["curl", "-s", "-F", f"file=@{DECK}", address], capture_output=True, text=True, timeout=60, check=True
    )
    (result,) = json.loads(done.stdout)["results"]
    assert result["verdict"] == "illegal" and result["findings"][0]["rule"] == "copy-limit"


def test_without_python_multipart_the_server_says_it_takes_no_multipart(serve_client, monkeypatch):
    from starlette import formparsers

    monkeypatch.setattr(formparsers, "multipart", None)
    answer = serve_client.post(
        "/api/check", content=multipart({"file": ("deck.txt", b"4 Iono PAL 185\n")}), headers={"content-type": FORM}
    )
    assert answer.status_code == 415
    assert "cannot read multipart/form-data (python-multipart is not installed" in answer.json()["error"]
