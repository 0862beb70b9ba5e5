"""The self-test's walk through every screen a player reaches, the way a player reaches it.

A fresh profile in a temporary folder, the real storage (``StorageBridge``) and the real
window code on the dummy driver: from the title the walk opens How to play, Settings and
Statistics, starts a New game with the Start button, plays it by keys (with a pause on the
way) through a round end to the game over screen, then opens the finished game's replay
and review, and last a pass-and-play table until its hand-off screen. Every screen is
drawn; a button or screen that is missing fails the walk with one line naming it. The walk
runs once per language the game ships, so a catalogue that breaks a screen fails too.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Iterator

import pygame

from ..i18n import _, set_language
from .pointer import click_events
from ..model import PRESETS, Discard, DrawStock, Knock, Phase, TakeDiscard
from ..model.scoring import best_three
from .keys import BINDINGS, GAMES, HANDOFF, REVIEW, ROUND_END, RULES, TABLE
from .launch import build_app
from .scene import Push
from .widgets import Button

SIZE = (1024, 600)
"""The smallest screen the game is laid out for: what fits here fits everywhere."""
TOUR_SEED = 7
"""The games of the walk are dealt from this seed: the same screens in the same order every time
(a random deal could end a round before the table is seen, with a 31 on the deal)."""
FRAME_S = 1 / 60
MAX_FRAMES = 6000


class TourFailed(RuntimeError):
    """One step of the walk did not reach the screen it should have."""


def _buttons(value: Any, depth: int = 0) -> Iterator[Button]:
    """Every ``Button`` a scene holds, in attributes, lists and dicts."""
    if isinstance(value, Button):
        yield value
    elif depth < 2 and isinstance(value, (list, tuple)):
        for item in value:
            yield from _buttons(item, depth + 1)
    elif depth < 2 and isinstance(value, dict):
        for item in value.values():
            yield from _buttons(item, depth + 1)


class Walker:
    """Plays the app by clicks and keys, one drawn frame at a time, and says where it is."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.visited: list[str] = []

    @property
    def top(self) -> Any:
        return self.app.stack[-1]

    def frames(self, count: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        """Run ``count`` frames (``events`` in the first), drawing each like the window does."""
        for index in range(count):
            self.app.frame(events if index == 0 and events else [], FRAME_S)
            self.app.draw(self.app.screen)
            name = self.top.name
            if not self.visited or self.visited[-1] != name:
                self.visited.append(name)

    def settle(self) -> None:
        """Wait, as a person does, until a screen that just opened takes input (``STRAY_INPUT_S``)."""
        self.frames(1)
        for _frame in range(60):
            if not self.top.just_shown():
                return
            self.frames(1)

    def command(self, place: str, command: str, which: int = 0) -> None:
        """Press the key the key table binds to ``command`` in ``place`` (the ``which``-th of numbered keys)."""
        self.key(key_for(place, command, which))

    def key(self, key: int, text: str = "") -> None:
        """Press and release one key."""
        self.settle()
        self.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0),
                        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0)])

    def press(self, label: str) -> None:
        """Click the button labelled ``label`` (the untranslated label) on the top screen."""
        self.settle()
        found = [b for name, value in vars(self.top).items() if not name.startswith("__")
                 for b in _buttons(value) if b.label == label and b.enabled]
        if not found:
            raise TourFailed(f"no button {label!r} on the {self.top.name} screen")
        x, y = found[0].box.center
        pos = (int(x), int(y))
        self.frames(1, click_events(pos))
        self.frames(2)

    def expect(self, name: str, step: str) -> None:
        """Fail with ``step`` unless screen ``name`` is on top (a few frames are allowed to get there)."""
        self.expect_one_of((name,), step)

    def expect_one_of(self, names: tuple[str, ...], step: str) -> None:
        """Fail with ``step`` unless one of the screens ``names`` is on top within a few frames."""
        for _frame in range(30):
            if self.top.name in names:
                return
            self.frames(1)
        raise TourFailed(f"{step}: the {self.top.name} screen is shown, not {' or '.join(names)}")

    def play_until(self, names: tuple[str, ...], pause_once: bool = False) -> str:
        """Play the human's turns by keys until one of the screens ``names`` is on top."""
        paused = not pause_once
        for _frame in range(MAX_FRAMES):
            top = self.top
            if top.name in names:
                return str(top.name)
            if top.name == "handoff":
                self.command(HANDOFF, "continue")
            elif top.name == "round_end":
                self.command(ROUND_END, "continue")
            elif top.name == "table" and not top.choreo.busy and top.input.obs is not None:
                if not paused:
                    self.command(TABLE, "pause")
                    self.expect("pause", "Esc at the table")
                    self.press("Resume")
                    self.expect("table", "Resume")
                    paused = True
                    continue
                for command, which in _turn_commands(top.input.obs):
                    self.command(TABLE, command, which)
            else:
                self.frames(1)
        raise TourFailed(f"no {' or '.join(names)} screen after {MAX_FRAMES} frames (at {self.top.name})")


