"""The first-game coach: during the first deals of each game, when a human's decision
comes up in a new phase, a card explains what the phase is about and why the choices the
table offers are the allowed ones.

What the phase is about is the game's own word (its Presentation's `coach(phase,
view)`), so the client names no game; what is allowed now and the reason for what is
not come from the engine (`Match.legal_actions()`, `Match.check()`,
`Deal.legal_hint()`), never from rules re-derived here. The App asks `Coach.check(app)`
once a frame; the coach remembers in the store how many deals it has coached per game
(docs/coach.md), and Settings turns it off or starts it again.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from crowsnest import i18n
from crowsnest.engine.presentation import player_hint, presentation_of, render
from crowsnest.i18n import _, ngettext

from .scenes.table import TableScene

log = logging.getLogger(__name__)

COACHED_DEALS = 2  # deals per game in which the coach speaks up


@dataclass(frozen=True)
class Advice:
    title: str
    about: str  # what the phase is about (the game's words)
    allowed: tuple[str, ...]  # the engine's facts about this decision


def advice(
    match: Any,
    seat: int,
    about: tuple[str, str] | None = None,
    card: Callable[[int], str] | None = None,
) -> Advice:
    """What the coach says about `seat`'s decision now: the game's (title, explanation)
    of the phase, if it has one, and the engine's facts."""
    title, text = about if about else (_("Your decision"), "")
    return Advice(title, text, tuple(allowed_lines(match, seat, card)))


def _render(text: Any, card_words: Callable[[Any], Any] | None = None) -> str:
    return render(text, str, str, card_words, None, i18n._, i18n.ngettext)


def action_namer(variant: Any, deck: Any) -> Callable[[Any], str]:
    """An action as the game labels its button ("Pass", "75", "Red")."""
    words = presentation_of(variant)

    def cards(names: Any) -> Any:
        return words.card_words(list(names), deck)

    def name(action: Any) -> str:
        try:
            return _render(words.action_label(action, deck), cards)
        except Exception:  # noqa: BLE001 - a plugin's words must not stop the coach
            return " ".join(str(x) for x in action)

    return name


def card_namer(variant: Any, deck: Any) -> Callable[[int], str]:
    """Cards as the game says them ("the black 8", "the Crow", "10 of hearts"): the
    game's Presentation (crowsnest.engine.presentation), translated; the notation if a
    plugin's words fail."""
    words = presentation_of(variant)

    def name(c: int) -> str:
        try:
            return _render(words.card_words([deck.names[c]], deck))
        except Exception:  # noqa: BLE001 - a plugin's words must not stop the coach
            return str(deck.names[c])

    return name


def allowed_lines(
    match: Any,
    seat: int,
    card: Callable[[int], str] | None = None,
    label: Callable[[Any], str] | None = None,
) -> list[str]:
    """The engine's facts: what may be done now and, for something that may not, the
    engine's own reason."""
    deck = match.deck
    card = card or card_namer(match.variant, deck)
    label = label or action_namer(match.variant, deck)
    legal = match.legal_actions()
    if not match.deal.legal_complete():
        hint = player_hint(match.deal.legal_hint())
        return [hint] if hint else []
    kinds = Counter(a[0] for a in legal)
    lines: list[str] = []
    bids = sorted(a[1] for a in legal if a[0] == "bid")
    if bids:
        if kinds["pass"]:
            lines.append(
                _("You may bid {low} to {high}, or pass.").format(low=bids[0], high=bids[-1])
            )
        else:
            lines.append(_("You may bid {low} to {high}.").format(low=bids[0], high=bids[-1]))
        # why not the bid just below: only for a bid somebody made in this deal (an
        # opening "Not 65: the lowest bid is 70" named a bid no button offers)
        lower = bids[0] - (bids[1] - bids[0] if len(bids) > 1 else 1)
        made = ("bid", lower) in match.deal_actions()
        reason = match.check(("bid", lower)) if made else None
        if reason:
            lines.append(_("Not {bid}: {reason}.").format(bid=lower, reason=reason))
    elif kinds["pass"] and len(legal) == 1:
        lines.append(_("You can only pass now."))
    calls = [a for a in legal if a[0] not in ("bid", "pass", "play", "discard")]
    if calls and label is not None:
        choices = ", ".join(label(a) for a in calls)
        lines.append(_("You may choose: {choices}.").format(choices=choices))
    plays = [a for a in legal if a[0] in ("play", "discard")]
    if plays:
        singles = sorted({a[1][0] for a in plays if len(a[1]) == 1})
        hand = list(match.deal.hand_of(seat))
        if singles and all(len(a[1]) == 1 for a in plays):
            if len(singles) == len(set(hand)):
                lines.append(_("Every card in your hand may be played now."))
            else:
                names = ", ".join(card(c) for c in singles)
                lines.append(_("Playable now (lit up in your hand): {cards}.").format(cards=names))
        else:
            lines.append(
                ngettext(
                    "{n} different play is allowed now; the cards that can take part are lit.",
                    "{n} different plays are allowed now; the cards that can take part are lit.",
                    len(plays),
                ).format(n=len(plays))
            )  # fmt: skip
        kind = plays[0][0]
        single_ok = {a[1] for a in plays if len(a[1]) == 1}
        for c in hand:
            if (c,) in single_ok:
                continue
            reason = match.check((kind, (c,)))
            if reason:
                lines.append(_("Not {card}: {reason}.").format(card=card(c), reason=reason))
                break
        if kinds["pass"]:
            lines.append(_("You may also pass."))
    return lines


