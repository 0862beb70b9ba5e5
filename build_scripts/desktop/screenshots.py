"""Make the store screenshots from the game itself: ``python build_scripts/desktop/screenshots.py [DIR]``.

Draws the window headless (SDL's dummy driver) at 1280×720 and saves ``DIR/table.png`` (you
against three bots, mid-round, the coach's answer shown), ``DIR/new-game.png`` and
``DIR/how-to-play.png``, and each in German as ``DIR/NAME-de.png``; DIR defaults to
``docs/screenshots``, which the AppStream metainfo (build_scripts/desktop/) points at. Every
shuffle is seeded, so the same code draws the same pictures.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from tests.ui_support import key, make_app, open_table, run_until, setup  # noqa: E402
from thirtyone.ui.app import App  # noqa: E402
from thirtyone.ui.game_setup import GameSetup  # noqa: E402
from thirtyone.ui.scene import Push  # noqa: E402

SIZE = (1280, 720)
"""16:9, the shape software centres show; big enough to read the cards."""


def _save(app: App, path: Path) -> None:
    app.frame([], 0.016)
    pygame.image.save(app.screen, str(path))
    print(f"saved {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def table(folder: Path, suffix: str, language: str) -> None:
    """You against three bots, classic rules, a few turns in, the coach asked for advice."""
    app = make_app(SIZE, fast=True, language=language)
    game = setup(["human", "sharp", "sharp", "sharp"], seed=11)
    table = open_table(app, game)
    for _turn in range(2):
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
        app.frame([key(pygame.K_d)], 0.016)
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
        from thirtyone.model.scoring import best_three
        obs = table.input.obs
        _, card = best_three(obs.hand, obs.rules)
        app.frame([key(pygame.K_1 + obs.hand.index(card)), key(pygame.K_RETURN)], 0.016)
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
    app.frame([key(pygame.K_F1)], 0.016)
    assert run_until(app, lambda: table.coach.advice is not None, 2000)
    _save(app, folder / f"table{suffix}.png")


def new_game(folder: Path, suffix: str, language: str) -> None:
    """The New game screen with its default: you against three bots, classic rules."""
    from thirtyone.ui.screens.new_game import NewGameScene
    app = make_app(SIZE, fast=True, language=language)
    app.apply(Push(NewGameScene(app.ctx, GameSetup.from_settings(app.ctx.settings, seed=1))))
    _save(app, folder / f"new-game{suffix}.png")


def how_to_play(folder: Path, suffix: str, language: str) -> None:
    """The rules screen for the classic preset."""
    from thirtyone.ui.screens.how_to_play import HowToPlayScene
    app = make_app(SIZE, fast=True, language=language)
    app.apply(Push(HowToPlayScene(app.ctx)))
    _save(app, folder / f"how-to-play{suffix}.png")


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for suffix, language in (("", "en"), ("-de", "de")):
        for draw in (table, new_game, how_to_play):
            draw(folder, suffix, language)
    return 0


if __name__ == "__main__":
    sys.exit(main())
