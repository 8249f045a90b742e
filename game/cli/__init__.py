"""The command line: `crowsnest` and its subcommands (the console scripts name
``crowsnest.cli:main`` and ``crowsnest.cli:gui_main``)."""

from crowsnest.cli.commands import gui_main, main
from crowsnest.cli.common import CLIError

__all__ = ["CLIError", "gui_main", "main"]
