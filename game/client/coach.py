"""The first-game coach: during the first deals of each game, when a human's decision
comes up in a new phase, a card explains what the phase is about and why the choices the
table offers are the allowed ones.

The explanation of the phase is the game's own (a text per built-in game and phase, in
its words: nest, Crow, kitty, landlord); the allowed choices and the reason for what is
not allowed come from the engine (`Match.legal_actions()`, `Match.check()`,
`Deal.legal_hint()`), never from rules re-derived here. The App asks `Coach.check(app)`
once a frame; the coach remembers in the store how many deals it has coached per game
(docs/coach.md), and Settings turns it off or starts it again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from crowsnest.i18n import N_, _

COACHED_DEALS = 2  # deals per game in which the coach speaks up

# What each phase is about, per built-in game family ("rook" covers CrowsNest and the
# classic Rook games). {bird} is the game's bird card (the Crow, the Rook).
PHASES: dict[str, dict[str, tuple[str, str]]] = {
    "rook": {
        "bid": (
            N_("The auction"),
            N_(
                "Each player in turn bids the points their side will take in this deal, or "
                "passes for the rest of the auction. The highest bidder becomes the "
                "declarer: they take the nest, name trump, and must take at least their "
                "bid, or the bid is taken off their score."
            ),
        ),
        "nest": (
            N_("The nest"),
            N_(
                "You won the auction, so the nest's cards joined your hand. Lay as many "
                "cards back into the nest. Keep your longest colour and your high cards; "
                "laying back a short colour lets you trump it later."
            ),
        ),
        "trump": (
            N_("Naming trump"),
            N_(
                "Name the trump colour. Any trump beats every card of the other colours, "
                "so name the colour you hold most of."
            ),
        ),
        "play": (
            N_("Playing the tricks"),
            N_(
                "Play one card to the trick. You must follow the colour that was led if "
                "you can; if you cannot, any card will do, a trump included. The highest "
                "trump takes the trick, else the highest card of the colour led. The "
                "counters in the tricks you take are your side's points."
            ),
        ),
    },
    "tractor": {
        "declare": (
            N_("Declaring trump"),
            N_(
                "While the cards are dealt you may show a card of the level rank to make "
                "its suit trump; a pair of them overrides a single. Trumps are the level "
                "cards, the jokers and the trump suit."
            ),
        ),
        "bury": (
            N_("Burying the kitty"),
            N_(
                "You picked up the kitty: bury as many cards as it held. If the attackers "
                "take the last trick, the points buried count for them several times, so "
                "bury few points."
            ),
        ),
        "play": (
            N_("Playing the tricks"),
            N_(
                "Follow the suit that was led, with the same shape (singles, pairs, "
                "tractors) as far as your hand allows. The attackers need enough points "
                "from the tricks to go up a level."
            ),
        ),
    },
    "doudizhu": {
        "bid": (
            N_("Bidding for landlord"),
            N_(
                "Bid 1, 2 or 3, or pass. The highest bidder becomes the landlord, takes the "
                "three bottom cards and plays alone against the two farmers; the bid sets "
                "the stakes."
            ),
        ),
        "play": (
            N_("Playing combinations"),
            N_(
                "Beat the last combination with a higher one of the same kind (a single, a "
                "pair, a straight...) or pass. A bomb beats any other kind, and the rocket "
                "beats everything. The first to run out of cards wins the deal for their "
                "side."
            ),
        ),
    },
}


@dataclass(frozen=True)
class Advice:
    title: str
    about: str  # what the phase is about (the game's words)
    allowed: tuple[str, ...]  # the engine's facts about this decision


def family(app: Any, variant_id: str) -> str | None:
    """The built-in game family of a variant (the plugin that registered it)."""
    from crowsnest.savefile import plugin_of

    name, origin = plugin_of(app.registry, variant_id)
    return name if origin == "built-in" and name in PHASES else None


def advice(match: Any, seat: int, fam: str | None, bird: str = "") -> Advice:
    """What the coach says about `seat`'s decision now."""
    phase = match.phase
    title, about = PHASES.get(fam or "", {}).get(phase, ("", ""))
    title = _(title) if title else _("Your decision")
    about = _(about).format(bird=bird) if about else ""
    return Advice(title, about, tuple(allowed_lines(match, seat, bird)))


