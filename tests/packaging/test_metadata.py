"""What a package index and a packager see: the metadata (authors, keywords, classifiers),
an sdist without the docs' screenshots, README links that work off the repository,
pinned lint tools, a capped tomlkit, the changelog and the release steps."""

from __future__ import annotations

import email
import re
import tarfile
import tomllib
import zipfile

import crowsnest
import pytest
from dist_helpers import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def metadata(wheel) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.message_from_bytes(z.read(name))


@pytest.mark.slow  # builds the distributions (shared with test_wheel.py)
def test_the_wheel_carries_authors_keywords_and_classifiers(dists):
    meta = metadata(dists[1])
    assert meta["Author"] == "The CrowsNest Arcade authors"
    assert "Rook" in meta["Keywords"] and "Dou Dizhu" in meta["Keywords"]
    classifiers = meta.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    for lang in ("Finnish", "Swedish", "Danish", "French"):
        assert f"Natural Language :: {lang}" in classifiers
    # every URL the metadata names is absolute (none yet: docs/releasing.md says when)
    for url in meta.get_all("Project-URL") or []:
        assert re.match(r"[^,]+, https://", url), url
    assert meta.get_content_type() == "text/plain" and meta["Description-Content-Type"]


def test_the_classifiers_are_known_ones():
    try:
        from trove_classifiers import classifiers as known
    except ImportError:  # not a dependency: the build's own validation is the fallback
        known = None
    listed = PYPROJECT["project"]["classifiers"]
    assert len(listed) == len(set(listed))
    if known is not None:
        assert set(listed) <= known


@pytest.mark.slow  # builds the distributions (shared with test_wheel.py)
def test_the_sdist_leaves_the_screenshots_out_and_keeps_the_changelog(dists):
    with tarfile.open(dists[0]) as tar:
        members = [m for m in tar.getmembers() if "/" in m.name]
    names = {m.name.split("/", 1)[1] for m in members}
    assert not [n for n in names if n.startswith("docs/") and n.endswith((".png", ".jpg"))]
    assert {"CHANGELOG.md", "docs/releasing.md", "docs/plugins.md"} <= names
    # the repository's screenshots are most of its size; the sdist is what a packager needs
    assert dists[0].stat().st_size < 6_000_000, dists[0].stat().st_size


def test_readme_links_work_on_a_package_index_page():
    """An index shows the README without the repository around it: a relative link
    (`docs/cli.md`) leads nowhere there. Links are absolute, or the path is plain text."""
    text = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)", text) + re.findall(r"^\[[^\]]+\]:\s*(\S+)", text, re.M)
    targets += re.findall(r'(?:src|href)="([^"]+)"', text)
    assert targets, "the README links somewhere (pipx's documentation)"
    relative = [t for t in targets if not re.match(r"https?://", t)]
    assert relative == []


def test_lint_tools_are_pinned_and_tomlkit_is_capped():
    test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    pins = {re.split(r"[=<>!~ ]", r, maxsplit=1)[0]: r for r in test_extra}
    for tool in ("ruff", "mypy"):
        assert re.fullmatch(rf"{tool}==\d+(\.\d+)+", pins[tool]), pins[tool]
    tomlkit = next(d for d in PYPROJECT["project"]["dependencies"] if d.startswith("tomlkit"))
    assert "<1.0" in tomlkit.replace(" ", "")


def test_the_pins_are_what_the_development_environment_runs():
    import importlib.metadata as md

    test_extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    for r in test_extra:
        if "==" in r:
            name, version = r.split("==")
            assert md.version(name) == version, (
                f"{name}: installed {md.version(name)}, pinned {version}"
            )


def test_the_changelog_keeps_a_changelog():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    heads = re.findall(r"^## (.+)$", text, re.M)
    assert heads[0] == "[Unreleased]"
    versions = []
    for h in heads[1:]:
        m = re.fullmatch(r"\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})", h)
        assert m, f"a release heading is '[X.Y.Z] - YYYY-MM-DD', not {h!r}"
        versions.append(tuple(int(x) for x in m.group(1).split(".")))
    assert versions == sorted(versions, reverse=True) and versions
    released = tuple(int(x) for x in crowsnest.__version__.split("."))
    assert released in versions, "the running version has its changelog entry"
    kinds = set(re.findall(r"^### (.+)$", text, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_release_steps_are_written_down():
    text = (ROOT / "docs" / "releasing.md").read_text()
    for step in ("__version__", "CHANGELOG.md", ".ci/run", "python -m build", "twine check"):
        assert step in text, step
    assert re.search(r"git tag -a \d+\.\d+\.\d+", text)
    # the one place the version lives is the one the steps name
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"] == "crowsnest.__version__"
