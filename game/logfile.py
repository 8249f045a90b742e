"""The log file: what went wrong, kept for the player's bug report.

``crowsnest.log`` in the platformdirs user log folder (``~/.local/state/crowsnest/log/`` on
Linux, ``~/Library/Logs/crowsnest/`` on macOS, ``%LOCALAPPDATA%\\crowsnest\\Logs\\`` on
Windows), rotated at 1 MB with three old files kept (``crowsnest.log.1`` ... ``.3``).
Everything the ``crowsnest`` loggers say at INFO and above goes there (contained AI
faults, sound that is off, a game the client had to stop), and the traceback of any
crash, which the one-sentence error message then names. Nothing is written, and no
folder made, until there is something to say; a log folder that cannot be written
never stops the game (the message then says so instead).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import Any

import platformdirs

APP = "crowsnest"
LOG_NAME = "crowsnest.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [pid %(process)d]: %(message)s"


def log_path() -> Path:
    return Path(platformdirs.user_log_dir(APP)) / LOG_NAME


class _Handler(logging.handlers.RotatingFileHandler):
    """Makes its folder on the first record; a write that fails is remembered in
    `failed` instead of printed ("--- Logging error ---" would reach the player)."""

    failed: str | None = None

    def _open(self) -> Any:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        e = sys.exc_info()[1]
        self.failed = f"{getattr(e, 'strerror', None) or e}"


_handler: _Handler | None = None


def setup(path: str | Path | None = None) -> Path:
    """Send the ``crowsnest`` loggers to the rotating log file (once per process; a new
    `path` replaces the old handler). Returns the file's path."""
    global _handler
    target = Path(path) if path is not None else log_path()
    logger = logging.getLogger(APP)
    if _handler is not None:
        if Path(_handler.baseFilename) == target.absolute():
            return target
        logger.removeHandler(_handler)
        _handler.close()
    _handler = _Handler(target, maxBytes=MAX_BYTES, backupCount=BACKUPS, delay=True)
    _handler.setFormatter(logging.Formatter(FORMAT))
    _handler.setLevel(logging.INFO)
    logger.addHandler(_handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return target


def current() -> Path | None:
    """The log file this process writes to, or None before setup()."""
    return Path(_handler.baseFilename) if _handler is not None else None


def close() -> None:
    """Detach the handler (tests; the end of the process does it anyway)."""
    global _handler
    if _handler is not None:
        logging.getLogger(APP).removeHandler(_handler)
        _handler.close()
        _handler = None


class LogStream:
    """A stand-in for sys.stdout / sys.stderr where a process has none (Windows starts
    a gui-scripts entry without a console: both are None): each line written becomes a
    WARNING of `logger`, so what would have been printed is in the log file."""

    def __init__(self, logger: str = "crowsnest.output") -> None:
        self.logger = logging.getLogger(logger)
        self._partial = ""

    def write(self, text: str) -> int:
        *lines, self._partial = (self._partial + text).split("\n")
        for line in lines:
            if line.strip():
                self.logger.warning("%s", line)
        return len(text)

    def flush(self) -> None:
        if self._partial.strip():
            self.logger.warning("%s", self._partial)
        self._partial = ""

    def isatty(self) -> bool:
        return False


def record_crash(error: BaseException, what: str = "crowsnest") -> tuple[str, bool]:
    """Write the traceback of `error` to the log. Returns the sentence for the player,
    which names the log file (or says why it could not be written), and whether the
    traceback is in the file (if not, the caller prints it)."""
    path = setup() if _handler is None else Path(_handler.baseFilename)
    assert _handler is not None
    _handler.failed = None
    logging.getLogger(APP).critical(
        "%s stopped on an unexpected error",
        what,
        exc_info=(type(error), error, error.__traceback__),
    )
    _handler.flush()
    reason = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    if _handler.failed is None and os.path.exists(path):
        return f"stopped on an unexpected error ({reason}); the details are in {path}", True
    return (
        f"stopped on an unexpected error ({reason}); the log file {path} could not be "
        f"written ({_handler.failed or 'it is missing'})",
        False,
    )


__all__ = ["LOG_NAME", "LogStream", "close", "current", "log_path", "record_crash", "setup"]
