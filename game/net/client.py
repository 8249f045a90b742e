"""The client side of an online table's transport, for the window and for protocol bots:
a connection on its own thread, so nothing the network does ever blocks a frame.
`send()` never blocks; `poll()` returns what arrived since the last poll, plus
`{"type": "_closed", "why": ...}` when the connection ends. Reconnecting (and sending
`resume`) is the caller's: it knows the code and the token.

A `redirect` (several server processes, docs/online.md) is followed here: the client
connects to the owner's address, says the same `hello` and sends the same
`join`/`resume` again, and the caller gets `{"type": "_moved", "address": ..., "code": ...}`
in place of the redirect (its `welcome` again is not passed on). `url` is then the
owner's address; `entry` stays the address first given, the one to reconnect to after a
drop (any process of the cluster answers there)."""

from __future__ import annotations

import contextlib
import json
import queue
import threading
from typing import Any

from crowsnest.net.protocol import VERSION

REDIRECT_HOPS = 3  # at most this many redirects for one join/resume (never a loop)


def _connect(url: str, open_timeout: float) -> Any:
    from websockets.sync.client import connect

    # Raises OSError / InvalidURI / TimeoutError when the server cannot be reached.
    return connect(url, open_timeout=open_timeout, max_size=2**20, close_timeout=1)


class ThreadClient:
    def __init__(self, url: str, *, open_timeout: float = 5.0, follow: bool = True) -> None:
        self.url = url
        self.entry = url
        self.follow = follow
        self.open_timeout = open_timeout
        self._in: queue.Queue[dict[str, Any]] = queue.Queue()
        self._out: queue.Queue[str | None] = queue.Queue()
        self.closed = False
        self._hello: dict[str, Any] | None = None
        self._seat_frame: dict[str, Any] | None = None  # the last create/join/resume
        self._hops = 0
        self._ws = _connect(url, open_timeout)
        self._reader = threading.Thread(target=self._read, name="crowsnest-net-in", daemon=True)
        self._writer = threading.Thread(target=self._write, name="crowsnest-net-out", daemon=True)
        self._reader.start()
        self._writer.start()

    def _read(self) -> None:
        why = "closed"
        try:
            while True:
                text = self._ws.recv()
                try:
                    frame = json.loads(text)
                except ValueError:
                    continue
                if not isinstance(frame, dict):
                    continue
                if frame.get("type") == "redirect" and self.follow:
                    self._move(frame)
                    continue
                if frame.get("type") in ("joined", "created"):
                    self._hops = 0
                self._in.put(frame)
        except Exception as e:  # noqa: BLE001 - a drop is reported, never raised
            why = type(e).__name__
        self.closed = True
        self._out.put(None)
        self._in.put({"type": "_closed", "why": why})

    def _move(self, frame: dict[str, Any]) -> None:
        """Follow a redirect on the reader's thread: the new connection says the same hello
        and asks for the same table; raises (a drop) when the owner cannot be reached."""
        address = frame.get("address")
        self._hops += 1
        if not isinstance(address, str) or self._hops > REDIRECT_HOPS or self._hello is None:
            raise ConnectionError("too many redirects")
        ws = _connect(address, self.open_timeout)
        ws.send(self._encode(self._hello))
        welcome = json.loads(ws.recv(timeout=self.open_timeout))
        if welcome.get("type") != "welcome":
            ws.close()
            raise ConnectionError("the owner did not welcome us")
        old, self._ws, self.url = self._ws, ws, address
        with contextlib.suppress(Exception):
            old.close()
        if self._seat_frame is not None:
            ws.send(self._encode(self._seat_frame))
        self._in.put({"type": "_moved", "address": address, "code": frame.get("code")})

    @staticmethod
    def _encode(frame: dict[str, Any]) -> str:
        return json.dumps({"v": VERSION, **frame}, separators=(",", ":"))

    def _write(self) -> None:
        while True:
            text = self._out.get()
            if text is None:
                return
            try:
                self._ws.send(text)
            except Exception:  # noqa: BLE001 - the reader reports the drop
                return

    def send(self, frame: dict[str, Any]) -> None:
        if self.closed:
            return
        kind = frame.get("type")
        if kind == "hello":
            if self.follow:
                accept = list(frame.get("accept", []))
                frame = {
                    **frame,
                    "accept": [*accept, *(["redirect"] if "redirect" not in accept else [])],
                }
            self._hello = frame
        elif kind in ("create", "join", "resume"):
            self._seat_frame = frame
            self._hops = 0
        self._out.put(self._encode(frame))

    def send_raw(self, data: str | bytes) -> None:
        """For tests and fuzzers: a frame exactly as given."""
        if not self.closed:
            with contextlib.suppress(Exception):
                self._ws.send(data)

    def poll(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self._in.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float = 5.0) -> dict[str, Any] | None:
        try:
            return self._in.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._out.put(None)
        with contextlib.suppress(Exception):
            self._ws.close()
        self.closed = True
