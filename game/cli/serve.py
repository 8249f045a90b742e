"""`crowsnest serve`: online tables (docs/online.md) until SIGTERM or Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import platformdirs
from crowsnest.i18n import _


def default_db() -> Path:
    return Path(platformdirs.user_data_dir("crowsnest")) / "online.sqlite3"


def shown_url(url: str) -> str:
    """A Redis URL as printed: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def cmd_serve(args: argparse.Namespace, registry: Any) -> int:
    from crowsnest.net.directory import Directory
    from crowsnest.net.log import SQLiteLog, TableLog
    from crowsnest.net.server import FULL_GC_S, Server

    directory: Directory | None = None
    closing: Any = None
    table_log: TableLog
    if getattr(args, "redis", None):
        from crowsnest.net.cluster import Cluster, connect

        where = shown_url(args.redis)
        if args.lease_ms < 1500:
            print(_("crowsnest: --lease-ms must be at least 1500"), file=sys.stderr)
            return 2
        try:
            cluster = Cluster(connect(args.redis), args.public_url or "", lease_ms=args.lease_ms)
        except Exception as e:  # noqa: BLE001 - one sentence, not a traceback
            print(
                _("crowsnest: Redis at {url} cannot be used ({why})").format(url=where, why=e),
                file=sys.stderr,
            )
            return 2
        table_log, directory, closing = cluster.log, cluster.directory, cluster
    else:
        if getattr(args, "public_url", None):
            print(_("crowsnest: --public-url needs --redis"), file=sys.stderr)
            return 2
        db = Path(args.db) if args.db else default_db()
        where = str(db)
        try:
            table_log = SQLiteLog(db, group=True)
        except Exception as e:  # noqa: BLE001 - one sentence, not a traceback
            print(
                _("crowsnest: the tables' database {path} cannot be opened ({why})").format(
                    path=db, why=e
                ),
                file=sys.stderr,
            )
            return 2
    server = Server(
        registry,
        table_log,
        directory=directory,
        address=args.public_url or "",
        behind_proxy=bool(getattr(args, "behind_proxy", False)),
        full_gc_s=FULL_GC_S,  # this process is the server's alone (the window starts one)
    )

    def ready(host: str, port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        print(
            _("Serving online tables at ws://{address}:{port} (tables kept in {path}).").format(
                address=shown, port=port, path=where
            )
        )
        print(
            _("Friends join from the window: Play online, Join a table, this address and the code.")
        )
        sys.stdout.flush()

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, server.stop)
        alone = getattr(args, "until_alone", None)
        if alone is not None:  # the window that started us holds our stdin's other end
            threading.Thread(
                target=_when_stdin_closes,
                args=(lambda: loop.call_soon_threadsafe(server.end_when_alone, alone),),
                name="crowsnest-window-gone",
                daemon=True,
            ).start()
        await server.serve(args.host, args.port, ready)

    try:
        asyncio.run(run())
    except OSError as e:
        print(
            _("crowsnest: cannot listen on {host} port {port} ({why})").format(
                host=args.host, port=args.port, why=e.strerror or e
            ),
            file=sys.stderr,
        )
        return 2
    finally:
        table_log.close()
        if closing is not None:
            closing.close()
    return 0


def _when_stdin_closes(then: Any) -> None:
    """Read standard input to its end (nothing is ever written to it: it ends when the
    process holding its other end, the window, is gone), then call `then`."""
    with contextlib.suppress(OSError, ValueError):
        while sys.stdin.buffer.read(4096):
            pass
    then()
