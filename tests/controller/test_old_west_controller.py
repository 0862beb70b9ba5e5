"""The controller in Old West: draws out of turn, bots' draws and answers, exact replays."""

from __future__ import annotations

import pytest

from thirtyone.bots import make_bot
from thirtyone.bots.gunslinger import STYLES, Gunslinger
from thirtyone.bots.showdown import HUMAN_REACTION_MS
from thirtyone.controller import Accepted, Match, Rejected
from thirtyone.model import DrawStock, Phase, QuickDraw, preset
from thirtyone.model.actions import DEAL, Fire
from thirtyone.model.events import Eliminated, Fired, GunDrawn, Hit
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.presets import QUICK_DRAW, SEED_GUNS

# The seed's guns on classic rules (house rules), the table these decisions were written for.
CLASSIC_GUNS = preset("classic").replace(**SEED_GUNS)

SURE = CLASSIC_GUNS.replace(**QUICK_DRAW).replace(misfire_start=0.0, misfire_step=0.0)


class Holster:
    """Plays cards like Casual; never draws out of turn; answers a draw on itself after ``ms``."""

    def __init__(self, ms: int | None = None, draws_on: int | None = None) -> None:
        self.inner = make_bot("casual")
        self.ms = ms
        self.draws_on = draws_on

    def choose(self, observation, rng):
        legal = [a for a in observation.legal_actions if not isinstance(a, (Fire, QuickDraw))]
        return self.inner.choose(observation, rng) if legal else observation.legal_actions[0]

    def draw_out_of_turn(self, observation, rng):
        return self.draws_on

    def answer_draw(self, observation, shooter, target, rng):
        return self.ms if target == observation.seat else None


def dealt(rules=SURE, bots=None, seed=3):
    """You at seat 0 (human) and three bots; the first deal done, seat 0 or a bot to play."""
    seats = [Seat("You")] + [Seat(n, "bot:casual") for n in ("Ada", "Bo", "Cy")]
    match = Match.new(rules, seats, seed=seed, first_dealer=3, bots=bots)
    assert isinstance(match.submit(3, DEAL) if not match.is_bot(3) else match.advance(), Accepted)
    return match


def test_a_human_may_draw_out_of_turn_and_only_the_shooter_submits_it():
    match = dealt(bots={1: Holster(), 2: Holster(), 3: Holster()})
    assert match.current_seat == 0
    assert isinstance(match.submit(0, DrawStock()), Accepted)  # seat 0 now holds four cards
    assert match.can_draw(2) and match.draw_targets(2) == (0, 1, 3)
    refused = match.submit(1, QuickDraw(2, 0))
    assert isinstance(refused, Rejected) and "by its shooter" in refused.reason
    assert isinstance(match.submit(1, DrawStock()), Rejected)  # other actions still need the current seat
    outcome = match.submit(2, QuickDraw(2, 1))
    assert isinstance(outcome, Accepted)
    assert outcome.events[:4] == (GunDrawn(2, 1), Fired(2, 1, 0.0, 350), Hit(2, 1), Eliminated(1))
    assert not match.can_draw(2) and match.current_seat == 0
    assert match.state.phase is Phase.DISCARD  # the turn in progress goes on


def test_draws_are_refused_when_the_rules_have_no_quick_draw():
    match = dealt(rules=CLASSIC_GUNS, bots={1: Holster(), 2: Holster(), 3: Holster()})
    assert not match.can_draw(0) and match.draw_targets(1) == ()
    assert match.pending_bot_draw() is None and match.bot_answers(0, 1) == ()
    assert isinstance(match.submit(1, QuickDraw(1, 0)), Rejected)
    assert isinstance(match.submit(0, Fire(2)), Accepted)


def test_bot_answers_follow_the_level_and_are_the_same_every_time():
    seats = [Seat("You"), Seat("E", "bot:expert"), Seat("B", "bot:beginner"), Seat("S", "bot:sharp")]
    match = Match.new(SURE, seats, seed=5, first_dealer=0)
    match.submit(0, DEAL)
    expert = dict(match.bot_answers(0, 1))
    beginner = dict(match.bot_answers(0, 2))
    (e_low, e_high), (b_low, b_high) = STYLES["expert"].reaction_ms, STYLES["beginner"].reaction_ms
    assert e_low - 60 <= expert[1] <= e_high + 60 and b_low - 60 <= beginner[2] <= b_high + 60
    assert match.bot_answers(0, 1) == match.bot_answers(0, 1)
    assert all(seat != 0 for seat, _ in match.bot_answers(0, 3))


