"""Without Ray the ray backend is refused with one sentence naming the extra."""

from __future__ import annotations

import importlib.util

import pytest


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="Ray is installed")
def test_ray_backend_without_ray(cli):
    r = cli.run(
        "tournament", "--variant", "doudizhu", "--levels", "normal,easy", "--backend", "ray"
    )
    assert r.returncode == 2 and "crowsnest-arcade[cluster]" in r.stderr
