"""Reading and writing the TOML files the game keeps (the config and save files): one
place for the error sentences and for the atomic write, whatever the file holds."""

from __future__ import annotations

import os
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path, what: str, error: type[Exception]) -> dict[str, Any] | None:
    """The parsed table, or None when there is no file. Every other problem raises
    `error` with one sentence naming the file and calling it `what` ("config file")."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}") from None
    except OSError as e:
        raise error(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(f"{path}: is not a {what} (it is not UTF-8 text)") from None
    except tomllib.TOMLDecodeError as e:
        raise error(f"{path}: is not a {what} (not valid TOML: {e})") from None


def write_atomic(path: Path, text: str, prefix: str = ".tmp-") -> None:
    """Temp file in the same folder, fsync, os.replace: a crash leaves the old file or
    the new one, never half of either. The file keeps its mode (a new one gets the
    umask's), and a symbolic link keeps pointing at the file, which is replaced."""
    path = Path(os.path.realpath(path)) if path.is_symlink() else path
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".toml", dir=path.parent)
    try:
        _chmod_like(fd, path)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _chmod_like(fd: int, path: Path) -> None:
    """Give the temp file (mkstemp makes it 0600) the mode `path` has, or for a new file
    what open() would give it under the current umask."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)  # read the umask (there is no other way), then restore it
        os.umask(mask)
        mode = 0o666 & ~mask
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
