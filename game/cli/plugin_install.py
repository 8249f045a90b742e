"""`crowsnest plugins install SOURCE` and `crowsnest plugins uninstall NAME`: put a plugin
where this very copy of the game will find it, whichever way the game was installed.

- A drop-in (one ``.py`` file, or a folder with ``__init__.py`` and no packaging files)
  is copied into the user plugin folder; uninstall removes it from there.
- A package (a folder with ``pyproject.toml``/``setup.py``, a wheel or sdist, or a name on
  a package index) goes into the game's own environment:
  - installed with pipx (the README's way): ``pipx inject <the game's venv> SOURCE``,
    which pipx remembers through ``pipx upgrade``; uninstall: ``pipx uninject``;
  - in a virtual environment: that environment's pip (``python -m pip install``);
  - a system Python: pip's ``--user`` install, unless the system marks its Python as
    externally managed (PEP 668): then a sentence says to use pipx or a drop-in.

Nothing is guessed twice: `environment()` reads how the game runs, `plan_install` and
`plan_uninstall` say what would be done (`--dry-run` prints it), `carry_out` does it.
"""

from __future__ import annotations

import importlib.metadata
import json
import shlex
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crowsnest.i18n import _
from crowsnest.plugin_host import ENTRY_POINT_GROUP, OUR_DISTRIBUTION, user_plugin_folder

from .common import CLIError

PACKAGING_FILES = ("pyproject.toml", "setup.py", "setup.cfg")
PACKAGE_FILES = (".whl", ".tar.gz", ".zip")


@dataclass(frozen=True)
class Environment:
    """Where this copy of the game runs: kind "pipx", "venv" or "system"."""

    kind: str
    python: str  # this interpreter
    pipx_venv: str = ""  # the pipx environment's name (kind "pipx")
    pipx: str = ""  # the pipx command, where one is on PATH
    externally_managed: bool = False


@dataclass(frozen=True)
class Plan:
    """What an install or uninstall does: a command to run, or a file or folder to copy
    into (or remove from) the plugin folder."""

    command: tuple[str, ...] = ()
    copy_from: Path | None = None
    path: Path | None = None  # the drop-in's place in the plugin folder
    remove: bool = False

    def describe(self) -> str:
        if self.command:
            return shlex.join(self.command)
        if self.remove:
            return _("remove {path}").format(path=self.path)
        return _("copy {source} to {path}").format(source=self.copy_from, path=self.path)


