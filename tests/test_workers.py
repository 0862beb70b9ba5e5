"""Worker processes have one owner: a command ended by SIGTERM, a closed window and a headless script leave none behind.

Each test starts its program in a session of its own, so every process it starts (workers, the
resource tracker) keeps that process group after its parent is gone; ``/proc`` tells which are left.
The waits only bound a hang: a loaded machine makes them slower, never wrong.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.locations import ROOT
from tests.waiting import wait_for

ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")
HANG_S = 120.0
"""Longer than anything here takes on a busy machine; reached only if something hangs."""


def group_members(group: int) -> list[int]:
    """The processes alive in process group ``group`` (zombies count as gone)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def children_of(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    return [member for member in group_members(pid) if member != pid and _parent(member) == pid]


def _parent(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return -1
    return int(stat[stat.rindex(")") + 2:].split()[1])


def start(argv: list[str], cwd: Path) -> subprocess.Popen[str]:
    """``argv`` in a new session (its own process group, whose id is its pid)."""
    return subprocess.Popen(argv, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def end_group(process: subprocess.Popen[str]) -> None:
    """Kill whatever is left of the test's process group (so one failure does not leave workers running)."""
    for pid in group_members(process.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if process.poll() is None:
        process.wait()


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.mark.parametrize("command", [
    ["tournament", "--jobs", "2", "--games", "5000", "--seats", "expert,expert,casual"],
    ["daily", "--jobs", "2", "--days", "60", "--date", "2026-01-01"],
], ids=["tournament", "daily"])
@pytest.mark.parametrize("later_s", [0.0, 3.0], ids=["as-they-start", "at-work"])
def test_sigterm_ends_a_command_and_every_worker_it_started(tmp_path: Path, command: list[str], later_s: float) -> None:
    process = start([sys.executable, "-m", "thirtyone", "--language", "en", "--data-dir", str(tmp_path), *command],
                    tmp_path)
    try:
        # Two workers (and the resource tracker) are at work before the signal is sent.
        assert wait_for(lambda: len(children_of(process.pid)) >= 3, HANG_S), children_of(process.pid)
        time.sleep(later_s)  # not a limit: the signal comes while the workers start, or while they play
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=HANG_S)
        assert process.returncode == 143
        assert "thirtyone: stopped by SIGTERM; the worker processes were ended" in err.splitlines()
        assert "Traceback" not in err, err
        assert wait_for(lambda: not group_members(process.pid), HANG_S), "left running: " + str(
            group_members(process.pid))
    finally:
        end_group(process)


def test_sigterm_closes_the_window_as_quitting_does_and_its_workers_end(tmp_path: Path) -> None:
    env_fast = ["env", "THIRTYONE_TEST_FAST=1"]
    process = start([*env_fast, sys.executable, "-m", "thirtyone", "--demo", "--data-dir", str(tmp_path)], tmp_path)
    try:
        # The bots' worker is up (env, then python, then its children: look in the whole group).
        assert wait_for(lambda: len(group_members(process.pid)) >= 3, HANG_S), group_members(process.pid)
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=HANG_S)
        assert process.returncode == 0, err  # the loop ended as closing the window ends it
        assert (tmp_path / "config" / "settings.json").is_file()  # the window's size and place were kept
        assert wait_for(lambda: not group_members(process.pid), HANG_S), "left running: " + str(
            group_members(process.pid))
    finally:
        end_group(process)


SCRIPT = """\
    # A headless script as a helper writes one: no ``if __name__ == "__main__"`` guard, so each
    # spawned worker runs it again, and never closes the app it made.
    import os, sys, time
    sys.path.insert(0, {root!r})
    from pathlib import Path
    import pygame
    from tests.ui_support import make_app, open_table, setup
    from thirtyone import workers
    here = Path({folder!r})
    app = make_app(fast=True)
    if __name__ != "__main__":  # in the worker, which ran the script again: pygame (and SDL) are up there too
        (here / "worker-ready").write_text("ready")
    else:
        open_table(app, setup(["expert", "expert", "expert", "expert"]))
        deadline = time.monotonic() + {hang_s}
        while not (workers.live_workers() and (here / "worker-ready").exists()) and time.monotonic() < deadline:
            app.frame([], 0.05)
            time.sleep(0.01)
        pygame.image.save(app.screen, str(here / "shot.png"))
        print("saved", flush=True)
        if {linger}:
            time.sleep({hang_s})
"""


def _script(folder: Path, linger: bool) -> Path:
    path = folder / "shot.py"
    path.write_text(textwrap.dedent(SCRIPT).format(root=str(ROOT), folder=str(folder), hang_s=HANG_S,
                                                   linger=linger))
    return path


def test_a_headless_script_that_never_closes_its_app_ends_with_its_workers(tmp_path: Path) -> None:
    process = start([sys.executable, str(_script(tmp_path, linger=False))], tmp_path)
    try:
        out, err = process.communicate(timeout=HANG_S)
        assert process.returncode == 0, err
        assert out.count("saved") == 1 and (tmp_path / "shot.png").stat().st_size > 0
        assert wait_for(lambda: not group_members(process.pid), HANG_S), "left running: " + str(
            group_members(process.pid))
    finally:
        end_group(process)


def test_sigterm_ends_a_headless_script_with_an_app_and_its_workers(tmp_path: Path) -> None:
    process = start([sys.executable, str(_script(tmp_path, linger=True))], tmp_path)
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "saved\n"
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=HANG_S)
        assert process.returncode == -signal.SIGTERM
        assert wait_for(lambda: not group_members(process.pid), HANG_S), "left running: " + str(
            group_members(process.pid))
    finally:
        end_group(process)


def test_closing_the_app_ends_the_bots_worker_process() -> None:
    from tests.ui_support import make_app, open_table, run_until, setup
    from thirtyone import workers
    app = make_app()
    open_table(app, setup(["expert", "expert", "expert"]))
    assert run_until(app, lambda: bool(workers.live_workers()))
    started = workers.live_workers()
    app.close()
    assert workers.live_workers() == []
    assert all(not Path(f"/proc/{process.pid}").exists() or process.exitcode is not None for process in started)
