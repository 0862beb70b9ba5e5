"""Opening a 20,000-action game in the Review: the window reads it a slice per frame, says how far it
has got, and each action is narrated once however often the log is drawn (issue 45)."""

from __future__ import annotations

from thirtyone.model.record import GameRecord
from thirtyone.ui.narration import narrate
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import review as review_scene
from thirtyone.ui.screens.review import ReviewScene

from tests.engine_support import long_round_record
from tests.ui_support import make_app

LENGTH = 20_000


def test_a_long_record_is_read_while_frames_go_on_and_its_log_is_narrated_once(monkeypatch):
    def no_review(record, seat, progress=None):
        raise RuntimeError("the coach's review is not this test's")
    monkeypatch.setattr(review_scene, "review_with_what_ifs", no_review)
    told = []
    real = narrate
    monkeypatch.setattr(review_scene, "narrate", lambda *args: told.append(1) or real(*args))
    record = GameRecord.from_json(long_round_record(LENGTH).to_json())
    app = make_app((1024, 600))
    scene = ReviewScene(app.ctx, record, "long game", seat=0)
    app.apply(Push(scene))
    seen = []
    frames = 0
    while not scene.replay.ready:
        app.frame([], 0.016)  # every frame returns: the record is read a slice at a time between them
        frames += 1
        seen.append(scene.replay.built)
        if frames == 1:
            assert scene.status().startswith("Reading the game… ") and scene.status().endswith(f"of {LENGTH} actions")
        assert frames < 10_000
    assert frames > 1 and seen == sorted(seen)  # progress shown frame by frame
    app.frame([], 0.016)
    assert scene.status() == f"Action 0 of {LENGTH} · Round 0"  # before the deal
    scene.replay.go(LENGTH)
    for _ in range(3):
        app.frame([], 0.016)
    narrated = len(told)
    assert narrated <= 2 * LENGTH  # the deal and each pass, once
    app.frame([], 0.016)
    assert len(told) == narrated  # a frame at the same place narrates nothing again
    assert scene.log_lines()[-1]


def test_a_long_archived_game_is_opened_on_a_thread_while_the_list_draws_on(monkeypatch, tmp_path):
    from thirtyone.ui.screens.review_list import READ_AT_ONCE_BYTES, GameListScene
    from tests.ui_support import run_until
    def no_review(record, seat, progress=None):
        raise RuntimeError("the coach's review is not this test's")
    monkeypatch.setattr(review_scene, "review_with_what_ifs", no_review)
    path = tmp_path / "20261201T100000Z-long.json"
    path.write_text(long_round_record(LENGTH).to_json())
    assert path.stat().st_size > READ_AT_ONCE_BYTES
    app = make_app((1024, 600))
    listing = GameListScene(app.ctx, [path])
    app.apply(Push(listing))
    assert listing.open(0) is None  # not read here: the frame that asked goes on
    assert listing.message == f"Opening {path.name}…"
    assert run_until(app, lambda: isinstance(app.stack[-1], ReviewScene), max_frames=20_000, wall_s=300)
    opened = app.stack[-1]
    assert isinstance(opened, ReviewScene) and opened.replay.length == LENGTH and listing.message == ""
