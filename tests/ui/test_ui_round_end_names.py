"""Eight seats with long names on the round-end panel in a small window: every name and the headline are read whole."""

from __future__ import annotations

import pygame
import pytest

from tests.locations import ROOT
from tests.ui_support import drawn_texts, make_app, open_table, run_until, step_game, top, top_name
from thirtyone.i18n import set_language
from thirtyone.model import PRESETS
from thirtyone.ui.game_setup import GameSetup, SeatChoice
from thirtyone.ui.table import round_end

SHOTS = ROOT / "build" / "screenshots"
EIGHT = [("Bartholomew Ox", "human"), ("Mirabel", "sharp"), ("Alexandra Lind", "casual"), ("Wilhelm Wagner", "sharp"),
         ("Oracle", "expert"), ("Cleo", "beginner"), ("Hana", "sharp"), ("Maximiliana", "casual")]
"""Eight seats, three with names of fourteen characters (the most a name may have)."""


@pytest.mark.parametrize("scale, language", [(1.5, "en"), (2.0, "de")])
def test_every_name_on_the_round_end_panel_is_whole_at_eight_seats_in_1024x600(
        monkeypatch: pytest.MonkeyPatch, scale: float, language: str) -> None:
    set_language(language)
    try:
        app = make_app((1008, 504), language=language, ui_scale=scale)
        open_table(app, GameSetup([SeatChoice(name, kind) for name, kind in EIGHT], "classic",
                                  PRESETS["classic"].rules, 11))
        assert run_until(app, lambda: top_name(app) == "round_end", step=step_game), top_name(app)
        texts = drawn_texts(monkeypatch, round_end)
        top(app).draw(app.screen)
        headline = top(app).headline()
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"round_end_8_seats_1024x600_{int(scale * 100)}_{language}.png"))
    finally:
        set_language("en")
    shown = set(texts)
    assert headline in shown, sorted(t for t in shown if t.endswith("…"))  # "… hat geklopft — aufdecken", not "… hat geklopft …"
    for name, _kind in EIGHT:
        assert name in shown, (name, sorted(t for t in shown if t.endswith("…")))
