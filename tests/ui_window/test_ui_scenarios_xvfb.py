"""Whole games in a real window under Xvfb, played the way a new player plays them (issue 16, "Tests").

1. One click to game over: title → New game → Start, every human turn by keys, the game over
   screen; the finished game is archived and counted once in the statistics.
2. Knocked out, then watching: the human loses their only life and the round-end panels go on
   by themselves to the game over screen with no input.
3. Pass-and-play, two humans and a bot: the hand-off screen comes before each human's turn and
   shows no card face, and the bot's turns are played on the open table.

Each test runs ``thirtyone`` on its own Xvfb with its own ``--data-dir``; the state of the game
is read from the autosave there, the top scene from ``THIRTYONE_TEST_STATE``.
"""

from __future__ import annotations

from typing import Any

import json
import time
from pathlib import Path

import pytest

from tests.xvfb_support import Game, needs_xvfb, saved_match
from tests.waiting import wait_for
from thirtyone.model import legal_actions

pytestmark = pytest.mark.xvfb

INSTANT = {"animation_speed": "instant", "bot_speed": "instant", "confirm_knock": False}


def archived_games(data_dir: Path) -> list[Path]:
    folder = data_dir / "data" / "games"
    return sorted(folder.glob("*.json")) if folder.exists() else []


def stats(data_dir: Path) -> dict[str, Any]:
    path = data_dir / "data" / "stats.json"
    return json.loads(path.read_text()) if path.exists() else {}


def games_counted(data_dir: Path) -> int:
    return int(stats(data_dir).get("overall", {}).get("games_played", 0))


def play_human_turn(game: Game, match, seat: int, knock_first: bool = False) -> None:
    """One step of ``seat``'s turn by keys: knock or draw in the draw phase, discard the first card after."""
    from thirtyone.model import Knock, Phase
    obs = match.observation(seat)
    if obs.phase is Phase.TURN:
        if knock_first and any(isinstance(a, Knock) for a in legal_actions(match.state)):
            game.key("k")
        else:
            game.key("d")
    elif obs.phase is Phase.DISCARD:
        game.key("1", "Return")


def start_from_title(game: Game) -> None:
    """Title → New game (N) → Start (Enter): what a new player does."""
    assert wait_for(lambda: game.scene() == "title", 20), game.scene()
    time.sleep(0.3)
    # A key sent while the window is still settling can be lost (seen once in CI under load): press again.
    for _ in range(3):
        game.key("n")
        if wait_for(lambda: game.scene() == "new_game", 8):
            break
    assert game.scene() == "new_game", game.scene()
    time.sleep(0.2)
    for _ in range(3):
        game.key("Return")
        if wait_for(lambda: game.scene() in ("table", "handoff"), 8):
            break
    assert game.scene() in ("table", "handoff"), game.scene()


def human_seats(match) -> list[int]:
    return [seat for seat in range(len(match.names)) if not match.is_bot(seat)]


@needs_xvfb
def test_one_click_game_played_to_game_over_is_archived_and_counted(tmp_path: Path) -> None:
    # A fixed deal: the test switch makes a one-life duel, and on some random deals it ends before
    # the human's second move (a fresh CI run failed that way). With seed 7 the human plays 7 moves.
    game = Game(tmp_path, (1280, 720), "--seed", "7", env={"THIRTYONE_TEST_FAST": "1"},
                settings={"confirm_knock": False})
    try:
        start_from_title(game)
        turns = 0
        end = time.monotonic() + 60
        while time.monotonic() < end and game.scene() != "game_over":
            scene = game.scene()
            if scene == "round_end":
                game.key("Return")
            elif scene == "table":
                match = saved_match(game.data)
                if match is not None and not match.is_over and not match.is_bot(match.current_seat):
                    before = match.action_count
                    play_human_turn(game, match, match.current_seat)
                    if wait_for(lambda: (m := saved_match(game.data)) is not None and m.action_count > before, 3):
                        turns += 1
            time.sleep(0.05)
        game.shot("one-click-game-over")
        assert game.scene() == "game_over", f"stuck in {game.scene()} after {turns} human moves"
        assert turns >= 2, "the human never played a move"
        archived = wait_for(lambda: archived_games(game.data), 10)
        assert archived and len(archived) == 1, archived
        record = json.loads(archived[0].read_text())
        assert [seat["player"] for seat in record["seats"]][0] == "human"
        assert wait_for(lambda: games_counted(game.data) == 1, 10), stats(game.data)
        assert not (game.data / "data" / "current_game.json").exists(), "a finished game must not be offered to Continue"
    finally:
        game.close()


