"""Thousands of random events (clicks, motion, keys, text, wheel, resizes) at every scene: no exception."""

from __future__ import annotations

import gc
import random
import zlib
from typing import Iterator

import pygame
import pytest

from tests.ui_support import make_app, setup, match_of

from thirtyone.model.events import RoundEnd, RoundResult
from thirtyone.model import PRESETS, Card
from thirtyone.ui.game_setup import GameSetup
from thirtyone.ui.scene import Push

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_d, pygame.K_t, pygame.K_k, pygame.K_p, pygame.K_s,
        pygame.K_a, pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_h, pygame.K_n, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_x, pygame.K_g, pygame.K_g,
        pygame.K_ESCAPE]
SIZES = [(960, 600), (1280, 720), (1600, 900), (1000, 1000)]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    kind = rng.random()
    if kind < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.6:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3, 4, 5]))
    if kind < 0.78:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if kind < 0.92:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS[:-1] if rng.random() < 0.9 else KEYS),
                                  mod=0, unicode="", scancode=0)
    if kind < 0.97:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcXYZ é♠1 "))
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)


def round_end_scene(app):
    from thirtyone.ui.table.round_end import RoundEndScene
    cards = [Card.from_code(c) for c in ("AS", "KS", "2H", "9D", "9C", "9H")]
    result = RoundResult(3, RoundEnd.KNOCK, (tuple(cards[:3]), tuple(cards[3:])), (21.0, 30.0), 0, (), (2, 0),
                         ("You knocked and had the lowest hand, 21: loses 2 lives.", "Ada had 30: safe."))
    return RoundEndScene(app.ctx, result, ("You", "Ada"), PRESETS["classic"].rules)


def scene_factories():
    from thirtyone.ui.screens.game_over import GameOverScene
    from thirtyone.ui.table.handoff_screen import HandoffScene
    from thirtyone.ui.screens.how_to_play import HowToPlayScene
    from thirtyone.ui.screens.new_game import NewGameScene
    from thirtyone.ui.screens.pause import PauseScene
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.ui.screens.title import TitleScene

    def table(preset: str, players: list[str]):
        return lambda app: TableScene(app.ctx, setup(players, preset, seed=9))

    def seat_review(app):
        from tests.storage.test_seat_games import sample_seat_record
        from thirtyone.ui.screens.seat_review import SeatReviewScene
        return SeatReviewScene(app.ctx, sample_seat_record(), "A game joined elsewhere")

    def game_over(app):
        t = TableScene(app.ctx, setup(["random", "random"], lives=1, seed=1))
        match_of(t).play_bots_to_end()
        return GameOverScene(app.ctx, t.setup, match_of(t))

    return {
        "title": lambda app: TitleScene(app.ctx),
        "new_game": lambda app: NewGameScene(app.ctx, GameSetup.default()),
        "how_to_play": lambda app: HowToPlayScene(app.ctx),
        "table_classic": table("classic", ["human", "random", "random", "random"]),
        "table_commerce": table("commerce", ["human", "random", "random"]),
        "table_kitty": table("kitty", ["human", "human", "random"]),
        "table_old_west": table("old-west", ["human", "random", "random", "random"]),
        "table_quick_draw": table("quick-draw", ["human", "random", "human", "random", "random"]),
        "round_end": round_end_scene,
        "game_over": game_over,
        "pause": lambda app: PauseScene(app.ctx, TableScene(app.ctx, setup(["human", "random"]))),
        "handoff": lambda app: HandoffScene(app.ctx, "Maria", 1),
        "seat_review": seat_review,
    }


@pytest.fixture(autouse=True)
def earlier_tests_out_of_the_collectors_sight() -> Iterator[None]:
    """The window collects garbage at each change of screen (ui/app.py), and random keys change screens
    hundreds of times here: each full collection walked everything earlier tests left in the worker
    (the hand-off's 230 took 87 s of a busy run, 25 ms each when the test runs alone). What lives now is
    collected once and frozen (``gc.freeze``); what the test makes is collected as before. It stays frozen
    after the test: ``gc.unfreeze`` would also thaw the heap tests/conftest.py froze after collection,
    and only cyclic garbage is ever left to the collector (what was alive here and dies later by
    reference count is freed all the same)."""
    gc.collect()
    gc.freeze()
    yield


@pytest.mark.parametrize("name", sorted(scene_factories()))
def test_random_events_never_crash(name):
    rng = random.Random(zlib.crc32(name.encode()))  # the same events every run (hash() of a str is salted per process)
    factory = scene_factories()[name]
    app = make_app(fast=rng.random() < 0.5)
    app.apply(Push(factory(app)))
    events_sent = 0
    for frame in range(700):
        if not app.running or not app.stack:
            app.running = True
            app.stack.clear()
            app.apply(Push(factory(app)))
        if rng.random() < 0.01:
            size = rng.choice(SIZES)
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            events = [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        else:
            events = [random_event(rng, app.ctx.size) for _ in range(rng.randrange(1, 6))]
        events_sent += len(events)
        app.frame(events, rng.choice([0.0, 0.016, 0.05, 0.3]))
    assert events_sent > 1500
