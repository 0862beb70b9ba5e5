"""The coach's review worked out while the game is played, and kept with the game.

A review searches every decision of a seat (about 70 ms each: 8.6 s for a game of
123 decisions), so a player who opens Review after the game would wait. ``ReviewKeeper``
asks a worker process (``thinking.Thinker``) for the coach's answer to each of the
human seats' decisions as soon as it is played, and notes the answers in the
match's record (``meta``, ``review.KEPT_KEY``), so the autosave, the archive and
every review of the game (the window's, ``thirtyone review``, the accuracy at game
over) read them instead of searching again. One request is out at a time; the
decisions played meanwhile go in the next one. The window calls ``after_action``
after every accepted action; it never waits.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from ..model import GameState, Phase
from ..model.record import GameRecord
from ..thinking import Thinker, Ticket, shared_thinker
from .review import KEPT_KEY, advise_decisions, is_kept_entry, kept_entry


class KeptMatch(Protocol):
    """What the keeper reads of a match (``controller.Match``)."""

    @property
    def record(self) -> GameRecord: ...
    @property
    def state(self) -> GameState: ...
    @property
    def action_count(self) -> int: ...
    def human_seats(self) -> tuple[int, ...]: ...
    def note(self, key: str, value: Any) -> None: ...
    def note_entry(self, key: str, path: Sequence[str], value: Any) -> None: ...


_DECIDING = (Phase.TURN, Phase.DISCARD)


def start_kept(match: KeptMatch) -> None:
    """Make ``match``'s record ready to keep this coach's answers (answers another version of the
    coach kept are let go: its search may answer otherwise). Reads the whole record: once a game."""
    if not is_kept_entry(match.record.meta.get(KEPT_KEY)):
        match.note(KEPT_KEY, kept_entry({}))


def note_answers(match: KeptMatch, answers: dict[str, object]) -> None:
    """Keep the coach's ``answers`` (by position key) in ``match``'s record, beside those kept already
    (after ``start_kept``). Each is a note of its own, so the cost does not grow with the game."""
    for position, answer in answers.items():
        match.note_entry(KEPT_KEY, ("answers", position), answer)


class ReviewKeeper:
    """Sends each human decision to the coach's worker and notes the answers in the match's record."""

    def __init__(self, thinker: Thinker | None = None) -> None:
        self.thinker = thinker or shared_thinker("thirtyone-review")
        """The worker (by default the run's one review worker, shared by every game and window)."""
        self._match: KeptMatch | None = None
        self._before: GameState | None = None
        self._count = 0
        self._waiting: list[tuple[int, int]] = []
        """``(record index, seat)`` of decisions played and not yet asked about."""
        self._ticket: Ticket | None = None

    def after_action(self, match: KeptMatch) -> None:
        """One more action was played in ``match``: take in answers, ask about a human's decision."""
        if match is not self._match:  # another game: nothing of the last one carries over
            self._match, self._waiting, self._ticket = match, [], None
            self._before, self._count = None, 0
            if match.human_seats():
                start_kept(match)
                if not self.thinker.busy:
                    self.thinker.start(kept_entry, {})  # the worker starts and imports the coach before the first answer
        before, count = self._before, match.action_count
        if before is not None and count == self._count + 1 and before.phase in _DECIDING \
                and before.current in match.human_seats():
            self._waiting.append((self._count, before.current))
        elif count <= self._count:  # a take-back: what was asked about may be gone, the keys say so
            self._waiting = [(index, seat) for index, seat in self._waiting if index < count]
        self._before, self._count = match.state, count
        self.poll()

    def poll(self) -> None:
        """Note answers that have arrived in the match's record; send the decisions waiting."""
        match, ticket = self._match, self._ticket
        if match is None:
            return
        if ticket is not None:
            answers = ticket.result()
            if not ticket.done:
                return
            self._ticket = None
            if isinstance(answers, dict) and answers:
                note_answers(match, answers)
        if self._waiting:
            self._ticket = self.thinker.start(advise_decisions, (match.record.to_json(), tuple(self._waiting)))
            self._waiting = []

    @property
    def busy(self) -> bool:
        """Whether answers are still being worked out."""
        return self._ticket is not None or bool(self._waiting)

    def close(self) -> None:
        """The window closes: the answer being worked out is forgotten (the worker is the run's)."""
        self._match, self._ticket, self._waiting = None, None, []


__all__ = ["ReviewKeeper", "note_answers", "start_kept"]
