"""Hostile frames (tools/fuzz_serve.py): 100,000 of them, 0 internal errors, the server up
and a bystanders' table finishing as its log says; floods are limited, not fatal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from bots import Bot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))


@pytest.mark.slow
def test_a_hundred_thousand_hostile_frames_change_nothing():
    import fuzz_serve

    out = fuzz_serve.campaign(100_000, seconds=240)
    assert out["frames"] >= 100_000, out
    assert out["internal_errors"] == 0 and out["server_alive"], out
    assert out["bystander_match_over"] and out["bystander_views_equal_replay"], out


def test_a_flood_is_rate_limited_then_closed_and_others_play_on(server):
    victim = Bot(server.url, name="Ada")
    victim.send({"type": "create", "variant": "doudizhu", "seats": [{"kind": "human"}] * 3})
    victim.expect("created")
    flood = Bot(server.url, name="Flood")
    for _ in range(3000):
        flood.c.send_raw('{"v":1,"type":"snapshot"}')
    flood.expect("_closed", 20)  # closed (1008) after 200 frames dropped in a row
    # (its errors may have been dropped with its backlog: a flooder reads nothing)
    assert server.server.internal_errors == 0
    victim.send({"type": "snapshot"})
    assert victim.expect("snapshot")["code"] == victim.code


def test_bad_frames_get_a_sentence_and_change_nothing(server):
    b = Bot(server.url, lang="fi")
    for raw, code in [
        ("not json", "bad_json"),
        (b"\xff\xfe", "bad_text"),
        ("[" * 20 + "]" * 20, "too_deep"),
        ('{"v":2,"type":"hello"}', "version"),
        ('{"v":1,"type":"dance"}', "unknown_type"),
        ('{"v":1,"type":"act","seq":"0","action":"pass"}', "bad_frame"),
        ('{"v":1,"type":"join","code":"ZZZZZZ"}', "no_table"),
        ('{"v":1,"type":"act","seq":0,"action":"pass"}', "not_at_table"),
        ('{"v":1,"type":"hello"}', "hello_first"),
    ]:
        b.c.send_raw(raw)
        err = b.expect("error")
        assert err["code"] == code, (raw, err)
        assert err["text"] and err["text"][0].islower() or err["text"][0].isupper()
    # in the reader's language
    b.c.send_raw('{"v":1,"type":"join","code":"ZZZZZZ"}')
    assert "ZZZZZZ" in b.expect("error")["text"] and "pöytää" in b.frames[-1]["text"]
