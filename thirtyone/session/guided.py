"""The guided first game: a short game on fixed deals that teaches by doing, then goes on as a real game.

Two scripted rounds teach drawing, throwing away, taking the discard, 31, knocking and lives; the
player's moves in them are the lesson's steps, and anything else is refused with a sentence saying
what to do instead. The opponents play the scripted rounds by rote (``bots.lesson``), then at a real
level, so the game ends as any game does. Skipping the lesson drops the steps and keeps the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..bots import make_bot
from ..bots.lesson import LessonBot
from ..controller import Match
from ..i18n import N_, _
from ..model import FULL_DECK, Action, Card, Discard, DrawStock, Knock, PRESETS, Phase, TakeDiscard, parse_cards
from ..model.record import GameRecord, Seat
from .local import LocalSession
from .protocol import GameHooks, Outcome, Played, Refused


@dataclass(frozen=True)
class Step:
    """One move the lesson asks of the player, and what it says around it."""

    round: int
    """The round (from 1) the step belongs to."""
    expect: Action
    """The one move the lesson accepts."""
    say: str
    """What to do, said when the step's turn comes (marked for the catalogue; ``{key}`` names a key)."""
    nudge: str
    """The refusal of any other move."""
    before: str = ""
    """Said while the others play before the step, in its round."""
    after: str = ""
    """Said once the step is made, until the next line."""


def _number(action: Action, hand: tuple[Card, ...]) -> str:
    """The number key of the card a discard throws (cards are numbered in the hand's order), else ""."""
    return str(hand.index(action.card) + 1) if isinstance(action, Discard) and action.card in hand else ""


def _card(code: str) -> Discard:
    return Discard(parse_cards(code)[0])


LESSON_ROUNDS = 2
"""The rounds the lesson scripts; the game goes on from the third as a real game."""
SEATS = (Seat("You", "human"), Seat("Ada", "bot:casual"), Seat("Bo", "bot:casual"))
"""Who plays the lesson: the player and two opponents, who play at Casual after the lesson."""
FIRST_DEALER = 2
"""Bo deals the first round, so the player plays first."""
DECKS = (
    # Dealt one card at a time from the player round to Bo: You K♥ 9♥ 4♣, Ada 10♣ 7♣ 3♦, Bo K♦ Q♦ 10♦;
    # the upcard 2♠; the stock starts Q♥ (yours), 4♠ (Ada's), A♥ (Bo's, thrown to you).
    parse_cards("KH 10C KD 9H 7C QD 4C 3D 10D 2S QH 4S AH"),
    # Round two, dealt by the player: Ada 9♣ 8♣ 3♥, Bo 6♦ 4♦ 2♠, You A♠ K♠ 7♠; the upcard 5♥; the stock
    # gives Ada 2♥ and Bo 3♣ before the knock, then 10♥ and 5♣: Bo shows the lowest hand, 10.
    parse_cards("9C 6D AS 8C 4D KS 3H 2S 7S 5H 2H 3C 10H 5C"),
)
"""The lesson's deals, one per scripted round (``GameState.decks``; the rest of each deck is shuffled)."""
RULES = PRESETS["classic"].rules.replace(lives=2, honor_life=False)
"""Classic 31, two lives each and none on your honor: short enough for a first game."""

def lesson_cards() -> dict[str, str]:
    """The cards as the lesson's sentences name them (``{H9}`` is 9♥), in the reader's letters (German D♥ for Q♥)."""
    return {card.code[-1] + card.code[:-1].replace("T", "10"): card.symbol for card in FULL_DECK}


