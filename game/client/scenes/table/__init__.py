"""The table: the game itself, as a package of rooms, each a layer over the one before.

| room | file | what it holds |
| --- | --- | --- |
| state | `state.py` | `TableState`: every field the rooms share, declared once, and the questions asked of them (whose hand is shown, whose turn, the prompt) |
| view | `view.py` | `TableView`: the seat's view, typed (the game's facts stay a mapping) |
| animation | `animate.py` | `AnimateRoom(TableState)`: table events -> card flights and news (a dispatch table) |
| flow | `flow.py` | `FlowRoom(AnimateRoom)`: whose turn, what happens next: beats, AI pacing, undo, hot-seat |
| input | `controls.py` | `ControlsRoom(FlowRoom)`: keys and mouse, the choice panel, toolbar, selection |
| the frame | `frame.py` | `TableFrame`: what one frame shows, frozen (`TableState.frame()` builds it for each drawn frame) |
| painting | `paint.py` | `TablePainter`: draws a `TableFrame` with the window's art, and only that (it sees no room) |
| the scene | `scene.py` | `TableScene(ControlsRoom)`: the rooms and the painter joined, its lifecycle |
| shared | `room.py` | the card sprites and a text metric |
| words | `../../words.py` | every sentence: the game's Presentation, rendered with the names (shared with the sheets) |

A room uses only what it or a room beneath it defines (so go-to-definition finds every
name in the chain, and no room imports one above it); the one call upward is the flow's
`rebuild_controls`, which the controls room overrides (tests/client/test_table_rooms.py).

What the table shows comes from `match.view_json(bottom seat)` (never the full state)
and the game's Presentation (crowsnest.engine.presentation); what may be done comes from
`match.legal_actions()` and `match.check()`. No game is named in this package.
"""

from .room import CardSprite
from .scene import TableScene

__all__ = ["CardSprite", "TableScene"]