def knocked_out_game(tmp_path: Path, seed: int) -> tuple[Game, str]:
    """Three seats, one life: the human knocks at once every time, until they are out or the game is over.

    Says how it went: "out" (the human is out and the bots play on), "out at the end" (the human went
    out in the round that ended the game: its panel waits for Enter like every last round's), or "not out".
    """
    from thirtyone.model import Phase
    settings = dict(INSTANT, house_rules={"lives": 1, "honor_life": False},
                    default_seats=[{"name": "You", "player": "human"}, {"name": "Ann", "player": "bot:easy"},
                                   {"name": "Bob", "player": "bot:easy"}])
    game = Game(tmp_path, (1280, 720), "--seed", str(seed), settings=settings)
    start_from_title(game)
    end = time.monotonic() + 90  # generous: a loaded machine plays slowly, and the clock is not the test
    while time.monotonic() < end:
        scene = game.scene()
        match = saved_match(game.data)
        if match is not None and match.state.tokens[0] <= 0:
            return game, "out at the end" if match.is_over else "out"
        if scene == "game_over":
            return game, "not out"
        if scene == "round_end":
            game.key("Return")
        elif scene == "table" and match is not None and match.current_seat == 0 and not match.is_over:
            if match.observation(0).phase in (Phase.TURN, Phase.DISCARD):
                before = match.action_count
                play_human_turn(game, match, 0, knock_first=True)
                wait_for(lambda: (m := saved_match(game.data)) is not None and m.action_count > before, 10)
        time.sleep(0.05)
    return game, "not out"


