"""Render every client scene to PNG, headless, for looking at the product's face.

    python tools/screenshot.py [FOLDER] [--size 1280x720]
    python tools/screenshot.py [FOLDER] --play tractor [--hotseat] [--deals 2]
    python tools/screenshot.py [FOLDER] --plugin examples/dropin/crowsnest_sevens.py --play sevens
    python tools/screenshot.py [FOLDER] --language fi   (or sv, da, fr, zh_CN, pseudo)

FOLDER defaults to ./screenshots (gitignored). Positions are reached by letting the AIs
play fixed seeds until the human seat has the decision to show, so the pictures are
the same on every run.

--play plays whole deals the way a player sees them (animations on, a fake clock) and
saves frames at the moments worth a look: the deal being dealt, cards in flight, a
trick being swept, the human's decisions, the end-of-deal sheet counting up and done,
the privacy screen (--hotseat: two humans) and the game-over screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402
from crowsnest.client.app import App  # noqa: E402
from crowsnest.client.input import Act, InputEvent  # noqa: E402
from crowsnest.client.prefs import PrefsStore  # noqa: E402
from crowsnest.client.scenes.table import TableScene  # noqa: E402
from crowsnest.client.session import LocalGame, SeatSetup  # noqa: E402
from crowsnest.config import Config  # noqa: E402
from crowsnest.engine.presentation import EventContext  # noqa: E402


def make_app(size: tuple[int, int]) -> App:
    store = PrefsStore(Config())
    store.prefs.speed = 0
    return App(store, size=size)


def advance(session: LocalGame, until: Callable[[LocalGame], bool], limit: int = 2000) -> bool:
    """Let the AIs (the human seats too) play until `until` holds; False if never."""
    runner = session.runner
    for _ in range(limit):
        if until(session):
            return True
        m = session.match
        if m.over:
            return False
        seat = m.to_move
        choice = runner.choose(
            m, seat, "normal" if "normal" in session.variant.ais else "random", budget_s=None
        )
        session.apply(choice.action)
    return until(session)


def find_session(
    app: App, variant: str, seats: int, until: Callable[[LocalGame], bool], humans=(0,)
) -> LocalGame:
    v = app.registry.variant(variant)
    for seed in range(60):
        setups = [SeatSetup("human" if i in humans else "ai", "normal", "") for i in range(seats)]
        s = LocalGame(v, setups, seed=seed)
        if advance(s, until):
            return s
    raise SystemExit(f"screenshot: no seed of {variant} reached the wanted position")


def settle(app: App, steps: int = 30) -> None:
    for _ in range(steps):
        app.step(0.05)


def table_for(app: App, session: LocalGame) -> TableScene:
    app.stack.replace(TableScene(session))
    t = app.stack.top
    t.tweener.finish_all()
    t.beats.clear()
    t.dealing = None
    return t


def human_turn(phase: str, seat: int = 0) -> Callable[[LocalGame], bool]:
    return lambda s: s.match.to_move == seat and s.match.phase == phase


def shots(app: App) -> dict[str, Callable[[], None]]:
    from crowsnest.client.scenes.info import PluginsScene, RulesScene
    from crowsnest.client.scenes.overlays import (
        EndOfDealScene,
        GameOverScene,
        LastTrickScene,
        PauseScene,
        PrivacyScene,
        ScoreSheetScene,
    )
    from crowsnest.client.scenes.settings import SettingsScene
    from crowsnest.client.scenes.setup import SetupScene
    from crowsnest.client.scenes.title import TitleScene

    def title() -> None:
        app.stack.replace(TitleScene())

    def setup() -> None:
        app.stack.replace(TitleScene())
        app.stack.push(SetupScene())

    def settings() -> None:
        app.stack.replace(TitleScene())
        app.stack.push(SettingsScene())

    def rules() -> None:
        app.stack.replace(TitleScene())
        app.stack.push(RulesScene("crowsnest"))

    def plugins() -> None:
        app.stack.replace(TitleScene())
        app.stack.push(PluginsScene())

    def bid() -> None:
        s = find_session(app, "crowsnest", 4, human_turn("bid"))
        t = table_for(app, s)
        settle(app, 2)
        t.process_event(InputEvent(Act.POINT, pos=t.panel_menu.buttons[1].rect.center))

    def nest() -> None:
        s = find_session(app, "crowsnest", 4, human_turn("nest"))
        t = table_for(app, s)
        settle(app, 2)
        for c in t.hand_ids()[:3]:
            t.toggle(c)

    def trump() -> None:
        s = find_session(app, "crowsnest", 4, human_turn("trump"))
        table_for(app, s)

    def play() -> None:
        s = find_session(
            app,
            "crowsnest",
            4,
            lambda s: human_turn("play")(s) and len(s.match.view_json(0)["trick"]) >= 2,
        )
        t = table_for(app, s)
        settle(app, 2)
        ids = t.hand_ids()
        legal = [i for i, c in enumerate(ids) if c in t.playable]
        t.hover = legal[0] if legal else 0

    def last_trick() -> None:
        s = find_session(
            app,
            "crowsnest",
            4,
            lambda s: human_turn("play")(s) and s.match.view_json(0)["last_trick"],
        )
        t = table_for(app, s)
        app.stack.push(LastTrickScene(t))

    def pause() -> None:
        play()
        app.stack.push(PauseScene(app.stack.top))

    def end_of_deal() -> None:
        s = find_session(app, "crowsnest", 4, lambda s: s.match.deal_no >= 1)
        t = table_for(app, s)
        t.between = True
        deck = s.match.deck
        nest = [("The nest: 15 points to They", [deck.names[c] for c in range(5)])]
        app.stack.push(EndOfDealScene(s, {"type": "deal_over", **s.match.history[-1]}, nest))
        app.stack.top.tweener.finish_all()

    def score_sheet() -> None:
        s = find_session(app, "crowsnest", 4, lambda s: s.match.deal_no >= 3)
        table_for(app, s)
        app.stack.push(ScoreSheetScene(s))

    def game_over() -> None:
        s = find_session(app, "crowsnest", 4, lambda s: s.match.over)
        t = table_for(app, s)
        t.between = True
        app.stack.push(GameOverScene(s, {"type": "match_over", "winner": s.match.winner}))

    def privacy() -> None:
        s = find_session(app, "crowsnest", 4, human_turn("bid", 2), humans=(0, 2))
        t = table_for(app, s)
        app.stack.push(PrivacyScene(t, 2))

    def three() -> None:
        s = find_session(app, "individual3", 3, human_turn("play"))
        table_for(app, s)

    def six() -> None:
        s = find_session(
            app,
            "individual6",
            6,
            lambda s: human_turn("play")(s) and len(s.match.view_json(0)["trick"]) >= 3,
        )
        table_for(app, s)

    def doudizhu() -> None:
        s = find_session(
            app,
            "doudizhu",
            3,
            lambda s: (
                s.match.to_move == 0
                and s.match.phase == "play"
                and len(s.match.view_json(0)["trick"]) >= 1
            ),
        )
        t = table_for(app, s)
        legal = [a for a in s.match.legal_actions() if a[0] == "play"]
        if legal:
            t.selected = set(legal[0][1])
            t._live_reason()

    def doudizhu_bid() -> None:
        s = find_session(app, "doudizhu", 3, human_turn("bid"))
        table_for(app, s)

    def tractor() -> None:
        def pairs_on_table(s: LocalGame) -> bool:
            trick = s.match.view_json(0)["trick"]
            return human_turn("play")(s) and len(trick) == 3 and len(trick[0][1]) >= 2

        s = find_session(app, "tractor", 4, pairs_on_table)
        t = table_for(app, s)
        settle(app, 2)
        legal = s.match.legal_actions()
        if legal:
            t.selected = set(legal[0][1])
            t._live_reason()

    def tractor_declare() -> None:
        s = find_session(
            app,
            "tractor",
            4,
            lambda s: (
                human_turn("declare")(s) and any(a[0] == "declare" for a in s.match.legal_actions())
            ),
        )
        t = table_for(app, s)
        settle(app, 2)
        t.say("North declares hearts with a 2")

    def tractor_bury() -> None:
        s = find_session(app, "tractor", 4, human_turn("bury"))
        t = table_for(app, s)
        settle(app, 2)
        for c in t.hand_ids()[:5]:
            t.toggle(c)

    def tractor_pair() -> None:
        def pair_lead(s: LocalGame) -> bool:
            m = s.match
            return human_turn("play")(s) and any(len(a[1]) >= 2 for a in m.legal_actions())

        s = find_session(app, "tractor", 4, pair_lead)
        t = table_for(app, s)
        settle(app, 2)
        pair = next(a for a in s.match.legal_actions() if len(a[1]) >= 2)
        t.toggle(pair[1][0])
        other = next(c for c in t.hand_ids() if c not in pair[1] and c != pair[1][0])
        t.toggle(other)  # not a pair: the engine says why

    def tractor_end() -> None:
        s = find_session(app, "tractor", 4, lambda s: s.match.deal_no >= 1)
        t = table_for(app, s)
        t.between = True
        h = s.match.history[-1]
        # what the game reveals on the sheet (the kitty), through its presentation
        ctx = EventContext(0, ("pass",), t.view, s.match.deck, s.match.options, s.match.teams)
        shown = t.words.game.event({"type": "kitty", **h}, ctx)
        piles = [(t.words(te.caption), list(te.cards)) for te in shown if te.kind == "reveal"]
        app.stack.push(EndOfDealScene(s, {"type": "deal_over", **h}, piles, t.words))
        app.stack.top.tweener.finish_all()

    def dummy2() -> None:
        s = find_session(
            app,
            "individual2",
            2,
            lambda s: human_turn("play")(s) and len(s.match.view_json(0)["trick"]) >= 1,
        )
        table_for(app, s)

    def ohhell() -> None:
        from crowsnest.testing import registry_with

        root = Path(__file__).resolve().parents[1]
        if "ohhell" not in app.registry.variants:  # the community example, dropped in
            app._registry = registry_with(root / "examples" / "ohhell" / "crowsnest_ohhell")
        s = find_session(
            app,
            "ohhell",
            4,
            lambda s: human_turn("play")(s) and len(s.match.view_json(0)["trick"]) >= 1,
        )
        table_for(app, s)

    def ohhell_bid() -> None:
        if "ohhell" not in app.registry.variants:
            ohhell()
        s = find_session(app, "ohhell", 4, human_turn("bid"))
        table_for(app, s)

    return {
        "01-title": title,
        "02-setup": setup,
        "03-settings": settings,
        "04-rules": rules,
        "05-plugins": plugins,
        "10-table-bid": bid,
        "11-table-nest": nest,
        "12-table-trump": trump,
        "13-table-play": play,
        "14-last-trick": last_trick,
        "15-pause": pause,
        "16-end-of-deal": end_of_deal,
        "17-score-sheet": score_sheet,
        "18-game-over": game_over,
        "19-privacy": privacy,
        "20-table-3-seats": three,
        "21-table-6-seats": six,
        "22-doudizhu-bid": doudizhu_bid,
        "23-doudizhu-play": doudizhu,
        "24-tractor-play": tractor,
        "25-tractor-declare": tractor_declare,
        "26-tractor-bury": tractor_bury,
        "27-tractor-pair-selection": tractor_pair,
        "28-tractor-end-of-deal": tractor_end,
        "29-two-player-dummy": dummy2,
        "30-ohhell-play": ohhell,
        "31-ohhell-bid": ohhell_bid,
    }


def look_shots(app: App) -> dict[str, Callable[[], None]]:
    """Settings -> Look: the screen over a table and from the title, every felt, the
    tone's extremes, the colour-blind palette, the celebrations and portraits on the
    plates of every game. Each shot starts from the Look's defaults."""
    import dataclasses

    from crowsnest.client.palette import FELTS
    from crowsnest.client.scenes.celebrate import CelebrationScene
    from crowsnest.client.scenes.overlays import GameOverScene
    from crowsnest.config import LookConfig

    def looked(**look: object) -> None:
        app.prefs.look = dataclasses.replace(LookConfig(), **look)
        app.apply_looks()

    def play_table(variant: str = "crowsnest", seats: int = 4) -> TableScene:
        s = find_session(app, variant, seats, human_turn("play"))
        t = table_for(app, s)
        settle(app, 2)
        return t

    def with_look(make: Callable[[], None], **look: object) -> Callable[[], None]:
        def shot() -> None:
            looked(**look)
            make()

        return shot

    def look_over_table() -> None:
        play_table()
        app.stack.push(app.scene("look"))

    def look_from_title() -> None:
        app.stack.replace(app.scene("title"))
        app.stack.push(app.scene("settings"))
        app.stack.push(app.scene("look"))

    def celebrate(kind: str) -> Callable[[], None]:
        def shot() -> None:
            looked()
            app.prefs.speed = 3
            s = find_session(app, "crowsnest", 4, lambda s: s.match.over)
            t = table_for(app, s)
            t.between = True
            app.stack.push(GameOverScene(s, {"type": "match_over", "winner": s.match.winner}))
            app.stack.push(CelebrationScene(kind))
            for _ in range(24):
                app.step(1 / 30)
            app.prefs.speed = 0

        return shot

    def hot_seat_since() -> None:
        """Pass to Player 3, after the computers and Player 1 moved (their names)."""
        from crowsnest.client.scenes.overlays import PrivacyScene

        def back_round(s: LocalGame) -> bool:
            mine = [i for i, x in enumerate(s.actors) if x == 2 and i >= s.deal_start]
            return s.match.to_move == 2 and bool(mine) and {1, 3} <= set(s.actors[mine[-1] :])

        s = find_session(app, "crowsnest", 4, back_round, humans=(0, 2))
        t = table_for(app, s)
        app.stack.push(PrivacyScene(t, 2))

    out: dict[str, Callable[[], None]] = {
        "40-look-over-table": with_look(look_over_table),
        "41-look-from-title": with_look(look_from_title, felt="walnut"),
    }
    for name in FELTS:
        out[f"42-felt-{name}"] = with_look(play_table, felt=name)
    out["43-felt-doudizhu-own"] = with_look(lambda: play_table("doudizhu", 3))
    out["44-tone-all-100"] = with_look(play_table, contrast=100, grain=100, warmth=100)
    out["45-tone-all-0"] = with_look(play_table, contrast=0, grain=0, warmth=0)
    out["46-colour-blind"] = with_look(play_table, colour_blind=True)
    out["47-celebrate-win"] = celebrate("win")
    out["48-celebrate-loss"] = celebrate("loss")
    for vid in sorted(app.registry.variants):
        seats = max(app.registry.variant(vid).seats)
        out[f"49-portraits-{vid}"] = with_look(lambda vid=vid, seats=seats: play_table(vid, seats))
    out["51-hot-seat-since"] = with_look(hot_seat_since)
    out["50-back-to-defaults"] = with_look(lambda: app.stack.replace(app.scene("title")))
    return out


