"""One table of key bindings (``ui.keys``): the keys How to play lists are the keys that work."""

from __future__ import annotations

import re

import pygame

from tests.locations import ROOT
from tests.ui_support import drawn_texts, key, make_app, open_table, run_until, setup, top_name
from thirtyone.model import PRESETS, Phase
from thirtyone.ui import keys
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import how_to_play
from thirtyone.ui.screens.how_to_play import HowToPlayScene


def test_how_to_play_lists_every_binding_it_names_with_its_keys(monkeypatch):
    app = make_app((1920, 1080))
    texts = drawn_texts(monkeypatch, how_to_play)
    scene = HowToPlayScene(app.ctx, PRESETS["quick-draw"].rules, "Quick Draw")
    app.apply(Push(scene))
    app.frame([], 0.01)
    for _ in range(40):  # scroll through the whole text
        app.frame([key(pygame.K_PAGEDOWN)], 0.01)
    listed = [(b.label, b.description) for b in keys.BINDINGS if b.label]
    assert len(listed) > 30
    for label, description in listed:
        assert label in texts and description in texts, (label, description)


def test_a_game_without_guns_lists_no_gun_keys(monkeypatch):
    app = make_app((1920, 1080))
    texts = drawn_texts(monkeypatch, how_to_play)
    app.apply(Push(HowToPlayScene(app.ctx, PRESETS["classic"].rules, "Classic")))
    for _ in range(40):
        app.frame([key(pygame.K_PAGEDOWN)], 0.01)
    assert "Keys" in texts and "Aim at the next seat" not in texts and "Draw the top card of the stock" in texts


def test_table_keys_do_what_the_table_says():
    """D draws, Esc pauses and resumes, H shows the hand's value, L spreads the pile, F1 asks the coach."""
    app = make_app()
    table = open_table(app, setup(["human", "random"], seed=3))
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, wall_s=30)
    shown = app.ctx.settings.show_hand_value
    app.frame([key(pygame.K_h)], 0.01)
    assert app.ctx.settings.show_hand_value is not shown
    app.frame([key(pygame.K_l)], 0.01)
    assert table.looking
    app.frame([key(pygame.K_ESCAPE)], 0.01)  # the first Esc closes the spread pile
    assert not table.looking and top_name(app) == "table"
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    assert top_name(app) == "pause"
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    assert top_name(app) == "table"
    app.frame([key(pygame.K_F1)], 0.01)
    assert table.coach.thinking or table.coach.advice is not None
    app.frame([key(pygame.K_d)], 0.01)
    assert table.session.match.state.phase is Phase.DISCARD and len(table.session.match.state.hands[table.view.viewer]) == 4


def test_a_question_mark_typed_with_shift_asks_the_coach_too():
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0)
    assert keys.read(event, keys.TABLE) == keys.Intent("hint")
    assert keys.read(key(pygame.K_KP3), keys.TABLE) == keys.Intent("card", 2)
    assert keys.read(key(pygame.K_7), keys.AIM) == keys.Intent("target", 6)


def test_no_key_is_compared_outside_the_key_table():
    """Scenes read intents; only text fields still read editing keys themselves (typing is not a command)."""
    allowed = {"keys.py", "text_field.py"}
    hits = []
    for path in (ROOT / "thirtyone").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"pygame\.K_", line) and path.name not in allowed and "Tab leaves the field" not in line:
                hits.append(f"{path.name}:{number}: {line.strip()}")
    assert hits == []


def test_every_command_of_a_place_is_read_by_the_code_of_that_place():
    """A binding nobody answers would be listed in How to play and do nothing (speech answers its question keys)."""
    source = "\n".join(p.read_text() for folder in ("ui", "speech") for p in (ROOT / "thirtyone" / folder).rglob("*.py")
                       if p.name != "keys.py")
    unanswered = [f"{b.place}:{b.command}" for b in keys.BINDINGS if f'"{b.command}"' not in source]
    assert unanswered == []


def test_the_hints_at_the_table_name_the_keys_of_the_key_table(monkeypatch):
    """Rebinding a key in the table changes what the turn hint and the out seat's line tell the player."""
    from thirtyone.model import Deal, apply, new_game, observe
    from thirtyone.ui.table.hud import turn_hint
    from thirtyone.ui.table.out import out_hint

    state, _ = apply(new_game(PRESETS["classic"].rules, ["A", "B"], seed=4), Deal())
    obs = observe(state, state.current)
    assert "(D)" in turn_hint(obs, False) and "W watch" in out_hint()
    moved = tuple(keys.Binding(b.place, b.command, b.keys, "X" if b.command in ("draw", "watch") else b.label,
                               b.description, b.typed, b.shift, b.counted) for b in keys.BINDINGS)
    monkeypatch.setattr(keys, "BINDINGS", moved)
    assert "(X)" in turn_hint(obs, False) and "(D)" not in turn_hint(obs, False)
    assert out_hint().startswith("You are out. X watch")


def test_no_key_means_two_things_in_one_place():
    from thirtyone.ui.keys import BINDINGS
    seen: dict[tuple[str, int, bool], str] = {}
    for binding in BINDINGS:
        shifts = (True, False) if binding.shift is None else (binding.shift,)
        for pressed in binding.keys:
            for shift in shifts:
                earlier = seen.setdefault((binding.place, pressed, shift), binding.command)
                assert earlier == binding.command, \
                    f"{pygame.key.name(pressed)} at {binding.place}: both {earlier} and {binding.command}"
