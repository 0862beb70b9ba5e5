"""Benchmark: start to first frame of a program (the built one file or folder by default).

Starts it with the dummy video driver and ``THIRTYONE_TEST_FIRST_FRAME`` set, and
times how long until the window has drawn and shown its first frame (the program
writes that file right after the first flip). Prints the median of
several starts. ``--video-driver x11`` starts it on the X display in ``DISPLAY`` instead
(``xvfb-run -a python build_scripts/bench_startup.py --video-driver x11 -- PROGRAM``).
Usage: ``python build_scripts/bench_startup.py [--runs N] [--video-driver D] [-- PROGRAM ARGS...]``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_to_first_frame(command: list[str], timeout_s: float = 30.0, video_driver: str = "dummy") -> float:
    """Seconds from launch until the program has shown its first frame."""
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "first-frame.txt"
        env = dict(os.environ, SDL_VIDEODRIVER=video_driver, SDL_AUDIODRIVER="dummy",
                   THIRTYONE_TEST_FIRST_FRAME=str(state))
        started = time.perf_counter()
        process = subprocess.Popen(command + ["--data-dir", str(Path(folder) / "data")], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=sys.platform != "win32")
        try:
            while not (state.exists() and state.read_text().strip()):
                if time.perf_counter() - started > timeout_s or process.poll() is not None:
                    raise RuntimeError(f"{command[0]} showed no frame within {timeout_s} s")
                time.sleep(0.005)
            return time.perf_counter() - started
        finally:
            stop(process)


def stop(process: subprocess.Popen) -> None:
    """End the program and everything it started.

    A one-file build runs the game in a child process and deletes its unpacked folder when
    that child ends: killing only the parent would leave the game running and the folder behind.
    """
    if sys.platform == "win32":  # the one-file child is in the parent's job and ends with it
        process.kill()
        process.wait()
        return
    for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, None)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            continue
        with contextlib.suppress(ProcessLookupError):  # children the parent left
            os.killpg(process.pid, signal.SIGKILL)
        return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", nargs="*", help="command to start (default: the build in dist/)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--video-driver", default="dummy", help="SDL's video driver (default dummy; x11 needs DISPLAY)")
    args = parser.parse_args()
    name = "thirtyone.exe" if sys.platform == "win32" else "thirtyone"
    built = ROOT / "dist" / name
    if (ROOT / "dist" / "thirtyone").is_dir():  # the folder build (build.py --onedir)
        built = ROOT / "dist" / "thirtyone" / name
    command = args.program or [str(built)]
    times = [time_to_first_frame(command, video_driver=args.video_driver) for _ in range(args.runs)]
    print(f"start to first frame ({' '.join(command)}, {args.video_driver} driver): median {statistics.median(times):.2f} s, "
          f"best {min(times):.2f} s over {len(times)} starts")


if __name__ == "__main__":
    main()
