"""The scene protocol and the transitions a scene asks for.

``handle_event`` and ``update`` return ``Push``, ``Pop``, ``Replace``, ``Quit``
or ``None``; the app applies them in one place. ``draw`` must not change any
state. ``resume`` is called when a scene becomes the top again, ``pause`` when
another is pushed over it. An ``overlay`` scene is drawn over the one below.
``resize`` is called on every scene of the stack, under overlays too, as soon as the
window's size changes: whatever a scene laid out for the old size it lays out again
there, because a scene under an overlay is drawn without being updated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar, Union, cast, runtime_checkable

import pygame

from ..i18n import set_language
from .assets import Assets
from ..session import GameHooks
from ..speech import Speaker
from ..storage.paths import StoragePaths
from ..storage.settings import Settings
from .sound import SoundBoard
from .theme import THEMES, Theme

if TYPE_CHECKING:
    from ..controller import Match
    from .game_setup import GameSetup


@dataclass(frozen=True)
class Push:
    scene: "Scene"


@dataclass(frozen=True)
class Pop:
    """Close the top scene; ``result`` is handed to the scene below's ``resume``."""

    result: Any = None


@dataclass(frozen=True)
class Replace:
    """Close the top scene (or, with ``clear``, all of them) and open ``scene``."""

    scene: "Scene"
    clear: bool = False


@dataclass(frozen=True)
class Quit:
    pass


Transition = Union[Push, Pop, Replace, Quit, None]


@dataclass
class Screens:
    """The screens a later screen leads back to, registered once by the app (``App.__init__``).

    The way forward is an import (the title imports New game, New game the table, the table
    its panels); the way back goes through here, so no scene imports one that imports it.
    """

    title: Callable[["Context"], "Scene"] | None = None
    new_game: Callable[["Context", "GameSetup", bool], "Scene"] | None = None
    """New game with these choices; ``True``: its Back goes to the title."""
    table: Callable[["Context", "GameSetup"], "Scene"] | None = None

    def to_title(self, ctx: "Context") -> "Scene":
        return _registered(self.title)(ctx)

    def to_new_game(self, ctx: "Context", setup: "GameSetup", back_to_title: bool = False) -> "Scene":
        return _registered(self.new_game)(ctx, setup, back_to_title)

    def to_table(self, ctx: "Context", setup: "GameSetup") -> "Scene":
        return _registered(self.table)(ctx, setup)


F = TypeVar("F")


def _registered(factory: F | None) -> F:
    if factory is None:
        raise RuntimeError("no screens registered: the App registers them")
    return factory


