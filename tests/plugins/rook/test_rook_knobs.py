"""Rook's house rules are declared once (plugins/rook/rules.py KNOBS): the option schema,
the CrowsNest defaults, every preset's defaults and the resolved RookRules all come from
that one table, and every knob in it changes the rules it resolves to."""

from __future__ import annotations

import dataclasses

import pytest
from crowsnest.engine import OptionError
from crowsnest_games.rook.rules import CROWSNEST_DEFAULTS, KNOBS, RookRules, build_rules
from crowsnest_games.rook.variant import PRESETS, make_variant

KEYS = [k.key for k in KNOBS]
CROWSNEST = next(p for p in PRESETS if p.id == "crowsnest")


def test_each_knob_is_declared_once_and_is_the_whole_schema() -> None:
    assert len(KEYS) == len(set(KEYS))
    assert list(CROWSNEST_DEFAULTS) == KEYS
    for preset in PRESETS:
        variant = make_variant(preset)
        assert [o.key for o in variant.options] == KEYS, preset.id
        # a preset only overrides knobs the table declares (a misspelt key would be lost)
        assert set(preset.overrides) <= set(KEYS), preset.id
        for option in variant.options:
            assert option.validate(preset.defaults[option.key]) == preset.defaults[option.key]


def test_knob_fields_are_rule_fields_not_filled_twice() -> None:
    fields = {f.name for f in dataclasses.fields(RookRules)}
    named = [k.field for k in KNOBS if k.field]
    assert len(named) == len(set(named))
    assert set(named) <= fields


def _alternatives(knob, current):
    if knob.kind == "bool":
        return [not current]
    if knob.kind == "choice":
        return [c for c in knob.choices if c != current]
    lo, hi, step = knob.minimum, knob.maximum, knob.step
    near = [current + step, current - step, *range(lo, hi + 1, step)[:: max(1, (hi - lo) // 40)]]
    return [v for v in dict.fromkeys(near) if lo <= v <= hi and v != current]


def _rules_tuple(r: RookRules) -> tuple:
    out = []
    for f in dataclasses.fields(r):
        v = getattr(r, f.name)
        out.append(repr(dict(v)) if f.name == "after_bid" else repr(v))
    return tuple(out)


# Every knob applies with this base (the bird, the 1s and the red 1 all in the pack).
BASE = {**CROWSNEST_DEFAULTS, "ones": "low", "red_one": True, "ones_value": 5}


@pytest.mark.parametrize("knob", KNOBS, ids=KEYS)
def test_every_knob_changes_the_rules_it_resolves_to(knob) -> None:
    base = build_rules(CROWSNEST, BASE, 4)
    changed = False
    for value in _alternatives(knob, BASE[knob.key]):
        try:
            other = build_rules(CROWSNEST, {**BASE, knob.key: value}, 4)
        except OptionError:
            continue
        if _rules_tuple(other) != _rules_tuple(base):
            changed = True
            break
    assert changed, f"no value of {knob.key} changes the resolved rules"
    if knob.field:
        value = next(
            v
            for v in _alternatives(knob, BASE[knob.key])
            if knob.to_field(v) != knob.to_field(BASE[knob.key])
        )
        other = build_rules(CROWSNEST, {**BASE, knob.key: value}, 4)
        assert getattr(other, knob.field) == knob.to_field(value)
