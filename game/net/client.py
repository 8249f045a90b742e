"""The client side of an online table's transport, for the window and for protocol bots:
a connection on its own thread, so nothing the network does ever blocks a frame.
`send()` never blocks; `poll()` returns what arrived since the last poll, plus
`{"type": "_closed", "why": ...}` when the connection ends. Reconnecting (and sending
`resume`) is the caller's: it knows the code and the token."""

from __future__ import annotations

import contextlib
import json
import queue
import threading
from typing import Any

from crowsnest.net.protocol import VERSION


class ThreadClient:
    def __init__(self, url: str, *, open_timeout: float = 5.0) -> None:
        from websockets.sync.client import connect

        self.url = url
        self._in: queue.Queue[dict[str, Any]] = queue.Queue()
        self._out: queue.Queue[str | None] = queue.Queue()
        self.closed = False
        # Raises OSError / InvalidURI / TimeoutError when the server cannot be reached.
        self._ws = connect(url, open_timeout=open_timeout, max_size=2**20, close_timeout=1)
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
                if isinstance(frame, dict):
                    self._in.put(frame)
        except Exception as e:  # noqa: BLE001 - a drop is reported, never raised
            why = type(e).__name__
        self.closed = True
        self._out.put(None)
        self._in.put({"type": "_closed", "why": why})

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
        if not self.closed:
            self._out.put(json.dumps({"v": VERSION, **frame}, separators=(",", ":")))

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
