"""The real window's own memory under X: what a player's system monitor shows for ``thirtyone``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.xvfb_support import Game, needs_xvfb

pytestmark = pytest.mark.xvfb

MIB = 1024 * 1024
GL_LIBRARIES = ("libGL.so", "libGLX", "libLLVM", "_dri.so")
"""Mapped only if SDL opened an OpenGL context (its probe of the driver's vendor)."""


def resident_mib(pid: int) -> float:
    """A process's resident set size in MiB."""
    with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MIB


@needs_xvfb
def test_the_window_loads_no_opengl_driver_at_1920x1080(tmp_path: Path) -> None:
    # SDL on Linux opens a hidden OpenGL window to learn the driver's vendor before it picks
    # how to show the frame; with Mesa that maps LLVM and the software rasteriser for good
    # (+108 MiB for a bare 1920x1080 window). The game draws in software and shows the frame
    # with MIT-SHM, so the probe is only cost.
    with Game(tmp_path, (1920, 1080), env={"THIRTYONE_WINDOW_SIZE": "1920x1080"}) as game:
        assert game.wait_scene("title")
        with open(f"/proc/{game.proc.pid}/maps", encoding="utf-8") as maps:
            mapped = {line.split()[-1] for line in maps if "/" in line}
        gl = sorted(path for path in mapped if any(name in path for name in GL_LIBRARIES))
        assert gl == [], f"OpenGL libraries mapped into the window: {gl}"
        assert resident_mib(game.proc.pid) < 140, f"{resident_mib(game.proc.pid):.1f} MiB at the title"
