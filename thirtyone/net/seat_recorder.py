"""What a joined seat keeps of its game: each state the host sent it, turned into a seat record.

Only what the seat was sent goes in (its own cards, public events, the showdowns, the host's
standings), so the record can hold no other seat's hidden card. Coming back after a drop, the
first state's log brings the round so far. The record is handed over as it stands at each
round's end (kept on disk, so a crash loses no finished round) and finished at the game's end.
It is named by the seat's token (the same after a drop or a rejoin), never holding the token itself.
"""
from __future__ import annotations

import hashlib
from typing import Any

from ..model import Rules
from ..model.cards import Card
from ..model.record import Seat
from ..model.seat_record import SeatRecord, SeatStep, Standing


def seat_game_id(token: str) -> str:
    """The name of the game a seat's token was given for (``saves.GAME_ID``'s shape), from which the token
    cannot be found."""
    return "g" + hashlib.sha256(f"thirtyone-seat|{token}".encode()).hexdigest()[:11]


class SeatRecorder:
    """Collects one seat's states (``state``) into a ``SeatRecord`` once the host says the game is over."""

    def __init__(self, rules: Rules, seat: int, preset: str | None, token: str) -> None:
        self.rules, self.seat, self.preset = rules, seat, preset
        self.game = seat_game_id(token)
        self.steps: list[SeatStep] = []
        self._last: dict[str, Any] | None = None

    def state(self, message: dict[str, Any]) -> bool:
        """A whole state as the client hands it on (its ``observation`` filled in); whether a round ended in it."""
        observation = message["observation"]
        self._last = observation
        events = message.get("events", [])
        if message.get("actor") is None and not events:  # joining, or back after a drop: the round so far
            events = self._missed(observation)
        if events:
            actor = message.get("actor")
            self.steps.append(SeatStep(int(message["action_number"]), None if actor is None else int(actor),
                                       tuple(events), tuple(Card.from_code(code) for code in observation["hand"])))
        return any(event.get("event") == "RoundEnded" for event in events)

    def _missed(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """This round's public events (the observation's ``log``) that no step holds yet: those of a round joined
        late, or played while the connection was down (a round missed whole is only in the results)."""
        log = list(observation.get("log", []))
        held = 0
        for step in reversed(self.steps):
            for event in reversed(step.events):
                held += 1
                if event.get("event") == "RoundStarted":
                    same = event.get("round_number") == observation.get("round_number")
                    return log[held:] if same and log[:1] and log[0].get("event") == "RoundStarted" else log
        return log

    def record(self, end: dict[str, Any], lobby_rows: list[dict[str, Any]]) -> SeatRecord | None:
        """The seat's record after the host's ``end``; ``None`` unless the game was played to its end."""
        if end.get("reason") != "game-over" or self._last is None:
            return None
        try:
            standings = tuple(Standing(int(row["place"]), int(row["seat"]), str(row["name"]), int(row["lives"]))
                              for row in end.get("standings", []))
        except (KeyError, TypeError, ValueError):
            standings = ()
        return self.so_far(lobby_rows, standings)

    def so_far(self, lobby_rows: list[dict[str, Any]], standings: tuple[Standing, ...] = ()) -> SeatRecord | None:
        """The seat's record as it stands (unfinished without ``standings``); ``None`` before the first state."""
        last = self._last
        if last is None:
            return None
        kinds = {row.get("seat"): row for row in lobby_rows}
        seats = []
        for number, name in enumerate(last["names"]):
            row = kinds.get(number, {})
            player = ("human" if number == self.seat else
                      f"bot:{row.get('level')}" if row.get("kind") == "bot" and row.get("level") else "remote")
            seats.append(Seat(str(name), player))
        return SeatRecord(self.rules, self.seat, tuple(seats), self.game, tuple(self.steps),
                          tuple(last.get("results", [])), standings, self.preset)


__all__ = ["SeatRecorder", "seat_game_id"]
