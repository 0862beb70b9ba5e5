"""A game review: the coach at each of one seat's decisions, the costliest marked, and each round's lives.

Built from a game record, so any finished (or unfinished) game can be
reviewed, old records included: the record reader writes their decks out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator

from ..i18n import _, seat_name
from ..model import Action, Deal, GameState, Phase, QuickDraw, format_value, hand_value
from ..model import legal_actions, observe
from ..model.record import GameRecord
from .advice import ING, PAST, Advice, advise, label_for, percent

COSTLIEST = 3
"""How many decisions a review marks as the costliest."""


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int
    """Position of the action in the record (0-based)."""
    round_number: int
    move: Action
    move_label: str
    hand_value: float
    """The seat's hand value before the move (three cards; four while discarding: the best three)."""
    advice: Advice
    best_words: str = ""
    """The coach's best move as the subject of a sentence (``knocking now``)."""

    @property
    def move_chance(self) -> float | None:
        """The odds the coach gave the move made."""
        return self.advice.chance_of(self.move)

    @property
    def cost(self) -> float:
        """How much more often the best move would have kept the seat's lives (0 when it was played)."""
        best, made = self.advice.best.keep_chance, self.move_chance
        if best is None or made is None:
            return 0.0
        return max(0.0, best - made)

    def sentence(self) -> str:
        """``Round 3: you knocked with 19; Draw would have kept your life 23% more often``."""
        made = self.move_label[0].lower() + self.move_label[1:]
        text = _("Round {number}: {move} with {value}").format(number=self.round_number, move=made,
                                                              value=format_value(self.hand_value))
        if self.cost > 0:
            text += _("; {move} would have kept your life {percent} more often").format(
                move=self.best_words, percent=percent(self.cost))
        return text


@dataclass(frozen=True)
class GameReview:
    """Every decision of one seat, the costliest marked, and a line per round."""

    seat: int
    names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    round_lines: tuple[str, ...] = field(default=())

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The (up to) three decisions that cost the most, costliest first; free ones are never marked."""
        ranked = sorted((d for d in self.decisions if d.cost > 0), key=lambda d: (-d.cost, d.index))
        return tuple(ranked[:COSTLIEST])

    def to_dict(self) -> dict[str, object]:
        """The review as plain data (for ``--json``)."""
        marked = {d.index for d in self.costliest}
        return {
            "seat": self.seat + 1,  # counted from 1, as --seat and every line of the review count seats
            "name": self.names[self.seat],
            "decisions": [{
                "action": d.index + 1,
                "round": d.round_number,
                "move": str(d.move),
                "move_text": d.move_label,
                "move_chance": d.move_chance,
                "best": str(d.advice.best.action),
                "best_text": d.advice.best.label,
                "best_chance": d.advice.best.keep_chance,
                "costliest": d.index in marked,
            } for d in self.decisions],
            "rounds": list(self.round_lines),
        }


def seat_decisions(record: GameRecord, seat: int) -> Iterator[tuple[int, GameState, Action]]:
    """``(index, state before, action)`` for every choice the seat made (forced moves left out)."""
    for index, (before, action, _after, _events) in enumerate(record.replay()):
        if type(action) is Deal or isinstance(action, QuickDraw) or before.current != seat:
            continue
        if before.phase not in (Phase.TURN, Phase.DISCARD) or len(legal_actions(before)) < 2:
            continue
        yield index, before, action


def round_lines(record: GameRecord, reader: int) -> tuple[str, ...]:
    """One line per finished round: who lost lives, and why, told to ``reader`` (the seat under review)."""
    names = [seat.name for seat in record.seats]
    lines = []
    for result in record.final_state().results:
        losers = [f"{seat_name(names[s])} -{n}" for s, n in enumerate(result.lives_lost) if n > 0]
        reasons = result.reasons_for(reader)  # the reviewed seat reads its own sentence, as at the table
        why = next((reasons[s] for s, n in enumerate(result.lives_lost) if n > 0), "")
        line = _("Round {number}: {losses}").format(number=result.round_number,
                                                      losses=", ".join(losers) or _("no lives lost"))
        lines.append(f"{line} ({why})" if why else line)
    return tuple(lines)


def review_record(record: GameRecord, seat: int,
                  progress: Callable[[int, int], None] | None = None) -> GameReview:
    """The coach's review of ``seat``'s decisions; ``progress(done, total)`` is told as it goes."""
    if not 0 <= seat < len(record.seats):
        raise ValueError(_("seat {number} is not at this table (seats 1 to {count})").format(
            number=seat + 1, count=len(record.seats)))
    names = tuple(s.name for s in record.seats)
    todo = list(seat_decisions(record, seat))
    decisions = []
    for done, (index, before, action) in enumerate(todo):
        observation = observe(before, seat)
        hand = observation.hand
        value = max(hand_value(tuple(c for c in hand if c is not drop), before.rules) for drop in hand) \
            if len(hand) == 4 else hand_value(hand, before.rules)
        advice = advise(observation, also=action)
        label = label_for(action, observation, PAST)
        best_words = label_for(advice.best.action, observation, ING)
        decisions.append(Decision(index, before.round_number, action, label, value, advice, best_words))
        if progress:
            progress(done + 1, len(todo))
    return GameReview(seat, names, tuple(decisions), round_lines(record, seat))


__all__ = ["COSTLIEST", "Decision", "GameReview", "review_record", "round_lines", "seat_decisions"]
