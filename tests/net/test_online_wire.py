"""The server's connections (crowsnest.net.server.Wire) over loopback, bounded: a client
that stops reading never holds its table back, what waits for it is bounded and replaced
by one fresh snapshot, and it reads on from there; a fragmented message is one frame; bad
UTF-8 closes the connection with 1007 (as websockets' own reader does)."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time

import pytest
from bots import Bot
from crowsnest.net import server as server_mod

pytestmark = pytest.mark.slow


class Raw:
    """A WebSocket client on a bare socket: it reads only when told to."""

    def __init__(self, url: str, rcvbuf: int = 0) -> None:
        host, port = url.removeprefix("ws://").rsplit(":", 1)
        self.s = socket.socket()
        if rcvbuf:
            self.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.s.settimeout(10)
        self.s.connect((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(
            (
                f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.s.recv(4096)
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        assert b" 101 " in head.split(b"\r\n")[0], head

    def send_frame(self, payload: bytes, opcode: int = 1, fin: bool = True) -> None:
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        else:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.s.sendall(head + mask + body)

    def send(self, frame: dict) -> None:
        self.send_frame(json.dumps({"v": 1, **frame}).encode())

    def _need(self, n: int) -> None:
        while len(self.buf) < n:
            got = self.s.recv(65536)
            if not got:
                raise EOFError
            self.buf += got

    def recv(self) -> tuple[int, bytes]:
        """(opcode, payload) of the next frame from the server (never masked)."""
        self._need(2)
        op, n = self.buf[0] & 0x0F, self.buf[1] & 0x7F
        at = 2
        if n == 126:
            self._need(4)
            n, at = struct.unpack("!H", self.buf[2:4])[0], 4
        elif n == 127:
            self._need(10)
            n, at = struct.unpack("!Q", self.buf[2:10])[0], 10
        self._need(at + n)
        payload, self.buf = self.buf[at : at + n], self.buf[at + n :]
        return op, payload

    def frame(self) -> dict:
        while True:
            op, payload = self.recv()
            if op == 1:
                return json.loads(payload)
            assert op in (9, 10), op  # pings may come between


def test_a_client_that_stops_reading_never_holds_the_table_back(server, monkeypatch):
    monkeypatch.setattr(server_mod, "SEND_QUEUE", 8)
    owner = Bot(server.url, name="Ada")
    owner.send(
        {
            "type": "create",
            "variant": "doudizhu",
            "seats": [{"kind": "ai", "level": "random"}] * 3,
            "take": None,
            "rules": {"spectators": True},
        }
    )
    code = owner.expect("created")["code"]
    slow = Raw(server.url, rcvbuf=2048)
    slow.send({"type": "hello", "name": "Slow"})
    assert slow.frame()["type"] == "welcome"
    slow.send({"type": "join", "code": code, "watch": True})
    assert slow.frame()["type"] == "joined"
    assert slow.frame()["type"] == "snapshot"
    (wire,) = [c.ws for c in server.server.conns.values() if c.name == "Slow"]
    # The kernel's buffers would take a whole match: its send buffer made small.
    wire.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    # The table plays itself (three computer seats) while the slow one reads nothing.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not owner.state.get("over"):
        owner.pump()
        time.sleep(0.01)
    assert owner.state.get("over"), "the table was held back"
    assert wire.paused, "the slow client's socket never filled"
    assert len(wire.backlog) <= 8
    # Reading again: the frames kept for it, then one snapshot standing in for the rest.
    kinds, seqs = [], []
    while True:
        f = slow.frame()
        kinds.append(f["type"])
        seqs.append(f.get("seq"))
        if f["type"] == "snapshot":
            break
    assert kinds[-1] == "snapshot" and "update" in kinds
    slow.send({"type": "snapshot"})
    while (f := slow.frame())["type"] != "snapshot":
        pass
    assert f["seq"] >= seqs[-1] and f["code"] == code


def test_a_fragmented_message_is_one_frame_and_bad_utf8_closes_with_1007(server):
    raw = Raw(server.url)
    text = json.dumps({"v": 1, "type": "hello", "name": "Frag"}).encode()
    raw.send_frame(text[:5], opcode=1, fin=False)
    raw.send_frame(text[5:12], opcode=0, fin=False)
    raw.send_frame(text[12:], opcode=0, fin=True)
    assert raw.frame()["type"] == "welcome"
    raw.send_frame(b'{"v":1,"type":"snapshot","x":"\xff\xfe"}')
    op, payload = raw.recv()
    assert op == 8 and struct.unpack("!H", payload[:2])[0] == 1007
    assert server.server.internal_errors == 0
    ok = Bot(server.url, name="Next")  # the server serves on
    ok.send({"type": "tables"})
    ok.expect("tables")


def test_the_keepalive_cuts_off_a_client_that_answers_no_ping(server, monkeypatch):
    monkeypatch.setattr(server_mod, "PING_S", 0.3)
    monkeypatch.setattr(server_mod, "PONG_S", 0.5)
    mute = Raw(server.url)  # reads, but never answers a ping
    mute.send({"type": "hello", "name": "Mute"})
    assert mute.frame()["type"] == "welcome"
    alive = Bot(server.url, name="Alive")  # websockets answers pings by itself
    deadline = time.monotonic() + 15
    pings = 0
    with pytest.raises((EOFError, ConnectionError)):
        while time.monotonic() < deadline:
            op, _ = mute.recv()
            pings += op == 9
    assert pings >= 1 and time.monotonic() < deadline
    alive.send({"type": "tables"})
    alive.expect("tables")
    assert not alive.closed


def test_frames_read_by_the_wire_itself_split_joined_and_between_pings(server):
    """Wire reads a client's whole text frames itself (websockets only sees the control
    frames, whole): a frame split over many TCP segments, two frames in one segment, a
    frame with a 16-bit length, a ping between them (answered with a pong, its payload
    echoed), then bad UTF-8, which closes with 1007 as websockets' own reader does."""
    raw = Raw(server.url)
    raw.s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    hello = json.dumps({"v": 1, "type": "hello", "name": "Split"}).encode()
    mask = os.urandom(4)
    whole = bytes([0x81, 0x80 | len(hello)]) + mask
    whole += bytes(b ^ mask[i % 4] for i, b in enumerate(hello))
    for i in range(len(whole)):  # one byte a segment
        raw.s.sendall(whole[i : i + 1])
        time.sleep(0.002)
    assert raw.frame()["type"] == "welcome"
    (wire,) = [c.ws for c in server.server.conns.values() if c.name == "Split"]
    assert wire.fast is True
    long = b'{"v":1,"type":"tables","ref":"r2"' + b" " * 300 + b"}"
    frames = []
    for payload, op in (
        (b'{"v":1,"type":"tables","ref":"r1"}', 1),
        (b"are you there", 9),
        (long, 1),
    ):
        m = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | op]) + (
            bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n)
        )
        frames.append(head + m + bytes(b ^ m[i % 4] for i, b in enumerate(payload)))
    blob = b"".join(frames)
    raw.s.sendall(blob[:-7])  # the last frame's end in a segment of its own
    time.sleep(0.05)
    raw.s.sendall(blob[-7:])
    got = []
    while len(got) < 3:
        op, payload = raw.recv()
        got.append((op, json.loads(payload)["ref"] if op == 1 else payload))
    # The pong goes out at once; answers at the end of the loop's tick (after the commit).
    assert [x for x in got if x[0] == 1] == [(1, "r1"), (1, "r2")]
    assert (10, b"are you there") in got
    assert wire.fast is True
    raw.send_frame(b'{"v":1,"type":"snapshot","x":"\xff\xfe"}')
    op, payload = raw.recv()
    assert op == 8 and struct.unpack("!H", payload[:2])[0] == 1007
    assert server.server.internal_errors == 0


def test_a_connection_is_kept_small_and_its_handler_ends_when_it_is_lost(server):
    """Memory per connection (docs/online.md, session 13): Wire's own attributes are
    slots, so the instance dict holds websockets' alone, at most 30 keys (CPython shares
    the keys of such dicts between instances); the handler waits on the connection's
    own `gone` future, and ends once the client drops."""
    from crowsnest.net.server import Wire

    raw = Raw(server.url)
    raw.send({"type": "hello", "name": "Small"})
    assert raw.frame()["type"] == "welcome"
    (c,) = [c for c in server.server.conns.values() if c.name == "Small"]
    ws = c.ws
    assert isinstance(ws, Wire) and not set(vars(ws)) & set(Wire.__slots__)
    assert len(vars(ws)) <= 30
    assert ws.gone is not None and not ws.gone.done()
    raw.s.close()
    deadline = time.monotonic() + 10
    while c.id in server.server.conns and time.monotonic() < deadline:
        time.sleep(0.01)
    assert c.id not in server.server.conns and ws.gone.done()
