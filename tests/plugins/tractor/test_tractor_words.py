"""Tractor's refusal reasons and selection names are whole sentences in the player's
language, with the cards in words (never a code such as 5H) and plural forms."""

from __future__ import annotations

from crowsnest import i18n
from crowsnest_games.tractor.cards import DECK
from tractor_helpers import match_at_play


def test_reasons_and_names_follow_the_language():
    m = match_at_play(["2H QS QS", "9S 9S 5S 3S", "AS KS", "JS"])
    m.apply("play QS QS")
    nines = tuple(c for c in m.deal.hands[1] if DECK.names[c] == "9S")
    foreign = next(c for c in m.deal.hands[0] if DECK.names[c] == "2H")
    assert m.check("play 5S 3S") == "a pair is held: you must play a pair of spades"
    assert m.deal.describe(nines) == "pair of 9s in spades"
    # a card the seat does not hold, sent as ids (the table does): named in words
    assert m.check(("play", (foreign, nines[0]))) == "you do not hold 2 of hearts"
    i18n.set_language("fi")
    assert m.check("play 5S 3S") == "sinulla on pari: sinun on pelattava patapari"
    assert m.deal.describe(nines) == "pata 9 -pari"
    assert m.check(("play", (foreign, nines[0]))) == "hertta 2 ei ole kädessäsi"
    assert m.check("play 9S") == "sinun on pelattava 2 korttia, yhtä monta kuin johdettiin"
    i18n.set_language("fr")
    assert m.check("play 5S 3S") == "vous avez une paire\u00a0: vous devez jouer une paire de pique"
    assert m.check("play 9S") == "vous devez jouer 2 cartes, autant que l'entame"
