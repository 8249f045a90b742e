"""Scene stack lifecycle, tweens, input mapping and the seat layout."""

from __future__ import annotations

import itertools
import warnings

import pygame
import pytest
from crowsnest.client.input import Act, BindingError, InputEvent, InputMap
from crowsnest.client.layout import inside, overlaps, table_layout
from crowsnest.client.scene import Scene, SceneStack
from crowsnest.client.tweens import EASINGS, Tweener

pygame.init()


# ---------------------------------------------------------------- scene stack


class Rec(Scene):
    def __init__(self, name, log, consume=True, transparent=False):
        super().__init__()
        self.name, self.log, self.consume = name, log, consume
        self.transparent = transparent

    def on_push(self):
        self.log.append(("push", self.name))

    def on_pop(self):
        self.log.append(("pop", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def process_event(self, ev):
        self.log.append(("event", self.name))
        return None if self.consume else ev

    def draw(self, surface):
        self.log.append(("draw", self.name))


def test_stack_lifecycle_order_and_event_passing():
    log: list = []
    st = SceneStack(app=None)
    a = st.push(Rec("a", log))
    b = st.push(Rec("b", log, consume=False, transparent=True))
    assert log == [("push", "a"), ("resume", "a"), ("pause", "a"), ("push", "b"), ("resume", "b")]
    log.clear()
    # b passes the event down, a consumes it
    assert st.process_event(InputEvent(Act.CONFIRM)) is None
    assert log == [("event", "b"), ("event", "a")]
    log.clear()
    st.draw(pygame.Surface((10, 10)))
    assert log == [("draw", "a"), ("draw", "b")]  # transparent overlay: a drawn below
    log.clear()
    st.pop()
    assert log == [("pop", "b"), ("resume", "a")]
    assert st.top is a and b.app is None


def test_opaque_scene_hides_everything_below():
    log: list = []
    st = SceneStack(app=None)
    st.push(Rec("table", log))
    st.push(Rec("privacy", log))  # opaque
    st.push(Rec("toast", log, transparent=True))
    log.clear()
    st.draw(pygame.Surface((10, 10)))
    assert [n for k, n in log if k == "draw"] == ["privacy", "toast"]


def test_event_falls_through_when_nobody_consumes():
    st = SceneStack(app=None)
    st.push(Rec("a", [], consume=False))
    ev = InputEvent(Act.HINT)
    assert st.process_event(ev) is ev


# ---------------------------------------------------------------- tweens


class Obj:
    def __init__(self):
        self.x = 0.0
        self.y = 0.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_reaches_target_by_dt_and_calls_back():
    tw, o, done = Tweener(speed=3), Obj(), []
    tw.animate(o, "linear", 1.0, on_finished=lambda: done.append(1), x=10)
    tw.update(0.25)
    assert o.x == pytest.approx(2.5)
    assert tw.busy
    tw.update(1.0)
    assert o.x == 10 and done == [1] and not tw.busy


def test_new_tween_on_same_attribute_replaces_old():
    tw, o, done = Tweener(speed=3), Obj(), []
    tw.animate(o, "linear", 1.0, on_finished=lambda: done.append("old"), x=10, y=10)
    tw.update(0.5)
    tw.animate(o, "linear", 1.0, on_finished=lambda: done.append("new"), x=0)
    tw.update(0.5)
    # x now follows the new tween from 5 towards 0; y still follows the old one
    assert o.x == pytest.approx(2.5) and o.y == pytest.approx(10)
    tw.update(0.5)
    assert o.x == pytest.approx(0) and done == ["old", "new"]


def test_speed_zero_is_instant_and_speed_5_is_slower():
    o, done = Obj(), []
    Tweener(speed=0).animate(o, "out_cubic", 5.0, on_finished=lambda: done.append(1), x=7)
    assert o.x == 7 and done == [1]
    slow, fast = Tweener(speed=5), Tweener(speed=1)
    a, b = Obj(), Obj()
    slow.animate(a, "linear", 1.0, x=1)
    fast.animate(b, "linear", 1.0, x=1)
    slow.update(0.4)
    fast.update(0.4)
    assert a.x < b.x


def test_wait_obeys_speed_and_busy():
    tw, done = Tweener(speed=3), []
    tw.wait(0.5, lambda: done.append(1))
    assert tw.busy
    tw.update(0.6)
    assert done == [1] and not tw.busy


def test_unknown_easing_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown easing"):
        Tweener().animate(Obj(), "wobble", 1.0, x=1)


# ---------------------------------------------------------------- input


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_default_keys_and_digits_and_mouse_payloads():
    im = InputMap()
    assert im.translate(key(pygame.K_RETURN)).act is Act.CONFIRM
    assert im.translate(key(pygame.K_h)).act is Act.HINT
    ev = im.translate(key(pygame.K_3))
    assert ev.act is Act.SELECT_CARD and ev.index == 3
    click = im.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    assert click.act is Act.CLICK and click.pos == (5, 6)
    assert im.translate(key(pygame.K_F12)).act is Act.KEY


def test_bindings_from_config_override_defaults():
    im = InputMap({"hint": ["k"]})
    assert im.translate(key(pygame.K_k)).act is Act.HINT
    assert im.translate(key(pygame.K_h)).act is Act.KEY


def test_bindings_parse_without_pygame_init():
    # the config is read before the window opens: no "pygame.init() has not been
    # called" warning, and the names still mean the right keys
    pygame.display.quit()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        im = InputMap({"hint": ["Left Shift"], "undo": ["enter", "kp_enter"], "rules": ["F1"]})
    assert im.translate(key(pygame.K_LSHIFT)).act is Act.HINT
    assert im.translate(key(pygame.K_KP_ENTER)).act is Act.UNDO
    assert im.translate(key(pygame.K_F1)).act is Act.RULES


def test_bad_binding_is_a_clear_sentence():
    with pytest.raises(BindingError, match="not a key name"):
        InputMap({"hint": ["nosuchkey"]})
    with pytest.raises(BindingError, match="not a bindable action"):
        InputMap({"jump": ["j"]})


# ---------------------------------------------------------------- layout

SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 720), (1920, 1080), (1000, 1000), (1600, 600)]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layout_fits_and_seats_do_not_overlap(size, n):
    for local in range(n):
        lay = table_layout(size, n, local=local)
        assert lay.seats[local].local
        assert lay.seats[local].angle == 90.0  # the local human sits at the bottom
        for p in lay.seats:
            assert inside(p.hand, size) and inside(p.plate, size), (p, size)
            assert not overlaps(p.box, lay.top_bar)
        for p, q in itertools.combinations(lay.seats, 2):
            assert not overlaps(p.box, q.box), (n, size, p, q)
        # the biggest local hand (14 cards plus a 6-card nest), lifted, stays on screen
        cw, ch = lay.card
        for x, y, w, h in lay.hand_rects(20):
            assert inside((x, y - lay.lift, w, h + lay.lift), size)
            assert not overlaps((x, y - lay.lift, w, h), lay.seats[local].plate)
        for p in lay.seats:
            for r in lay.small_rects(p.seat, 14) if not p.local else []:
                assert inside(r, size)
            tx, ty = p.trick
            assert inside((tx - cw // 2, ty - ch // 2, cw, ch), size)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_turn_order_goes_clockwise_from_the_bottom(n):
    lay = table_layout((1280, 720), n, local=0)
    # the seat after the local one is on its left (smaller x than the bottom centre)
    assert lay.seats[1].anchor[0] < lay.seats[0].anchor[0]
    assert lay.seats[n - 1].anchor[0] > lay.seats[0].anchor[0]


def test_layout_scales_with_window():
    small = table_layout((800, 600), 4)
    big = table_layout((1600, 1200), 4)
    assert big.card[1] == pytest.approx(2 * small.card[1], rel=0.05)
