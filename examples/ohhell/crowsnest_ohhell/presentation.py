"""How Oh Hell looks and speaks at the table: the words the client shows for it (see
"The presentation contract" in docs/plugins.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crowsnest.engine import Deck
from crowsnest.engine.presentation import Centre, Fact, Presentation, Shown, Text, say

SUIT_KEYS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


class OhHellPresentation(Presentation):
    def facts(self, view: Mapping[str, Any]) -> list[Fact]:
        out = []
        if isinstance(view.get("hand_size"), int):
            out.append(
                Fact(say("{count} card each", plural="{count} cards each", count=view["hand_size"]))
            )
        tr = view.get("trump")
        if isinstance(tr, str) and tr in SUIT_KEYS:
            out.append(
                Fact(say("Trump: {suit}", suit=tr.capitalize()), suit=SUIT_KEYS[tr], keep=True)
            )
        return out

    def plate(self, view: Mapping[str, Any], seat: int) -> list[Text]:
        """Every seat's bid stands through the play, beside the tricks it has taken."""
        out = []
        bids = view.get("bids")
        placed = isinstance(bids, list) and seat < len(bids) and isinstance(bids[seat], int)
        if placed and view.get("phase") != "bid":
            out.append(say("bid {bid}", bid=bids[seat]))
        tw = view.get("tricks_won")
        if isinstance(tw, list) and seat < len(tw) and view.get("phase") == "play":
            out.append(say("tricks {count}", count=tw[seat]))
        return out

    def centre(self, view: Mapping[str, Any], deck: Deck) -> Centre:
        up = view.get("turnup")
        if isinstance(up, str):
            return Centre(shown=(Shown(say("Turned up"), (up,)),))
        return Centre()