def test_quick_draw_merges_human_answers_and_drops_late_or_impossible_ones():
    match = dealt(bots={1: Holster(ms=120), 2: Holster(ms=90), 3: Holster()})
    action = match.quick_draw(1, 0, [(0, 300), (0, 310), (3, 800), (1, 50)])
    assert action == QuickDraw(1, 0, ((0, 300),))
    action = match.quick_draw(0, 2, [(3, 500)])
    assert action == QuickDraw(0, 2, ((2, 90), (3, 500)))
    outcome = match.submit(0, action)
    assert isinstance(outcome, Accepted)
    # Seat 2 answered at 90 ms and hit first; the drawn gun never fired.
    assert outcome.events[1:4] == (Fired(2, 0, 0.0, 90), Hit(2, 0), Eliminated(0))
    assert match.state.tokens[0] == 0 and match.state.tokens[2] > 0


def test_a_bot_draw_out_of_turn_is_pending_until_submitted_then_the_table_settles():
    match = dealt(bots={1: Holster(), 2: Holster(draws_on=3), 3: Holster(ms=100)})
    assert match.current_seat == 0
    draw = match.pending_bot_draw()
    assert draw == QuickDraw(2, 3) and match.pending_bot_draw() == draw
    action = match.quick_draw(draw.shooter, draw.target)
    assert action == QuickDraw(2, 3, ((3, 100),))
    assert isinstance(match.submit(draw.shooter, action), Accepted)
    assert match.state.tokens[2] == 0 and match.pending_bot_draw() is None
    assert match.advance() is None  # a human is to play and no bot draws now


def test_advance_plays_bot_draws_and_records_replay_them_exactly():
    # No Expert here: its search stops on the clock when the machine is slow, so only it may vary.
    seats = [Seat(f"{n} {level}", "bot:" + level) for n, level in enumerate(("sharp", "casual", "beginner", "sharp"))]
    for seed in range(4):
        match = Match.new(CLASSIC_GUNS.replace(**QUICK_DRAW), seats, seed=seed)
        match.play_bots_to_end()
        assert match.is_over
        draws = [a for a in match.record.actions if isinstance(a, QuickDraw)]
        assert draws, "bots never drew"
        again = Match.from_record(GameRecord.from_json(match.record.to_json()))
        assert again.events == match.events and again.winner == match.winner
        # Headless play is a pure function of the seed: a second run makes the same draws.
        twin = Match.new(CLASSIC_GUNS.replace(**QUICK_DRAW), seats, seed=seed)
        twin.play_bots_to_end()
        assert twin.record.actions == match.record.actions


def test_resuming_mid_game_after_an_out_of_turn_draw():
    match = dealt(bots={1: Holster(), 2: Holster(), 3: Holster()})
    match.submit(0, DrawStock())
    match.submit(3, match.quick_draw(3, 1))
    saved = GameRecord.from_json(match.record.to_json())
    assert str(saved.actions[-1]) == "quickdraw 3 1"
    again = Match.from_record(saved, bots={1: Holster(), 2: Holster(), 3: Holster()})
    assert again.events == match.events and again.current_seat == 0


@pytest.mark.parametrize("preset_id", ["old-west", "quick-draw"])
def test_no_bot_draw_is_asked_without_a_bullet(preset_id):
    match = Match.new(preset(preset_id), [Seat(n, "bot:sharp") for n in "ABCD"], seed=2)
    match.play_bots_to_end()
    state = match.state
    assert not any(match.can_draw(s) for s in range(4) if not state.bullets[s])


def test_bots_learn_the_tables_public_answer_speeds():
    class Silent:
        def choose(self, observation, rng):
            return observation.legal_actions[0]

    expert = make_bot("expert", budget_ms=3)
    assert isinstance(expert, Gunslinger)
    Match.new(SURE, [Seat("You"), Seat("Ada", "bot:expert"), Seat("Bo", "bot:beginner"), Seat("Cy")], seed=1,
              bots={1: expert, 2: make_bot("beginner"), 3: Silent()})
    # A human's speed is guessed; a bot that never answers is known never to.
    assert expert.speeds == (HUMAN_REACTION_MS, STYLES["expert"].reaction_ms, STYLES["beginner"].reaction_ms, None)
