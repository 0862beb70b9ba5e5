"""The coach's answer for one turn: the best move, and the odds of each sensible move in words.

Card moves are scored by ``search.estimate_actions`` (the chance to keep your
life this round). The play-outs never shoot, so a shot (Old West) gets odds of
its own: the chance it hits, from its misfire chance; in Quick Draw also the
chance that an answer shoots you first, from sampling the duel as the engine
resolves it (``bots.showdown``) at a typical player's answer speed. A shot
listed first is the one the Expert's gunman would take now.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..i18n import N_, _, set_language
from ..bots.gunslinger import STYLES, Gunslinger
from ..bots.hands import value_of
from ..bots.sharp import SharpBot
from ..model import Action, Discard, Fire, Observation, Phase, QuickDraw, Swap, SwapAll
from ..model.actions import DRAW, KEEP, KNOCK, NEW_CARDS, PASS, TAKE, TAKE_SPARE
from .calibration import calibrated
from .search import estimate_actions, observation_seed

MAX_SWAPS = 4
"""Board games: the swaps worth scoring, best hand value first."""
GUN_ODDS = N_("a shot shows its chance to hit (a draw also the chance to be shot back); one listed first is the Expert's pick")
"""The note beside advice that offers shots: what a shot's numbers mean, and why one may lead the list."""


@dataclass(frozen=True, slots=True)
class Option:
    """One move the coach weighed."""

    action: Action
    label: str
    """The move in player words, e.g. ``Take the 9♥``."""
    keep_chance: float | None
    """Chance to lose no life this round after this move (calibrated), or ``None`` when not scored."""
    hit_chance: float | None = None
    """A shot: the chance it puts its target out (its gun fires, before any answer drops you)."""
    shot_chance: float | None = None
    """A Quick Draw: the chance that an answer puts you out (before or after your own shot)."""

    def odds(self) -> str:
        """The option's numbers in words (``74%``, ``hits 76%``), or '' when it has none."""
        if self.keep_chance is not None:
            return percent(self.keep_chance)
        if self.hit_chance is None:
            return ""
        if self.shot_chance is None:
            return _("hits {hit}").format(hit=percent(self.hit_chance))
        return _("hits {hit}, shot back {shot}").format(hit=percent(self.hit_chance), shot=percent(self.shot_chance))

    def headline(self) -> str:
        """The option as the coach's recommendation: ``Knock now: you keep your life 81% of the time``."""
        if self.keep_chance is not None:
            return _("{move}: you keep your life {percent} of the time").format(
                move=self.label, percent=percent(self.keep_chance))
        odds = self.odds()
        return f"{self.label}: {odds}" if odds else self.label


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's answer: options best first; ``best`` is ``options[0]``."""

    seat: int
    options: tuple[Option, ...]
    note: str = ""
    """A caveat to show with the odds (e.g. that shots are not scored)."""

    @property
    def best(self) -> Option:
        """The recommended move."""
        return self.options[0]

    def chance_of(self, action: Action) -> float | None:
        """The odds the coach gave ``action``, if it weighed it."""
        for option in self.options:
            if option.action == action:
                return option.keep_chance
        return None

    def text(self) -> str:
        """One line for the player: ``Knock now: you keep your life 81% of the time · Draw: 74%``."""
        parts = [self.best.headline()]
        parts += [f"{option.label}: {option.odds()}" if option.odds() else option.label for option in self.options[1:]]
        line = " · ".join(parts)
        return f"{line} ({_(self.note)})" if self.note else line


def percent(chance: float) -> str:
    """A chance as a whole percentage."""
    return f"{round(chance * 100)}%"


NOW, PAST, ING = 0, 1, 2
"""The forms of a move's words: the advice (``Knock now``), the review (``You knocked``), a subject (``knocking now``)."""
_MOVE_WORDS = {
    "draw": (N_("Draw"), N_("You drew"), N_("drawing")),
    "take": (N_("Take the face-up card"), N_("You took the face-up card"), N_("taking the face-up card")),
    "take_card": (N_("Take the {card}"), N_("You took the {card}"), N_("taking the {card}")),
    "knock": (N_("Knock now"), N_("You knocked"), N_("knocking now")),
    "pass": (N_("Pass"), N_("You passed"), N_("passing")),
    "swap_all": (N_("Swap all three"), N_("You swapped all three"), N_("swapping all three")),
    "throw": (N_("Throw the {card}"), N_("You threw the {card}"), N_("throwing the {card}")),
    "throw_knock": (N_("Throw the {card} and knock"), N_("You threw the {card} and knocked"),
                    N_("throwing the {card} and knocking")),
    "swap": (N_("Swap your {give} for the {take}"), N_("You swapped your {give} for the {take}"),
             N_("swapping your {give} for the {take}")),
    "shoot": (N_("Shoot {name}"), N_("You shot at {name}"), N_("shooting {name}")),
    "keep": (N_("Keep your hand"), N_("You kept your hand"), N_("keeping your hand")),
    "take_spare": (N_("Take the spare hand"), N_("You took the spare hand"), N_("taking the spare hand")),
    "new_cards": (N_("Ask for new cards"), N_("You asked for new cards"), N_("asking for new cards")),
}
"""Every move's words in each form, whole phrases so each language words them its own way."""


