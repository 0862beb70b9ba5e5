"""Build the Windows installer: ``python build_scripts/desktop/installer.py [--source DIR] [--program NAME] [--out FILE]``.

Compiles ``build_scripts/desktop/thirtyone.nsi`` with NSIS's ``makensis`` (warnings are errors)
over the folder build, by default ``dist/thirtyone`` with ``thirtyone.exe`` into
``dist/thirtyone-VERSION-windows-x86_64-setup.exe``, and prints the installer's path. The version
is the game's one version (``thirtyone.__version__``). On Linux, ``--program thirtyone`` compiles
the same script over the Linux folder: a smoke test of the script (``.ci/desktop_checks``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRIPT = HERE / "thirtyone.nsi"
ICON = ROOT / "assets" / "icon" / "icon.ico"


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("thirtyone_build", ROOT / "build_scripts" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()


def installer_name(version: str) -> str:
    """The installer's file name in a release."""
    return f"thirtyone-{version}-windows-x86_64-setup.exe"


def find_makensis() -> str | None:
    """``makensis`` on the PATH, or where the NSIS installer puts it on Windows (as on GitHub's runners)."""
    found = shutil.which("makensis")
    if found is None and sys.platform == "win32":
        for base in (os.environ.get("ProgramFiles(x86)"), os.environ.get("ProgramFiles")):
            candidate = Path(base or "C:\\") / "NSIS" / "makensis.exe"
            if candidate.is_file():
                return str(candidate)
    return found


def makensis_command(makensis: str, source: Path, program: str, out: Path, version: str) -> list[str]:
    """The makensis command line that builds the installer of ``version`` from the folder ``source``."""
    defines = {
        "VERSION": version,
        "VERSION4": ".".join(str(n) for n in build.windows_version_numbers(version)),
        "SOURCE": str(source),
        "PROGRAM": program,
        "ICON": str(ICON),
        "OUTFILE": str(out),
        "APP_ID": build.APP_ID,
    }
    return [makensis, "-WX", "-V2", *(f"-D{key}={value}" for key, value in defines.items()), str(SCRIPT)]


def main(argv: list[str] | None = None) -> int:
    version = build.project_version()
    parser = argparse.ArgumentParser(description="Build the Windows installer with NSIS (makensis).")
    parser.add_argument("--source", type=Path, default=build.DIST / "thirtyone", help="the folder build")
    parser.add_argument("--program", default="thirtyone.exe", help="the program's name in that folder")
    parser.add_argument("--out", type=Path, default=build.DIST / installer_name(version), help="the installer to write")
    args = parser.parse_args(argv)
    if not (args.source / args.program).is_file():
        parser.error(f"no {args.program} in {args.source}: build the folder first (build_scripts/build.py --onedir)")
    makensis = find_makensis()
    if makensis is None:
        print("installer: makensis is missing; install NSIS (Debian: apt-get install nsis)", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(makensis_command(makensis, args.source.resolve(), args.program, args.out.resolve(), version))
    if done.returncode != 0:
        print(f"installer: makensis failed with status {done.returncode}", file=sys.stderr)
        return 1
    print(f"built {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
