"""The Flatpak manifest, checked as far as it can be here (flatpak-builder and Flathub's build cannot run):
YAML with the required keys, the game's id and command, the sandbox it needs and no more, every download
with a checksum, the game's dependencies for both architectures (build_scripts/desktop/check_flatpak.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.locations import ROOT

CHECK = ROOT / "build_scripts" / "desktop" / "check_flatpak.py"
MANIFEST = ROOT / "build_scripts" / "desktop" / "io.github.thirtyone.Thirtyone.yml"


def _python_with_yaml() -> str | None:
    """This interpreter, or the system's python3, whichever has PyYAML and tomllib (the release workflow
    installs pyyaml for its tests)."""
    for python in (sys.executable, shutil.which("python3")):
        if python and subprocess.run([python, "-c", "import yaml, tomllib, packaging"], capture_output=True).returncode == 0:
            return python
    return None


PYTHON = _python_with_yaml()
pytestmark = pytest.mark.skipif(PYTHON is None, reason="no Python with PyYAML: pip install pyyaml")


def check(manifest: Path) -> subprocess.CompletedProcess[str]:
    assert PYTHON is not None
    return subprocess.run([PYTHON, str(CHECK), str(manifest)], capture_output=True, text=True, timeout=60)


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = MANIFEST.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / MANIFEST.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_manifest_passes() -> None:
    done = check(MANIFEST)
    assert done.returncode == 0 and done.stdout == "flatpak manifest: ok\n", done.stderr


@pytest.mark.parametrize(("old", "new", "said"), [
    ("  - --socket=pulseaudio\n", "", "finish-args lacks --socket=pulseaudio"),
    ("  - --share=network\n", "  - --share=network\n  - --filesystem=home\n", "grants more than the game needs: --filesystem=home"),
    ("  - --socket=fallback-x11\n", "  - --socket=x11\n", "grants more than the game needs: --socket=x11"),
    ("id: io.github.thirtyone.Thirtyone", "id: org.example.Other", "id is 'org.example.Other'"),
    ("command: thirtyone", "command: python3", "command 'python3' is not one of the game's commands"),
    ("        sha256: e3183bc0", "        sha1: e3183bc0", "no sha256 for https://files.pythonhosted.org/packages/4d/fe/"),
    ("          - aarch64\n", "          - x86_64\n", "pygame-ce (a dependency in pyproject.toml) has no source for ['aarch64']"),
    ("runtime-version: '25.08'\n", "", "missing key: runtime-version"),
    ("  - --env=SDL_VIDEO_WAYLAND_WMCLASS=io.github.thirtyone.Thirtyone\n", "",
     "finish-args lacks --env=SDL_VIDEO_WAYLAND_WMCLASS=io.github.thirtyone.Thirtyone"),
])
def test_a_manifest_that_is_wrong_is_refused_saying_why(tmp_path: Path, old: str, new: str, said: str) -> None:
    done = check(edited(tmp_path, old, new))
    assert done.returncode == 1 and said in done.stderr, done.stderr
    assert done.stdout == ""


def test_a_manifest_that_is_not_yaml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yml"
    path.write_text("id: [unclosed\n  - x: {\n", encoding="utf-8")
    done = check(path)
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1 and "cannot be read" in done.stderr
