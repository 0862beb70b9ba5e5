"""Old West played out by bots: legal guns, shots that hit only their target, misfire rates, tournaments."""

from __future__ import annotations

import json
import math
import random

import pytest

from thirtyone.bots import make_bot
from thirtyone.bots.gunslinger import Gunslinger
from thirtyone.cli import main
from thirtyone.controller import Accepted, Match
from thirtyone.model import Fire, Observation, Rules, preset
from thirtyone.model.events import Eliminated, Fired, Hit, Misfired
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import MisfireClock
from thirtyone.tournament import TournamentPlan, run_tournament, summarise

LEVELS = ["beginner", "casual", "sharp"]


class Checked:
    """Wraps an armed bot and checks every gun decision it makes against what it may see."""

    def __init__(self, level: str) -> None:
        inner = make_bot(level) if level != "expert" else make_bot("expert", budget_ms=3)
        assert isinstance(inner, Gunslinger)
        self.inner = inner

    def choose(self, observation, rng):
        assert type(observation) is Observation
        action = self.inner.choose(observation, rng)
        assert action in observation.legal_actions, (action, observation.legal_actions)
        return action

    def draw_out_of_turn(self, observation, rng):
        assert type(observation) is Observation and not observation.is_my_turn
        target = self.inner.draw_out_of_turn(observation, rng)
        assert target is None or (target != observation.seat and observation.tokens[target] > 0)
        return target

    def answer_draw(self, observation, shooter, target, rng):
        ms = self.inner.answer_draw(observation, shooter, target, rng)
        assert ms is None or 0 < ms <= observation.rules.answer_window_ms
        return ms


def random_old_west(rng: random.Random) -> Rules:
    quick = rng.random() < 0.5
    cap = rng.choice([0.5, 0.75, 1.0])
    return preset(rng.choice(["classic", "london", "kitty", "scat"])).replace(
        old_west=True, quick_draw=quick, misfire_start=rng.choice([0.0, 0.1, 0.2]),
        misfire_step=rng.choice([0.0, 0.02, 0.05]), misfire_clock=rng.choice(list(MisfireClock)), misfire_cap=cap,
        misfire_spends_bullet=rng.random() < 0.6, shot_ends_turn=rng.random() < 0.6,
        shoot_after_knock=rng.random() < 0.7)


def check_shots(match: Match) -> None:
    """Each hit puts out exactly its target, and nobody else loses anything in that action."""
    events = match.events
    for i, event in enumerate(events):
        if isinstance(event, Hit):
            assert events[i + 1] == Eliminated(event.target)


@pytest.mark.parametrize("seed", range(10))
def test_bots_make_only_legal_gun_decisions_under_random_old_west_rules(seed):
    rng = random.Random(seed)
    rules = random_old_west(rng)
    players = rng.randint(2, 7)
    levels = [rng.choice(LEVELS + ["expert"] if seed < 2 else LEVELS) for _ in range(players)]
    seats = [Seat(f"P{i}", "bot:" + level) for i, level in enumerate(levels)]
    match = Match.new(rules, seats, seed=seed, bots={i: Checked(level) for i, level in enumerate(levels)})
    for _ in range(3000):
        before = match.state
        outcome = match.advance()
        if outcome is None:
            break
        assert isinstance(outcome, Accepted)
        hits = [e for e in outcome.events if isinstance(e, Hit)]
        out = [s for s in range(players) if before.tokens[s] and not match.state.tokens[s]]
        if hits and not any(type(e).__name__ == "RoundEnded" for e in outcome.events):
            assert sorted(out) == sorted(h.target for h in hits)
    assert match.is_over
    check_shots(match)
    again = Match.from_record(GameRecord.from_json(match.record.to_json()), bots={})
    assert again.events == match.events


def test_a_fire_through_the_controller_takes_out_only_its_target():
    rules = preset("old-west-seed").replace(misfire_start=0.0, misfire_step=0.0)
    match = Match.new(rules, [Seat("You")] + [Seat(n, "bot:casual") for n in "ABC"], seed=4, first_dealer=3)
    match.advance()
    before = match.state.tokens
    outcome = match.submit(0, Fire(2))
    assert isinstance(outcome, Accepted) and outcome.events[:3] == (Fired(0, 2, 0.0), Hit(0, 2), Eliminated(2))
    assert match.state.tokens == before[:2] + (0,) + before[3:]


def test_measured_misfire_rates_match_the_configured_chances():
    """Over many bot games, shots misfire as often as the chance each ``Fired`` announces,
    and that chance is the configured start plus the sweat of the turns."""
    rules = preset("old-west-seed").replace(misfire_start=0.1, misfire_step=0.05, misfire_cap=0.6,
                                       misfire_clock=MisfireClock.OWN)
    bins: dict[int, list[int]] = {}
    for seed in range(80):
        seats = [Seat(f"P{i}", "bot:beginner") for i in range(5)]
        match = Match.new(rules, seats, seed=seed)
        match.play_bots_to_end()
        events = match.events
        for i, event in enumerate(events):
            if isinstance(event, Fired):
                steps = round((event.misfire_chance - 0.1) / 0.05)
                assert event.misfire_chance == pytest.approx(min(0.6, 0.1 + 0.05 * steps))
                bins.setdefault(steps, []).append(int(isinstance(events[i + 1], Misfired)))
    shots = sum(len(b) for b in bins.values())
    assert shots > 150 and len(bins) > 3
    expected = sum(min(0.6, 0.1 + 0.05 * k) * len(b) for k, b in bins.items())
    variance = sum(min(0.6, 0.1 + 0.05 * k) * (1 - min(0.6, 0.1 + 0.05 * k)) * len(b) for k, b in bins.items())
    observed = sum(sum(b) for b in bins.values())
    assert abs(observed - expected) < 4 * math.sqrt(variance), (observed, expected)


def test_tournaments_run_on_both_presets_with_shots_and_the_same_results_for_any_jobs():
    for preset_id in ("old-west", "quick-draw"):
        plan = TournamentPlan(preset(preset_id).to_dict(), ("sharp", "casual", "beginner", "casual"), games=4, seed=3)
        one = run_tournament(plan, jobs=1)
        assert all(len(o.shots) == 4 and sum(o.hits) <= sum(o.shots) for o in one)
        assert sum(sum(o.shots) for o in one) > 0
        per_entry, per_type = summarise(one, plan.entries)
        assert sum(r.wins for r in per_entry) == 4
        assert all(r.shots_per_game is not None for r in per_type)
        if preset_id == "quick-draw":
            two = run_tournament(plan, jobs=2)
            assert [(o.winner, o.places, o.shots, o.hits) for o in one] == \
                [(o.winner, o.places, o.shots, o.hits) for o in two]


def test_tournament_command_reports_shots_for_old_west(capsys):
    assert main(["tournament", "--preset", "quick-draw", "--seats", "sharp,casual,beginner,random",
                 "--games", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(row["shots_per_game"] is not None for row in data["entries"])
    assert main(["tournament", "--preset", "old-west", "--seats", "sharp,casual,beginner,casual", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "shots/g" in out and "hit %" in out
    assert main(["tournament", "--seats", "casual,random", "--games", "2"]) == 0
    assert "shots/g" not in capsys.readouterr().out
