"""The desktop entry and AppStream metainfo in build_scripts/desktop: valid for the freedesktop tools, and
true to the game (its id, version, command, icon, licence and the screenshots it points at)."""

from __future__ import annotations

import configparser
import datetime
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import thirtyone
from tests.locations import ROOT
from tests.packaging.test_packaging import build

ENTRY = build.DESKTOP / f"{build.APP_ID}.desktop"
METAINFO = build.DESKTOP / f"{build.APP_ID}.metainfo.xml"
SCREENSHOTS = "https://raw.githubusercontent.com/thirtyone/thirtyone/main/"
"""Where the metainfo's screenshot URLs point: this repository's files on GitHub."""


def _entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ENTRY, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="apt-get install desktop-file-utils")
def test_the_desktop_entry_passes_desktop_file_validate() -> None:
    done = subprocess.run(["desktop-file-validate", str(ENTRY)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "", done.stdout


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="apt-get install appstream")
def test_the_metainfo_passes_appstreamcli_validate() -> None:
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_the_entry_starts_the_games_command_with_the_apps_icon() -> None:
    entry = _entry()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert entry["Exec"] in scripts and entry["Icon"] == build.APP_ID
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert "CardGame" in entry["Categories"].split(";")
    assert entry["StartupWMClass"] == "thirtyone"  # the window's class (tests/xvfb_support.py finds it so)


def test_the_metainfo_names_this_game_this_version_and_its_licence() -> None:
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == build.APP_ID
    assert component.findtext("launchable") == ENTRY.name
    licence = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]
    assert licence in component.findtext("project_license", "").split(" AND ")
    releases = component.findall("releases/release")
    assert releases[0].get("version") == thirtyone.__version__, "add a <release> for the new version"
    dates = [datetime.date.fromisoformat(r.get("date", "")) for r in releases]
    assert dates == sorted(dates, reverse=True)
    ratings = component.find("content_rating")
    assert ratings is not None and ratings.get("type") == "oars-1.1"


def test_every_screenshot_is_a_committed_picture_of_the_size_it_claims() -> None:
    images = ET.parse(METAINFO).getroot().findall("screenshots/screenshot/image")
    assert len(images) >= 3
    for image in images:
        url = image.text or ""
        assert url.startswith(SCREENSHOTS)
        picture = ROOT / url.removeprefix(SCREENSHOTS)
        data = picture.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        size = (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
        assert size == (int(image.get("width", 0)), int(image.get("height", 0))), picture.name


def test_the_screenshot_script_draws_the_pictures_the_metainfo_shows(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(build.DESKTOP / "screenshots.py"), str(tmp_path)], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    shown = {Path(image.text or "").name for image in ET.parse(METAINFO).getroot().iter("image")}
    assert {p.name for p in tmp_path.glob("*.png")} == shown
