"""The JSON-lines engine protocol (design.md section 5, docs/protocol.md).

One request object per line in, one response object per line out. Every response has
"ok"; a failure has "ok": false and "error" (a sentence) and changes nothing.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from crowsnest.ai.runner import AIRunner, level_order, resolve_level
from crowsnest.engine import ActionError, Match, MatchError, OptionError, VariantFault
from crowsnest.engine.actions import notation_key
from crowsnest.engine.safe import exc_text, safe_repr
from crowsnest.plugin_host import Registry, UnknownVariantError

AI_BUDGET_S = 10.0
MAX_BUDGET_S = 3600.0


class RequestError(ValueError):
    """A request that cannot be served; str(err) is the sentence sent back."""


def variant_json(v: Any) -> dict[str, Any]:
    return {
        "id": v.id,
        "name": v.name,
        "seats": list(v.seats),
        "default_seats": v.default_seats,
        "direction": v.direction,
        "options": [
            {
                "key": o.key,
                "kind": o.kind,
                "default": o.default,
                "label": o.label,
                "help": o.help,
                **({"choices": list(o.choices)} if o.kind == "choice" else {}),
                **(
                    {"minimum": o.minimum, "maximum": o.maximum, "step": o.step}
                    if o.kind == "int"
                    else {}
                ),
            }
            for o in v.options
        ],
        "ais": level_order(v.ais),
        "description": v.description,
    }


class EngineSession:
    """One protocol session: at most one match at a time."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.match: Match | None = None
        self.runner: AIRunner | None = None
        self.done = False
        self.handlers: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
            "variants": self.variants,
            "new": self.new,
            "legal": self.legal,
            "check": self.check,
            "apply": self.apply,
            "view": self.view,
            "state": self.state,
            "ai": self.ai,
            "log": self.log,
            "quit": self.quit,
        }

    # ------------------------------------------------------------ dispatch

    def handle_line(self, line: str | bytes) -> str:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as e:
                return _dump(
                    {"ok": False, "error": f"the request is not UTF-8 text (byte {e.start + 1})"}
                )
        try:
            req = json.loads(line)
        except json.JSONDecodeError as e:
            return _dump({"ok": False, "error": f"the request is not valid JSON ({e.msg})"})
        except RecursionError:
            return _dump({"ok": False, "error": "the request is nested too deeply"})
        except ValueError as e:  # an integer of more digits than Python converts
            return _dump({"ok": False, "error": f"the request is not usable JSON ({exc_text(e)})"})
        try:
            return _dump(self.handle(req))
        except RecursionError:
            return _dump({"ok": False, "error": "the request is nested too deeply"})

    def handle(self, req: Any) -> dict[str, Any]:
        if not isinstance(req, Mapping):
            return {"ok": False, "error": 'a request must be a JSON object such as {"cmd":"legal"}'}
        cmd = req.get("cmd")
        handler = self.handlers.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            known = ", ".join(self.handlers)
            return {"ok": False, "error": f"unknown cmd {safe_repr(cmd, 60)} (known: {known})"}
        try:
            return {"ok": True, **handler(req)}
        except (RequestError, ActionError, MatchError, OptionError, UnknownVariantError) as e:
            return {"ok": False, "error": _sentence(e)}
        except VariantFault as e:
            return {"ok": False, "error": str(e)}
        except RecursionError:
            raise  # handle_line answers it
        except Exception as e:  # noqa: BLE001 - a plugin bug must not end the session
            return {"ok": False, "error": f"internal error: {exc_text(e)}"}

    # ------------------------------------------------------------ requests

    def variants(self, req: Mapping[str, Any]) -> dict[str, Any]:
        return {"variants": [variant_json(v) for v in self.registry.variants.values()]}

    def new(self, req: Mapping[str, Any]) -> dict[str, Any]:
        vid = req.get("variant")
        if not isinstance(vid, str):
            raise RequestError('"new" needs "variant": a variant id (see {"cmd":"variants"})')
        variant = self.registry.variant(vid)
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise RequestError('"seed" must be a whole number or a string')
        kwargs: dict[str, Any] = {"seed": seed}
        for key in ("seats", "dealer", "first"):
            if req.get(key) is not None:
                kwargs[key] = _int(req[key], key)
        if req.get("options") is not None:
            if not isinstance(req["options"], Mapping):
                raise RequestError('"options" must be an object of option: value')
            kwargs["options"] = dict(req["options"])
        if req.get("deal") is not None:
            kwargs["deal"] = req["deal"]
        if req.get("levels") is not None:
            levels = req["levels"]
            if not isinstance(levels, list):
                raise RequestError('"levels" must be a list (one level per team)')
            if getattr(variant.scorer, "scores_from_carry", None) is None:
                raise RequestError(
                    f'"levels" is for games played up levels; {variant.name} has none'
                )
            kwargs["carry"] = {"levels": levels}
        match = Match(variant, **kwargs)  # raises MatchError/OptionError: nothing changes
        self.match = match
        if self.runner is not None:
            self.runner.close()  # its thread (and worker process) end with its match
        self.runner = AIRunner(
            variant, match.options, match.seats, budget_s=AI_BUDGET_S, seed=f"{seed}:ai"
        )
        return {
            "variant": variant.id,
            "seats": match.seats,
            "dealer": match.dealer,
            "options": dict(match.options),
            **self._position(),
        }

    def legal(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        complete = True if m.over else m.deal.legal_complete()
        legal = m.legal_strings()
        out = {**self._position(), "legal": legal, "complete": complete}
        if not complete:
            out["hint"] = m.deal.legal_hint()
            out["legal"] = sorted(set(legal) | _samples(m), key=notation_key)
        note = "" if m.over else m.deal.legal_note()
        if note:
            out["note"] = note
        return out

    def check(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        reason = m.check(_action(req))
        return {"legal": True} if reason is None else {"legal": False, "reason": reason}

    def apply(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        action = _action(req)
        events = m.apply(action)  # atomic: a variant's failure leaves the match as it was
        return {"events": _jsonable(events), **self._position()}

    def view(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        seat = _int(req.get("seat"), "seat")
        if not 0 <= seat < m.seats:
            raise RequestError(f"seat must be from 0 to {m.seats - 1}, not {seat}")
        return {"view": _jsonable(m.view_json(seat))}

    def state(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        return {"state": _jsonable(m.state()), **self._position(), "scores": list(m.scores)}

    def ai(self, req: Mapping[str, Any]) -> dict[str, Any]:
        m = self._match()
        if m.over:
            raise RequestError("the match is over: there is no move to choose")
        seat = _int(req.get("seat", m.to_move), "seat")
        if seat != m.to_move:
            raise RequestError(f"seat {seat} is not to move (seat {m.to_move} is)")
        level = req.get("level", "easy")
        if not isinstance(level, str):
            raise RequestError('"level" must be a name such as "easy", "normal" or "hard"')
        try:
            level = resolve_level(m.variant, level)
        except ValueError as e:
            raise RequestError(str(e)) from None
        assert self.runner is not None
        budget = req.get("budget")
        if budget is not None and (
            isinstance(budget, bool)
            or not isinstance(budget, int | float)
            or not 0 < budget <= MAX_BUDGET_S  # NaN fails this too
        ):
            raise RequestError(
                f'"budget" must be a number of seconds above 0 and at most {MAX_BUDGET_S:g}'
            )
        choice = self.runner.choose(m, seat, level, budget if budget is not None else ...)
        out: dict[str, Any] = {"action": choice.text, "level": choice.level, "seat": seat}
        if choice.fault is not None:
            out["fault"] = choice.fault.to_json()
        return out

    def log(self, req: Mapping[str, Any]) -> dict[str, Any]:
        return {"log": self._match().log_strings()}

    def quit(self, req: Mapping[str, Any]) -> dict[str, Any]:
        self.done = True
        return {}

    # ------------------------------------------------------------ helpers

    def _match(self) -> Match:
        if self.match is None:
            raise RequestError('there is no match yet: start one with {"cmd":"new","variant":ID}')
        return self.match

    def _position(self) -> dict[str, Any]:
        m = self._match()
        return {
            "to_move": m.to_move,
            "phase": m.phase,
            "over": m.over,
            "winner": _jsonable(m.winner),
        }


LEGAL_SAMPLES = 12


def _samples(m: Match) -> set[str]:
    """Where the legal set is too large to list, a few legal examples drawn with the
    deal's own random_action (seeded by the position, so the answer is reproducible)."""
    deal = m.deal.clone()
    rng = random.Random(f"{m.seed}:legal:{len(m.log)}")
    out: set[str] = set()
    for _ in range(LEGAL_SAMPLES * 2):
        action = deal.random_action(rng)
        if deal.check(action) is None:
            out.add(deal.format_action(action))
        if len(out) >= LEGAL_SAMPLES:
            break
    return out


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f'"{key}" must be a whole number, not {safe_repr(value, 40)}')
    return value


def _sentence(e: BaseException) -> str:
    """The error's sentence; a LookupError's str() adds quotes round it, args[0] does not."""
    if len(e.args) == 1 and isinstance(e.args[0], str):
        return e.args[0]
    return str(e)


def _action(req: Mapping[str, Any]) -> str:
    a = req.get("action")
    if not isinstance(a, str):
        raise RequestError('"action" must be a string such as "play R14" or "bid 75"')
    return a


def _jsonable(value: Any) -> Any:
    """Tuples, sets and mappings as JSON types (events and states come from plugins)."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_jsonable(v) for v in value)
    return value


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), default=str)


def serve(registry: Registry, stdin: Any = None, stdout: TextIO | None = None) -> int:
    """Read requests until EOF or quit; one response line per request line. Lines are read
    as bytes where the stream has them, so a line that is not UTF-8 gets an error answer
    whatever the locale's encoding (PYTHONIOENCODING=utf-8:strict included). Responses are
    ASCII JSON."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    source = getattr(stdin, "buffer", stdin)
    session = EngineSession(registry)
    for line in source:
        if not line.strip():
            continue
        stdout.write(session.handle_line(line) + "\n")
        stdout.flush()
        if session.done:
            break
    if session.runner is not None:
        session.runner.close()
    return 0
