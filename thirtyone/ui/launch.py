"""Starting the window: the first scene, the title menu's optional entries and ``run(args)``.

``run(args)`` is what ``thirtyone`` calls with no subcommand. Hidden knobs for
tests: ``THIRTYONE_TEST_FAST=1`` (instant animation and bots, a 1-life duel by
default), ``THIRTYONE_TEST_STATE=path`` (the top scene's name is written there
whenever it changes), ``THIRTYONE_TEST_FIRST_FRAME=path`` (written once the first
frame is on the screen), ``THIRTYONE_WINDOW_SIZE=WxH``.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from ..i18n import set_language
from .app import App
from ..storage.settings import Settings
from .scene import Context, Push, Scene


def _size_from_env() -> tuple[int, int] | None:
    """``THIRTYONE_WINDOW_SIZE=WxH`` (tests); ``None`` opens at the remembered, fitted size."""
    text = os.environ.get("THIRTYONE_WINDOW_SIZE", "")
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return (max(1, w), max(1, h))
    except ValueError:
        return None


TITLE_ENTRIES: dict[str, Callable[[Context], Scene]] = {}
"""Optional title-menu entries ("Continue", "Statistics", "Settings") → scene factory.

Other packages add theirs with ``register_title_entry`` before ``run``; the
title shows only what is registered, so there are never placeholder screens.
"""


def register_title_entry(label: str, factory: Callable[[Context], Scene]) -> None:
    """Offer ``label`` on the title screen, opening ``factory(ctx)``."""
    TITLE_ENTRIES[label] = factory


def build_app(demo: bool = False, seed: int | None = None, settings: Settings | None = None,
              size: tuple[int, int] | None = None, plugin_seats: dict[int, str] | None = None,
              speech: str | None = None) -> App:
    """An app with its first scene: the title, or a table of bots for ``--demo``; ``speech`` is ``--speech``'s
    choice (``log:FILE``, ``system``, ``off``), which this run uses whatever Settings say."""
    from .game_setup import GameSetup
    from .table.scene import TableScene
    from .screens.title import TitleScene
    fast = os.environ.get("THIRTYONE_TEST_FAST") == "1"
    app = App(settings, size or _size_from_env(), demo, seed, fast, os.environ.get("THIRTYONE_TEST_STATE"))
    app.ctx.quick_game = fast
    app.ctx.plugin_seats = dict(plugin_seats or {})
    app.ctx.optional_scenes.update(TITLE_ENTRIES)
    if speech is not None:
        from ..i18n import language
        from ..speech import Speaker, backend_from_spec
        app.ctx.speech = Speaker(backend_from_spec(speech, language()), forced=speech != "off")
        app.ctx.speech.follow(app.ctx.settings)
    if demo:
        app.apply(Push(TableScene(app.ctx, GameSetup.default(demo=True, seed=seed))))
    else:
        app.apply(Push(TitleScene(app.ctx)))
    return app


def run(args: Any = None) -> int:
    """Open the window (``thirtyone`` with no command); returns the exit status.

    Settings, the saved game and statistics come from ``bridge.storage`` (``--data-dir``,
    ``--reset-settings``, ``--windowed``/``--fullscreen``); an unexpected error writes a
    crash log, says where it is and exits with 1 (the autosave lets the player resume).
    """
    from ..storage import crash, storage_from_args
    from .game_setup import GameSetup
    from .plugin_seats import default_seat_notices
    from .bridge.storage import StorageBridge
    demo = bool(getattr(args, "demo", False))
    seed = getattr(args, "seed", None)
    paths, settings, notices = storage_from_args(args)
    notices += default_seat_notices(settings, [seat.player for seat in GameSetup.from_settings(settings).seats])

    def play() -> int:
        bridge = StorageBridge(paths, settings, notices, getattr(args, "display", None) is not None)
        for label, factory in bridge.title_entries().items():
            register_title_entry(label, factory)
        app = build_app(demo, seed, bridge.settings, plugin_seats=getattr(args, "plugin_seats", None),
                        speech=getattr(args, "speech", None))
        if getattr(args, "language", None):  # --language: this time only, the setting is kept
            set_language(args.language)
        bridge.install(app)
        try:
            return app.loop()
        finally:
            app.ctx.speech.close()
            bridge.close()
    return crash.guarded(play, paths)
