"""A bot's level on its name plate shows whole where the plate has room, dealer chip or not."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.locations import ROOT
from tests.ui_support import drawn_text_boxes, make_app, open_table, setup
from thirtyone.i18n import set_language
from thirtyone.ui.layout import CARD_RATIO, Box
from thirtyone.ui.table import layer
from thirtyone.ui.widgets import rect

SHOTS = ROOT / "build" / "screenshots"


def drawn_table(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], scale: float, language: str, game: Any,
                shot: str, frames: int = 1) -> tuple[Any, list[tuple[str, pygame.Rect]]]:
    """The table of ``game`` drawn after ``frames`` frames (saved as ``shot``), and every text drawn with its place."""
    drawn = drawn_text_boxes(monkeypatch, layer)
    set_language(language)
    try:
        app = make_app(size, language=language, ui_scale=scale)
        table = open_table(app, game)
        for _ in range(frames):  # with several, the deal: every hand on the table
            app.frame([], 0.05)
        app.draw(app.screen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / shot))
    finally:
        set_language("en")
    return table, drawn


@pytest.mark.parametrize("size, scale, language", [((1024, 600), 2.0, "en"), ((1024, 600), 2.0, "de"),
                                                   ((1024, 600), 1.5, "en"), ((1920, 1080), 2.0, "de")])
def test_the_dealers_level_is_drawn_whole_inside_its_plate_and_clear_of_the_chip(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], scale: float, language: str) -> None:
    table, drawn = drawn_table(monkeypatch, size, scale, language,
                               setup(["human", "sharp", "sharp", "sharp"], seed=2),  # seat 3, a bot, deals
                               f"plate_labels_{size[0]}x{size[1]}_{int(scale * 100)}_{language}.png")
    view = table.view
    assert view.dealer == 3
    u = view.layout.unit
    for seat in (1, 2, 3):
        plate = rect(view.layout.seat_geo[seat].plate).inflate(2, 2)
        labels = [rect for text, rect in drawn if text == "Marlowe" and plate.contains(rect)]
        assert len(labels) == 1, (seat, [t for t, r in drawn if plate.colliderect(r)])
        label = labels[0]
        assert label.right <= plate.right - 4 * u
        if seat == view.dealer:
            cx, cy = layer.dealer_chip(view.layout, seat)
            chip = pygame.Rect(round(cx - 7 * u), round(cy - 7 * u), round(14 * u), round(14 * u))
            assert not label.colliderect(chip), (label, chip)


EIGHT = [("Bartholomew Ox", "human"), ("Mirabel", "sharp"), ("Alexandra Lind", "sharp"), ("Wilhelm Wagner", "sharp"),
         ("Oracle", "sharp"), ("Cleo", "sharp"), ("Hana", "sharp"), ("Maximiliana", "sharp")]
"""Eight seats with long names (14 characters is the most a name may have) and Marlowe, the longest level."""


@pytest.mark.parametrize("preset, size, scale, language", [
    ("classic", (1008, 504), 2.0, "en"), ("classic", (1008, 504), 1.5, "de"),  # what 1024×600 leaves the window
    ("scat", (1008, 504), 1.5, "en"), ("scat", (1008, 504), 2.0, "de"),  # five tokens each: one more to make room for
    ("scat", (1920, 1080), 1.5, "de"), ("old-west", (1920, 1080), 2.0, "en")])
def test_every_name_and_level_is_drawn_whole_at_eight_seats_in_a_small_window(
        monkeypatch: pytest.MonkeyPatch, preset: str, size: tuple[int, int], scale: float, language: str) -> None:
    from thirtyone.model import PRESETS
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    rules = PRESETS[preset].rules
    game = GameSetup([SeatChoice(name, kind) for name, kind in EIGHT], preset, rules, 2)
    table, drawn = drawn_table(monkeypatch, size, scale, language, game,
                               f"plate_labels_8_seats_{preset}_{size[0]}x{size[1]}_{int(scale * 100)}_{language}.png",
                               frames=5)
    view = table.view
    layout = view.layout
    u = layout.unit
    assert view.dealer != view.viewer  # a bot deals: its level shares the token row with the dealer chip
    assert all(seat.tokens == rules.starting_tokens for seat in view.seats)
    for seat in range(8):  # every token on its plate, each still seen on its own, clear of the level
        geo = layout.seat_geo[seat]
        assert geo.token_step >= 0.6, (seat, geo.token_step)
        last = layout.token(seat, rules.starting_tokens - 1)[0] + geo.tokens.h / 2
        assert last <= geo.plate.right - 4 * u, seat
        if seat != view.viewer:
            assert last < layer.label_x(view, seat), seat
    plates = [rect(layer.plate_box(layout, seat)) for seat in range(8)]
    for seat, (name, _kind) in enumerate(EIGHT):
        plate = plates[seat].inflate(2, 2)
        inside = [text for text, r in drawn if plate.contains(r)]
        assert name in inside, (seat, inside)
        if seat != view.viewer:
            assert "Marlowe" in inside, (seat, inside)
            label = next(r for text, r in drawn if text == "Marlowe" and plate.contains(r))
            assert label.right <= plate.right - 4 * u
            if seat == view.dealer:
                cx, cy = layer.dealer_chip(layout, seat)
                chip = pygame.Rect(round(cx - 7 * u), round(cy - 7 * u), round(14 * u), round(14 * u))
                assert not label.colliderect(chip), (label, chip)
    for seat, plate in enumerate(plates):
        assert not any(plate.colliderect(other) for other in plates[seat + 1:]), seat
        cards = [rect(Box.centered(x, y, layout.card_w(other), layout.card_w(other) * CARD_RATIO))
                 for other in range(8) for x, y, _turn in (layout.hand_card(other, i, 3) for i in range(3))]
        assert not any(plate.colliderect(card) for card in cards), seat
        middle = [rect(box) for box in (layout.stock, layout.discard, layout.kitty)]
        assert not any(plate.colliderect(box) for box in middle), seat


@pytest.mark.parametrize("preset, size, scale, language", [
    ("classic", (1008, 504), 1.5, "de"), ("scat", (1008, 504), 2.0, "de"), ("scat", (1008, 504), 1.5, "en"),
    ("classic", (1920, 1080), 1.5, "en"), ("scat", (1920, 1080), 2.0, "de"), ("old-west", (1920, 1080), 1.5, "de")])
def test_a_remote_seats_connection_label_is_drawn_whole_at_eight_seats(
        monkeypatch: pytest.MonkeyPatch, preset: str, size: tuple[int, int], scale: float, language: str) -> None:
    """A player who left (a bot stands in) or dropped (the table waits): the word after the dot reads whole,
    beside the tokens and clear of the dealer chip, on the narrow plates of eight seats."""
    from tests.session_support import ScriptedSession
    from tests.ui_support import run_until
    from thirtyone.i18n import _
    from thirtyone.model import PRESETS
    from thirtyone.session import CONNECTED, STAND_IN, WAITING
    from thirtyone.ui.game_setup import GameSetup, SeatChoice
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene

    drawn = drawn_text_boxes(monkeypatch, layer)
    set_language(language)
    try:
        app = make_app(size, language=language, ui_scale=scale)
        names = tuple(name for name, _kind in EIGHT)
        rules = PRESETS[preset].rules
        session = ScriptedSession(rules, names, seed=4)
        session.local = False
        session.links = {0: CONNECTED} | {seat: STAND_IN if seat % 2 else WAITING for seat in range(1, 8)}
        game = GameSetup([SeatChoice(name, kind) for name, kind in EIGHT], preset, rules, 4)
        table = TableScene(app.ctx, game, session)
        app.apply(Push(table))
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
        view = table.view
        for dealer in (1, 2):  # a stand-in's plate and an offline one with the dealer chip
            view.dealer = dealer
            drawn.clear()
            app.frame([], 0.05)
            app.draw(app.screen)
            SHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(SHOTS / f"plate_links_8_seats_{preset}_{size[0]}x{size[1]}_"
                                                     f"{int(scale * 100)}_{language}_dealer{dealer}.png"))
            layout = view.layout
            u = layout.unit
            for seat in range(1, 8):
                word = _(layer.LINK_WORDS[session.links[seat]])
                plate = rect(layer.plate_box(layout, seat)).inflate(2, 2)
                inside = [(text, r) for text, r in drawn if plate.contains(r)]
                labels = [r for text, r in inside if text == word]
                assert len(labels) == 1, (seat, dealer, [text for text, _r in inside])
                assert labels[0].right <= plate.right - 4 * u
                last = layout.token(seat, view.seats[seat].tokens - 1)[0] + layout.seat_geo[seat].tokens.h / 2
                assert last < labels[0].x, seat
                if seat == dealer:
                    cx, cy = layer.dealer_chip(layout, seat)
                    chip = pygame.Rect(round(cx - 7 * u), round(cy - 7 * u), round(14 * u), round(14 * u))
                    assert not labels[0].colliderect(chip), (seat, labels[0], chip)
    finally:
        set_language("en")