class Coach:
    """Decides when the coach speaks: a human's turn, the first time in a phase of a deal,
    in the first COACHED_DEALS deals of each game (counted in the store)."""

    def __init__(self) -> None:
        self.spoken: set[tuple[int, int, str]] = set()  # (match id, deal, phase)
        self.deals_here: Counter[str] = Counter()  # when there is no store
        # per session: the deal that was already under way when the table first showed
        # it (a game continued from a save): that deal was coached, if at all, before
        self.resumed: dict[int, int] = {}

    def deals_coached(self, app: Any, variant_id: str) -> int:
        db = app.db
        here = self.deals_here[variant_id]
        return max(db.coach_deals(variant_id), here) if db is not None else here

    def _count_deal(self, app: Any, variant_id: str) -> None:
        from crowsnest.records.store import StoreError

        self.deals_here[variant_id] += 1  # remembered here too: a busy store loses nothing
        db = app.db
        if db is not None:
            try:
                db.add_coach_deal(variant_id)
            except StoreError as e:
                log.info("the coach's count was not stored: %s", e)

    def check(self, app: Any) -> None:
        if not app.prefs.coach or app.db is None:
            return  # without a store nothing remembers what was coached (tests, tools)
        t = app.stack.top
        if not isinstance(t, TableScene):
            return
        s, m = t.session, t.session.match
        if id(s) not in self.resumed:
            self.resumed[id(s)] = m.deal_no if len(m.log) > s.deal_start else -1
        if m.deal_no == self.resumed[id(s)]:
            return
        if m.over or not s.humans or not t.my_turn() or t.tweener.busy or t.beats:
            return
        if getattr(t, "dealing", None) is not None or not t.hand_visible():
            return
        vid = m.variant.id
        key = (id(s), m.deal_no, m.phase)  # undo keeps the session: nothing is said twice
        if key in self.spoken:
            return
        first_in_deal = not any(k[0] == key[0] and k[1] == key[1] for k in self.spoken)
        if first_in_deal and self.deals_coached(app, vid) >= COACHED_DEALS:
            return
        if not first_in_deal and (key[0], key[1], "") not in self.spoken:
            return  # this deal was not coached (the coach ran out of deals during it)
        if first_in_deal:
            self._count_deal(app, vid)
            self.spoken.add((key[0], key[1], ""))
        self.spoken.add(key)
        got = t.words.game.coach(m.phase, m.view_json(t.bottom))
        about = (t.words(got[0]), t.words(got[1])) if got else None
        a = advice(m, t.bottom, about)
        lesson = bool(t.words.game.lesson())
        app.stack.push(app.scene("coach", t, a, lesson=m.variant if lesson else None))
