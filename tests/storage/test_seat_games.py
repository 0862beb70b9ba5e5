"""A joined game's seat record on disk: read back as written, a damaged one refused in one line (never a
traceback), archived and counted once, the statistics' ``network`` mark kept and optional."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thirtyone.model import RecordError, preset
from thirtyone.model.cards import Card
from thirtyone.model.record import Seat
from thirtyone.model.seat_record import SeatRecord, SeatStep, Standing
from thirtyone.storage import StoragePaths, load_stats
from thirtyone.storage.saves import archived_games
from thirtyone.storage.seat_games import finish_seat_game
from thirtyone.storage.stats import GameSummary, Stats


def sample_seat_record() -> SeatRecord:
    hand = tuple(Card.from_code(code) for code in ("AS", "KS", "7H"))
    result = {"round_number": 1, "reason": "knock", "hands": [["AS", "KS", "7H"], ["2C", "3D", "4H"]],
              "scores": [21, 4], "knocker": 0, "showed_31": [], "lives_lost": [0, 3], "reasons": ["", ""]}
    return SeatRecord(preset("classic"), 0, (Seat("Zed", "human"), Seat("Bo", "bot:sharp")), "g0123456789a",
                      (SeatStep(1, 1, ({"event": "DrewFromStock", "seat": 1},), hand),), (result,),
                      (Standing(1, 0, "Zed", 3), Standing(2, 1, "Bo", 0)), "classic")


def test_a_seat_record_reads_back_as_written() -> None:
    record = sample_seat_record()
    again = SeatRecord.from_json(record.to_json())
    assert again == record and again.places() == (1, 2)


@pytest.mark.parametrize("damage", [
    lambda d: d.update(version=9), lambda d: d.update(seat=5), lambda d: d["steps"][0].update(hand=["ZZ"]),
    lambda d: d.pop("standings"), lambda d: d["results"][0].update(lives_lost=[0]), lambda d: d.update(seats=[]),
    lambda d: d["steps"][0].update(events=[3]), lambda d: d.update(rules="classic")])
def test_a_damaged_seat_record_is_refused_in_one_line(damage: object) -> None:
    data = json.loads(sample_seat_record().to_json())
    damage(data)  # type: ignore[operator]
    with pytest.raises(RecordError) as refused:
        SeatRecord.from_json(json.dumps(data))
    assert "\n" not in str(refused.value) and "Traceback" not in str(refused.value)


def test_a_joined_game_is_archived_and_counted_once_and_marked_network(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    stats, notices = finish_seat_game(paths, sample_seat_record(), Stats())
    stats, notices = finish_seat_game(paths, sample_seat_record(), stats)
    assert notices == ()
    assert len(archived_games(paths)) == 1
    saved, notice = load_stats(paths)
    assert notice is None and saved.overall.games_played == 1 and saved.overall.games_won == 1
    assert saved.history[-1].network and saved.history[-1].knocks == 1 and saved.history[-1].rounds == 1
    kept = SeatRecord.from_file(archived_games(paths)[0])
    assert kept.meta["network"] is True and "finished_at" in kept.meta


def test_statistics_from_before_the_network_mark_still_read() -> None:
    data = Stats().add(GameSummary(
        date="2026-12-05T18:00:00+00:00", preset="classic", place=1, players=2, rounds=3, won=True)).to_dict()
    for game in data["history"]:
        del game["network"]
    assert not Stats.from_dict(data).history[-1].network


def test_thirtyone_replay_says_what_a_seat_record_is_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.cli_support import run
    path = tmp_path / "joined.json"
    path.write_text(sample_seat_record().to_json(), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert err.strip().endswith("a seat record: only what one seat saw of a game joined at a table hosted elsewhere, "
                                "with no deal to replay (the window's Finished games shows it)")
    assert err.count("\n") == 1


def test_a_record_carries_on_from_the_rounds_kept_before_a_crash_with_no_step_twice() -> None:
    import dataclasses
    from thirtyone.model.seat_record import merged
    whole = sample_seat_record()
    step = whole.steps[0]
    steps = tuple(dataclasses.replace(step, number=n) for n in (1, 2, 3, 4, 5))
    kept = dataclasses.replace(whole, steps=steps[:2], standings=())  # written at a round's end, then the crash
    same_window = dataclasses.replace(whole, steps=steps)  # no crash: it holds them all
    new_window = dataclasses.replace(whole, steps=steps[3:])  # took the seat back at action 4
    assert merged(kept, same_window).steps == steps
    assert merged(kept, new_window).steps == steps[:2] + steps[3:]
    assert merged(dataclasses.replace(kept, game="g000000000000"), new_window) == new_window


def test_a_game_in_progress_waits_in_its_own_file_and_is_archived_once_finished(tmp_path: Path) -> None:
    import dataclasses
    from thirtyone.storage.seat_games import keep_seat_game, progress_file
    paths = StoragePaths.portable(tmp_path)
    record = sample_seat_record()
    stats, notices = keep_seat_game(paths, dataclasses.replace(record, standings=()), Stats())
    assert notices == () and stats.overall.games_played == 0 and not archived_games(paths)
    assert SeatRecord.from_file(progress_file(paths, record.game)).steps == record.steps
    stats, notices = keep_seat_game(paths, record, stats)
    assert stats.overall.games_played == 1 and len(archived_games(paths)) == 1
    assert not progress_file(paths, record.game).exists()
