"""The round's big moments as animation steps: shuffle and deal, showdown, lives to the kitty.

``RoundSteps`` is a part of ``Choreographer`` (see ``choreography``), which holds one and
hands itself over as a ``StepHost``: its ``view``, ``tweener``, ``sound`` and duration helper ``d``.
"""

from __future__ import annotations

from functools import partial

from ...model import Card, events as ev
from ...model.scoring import counted_cards, format_value
from . import easing
from .sprites import CardSprite, TokenSprite
from .snapshot import Snapshot
from .step_host import StepHost



class RoundSteps:
    """Steps for RoundStarted, Dealt, the reveal, RoundEnded and LifeLost."""

    def __init__(self, host: StepHost) -> None:
        self.host = host
    def round_started(self, event: ev.RoundStarted) -> float:
        view = self.host.view
        view.dealer = event.dealer
        view.current = -1
        view.revealed = False
        view.counted = frozenset()
        view.just_drawn = None
        view.selected.clear()
        view.board_selected.clear()
        for seat in view.seats:
            seat.knocked = False
            seat.value_text = ""
        gathered = [s for hand in view.hands for s in hand] + view.discard + view.board
        view.hands = [[] for _ in view.names]
        view.discard, view.board = [], []
        for i, sprite in enumerate(gathered):
            view.transit.append(sprite)
            self.host.move(sprite, self.host.d(0.4), delay_s=self.host.d(0.015) * i, flip=0.0, ease=easing.accel_decel)
            self.host.tweener.after(self.host.d(0.45) + self.host.d(0.015) * i, partial(self.host.remove_transit, sprite), animates=True)
        gather_s = self.host.d(0.45) + self.host.d(0.015) * len(gathered) if gathered else 0.0
        view.stock_count = len(self.host.rules.cards)
        # The shuffle: a few backs riffle out of the stock and back.
        u = view.layout.unit
        for k in range(6):
            sprite = self.host.new_card()
            view.transit.append(sprite)
            side = -1 if k % 2 else 1
            start = gather_s + self.host.d(0.09) * k
            sprite.from_x = sprite.x + side * 60 * u
            self.host.tweener.after(start, partial(self._riffle, sprite, side), animates=True)
        self.host.sound.play("swap")
        return gather_s + self.host.d(0.9)

    def _riffle(self, sprite: CardSprite, side: int) -> None:
        u = self.host.view.layout.unit
        sprite.start_move()
        sprite.from_x += side * 70 * u
        sprite.from_y -= 10 * u
        sprite.lift = 12 * u
        self.host.tweener.animate(sprite, self.host.d(0.35), easing.accel_decel, t=1.0,
                             on_finished=lambda: self.host.remove_transit(sprite))

    def dealt(self, event: ev.Dealt, snap: Snapshot, ended: ev.RoundResult | None) -> float:
        view, u = self.host.view, self.host.view.layout.unit
        obs = snap.observation
        own: tuple[Card, ...] = ()
        if snap.faces:
            own = ended.hands[obs.seat] if ended is not None and ended.hands[obs.seat] else obs.hand
        step = self.host.d(0.075)
        delay = 0.0
        for r in range(3):
            for seat in event.order:
                card = own[r] if seat == obs.seat and r < len(own) else None
                sprite = self.host.new_card(card)
                view.hands[seat].append(sprite)
                self.host.move(sprite, self.host.d(0.3), delay_s=delay, lift=10 * u, flip=1.0 if card else None)
                delay += step
        for seat in event.order:
            for sprite in view.hands[seat]:
                sprite.from_x, sprite.from_y = self.host.view.stock_xy()
        view.stock_count -= 3 * len(event.order)
        for i, card in enumerate(event.board or ((event.upcard,) if event.upcard else ())):
            sprite = self.host.new_card(card)
            (view.board if event.board else view.discard).append(sprite)
            self.host.move(sprite, self.host.d(0.35), delay_s=delay + self.host.d(0.12) * i, flip=1.0)
            view.stock_count -= 1
        if self.host.rules.dealer_choice:  # the spare hand, face down where the middle goes
            for i in range(3):
                sprite = self.host.new_card(None)
                view.board.append(sprite)
                self.host.move(sprite, self.host.d(0.35), delay_s=delay + self.host.d(0.12) * i)
                view.stock_count -= 1
        self.host.sound.play("deal")
        return delay + self.host.d(0.6)

    def reveal(self, seat: int, hand: tuple[Card, ...], delay_s: float, snap: Snapshot) -> None:
        sprites = self.host.view.hands[seat]
        for sprite, card in zip(sprites, hand):
            sprite.card = card
            if sprite.flip < 1.0:
                self.host.tweener.animate(sprite, self.host.d(0.3), easing.accel_decel, delay_s, flip=1.0)

    def round_ended(self, result: ev.RoundResult, snap: Snapshot) -> float:
        view = self.host.view
        rules = snap.observation.rules
        counted: set[Card] = set()
        delay = 0.0
        for seat, hand in enumerate(result.hands):
            if not hand:
                continue
            self.reveal(seat, hand, delay, snap)
            delay += self.host.d(0.12)
            if len(hand) == 3:
                counted.update(counted_cards(hand, rules))
            score = result.scores[seat]
            view.seats[seat].value_text = format_value(score) if score is not None else ""
        view.revealed = True
        view.counted = frozenset(counted)
        self.host.sound.play("swap")
        return delay + self.host.d(1.2)

    def life_lost(self, event: ev.LifeLost) -> float:
        view, layout = self.host.view, self.host.view.layout
        seat_view = view.seats[event.seat]
        before = seat_view.tokens
        seat_view.tokens = event.tokens_left
        self.host.sound.play("life_lost")
        for k in range(event.lives):
            index = before - 1 - k
            honor = view.honor_life and index == 0
            fx, fy = layout.token(event.seat, max(0, index))
            tx, ty = layout.kitty_token(len(view.kitty) + k)
            token = TokenSprite(fx, fy, honor, layout.token_size * 1.5, from_xy=(fx, fy), to_xy=(tx, ty))
            view.tokens.append(token)
            self.host.tweener.animate(token, self.host.d(0.7), easing.accel_decel, self.host.d(0.2) * k,
                                 on_finished=partial(self._token_landed, token), t=1.0)
        return self.host.d(0.7 + 0.2 * (event.lives - 1) + 0.1)

    def _token_landed(self, token: TokenSprite) -> None:
        if token in self.host.view.tokens:
            self.host.view.tokens.remove(token)
        self.host.view.kitty.append(token.honor)
