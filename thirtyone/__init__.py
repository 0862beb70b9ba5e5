"""thirtyone: the card game 31 (Thirty-One, Scat, Blitz) for the desktop."""

from __future__ import annotations

import os
import sys
from importlib.util import cache_from_source

__version__ = "0.1.0"
"""The one version: pyproject.toml, ``--version``, the builds and the release tag all read it."""


def bytecode_cache_prefix() -> str | None:
    """Where to keep compiled modules when the package's own folder cannot hold them, else None.

    Run from a source tree Python may not write to, every start would compile every module
    again (a third more time to the first frame); the user's cache folder keeps them instead.
    An installed copy has its modules compiled at install time and needs nothing.
    """
    if sys.dont_write_bytecode or sys.pycache_prefix or getattr(sys, "frozen", False):
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.exists(cache_from_source(os.path.join(here, "__init__.py"))) or os.access(here, os.W_OK):
        return None
    from platformdirs import user_cache_dir
    return os.path.join(user_cache_dir("thirtyone", appauthor=False), "bytecode")


sys.pycache_prefix = bytecode_cache_prefix() or sys.pycache_prefix
