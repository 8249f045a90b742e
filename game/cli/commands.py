"""The command line: `crowsnest` (the window), `simulate`, `tournament`, `engine`,
`plugins`, `replay`, `desktop-entry`; `--version`.

Every command takes --config FILE. Errors are one sentence on stderr and exit status 2
(bad usage or config) or 1 (the command could not do its job). An unexpected error (a
bug) is one sentence too, naming the log file that holds its traceback
(crowsnest.logfile).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
from collections.abc import Sequence
from typing import Any

from crowsnest import __version__, i18n, logfile
from crowsnest import config as config_mod
from crowsnest.config import Config, ConfigError
from crowsnest.i18n import _, ngettext
from crowsnest.records import savefile

from . import desktop
from . import paths as cli_paths
from . import store as cli_store
from .common import PROG, CLIError, HelpFormatter, add_command, speak_argparse_in_the_game_language

# Each command imports the layers it runs inside its function (the plugin host, the
# engine, the batch runners, the protocol, the window): `crowsnest --version`, `stats`,
# `saves` and `desktop-entry` start in about half the time (0.45 s against 0.8 s, medians
# of 7 on the loaded 2-core machine), and the window's pygame is imported only to open it.

HEADLESS_DRIVERS = ("dummy", "offscreen")


def _parser() -> argparse.ArgumentParser:
    speak_argparse_in_the_game_language()
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--config",
        metavar="FILE",
        default=argparse.SUPPRESS,
        help=_("the TOML config file to use (default: the per-user config)"),
    )
    p = argparse.ArgumentParser(
        prog=PROG,
        description=_(
            "CrowsNest Arcade: Rook-family games, Tractor and Dou Dizhu. "
            "With no command, opens the game window."
        ),
        epilog=_("Examples:")
        + "\n  crowsnest\n  crowsnest simulate --games 3\n  crowsnest simulate --help",
        formatter_class=HelpFormatter,
        parents=[common],
    )
    p.add_argument(
        "-V",
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("print the version and exit"),
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))

    s = add_command(
        sub,
        "simulate",
        common,
        summary=_("play AI-only matches headless and report the results"),
        description=_(
            "Plays whole matches with the computer in every seat, without a window, and "
            "prints who won. The same seed plays the same matches, with any number of "
            "workers."
        ),
        examples=(
            "crowsnest simulate --games 10",
            "crowsnest simulate --variant tractor --level normal --games 5 --seed 7 --json",
        ),
    )
    s.add_argument("--variant", metavar="ID", help=_("variant id (default: the config's variant)"))
    s.add_argument("--seats", type=int, metavar="N", help=_("number of players"))
    s.add_argument("--games", type=int, default=1, metavar="N", help=_("matches to play"))
    s.add_argument("--seed", default="0", metavar="S", help=_("seed of the first match"))
    s.add_argument("--level", default="easy", metavar="L", help=_("AI level of every seat"))
    s.add_argument(
        "--budget",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help=_("time budget per AI move before the fallback plays"),
    )
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=_("worker processes; the same results for any N"),
    )
    s.add_argument("--json", action="store_true", help=_("print one JSON object"))

    add_command(
        sub,
        "engine",
        common,
        summary=_("the JSON-lines engine protocol on stdin/stdout"),
        description=_(
            "Reads one JSON request a line on standard input and answers each with one "
            "JSON line on standard output: new matches, views, legal actions, moves and "
            "the AIs' decisions (docs/protocol.md). For programs and tests."
        ),
        examples=('echo \'{"cmd":"variants"}\' | crowsnest engine',),
    )

    pl = add_command(
        sub,
        "plugins",
        common,
        summary=_("list plugins, what they registered and errors"),
        description=_(
            "Lists the plugins found (installed packages and the plugin folders), the "
            "games each one registered, and each one that failed to load, with the reason."
        ),
        examples=(
            "crowsnest plugins",
            "crowsnest plugins install ./examples/ohhell",
            "crowsnest plugins install my_game.py",
            "crowsnest plugins uninstall ohhell",
        ),
    )
    pl.add_argument("--json", action="store_true", help=_("print one JSON object"))
    pls = pl.add_subparsers(dest="plugins_command", metavar="ACTION", title=_("actions"))
    pi = add_command(
        pls,
        "install",
        common,
        summary=_("install a plugin where this game finds it"),
        description=_(
            "Installs a plugin where this copy of the game finds it: a drop-in file or "
            "folder into your plugin folder; a package into the game's own environment "
            "(with pipx inject where the game was installed with pipx, else with that "
            "environment's pip). See docs/plugins.md."
        ),
        examples=(
            "crowsnest plugins install ./examples/ohhell",
            "crowsnest plugins install crowsnest-ohhell",
            "crowsnest plugins install my_game.py --dry-run",
        ),
    )
    pi.add_argument(
        "source",
        metavar="SOURCE",
        help=_("a plugin file or folder, a package folder, a wheel, or a name on a package index"),
    )
    pi.add_argument("--dry-run", action="store_true", help=_("say what would be done; do nothing"))
    pu = add_command(
        pls,
        "uninstall",
        common,
        summary=_("remove a plugin installed with install"),
        description=_(
            "Removes a plugin: a drop-in from your plugin folder, or a package from the "
            "game's own environment (pipx uninject or pip uninstall)."
        ),
        examples=("crowsnest plugins uninstall ohhell", "crowsnest plugins uninstall my_game"),
    )
    pu.add_argument(
        "name", metavar="NAME", help=_("the plugin's name as `crowsnest plugins` lists it")
    )
    pu.add_argument("--dry-run", action="store_true", help=_("say what would be done; do nothing"))

    t = add_command(
        sub,
        "tournament",
        common,
        summary=_("AI levels against each other on duplicate deals, with 95%% intervals"),
        description=_(
            "AI levels against each other on duplicate deals: every deal is played with "
            "the levels rotated through the sides or roles (docs/ai.md)."
        ),
        examples=(
            "crowsnest tournament --variant doudizhu --levels hard,normal --deals 200 --workers 2",
            "crowsnest tournament --variant crowsnest --levels hard,normal --matches "
            "--deals 40 --results runs.jsonl",
        ),
    )
    t.add_argument("--variant", metavar="ID", help=_("variant id (default: the config's variant)"))
    t.add_argument("--seats", type=int, metavar="N", help=_("number of players"))
    t.add_argument(
        "--levels", required=True, metavar="A,B[,C...]", help=_("AI levels to compare (2 or more)")
    )
    t.add_argument("--deals", type=int, default=100, metavar="N", help=_("seeded deals to play"))
    t.add_argument("--seed", type=int, default=1, metavar="S", help=_("seed of the first deal"))
    t.add_argument("--workers", type=int, default=1, metavar="N", help=_("processes to use"))
    t.add_argument(
        "--first-deal",
        type=int,
        default=0,
        metavar="K",
        help=_("play deals K to K+N-1 of the seeded sequence (shards of one long run)"),
    )
    t.add_argument(
        "--results",
        metavar="FILE",
        help=_("save each finished deal to FILE and skip those already in it (resume a run)"),
    )
    t.add_argument(
        "--bidder",
        default="normal",
        metavar="L",
        help=_("roles format (Dou Dizhu): the level that bids for every seat"),
    )
    t.add_argument(
        "--matches", action="store_true", help=_("team games: whole matches instead of deals")
    )
    t.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help=_(
            "where the deals are played: local worker processes, or a Ray cluster "
            "(pip install 'crowsnest-arcade[cluster]')"
        ),
    )
    t.add_argument("--address", metavar="ADDR", help=_("Ray cluster address (--backend ray)"))
    t.add_argument("--json", action="store_true", help=_("print one JSON object"))

    r = add_command(
        sub,
        "replay",
        common,
        summary=_("replay a save file and print where the match stands"),
        description=_(
            "Replays a save file, a named save slot or a finished match from the records, "
            "checking every action again, and prints where the match stands: the scores, "
            "the deal and whose turn it is."
        ),
        examples=(
            "crowsnest replay --slot Friday",
            "crowsnest replay --match 12 --json",
            "crowsnest replay bug-report.toml --json",
        ),
    )
    r.add_argument("file", metavar="FILE", nargs="?", help=_("a save file (docs/saves.md)"))
    r.add_argument("--match", type=int, metavar="ID", help=_("a finished match (crowsnest saves)"))
    r.add_argument("--slot", metavar="NAME", help=_("a named save slot (crowsnest saves)"))
    r.add_argument(
        "--table",
        metavar="CODE",
        help=_("an online table, finished or open, from the server's database (crowsnest serve)"),
    )
    r.add_argument(
        "--db",
        metavar="PATH",
        help=_("the tables' database for --table (default: crowsnest serve's)"),
    )
    r.add_argument("--json", action="store_true", help=_("print one JSON object"))

    sv = add_command(
        sub,
        "serve",
        common,
        summary=_("host online tables: friends join from the window with a table's code"),
        description=_(
            "Hosts online tables on this machine: friends join them from the game window "
            "with a table's code. Listens on this machine only (127.0.0.1) unless told "
            "otherwise; Ctrl-C keeps every table and tells the players (docs/online.md)."
        ),
        examples=("crowsnest serve", "crowsnest serve --host 0.0.0.0 --port 9000 --db tables.db"),
    )
    sv.add_argument("--host", default="127.0.0.1", help=_("address to listen on"))
    sv.add_argument("--port", type=int, default=8765, help=_("port to listen on"))
    sv.add_argument("--db", metavar="PATH", help=_("the tables' database (docs/online.md)"))
    sv.add_argument(
        "--redis",
        metavar="URL",
        help=_(
            "share tables with other serve processes through Redis, "
            "e.g. redis://127.0.0.1:6379/0 (pip install 'crowsnest-arcade[cluster]')"
        ),
    )
    sv.add_argument(
        "--public-url",
        metavar="URL",
        help=_(
            "with --redis: the address clients reach this process at, sent to clients "
            "redirected here (default: ws://HOST:PORT)"
        ),
    )
    sv.add_argument(
        "--behind-proxy",
        action="store_true",
        help=_(
            "a reverse proxy in front: take each player's address from its X-Real-IP "
            "header (only when the proxy alone can reach this port)"
        ),
    )
    sv.add_argument(
        "--lease-ms",
        type=int,
        default=3000,
        metavar="MS",
        help=_(
            "with --redis: how long a table stays this process's after its last renewal "
            "(renewed every second; a dead process's tables move after at most this; "
            "default: %(default)s)"
        ),
    )

    sv.add_argument(
        "--until-alone",
        type=float,
        metavar="SECONDS",
        help=_(
            "for a server a game window started: once its standard input closes (the "
            "window is gone, even killed), stop when nobody has been connected for "
            "SECONDS (every table is kept)"
        ),
    )

    cli_store.add_parsers(sub, common)
    cli_paths.add_parser(sub, common)

    d = add_command(
        sub,
        "desktop-entry",
        common,
        summary=_("add the game to the desktop's applications menu (.desktop file and icon)"),
        description=_(
            "Adds CrowsNest Arcade to the desktop's applications menu: a .desktop file and "
            "an icon in your own folders (nothing system-wide), or removes them."
        ),
        examples=("crowsnest desktop-entry", "crowsnest desktop-entry --remove"),
    )
    d.add_argument("--remove", action="store_true", help=_("remove the entry and the icon"))
    d.add_argument("--print", action="store_true", help=_("print the entry; write nothing"))
    return p


def _early_language(argv: Sequence[str] | None) -> None:
    """Messages (the help included) in the config's language, read before the parser is
    built: a config that does not load leaves the system's language."""
    args = list(sys.argv[1:] if argv is None else argv)
    path = None
    for i, a in enumerate(args):
        if a == "--config" and i + 1 < len(args):
            path = args[i + 1]
        elif a.startswith("--config="):
            path = a.split("=", 1)[1]
    try:
        i18n.set_language(config_mod.load(path).language)
    except Exception:  # noqa: BLE001 - the command itself reports a bad config
        i18n.set_language(i18n.SYSTEM)


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """parse_args, except that an unknown option after a command is that command's usage
    error (`crowsnest simulate --bogus` prints simulate's usage, not the top level's)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)
        command = getattr(args, "command", None)
        owner = sub.choices[command] if sub is not None and command in sub.choices else parser
        owner.error(_("unrecognized arguments: {args}").format(args=" ".join(extra)))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    _early_language(argv)
    args = _parse(_parser(), argv)
    logfile.setup()  # nothing is written until something goes wrong
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - a bug: one sentence here, the traceback in the log
        message, logged = logfile.record_crash(e, f"{PROG} {args.command or 'window'}")
        if not logged:
            traceback.print_exception(e, file=sys.stderr)
        print(f"{PROG}: {message}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command is None:
            return cmd_window(getattr(args, "config", None))
        cfg = _load_config(getattr(args, "config", None))
        if args.command == "simulate":
            return cmd_simulate(args, cfg)
        if args.command == "engine":
            return cmd_engine(cfg)
        if args.command == "plugins":
            return cmd_plugins(args, cfg)
        if args.command == "replay":
            return cmd_replay(args, cfg)
        if args.command == "tournament":
            return cmd_tournament(args, cfg)
        if args.command in ("stats", "saves"):
            return (
                cli_store.cmd_stats(args) if args.command == "stats" else cli_store.cmd_saves(args)
            )
        if args.command == "paths":
            return cli_paths.cmd_paths(args)
        if args.command == "desktop-entry":
            return cmd_desktop_entry(args)
        if args.command == "serve":
            from crowsnest.cli.serve import cmd_serve

            return cmd_serve(args, _registry(cfg))
        raise CLIError(_("unknown command {command!r}").format(command=args.command), 2)
    except ConfigError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    except CLIError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return e.code


def gui_main() -> int:
    """The `crowsnest-gui` entry point (no console window on Windows). Started that way
    the process has no stdout or stderr (both None): what would be printed, such as a
    one-sentence error, goes to the log file instead of nowhere."""
    if sys.stdout is None:
        sys.stdout = logfile.LogStream()
    if sys.stderr is None:
        sys.stderr = logfile.LogStream()
    return main(sys.argv[1:])


def _load_config(path: str | None) -> Config:
    if path is not None and not os.path.lexists(os.path.expanduser(path)):
        # an explicit file that is not there: said, not silently the defaults (a new
        # profile is made this way, so it is a notice, not an error)
        print(
            f"{PROG}: "
            + _(
                "{path}: there is no such config file; the default settings are used "
                "(the window writes it when a setting is changed)"
            ).format(path=path),
            file=sys.stderr,
        )
    return config_mod.load(path)


def _config_variant(cfg: Config, registry: Any) -> str:
    """The config's game; one it names that is not installed (its plugin removed) plays
    the default game, said in one line on stderr, as the window does."""
    if cfg.variant in registry.variants:
        return cfg.variant
    default = Config().variant
    print(
        f"{PROG}: "
        + _("the config's game '{game}' is not installed; playing '{default}'").format(
            game=cfg.variant, default=default
        ),
        file=sys.stderr,
    )
    return default


def _registry(cfg: Config) -> Any:
    from crowsnest.plugin_host import load_registry

    return load_registry(config=cfg)


# ---------------------------------------------------------------- the window


def cmd_window(config_path: str | None) -> int:
    """The window. A bad config file does not keep the game from starting: the client
    shows the message and plays with defaults (and never overwrites the file)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    problem = _display_problem()
    if problem:
        raise CLIError(
            _(
                "cannot open a window ({problem}); with no display, use "
                "'crowsnest simulate --variant crowsnest --games 1' or 'crowsnest engine'"
            ).format(problem=problem)
        )
    try:
        source: Any = _load_config(config_path)
    except ConfigError as e:
        print(
            f"{PROG}: " + _("{error} (playing with the default settings)").format(error=e),
            file=sys.stderr,
        )
        source = config_path
    from crowsnest.client.app import main as window_main  # pygame only for the window

    return int(window_main(source) or 0)