STEPS = (
    Step(1, DrawStock(),
         N_("Welcome to 31! Your three cards count in one suit: {HK} and {H9} make 19 (an ace is 11, a face card 10). "
            "On your turn you take a card, then throw one away. Draw the top card of the stock: press {draw} or "
            "click the stock."),
         N_("Not this time: draw from the stock ({draw}, or click the stock).")),
    Step(1, _card("4C"),
         N_("You drew the {HQ}: your hearts make 29. Now throw one card away to keep three: choose the {C4} "
            "(press {number}) and then {confirm}, or drag it onto the discard pile."),
         N_("Throw away the {C4}: it counts for nothing beside your hearts."),
         after=N_("Ada and Bo take their turns now. Watch what they throw away.")),
    Step(1, TakeDiscard(),
         N_("Bo threw away the {HA}, and an ace counts 11. Take it from the discard pile: press {take} or click "
            "the pile."),
         N_("Take the {HA} from the discard pile ({take}, or click the pile).")),
    Step(1, _card("9H"),
         N_("Now {HA}, {HK} and {HQ} make 31, the best hand there is. Throw away the {H9} to show it: press {number}, then "
            "{confirm}."),
         N_("Throw away the {H9} to keep {HA}, {HK} and {HQ}: 31."),
         after=N_("31! A round ends at once when someone shows 31, and every other player loses a life.")),
    Step(2, Knock(),
         N_("Your {SA}, {SK} and {S7} make 28, a strong hand. Instead of taking a card you may knock: press {knock} "
            "or the Knock button. Everyone else gets one more turn, then the lowest hand loses a life."),
         N_("Knock now ({knock}): 28 is likely to beat Ada and Bo."),
         before=N_("A new round, dealt by you: Ada and Bo play first."),
         after=N_("You knocked. Ada and Bo get one last turn each, then every hand is shown.")),
)
"""The lesson's steps in order: the player's every move of the scripted rounds."""

LAST_LINE = N_("Bo has lost his last life and is out. From here it is a real game against Ada: the last player "
               "with a life wins. Good luck!")
"""Said when the real game begins, until the player's first move in it."""
SKIPPED_LINE = N_("Lesson skipped: the game goes on as a real game.")


def lesson_match(level: str = "casual") -> Match:
    """The lesson's game, its opponents playing by rote for the lesson's rounds and at ``level`` after."""
    record = GameRecord(RULES, SEATS, seed=31, first_dealer=FIRST_DEALER, decks=DECKS, preset="classic",
                        meta={"lesson": True})
    bots = {seat: LessonBot(make_bot(level), LESSON_ROUNDS) for seat, spec in enumerate(SEATS)
            if spec.player != "human"}
    return Match.from_record(record, bots)


class GuidedSession(LocalSession):
    """A ``LocalSession`` that accepts only the lesson's next step from the player while it runs.

    ``keys`` names the keys its sentences mention (``{draw}`` → "D"), given by the window that reads them.
    """

    def __init__(self, match: Match, keys: Mapping[str, str], hooks: GameHooks | None = None) -> None:
        super().__init__(match, hooks)
        self.keys = dict(keys)
        self.done = 0
        """How many steps the player has made."""
        self.skipped = False
        self._first_real_move = False

    @property
    def in_lesson(self) -> bool:
        """The lesson still guides the player (not skipped, and the last step or the closing line is to come)."""
        return not self.skipped and not self._first_real_move and not self.match.is_over

    @property
    def step(self) -> Step | None:
        """The step the player is to make next, or ``None`` once all are made or skipped."""
        return STEPS[self.done] if not self.skipped and self.done < len(STEPS) else None

    def line(self) -> str:
        """The lesson's sentence for this moment, in the language in use ("" once the lesson is over)."""
        if not self.in_lesson:
            return ""
        step, seen = self.step, self.match.observation(self.viewer)
        if step is None:
            if seen.round_number > LESSON_ROUNDS and seen.phase is not Phase.DEAL:
                return _(LAST_LINE)
            return _(STEPS[-1].after)
        if seen.round_number == step.round and self.current_seat == self.viewer and step.expect in seen.legal_actions:
            return _(step.say).format(number=_number(step.expect, seen.hand), **self.keys, **lesson_cards())
        if self.done and STEPS[self.done - 1].round == seen.round_number and STEPS[self.done - 1].after:
            return _(STEPS[self.done - 1].after)
        if seen.round_number == step.round and step.before:
            return _(step.before)
        return _(STEPS[self.done - 1].after) if self.done else ""

    def skip(self) -> None:
        """Stop guiding: the game goes on as it stands, and every move is the player's own again."""
        self.skipped = True

    def submit(self, action: Action) -> Outcome:
        step = self.step
        if step is not None and action is not step.expect and self.current_seat == self.viewer:
            return Refused(_(step.nudge).format(number=_number(step.expect, self.match.observation(self.viewer).hand),
                                                **self.keys, **lesson_cards()))
        outcome = super().submit(action)
        if isinstance(outcome, Played):
            if step is not None:
                self.done += 1
            elif outcome.observation.round_number > LESSON_ROUNDS:
                self._first_real_move = True
        return outcome

    def take_back_reason(self) -> str:
        if self.step is not None:
            return _("the lesson's moves cannot be taken back (Esc, then L, skips the lesson)")
        return super().take_back_reason()