COLOUR_WORDS = {"B": N_("black"), "G": N_("green"), "R": N_("red"), "Y": N_("yellow")}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANKS = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}


def card_words(deck: Any, c: int, bird: str = "") -> str:
    """A card as a player says it: "black 8", "the Crow", "10 of hearts"."""
    name = str(deck.names[c])
    if name == "BIRD":
        return bird or name
    if name[:1] in COLOUR_WORDS and name[1:].isdigit():
        return _("{colour} {rank}").format(colour=_(COLOUR_WORDS[name[0]]), rank=name[1:])
    if len(name) == 2 and name[1] in SUIT_WORDS:
        rank = RANKS.get(name[0], name[0])
        return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_WORDS[name[1]]))
    return name  # jokers and plugin decks: the notation


def allowed_lines(match: Any, seat: int, bird: str = "") -> list[str]:
    """The engine's facts: what may be done now and, for something that may not, the
    engine's own reason."""
    deck = match.deck
    legal = match.legal_actions()
    if not match.deal.legal_complete():
        hint = match.deal.legal_hint()
        return [hint[:1].upper() + hint[1:]] if hint else []
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
        lower = bids[0] - (bids[1] - bids[0] if len(bids) > 1 else 1)
        reason = match.check(("bid", lower)) if lower > 0 else None
        if reason:
            lines.append(_("Not {bid}: {reason}.").format(bid=lower, reason=reason))
    elif kinds["pass"] and len(legal) == 1:
        lines.append(_("You can only pass now."))
    colours = [str(a[1]) for a in legal if a[0] == "trump"]
    if colours:
        hand = [deck.names[c] for c in match.deal.hand_of(seat)]
        held = Counter(n[0] for n in hand if n != "BIRD")
        parts = [
            _("{colour} ({n} in your hand)").format(colour=_(c.capitalize()), n=held[c[0].upper()])
            for c in colours
        ]
        lines.append(_("You may name: {choices}.").format(choices=", ".join(parts)))
    plays = [a for a in legal if a[0] in ("play", "discard")]
    if plays:
        singles = sorted({a[1][0] for a in plays if len(a[1]) == 1})
        hand = list(match.deal.hand_of(seat))
        if singles and all(len(a[1]) == 1 for a in plays):
            if len(singles) == len(set(hand)):
                lines.append(_("Every card in your hand may be played now."))
            else:
                names = ", ".join(card_words(deck, c, bird) for c in singles)
                lines.append(_("Playable now (lit up in your hand): {cards}.").format(cards=names))
        else:
            lines.append(
                _("{n} different plays are allowed now; the cards that can take part are lit.")
                .format(n=len(plays))
            )  # fmt: skip
        kind = plays[0][0]
        single_ok = {a[1] for a in plays if len(a[1]) == 1}
        for c in hand:
            if (c,) in single_ok:
                continue
            reason = match.check((kind, (c,)))
            if reason:
                lines.append(
                    _("Not {card}: {reason}.").format(card=card_words(deck, c, bird), reason=reason)
                )
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
        return db.coach_deals(variant_id) if db is not None else self.deals_here[variant_id]

    def _count_deal(self, app: Any, variant_id: str) -> None:
        db = app.db
        if db is not None:
            db.add_coach_deal(variant_id)
        else:
            self.deals_here[variant_id] += 1

    def check(self, app: Any) -> None:
        if not app.prefs.coach or app.db is None:
            return  # without a store nothing remembers what was coached (tests, tools)
        from .scenes.table import TableScene

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
        from .scenes.coach import CoachScene
        from .scenes.table import bird_name

        a = advice(m, t.bottom, family(app, vid), bird_name(m.variant))
        app.stack.push(CoachScene(t, a, show_howto=vid == "crowsnest"))
