"""Tournament runner: places, intervals, job-count independence, the command line."""

from __future__ import annotations

from typing import Any

import importlib.util
import json
from types import ModuleType

import pytest

from thirtyone.cli import main
from thirtyone.model import preset
from thirtyone.tournament import GameOutcome, TournamentPlan, paired_gain, run_tournament, summarise, wilson_interval

from tests.locations import ROOT


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0


def test_paired_gain_compares_each_game_with_its_twin() -> None:
    def games(winners: list[int]) -> list[GameOutcome]:
        return [GameOutcome(i, w, (1.0, 2.0), (0, 0), (1, 1)) for i, w in enumerate(winners)]
    # Entry 0 won 6 of 10 in the first, 4 of 10 in the second: the same 4 and two more.
    first, second = games([0] * 6 + [1] * 4), games([0] * 4 + [1] * 6)
    gain, low, high = paired_gain(first, second)
    assert gain == pytest.approx(0.2)
    # Gains 1,1,0×8: sd 0.4216, half-width 1.96·0.4216/√10 = 0.261.
    assert low == pytest.approx(0.2 - 0.2613, abs=1e-3) and high == pytest.approx(0.2 + 0.2613, abs=1e-3)
    assert paired_gain(first, first) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="same games"):
        paired_gain(first, second[:9])


def test_same_bot_on_the_same_deals_gains_nothing_game_by_game() -> None:
    plan = TournamentPlan(preset("classic").to_dict(), ("sharp", "casual", "casual"), games=6, seed=4)
    once, again = run_tournament(plan), run_tournament(plan)
    assert paired_gain(once, again) == (0.0, 0.0, 0.0)


def test_duplicate_deals_rotate_every_entry_through_every_seat() -> None:
    plan = TournamentPlan(preset("classic").to_dict(), ("casual", "beginner", "random"), games=7, seed=2)
    assert plan.deals == 3 and plan.total_games == 9
    outcomes = run_tournament(plan)
    assert [o.index for o in outcomes] == list(range(9))
    for outcome in outcomes:
        assert sorted(outcome.places) == pytest.approx(sorted(outcome.places))
        assert 1.0 in outcome.places or outcome.winner == -1
        assert sum(outcome.places) == pytest.approx(6.0)
    per_entry, per_type = summarise(outcomes, plan.entries)
    assert sum(row.wins for row in per_entry) == 9
    assert len(per_type) == 3


def test_results_do_not_depend_on_jobs() -> None:
    plan = TournamentPlan(preset("kitty").to_dict(), ("sharp", "casual"), games=4, seed=5)
    one = run_tournament(plan, jobs=1)
    two = run_tournament(plan, jobs=2)
    strip = lambda outcomes: [(o.winner, o.places, o.lives_lost, o.rounds_played) for o in outcomes]  # noqa: E731
    assert strip(one) == strip(two)


def _moves(outcomes: list[Any]) -> list[Any]:
    return [(o.winner, o.places, o.lives_lost, o.rounds_played) for o in outcomes]


