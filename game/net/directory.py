"""Which process owns which table (docs/online.md, "Several processes"): the seam between
the server and where tables live. `LocalDirectory` is the single-process server's (every
table it knows is in its memory, restored from its own log at start);
`crowsnest.net.cluster.RedisDirectory` shares one Redis between several processes, each
table owned by the one process holding its lease."""

from __future__ import annotations

from typing import Protocol

HERE = "here"  # find(): the table was just claimed by this process; rebuild it from the log


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

    def close(self) -> None: ...


class LocalDirectory:
    """One process, every table its own: nothing to claim, nothing to renew."""

    eager = True

    def claim_new(self, code: str) -> bool:
        return True

    def find(self, code: str) -> str | None:
        return None

    def renew(self, codes: list[str]) -> list[str]:
        return []

    def release(self, code: str) -> None:
        pass

    def close(self) -> None:
        pass
