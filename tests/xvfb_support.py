"""The one way real-window tests start the game: a private Xvfb screen, ``thirtyone`` on it, xdotool to play.

Each ``Game`` starts its own Xvfb of the size the test asks for and runs ``python -m
thirtyone`` with its own ``--data-dir`` (it never touches the real user folders) and the
real X11 driver (``window_env``). The window is found by its WM class; the top scene is
read from ``THIRTYONE_TEST_STATE``; the game's state from its autosave. Screenshots are the
screen's pixels, which Xvfb keeps in a file (``-fbdir``), saved as PNG in the test's tmp dir.
Tests using it carry ``needs_xvfb``: skipped only where Xvfb or xdotool is missing
(``apt-get install xvfb xdotool``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import wait_for
from tests.window_env import window_env

needs_xvfb = pytest.mark.skipif(not shutil.which("Xvfb") or not shutil.which("xdotool"),
                                reason="needs Xvfb and xdotool")


def start_xvfb(width: int, height: int, framebuffer_dir: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A new Xvfb server with one screen of ``width``×``height`` and its display name.

    Xvfb picks a free display number itself and writes it to a pipe once it accepts clients
    (``-displayfd``): picking one by the lock files raced with other test runs on the same
    machine, and the loser then drove the winner's screen and game. With ``framebuffer_dir`` the
    screen's pixels live in a file there (``-fbdir``: ``Xvfb_screen0``, XWD format), read by ``read_screen``."""
    read_end, write_end = os.pipe()
    fbdir = ["-fbdir", str(framebuffer_dir)] if framebuffer_dir is not None else []
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp", *fbdir], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        number = _read_display_number(read_end, 30)
    finally:
        os.close(read_end)
    if number is None:
        server.terminate()
        server.wait(timeout=10)
        raise AssertionError("Xvfb did not start")
    return server, f":{number}"


def read_screen(framebuffer: Path) -> Any:
    """The screen Xvfb keeps in ``framebuffer`` (its ``-fbdir`` file, XWD format) as a pygame surface.

    Read straight from the file Xvfb draws into: imagemagick's ``import`` took 0.65-1.4 s of a
    loaded machine per screenshot (most of it compressing the PNG), 17 of the pass-and-play test's 32 s."""
    import pygame
    data = framebuffer.read_bytes()
    (header_size, _version, _format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order, _pad,
     bits_per_pixel, bytes_per_line, _class, red, green, blue, _bits_per_rgb, _entries, colours) = \
        struct.unpack(">20I", data[:80])
    assert bits_per_pixel == 32 and byte_order == 0 and bytes_per_line == width * 4, \
        f"an XWD screen of {bits_per_pixel} bits per pixel, byte order {byte_order} is not read here"
    start = header_size + colours * 12  # the header, then one 12-byte XWDColor per colour
    surface = pygame.Surface((width, height), 0, 32, (red, green, blue, 0))
    surface.get_buffer().write(data[start:start + bytes_per_line * height])
    return surface


def _read_display_number(fd: int, timeout_s: float) -> str | None:
    """The display number Xvfb writes to ``fd`` (a line), or None if it exits or is silent for ``timeout_s``."""
    import select
    text = b""
    end = time.monotonic() + timeout_s
    while not text.endswith(b"\n") and (left := end - time.monotonic()) > 0:
        if not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 16)
        if not chunk:
            break
        text += chunk
    number = text.strip().decode("ascii", "replace")
    return number if number.isdigit() else None


_read: dict[Path, tuple[tuple[tuple[int, int, int] | None, ...], Any]] = {}
"""The last match read from each data folder, with the save files' (inode, mtime, size) it was read from."""


