"""A screen that is left for good is gone at once, with the surfaces it drew into."""

import gc
import weakref

from tests.ui_support import make_app, open_table, setup
from thirtyone.ui.scene import Pop, Replace
from thirtyone.ui.screens.how_to_play import HowToPlayScene


def test_a_finished_table_is_freed_when_the_next_screen_replaces_it() -> None:
    app = make_app()
    table = open_table(app, setup(["human", "random", "random"]))
    for _ in range(5):
        app.frame([], 0.05)
        app.draw(app.screen)
    gone = weakref.ref(table)
    del table
    gc.disable()  # only the window's own collection may free it
    try:
        app.apply(Replace(HowToPlayScene(app.ctx), clear=True))
        assert gone() is None, "the old table (and its full-window layers) is still alive"
    finally:
        gc.enable()


def test_closing_an_overlay_does_not_stop_for_a_collection(monkeypatch) -> None:
    app = make_app()
    table = open_table(app, setup(["human", "random"]))
    from thirtyone.ui.screens.pause import PauseScene
    from thirtyone.ui.scene import Push
    app.apply(Push(PauseScene(app.ctx, table)))
    collected = []
    monkeypatch.setattr(gc, "collect", lambda *a: (collected.append(a), 0)[1])
    app.apply(Pop())
    assert collected == []