def test_an_expert_tournament_repeats_exactly_on_any_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs of one seeded plan, one in worker processes and one on a 'machine' whose clock crawls, agree."""
    import thirtyone.bots.expert as expert_module

    class CrawlingClock:
        now = 0.0

        def perf_counter(self) -> float:
            self.now += 3600.0
            return self.now

    plan = TournamentPlan(preset("classic").to_dict(), ("expert", "sharp"), games=4, seed=3, budget_ms=6)
    in_workers = run_tournament(plan, jobs=2)
    monkeypatch.setattr(expert_module, "time", CrawlingClock())
    crawling = run_tournament(plan, jobs=1)
    assert _moves(in_workers) == _moves(crawling)
    assert sum(len(o.decision_ms[0]) for o in crawling) > 0


def test_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "casual,random,beginner", "--games", "3", "--json",
                 "--preset", "london"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["seats"] == ["casual", "random", "beginner"]
    row = data["entries"][0]
    for key in ("wins", "win_rate", "win_low", "win_high", "average_place", "lives_per_round",
                "decision_ms_median", "decision_ms_p95"):
        assert key in row
    assert [t["label"] for t in data["types"]] == ["casual", "random", "beginner"]


def test_command_table_with_expert_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "expert,casual", "--games", "2", "--budget-ms", "3"]) == 0
    out = capsys.readouterr().out
    assert "1 expert" in out and "95% CI" in out


@pytest.mark.parametrize("argv", [
    ["tournament", "--games", "0"],
    ["tournament", "--seats", "casual"],
    ["tournament", "--seats", "casual,nosuchbot"],
    ["tournament", "--preset", "nope"],
    ["tournament", "--budget-ms", "-1"],
    ["tournament", "--budget-ms", "inf"],
    ["tournament", "--budget-ms", "nan"],
    ["tournament", "--budget-ms", "1e12"],
    ["tournament", "--budget-ms", "0"],
    ["tournament", "--games", "1000000000000"],
])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "usage: thirtyone tournament" in error and "Traceback" not in error
    assert error.strip().splitlines()[-1].startswith("thirtyone tournament: error: ")


def test_a_big_tournament_makes_its_games_as_it_plays() -> None:
    """A million-game plan starts playing at once; no list of every game is built first."""
    import thirtyone.tournament.runner as runner

    played: list[int] = []

    def fake_game(task: tuple[Any, ...]) -> runner.GameOutcome:
        played.append(task[1])
        return runner.GameOutcome(task[1], 0, (1.0, 2.0), (0, 1), (1, 1))

    plan = TournamentPlan(preset("classic").to_dict(), ("sharp", "casual"), games=runner.MAX_GAMES, seed=1)
    stream = runner.each_game(plan, 1, fake_game)
    assert [next(stream).index for _ in range(4)] == [0, 1, 2, 3]
    assert played == [0, 1, 2, 3]


def test_outside_bot_by_import_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "thirtyone.bots:RandomBot,casual", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def _life_losses() -> ModuleType:
    """``build_scripts/life_losses.py``, loaded as a module (build scripts are not a package)."""

    spec = importlib.util.spec_from_file_location("life_losses", ROOT / "build_scripts" / "life_losses.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_life_loss_profile_accounts_for_every_life_the_tournament_counts() -> None:
    script = _life_losses()
    plan = TournamentPlan(preset("classic").to_dict(), ("sharp", "casual", "casual"), games=12, seed=2)
    totals = script.profile(plan)
    outcomes = run_tournament(plan)
    sharp, casual = totals["sharp"], totals["casual"]
    assert sharp["lost"] == sum(o.lives_lost[0] for o in outcomes)
    assert casual["lost"] == sum(o.lives_lost[1] + o.lives_lost[2] for o in outcomes)
    assert sharp["rounds"] == sum(o.rounds_played[0] for o in outcomes)
    for tally in (sharp, casual):  # every life lost has exactly one cause
        causes = ("lost_own_knock", "lost_caught", "lost_31", "lost_other")
        assert sum(tally[key] for key in causes) == tally["lost"] > 0
        assert 0 < tally["knocks_failed"] <= tally["knocks"]
    lines = script.table(totals)
    assert lines[0].split() == ["sharp", "casual"]
    assert lines[1].split()[-2:] == [str(sharp["rounds"]), str(casual["rounds"])]


def test_life_loss_script_refuses_an_unknown_bot_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _life_losses().main(["--seats", "sharp,nobody", "--games", "4"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage:") and "unknown bot 'nobody'" in error


def test_the_table_of_bot_kinds_is_headed_bot_not_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "casual,random,random", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    headers = [line.split()[0] for line in out.splitlines() if " wins " in line]
    assert headers == ["seat", "bot"]  # one row per seat, then one per kind of bot
    assert any(line.startswith("random (x2)") for line in out.splitlines())
