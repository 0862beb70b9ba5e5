"""Where the game's own files are, frozen (PyInstaller) or not.

Assets ship read-only with the program; user files (settings, saves,
statistics) never go here but under the platform folders (see ``storage``).
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_root() -> Path:
    """The folder holding ``cards/``, ``sounds/``, ``fonts/`` and the rest."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset_path("cards", "classic", "AS.png")``."""
    return assets_root().joinpath(*parts)
