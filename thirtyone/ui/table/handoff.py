"""Pass-and-play at the table: one screen handed from player to player, each hand hidden in between."""

from __future__ import annotations

from ..animation import easing
from .host import HandOffHost


class HandOff:
    """Turns the last player's hand face down, asks for the next player, then shows theirs.

    A part of ``TableScene``; the hand-off screen itself is a scene the table pushes.
    """

    def __init__(self, host: HandOffHost) -> None:
        self.host = host
        self.awaiting = -1
        """The seat the hand-off screen was shown for, until that player takes the seat."""

    def after_move(self, seat: int, turn_over: bool) -> None:
        """After ``seat``'s move: once its turn is over, its hand turns face down when the cards settle."""
        view = self.host.view
        if self.host.pass_and_play and seat == view.face_seat and turn_over:
            view.face_seat = -1
            self.host.ctx.speech.listen(None)  # from here on, lines are for whoever is near the screen
            self.host.choreo.then(self._hide_hand)

    def _hide_hand(self) -> float:
        host = self.host
        view, settings = host.view, host.ctx.settings
        if view.revealed:
            return 0.0
        for sprite in view.hands[view.viewer]:
            host.tweener.animate(sprite, settings.duration_s(0.25), easing.accel_decel, flip=0.0)
        return settings.duration_s(0.3)

    def waits_for(self, seat: int) -> bool:
        """Whether the human ``seat`` must take the screen before playing (its hand is not on it)."""
        return self.host.pass_and_play and self.host.view.face_seat != seat

    def ask(self, seat: int) -> bool:
        """Whether to show the hand-off screen for ``seat`` now (once per hand-off)."""
        if self.awaiting == seat:
            return False
        self.awaiting = seat
        return True

    def take_seat(self, seat: int) -> None:
        """``seat``'s player has the screen: the table is seen from there, and the hand turns face up."""
        host = self.host
        view = host.view
        self.awaiting = -1
        view.viewer = seat
        view.face_seat = seat
        host.ctx.speech.listen(seat)
        host.seen = host.session.take_seat(seat)
        view.sync(host.seen, host.kinds)
        view.place(host.ctx.size)
        for sprite in view.hands[seat]:
            sprite.flip = 0.0
            host.tweener.animate(sprite, host.ctx.settings.duration_s(0.3), easing.accel_decel, flip=1.0)


__all__ = ["HandOff"]
