"""A Quick Draw's open answer window: who drew on whom, who may still fire back, and the clock."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Standoff:
    """One draw whose answer window is open."""

    shooter: int
    target: int
    window_s: float
    answerers: tuple[int, ...]
    """Human seats that may fire back (in the game, loaded, not the shooter)."""
    elapsed_s: float = 0.0
    """Time since the cue was on screen."""
    answers: dict[int, int] = field(default_factory=dict)
    """Seat → milliseconds after the cue was shown at which it fired back."""
    cue_drawn: bool = False
    """The cue has been drawn into a frame (it is on screen from that frame's flip)."""
    shown_s: float = 0.0
    """``perf_counter`` time of the flip that first showed the cue (0 until then, or without a window)."""

    @property
    def left_s(self) -> float:
        return max(0.0, self.window_s - self.elapsed_s)

    @property
    def closed(self) -> bool:
        return self.elapsed_s >= self.window_s or all(seat in self.answers for seat in self.answerers)


__all__ = ["Standoff"]
