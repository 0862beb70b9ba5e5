"""New game's input (``NewGameScene``): typing a name, keys, clicks and the wheel, and the question
asked before a new game replaces the one saved in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...i18n import _
from ...model.options import RULE_OPTIONS
from ...speech.menus import button_line, choice_line, field_line, screen_line
from ..pointer import MOVE, PRESS, WHEEL, pointer
from .confirm import NO, YES
from ..game_setup import level_personality
from ..keys import NEW_GAME, Intent, read
from ..scene import Push, Transition
from ..text_field import TextField
from ..widgets import Button, Cycler
from .house_rules import option_hint, options_scrolled
from .notice import NoticeScene

if TYPE_CHECKING:
    from ..layout import Box
    from ..scene import Context
    from .confirm import Question
    from .house_rules import OptionGrid


class NewGameForm(Protocol):
    """What New game's input reads and moves of its screen: the controls, the focus and the scrolling.
    (The drawing does not see the screen: it reads a ``NewGameView``.)"""

    ctx: Context
    fields: list[TextField]
    types: list[Cycler]
    removes: list[Button]
    add: Button
    start: Button
    back: Button
    rules_button: Button
    difficulty: Cycler
    preset: Cycler
    options: list[Cycler]
    values: dict[str, Any]
    error: str
    hint: str
    seat_hint: str
    option_first: int
    option_grid: OptionGrid | None
    seat_first: int
    left_box: Box | None
    pointer: tuple[int, int]
    question: Question | None
    focus: int

    def focusables(self) -> list[Any]: ...

    def validate(self) -> bool: ...

    def _move_focus(self, delta: int) -> None: ...

    def _show_focus(self) -> None: ...

    def _back(self) -> Transition: ...

    def _show_rules(self) -> Transition: ...

    def _start(self) -> Transition: ...

    def _open_table(self) -> Transition: ...



def answer_question(self: NewGameForm, event: pygame.event.Event) -> Transition:
    """Abandon the saved game and start, or keep it and stay here; the question takes every event."""
    assert self.question is not None
    answer = self.question.answer(event)
    if answer == NO:
        self.question = None
        self.ctx.sound.play("click")
    elif answer == YES:
        self.question = None
        self.ctx.sound.play("click")
        problem = self.ctx.abandon_game() if self.ctx.abandon_game is not None else None
        if problem:  # the saved game could not be kept: it must not be overwritten
            return Push(NoticeScene(self.ctx, problem))
        return self._open_table()
    return None


def press_focused(self: NewGameForm, intent: Intent) -> Transition:
    """← → change the focused choice; Enter or Space presses the focused button, elsewhere Enter starts."""
    item = self.focusables()[self.focus]
    enter = intent.command == "enter"
    if isinstance(item, TextField) and enter:
        return self._start()  # the name was confirmed with a first Enter
    if isinstance(item, Cycler):
        if not item.enabled:
            return None
        if not enter:
            item.step(-1 if intent.command == "left" else 1)
            self.ctx.sound.play("click")
            self._show_focus()
            return None
        return self._start()
    if isinstance(item, Button) and intent.command in ("enter", "space") and item.enabled:
        self.ctx.sound.play("click")
        result = item.press()
        self._show_focus()
        return result if result is not True else None
    return None


def handle_new_game_event(self: NewGameForm, event: pygame.event.Event) -> Transition:
    """A name being typed first, then keys (``keys.NEW_GAME``), then the mouse; the question, while asked, takes all."""
    if self.question is not None:
        return answer_question(self, event)
    typing = next((f for f in self.fields if f.focused), None)
    focused = self.focusables()[min(self.focus, len(self.focusables()) - 1)]
    if typing is None and event.type == pygame.TEXTINPUT and isinstance(focused, TextField):
        focused.focus()  # typing on a focused name replaces it
        typing = focused
    mouse = pointer(event)
    for field in self.fields:
        if field.handle(event):
            if field.focused and mouse is not None and mouse.kind == PRESS:
                self.focus = self.focusables().index(field)
                self._show_focus()
            self.validate()
            if typing is not None and not typing.focused and event.type == pygame.KEYDOWN:
                if event.key == pygame.K_TAB:  # Tab leaves the field for the next control
                    self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return None
    intent = read(event, NEW_GAME) if typing is None else None
    if intent is not None:
        if intent.command == "back":
            return self._back()
        if intent.command == "rules":
            return self._show_rules()
        if intent.command in ("next", "previous"):
            self._move_focus(-1 if intent.command == "previous" else 1)
            return None
        return press_focused(self, intent)
    if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
        return None
    for button in [self.start, self.back, self.rules_button, self.add] + self.removes:
        result = button.handle(event)
        if result is not None:
            self.ctx.sound.play("click")
            return result if result is not True else None
    for cycler in [self.difficulty, self.preset] + self.types + self.options:
        if cycler.handle(event):
            self.ctx.sound.play("click")
            return None
    if mouse is not None and mouse.kind == WHEEL:
        if self.left_box is not None and self.left_box.contains(*self.pointer):
            self.seat_first = max(0, self.seat_first - mouse.wheel)  # the drawing keeps it in range
        else:
            self.option_first = options_scrolled(self.option_grid, self.option_first, -3 * mouse.wheel)
        return None
    if mouse is not None and mouse.kind == MOVE:
        self.pointer = mouse.pos
        self.hint = next((option_hint(opt, c, self.values) for opt, c in zip(RULE_OPTIONS, self.options)
                          if c.box.contains(*mouse.pos)), "")
        kind = next((c for c in self.types if c.box.contains(*mouse.pos)), None)
        self.seat_hint = level_personality(kind.value) if kind is not None else ""
    return None


def spoken_focus(self: NewGameForm) -> str:
    """What speech says of New game's focused control: its label, value and kind (``NewGameScene.spoken_focus``)."""
    if self.question is not None:
        q = self.question
        return " ".join((_(q.question), _(q.explanation), button_line(_(q.yes.label), _(q.yes.hint)),
                         button_line(_(q.no.label), q.no.hint)))
    item = self.focusables()[self.focus]
    if item is self.difficulty:
        line = choice_line(_("Difficulty"), _(item.label))
    elif item is self.preset:
        line = choice_line(_("Game"), _(item.label))
    elif item in self.options:
        opt = RULE_OPTIONS[self.options.index(item)]
        line = choice_line(_(opt.label), _(item.label))
    elif item in self.types:
        row = self.types.index(item) + 1
        line = choice_line(_("Player {number}").format(number=row), _(item.label), self.seat_hint)
    elif item in self.fields:
        line = field_line(_("Player {number}'s name").format(number=self.fields.index(item) + 1), item.text)
    elif item in self.removes:
        line = button_line(_("Remove player {number}").format(number=self.removes.index(item) + 1))
    else:
        line = button_line(_(item.label), item.hint)
    return screen_line(_("New game"), line) + (f" {self.error}" if self.error else "")
