"""What every command module shares: the program's name, the one-sentence error and
how a command's help is written.
A module of its own so the command modules (commands.py, store.py) import it, and not
one another's package, which would close a circle (cli -> commands -> store -> cli)."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence

from crowsnest import i18n
from crowsnest.i18n import N_

PROG = "crowsnest"


class CLIError(Exception):
    """A failure reported as one sentence; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------- help and usage errors

# argparse's own words, so that tools/i18n.py extracts them into the game's catalog (the
# msgids are argparse's, character for character; a Python that changes one falls back to
# English for that one).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


def speak_argparse_in_the_game_language() -> None:
    """argparse looks its own words up ("usage:", "options", every usage error) in the
    standard library's global gettext domain, which the game's catalogs are not: point
    it at the game's lookups, so a player's `--help` and usage errors are in one language."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


class HelpFormatter(argparse.HelpFormatter):
    """Descriptions wrapped line by line (the examples' indented command lines kept as
    written), and each option's default after its help, in the reader's language."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(
            indent + line
            if line.startswith("  ")
            else textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent)
            for line in text.splitlines()
        )

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            not action.option_strings
            or "%(default)" in text
            or default is None
            or isinstance(default, bool)
            or default is argparse.SUPPRESS
        ):
            return text
        return i18n._("{help} (default: {default})").format(help=text, default="%(default)s")


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    common: argparse.ArgumentParser,
    *,
    summary: str,
    description: str,
    examples: Sequence[str],
) -> argparse.ArgumentParser:
    """One subcommand: a line for `crowsnest --help` (summary), and for its own --help a
    description, every default and examples (whole command lines, never translated)."""
    epilog = i18n._("Examples:") + "\n" + "\n".join(f"  {line}" for line in examples)
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        parents=[common],
        help=summary,
        description=description,
        epilog=epilog,
        formatter_class=HelpFormatter,
    )
    return parser
