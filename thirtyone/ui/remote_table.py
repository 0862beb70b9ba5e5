"""The window at a table hosted elsewhere: ``thirtyone join URL --code CODE`` without ``--bot``.

The table scene drives a ``NetworkSession`` exactly as it drives a local game; the
title stays underneath, so leaving the table leads there. Nothing of a networked
game is saved here but the seat's own record (only what it saw) and its statistics, at the game's end.
"""

from __future__ import annotations

from typing import Any

from ..net.session import NetworkSession
from .table.remote_setup import setup_of


def run_remote_table(args: Any, session: NetworkSession, preset: str | None) -> int:
    """Open the window at the remote table; returns the exit status when the window closes."""
    from ..storage import crash, storage_from_args
    from .launch import build_app
    from .scene import Push
    from .table.scene import TableScene
    from .bridge.storage import StorageBridge

    paths, settings, notices = storage_from_args(args)

    def play() -> int:
        bridge = StorageBridge(paths, settings, notices, False)
        app = build_app(settings=bridge.settings)
        bridge.install(app)
        session.hooks = app.ctx.game_hooks
        app.apply(Push(TableScene(app.ctx, setup_of(session, preset), session)))
        try:
            return app.loop()
        finally:
            session.close()
            bridge.close()
    return crash.guarded(play, paths)
