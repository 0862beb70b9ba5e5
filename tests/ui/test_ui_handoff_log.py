"""Pass-and-play's game log: "you" is the seat at the screen now, so a move reads in the third person
once its player has handed the screen on."""

from __future__ import annotations

from tests.ui_support import make_app, match_of, open_table, run_until, step_game
from thirtyone.model import PRESETS
from thirtyone.ui.game_setup import GameSetup, SeatChoice


def test_the_last_players_moves_read_in_the_third_person_for_the_next_one():
    app = make_app(confirm_knock=False)
    rules = PRESETS["classic"].rules
    table = open_table(app, GameSetup([SeatChoice("Ada", "human"), SeatChoice("Bo", "human")], "classic", rules, 3))
    match = match_of(table)
    run_until(app, lambda: table.view.you is not None, step=step_game)
    first = table.view.you
    mover = match.names[first]
    run_until(app, lambda: table.view.you not in (None, first), step=step_game)
    other = table.view.you
    log = table.log_lines
    assert any(line.startswith(f"{mover} draws") or line.startswith(f"{mover} takes") for line in log), log
    assert not any(line.startswith(("You draw", "You take", "You discard")) for line in log), log
    run_until(app, lambda: table.view.you == first, step=step_game)
    log = table.log_lines
    assert any(line.startswith(("You draw", "You take")) for line in log), log
    assert any(line.startswith(f"{match.names[other]} ") for line in log), log
