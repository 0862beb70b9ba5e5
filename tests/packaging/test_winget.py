"""build_scripts/desktop/winget.py fills the winget manifest templates for a release: version, the installer's
URL and its SHA256, the date; bad values exit 2 with the usage and write nothing."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from tests.locations import ROOT
from tests.packaging.test_packaging import build

SCRIPT = ROOT / "build_scripts" / "desktop" / "winget.py"
URL = "https://github.com/thirtyone/thirtyone/releases/download/v1.2.0/thirtyone-1.2.0-windows-x86_64-setup.exe"
FILES = {"Thirtyone.Thirtyone.yaml", "Thirtyone.Thirtyone.installer.yaml", "Thirtyone.Thirtyone.locale.en-US.yaml"}


def fill(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def fields(path: Path) -> dict[str, str]:
    """The manifest's ``key: value`` lines, quotes taken off (no YAML library needed for these flat files)."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if ": " in line and not line.lstrip().startswith("#"):
            key, value = line.strip().removeprefix("- ").split(": ", 1)
            found[key] = value.strip('"')
    return found


def test_the_manifests_are_filled_with_the_version_url_checksum_and_date(tmp_path: Path) -> None:
    setup = tmp_path / "thirtyone-1.2.0-windows-x86_64-setup.exe"
    setup.write_bytes(b"MZ an installer" * 1000)
    out = tmp_path / "manifests"
    done = fill("--version", "1.2.0", "--url", URL, "--installer", str(setup), "--date", "2026-12-01",
                "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert {p.name for p in out.iterdir()} == FILES
    for path in out.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "{{" not in text and fields(path)["PackageVersion"] == "1.2.0"
        assert fields(path)["PackageIdentifier"] == "Thirtyone.Thirtyone"
    installer = fields(out / "Thirtyone.Thirtyone.installer.yaml")
    assert installer["InstallerUrl"] == URL
    assert installer["InstallerSha256"] == hashlib.sha256(setup.read_bytes()).hexdigest().upper()
    assert installer["ReleaseDate"] == "2026-12-01" and installer["Scope"] == "user"
    assert installer["ProductCode"] == build.APP_ID  # the installer's Apps & features key
    locale = fields(out / "Thirtyone.Thirtyone.locale.en-US.yaml")
    assert locale["ReleaseNotesUrl"].endswith("/releases/tag/v1.2.0")


def test_a_checksum_can_be_given_instead_of_the_file(tmp_path: Path) -> None:
    digest = "ab" * 32
    done = fill("--version", "1.2.0rc1", "--url", URL, "--sha256", digest, "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert fields(tmp_path / "Thirtyone.Thirtyone.installer.yaml")["InstallerSha256"] == digest.upper()


def test_bad_values_exit_2_with_the_usage_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    bad = [
        (["--version", "1.2 beta", "--url", URL, "--sha256", "ab" * 32], "--version"),
        (["--version", "1.2.0", "--url", "http://example.com/x.exe", "--sha256", "ab" * 32], "--url"),
        (["--version", "1.2.0", "--url", URL, "--sha256", "xyz"], "--sha256"),
        (["--version", "1.2.0", "--url", URL, "--installer", str(tmp_path / "missing.exe")], "--installer"),
        (["--version", "1.2.0", "--url", URL], "--installer"),
        (["--version", "1.2.0", "--url", URL, "--sha256", "ab" * 32, "--date", "yesterday"], "--date"),
    ]
    for args, named in bad:
        done = fill(*args, "--out", str(out))
        assert done.returncode == 2, args
        assert done.stderr.startswith("usage: winget.py") and named in done.stderr.splitlines()[-1], done.stderr
        assert not out.exists()
