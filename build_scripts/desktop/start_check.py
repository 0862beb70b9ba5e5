"""Start a built game the way a player does and check that it keeps running:
``python build_scripts/desktop/start_check.py [--seconds N] [--window [--play]] [--demo] PROGRAM``.

Starts PROGRAM with no arguments (``--demo``: with only ``--demo``), from a new empty folder,
in a fresh profile: HOME, the XDG folders, APPDATA and LOCALAPPDATA (and platformdirs'
Windows overrides) all point into a new temporary folder, so no earlier settings, saves or
logs count. After N seconds (default 8) it must still be running and must not have written a
crash log; with ``--window`` (X11: Linux under Xvfb) it must also have mapped a window by
then (xdotool). With ``--play`` the player then opens New game (N), starts it (Enter) and
plays by keys (draw, throw, knock) until a round ends, and the window must still be there.
Then it is closed (terminated, killed if it lingers). Exits 0 if the game ran, 1 if it exited
early, crashed or showed no window, printing its exit status and output; 2 for bad
arguments. The release workflow, .ci/run and .ci/desktop_checks run it on every download.

The only test switch set is ``THIRTYONE_TEST_STATE`` (the program writes the name of the
screen on top to a file, which ``--play`` reads): it changes nothing the player sees.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable


def fresh_profile(folder: Path) -> dict[str, str]:
    """The environment with every per-user folder moved into ``folder`` (created, empty)."""
    names = {"HOME": "home", "USERPROFILE": "home", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data",
             "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "cache", "APPDATA": "roaming",
             "LOCALAPPDATA": "local", "WIN_PD_OVERRIDE_APPDATA": "roaming", "WIN_PD_OVERRIDE_LOCAL_APPDATA": "local"}
    env = dict(os.environ)
    for name, sub in names.items():
        (folder / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(folder / sub)
    return env


def family(pid: int) -> list[int]:
    """``pid`` and every process it started, and theirs (Linux: read from /proc). A one-file build's
    window belongs to a child: the program a player starts unpacks the game and runs it."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def window_of(pid: int) -> str:
    """The id of a visible X window of process ``pid`` or of a process it started (SDL sets _NET_WM_PID); "" if none."""
    for member in family(pid):
        found = xdo("search", "--onlyvisible", "--pid", str(member))
        if found:
            return found.split()[0]
    return ""


def has_window(pid: int) -> bool:
    """Whether the X server shows a window of process ``pid`` or of one it started."""
    return bool(window_of(pid))


WINDOW_GRACE_S = 60.0
"""How much longer than ``--seconds`` a program still running may take to show its window: on a loaded
machine a start took over 20 s to map one, while an idle one maps it within 3 s."""
ROUND_S = 240.0
"""How long ``--play`` may take to reach a round end: bots think and cards fly at a new player's speed."""
TURN_KEYS = ("d", "1", "Return", "k", "Return")
"""One turn of a plain player: draw, throw the first card (Enter), knock (Enter confirms if asked)."""


class Failed(Exception):
    """What the player met instead of a game."""


def crash_logs(profile: Path) -> list[Path]:
    """Every crash log the game wrote in the fresh profile."""
    return sorted(profile.rglob("crash-*.log"))


def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30).stdout.strip()


def play_to_round_end(process: subprocess.Popen[bytes], state: Path, profile: Path) -> str:
    """Open New game, start it and play by keys until a round ends; what was seen. Raises ``Failed``."""
    def scene() -> str:
        return state.read_text().strip() if state.exists() else ""

    def wait(check: Callable[[], bool], seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not check():
            if process.poll() is not None or crash_logs(profile):
                raise Failed(f"it closed or crashed on the {scene() or 'first'} screen")
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)
        return True

    window = window_of(process.pid)

    def key(name: str) -> None:
        xdo("windowactivate", "--sync", window)
        xdo("key", "--window", window, name)
        time.sleep(0.12)

    if not wait(lambda: scene() == "title", 20):
        raise Failed(f"the title never showed ({scene()!r})")
    key("n")
    if not wait(lambda: scene() == "new_game", 10):
        raise Failed(f"N on the title did not open New game ({scene()!r})")
    time.sleep(0.6)  # a new screen ignores keys for half a second, against stray presses
    key("Return")
    if not wait(lambda: scene() == "table", 10):
        raise Failed(f"Enter on New game did not start the game ({scene()!r})")
    presses = 0
    deadline = time.monotonic() + ROUND_S
    while scene() != "round_end":
        wait(lambda: True, 0)
        if time.monotonic() > deadline:
            raise Failed(f"no round end within {ROUND_S:.0f} s of play ({scene()!r})")
        if scene() == "table":
            key(TURN_KEYS[presses % len(TURN_KEYS)])
            presses += 1
        elif scene() == "pause":  # Esc is not among the keys pressed; resume all the same
            key("Escape")
        else:
            time.sleep(0.2)
    if not has_window(process.pid):
        raise Failed("the window went away at the round end")
    return f"played New game to a round end by keys ({presses} presses)"


