"""CrowsNest Arcade: a card-table arcade on pygame-ce.

Layers (data flows one way): plugins/ register variants through game.hookspecs;
game.engine is the pure rules core; game.ai sees only views; game.client draws.
"""

__version__ = "0.1.0"
