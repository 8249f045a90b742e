"""Issue 29: undo against the computers must not reveal their cards. The rule
(docs/rules-decisions.md, "Undo"): a decision is taken back only while nobody else has
acted since; a match with undo is marked in the store and left out of the figures by
opponent level."""

from __future__ import annotations

import random
from pathlib import Path

from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.plugin_host import load_registry
from crowsnest.records.stats import player_stats, record_of
from crowsnest.records.store import Store


def _game(seed: int = 3) -> LocalGame:
    v = load_registry(user_folder=False).variant("crowsnest")
    return LocalGame(v, [SeatSetup("human", "easy", "")] + [SeatSetup("ai", "easy", "")] * 3,
                     seed=seed)  # fmt: skip


def _step(s: LocalGame, rng: random.Random) -> None:
    if s.is_human(s.to_move):
        s.apply(rng.choice(s.match.legal_actions()))
    else:
        s.apply(s.runner.choose(s.match, None, "easy", budget_s=None).action)


def test_no_undo_reaches_back_past_a_computers_answer():
    s, rng = _game(), random.Random(1)
    shown: set[int] = set()  # cards the computers have played face up
    undos = 0
    deal = s.match.deal_no
    while not s.match.over and len(s.match.log) < 400:
        if s.match.deal_no != deal:  # a new deal: its cards are new
            deal, shown = s.match.deal_no, set()
        seat = s.to_move
        before = len(s.match.log)
        _step(s, rng)
        action = s.match.log[before] if len(s.match.log) > before else None
        if action and action[0] == "play" and not s.is_human(seat) and s.match.deal_no == deal:
            shown.update(action[1])
        if s.can_undo():
            assert s.actors[-1] == 0  # only the human's own last decision
            undos += s.undo()
            _step(s, rng)  # decide again
        for seat_k in range(1, 4):  # nothing a computer played is back in its hand
            if s.match.deal_no == deal:
                assert not shown & set(s.match.deal.hand_of(seat_k))
        if s.actors and s.actors[-1] != 0:
            assert not s.can_undo()
    assert undos > 0 and s.undone


def test_a_match_with_undo_is_marked_and_left_out_of_the_level_figures(tmp_path: Path):
    from crowsnest.records.savefile import Seat
    from crowsnest.testing import play_match

    v = load_registry(user_folder=False).variant("crowsnest")
    seats = [Seat("human", "normal", "Ann"), Seat("ai", "hard"), Seat("ai", "easy"), Seat()]
    with Store(tmp_path / "crowsnest.db") as st:
        for seed, undone in ((1, False), (2, True)):
            m = play_match(v, seed=seed, level="easy")
            st.add_match(
                record_of(
                    m,
                    seats,
                    ["Ann", "W", "N", "E"],
                    started_at="a",
                    finished_at=f"2026-12-0{seed}",
                    seconds=1,
                    undone=undone,
                )
            )
        rows = st.match_rows()
        assert [r["undone"] for r in rows] == [False, True]
        (ann,) = player_stats(st)
    assert ann["matches"] == 2 and ann["with_undo"] == 1
    assert sum(v["matches"] for v in ann["by_opponent_level"].values()) == 1
