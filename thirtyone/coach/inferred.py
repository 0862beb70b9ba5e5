"""What a bot inferred: its guesses at each opponent's hand, from its seat's observation alone.

``infer(observation)`` samples the hidden hands as the Expert does (``bots.inference.sample_hands``,
weighted by what each opponent picked up, threw away and passed over) and sums them up per
opponent: the suit it most likely collects, the range its hand value most likely lies in, and how
often it beat the bot's own hand (``bots.odds.my_value``, compared as ``beaten_chances`` does).
It reads nothing but the observation, and seeds its random stream from it, so the answer is what a
fair bot could know, the same every time, and unchanged by whatever the hidden cards really were.

The review sets it beside what each opponent really held (``held``), which only the finished game shows.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence

from ..bots.hands import keep_options, value_of
from ..bots.inference import sample_hands
from ..bots.odds import my_value
from ..bots.tracking import remember
from ..i18n import _, seat_name
from ..model import Card, Deal, GameState, Observation, Phase, QuickDraw, Rules, format_value, observe
from ..model.cards import SUIT_NAMES, format_cards
from ..model.record import GameRecord
from .advice import percent
from .search import observation_seed

SAMPLES = 400
"""Hands guessed per question: about 15 ms of sampling on the 2-core machine, so the window asks on a worker."""
TOLD_EVERY = 50
"""Samples between two progress reports."""
RANGE = (0.1, 0.9)
"""The value range shown: from the 10th to the 90th percentile of the guessed values."""


@dataclass(frozen=True, slots=True)
class Guess:
    """A bot's picture of one opponent's hand, over the hands it sampled."""

    seat: int
    suit: int
    """The suit the sampled hands most often count (an index into ``SUIT_NAMES``)."""
    suit_share: float
    low: float
    high: float
    """Most guessed values lie between these (``RANGE``)."""
    likely: float
    """The value guessed most often."""
    beats: float
    """The share of guesses better than the bot's own hand."""


@dataclass(frozen=True, slots=True)
class Inferred:
    """What one bot made of the table at one decision."""

    seat: int
    own_value: float
    guesses: tuple[Guess, ...]
    samples: int


@dataclass(frozen=True, slots=True)
class BotMoment:
    """A bot's decision in a replay: the table it saw and whether the cursor is just past it."""

    seat: int
    position: int
    """How many actions had been played when it decided."""
    acted: bool
    """Whether it has just acted (the move before the cursor); else it is about to."""


def _counted(cards: Sequence[Card], rules: Rules) -> tuple[float, int]:
    """A hand's value and the suit it counts (the best three of four while it is to discard)."""
    if len(cards) == 4:
        cards = [c for c in cards if c is not keep_options(cards, rules)[0][1]]
    totals = [0, 0, 0, 0]
    for card in cards:
        totals[card.suit] += card.value
    return value_of(cards, rules), max(range(4), key=lambda suit: (totals[suit], -suit))


def infer(observation: Observation, samples: int = SAMPLES, seed: int | None = None,
          told: Callable[[int, int], None] | None = None) -> Inferred:
    """The bot's guesses at every opponent still in the game, from ``observation`` only.

    ``told(done, total)`` hears the progress now and then (and may raise to stop the work).
    """
    rules = observation.rules
    rng = random.Random(observation_seed(observation) if seed is None else seed)
    memory = remember(observation)
    own = my_value(observation)
    others = [s for s in observation.active_seats if s != observation.seat and observation.hand_sizes[s]]
    values: dict[int, list[float]] = {s: [] for s in others}
    suits: dict[int, Counter[int]] = {s: Counter() for s in others}
    for done in range(samples):
        if told is not None and done % TOLD_EVERY == 0:
            told(done, samples)
        hands, _stock = sample_hands(observation, memory, rng)
        for seat in others:
            value, suit = _counted(hands[seat], rules)
            values[seat].append(value)
            suits[seat][suit] += 1
    guesses = []
    for seat in others:
        ordered = sorted(values[seat])
        suit, count = min(suits[seat].items(), key=lambda item: (-item[1], item[0]))
        likely = min(Counter(ordered).items(), key=lambda item: (-item[1], -item[0]))[0]
        guesses.append(Guess(seat, suit, count / samples, ordered[int(RANGE[0] * (samples - 1))],
                             ordered[int(RANGE[1] * (samples - 1))], likely, sum(v > own for v in ordered) / samples))
    if told is not None:
        told(samples, samples)
    return Inferred(observation.seat, own, tuple(guesses), samples)


