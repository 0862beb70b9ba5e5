"""Who sits where at a hosted table: the seats' kinds, names, secret tokens and connections.

Pure bookkeeping, no sockets: ``TableHost`` asks it who may take a seat and
what the lobby looks like. A remote seat is claimed once, by the first joiner
without a token; from then on only that seat's token (``hmac.compare_digest``)
takes it again, which is how a dropped player gets the seat back.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVELS
from ..i18n import _
from .protocol import clean_name, new_token

REMOTE = "remote"
"""The ``--seats`` word and record player of a seat played from another machine."""


def remote_seat_name(number: int) -> str:
    """The name of remote seat ``number`` (1 = first) until its player gives one."""
    return _("Seat {number}").format(number=number)


def bot_seat_name(level: str, number: int) -> str:
    """The name of a host bot's seat: its level's name (as the window shows it) and the seat number."""
    return f"{_(LEVELS[level].name)} {number}"


@dataclass
class SeatSlot:
    """One seat: a remote player's (``kind == "remote"``) or a host bot's (``kind`` is its level)."""

    kind: str
    name: str
    token: str | None = None
    """The remote seat's secret, once claimed."""
    connected: bool = False
    dropped_at: float | None = None
    """Host clock time of the drop, while the player is away."""
    stand_in: bool = False
    """Whether a host bot plays the seat while its player is away."""

    @property
    def is_remote(self) -> bool:
        """Whether a player on another machine plays this seat."""
        return self.kind == REMOTE

    @property
    def record_player(self) -> str:
        """The seat's ``player`` in the game record."""
        return REMOTE if self.is_remote else f"bot:{self.kind}"


@dataclass
class Seating:
    """Every seat of the table, in seat order."""

    slots: list[SeatSlot] = field(default_factory=list)

    @classmethod
    def planned(cls, kinds: list[str], names: list[str] | None = None) -> Seating:
        """Seats from the ``--seats`` words (``remote`` or a bot level). ``names``, the host's names for the seats
        (New game's), are kept: a bot's for the whole game, a remote seat's until its player gives one; without
        them a seat is called by its number (and a bot by its level)."""
        slots = []
        for number, kind in enumerate(kinds, start=1):
            given = clean_name(names[number - 1], "") if names is not None and number <= len(names) else ""
            name = given or (remote_seat_name(number) if kind == REMOTE else bot_seat_name(kind, number))
            slots.append(SeatSlot(kind, name))
        return cls(slots)

    @classmethod
    def resumed(cls, names: tuple[str, ...], players: tuple[str, ...], tokens: list[Any]) -> Seating:
        """The seats of a saved hosted game, with the tokens its players were given."""
        slots = []
        for index, (name, player) in enumerate(zip(names, players)):
            token = tokens[index] if index < len(tokens) and isinstance(tokens[index], str) else None
            kind = REMOTE if player == REMOTE else player.removeprefix("bot:")
            slots.append(SeatSlot(kind, name, token))
        return cls(slots)

    def by_token(self, token: str) -> int | None:
        """The seat this token opens, or ``None``."""
        for index, slot in enumerate(self.slots):
            if slot.token is not None and hmac.compare_digest(slot.token.encode(), token.encode()):
                return index
        return None

    def claim(self, wanted: int | None, name: Any) -> int | None:
        """A free remote seat for a new player (``wanted`` if given and free), named and given a token."""
        free = [i for i, slot in enumerate(self.slots) if slot.is_remote and slot.token is None]
        if wanted is not None:
            free = [i for i in free if i == wanted]
        if not free:
            return None
        seat = free[0]
        slot = self.slots[seat]
        slot.name = self._unique(clean_name(name, slot.name), seat)
        slot.token = new_token()
        return seat

    def release(self, seat: int, number: int) -> None:
        """A player left the lobby before the start: the seat is free again and the old token opens nothing."""
        slot = self.slots[seat]
        slot.token, slot.connected, slot.name = None, False, remote_seat_name(number)

    def back(self, seat: int) -> bool:
        """The seat's player is connected (again); whether a stand-in was playing the seat until now."""
        slot = self.slots[seat]
        stood_in = slot.stand_in
        slot.connected, slot.dropped_at, slot.stand_in = True, None, False
        return stood_in

    def away(self, seat: int, now: float) -> None:
        """The seat's player lost the connection with the game on (host clock ``now``): the seat waits for them."""
        slot = self.slots[seat]
        slot.connected, slot.dropped_at = False, now

    def hand_to_stand_in(self, seat: int, now: float, grace_s: float) -> bool:
        """If the seat's player has stayed away ``grace_s`` by ``now``, a stand-in plays it from now; whether so."""
        slot = self.slots[seat]
        if slot.connected or slot.dropped_at is None or now - slot.dropped_at < grace_s - 0.05:
            return False
        slot.stand_in = True
        return True

    def fill(self, seat: int, level: str) -> None:
        """Nobody took this remote seat before the start: a bot of ``level`` plays it for the whole game."""
        slot = self.slots[seat]
        slot.kind = level
        slot.name = self._unique(bot_seat_name(level, seat + 1), seat)

    def _unique(self, name: str, seat: int) -> str:
        taken = {slot.name.casefold() for i, slot in enumerate(self.slots) if i != seat}
        candidate, number = name, 2
        while candidate.casefold() in taken:
            candidate = f"{name[:20]} {number}"
            number += 1
        return candidate

    @property
    def waiting_for(self) -> list[int]:
        """Remote seats nobody has taken yet (the game starts when none are left)."""
        return [i for i, slot in enumerate(self.slots) if slot.is_remote and slot.token is None]

    @property
    def absent(self) -> list[int]:
        """Remote seats whose player is not connected now."""
        return [i for i, slot in enumerate(self.slots) if slot.is_remote and not slot.connected]

    def tokens(self) -> list[str | None]:
        """Every seat's token (``None`` for bots and unclaimed seats), for the host's autosave only."""
        return [slot.token for slot in self.slots]

    def lobby(self, now: float, grace_s: float) -> list[dict[str, Any]]:
        """The seats as every client may see them (never a token)."""
        rows = []
        for index, slot in enumerate(self.slots):
            wait = None
            if slot.is_remote and slot.dropped_at is not None and not slot.stand_in:
                wait = round(max(0.0, slot.dropped_at + grace_s - now), 1)
            rows.append({"seat": index, "name": slot.name, "kind": slot.kind if slot.is_remote else "bot",
                         "level": None if slot.is_remote else slot.kind,
                         "taken": not slot.is_remote or slot.token is not None,
                         "connected": (not slot.is_remote) or slot.connected,
                         "stand_in": slot.stand_in, "stand_in_in_s": wait})
        return rows
