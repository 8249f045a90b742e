"""The protocol contract over every registered variant, in process (crowsnest.protocol.EngineSession):
`legal` is never empty before the end, incomplete sets come with a hint and legal
examples, every listed action passes `check` and `apply`, `ai` answers legally."""

from __future__ import annotations

import random

import pytest
import toyvariant
from crowsnest.plugin_host import Registry, load_registry
from crowsnest.protocol import EngineSession

BASE = load_registry(folders=[], user_folder=False)
REGISTRY = Registry(variants={**BASE.variants, "toy": toyvariant.TOY}, plugins=BASE.plugins)
CASES = [(vid, n) for vid, v in sorted(REGISTRY.variants.items()) for n in v.seats]


@pytest.mark.slow
@pytest.mark.parametrize("vid, seats", CASES)
def test_protocol_contract(vid, seats):
    s = EngineSession(REGISTRY)
    rng = random.Random(1)
    assert s.handle({"cmd": "new", "variant": vid, "seed": 3, "seats": seats})["ok"]
    incomplete_seen = 0
    for step in range(400):
        st = s.handle({"cmd": "legal"})
        assert st["ok"]
        if st["over"]:
            break
        assert st["legal"] and st["to_move"] >= 0, st
        if not st["complete"]:
            incomplete_seen += 1
            assert st["hint"]
            for a in st["legal"]:
                assert s.handle({"cmd": "check", "action": a})["legal"], a
        if step % 5 == 0:
            ai = s.handle({"cmd": "ai", "level": "easy"})
            assert ai["ok"] and "fault" not in ai, ai
            assert s.handle({"cmd": "check", "action": ai["action"]})["legal"]
        r = s.handle({"cmd": "apply", "action": rng.choice(st["legal"])})
        assert r["ok"], r
        for e in r["events"]:
            if e["type"] == "deal_over":
                assert {"points", "scores", "score_change"} <= set(e)
    state = s.handle({"cmd": "state"})
    assert state["ok"] and "over" in state and state["state"]["hands"]


def test_levels_reach_tractor_through_carry():
    if "tractor" not in REGISTRY.variants:
        pytest.skip("Tractor is not registered in this checkout")
    s = EngineSession(REGISTRY)
    assert s.handle({"cmd": "new", "variant": "tractor", "seed": 1, "levels": [5, 2]})["ok"]
    view = s.handle({"cmd": "view", "seat": 0})["view"]
    assert view["levels"] == [5, 2]
    before = s.handle({"cmd": "state"})
    for bad in ([99, 2], "five", [2]):
        r = s.handle({"cmd": "new", "variant": "tractor", "seed": 1, "levels": bad})
        assert r["ok"] is False and "level" in r["error"]
    assert s.handle({"cmd": "state"}) == before


def _rank(card: str) -> str:
    return card if card in ("BJ", "RJ") else card[:-1]


def test_a_note_says_when_one_listed_play_stands_for_equal_ones():
    """Dou Dizhu lists a play once for its ranks; `note` says so and `check` accepts the
    same ranks in other suits, so a protocol user is not misled by `complete: true`."""
    s = EngineSession(REGISTRY)
    assert s.handle({"cmd": "new", "variant": "doudizhu", "seed": 5})["ok"]
    rng = random.Random(2)
    swapped = 0
    for _ in range(200):
        st = s.handle({"cmd": "legal"})
        if st["over"]:
            break
        if st["phase"] != "play":
            assert "note" not in st
        else:
            assert st["complete"] and "other suits" in st["note"]
            hand = s.handle({"cmd": "view", "seat": st["to_move"]})["view"]["hand"]
            for a in st["legal"]:
                cards = a.split()[1:]
                spare = [c for c in hand if c not in cards]
                for i, c in enumerate(cards):
                    twin = next((x for x in spare if _rank(x) == _rank(c)), None)
                    if twin is not None:
                        other = " ".join(["play", *cards[:i], twin, *cards[i + 1 :]])
                        assert other not in st["legal"]
                        assert s.handle({"cmd": "check", "action": other})["legal"], other
                        swapped += 1
                        break
        s.handle({"cmd": "apply", "action": rng.choice(st["legal"])})
    assert swapped > 20


def test_no_note_where_every_play_is_listed():
    s = EngineSession(REGISTRY)
    assert s.handle({"cmd": "new", "variant": "crowsnest", "seed": 5})["ok"]
    rng = random.Random(2)
    for _ in range(60):
        st = s.handle({"cmd": "legal"})
        assert "note" not in st
        s.handle({"cmd": "apply", "action": rng.choice(st["legal"])})
