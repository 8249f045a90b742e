"""The pygame-ce client: the App loop, scenes, widgets, layout, tweens, input, assets and
sound (docs/architecture.md). The engine never imports it."""
