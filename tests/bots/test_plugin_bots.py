"""Plug-in bots in tournaments: a misbehaving one is named with its decision, bounded in time, exit non-zero."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.locations import ROOT
from thirtyone.cli import main

PLUGINS = '''
import time
from thirtyone.model import Deal

class Returns:
    def __init__(self, answer):
        self.answer = answer
    def choose(self, observation, rng):
        return self.answer(observation)

def legal_first():
    return Returns(lambda o: o.legal_actions[0])

def nothing():
    return Returns(lambda o: None)

def illegal_now_and_then():
    # legal until its third real decision, then a deal in the middle of a round
    seen = []
    def answer(o):
        if len(o.legal_actions) > 1:
            seen.append(1)
        if len(seen) == 3:
            return Deal()
        return o.legal_actions[0]
    return Returns(answer)

def raises():
    def answer(o):
        if len(o.legal_actions) > 1:
            raise KeyError("no idea")
        return o.legal_actions[0]
    return Returns(answer)

def sleeps():
    def answer(o):
        if len(o.legal_actions) > 1:
            time.sleep(3600)
        return o.legal_actions[0]
    return Returns(answer)
'''


@pytest.fixture()
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "plugbots.py").write_text(PLUGINS)
    (tmp_path / "brokenbots.py").write_text("raise RuntimeError('half-written module')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _tournament(seats: str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    code = main(["tournament", "--seats", seats, "--games", "4", "--seed", "2", "--bot-timeout-s", "0.3", *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_well_behaved_plugin_plays_its_games(plugins: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _tournament("plugbots:legal_first,casual", capsys, "--json")
    assert code == 0 and '"games": 4' in out


@pytest.mark.parametrize("factory, why", [
    ("nothing", "it returned None, not a legal action"),
    ("illegal_now_and_then", "it returned Deal(), not a legal action"),
    ("raises", "it raised KeyError: 'no idea'"),
    ("sleeps", "no answer within 0.3 s"),
])
def test_a_failing_plugin_stops_the_tournament_naming_the_decision(
        plugins: Path, capsys: pytest.CaptureFixture[str], factory: str, why: str) -> None:
    started = time.monotonic()
    code, out, err = _tournament(f"plugbots:{factory},casual", capsys)
    assert code == 1
    assert time.monotonic() - started < 10
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    line = lines[0]
    assert line.startswith("thirtyone tournament: game 1, action ")
    assert f"bot 'plugbots:{factory}' failed on round 1, " in line and "legal: " in line and why in line


@pytest.mark.parametrize("seats, why", [
    ("brokenbots:make,casual", "cannot load bot 'brokenbots:make': it raised RuntimeError: half-written module"),
    ("nosuchmodule:make,casual", "cannot load bot 'nosuchmodule:make': it raised ModuleNotFoundError"),
    ("plugbots:nosuchfactory,casual", "cannot load bot 'plugbots:nosuchfactory': it raised AttributeError"),
    ("builtins:exit,casual", "cannot load bot 'builtins:exit': it raised SystemExit"),
])
def test_a_plugin_that_cannot_load_is_a_usage_error(plugins: Path, capsys: pytest.CaptureFixture[str],
                                                    seats: str, why: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _tournament(seats, capsys)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err


def test_a_sleeping_plugin_in_worker_processes_never_hangs_the_command(plugins: Path) -> None:
    """The whole command, two worker processes and all, ends soon after the bot's time runs out."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "thirtyone", "tournament", "--seats", "plugbots:sleeps,casual",
                           "--games", "4", "--jobs", "2", "--bot-timeout-s", "0.5"],
                          cwd=plugins, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))  # the checkout under test, not an installed copy
    assert done.returncode == 1
    assert "bot 'plugbots:sleeps' failed on round 1" in done.stderr and "no answer within 0.5 s" in done.stderr
    assert "Traceback" not in done.stderr
    assert time.monotonic() - started < 30
