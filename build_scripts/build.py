"""Build the standalone game: ``python build_scripts/build.py [--onedir | --app] [--self-test] [--archive NAME]``.

Produces ``dist/thirtyone`` (``dist/thirtyone.exe`` on Windows), one file with
every asset inside; ``--onedir`` builds the folder ``dist/thirtyone/`` instead
(starts faster: nothing to unpack; on Linux it also carries ``install.sh`` and the ``share/``
folder it installs from: the menu entry, metainfo and icons of ``build_scripts/desktop/``),
and ``--app`` (macOS) the bundle
``dist/Thirtyone.app`` with its icon. ``--archive NAME`` then packs the result
as ``dist/NAME.tar.gz`` (``.zip`` on Windows), keeping the run bit. PyInstaller
works in a temporary folder, so nothing but ``dist/`` is written in the tree.
The same script runs locally, in CI and in the release workflow.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PYINSTALLER_VERSION = "6.22.3"
"""Pinned; the ``build`` extra in pyproject.toml installs exactly this version."""
APP_NAME = "Thirtyone"
ICON_SIZES = (16, 32, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08"}
"""The icns entry type that holds a PNG of each size."""
DESKTOP = ROOT / "build_scripts" / "desktop"
"""The desktop integration: menu entry, AppStream metainfo, install.sh, installer and store manifests."""
APP_ID = "io.github.thirtyone.Thirtyone"
"""The reverse-DNS id of the desktop entry, the metainfo, the icons, the Flatpak and the Windows uninstall key."""
HICOLOR_SIZES = (16, 32, 48, 64, 128, 256)
"""The icon sizes the Linux folder carries for the menu (each an ``assets/icon/icon-N.png``)."""


def project_version() -> str:
    """The one version, ``thirtyone.__version__``, read from the source without importing the game."""
    text = (ROOT / "thirtyone" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise SystemExit("build: no __version__ in thirtyone/__init__.py")
    return found.group(1)


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows file version: ``1.2.3rc1`` gives (1, 2, 3, 0)."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3]]
    padded = (numbers + [0, 0, 0])[:3]
    return padded[0], padded[1], padded[2], 0


def windows_version_resource(version: str) -> str:
    """PyInstaller's text form of a Windows version resource (name, version, copyright)."""
    numbers = windows_version_numbers(version)
    strings = {
        "CompanyName": "The thirtyone authors",
        "FileDescription": "thirtyone, the card game 31",
        "FileVersion": version,
        "InternalName": "thirtyone",
        "LegalCopyright": "Copyright (c) 2026 The thirtyone authors, MIT licence",
        "OriginalFilename": "thirtyone.exe",
        "ProductName": "thirtyone",
        "ProductVersion": version,
    }
    table = ",\n        ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,\n"
        "                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        f"    StringFileInfo([StringTable('040904B0', [\n        {table}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])]),\n"
        "  ])\n"
    )


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple icon file holding the given PNG images (size in pixels → PNG data)."""
    body = b"".join(ICNS_TYPES[size] + (8 + len(data)).to_bytes(4, "big") + data
                    for size, data in sorted(pngs.items()))
    return b"icns" + (8 + len(body)).to_bytes(4, "big") + body


def write_build_inputs(folder: Path, version: str) -> dict[str, str]:
    """Write the version resource and the macOS icon for the spec; returns the spec's environment."""
    resource = folder / "version_info.txt"
    resource.write_text(windows_version_resource(version), encoding="utf-8")
    icons = ROOT / "assets" / "icon"
    icns = folder / "icon.icns"
    icns.write_bytes(icns_bytes({size: (icons / f"icon-{size}.png").read_bytes() for size in ICON_SIZES}))
    return {"THIRTYONE_VERSION": version, "THIRTYONE_VERSION_FILE": str(resource), "THIRTYONE_ICNS": str(icns)}


def add_desktop_files(folder: Path) -> None:
    """Put ``install.sh`` and its ``share/`` tree (menu entry, metainfo, hicolor icons) in the Linux folder.

    ``share/`` is laid out as under ``~/.local/share``, so install.sh copies what it finds there.
    """
    share = folder / "share"
    for target in (share / "applications" / f"{APP_ID}.desktop", share / "metainfo" / f"{APP_ID}.metainfo.xml"):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DESKTOP / target.name, target)
    icons = ROOT / "assets" / "icon"
    for size in HICOLOR_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icons / f"icon-{size}.png", target)
    shutil.copyfile(DESKTOP / "install.sh", folder / "install.sh")
    (folder / "install.sh").chmod(0o755)


