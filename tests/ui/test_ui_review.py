"""The replay and review in the window, checked against the record it was opened from."""


import pygame

from thirtyone.coach.replay import Replay
from thirtyone.model import Deal
from thirtyone.model.record import GameRecord
from thirtyone.ui.narration import narrate
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.review import ReviewScene, seat_rows
from thirtyone.ui.screens.review_list import GameListScene

from tests.review_once import reuse_in_window
from tests.ui_support import click, key, make_app, run_until, top, top_name

from tests.locations import DATA
RECORD = DATA / "record_coach_two_rounds.json"


def _open(app, record, seat=1):
    scene = ReviewScene(app.ctx, record, "test game", seat=seat)
    app.apply(Push(scene))
    return scene


def test_replay_steps_by_action_and_round_back_and_forth():
    record = GameRecord.from_json(RECORD.read_text())
    replay = Replay(record)
    deals = [i for i, a in enumerate(record.actions) if type(a) is Deal]
    assert replay.round_starts == [d + 1 for d in deals]
    replay.step(5)
    assert replay.state == [after for _b, _a, after, _e in record.replay()][4] and replay.position == 5
    replay.next_round()
    assert replay.position == deals[1] + 1 and replay.state.round_number == 2
    replay.previous_round()
    assert replay.position == deals[0] + 1
    replay.previous_round()
    assert replay.position == 0
    replay.go(10_000)
    assert replay.at_end and replay.state == record.final_state()


def test_review_scene_shows_the_record_as_it_steps(monkeypatch):
    reuse_in_window(monkeypatch)
    record = GameRecord.from_json(RECORD.read_text())
    app = make_app((1024, 600))
    scene = _open(app, record)
    states = [record.initial_state()] + [after for _b, _a, after, _e in record.replay()]
    for _ in range(12):
        app.frame([key(pygame.K_RIGHT)], 0.016)
    assert scene.status() == f"Action 12 of {len(record.actions)} · Round {states[12].round_number}"
    rows = seat_rows(scene.replay.state)
    assert [r[2] for r in rows] == list(states[12].hands)  # every hand face up, as the record has it
    assert [r[1] for r in rows] == list(states[12].tokens)
    expected_log = [line for _b, _a, _s, events in list(record.replay())[:12] for e in events
                    for line in narrate(e, states[0].names, record.rules, scene.seat)]
    assert scene.log_lines() == expected_log
    app.frame([key(pygame.K_LEFT), key(pygame.K_LEFT)], 0.016)
    assert scene.replay.position == 10
    app.frame([key(pygame.K_DOWN)], 0.016)
    assert scene.replay.state.round_number == 2 and scene.replay.state == states[scene.replay.position]
    # The coach's review arrives off the render thread, then marks the costliest three.
    assert run_until(app, lambda: scene.review is not None, 4000, wall_s=90, idle_s=0.016)
    lines = scene.review_lines()
    assert lines[0] == "Costliest decisions:" and len(scene.review.costliest) == 3
    assert "Lives by round:" in lines and any(line.startswith("Round 2: ") for line in lines)
    worst = scene.review.costliest[0]
    scene.replay.go(worst.index + 1)
    assert scene.coach_line().startswith(worst.move_label)
    assert f"best: {worst.advice.best.label}" in scene.coach_line()
    surface = pygame.Surface((1024, 600))
    scene.draw(surface)


def test_play_runs_at_the_chosen_speed_and_pause_stops_it():
    app = make_app()
    scene = _open(app, GameRecord.from_json(RECORD.read_text()))
    app.frame([key(pygame.K_SPACE)], 0.016)
    assert scene.playing
    for _ in range(50):
        app.frame([], 0.05)  # 2.5 s at 1 move per second, the default
    assert scene.replay.position == 2
    app.frame([key(pygame.K_SPACE)], 0.016)
    position = scene.replay.position
    for _ in range(40):
        app.frame([], 0.05)
    assert not scene.playing and scene.replay.position == position
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) != "review"


def test_finished_games_list_opens_a_replay_newest_first(tmp_path):
    old = tmp_path / "20261120T100000Z-london.json"
    old.write_text((DATA / "record_v1_london.json").read_text())
    new = tmp_path / "20261122T100000Z-classic.json"
    new.write_text(RECORD.read_text())
    broken = tmp_path / "20261121T100000Z-classic.json"
    broken.write_text("{ not json")
    app = make_app()
    games = GameListScene(app.ctx, [new, broken, old])
    app.apply(Push(games))
    assert "Classic" in games.rows[0] and "London" in games.rows[2]
    app.frame([key(pygame.K_DOWN), key(pygame.K_RETURN)], 0.016)
    assert top_name(app) == "game_list" and "cannot be replayed" in games.message
    app.frame([key(pygame.K_DOWN), key(pygame.K_RETURN)], 0.016)  # an old version-1 record replays too
    assert top_name(app) == "review"
    review = top(app)
    assert review.replay.length == len(GameRecord.from_json(old.read_text()).actions)
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "game_list"


