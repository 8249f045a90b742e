"""Hosting a table from the window: a `crowsnest serve` of this installation in its own
process, so the window stays client side only (design.md, 5b): the server's tables, its
computer players and its database never share the window's interpreter or its frames.

`HostedServer.start()` returns at once; the process is started and its address read on
a thread, and `state` says `starting`, `ready` (`port` known) or `failed` (`error`: the
sentence `crowsnest serve` printed). It listens on every address of this machine
(`lan`), so friends on the same network can join, or on loopback only. The tables are
kept in `db`, so a host whose window closed starts the server again on the same file
and port, and every seat resumes where it was."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import crowsnest

DEFAULT_PORT = 8765
# A server whose window is gone (a crash, a kill) ends once nobody has been at its tables
# for this long; a window started again within it finds the server still running.
ALONE_S = 120.0
_ADDRESS = re.compile(r"ws://\S+?:(\d+)")


def normal_address(text: str, port: int = DEFAULT_PORT) -> str:
    """What a player types ("192.168.1.5", "host:9000", "ws://host:9000") as a ws:// URL;
    "" when it cannot be one."""
    t = text.strip()
    if not t or any(c.isspace() for c in t):
        return ""
    if t.startswith(("ws://", "wss://")):
        scheme, rest = t.split("://", 1)
    else:
        scheme, rest = "ws", t
    rest = rest.rstrip("/")
    if not rest:
        return ""
    if rest.startswith("["):  # [::1]:8765 or [::1]
        if "]:" in rest:
            return f"{scheme}://{rest}"
        return f"{scheme}://{rest}:{port}" if rest.endswith("]") else ""
    if rest.count(":") > 1:  # a bare IPv6 address
        return f"{scheme}://[{rest}]:{port}"
    if ":" in rest:
        host, p = rest.rsplit(":", 1)
        if not host or not p.isdigit() or not 0 < int(p) < 65536:
            return ""
        return f"{scheme}://{host}:{int(p)}"
    return f"{scheme}://{rest}:{port}"


def shown_address(url: str) -> str:
    """An address as a player reads and types it (no scheme for plain ws://)."""
    return url.removeprefix("ws://")


def lan_address() -> str:
    """This machine's address on its network, for friends to type ("127.0.0.1" when it
    has none). A UDP socket's connect() only picks the route: no packet is sent."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing is sent
        addr = s.getsockname()[0]
        if addr and not addr.startswith("0."):
            return str(addr)
    return "127.0.0.1"


class HostedServer:
    def __init__(
        self, db: str | Path, *, lan: bool = True, port: int | None = None, alone_s: float = ALONE_S
    ) -> None:
        self.db, self.lan, self.alone_s = str(db), lan, alone_s
        self.want_port = DEFAULT_PORT if port is None else port
        self.state = "idle"
        self.port: int | None = None
        self.error = ""
        self.proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    @property
    def local_url(self) -> str:
        """Where this window connects to its own server."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def public_url(self) -> str:
        """The address friends type."""
        host = lan_address() if self.lan else "127.0.0.1"
        return f"ws://{host}:{self.port}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None and self.state == "ready"

    def start(self) -> None:
        if (
            self.state in ("starting", "ready")
            and self.proc is not None
            and self.proc.poll() is None
        ):
            return
        self.state, self.error, self.port = "starting", "", None
        threading.Thread(target=self._run, name="crowsnest-host", daemon=True).start()

    def _command(self, port: int) -> list[str]:
        host = "0.0.0.0" if self.lan else "127.0.0.1"  # noqa: S104 - friends on this network
        return [
            sys.executable,
            "-m",
            crowsnest.__name__,  # this installation's command (the package, not a game)
            "serve",
            "--host",
            host,
            "--port",
            str(port),
            "--db",
            self.db,
            # ends when this window is gone (its stdin closes, even if the window was
            # killed) and no one else has been at its tables for a while
            "--until-alone",
            str(self.alone_s),
        ]

    def _run(self) -> None:
        Path(self.db).parent.mkdir(parents=True, exist_ok=True)
        # the wanted port first (an address friends can keep); taken: any free one
        for port in dict.fromkeys((self.want_port, 0)):
            got, err = self._try(port)
            if got is not None:
                with self._lock:
                    self.port, self.state = got, "ready"
                return
        with self._lock:
            self.error, self.state = err, "failed"

    def _try(self, port: int) -> tuple[int | None, str]:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        try:
            proc = subprocess.Popen(
                self._command(port),
                stdin=subprocess.PIPE,  # never written: closed when this window goes
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
                start_new_session=True,  # a Ctrl-C in the window's terminal is the window's
            )
        except OSError as e:
            return None, str(e)
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:  # the first line names the address it listens on
            m = _ADDRESS.search(line)
            if m:
                self.proc = proc
                # keep reading so the pipe never fills; the lines are not needed
                threading.Thread(target=_drain, args=(proc.stdout,), daemon=True).start()
                return int(m.group(1)), ""
        err = proc.stderr.read().strip()
        proc.wait()
        if proc.stdin is not None:
            proc.stdin.close()
        return None, err.splitlines()[-1] if err else f"crowsnest serve exited ({proc.returncode})"

    def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM: every table is already on disk; seats are told the server is going."""
        proc, self.proc = self.proc, None
        self.state = "idle"
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout)
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()


def _drain(stream: Any) -> None:
    with contextlib.suppress(Exception):
        for _line in stream:
            pass
