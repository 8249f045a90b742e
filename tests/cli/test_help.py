"""Every command's --help says what it does, shows each option's default and gives
examples that the parser accepts; in every language the whole help and a usage error are
in that language, argparse's own words included (issue 30)."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest
from crowsnest import i18n
from crowsnest.cli import commands
from crowsnest.cli.common import ARGPARSE_WORDS


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                yield (*path, name), sub
                yield from _commands(sub, (*path, name))


PARSERS = dict(_commands(commands._parser()))
COMMANDS = [" ".join(path) for path in PARSERS]


def run(capsys, tmp_path, language: str, *argv: str) -> tuple[int, str, str]:
    config = tmp_path / "config.toml"
    config.write_text(f'language = "{language}"\n')
    try:
        code = commands.main([*argv, "--config", str(config)])
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        i18n.set_language("en")
    out, err = capsys.readouterr()
    return code, out, err


def sections(text: str) -> dict[str, str]:
    """The help's blocks by their first line (usage, description, options, Examples)."""
    return {block.splitlines()[0]: block for block in text.strip().split("\n\n")}


def test_there_are_commands() -> None:
    assert {"simulate", "tournament", "serve", "stats", "paths", "plugins install"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_describes_itself_with_defaults_and_working_examples(
    capsys, tmp_path, command
) -> None:
    path = command.split()
    code, out, _err = run(capsys, tmp_path, "en", *path, "--help")
    assert code == 0
    blocks = out.strip().split("\n\n")
    # usage, then a description of at least a sentence, then the options
    assert blocks[0].startswith(f"usage: crowsnest {command}")
    description = " ".join(blocks[1].split())
    assert not description.startswith(("options:", "positional")) and len(description) > 40
    examples = [b for b in blocks if b.startswith("Examples:")]
    assert examples, f"{command} --help shows no examples"
    lines = [line.strip() for line in examples[0].splitlines()[1:]]
    assert lines
    for line in lines:
        words = shlex.split(line.split("|")[-1])  # "echo ... | crowsnest engine"
        assert words[1 : 1 + len(path)] == path, line
        commands._parser().parse_args(words[1:])  # a usage error would exit
    # every option with a default worth saying shows it
    parser = PARSERS[tuple(path)]
    for action in parser._actions:
        if action.option_strings and isinstance(action.default, (int, float, str)):
            if isinstance(action.default, bool) or action.default is argparse.SUPPRESS:
                continue
            flag = action.option_strings[-1]
            row = re.search(rf"^  {re.escape(flag)}\b.*?(?=^  -|\Z)", out, re.M | re.S)
            assert row and f"default: {action.default}" in " ".join(row.group(0).split()), (
                command,
                flag,
            )


@pytest.mark.parametrize("language", i18n.TRANSLATED)
@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_the_help_is_all_in_the_players_language(capsys, tmp_path, language, command) -> None:
    argv = ["--help"] if command is None else [*command.split(), "--help"]
    _code, english, _ = run(capsys, tmp_path, "en", *argv)
    code, out, _err = run(capsys, tmp_path, language, *argv)
    assert code == 0
    i18n.set_language(language)
    same = i18n._("options") == "options"  # French says "options" too
    i18n.set_language("en")
    for word in ("usage:", "options:", "show this help message", "(default:", "Examples:"):
        if not (same and word == "options:"):
            assert word not in out, (language, command, word)
    # the description and the summary lines are translated too
    en_blocks, blocks = english.strip().split("\n\n"), out.strip().split("\n\n")
    assert len(en_blocks) == len(blocks)
    assert en_blocks[1] != blocks[1]


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_a_usage_error_is_one_language(capsys, tmp_path, language) -> None:
    code, _out, err = run(capsys, tmp_path, language, "tournament", "--deals", "x")
    assert code == 2
    last = err.strip().splitlines()[-1]
    assert last.startswith("crowsnest tournament") and "--deals" in last
    assert not re.search(r"\berror:|\binvalid\b|\bvalue\b", last), (language, last)
    code, _out, err = run(capsys, tmp_path, language, "tournament")
    assert code == 2 and "--levels" in err
    assert not re.search(r"\berror:|\brequired\b", err), (language, err)


def test_argparse_words_are_argparse_msgids() -> None:
    """The list extracted for translators is argparse's own words: each is looked up by
    this Python's argparse (a renamed msgid would silently stay English)."""
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    for word in ARGPARSE_WORDS:
        assert repr(word)[1:-1] in source or word in source, word
