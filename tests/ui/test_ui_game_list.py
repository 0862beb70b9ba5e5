"""Finished games: each row says who won and where the player finished, read from the game itself."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.ui_support import drawn_texts, make_app, run_until
from thirtyone import i18n
from thirtyone.bots import make_bot
from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.events import Eliminated, RoundStarted
from thirtyone.model.record import GameRecord, Seat
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import review_list
from thirtyone.ui.screens.review_list import GameListScene

NAMES = ("You", "Ada", "Ben", "Cleo")


def played(seed: int, human: bool = True) -> Match:
    """A finished classic game; seat 0 is "human" (played here by a bot) unless ``human`` is false."""
    seats = [Seat(NAMES[0], "human") if human else Seat("Dev", "bot:sharp")] + [Seat(n, "bot:sharp") for n in NAMES[1:]]
    match = Match.new(PRESETS["classic"].rules, seats, seed=seed, preset="classic", bots={s: make_bot("sharp") for s in range(4)})
    match.play_bots_to_end()
    return match


def out_first_alone(match: Match) -> bool:
    """Seat 0 was the first out, in a round in which nobody else went out: last of four."""
    rounds: dict[int, int] = {}
    round_number = 0
    for event in match.events:
        if isinstance(event, RoundStarted):
            round_number = event.round_number
        elif isinstance(event, Eliminated):
            rounds[event.seat] = round_number
    return all(rounds[0] < r for s, r in rounds.items() if s != 0)


def archive(folder: Path, name: str, record: GameRecord) -> Path:
    path = folder / f"{name}-classic.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


@pytest.fixture(params=["en", "de"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_each_finished_game_shows_who_won_and_the_players_place(monkeypatch, tmp_path: Path, language) -> None:
    lost = next(m for m in map(played, range(1, 60)) if m.winner != 0 and out_first_alone(m))
    won = next(m for m in map(played, range(1, 60)) if m.winner == 0)
    bots_only = played(3, human=False)
    unfinished = dataclasses.replace(lost.record, actions=lost.record.actions[:40])
    files = [archive(tmp_path, "20261124T100000Z", lost.record), archive(tmp_path, "20261123T100000Z", won.record),
             archive(tmp_path, "20261122T100000Z", bots_only.record),
             archive(tmp_path, "20261121T100000Z", unfinished)]
    app = make_app((1024, 600))
    i18n.set_language(language)  # the app speaks its settings' language; this player chose theirs
    texts = drawn_texts(monkeypatch, review_list)
    scene = GameListScene(app.ctx, files)
    app.apply(Push(scene))
    assert run_until(app, lambda: not scene.busy, 400, wall_s=60)
    texts.clear()
    app.frame([], 0.016)
    german = language == "de"
    expected = [
        (f"Du: 4. von 4 · {NAMES[lost.winner]} hat gewonnen" if german
         else f"You: 4th of 4 · {NAMES[lost.winner]} won"),
        "Du hast gewonnen" if german else "You won",
        f"{bots_only.names[bots_only.winner]} hat gewonnen" if german else f"{bots_only.names[bots_only.winner]} won",
        "nicht zu Ende gespielt" if german else "not finished",
    ]
    for line in expected:
        assert line in texts, (line, texts)


def test_damaged_or_hostile_files_are_listed_without_a_result_and_refused_in_one_line(tmp_path: Path) -> None:
    from thirtyone.paths import MAX_FILE_BYTES
    good = archive(tmp_path, "20261125T100000Z", played(3, human=False).record)
    hostile = {
        "huge": b'{"format": "thirtyone-record", "pad": "' + b"x" * (MAX_FILE_BYTES + 10) + b'"}',
        "deep": b"[" * 200_000,
        "latin1": '{"format": "thirtyone-record", "seats": [{"name": "Jos\u00e9"}]}'.encode("latin-1"),
        "types": b'{"format": "thirtyone-record", "version": 2, "seats": "all", "meta": [1]}',
    }
    files = [good]
    for number, (name, data) in enumerate(hostile.items()):
        path = tmp_path / f"2026112{number}T100000Z-{name}.json"
        path.write_bytes(data)
        files.append(path)
    app = make_app((1024, 600))
    scene = GameListScene(app.ctx, files)
    app.apply(Push(scene))
    assert run_until(app, lambda: not scene.busy, 400, wall_s=60)
    assert scene.results[0].endswith(" won") and scene.results[1:] == [""] * len(hostile)
    for index in range(1, len(files)):
        assert scene.open(index) is None
        assert files[index].name in scene.message and "\n" not in scene.message and len(scene.message) < 300
    assert scene.open(0) is not None
