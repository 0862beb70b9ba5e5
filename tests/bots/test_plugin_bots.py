"""Plug-in bots in tournaments: a misbehaving one is named with its decision, bounded in time, exit non-zero."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.locations import ROOT
from thirtyone.cli import main


def _command(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m thirtyone ARGV`` in ``folder``, running this tree's package."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "thirtyone", *argv], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)  # only bounds a hang

PLUGINS = '''
import os
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

def computes():
    # one long call in C: it never lets another thread of its process run
    def answer(o):
        if len(o.legal_actions) > 1:
            sum(range(10**11))
        return o.legal_actions[0]
    return Returns(answer)

def computes_telling_its_pid():
    def answer(o):
        if len(o.legal_actions) > 1:
            with open("computing.pid", "w") as marker:
                marker.write(str(os.getpid()))
            sum(range(10**12))
        return o.legal_actions[0]
    return Returns(answer)

class AgreesWithEverything:
    def __eq__(self, other):
        return True
    def __hash__(self):
        return 0
    def __repr__(self):
        return "AgreesWithEverything()"

def agrees_with_everything():
    return Returns(lambda o: AgreesWithEverything() if len(o.legal_actions) > 1 else o.legal_actions[0])

def chatty():
    def answer(o):
        print("thinking about", o.hand)
        return o.legal_actions[0]
    print("loaded")
    return Returns(answer)
'''


@pytest.fixture()
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "plugbots.py").write_text(PLUGINS)
    (tmp_path / "brokenbots.py").write_text("raise RuntimeError('half-written module')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


GENEROUS_S = "60"
"""The plug-ins' bound where a test does not wait for it to run out: a busy machine can take over a second
to answer a pipe (0.3 s failed a well-behaved plug-in, or named a timeout for one that raised)."""


def _tournament(seats: str, capsys: pytest.CaptureFixture[str], *extra: str,
                bound_s: str = GENEROUS_S) -> tuple[int, str, str]:
    code = main(["tournament", "--seats", seats, "--games", "4", "--seed", "2", "--bot-timeout-s", bound_s, *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_well_behaved_plugin_plays_its_games(plugins: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _tournament("plugbots:legal_first,casual", capsys, "--json")
    assert code == 0 and '"games": 4' in out


@pytest.mark.parametrize("factory, why", [
    ("nothing", "it returned None, not a legal action"),
    ("illegal_now_and_then", "it returned Deal(), not a legal action"),
    ("raises", "it raised KeyError: 'no idea'"),
    ("sleeps", "no answer within 0.3 s"),  # the one bound run out: the plug-in sleeps an hour
    ("agrees_with_everything", "it returned AgreesWithEverything(), not a legal action"),
])
def test_a_failing_plugin_stops_the_tournament_naming_the_decision(
        plugins: Path, capsys: pytest.CaptureFixture[str], factory: str, why: str) -> None:
    code, out, err = _tournament(f"plugbots:{factory},casual", capsys, bound_s="0.3" if factory == "sleeps" else GENEROUS_S)
    assert code == 1
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
    """The whole command, two worker processes and all, ends once the bot's time runs out (it sleeps an hour)."""
    done = _command(plugins, "tournament", "--seats", "plugbots:sleeps,casual",
                    "--games", "4", "--jobs", "2", "--bot-timeout-s", "0.5")
    assert done.returncode == 1
    assert "bot 'plugbots:sleeps' failed on round 1" in done.stderr and "no answer within 0.5 s" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_plugin_holding_the_interpreter_in_c_is_ended_within_its_bound(plugins: Path) -> None:
    """``sum(range(10**11))`` never lets a timer thread run: only a process of its own can be ended."""
    done = _command(plugins, "tournament", "--seats", "plugbots:computes,casual", "--games", "2", "--bot-timeout-s", "2")
    assert done.returncode == 1  # the sum would take many minutes: ending at all is the bound at work
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "bot 'plugbots:computes' failed on round 1" in lines[0] and "no answer within 2 s" in lines[0]


def test_a_printing_plugin_leaves_stdout_to_the_json(plugins: Path) -> None:
    done = _command(plugins, "tournament", "--seats", "plugbots:chatty,casual", "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    assert "thinking about" in done.stderr  # what it prints is not lost: it goes to stderr


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the plug-in process follows its parent on Linux")
def test_a_computing_plugin_ends_with_a_killed_program(plugins: Path) -> None:
    """kill -9 of the tournament while its plug-in computes: the plug-in's process goes too."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    program = subprocess.Popen([sys.executable, "-m", "thirtyone", "tournament", "--seats",
                                "plugbots:computes_telling_its_pid,casual", "--games", "2", "--bot-timeout-s", "300"],
                               cwd=plugins, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    marker = plugins / "computing.pid"
    try:
        deadline = time.monotonic() + 300  # these waits only bound a hang
        while not marker.exists() or not marker.read_text():
            assert time.monotonic() < deadline and program.poll() is None
            time.sleep(0.05)
        plugin_pid = int(marker.read_text())
        assert _alive(plugin_pid)
        program.kill()
        program.wait(120)
        deadline = time.monotonic() + 120
        while _alive(plugin_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(plugin_pid)
    finally:
        program.kill()
        if marker.exists() and marker.read_text() and _alive(int(marker.read_text())):
            os.kill(int(marker.read_text()), 9)  # the test's own leftover, if the check failed
