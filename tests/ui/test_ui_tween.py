"""Tweens and easing on a fake clock: exact values at exact times."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from thirtyone.ui.animation import easing
from thirtyone.ui.animation.tween import Tween, Tweener


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0


@pytest.mark.parametrize("name", sorted(easing.EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = easing.EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_easing_values():
    assert easing.linear(0.25) == 0.25
    assert easing.accelerate(0.5) == 0.25
    assert easing.decelerate(0.5) == 0.75
    assert easing.accel_decel(0.25) == 0.125
    assert easing.accel_decel(0.75) == 0.875
    assert easing.out_back(0.5) > 1.0  # overshoots


def test_linear_tween_with_fake_clock():
    thing = Thing()
    tweener = Tweener()
    tweener.animate(thing, 2.0, easing.linear, x=100.0)
    tweener.update(0.5)
    assert thing.x == 25.0
    tweener.update(1.0)
    assert thing.x == 75.0
    assert tweener.busy
    tweener.update(0.5)
    assert thing.x == 100.0
    assert not tweener.busy


def test_eased_tween_and_delay():
    thing = Thing()
    tweener = Tweener()
    tweener.animate(thing, 1.0, easing.accelerate, delay_s=0.5, y=20.0)
    tweener.update(0.25)
    assert thing.y == 10.0
    tweener.update(0.75)  # 0.25 s used up by the rest of the delay, 0.5 s of motion
    assert thing.y == 12.5
    tweener.update(10.0)
    assert thing.y == 20.0


def test_zero_duration_finishes_at_once_and_calls_back():
    thing = Thing()
    done = []
    tweener = Tweener()
    tweener.animate(thing, 0.0, on_finished=lambda: done.append(True), x=5.0)
    assert thing.x == 5.0
    assert done == [True]
    assert not tweener.busy


def test_new_tween_on_same_attribute_replaces_old():
    thing = Thing()
    tweener = Tweener()
    tweener.animate(thing, 1.0, x=100.0, y=0.0)
    tweener.update(0.5)
    assert thing.x == 50.0
    tweener.animate(thing, 1.0, x=0.0)
    tweener.update(0.5)
    assert thing.x == 25.0  # from 50 towards 0
    assert thing.y == 0.0  # the old tween still drives y: 10 → 0 over 1 s
    tweener.update(0.5)
    assert thing.x == 0.0


def test_finish_all_jumps_to_the_end():
    thing = Thing()
    tweener = Tweener()
    finished = []
    tweener.add(Tween(thing, {"x": 3.0}, 5.0, easing.out_cubic, 1.0, lambda: finished.append(1)))
    tweener.finish_all()
    assert thing.x == 3.0 and finished == [1] and not tweener.busy


def test_settings_scale_durations():
    from thirtyone.storage.settings import Settings
    assert Settings(animation_speed="fast").duration_s(0.4) == 0.2
    assert Settings(animation_speed="instant").duration_s(0.4) == 0.0
    assert Settings(animation_speed="slow").duration_s(0.4) == pytest.approx(0.7)
    assert Settings(bot_speed="instant").bot_delay_s() == 0.0


def test_a_timer_fires_on_time_and_later_tweens_do_not_cancel_it():
    thing = Thing()
    tweener = Tweener()
    fired = []
    tweener.after(1.0, lambda: fired.append("timer"))
    assert tweener.next_deadline_s == 1.0 and not tweener.busy
    tweener.animate(thing, 0.0, x=5.0)  # a zero-length tween on another object ...
    tweener.animate(thing, 0.3, x=2.0)  # ... and a real one: neither touches the timer
    tweener.update(0.6)
    assert fired == [] and tweener.next_deadline_s == pytest.approx(0.4)
    tweener.update(0.4)
    assert fired == ["timer"] and tweener.next_deadline_s is None
    cancelled = tweener.after(0.1, lambda: fired.append("cancelled"))
    cancelled.cancel()
    tweener.update(1.0)
    assert fired == ["timer"]


def test_an_animation_timer_survives_later_tweens_on_the_same_card_and_keeps_the_tweener_busy():
    """A card leaves the table when its move ends: a later tween on the same card (a flip, a fade)
    used to cancel that step when it was a zero-length tween; a timer is not a tween."""
    tweener = Tweener()
    card = SimpleNamespace(x=0.0, alpha=255.0, flip=1.0)
    gone: list[str] = []
    tweener.animate(card, 0.3, x=100.0)
    tweener.after(0.4, lambda: gone.append("removed"), animates=True)
    tweener.animate(card, 0.1, alpha=0.0)
    tweener.animate(card, 0.1, flip=0.0)
    tweener.update(0.35)
    assert card.x == 100.0 and tweener.busy and gone == []  # nothing moves, yet the step is still to come
    tweener.update(0.1)
    assert gone == ["removed"] and not tweener.busy


def test_skipping_an_animation_fires_its_timers_in_order_but_not_a_plain_wait():
    tweener = Tweener()
    fired: list[str] = []
    tweener.after(0.5, lambda: fired.append("second"), animates=True)
    tweener.after(0.2, lambda: fired.append("first"), animates=True)
    tweener.after(3.0, lambda: fired.append("demo's next game"))
    tweener.finish_all()
    assert fired == ["first", "second"] and not tweener.busy and tweener.next_deadline_s == pytest.approx(3.0)


def test_no_zero_length_tween_is_used_as_a_timer():
    """Timers are ``Tweener.after``; a tween of no length with a callback could be cancelled."""
    import re
    from tests.locations import ROOT
    sources = (ROOT / "thirtyone" / "ui").rglob("*.py")
    hits = [f"{path.name}: {line.strip()}" for path in sources for line in path.read_text().splitlines()
            if re.search(r"animate\(\w+(\(\))?, 0\.0,", line) or "SimpleNamespace()" in line]
    assert hits == []
