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
    # a computer with a default name is named for its seat's portrait (issue 24)
    assert s.names == ["You", "Otto", "Ada", "Pippa"]
    i18n.set_language("fi")
    assert s.names == ["Sinä", "Otto", "Ada", "Pippa"]  # no restart, no new session
    assert s.name_keys == ["You", "Otto", "Ada", "Pippa"]  # the data stays English
    assert words.is_you(0) and not words.is_you(2)
    # the local player is still "you" in sentences: the you= form, not "Sinä takes"
    assert words(words.game.trick_news({"winner": 0})) == i18n._("You take the trick")
    i18n.set_language("fr")
    assert s.names[:2] == ["Vous", "Otto"]
    assert words.side_rows()[0] == "Nous (Vous & Ada)"  # teams: seats 0 and 2
    i18n.set_language("zh_CN")  # the Chinese table names the computers in Chinese
    assert s.names[1:] == ["圆圆", "Ada", "橙子"]


def test_the_computers_are_named_for_their_portraits_and_the_player_may_rename_them():
    from crowsnest.records.seats import COMPUTER_NAMES, computer_name

    assert len(COMPUTER_NAMES) == 8 == len(set(COMPUTER_NAMES))  # one per portrait
    assert len({n[0] for n in COMPUTER_NAMES}) == 8  # none alike to the ear at its start
    seats = [SeatSetup("human", "", "")] + [SeatSetup("ai", "easy", "")] * 3
    assert seat_names(seats) == ["You", *COMPUTER_NAMES[1:4]]
    # [look] names: "" keeps the shipped one; a name of the player's own is shown as typed
    own = ("", "Grandad's crow", "", "Bob")
    assert seat_names(seats, own=own) == ["You", "Grandad's crow", "Iris", "Bob"]
    assert computer_name(9, own) == COMPUTER_NAMES[1]  # past eight seats: round again
    i18n.set_language("zh_CN")
    assert [display_name(n) for n in seat_names(seats, own=own)][1:] == [
        "Grandad's crow",
        "小蓝",
        "Bob",
    ]
    i18n.set_language("sv")
    # a typed name on the seat wins over the computer's; counter-clockwise play mirrors
    # compass names only, never a computer's
    typed = [SeatSetup("human", "", ""), SeatSetup("ai", "", "Mormor"), SeatSetup("ai", "", "")]
    assert seat_names(typed, clockwise=False) == ["You", "Mormor", "Iris"]
    # an emptied name saved as "Seat 3", a hot-seat "Player 2" handed to a computer: the
    # game's own defaults, so the computer's name; on a human's seat they stay
    numbered = [SeatSetup("human", "", ""), SeatSetup("ai", "", "Player 2")]
    numbered += [SeatSetup("ai", "", "Seat 3"), SeatSetup("human", "", "Seat 4")]
    assert seat_names(numbered) == ["Player 1", "Otto", "Iris", "Seat 4"]
    s = LocalGame(CROWSNEST, seats, computer_names=own)
    assert s.names == ["Du", "Grandad's crow", "Iris", "Bob"]
    assert LocalGame.resume(s.match, seats, own).name_keys == s.name_keys


def test_numbered_names_and_hot_seat():
    hot = [SeatSetup("human", "", ""), SeatSetup("human", "", ""), SeatSetup("ai", "", "")]
    assert seat_names(hot) == ["Player 1", "Player 2", "Iris"]  # the computer keeps its name
    i18n.set_language("sv")
    assert [display_name(n) for n in seat_names(hot)] == ["Spelare 1", "Spelare 2", "Iris"]
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

    # the computers have their own names (issue 24); humans at the table's sides are
    # named by the compass all round
    from crowsnest.records.seats import COMPUTER_NAMES, SEAT_NAMES, seat_names

    seats = [Seat("human" if i == 0 else "ai", "normal", DEFAULT_NAMES[i]) for i in range(6)]
    assert seat_names(seats) == ["You", *COMPUTER_NAMES[1:6]]
    five = [Seat("human" if i == 4 else "ai", "normal", DEFAULT_NAMES[i]) for i in range(5)]
    assert seat_names(five) == [*COMPUTER_NAMES[:4], SEAT_NAMES[5][4]]  # "East", not "Fifth"
