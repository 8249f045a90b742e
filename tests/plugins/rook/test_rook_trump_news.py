"""The news line when trump is named says the colour as a word inside a sentence, in each
language's form for it (fi "valitsi valtiksi vihreän", da "erklærede grøn som trumf"),
never the button's capitalised word ("West erklærede Grøn som trumf" before)."""

from __future__ import annotations

import pytest
from crowsnest import i18n
from crowsnest.engine.presentation import EventContext, Seat, render
from crowsnest_games.rook.presentation import COLOUR_WORDS, RookPresentation
from crowsnest_games.rook.rules import COLOUR_NAMES

LANGS = ["en", "fi", "sv", "da", "fr"]  # zh_CN writes no case and bends no colour


def said(text) -> str:
    return render(
        text, lambda s: f"P{s}", lambda s: f"S{s}", None, lambda s: s == 0, i18n._, i18n.ngettext
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("colour", COLOUR_NAMES)
def test_trump_news_says_the_colour_in_the_sentence(lang, colour):
    pres = RookPresentation()
    before = i18n.current_language()
    try:
        i18n.set_language(lang)
        button = said(COLOUR_WORDS[colour])
        for seat in (0, 2):  # "You named ..." and "P2 named ..."
            ctx = EventContext(seat, ("trump", colour), {}, None, {}, None)
            (te,) = pres.on_trump({"type": "trump", "seat": seat, "trump": colour}, ctx)
            line = said(te.news)
            assert button not in line, line
            assert line and "{" not in line
            assert (seat == 2) == ("P2" in line)
    finally:
        i18n.set_language(before)


def test_an_unknown_colour_still_reads():
    ctx = EventContext(1, ("trump", "blue"), {}, None, {}, None)
    (te,) = RookPresentation().on_trump({"type": "trump", "seat": 1, "trump": "blue"}, ctx)
    assert said(te.news) == "P1 named blue as trump"
    assert isinstance(te.news.get("player"), Seat)
