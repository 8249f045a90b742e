"""Dou Dizhu's combination names, refusal reasons and end-of-match sentence are whole
sentences in the player's language (combination names stay English in the events: they
are data)."""

from __future__ import annotations

from crowsnest import i18n
from crowsnest.engine.presentation import sentence
from crowsnest_games.doudizhu import describe
from crowsnest_games.doudizhu.cards import DECK
from crowsnest_games.doudizhu.scoring import end_reason
from ddz_helpers import landlord_match


def ids(text: str) -> list[int]:
    return [DECK.ids(n)[0] for n in text.split()]


def test_names_and_reasons_follow_the_language():
    m = landlord_match("3S 4S 5S 6S 7S", "4H 5H 6H 7H 8D 9D KH KD")
    events = m.apply("play 3S 4S 5S 6S 7S")
    assert next(e for e in events if e["type"] == "play")["combo"] == "straight 3 to 7"
    i18n.set_language("sv")
    assert describe(ids("9S 9H 9D 4C")) == "triss i 9 med en singel"
    assert m.check("play KH KD").startswith("det här är par i K, men på bordet ligger stege 3")
    assert m.check("play 4H 5H 6H 7H 8D") is None
    # the event stays English whatever the language
    assert next(e for e in events if e["type"] == "play")["combo"] == "straight 3 to 7"
    i18n.set_language("da")
    assert sentence(end_reason(1, 0)) == (
        "Kampen slutter efter 1 runde; den højeste samlede score vinder."
    )
    assert sentence(end_reason(6, 0)).startswith("Kampen slutter efter 6 runder")
    i18n.set_language("fi")
    assert describe(ids("3S 4S")) == "suoraan tarvitaan vähintään 5 korttia"
