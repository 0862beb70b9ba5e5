"""The game at a hosted table: a seat's message read into an action, the match's answer, and the states that follow.

A client's message is read with ``read_client_message`` and its action with
``parse_action``; ``Match.submit`` checks it exactly as in a local game, and
nothing from the network is ever run. After every action each listening
connection gets its own ``state`` (``messages.state``: a seat its own
observation, a spectator the public view). A Quick Draw holds every other action
(refused) while its answer window is open; the host's bots and stand-ins take
their turns here too. Everything runs on the host's event loop thread
(``host.TableHost`` owns the loop and the connections).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

from .. import duels
from ..controller import Accepted, Match, Rejected
from ..model import Action, IllegalActionError, InvalidActionError, QuickDraw, parse_action
from . import messages
from .connections import Client, Connections
from .duel_window import DuelWindow
from .host_bots import HostBots
from .protocol import ProtocolError, read_client_message
from .refusals import Refusal
from .seating import Seating


class HostedGame:
    """The match of one hosted table (``None`` before it starts), the one draw open at a time, and who acted last."""

    def __init__(self, seating: Seating, bots: HostBots, connections: Connections,
                 changed: Callable[[], None]) -> None:
        self.match: Match | None = None
        self.seating, self.bots, self.connections = seating, bots, connections
        self._changed = changed
        """Called after every accepted action, once its states are sent (the host autosaves and wakes its bots)."""
        self._duel: DuelWindow | None = None
        self._cue_number = 0
        self._early: dict[int, int] = {}
        """Per seat, the highest cue it answered before being cued: it has no answer in that draw."""
        self._actor: int | None = None
        """The seat whose action the next states show (``None`` before the first)."""
        self.cpu_s = 0.0
        """CPU time spent sending states (the host adds it to its own)."""

    def start(self, match: Match) -> None:
        """Play ``match`` from now on (a new game, or a saved one taken up again)."""
        self.match = match
        self._actor = None

    # -- a client's message --------------------------------------------------------------------------------

    async def take(self, client: Client, raw: Any) -> bool:
        """Read one message of a welcomed ``client`` and act on it; ``False`` when the connection is to end."""
        if client.flooding():
            return await client.refuse(Refusal("flooding"))
        try:
            message = read_client_message(raw)
        except ProtocolError as error:
            return await client.refuse(error.refusal)
        kind = message["type"]
        if kind == "bye":
            await client.ws.close(1000, "bye")
            return False
        if kind == "hello":
            return await client.refuse(Refusal("hello-twice"))
        if kind == "start":  # the host's own choice (its lobby's Start now), never a client's
            await client.error(Refusal("already-started" if self.match is not None else "host-starts"))
            return True
        if client.seat is None or self.match is None:
            await client.error(Refusal("spectator" if client.seat is None else "not-started"))
            return True
        if kind == "answer":
            if not self._answer(client, message["cue"]):
                await client.error(Refusal("early-answer"))
            return True
        await self._act(client, message)
        return True

    async def _act(self, client: Client, message: dict[str, Any]) -> None:
        assert self.match is not None and client.seat is not None
        seat = client.seat
        if self._duel is not None:
            await client.error(Refusal("duel-on"))
            return
        if "turn" in message and message["turn"] != self.match.action_count:
            await client.error(Refusal("stale"))
            return
        try:
            action = parse_action(message["action"])
        except InvalidActionError as error:
            await client.error(Refusal("unreadable-action", {"detail": str(error)}))
            return
        if isinstance(action, QuickDraw):
            if action.shooter != seat or action.answers:
                await client.error(Refusal("quickdraw-form"))
                return
            if action.target not in self.match.draw_targets(seat):
                await client.error(Refusal("no-draw-target"))
                return
            asyncio.ensure_future(self._run_duel(self._open_duel(seat, action.target), client))
            return
        outcome = self._submit(seat, action)
        if not isinstance(outcome, Accepted):
            await client.error(Refusal("illegal", {"reason": outcome.reason}))
            return
        await self._after_action()

    def _submit(self, seat: int, action: Action) -> Accepted | Rejected:
        """The match's answer to ``seat``'s action; who acted goes into the states that follow."""
        assert self.match is not None
        outcome = self.match.submit(seat, action)
        if isinstance(outcome, Accepted):
            self._actor = seat
        return outcome

    async def _after_action(self) -> None:
        await self.broadcast_state()
        self._changed()

    # -- Quick Draw ----------------------------------------------------------------------------------------

    def _open_duel(self, shooter: int, target: int) -> DuelWindow:
        """Start a draw: from now on other actions wait (refused) until the shot."""
        assert self.match is not None
        self._cue_number += 1
        answerers = {seat for seat, slot in enumerate(self.seating.slots)
                     if slot.is_remote and slot.connected and duels.may_answer(self.match.state, seat, shooter)}
        self._duel = DuelWindow(self._cue_number, shooter, target, answerers, self.match.rules.answer_window_ms)
        return self._duel

    async def _run_duel(self, duel: DuelWindow, drawer: Client | None = None) -> None:
        """Cue everyone, wait for the remote answers (the host's clock), merge the bots' and shoot."""
        assert self.match is not None
        # The clock starts before the cue goes out: the broadcast yields between connections, so
        # a quick answerer's reply can be read before the last send returns; it must count, and
        # from a moment no later than the one it answered.
        duel.open(asyncio.get_running_loop().time())
        for seat, cue in self._early.items():
            if cue >= duel.cue:
                duel.bar(seat)  # it answered this draw before it existed
        await asyncio.gather(*(self._cue(client, duel) for client in self.connections.listeners()))
        answers = await duel.close()
        self._duel = None
        outcome = self._submit(duel.shooter, self.match.quick_draw(duel.shooter, duel.target, answers))
        if isinstance(outcome, Accepted):
            await self._after_action()
        elif drawer is not None:
            await drawer.error(Refusal("illegal", {"reason": outcome.reason}))

    @staticmethod
    async def _cue(client: Client, duel: DuelWindow) -> None:
        """Send the cue to one connection; its answer to that draw counts from the moment the cue is written
        (an answer read before then was sent before the cue could be seen)."""
        client.cued = max(client.cued, duel.cue)
        await client.send(duel.cue_message())

    def _answer(self, client: Client, cue: int) -> bool:
        """Take ``client``'s answer to draw ``cue``; ``False`` if it came before its cue reached the client (an
        answer sent ahead of the cue, hoping to be first): that seat then has no answer in that draw at all."""
        seat = client.seat
        assert seat is not None
        if cue > client.cued:  # not cued yet: this draw is not open, or its cue is still on its way to this client
            self._early[seat] = max(self._early.get(seat, 0), cue)
            if self._duel is not None and self._duel.cue == cue:
                self._duel.bar(seat)
            return False
        if self._duel is not None and self._early.get(seat, 0) < self._duel.cue:
            self._duel.answer(seat, cue, asyncio.get_running_loop().time())
        return True

    # -- the host's bots -----------------------------------------------------------------------------------

    async def play_bots(self) -> None:
        """Play the turns the host decides (its bots, stand-ins, bots' draws) until a remote seat is to act."""
        match = self.match
        loop = asyncio.get_running_loop()
        while match is not None and not match.is_over and self._duel is None:
            draw = match.pending_bot_draw()
            if draw is not None:
                await self._run_duel(self._open_duel(draw.shooter, draw.target))
                continue
            seat, number = match.current_seat, match.action_count
            action = await self.bots.decide(loop, match)
            if action is None:
                return  # a remote player's turn
            if match.action_count != number or self._duel is not None:
                continue  # the table moved on while the bot thought (a draw out of turn): think again
            if isinstance(action, QuickDraw):
                await self._run_duel(self._open_duel(seat, action.target))
                continue
            outcome = self._submit(seat, action)
            if not isinstance(outcome, Accepted):
                raise IllegalActionError(f"a bot chose an illegal move: {outcome.reason}")
            await self._after_action()

    # -- the table's replies -------------------------------------------------------------------------------

    async def broadcast_state(self) -> None:
        """Every listener's own state, with the events it has not been sent yet."""
        started = time.process_time()
        await asyncio.gather(*(self.send_state(client) for client in self.connections.listeners()))
        self.cpu_s += time.process_time() - started

    async def send_state(self, client: Client, joining: bool = False) -> None:
        """``client``'s state now (``joining``: no actor, the observation's log holds the round so far)."""
        assert self.match is not None
        since, client.sent_events = client.sent_events, len(self.match.events)
        before = None if joining else client.sent_observation
        message, client.sent_observation = messages.state(self.match, client.seat, since,
                                                          None if joining else self._actor, before)
        await client.send(message)


__all__ = ["HostedGame"]
