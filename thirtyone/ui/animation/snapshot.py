"""What the viewer may see right after a move: the animation's source for cards only the viewer knows."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Observation


@dataclass(frozen=True)
class Snapshot:
    """The viewer's observation right after the events, for the cards only the viewer may see."""

    observation: Observation
    faces: bool
    """Whether the viewer's own cards may be shown face up."""


__all__ = ["Snapshot"]
