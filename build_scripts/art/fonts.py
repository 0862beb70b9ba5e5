"""Copy the DejaVu fonts (Debian package ``fonts-dejavu-core``) into assets.

DejaVu has the card suit symbols that pygame's default font lacks. The
fonts and their licence come from the system: ``apt-get install
fonts-dejavu-core`` if ``/usr/share/fonts/truetype/dejavu`` is missing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .raster import ASSETS

SYSTEM_DIR = Path("/usr/share/fonts/truetype/dejavu")
LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def build(out: Path = ASSETS / "fonts") -> list[Path]:
    """Copy the fonts and licence into ``out``; keep the existing copies if the system has none."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in FILES:
        src = SYSTEM_DIR / name
        if src.exists():
            shutil.copyfile(src, out / name)
        written.append(out / name)
    if LICENCE.exists():
        shutil.copyfile(LICENCE, out / "LICENSE-DejaVu.txt")
    written.append(out / "LICENSE-DejaVu.txt")
    missing = [p for p in written if not p.exists()]
    if missing:
        raise FileNotFoundError(f"no DejaVu fonts found: {missing}")
    return written
