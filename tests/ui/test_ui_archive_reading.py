"""The Finished games list reads archived records through the game's guarded reader: a damaged,
deeply nested or oversized file in the games folder is one line in its row, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui_support import make_app
from tests.engine_support import scripted_record
from thirtyone.paths import MAX_FILE_BYTES
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.review_list import GameListScene, describe_game

DAMAGE = {
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "big": b'{"format": "thirtyone-record", "pad": "' + b"x" * (MAX_FILE_BYTES + 10) + b'"}',
    "latin-1": '{"format": "thirtyone-record", "seats": [{"name": "José"}]}'.encode("latin-1"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_archive_is_one_row_and_opening_it_says_why(tmp_path: Path, damage: str) -> None:
    bad = tmp_path / f"20261122T101500-classic-{damage}.json"
    bad.write_bytes(DAMAGE[damage])
    good = tmp_path / "20261122T101400-classic.json"
    good.write_text(scripted_record().to_json(), encoding="utf-8")
    assert describe_game(bad).startswith("20261122T101500")
    assert "Kelly" in describe_game(good)
    app = make_app(size=(1024, 600))
    scene = GameListScene(app.ctx, [bad, good])
    app.apply(Push(scene))
    app.frame([], 0.01)
    assert scene.open(0) is None
    assert bad.name in scene.message and "\n" not in scene.message and len(scene.message) < 300
    assert scene.open(1) is not None
