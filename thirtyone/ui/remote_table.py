"""The window at a table hosted elsewhere: ``thirtyone join URL --code CODE`` without ``--bot``.

The table scene drives a ``NetworkSession`` exactly as it drives a local game; the
title stays underneath, so leaving the table leads there. Nothing of a networked
game is saved here: the host keeps the record.
"""

from __future__ import annotations

from typing import Any

from ..net.session import NetworkSession
from .game_setup import GameSetup, SeatChoice


def setup_of(session: NetworkSession, preset: str | None) -> GameSetup:
    """What the table shows under each name: remote players as people, the host's bots by level."""
    seats = []
    rows = {row.get("seat"): row for row in session.lobby_rows()}
    for seat, name in enumerate(session.names):
        row = rows.get(seat, {})
        level = row.get("level") if row.get("kind") == "bot" else None
        seats.append(SeatChoice(name, level if isinstance(level, str) else "human"))
    return GameSetup(seats, preset or "classic", session.rules, None)


def run_remote_table(args: Any, session: NetworkSession, preset: str | None) -> int:
    """Open the window at the remote table; returns the exit status when the window closes."""
    from ..storage import crash, storage_from_args
    from .launch import build_app
    from .scene import Push
    from .scenes.table import TableScene
    from .storage_bridge import StorageBridge

    paths, settings, notices = storage_from_args(args)

    def play() -> int:
        bridge = StorageBridge(paths, settings, notices, False)
        app = build_app(settings=bridge.settings)
        bridge.install(app)
        app.apply(Push(TableScene(app.ctx, setup_of(session, preset), session)))
        try:
            return app.loop()
        finally:
            session.close()
            bridge.close()
    return crash.guarded(play, paths)