def play_frames(
    app: App, variant: str, out: Path, hotseat: bool, deals: int, seed: int = 5
) -> list[Path]:
    """Play `variant` with seat 0 human (and the partner's or next seat, --hotseat)
    against the AIs, saving frames at the moments a player would look at."""
    import random

    from crowsnest.client.scenes.overlays import EndOfDealScene, GameOverScene, PrivacyScene

    v = app.registry.variant(variant)
    n = v.default_seats
    humans = {0, 2 % n if n >= 4 else 1} if hotseat else {0}
    seats = [SeatSetup("human" if i in humans else "ai", "normal", "") for i in range(n)]
    app.prefs.speed = 3
    t = TableScene(LocalGame(v, seats, seed=seed))
    app.stack.replace(t)
    rng = random.Random(seed)
    taken: dict[str, int] = {}
    saved: list[Path] = []

    def shot(tag: str, most: int = 1) -> None:
        if taken.get(tag, 0) >= most:
            return
        taken[tag] = taken.get(tag, 0) + 1
        app.draw()
        path = out / f"{variant}-{len(saved):03d}-{tag}-{taken[tag]}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    sheet_frames = 0
    for frame in range(300_000):
        app.step(1 / 30)
        if t.session.ai_busy():
            t.session.wait_ai(30)
        top, m = app.stack.top, t.match
        d = m.deal_no + (0 if t.between else 1)  # the last trick of a deal is still its own
        if isinstance(top, GameOverScene):
            shot("game-over")
            break
        if isinstance(top, EndOfDealScene):
            sheet_frames += 1
            if sheet_frames in (8, 90):
                shot(f"deal{d}-sheet-{'counting' if sheet_frames == 8 else 'done'}")
            if sheet_frames >= 90:
                if d >= deals:
                    break
                app.dispatch(InputEvent(Act.CONFIRM))
            continue
        sheet_frames = 0
        if isinstance(top, PrivacyScene):
            shot(f"deal{d}-privacy")
            app.dispatch(InputEvent(Act.CONFIRM))
            continue
        if top is not t or m.over:
            continue
        phase = t.view.get("phase", "")
        if t.dealing is not None and frame % 9 == 0:
            shot(f"deal{d}-dealing", 2)
        elif t.sprites and t.dealing is None and frame % 4 == 0:
            shot(f"deal{d}-{phase}-flying", 3)
        elif t.trick_winner is not None:
            shot(f"deal{d}-sweep", 2)
        if t.my_turn():
            shot(f"deal{d}-{phase}-your-turn", 2)
            t.submit(m.deal.random_action(rng))
    return saved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="screenshots")
    ap.add_argument("--size", default="1280x720", help="window size, WxH")
    ap.add_argument("--only", default="", help="render only scenes whose name contains this")
    ap.add_argument("--play", default="", help="play whole deals of this variant id instead")
    ap.add_argument("--hotseat", action="store_true", help="with --play: two human seats")
    ap.add_argument("--deals", type=int, default=1, help="with --play: deals to play")
    ap.add_argument(
        "--plugin", action="append", default=[], help="a drop-in plugin file or folder to add"
    )
    ap.add_argument(
        "--language", default="en", help="en, fi, sv, da, fr, zh_CN, or pseudo (the layout test's)"
    )
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    app = make_app((w, h))
    from crowsnest import i18n

    i18n.set_language(args.language)
    if args.plugin:
        from crowsnest.testing import registry_with

        app._registry = registry_with(*(Path(p).resolve() for p in args.plugin))
    if args.play:
        if args.play not in app.registry.variants:
            known = ", ".join(sorted(app.registry.variants))
            print(f"screenshot: no game '{args.play}' (known: {known})", file=sys.stderr)
            app.close()
            return 2
        for path in play_frames(app, args.play, out, args.hotseat, args.deals):
            print(path)
        app.close()
        return 0
    for name, make in {**shots(app), **look_shots(app)}.items():
        if args.only and args.only not in name:
            continue
        try:
            make()
        except SystemExit as e:
            print(e, file=sys.stderr)
            continue
        app.draw()
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        print(path)
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
