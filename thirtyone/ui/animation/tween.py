"""Tweens in seconds with easing, in the manner of Pygame Zero's ``animate``.

A ``Tween`` moves numeric attributes of one object from their values when it
starts to targets over ``duration_s``. A new tween on the same attribute of the
same object replaces the old one. ``Tweener.update(dt)`` advances them all; a
zero duration finishes at the first update. ``Tweener.after(delay_s, fn)`` is a
timer: it calls ``fn`` once ``delay_s`` has passed, whatever tweens start since,
and ``next_deadline_s`` tells an idle loop how long it may sleep.
"""

from __future__ import annotations

from typing import Any, Callable

from .easing import Easing, linear


class Tween:
    """Attributes of ``target`` moving to ``values`` over ``duration_s`` after ``delay_s``."""

    def __init__(self, target: Any, values: dict[str, float], duration_s: float, easing: Easing = linear,
                 delay_s: float = 0.0, on_finished: Callable[[], None] | None = None) -> None:
        self.target = target
        self.values = dict(values)
        self.duration_s = max(0.0, duration_s)
        self.easing = easing
        self.delay_s = max(0.0, delay_s)
        self.on_finished = on_finished
        self.elapsed_s = 0.0
        self.started = False
        self.finished = False
        self._start: dict[str, float] = {}

    def _begin(self) -> None:
        self.started = True
        self._start = {name: float(getattr(self.target, name)) for name in self.values}

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; returns the time left over once finished."""
        if self.finished:
            return dt
        if self.delay_s > 0:
            used = min(dt, self.delay_s)
            self.delay_s -= used
            dt -= used
            if self.delay_s > 0:
                return 0.0
        if not self.started:
            self._begin()
        self.elapsed_s += dt
        progress = 1.0 if self.duration_s == 0 else min(1.0, self.elapsed_s / self.duration_s)
        eased = 1.0 if progress >= 1.0 else self.easing(progress)
        for name, end in self.values.items():
            start = self._start[name]
            setattr(self.target, name, start + (end - start) * eased)
        if progress >= 1.0:
            self.finished = True
            if self.on_finished is not None:
                self.on_finished()
            return max(0.0, self.elapsed_s - self.duration_s)
        return 0.0

    def stop(self, complete: bool = False) -> None:
        """End the tween now, jumping to its targets if ``complete``."""
        if complete and not self.finished:
            for name, end in self.values.items():
                setattr(self.target, name, end)
        self.finished = True


class Timer:
    """``fn`` called once, ``left_s`` seconds from now (``cancel`` stops it)."""

    def __init__(self, delay_s: float, fn: Callable[[], None], animates: bool = False) -> None:
        self.left_s = max(0.0, delay_s)
        self.fn = fn
        self.done = False
        self.animates = animates
        """Part of an animation: the tweener is busy until it fires, and ``finish_all`` fires it."""

    def cancel(self) -> None:
        """Never call ``fn``."""
        self.done = True


class Tweener:
    """All running tweens (one per object and attribute) and timers."""

    def __init__(self) -> None:
        self._tweens: list[Tween] = []
        self._timers: list[Timer] = []

    def after(self, delay_s: float, fn: Callable[[], None], animates: bool = False) -> Timer:
        """Call ``fn`` once ``delay_s`` seconds have passed in ``update``; later tweens never cancel it.

        ``animates``: the timer is a step of an animation (a card leaves the table when its
        move ends, a sound falls on a shot), so the tweener counts as busy until it fires and
        skipping the animation fires it at once; otherwise it only waits (``next_deadline_s``).
        """
        timer = Timer(delay_s, fn, animates)
        self._timers.append(timer)
        return timer

    @property
    def next_deadline_s(self) -> float | None:
        """Seconds until the next timer fires (``None``: no timer waits)."""
        waiting = [t.left_s for t in self._timers if not t.done]
        return min(waiting) if waiting else None

    def _run_timers(self, dt: float) -> None:
        for timer in list(self._timers):
            if timer.done:
                continue
            timer.left_s -= dt
            if timer.left_s <= 1e-9:
                timer.done = True
                timer.fn()
        self._timers = [t for t in self._timers if not t.done]

    def add(self, tween: Tween) -> Tween:
        """Start ``tween``, stopping older tweens of the same attributes on the same object."""
        for old in self._tweens:
            if old.target is tween.target and not old.finished:
                for name in tween.values:
                    old.values.pop(name, None)
                if not old.values:
                    old.finished = True
        self._tweens = [t for t in self._tweens if not t.finished]
        if tween.duration_s == 0 and tween.delay_s == 0:
            tween.update(0.0)
        if not tween.finished:
            self._tweens.append(tween)
        return tween

    def animate(self, target: Any, duration_s: float, easing: Easing = linear, delay_s: float = 0.0,
                on_finished: Callable[[], None] | None = None, **values: float) -> Tween:
        """Shorthand: ``tweener.animate(sprite, 0.3, decelerate, x=100, y=50)``."""
        return self.add(Tween(target, values, duration_s, easing, delay_s, on_finished))

    def update(self, dt: float) -> None:
        """Advance every tween by ``dt`` seconds and drop the finished ones."""
        for tween in list(self._tweens):
            tween.update(dt)
        self._tweens = [t for t in self._tweens if not t.finished]
        self._run_timers(dt)

    def finish_all(self) -> None:
        """Jump every tween to its end and fire the animation's timers (for 'skip animation')."""
        while True:
            for tween in list(self._tweens):
                if not tween.finished:
                    tween.update(tween.delay_s + tween.duration_s + 1.0)
            self._tweens = [t for t in self._tweens if not t.finished]
            due = sorted((t for t in self._timers if t.animates and not t.done), key=lambda t: t.left_s)
            if not due:
                return
            for timer in due:  # in the order they would have fired; they may start tweens of their own
                timer.done = True
                timer.fn()
            self._timers = [t for t in self._timers if not t.done]

    @property
    def busy(self) -> bool:
        """Whether a tween is moving something or an animation's timer waits (other timers only wait;
        see ``next_deadline_s``)."""
        return bool(self._tweens) or any(t.animates and not t.done for t in self._timers)

    def __len__(self) -> int:
        return len(self._tweens)
