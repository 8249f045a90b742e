"""Shared AI machinery: the random AI and the safe runner that contains faulty AIs."""

from .random_ai import RandomAI, random_factory
from .runner import AIFault, AIRunner, Choice, choose_action, resolve_level

__all__ = [
    "AIFault",
    "AIRunner",
    "Choice",
    "RandomAI",
    "choose_action",
    "random_factory",
    "resolve_level",
]
