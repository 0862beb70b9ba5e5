"""Where the game's own files are: the assets shipped inside the ``thirtyone`` package.

Assets (cards, tokens, felts, sounds, fonts, icons) are package data under
``thirtyone/assets`` and are found with ``importlib.resources``, so the same
code works from a source checkout, an installed wheel and a PyInstaller build
(which collects them as ``thirtyone/assets`` beside its frozen modules). User
files (settings, saves, statistics) never go here but under the platform
folders (see ``storage``).
"""

from __future__ import annotations

import atexit
import contextlib
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Iterator

PACKAGE = "thirtyone"
ASSETS = "assets"
"""The assets' folder inside the package."""

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


@cache
def assets_root() -> Traversable:
    """The folder holding ``cards/``, ``sounds/``, ``fonts/`` and the rest (a ``Path`` when on disk)."""
    return resources.files(PACKAGE) / ASSETS


@cache
def asset_path(*parts: str) -> Path:
    """A file-system path to one asset, e.g. ``asset_path("cards", "classic", "AS.png")``.

    pygame opens files by name, so an asset inside a zip (a zipped install) is
    extracted once to a temporary file that lives until the program exits.
    """
    resource = assets_root().joinpath(*parts)
    if isinstance(resource, Path):
        return resource
    return _extracted.enter_context(resources.as_file(resource))


def asset_files() -> Iterator[tuple[str, ...]]:
    """Every shipped asset file, as the ``parts`` that ``asset_path`` takes, in a stable order."""
    def walk(folder: Traversable, prefix: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        for entry in sorted(folder.iterdir(), key=lambda item: item.name):
            if entry.is_dir():
                yield from walk(entry, prefix + (entry.name,))
            elif entry.is_file():
                yield prefix + (entry.name,)
    return walk(assets_root(), ())