def key_for(place: str, command: str, which: int = 0) -> int:
    """The first key the key table binds to ``command`` in ``place`` (numbered keys: the ``which``-th)."""
    binding = next(b for b in BINDINGS if b.place == place and b.command == command)
    return binding.keys[which]


def _turn_commands(obs: Any) -> list[tuple[str, int]]:
    """What a plain player does with a sensible move: knock on a good hand, else draw and throw."""
    from ..model.scoring import hand_value
    legal = obs.legal_actions
    if obs.phase is Phase.DISCARD:
        _value, card = best_three(obs.hand, obs.rules)
        throws = [c for c in obs.hand if Discard(c) in legal]
        card = card if card in throws else throws[0]
        return [("card", obs.hand.index(card)), ("confirm", 0)]
    if Knock() in legal and hand_value(obs.hand, obs.rules) >= 24:
        return [("knock", 0), ("confirm", 0)]
    if DrawStock() in legal:
        return [("draw", 0)]
    if TakeDiscard() in legal:
        return [("take", 0)]
    return [("confirm", 0)]


def walk(language: str, folder: Path) -> list[str]:
    """Walk every screen in ``language`` with a new profile in ``folder``; the screens seen, in order."""
    from ..storage import StoragePaths
    from ..storage.settings import Settings
    from .game_setup import GameSetup, SeatChoice
    from .table.scene import TableScene
    from .bridge.storage import StorageBridge
    paths = StoragePaths.portable(folder)
    bridge = StorageBridge(paths, Settings(language=language))
    set_language(language)
    app = build_app(seed=TOUR_SEED, settings=bridge.settings, size=SIZE)
    bridge.install(app)
    walker = Walker(app)
    try:
        walker.expect("title", "start")
        walker.press("How to play")
        walker.expect("how_to_play", "How to play")
        walker.command(RULES, "page_down")
        walker.press("Back")
        walker.expect("title", "Back from How to play")
        walker.press("Settings")
        walker.expect("settings", "Settings")
        walker.press("Back")
        walker.press("Statistics")
        walker.expect("statistics", "Statistics")
        walker.press("Back")
        walker.press("New game")
        walker.expect("new_game", "New game")
        walker.press("Start")
        walker.expect_one_of(("table", "round_end"), "Start")
        walker.play_until(("round_end",), pause_once=True)
        walker.play_until(("game_over",))
        walker.press("Title")
        walker.expect("title", "Title from game over")
        walker.press("Statistics")
        walker.press("Finished games")
        walker.expect("game_list", "Finished games")
        walker.command(GAMES, "open")
        walker.expect("review", "open a finished game")
        walker.command(REVIEW, "play")
        walker.frames(30)
        walker.command(REVIEW, "end")
        walker.command(REVIEW, "next_seat")
        walker.press("Back")
        walker.expect("game_list", "Back from the review")
        walker.press("Back")
        walker.press("Back")
        walker.expect("title", "Back to the title")
        # Pass and play: two people at one screen, so the table hands the screen over.
        setup = GameSetup([SeatChoice("Ann", "human"), SeatChoice("Noor", "human")], "classic",
                          PRESETS["classic"].rules, seed=5)
        app.apply(Push(TableScene(app.ctx, setup)))
        walker.play_until(("handoff",))
        walker.command(HANDOFF, "continue")
        walker.play_until(("table",))
    finally:
        for scene in reversed(app.stack):
            scene.shutdown()
        bridge.close()
    return walker.visited


def check_tour() -> str:
    """The walk in every language the game ships; which screens it drew."""
    import os
    from ..i18n import LANGUAGES
    # Instant animation and bots, and New game offers a one-life duel: every screen, in seconds.
    os.environ["THIRTYONE_TEST_FAST"] = "1"
    seen: set[str] = set()
    for language in LANGUAGES:
        with tempfile.TemporaryDirectory(prefix="thirtyone-selftest-") as folder:
            seen.update(walk(language, Path(folder)))
    set_language("en")
    return _("{count} screens in {languages}: {names}").format(
        count=len(seen), languages=", ".join(LANGUAGES), names=", ".join(sorted(seen)))
