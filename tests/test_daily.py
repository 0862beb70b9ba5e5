"""The Deal of the day's derivation (v1) and par: the pinned dates are the contract (docs/daily.md)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from thirtyone.daily import (DailyDateError, DailyResult, DailySetup, is_daily, parse_day, play_par, result_of,
                             share_line)
from thirtyone.i18n import set_language
from thirtyone.model.events import Eliminated, Event, LifeLost, RoundStarted, Won

PINNED = {
    # date: (seed, preset, opponents) by derivation v1; a change here is a new derivation, never an edit.
    "2026-11-26": (8513967853628174365, "classic", ("sharp", "sharp", "casual")),
    "2026-11-29": (7231544790292295657, "london", ("sharp", "sharp", "casual")),
    "2026-01-01": (6785638826136706420, "classic", ("casual", "sharp", "sharp")),
}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("day", sorted(PINNED))
def test_pinned_dates_give_their_setups(day: str) -> None:
    setup = DailySetup.for_day(parse_day(day))
    assert (setup.seed, setup.preset, setup.opponents) == PINNED[day]
    assert [seat.player for seat in setup.seats()] == ["human", *(f"bot:{level}" for level in PINNED[day][2])]


def test_every_day_of_a_year_is_a_game_the_window_can_seat() -> None:
    days = [dt.date(2027, 1, 1) + dt.timedelta(days=n) for n in range(365)]
    setups = [DailySetup.for_day(day) for day in days]
    assert len({s.seed for s in setups}) == 365
    assert {s.preset for s in setups if s.day.isoweekday() != 7} == {"classic"}
    assert {s.preset for s in setups if s.day.isoweekday() == 7} == {"london", "kitty", "scat"}
    assert all("expert" not in s.opponents for s in setups)


def test_the_par_of_a_pinned_day_and_its_record() -> None:
    par, record = play_par(dt.date(2026, 11, 26))
    assert par == DailyResult(place=3, players=4, lives_kept=0, rounds=7, marks=(0, 1, 0, 1, 0, 1, -1))
    assert is_daily(record) == dt.date(2026, 11, 26)
    assert record.seats[0].player == "bot:expert" and record.final_state().winner == 1  # Ada won; the Expert came 3rd
    assert play_par(dt.date(2026, 11, 26))[0] == par  # the same on a second run


def test_the_share_line_a_chat_shows() -> None:
    mine = DailyResult(place=2, players=4, lives_kept=0, rounds=5, marks=(0, 1, 2, 0, -1))
    par = DailyResult(place=1, players=4, lives_kept=1, rounds=8, marks=(0,) * 8)
    assert share_line(dt.date(2026, 11, 26), mine, par) == "Thirty-One daily 2026-11-26: 2nd of 4 · par 1st of 4 · 🟩🟨🟥🟩⬛"
    assert share_line(dt.date(2026, 11, 26), mine, None).endswith("par ? · 🟩🟨🟥🟩⬛")
    assert "\n" not in share_line(dt.date(2026, 11, 26), mine, par)


def test_results_read_against_par_by_place_then_lives_then_rounds() -> None:
    par = DailyResult(2, 4, 0, 6, ())
    assert DailyResult(1, 4, 0, 3, ()).better_than(par) == 1
    assert DailyResult(2, 4, 0, 7, ()).better_than(par) == 1
    assert DailyResult(2, 4, 0, 6, ()).better_than(par) == 0
    assert DailyResult(3, 4, 2, 9, ()).better_than(par) == -1


def test_a_result_counts_the_rounds_dealt_in_and_the_round_gone_out() -> None:
    events: list[Event] = [RoundStarted(1, 0, 1), LifeLost(0, 1, 2), RoundStarted(2, 1, 2), LifeLost(1, 2, 0), Eliminated(1),
              RoundStarted(3, 2, 0), LifeLost(0, 2, 0), Eliminated(0), Won(2)]
    assert result_of(events, 3, 0) == DailyResult(place=2, players=3, lives_kept=0, rounds=3, marks=(1, 0, -1))


@pytest.mark.parametrize("text", ["2026-13-01", "26-11-2026", "2019-12-31", "", "2026-11-26T10:00", "20261126"])
def test_bad_days_are_refused_with_the_form_to_use(text: str) -> None:
    with pytest.raises(DailyDateError, match="YYYY-MM-DD"):
        parse_day(text)


def test_result_files_out_of_range_are_refused() -> None:
    good = DailyResult(1, 4, 1, 8, (0, 1)).to_dict()
    assert DailyResult.from_dict(good) == DailyResult(1, 4, 1, 8, (0, 1))
    bad: Any
    for bad in ({**good, "place": 5}, {**good, "place": True}, {**good, "marks": [0, "x"]}, {**good, "rounds": -1},
                {**good, "marks": [0] * 20_000}, [], None, {**good, "players": 99}):
        with pytest.raises(ValueError):
            DailyResult.from_dict(bad)
