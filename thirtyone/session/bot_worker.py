"""Bots think in a worker process so frames never wait; answers come back on the caller's thread.

A search holds Python's interpreter while it runs, so a bot thinking on a thread of the
window's process stretched its frames (issue 37). Each decision goes to the bots' worker
process (``thinking.shared_thinker``) as its ``BotRequest``: the bot travels with every
request, so whatever it knows (a Gunslinger's table speeds, set by ``meet``) is the window's
copy, and a bot answers exactly as a direct ``request.decide()`` would. Plug-in bots already
run in their own host process (``bots/plugin_host.py``) and keep their state there; they
are asked as before. If the worker dies or stalls, the decision is made on a thread of this
process instead, with a notice, and the next decision starts a fresh worker.

Part of the local session (``LocalSession``); it never imports pygame.
"""

from __future__ import annotations

import hashlib
import logging
import random
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from .. import bots
from ..bots import BotFailure, PluginBot, make_bot
from ..i18n import _
from ..controller import BotRequest, Match
from ..model import Action, Discard, Observation, Phase, Swap
from ..model.scoring import hand_value
from ..thinking import Thinker, Ticket, shared_thinker

log = logging.getLogger(__name__)

QUICKEST, SLOWEST = 0.35, 1.5
"""A bot's visible thinking time as a multiple of the bot-speed setting's delay: obvious to close calls."""
KNOCK_EDGE = 25
"""Around this hand value a knock is a close call (far below or above it, an easy one)."""
WORKER_PATIENCE_S = 30.0
"""How long a decision may wait for the worker process before this process decides instead
(an Expert's search takes well under a second; only a stopped or swamped worker takes this long)."""
THINKER_NAME = "thirtyone-bots"
"""The bots' worker process (apart from the coach's, so a hint never queues behind a bot)."""


def decide(request: BotRequest) -> Action:
    """The worker's task: ``request``'s decision (the same as ``request.decide()`` anywhere)."""
    return request.decide()


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

    def __init__(self, on_failure: Callable[[str, str], None] | None = None,
                 thinker: Thinker | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._thinker = thinker if thinker is not None else shared_thinker(THINKER_NAME)
        self._match: Match | None = None
        self.on_failure = on_failure
        """Told ``(notice, detail)`` when a plug-in bot fails and its seat's level takes over,
        and when the worker process fails and this process thinks instead."""
        self.request: BotRequest | None = None
        self._future: Future[Action] | None = None
        self._ticket: Ticket | None = None
        self._asked_at = 0.0
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
        self._future = self._ticket = None
        if isinstance(request.bot, PluginBot):  # in its own process, bounded in time: no frame waits for it
            self._future = request.bot.choose_later(request.observation, random.Random(request.seed))
        elif len(request.observation.legal_actions) == 1:  # nothing to think about (a deal): no trip to the worker
            self._future = self._pool.submit(request.decide)
        else:
            self._asked_at = time.monotonic()
            self._ticket = self._thinker.start(decide, request)
        return True

    def poll(self, dt: float, base_delay_s: float) -> tuple[BotRequest, Action] | None:
        """The finished decision once it is ready and has been shown for its thinking time.

        ``base_delay_s`` is the bot-speed setting's delay; the shown time varies around it with
        how close the decision is (see ``thinking_time``). Never waits for the bot."""
        if self.request is None:
            return None
        self.elapsed_s += dt
        if self._ticket is not None:
            self._check_worker(self.request)
        if self._ticket is not None:
            if not self._ticket.done or self.elapsed_s < self.factor * base_delay_s:
                return None
            request, action = self.request, self._ticket.result()
            self.request = self._ticket = None
            return request, action
        if self._future is None or not self._future.done() or self.elapsed_s < self.factor * base_delay_s:
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

    def _check_worker(self, request: BotRequest) -> None:
        """Decide on this process's thread instead if the worker failed or stalls (never waits)."""
        ticket = self._ticket
        assert ticket is not None
        ticket.result()  # takes in the answer if it has come (or the failure, if the worker died)
        stalled = not ticket.done and time.monotonic() - self._asked_at > WORKER_PATIENCE_S
        if (ticket.done and not ticket.failed) or (not ticket.done and not stalled):
            return
        running = self._thinker.running and not stalled
        self._ticket = None
        self._future = self._pool.submit(request.decide)
        if running:  # the bot itself raised: asked again here, it raises in poll as it always did
            return
        if stalled:
            self._thinker.close()  # a worker that stalls is replaced at the next decision
        log.warning("the bots' worker process %s; seat %d's decision is made in this process",
                    "stalled" if stalled else "stopped", request.seat)
        name = self._match.names[request.seat] if self._match is not None else str(request.seat + 1)
        if stalled:
            detail = _("The bots' worker process gave no answer for {seconds:g} s and was stopped; "
                       "{name}'s move is worked out in the window.").format(seconds=WORKER_PATIENCE_S, name=name)
        else:
            detail = _("The bots' worker process stopped; {name}'s move is worked out in the window.").format(name=name)
        if self.on_failure is not None:
            self.on_failure(_("The bots' thinking process stopped answering; the bots think in the window for now."),
                            detail)

    def cancel(self) -> None:
        self.request = self._future = self._ticket = None

    def shutdown(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
