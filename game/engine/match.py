"""A match: a series of deals of one variant, with dealer rotation, redeals, running
scores and the end of the game.

Deterministic: (variant, options, seats, seed, dealer, first, fixed first deal, actions)
rebuilds any position, so the action log is replay, undo and the save file at once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..i18n import _
from .actions import Action, ActionError, notation_key, shape_error
from .cards import Card
from .presentation import Text, say
from .safe import exc_text
from .variant import Deal, DealSetup, Event, Variant, View


class MatchError(ValueError):
    """A match cannot be set up as asked (bad seats, a fixed deal that is not the deck)."""


class VariantFault(RuntimeError):
    """The variant's own code failed while applying an action (a plugin bug). The match
    is left exactly as it was before the action; str(err) is the sentence to show."""


SEED_MAX_CHARS = 200
# A match ends undecided after this many thrown-in deals in a row (nobody would bid or
# call, e.g. every seat a plugin AI that always passes): docs/rules-decisions.md.
MAX_THROWN_IN = 100


def check_seed(seed: Any) -> int | str:
    """The seed, if it can seed a shuffle: a whole number of at most 200 digits or a text
    of at most 200 characters that is valid Unicode (no lone surrogate); else MatchError."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise MatchError("the seed must be a whole number or a text")
    if isinstance(seed, int):
        if seed.bit_length() > 665:  # 10**200 < 2**665
            raise MatchError(f"the seed must be a whole number of at most {SEED_MAX_CHARS} digits")
        return seed
    if len(seed) > SEED_MAX_CHARS:
        raise MatchError(f"the seed must be a text of at most {SEED_MAX_CHARS} characters")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise MatchError("the seed is not valid text (it holds a lone surrogate)") from None
    return seed


def without_cards(event: Event, names: frozenset[str]) -> Event:
    """`event` without the fields that name a card (a card name anywhere in the value,
    at any depth, keys included); "type" always stays."""
    return {k: v for k, v in event.items() if k == "type" or not _names_card(v, names)}


def _names_card(value: Any, names: frozenset[str]) -> bool:
    if isinstance(value, str):
        return value in names
    if isinstance(value, Mapping):
        return any(_names_card(k, names) or _names_card(v, names) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_names_card(v, names) for v in value)
    return False


