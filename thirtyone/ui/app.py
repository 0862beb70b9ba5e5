"""The game window: the scene stack and the main loop.

``run(args)`` is what ``thirtyone`` calls with no subcommand. The loop takes
``dt`` in seconds from the clock (clamped to 0.1 s); when the top scene is
idle it sleeps in ``pygame.event.wait`` instead of drawing frames.

Hidden knobs for tests: ``THIRTYONE_TEST_FAST=1`` (instant animation and bots,
a 1-life duel by default), ``THIRTYONE_TEST_STATE=path`` (the top scene's name
is written there whenever it changes), ``THIRTYONE_WINDOW_SIZE=WxH``.
"""

from __future__ import annotations

import os
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Sequence

os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "thirtyone")

import pygame  # noqa: E402  (the window class must be set before SDL starts)

from ..paths import asset_path  # noqa: E402
from .assets import Assets  # noqa: E402
from .scene import Context, Pop, Push, Quit, Replace, Scene, Transition  # noqa: E402
from .settings import UiSettings  # noqa: E402
from .sound import SoundBoard  # noqa: E402

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)
MAX_DT_S = 0.1
FPS = 60
IDLE_WAIT_MS = 500
IDLE_POLL_S = 0.025


class App:
    """Owns the window, the context and the scene stack."""

    def __init__(self, settings: UiSettings | None = None, size: tuple[int, int] = DEFAULT_SIZE, demo: bool = False,
                 seed: int | None = None, fast: bool = False, state_file: str | None = None) -> None:
        pygame.init()
        self.settings = settings or UiSettings()
        if fast:
            self.settings.animation_speed = 0.0
            self.settings.bot_speed = 0.0
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon", "icon-64.png"))))
        except (pygame.error, FileNotFoundError):
            pass
        pygame.display.set_caption("thirtyone")
        self.windowed_size = size
        self.screen = self._set_mode(size, self.settings.fullscreen)
        sound = SoundBoard(self.settings.volume, self.settings.muted)
        self.ctx = Context(self.settings, Assets(), sound, self.screen.get_size(), demo, seed, fast)
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.state_file = state_file
        self._last_state = ""
        self._needs_frame = True
        self.running = True

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except (AttributeError, pygame.error):
                pass
        return screen

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.settings.fullscreen:
            self.screen = self._set_mode(self.windowed_size, False)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = self._set_mode(self.windowed_size, True)
        self.ctx.size = self.screen.get_size()

    # -- the stack ------------------------------------------------------------------------
    def apply(self, transition: Transition) -> None:
        """Carry out what a scene asked for, in one place."""
        match transition:
            case None:
                return
            case Push(scene=scene):
                if self.stack:
                    self.stack[-1].pause()
                self.stack.append(scene)
            case Pop(result=result):
                if self.stack:
                    self.stack.pop()
                if self.stack:
                    self.stack[-1].resume(result)
                else:
                    self.running = False
            case Replace(scene=scene, clear=clear):
                old = self.stack[:] if clear else self.stack[-1:]
                del self.stack[len(self.stack) - len(old):]
                for gone in old:
                    bots = getattr(gone, "bots", None)
                    if bots is not None:
                        bots.shutdown()
                self.stack.append(scene)
            case Quit():
                self.running = False
        self._needs_frame = True
        self._write_state()

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
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            self.ctx.size = self.screen.get_size()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
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
            self.draw(self.screen)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and the scenes under it that overlays let through."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)

    def loop(self) -> int:
        """Run until the player quits; returns the exit status."""
        self._write_state()
        while self.running and self.stack:
            busy = self.busy
            events = pygame.event.get() if busy else wait_for_events(IDLE_WAIT_MS)
            dt = self.clock.tick(FPS) / 1000.0
            if busy or events or self._needs_frame:
                self._needs_frame = False
                self.frame(events, dt)
                pygame.display.flip()
        for scene in self.stack:
            bots = getattr(scene, "bots", None)
            if bots is not None:
                bots.shutdown()
        pygame.quit()
        return 0


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


def _size_from_env() -> tuple[int, int]:
    text = os.environ.get("THIRTYONE_WINDOW_SIZE", "")
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return (max(320, w), max(240, h))
    except ValueError:
        return DEFAULT_SIZE


TITLE_ENTRIES: dict[str, Callable[[Context], Scene]] = {}
"""Optional title-menu entries ("Continue", "Statistics", "Settings") → scene factory.

Other packages add theirs with ``register_title_entry`` before ``run``; the
title shows only what is registered, so there are never placeholder screens.
"""


def register_title_entry(label: str, factory: Callable[[Context], Scene]) -> None:
    """Offer ``label`` on the title screen, opening ``factory(ctx)``."""
    TITLE_ENTRIES[label] = factory


def build_app(demo: bool = False, seed: int | None = None, settings: UiSettings | None = None,
              size: tuple[int, int] | None = None, plugin_seats: dict[int, str] | None = None) -> App:
    """An app with its first scene: the title, or a table of bots for ``--demo``."""
    from .game_setup import GameSetup
    from .scenes.table import TableScene
    from .scenes.title import TitleScene
    fast = os.environ.get("THIRTYONE_TEST_FAST") == "1"
    app = App(settings, size or _size_from_env(), demo, seed, fast, os.environ.get("THIRTYONE_TEST_STATE"))
    app.ctx.quick_game = fast
    app.ctx.plugin_seats = dict(plugin_seats or {})
    app.ctx.optional_scenes.update(TITLE_ENTRIES)
    if demo:
        app.apply(Push(TableScene(app.ctx, GameSetup.default(demo=True, seed=seed))))
    else:
        app.apply(Push(TitleScene(app.ctx)))
    return app


def run(args: Any = None) -> int:
    """Open the window (``thirtyone`` with no command); returns the exit status.

    Settings, the saved game and statistics come from ``storage_bridge`` (``--data-dir``,
    ``--reset-settings``, ``--windowed``/``--fullscreen``); an unexpected error writes a
    crash log, says where it is and exits with 1 (the autosave lets the player resume).
    """
    from ..storage import crash, storage_from_args
    from .storage_bridge import StorageBridge
    demo = bool(getattr(args, "demo", False))
    seed = getattr(args, "seed", None)
    paths, settings, notices = storage_from_args(args)

    def play() -> int:
        bridge = StorageBridge(paths, settings, notices, getattr(args, "display", None) is not None)
        for label, factory in bridge.title_entries().items():
            register_title_entry(label, factory)
        app = build_app(demo, seed, bridge.ui_settings(), plugin_seats=getattr(args, "plugin_seats", None))
        bridge.install(app)
        try:
            return app.loop()
        finally:
            bridge.close()
    return crash.guarded(play, paths)
