"""What a table hosted elsewhere shows under each name (``NetworkSession``'s lobby rows as seats)."""

from __future__ import annotations

from ...net.session import NetworkSession
from ..game_setup import GameSetup, SeatChoice


def setup_of(session: NetworkSession, preset: str | None) -> GameSetup:
    """What the table shows under each name: remote players as people, the host's bots by level."""
    seats = []
    rows = {row.get("seat"): row for row in session.lobby_rows()}
    for seat, name in enumerate(session.names):
        row = rows.get(seat, {})
        level = row.get("level") if row.get("kind") == "bot" else None
        seats.append(SeatChoice(name, level if isinstance(level, str) else "human"))
    return GameSetup(seats, preset or "classic", session.rules, None)


__all__ = ["setup_of"]