@dataclass
class Context:
    """What every scene shares: settings, assets, sound, the window size and optional scenes."""

    settings: Settings
    """The player's settings in effect; change them with ``change_settings``."""
    assets: Assets
    sound: SoundBoard
    size: tuple[int, int] = (1280, 720)
    demo: bool = False
    seed: int | None = None
    fast: bool = False
    """Test knob: instant animation and instant bots."""
    quick_game: bool = False
    """Test knob: New game defaults to a 1-life duel against one bot."""
    screens: Screens = field(default_factory=Screens)
    """Title, New game and the table, for the screens that lead back to them."""
    optional_scenes: dict[str, Callable[["Context"], "Scene"]] = field(default_factory=dict)
    """Title-menu entries other packages register: ``"Continue"`` → scene factory, …"""
    game_hooks: GameHooks = field(default_factory=GameHooks)
    """Who listens to every local game's moves and end (storage saves, archives and counts there);
    each table's session calls them."""
    abandon_game: Callable[[], str | None] | None = None
    """While a game is saved in progress (storage provides it): keep that game among the finished
    ones, marked as abandoned, and forget it; a one-line notice if it could not be kept."""
    game_over_scene: Callable[["Context", "GameSetup", "Match"], "Scene"] | None = None
    """Makes the game over from ``(ctx, setup, match)`` when storage has its own (the Deal of the day's)."""
    default_setup: Callable[[], "GameSetup"] | None = None
    """The remembered New game choices (a ``GameSetup``), when storage provides them."""
    data_paths: StoragePaths | None = None
    """Where storage keeps the player's files (a window host's game in progress too); ``None``: nothing is kept."""
    plugin_seats: dict[int, str] = field(default_factory=dict)
    """Seat index → plug-in bot spec from ``--seat``, for every new game of this run (never saved)."""
    clock_s: float = 0.0
    """Seconds since start, advanced by the app (for blinking and pulsing)."""
    flipped_s: float = 0.0
    """``time.perf_counter()`` just after the last frame was flipped onto the screen (0: no real window)."""
    input_s: float = 0.0
    """``time.perf_counter()`` at which this frame's input most likely happened (0: no real window)."""

    speech: Speaker = field(default_factory=Speaker)
    """The game's voice (``thirtyone.speech``): silent unless Settings → Speech or ``--speech`` turns it on."""

    on_settings_changed: Callable[["Settings", "Settings"], None] | None = None
    """Called with the old and new settings after every change (storage saves them here)."""

    def change_settings(self, **changes: Any) -> Settings:
        """Change some settings (``SettingsError`` names a bad one), tell the listener, return the new value."""
        old = self.settings
        new = old.replace(**changes)
        self.settings = new
        if new.language != old.language:
            set_language(new.language)  # text is translated when drawn: the next frame speaks it
        self.speech.follow(new)
        if new != old and self.on_settings_changed is not None:
            self.on_settings_changed(old, new)
        return new

    @property
    def theme(self) -> Theme:
        return THEMES.get(self.settings.theme, THEMES["classic"])


@runtime_checkable
class Scene(Protocol):
    """One screen of the game."""

    overlay: bool

    def handle_event(self, event: pygame.event.Event) -> Transition: ...

    def update(self, dt: float) -> Transition: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def resume(self, result: Any = None) -> None: ...

    def pause(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: lay out again before the next frame draws anything."""
        ...

    def shutdown(self) -> None:
        """The scene leaves the stack for good: stop what it runs off the render thread."""
        ...

    def notify(self, text: str) -> bool:
        """Show a one-line notice in this scene's own way; False: the app shows it in a banner."""
        ...

    @property
    def busy(self) -> bool:
        """Whether something moves, so the app must keep drawing frames."""
        ...


STRAY_INPUT_S = 0.5
"""How long a screen that follows the last move of a game ignores keys and clicks: Enter
pressed to discard, or a click meant for the table, must not also choose Play again."""


class BaseScene:
    """Defaults for the optional parts of the protocol."""

    overlay = False
    name = "scene"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.shown_at_s = ctx.clock_s
        """The window's clock when this scene was made (``Context.clock_s``)."""

    def just_shown(self, seconds: float = STRAY_INPUT_S) -> bool:
        """Whether this scene appeared less than ``seconds`` ago on the window's clock."""
        return self.ctx.clock_s - self.shown_at_s < seconds

    def handle_event(self, event: pygame.event.Event) -> Transition:
        return None

    def update(self, dt: float) -> Transition:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resume(self, result: Any = None) -> None:
        pass

    def pause(self) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass  # most scenes lay out from the surface they draw on, on every frame

    def shutdown(self) -> None:
        pass  # most scenes run nothing off the render thread

    def notify(self, text: str) -> bool:
        return False  # most scenes have no line of their own for notices: a banner shows them

    def click_buttons(self, buttons: Any, event: pygame.event.Event) -> Transition:
        """The transition of the first of ``buttons`` that ``event`` clicks (with a click sound), else None."""
        for button in buttons:
            result = button.handle(event)
            if result is not None and result is not True:
                self.ctx.sound.play("click")
                return cast(Transition, result)
        return None

    @property
    def busy(self) -> bool:
        return False

    @property
    def wake_in_s(self) -> float | None:
        """Seconds until a timer of this scene is due while nothing moves (``None``: none)."""
        return None
