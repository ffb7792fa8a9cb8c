"""``deckcheck serve``'s application and HTTP protocol, as it runs them (in a thread here, with its
deadlines shortened), under hostile clients, with real sockets on 127.0.0.1:
idle and half-sent connections are dropped within seconds while other requests are
answered, lines are counted as the parser splits them, a deep JSON body is a 400,
404/405 are JSON, a Host other than this machine's is refused, the answers carry
Content-Security-Policy and nosniff, and --port out of range is a usage error.
Every loop is bounded in count and time."""

from __future__ import annotations

import http.client
import json
import os
import socket
import time

import pytest
from serve_support import guarded_server_in_thread
from support import PROJECT_ROOT, run_deckcheck

pytest.importorskip("uvicorn", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")

DECK = (PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt").read_text(encoding="utf-8")


# The deadlines shortened for the tests (5 s to receive a request, 10 s to send what the kernel
# could not take, as served): the tests wait for them to pass. Not shorter: the clients here share
# the server's process, and a client that reads its answer must not look stalled on a busy machine.
REQUEST_SECONDS = 2.0
SEND_SECONDS = 3.0


@pytest.fixture(scope="module")
def server():
    with guarded_server_in_thread(request_seconds=REQUEST_SECONDS, send_seconds=SEND_SECONDS) as address:
        yield address


def ask(server, method: str, path: str, body: bytes = b"", headers: dict | None = None):
    host, port = server
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.request(method, path, body, headers or {})
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def check(server, text: str = DECK) -> int:
    return ask(server, "POST", "/api/check?date=2026-11-30", text.encode(), {"Content-Type": "text/plain"})[0]


# -- S1: connections that never finish their request -----------------------------------

HOSTILE = [
    b"",  # connects and sends nothing
    b"POST /api/ch",  # half a request line
    b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n4 Io",  # chunks never ended
    b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n4 Iono",  # a promised body never sent
]


def test_300_idle_and_half_sent_connections_are_dropped_and_others_still_answered(server):
    held = []
    try:
        for number in range(300):
            sock = socket.create_connection(server, timeout=10)
            sock.sendall(HOSTILE[number % len(HOSTILE)])
            held.append(sock)
        # While they are held, normal requests are answered (503 for all of them before).
        assert [check(server) for _ in range(5)] == [200] * 5
        # And the server closes every one of them within seconds (one was open after 150 s before).
        deadline = time.monotonic() + 60
        still_open = []
        for number, sock in enumerate(held):
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                while sock.recv(4096):  # a 4xx answer may come first, then the end
                    pass
            except ConnectionResetError:
                pass
            except TimeoutError:
                still_open.append(number)
        assert still_open == [], f"connections still open after 60 s: {still_open[:20]}"
    finally:
        for sock in held:
            sock.close()
    assert check(server) == 200


# -- clients that never read their answer ------------------------------------


def server_side_states(port: int, client_ports: set[int]) -> list[str]:
    """The TCP states of the server's ends of the connections from ``client_ports``, as Linux
    lists them in /proc/net/tcp ("01" established; after the server gives up, "04" FIN-WAIT-1
    with what the client never read still queued, or gone)."""
    states = []
    with open("/proc/net/tcp", encoding="ascii") as table:
        for row in table.readlines()[1:]:
            local, remote, state = row.split()[1:4]
            if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in client_ports:
                states.append(state)
    return states


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads the server's TCP states from Linux's /proc")
def test_connections_whose_answers_are_never_read_are_dropped(server):
    """Each of 10 connections asks for 12 answers of 500 kB (pipelined) with a small receive
    buffer and reads nothing: more than the kernel holds, so the rest waits in the server.
    Within SEND_SECONDS of the answer stalling the server drops the connection (they stayed
    open for as long as the client kept them); meanwhile other requests are answered.

    The test waits for the drop itself (the server's end leaves ESTABLISHED), not for a fixed
    time: on a loaded machine the 120 checks took longer than the sleep, the client began
    reading before an answer had stalled for SEND_SECONDS, and its reading kept them alive."""
    body = b"1 a\n" * 1_999
    request = (
        b"POST /api/check?date=2026-11-30 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
        b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    status, _headers, answer = ask(server, "POST", "/api/check?date=2026-11-30", body, {"Content-Type": "text/plain"})
    assert status == 200 and len(answer) > 400_000
    asked = 12
    held = []
    try:
        for _ in range(10):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(10)
            sock.connect(server)
            sock.sendall(request * asked)
            held.append(sock)
        assert check(server) == 200
        ports = {sock.getsockname()[1] for sock in held}
        deadline = time.monotonic() + 240  # bounded; with the guard the drop comes SEND_SECONDS after the stall
        while "01" in server_side_states(server[1], ports):
            assert time.monotonic() < deadline, "the server kept connections whose answers are never read"
            time.sleep(0.5)
        assert check(server) == 200
        received = []
        deadline = time.monotonic() + 60
        for sock in held:
            got = 0
            try:
                while time.monotonic() < deadline:
                    sock.settimeout(max(0.1, deadline - time.monotonic()))
                    data = sock.recv(1 << 16)
                    if not data:
                        break
                    got += len(data)
            except (ConnectionResetError, TimeoutError):
                pass
            received.append(got)
        # Dropped: each got what the kernels held, not the answers it asked for.
        assert all(got < asked * len(answer) for got in received), received
    finally:
        for sock in held:
            sock.close()
    assert check(server) == 200


# -- S5, S3, 404/405 ----------------------------------------------------------------------


def test_lines_ending_in_cr_count_as_lines():
    from deckcheck.web.app import line_breaks

    assert line_breaks("a\nb\r\nc\rd") == 3


def test_a_list_of_cr_only_lines_is_refused_like_one_of_lf_lines(server):
    status, headers, body = ask(server, "POST", "/api/check", b"1 a\r" * 49_000, {"Content-Type": "text/plain"})
    assert status == 413 and "more than 2000 lines" in json.loads(body)["error"]


def test_the_longest_list_allowed_gets_a_bounded_answer(server):
    status, _headers, body = ask(
        server, "POST", "/api/check?date=2026-11-30", b"1 a\n" * 1_999, {"Content-Type": "text/plain"}
    )
    assert status == 200 and len(body) < 2_000_000


def test_a_json_body_nested_50000_deep_is_a_400(server):
    body = b'{"text": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    status, _headers, answer = ask(server, "POST", "/api/check", body, {"Content-Type": "application/json"})
    assert status == 400 and "too deeply" in json.loads(answer)["error"]


@pytest.mark.parametrize(
    "method, path, status, words",
    [
        ("GET", "/nothing-here", 404, "There is nothing at /nothing-here"),
        ("GET", "/api/check", 405, "/api/check does not answer GET"),
        ("DELETE", "/", 405, "/ does not answer DELETE"),
    ],
)
def test_404_and_405_answer_the_documented_json(server, method, path, status, words):
    got, headers, body = ask(server, method, path)
    assert got == status and headers["content-type"].startswith("application/json")
    assert words in json.loads(body)["error"]


# -- who may talk to it -----------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "192.168.1.5"])
def test_a_host_header_other_than_this_machines_is_refused(server, host):
    status, _headers, body = ask(server, "GET", "/", headers={"Host": host})
    assert status == 421 and "127.0.0.1, localhost or [::1]" in json.loads(body)["error"]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "LOCALHOST"])
def test_this_machines_names_are_answered_with_any_port(server, host):
    for value in (host, f"{host}:{server[1]}"):
        assert ask(server, "GET", "/", headers={"Host": value})[0] == 200


def test_the_answers_carry_a_content_security_policy_and_nosniff(server):
    status, headers, page = ask(server, "GET", "/")
    policy = headers["content-security-policy"]
    assert status == 200 and headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in policy and "script-src 'sha256-" in policy and "frame-ancestors 'none'" in policy
    _status, api_headers, _body = ask(server, "POST", "/api/check", DECK.encode())
    assert api_headers["x-content-type-options"] == "nosniff"


def test_another_host_than_loopback_gets_a_warning_and_no_host_check():
    from deckcheck.web.guard import is_loopback, network_warning

    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"))
    assert network_warning("127.0.0.1") is None
    warning = network_warning("0.0.0.0")
    assert warning and "open to the network" in warning and "no authentication" in warning


@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_a_port_out_of_range_is_a_usage_error(port):
    done = run_deckcheck("serve", "--port", port, "--no-config", text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert "--port" in done.stderr and "0<=x<=65535" in done.stderr


def test_the_pages_own_script_and_style_are_those_the_policy_allows(server):
    """The policy allows the inline script and style by hash: the page must still work (tests/browser)."""
    import base64
    import hashlib
    import re

    _status, headers, page = ask(server, "GET", "/")
    policy, text = headers["content-security-policy"], page.decode("utf-8")
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        blocks = re.findall(rf"<{tag}>(.*?)</{tag}>", text, re.S)
        allowed = re.search(rf"{directive} ([^;]+)", policy).group(1).split()
        assert blocks and all(
            f"'sha256-{base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()}'" in allowed
            for block in blocks
        )
    assert 'style="' not in text  # a style attribute would need 'unsafe-inline'