def close(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="start_check.py", description="Start a built game as a player does.")
    parser.add_argument("program", type=Path, help="the program a player starts")
    parser.add_argument("--seconds", type=float, default=8.0, help="how long it must keep running (default 8)")
    parser.add_argument("--window", action="store_true", help="also require an X window of it (xdotool)")
    parser.add_argument("--window-grace", type=float, default=WINDOW_GRACE_S, metavar="S",
                        help=f"with --window: how much longer a running program may take to show it (default {WINDOW_GRACE_S:g})")
    parser.add_argument("--play", action="store_true",
                        help="with --window: open New game, start it and play by keys to a round end")
    parser.add_argument("--demo", action="store_true", help="start it with --demo (the bots play)")
    args = parser.parse_args(argv)
    if not args.program.is_file():
        parser.error(f"no program at {args.program}")
    if args.window and (not os.environ.get("DISPLAY") or shutil.which("xdotool") is None):
        parser.error("--window needs an X display (DISPLAY) and xdotool")
    if args.play and (not args.window or args.demo):
        parser.error("--play needs --window, and plays New game (not --demo)")
    program = args.program.resolve()
    with tempfile.TemporaryDirectory(prefix="thirtyone-start-") as scratch:
        folder = Path(scratch)
        output = folder / "output.txt"
        start_in = folder / "elsewhere"  # not the program's folder, not the checkout
        start_in.mkdir()
        profile, state = folder / "profile", folder / "screen.txt"
        env = dict(fresh_profile(profile), THIRTYONE_TEST_STATE=str(state))
        played = ""
        with output.open("wb") as sink:
            process = subprocess.Popen([str(program)] + (["--demo"] if args.demo else []), cwd=start_in, env=env,
                                       stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
            started = time.monotonic()
            deadline = started + args.seconds
            window, mapped_s = False, 0.0
            while time.monotonic() < deadline + (0 if window or not args.window else args.window_grace) \
                    and process.poll() is None:
                if args.window and not window and has_window(process.pid):
                    window, mapped_s = True, time.monotonic() - started
                time.sleep(0.25)
            running = process.poll() is None
            if running and window and args.play:
                try:
                    played = play_to_round_end(process, state, profile)
                except Failed as failure:
                    played = f"FAILED: {failure}"
                running = process.poll() is None
            if running:
                close(process)
            crashes = crash_logs(profile)
        said = output.read_text(encoding="utf-8", errors="replace").strip()
        if crashes:
            print(f"start_check: {program} wrote a crash log:\n{crashes[0].read_text(errors='replace')}",
                  file=sys.stderr)
            return 1
        if played.startswith("FAILED"):
            print(f"start_check: {program} {played[:1].lower()}{played[1:]}; it printed:\n{said or '(nothing)'}",
                  file=sys.stderr)
            return 1
        if not running:
            print(f"start_check: {program} exited after less than {args.seconds:g} s with status "
                  f"{process.returncode}; it printed:\n{said or '(nothing)'}", file=sys.stderr)
            return 1
        if args.window and not window:
            print(f"start_check: {program} ran {args.seconds + args.window_grace:g} s but showed no window; it printed:\n"
                  f"{said or '(nothing)'}", file=sys.stderr)
            return 1
        shown = f", with its window (shown after {mapped_s:.1f} s)" if args.window else ""
        played = f"; {played}" if played else ""
        print(f"start_check: {program}{' --demo' if args.demo else ''} was still running after {args.seconds:g} s"
              f"{shown}{played}; closed, no crash log")
        return 0


if __name__ == "__main__":
    sys.exit(main())
