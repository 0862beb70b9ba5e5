"""The review's "What did the bot think?" panel: a bot's guesses at the other hands beside what they held.

The guesses come from ``coach.inferred`` on a worker (about 15 ms a decision, too long for a frame),
from the bot's observation alone; the real hands come from the replayed table. The panel follows the
cursor: each bot decision is worked out once and kept.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ...coach.inferred import BotMoment, Inferred, bot_moment, bot_view, guess_lines, heading, held, infer, note
from ...coach.replay import Replay
from ...i18n import N_, _, language
from ..keys import REVIEW, label
from ..widgets import Button

_log = logging.getLogger(__name__)


class _Cancelled(Exception):
    pass


@dataclass(frozen=True)
class BotPanelView:
    """What the panel shows: a heading, per opponent its name and lines, and a closing line."""

    heading: str
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    note: str

    def lines(self) -> list[str]:
        """Everything in reading order (speech, tests)."""
        return [self.heading] + [text for name, lines in self.rows for text in (name + ":", *lines)] + (
            [self.note] if self.note else [])


class BotPanel:
    """Open or closed; while open, the guesses of the bot deciding at the replay's cursor."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.open = False
        self.button = Button(N_("Bot's view"), self.toggle, label(REVIEW, "bot_view"))
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="inferred")
        self._moments: dict[int, BotMoment | None] = {}
        self._done: dict[BotMoment, Inferred] = {}
        self._shown: dict[tuple[BotMoment, str], BotPanelView] = {}
        self._failed: set[BotMoment] = set()
        self._asked: tuple[BotMoment, Future[Inferred]] | None = None
        self._cancel = threading.Event()
        self.progress = (0, 0)

    def toggle(self) -> None:
        """Open or close the panel."""
        self.open = not self.open
        self.button.label = N_("Close") if self.open else N_("Bot's view")

    def moment(self) -> BotMoment | None:
        """The bot decision at the cursor (worked out once per position)."""
        position = self.replay.position
        if position not in self._moments:
            self._moments[position] = bot_moment(self.replay.record, self.replay.state_at, position)
        return self._moments[position]

    def update(self) -> None:
        """Collect a finished answer, and ask for the one at the cursor while the panel is open."""
        if self._asked is not None and self._asked[1].done():
            asked, future = self._asked
            self._asked = None
            error = future.exception()
            if error is None:
                self._done[asked] = future.result()
            elif not isinstance(error, _Cancelled):  # said in the panel, and not asked again and again
                _log.warning("could not work out what seat %d inferred at action %d: %r", asked.seat, asked.position, error)
                self._failed.add(asked)
        if not self.open or not self.replay.ready:
            return
        moment = self.moment()
        if moment is None or moment in self._done or moment in self._failed or (
                self._asked is not None and self._asked[0] == moment):
            return
        self._cancel.set()
        self._cancel = cancel = threading.Event()
        self.progress = (0, 0)
        observation = bot_view(self.replay.state_at(moment.position), moment.seat)

        def told(done: int, total: int) -> None:
            if cancel.is_set():
                raise _Cancelled
            self.progress = (done, total)
        self._asked = (moment, self._pool.submit(infer, observation, told=told))

    @property
    def busy(self) -> bool:
        return self._asked is not None

    def view(self) -> BotPanelView | None:
        """What the open panel shows now (``None`` while closed)."""
        if not self.open:
            return None
        if not self.replay.ready:
            return BotPanelView(_("What did the bot think?"), (), _("Reading the game…"))
        moment = self.moment()
        if moment is None:
            return BotPanelView(_("What did the bot think?"), (), _("No bot decides here: step to a bot's move ({keys}).").format(
                keys=f"{label(REVIEW, 'back')} {label(REVIEW, 'forward')}"))
        names = self.replay.record.seats
        seat_names = [seat.name for seat in names]
        title = heading(seat_names, moment)
        inferred = self._done.get(moment)
        if moment in self._failed:
            return BotPanelView(title, (), _("This bot's guesses could not be worked out here."))
        if inferred is None:
            done, total = self.progress
            return BotPanelView(title, (), _("Guessing the hidden hands from its seat… {done}/{total}").format(
                done=done, total=total or "?"))
        key = (moment, language())
        shown = self._shown.get(key)
        if shown is None:  # the table before the bot's move is replayed once, not every frame
            state = self.replay.state_at(moment.position)
            truth = {guess.seat: held(state, guess.seat) for guess in inferred.guesses}
            rows = tuple((name, tuple(lines)) for name, lines in guess_lines(inferred, seat_names, truth))
            shown = self._shown[key] = BotPanelView(title, rows, note(inferred, seat_names))
        return shown

    def shutdown(self) -> None:
        """Stop guessing."""
        self._cancel.set()
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["BotPanel", "BotPanelView"]
