#!/usr/bin/env python3
"""Memory of `crowsnest serve` per connection and per table (docs/online.md, "Load and
memory"), by tracemalloc in the server's own process: a server on a thread of this
process, its clients bare WebSocket sockets in another process (so their memory is not
counted), measured after a warm-up set.

    python tools/bench_serve_memory.py 200 hello   # N connections after hello, no table
    python tools/bench_serve_memory.py 60 table    # N CrowsNest tables of four, all joined

Prints KiB per connection (or per table with its four connections) and the 25 places
that grew most (the innermost frame in websockets or the game). Bounded: it ends when
the clients are made and measured."""

import gc
import subprocess
import sys
import time
import tracemalloc

from crowsnest.net.server import Caps, start_in_thread

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
MODE = sys.argv[2] if len(sys.argv) > 2 else "hello"
CLIENT = r"""
import socket, base64, os, sys, json, time, struct
port, n, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def ws(payload):
    mask = os.urandom(4); b = payload.encode()
    n = len(b); head = bytes([0x81]) + (bytes([0x80|n]) if n < 126 else bytes([0x80|126]) + struct.pack("!H", n))
    return head + mask + bytes(x ^ mask[i % 4] for i, x in enumerate(b))
socks = []
def conn():
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    buf = b""
    while b"\r\n\r\n" not in buf: buf += s.recv(65536)
    s.sendall(ws(json.dumps({"v":1,"type":"hello","name":"m"})))
    time.sleep(0.002)
    return s
def drain(s):
    s.setblocking(False)
    try:
        while s.recv(1 << 20): pass
    except BlockingIOError: pass
if mode == "hello":
    for _ in range(n): socks.append(conn())
else:
    for t in range(n):
        o = conn(); time.sleep(0.01); drain(o)
        o.sendall(ws(json.dumps({"v":1,"type":"create","variant":"crowsnest","seats":[{"kind":"human"}]*4})))
        time.sleep(0.02)
        data = b""
        o.setblocking(True); o.settimeout(5)
        while b'"created"' not in data: data += o.recv(1 << 20)
        i = data.index(b'"code":"') + 8; code = data[i:i+6].decode()
        socks.append(o)
        for _ in range(3):
            s = conn(); s.sendall(ws(json.dumps({"v":1,"type":"join","code":code}))); socks.append(s)
time.sleep(1.0)
for s in socks: drain(s)
print("ready", flush=True)
sys.stdin.readline()
"""
h = start_in_thread(
    "127.0.0.1",
    0,
    ":memory:",
    caps=Caps(tables=100000, connections=100000, per_address=100000),
    joins_per_min=1e9,
)


def client(n):
    return subprocess.Popen(
        [sys.executable, "-c", CLIENT, str(h.port), str(n), MODE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


w = client(20 if MODE == "hello" else 5)
w.stdout.readline()  # warm
time.sleep(0.5)
gc.collect()
tracemalloc.start(10)
time.sleep(0.3)
s0 = tracemalloc.take_snapshot()
m0 = tracemalloc.get_traced_memory()[0]
c = client(N)
c.stdout.readline()
time.sleep(1.5)
gc.collect()
s1 = tracemalloc.take_snapshot()
m1 = tracemalloc.get_traced_memory()[0]
per = (m1 - m0) / N / 1024
unit = "connection" if MODE == "hello" else "table with its 4 connections"
print(f"{per:.1f} KiB per {unit} ({N}), conns {len(h.server.conns)} tables {len(h.server.tables)}")
by = {}
for st in s1.compare_to(s0, "traceback"):
    # group by the innermost frame outside the stdlib's asyncio/tracemalloc: first frame of interest
    fr = st.traceback
    key = None
    for f in reversed(list(fr)):
        fn = f.filename
        if "/websockets/" in fn or "/game/" in fn or "/plugins/" in fn:
            key = fn.split("/")[-2] + "/" + fn.split("/")[-1] + ":" + str(f.lineno)
            break
    key = key or (fr[0].filename.split("/")[-1] + ":" + str(fr[0].lineno))
    by[key] = by.get(key, 0) + st.size_diff
for k, v in sorted(by.items(), key=lambda x: -x[1])[:25]:
    print(f"{v / N / 1024:6.2f} KiB  {k}")
c.stdin.write("\n")
c.stdin.flush()
w.stdin.write("\n")
w.stdin.flush()
c.wait()
w.wait()
h.stop()