def executable_path(kind: str) -> Path:
    """Where the build puts the program for ``kind`` ``onefile``, ``onedir`` or ``app``."""
    name = "thirtyone.exe" if sys.platform == "win32" else "thirtyone"
    if kind == "app":
        return DIST / f"{APP_NAME}.app" / "Contents" / "MacOS" / "thirtyone"
    return DIST / "thirtyone" / name if kind == "onedir" else DIST / name


def product_path(kind: str) -> Path:
    """The file or folder a user gets: the program, its folder or the ``.app``."""
    return {"onefile": executable_path("onefile"), "onedir": DIST / "thirtyone",
            "app": DIST / f"{APP_NAME}.app"}[kind]


def build(kind: str) -> Path:
    """Run PyInstaller on the spec; returns the executable's path."""
    try:
        import PyInstaller
    except ImportError:
        sys.exit("build: PyInstaller is missing; install it with: pip install -e '.[build]'")
    if PyInstaller.__version__ != PYINSTALLER_VERSION:
        sys.exit(f"build: PyInstaller {PyInstaller.__version__} found, {PYINSTALLER_VERSION} required "
                 "(pip install -e '.[build]')")
    for stale in (DIST / "thirtyone", DIST / "thirtyone.exe", product_path(kind)):
        # The one file and the folder share a name: whichever was built before goes.
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="thirtyone-pyinstaller-") as work:
        env = dict(os.environ, THIRTYONE_BUILD_KIND=kind, **write_build_inputs(Path(work), project_version()))
        command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                   "--distpath", str(DIST), "--workpath", str(Path(work) / "pyinstaller"),
                   str(ROOT / "build_scripts" / "thirtyone.spec")]
        subprocess.run(command, check=True, cwd=work, env=env)
    if kind == "onedir" and sys.platform.startswith("linux"):
        add_desktop_files(DIST / "thirtyone")
    program = executable_path(kind)
    print(f"built {program.relative_to(ROOT)} ({kind}: {_size(product_path(kind)) / 1e6:.1f} MB) "
          f"in {time.perf_counter() - started:.0f} s")
    return program


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    # A symlink (PyInstaller links some shared libraries) is not a second copy of its file.
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def archive(kind: str, name: str) -> Path:
    """Pack the build as ``dist/NAME.zip`` on Windows, ``dist/NAME.tar.gz`` elsewhere (run bits kept)."""
    product = product_path(kind)
    if sys.platform == "win32":
        target = DIST / f"{name}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as packed:
            for path in [product] if product.is_file() else sorted(product.rglob("*")):
                packed.write(path, path.relative_to(product.parent))
    else:
        target = DIST / f"{name}.tar.gz"
        with tarfile.open(target, "w:gz") as packed:
            packed.add(product, arcname=product.name)
    print(f"packed {target.relative_to(ROOT)} ({target.stat().st_size / 1e6:.1f} MB)")
    return target


def self_test(program: Path) -> int:
    """Run ``--self-test`` on the built program from a folder outside the tree; returns its exit status."""
    print(f"running {program.relative_to(ROOT)} --self-test")
    with tempfile.TemporaryDirectory() as elsewhere:
        done = subprocess.run([str(program), "--self-test", "--data-dir", elsewhere], cwd=elsewhere, timeout=600)
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description="Build the thirtyone executable with PyInstaller.")
    kinds = parser.add_mutually_exclusive_group()
    kinds.add_argument("--onedir", action="store_true", help="a folder instead of one file")
    kinds.add_argument("--app", action="store_true", help="a macOS .app bundle (macOS only)")
    parser.add_argument("--self-test", action="store_true", help="run the built program's self-test")
    parser.add_argument("--archive", metavar="NAME", help="pack the result as dist/NAME.tar.gz (.zip on Windows)")
    parser.add_argument("--print-version", action="store_true", help="print the game's version and exit")
    args = parser.parse_args()
    if args.print_version:
        print(project_version())
        return 0
    if args.app and sys.platform != "darwin":
        parser.error("--app builds a macOS bundle and needs macOS")
    kind = "app" if args.app else "onedir" if args.onedir else "onefile"
    program = build(kind)
    status = self_test(program) if args.self_test else 0
    if status == 0 and args.archive:
        archive(kind, args.archive)
    return status


if __name__ == "__main__":
    sys.exit(main())
