"""Quick Draw for the controller: who may draw, and the bots' draws and answers.

Everything here is a pure function of the state, the game seed and the action
number, so a headless tournament, the window and a replay all see the same
bot decisions. Bots take part through two optional methods (see
``bots.gunslinger``): ``draw_out_of_turn(observation, rng) -> target | None``
and ``answer_draw(observation, shooter, target, rng) -> ms | None``; a bot
without them never draws out of turn and never answers.

How quick each seat is to answer is public at a real table, so ``introduce``
tells every bot that has ``meet(speeds)`` the table's reaction ranges once per
game: a bot's own ``reaction_ms``, ``HUMAN_REACTION_MS`` for a human or a bot
that does not say, ``None`` for a bot that never answers.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from .bots import Bot
from .bots.showdown import HUMAN_REACTION_MS, Speed
from .model import Action, GameState, Phase, QuickDraw
from .model import observe
from .model.rng import bot_seed
from .model.gunplay import why_gun_illegal


def table_speeds(bots: Mapping[int, Bot], seats: int) -> tuple[Speed | None, ...]:
    """Every seat's public answer time range after a draw (``None``: it never answers)."""
    speeds: list[Speed | None] = []
    for seat in range(seats):
        bot = bots.get(seat)
        if bot is not None and getattr(bot, "answer_draw", None) is None:
            speeds.append(None)
        else:
            speeds.append(getattr(bot, "reaction_ms", HUMAN_REACTION_MS))
    return tuple(speeds)


def introduce(bots: Mapping[int, Bot], seats: int) -> None:
    """Tell each bot that wants them the table's answer speeds (public facts, not the state)."""
    speeds = table_speeds(bots, seats)
    for bot in bots.values():
        meet = getattr(bot, "meet", None)
        if meet is not None:
            meet(speeds)


def draw_targets(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats ``seat`` may draw on now; empty if it may not draw (or Quick Draw is off)."""
    count = len(state.tokens)
    if not state.rules.quick_draw or not 0 <= seat < count:
        return ()
    # The engine's own check decides, so the window's Draw button can never disagree with it.
    return tuple(t for t in range(count) if why_gun_illegal(state, QuickDraw(seat, t)) is None)


def may_answer(state: GameState, seat: int, shooter: int) -> bool:
    """Whether ``seat`` could answer a draw by ``shooter`` (in the game, loaded, not the shooter)."""
    tokens = state.tokens
    return 0 <= seat < len(tokens) and seat != shooter and bool(tokens[seat]) and state.bullets[seat]


def bot_answers(state: GameState, bots: Mapping[int, Bot], seed: int, number: int,
                shooter: int, target: int) -> tuple[tuple[int, int], ...]:
    """Each loaded bot's answer to ``shooter`` drawing on ``target``, in seat order."""
    if not state.rules.quick_draw or state.is_terminal:
        return ()
    window = state.rules.answer_window_ms
    answers: list[tuple[int, int]] = []
    for seat in sorted(bots):
        if not may_answer(state, seat, shooter):
            continue
        decide = getattr(bots[seat], "answer_draw", None)
        if decide is None:
            continue
        after_ms = decide(observe(state, seat), shooter, target, random.Random(bot_seed(seed, seat, "answer", number)))
        if after_ms is not None:
            answers.append((seat, max(0, min(window, int(after_ms)))))
    return tuple(answers)


def merged_draw(state: GameState, shooter: int, target: int, human_answers: Sequence[tuple[int, int]],
                bot_replies: Sequence[tuple[int, int]]) -> QuickDraw:
    """One ``QuickDraw`` with every valid answer once, fastest first."""
    window = state.rules.answer_window_ms
    seen: set[int] = set()
    answers: list[tuple[int, int]] = []
    for seat, after_ms in list(human_answers) + list(bot_replies):
        if seat in seen or not 0 <= after_ms <= window or not may_answer(state, seat, shooter):
            continue  # too late, a second press, or nothing to fire
        seen.add(seat)
        answers.append((seat, int(after_ms)))
    answers.sort(key=lambda answer: (answer[1], answer[0]))
    return QuickDraw(shooter, target, tuple(answers))


def pending_bot_draw(state: GameState, bots: Mapping[int, Bot], seed: int,
                     actions: Sequence[Action]) -> QuickDraw | None:
    """The first bot, in seat order after the current one, that draws at the start of this turn."""
    if not bots or not state.rules.quick_draw or state.phase is not Phase.TURN:
        return None
    if actions and isinstance(actions[-1], QuickDraw):
        return None  # one draw per moment: the table settles before anyone draws again
    count = len(state.tokens)
    current = state.current
    for step in range(1, count):
        seat = (current + step) % count
        bot = bots.get(seat)
        if bot is None:
            continue
        targets = draw_targets(state, seat)
        decide = getattr(bot, "draw_out_of_turn", None)
        if not targets or decide is None:
            continue
        target = decide(observe(state, seat), random.Random(bot_seed(seed, seat, "draw", len(actions))))
        if target in targets:
            return QuickDraw(seat, target)
    return None
