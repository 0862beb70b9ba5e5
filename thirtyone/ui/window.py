"""Where the window opens and how big: fitted to the display, opened windowed or full screen,
remembered between runs.

pygame reports the desktop's full size, not the area left by panels and docks,
so the usable area is the desktop less a margin for a title bar and a task bar.
"""

from __future__ import annotations

import logging
import os
import warnings
from typing import Any

import pygame

_log = logging.getLogger(__name__)

USABLE_MARGIN = (16, 96)
"""Pixels kept free across and down: window borders, the title bar, a task bar or dock."""
SMALLEST = (320, 200)


def desktop_size() -> tuple[int, int] | None:
    """The first display's size in pixels, or ``None`` when the driver cannot tell."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or sizes[0][0] <= 0 or sizes[0][1] <= 0:
        return None
    return (int(sizes[0][0]), int(sizes[0][1]))


def usable_area(desktop: tuple[int, int]) -> tuple[int, int]:
    """The part of ``desktop`` a window can fill without hiding under panels."""
    return (max(SMALLEST[0], desktop[0] - USABLE_MARGIN[0]), max(SMALLEST[1], desktop[1] - USABLE_MARGIN[1]))


def fit_window(wanted: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``wanted``, each side cut to the usable area of ``desktop`` (the layouts adapt to any shape)."""
    w, h = max(SMALLEST[0], wanted[0]), max(SMALLEST[1], wanted[1])
    if desktop is None:
        return (w, h)
    room_w, room_h = usable_area(desktop)
    return (min(w, room_w), min(h, room_h))


def minimum_size(hint: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's minimum-size hint, never larger than the usable area."""
    if desktop is None:
        return hint
    room = usable_area(desktop)
    return (min(hint[0], room[0]), min(hint[1], room[1]))


def initial_position(remembered: tuple[int, int] | None, size: tuple[int, int],
                     desktop: tuple[int, int] | None) -> None:
    """Ask SDL to open the window at ``remembered`` if all of it is on the desktop, else centred."""
    os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
    if remembered is not None and desktop is not None:
        x, y = remembered
        if 0 <= x and x + size[0] <= desktop[0] and 0 <= y and y + size[1] <= desktop[1]:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
            os.environ.pop("SDL_VIDEO_CENTERED", None)
            return
    os.environ["SDL_VIDEO_CENTERED"] = "1"


def window_position() -> tuple[int, int] | None:
    """The open window's top-left corner on the desktop, if the driver knows it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            x, y = pygame.Window.from_display_module().position
    except (AttributeError, pygame.error, TypeError, ValueError):
        return None
    return (int(x), int(y))


def window_size_setting(size: tuple[int, int]) -> tuple[int, int]:
    """The windowed size to remember (held to a sensible range)."""
    return (max(SMALLEST[0], min(16384, int(size[0]))), max(SMALLEST[1], min(16384, int(size[1]))))


def open_window(size: tuple[int, int], fullscreen: bool, min_size: tuple[int, int]) -> pygame.Surface:
    """The display surface: full screen, or a resizable window of ``size`` that asks not to shrink below ``min_size``."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = min_size
    except (AttributeError, pygame.error) as error:  # older SDL: the window may shrink further
        _log.info("no minimum window size: %s", error)
    return screen


def remembered_window(windowed_size: tuple[int, int], fullscreen: bool) -> dict[str, Any]:
    """The settings that keep the window's size, and its place unless full screen, for next time."""
    changes: dict[str, Any] = {"window_size": window_size_setting(windowed_size)}
    position = window_position()
    if position is not None and not fullscreen:
        changes["window_position"] = position
    return changes
