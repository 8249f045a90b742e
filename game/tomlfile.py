"""Reading and writing the TOML files the game keeps (the config and save files): one
place for the error sentences and for the atomic write, whatever the file holds."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: stale temps are told by age instead
    fcntl = None  # type: ignore[assignment]


MAX_BYTES = 16 * 1024 * 1024  # far above any config or save; a bigger file is refused


def read_toml(path: Path, what: str, error: type[Exception]) -> dict[str, Any] | None:
    """The parsed table, or None when there is no file. Every other problem raises
    `error` with one sentence naming the file and calling it `what` ("config file"):
    a folder, a FIFO or device (never read: /dev/zero would be read for ever), a file
    over 16 MB, a symbolic link loop, text that is not UTF-8 or not TOML, TOML nested
    too deeply to parse."""
    try:
        raw = _read_regular(path, what, error)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise error(f"{path}: is a loop of symbolic links, not a {what}") from None
        raise error(f"{path}: cannot be read ({e.strerror or e})") from None
    return parse_toml(raw, str(path), what, error)


BOM = b"\xef\xbb\xbf"


def parse_toml(raw: bytes | str, label: str, what: str, error: type[Exception]) -> dict[str, Any]:
    """TOML text (a file's bytes, or text from the store) parsed with the same guards
    as a file: UTF-8, a byte-order mark named, size, nesting depth and huge integers
    each a sentence raising `error` ("LABEL: is not a WHAT (...)")."""
    bom_error = error(
        f"{label}: starts with a byte-order mark (BOM), which TOML does not allow; "
        "save it again as UTF-8 without a BOM"
    )
    if len(raw) > MAX_BYTES:
        raise error(f"{label}: is too large for a {what}")
    if isinstance(raw, str):
        if raw.startswith("\ufeff"):
            raise bom_error
        text = raw
    else:
        if raw.startswith(BOM):
            raise bom_error
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"{label}: is not a {what} (it is not UTF-8 text)") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(f"{label}: is not a {what} (not valid TOML: {e})") from None
    except RecursionError:
        raise error(f"{label}: is not a {what} (its TOML is nested too deeply)") from None
    except ValueError as e:  # an integer of more digits than Python converts
        raise error(f"{label}: is not a {what} ({e})") from None


def _read_regular(path: Path, what: str, error: type[Exception]) -> bytes:
    """The bytes of a regular file: opened without blocking (a FIFO with no writer would
    wait for ever), checked to be a regular file of sane size, then read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{path}: is not a regular file (a pipe or device), not a {what}")
        if st.st_size > MAX_BYTES:
            raise error(
                f"{path}: is too large for a {what} ({st.st_size // (1024 * 1024)} MB; "
                f"at most {MAX_BYTES // (1024 * 1024)} MB)"
            )
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise error(f"{path}: is too large for a {what}")
        return data
    finally:
        os.close(fd)


TEMP_SUFFIX = ".tmp"


def write_atomic(path: Path, text: str, prefix: str = ".tmp-") -> None:
    """Temp file in the same folder, fsync, os.replace, fsync of the folder: a crash
    (kill -9, power cut) leaves the old file or the new one, never half of either, and
    the rename itself is on disk when this returns. The file keeps its mode (a new one
    gets the umask's), and a symbolic link keeps pointing at the file, which is replaced.

    The temp file is locked while it is written, so clean_temps() can tell the temp of
    a killed writer (deleted at the next start or write) from one being written now."""
    path = Path(os.path.realpath(path)) if path.is_symlink() else path
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_temps(path.parent, prefix)
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        _lock(fd)
        _chmod_like(fd, path)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
            if fcntl is not None:
                os.replace(tmp, path)  # before close: the lock is held until the rename
        if fcntl is None:
            os.replace(tmp, path)  # Windows cannot rename an open file
        _fsync_folder(path.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def clean_temps(folder: Path, prefix: str) -> list[Path]:
    """Delete the temp files a killed writer left in `folder` (names `prefix`...`.tmp`,
    and the `.toml` ones of versions before 0.2); returns what was deleted. A temp another
    process is writing right now is locked and kept (where locks exist; elsewhere only
    temps older than a minute go)."""
    gone: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return gone
    for entry in entries:
        name = entry.name
        if not name.startswith(prefix) or not name.endswith((TEMP_SUFFIX, ".toml")):
            continue
        p = Path(entry.path)
        try:
            if not entry.is_file(follow_symlinks=False) or not _abandoned(p):
                continue
            p.unlink()
            gone.append(p)
        except OSError:
            continue
    return gone


def _abandoned(p: Path) -> bool:
    if fcntl is None:
        return time.time() - p.stat().st_mtime > 60
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # a live writer holds it
    finally:
        os.close(fd)
    return True


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX: a folder's entries are synced through the folder)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on folders; the rename is still atomic
    finally:
        os.close(fd)


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
