"""The throws house rule (option `throws`, off by default)."""

from __future__ import annotations

from tractor_helpers import match_at_play

THROWS = {"throws": True}


def winner(events):
    return next(e for e in events if e["type"] == "trick")["winner"]


def test_throws_are_off_by_default():
    m = match_at_play(["2H AS AS KS", "3S", "4S", "5S"])
    assert m.check("play AS AS KS").startswith("a lead must be")
    assert m.deal.legal_complete()


def test_a_throw_nobody_can_beat_stands_and_must_be_followed():
    m = match_at_play(["2H AS AS KS KS", "QS QS 3S", "JS 9S 8S", "4S"], options=THROWS)
    assert not m.deal.legal_complete() and "throw" in m.deal.legal_hint()
    assert m.check("play AS AS KS") is None
    assert m.check("play AS 2H") == "a throw must be all in one suit (trumps count as one suit)"
    ev = m.apply("play AS AS KS")
    assert not any(e["type"] == "throw_failed" for e in ev)
    # seat 1 must follow with three spades including its pair
    assert m.check(
        "play QS 3S " + next(c for c in m.view_json(1)["hand"] if not c.endswith("S"))
    ) == ("you must follow spades")
    assert m.legal_strings() == ["play 3S QS QS"]
    m.apply("play QS QS 3S")
    m.apply("play JS 9S 8S")
    hand3 = m.view_json(3)["hand"]
    fill = [c for c in hand3 if not c.endswith("S")][:2]
    assert winner(m.apply("play 4S " + " ".join(fill))) in (0, 3)


def test_a_throw_that_could_be_beaten_fails_to_its_weakest_part():
    m = match_at_play(["2H AS QS", "KS", "4S", "5S"], options=THROWS)
    ev = m.apply("play AS QS")
    failed = next(e for e in ev if e["type"] == "throw_failed")
    assert failed["cards"] == ["QS"]
    assert next(e for e in ev if e["type"] == "play")["cards"] == ["QS"]
    assert "AS" in m.view_json(0)["hand"]  # the rest goes back to the hand
    assert m.check("play KS") is None  # a one-card trick now
    m.apply("play KS")
    m.apply("play 4S")
    assert winner(m.apply("play 5S")) == 1


def test_only_a_matching_trump_play_beats_a_throw():
    m = match_at_play(["2H AS AS KS", "5H 5H 6H", "7H 8H 9H", "3C"], options=THROWS)
    m.apply("play AS AS KS")
    m.apply("play 5H 5H 6H")  # void in spades: a trump pair and a single, like the throw
    m.apply("play 7H 8H 9H")  # higher trumps, but no pair: cannot win
    plain = [c for c in m.view_json(3)["hand"] if c[-1] in "DC" and c[0] != "2"]
    assert winner(m.apply("play " + " ".join(plain[:3]))) == 1
