"""`crowsnest serve`: online tables (docs/online.md) until SIGTERM or Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import Any

import platformdirs
from crowsnest.i18n import _


def default_db() -> Path:
    return Path(platformdirs.user_data_dir("crowsnest")) / "online.sqlite3"


def cmd_serve(args: argparse.Namespace, registry: Any) -> int:
    from crowsnest.net.log import SQLiteLog
    from crowsnest.net.server import Server

    db = Path(args.db) if args.db else default_db()
    try:
        table_log = SQLiteLog(db)
    except Exception as e:  # noqa: BLE001 - one sentence, not a traceback
        print(
            _("crowsnest: the tables' database {path} cannot be opened ({why})").format(
                path=db, why=e
            ),
            file=sys.stderr,
        )
        return 2
    server = Server(registry, table_log)

    def ready(host: str, port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        print(
            _("Serving online tables at ws://{address}:{port} (tables kept in {path}).").format(
                address=shown, port=port, path=db
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
    return 0
