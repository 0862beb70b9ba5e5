"""build_scripts/desktop/start_check.py, which starts every download as a player would: a program that keeps
running passes and is closed, one that stops early fails with its output, the profile is fresh."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.locations import ROOT
from tests.window_env import window_env
from tests.xvfb_support import needs_xvfb, start_xvfb

SCRIPT = ROOT / "build_scripts" / "desktop" / "start_check.py"
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the stand-in programs are shell scripts")


def program(tmp_path: Path, body: str, name: str = "thirtyone") -> Path:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)
    return path


def start(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_a_program_that_keeps_running_passes_and_is_closed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    game = program(tmp_path, f'echo $$ > "{pid_file}"\nexec sleep 300\n')
    done = start("--seconds", "1", str(game))
    assert done.returncode == 0, done.stderr
    assert "was still running after 1 s" in done.stdout
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_program_that_stops_at_start_fails_with_its_status_and_output(tmp_path: Path) -> None:
    game = program(tmp_path, 'echo "thirtyone stopped because of an error (ModuleNotFoundError)"\nexit 1\n')
    done = start("--seconds", "5", str(game))
    assert done.returncode == 1
    assert "exited after less than 5 s with status 1" in done.stderr
    assert "ModuleNotFoundError" in done.stderr


def test_the_program_starts_without_arguments_in_a_fresh_profile_away_from_its_folder(tmp_path: Path) -> None:
    report = tmp_path / "report"
    game = program(tmp_path, f'printf "%s\\n" "$#" "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$PWD" > "{report}"\n'
                             f'ls -A "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" >> "{report}"\nexec sleep 300\n')
    assert start("--seconds", "1", str(game)).returncode == 0
    count, home, config, data, cwd, *listed = report.read_text().splitlines()
    assert count == "0"
    assert home != os.environ.get("HOME") and Path(config).parent == Path(home).parent == Path(data).parent
    assert Path(cwd) != tmp_path and not Path(cwd).is_relative_to(ROOT)
    assert [line for line in listed if line and not line.endswith(":")] == [], "the profile starts empty"
    assert not Path(home).exists(), "the fresh profile is removed afterwards"


def test_a_missing_program_exits_2_with_the_usage(tmp_path: Path) -> None:
    done = start(str(tmp_path / "nothing"))
    assert done.returncode == 2 and done.stderr.startswith("usage: start_check.py")
    assert f"no program at {tmp_path / 'nothing'}" in done.stderr


@needs_xvfb
def test_with_window_the_game_from_source_passes_and_a_program_without_a_window_fails(tmp_path: Path) -> None:
    server, display = start_xvfb(1280, 800)
    try:
        env = dict(window_env(), DISPLAY=display)
        game = program(tmp_path, f'cd "{ROOT}" && exec "{sys.executable}" -m thirtyone\n')
        done = subprocess.run([sys.executable, str(SCRIPT), "--window", "--seconds", "6", str(game)],
                              capture_output=True, text=True, timeout=180, env=env)
        assert done.returncode == 0, done.stderr
        assert "with its window" in done.stdout
        blind = program(tmp_path, "exec sleep 300\n", name="blind")
        done = subprocess.run([sys.executable, str(SCRIPT), "--window", "--seconds", "2", "--window-grace", "1", str(blind)],
                              capture_output=True, text=True, timeout=180, env=env)
        assert done.returncode == 1 and "showed no window" in done.stderr
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_a_program_that_writes_a_crash_log_fails_even_if_it_keeps_running(tmp_path: Path) -> None:
    game = program(tmp_path, 'mkdir -p "$XDG_STATE_HOME/thirtyone/log"\n'
                             'echo "Traceback: ValueError" > "$XDG_STATE_HOME/thirtyone/log/crash-20261126.log"\n'
                             'exec sleep 300\n')
    done = start("--seconds", "1", str(game))
    assert done.returncode == 1
    assert "wrote a crash log" in done.stderr and "ValueError" in done.stderr


def test_play_needs_a_window_and_is_not_for_the_demo(tmp_path: Path) -> None:
    game = program(tmp_path, "exec sleep 300\n")
    for args in (["--play"], ["--play", "--demo"]):
        done = start(*args, str(game))
        assert done.returncode == 2 and "--play needs --window" in done.stderr


def test_demo_starts_the_program_with_demo_only(tmp_path: Path) -> None:
    report = tmp_path / "report"
    game = program(tmp_path, f'printf "%s\\n" "$@" > "{report}"\nexec sleep 300\n')
    done = start("--demo", "--seconds", "1", str(game))
    assert done.returncode == 0 and "--demo was still running" in done.stdout
    assert report.read_text().splitlines() == ["--demo"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_window_of_a_one_file_build_is_looked_for_in_the_process_it_starts(tmp_path: Path) -> None:
    # A one-file build unpacks the game and runs it as a child: the window carries the child's pid.
    import importlib.util
    spec = importlib.util.spec_from_file_location("start_check", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parent = subprocess.Popen(["sh", "-c", "sleep 300 & echo $! ; wait"], stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())
        assert module.family(parent.pid)[:1] == [parent.pid] and child in module.family(parent.pid)
    finally:
        subprocess.run(["pkill", "-P", str(parent.pid)])
        parent.kill()
        parent.wait(timeout=10)
