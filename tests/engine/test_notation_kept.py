"""Match.keep_notation(): the log in notation kept as actions are applied (what the
client's autosave and the soak ask for) is exactly what a replay formats."""

from __future__ import annotations

import random

import pytest
from crowsnest.engine import Match
from crowsnest.plugin_host import load_registry

REG = load_registry(user_folder=False)


@pytest.mark.parametrize("game", sorted(REG.variants))
def test_kept_notation_is_the_replayed_notation(game):
    v = REG.variants[game]
    kept = Match(v, seed=3)
    plain = Match(v, seed=3)
    rng = random.Random(3)
    for i in range(600):
        if kept.over:
            break
        if i == 40:
            # switched on mid-match: formats what came before once, then keeps up
            kept.keep_notation()
        a = kept.deal.random_action(rng)
        kept.apply_unchecked(a)
        plain.apply_unchecked(a)
    assert kept.notation is not None
    assert kept.log_strings() == plain.log_strings()
    assert Match.replay(v, kept.log_strings(), **kept.start_kwargs()).state() == kept.state()


def test_a_failed_action_leaves_no_notation_behind(monkeypatch):
    from crowsnest.engine import VariantFault

    m = Match(REG.variants["crowsnest"], seed=4)
    m.keep_notation()
    m.apply_unchecked(m.deal.random_action(random.Random(1)))
    before = m.log_strings()
    cls = type(m.deal)
    real = cls.apply
    calls = [0]

    def broken(self, action):  # type: ignore[no-untyped-def]
        calls[0] += 1
        out = real(self, action)
        if calls[0] == 1:
            raise IndexError("half done")
        return out

    monkeypatch.setattr(cls, "apply", broken)
    with pytest.raises(VariantFault):
        m.apply_unchecked(m.deal.random_action(random.Random(2)))
    assert m.log_strings() == before and len(m.notation) == len(m.log)
