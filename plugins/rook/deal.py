"""One Rook-family deal: bidding, the nest, trump, play, and the deal's result.

Phases: "bid" -> "nest" (declarer lays cards back) -> "trump" -> "play" -> "over"
("trump" comes before "nest" with trump_timing=before_nest; no "nest" without a nest).

Positions vs seats: every hand in play is a position 0..P-1 in turn order. Normally a
position is a seat; in the 2-player game the dummy is position 2 and is played by the
seat that did not win the bid. `to_move` is always a seat; `acting` is the position.

Hot paths (legal_actions, apply, clone) use ints, lists and the tables of RookRules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from crowsnest.engine import Action, Deal, DealResult, DealSetup, Event, parse_action
from crowsnest.engine.presentation import Text, say, sentence
from crowsnest.engine.tricks import trick_winner
from crowsnest.engine.variant import AuctionPosition, PlayPosition
from crowsnest.i18n import _, ngettext

from .bidding import BIDDING, AuctionFacts, RookAuction, first_auction
from .play import VALIDATOR, RookContract, led_suit, playable
from .presentation import card_text
from .rules import BIRD_TOKEN, COLOUR_NAMES, COLOURS, RookRules
from .view import RookView

DUMMY = 2  # position of the dummy in the 2-player game


def dummy_piles(hand_size: int) -> int:
    """The dummy's piles: its hand in piles of two (a face-up card on a face-down one),
    the last pile a single face-up card when the hand is odd. 12 cards: the rules' 6."""
    return (hand_size + 1) // 2


