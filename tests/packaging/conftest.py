"""The distributions, built once per test session (`python -m build`: the sdist and, from
it, the wheel) for every packaging test that needs them."""

from __future__ import annotations

import os
import sys

import pytest
from dist_helpers import copy_project, run


@pytest.fixture(scope="session")
def dists(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dists")
    src, out = tmp / "src", tmp / "out"
    src.mkdir()
    copy_project(src)
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    run([sys.executable, "-m", "build", "--outdir", out, src], env, cwd=tmp, timeout=300)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel
