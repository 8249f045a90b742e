"""Module-level jobs for crowsnest.batch.parallel tests (spawned workers import them)."""

from __future__ import annotations

import os
import signal
import time


def square_or_die(x: int) -> int:
    """Job -1 kills its own worker (as kill -9 or the OOM killer would)."""
    if x == -1:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.01)
    return x * x


def always_die(x: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return x


def slow(x: int) -> int:
    time.sleep(0.05)
    return x
