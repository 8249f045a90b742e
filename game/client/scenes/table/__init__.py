"""The table: the game itself, as a package of rooms.

| room | file | what it holds |
| --- | --- | --- |
| state | `scene.py` | `TableScene`: its state, lifecycle, the prompt |
| view | `view.py` | `TableView`: the seat's view, typed (the game's facts stay a mapping) |
| flow | `flow.py` | whose turn, what happens next: beats, AI pacing, undo, hot-seat |
| animation | `animate.py` | table events -> card flights and news (a dispatch table) |
| painting | `paint.py` | `draw` and what it calls |
| input | `controls.py` | keys and mouse, the choice panel, toolbar, selection, hints |
| shared | `room.py` | `Table`: the scene as the rooms use it (a Protocol), and the card sprites |
| words | `../../words.py` | every sentence: the game's Presentation, rendered with the names (shared with the sheets) |

What the table shows comes from `match.view_json(bottom seat)` (never the full state)
and the game's Presentation (crowsnest.engine.presentation); what may be done comes from
`match.legal_actions()` and `match.check()`. No game is named in this package.
"""

from .room import CardSprite
from .scene import TableScene

__all__ = ["CardSprite", "TableScene"]
