"""Which process owns which table (docs/online.md, "Several processes"): the seam between
the server and where tables live. `LocalDirectory` is the single-process server's (every
table it knows is in its memory, restored from its own log at start);
`crowsnest.net.cluster.RedisDirectory` shares one Redis between several processes, each
table owned by the one process holding its lease."""

from __future__ import annotations

from typing import Any, Protocol

HERE = "here"  # find(): the table was just claimed by this process; rebuild it from the log


class Elsewhere(Exception):
    """The table is served by another process, at `address` (answered with `redirect`)."""

    def __init__(self, code: str, address: str) -> None:
        super().__init__(f"table {code} is served at {address}")
        self.code = code
        self.address = address


class LeaseLost(RuntimeError):
    """This process no longer owns the table (raised by the log's append): it must stop
    serving it at once."""

    def __init__(self, code: str) -> None:
        super().__init__(f"the lease on table {code} was lost")
        self.code = code


class Unavailable(RuntimeError):
    """The shared store (Redis) cannot be reached just now: nothing was written, so
    nothing was applied (answered with `unavailable`; the client keeps its seat and
    tries again)."""

    def __init__(self, why: str = "") -> None:
        super().__init__(f"the shared store cannot be reached ({why})" if why else "")
        self.why = why


class Directory(Protocol):
    # True: restore every open table of the log at start (a single process owns them all).
    eager: bool

    def claim_new(self, code: str) -> bool:
        """Take a fresh code for a table being created here (False: the code is in use)."""
        ...

    def find(self, code: str) -> str | None:
        """A table not in this process's memory: HERE (claimed now: rebuild it from the
        log), the owner's address (another process holds it), or None (no such table)."""
        ...

    def renew(self, codes: list[str]) -> list[str]:
        """Keep this process's claim on `codes`; the ones it lost (to stop serving)."""
        ...

    def release(self, code: str) -> None:
        """This process stops holding the table (finished, expired, shutting down)."""
        ...

    def bound(self, address: str) -> None:
        """The address clients reach this process at (told once it listens)."""
        ...

    def publish(self, code: str, entry: dict[str, Any] | None) -> None:
        """A table's seats' presence and, for a public table, its lobby entry (None: the
        table is gone from here)."""
        ...

    def lobby(self, limit: int = 100) -> list[dict[str, Any]]:
        """The public tables' entries, of every process."""
        ...

    def orphans(self, idle_s: float, limit: int = 50) -> list[str]:
        """Open tables no process holds and nothing happened at for `idle_s`, claimed
        here to be finished or expired (then released)."""
        ...

    def close(self) -> None: ...


class LocalDirectory:
    """One process, every table its own: nothing to claim, nothing to renew."""

    eager = True

    def __init__(self) -> None:
        self.public: dict[str, dict[str, Any]] = {}

    def claim_new(self, code: str) -> bool:
        return True

    def find(self, code: str) -> str | None:
        return None

    def renew(self, codes: list[str]) -> list[str]:
        return []

    def release(self, code: str) -> None:
        self.public.pop(code, None)

    def bound(self, address: str) -> None:
        pass

    def publish(self, code: str, entry: dict[str, Any] | None) -> None:
        if entry is not None and entry.get("public"):
            self.public[code] = entry
        else:
            self.public.pop(code, None)

    def lobby(self, limit: int = 100) -> list[dict[str, Any]]:
        return list(self.public.values())[:limit]

    def orphans(self, idle_s: float, limit: int = 50) -> list[str]:
        return []  # every open table is this process's, expired by its own ticker

    def close(self) -> None:
        pass
