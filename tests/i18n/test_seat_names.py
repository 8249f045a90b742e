"""Default seat names ("You", "West", "Player 2") are kept as English keys in the config,
saves and statistics and shown in the player's language, following a switch at once;
a name the player typed stays as typed."""

from __future__ import annotations

from crowsnest import i18n
from crowsnest.client.session import LocalGame, SeatSetup
from crowsnest.client.words import Words
from crowsnest.config import Config
from crowsnest.records.seats import display_name, seat_names
from crowsnest_games.rook import CROWSNEST


def test_default_names_are_shown_in_the_language_and_typed_names_as_typed():
    seats = [
        SeatSetup("human", "", "You"),
        SeatSetup("ai", "easy", "West"),  # an old config's default: still a default
        SeatSetup("ai", "easy", "Ada"),
        SeatSetup("ai", "easy", ""),
    ]
    s = LocalGame(CROWSNEST, seats)
    words = Words(s, lambda: 0)
    assert s.names == ["You", "West", "Ada", "East"]
    i18n.set_language("fi")
    assert s.names == ["Sinä", "Länsi", "Ada", "Itä"]  # no restart, no new session
    assert s.name_keys == ["You", "West", "Ada", "East"]  # the data stays English
    assert words.is_you(0) and not words.is_you(2)
    # the local player is still "you" in sentences: the you= form, not "Sinä takes"
    assert words(words.game.trick_news({"winner": 0})) == i18n._("You take the trick")
    i18n.set_language("fr")
    assert s.names[:2] == ["Vous", "Ouest"]
    assert words.side_rows()[0] == "Nous (Vous & Ada)"  # teams: seats 0 and 2


def test_numbered_names_and_hot_seat():
    hot = [SeatSetup("human", "", ""), SeatSetup("human", "", ""), SeatSetup("ai", "", "")]
    assert seat_names(hot) == ["Player 1", "Player 2", "Player 3"]
    i18n.set_language("sv")
    assert [display_name(n) for n in seat_names(hot)] == ["Spelare 1", "Spelare 2", "Spelare 3"]
    assert display_name("Seat 7") == "Plats 7"
    assert display_name("Player 2x") == "Player 2x"  # typed, not a default


def test_the_default_config_keeps_english_keys():
    i18n.set_language("da")
    assert [p.name for p in Config().seats] == ["You", "West", "North", "East"]


def test_a_table_of_six_is_named_by_the_compass_all_round() -> None:
    """Rook for 6 showed "North" beside "Fifth" and "Sixth": the config's default names
    past the fourth seat are defaults too, named as the table draws them."""
    from crowsnest.config import DEFAULT_NAMES
    from crowsnest.records.savefile import Seat
    from crowsnest.records.seats import SEAT_NAMES, seat_names

    seats = [Seat("human" if i == 0 else "ai", "normal", DEFAULT_NAMES[i]) for i in range(6)]
    assert seat_names(seats) == ["You", *SEAT_NAMES[6][1:]]
    five = [Seat("human" if i == 0 else "ai", "normal", DEFAULT_NAMES[i]) for i in range(5)]
    assert seat_names(five) == ["You", *SEAT_NAMES[5][1:]]