class RookDeal(AuctionFacts, Deal):
    __slots__ = (
        "r",
        "deck",
        "phase",
        "_to_move",
        "acting",
        "dealer",
        "hands",
        "nest",
        "nest_taken",
        "nest_turned",
        "aside",
        "auction",
        "declarer",
        "trump",
        "trick",
        "led",
        "leader",
        "won",
        "won_points",
        "tricks_won",
        "history",
        "ctl",
        "dummy_down",
        "dummy_pile",
        "scores",
        "last_winner",
    )

    def __init__(self, setup: DealSetup | None, rules: RookRules | None = None) -> None:
        if setup is None:  # clone() fills the slots itself
            return
        r = rules
        assert r is not None
        self.r = r
        self.deck = r.deck
        self.dealer = setup.dealer
        piles = setup.piles
        P = r.positions
        hands = [list(h) for h in piles["hands"]]
        self.dummy_down: list[int] = []
        self.dummy_pile: dict[int, int] = {}
        if r.dummy:
            d = list(piles["dummy"])
            # piles: the first cards lie face up on the face-down ones beneath them
            # (-1: an odd hand's last pile has nothing beneath).
            n = dummy_piles(len(d))
            hands.append(d[:n])
            self.dummy_down = d[n:] + [-1] * (2 * n - len(d))
            self.dummy_pile = {c: i for i, c in enumerate(d[:n])}
        self.hands = hands
        self.nest: list[int] = list(piles.get("nest", ()))
        self.nest_taken: tuple[int, ...] = ()
        self.nest_turned: tuple[int, ...] = ()  # the nest laid back, as turned up at the end
        self.aside: list[int] = list(piles.get("aside", ()))
        first = setup.first_caller
        self.auction: RookAuction = first_auction(r, first)
        self.declarer = -1
        self.trump = -1
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.leader = -1
        self.won: list[list[int]] = [[] for _ in range(P)]
        self.won_points = [0] * P
        self.tricks_won = [0] * P
        self.history: tuple[tuple[tuple[int, int], ...], ...] = ()
        self.ctl = list(range(P))  # seat controlling each position
        if r.dummy:
            self.ctl[DUMMY] = -1  # nobody until the bid is won
        self.scores = setup.scores
        self.last_winner = -1
        self.phase = "bid"
        self._to_move = first
        self.acting = first

    # ------------------------------------------------------------ basics

    @property
    def to_move(self) -> int:
        return self._to_move

    # The auction's facts (high_bid, high_bidder, passed: AuctionFacts), read by the
    # view, the result and the AIs' worlds.
    @property
    def bid_log(self) -> tuple[tuple[int, int], ...]:
        return self.auction.log

    @property
    def redeal(self) -> bool:
        return self.auction.thrown_in

    def auction_position(self) -> AuctionPosition | None:
        if self.phase != "bid":
            return None
        return AuctionPosition(self.auction, self.hands[self.acting])

    def play_position(self) -> PlayPosition | None:
        if self.phase != "play":
            return None
        return PlayPosition(
            self.hands[self.acting], tuple(self.trick), RookContract(self.r, self.trump)
        )

    def parse_action(self, text: str) -> Action:
        # Rook tokens are unique: resolve them against the deck, and let check() say
        # what is wrong with a card (not held, face down in the dummy, ...).
        return parse_action(text, self.deck, None)

    def hand_of(self, seat: int) -> Sequence[int] | None:
        return self.hands[self.acting if self._to_move == seat else seat]

    def clone(self) -> RookDeal:
        d = RookDeal.__new__(RookDeal)
        d.r = self.r
        d.deck = self.deck
        d.phase = self.phase
        d._to_move = self._to_move
        d.acting = self.acting
        d.dealer = self.dealer
        d.hands = [h[:] for h in self.hands]
        d.nest = self.nest[:]
        d.nest_taken = self.nest_taken
        d.nest_turned = self.nest_turned
        d.aside = self.aside
        d.auction = self.auction
        d.declarer = self.declarer
        d.trump = self.trump
        d.trick = self.trick[:]
        d.led = self.led
        d.leader = self.leader
        d.won = [w[:] for w in self.won]
        d.won_points = self.won_points[:]
        d.tricks_won = self.tricks_won[:]
        d.history = self.history
        d.ctl = self.ctl[:]
        d.dummy_down = self.dummy_down[:]
        d.dummy_pile = dict(self.dummy_pile)
        d.scores = self.scores
        d.last_winner = self.last_winner
        return d

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "play":
            r = self.r
            pa = r.play_actions
            return [pa[c] for c in playable(r, self.hands[self.acting], self.led, self.trump)]
        if ph == "bid":
            return list(BIDDING.calls(self.auction))
        if ph == "trump":
            return list(self.r.trump_actions)
        if ph == "nest":
            return self._some_discards()
        return []

    def legal_complete(self) -> bool:
        return self.phase != "nest"

    def legal_hint(self) -> str:
        if self.phase != "nest":
            return ""
        r = self.r
        k = r.nest_size
        n = len(self.hands[self.acting])
        if r.bury_counters:
            return _(
                "choose {k} of your {n} cards to lay back in the nest: 'discard C C ...'"
            ).format(k=k, n=n)
        return _(
            "choose {k} of your {n} cards to lay back in the nest (no counters, unless you "
            "hold too few other cards): 'discard C C ...'"
        ).format(k=k, n=n)

    def random_action(self, rng: random.Random) -> Action:
        ph = self.phase
        if ph == "play":
            r = self.r
            p = playable(r, self.hands[self.acting], self.led, self.trump)  # play.py's rule
            return r.play_actions[p[rng.randrange(len(p))]]
        if ph == "nest":
            return ("discard", tuple(sorted(self.random_discard(self.hands[self.acting], rng))))
        choices = BIDDING.calls(self.auction) if ph == "bid" else self.legal_actions()
        return choices[rng.randrange(len(choices))]

    def random_discard(self, hand: Sequence[int], rng: random.Random) -> list[int]:
        """A uniformly random legal discard from `hand`."""
        return random_discard(self.r, hand, rng)

    def _some_discards(self) -> list[Action]:
        """A few legal discards (the full set is too large to list)."""
        from itertools import combinations, islice

        r = self.r
        hand = sorted(self.hands[self.acting])
        k = r.nest_size
        pts = r.points
        if r.bury_counters:
            pool = hand
        else:
            plain = [c for c in hand if not pts[c]]
            pool = plain if len(plain) >= k else hand
        out = []
        for combo in islice(combinations(pool, k), 64):
            a = ("discard", combo)
            if self.check(a) is None:
                out.append(a)
        return out

    def playable(self) -> list[int]:
        """Cards the acting position may play now (the follow rule: play.py)."""
        return playable(self.r, self.hands[self.acting], self.led, self.trump)

    # ------------------------------------------------------------ checking

    def check(self, action: Action) -> str | None:
        # Match.check has already turned away malformed actions and a finished deal.
        kind = action[0]
        ph = self.phase
        names = self.deck.names
        if ph == "bid":
            return BIDDING.refusal(self.auction, self.hands[self.acting], action)
        if ph == "nest":
            if kind != "discard":
                return ngettext(
                    "lay {count} card back in the nest: 'discard C C ...'",
                    "lay {count} cards back in the nest: 'discard C C ...'",
                    self.r.nest_size,
                ).format(count=self.r.nest_size)
            return self._check_discard(action)
        if ph == "trump":
            if kind != "trump" or len(action) != 2:
                return _(
                    "name a trump colour: 'trump black', 'trump green', 'trump red' or "
                    "'trump yellow'"
                )
            if action[1] not in COLOUR_NAMES:
                return _("'{word}' is not a colour; trump is black, green, red or yellow").format(
                    word=action[1]
                )
            return None
        if ph == "play":
            if kind != "play" or len(action) != 2:
                return _("it is time to play a card: 'play C'")
            cards = action[1]
            if not isinstance(cards, tuple) or len(cards) != 1:
                return _("play one card at a time")
            c = cards[0]
            if not isinstance(c, int) or not 0 <= c < len(names):
                return _("that is not a card of this game")
            hand = self.hands[self.acting]
            if c not in hand:
                if self.r.dummy and self.acting == DUMMY:
                    if c in self.dummy_down:
                        return sentence(
                            say(
                                "{card} is face down in the dummy and cannot be played yet",
                                card=self._card(c),
                            )
                        )
                    return sentence(say("the dummy has no {card} face up", card=self._card(c)))
                return sentence(say("you do not hold {card}", card=self._card(c)))
            if c in self.playable():  # the validator's rule; its refusal says why not
                return None
            return VALIDATOR.refusal(hand, self.trick, RookContract(self.r, self.trump), action)
        return _("the deal is over")

    def _check_discard(self, action: Action) -> str | None:
        r = self.r
        names = self.deck.names
        if len(action) != 2 or not isinstance(action[1], tuple):
            return _("lay cards back with 'discard C C ...'")
        cards = action[1]
        k = r.nest_size
        if len(cards) != k:
            return ngettext(
                "lay back exactly {count} card, not {given}",
                "lay back exactly {count} cards, not {given}",
                k,
            ).format(count=k, given=len(cards))
        if len(set(cards)) != k:
            return _("a card is named twice")
        hand = self.hands[self.acting]
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < len(names):
                return _("that is not a card of this game")
            if c not in hand:
                return sentence(say("you do not hold {card}", card=self._card(c)))
        if not r.bury_counters:
            pts = r.points
            plain = sum(1 for c in hand if not pts[c])
            buried = [c for c in cards if pts[c]]
            if buried and plain >= k:
                return self._counter_reason(buried[0])
            if buried and plain < k and sum(1 for c in cards if not pts[c]) != plain:
                return _("lay back every card that is not a counter before any counter")
        return None

    def _card(self, c: int) -> Text | str:
        """Card `c` in words for a reason ("you do not hold the red 5"), never its code
        (issue 11)."""
        return card_text(self.deck.names[c], self.r.bird_name)

    def _counter_reason(self, c: int) -> str:
        """Why counter `c` may not be laid back, naming it in words (one sentence per
        colour and bird card: a language may bend the colour's name)."""
        name = self.deck.names[c]
        points = self.r.points[c]
        if name == BIRD_TOKEN:
            if self.r.bird_name == "Crow":
                return _("counters may not go in the nest (the Crow is worth {points})").format(
                    points=points
                )
            return _("counters may not go in the nest (the Rook is worth {points})").format(
                points=points
            )
        rank = name[1:]
        return (
            _("counters may not go in the nest (the black {rank} is worth {points})"),
            _("counters may not go in the nest (the green {rank} is worth {points})"),
            _("counters may not go in the nest (the red {rank} is worth {points})"),
            _("counters may not go in the nest (the yellow {rank} is worth {points})"),
        )["BGRY".index(name[0])].format(rank=rank, points=points)

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        ph = self.phase
        if ph == "play":
            return self._play(action[1][0])
        if ph == "bid":
            return self._bid(action)
        if ph == "nest":
            return self._discard(action[1])
        if ph == "trump":
            return self._name_trump(action[1])
        raise ValueError("the deal is over")

    def _bid(self, action: Action) -> list[Event]:
        s = self._to_move
        self.auction = a = BIDDING.call(self.auction, action)
        ev: Event = {"type": "bid", "seat": s, "bid": 0 if action[0] == "pass" else action[1]}
        turn = a.turn
        if turn >= 0:
            self._to_move = self.acting = turn
            return [ev]
        if a.thrown_in:
            self.phase = "over"
            self._to_move = -1
            self.acting = -1
            return [ev, {"type": "all_passed"}]
        return [ev, *self._declare(a.declarer)]

    def _declare(self, s: int) -> list[Event]:
        r = self.r
        self.declarer = s
        if r.dummy:
            self.ctl[DUMMY] = 1 - s  # the player who did not win the bid plays the dummy
        ev: Event = {"type": "declarer", "seat": s, "bid": self.high_bid}
        self._to_move = self.acting = s
        if r.trump_first or r.nest_size == 0:
            self.phase = "trump"
        else:
            self._take_nest()
        return [ev]

    def _take_nest(self) -> None:
        self.phase = "nest"
        self.nest_taken = tuple(self.nest)
        self.hands[self.acting].extend(self.nest)
        self.nest = []

    def _discard(self, cards: tuple[int, ...]) -> list[Event]:
        hand = self.hands[self.acting]
        for c in cards:
            hand.remove(c)
        self.nest = list(cards)
        if self.trump < 0:
            self.phase = "trump"
        else:
            self._start_play()
        return [{"type": "discard", "seat": self._to_move, "count": len(cards)}]

    def _name_trump(self, colour: str) -> list[Event]:
        self.trump = COLOUR_NAMES.index(colour)
        ev: Event = {"type": "trump", "seat": self._to_move, "trump": colour}
        if self.r.trump_first and self.r.nest_size and not self.nest_taken:
            self._take_nest()
        else:
            self._start_play()
        return [ev]

    def _start_play(self) -> None:
        r = self.r
        self.phase = "play"
        if r.declarer_leads:
            lead = self.declarer
        elif r.dummy:
            lead = 1 - self.dealer  # the other player (the dummy never bids or leads first)
        else:
            lead = (self.dealer + 1) % r.positions
        self.acting = lead
        self._to_move = self.ctl[lead]

    def play_quiet(self, c: int) -> None:
        """Play card c with no events (AI play-outs: thousands of deals per decision,
        whose events nobody reads); the state changes exactly as apply() makes it."""
        self._play(c, quiet=True)

    def _play(self, c: int, quiet: bool = False) -> list[Event]:
        pos = self.acting
        self.hands[pos].remove(c)
        r = self.r
        trick = self.trick
        trick.append((pos, c))
        if r.dummy and pos == DUMMY:
            self._turn_up(c)
        if len(trick) == 1:
            self.leader = pos
        if self.led < 0:  # the suit to follow is still open (play.py says when it closes)
            self.led = led_suit(r, self.trump, (trick[0][1], c) if len(trick) > 1 else (c,))
        P = r.positions
        if len(trick) < P:
            nxt = (pos + 1) % P
            self.acting = nxt
            self._to_move = self.ctl[nxt]
            return []
        return self._close_trick(quiet)

    def _turn_up(self, c: int) -> None:
        i = self.dummy_pile.pop(c)
        under = self.dummy_down[i]
        if under >= 0:
            self.dummy_down[i] = -1
            self.hands[DUMMY].append(under)
            self.dummy_pile[under] = i

    def _close_trick(self, quiet: bool = False) -> list[Event]:
        r = self.r
        trick = self.trick
        points = r.points
        cards = [c for _, c in trick]
        pts = 0
        for c in cards:
            pts += points[c]
        wpos = trick[trick_winner(cards, self.led, r.orders[self.trump])][0]
        self.won[wpos].extend(cards)
        self.won_points[wpos] += pts
        self.tricks_won[wpos] += 1
        self.history += (tuple(trick),)
        names = self.deck.names
        ev: Event = (
            {}
            if quiet
            else {
                "type": "trick",
                "winner": wpos,
                "cards": [names[c] for c in cards],
                "points": pts,
                "leader": trick[0][0],
            }
        )
        self.trick = []
        self.led = -1
        self.last_winner = wpos
        if self.hands[wpos]:
            self.acting = wpos
            self._to_move = self.ctl[wpos]
            return [ev]
        # Last trick: the nest's counters go to its winner (or to the declarer).
        to = self.declarer if r.nest_to_declarer else wpos
        npts = sum(points[c] for c in self.nest)
        self.won_points[to] += npts
        self.won[to].extend(self.nest)
        self.nest_turned = tuple(sorted(self.nest))  # every view shows it from now on
        nest_cards = [] if quiet else [names[c] for c in self.nest_turned]
        self.nest = []
        self.phase = "over"
        self._to_move = -1
        self.acting = -1
        side = self.side_of_position(to)  # a dummy's nest counts for its controller's side
        return [ev, {"type": "nest", "to": to, "side": side, "cards": nest_cards, "points": npts}]

    # ------------------------------------------------------------ results

    def side_of_position(self, pos: int) -> int:
        r = self.r
        seat = self.ctl[pos]
        if r.teams:
            for i, t in enumerate(r.teams):
                if seat in t:
                    return i
        return seat

    def result(self) -> DealResult:
        r = self.r
        if self.redeal:
            return DealResult(points=(0,) * r.sides, redeal=True, details={"reason": "all passed"})
        sides = r.sides
        counters = [0] * sides
        tricks = [0] * sides
        for pos in range(r.positions):
            side = self.side_of_position(pos)
            counters[side] += self.won_points[pos]
            tricks[side] += self.tricks_won[pos]
        total_tricks = sum(tricks)
        points = counters[:]
        bonus_to = -1
        if r.majority_bonus:
            for side in range(sides):
                if tricks[side] * 2 > total_tricks:
                    points[side] += r.majority_bonus
                    bonus_to = side
        decl_side = self.side_of_position(self.declarer)
        return DealResult(
            points=tuple(points),
            details={
                "declarer": self.declarer,
                "declarer_side": decl_side,
                "bid": self.high_bid,
                "trump": COLOUR_NAMES[self.trump],
                "counters": tuple(counters),
                "tricks": tuple(tricks),
                "bonus_to": bonus_to,
                "made": points[decl_side] >= self.high_bid,
                "aside_points": sum(r.points[c] for c in self.aside),
            },
        )

    # ------------------------------------------------------------ views

    def view(self, seat: int) -> RookView:
        return self._view(seat)

    def public_view(self) -> RookView:
        """A spectator's view: no hand, the nest only once the deal is over (as every
        seat sees it), the dummy's face-up cards."""
        return self._view(-1)

    def _own(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """What only `seat` may see (seat -1: the public, nothing of its own): its hand,
        sorted; the nest it picked up (the declarer; everyone at the end); the nest's cards
        (the declarer once it picked them up; everyone at the end)."""
        over = self.phase == "over"
        declarer_sees = seat >= 0 and seat == self.declarer
        nest_visible = over or (declarer_sees and bool(self.nest_taken))
        return (
            tuple(sorted(self.hands[seat])) if seat >= 0 else (),
            self.nest_taken if declarer_sees or over else (),
            (self.nest_turned or tuple(sorted(self.nest))) if nest_visible else (),
        )

    def view_texts(self, seats: Sequence[int], dumps: Callable[[Any], str]) -> list[str] | None:
        """Each reader's view as JSON text, exactly dumps(view(seat).to_json()): the
        seat-free part (all but the seat, its hand and its nest) is made into text once
        for all of them, and each reader's own cards are spliced in (a server sends every
        seat's view after every action: docs/online.md, session 10)."""
        names = self.r.deck.names
        base, dummy = self._view(-1).seat_free_json()
        # One text of the seat-free part, cut around its two placeholders: the seat first,
        # and the hand, whose `"hand":null` is found at the top level (quotes within a
        # JSON string are escaped, and no value before it is an object).
        text = dumps(base)
        assert text.startswith('{"seat":null,'), text[:20]
        cut = text.index(',"hand":null,')
        before = text[13:cut]
        after = text[cut + 13 : -1]
        tail = ',"dummy":' + dumps(dummy) + "}" if dummy is not None else "}"
        out = []
        for seat in seats:
            hand, taken, nest = self._own(seat)
            parts = [
                '{"seat":',
                str(seat),
                ",",
                before,
                ',"hand":',
                dumps([names[c] for c in hand]),
                ",",
                after,
            ]
            if taken:
                parts += [',"nest_taken":', dumps([names[c] for c in sorted(taken)])]
            if nest:
                parts += [',"nest":', dumps([names[c] for c in nest])]
            parts.append(tail)
            out.append("".join(parts))
        return out

    def _view(self, seat: int) -> RookView:
        """Seat `seat`'s view, or with seat -1 the public one (no seat's own cards)."""
        r = self.r
        hand, taken, nest = self._own(seat)
        dummy_up: tuple[int, ...] = ()
        dummy_down = 0
        under: tuple[bool, ...] = ()
        if r.dummy:
            up = [-1] * len(self.dummy_down)
            for c, i in self.dummy_pile.items():
                up[i] = c
            dummy_up = tuple(up)
            dummy_down = sum(1 for c in self.dummy_down if c >= 0)
            under = tuple(c >= 0 for c in self.dummy_down)
        # Positional, in RookView's field order (the names in the comments): keywords cost
        # 3 of a view's 7 microseconds to make, and a server makes four an action.
        return RookView(
            seat,  # seat
            r,  # rules
            self.phase,  # phase
            self._to_move,  # to_move
            self.acting,  # acting
            self.dealer,  # dealer
            hand,  # hand
            tuple(map(len, self.hands)),  # hand_counts: a hand per position
            tuple(self.trick),  # trick
            self.led,  # led
            self.history,  # history
            self.auction,  # auction
            self.declarer,  # declarer
            self.trump,  # trump
            len(self.nest),  # nest_count
            taken,  # nest_taken
            nest,  # nest
            tuple(self.won_points),  # won_points
            tuple(self.tricks_won),  # tricks_won
            tuple(self.ctl),  # controllers
            dummy_up,  # dummy_up
            dummy_down,  # dummy_down
            under,  # dummy_under
            len(self.aside),  # aside_count
            tuple(self.scores),  # scores
        )

    def piles(self) -> dict[str, Sequence[int]]:
        r = self.r
        out: dict[str, Sequence[int]] = {f"hand{s}": self.hands[s] for s in range(r.seats)}
        if r.dummy:
            out["dummy_up"] = self.hands[DUMMY]
            out["dummy_down"] = [c for c in self.dummy_down if c >= 0]
        out["nest"] = self.nest
        if r.aside:
            out["aside"] = self.aside
        out["table"] = [c for _, c in self.trick]
        for p in range(r.positions):
            out[f"won{p}"] = self.won[p]
        return out

    def full_state(self) -> dict[str, Any]:
        r = self.r
        names = self.deck.names

        def nm(cards: Sequence[int]) -> list[str]:
            return [names[c] for c in sorted(cards)]

        seats = r.seats
        where = {k: nm(v) for k, v in self.piles().items()}
        return {
            "phase": self.phase,
            "to_move": self._to_move,
            "acting": self.acting,
            "dealer": self.dealer,
            "hands": [nm(self.hands[s]) for s in range(seats)],
            "dummy": (
                [
                    [names[c] if c >= 0 else None for c in self._dummy_tops()],
                    [names[c] if c >= 0 else None for c in self.dummy_down],
                ]
                if r.dummy
                else None
            ),
            "where": where,
            "bids": [[s, b] for s, b in self.bid_log],
            "high_bid": self.high_bid,
            "declarer": self.declarer,
            "trump": COLOUR_NAMES[self.trump] if self.trump >= 0 else None,
            "nest_taken": nm(self.nest_taken),
            "trick": [[p, [names[c]]] for p, c in self.trick],
            "tricks": [[[p, names[c]] for p, c in t] for t in self.history],
            "won_points": list(self.won_points),
            "tricks_won": list(self.tricks_won),
            "controllers": list(self.ctl),
            "colours": list(COLOURS),
        }

    @classmethod
    def world(
        cls,
        view: RookView,
        hands: dict[int, list[int]],
        nest: list[int],
        dummy_down: list[int],
    ) -> RookDeal:
        """A complete deal consistent with `view` (play phase), the hidden cards filled in
        by the caller: `hands` for the positions the viewer cannot see, the nest when
        hidden, the dummy's face-down cards per pile (-1 where none). For AI sampling."""
        r = view.rules
        d = cls.__new__(cls)
        d.r = r
        d.deck = r.deck
        d.phase = view.phase
        d._to_move = view.to_move
        d.acting = view.acting
        d.dealer = view.dealer
        P = r.positions
        all_hands: list[list[int]] = []
        for p in range(P):
            if p == view.seat:
                all_hands.append(list(view.hand))
            elif r.dummy and p == DUMMY:
                all_hands.append([c for c in view.dummy_up if c >= 0])
            else:
                all_hands.append(list(hands[p]))
        d.hands = all_hands
        d.nest = list(view.nest) if view.nest else list(nest)
        d.nest_taken = view.nest_taken
        d.nest_turned = ()
        d.aside = []
        d.auction = view.auction
        d.declarer = view.declarer
        d.trump = view.trump
        d.trick = list(view.trick)
        d.led = view.led
        d.leader = view.trick[0][0] if view.trick else -1
        d.won = [[] for _ in range(P)]
        d.won_points = list(view.won_points)
        d.tricks_won = list(view.tricks_won)
        d.history = view.history
        d.ctl = list(view.controllers)
        d.dummy_down = list(dummy_down)
        d.dummy_pile = {c: i for i, c in enumerate(view.dummy_up) if c >= 0}
        d.scores = view.scores
        d.last_winner = -1
        return d

    def _dummy_tops(self) -> list[int]:
        up = [-1] * len(self.dummy_down)
        for c, i in self.dummy_pile.items():
            up[i] = c
        return up


def random_discard(r: RookRules, hand: Sequence[int], rng: random.Random) -> list[int]:
    """A uniformly random legal discard of r.nest_size cards from `hand` (shared with the
    random AI, which sees only its view)."""
    k = r.nest_size
    if r.bury_counters:
        return rng.sample(list(hand), k)
    pts = r.points
    plain = [c for c in hand if not pts[c]]
    if len(plain) >= k:
        return rng.sample(plain, k)
    counters = [c for c in hand if pts[c]]
    return plain + rng.sample(counters, k - len(plain))
