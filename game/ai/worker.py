"""The AI worker process: ``python -m crowsnest.ai.worker`` (the parent's side is
crowsnest.ai.isolated). It runs a third party's AI, so it is given only what the AI's seat
may see: the seat's view and the legal list, never the deal. It loads the plugins itself
(the parent's folders), answers one JSON line per request, and ends with its parent: a
watchdog process in its group kills the group when the parent's end of the pipe closes,
even while an AI loops.

A module of its own so that running it does not import it twice, and so that the
parent's side (isolated.py, which the plugin host imports) never imports the plugin host.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import random
import signal
import sys
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from crowsnest.ai.isolated import MAX_ANSWER_CHARS, MEMORY_MB, from_json, to_json

AIS_KEPT = 64  # AIs the worker keeps between decisions (each runner's seats and levels)


def _decide(registry: Any, ais: OrderedDict[tuple[Any, ...], Any], req: Mapping[str, Any]) -> Any:
    from .search import set_time_caps

    set_time_caps(bool(req.get("time_caps", True)))
    variant = registry.variant(req["variant"])
    options = variant.resolve_options(req["options"])
    seats = int(req["seats"])
    seat, level = int(req["seat"]), req["level"]
    view = pickle.loads(base64.b64decode(req["view"]))  # made by the parent: trusted
    legal = [from_json(a) for a in req["legal"]]
    key = (req.get("runner"), req["variant"], json.dumps(req["options"]), seats, seat, level)
    ai = ais.get(key)
    if ai is None:
        factory = variant.ais[level]
        ai = ais[key] = getattr(factory, "factory", factory)(variant, options, seats)
        while len(ais) > AIS_KEPT:
            ais.popitem(last=False)
    ais.move_to_end(key)
    return ai.choose(view, legal, random.Random(req["seed"]))


def _answer(registry: Any, ais: OrderedDict[tuple[Any, ...], Any], req: Any) -> dict[str, Any]:
    from crowsnest.engine.safe import exc_text, safe_repr

    from .random_ai import NoListedAction

    try:
        answer = _decide(registry, ais, req)
    except NoListedAction:
        return {"delegate": True}
    except BaseException as e:  # noqa: BLE001 - the AI's (or plugin's) fault, reported
        return {"raised": exc_text(e)}
    try:
        text = json.dumps({"answer": to_json(answer)}, separators=(",", ":"))
    except BaseException:  # noqa: BLE001 - an answer that is not an action's shape
        return {"unsendable": safe_repr(answer, 120)}
    if len(text) > MAX_ANSWER_CHARS:
        return {"unsendable": safe_repr(answer, 120)}
    sent: dict[str, Any] = json.loads(text)  # what the parent will read, exactly
    return sent


def _limit_memory(mb: int) -> None:
    try:
        import resource

        cap = mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, ValueError, OSError):  # no such limit here (Windows, macOS)
        pass


def _watchdog(fd: int) -> None:
    """Fork a small process that waits for the parent's end of the request pipe to
    close (the parent ended, or died: SIGKILL included) and then ends this worker's whole
    process group: the worker, whatever its AI started, and itself. A process of its own,
    so an AI that loops (in Python or in C, holding the GIL) cannot keep it from acting."""
    import select

    try:
        pid = os.fork()
    except OSError:
        return  # no watchdog: the worker still ends at end of input
    if pid:
        return
    try:
        # hold nothing but the request pipe: the parent must see the worker's death as
        # the end of its answers, not wait on a copy of the pipe kept here
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.closerange(3, 1 << 16)
        poller = select.poll()
        poller.register(fd, 0)  # no events asked: only POLLHUP/POLLERR wake it
        while True:
            if poller.poll():
                break
    finally:
        try:
            os.killpg(0, signal.SIGKILL)
        finally:
            os._exit(0)


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m crowsnest.ai.worker")
    ap.add_argument("--folder", action="append", default=[])
    ap.add_argument("--disabled", action="append", default=[])
    ap.add_argument("--no-entry-points", action="store_true")
    ap.add_argument("--memory-mb", type=int, default=MEMORY_MB)
    ap.add_argument("--no-watchdog", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if not a.no_watchdog and os.getpgid(0) == os.getpid():  # only as a group's leader
        _watchdog(sys.stdin.fileno())
    # The protocol keeps the real stdout; print() in an AI goes to stderr.
    proto = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    from crowsnest.plugin_host import load_registry

    registry = load_registry(
        a.folder,
        a.disabled,
        user_folder=False,
        entry_points=not a.no_entry_points,
        isolate_ais=False,
    )
    _limit_memory(a.memory_mb)
    ais: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
    try:
        proto.write('{"ready":true}\n')
        proto.flush()
        for line in sys.stdin.buffer:
            try:
                req = json.loads(line)
                out = _answer(registry, ais, req)
            except ValueError:
                out = {"raised": "the request is not JSON"}
            proto.write(json.dumps(out, separators=(",", ":")) + "\n")
            proto.flush()
    except (OSError, KeyboardInterrupt):  # the parent went away: nothing to say
        pass
    os._exit(0)  # no flush at exit into a closed pipe


if __name__ == "__main__":
    sys.exit(main())
