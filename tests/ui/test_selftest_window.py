"""The self-test's window check: a demo game played to its end, failed only when it stops moving."""

from __future__ import annotations

import pytest

import tests.ui_support  # noqa: F401  (the dummy video and audio drivers, before pygame starts)
from thirtyone.session.local import LocalSession
from thirtyone.ui import selftest


def test_the_demo_game_is_played_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THIRTYONE_TEST_FAST", "1")  # the check sets it; put back after
    assert selftest.check_window().startswith("demo game won after ")


def test_a_demo_game_that_stops_moving_fails_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THIRTYONE_TEST_FAST", "1")
    monkeypatch.setattr(selftest, "STALL_LIMIT_S", 1.0)
    monkeypatch.setattr(LocalSession, "next_move", lambda self, *args, **kwargs: None)  # no bot ever moves
    with pytest.raises(RuntimeError) as stopped:
        selftest.check_window()
    assert str(stopped.value) == "the demo game stopped: no move in 1 s"