def saved_match(data_dir: Path) -> Any:
    """The game autosaved in ``data_dir`` as a match (None while nothing is saved).

    Tests poll this every 50 ms while a game runs; a match replays its whole record, so the last
    one is kept until the save or its journal changes (a new file, or a new time or size)."""
    from thirtyone.controller import Match
    from thirtyone.storage import StoragePaths
    from thirtyone.storage.saves import load_saved_game
    paths = StoragePaths.portable(data_dir)

    def stamp(path: Path) -> tuple[int, int, int] | None:
        try:
            status = path.stat()
        except OSError:
            return None
        return status.st_ino, status.st_mtime_ns, status.st_size
    signature = (stamp(paths.current_game_file), stamp(paths.current_game_journal))
    kept = _read.get(data_dir)
    if kept is not None and kept[0] == signature:
        return kept[1]
    record, _problem = load_saved_game(paths)
    match = Match.from_record(record) if record is not None else None
    _read[data_dir] = (signature, match)
    return match


class Game:
    """``thirtyone`` running on a private X screen, with the top scene's name readable.

    ``settings`` are written as the profile's settings file before the start; ``env`` adds
    test switches (``THIRTYONE_TEST_FAST``, ``THIRTYONE_WINDOW_SIZE``). Use it as a context
    manager, or call ``close``: either way no game and no X server is left behind.
    """

    def __init__(self, tmp_path: Path, screen: tuple[int, int], *args: str, settings: dict[str, Any] | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.tmp = tmp_path
        self.framebuffer_dir = tmp_path / "xvfb-screen"
        self.framebuffer_dir.mkdir(parents=True, exist_ok=True)
        self.server, self.display = start_xvfb(*screen, framebuffer_dir=self.framebuffer_dir)
        self.state = tmp_path / "state.txt"
        self.data = tmp_path / "data"
        if settings:
            (self.data / "config").mkdir(parents=True, exist_ok=True)
            (self.data / "config" / "settings.json").write_text(json.dumps({"version": 1, **settings}))
        self.env = window_env(DISPLAY=self.display, THIRTYONE_TEST_STATE=str(self.state), **(env or {}))
        self.proc = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(self.data), *args],
                                     env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Only a mapped window counts: SDL may create the class's window before it is shown.
        self.window = wait_for(self.find_window, 30)
        if not self.window:
            self._stop()
        assert self.window, "no window with WM class 'thirtyone'"

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def find_window(self) -> str:
        """The id of the game's mapped window, found by its WM class ("" while there is none)."""
        return self.xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0]

    def xdo(self, *args: str) -> str:
        """Run xdotool on this game's screen; its output."""
        return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                              env=dict(os.environ, DISPLAY=self.display)).stdout.strip()

    def scene(self) -> str:
        """The name of the scene on top now ("" before the first frame)."""
        return self.state.read_text().strip() if self.state.exists() else ""

    def wait_scene(self, name: str, timeout_s: float = 10) -> bool:
        """Whether scene ``name`` is on top within ``timeout_s`` seconds."""
        return bool(wait_for(lambda: self.scene() == name, timeout_s))

    def geometry(self) -> dict[str, int]:
        """The window's place and size (X, Y, WIDTH, HEIGHT), once it is mapped and has a size."""
        def read() -> dict[str, int]:
            lines = self.xdo("getwindowgeometry", "--shell", self.window).splitlines()
            found = {k: int(v) for k, v in (line.split("=", 1) for line in lines if "=" in line)
                     if v.lstrip("-").isdigit()}
            if "WIDTH" not in found:  # SDL may have replaced the window (a new size at start): find it again
                self.window = self.find_window() or self.window
            return found
        found: dict[str, int] = wait_for(lambda: (g := read()) and "WIDTH" in g and g, 20)
        assert found, f"window {self.window} never reported its size"
        return found

    def size(self) -> tuple[int, int]:
        """The window's width and height."""
        geometry = self.geometry()
        return geometry["WIDTH"], geometry["HEIGHT"]

    def current_window(self) -> str:
        """The game's window now: SDL may replace it (a new size at start), and input sent to the old
        one is lost without a word."""
        self.window = self.find_window() or self.window
        return str(self.window)

    def key(self, *names: str, pause_s: float = 0.08) -> None:
        """Press the keys ``names`` (xdotool names: "Return", "Down", "k") one after another, ``pause_s`` apart
        and after the last (one xdotool for them all: each start of it costs a loaded machine 30 ms)."""
        self.xdo("key", "--window", self.current_window(), "--delay", str(round(pause_s * 1000)), *names)
        time.sleep(pause_s)

    def type(self, text: str) -> None:
        """Type ``text`` into the window."""
        self.xdo("type", "--window", self.current_window(), "--delay", "60", text)

    def move(self, x: float, y: float) -> None:
        """Move the mouse to ``(x, y)`` in window coordinates."""
        self.xdo("mousemove", "--window", self.current_window(), str(int(x)), str(int(y)))

    def click(self, x: float, y: float) -> None:
        """A left click at ``(x, y)`` in window coordinates."""
        self.xdo("mousemove", "--window", self.current_window(), str(int(x)), str(int(y)), "click", "1")

    def drag(self, start: tuple[float, ...], end: tuple[float, ...], steps: int = 8, before_release: str = "") -> None:
        """Press at ``start``, move in ``steps`` to ``end`` and release (a screenshot ``before_release``).

        Only the first two numbers of ``start`` and ``end`` count (a card's place may carry its angle)."""
        self.move(start[0], start[1])
        self.xdo("mousedown", "1")
        for k in range(1, steps + 1):
            self.move(start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
            time.sleep(0.03)
        if before_release:
            self.shot(before_release)
        self.xdo("mouseup", "1")

    def shot(self, name: str, window_only: bool = False) -> bytes:
        """Save a screenshot of the screen (or of the game's window alone) as ``name``.png in the test's
        tmp dir; its bytes."""
        import pygame
        screen = read_screen(self.framebuffer_dir / "Xvfb_screen0")
        if window_only:
            where = self.geometry()
            screen = screen.subsurface(pygame.Rect(where["X"], where["Y"], where["WIDTH"], where["HEIGHT"])
                                       .clip(screen.get_rect()))
        path = self.tmp / f"{name}.png"
        pygame.image.save(screen, str(path))
        return path.read_bytes()

    def settled_shot(self, name: str, timeout_s: float = 10) -> bytes:
        """``shot(name)`` once the screen has stopped changing (two reads 0.1 s apart alike, within
        ``timeout_s``): a scene's name is written when it is pushed, and a loaded machine may draw its
        first frame later; for screens that stand still (a hand-off, a menu)."""
        framebuffer = self.framebuffer_dir / "Xvfb_screen0"

        def still() -> bool:
            before = framebuffer.read_bytes()
            time.sleep(0.1)
            return framebuffer.read_bytes() == before
        wait_for(still, timeout_s, 0)
        return self.shot(name)

    def saved_match(self) -> Any:
        """The game autosaved in this game's data folder as a match (None while nothing is saved)."""
        return saved_match(self.data)

    def close(self) -> int | None:
        """Leave with Escape if the title is on top (it quits there; kill after 5 s), else stop the game
        at once, and stop the X server; the game's exit code if it left.

        Elsewhere Escape opens a menu instead, and waiting for an exit that never came cost each test 5 s."""
        code = None
        if self.proc.poll() is None and self.scene() == "title":
            self.key("Escape")
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        self._stop()
        return code

    def _stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.server.poll() is None:
            self.server.terminate()
            self.server.wait(timeout=10)
        shutil.rmtree(self.framebuffer_dir, ignore_errors=True)


FRESH_TITLE = ("Deal of the day", "Statistics", "Settings")
"""The optional title entries a fresh profile shows (no Continue: nothing is saved yet)."""


def title_button_centre(size: tuple[int, int], label: str, optional: tuple[str, ...] = FRESH_TITLE) -> tuple[int, int]:
    """Where the title screen of a window of ``size`` draws the button ``label`` (laid out by the title itself)."""
    import tests.ui_support  # noqa: F401  (the dummy video driver in this process)
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.app import App
    from thirtyone.ui.screens.title import TitleScene
    app = App(Settings(), size)
    app.ctx.optional_scenes.update({name: (lambda ctx: TitleScene(ctx)) for name in optional})
    title = TitleScene(app.ctx)
    title.draw(app.screen)
    x, y = next(b for b in title.buttons if b.label == label).box.center
    return round(x), round(y)
