"""The player-facing rules (shown by the client's rules screen)."""

RULES_TEXT = """\
# Oh Hell

3 to 6 players, each for themselves, with a standard 52-card pack (aces high).

## The deal
The match is a series of deals with changing hand sizes. By default ("down-up") the
first deal gives each player the largest hand (10 cards, or fewer with 6 players: 8),
each next deal one card fewer down to 1, then one more each deal back up to the largest.
The deal passes to the left. After the hands are dealt the next card is turned face up:
its suit is trump for the deal.

## Bidding
Starting at the dealer's left, each player bids the exact number of tricks they expect
to take, from 0 to the hand size. The dealer bids last. Hook rule (on by default): the
dealer may not bid the number that would make all the bids add up to the number of
tricks, so at least one player must miss.

## Play
The player at the dealer's left leads. Follow suit if you can; otherwise play any card.
The highest trump wins the trick, or if no trump was played the highest card of the suit
led. The winner leads the next trick.

## Scoring
Take exactly the number of tricks you bid and you score 10 plus your bid (bid 0 and take
none: 10). Miss, by any amount, and you score 0 (house rule: lose the difference).

## The end
After the last deal of the schedule the highest score wins. If players tie for the
lead, further deals of the last hand size are played until one player leads alone.

## Options
- rounds: down-up (default), up-down, down, up, or fixed (the same hand size every deal)
- max_hand: the largest hand (capped at what the pack allows: 51 / players)
- fixed_deals: how many deals a "fixed" match has
- hook: the dealer's hook rule (on)
- exact_bonus: points for an exact bid besides the bid itself (10)
- miss: "zero" (default) or "minus" (lose 1 per trick over or under)
"""
