"""The bots' gun decisions: whom they shoot, when they hold fire, how they answer a draw."""

from __future__ import annotations

import random

import pytest

from thirtyone.bots import make_bot
from thirtyone.bots.gunslinger import STYLES, Gunslinger
from thirtyone.model import Fire, QuickDraw, preset

from engine_support import deal

SURE = preset("old-west").replace(misfire_start=0.0, misfire_step=0.0)
HANDS = ["TH AH 4H", "8D TD 9D", "2D 5H 3C", "7C 7H 2S"]


class Spy:
    """A card player that records the legal actions it was shown."""

    def __init__(self) -> None:
        self.seen: list[tuple] = []

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
    picks = {bot.choose(state.observe(0), random.Random(seed)) for seed in range(12)}
    assert Fire(2) in picks and not picks & {Fire(1), Fire(3)}


def test_card_play_never_sees_a_gun_and_a_holstered_bot_plays_its_cards():
    spy = Spy()
    bot = Gunslinger(spy, STYLES["casual"])
    state = table(tokens=(4, 2, 2, 2))  # Casual leads: no reason to shoot
    action = bot.choose(state.observe(0), random.Random(1))
    assert not isinstance(action, Fire)
    assert spy.seen and not any(isinstance(a, (Fire, QuickDraw)) for a in spy.seen[0])


def test_no_shot_when_the_gun_will_likely_misfire_unless_desperate():
    rules = preset("old-west")
    sweaty = table(rules, tokens=(3, 3, 4, 3), sweat=30)  # 60% misfire
    for level in ("casual", "sharp"):
        assert not isinstance(make_bot(level).choose(sweaty.observe(0), random.Random(2)), Fire)
    desperate = table(rules, tokens=(1, 0, 4, 0), sweat=30)  # last life, one opponent far ahead
    picks = {make_bot("casual").choose(desperate.observe(0), random.Random(s)) for s in range(8)}
    assert Fire(2) in picks


def test_answers_to_a_draw_on_yourself_come_at_the_level_speed():
    state = table(preset("quick-draw"))
    for level, (low, high) in (("beginner", (450, 650)), ("casual", (330, 480)), ("sharp", (250, 360)),
                               ("expert", (180, 260))):
        bot = make_bot(level)
        times = [bot.answer_draw(state.observe(1), 2, 1, random.Random(s)) for s in range(20)]
        assert all(low <= t <= high for t in times) and len(set(times)) > 1


def test_beginner_shoots_on_a_whim_where_casual_sees_no_reason():
    state = table(tokens=(4, 2, 2, 2))  # seat 0 leads alone and holds 25 in hearts
    beginner = sum(isinstance(make_bot("beginner").choose(state.observe(0), random.Random(s)), Fire)
                   for s in range(60))
    casual = sum(isinstance(make_bot("casual").choose(state.observe(0), random.Random(s)), Fire) for s in range(60))
    assert beginner > 5 and casual == 0
