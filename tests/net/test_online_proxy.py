"""`crowsnest serve --behind-proxy`: every connection comes from the reverse proxy, and the
player's address (for the per-address caps) comes from its X-Real-IP header."""

from __future__ import annotations

import json
import time

import pytest
from crowsnest.net.server import Caps, start_in_thread
from net_registry import REGISTRY


def connect(url, real_ip):
    from websockets.sync.client import connect

    headers = {"X-Real-IP": real_ip} if real_ip else None
    return connect(url, additional_headers=headers, open_timeout=5, close_timeout=1)


def answer(ws):
    """welcome, or the busy error a connection over the cap gets at once."""
    try:
        return json.loads(ws.recv(timeout=0.5))
    except TimeoutError:
        ws.send(json.dumps({"v": 1, "type": "hello"}))
        return json.loads(ws.recv(timeout=10))


@pytest.mark.slow
def test_behind_a_proxy_each_player_is_counted_by_its_own_address(tmp_path):
    for trusted in (True, False):
        h = start_in_thread(
            "127.0.0.1",
            0,
            tmp_path / f"{trusted}.sqlite3",
            registry=REGISTRY,
            caps=Caps(per_address=2),
            behind_proxy=trusted,
        )
        try:
            conns = [connect(h.url, f"203.0.113.{i}") for i in range(4)]
            got = [answer(ws)["type"] for ws in conns]
            if trusted:  # four players, one connection each: all welcome
                assert got == ["welcome"] * 4
                deadline = time.monotonic() + 5
                while len(h.server.by_addr) < 4 and time.monotonic() < deadline:
                    time.sleep(0.01)
                assert set(h.server.by_addr) == {f"203.0.113.{i}" for i in range(4)}
            else:  # the header is not trusted: one address, two connections at most
                assert got == ["welcome", "welcome", "error", "error"]
            for ws in conns:
                ws.close()
        finally:
            h.stop()
