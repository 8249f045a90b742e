"""The pure rules engine: no pygame, deterministic, OpenSpiel-shaped."""

from .actions import PASS, Action, ActionError, format_action, parse_action, shape_error
from .cards import Card, Deck
from .match import Match, MatchError, VariantFault
from .options import Option, OptionError, Options, resolve_options
from .presentation import Presentation
from .variant import (
    AI,
    Deal,
    DealResult,
    DealSetup,
    Event,
    ScorerDefaults,
    Settlement,
    Variant,
    View,
)

__all__ = [
    "AI",
    "PASS",
    "Action",
    "ActionError",
    "Card",
    "Deal",
    "DealResult",
    "DealSetup",
    "Deck",
    "Event",
    "Match",
    "MatchError",
    "Option",
    "OptionError",
    "Options",
    "Presentation",
    "ScorerDefaults",
    "Settlement",
    "Variant",
    "VariantFault",
    "View",
    "format_action",
    "parse_action",
    "resolve_options",
    "shape_error",
]
