"""`crowsnest engine` answers every bad line with an error sentence and keeps going
(issue 12): deep nesting, huge integers, invalid UTF-8 under a strict UTF-8 locale,
odd bids and seeds, an unknown cmd echoed back cut, quotes kept, `levels` refused where
a game has none, NaN/inf budgets, and a variant that fails mid-apply."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from crowsnest.engine import Match, VariantFault
from crowsnest.plugin_host import load_registry
from crowsnest.protocol import EngineSession

REG = load_registry(user_folder=False)


@pytest.fixture
def session():
    s = EngineSession(REG)
    assert s.handle({"cmd": "new", "variant": "crowsnest", "seed": 1})["ok"]
    return s


def line(s: EngineSession, text: str | bytes) -> dict:
    return json.loads(s.handle_line(text))


@pytest.mark.slow
def test_engine_subprocess_survives_bad_lines():
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    lines = [
        b"[" * 3000 + b"]" * 3000,
        b'{"cmd":"new","variant":"crowsnest","seed":' + b"9" * 5000 + b"}",
        b'{"cmd":"new","variant":"crowsnest","seed":"\xff\xfe"}',
        b'{"cmd":"variants"' + b"," * 10 + b"}",
        b'{"cmd":"new","variant":"crowsnest","seed":1}',
        b'{"cmd":"apply","action":"bid \xc2\xb2"}',
        b'{"cmd":"quit"}',
    ]
    p = subprocess.run(
        [sys.executable, "-m", "crowsnest", "engine"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    answers = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [False, False, False, False, True, False, True]
    assert "nested too deeply" in answers[0]["error"]
    assert "UTF-8" in answers[2]["error"]
    for a in answers:
        assert "internal error" not in a.get("error", "")


@pytest.mark.parametrize("bid", ["bid ²", "bid --5", "bid " + "7" * 5000, "bid ٣"])
def test_odd_bids_get_a_sentence(session, bid):
    r = session.handle({"cmd": "apply", "action": bid})
    assert not r["ok"]
    assert r["error"] == "a bid is 'bid N' with a whole number, such as 'bid 75'"


def test_bad_seeds_get_a_sentence():
    s = EngineSession(REG)
    r = s.handle({"cmd": "new", "variant": "crowsnest", "seed": "\ud800"})
    assert not r["ok"] and "surrogate" in r["error"]
    r = s.handle({"cmd": "new", "variant": "crowsnest", "seed": 10**300})
    assert not r["ok"] and "digits" in r["error"]
    r = s.handle({"cmd": "new", "variant": "crowsnest", "seed": 1.5})
    assert not r["ok"] and r["error"] == '"seed" must be a whole number or a string'


def test_unknown_cmd_is_echoed_cut():
    s = EngineSession(REG)
    r = line(s, json.dumps({"cmd": "x" * 1_000_000}))
    assert not r["ok"] and len(r["error"]) < 300


def test_error_messages_keep_their_quotes():
    s = EngineSession(REG)
    r = s.handle({"cmd": "new"})
    assert r["error"].startswith('"new" needs "variant"')
    r = s.handle({"cmd": "new", "variant": "crowsnest", "seats": "x"})
    assert r["error"] == "\"seats\" must be a whole number, not 'x'"


def test_levels_refused_for_a_game_without_levels():
    s = EngineSession(REG)
    r = s.handle({"cmd": "new", "variant": "crowsnest", "levels": [3, 4]})
    assert not r["ok"] and "levels" in r["error"]
    assert s.handle({"cmd": "new", "variant": "tractor", "levels": [3, 4]})["ok"]


@pytest.mark.parametrize("budget", [float("nan"), float("inf"), 1e300, 0, -1, True])
def test_budget_must_be_a_sane_number(session, budget):
    r = session.handle({"cmd": "ai", "level": "easy", "budget": budget})
    assert not r["ok"] and '"budget"' in r["error"]


def test_a_variant_failing_mid_apply_leaves_the_match_unchanged(monkeypatch):
    m = Match(REG.variants["crowsnest"], seed=3)
    before = (m.state(), list(m.log), m.scores)
    deal = m.deal
    real = type(deal).apply

    def broken(self, action):
        real(self, action)  # changes the deal, then fails
        raise IndexError("half done")

    monkeypatch.setattr(type(deal), "apply", broken)
    with pytest.raises(VariantFault, match="unchanged"):
        m.apply(m.legal_strings()[0])
    monkeypatch.setattr(type(deal), "apply", real)
    assert (m.state(), list(m.log), m.scores) == before
    m.apply(m.legal_strings()[0])  # and it plays on


def test_protocol_reports_a_variant_failure_as_a_sentence(session, monkeypatch):
    deal = session.match.deal
    real = type(deal).apply

    def broken(self, action):
        real(self, action)
        raise ValueError("boom")

    before = session.handle({"cmd": "state"})
    monkeypatch.setattr(type(deal), "apply", broken)
    r = session.handle({"cmd": "apply", "action": "pass"})
    assert not r["ok"] and "failed while applying 'pass'" in r["error"]
    monkeypatch.setattr(type(deal), "apply", real)
    assert session.handle({"cmd": "state"}) == before


def test_option_step_is_enforced():
    from crowsnest.engine import OptionError

    v = REG.variants["crowsnest"]
    with pytest.raises(OptionError, match="steps of 50"):
        Match(v, seed=1, options={"target": 77})
    assert Match(v, seed=1, options={"target": 350}).options["target"] == 350
    s = EngineSession(REG)
    r = s.handle({"cmd": "new", "variant": "crowsnest", "options": {"target": 77}})
    assert not r["ok"] and "50 or 100" in r["error"]


def test_every_default_sits_on_its_step():
    for v in REG.variants.values():
        Match(v, seed=0)  # every default validates
        for o in v.options:
            o.validate(o.default)
