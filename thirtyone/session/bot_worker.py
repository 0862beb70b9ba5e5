"""Bots think on a worker thread so frames never wait; answers come back on the caller's thread.

Part of the local session (``LocalSession``); it never imports pygame.
"""

from __future__ import annotations

import hashlib
import random
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from .. import bots
from ..bots import BotFailure, PluginBot, make_bot
from ..i18n import _
from ..controller import BotRequest, Match
from ..model import Action, Discard, Observation, Phase, Swap
from ..model.scoring import hand_value

QUICKEST, SLOWEST = 0.35, 1.5
"""A bot's visible thinking time as a multiple of the bot-speed setting's delay: obvious to close calls."""
KNOCK_EDGE = 25
"""Around this hand value a knock is a close call (far below or above it, an easy one)."""


def closeness(observation: Observation) -> float:
    """How close the decision is, 0 (obvious: one choice, or one far better) to 1 (a toss-up).

    Judged from what the seat sees, with the table's own counting (``hand_value`` with its rules).
    """
    legal = observation.legal_actions
    if len(legal) <= 1:
        return 0.0
    rules, hand = observation.rules, observation.hand
    if observation.phase is Phase.DISCARD:
        values = sorted({hand_value([c for c in hand if c != a.card], rules)
                         for a in legal if isinstance(a, Discard)}, reverse=True)
    elif any(isinstance(a, Swap) for a in legal):
        values = sorted({hand_value([c for c in hand if c != a.give] + [a.take], rules)
                         for a in legal if isinstance(a, Swap)} | {hand_value(hand, rules)}, reverse=True)
    else:
        return 1.0 - min(abs(hand_value(hand, rules) - KNOCK_EDGE), 6.0) / 6.0 if len(hand) == 3 else 0.5
    if len(values) < 2:
        return 0.0
    return 1.0 - min(values[0] - values[1], 10.0) / 10.0


def thinking_time(request: BotRequest, base_s: float) -> float:
    """How long ``request``'s bot visibly thinks: ``base_s`` (the bot-speed setting) scaled by the
    decision's closeness, with a small seeded variation so no two turns tick alike."""
    if base_s <= 0:
        return 0.0
    jitter = hashlib.blake2b(request.seed.encode(), digest_size=2).digest()
    wobble = 0.85 + 0.3 * int.from_bytes(jitter, "big") / 65535
    return base_s * (QUICKEST + (SLOWEST - QUICKEST) * closeness(request.observation)) * wobble


def replace_failed_bot(match: Match, seat: int, failure: BotFailure) -> tuple[str, str]:
    """Seat the level the record names in place of a failed plug-in; a short notice and the full story."""
    level = match.seats[seat].player.removeprefix("bot:")
    match.replace_bot(seat, make_bot(level if level in bots.LEVELS else "casual"))
    name = match.names[seat]
    stand_in = _(bots.LEVELS[level].name) if level in bots.LEVELS else _("a casual bot")
    notice = _("{name}'s plug-in bot failed ({reason}); {stand_in} plays on for {name}.").format(
        name=name, reason=failure.reason, stand_in=stand_in)
    return notice, f"{name}'s plug-in bot was replaced by {stand_in}: {failure}"


class BotRunner:
    """One pending bot decision at a time, shown for its ``thinking_time``."""

    def __init__(self, on_failure: Callable[[str, str], None] | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._match: Match | None = None
        self.on_failure = on_failure
        """Told ``(notice, detail)`` when a plug-in bot fails and its seat's level takes over."""
        self.request: BotRequest | None = None
        self._future: Future[Action] | None = None
        self.elapsed_s = 0.0
        self.factor = 1.0
        """This decision's thinking time as a multiple of the bot-speed delay."""

    @property
    def pending(self) -> bool:
        return self.request is not None

    @property
    def seat(self) -> int:
        return self.request.seat if self.request is not None else -1

    def start(self, match: Match) -> bool:
        """Ask the bot to act if one is to play; returns whether it started."""
        if self.request is not None:
            return True
        request = match.bot_request()
        if request is None:
            return False
        self.request = request
        self._match = match
        self.elapsed_s = 0.0
        self.factor = thinking_time(request, 1.0)
        if isinstance(request.bot, PluginBot):  # in its own process, bounded in time: no frame waits for it
            self._future = request.bot.choose_later(request.observation, random.Random(request.seed))
        else:
            self._future = self._pool.submit(request.decide)
        return True

    def poll(self, dt: float, base_delay_s: float) -> tuple[BotRequest, Action] | None:
        """The finished decision once it is ready and has been shown for its thinking time.

        ``base_delay_s`` is the bot-speed setting's delay; the shown time varies around it with
        how close the decision is (see ``thinking_time``)."""
        if self.request is None or self._future is None:
            return None
        self.elapsed_s += dt
        if not self._future.done() or self.elapsed_s < self.factor * base_delay_s:
            return None
        request, future = self.request, self._future
        self.request = self._future = None
        try:
            action = future.result()
        except BotFailure as failure:  # a plug-in: its seat's level plays on (the next start asks it)
            if self._match is not None:
                notice, detail = replace_failed_bot(self._match, request.seat, failure)
                if self.on_failure is not None:
                    self.on_failure(notice, detail)
            return None
        return request, action

    def cancel(self) -> None:
        self.request = self._future = None

    def shutdown(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
