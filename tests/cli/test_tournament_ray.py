"""`crowsnest tournament --backend ray`: the same report as the local pool for the same
seeds (skipped where Ray, the optional `cluster` extra, is not installed)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ray")


def test_ray_backend_matches_local(cli):
    args = ["tournament", "--variant", "doudizhu", "--levels", "normal,easy", "--deals", "3",
            "--seed", "11", "--json"]  # fmt: skip
    local = cli.run(*args, timeout=120)
    assert local.returncode == 0, local.stderr
    ray = cli.run(*args, "--backend", "ray", timeout=300)
    assert ray.returncode == 0, ray.stderr
    a, b = json.loads(local.stdout), json.loads(ray.stdout)
    for x in (a, b):
        x.pop("seconds")
        x.pop("workers")
    assert a == b