def is_bot(record: GameRecord, seat: int) -> bool:
    """Whether a bot played ``seat``."""
    return record.seats[seat].player.startswith("bot:")


def bot_moment(record: GameRecord, state_at: Callable[[int], GameState], position: int) -> BotMoment | None:
    """The bot decision to explain at ``position``: the move just played if a bot made it, else the one a
    bot is about to make; ``None`` when neither is a bot's (a person's move, a deal, the end)."""
    if position > 0 and type(record.actions[position - 1]) not in (Deal, QuickDraw):  # a draw's answers are not turns
        before = state_at(position - 1)
        if before.phase in (Phase.TURN, Phase.DISCARD, Phase.CHOOSE) and is_bot(record, before.current):
            return BotMoment(before.current, position - 1, True)
    now = state_at(position)
    if now.phase in (Phase.TURN, Phase.DISCARD, Phase.CHOOSE) and is_bot(record, now.current):
        return BotMoment(now.current, position, False)
    return None


def bot_view(state: GameState, seat: int) -> Observation:
    """What the bot saw: the only thing ``infer`` is given."""
    return observe(state, seat)


def held(state: GameState, seat: int) -> tuple[str, float, int]:
    """What ``seat`` really held (cards as a player reads them, its value and counted suit): the finished game shows it."""
    value, suit = _counted(state.hands[seat], state.rules)
    return format_cards(state.hands[seat], symbols=True), value, suit


def heading(names: Sequence[str], moment: BotMoment) -> str:
    """``What did Ada think? (the move just played)`` or ``What is Ada thinking? (to move next)``."""
    name = seat_name(names[moment.seat])
    return (_("What did {name} think? (the move just played)") if moment.acted
            else _("What is {name} thinking? (to move next)")).format(name=name)


def guess_lines(inferred: Inferred, names: Sequence[str], truth: dict[int, tuple[str, float, int]]) -> list[tuple[str, list[str]]]:
    """Per opponent: its name and the lines of the bot's guess beside what it really held (``held``)."""
    bot = seat_name(names[inferred.seat])
    rows = []
    for guess in inferred.guesses:
        lines = [
            _("Guessed: collects {suit} ({share}), {low}–{high}, most likely {likely}").format(
                suit=_(SUIT_NAMES[guess.suit]), share=percent(guess.suit_share), low=format_value(guess.low),
                high=format_value(guess.high), likely=format_value(guess.likely)),
            _("Better than {name}'s {value}: {percent}").format(
                name=bot, value=format_value(inferred.own_value), percent=percent(guess.beats)),
        ]
        if guess.seat in truth:
            cards, value, suit = truth[guess.seat]
            lines.append(_("Really held: {cards} ({value}, {suit})").format(
                cards=cards, value=format_value(value), suit=_(SUIT_NAMES[suit])))
        rows.append((seat_name(names[guess.seat]), lines))
    return rows


def note(inferred: Inferred, names: Sequence[str]) -> str:
    """The line under the guesses: where they come from."""
    return _("From what {name} saw at the table alone: {count} guessed deals.").format(
        name=seat_name(names[inferred.seat]), count=inferred.samples)


__all__ = ["BotMoment", "Guess", "Inferred", "SAMPLES", "bot_moment", "bot_view", "guess_lines", "heading", "held",
           "infer", "is_bot", "note"]
