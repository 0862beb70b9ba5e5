"""Build the standalone executable: ``python build_scripts/build.py [--onedir] [--self-test]``.

Produces ``dist/thirtyone`` (``dist/thirtyone.exe`` on Windows), one file with
every asset inside; ``--onedir`` builds the folder ``dist/thirtyone/`` instead.
The same script runs locally, in CI and in the release workflow.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYINSTALLER_VERSION = "6.22.3"
"""Pinned; the ``build`` extra in pyproject.toml installs exactly this version."""


def executable_path(onedir: bool) -> Path:
    """Where the build puts the program."""
    name = "thirtyone.exe" if sys.platform == "win32" else "thirtyone"
    return ROOT / "dist" / "thirtyone" / name if onedir else ROOT / "dist" / name


def build(onedir: bool) -> Path:
    """Run PyInstaller on the spec; returns the executable's path."""
    try:
        import PyInstaller
    except ImportError:
        sys.exit("build: PyInstaller is missing; install it with: pip install -e '.[build]'")
    if PyInstaller.__version__ != PYINSTALLER_VERSION:
        sys.exit(f"build: PyInstaller {PyInstaller.__version__} found, {PYINSTALLER_VERSION} required "
                 "(pip install -e '.[build]')")
    env = dict(os.environ, THIRTYONE_ONEDIR="1" if onedir else "0")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
               "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
               str(ROOT / "build_scripts" / "thirtyone.spec")]
    started = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, env=env)
    program = executable_path(onedir)
    size_mb = _size(program.parent if onedir else program) / 1e6
    print(f"built {program.relative_to(ROOT)} ({'folder' if onedir else 'one file'}: {size_mb:.1f} MB) "
          f"in {time.perf_counter() - started:.0f} s")
    return program


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def self_test(program: Path) -> int:
    """Run ``--self-test`` on the built program; returns its exit status."""
    print(f"running {program.name} --self-test")
    done = subprocess.run([str(program), "--self-test"], cwd=ROOT, timeout=600)
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description="Build the thirtyone executable with PyInstaller.")
    parser.add_argument("--onedir", action="store_true", help="a folder instead of one file")
    parser.add_argument("--self-test", action="store_true", help="run the built program's self-test")
    args = parser.parse_args()
    program = build(args.onedir)
    return self_test(program) if args.self_test else 0


if __name__ == "__main__":
    sys.exit(main())
