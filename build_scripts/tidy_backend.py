"""The build backend: setuptools, with its scratch folders outside the source tree.

setuptools builds in place: ``pip install .``, ``pipx install .`` and ``pip wheel .``
would leave ``build/`` and ``thirtyone.egg-info/`` beside the code. This backend
(named in pyproject.toml, run by pip in its own process) points both at a
temporary folder through ``DIST_EXTRA_CONFIG``, an extra setuptools configuration
file, and removes the folder when the build process ends. Every hook is
setuptools' own.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from setuptools.build_meta import *  # noqa: F403  (the PEP 517 hooks, unchanged)
from setuptools.build_meta import __all__  # noqa: F401

_scratch = Path(tempfile.mkdtemp(prefix="thirtyone-build-"))
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
(_scratch / "scratch.cfg").write_text(
    f"[build]\nbuild_base = {(_scratch / 'build').as_posix()}\n"
    f"[egg_info]\negg_base = {_scratch.as_posix()}\n", encoding="utf-8")
os.environ["DIST_EXTRA_CONFIG"] = str(_scratch / "scratch.cfg")
