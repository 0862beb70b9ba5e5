"""New game: 2 to ``WINDOW_SEATS`` seats (human or a bot level, with names), a preset and every house rule.

Start stays disabled with the engine's ``RulesError`` message while the options
clash; the defaults start "you against three bots, classic" in one click, at the
difficulty chosen here (remembered in the settings). Everything works from the
keyboard: Tab / ↓ and Shift+Tab / ↑ move a visible focus, ← → change a choice,
Enter types in a name field or presses a button (elsewhere it starts), Esc goes back.
While a game is saved in progress, Start first asks whether to abandon it (it is
then kept among the finished games, marked as abandoned).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...i18n import YOU, N_, _, seat_name
from ...model import PRESETS, RulesError
from ...model.presets import recommendation
from ...model.options import RULE_OPTIONS
from ...storage.setting_options import DIFFICULTY_CHOICES, MAX_NAME_LENGTH
from ..game_setup import (BOT_NAMES, HUMAN_NAMES, GameSetup, SeatChoice, bot_levels, default_level,
                          level_personality, pass_and_play_names, seats_offered)
from .confirm import Question
from ..name_check import NameCheck
from ..scene import BaseScene, Context, Pop, Push, Replace, Transition
from ...net.seating import REMOTE
from ..text_field import TextField
from ..widgets import Button, Cycler
from .house_rules import OptionGrid, option_hint, option_in_view, row_in_view
from .new_game_draw import NewGameView, draw_new_game
from .new_game_rules import HouseRuleChoices
from .new_game_input import (Answer, Clicked, Go, Hover, MoveFocus, NewGameControls, NewGameWant, Scroll, Typed,
                             read_new_game_event, spoken_focus)
from .notice import NoticeScene

MIXED, MIXED_LABEL = "mixed", N_("Mixed")
"""What the difficulty shows while the bot seats' levels were picked by hand (no difficulty gives them)."""


def abandon_question() -> Question:
    """What Start asks while a game is saved in progress."""
    return Question(N_("Abandon the game in progress?"),
                    N_("It is kept in Finished games, marked as abandoned, and not counted in the statistics. "
                       "To play it on, keep it and choose Continue on the title screen."),
                    N_("Abandon and start"), N_("Keep it"))


