"""``thirtyone --speech log:FILE`` from the command line: the window's lines land in the file."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.locations import ROOT


def test_the_window_started_with_a_speech_log_writes_the_game_into_it(tmp_path):
    log = tmp_path / "speech.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               THIRTYONE_TEST_FAST="1")
    program = subprocess.Popen([sys.executable, "-m", "thirtyone", "--demo", "--seed", "3", "--data-dir",
                                str(tmp_path / "data"), "--speech", f"log:{log}"], env=env, cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and program.poll() is None:
            if log.exists() and "draws from the stock" in log.read_text(encoding="utf-8"):
                break
            time.sleep(0.2)
        said = log.read_text(encoding="utf-8") if log.exists() else ""
    finally:
        program.terminate()
        program.wait(30)
    assert "\t— Round 1 — " in said and "draws from the stock" in said, said[-500:]
