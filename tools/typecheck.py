"""The project's type check: mypy, strict, on what [tool.mypy] in pyproject.toml lists.

    python tools/typecheck.py [MORE MYPY ARGUMENTS]

tests/test_types.py runs it, so the default test command and .ci/run do.

Why a script and not plain `mypy`: the repository's folders install under other names
(game/ is `crowsnest`, plugins/ is `crowsnest_games`, mapped in pyproject.toml), and mypy
cannot see through an editable install's import finder (python/mypy#13392,
pypa/setuptools#3518), so it would not find `crowsnest` at all. Here the package roots
are handed to mypy as a temporary folder of symbolic links named by import name
(MYPYPATH), and the file names in its messages are turned back into the repository's.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOTS = {"crowsnest": "game", "crowsnest_games": "plugins"}  # as [tool.setuptools.package-dir]


def run(extra: list[str] | None = None, cache_dir: str | Path | None = None) -> tuple[int, str]:
    """(mypy's exit status, its report with repository paths)."""
    from mypy import api  # the test extra (pyproject.toml: test = [..., "mypy"])

    with tempfile.TemporaryDirectory(prefix="crowsnest-mypy-") as tmp:
        for name, folder in ROOTS.items():
            os.symlink(ROOT / folder, Path(tmp) / name, target_is_directory=True)
        cache = str(cache_dir) if cache_dir is not None else str(Path(tmp) / "cache")
        before = os.environ.get("MYPYPATH")
        os.environ["MYPYPATH"] = tmp
        try:
            out, err, status = api.run(
                ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", cache]
                + (extra or [])
            )
        finally:
            if before is None:
                del os.environ["MYPYPATH"]
            else:
                os.environ["MYPYPATH"] = before
        report = out + err
        # the longer name first: crowsnest is a prefix of crowsnest_games
        for name, folder in sorted(ROOTS.items(), key=lambda kv: -len(kv[0])):
            report = report.replace(str(Path(tmp) / name), folder)
    return status, report


def main(argv: list[str]) -> int:
    status, report = run(argv)
    print(report, end="")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
