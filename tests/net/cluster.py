"""A real `redis-server` on a free loopback port and `crowsnest serve --redis` processes
for the cluster tests (issue 23). Every wait here is bounded."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ports import free_port

REDIS_SERVER = shutil.which("redis-server")


class RedisServer:
    """redis-server with no persistence, in the test's folder, killed at the end."""

    def __init__(self, folder: Path, *, persist: bool = False) -> None:
        if REDIS_SERVER is None:
            pytest.skip(
                "redis-server is not installed (Debian's redis-server package; "
                ".ci/run installs it with apt-get when it can)"
            )
        pytest.importorskip("redis", reason="the redis client (the [test] extra) is missing")
        import redis

        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.args = [
            REDIS_SERVER,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--dir",
            str(folder),
            # persist: every write in the append-only file before Redis answers it
            *(
                ["--appendonly", "yes", "--appendfsync", "always"]
                if persist
                else ["--appendonly", "no"]
            ),
        ]
        self.client = redis.Redis.from_url(self.url)
        self.start()

    def start(self) -> None:
        import redis

        self.proc = subprocess.Popen(
            self.args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                # ours, not another run's server that holds the port (ours then exits)
                if self.client.info("server")["process_id"] == self.proc.pid:
                    break
            except redis.ConnectionError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                raise AssertionError("redis-server did not start within 10 s") from None
            time.sleep(0.05)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


class Serve:
    """One `crowsnest serve --redis` process on a free loopback port."""

    def __init__(self, redis_url: str, folder: Path, *, lease_ms: int | None = None) -> None:
        env = {**os.environ, "XDG_STATE_HOME": str(folder / "state")}
        cmd = [sys.executable, "-m", "crowsnest", "serve", "--port", "0", "--redis", redis_url]
        if lease_ms is not None:
            cmd += ["--lease-ms", str(lease_ms)]
        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        line = self.proc.stdout.readline()  # bounded: printed at once, or the process died
        m = re.search(r"ws://[^:]+:(\d+)", line)
        assert m, (line, self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.url = f"ws://127.0.0.1:{m.group(1)}"

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            return self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(10)
