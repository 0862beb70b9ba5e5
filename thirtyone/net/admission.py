"""Who comes in at a hosted table: a connection's hello checked, and the seat it opens.

The first message must be a ``hello`` of this protocol version with the table's join
code (a wrong code is answered late, and an address that tried too many wrong codes is
refused for a while, so codes cannot be guessed quickly). A seat's
token brings its player back, also after a drop or once the game is on; without a
token a newcomer takes a free seat before the game starts, or watches as a spectator.
The host (``host.TableHost``) then seats the connection; nothing here touches the network.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from dataclasses import dataclass
from typing import Any

from .protocol import ProtocolError, normal_code, read_client_message, version_refusal
from .refusals import Refusal
from .seating import Seating

WRONG_CODE_DELAY_S = 0.5
"""A wrong code is answered this late (64 connections at once could still try about 128 codes a second)."""
WRONG_CODES_PER_ADDRESS = 5
"""Wrong codes one network address may try per ``GUESS_WINDOW_S``; past it every hello from there is refused
(a right code too, so guessing on learns nothing) until the window has passed."""
GUESS_WINDOW_S = 60.0
TOKEN_REFUSED = "token"
"""The key of the refusal of a token that belongs to no seat here (or to another seat than the one asked for)."""


class CodeGuard:
    """Counts each network address's wrong codes: ``CODE_SPACE`` codes at ``WRONG_CODES_PER_ADDRESS`` a minute
    take one address about 21 years on average to hit."""

    def __init__(self) -> None:
        self._wrong: dict[str, list[float]] = {}

    def blocked(self, address: str, now: float) -> bool:
        """Whether ``address`` has used up its wrong codes for now."""
        recent = [stamp for stamp in self._wrong.get(address, []) if now - stamp < GUESS_WINDOW_S]
        if recent:
            self._wrong[address] = recent
        else:
            self._wrong.pop(address, None)
        return len(recent) >= WRONG_CODES_PER_ADDRESS

    def wrong(self, address: str, now: float) -> None:
        """``address`` tried a wrong code."""
        self._wrong.setdefault(address, []).append(now)


@dataclass(frozen=True)
class Admitted:
    """A connection let in: to ``seat`` (``None``: a spectator); ``returning`` when a token brought it back,
    so an older connection of that seat is to be closed."""

    seat: int | None
    returning: bool = False


async def admit(raw: Any, code: str, seating: Seating, started: bool, guard: CodeGuard | None = None,
                address: str = "") -> Admitted | Refusal:
    """The seat the first message ``raw`` opens, or the refusal to send (claiming a free seat takes it).
    ``guard`` counts the wrong codes of ``address`` (the connection's network address)."""
    try:
        hello = read_client_message(raw)
    except ProtocolError as error:
        return error.refusal
    if hello["type"] != "hello":
        return Refusal("hello-first")
    wrong_version = version_refusal(hello)
    if wrong_version:
        return wrong_version
    now = time.monotonic()
    if guard is not None and guard.blocked(address, now):
        return Refusal("guessing", {"limit": WRONG_CODES_PER_ADDRESS, "minutes": round(GUESS_WINDOW_S / 60)})
    if not same_code(hello["code"], code):
        if guard is not None:
            guard.wrong(address, now)
        await asyncio.sleep(WRONG_CODE_DELAY_S)
        return Refusal("wrong-code")
    token = hello.get("token")
    if hello.get("spectate"):
        return Admitted(None)
    if token is not None:
        seat = seating.by_token(token)
        wanted = hello.get("seat")
        if seat is None or (wanted is not None and wanted != seat):
            return Refusal(TOKEN_REFUSED)
        return Admitted(seat, returning=True)
    if started:
        return Refusal("started")
    seat = seating.claim(hello.get("seat"), hello.get("name", ""))
    return Admitted(seat) if seat is not None else Refusal("full")


def same_code(given: str, code: str) -> bool:
    """Whether ``given`` is the table's code (read leniently: case, spaces, dashes), in constant time."""
    return hmac.compare_digest(normal_code(given).encode("utf-8"), code.encode("utf-8"))


__all__ = ["Admitted", "CodeGuard", "GUESS_WINDOW_S", "TOKEN_REFUSED", "WRONG_CODES_PER_ADDRESS", "WRONG_CODE_DELAY_S",
           "admit", "same_code"]