class NewGameScene(BaseScene):
    name = "new_game"
    title = N_("New game")
    """The screen's title (marked for translation)."""

    def __init__(self, ctx: Context, setup: GameSetup, back_to_title: bool = False) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.back_to_title = back_to_title
        """Opened in place of a game (no title under it): Back opens the title."""
        self.names_ok = NameCheck(ctx.assets)
        self.difficulty = Cycler(list(DIFFICULTY_CHOICES), 0, self._difficulty_changed)
        self.difficulty.set_value(ctx.settings.difficulty)
        self.kinds = ([("human", N_("Human")), (REMOTE, N_("Remote player"))]
                      + [(lid, _("Bot: {level}").format(level=_(name))) for lid, name in bot_levels()])
        self.fields: list[TextField] = []
        self.types: list[Cycler] = []
        self.removes: list[Button] = []
        for choice in setup.seats:
            self._add_row(choice)
        self.add = Button(N_("+ Add player"), self._add_player)
        self.start = Button(N_("Start"), self._start, "Enter")
        self.back = Button(N_("Back"), self._back, "Esc")
        self.rules_button = Button(N_("Rules"), self._show_rules, "F1")
        self.house = HouseRuleChoices(setup.preset, setup.rules, self._preset_changed, self._option_changed)
        self.preset, self.options, self.values = self.house.preset, self.house.options, self.house.values
        self._show_difficulty()
        self.error = ""
        self.hint = ""
        self.seat_hint = ""
        self.option_first = 0
        """The first row of house rules in view (they scroll when they do not all fit)."""
        self.option_grid: OptionGrid | None = None
        """How the house rules were laid out when last drawn."""
        self.seat_first = 0
        """The first player's row in view (the rows scroll when they are too many to read)."""
        self.seat_rows = (len(self.fields), len(self.fields))
        """Rows in view and rows in all, when last drawn."""
        self.left_box: Any = None
        """Where the players' panel was drawn (the wheel over it scrolls the players)."""
        self.pointer = (0, 0)
        """Where the mouse was last seen."""
        self.question: Question | None = None
        """Asked before a new game replaces the saved one (``None``: nothing asked)."""
        self.focus = len(self.focusables()) - 1
        """Index into ``focusables()`` of the control with the keyboard focus (Start at first)."""
        self._show_focus()
        self.validate()

    @property
    def busy(self) -> bool:
        """Keep drawing while a name is being typed, so the caret blinks."""
        return any(f.focused for f in self.fields)

    # -- rows ------------------------------------------------------------------------------
    def _add_row(self, choice: SeatChoice) -> None:
        self.fields.append(TextField(seat_name(choice.name)[:MAX_NAME_LENGTH], MAX_NAME_LENGTH, "name", self.names_ok))
        kind = Cycler(self.kinds, 0)
        kind.on_change = partial(self._kind_changed, kind)
        kind.set_value(choice.player)
        self.types.append(kind)
        self.removes.append(Button("×", partial(self._remove, self.fields[-1])))

    def most_seats(self) -> int:
        """The most seats "+ Add player" offers for the rules as set (the preset's while options clash)."""
        try:
            rules = self.current_setup().rules
        except (RulesError, ValueError):
            rules = PRESETS[self.preset.value].rules
        return max(2, seats_offered(rules).stop - 1)

    def _add_player(self) -> None:
        if len(self.fields) >= self.most_seats():
            return
        used = {f.text for f in self.fields}
        name = next((n for n in BOT_NAMES + HUMAN_NAMES if n not in used), _("Player {number}").format(number=len(self.fields) + 1))
        bots_so_far = sum(1 for t in self.types if t.value not in ("human", REMOTE))
        self._add_row(SeatChoice(name, default_level(self.difficulty.value, bots_so_far)))
        self.seat_first = len(self.fields)  # the new row comes into view (the drawing keeps it in range)
        self.validate()

    def _kind_changed(self, kind: Cycler, _level: str = "") -> None:
        """The hint describes the level just chosen; with a second human nobody is "You" any more
        (the default name becomes "Player N"); levels picked by hand make the difficulty "Mixed"."""
        self.seat_hint = level_personality(kind.value)
        humans = [t.value == "human" for t in self.types]
        for field, name in zip(self.fields, pass_and_play_names([self._name(f) for f in self.fields], humans)):
            field.text = seat_name(name)
        self._show_difficulty()
        self.validate()

    def _show_difficulty(self) -> None:
        """The difficulty the bot seats have, or "Mixed" once their levels were picked by hand."""
        levels = [t.value for t in self.types if t.value not in ("human", REMOTE)]
        chosen = next((name for name, _label in DIFFICULTY_CHOICES
                       if levels == [default_level(name, i) for i in range(len(levels))]), None)
        mixed = bool(levels) and chosen is None
        self.difficulty.choices = list(DIFFICULTY_CHOICES) + ([(MIXED, MIXED_LABEL)] if mixed else [])
        self.difficulty.set_value(MIXED if mixed else chosen or self.ctx.settings.difficulty)

    def _difficulty_changed(self, difficulty: str) -> None:
        """Every bot seat takes the difficulty's levels, and the choice is remembered."""
        if difficulty == MIXED:  # not a choice: shown only while the levels are picked by hand
            return
        self.difficulty.choices = list(DIFFICULTY_CHOICES)
        self.difficulty.set_value(difficulty)
        index = 0
        for kind in self.types:
            if kind.value not in ("human", REMOTE):
                kind.set_value(default_level(difficulty, index))
                index += 1
        self.ctx.change_settings(difficulty=difficulty)
        self.validate()

    def _back(self) -> Transition:
        if self.back_to_title:
            return Replace(self.ctx.screens.to_title(self.ctx), clear=True)
        return Pop()

    def _remove(self, field: TextField) -> None:
        if len(self.fields) <= 2:
            return
        focused = self.focusables()[min(self.focus, len(self.focusables()) - 1)]
        i = self.fields.index(field)
        for items in (self.fields, self.types, self.removes):
            items.pop(i)
        items = self.focusables()  # the focus stays on its control, or the next one if that row went
        self.focus = items.index(focused) if focused in items else min(self.focus, len(items) - 1)
        self._show_focus()
        self.validate()

    # -- rules -------------------------------------------------------------------------------
    def _preset_changed(self, preset_id: str) -> None:
        self.house.load(PRESETS[preset_id].rules)
        self.validate()

    @property
    def modified(self) -> bool:
        """Whether the house rules differ from the chosen preset."""
        return self.house.modified

    def _option_changed(self, field: str, value: Any) -> None:
        self.values[field] = value
        self.validate()
        self.hint = self.house.hint(field)  # the value just chosen

    def current_setup(self) -> GameSetup:
        seats = [SeatChoice(self._name(f) or _("Player {number}").format(number=i + 1), t.value) for i, (f, t) in enumerate(zip(self.fields, self.types))]
        return GameSetup(seats, self.preset.value, PRESETS[self.preset.value].rules.replace(**self.values), self.setup.seed)

    @staticmethod
    def _name(field: TextField) -> str:
        """The seat name a field holds: the player's word for "You" is the seat called You."""
        name = field.text.strip()
        return YOU if name == seat_name(YOU) else name

    def validate(self) -> bool:
        """Whether the table as set can start; Start is off and ``error`` says why while it cannot."""
        try:
            problem = self.current_setup().problem()
        except (RulesError, ValueError) as error:  # the house rules clash
            problem = str(error)
        self.house.refresh()
        self.error = problem
        self.start.enabled = not problem
        return not problem

    def _show_rules(self) -> Transition:
        """How to play, for the rules as they are set here (house rules included)."""
        from .how_to_play import HowToPlayScene
        try:
            rules = self.current_setup().rules
        except (RulesError, ValueError):
            rules = PRESETS[self.preset.value].rules
        title = _(PRESETS[self.preset.value].title)
        if rules != PRESETS[self.preset.value].rules:
            title = _("{title} (house rules)").format(title=title)
        return Push(HowToPlayScene(self.ctx, rules, title))

    def _start(self) -> Transition:
        if not self.validate():
            return None
        if self.ctx.abandon_game is not None and "Continue" in self.ctx.optional_scenes:
            self.question = abandon_question()
            return None
        return self._open_table()

    def _open_table(self) -> Transition:
        from ..table.scene import TableScene
        setup = self.current_setup()
        if setup.hosts_remote:
            from .host_lobby import HostLobbyScene
            return Replace(HostLobbyScene(self.ctx, setup))
        return Replace(TableScene(self.ctx, setup))

    # -- events ------------------------------------------------------------------------------
    def focusables(self) -> list[Any]:
        """Every control in keyboard order: difficulty, seats (name, type, ×), add, preset, rules, buttons."""
        items: list[Any] = [self.difficulty]
        for field, kind, remove in zip(self.fields, self.types, self.removes):
            items += [field, kind, remove]
        items += [self.add, self.preset] + self.options + [self.rules_button, self.back, self.start]
        return items

    def _move_focus(self, delta: int) -> None:
        items = self.focusables()
        for _step in range(len(items)):
            self.focus = (self.focus + delta) % len(items)
            item = items[self.focus]
            if getattr(item, "enabled", True):
                break
        self._show_focus()

    def _show_focus(self) -> None:
        items = self.focusables()
        self.focus = min(self.focus, len(items) - 1)
        for i, item in enumerate(items):
            if not isinstance(item, TextField):
                item.focused = i == self.focus
        focused = items[self.focus]
        for field in self.fields:  # Tab onto a name starts typing over it
            if field.focused != (field is focused):
                field.focus(field is focused)
        if focused in self.options:
            opt = RULE_OPTIONS[self.options.index(focused)]
            self.hint = option_hint(opt, focused, self.values)
            self.option_first = option_in_view(self.option_grid, self.option_first, self.options.index(focused))
        elif focused in self.types:
            self.seat_hint = level_personality(focused.value)
        for row, row_items in enumerate(zip(self.fields, self.types, self.removes)):
            if any(item is focused for item in row_items):
                self.seat_first = row_in_view(self.seat_first, self.seat_rows[0], row)

    @property
    def spoken_focus(self) -> str:
        """Speech: the focused control, its value and what it is, as the focus moves or the value changes."""
        return spoken_focus(self.controls(), self.error, self.seat_hint)

    def controls(self) -> NewGameControls:
        """What the input reads of this screen now."""
        return NewGameControls(tuple(self.fields), tuple(self.types), tuple(self.removes),
                               (self.start, self.back, self.rules_button, self.add), self.difficulty, self.preset,
                               tuple(self.options), self.values, tuple(self.focusables()), self.focus, self.question,
                               self.left_box, self.pointer, self.option_grid, self.option_first, self.seat_first)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        return self.carry_out(read_new_game_event(self.controls(), event))

    def carry_out(self, want: NewGameWant) -> Transition:
        """Do what the input asked for (``new_game_input``); the screen's next scene, if any."""
        if isinstance(want, Go):
            return {"start": self._start, "back": self._back, "rules": self._show_rules}[want.command]()
        if isinstance(want, Answer):
            self.question = None
            self.ctx.sound.play("click")
            if not want.abandon:
                return None
            problem = self.ctx.abandon_game() if self.ctx.abandon_game is not None else None
            if problem:  # the saved game could not be kept: it must not be overwritten
                return Push(NoticeScene(self.ctx, problem))
            return self._open_table()
        if isinstance(want, MoveFocus):
            self._move_focus(want.delta)
        elif isinstance(want, Typed):
            if want.focus_on is not None:
                self.focus = self.focusables().index(want.focus_on)
                self._show_focus()
            self.validate()
            if want.tab:
                self._move_focus(want.tab)
        elif isinstance(want, Clicked):
            self.ctx.sound.play("click")
            if want.refocus:
                self._show_focus()
            return want.then
        elif isinstance(want, Scroll):
            self.seat_first = self.seat_first if want.seat_first is None else want.seat_first
            self.option_first = self.option_first if want.option_first is None else want.option_first
        elif isinstance(want, Hover):
            self.pointer, self.hint, self.seat_hint = want.pos, want.hint, want.seat_hint
        return None

    # -- drawing -----------------------------------------------------------------------------
    def view(self) -> NewGameView:
        """What this frame shows, for the drawing to read; the controls' states are settled here first."""
        most = self.most_seats()
        self.add.enabled = len(self.fields) < most
        for remove in self.removes:
            remove.enabled = len(self.fields) > 2
        self.start.lit = self.start.enabled
        note = recommendation(self.current_setup().rules, len(self.fields)) if not self.error else None
        return NewGameView(self.title, tuple(self.kinds), tuple(self.fields), tuple(self.types), tuple(self.removes),
                           self.add, self.start, self.back, self.rules_button, self.difficulty, self.preset,
                           tuple(self.options), dict(self.values), self.error, self.hint, self.seat_hint,
                           self.option_first, self.seat_first, most, note, self.focusables()[self.focus], self.question,
                           int(self.ctx.clock_s * 2) % 2 == 0, self.ctx.settings.ui_scale)

    def draw(self, surface: pygame.Surface) -> None:
        layout = draw_new_game(self.view(), surface, self.ctx.theme, self.ctx.assets)
        self.option_grid, self.option_first = layout.option_grid, layout.option_first
        self.seat_first, self.seat_rows, self.left_box = layout.seat_first, layout.seat_rows, layout.left_box