def describe_action(action: Action, names: tuple[str, ...] = (), form: int = NOW) -> str:
    """A move in player words, in ``form`` (``NOW``, ``PAST`` or ``ING``)."""
    def phrase(kind: str, **fields: str) -> str:
        return _(_MOVE_WORDS[kind][form]).format(**fields)
    if action is DRAW:
        return phrase("draw")
    if action is TAKE:
        return phrase("take")
    if action is KNOCK:
        return phrase("knock")
    if action is PASS:
        return phrase("pass")
    if action is KEEP:
        return phrase("keep")
    if action is TAKE_SPARE:
        return phrase("take_spare")
    if action is NEW_CARDS:
        return phrase("new_cards")
    if isinstance(action, SwapAll):
        return phrase("swap_all")
    if isinstance(action, Discard):
        return phrase("throw_knock" if action.knock else "throw", card=action.card.symbol)
    if isinstance(action, Swap):
        return phrase("swap", give=action.give.symbol, take=action.take.symbol)
    if isinstance(action, (Fire, QuickDraw)):
        target = action.target
        return phrase("shoot", name=names[target] if target < len(names) else _("seat {number}").format(number=target + 1))
    return str(action)


def label_for(action: Action, observation: Observation, form: int = NOW) -> str:
    """A move in player words, naming the face-up card a take would pick up."""
    if action is TAKE and observation.top_discard is not None:
        return _(_MOVE_WORDS["take_card"][form]).format(card=observation.top_discard.symbol)
    return describe_action(action, observation.names, form)


def candidates(observation: Observation, also: Action | None = None) -> list[Action]:
    """The card moves worth scoring (every one, except the weaker swaps of a board game)."""
    legal: list[Action] = [a for a in observation.legal_actions if not isinstance(a, (Fire, QuickDraw))]
    if observation.rules.has_board and observation.phase is Phase.TURN:
        hand, rules = observation.hand, observation.rules
        swaps = sorted((a for a in legal if isinstance(a, Swap)),
                       key=lambda a: -value_of(tuple(a.take if c is a.give else c for c in hand), rules))
        legal = swaps[:MAX_SWAPS] + [a for a in legal if not isinstance(a, Swap)]
    if also is not None and also not in legal and also in observation.legal_actions \
            and not isinstance(also, (Fire, QuickDraw)):
        legal.append(also)
    return legal


def advise(observation: Observation, also: Action | None = None) -> Advice:
    """The coach's answer for the seat to act; ``also`` is scored even if not a candidate (reviews)."""
    if not observation.is_my_turn or not observation.legal_actions:
        raise ValueError(_("the coach answers only on the seat's own turn"))
    if observation.phase is Phase.CHOOSE:
        # No world can be sampled for a spare nobody has seen: the coach gives Sharp's choice, without odds.
        choice = SharpBot().choose(observation, random.Random(observation_seed(observation)))
        order = sorted(observation.legal_actions, key=lambda action: action is not choice)
        return Advice(observation.seat, tuple(Option(a, label_for(a, observation), None) for a in order), "")
    moves = candidates(observation, also)
    estimates = estimate_actions(observation, moves, made=also) if len(moves) > 1 else []
    # Ranked by the search's own shares: the calibration map is level beyond its ends, where two
    # moves may show the same chance although the play-outs tell them apart.
    ranked = sorted(estimates, key=lambda e: -e.keep_chance)
    scored = [Option(e.action, label_for(e.action, observation), calibrated(e.keep_chance, observation))
              for e in ranked]
    if len(moves) == 1:
        scored = [Option(moves[0], label_for(moves[0], observation), None)]
    guns = [a for a in observation.legal_actions if isinstance(a, (Fire, QuickDraw))]
    if not guns:
        return Advice(observation.seat, tuple(scored))
    gunman = Gunslinger(SharpBot(), STYLES["expert"])
    seed = observation_seed(observation)
    target = gunman.target(observation, random.Random(seed), costs_turn=True)
    shots = []
    for action in guns:
        if isinstance(action, QuickDraw):
            hit, shot = gunman.draw_odds(observation, action.target, random.Random(seed))
            shots.append(Option(action, label_for(action, observation), None, hit, shot))
        else:
            hit = 1.0 - observation.misfire_chances[observation.seat]
            shots.append(Option(action, label_for(action, observation), None, hit))
    shots.sort(key=lambda o: -(o.hit_chance or 0.0) + (o.shot_chance or 0.0))
    chosen = [o for o in shots if o.action.target == target]  # type: ignore[union-attr]
    if chosen:
        rest = [o for o in shots if o is not chosen[0]]
        return Advice(observation.seat, tuple(chosen + scored + rest), GUN_ODDS)
    return Advice(observation.seat, tuple(scored + shots), GUN_ODDS)


def advise_in(task: tuple[str, Observation]) -> Advice:
    """``advise(observation)`` for a worker process, given ``(language, observation)``: the answer's
    words are written in ``language`` (the window's), not in whatever the worker would pick."""
    language, observation = task
    set_language(language)
    return advise(observation)


__all__ = ["ING", "NOW", "PAST", "Advice", "GUN_ODDS", "Option", "advise", "advise_in", "candidates", "describe_action", "label_for", "percent"]
