"""Shared helpers for the window tests: a headless app, synthetic events, a player that uses keys."""

from __future__ import annotations

import os
import time
from typing import Any
from unittest.mock import patch

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from thirtyone.model import Discard, DrawStock, Knock, Pass, Phase, Swap, SwapAll, TakeDiscard  # noqa: E402
from thirtyone.ui.app import MIN_SIZE, App  # noqa: E402
from thirtyone.ui.window import SMALLEST, USABLE_MARGIN  # noqa: E402
from thirtyone.ui.assets import Assets  # noqa: E402
from thirtyone.ui.surface_cache import SurfaceCache  # noqa: E402
from thirtyone.ui.game_setup import GameSetup, SeatChoice  # noqa: E402
from thirtyone.ui.scene import Push  # noqa: E402
from thirtyone.storage.settings import Settings  # noqa: E402
from thirtyone.controller import Match  # noqa: E402
from thirtyone.session import LocalSession  # noqa: E402


def key(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def click(pos: tuple[float, float], button: int = 1) -> list[pygame.event.Event]:
    p = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button)]


_LOADED_ART = SurfaceCache(Assets.RAW_BYTES)
"""The art files as loaded, shared by the apps of one test process (bounded as one app's are): each
app loaded its own copy of every card face it drew (3,442 PNG loads, 2.7 s of tests/ui). They are only
ever read (scaled copies are made of them), and each app keeps its own caches of what it scales,
renders and rotates."""


def make_app(size: tuple[int, int] = (1280, 720), fast: bool = True, **settings) -> App:
    """A headless app with no scene yet; ``fast`` means instant animation and bots.

    A size below the window's minimum is what a small screen leaves the window (1008×504 on a
    1024×600 screen): the app is told its desktop is that screen, as the real one is, so it opens
    at that size instead of growing to the minimum (under the dummy driver it grew to 1008×600).
    """
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        screen = (size[0] + USABLE_MARGIN[0], size[1] + USABLE_MARGIN[1])
        with patch("thirtyone.ui.app.desktop_size", lambda: screen):
            app = App(Settings(**settings), size, fast=fast)
        if size[0] >= SMALLEST[0] and size[1] >= SMALLEST[1]:  # smaller still, the window stays at SMALLEST
            assert app.screen.get_size() == size, app.screen.get_size()
    else:
        app = App(Settings(**settings), size, fast=fast)
    app.ctx.assets._raw = _LOADED_ART
    return app


def setup(players: list[str], preset: str = "classic", lives: int | None = None, seed: int = 7) -> GameSetup:
    """``players`` like ``["human", "random", "random"]``; names are picked for you."""
    from thirtyone.model import PRESETS
    names = iter(["You", "Maria", "Sam", "Lee", "Kim", "Noor", "Tom", "Zoe"])
    bots = iter(["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"])
    seats = [SeatChoice(next(names) if p == "human" else next(bots), p) for p in players]
    rules = PRESETS[preset].rules
    if lives is not None:
        rules = rules.replace(lives=lives, honor_life=False)
    return GameSetup(seats, preset, rules, seed)


def open_table(app: App, game: GameSetup):
    from thirtyone.ui.table.scene import TableScene
    table = TableScene(app.ctx, game)
    app.apply(Push(table))
    return table


def top(app: App) -> Any:
    """The scene on top of the stack as the scene it is: a test reads that scene's own parts (its match,
    buttons, input …), which the ``Scene`` protocol does not name."""
    return app.stack[-1]


def stack_names(app: App) -> list[str]:
    """The names of the scenes on the stack, bottom first."""
    return [getattr(scene, "name", "") for scene in app.stack]


def top_name(app: App) -> str:
    return str(getattr(app.stack[-1], "name", "")) if app.stack else ""


LEAST_WAIT_S = 120.0
"""The shortest wait ``frames`` gives a condition before it fails a test (only a hang should reach it)."""


def frames(max_frames: int, wall_s: float = 60.0):
    """Frame numbers for a loop that waits on bots: ``max_frames`` of them, then more until ``wall_s`` has passed.

    Bots think on a worker thread in real time, so a count of frames alone is a bet on the
    machine's speed; past ``max_frames`` the frames come 1 ms apart so the bot gets the processor.
    ``wall_s`` only bounds a hang, so it is never less than ``LEAST_WAIT_S``: a busy machine
    (two cores, a dozen processes) took over 20 s to seat a network table that a quiet one seats at once.
    """
    deadline = time.monotonic() + max(wall_s, LEAST_WAIT_S)
    count = 0
    while count < max_frames or time.monotonic() < deadline:
        yield count
        count += 1
        if count >= max_frames:
            time.sleep(0.001)


