"""Settings: look, speed, sound, window and table helpers, and the default game.

Every row comes from ``storage.setting_options.SETTING_OPTIONS``; a change applies
at once to ``ctx.settings`` (the scenes read it), and storage saves it at once. The default game (preset, house
rules, seats) is edited on a copy of the New game screen, and is also updated
whenever a new game starts.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...i18n import N_, _, ngettext
from ..pointer import MOVE, WHEEL, pointer
from ...model import PRESETS, Card
from ..layout import Box, ui_unit
from ..scene import BaseScene, Context, Pop, Push, Transition
from ..keys import SETTINGS, read
from ...storage.setting_options import SETTING_OPTIONS
from ..widgets import Button, Cycler, blit_text, draw_screen, draw_panel, fit_size, fit_text
from .new_game import NewGameScene
from ..theme import TEXT
from ...speech.menus import button_line, choice_line, screen_line

ROWS: tuple[tuple[str, str, tuple[tuple[Any, str], ...], str], ...] = tuple(
    (opt.field, opt.label, opt.choices, opt.hint) for opt in SETTING_OPTIONS)
"""``(Settings field, label, choices, hint)`` for every row with a cycler, from ``SETTING_OPTIONS``."""


def with_value(choices: tuple[tuple[Any, str], ...], value: Any) -> list[tuple[Any, str]]:
    """``choices`` plus the current value if it is not one of them (e.g. a hand-edited volume)."""
    out = list(choices)
    if not any(v == value and type(v) is type(value) for v, _ in out):
        label = f"{round(value * 100)} %" if isinstance(value, float) else str(value)
        out.append((value, label))
    return out


FOOTER_H = 56
"""Design pixels under the rows for the two-line hint."""


class SettingsScene(BaseScene):
    """The Settings screen; ``bridge`` is the ``StorageBridge`` that saves every change."""

    name = "settings"

    def __init__(self, ctx: Context, bridge: Any) -> None:
        super().__init__(ctx)
        self.bridge = bridge
        self.cyclers: dict[str, Cycler] = {}
        for field, _label, choices, _hint in ROWS:
            cycler = Cycler(with_value(choices, getattr(ctx.settings, field)), 0,
                            partial(self._changed, field))
            cycler.set_value(getattr(ctx.settings, field))
            self.cyclers[field] = cycler
        self.change_game = Button(N_("Change…"), self._edit_default_game)
        self.back = Button(N_("Back"), lambda: Pop(), "Esc")
        self.focus = 0
        self.hint = ""
        """The footer's hint, untranslated: it is translated when drawn, so a new language shows at once."""
        self.problem = ""
        self.first_row = 0
        """The first row in view: at a large interface size the rows scroll (the wheel, or the focus)."""
        self.visible_rows = len(ROWS) + 1
        """How many rows were in view when last drawn."""

    # -- changes --------------------------------------------------------------------------
    def _changed(self, field: str, value: Any) -> None:
        self.ctx.sound.play("click")
        if field == "fullscreen":
            self.bridge.set_fullscreen(value)
            self.problem = ""
        else:
            self.problem = self.bridge.update_settings(**{field: value}) or ""
        if field in ("volume", "muted"):
            self.ctx.sound.volume, self.ctx.sound.muted = self.ctx.settings.volume, self.ctx.settings.muted

    def _edit_default_game(self) -> Transition:
        return Push(DefaultGameScene(self.ctx, self.bridge))

    def _sync(self) -> None:
        """Show values changed elsewhere (F11, the H key) in the cyclers."""
        for field, cycler in self.cyclers.items():
            value = getattr(self.ctx.settings, field)
            if cycler.value != value:
                cycler.choices = with_value(tuple(cycler.choices), value)
                cycler.set_value(value)

    def resume(self, result: Any = None) -> None:
        if isinstance(result, tuple) and result[:1] == ("default_game",):
            self.problem = result[1] or ""
        self._sync()

    def update(self, dt: float) -> Transition:
        self._sync()
        return None

    def speech_problem(self) -> str:
        """"Speech unavailable: …" while Speech is on and no voice was found ("" otherwise)."""
        speech = self.ctx.speech
        if self.ctx.settings.speech == "off" or speech.forced or not speech.unavailable:
            return ""
        return _("Speech unavailable: {reason}").format(reason=speech.unavailable)

    @property
    def spoken_focus(self) -> str:
        """Speech: the focused row and its value (and why speech is unavailable, on the Speech row)."""
        if self.focus >= len(ROWS):
            item = "{} {}".format(button_line(_("Default game"), _("Enter")),
                                  _("Players and rules that New game starts with; every new game you start updates them."))
        else:
            field, label, _choices, hint = ROWS[self.focus]
            cycler = self.cyclers[field]
            hint_text = (self.speech_problem() if field == "speech" else "") or _(hint)
            item = choice_line(_(label), _(cycler.label), hint_text)
        return screen_line(_("Settings"), item) + (f" {self.problem}" if self.problem else "")

    # -- events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        clicked = self.click_buttons((self.back, self.change_game), event)
        if clicked is not None:
            return clicked
        for i, cycler in enumerate(self.cyclers.values()):
            if cycler.handle(event):
                self.focus = i
                return None
        mouse = pointer(event)
        if mouse is not None and mouse.kind == WHEEL:
            self.first_row = max(0, min(len(ROWS) + 1 - self.visible_rows, self.first_row - mouse.wheel))
            return None
        if mouse is not None and mouse.kind == MOVE:
            self.hint = next((hint for (field, _l, _c, hint) in ROWS if self.cyclers[field].box.contains(*mouse.pos)), "")
            if self.change_game.box.contains(*mouse.pos):
                self.hint = N_("Players and rules that New game starts with; every new game you start updates them.")
        intent = read(event, SETTINGS)
        if intent is None:
            return None
        command = intent.command
        rows = len(ROWS) + 1
        if command == "back":
            return Pop()
        if command in ("next", "previous"):
            self.focus = (self.focus + (1 if command == "next" else -1)) % rows
            self._keep_in_view()
        elif command in ("left", "right", "activate"):
            if self.focus == len(ROWS):
                return self._edit_default_game() if command == "activate" else None
            list(self.cyclers.values())[self.focus].step(-1 if command == "left" else 1)
        if self.focus < len(ROWS):
            self.hint = ROWS[self.focus][3]
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The rows at the interface size chosen (scrolled when they do not all fit), a preview, the hint."""
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        theme, assets = ctx.theme, ctx.assets
        draw_screen(surface, assets, theme, u, _("Settings"))
        panel_w = min(w - 40 * u, 980 * u)
        rows = len(ROWS) + 1
        room = h - 62 * u - 76 * u
        shared = (room - FOOTER_H * u) / rows
        if shared >= 26 * u:
            row_h = min(42 * u, shared)
            self.visible_rows = visible = rows
        else:  # rows too tight to read: fewer, at least 32 units high, that scroll
            self.visible_rows = visible = max(1, int((room - FOOTER_H * u) // (32 * u)))
            row_h = (room - FOOTER_H * u) / visible
        first = self.first_row = max(0, min(self.first_row, rows - visible))
        panel = Box(w / 2 - panel_w / 2, 62 * u, panel_w, visible * row_h + FOOTER_H * u)
        draw_panel(surface, panel, theme, u)
        show_preview = panel.w >= 860 * u
        label_w = min(250 * u, panel.w * 0.4)
        control_w = min(330 * u, panel.w - label_w - 40 * u)
        x = panel.x + 24 * u
        size = min(17 * u, row_h * 0.45)
        top = panel.y + 12 * u
        for i, (field, label, _choices, _hint) in enumerate(ROWS):
            cycler = self.cyclers[field]
            if not first <= i < first + visible:
                cycler.box = Box(0, 0, 0, 0)  # scrolled out of view: nothing to click
                continue
            y = top + (i - first) * row_h
            self._row_label(surface, _(label), x, y, row_h, label_w, size, i == self.focus, u)
            cycler.box = Box(x + label_w, y + 4 * u, control_w, row_h - 8 * u)
            cycler.draw(surface, assets, theme, u)
        self.change_game.box = Box(0, 0, 0, 0)
        if first + visible > len(ROWS):
            self._draw_default_game(surface, x, top + (len(ROWS) - first) * row_h, row_h, label_w, control_w, size, u)
        if visible < rows:  # a scroll bar beside the controls
            track = Box(x + label_w + control_w + 8 * u, top, 4 * u, visible * row_h)
            thumb_h = track.h * visible / rows
            thumb = Box(track.x, track.y + (track.h - thumb_h) * first / (rows - visible), track.w, thumb_h)
            pygame.draw.rect(surface, theme.table_shade, pygame.Rect(track.rounded()), border_radius=max(1, round(2 * u)))
            pygame.draw.rect(surface, theme.accent, pygame.Rect(thumb.rounded()), border_radius=max(1, round(2 * u)))
        if show_preview:
            self._draw_preview(surface, Box(x + label_w + control_w + 24 * u, panel.y + 12 * u,
                                            panel.right - (x + label_w + control_w + 48 * u), panel.h - 60 * u), u)
        on_speech = self.focus < len(ROWS) and ROWS[self.focus][0].startswith("speech")
        speech = self.speech_problem() if on_speech or not self.hint else ""
        hint = self.problem or speech or _(self.hint) or _("Changes apply at once and are saved. ↑ ↓ choose, ← → change.")
        colour = theme.bad if self.problem or speech else theme.text_dim
        footer = panel.bottom - FOOTER_H * u + 12 * u
        pygame.draw.line(surface, theme.table_shade, (panel.x + 16 * u, footer), (panel.right - 16 * u, footer),
                         max(1, round(u)))
        lines = assets.wrap(hint, TEXT.normal * u, panel.w - 48 * u)
        if len(lines) > 2:
            lines = [lines[0], fit_text(assets, " ".join(lines[1:]), TEXT.normal * u, panel.w - 48 * u)]
        for i, line in enumerate(lines):
            blit_text(surface, assets, line, TEXT.normal * u, colour, (x, footer + (6 + 18 * i) * u))
        self.back.box = Box(w / 2 - 90 * u, h - 56 * u, 180 * u, 44 * u)
        self.back.draw(surface, assets, theme, u)

    def _draw_default_game(self, surface: pygame.Surface, x: float, y: float, row_h: float, label_w: float,
                           control_w: float, size: float, u: float) -> None:
        """The last row: the default game's summary, whole (smaller, or on two lines, where it is long), and Change…."""
        assets, theme = self.ctx.assets, self.ctx.theme
        self._row_label(surface, _("Default game"), x, y, row_h, label_w, size, self.focus == len(ROWS), u)
        button_w = min(120 * u, control_w * 0.4)
        room = control_w - button_w - 12 * u
        summary = self._game_summary()
        text_size = fit_size(assets, summary, size * 0.9, room)
        font = assets.font(int(text_size))
        head, colon, tail = summary.partition(": ")
        if font.size(summary)[0] <= room:
            lines = [summary]
        elif colon and max(font.size(head + ":")[0], font.size(tail)[0]) <= room:  # "London board:" / "you + 11 bots"
            lines = [head + ":", tail]
        else:
            lines = assets.wrap(summary, text_size, room)
        line_h = text_size * 1.1
        for i, line in enumerate(lines):
            blit_text(surface, assets, line, text_size, theme.text,
                      (x + label_w, y + row_h / 2 + (i - (len(lines) - 1) / 2) * line_h), "midleft")
        self.change_game.box = Box(x + label_w + control_w - button_w, y + 4 * u, button_w, row_h - 8 * u)
        self.change_game.draw(surface, assets, theme, u)

    def _keep_in_view(self) -> None:
        """Scroll so that the focused row is drawn."""
        if self.focus < self.first_row:
            self.first_row = self.focus
        elif self.focus >= self.first_row + self.visible_rows:
            self.first_row = self.focus - self.visible_rows + 1

    def _row_label(self, surface: pygame.Surface, label: str, x: float, y: float, row_h: float, width: float,
                   size: float, focused: bool, u: float) -> None:
        theme = self.ctx.theme
        if focused:
            pygame.draw.rect(surface, theme.highlight, pygame.Rect(Box(x - 14 * u, y + 8 * u, 4 * u, row_h - 16 * u).rounded()))
        text = fit_text(self.ctx.assets, label, size, width - 12 * u)
        blit_text(surface, self.ctx.assets, text, size, theme.accent if focused else theme.text,
                  (x, y + row_h / 2), "midleft", bold=focused)

    def _game_summary(self) -> str:
        setup = self.bridge.default_setup()
        title = _(PRESETS[setup.preset].title) if setup.preset in PRESETS else _("House rules")
        if setup.preset in PRESETS and setup.rules != PRESETS[setup.preset].rules:
            title = _("{title} (house rules)").format(title=title)
        humans = sum(1 for s in setup.seats if s.is_human)
        bots = len(setup.seats) - humans
        people = _("you") if humans == 1 else _("{count} humans").format(count=humans)
        return ngettext("{title}: {people} + {count} bot", "{title}: {people} + {count} bots", bots).format(
            title=title, people=people, count=bots)

    def _draw_preview(self, surface: pygame.Surface, box: Box, u: float) -> None:
        ctx = self.ctx
        card_w = round(min(box.w / 2.6, (box.h - 60 * u) / 3.0, 110 * u))
        top = box.center[1] - (card_w * 2.8 + 12 * u + 30 * u) / 2
        blit_text(surface, ctx.assets, _("Preview"), TEXT.body * u, ctx.theme.text_dim, (box.center[0], top), "midtop")
        for i, code in enumerate(("AS", "KH", "QD", "JC")):
            image = ctx.assets.card(ctx.settings.deck, Card.from_code(code), card_w)
            col, row = i % 2, i // 2
            cx = box.center[0] + (col - 0.5) * (card_w + 12 * u)
            cy = top + 30 * u + row * (card_w * 1.4 + 12 * u) + card_w * 0.7
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))


class DefaultGameScene(NewGameScene):
    """The New game screen editing the defaults: "Use as default" saves instead of starting."""

    name = "default_game"
    title = N_("Default game")

    def __init__(self, ctx: Context, bridge: Any) -> None:
        super().__init__(ctx, bridge.default_setup())
        self.bridge = bridge
        self.start = Button(N_("Use as default"), self._start, "Enter")
        self._show_focus()
        self.validate()

    def _start(self) -> Transition:
        if not self.validate():
            return None
        problem = self.bridge.remember_setup(self.current_setup())
        return Pop(("default_game", problem))
