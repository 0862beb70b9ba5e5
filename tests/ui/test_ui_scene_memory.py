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


def test_a_finished_tables_card_fans_go_with_it(monkeypatch) -> None:
    """Each still hand is drawn once into an image of its own (a fan); those of a finished game
    were kept in a module-wide table keyed by the view's id, 0.3-0.9 MiB a hand at 1920×1080,
    piling up game after game (the window's memory crept about 8 MiB an hour of ``--demo``)."""
    import sys

    import pygame

    from thirtyone.ui.table import draw
    fans: list[pygame.Surface] = []
    drawn_by_the_table = draw._resting_fan

    def keep_a_copy(*args, **kwargs):
        image, topleft = drawn_by_the_table(*args, **kwargs)
        if not any(image is kept for kept in fans):  # each image once: the list's own references are counted
            fans.append(image)
        return image, topleft

    monkeypatch.setattr(draw, "_resting_fan", keep_a_copy)
    app = make_app(size=(1920, 1080))
    open_table(app, setup(["random", "random", "random", "random"]))
    for _ in range(200):
        app.frame([], 0.05)
        app.draw(app.screen)
        if any(image.get_width() > 0 for image in fans):
            break
    assert any(image.get_width() > 0 for image in fans), "no dealt hand was drawn as one image"
    app.apply(Replace(HowToPlayScene(app.ctx), clear=True))
    fans.append(pygame.Surface((1, 1)))  # held by this list alone: what "let go" looks like
    references = [sys.getrefcount(image) for image in fans]
    still_held = [image.get_size() for image, count in zip(fans, references) if count > references[-1]]
    assert still_held == [], f"{len(still_held)} card fans of the finished table are still held: {still_held[:4]}"
