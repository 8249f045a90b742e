"""`crowsnest paths`: where this player's files are. Uninstalling the game (pipx
uninstall, pip uninstall) removes the program only; these stay until the player deletes
them, and this is how to find them (also before uninstalling)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from crowsnest.i18n import _

from .common import add_command


def add_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    p = add_command(
        sub,
        "paths",
        common,
        summary=_("where the config, saves, records, plugins and log are"),
        description=_(
            "Where this player's files are. Uninstalling the game removes the program "
            "only: these stay until you delete them."
        ),
        examples=("crowsnest paths", "crowsnest paths --json"),
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))


def paths(config_path: str | None) -> dict[str, Path]:
    from crowsnest import config as config_mod
    from crowsnest import logfile
    from crowsnest.plugin_host import user_plugin_folder
    from crowsnest.records.savefile import autosave_path
    from crowsnest.records.store import store_path

    return {
        "config": Path(config_path) if config_path else config_mod.default_path(),
        "autosave": autosave_path(config_path),
        "records": store_path(config_path),
        "plugins": user_plugin_folder(),
        "log": logfile.log_path(),
    }


def cmd_paths(args: argparse.Namespace) -> int:
    found = paths(getattr(args, "config", None))
    if args.json:
        print(json.dumps({k: str(v) for k, v in found.items()}))
        return 0
    labels = {
        "config": _("config file"),
        "autosave": _("autosave"),
        "records": _("statistics and save slots"),
        "plugins": _("plugin folder"),
        "log": _("log file"),
    }
    for key, path in found.items():
        there = "" if path.exists() else " " + _("(not there yet)")
        print(f"{labels[key]}: {path}{there}")
    return 0
