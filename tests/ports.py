"""Loopback ports for the servers the tests start on a port they choose (a redis-server,
a `crowsnest serve` restarted on the same port).

Not a port the system hands out (`bind(("127.0.0.1", 0))`, every outgoing connection):
those come from the ephemeral range (32768-60999 on Linux), so while a server is down
between a stop and a restart, any connection of another test could take its port. These
come from below that range, from a slice of their own for each xdist worker (so the
workers of one run never pick the same port) and are checked free before use."""

from __future__ import annotations

import os
import random
import socket

# slice 0 without xdist, 1-20 for the workers: 20000-32599, below the ephemeral range
FIRST, SLICE, SLICES = 20000, 600, 20


def _slice() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1", ...; "" without xdist
    return int(worker[2:]) % SLICES + 1 if worker.startswith("gw") else 0


def free_port() -> int:
    """A loopback port free now, from this worker's slice."""
    start = FIRST + _slice() * SLICE
    candidates = list(range(start, start + SLICE))
    random.shuffle(candidates)  # two runs side by side (two worktrees) rarely meet
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no free loopback port in {start}-{start + SLICE - 1}")
