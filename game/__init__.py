"""CrowsNest Arcade: a card-table arcade on pygame-ce.

Layers (data flows one way): plugins/ register variants through crowsnest.hookspecs;
crowsnest.engine is the pure rules core; crowsnest.ai sees only views; crowsnest.client draws.
"""

__version__ = "0.2.0"
