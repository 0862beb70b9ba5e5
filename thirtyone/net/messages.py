"""What the host sends, message by message (``docs/network.md`` lists the fields).

A state is built from the seat's own ``Observation`` and the public events only,
so no message can carry another seat's hidden card; a spectator's state has no hand.
"""

from __future__ import annotations

from typing import Any

from ..controller import Match
from ..model import Rules
from .codec import event_data, observation_data
from .delta import diff
from .protocol import PROTOCOL
from .refusals import Refusal
from .seating import Seating


def welcome(seat: int | None, token: str | None, rules: Rules, preset: str | None) -> dict[str, Any]:
    """The answer to a good hello: the seat, its secret token (only ever sent to that seat) and the rules."""
    return {"type": "welcome", "protocol": PROTOCOL, "seat": seat, "token": token, "rules": rules.to_dict(),
            "preset": preset}


def refused(reason: Refusal) -> dict[str, Any]:
    """The host will not go on with this connection; it closes next."""
    return {"type": "refused", **reason.data()}


def error(reason: Refusal) -> dict[str, Any]:
    """The last message was refused and nothing changed."""
    return {"type": "error", **reason.data()}


def lobby(code: str, started: bool, seating: Seating, now: float, grace_s: float) -> dict[str, Any]:
    """Who sits where, connected or not, and how long a dropped seat still waits for its player."""
    return {"type": "lobby", "code": code, "started": started, "seats": seating.lobby(now, grace_s),
            "stand_in_after_s": grace_s}


def state(match: Match, seat: int | None, since: int, actor: int | None,
          before: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The table as ``seat`` may see it (``None``: a spectator), with the public events from number ``since``
    and the seat whose action led here (``actor``; ``None`` at the start or on joining); and the observation
    data it describes. ``before``, the observation data this connection was sent last, makes it a delta
    (``delta.diff``: only what changed); without it the whole observation is sent."""
    observation = observation_data(match.observation(0 if seat is None else seat), public_only=seat is None,
                                   with_rules=False)
    events = [event_data(event, seat) for event in match.events[since:]]
    message: dict[str, Any] = {"type": "state", "action_number": match.action_count, "actor": actor, "events": events}
    targets = [] if seat is None else list(match.draw_targets(seat))
    if targets:  # none, nearly always: left out
        message["draw_targets"] = targets
    if before is None:
        message["observation"] = observation
    else:
        message.update(diff(before, observation, events))
    return message, observation


def end(match: Match | None, reason: str, message: str) -> dict[str, Any]:
    """The game is over (``game-over``) or stopped because the host left (``host-quit``)."""
    return {"type": "end", "reason": reason, "message": message,
            "standings": standings(match) if match is not None else [],
            "winner": match.winner if match is not None else -1}


def standings(match: Match) -> list[dict[str, Any]]:
    """Seats from the winner down: lives left, then who went out later."""
    table = match.state
    out_round: dict[int, int] = {}
    for result in table.results:
        for seat, lost in enumerate(result.lives_lost):
            if lost and not table.tokens[seat]:
                out_round[seat] = result.round_number
    order = sorted(range(len(table.names)),
                   key=lambda s: (s != table.winner, -table.tokens[s], -out_round.get(s, 10**9)))
    return [{"place": place, "seat": seat, "name": table.names[seat], "lives": table.tokens[seat]}
            for place, seat in enumerate(order, start=1)]
