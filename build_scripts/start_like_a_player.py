"""Start a built program the way a player does, in a real window, and play it to a round end.

    python build_scripts/start_like_a_player.py dist/thirtyone/thirtyone [--demo] [--screenshot F.png]

A new Xvfb screen (1024×600, the smallest the game is laid out for), a new empty home
folder (so a fresh profile: no settings, no save), and the program started with no
arguments (``--demo``: with only ``--demo``). Without ``--demo`` the player opens New game
(N), starts it (Enter) and plays by keys (draw, throw, knock) until a round ends; with
``--demo`` the bots play while the player watches for a few seconds. Then the window must
still be there, the program still running, and no crash log written; the program is then
closed. Prints what it saw, one line a step; exits 0 when all held, 1 with the reason
otherwise. CI runs it on the one-file and the folder build (``.ci/run``).

The only test switch used is ``THIRTYONE_TEST_STATE`` (the program writes the name of the
screen on top to a file): it changes nothing the player sees. Needs ``Xvfb``, ``xdotool``
and, for ``--screenshot``, ImageMagick's ``import``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, TypeVar

SCREEN = (1024, 600)
START_S = 60.0
"""How long the window may take to appear (a one-file build unpacks first; CI machines are busy)."""
ROUND_S = 240.0
"""How long a round may take: bots think and cards fly at the speed a new player gets."""
DEMO_WATCH_S = 8.0
TURN_KEYS = ("d", "1", "Return", "k", "Return")
"""One turn of a plain player: draw, throw the first card (Enter), knock (Enter confirms if asked)."""

T = TypeVar("T")


class Failed(Exception):
    """What the player would have met instead of a game."""


def wait_for(check: Callable[[], T], seconds: float, step_s: float = 0.2) -> T | None:
    """``check()`` once it is true within ``seconds``, else ``None``."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            return None
        time.sleep(step_s)


class Screen:
    """A private Xvfb display and xdotool on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.number = next(n for n in range(90, 400) if not Path(f"/tmp/.X{n}-lock").exists())
        self.display = f":{self.number}"
        self.server = subprocess.Popen(["Xvfb", self.display, "-screen", "0", f"{size[0]}x{size[1]}x24",
                                        "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for(lambda: Path(f"/tmp/.X11-unix/X{self.number}").exists(), 15):
            self.close()
            raise Failed("Xvfb did not start")

    def xdo(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                              env=dict(os.environ, DISPLAY=self.display))
        return done.stdout.strip()

    def window(self) -> str:
        """The id of the game's visible window, found by its class ("" while there is none)."""
        return self.xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0]

    def key(self, window: str, name: str) -> None:
        self.xdo("windowactivate", "--sync", window)
        self.xdo("key", "--window", window, name)
        time.sleep(0.12)

    def screenshot(self, target: Path) -> None:
        subprocess.run(["import", "-display", self.display, "-window", "root", str(target)],
                       capture_output=True, timeout=30, check=False)

    def close(self) -> None:
        self.server.terminate()
        try:
            self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.server.kill()


def crash_logs(home: Path) -> list[Path]:
    """Every crash log written anywhere in the player's home folder."""
    return sorted(home.rglob("crash-*.log"))


def play(program: Path, demo: bool, screenshot: Path | None) -> list[str]:
    """Run the program as a player would; the lines of what was seen. Raises ``Failed``."""
    seen: list[str] = []
    screen = Screen(SCREEN)
    home = Path(tempfile.mkdtemp(prefix="thirtyone-player-"))
    state = home / "screen.txt"
    # A player's environment: a home of their own, no test switches, the X11 display.
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("SDL_", "THIRTYONE_", "XDG_", "PYTHON"))}
    env.update(HOME=str(home), DISPLAY=screen.display, THIRTYONE_TEST_STATE=str(state))
    args = [str(program.resolve())] + (["--demo"] if demo else [])
    output = home / "output.txt"
    with output.open("w") as sink:
        proc = subprocess.Popen(args, cwd=home, env=env, stdout=sink, stderr=subprocess.STDOUT)
    started = time.monotonic()

    def scene() -> str:
        return state.read_text().strip() if state.exists() else ""

    def alive() -> None:
        if proc.poll() is not None:
            text = output.read_text(errors="replace").strip().splitlines()[-3:]
            raise Failed(f"the program closed (exit {proc.returncode}) on the {scene() or 'first'} screen: "
                         + " | ".join(text))
        if crash_logs(home):
            raise Failed(f"a crash log was written: {crash_logs(home)[0]}")

    try:
        window = wait_for(lambda: proc.poll() is None and screen.window(), START_S)
        alive()
        if not window:
            raise Failed(f"no window within {START_S:.0f} s")
        seen.append(f"window {window} after {time.monotonic() - started:.1f} s, on the {scene()} screen")
        if demo:
            first = wait_for(scene, 10) or ""
            time.sleep(DEMO_WATCH_S)
            alive()
            seen.append(f"demo: {first} screen, {scene()} after {DEMO_WATCH_S:.0f} s more")
        else:
            if not wait_for(lambda: scene() == "title", 20):
                raise Failed(f"the title never showed ({scene()!r})")
            screen.key(window, "n")
            if not wait_for(lambda: scene() == "new_game", 10):
                raise Failed(f"N on the title did not open New game ({scene()!r})")
            time.sleep(0.6)  # a new screen ignores keys for half a second, against stray presses
            screen.key(window, "Return")
            if not wait_for(lambda: scene() == "table", 10):
                raise Failed(f"Enter on New game did not start the game ({scene()!r})")
            seen.append("New game, Start: at the table")
            deadline = time.monotonic() + ROUND_S
            presses = 0
            while scene() != "round_end":
                alive()
                if time.monotonic() > deadline:
                    raise Failed(f"no round end within {ROUND_S:.0f} s of play ({scene()!r})")
                if scene() == "table":
                    screen.key(window, TURN_KEYS[presses % len(TURN_KEYS)])
                    presses += 1
                elif scene() == "pause":  # Esc is not among the keys pressed; resume all the same
                    screen.key(window, "Escape")
                else:
                    time.sleep(0.2)
            seen.append(f"round end after {presses} key presses")
        alive()
        if screen.window() != window:
            raise Failed("the game's window went away")
        if screenshot is not None:
            screen.screenshot(screenshot)
            seen.append(f"screenshot: {screenshot}")
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            raise Failed("the program did not close within 15 s of being asked to") from None
        if crash_logs(home):
            raise Failed(f"a crash log was written on closing: {crash_logs(home)[0]}")
        seen.append(f"closed (exit {proc.returncode}), no crash log")
        return seen
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        screen.close()
        shutil.rmtree(home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", type=Path, help="the built program (dist/thirtyone/thirtyone, dist/thirtyone)")
    parser.add_argument("--demo", action="store_true", help="start it with --demo and watch the bots")
    parser.add_argument("--screenshot", type=Path, help="save the screen at the end as this PNG")
    args = parser.parse_args(argv)
    if not args.program.is_file():
        parser.error(f"no program at {args.program}")
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        parser.error(f"needs {' and '.join(missing)} (apt-get install xvfb xdotool)")
    label = f"{args.program}{' --demo' if args.demo else ''}"
    try:
        for line in play(args.program, args.demo, args.screenshot):
            print(f"{label}: {line}")
    except Failed as failure:
        print(f"{label}: FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"{label}: started and played like a player")
    return 0


if __name__ == "__main__":
    sys.exit(main())
