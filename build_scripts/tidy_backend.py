"""The build backend: setuptools, with its scratch folders outside the source tree and the art
mapped into the package.

setuptools builds in place: ``pip install .``, ``pipx install .`` and ``pip wheel .``
would leave ``build/`` and ``thirtyone.egg-info/`` beside the code. This backend
(named in pyproject.toml, run by pip in its own process) points both at a
temporary folder through ``DIST_EXTRA_CONFIG``, an extra setuptools configuration
file, and removes the folder when the build process ends.

The art lives at the top of the tree (``assets/``, beside ``thirtyone/``) but is read
as ``assets`` once installed (``thirtyone/paths.py``): the packages are the
ones found under ``thirtyone/`` plus ``thirtyone.assets`` and its folders, mapped to
``assets/``, the one thing pyproject.toml cannot say (its package finder only sees
folders under ``thirtyone/``). Every hook is otherwise setuptools' own.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the PEP 517 hooks, rebound below)
from setuptools.build_meta import __all__  # noqa: F401

_scratch = Path(tempfile.mkdtemp(prefix="thirtyone-build-"))
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
(_scratch / "scratch.cfg").write_text(
    f"[build]\nbuild_base = {(_scratch / 'build').as_posix()}\n"
    f"[egg_info]\negg_base = {_scratch.as_posix()}\n", encoding="utf-8")
os.environ["DIST_EXTRA_CONFIG"] = str(_scratch / "scratch.cfg")

ASSETS = "assets"
"""The art's folder at the top of the tree; installed as the package ``thirtyone.assets``."""


def packages(root: Path) -> list[str]:
    """Every package to ship: the code's, found under ``thirtyone/``, and the art's (its files are
    ``thirtyone.assets``' package data in pyproject.toml)."""
    from setuptools import find_namespace_packages
    return find_namespace_packages(str(root), include=["thirtyone", "thirtyone.*"]) + ["thirtyone.assets"]


class _Backend(_setuptools._BuildMetaBackend):
    """setuptools' backend, whose ``setup()`` (there is no setup.py) is told the packages."""

    def run_setup(self, setup_script: str = "setup.py") -> None:
        from setuptools import setup
        setup(packages=packages(Path.cwd()), package_dir={"thirtyone.assets": ASSETS})


_backend = _Backend()
for _hook in ("get_requires_for_build_sdist", "get_requires_for_build_wheel", "prepare_metadata_for_build_wheel",
              "build_wheel", "build_sdist", "get_requires_for_build_editable", "prepare_metadata_for_build_editable",
              "build_editable"):
    globals()[_hook] = getattr(_backend, _hook)
