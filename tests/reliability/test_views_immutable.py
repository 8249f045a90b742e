"""Views are immutable all the way down (issue 12): an AI gets a view and must not be
able to change anything another match sees, such as the cached RookRules reached
through view.rules (pruning view.rules.after_bid left every later CrowsNest match
offering only 'pass')."""

from __future__ import annotations

import dataclasses
import enum
import random
from types import MappingProxyType

import pytest
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

REG = load_registry(user_folder=False)
ATOMS = (int, float, str, bytes, bool, type(None), complex, range, enum.Enum)


def mutable_paths(obj, path="view", seen=None, out=None):
    """Every place under `obj` that can be changed in place."""
    seen = set() if seen is None else seen
    out = [] if out is None else out
    if isinstance(obj, ATOMS) or id(obj) in seen or callable(obj) and not hasattr(obj, "__dict__"):
        return out
    seen.add(id(obj))
    if isinstance(obj, tuple | frozenset):
        for i, x in enumerate(obj):
            mutable_paths(x, f"{path}[{i}]", seen, out)
    elif isinstance(obj, MappingProxyType):
        for k, v in obj.items():
            mutable_paths(v, f"{path}[{k!r}]", seen, out)
    elif isinstance(obj, list | dict | set | bytearray):
        out.append(f"{path}: {type(obj).__name__}")
    elif dataclasses.is_dataclass(obj):
        params = getattr(type(obj), "__dataclass_params__", None)
        if not (params and params.frozen):
            out.append(f"{path}: a dataclass that is not frozen")
        for f in dataclasses.fields(obj):
            mutable_paths(getattr(obj, f.name), f"{path}.{f.name}", seen, out)
    elif hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        out.append(f"{path}: a {type(obj).__name__} with settable attributes")
    return out


def views_of(vid, seeds=2, steps=60):
    v = REG.variants[vid]
    for seed in range(seeds):
        m = Match(v, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if m.over:
                break
            yield m.view(m.to_move)
            m.apply(m.deal.random_action(rng))


@pytest.mark.slow
@pytest.mark.parametrize("vid", sorted(REG.variants))
def test_views_have_nothing_mutable(vid):
    found = set()
    for view in views_of(vid):
        found.update(mutable_paths(view))
    assert not found, sorted(found)[:10]


def test_an_ai_cannot_prune_shared_rules():
    v = REG.variants["crowsnest"]
    m = Match(v, seed=1)
    view = m.view(m.to_move)
    with pytest.raises((TypeError, AttributeError, dataclasses.FrozenInstanceError)):
        view.rules.after_bid[0] = (("pass",),)
    with pytest.raises((TypeError, AttributeError)):
        del view.rules.after_bid[0]
    assert len(Match(v, seed=2).legal_actions()) > 1