KNOCKED_OUT_SEEDS = (7, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
"""Seed 7 puts the human out while the bots play on when every knock lands as pressed; the others
are there in case a loaded machine lets the game go otherwise."""


@needs_xvfb
def test_knocked_out_the_player_watches_the_rest_without_touching_anything(tmp_path: Path) -> None:
    tried = []
    for seed in KNOCKED_OUT_SEEDS:
        folder = tmp_path / f"seed{seed}"
        folder.mkdir()
        game, how = knocked_out_game(folder, seed)
        tried.append((seed, how))
        if how == "out":
            break
        game.close()
    else:
        pytest.fail(f"the human never went out while the bots played on: {tried}")
    try:
        # From here on no key and no click: the panels continue by the clock.
        seen: list[Any] = []
        end = time.monotonic() + 90
        while time.monotonic() < end and game.scene() != "game_over":
            scene = game.scene()
            if not seen or seen[-1] != scene:
                seen.append(scene)
                if scene == "round_end":
                    game.shot(f"watching-round-end-{len(seen)}")
            time.sleep(0.05)
        game.shot("watched-to-game-over")
        assert game.scene() == "game_over", f"stuck in {game.scene()} (scenes seen {seen})"
        record = json.loads(wait_for(lambda: archived_games(game.data), 10)[0].read_text())
        assert record["seats"][0]["player"] == "human"
        assert wait_for(lambda: games_counted(game.data) == 1, 10)
        assert stats(game.data)["overall"]["games_won"] == 0
    finally:
        game.close()


def bright_fraction(png: Path, box: tuple[int, int, int, int]) -> float:
    """The share of near-white pixels (card faces) inside ``box`` = (x, y, w, h) of a screenshot."""
    import pygame
    image = pygame.image.load(str(png))
    x, y, w, h = box
    region = image.subsurface(pygame.Rect(x, y, w, h).clip(image.get_rect()))
    bright = total = 0
    for px in range(0, region.get_width(), 3):
        for py in range(0, region.get_height(), 3):
            r, g, b, *_ = region.get_at((px, py))
            total += 1
            bright += r > 225 and g > 225 and b > 225
    return bright / max(1, total)


def hand_box(game: Game) -> tuple[int, int, int, int]:
    """Where the hand of the player at the screen lies on a three-seat table, in screen pixels (x, y, w, h)."""
    from thirtyone.ui.layout import table_layout
    geometry = game.geometry()
    layout = table_layout(geometry["WIDTH"], geometry["HEIGHT"], 3)
    x, y = (int(v) for v in layout.hand_card(0, 0, 4)[:2])
    x3 = int(layout.hand_card(0, 3, 4)[0])
    return geometry["X"] + min(x, x3) - 60, geometry["Y"] + y - 80, abs(x3 - x) + 120, 160


@needs_xvfb
def test_pass_and_play_hands_off_before_each_human_turn_and_shows_bot_turns(tmp_path: Path) -> None:
    from thirtyone.model import Phase
    settings = dict(INSTANT, bot_speed="fast", house_rules={"lives": 1, "honor_life": False},
                    default_seats=[{"name": "Ann", "player": "human"}, {"name": "Ben", "player": "human"},
                                   {"name": "Bot", "player": "bot:easy"}])
    game = Game(tmp_path, (1280, 720), "--seed", "3", settings=settings)
    try:
        start_from_title(game)
        handed_to: int | None = None
        last_human: int | None = None
        handoffs = human_moves = 0
        bot_turn_on_table = False
        hand_shots: list[tuple[Path, Path]] = []
        box: tuple[int, int, int, int] | None = None
        end = time.monotonic() + 60
        while time.monotonic() < end and game.scene() != "game_over" and human_moves < 12:
            scene = game.scene()
            match = saved_match(game.data)
            if scene == "round_end":
                game.key("Return")
            elif scene == "handoff" and match is not None:
                # The autosave is written on its own thread and may still hold the move before the hand-off
                # (the bot's): the hand-off stops the table, so the save reaches the turn it stands for. If
                # that turn were a bot's, the save would stay there.
                caught_up = wait_for(lambda: (m := saved_match(game.data)) is not None
                                     and not m.is_bot(m.current_seat), 10)
                match = saved_match(game.data)
                seat = match.current_seat
                assert caught_up and not match.is_bot(seat), "a hand-off before a bot's turn"
                shot = tmp_path / f"handoff-{handoffs}.png"
                game.settled_shot(shot.stem)
                hand_shots.append((shot, Path()))
                handoffs += 1
                handed_to = seat
                game.key("Return")
                assert wait_for(lambda: game.scene() == "table", 5), game.scene()
            elif scene == "table" and match is not None and not match.is_over:
                seat = match.current_seat
                if match.is_bot(seat):
                    bot_turn_on_table = True
                elif match.observation(seat).phase in (Phase.TURN, Phase.DISCARD):
                    if handed_to != seat:
                        # The table pushes the hand-off on its next frame: give it a moment.
                        assert wait_for(lambda: game.scene() == "handoff", 10), \
                            f"{match.names[seat]}'s turn began with no hand-off"
                        continue
                    if last_human != seat:
                        box = box or hand_box(game)
                        table_shot = tmp_path / f"table-{seat}-{human_moves}.png"
                        # Polled: a loaded machine may draw the table a while after the hand-off left.
                        wait_for(lambda: game.shot(table_shot.stem) and bright_fraction(table_shot, box) > 0.15, 10)
                        if hand_shots and hand_shots[-1][1] == Path():
                            hand_shots[-1] = (hand_shots[-1][0], tmp_path / f"table-{seat}-{human_moves}.png")
                    last_human = seat
                    before = match.action_count
                    play_human_turn(game, match, seat)
                    # Until the save holds this move, the next pass would read the turn before it and press
                    # its keys again, into the next screen (a hand-off passed unseen): wait for the save.
                    if wait_for(lambda: (m := saved_match(game.data)) is not None and m.action_count > before, 10):
                        human_moves += 1
            time.sleep(0.05)
        assert handoffs >= 2, f"{handoffs} hand-offs in {human_moves} human moves"
        assert bot_turn_on_table, "the bot's turns were never shown on the table"
        # The hand-off covers the table: where the hand lies on the table there is no card face.
        assert box is not None, "no human turn on the table"
        compared = [(handoff, table) for handoff, table in hand_shots if table != Path() and table.exists()]
        assert compared, "no hand-off followed by a table screenshot"
        for handoff, table in compared:
            assert bright_fraction(table, box) > 0.15, f"the hand is not where the test looks ({table})"
            assert bright_fraction(handoff, box) < 0.02, f"card faces on the hand-off screen ({handoff})"
    finally:
        game.close()

