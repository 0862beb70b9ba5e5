"""A game's accuracy and the lives given away, read off the coach's review.

* **Accuracy**: the share of the seat's decisions (those the coach gave odds for) whose
  move kept its life within ``MARGIN`` of the best move's chance. A game of only best
  moves is 100%.
* **Lives given away**: the sum over those decisions of the chance lost against the best
  move (``Decision.cost``): 0.25 + 0.5 is three quarters of a life given away.

The margin is two percentage points: the coach's odds are estimates (1,200 play-outs of a
simple policy, calibrated; ``docs/coach.md``), and a move that close to the best gives away
at most one life in fifty such decisions, so it is not counted as a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass

from .review import GameReview

MARGIN = 0.02
"""A move within this much of the best move's chance counts as accurate."""


@dataclass(frozen=True)
class Accuracy:
    """How closely one seat followed the coach's best moves in one game."""

    decisions: int
    """Decisions the coach gave odds for (forced moves and unscored ones are left out)."""
    accurate: int
    given_away: float
    """Lives given away: the sum of the chance lost against the best move."""

    @property
    def share(self) -> float | None:
        """Accurate decisions as a share of all scored ones (``None``: no decision to score)."""
        return self.accurate / self.decisions if self.decisions else None

    def to_dict(self) -> dict[str, object]:
        return {"scored_decisions": self.decisions, "accurate_decisions": self.accurate,
                "accuracy": None if self.share is None else round(self.share, 4),
                "lives_given_away": round(self.given_away, 4)}


def accuracy_of(review: GameReview, margin: float = MARGIN) -> Accuracy:
    """The accuracy and lives given away of the reviewed seat."""
    scored = [d for d in review.decisions if d.move_chance is not None and d.advice.best.keep_chance is not None]
    return Accuracy(len(scored), sum(1 for d in scored if d.cost <= margin), sum(d.cost for d in scored))





def accuracy_of_record(task: tuple[str, int]) -> dict[str, object]:
    """``accuracy_of`` a record given as JSON text and a seat, as plain data (a worker process's task)."""
    from ..model.record import GameRecord
    from .review import review_record
    text, seat = task
    return accuracy_of(review_record(GameRecord.from_json(text), seat)).to_dict()
__all__ = ["MARGIN", "Accuracy", "accuracy_of", "accuracy_of_record"]
