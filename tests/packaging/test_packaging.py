"""How the game is packaged: the wheel's contents and metadata, the one version, the build
helpers (Windows version resource, macOS icon, archives), the README's commands, lint."""

from __future__ import annotations

import importlib.util
import os
import re
import struct
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import thirtyone
from thirtyone.paths import asset_files, asset_path

from tests.locations import ROOT
from tests.review_once import once_per_run


def _build_module():
    spec = importlib.util.spec_from_file_location("thirtyone_build", ROOT / "build_scripts" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()


def test_a_checkout_reads_the_assets_from_the_top_level_folder() -> None:
    card = asset_path("cards", "classic", "AS.png")
    assert card.is_file()
    assert card.resolve().is_relative_to(ROOT / "assets")
    shipped = set(asset_files())
    assert ("fonts", "DejaVuSans.ttf") in shipped and ("sounds", "knock.wav") in shipped
    assert not (ROOT / "thirtyone" / "assets").exists(), "the art lives in the top-level assets/ only"
    top = {p.name for p in ROOT.iterdir() if not p.name.startswith(".")}
    assert {"pyproject.toml", "README.md", "thirtyone", "assets", "tests", "build_scripts"} <= top


def test_the_version_has_one_source() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert build.project_version() == thirtyone.__version__
    done = subprocess.run([sys.executable, "-m", "thirtyone", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"thirtyone {thirtyone.__version__}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built as pip builds it for an install; the source tree is left as it was. Built once
    per run: the workers of a run share it (its tests may run on two of them)."""
    def build_wheel() -> Path:
        folder = tmp_path_factory.mktemp("wheel")
        before = {p.name for p in ROOT.iterdir()}
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", str(ROOT), "--no-deps", "-w", str(folder)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        assert {p.name for p in ROOT.iterdir()} - before == set(), "the build left files in the source tree"
        (built,) = folder.glob("thirtyone-*.whl")
        return built
    return once_per_run("wheel", build_wheel)


ASSETS_SEEN = ("from thirtyone.paths import asset_files, asset_path; "
               "files = list(asset_files()); card = asset_path('cards', 'classic', 'AS.png'); "
               "assert card.read_bytes()[:8] == b'\\x89PNG\\r\\n\\x1a\\n'; "
               "print(len(files), card)")
"""What a fresh environment runs to find the art: the count of asset files and where the ace of spades is."""


def test_the_wheel_installed_outside_the_tree_finds_the_art(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    # No pip of its own (seeding one took 45 s of 108 at load 16): this pip installs into it (--python).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def install_and_look(*target: str) -> tuple[int, Path]:
        done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                               *target],
                              capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr[-2000:]
        seen = subprocess.run([str(python), "-c", ASSETS_SEEN], capture_output=True, text=True, timeout=120,
                              env=env, cwd=tmp_path)
        assert seen.returncode == 0, seen.stderr[-2000:]
        count, card = seen.stdout.split()
        return int(count), Path(card)

    count, card = install_and_look(str(wheel))
    assert count == len(list(asset_files()))
    assert card.is_relative_to(venv) and card.parts[-5:] == ("thirtyone", "assets", "cards", "classic", "AS.png")
    # An editable install (pip install -e .) runs the checkout's own code, which reads the top-level
    # assets/ as test_a_checkout_reads_the_assets_from_the_top_level_folder checks; installing one here
    # too cost 32 s more at load 14 (pip builds it in an isolated environment).


def test_the_wheel_ships_every_asset_and_its_metadata(wheel: Path) -> None:
    assert wheel.name == f"thirtyone-{thirtyone.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as packed:
        names = set(packed.namelist())
        info = f"thirtyone-{thirtyone.__version__}.dist-info"
        metadata = packed.read(f"{info}/METADATA").decode()
        entry_points = packed.read(f"{info}/entry_points.txt").decode()
    missing = ["/".join(("thirtyone", "assets") + parts) for parts in asset_files()
               if "/".join(("thirtyone", "assets") + parts) not in names]
    assert missing == []
    assert f"\nVersion: {thirtyone.__version__}\n" in metadata
    assert "\nLicense-Expression: MIT\n" in metadata and "License-File: LICENSE" in metadata
    assert "Classifier: Topic :: Games/Entertainment" in metadata
    assert "[console_scripts]\nthirtyone = thirtyone.cli:main" in entry_points
    assert "[gui_scripts]\nthirtyone-window = thirtyone.window:main" in entry_points


def test_the_window_entry_runs_without_standard_streams(monkeypatch, capsys) -> None:
    """Windows starts a GUI script with pythonw, which has no stdout or stderr."""
    from thirtyone import window
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    with pytest.raises(SystemExit) as done:
        window.main(["--version"])
    assert done.value.code == 0
    assert sys.stdout is not None and sys.stdout.name == os.devnull


def test_a_read_only_source_tree_keeps_its_bytecode_in_the_user_cache(monkeypatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    monkeypatch.setattr(thirtyone, "cache_from_source", lambda path: "/nonexistent/x.pyc")
    prefix = thirtyone.bytecode_cache_prefix()
    assert prefix is not None and Path(prefix).is_absolute() and "thirtyone" in prefix
    monkeypatch.setattr(os, "access", lambda path, mode: True)
    assert thirtyone.bytecode_cache_prefix() is None, "a writable tree keeps __pycache__ beside the code"
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert thirtyone.bytecode_cache_prefix() is None, "PYTHONDONTWRITEBYTECODE is respected"


@pytest.mark.parametrize("version, numbers", [("0.1.0", (0, 1, 0, 0)), ("1.2.3rc1", (1, 2, 3, 0)),
                                              ("2.0", (2, 0, 0, 0)), ("10.4.1+local.7", (10, 4, 1, 0))])
def test_windows_file_version_numbers(version: str, numbers: tuple[int, ...]) -> None:
    assert build.windows_version_numbers(version) == numbers


def test_the_windows_version_resource_names_this_version() -> None:
    """PyInstaller evaluates the text with its own classes; here each class records its arguments."""
    def recorder(kind):
        return lambda *args, **kwargs: (kind, args, kwargs)
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    resource = eval(build.windows_version_resource("1.4.2"), {name: recorder(name) for name in names})
    fixed = resource[2]["ffi"][2]
    assert fixed["filevers"] == fixed["prodvers"] == (1, 4, 2, 0)
    (string_info, _) = resource[2]["kids"]
    strings = dict(entry[1] for entry in string_info[1][0][0][1][1])
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.4.2"
    assert strings["OriginalFilename"] == "thirtyone.exe"


def test_the_macos_icon_holds_every_size_as_png() -> None:
    pngs = {size: asset_path("icon", f"icon-{size}.png").read_bytes() for size in build.ICON_SIZES}
    data = build.icns_bytes(pngs)
    assert data[:4] == b"icns" and int.from_bytes(data[4:8], "big") == len(data)
    found, offset = {}, 8
    while offset < len(data):
        kind, length = data[offset:offset + 4], int.from_bytes(data[offset + 4:offset + 8], "big")
        png = data[offset + 8:offset + length]
        width, height = struct.unpack(">II", png[16:24])
        found[kind] = (width, height)
        offset += length
    assert found == {build.ICNS_TYPES[size]: (size, size) for size in build.ICON_SIZES}


@pytest.mark.skipif(sys.platform == "win32", reason="Windows archives are zip files")
def test_the_archive_keeps_the_run_bit(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(build, "DIST", tmp_path)
    monkeypatch.setattr(build, "ROOT", tmp_path.parent)
    program = tmp_path / "thirtyone" / "thirtyone"
    program.parent.mkdir()
    program.write_bytes(b"#!/bin/sh\n")
    program.chmod(0o755)
    (program.parent / "_internal").mkdir()
    (program.parent / "_internal" / "data.txt").write_text("x")
    packed = build.archive("onedir", "thirtyone-9.9.9-linux-x86_64")
    assert packed == tmp_path / "thirtyone-9.9.9-linux-x86_64.tar.gz"
    with tarfile.open(packed) as archive:
        members = {member.name: member for member in archive.getmembers()}
    assert members["thirtyone/thirtyone"].mode & 0o111 == 0o111
    assert "thirtyone/_internal/data.txt" in members


def test_readme_first_lines_are_what_ci_runs() -> None:
    """The README's first line installs and opens the game; its second is CI's test command, exactly."""
    play, tests = (line.strip() for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:2])
    assert play == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/thirtyone"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci and "pytest" in tests
    assert ci.index(tests) == max(i for i, line in enumerate(ci) if line.strip()), "the tests run last"
    assert "unset PYTHONDONTWRITEBYTECODE" in ci


def test_the_release_publishes_with_the_only_write_permission() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert re.findall(r"contents: (\w+)", workflow) == ["read", "write"]
    publish = workflow[workflow.index("\n  publish:"):]
    assert "contents: write" in publish and "SHA256SUMS" in publish
    assert "needs: test" in workflow and "GITHUB_REF_NAME" in workflow


def test_lint() -> None:
    """ruff (configured in pyproject.toml) passes on the package, the build scripts and the tests."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "thirtyone", "build_scripts", "tests"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    if "No module named ruff" in done.stderr:
        pytest.fail("ruff is missing: pip install -e '.[test]'")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_a_frozen_build_finds_the_assets_where_the_spec_puts_them() -> None:
    """The spec collects the top-level assets/ as thirtyone/assets, the name importlib.resources looks for."""
    spec = (ROOT / "build_scripts" / "thirtyone.spec").read_text(encoding="utf-8")
    assert 'datas=[(os.path.join(ROOT, "assets"), os.path.join("thirtyone", "assets"))' in spec
    assert '"thirtyone", "assets", "icon"' not in spec and (ROOT / "assets" / "icon" / "icon.ico").is_file()
