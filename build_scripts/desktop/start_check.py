"""Start a built game the way a player does and check that it keeps running:
``python build_scripts/desktop/start_check.py [--seconds N] [--window] PROGRAM``.

Starts PROGRAM with no arguments, from a new empty folder, in a fresh profile: HOME, the XDG
folders, APPDATA and LOCALAPPDATA (and platformdirs' Windows overrides) all point into a new
temporary folder, so no earlier settings, saves or logs count. After N seconds (default 8) it
must still be running; with ``--window`` (X11: Linux under Xvfb) it must also have mapped a
window by then (xdotool). Then it is closed (terminated, killed if it lingers). Exits 0 if the
game ran, 1 if it exited early or showed no window, printing its exit status and output; 2 for
bad arguments. The release workflow and .ci/desktop_checks run it on every download.
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


def has_window(pid: int) -> bool:
    """Whether the X server shows a window of process ``pid`` (SDL sets _NET_WM_PID)."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                           text=True, timeout=30)
    return bool(found.stdout.strip())


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
    args = parser.parse_args(argv)
    if not args.program.is_file():
        parser.error(f"no program at {args.program}")
    if args.window and (not os.environ.get("DISPLAY") or shutil.which("xdotool") is None):
        parser.error("--window needs an X display (DISPLAY) and xdotool")
    program = args.program.resolve()
    with tempfile.TemporaryDirectory(prefix="thirtyone-start-") as scratch:
        folder = Path(scratch)
        output = folder / "output.txt"
        start_in = folder / "elsewhere"  # not the program's folder, not the checkout
        start_in.mkdir()
        with output.open("wb") as sink:
            process = subprocess.Popen([str(program)], cwd=start_in, env=fresh_profile(folder / "profile"),
                                       stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)
            deadline = time.monotonic() + args.seconds
            window = False
            while time.monotonic() < deadline and process.poll() is None:
                window = window or (args.window and has_window(process.pid))
                time.sleep(0.25)
            running = process.poll() is None
            window = window or (running and args.window and has_window(process.pid))
            if running:
                close(process)
        said = output.read_text(encoding="utf-8", errors="replace").strip()
        if not running:
            print(f"start_check: {program} exited after less than {args.seconds:g} s with status "
                  f"{process.returncode}; it printed:\n{said or '(nothing)'}", file=sys.stderr)
            return 1
        if args.window and not window:
            print(f"start_check: {program} ran {args.seconds:g} s but showed no window; it printed:\n"
                  f"{said or '(nothing)'}", file=sys.stderr)
            return 1
        shown = ", with its window" if args.window else ""
        print(f"start_check: {program} was still running after {args.seconds:g} s{shown}; closed")
        return 0


if __name__ == "__main__":
    sys.exit(main())
