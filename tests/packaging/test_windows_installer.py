"""The Windows installer script compiled with NSIS (as CI does on Linux): what the installer carries, its
version properties and its request for no admin rights. Running it needs Windows (the release workflow)."""

from __future__ import annotations

import importlib.util
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import thirtyone
from tests.locations import ROOT
from tests.packaging.test_packaging import build

pytestmark = pytest.mark.skipif(shutil.which("makensis") is None, reason="apt-get install nsis")


def _installer_module():
    spec = importlib.util.spec_from_file_location("thirtyone_installer", ROOT / "build_scripts" / "desktop" /
                                                  "installer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


installer = _installer_module()


def folder_build(parent: Path) -> Path:
    """A stand-in for dist/thirtyone on Windows: the program and its _internal folder."""
    folder = parent / "thirtyone"
    (folder / "_internal" / "thirtyone" / "assets").mkdir(parents=True)
    (folder / "thirtyone.exe").write_bytes(b"MZ stand-in")
    (folder / "_internal" / "thirtyone" / "assets" / "card.png").write_bytes(b"\x89PNG stand-in")
    return folder


def fixed_file_version(data: bytes) -> tuple[int, int, int, int]:
    """The file version numbers of a Windows program's VS_FIXEDFILEINFO (what Properties → Details shows)."""
    start = data.index(struct.pack("<I", 0xFEEF04BD))
    high, low = struct.unpack("<II", data[start + 8:start + 16])
    return high >> 16, high & 0xFFFF, low >> 16, low & 0xFFFF


def version_string(data: bytes, key: str) -> str:
    """A value of the program's StringFileInfo (Properties → Details): the key, padding, then the value."""
    at = data.index(key.encode("utf-16-le") + b"\0\0") + 2 * len(key) + 2
    while data[at:at + 2] == b"\0\0":
        at += 2
    end = at
    while data[end:end + 2] != b"\0\0":
        end += 2
    return data[at:end].decode("utf-16-le")


def test_the_installer_carries_the_folder_an_uninstaller_and_the_games_version(tmp_path: Path) -> None:
    out = tmp_path / installer.installer_name(thirtyone.__version__)
    done = subprocess.run([sys.executable, str(installer.__file__), "--source", str(folder_build(tmp_path)),
                           "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert str(out) in done.stdout
    data = out.read_bytes()
    assert data[:2] == b"MZ"
    assert fixed_file_version(data) == build.windows_version_numbers(thirtyone.__version__)
    assert version_string(data, "ProductName") == "Thirtyone"
    assert version_string(data, "ProductVersion") == thirtyone.__version__
    # RequestExecutionLevel user: the manifest asks Windows for no elevation (no UAC prompt).
    assert b'level="asInvoker"' in data and b"requireAdministrator" not in data
    if shutil.which("7z"):
        listing = subprocess.run(["7z", "l", "-slt", str(out)], capture_output=True, text=True, timeout=60).stdout
        paths = {line.removeprefix("Path = ") for line in listing.splitlines() if line.startswith("Path = ")}
        assert {"thirtyone.exe", "_internal/thirtyone/assets/card.png", "uninstall.exe"} <= paths


def test_the_script_installs_for_the_user_alone() -> None:
    script = installer.SCRIPT.read_text(encoding="utf-8")
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\thirtyone"' in script
    assert "HKLM" not in script and "$PROGRAMFILES" not in script
    assert "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\${APP_ID}" in script


def test_a_missing_folder_build_exits_2_naming_the_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(installer.__file__), "--source", str(tmp_path / "nothing")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "usage:" in done.stderr
    assert f"no thirtyone.exe in {tmp_path / 'nothing'}" in done.stderr
    assert list(tmp_path.iterdir()) == []
