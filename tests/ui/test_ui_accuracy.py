"""Accuracy at the game over and in Statistics: the coach's review worked out in a worker process."""

from __future__ import annotations

import json
import time

import pytest
from tests.ui_support import open_table, run_until, setup, step_game, top, top_name

import thirtyone.ui.launch as launch
from thirtyone.coach import review_record
from thirtyone.coach.accuracy import accuracy_of
from thirtyone.storage import StoragePaths, load_settings
from thirtyone.storage.accuracy_log import AccuracyLog, GameAccuracy, accuracy_file, save_accuracy
from thirtyone.ui.bridge.accuracy import accuracy_stat_lines
from thirtyone.ui.app import App
from thirtyone.ui.bridge.storage import StorageBridge


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


def test_the_game_over_shows_the_accuracy_the_review_gives(tmp_path) -> None:
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0].replace(language="en"), window_override=True)
    app = App(bridge.settings, (1024, 600), fast=True)
    bridge.install(app)
    open_table(app, setup(["human", "sharp"], lives=1, seed=11))
    assert run_until(app, lambda: (step_game(app), True)[1] and top(app).name == "game_over",
                     max_frames=20_000, wall_s=300)
    over = top(app)
    assert over.accuracy_watch is not None
    assert over.accuracy_text() in ("Accuracy: the coach is reviewing your game…", over.accuracy_text())
    # Frame times during the review are measured by build_scripts/bench_review.py, not here.
    deadline = time.monotonic() + 300  # only bounds a hang
    while over.accuracy_watch.result() is None and not over.accuracy_watch.failed and time.monotonic() < deadline:
        app.frame([], 0.05)
        time.sleep(0.05)
    expected = accuracy_of(review_record(over.match.record, 0))
    assert expected.share is not None
    assert over.accuracy_text() == f"Accuracy {round(expected.share * 100)}% · {expected.given_away:.2f} lives given away"
    saved = json.loads(accuracy_file(paths).read_text(encoding="utf-8"))["games"]
    assert len(saved) == 1 and saved[0]["decisions"] == expected.decisions
    assert accuracy_stat_lines(bridge.accuracy.log) == [
        ("Accuracy, last game", f"{round(expected.share * 100)}%"),
        ("Lives given away per game", f"{expected.given_away:.2f}")]
    bridge.close()


def figures(n: int, share: float, given: float) -> GameAccuracy:
    return GameAccuracy(f"g{n:011x}", share, given, 20)


def test_statistics_figures_and_trend() -> None:
    log = AccuracyLog()
    for n in range(10):
        log = log.with_game(figures(n, 0.6, 1.0))
    for n in range(10, 20):
        log = log.with_game(figures(n, 0.9, 0.5))
    log = log.with_game(figures(19, 0.1, 9.0))  # already there: not counted twice
    assert accuracy_stat_lines(log) == [("Accuracy, last 10 games", "90% (before: 60%)"),
                                        ("Lives given away per game", "0.50 (before: 1.00)")]
    assert accuracy_stat_lines(AccuracyLog()) == []


@pytest.mark.parametrize("games", [
    [{"game": "g0123456789a", "accuracy": 1.5, "given_away": 0, "decisions": 3}],
    [{"game": "nope", "accuracy": 0.5, "given_away": 0, "decisions": 3}],
    [{"game": "g0123456789a", "accuracy": 0.5, "given_away": -1, "decisions": 3}],
    [{"game": "g0123456789a", "accuracy": "0.5", "given_away": 0, "decisions": 3}],
    [{"game": "g0123456789a", "accuracy": 0.5, "given_away": 0, "decisions": True}],
    [{"game": "g0123456789a", "accuracy": 0.5, "given_away": 0, "decisions": 3}] * 501,
    {"g0123456789a": 1},
])
def test_a_damaged_accuracy_file_is_set_aside(tmp_path, games) -> None:
    from thirtyone.storage.accuracy_log import load_accuracy
    paths = StoragePaths.portable(tmp_path)
    accuracy_file(paths).parent.mkdir(parents=True)
    accuracy_file(paths).write_text(json.dumps({"version": 1, "games": games}), encoding="utf-8")
    log, notice = load_accuracy(paths)
    assert log == AccuracyLog() and notice and "accuracy.json" in notice
    assert not accuracy_file(paths).exists()
    good = AccuracyLog((figures(1, 0.5, 0.25),))
    assert save_accuracy(paths, good) is None and load_accuracy(paths) == (good, None)


def test_the_coachs_answers_are_worked_out_while_playing_and_archived_with_the_game(tmp_path) -> None:
    from thirtyone.coach.review import kept_answers, position_keys, seat_decisions
    from thirtyone.model.record import GameRecord
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0].replace(language="en"), window_override=True)
    app = App(bridge.settings, (1024, 600), fast=True)
    bridge.install(app)
    open_table(app, setup(["human", "sharp"], lives=2, seed=11))

    keeper = bridge.review_keeper

    def played_slowly() -> bool:  # a person who takes longer over a move than the coach's worker
        scene = top(app)
        if scene.name == "table" and scene.input.obs is not None and keeper.busy:
            keeper.poll()
            time.sleep(0.05)
            return False
        step_game(app)
        return top_name(app) == "game_over"
    assert run_until(app, played_slowly, max_frames=20_000, wall_s=300)
    archived = [GameRecord.from_json(p.read_text(encoding="utf-8")) for p in paths.games_dir.glob("*.json")]
    assert len(archived) == 1
    record = archived[0]
    keys = position_keys(record)
    decided = {keys[index] for index, _before, _action in seat_decisions(record, 0)}
    kept = kept_answers(record)
    assert kept and set(kept) <= decided  # answers to the human's decisions only, kept in the archive
    assert review_record(record, 0).to_dict() == review_record(record, 0, known={}).to_dict()
    bridge.close()
