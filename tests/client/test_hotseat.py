"""Hot-seat privacy: with two humans at the table, no frame shows a human's hand while
the other human's "Pass to" screen is up or while it is the other human's turn."""

from __future__ import annotations

import pytest
from client_driver import Driver, make_app, start
from crowsnest.client.scenes.overlays import PrivacyScene
from crowsnest.client.scenes.table import TableScene


def record_frames(app, table):
    """Wrap the table's draw: per drawn frame, whose hands were face up, who was to
    move, and whether a privacy screen was on the stack."""
    frames: list[tuple[set[int], int, bool]] = []
    draw = table.draw

    def spy(surface):
        draw(surface)
        privacy = app.stack.find(PrivacyScene) is not None
        frames.append((set(table.frame_faces), table.match.to_move, privacy))

    table.draw = spy
    return frames


def check(frames, humans):
    shown: set[int] = set()
    for faces, to_move, privacy in frames:
        assert len(faces) <= 1
        if faces:
            (seat,) = faces
            assert not privacy, "a hand was drawn while a privacy screen was up"
            assert not (to_move in humans and to_move != seat), (
                f"seat {seat}'s hand was drawn during human seat {to_move}'s turn"
            )
            shown.add(seat)
    return shown


@pytest.mark.slow
def test_two_humans_never_see_each_others_hand_with_animations():
    app = make_app(speed=2)
    table = start(app, "crowsnest", ["human", "ai", "human", "ai"], seed=7, level="random")
    frames = record_frames(app, table)
    privacy_seen = []
    orig_push = app.stack.push

    pushed_at: list[int] = []  # frame count at each privacy push

    def push(scene):
        if isinstance(scene, PrivacyScene):
            privacy_seen.append(scene.seat)
            pushed_at.append(len(frames))
        return orig_push(scene)

    app.stack.push = push
    drv = Driver(app, table, mode="mixed", seed=2)
    drv.play(stop=lambda: table.match.deal_no >= 1)
    shown = check(frames, {0, 2})
    assert shown == {0, 2}  # both humans did see their own hands
    # the first deal included: no hand was face up before the first privacy screen
    first_face = next(i for i, (faces, _, _) in enumerate(frames) if faces)
    assert pushed_at and pushed_at[0] <= first_face
    assert len(privacy_seen) >= 4 and set(privacy_seen) == {0, 2}
    # the first human to see the table after the deal also got a privacy screen
    assert privacy_seen[0] in (0, 2)
    app.close()


def test_privacy_screen_hides_the_table_completely():
    app = make_app(speed=0)
    table = start(app, "crowsnest", ["human", "human", "human", "human"], seed=1, level="random")
    frames = record_frames(app, table)
    app.step(1 / 30)
    app.step(1 / 30)
    assert isinstance(app.stack.top, PrivacyScene)
    assert app.stack.visible() == [app.stack.top]  # opaque: the table is not drawn at all
    n = len(frames)
    for _ in range(5):
        app.step(1 / 30)
    assert len(frames) == n
    drv = Driver(app, table, mode="keys", seed=1)
    drv.play(stop=lambda: len(table.match.log) >= 12)
    check(frames, {0, 1, 2, 3})
    assert isinstance(table, TableScene)
    app.close()
