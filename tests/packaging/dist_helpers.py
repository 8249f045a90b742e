"""Helpers of the packaging tests: the project copied as a clean clone holds it, and
running a command that must succeed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IGNORED = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache")
IGNORED += (".ruff_cache", ".hypothesis", "screenshots")


def run(cmd, env, cwd, timeout=180):
    proc = subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout
    )
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


def copy_project(dest: Path) -> None:
    """What a clean clone holds: the tracked and new (not ignored) files, as .ci/run
    copies them; a copy without git (CI's copy) minus the usual build litter."""
    git = shutil.which("git")
    if git and (ROOT / ".git").exists():
        listed = subprocess.run(
            [git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
        for rel in filter(None, (p.decode() for p in listed)):
            src = ROOT / rel
            if src.is_file():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest / rel)
    else:
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(*IGNORED), dirs_exist_ok=True)
