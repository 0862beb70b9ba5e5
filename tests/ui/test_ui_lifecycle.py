"""A scene that leaves the stack stops what it ran off the render thread (``Scene.shutdown``)."""

from __future__ import annotations

import threading

import pygame

from tests.ui_support import key, make_app, open_table, run_until, setup, top_name
from tests.waiting import wait_for
from thirtyone.ui.scene import Pop


_EARLIER: set[threading.Thread] = set()


def _threads(prefix: str) -> list[str]:
    """This test's live threads named ``prefix…`` (other tests' tables may leave theirs)."""
    return [t.name for t in threading.enumerate() if t.name.startswith(prefix) and t not in _EARLIER]


def test_quitting_a_table_to_the_title_stops_its_bots_and_forgets_its_hint():
    _EARLIER.update(threading.enumerate())
    app = make_app(coach_hints="always")
    table = open_table(app, setup(["human", "sharp", "sharp", "sharp"], seed=3))
    # The coach thinks in one worker process per run (thinking.shared_thinker), which stays for the next
    # table; what the table owns is its pending question, and the bots' thread.
    assert run_until(app, lambda: bool(_threads("bot")) and table.coach.busy, wall_s=20)
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    assert top_name(app) == "pause"
    app.frame([key(pygame.K_q, "q")], 0.05)
    assert top_name(app) == "title"
    assert not table.coach.busy
    assert wait_for(lambda: not _threads("bot"), 10), _threads("bot")


def test_a_popped_scene_is_shut_down():
    app = make_app()
    stopped: list[str] = []
    table = open_table(app, setup(["human", "random"], seed=3))
    table.shutdown = lambda: stopped.append("table")
    app.apply(Pop())
    assert stopped == ["table"] and not app.stack
