"""Expert: plays like Sharp, and searches the decisions that cost lives in sampled worlds.

Four kinds of decision are searched: whether to knock, whether to take the
face-up card or draw, which card to throw, and every choice of the last turn
after someone else has knocked (take or draw, what to throw, which swap). Each
search samples worlds consistent with the observation (opponents' hands
weighted by what their picks and discards reveal), plays every candidate move
in each world to the end of the round, and compares the equity (chance to win the game, judged by lives).
Its play-outs lean: opponents knock earlier than the plain play-out, and the
Expert itself later (see ``OWN_LEAN``). The same worlds serve every candidate, so their
differences are not noise; the search overrides Sharp only when the paired
gain is clearly above zero.

The number of play-outs is fixed by ``budget_ms`` × ``PLAYOUTS_PER_MS``, a
planning rate set well below this machine's speed, so the same seed gives the
same move on any machine and under any load. The clock only guards against a
pathological stall (a search still running at ``STALL_FACTOR`` × the budget
stops); tournaments turn it off (``clock=False``) so their results never
depend on the machine.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from ..model import Action, Discard, GameState, Observation, Phase, Swap, SwapAll
from ..model import apply_trusted
from ..model.actions import DRAW, KNOCK, PASS, SWAP_ALL, TAKE
from .fastround import Lean
from .hands import value_of
from .inference import sample_world
from .rollout import equity, play_out
from .sharp import SharpBot, deck_raise
from .sure31 import sure_31
from .tracking import TableMemory, remember

DEFAULT_BUDGET_MS = 240.0
BUDGET_MS_RANGE = (1.0, 10_000.0)
"""The budgets an Expert accepts: from one play-out to 15,000 (about 10 s of thought on this machine)."""
PLAYOUTS_PER_MS = 1.5
"""Play-outs per millisecond of budget at up to ``FULL_RATE_PLAYERS`` players: a fixed count per decision."""
FULL_RATE_PLAYERS = 4
"""Above this many players still in, the count shrinks in proportion: every world has more hidden
hands to guess and longer rounds to play (at 8 players a play-out and its guess cost about twice
as much), so a decision costs about the same at any table size."""
STALL_FACTOR = 4.0
"""With the clock on, a search still running after this many budgets stops (a stalled machine)."""
KNOCK_CONFIDENCE = 0.5
"""Standard errors a knock decision must gain over Sharp's before the search prefers it."""
LAST_TURN_CONFIDENCE = 1.0
"""The same for the last turn after a knock (short play-outs, so little policy noise)."""
DRAW_CONFIDENCE = 1.0
"""The same for taking the face-up card or drawing (a knock searched beside them needs it too)."""
DISCARD_CONFIDENCE = 2.0
"""The same for which card to throw before anyone has knocked: the play-outs run a long way from
there, so their policy's noise is large and only a clear gain may overrule Sharp's throw (searched
with less care and a third of the play-outs, it threw worse than Sharp: docs/bots.md)."""
SWAP_CONFIDENCE = 2.0
"""The same for which swap to make (or whether to pass) on a board before anyone has knocked: as
far from the round's end as a throw, so held to the same care."""
MAX_SWAPS = 3
"""Board games: the best swaps by hand value that the last-turn search considers."""
OWN_LEAN = 2.0
"""Points added to the Expert's own knocking threshold in its play-outs: it plays on with a better policy than theirs."""
OTHERS_LEAN = -2.0
"""Points added to everyone else's: the Expert plans for opponents who knock early."""


