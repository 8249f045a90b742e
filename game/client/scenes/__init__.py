"""The client's scenes (see game/client/scene.py for the lifecycle)."""
