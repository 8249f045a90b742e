"""The bird card's word is the game's catalog word, drawn in the player's language
(the English one comes from the committed sprite; others are drawn with the same art)."""

from __future__ import annotations

import pygame
from crowsnest import i18n
from crowsnest.client.assets import Assets
from crowsnest.client.palette import face_label, set_game_art
from crowsnest_games.rook import get_variant


def test_the_crow_card_reads_in_the_players_language():
    pygame.init()
    try:
        assets = Assets()
        crows = get_variant("crowsnest")
        assets.use_variant(crows)
        deck = crows.deck.build(crows.resolve_options({}), 4)
        bird = deck.ids("BIRD")[0]
        english = pygame.image.tobytes(assets.card_face(deck, bird), "RGBA")
        assert face_label("BIRD") == "CROW"
        words = {"fi": "VARIS", "sv": "KRÅKA", "da": "KRAGE", "fr": "CORBEAU"}
        for lang, word in words.items():
            i18n.set_language(lang)
            assert face_label("BIRD") == word
            face = pygame.image.tobytes(assets.card_face(deck, bird), "RGBA")
            assert face != english  # drawn again with the word, not the English sprite
        i18n.set_language("fi")
        assets.use_variant(get_variant("kentucky"))  # the Rook card keeps its brand name
        assert face_label("BIRD") == "ROOK"
    finally:
        set_game_art({}, {})


def test_the_jokers_read_in_the_players_language():
    from crowsnest.client.painter import joker_words

    pygame.init()
    assets = Assets()
    english = pygame.image.tobytes(assets.face("RJ", "J"), "RGBA")
    i18n.set_language("fi")
    assert joker_words() == ("JOKERI", "ISO", "PIENI")
    assert pygame.image.tobytes(assets.face("RJ", "J"), "RGBA") != english
    i18n.set_language("en")
    assert pygame.image.tobytes(assets.face("RJ", "J"), "RGBA") == english  # the sprite
