"""Fill the winget manifest templates for a release:
``python build_scripts/desktop/winget.py --version V --url URL (--installer FILE | --sha256 HEX) [--date YYYY-MM-DD] --out DIR``.

Reads the templates in ``build_scripts/desktop/winget/`` and writes them to DIR with the version,
the installer's download URL, its SHA256 (computed from FILE, or given) and the release date
(today, UTC, by default) filled in: the files to submit to github.com/microsoft/winget-pkgs under
``manifests/t/Thirtyone/Thirtyone/V/``. The release workflow runs it after the installer is built.
Each value is checked first; a bad one exits 2 with the usage, and nothing is written.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import os
import re
import sys
import tempfile
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "winget"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
VERSION = re.compile(r"[0-9]+(\.[0-9]+){0,3}([A-Za-z0-9.+-]*)")
URL = re.compile(r"https://[^\s\"'\\]+")
SHA256 = re.compile(r"[0-9A-Fa-f]{64}")


def sha256_of(path: Path) -> str:
    """The file's SHA256 in upper-case hex, as winget manifests write it."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest().upper()


def fill(template: str, values: dict[str, str]) -> str:
    """The template with every ``{{name}}`` replaced; a name without a value is an error (KeyError)."""
    return PLACEHOLDER.sub(lambda found: values[found.group(1)], template)


def write_atomically(path: Path, text: str) -> None:
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False, newline="\n") as stream:
        stream.write(text)
    os.replace(stream.name, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="winget.py", description="Fill the winget manifests for a release.")
    parser.add_argument("--version", required=True, help="the release's version, e.g. 1.2.0")
    parser.add_argument("--url", required=True, help="the installer's https download URL")
    digest = parser.add_mutually_exclusive_group()
    digest.add_argument("--installer", type=Path, help="the installer file (its SHA256 is computed)")
    digest.add_argument("--sha256", help="the installer's SHA256, 64 hex digits")
    parser.add_argument("--date", default=datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
                        help="the release date, YYYY-MM-DD (default: today, UTC)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the three manifests to")
    args = parser.parse_args(argv)
    if not VERSION.fullmatch(args.version):
        parser.error(f"--version: {args.version!r} is not a version like 1.2.0")
    if not URL.fullmatch(args.url):
        parser.error(f"--url: {args.url!r} is not an https URL")
    try:
        datetime.date.fromisoformat(args.date)
    except ValueError:
        parser.error(f"--date: {args.date!r} is not a date like 2026-12-01")
    if args.sha256 is not None:
        if not SHA256.fullmatch(args.sha256):
            parser.error(f"--sha256: {args.sha256!r} is not 64 hex digits")
        checksum = args.sha256.upper()
    elif args.installer is None:
        parser.error("--installer FILE or --sha256 HEX is required")
    elif not args.installer.is_file():
        parser.error(f"--installer: no file {args.installer}")
    else:
        checksum = sha256_of(args.installer)
    values = {"version": args.version, "installer_url": args.url, "installer_sha256": checksum,
              "release_date": args.date}
    filled = {path.name: fill(path.read_text(encoding="utf-8"), values)
              for path in sorted(TEMPLATES.glob("*.yaml"))}
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in filled.items():
        write_atomically(args.out / name, text)
        print(args.out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