def environment(
    prefix: str = sys.prefix,
    base_prefix: str = sys.base_prefix,
    python: str = sys.executable,
    stdlib: str | None = None,
) -> Environment:
    """How this copy of the game was installed (pipx writes pipx_metadata.json into each
    environment it makes; PEP 668's marker sits in the standard library's folder)."""
    root = Path(prefix)
    if (root / "pipx_metadata.json").is_file():
        return Environment("pipx", python, pipx_venv=root.name, pipx=shutil.which("pipx") or "")
    if prefix != base_prefix:
        return Environment("venv", python)
    marker = Path(stdlib or sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
    return Environment("system", python, externally_managed=marker.is_file())


def is_dropin(source: Path) -> bool:
    if source.is_file():
        return source.suffix == ".py"
    return (
        source.is_dir()
        and (source / "__init__.py").is_file()
        and not any((source / f).exists() for f in PACKAGING_FILES)
    )


def _is_package(path: Path) -> bool:
    if path.is_dir():
        return any((path / f).exists() for f in PACKAGING_FILES)
    return path.name.endswith(PACKAGE_FILES)


def plan_install(source: str, env: Environment, folder: Path | None = None) -> Plan:
    """What installing `source` (a path or a name on a package index) would do."""
    folder = folder or user_plugin_folder()
    path = Path(source).expanduser()
    if path.exists() and is_dropin(path):
        return Plan(copy_from=path.resolve(), path=folder / path.name)
    if path.exists() and not _is_package(path):
        raise CLIError(
            _(
                "{source} is neither a plugin file (.py), a plugin folder (with "
                "__init__.py), a package folder (with pyproject.toml) nor a wheel or sdist"
            ).format(source=source),
            2,
        )
    spec = str(path.resolve()) if path.exists() else source
    return Plan(command=_installer(env, "install", spec))


def plan_uninstall(name: str, env: Environment, folder: Path | None = None) -> Plan:
    """What uninstalling `name` would do: a drop-in of that name in the plugin folder, or
    the distribution that brings the plugin `name` (or is called `name`)."""
    folder = folder or user_plugin_folder()
    for candidate in (folder / name, folder / f"{name}.py"):
        if candidate.exists():
            return Plan(path=candidate, remove=True)
    dist = distribution_of(name)
    if dist is None:
        raise CLIError(
            _(
                "no installed plugin is called {name}: `crowsnest plugins` lists them "
                "(a package by its plugin or distribution name, a drop-in by its file name)"
            ).format(name=name),
            2,
        )
    if _norm(dist) == OUR_DISTRIBUTION:
        raise CLIError(
            _("{name} is part of CrowsNest Arcade itself and cannot be uninstalled").format(
                name=name
            ),
            2,
        )
    return Plan(command=_installer(env, "uninstall", dist))


def distribution_of(name: str) -> str | None:
    """The installed distribution that registers plugin `name`, or is named `name`."""
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(ep, "dist", None)
        if dist is not None and (
            name == ep.name or _norm(name) == _norm(dist.metadata["Name"] or "")
        ):
            return str(dist.metadata["Name"])
    return None


def _norm(name: str) -> str:
    return name.lower().replace("_", "-")


def _installer(env: Environment, verb: str, spec: str) -> tuple[str, ...]:
    if env.kind == "pipx":
        pipx_verb = "inject" if verb == "install" else "uninject"
        if not env.pipx:
            raise CLIError(
                _(
                    "the game was installed with pipx, but no pipx command is on PATH: "
                    "run `pipx {verb} {venv} {spec}` where pipx is"
                ).format(verb=pipx_verb, venv=env.pipx_venv, spec=spec)
            )
        return (env.pipx, pipx_verb, env.pipx_venv, spec)
    if env.kind == "system" and env.externally_managed:
        raise CLIError(
            _(
                "this system's Python is managed by its package manager, so pip may not "
                "install into it: install the game with pipx (pipx install crowsnest-arcade, "
                "then crowsnest plugins install again), or put a drop-in plugin file into {folder}"
            ).format(folder=user_plugin_folder())
        )
    pip = (env.python, "-m", "pip")
    if verb == "uninstall":
        return (*pip, "uninstall", "--yes", spec)
    user = ("--user",) if env.kind == "system" else ()
    return (*pip, "install", *user, spec)


def carry_out(plan: Plan) -> None:
    """Do what the plan says; a failing installer is one sentence (its own output went
    to the terminal above it)."""
    if plan.command:
        try:
            done = subprocess.run(plan.command, check=False)
        except OSError as e:
            raise CLIError(
                _("could not run {command}: {reason}").format(
                    command=plan.command[0], reason=e.strerror or e
                )
            ) from None
        if done.returncode != 0:
            raise CLIError(
                _("{command} failed (exit status {code}); nothing else was changed").format(
                    command=plan.describe(), code=done.returncode
                )
            )
        return
    assert plan.path is not None
    if plan.remove:
        if plan.path.is_dir():
            shutil.rmtree(plan.path)
        else:
            plan.path.unlink()
        return
    assert plan.copy_from is not None
    if plan.path.exists():
        raise CLIError(
            _(
                "{path} is already in the plugin folder: uninstall it first "
                "(crowsnest plugins uninstall {name})"
            ).format(path=plan.path, name=plan.path.stem),
            2,
        )
    plan.path.parent.mkdir(parents=True, exist_ok=True)
    if plan.copy_from.is_dir():
        shutil.copytree(plan.copy_from, plan.path, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copy2(plan.copy_from, plan.path)


def describe_environment(env: Environment) -> str:
    if env.kind == "pipx":
        return _("the game runs in pipx's environment {name}").format(name=env.pipx_venv)
    if env.kind == "venv":
        return _("the game runs in the virtual environment {path}").format(path=sys.prefix)
    return _("the game runs in the system's Python {path}").format(path=env.python)


def fresh_listing(config: str | None) -> dict[str, Any]:
    """`crowsnest plugins --json` in a fresh process: the plugins as the game sees them
    after a change (this process imported the old set). Empty when it fails."""
    args = [sys.executable, "-m", "crowsnest", "plugins", "--json"]
    if config:
        args += ["--config", config]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    try:
        out = json.loads(done.stdout)
    except ValueError:
        return {}
    return out if isinstance(out, dict) else {}
