"""New game: 2–8 seats (human or a bot level, with names), a preset and every house rule.

Start stays disabled with the engine's ``RulesError`` message while the options
clash; the defaults start "you against three bots, classic" in one click.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...model import PRESETS, RulesError
from ...model.presets import recommendation, too_few_players
from ...model.options import RULE_OPTIONS
from ...model.state import new_game
from ..game_setup import BOT_NAMES, HUMAN_NAMES, GameSetup, SeatChoice, bot_levels, default_level, level_personality
from ..layout import Box, ui_unit
from ..scene import BaseScene, Context, Pop, Push, Replace, Transition
from ..widgets import Button, Cycler, TextField, blit_text, draw_backdrop, draw_panel, fit_text


class NewGameScene(BaseScene):
    name = "new_game"

    def __init__(self, ctx: Context, setup: GameSetup) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.preset = Cycler([(p.id, p.title) for p in PRESETS.values()], 0, self._preset_changed)
        self.preset.set_value(setup.preset)
        self.kinds = [("human", "Human")] + [(lid, f"Bot: {name}") for lid, name in bot_levels()]
        self.fields: list[TextField] = []
        self.types: list[Cycler] = []
        self.removes: list[Button] = []
        for choice in setup.seats:
            self._add_row(choice)
        self.add = Button("+ Add player", self._add_player)
        self.start = Button("Start", self._start, "Enter")
        self.back = Button("Back", lambda: Pop(), "Esc")
        self.rules_button = Button("Rules", self._show_rules, "F1")
        self.options: list[Cycler] = []
        self.values: dict[str, Any] = {}
        self._load_rules(setup.rules)
        self.error = ""
        self.hint = ""
        self.seat_hint = ""
        self.validate()

    @property
    def busy(self) -> bool:
        """Keep drawing while a name is being typed, so the caret blinks."""
        return any(f.focused for f in self.fields)

    # -- rows ------------------------------------------------------------------------------
    def _add_row(self, choice: SeatChoice) -> None:
        self.fields.append(TextField(choice.name, 14, "name"))
        kind = Cycler(self.kinds, 0, lambda _v: self.validate())
        kind.set_value(choice.player)
        self.types.append(kind)
        self.removes.append(Button("×", lambda f=self.fields[-1]: self._remove(f)))

    def _add_player(self) -> None:
        if len(self.fields) >= 8:
            return
        used = {f.text for f in self.fields}
        name = next((n for n in BOT_NAMES + HUMAN_NAMES if n not in used), f"Player {len(self.fields) + 1}")
        self._add_row(SeatChoice(name, default_level()))
        self.validate()

    def _remove(self, field: TextField) -> None:
        if len(self.fields) <= 2:
            return
        i = self.fields.index(field)
        for items in (self.fields, self.types, self.removes):
            items.pop(i)
        self.validate()

    # -- rules -------------------------------------------------------------------------------
    def _load_rules(self, rules) -> None:
        self.values = {opt.field: getattr(rules, opt.field) for opt in RULE_OPTIONS}
        self.options = []
        for opt in RULE_OPTIONS:
            choices = list(opt.choices)
            value = self.values[opt.field]
            if not any(v == value and type(v) is type(value) for v, _ in choices):
                choices.append((value, str(value)))
            cycler = Cycler(choices, 0, lambda v, f=opt.field: self._option_changed(f, v))
            cycler.set_value(value)
            self.options.append(cycler)

    def _preset_changed(self, preset_id: str) -> None:
        self._load_rules(PRESETS[preset_id].rules)
        self.validate()

    def _option_changed(self, field: str, value: Any) -> None:
        self.values[field] = value
        self.validate()

    def current_setup(self) -> GameSetup:
        seats = [SeatChoice(f.text.strip() or f"Player {i + 1}", t.value) for i, (f, t) in enumerate(zip(self.fields, self.types))]
        return GameSetup(seats, self.preset.value, PRESETS[self.preset.value].rules.replace(**self.values), self.setup.seed)

    def validate(self) -> bool:
        try:
            setup = self.current_setup()
            new_game(setup.rules, [s.name for s in setup.seats], seed=0)
            names = [s.name for s in setup.seats]
            if len(set(names)) != len(names):
                raise RulesError("every player needs a different name")
            problem = too_few_players(setup.rules, len(names))
            if problem:
                raise RulesError(problem)
        except (RulesError, ValueError) as error:
            self.error = str(error)
            self.start.enabled = False
            return False
        self.error = ""
        self.start.enabled = True
        return True

    def _show_rules(self) -> Transition:
        """How to play, for the rules as they are set here (house rules included)."""
        from .how_to_play import HowToPlayScene
        try:
            rules = self.current_setup().rules
        except (RulesError, ValueError):
            rules = PRESETS[self.preset.value].rules
        title = PRESETS[self.preset.value].title + (" (house rules)" if rules != PRESETS[self.preset.value].rules else "")
        return Push(HowToPlayScene(self.ctx, rules, title))

    def _start(self) -> Transition:
        from .table import TableScene
        if not self.validate():
            return None
        return Replace(TableScene(self.ctx, self.current_setup()))

    # -- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        typing = any(f.focused for f in self.fields)
        for field in self.fields:
            if field.handle(event):
                self.validate()
                return None
        if event.type == pygame.KEYDOWN and not typing:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._start()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            return self._show_rules()
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return None
        for button in [self.start, self.back, self.rules_button, self.add] + self.removes:
            result = button.handle(event)
            if result is not None:
                self.ctx.sound.play("click")
                return result if result is not True else None
        for cycler in [self.preset] + self.types + self.options:
            if cycler.handle(event):
                self.ctx.sound.play("click")
                return None
        if event.type == pygame.MOUSEMOTION:
            self.hint = next((f"{opt.label}: {c.label}. {opt.hint}" for opt, c in zip(RULE_OPTIONS, self.options)
                              if c.box.contains(*event.pos)), "")
            kind = next((c for c in self.types if c.box.contains(*event.pos)), None)
            self.seat_hint = level_personality(kind.value) if kind is not None else ""
        return None

    # -- drawing -----------------------------------------------------------------------------
    def _draw_options(self, surface: pygame.Surface, right: Box, u: float, offset: float) -> None:
        """Every house rule, in two columns when one would be too tight to read."""
        assets, theme = self.ctx.assets, self.ctx.theme
        top = right.y + offset
        room = right.bottom - top - 30 * u
        columns = 1 if room / len(self.options) >= 22 * u else 2
        per_column = -(-len(self.options) // columns)
        opt_h = min(26 * u, room / per_column)
        col_w = (right.w - 32 * u - (columns - 1) * 18 * u) / columns
        label_w = min(200 * u, col_w * (0.34 if columns == 1 else 0.48))
        size = (14 if columns == 1 else 13) * u
        preset = PRESETS[self.preset.value].rules
        for i, (opt, cycler) in enumerate(zip(RULE_OPTIONS, self.options)):
            col, row = divmod(i, per_column)
            x = right.x + 16 * u + col * (col_w + 18 * u)
            yy = top + row * opt_h
            changed = self.values[opt.field] != getattr(preset, opt.field)
            colour = theme.accent if changed else theme.text if self._applies(opt.field) else theme.text_dim
            blit_text(surface, assets, fit_text(assets, opt.label, size, label_w - 8 * u, bold=changed), size,
                      colour, (x, yy + opt_h / 2), "midleft", bold=changed)
            cycler.box = Box(x + label_w, yy + 1 * u, col_w - label_w, opt_h - 2 * u)
            cycler.draw(surface, assets, theme, u)

    def _applies(self, field: str) -> bool:
        """Whether an option matters with the others as set (Old West details need Old West on)."""
        if field in ("draw_speed_ms", "answer_window_ms"):
            return bool(self.values.get("quick_draw")) and bool(self.values.get("old_west"))
        group = next((o.group for o in RULE_OPTIONS if o.field == field), "")
        return group != "Old West" or field == "old_west" or bool(self.values.get("old_west"))

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        theme, assets = ctx.theme, ctx.assets
        draw_backdrop(surface, assets, theme, u)
        blit_text(surface, assets, "New game", 32 * u, theme.accent, (w / 2, 10 * u), "midtop", True)
        total_w = min(w - 30 * u, 1240 * u)
        left = Box(w / 2 - total_w / 2, 60 * u, total_w * 0.38, h - 140 * u)
        right = Box(left.right + 12 * u, 60 * u, total_w - left.w - 12 * u, h - 140 * u)
        draw_panel(surface, left, theme, u)
        draw_panel(surface, right, theme, u)
        blit_text(surface, assets, f"Players ({len(self.fields)})", 20 * u, theme.accent, (left.x + 14 * u, left.y + 10 * u), bold=True)
        row_h = min(46 * u, (left.h - 100 * u) / 8)
        y = left.y + 46 * u
        inner = left.w - 28 * u
        for i, (field, kind, remove) in enumerate(zip(self.fields, self.types, self.removes)):
            field.box = Box(left.x + 14 * u, y, inner * 0.44, row_h - 8 * u)
            kind.box = Box(field.box.right + 8 * u, y, inner * 0.56 - 8 * u - row_h, row_h - 8 * u)
            remove.box = Box(kind.box.right + 6 * u, y, row_h - 8 * u, row_h - 8 * u)
            field.draw(surface, assets, theme, u, int(ctx.clock_s * 2) % 2 == 0)
            kind.draw(surface, assets, theme, u)
            remove.enabled = len(self.fields) > 2
            remove.draw(surface, assets, theme, u)
            y += row_h
        self.add.box = Box(left.x + 14 * u, y + 4 * u, 180 * u, 36 * u)
        self.add.enabled = len(self.fields) < 8
        self.add.draw(surface, assets, theme, u)
        seat_hint = self.seat_hint or "Two or more humans play pass-and-play. Hover a player type to learn more."
        lines = assets.wrap(seat_hint, 13 * u, left.w - 28 * u)[-3:]
        for i, line in enumerate(lines):
            blit_text(surface, assets, line, 13 * u, theme.text_dim,
                      (left.x + 14 * u, left.bottom - 10 * u - (len(lines) - i) * 17 * u))
        self.preset.box = Box(right.x + 14 * u, right.y + 12 * u, min(340 * u, right.w * 0.5), 32 * u)
        self.preset.draw(surface, assets, theme, u)
        summary = PRESETS[self.preset.value].summary
        lines = assets.wrap(summary, 13 * u, right.right - self.preset.box.right - 28 * u)[:4]
        for i, line in enumerate(lines):
            blit_text(surface, assets, line, 13 * u, theme.text_dim, (self.preset.box.right + 14 * u, right.y + 8 * u + i * 16 * u))
        self._draw_options(surface, right, u, max(58 * u, 16 * u + len(lines) * 16 * u))
        hint = self.hint or "Click an option to change it (right-click goes back). Changed options are highlighted."
        blit_text(surface, assets, fit_text(assets, hint, 13 * u, right.w - 30 * u), 13 * u, theme.text_dim,
                  (right.x + 16 * u, right.bottom - 22 * u))
        bottom = h - 64 * u
        self.back.box = Box(w / 2 + total_w / 2 - 390 * u, bottom + 8 * u, 180 * u, 46 * u)
        self.start.box = Box(w / 2 + total_w / 2 - 200 * u, bottom + 8 * u, 200 * u, 46 * u)
        self.rules_button.box = Box(w / 2 + total_w / 2 - 580 * u, bottom + 8 * u, 180 * u, 46 * u)
        self.start.lit = self.start.enabled
        self.rules_button.draw(surface, assets, theme, u)
        self.back.draw(surface, assets, theme, u)
        self.start.draw(surface, assets, theme, u)
        note = recommendation(self.current_setup().rules, len(self.fields)) if not self.error else None
        if note:
            lines = assets.wrap(note, 14 * u, left.w - 40 * u, bold=True)[:3]
            top = self.add.box.bottom + 14 * u
            draw_panel(surface, Box(left.x + 10 * u, top - 6 * u, left.w - 20 * u, len(lines) * 18 * u + 12 * u), theme, u,
                       alpha=160)
            for i, line in enumerate(lines):
                blit_text(surface, assets, line, 14 * u, theme.highlight, (left.x + 18 * u, top + i * 18 * u), bold=True)
        if self.error:
            lines = assets.wrap(self.error, 15 * u, self.rules_button.box.x - left.x - 20 * u)[:2]
            for i, line in enumerate(lines):
                blit_text(surface, assets, line, 15 * u, theme.bad, (left.x, bottom + 10 * u + i * 19 * u), bold=True)