def test_statistics_lists_the_archived_games_newest_first(tmp_path):
    from thirtyone.storage import StoragePaths, archive_game, load_settings
    from thirtyone.ui.screens.statistics import StatisticsScene
    from thirtyone.ui.bridge.storage import StorageBridge
    from datetime import datetime, timezone

    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0])
    first = GameRecord.from_json((DATA / "record_v1_kitty.json").read_text())
    second = GameRecord.from_json(RECORD.read_text())
    archive_game(paths, first, now=datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc))
    archive_game(paths, second, now=datetime(2026, 11, 22, 9, 0, tzinfo=timezone.utc))
    app = make_app()
    scene = StatisticsScene(app.ctx, bridge)
    app.apply(Push(scene))
    app.frame([], 0.01)
    app.frame(click(scene.games.box.center), 0.01)
    assert top_name(app) == "game_list"
    games = top(app)
    assert games.rows[0].startswith("22 Nov 2026") and games.rows[1].startswith("20 Nov 2026")
    app.frame(click(games._boxes[0].center), 0.01)
    assert top_name(app) == "review" and top(app).replay.length == len(second.actions)


def test_the_review_reads_the_answers_kept_with_the_game_and_searches_nothing(monkeypatch):
    from thirtyone.coach import review as review_module
    from thirtyone.coach.review import KEPT_KEY, kept_entry
    from thirtyone.storage.saves import with_meta
    from tests.review_once import kept_answers, review_with_what_ifs
    record = GameRecord.from_json(RECORD.read_text())
    answers = kept_answers(record, 1)
    kept = GameRecord.from_json(with_meta(record, **{KEPT_KEY: kept_entry(answers)}).to_json())
    fresh, _found = review_with_what_ifs(record, 1)  # searched: the record keeps no answers

    def refuse(*args, **kwargs):
        raise AssertionError("the window's review searched although the answers were kept")
    monkeypatch.setattr(review_module, "advise", refuse)
    app = make_app()
    scene = _open(app, kept)
    assert run_until(app, lambda: scene.review is not None, 400)
    assert scene.review.to_dict() == fresh.to_dict()


def test_the_review_is_drawn_from_its_picture_alone(monkeypatch):
    """The drawing reads a frozen picture the scene built and answers where things went; the same picture
    draws the same frame without the scene, and a far scroll comes back kept in range."""
    import dataclasses

    import pytest

    from thirtyone.ui.layout import fitted_unit
    from thirtyone.ui.screens.review_draw import draw_review

    reuse_in_window(monkeypatch)
    record = GameRecord.from_json(RECORD.read_text())
    app = make_app((1024, 600))
    scene = _open(app, record)
    assert run_until(app, lambda: scene.review is not None, 4000, wall_s=120)
    for _ in range(12):
        app.frame([key(pygame.K_RIGHT)], 0.016)
    picture = scene.picture()
    with pytest.raises(dataclasses.FrozenInstanceError):
        picture.notes_first = 3
    assert picture.position == 12 and picture.log == tuple(scene.log_lines())
    unit = fitted_unit(1024, 600, app.ctx.settings.ui_scale)
    alone = pygame.Surface((1024, 600))
    layout = draw_review(picture, alone, app.ctx.theme, app.ctx.assets, unit)
    assert layout.timeline == scene.timeline and layout.notes_rows == scene.notes_rows
    assert pygame.image.tobytes(alone, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    far = draw_review(dataclasses.replace(picture, notes_first=10_000), alone, app.ctx.theme, app.ctx.assets, unit)
    assert 0 <= far.notes_first < 10_000 and scene.notes_first == 0  # the scene is told, never written to


def test_the_review_opened_from_a_file_keeps_its_could_have_won_lines_there(tmp_path):
    from thirtyone.coach.review import KEPT_KEY, kept_entry
    from thirtyone.coach.what_if import KEPT_LINES_KEY, kept_what_ifs
    from thirtyone.storage.saves import with_meta
    from tests.review_once import kept_answers
    seat = 2
    plain = GameRecord.from_json(RECORD.read_text())
    path = tmp_path / "game.json"
    path.write_text(with_meta(plain, **{KEPT_KEY: kept_entry(kept_answers(plain, seat))}).to_json())
    app = make_app((1024, 600))
    scene = ReviewScene(app.ctx, GameRecord.from_file(path), "test game", seat=seat, path=path)
    app.apply(Push(scene))
    assert run_until(app, lambda: scene.review is not None, max_frames=20_000, wall_s=300)
    kept = GameRecord.from_file(path)
    assert KEPT_LINES_KEY in kept.meta
    assert scene.review is not None
    found = kept_what_ifs(kept, scene.review)
    assert found is not None and [w.round_number for w in found] == [w.round_number for w in scene.what_ifs]