def run_until(app: App, predicate, max_frames: int = 2000, dt: float = 0.05, wall_s: float = 60.0,
              step=None, idle_s: float = 0.0) -> bool:
    """Advance frames until ``predicate()`` holds (a loaded machine is not a failure: see ``frames``).

    ``step(app)`` plays one frame instead of an empty one (``step_game``: a human who acts by keys).
    ``idle_s`` rests between frames, as the real window does at its frame rate: a wait on a worker
    thread (the coach's review) otherwise draws frame after frame and takes the processor from it."""
    for _ in frames(max_frames, wall_s):
        if predicate():
            return True
        if step is None:
            app.frame([], dt)
        else:
            step(app)
        if idle_s:
            time.sleep(idle_s)
    return bool(predicate())


def human_keys(obs) -> list[pygame.event.Event]:
    """Keys a simple human presses for a reasonable legal move in ``obs``."""
    legal = obs.legal_actions
    if obs.phase is Phase.CHOOSE:  # the dealer's choice: keep a fair hand, else take the spare
        from thirtyone.model.scoring import hand_value as value
        return [key(pygame.K_y if value(obs.hand, obs.rules) >= 16 else pygame.K_n)]
    if obs.phase is Phase.DISCARD:
        from thirtyone.model.scoring import best_three
        _, card = best_three(obs.hand, obs.rules)
        index = obs.hand.index(card)
        if Discard(card) not in legal:
            index = next(i for i, c in enumerate(obs.hand) if Discard(c) in legal)
        return [key(pygame.K_1 + index), key(pygame.K_RETURN)]
    if any(isinstance(a, Swap) for a in legal):
        swap = next(a for a in legal if isinstance(a, Swap))
        return [key(pygame.K_1 + obs.hand.index(swap.give)), key((pygame.K_q, pygame.K_w, pygame.K_e)[obs.board.index(swap.take)]),
                key(pygame.K_s)]
    from thirtyone.model.scoring import hand_value
    if Knock() in legal and len(obs.hand) == 3 and hand_value(obs.hand, obs.rules) >= 22:
        return [key(pygame.K_k)]
    for action, k in ((DrawStock(), pygame.K_d), (TakeDiscard(), pygame.K_t), (Pass(), pygame.K_p),
                      (SwapAll(), pygame.K_a), (Knock(), pygame.K_k)):
        if action in legal:
            return [key(k)]
    return [key(pygame.K_RETURN)]


def step_game(app: App, dt: float = 0.05) -> None:
    """One frame in which a waiting human (hand-off, round end, own turn) acts by keys."""
    scene = top(app)
    events: list[pygame.event.Event] = []
    if scene.name in ("handoff", "round_end"):
        events = [key(pygame.K_RETURN)]
    elif scene.name == "table" and scene.input.obs is not None and not scene.choreo.busy:
        events = human_keys(scene.input.obs)
    app.frame(events, dt)


def drawn_texts(monkeypatch, module) -> list[str]:
    """Every string ``module`` hands to ``blit_text`` from now on (what the player reads)."""
    texts: list[str] = []
    real = module.blit_text

    def spy(surface, assets, text, *args, **kwargs):
        texts.append(text)
        return real(surface, assets, text, *args, **kwargs)
    monkeypatch.setattr(module, "blit_text", spy)
    return texts


def drawn_text_boxes(monkeypatch, module) -> list[tuple[str, pygame.Rect]]:
    """Every string ``module`` hands to ``blit_text`` from now on, with the box it was drawn in."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = module.blit_text

    def spy(surface, assets, text, *args, **kwargs):
        box = real(surface, assets, text, *args, **kwargs)
        drawn.append((text, box))
        return box
    monkeypatch.setattr(module, "blit_text", spy)
    return drawn


def match_of(table: Any) -> Match:
    """The ``Match`` behind a table played on this machine (its ``LocalSession``)."""
    session = table.session
    assert isinstance(session, LocalSession), f"the table is not played locally: {session!r}"
    return session.match
