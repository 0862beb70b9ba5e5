"""A half point is written one way wherever a player reads it: "30½", as the rules and the New game
choices write it, on the table, on the round-end panel, in How to play and in German too."""

from __future__ import annotations

import pygame
import pytest

from tests.engine_support import deal, play
from tests.ui_support import drawn_texts, make_app
from thirtyone import i18n
from thirtyone.model import preset
from thirtyone.model.describe import describe_rules
from thirtyone.model.events import RoundEnded
from thirtyone.model.options import RULE_OPTIONS


@pytest.fixture(params=["en", "de"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_a_three_of_a_kind_of_thirty_and_a_half_reads_the_same_on_the_panel_in_the_rules_and_the_menu(
        monkeypatch, language) -> None:
    from thirtyone.ui.table import round_end
    london = preset("london")
    state, _ = deal(london, ["7H 7S 7C", "8D TD 2C", "2D 3H 4S"], "6S 9C KD")
    state, events = play(state, "knock", "pass", "pass")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.scores[0] == 30.5
    app = make_app()
    i18n.set_language(language)
    scene = round_end.RoundEndScene(app.ctx, result, ("Kelly", "Al", "Lou"), london)
    texts = drawn_texts(monkeypatch, round_end)
    scene.draw(pygame.Surface((1280, 720)))
    panel = " ".join(texts)
    rules = " ".join(line for _heading, lines in describe_rules(london) for line in lines)
    menu = dict(next(o for o in RULE_OPTIONS if o.field == "three_of_a_kind").choices)[30.5]
    assert "30½" in texts and "30½" in rules and menu == "30½"
    for other in ("30.5", "30,5"):
        assert other not in panel and other not in rules
