"""The game window: the scene stack and the main loop.

``launch.run(args)`` builds an ``App`` and runs its loop. The loop takes
``dt`` in seconds from the clock (clamped to 0.1 s); when the top scene is
idle it sleeps (``wait_for_events``) instead of drawing frames.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any, Iterator, Sequence

os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "thirtyone")
# Without this SDL on X11 opens a hidden OpenGL window to ask the driver's vendor before it
# chooses how to show frames; Mesa then keeps LLVM and its rasteriser mapped for good
# (+108 MiB resident for a bare 1920x1080 window under Xvfb). The game draws in software and
# MIT-SHM shows the frame, so the probe buys nothing (issue 37: the evening's memory).
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
# SDL's own SIGTERM and SIGINT handlers only queue a QUIT event: a program that draws frames but never
# reads events (a headless script, a test) then ignored SIGTERM until SIGKILL. The loop below handles both.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

import pygame  # noqa: E402  (the window class and hints must be set before SDL starts)

from .. import workers  # noqa: E402
from ..i18n import _, set_language  # noqa: E402
from ..paths import asset_path  # noqa: E402
from ..speech.speaker import SCREEN  # noqa: E402
from .assets import Assets  # noqa: E402
from .heap import release_freed, return_large_blocks_at_once  # noqa: E402
from .scene import Context, Pop, Push, Quit, Replace, Scene, Screens, Transition  # noqa: E402
from .keys import WINDOW, read
from ..storage.settings import Settings  # noqa: E402
from .window import desktop_size, fit_window, initial_position, minimum_size, open_window, remembered_window  # noqa: E402
from .sound import SoundBoard  # noqa: E402

_log = logging.getLogger(__name__)

MIN_SIZE = (960, 600)
"""The size the window asks the window manager not to go below (a tiling one may ignore it)."""
DRAWABLE_SIZE = (480, 300)
"""Below this the screens cannot be laid out: the window asks to be made bigger instead."""
DEFAULT_SIZE = (1280, 720)
MAX_DT_S = 0.1
FPS = 60
IDLE_WAIT_MS = 500
IDLE_POLL_S = 0.025
TRIM_EVERY_S = 20.0
"""Freed memory goes back to the system at a change of screen, at most this often (``heap``)."""
REPAINT_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED,
                  pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMAXIMIZED,
                  pygame.WINDOWDISPLAYCHANGED)
"""After these the window may have lost what it showed: the next frame is painted and shown whole."""


class App:
    """Owns the window, the context and the scene stack."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = DEFAULT_SIZE,
                 demo: bool = False, seed: int | None = None, fast: bool = False,
                 state_file: str | None = None) -> None:
        """``size=None`` opens at the remembered size, fitted to the display's usable area."""
        return_large_blocks_at_once()
        pygame.init()
        settings = settings or Settings()
        set_language(settings.language)
        if fast:
            settings = settings.replace(animation_speed="instant", bot_speed="instant")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "icon-64.png"))))
        except (pygame.error, FileNotFoundError) as error:
            _log.warning("no window icon: %s", error)
        pygame.display.set_caption("thirtyone")
        desktop = desktop_size()
        if size is None:
            size = fit_window(settings.window_size or DEFAULT_SIZE, desktop)
            initial_position(settings.window_position, size, desktop)
        self.windowed_size = size
        self.min_size = minimum_size(MIN_SIZE, desktop)
        self.screen = open_window(size, settings.fullscreen, self.min_size)
        sound = SoundBoard(settings.volume, settings.muted)
        self.ctx = Context(settings, Assets(), sound, self.screen.get_size(), demo, seed, fast)
        from .screens.new_game import NewGameScene
        from .table.scene import TableScene
        from .screens.title import TitleScene
        self.ctx.screens = Screens(TitleScene, NewGameScene, TableScene)
        self.ctx.speech.follow(settings)
        self._spoken_screen: tuple[int, str] = (0, "")
        """The top scene and the focus line last said for it (``spoken_focus``)."""
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.state_file = state_file
        self._last_state = ""
        self._trimmed_s = 0.0
        self._first_frame_file = os.environ.get("THIRTYONE_TEST_FIRST_FRAME")
        """Test knob: a file written once the first frame is on the screen (start-up benchmarks)."""
        self._needs_frame = True
        self._drawn: list[Scene] = []
        """The scenes the last frame showed (another set means a whole repaint)."""
        self._repaint_all = True
        self.changed: list[pygame.Rect] | None = None
        """What the last frame changed on the screen (``None``: all of it), for ``present``."""
        self.running = True
        self._closed = False
        self._polled_s = 0.0
        """When the loop last read input (perf_counter seconds; 0 before the first read)."""

    @property
    def settings(self) -> Settings:
        """The settings in effect (``ctx.settings``)."""
        return self.ctx.settings

    def toggle_fullscreen(self) -> None:
        """Switch between full screen and the window (F11); the choice is remembered."""
        self.ctx.change_settings(fullscreen=not self.settings.fullscreen)
        if not self.settings.fullscreen:
            self.screen = open_window(self.windowed_size, False, self.min_size)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = open_window(self.windowed_size, True, self.min_size)
        self.follow_size()
        self._repaint_all = True

    def follow_size(self) -> None:
        """Take the window's size now, and have every scene lay out for it (those under an overlay too)."""
        self.ctx.size = self.screen.get_size()
        for scene in self.stack:
            scene.resize(self.ctx.size)

    # -- the stack ------------------------------------------------------------------------
    def apply(self, transition: Transition) -> None:
        """Carry out what a scene asked for, in one place."""
        left_screen = False
        match transition:
            case None:
                return
            case Push(scene=scene):
                if self.stack:
                    self.stack[-1].pause()
                self.stack.append(scene)
            case Pop(result=result):
                left_screen = self._close_top(1)
                if self.stack:
                    self.stack[-1].resume(result)
                else:
                    self.running = False
            case Replace(scene=scene, clear=clear):
                left_screen = self._close_top(len(self.stack) if clear else 1)
                self.stack.append(scene)
            case Quit():
                self.running = False
        self._needs_frame = True
        self._write_state()
        if left_screen:
            self._drawn = []  # the next frame is painted whole anyway: the screen on top changed
            # A whole screen (a table, with its layers of full-window surfaces) is gone, held only in
            # reference cycles: collect it now rather than whenever the collector next looks at old
            # objects, which left a finished game's table alive well into the next game.
            gc.collect()
        if left_screen or self.ctx.clock_s - self._trimmed_s >= TRIM_EVERY_S:  # a change of screen: motion pauses
            self._trimmed_s = self.ctx.clock_s
            release_freed()

    def _close_top(self, count: int) -> bool:
        """Take the top ``count`` scenes off the stack for good; whether one was a whole screen (not an overlay).

        (Its own function so that nothing of the closed scenes is left in a local variable when
        ``apply`` collects them.)"""
        closing = self.stack[len(self.stack) - min(count, len(self.stack)):]
        del self.stack[len(self.stack) - len(closing):]
        for scene in reversed(closing):
            scene.shutdown()
        return any(not scene.overlay for scene in closing)

    def _write_state(self) -> None:
        if self.state_file and self.stack:
            name = getattr(self.stack[-1], "name", type(self.stack[-1]).__name__)
            if name != self._last_state:
                self._last_state = name
                Path(self.state_file).write_text(name + "\n")

    @property
    def busy(self) -> bool:
        return bool(self.stack) and self.stack[-1].busy

    # -- one frame ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in REPAINT_EVENTS:
            self._repaint_all = True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self.follow_size()
            if not self.settings.fullscreen:
                self.windowed_size = self.ctx.size
            return
        if (intent := read(event, WINDOW)) is not None and intent.command == "fullscreen":
            self.toggle_fullscreen()
            return
        if self.stack:
            self.apply(self.stack[-1].handle_event(event))

    def frame(self, events: Sequence[pygame.event.Event], dt: float) -> None:
        """Handle ``events``, advance ``dt`` seconds and draw: the whole loop body, for tests too."""
        for event in events:
            self.handle(event)
            if not self.running:
                return
        dt = max(0.0, min(dt, MAX_DT_S))
        self.ctx.clock_s += dt
        self.ctx.sound.volume, self.ctx.sound.muted = self.settings.volume, self.settings.muted
        if self.stack:
            self.apply(self.stack[-1].update(dt))
        if self.running and self.stack:
            self.speak_focus()
            self.draw(self.screen)

    def speak_focus(self) -> None:
        """Say the top scene's focused item (``spoken_focus``) whenever it or the scene changes."""
        top = self.stack[-1]
        text = getattr(top, "spoken_focus", None)
        if not isinstance(text, str):
            self._spoken_screen = (0, "")  # a screen with no focus to say: the next one is said afresh
            return
        key = (id(top), text)
        if key != self._spoken_screen:
            self._spoken_screen = key
            if text:
                self.ctx.speech.say(text, SCREEN)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and the scenes under it that overlays let through.

        A scene alone on the screen that can repaint only what changed (``draw_changed``)
        does so, unless the screen was painted otherwise since its last frame; ``changed``
        then says which areas the window must present.
        """
        w, h = surface.get_size()
        self.changed = None
        if w < DRAWABLE_SIZE[0] or h < DRAWABLE_SIZE[1]:
            draw_too_small(surface, self.ctx)
            self._drawn = []
            return
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        shown = self.stack[first:]
        full = self._repaint_all or shown != self._drawn or surface is not self.screen
        self._repaint_all = surface is not self.screen
        self._drawn = shown
        draw_changed = getattr(shown[0], "draw_changed", None) if len(shown) == 1 else None
        if draw_changed is not None:
            self.changed = draw_changed(surface, full)
            return
        for scene in shown:
            scene.draw(surface)

    def present(self) -> None:
        """Show the last frame: only the areas it changed, or the whole screen."""
        if self.changed is None:
            pygame.display.flip()
        elif self.changed:
            pygame.display.update(self.changed)
        self.ctx.flipped_s = time.perf_counter()  # Quick Draw times answers from the flip that showed the cue
        if self._first_frame_file:
            Path(self._first_frame_file).write_text("shown\n")
            self._first_frame_file = None

    @property
    def wake_in_s(self) -> float | None:
        """Seconds until the top scene's next timer (``None``: it waits only for input)."""
        return getattr(self.stack[-1], "wake_in_s", None) if self.stack else None

    def catch_up(self, elapsed_s: float) -> bool:
        """Run the idle scene's clock for the ``elapsed_s`` the loop slept; True if it acted.

        Nothing moves while the loop sleeps, so the clock advances in frame-sized
        steps up to the first one that starts something moving.
        """
        acted = False
        while elapsed_s > 1e-6 and self.running and self.stack and not self.busy:
            step = min(elapsed_s, MAX_DT_S)
            elapsed_s -= step
            self.ctx.clock_s += step
            before = self.stack[-1]
            transition = before.update(step)
            self.apply(transition)
            acted = acted or transition is not None or self.busy
        return acted

    def _note_poll(self) -> None:
        # A key read now was pressed since the last poll: the midpoint is the unbiased guess.
        polled, self._polled_s = self._polled_s, time.perf_counter()
        self.ctx.input_s = (polled + self._polled_s) / 2 if polled else self._polled_s

    def loop(self) -> int:
        """Run until the player quits; returns the exit status."""
        self._write_state()
        self._polled_s = 0.0
        with self._quitting_on_signals():
            self._run()
        self.remember_window()
        self.close()
        return 0

    def _run(self) -> None:
        while self.running and self.stack:
            if self.busy:
                events = pygame.event.get()
                self._note_poll()
                dt = self.clock.tick(FPS) / 1000.0
                self._needs_frame = False
                self.frame(events, dt)
                self.present()
                continue
            wake = self.wake_in_s
            timeout_ms = IDLE_WAIT_MS if wake is None else max(0, min(IDLE_WAIT_MS, round(wake * 1000)))
            events = wait_for_events(timeout_ms)
            self._note_poll()
            acted = self.catch_up(self.clock.tick(FPS) / 1000.0)
            if events or acted or self._needs_frame:
                self._needs_frame = False
                self.frame(events, 0.0)
                self.present()

    @contextlib.contextmanager
    def _quitting_on_signals(self) -> Iterator[None]:
        """While the loop runs, SIGTERM and Ctrl+C end it as closing the window does (settings kept)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def quit_loop(_number: int, _frame: Any) -> None:
            self.running = False

        previous = {number: signal.signal(number, quit_loop) for number in (signal.SIGTERM, signal.SIGINT)}
        try:
            yield
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    def close(self) -> None:
        """Shut every scene down, end the worker processes (bots, coach, background jobs) and close the window."""
        if self._closed:
            return
        self._closed = True
        for scene in self.stack:
            scene.shutdown()
        workers.stop_all()
        pygame.quit()

    def remember_window(self) -> None:
        """Keep the window's size and place in the settings (saved by storage) for next time."""
        try:
            self.ctx.change_settings(**remembered_window(self.windowed_size, self.settings.fullscreen))
        except ValueError:
            pass  # a size or place out of any sensible range is simply not remembered


def draw_too_small(surface: pygame.Surface, ctx: Context) -> None:
    """A window too small for any screen: the felt and a line asking for more room."""
    w, h = surface.get_size()
    theme = ctx.theme
    surface.fill(theme.panel)
    size = max(8, min(18, h * 0.45, w / 22))
    text = ctx.assets.text(_("Make the window bigger to play"), size, theme.text)
    surface.blit(text, text.get_rect(center=(w // 2, h // 2)))


def wait_for_events(timeout_ms: int) -> list[pygame.event.Event]:
    """Sleep until events arrive or ``timeout_ms`` passes.

    ``pygame.event.wait(timeout)`` would be the obvious call, but in pygame-ce
    2.5 it polls every millisecond inside SDL (3–5 % of a core measured, with
    the dummy and the X11 drivers alike); sleeping 25 ms between polls costs
    under 1 % and keeps input latency well under a frame at 30 fps.
    """
    deadline = time.perf_counter() + timeout_ms / 1000
    while True:
        events = pygame.event.get()
        if events or time.perf_counter() >= deadline:
            return events
        time.sleep(IDLE_POLL_S)