class ExpertBot:
    """Sharp plus a search of knocks, draws and last turns; ``budget_ms`` sets the play-outs per decision."""

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, uniform_hands: bool = False,
                 last_turn: bool = True, knock_confidence: float = KNOCK_CONFIDENCE,
                 last_turn_confidence: float = LAST_TURN_CONFIDENCE,
                 value: Callable[[tuple[int, ...], int, int], float] = equity, clock: bool = True,
                 search_draws: bool = True, search_discards: bool = True, own_lean: float = OWN_LEAN,
                 others_lean: float = OTHERS_LEAN, deck_lean: bool = True, search_swaps: bool = True,
                 swap_confidence: float | None = None) -> None:
        low, high = BUDGET_MS_RANGE
        if not low <= budget_ms <= high:  # also refuses nan
            raise ValueError(f"the Expert's budget must be {low:g} to {high:g} ms, not {budget_ms}")
        self.budget_ms = budget_ms
        self.clock = clock
        """Whether a stalled search may be cut short (off: the same moves on any machine, always)."""
        self.uniform_hands = uniform_hands
        """Guess opponents' cards uniformly (for measuring what inference is worth)."""
        self.last_turn = last_turn
        """Search the last turn after another seat's knock."""
        self.knock_confidence = knock_confidence
        self.last_turn_confidence = last_turn_confidence
        self.value = value
        """A round's outcome as a chance to win the game: lives left → equity."""
        self.search_draws = search_draws
        """Search taking the face-up card against drawing, before anyone has knocked."""
        self.search_discards = search_discards
        """Search which card to throw, before anyone has knocked."""
        self.own_lean = own_lean
        self.others_lean = others_lean
        self.deck_lean = deck_lean
        """Raise every play-out knock by Sharp's short-deck raise (``sharp.deck_raise``): the players
        it plans against knock that much later on 32 or 36 cards than the play-out's 52-card thresholds."""
        self.search_swaps = search_swaps
        """Board games: search which swap to make (or to pass), before anyone has knocked."""
        self.swap_confidence = SWAP_CONFIDENCE if swap_confidence is None else swap_confidence
        self._guide = SharpBot()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Sharp's move, unless a search clearly prefers another."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        thirty_one = sure_31(observation)
        if thirty_one is not None:
            return thirty_one
        if observation.phase is Phase.CHOOSE:  # the play-outs start at a turn: the dealer's choice is Sharp's
            return self._guide.choose(observation, rng)
        deadline = time.perf_counter() + STALL_FACTOR * self.budget_ms / 1000 if self.clock else float("inf")
        guide_choice = self._guide.choose(observation, random.Random(rng.random()))
        candidates, confidence = self.candidates(observation, guide_choice)
        if len(candidates) == 1:
            return candidates[0]
        memory = remember(observation)
        seat, value = observation.seat, self.value
        shift = deck_raise(observation.rules.deck) if self.deck_lean else 0.0
        lean = Lean(seat, self.own_lean + shift, self.others_lean + shift)
        worlds = max(1, playouts(self.budget_ms, len(observation.active_seats)) // len(candidates))
        gains: list[list[float]] = [[] for _ in candidates]
        for _ in range(worlds):
            if time.perf_counter() > deadline:
                break
            world = self.world(observation, memory, rng)
            chance = rng.random()  # the same reshuffles for every candidate
            # trusted: the candidates are the seat's legal actions, which a world sampled from its observation shares
            base = play_out(apply_trusted(world, candidates[0])[0], seat, random.Random(chance), value, lean)
            for index in range(1, len(candidates)):
                outcome = play_out(apply_trusted(world, candidates[index])[0], seat, random.Random(chance), value, lean)
                gains[index].append(outcome - base)
        return candidates[confident_best(gains, confidence)]

    def world(self, observation: Observation, memory: TableMemory, rng: random.Random) -> GameState:
        """One world for the play-outs: a guess at the hidden cards consistent with the observation
        (measured references hand it the true state instead: ``tournament.perfect_info``)."""
        return sample_world(observation, memory, rng, self.uniform_hands)

    def candidates(self, observation: Observation, guide_choice: Action) -> tuple[list[Action], float]:
        """The moves worth searching, Sharp's choice first, and the confidence a change needs."""
        knocker = observation.knocker
        if knocker != -1 and knocker != observation.seat and self.last_turn:
            picks = last_turn_moves(observation)
            if guide_choice in picks:
                return [guide_choice] + [a for a in picks if a != guide_choice], self.last_turn_confidence
            return [guide_choice], 0.0
        # Otherwise only the knock itself: knock instead of Sharp's move, or Sharp's move instead of a knock.
        legal = observation.legal_actions
        others: list[Action]
        if _is_knock(guide_choice):
            thrown = getattr(guide_choice, "card", None)  # a knock with a discard names its card
            others = [a for a in legal if a is DRAW or a is TAKE or a is PASS or
                      (isinstance(a, Discard) and not a.knock and a.card is thrown)]
            if observation.rules.has_board:
                others = [a for a in last_turn_moves(observation) if not _is_knock(a)]
        elif isinstance(guide_choice, Discard):
            others = [a for a in legal if isinstance(a, Discard) and a.knock and a.card is guide_choice.card]
            if self.search_discards and knocker == -1:
                others += [a for a in legal if isinstance(a, Discard) and not a.knock and a.card is not guide_choice.card]
                return [guide_choice] + others, max(self.knock_confidence, DISCARD_CONFIDENCE)
        else:
            others = [a for a in legal if a is KNOCK]
            if self.search_swaps and knocker == -1 and observation.rules.has_board:
                moves = [a for a in last_turn_moves(observation) if a != guide_choice]
                return [guide_choice] + moves, max(self.knock_confidence, self.swap_confidence)
            if self.search_draws and (guide_choice is DRAW or guide_choice is TAKE) and DRAW in legal and TAKE in legal:
                others.append(TAKE if guide_choice is DRAW else DRAW)
                return [guide_choice] + others, max(self.knock_confidence, DRAW_CONFIDENCE)
        return [guide_choice] + others, self.knock_confidence


def playouts(budget_ms: float, players: int) -> int:
    """The fixed number of play-outs a decision gets, shared among its candidates."""
    return int(budget_ms * PLAYOUTS_PER_MS * FULL_RATE_PLAYERS / max(FULL_RATE_PLAYERS, players))


def last_turn_moves(observation: Observation) -> list[Action]:
    """Every sensible move of a turn: take, draw or pass; each discard; the best few swaps."""
    legal = observation.legal_actions
    if observation.phase is Phase.DISCARD:
        return [a for a in legal if isinstance(a, Discard) and not a.knock]
    if observation.rules.has_board:
        hand, rules = observation.hand, observation.rules
        swaps = sorted((a for a in legal if isinstance(a, Swap)),
                       key=lambda a: -value_of(tuple(a.take if c is a.give else c for c in hand), rules))
        return [*swaps[:MAX_SWAPS], *(a for a in legal if a is PASS or a is SWAP_ALL or a is KNOCK)]
    second_knock = observation.rules.second_knock_ends  # a knock that ends the round is a last-turn move too
    return [a for a in legal if a is DRAW or a is TAKE or a is PASS or (second_knock and a is KNOCK)]


def confident_best(gains: list[list[float]], confidence: float) -> int:
    """The candidate whose paired gain over the first (the guide's move) is largest *and* clearly above zero.

    Few play-outs are noisy, and a search that follows noise plays worse than
    its guide, so it deviates only when the mean gain beats ``confidence``
    standard errors.
    """
    best, best_gain = 0, 0.0
    for index, sample in enumerate(gains[1:], start=1):
        count = len(sample)
        if count < 2:
            continue
        mean = sum(sample) / count
        spread = (sum((g - mean) ** 2 for g in sample) / (count - 1)) ** 0.5
        if mean > confidence * spread / count ** 0.5 and mean > best_gain:
            best, best_gain = index, mean
    return best


def _is_knock(action: Action) -> bool:
    return action is KNOCK or (isinstance(action, Discard) and action.knock)


__all__ = ["ExpertBot", "SwapAll", "confident_best", "last_turn_moves"]
