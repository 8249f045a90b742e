"""What every command module shares: the program's name and the one-sentence error.
A module of its own so the command modules (commands.py, store.py) import it, and not
one another's package, which would close a circle (cli -> commands -> store -> cli)."""

from __future__ import annotations

PROG = "crowsnest"


class CLIError(Exception):
    """A failure reported as one sentence; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code
