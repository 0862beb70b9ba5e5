"""The X display the real-window tests share: the current one, or a private Xvfb."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.waiting import wait_for


@pytest.fixture
def x_display(monkeypatch):
    """The X display to use: the current one, or a private Xvfb started for this test."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    number = next(n for n in range(99, 200) if not Path(f"/tmp/.X{n}-lock").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 15), "Xvfb did not start"
        monkeypatch.setenv("DISPLAY", f":{number}")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
