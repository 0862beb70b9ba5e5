"""Turns the stream of public events into timed animation steps on the table view.

Each event becomes one step that starts tweens and says how long to wait before
the next one; the steps run in order, so the table tells the story as it
happened. All durations are base seconds scaled by the animation speed, so
"instant" plays every step in one update.
"""

from __future__ import annotations

from functools import partial
from collections import deque
from typing import Any, Callable

from ...i18n import _
from ...model import Card, Rules, events as ev
from ...model.scoring import shown_name
from . import easing
from ..oldwest.duel import DuelSteps
from ..narration import honor_status
from .round_steps import RoundSteps
from .snapshot import Snapshot
from ...storage.settings import Settings
from ..sound import SoundBoard
from .sprites import CardSprite, Popup
from ..table.view import TableView
from .tween import Tweener


class Choreographer:
    """A queue of animation steps over one ``TableView``."""

    def __init__(self, view: TableView, rules: Rules, settings: Settings, sound: SoundBoard, tweener: Tweener,
                 log: Callable[[ev.Event, int | None], object]) -> None:
        self.view = view
        self.rules = rules
        """The match's rules: the log and the popups use their words (a kitty, 004's zero lives)."""
        self.settings = settings
        self.sound = sound
        self.tweener = tweener
        self.log = log
        self.queue: deque[Callable[[], float]] = deque()
        self.wait_s = 0.0
        self.rounds = RoundSteps(self)
        """Dealing, the round's end and lost lives."""
        self.duels = DuelSteps(self)
        """Old West: guns drawn, shots, smoke, players shot."""

    # -- running -------------------------------------------------------------------------
    def d(self, base_s: float) -> float:
        return self.settings.duration_s(base_s)

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait_s > 0 or self.tweener.busy

    def update(self, dt: float) -> None:
        """Run steps whose time has come, then advance tweens by ``dt``."""
        self.wait_s -= dt
        while self.wait_s <= 0 and self.queue:
            self.wait_s += max(0.0, self.queue.popleft()())
        if not self.queue:
            self.wait_s = max(0.0, self.wait_s)
        self.tweener.update(dt)

    def skip(self) -> None:
        """Play everything queued at once."""
        while self.queue:
            self.queue.popleft()()
        self.wait_s = 0.0
        self.tweener.finish_all()

    def then(self, step: Callable[[], float]) -> None:
        self.queue.append(step)

    def play(self, events: tuple[ev.Event, ...], snapshot: Snapshot) -> None:
        """Queue one step per event, and a final one that settles counts."""
        ended = next((e.result for e in events if isinstance(e, ev.RoundEnded)), None)
        for event in events:
            self.then(partial(self._step, event, snapshot, ended))

    # -- helpers -----------------------------------------------------------------------------
    def move(self, sprite: CardSprite, duration_s: float, delay_s: float = 0.0, lift: float = 0.0,
             flip: float | None = None, ease: Callable[[float], float] = easing.out_cubic) -> None:
        sprite.start_move()
        sprite.lift = lift
        self.tweener.animate(sprite, duration_s, ease, delay_s, t=1.0)
        if flip is not None and flip != sprite.flip:
            self.tweener.animate(sprite, duration_s * 0.8, easing.accel_decel, delay_s + duration_s * 0.1, flip=flip)

    def reflow(self, seat: int, duration_s: float) -> None:
        for sprite in self.view.hands[seat]:
            if sprite.t >= 1.0:
                self.move(sprite, duration_s)

    def popup(self, text: str, x: float, y: float, size: float, colour: Any, hold_s: float = 0.9,
              background: Any = (20, 20, 20)) -> float:
        popup = Popup(text, x, y, size, colour, background=background)
        self.view.popups.append(popup)
        grow = self.d(0.25)
        self.tweener.animate(popup, grow, easing.out_back, scale=1.0)

        def fade() -> None:
            self.tweener.animate(popup, self.d(0.4), easing.linear, on_finished=lambda: self._drop(popup), alpha=0.0)
        self.tweener.animate(popup, 0.0 if grow == 0 else grow + self.d(hold_s), easing.linear, on_finished=fade,
                             y=y - (6 if grow else 0))
        return grow + self.d(hold_s)

    def _drop(self, popup: Popup) -> None:
        if popup in self.view.popups:
            self.view.popups.remove(popup)

    def seat_xy(self, seat: int) -> tuple[float, float]:
        geo = self.view.layout.seat_geo[seat]
        return geo.hand_center

    def faces_for(self, seat: int, snapshot: Snapshot) -> bool:
        return snapshot.faces and seat == snapshot.observation.seat

    def new_card(self, card: Card | None = None) -> CardSprite:
        x, y = self.view.stock_xy()
        layout = self.view.layout
        return CardSprite(card, x=x, y=y, width=layout.stock.w or layout.center_card_w, t=1.0)

    # -- one event ---------------------------------------------------------------------------
    def _step(self, event: ev.Event, snap: Snapshot, ended: ev.RoundResult | None) -> float:
        view, layout = self.view, self.view.layout
        self.log(event, view.you)  # kept with the seat looking now; the log reads it for whoever looks later
        u = layout.unit
        if isinstance(event, ev.RoundStarted):
            return self.rounds.round_started(event)
        if isinstance(event, ev.Dealt):
            return self.rounds.dealt(event, snap, ended)
        if isinstance(event, ev.DrewFromStock):
            mine = self.faces_for(event.seat, snap)
            sprite = self.new_card(snap.observation.drawn if mine else None)
            view.hands[event.seat].append(sprite)
            view.stock_count = max(0, view.stock_count - 1)
            view.just_drawn = snap.observation.drawn if mine else None
            self.move(sprite, self.d(0.38), lift=30 * u, flip=1.0 if mine else None)
            self.reflow(event.seat, self.d(0.25))
            self.sound.play("draw")
            return self.d(0.42)
        if isinstance(event, ev.TookDiscard):
            sprite = view.discard.pop() if view.discard else CardSprite(event.card, flip=1.0)
            sprite.card = event.card
            view.hands[event.seat].append(sprite)
            mine = self.faces_for(event.seat, snap)
            view.just_drawn = event.card if mine else None
            self.move(sprite, self.d(0.38), lift=30 * u, flip=None if mine else 0.0)
            self.reflow(event.seat, self.d(0.25))
            self.sound.play("draw")
            return self.d(0.42)
        if isinstance(event, ev.Discarded):
            hand = view.hands[event.seat]
            index = view.find_in_hand(event.seat, event.card, event.card.index % max(1, len(hand)))
            view.selected.clear()
            view.just_drawn = None
            sprite = hand.pop(index) if hand else self.new_card()
            sprite.card = event.card
            view.discard.append(sprite)
            if len(view.discard) > 10:
                view.discard.pop(0)
            self.move(sprite, self.d(0.36), lift=24 * u, flip=1.0)
            self.reflow(event.seat, self.d(0.25))
            self.sound.play("discard")
            return self.d(0.4)
        if isinstance(event, ev.Swapped):
            return self._swapped(event.seat, [event.gave], [event.took], snap)
        if isinstance(event, ev.SwappedAll):
            return self._swapped(event.seat, list(event.gave), list(event.took), snap)
        if isinstance(event, ev.DealerChose):
            return self._dealer_chose(event, snap)
        if isinstance(event, ev.Passed):
            x, y = self.seat_xy(event.seat)
            return self.popup(_("Pass"), x, y, 24 * u, (230, 230, 230), 0.5)
        if isinstance(event, ev.Knocked):
            view.seats[event.seat].knocked = True
            self.sound.play("knock")
            x, y = self.seat_xy(event.seat)
            text = _("Knock under the gun!") if event.under_the_gun else _("Knock! Knock!")
            return self.popup(text, x, y, 34 * u, (255, 214, 90), 0.8)
        if isinstance(event, ev.StockReshuffled):
            keep = view.discard[-1:]
            for i, sprite in enumerate(view.discard[:-1]):
                view.transit.append(sprite)
                self.move(sprite, self.d(0.35), delay_s=self.d(0.03) * i, flip=0.0,
                          ease=easing.accel_decel)
                self.tweener.after(self.d(0.4) + self.d(0.03) * i, partial(self.remove_transit, sprite),
                                   animates=True)
            view.discard = keep
            view.stock_count += event.cards
            self.sound.play("swap")
            return self.d(0.6)
        if isinstance(event, (ev.BoardRefreshed, ev.NewCardsLaid)):
            for sprite in view.board:
                view.transit.append(sprite)
                self.move(sprite, self.d(0.35), flip=0.0)
                self.tweener.animate(sprite, self.d(0.45), on_finished=partial(self.remove_transit, sprite),
                                     alpha=0.0)
            view.board = []
            for i, card in enumerate(event.new):
                sprite = self.new_card(card)
                view.board.append(sprite)
                self.move(sprite, self.d(0.35), delay_s=self.d(0.4 + 0.1 * i), flip=1.0)
            self.sound.play("deal")
            return self.d(0.9)
        if isinstance(event, ev.Showed31):
            self.sound.play("thirty_one")
            for seat, shown in zip(event.seats, event.hands):
                self.rounds.reveal(seat, shown, 0.0, snap)
                x, y = self.seat_xy(seat)
                view.confetti.burst(x, y, 60, 600 * u, u)
                word = _("Fire!") if shown_name((shown,)) == "fire" else "31!"
                self.popup(word, x, y - 20 * u, 56 * u, (255, 214, 90), 1.2, background=(90, 20, 20))
            return self.d(1.6)
        if isinstance(event, ev.RoundEnded):
            return self.rounds.round_ended(event.result, snap)
        if isinstance(event, ev.LifeLost):
            return self.rounds.life_lost(event)
        if isinstance(event, ev.OnHonor):
            view.seats[event.seat].honor = True
            plate = layout.seat_geo[event.seat].plate
            you = event.seat == view.you
            status = honor_status(self.rules.honor_at_zero, you, self.rules.honor_swims)
            own = (_("Still in at zero lives") if self.rules.honor_at_zero else
                   _("You swim") if self.rules.honor_swims else _("On your honor"))
            text = own if you else _("{name}: {status}").format(name=view.names[event.seat], status=status)
            return self.popup(text, plate.center[0], plate.y - 14 * u, 22 * u, (255, 214, 90), 0.8)
        if isinstance(event, ev.Eliminated):
            return self.duels.eliminated(event, snap)
        if isinstance(event, (ev.GunDrawn, ev.Fired, ev.Misfired, ev.Hit)):
            return self.duels.gun_step(event, snap)
        if isinstance(event, ev.Won):
            self.sound.play("win")
            x, y = self.seat_xy(event.seat)
            for k in range(3):
                view.confetti.burst(x + (k - 1) * 120 * u, y, 90, 900 * u, u)
            return self.popup(_("{name} wins!").format(name=view.names[event.seat]), x, y - 30 * u, 48 * u, (255, 214, 90), 1.5,
                              background=(30, 60, 30))
        return 0.0

    def remove_transit(self, sprite: CardSprite) -> None:
        if sprite in self.view.transit:
            self.view.transit.remove(sprite)

    def _dealer_chose(self, event: ev.DealerChose, snap: Snapshot) -> float:
        """The rejected hand turns up in the middle; a dealer who took the spare picks it up."""
        view, u = self.view, self.view.layout.unit
        seat = event.dealer
        if event.took_spare:
            mine = self.faces_for(seat, snap)
            new_hand = snap.observation.hand if mine else ()
            hand = view.hands[seat]
            for i, card in enumerate(event.board):
                if i >= len(hand) or i >= len(view.board):
                    break
                laid, picked = hand[i], view.board[i]
                laid.card = card
                picked.card = new_hand[i] if i < len(new_hand) else None
                hand[i], view.board[i] = picked, laid
                self.move(laid, self.d(0.45), lift=20 * u, flip=1.0)
                self.move(picked, self.d(0.45), lift=20 * u, flip=1.0 if picked.card else 0.0)
            text = _("Takes the spare")
        else:
            for sprite, card in zip(view.board, event.board):
                sprite.card = card
                self.move(sprite, self.d(0.35), flip=1.0)
            text = _("Keeps the hand")
        self.sound.play("swap")
        x, y = self.seat_xy(seat)
        self.popup(text, x, y, 24 * u, (230, 230, 230), 0.5)
        return self.d(0.6)

    def _swapped(self, seat: int, gave: list[Card], took: list[Card], snap: Snapshot) -> float:
        view = self.view
        mine = self.faces_for(seat, snap)
        hand = view.hands[seat]
        for give, take in zip(gave, took):
            hi = view.find_in_hand(seat, give, give.index % max(1, len(hand)))
            bi = next((i for i, s in enumerate(view.board) if s.card is take), 0)
            if not hand or not view.board:
                continue
            hand_sprite, board_sprite = hand[hi], view.board[bi]
            hand_sprite.card = give
            hand[hi], view.board[bi] = board_sprite, hand_sprite
            self.move(hand_sprite, self.d(0.45), lift=20 * view.layout.unit, flip=1.0)
            self.move(board_sprite, self.d(0.45), lift=20 * view.layout.unit, flip=None if mine else 0.0)
        view.selected.clear()
        view.board_selected.clear()
        self.sound.play("swap")
        return self.d(0.55)
