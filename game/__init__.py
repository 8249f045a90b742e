"""CrowsNest Arcade: a card-table arcade on pygame-ce.

Layers (data flows one way): plugins/ register variants through crowsnest.hookspecs;
crowsnest.engine is the pure rules core; crowsnest.ai sees only views; crowsnest.client draws.
"""

__version__ = "0.2.0"

# The application's one id: the desktop entry's file name (crowsnest-arcade.desktop), its
# icon's name, the window's X11 WM_CLASS and Wayland app id (docks match the window to the
# entry by it: StartupWMClass).
APP_ID = "crowsnest-arcade"
