"""Check the Flatpak manifest as far as it can be checked without flatpak-builder:
``python3 build_scripts/desktop/check_flatpak.py [MANIFEST]`` (Python 3.11 or newer with PyYAML and
packaging: ``pip install pyyaml packaging``).

Reads ``build_scripts/desktop/io.github.thirtyone.Thirtyone.yml`` and checks that it is YAML with
flatpak-builder's required keys, the game's id and command, the sandbox the game needs and no
more (display, sound, network for the network table, no file system access), and that every
downloaded source is an https URL with a SHA256, the Python dependencies being the game's own
(pyproject.toml) for both architectures. Prints each problem on a line and exits 1 if there is
one; exits 0 with "flatpak manifest: ok" otherwise.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
_spec = importlib.util.spec_from_file_location("thirtyone_build", ROOT / "build_scripts" / "build.py")
assert _spec is not None and _spec.loader is not None
_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_build)
APP_ID: str = _build.APP_ID
MANIFEST = HERE / f"{APP_ID}.yml"
NEEDED = {"--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--socket=pulseaudio", "--share=network"}
"""The sandbox's holes: the window (Wayland, else X11), sound, and the network table."""
WINDOW_NAMES = {"--env=SDL_VIDEO_X11_WMCLASS=thirtyone", f"--env=SDL_VIDEO_WAYLAND_WMCLASS={APP_ID}"}
"""The window's X11 class (the desktop entry's StartupWMClass) and Wayland app id (the entry's id)."""
ARCHES = {"x86_64", "aarch64"}
WHEEL = re.compile(r"(?P<name>[A-Za-z0-9_.]+)-(?P<version>[^-]+)-.*\.whl")


def _sources(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    return [source for module in manifest.get("modules", []) for source in module.get("sources", [])]


def _on_linux(requirement: str) -> bool:
    """Whether pip installs ``requirement`` on Linux (a Flatpak): its environment marker, if any, holds there."""
    marker = Requirement(requirement).marker
    return marker is None or marker.evaluate({"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"})


def problems(manifest: Any) -> list[str]:
    """Everything wrong with the parsed manifest, a sentence each (empty when it is right)."""
    if not isinstance(manifest, dict):
        return ["the manifest is not a YAML mapping"]
    found = [f"missing key: {key}" for key in ("id", "runtime", "runtime-version", "sdk", "command", "modules")
             if key not in manifest]
    if manifest.get("id") != APP_ID:
        found.append(f"id is {manifest.get('id')!r}, not {APP_ID}")
    if manifest.get("runtime") != "org.freedesktop.Platform" or manifest.get("sdk") != "org.freedesktop.Sdk":
        found.append("runtime and sdk must be org.freedesktop.Platform and org.freedesktop.Sdk")
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    if manifest.get("command") not in scripts:
        found.append(f"command {manifest.get('command')!r} is not one of the game's commands {sorted(scripts)}")
    args = set(manifest.get("finish-args", []))
    found += [f"finish-args lacks {arg}" for arg in sorted(NEEDED - args)]
    found += [f"finish-args lacks {arg}" for arg in sorted(WINDOW_NAMES - args)]
    found += [f"finish-args grants more than the game needs: {arg}" for arg in sorted(args - NEEDED - WINDOW_NAMES)]
    for source in _sources(manifest):
        if "url" in source:
            if not str(source["url"]).startswith("https://"):
                found.append(f"not an https source: {source['url']}")
            if not re.fullmatch(r"[0-9a-f]{64}", str(source.get("sha256", ""))):
                found.append(f"no sha256 for {source['url']}")
    wheels: dict[str, set[str]] = {}
    for source in _sources(manifest):
        named = WHEEL.fullmatch(str(source.get("url", "")).rsplit("/", 1)[-1])
        if named:
            arches = set(source.get("only-arches", ARCHES))
            wheels.setdefault(named["name"].replace("_", "-").lower(), set()).update(arches)
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    for requirement in dependencies:
        if not _on_linux(requirement):
            continue
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)[0].lower()  # type: ignore[index]
        if wheels.get(name, set()) != ARCHES:
            found.append(f"{name} (a dependency in pyproject.toml) has no source for {sorted(ARCHES - wheels.get(name, set()))}")
    return found


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else MANIFEST
    try:
        manifest = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        print(f"flatpak manifest {path}: cannot be read: {error}".splitlines()[0], file=sys.stderr)
        return 1
    found = problems(manifest)
    for problem in found:
        print(f"flatpak manifest {path.name}: {problem}", file=sys.stderr)
    if not found:
        print("flatpak manifest: ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
