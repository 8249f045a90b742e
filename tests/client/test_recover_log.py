"""A game the window had to stop (a plugin's code raised inside a scene) is logged with
its traceback, so the log file (crowsnest.logfile) holds what the player saw as one line
on the title screen."""

from __future__ import annotations

import logging

from client_driver import make_app
from crowsnest.client.scene import Scene


def test_a_game_the_window_had_to_stop_is_logged_with_its_traceback(caplog):
    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("the plugin's deal exploded")

    app = make_app()
    app.catch_errors = True
    app.stack.push(Broken())
    with caplog.at_level(logging.ERROR, logger="crowsnest.client"):
        app.step(0.02)
    app.close()
    (record,) = [r for r in caplog.records if r.name == "crowsnest.client"]
    assert "went back to the title screen" in record.getMessage()
    assert record.exc_info and "exploded" in str(record.exc_info[1])
