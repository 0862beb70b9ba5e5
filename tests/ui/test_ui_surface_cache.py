"""The window's surface caches stay within their bytes however long it runs."""

import gc
from collections import OrderedDict

import pygame

import tests.ui_support  # noqa: F401  (headless drivers before pygame starts)
from thirtyone.model import Card
from thirtyone.ui.assets import Assets
from thirtyone.ui.surface_cache import SurfaceCache, surface_bytes


def test_the_least_recently_used_surface_goes_first_and_the_budget_holds() -> None:
    one = pygame.Surface((10, 10), pygame.SRCALPHA)
    cache = SurfaceCache(budget=3 * surface_bytes(one))
    for key in "abc":
        cache.put(key, pygame.Surface((10, 10), pygame.SRCALPHA))
    assert cache.get("a") is not None  # a is now the most recently used
    cache.put("d", pygame.Surface((10, 10), pygame.SRCALPHA))
    assert cache.get("b") is None and cache.get("a") is not None and cache.get("d") is not None
    assert len(cache) == 3 and cache.bytes == 3 * surface_bytes(one)


def test_a_surface_larger_than_the_budget_is_still_kept_alone() -> None:
    cache = SurfaceCache(budget=100)
    cache.put("small", pygame.Surface((2, 2)))
    big = cache.put("big", pygame.Surface((50, 50)))
    assert cache.get("big") is big and cache.get("small") is None and len(cache) == 1


def test_replacing_and_dropping_a_key_keeps_the_count_of_bytes_true() -> None:
    cache = SurfaceCache(budget=10**9)
    cache.put("k", pygame.Surface((10, 10)))
    cache.put("k", pygame.Surface((20, 20)))
    assert cache.bytes == surface_bytes(pygame.Surface((20, 20)))
    cache.drop("k")
    cache.drop("never there")
    assert cache.bytes == 0 and len(cache) == 0


def test_cards_in_flight_at_every_width_and_tilt_stay_within_the_budgets() -> None:
    # An evening of cards flying: every face at every width from 20 to 400 px, tilted.
    pygame.init()
    assets = Assets()
    budget = Assets.SCALED_BYTES + Assets.ROTATED_BYTES + Assets.TEXT_BYTES + Assets.RAW_BYTES
    for width in range(20, 400, 3):
        for code in ("AS", "KH", "7D", "QC"):
            face = assets.card("classic", Card.from_code(code), width)
            assets.rotated(("card", code, width), face, 7 + width % 30)
            assets.text(f"{code} at {width}", 18, (255, 255, 255))
    assert 0 < assets.cached_bytes <= budget
    # What was drawn last is still there: the next frame scales nothing anew.
    assert assets.card("classic", Card.from_code("QC"), 398) is assets.card("classic", Card.from_code("QC"), 398)


def held_pixel_bytes(root: object) -> int:
    """The bytes of pixels of every surface reachable from ``root`` (each counted once)."""
    seen: set[int] = set()
    total = 0
    stack = [root]
    while stack:
        for ref in gc.get_referents(stack.pop()):
            if id(ref) in seen:
                continue
            seen.add(id(ref))
            if isinstance(ref, pygame.Surface):
                total += surface_bytes(ref)
            elif isinstance(ref, (dict, list, tuple, set, OrderedDict, SurfaceCache)):
                stack.append(ref)
    return total


def test_every_face_of_a_deck_drawn_small_holds_little_more_than_the_small_faces() -> None:
    # The originals (250x350 pixels, 17.7 MiB for a deck's 53 faces) are only what a new size is
    # scaled from: the window keeps a few of them, not every face it ever drew.
    pygame.init()
    assets = Assets()
    for face in ("back.png", *(f"{rank}{suit}.png" for rank in "A23456789TJQK" for suit in "SHDC")):
        assets.scaled(("cards", "classic", face), 60)
    held = held_pixel_bytes(assets)
    assert held <= assets.cached_bytes <= Assets.SCALED_BYTES + Assets.ROTATED_BYTES + Assets.TEXT_BYTES + Assets.RAW_BYTES
    # Kept whole, the originals alone are 17.7 MiB; bounded, they are at most RAW_BYTES (36 faces).
    assert held < Assets.RAW_BYTES + 2 * 1024 * 1024 < 17 * 1024 * 1024, f"{held / 2 ** 20:.1f} MiB held to draw 53 faces at 60 px"


def test_a_window_keeps_only_the_current_image_of_its_log_and_its_table_layer() -> None:
    """A new log line or a changed seat makes a new image; the one before is let go at once (not
    left for the cache's budget to push out), and each window's assets keep their own."""
    first, second = Assets(), Assets()
    old_log = first.cache_current("game log", ("log", 1), pygame.Surface((300, 600)))
    layer = first.cache_current("table layer", ("table-layer", 1), pygame.Surface((1280, 720)))
    second.cache_current("game log", ("log", 1), pygame.Surface((300, 600)))
    new_log = first.cache_current("game log", ("log", 2), pygame.Surface((300, 600)))
    assert first.cache_get(("log", 1)) is None and first.cache_get(("log", 2)) is new_log is not old_log
    assert first.cache_get(("table-layer", 1)) is layer  # another role's image stays
    assert second.cache_get(("log", 1)) is not None  # another window's stays
    again = first.cache_current("game log", ("log", 2), new_log)  # the same image again: kept
    assert first.cache_get(("log", 2)) is again