def _display_problem() -> str | None:
    """Why SDL cannot open a visible window here, or None when it can.

    SDL quietly falls back to its offscreen driver when there is no display, which would
    run the game invisibly; the dummy and offscreen drivers therefore count as "no
    display" unless CROWSNEST_ALLOW_HEADLESS=1 (screenshot tools, client tests)."""
    allow_headless = os.environ.get("CROWSNEST_ALLOW_HEADLESS") == "1" or bool(
        os.environ.get("CROWSNEST_FIRST_FRAME_ONLY")
    )
    driver = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in HEADLESS_DRIVERS and not allow_headless:
        return f"SDL_VIDEODRIVER is {driver}"
    if (
        not driver
        and sys.platform.startswith(("linux", "freebsd", "openbsd"))
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
    except pygame.error as e:
        return str(e) or "no video device"
    if pygame.display.get_driver() in HEADLESS_DRIVERS and not allow_headless:
        pygame.display.quit()
        return "SDL found no video device"
    return None


# ---------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace, cfg: Config) -> int:
    from crowsnest.ai.runner import resolve_level
    from crowsnest.batch import simulate as sim
    from crowsnest.batch.parallel import Progress, run_jobs
    from crowsnest.engine import Match, MatchError, OptionError
    from crowsnest.plugin_host import UnknownVariantError

    if args.games < 1:
        raise CLIError(_("--games must be at least 1"), 2)
    if args.budget <= 0:
        raise CLIError(_("--budget must be a positive number of seconds"), 2)
    if args.workers < 1:
        raise CLIError(_("--workers must be at least 1"), 2)
    registry = _registry(cfg)
    config_path = sim.config_path_of(cfg)
    sim.use_registry(config_path, registry)
    vid = args.variant or _config_variant(cfg, registry)
    try:
        variant = registry.variant(vid)
    except UnknownVariantError as e:
        raise CLIError(str(e), 2) from None
    try:
        level = resolve_level(variant, args.level)
    except ValueError as e:
        raise CLIError(str(e), 2) from None
    options = dict(cfg.options_for(variant))
    # ASCII digits only ('²' is a digit to isdigit(), not to int()); other text is a text
    # seed, which Match checks (length, lone surrogates from undecodable argv bytes)
    seed0 = int(args.seed) if re.fullmatch(r"-?[0-9]{1,200}", args.seed) else args.seed
    # Seats and options are checked here once: one sentence, not one per worker.
    try:
        first = Match(variant, seed=sim.match_seed(seed0, 0), seats=args.seats, options=options)
    except (MatchError, OptionError) as e:
        raise CLIError(str(e), 2) from None
    seats, teams = first.seats, ([list(t) for t in first.teams] if first.teams else None)

    jobs = [
        sim.MatchJob(
            g, sim.match_seed(seed0, g), variant.id, args.seats, options, level, args.budget
        )
        for g in range(args.games)
    ]
    try:
        out = run_jobs(
            sim.play_match,
            jobs,
            workers=args.workers,
            initializer=sim.init_worker,
            initargs=(config_path,),
            progress=Progress(args.games, "games"),  # stderr, and only on a terminal
        )
    except sim.SimulateError as e:
        raise CLIError(str(e)) from None
    total = sim.tally(list(out.finished()), seats, teams)
    report = {
        "variant": variant.id,
        "seats": seats,
        "level": level,
        "seed": seed0,
        "games": out.done,
        "games_requested": args.games,
        "interrupted": out.interrupted,
        **({"stopped_by": out.stop_name} if out.interrupted else {}),
        **total,
        "wins_by": "team" if teams else "seat",
        "teams": teams,
        "seconds": round(out.seconds, 4),
    }
    if out.failures:  # a worker died: its game is left out, the others count
        report["failed"] = [{"game": i + 1, "error": why} for i, why in out.failures]
        for _i, why in out.failures:
            print(f"{PROG}: {why}", file=sys.stderr)
    if args.json:
        print(json.dumps(report), flush=True)
    else:
        _print_simulate(report, variant.name)
    if out.interrupted:
        return out.exit_code
    return 1 if out.failures else 0


def _print_simulate(r: dict[str, Any], variant_name: str) -> None:
    if r["wins_by"] == "team":
        tally = ", ".join(
            _("team {number}: {wins}").format(number=i, wins=w) for i, w in enumerate(r["wins"])
        )
    else:
        tally = ", ".join(
            _("seat {number}: {wins}").format(number=i, wins=w) for i, w in enumerate(r["wins"])
        )
    if r["interrupted"]:
        print(
            ngettext(
                "stopped ({how}) after {done} of {asked} game",
                "stopped ({how}) after {done} of {asked} games",
                r["games_requested"],
            ).format(how=r["stopped_by"], done=r["games"], asked=r["games_requested"])
        )
    if r.get("failed"):
        print(
            ngettext(
                "{count} game failed and is not counted (see above)",
                "{count} games failed and are not counted (see above)",
                len(r["failed"]),
            ).format(count=len(r["failed"]))
        )
    games = r["games"]
    print(
        ngettext(
            "{game}, {seats} players, AI '{level}': {count} game, {deals} deals "
            "({redeals} thrown in), {actions} actions in {seconds} s",
            "{game}, {seats} players, AI '{level}': {count} games, {deals} deals "
            "({redeals} thrown in), {actions} actions in {seconds} s",
            games,
        ).format(
            game=variant_name,
            seats=r["seats"],
            level=r["level"],
            count=games,
            deals=r["deals"],
            redeals=r["redeals"],
            actions=r["actions"],
            seconds=f"{r['seconds']:.2f}",
        )
    )
    # whole sentences per side: "team" is a word to translate, not a value to print
    if r["wins_by"] == "team":
        print(_("wins by team: {tally}").format(tally=tally))
    else:
        print(_("wins by seat: {tally}").format(tally=tally))
    if r["fault_count"]:
        print(
            ngettext(
                "{count} AI fault was contained, for example:",
                "{count} AI faults were contained, for example:",
                r["fault_count"],
            ).format(count=r["fault_count"])
        )
        for f in r["faults"][:5]:
            print(
                "  " + _("game {number}: {message}").format(number=f["game"], message=f["message"])
            )
    sys.stdout.flush()


# ---------------------------------------------------------------- engine


def cmd_engine(cfg: Config) -> int:
    from crowsnest.protocol import serve

    return serve(_registry(cfg))


# ---------------------------------------------------------------- plugins


def cmd_plugins(args: argparse.Namespace, cfg: Config) -> int:
    action = getattr(args, "plugins_command", None)
    if action is not None:
        return cmd_plugins_change(args, action)
    from crowsnest.ai.runner import level_order
    from crowsnest.hookspecs import API_VERSION
    from crowsnest.plugin_host import user_plugin_folder

    registry = _registry(cfg)
    if args.json:
        print(
            json.dumps(
                {
                    "api_version": API_VERSION,
                    "plugin_folders": [str(user_plugin_folder()), *cfg.plugins.folders],
                    "plugins": [p.to_json() for p in registry.plugins],
                    "variants": {vid: sorted(v.ais) for vid, v in registry.variants.items()},
                }
            )
        )
        return 0
    if not registry.plugins:
        print(_("no plugins found"))
    for p in registry.plugins:
        version = f" {p.version}" if p.version else ""
        print(f"{p.name}{version} ({p.origin}): {p.status}")
        if p.path:
            print("  " + _("from {path}").format(path=p.path))
        if p.variants:
            print("  " + _("variants: {ids}").format(ids=", ".join(p.variants)))
        if p.ais:
            print("  " + _("AIs: {levels}").format(levels=", ".join(p.ais)))
        if p.error:
            print("  " + _("error: {error}").format(error=p.error))
    if registry.variants:
        print(_("games and their AI levels:"))
        for vid, v in registry.variants.items():
            print(f"  {vid} ({v.name}): {', '.join(level_order(v.ais))}")
    print(_("plugin folder: {path}").format(path=user_plugin_folder()))
    return 0


def cmd_plugins_change(args: argparse.Namespace, action: str) -> int:
    from . import plugin_install as pi

    env = pi.environment()
    if action == "install":
        plan = pi.plan_install(args.source, env)
    else:
        plan = pi.plan_uninstall(args.name, env)
    print(pi.describe_environment(env))
    if args.dry_run:
        print(_("would run: {what}").format(what=plan.describe()))
        return 0
    config = getattr(args, "config", None)
    before = {p["name"] for p in pi.fresh_listing(config).get("plugins", [])}
    print(_("running: {what}").format(what=plan.describe()), flush=True)
    pi.carry_out(plan)
    after = pi.fresh_listing(config).get("plugins", [])
    if action == "uninstall":
        print(_("removed {name}").format(name=args.name))
        return 0
    new = [p for p in after if p.get("name") not in before]
    if not new:
        print(_("installed, but the game finds no new plugin: `crowsnest plugins` says why"))
        return 1
    for p in new:
        if p.get("error"):
            print(
                _("installed {name}, but it does not load: {error}").format(
                    name=p["name"], error=p["error"]
                )
            )
            return 1
        print(
            _("installed {name}: its games are {ids}").format(
                name=p["name"], ids=", ".join(p.get("variants", [])) or "-"
            )
        )
    return 0


# ---------------------------------------------------------------- tournament


def cmd_tournament(args: argparse.Namespace, cfg: Config) -> int:
    from crowsnest.batch import simulate as sim
    from crowsnest.batch import tournament as tm
    from crowsnest.batch.parallel import EXIT_INTERRUPTED
    from crowsnest.engine import MatchError, OptionError
    from crowsnest.plugin_host import UnknownVariantError

    registry = _registry(cfg)
    vid = args.variant or _config_variant(cfg, registry)
    try:
        variant = registry.variant(vid)
    except UnknownVariantError as e:
        raise CLIError(str(e), 2) from None
    seats = args.seats or variant.default_seats
    if seats not in variant.seats:
        allowed = ", ".join(str(s) for s in variant.seats)
        raise CLIError(
            _("{game} is played by {allowed} players, not {seats}").format(
                game=variant.name, allowed=allowed, seats=seats
            ),
            2,
        )
    levels = tuple(x.strip() for x in args.levels.split(",") if x.strip())
    config_path = sim.config_path_of(cfg)
    spec = tm.Spec(
        variant=variant.id,
        levels=levels,
        seed=args.seed,
        seats=seats,
        options=dict(cfg.options_for(variant)),
        config=config_path,
        bidder=args.bidder,
        matches=args.matches,
    )
    tm._VARIANTS[(variant.id, spec.config)] = variant  # this process; workers load their own
    backend = None
    if args.backend == "ray":
        try:
            backend = tm.ray_backend(args.address)
        except tm.TournamentError as e:
            raise CLIError(str(e), 2) from None
    elif args.address:
        raise CLIError(_("--address is for --backend ray"), 2)
    try:
        out = tm.run(
            spec,
            args.deals,
            workers=args.workers,
            backend=backend,
            first=args.first_deal,
            results_file=args.results,
        )
    except tm.TournamentError as e:
        raise CLIError(str(e), 2) from None
    except (MatchError, OptionError) as e:
        raise CLIError(str(e), 2) from None
    for why in out.get("failed", []):
        print(f"{PROG}: {why}", file=sys.stderr)
    print(json.dumps(out) if args.json else tm.text_report(out))
    if out["interrupted"]:
        return int(out.get("exit_code", EXIT_INTERRUPTED))
    return 1 if out.get("failed") else 0


# ---------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace, cfg: Config) -> int:
    """Replay a save through the engine (every action checked again) and print the
    final position: scores, deal, whose turn; or the save's one-sentence problem."""
    if sum(x is not None for x in (args.file, args.match, args.slot, args.table)) != 1:
        raise CLIError(
            _("replay needs one of: a save FILE, --match ID, --slot NAME or --table CODE"), 2
        )
    if args.db is not None and args.table is None:
        raise CLIError(_("--db goes with --table CODE"), 2)
    if args.table is not None:
        from crowsnest.cli.serve import default_db
        from crowsnest.net import history

        try:
            h = history.load(args.db or default_db(), args.table, _registry(cfg))
        except savefile.SaveError as e:
            raise CLIError(str(e)) from None
        print(json.dumps(history.report(h)) if args.json else history.text(h))
        return 0
    try:
        if args.file is not None:
            got = savefile.load_full(args.file, _registry(cfg))
        else:
            got = cli_store.replay_source(args, _registry(cfg))
    except savefile.SaveError as e:
        raise CLIError(str(e)) from None
    print(json.dumps(savefile.replay_report(got)) if args.json else savefile.replay_text(got))
    return 0


# ---------------------------------------------------------------- desktop-entry


def cmd_desktop_entry(args: argparse.Namespace) -> int:
    if args.print:
        print(desktop.entry_text(), end="")
        return 0
    try:
        if args.remove:
            gone = desktop.remove()
            print(
                ngettext("removed {count} file", "removed {count} files", len(gone)).format(
                    count=len(gone)
                )
            )
            for path in gone:
                print(f"  {path}")
            return 0
        written = desktop.install()
    except OSError as e:
        where = getattr(e, "filename", None) or desktop.data_home()
        raise CLIError(
            _("cannot write the desktop entry to {where} ({error})").format(
                where=where, error=e.strerror or e
            )
        ) from None
    print(_("wrote the desktop entry {path}").format(path=written[0]))
    print(
        ngettext(
            "and the icon in {count} size under {folder}",
            "and the icon in {count} sizes under {folder}",
            len(written) - 1,
        ).format(count=len(written) - 1, folder=written[1].parents[2])
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