class Match:
    def __init__(
        self,
        variant: Variant,
        *,
        seed: int | str = 0,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        dealer: int | None = None,
        first: int | None = None,
        deal: Mapping[str, Any] | None = None,
        carry: Mapping[str, Any] | None = None,
    ) -> None:
        self.variant = variant
        self.seats = seats if seats is not None else variant.default_seats
        if self.seats not in variant.seats:
            allowed = ", ".join(str(s) for s in variant.seats)
            raise MatchError(f"{variant.name} is played by {allowed} players, not {self.seats}")
        self.options = variant.resolve_options(options)
        self.seed = check_seed(seed)
        self.first = first
        self.deck = variant.deck.build(self.options, self.seats)
        self.teams = variant.teams(self.seats, self.options)
        scorer = variant.scorer
        if dealer is None:
            dealer = scorer.first_dealer(self.options, self.seats, random.Random(f"{seed}:dealer"))
        elif not 0 <= dealer < self.seats:
            raise MatchError(f"dealer must be a seat from 0 to {self.seats - 1}, not {dealer}")
        if first is not None and not 0 <= first < self.seats:
            raise MatchError(f"first must be a seat from 0 to {self.seats - 1}, not {first}")
        self.scores: tuple[int, ...] = tuple(scorer.initial_scores(self.options, self.seats))
        self.carry: Mapping[str, Any] = dict(carry or {})
        # A match resumed mid-way (Tractor levels) may carry its scores; optional hook.
        from_carry = getattr(scorer, "scores_from_carry", None)
        if self.carry and from_carry is None:
            keys = ", ".join(sorted(map(str, self.carry)))
            raise MatchError(
                f"{variant.name} carries nothing into a match (it has no levels): leave out {keys}"
            )
        if self.carry and from_carry is not None:
            self.scores = tuple(from_carry(self.options, self.seats, self.carry))
        self.deal_index = 0  # counts every deal dealt, redeals included (seeds the shuffle)
        self.deal_no = 0  # counts scored deals
        self.thrown_in = 0  # deals thrown in since the last scored deal
        self.winner: Any = None
        self.end_reason = ""  # the scorer's sentence on why the match ended (English data)
        self.end_text: str | Text = ""  # the same for the screen (a Text is translated)
        self.over = False
        self.log: list[Action] = []
        # The log in notation, kept as actions are applied once keep_notation() is called
        # (a client saving after every action); else log_strings() replays the match.
        self.notation: list[str] | None = None
        self.history: list[dict[str, Any]] = []  # one entry per scored deal
        # Each reader's view in JSON (seat, or None for the public view), built at most
        # once per action: an online table sends every seat's after every action.
        self._views: dict[int | None, dict[str, Any] | None] = {}
        self._texts: dict[int | None, str] = {}  # their JSON text (view_texts), likewise
        self._acted: Deal | None = None  # the deal the last action was applied to
        self._first_dealer = dealer
        self._fixed_names = deal
        self._first_carry = dict(carry or {})
        self._start_deal(dealer)  # a fixed deal is checked here, as the first deal's piles

    # ------------------------------------------------------------ dealing

    def _fixed_piles(self, deal: Mapping[str, Any]) -> dict[str, Any]:
        """Turn a fixed deal given by card names into ids; it must be exactly the deck."""
        if not isinstance(deal, Mapping) or "hands" not in deal:
            raise MatchError("a fixed deal needs 'hands': one list of cards per seat")
        hands = deal["hands"]
        if not isinstance(hands, list) or len(hands) != self.seats:
            raise MatchError(f"a fixed deal needs {self.seats} hands, one per seat")
        names: list[str] = []
        for h in hands:
            if not isinstance(h, list):
                raise MatchError("each hand of a fixed deal must be a list of card names")
            names.extend(str(c).upper() for c in h)
        extra = {k: v for k, v in deal.items() if k != "hands"}
        for k, v in extra.items():
            if not isinstance(v, list):
                raise MatchError(f"pile '{k}' of a fixed deal must be a list of card names")
            names.extend(str(c).upper() for c in v)
        want = Counter(self.deck.names)
        got = Counter(names)
        if got != want:
            missing = sorted((want - got).elements())
            surplus = sorted((got - want).elements())
            parts = []
            if missing:
                parts.append(
                    "missing " + " ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
                )
            if surplus:
                parts.append("not in the deck or repeated " + " ".join(surplus[:12]))
            raise MatchError("the fixed deal is not exactly this game's deck: " + "; ".join(parts))
        pool: dict[str, list[int]] = {n: list(self.deck.ids(n)) for n in want}

        def ids(lst: list[Any]) -> list[Card]:
            return [pool[str(c).upper()].pop(0) for c in lst]

        piles: dict[str, Any] = {"hands": [ids(h) for h in hands]}
        for k, v in extra.items():
            piles[k] = ids(v)
        # The variant's own layout decides pile sizes; check the fixed deal matches them.
        probe = self.variant.deck.layout(self.options, self.seats, list(range(len(self.deck))))
        shape = {k: (len(v) if k != "hands" else [len(h) for h in v]) for k, v in probe.items()}
        mine = {k: (len(v) if k != "hands" else [len(h) for h in v]) for k, v in piles.items()}
        if shape != mine:
            raise MatchError(
                f"the fixed deal has the wrong pile sizes: expected {shape}, got {mine}"
            )
        return piles

    def _dealt_piles(self, index: int) -> Mapping[str, Any]:
        """The piles of deal number `index` (redeals counted): the fixed first deal, else
        the shuffle seeded by the match's seed and the index."""
        if index == 0 and self._fixed_names is not None:
            return self._fixed_piles(self._fixed_names)
        order = list(range(len(self.deck)))
        random.Random(f"{self.seed}:deal:{index}").shuffle(order)
        return self.variant.deck.layout(self.options, self.seats, order)

    def _start_deal(self, dealer: int) -> None:
        piles = self._dealt_piles(self.deal_index)
        self.dealer = dealer
        self.setup = DealSetup(
            variant=self.variant,
            options=self.options,
            seats=self.seats,
            dealer=dealer,
            deal_no=self.deal_no,
            piles=piles,
            scores=self.scores,
            carry=self.carry,
            rng_seed=f"{self.seed}:chance:{self.deal_index}",
            first=self.first if self.deal_index == 0 else None,
        )
        self.deal: Deal = self.variant.new_deal(self.setup)
        self.deal_index += 1
        self.deal_start = len(self.log)  # where this deal's actions begin in the log

    # ------------------------------------------------------------ the game

    @property
    def to_move(self) -> int:
        return -1 if self.over else self.deal.to_move

    @property
    def phase(self) -> str:
        return "over" if self.over else self.deal.phase

    def legal_actions(self) -> list[Action]:
        return [] if self.over else self.deal.legal_actions()

    def legal_strings(self) -> list[str]:
        fmt = self.deal.format_action
        return sorted((fmt(a) for a in self.legal_actions()), key=notation_key)

    def parse(self, text: str) -> Action:
        if self.over:
            raise ActionError(_("the match is over"))
        return self.deal.parse_action(text)

    def check(self, action: Action | str) -> str | None:
        """None when legal, else the reason."""
        if self.over:
            return _("the match is over")
        if isinstance(action, str):
            try:
                action = self.deal.parse_action(action)
            except ActionError as e:
                return str(e)
        return shape_error(action) or self.deal.check(action)

    def apply(self, action: Action | str) -> list[Event]:
        """Check and apply; raises ActionError (nothing changes) when illegal."""
        if isinstance(action, str):
            action = self.parse(action)
        reason = self.check(action)
        if reason is not None:
            raise ActionError(reason)
        return self.apply_unchecked(action)

    # Everything apply_unchecked may change besides the deal and the logs.
    _STATE = (
        "setup",
        "dealer",
        "scores",
        "carry",
        "deal_index",
        "deal_no",
        "thrown_in",
        "winner",
        "end_reason",
        "end_text",
        "over",
        "deal_start",
    )

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Apply a checked action. If the variant's code raises on the way (a plugin
        bug), the match is restored to where it was and VariantFault says what failed."""
        deal = self.deal
        n_log = len(self.log)
        # Nothing is copied before the action (this runs for every action of every
        # tournament, soak and benchmark; a copy of the deal was a third of the cost of a
        # random Dou Dizhu deal): a failed action is undone by rebuilding the deal from its
        # set-up and its actions, which is what a save does. The match's own fields change
        # only when a deal ends: saved only then.
        saved: dict[str, Any] | None = None
        n_hist = len(self.history)
        notation = self.notation
        if self._views or self._texts:  # only online tables and the window build views
            self._views.clear()
            self._texts.clear()
        try:
            if notation is not None:  # formatted before the action: notation reads the deal
                notation.append(deal.format_action(action))
            events = deal.apply(action)
            self.log.append(action)
            self._acted = deal
            if deal.over:
                saved = {k: getattr(self, k) for k in self._STATE}
                events = list(events)
                self._finish_deal(events)
            return events
        except Exception as e:
            self._acted = None
            if saved is not None:
                for k, v in saved.items():
                    setattr(self, k, v)
            del self.log[n_log:]
            if notation is not None:
                del notation[n_log:]
            del self.history[n_hist:]
            self.deal = deal  # a failed next deal is dropped with its set-up (saved above)
            try:
                # Freshly dealt piles, in case the failed action changed the set-up's lists.
                self.setup = replace(self.setup, piles=self._dealt_piles(self.deal_index - 1))
                self.deal = self.rebuilt_deal()
            except Exception as again:  # noqa: BLE001 - the variant's code, any fault
                raise VariantFault(
                    f"{self.variant.name} failed while applying {self._describe(deal, action)} "
                    f"({exc_text(e)}), and the deal could not be rebuilt from its actions "
                    f"({exc_text(again)}): the match cannot go on"
                ) from e
            raise VariantFault(
                f"{self.variant.name} failed while applying {self._describe(self.deal, action)} "
                f"({exc_text(e)}); the match is unchanged"
            ) from e

    def rebuilt_deal(self) -> Deal:
        """The deal in progress rebuilt from its set-up and its actions so far: equal to
        self.deal for a deterministic variant (saves, undo and the recovery from a
        failed action rest on it; crowsnest.testing.play_match checks it)."""
        deal = self.variant.new_deal(self.setup)
        for a in self.deal_actions():
            deal.apply(a)
        return deal

    @staticmethod
    def _describe(deal: Deal, action: Action) -> str:
        try:
            return f"'{deal.format_action(action)}'"
        except Exception:  # noqa: BLE001 - the notation itself may be what fails
            return "an action"

    def _finish_deal(self, events: list[Event]) -> None:
        setup = self.setup
        result = self.deal.result()
        scorer = self.variant.scorer
        if result.redeal:
            events.append({"type": "redeal", "dealer": scorer.redeal_dealer(setup, result)})
            self.thrown_in += 1
            if self.thrown_in >= MAX_THROWN_IN:
                self.over = True
                self.end_text = say(
                    "Every deal was thrown in, {count} in a row: nobody would bid, so the "
                    "match ends undecided",
                    count=self.thrown_in,
                )
                self.end_reason = self.end_text.plain()
                events.append(
                    {
                        "type": "match_over",
                        "winner": None,
                        "scores": list(self.scores),
                        "reason": self.end_reason,
                    }
                )
                return
            self._start_deal(scorer.redeal_dealer(setup, result))
            return
        self.thrown_in = 0
        st = scorer.settle(setup, result)
        self.scores = tuple(st.scores)
        self.carry = dict(st.carry)
        self.deal_no += 1
        ev: Event = {
            "type": "deal_over",
            "points": list(result.points),
            "score_change": list(st.score_change),
            "scores": list(st.scores),
            **st.extra_event,
        }
        events.append(ev)
        self.history.append({"deal": self.deal_no, **{k: v for k, v in ev.items() if k != "type"}})
        if st.winner is not None:
            self.winner = st.winner
            self.over = True
            over: Event = {"type": "match_over", "winner": st.winner, "scores": list(st.scores)}
            if st.end_reason:
                self.end_text = st.end_reason
                text = st.end_reason
                over["reason"] = self.end_reason = text.plain() if isinstance(text, Text) else text
            events.append(over)
            return
        self._start_deal(st.next_dealer)

    def deal_actions(self) -> list[Action]:
        """The actions of the deal in progress: self.setup and these rebuild self.deal
        (variant.new_deal(setup), then deal.apply each), as an AI's worker process does."""
        return self.log[self.deal_start :]

    def view(self, seat: int) -> View:
        return self.deal.view(seat)

    def public_view(self) -> View | None:
        """The spectator's view of the deal, or None: the game has no public view (its
        tables take no spectators; see Deal.public_view)."""
        return self.deal.public_view()

    def view_json(self, seat: int) -> dict[str, Any]:
        """Seat `seat`'s view in JSON with the match's block. Built once per action: the
        same dict until the next action, so callers read it and never change it."""
        v = self._views.get(seat)
        if v is None:
            v = self.deal.view(seat).to_json()
            v["match"] = self._match_json()
            self._views[seat] = v
        return v

    def forget_views(self) -> None:
        """Drop the views built for this state (an online table keeps their JSON text
        only while it sends them: memory per table); the next read builds them again."""
        self._views.clear()
        self._texts.clear()

    def view_text(self, seat: int | None, dumps: Callable[[Any], str]) -> str:
        """One reader's view as JSON text (view_texts for one seat): the text made for
        this action already where there is one, with no list made for the lookup."""
        text = self._texts.get(seat)
        return text if text is not None else self.view_texts((seat,), dumps)[0]

    def view_texts(self, seats: Sequence[int | None], dumps: Callable[[Any], str]) -> list[str]:
        """The JSON text of each reader's view, exactly `dumps(view_json(seat))` (seat
        None: of public_view_json(), "{}" where the game has none), with `dumps` the
        caller's encoder. Made once per action, like the views: the seats' by the game's
        Deal.view_texts where it has one (the part every view shares made into text
        once), else from view_json."""
        texts = self._texts
        want = [s for s in dict.fromkeys(seats) if s is not None and s not in texts]
        made = self.deal.view_texts(want, dumps) if want else None
        if made is not None:
            match = ',"match":' + dumps(self._match_json()) + "}"
            for s, text in zip(want, made, strict=True):
                texts[s] = text[:-1] + match if text != "{}" else "{" + match[2:]
        for r in seats:
            if r not in texts:
                v = self.view_json(r) if r is not None else self.public_view_json()
                texts[r] = dumps(v if v is not None else {})
        return [texts[r] for r in seats]

    def public_view_json(self) -> dict[str, Any] | None:
        """The public view in JSON with the same "match" block as view_json, or None where
        the game has none. Built once per action, like view_json (read it, never change it)."""
        if None in self._views:
            return self._views[None]
        pv = self.deal.public_view()
        v = None if pv is None else pv.to_json()
        if v is not None:
            v["match"] = self._match_json()
        self._views[None] = v
        return v

    def _match_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "deal_no": self.deal_no,
            "over": self.over,
            "winner": self.winner,
            "teams": [list(t) for t in self.teams] if self.teams else None,
        }

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """The events of the last action (what apply returned) as `seat` may see them
        now (None: a spectator): each passed through the deal's redact_event, in the
        state that action left the deal in (the finished deal, when the action ended
        it). For a variant that does not vouch for its events (Variant.events_safe
        False), every field naming a card is taken out as well. The omniscient events
        apply returned are left as they were (the engine protocol answers with them)."""
        if seat is not None and not 0 <= seat < self.seats:
            raise ValueError(f"seat must be from 0 to {self.seats - 1} or None, not {seat}")
        if self.events_alike():
            return list(events)
        deal = self._acted if self._acted is not None else self.deal
        names = None if self.variant.events_safe else frozenset(self.deck.names)
        out: list[Event] = []
        for ev in events:
            seen = deal.redact_event(ev, seat)
            if seen is not None:
                out.append(seen if names is None else without_cards(seen, names))
        return out

    def events_alike(self) -> bool:
        """Whether events_for gives every reader the last action's events unchanged: the
        game vouches for its events (Variant.events_safe) and keeps Deal's redact_event,
        which gives each event as it is (an online table then makes their JSON once)."""
        deal = self._acted if self._acted is not None else self.deal
        return self.variant.events_safe and type(deal).redact_event is Deal.redact_event

    def state(self) -> dict[str, Any]:
        s = self.deal.full_state()
        s.update(
            variant=self.variant.id,
            seats=self.seats,
            scores=list(self.scores),
            deal_no=self.deal_no,
            dealer=s.get(
                "dealer", self.dealer
            ),  # the deal knows best (Tractor's first declarer deals)
            phase=self.phase,
            over=self.over,
            winner=self.winner,
            teams=[list(t) for t in self.teams] if self.teams else None,
            options=dict(self.options),
        )
        return s

    def log_strings(self) -> list[str]:
        """The action log in notation (replayable with Match.replay)."""
        if self.notation is not None:
            return list(self.notation)
        out = []
        probe = self.fresh()
        for a in self.log:
            out.append(probe.deal.format_action(a))
            probe.apply_unchecked(a)
        return out

    def keep_notation(self) -> None:
        """Keep the log in notation from now on, as each action is applied (one
        format_action each), so log_strings() no longer replays the whole match."""
        if self.notation is None:
            self.notation = self.log_strings()

    def start_kwargs(self) -> dict[str, Any]:
        """The keyword arguments that rebuild this match before any action (with the
        variant): what fresh(), undo and save files rebuild from."""
        return {
            "seed": self.seed,
            "seats": self.seats,
            "options": dict(self.options),
            "dealer": self._first_dealer,
            "first": self.first,
            "deal": self._fixed_names,
            "carry": dict(self._first_carry),
        }

    def fresh(self) -> Match:
        """The same match before any action (same seed and set-up)."""
        return type(self)(self.variant, **self.start_kwargs())

    @classmethod
    def replay(cls, variant: Variant, actions: Sequence[str], **kwargs: Any) -> Match:
        m = cls(variant, **kwargs)
        for text in actions:
            m.apply(text)
        return m
