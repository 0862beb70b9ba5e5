"""The bots' gun decisions: whom they shoot, when they hold fire, how they answer a draw."""

from __future__ import annotations

from typing import Any

import dataclasses
import random

import pytest

from thirtyone.bots import make_bot
from thirtyone.bots.gunslinger import STYLES, Gunslinger
from thirtyone.bots.showdown import answer_after, faster_chance
from thirtyone.model import Fire, QuickDraw, observe, parse_cards, preset
from thirtyone.model.rule_choices import KnockFails

from tests.engine_support import deal
from thirtyone.model.presets import QUICK_DRAW, SEED_GUNS


def armed(level: str, **options: Any) -> Gunslinger:
    """The house bot of ``level``, which carries a gun (a ``Gunslinger`` around the card player)."""
    bot = make_bot(level, **options)
    assert isinstance(bot, Gunslinger)
    return bot


# The seed's guns on classic rules (house rules), the table these decisions were written for.
CLASSIC_GUNS = preset("classic").replace(**SEED_GUNS)

SURE = CLASSIC_GUNS.replace(misfire_start=0.0, misfire_step=0.0)
HANDS = ["TH AH 4H", "8D TD 9D", "2D 5H 3C", "7C 7H 2S"]


class Spy:
    """A card player that records the legal actions it was shown."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, ...]] = []

    def choose(self, observation, rng):
        self.seen.append(observation.legal_actions)
        return observation.legal_actions[0]


def table(rules=SURE, tokens=(4, 4, 4, 4), sweat=0):
    state, _ = deal(rules, HANDS, "QD")
    return state.evolve(tokens=tokens, sweat=(sweat,) * 4)


@pytest.mark.parametrize("level", ["casual", "sharp", "expert"])
def test_a_clear_leader_by_lives_is_the_one_shot(level):
    state = table(tokens=(2, 2, 4, 1))
    bot = make_bot(level, budget_ms=3) if level == "expert" else make_bot(level)
    picks = {bot.choose(observe(state, 0), random.Random(seed)) for seed in range(12)}
    assert Fire(2) in picks and not picks & {Fire(1), Fire(3)}


def test_card_play_never_sees_a_gun_and_a_holstered_bot_plays_its_cards():
    spy = Spy()
    bot = Gunslinger(spy, STYLES["casual"])
    state = table(tokens=(4, 2, 2, 2))  # Casual leads: no reason to shoot
    action = bot.choose(observe(state, 0), random.Random(1))
    assert not isinstance(action, Fire)
    assert spy.seen and not any(isinstance(a, (Fire, QuickDraw)) for a in spy.seen[0])


def test_no_shot_when_the_gun_will_likely_misfire_unless_desperate_or_expert():
    rules = CLASSIC_GUNS
    sweaty = table(rules, tokens=(3, 3, 4, 3), sweat=34)  # 68% misfire
    for level in ("casual", "sharp"):
        assert not isinstance(make_bot(level).choose(observe(sweaty, 0), random.Random(2)), Fire)
    # A gun only gets worse, and a turn is all a shot costs: the Expert takes its 32% now.
    assert make_bot("expert", budget_ms=3).choose(observe(sweaty, 0), random.Random(2)) == Fire(2)
    desperate = table(rules, tokens=(1, 0, 4, 0), sweat=30)  # last life, one opponent far ahead
    picks = {make_bot("casual").choose(observe(desperate, 0), random.Random(s)) for s in range(8)}
    assert Fire(2) in picks


def test_answers_to_a_draw_on_yourself_come_at_the_level_speed():
    state = table(CLASSIC_GUNS.replace(**QUICK_DRAW))
    means = []
    for level in ("beginner", "casual", "sharp", "expert"):
        low, high = STYLES[level].reaction_ms
        bot = armed(level)
        answers = [bot.answer_draw(observe(state, 1), 2, 1, random.Random(s)) for s in range(40)]
        times = [ms for ms in answers if ms is not None]
        assert len(times) == len(answers)  # a draw on yourself is always answered
        inside = sum(low <= t <= high for t in times)
        assert inside >= 30 and len(set(times)) > 1, level  # 90% of answers fall in the range
        means.append(sum(times) / len(times))
    assert means == sorted(means, reverse=True)  # the higher the level, the quicker


def test_beginner_shoots_on_a_whim_where_casual_sees_no_reason():
    state = table(tokens=(4, 2, 2, 2))  # seat 0 leads alone and holds 25 in hearts
    beginner = sum(isinstance(make_bot("beginner").choose(observe(state, 0), random.Random(s)), Fire)
                   for s in range(60))
    casual = sum(isinstance(make_bot("casual").choose(observe(state, 0), random.Random(s)), Fire) for s in range(60))
    assert beginner > 5 and casual == 0


QUICK = SURE.replace(quick_draw=True)
EXPERT_SPEED, SHARP_SPEED = STYLES["expert"].reaction_ms, STYLES["sharp"].reaction_ms
SLOW_SPEED = (450, 650)
"""A seat known to answer too late to beat a drawn gun (these tests judge speeds, not a level's)."""


def quick(level, speeds):
    """A bot of ``level`` that knows the table's answer speeds (as the controller tells it)."""
    bot = armed(level, budget_ms=3) if level == "expert" else armed(level)
    bot.meet(speeds)
    return bot


def draws(bot, state, seat=1, seeds=8):
    return {bot.draw_out_of_turn(observe(state, seat), random.Random(s)) for s in range(seeds)}


@pytest.mark.parametrize("level", ["sharp", "expert"])
def test_no_draw_on_loaded_opponents_who_answer_faster_than_a_drawn_gun(level):
    state = table(QUICK, tokens=(3, 3, 3, 3))
    bot = quick(level, (EXPERT_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    assert draws(bot, state) == {None}
    on_turn = [bot.choose(observe(state, 0), random.Random(s)) for s in range(4)]
    assert not any(isinstance(action, QuickDraw) for action in on_turn)


@pytest.mark.parametrize("level", ["sharp", "expert"])
def test_a_draw_nobody_can_answer_is_taken_but_not_one_that_leaves_a_loaded_gun_behind(level):
    slow_loaded = table(QUICK).evolve(bullets=(True, True, False, False))
    bot = quick(level, (SLOW_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    assert draws(bot, slow_loaded) == {0}  # the Beginner cannot answer in time, nobody else is loaded
    bot = quick(level, (EXPERT_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    # Not on seat 0 (an Expert's answer beats the drawn gun), nor on an empty seat (seat 0 would be
    # left the last loaded gun, free to shoot this bot).
    assert draws(bot, slow_loaded) == {None}
    last_gun = table(QUICK).evolve(bullets=(False, True, False, False))
    assert None not in draws(bot, last_gun)  # every other gun is empty: the draw is free


@pytest.mark.parametrize("level", ["beginner", "casual", "sharp", "expert"])
def test_every_level_answers_a_draw_on_itself_even_with_a_sweaty_gun(level):
    state = table(CLASSIC_GUNS.replace(**QUICK_DRAW), sweat=30)  # 60% misfire
    bot = quick(level, (EXPERT_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    assert all(bot.answer_draw(observe(state, 1), 2, 1, random.Random(s)) is not None for s in range(6))


@pytest.mark.parametrize("level", ["sharp", "expert"])
def test_a_bystander_lets_a_draw_go_by_when_the_shooter_would_be_left_empty(level):
    # Seat 0 draws on the empty seat 3; once it fires, seat 1 holds the only loaded gun left.
    state = table(QUICK).evolve(bullets=(True, True, False, False))
    bot = quick(level, (SLOW_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    for seed in range(10):
        reaction = answer_after(STYLES[level].reaction_ms, random.Random(seed).random())
        answer = bot.answer_draw(observe(state, 1), 0, 3, random.Random(seed))
        # Too slow to save seat 3, it takes the free shot at the emptied shooter instead.
        assert answer == (None if reaction < QUICK.draw_speed_ms else reaction)


def test_casual_draws_on_a_leader_who_cannot_answer_in_time_and_now_and_then_dares_a_quick_one():
    state = table(QUICK, tokens=(3, 3, 4, 3))
    fast = quick("casual", (SHARP_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    slow = quick("casual", (SHARP_SPEED, SHARP_SPEED, SLOW_SPEED, SHARP_SPEED))
    fast_picks = [fast.choose(observe(state, 0), random.Random(s)) for s in range(200)]
    slow_picks = [slow.choose(observe(state, 0), random.Random(s)) for s in range(200)]
    dared = fast_picks.count(QuickDraw(0, 2))
    assert 0 < dared < slow_picks.count(QuickDraw(0, 2)) / 2  # a casual player's nerve, not a habit
    assert not {a for a in fast_picks if isinstance(a, QuickDraw)} - {QuickDraw(0, 2)}
    careful = Gunslinger(armed("casual").inner, dataclasses.replace(STYLES["casual"], nerve=0.0))
    careful.meet((SHARP_SPEED, SHARP_SPEED, EXPERT_SPEED, SHARP_SPEED))
    assert not any(isinstance(careful.choose(observe(state, 0), random.Random(s)), QuickDraw) for s in range(60))


def test_after_its_knock_the_expert_draws_on_the_hand_that_beats_it_not_on_the_leader():
    # Seat 0 (the Expert, two lives) knocked on 29; seat 2 took the whole hearts sequence face up (31)
    # and seat 3 leads on lives. Every other gun is empty, so a draw is free: whom does it choose?
    rules = QUICK.replace(knock_fails=KnockFails.NOT_HIGHEST)
    state, _ = deal(rules, ["TS 9S KS", "8D TD 9D", "AH KH QH", "7C 7H 2S"], "QD")
    known = ((), (), parse_cards("AH KH QH"), ())
    state = state.evolve(tokens=(2, 3, 3, 4), knocker=0, current=1, known=known,
                         bullets=(True, False, False, False))
    speeds = (EXPERT_SPEED, SHARP_SPEED, SHARP_SPEED, SHARP_SPEED)
    reads = quick("expert", speeds)
    blind = Gunslinger(armed("expert", budget_ms=3).inner, dataclasses.replace(STYLES["expert"], knock_reads=0))
    blind.meet(speeds)
    assert draws(reads, state, seat=0) == {2}  # its knock fails while seat 2 is in: the shot saves the life
    assert draws(blind, state, seat=0) == {3}  # by lives alone the leader is the one to remove


def test_answer_times_follow_human_reaction_data():
    """Bots answer like people: about normal, 90% inside the level's range, the Expert fastest."""
    rng = random.Random(5)
    for level, style in STYLES.items():
        low, high = style.reaction_ms
        times = sorted(answer_after(style.reaction_ms, rng.random()) for _ in range(4000))
        assert low - 8 <= times[200] <= low + 8 and high - 8 <= times[3800] <= high + 8, level
    means = [sum(STYLES[level].reaction_ms) / 2 for level in ("expert", "sharp", "casual", "beginner")]
    assert means == sorted(means) and len(set(means)) == 4


def test_a_drawn_gun_beats_every_level_about_half_the_time():
    """Issue 30: an answer under the draw speed wins, so drawing on a bot was suicide; now it is a gamble."""
    speed = QUICK_DRAW["draw_speed_ms"]
    for level, style in STYLES.items():
        assert 0.38 <= faster_chance(style.reaction_ms, speed) <= 0.62, level


def test_with_lives_level_the_expert_shoots_the_opponent_who_plays_best():
    """Its win chance counts each seat's skill, read from how fast the seat answers a draw (public)."""
    state = table(tokens=(3, 3, 3, 3))
    speed = {level: STYLES[level].reaction_ms for level in STYLES}
    for seats, best in ((("expert", "casual", "sharp", "beginner"), 2), (("expert", "beginner", "casual", "sharp"), 3)):
        bot = armed("expert", budget_ms=3)
        bot.meet([speed[level] for level in seats])
        assert {bot.choose(observe(state, 0), random.Random(seed)) for seed in range(6)} == {Fire(best)}
    sharp = armed("sharp")  # Sharp counts lives only: the seat order decides among equals
    sharp.meet([speed[level] for level in ("sharp", "beginner", "casual", "expert")])
    assert {sharp.choose(observe(state, 0), random.Random(seed)) for seed in range(6)} == {Fire(1)}
