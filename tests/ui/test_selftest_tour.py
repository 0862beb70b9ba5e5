"""The self-test's walk through every screen, as the built program runs it."""

import json

import pytest

import tests.ui_support  # noqa: F401  (headless drivers before pygame starts)
from thirtyone.ui import selftest, selftest_tour

EVERY_SCREEN = {"title", "how_to_play", "settings", "statistics", "new_game", "table", "pause", "round_end",
                "game_over", "game_list", "review", "handoff"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_walk_reaches_every_screen_and_keeps_the_game_it_played(language, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("THIRTYONE_TEST_FAST", "1")
    seen = selftest_tour.walk(language, tmp_path)
    assert EVERY_SCREEN <= set(seen), f"not reached: {EVERY_SCREEN - set(seen)}"
    assert seen[0] == "title" and seen.index("new_game") < seen.index("table") < seen.index("game_over")
    assert len(list((tmp_path / "data" / "games").glob("*.json"))) == 1, "the finished game is archived"
    stats = json.loads((tmp_path / "data" / "stats.json").read_text(encoding="utf-8"))
    assert stats["overall"]["games_played"] == 1, "and counted once"


def test_a_missing_button_fails_the_walk_with_its_name(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("THIRTYONE_TEST_FAST", "1")
    from thirtyone.ui.screens import title
    monkeypatch.setattr(title, "OPTIONAL_ORDER", ("Continue", "Statistics"))  # Settings left off the title
    with pytest.raises(selftest_tour.TourFailed, match="no button 'Settings' on the title screen"):
        selftest_tour.walk("en", tmp_path)


def test_the_self_test_imports_every_module_and_says_how_many() -> None:
    assert selftest.check_modules().split()[0].isdigit()
    assert ("screens", selftest.check_screens) in [(name, check) for name, check in selftest.CHECKS]
