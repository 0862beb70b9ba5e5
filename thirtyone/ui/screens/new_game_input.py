"""New game's input: typing a name, keys, clicks and the wheel, and the answer to the question asked
before a new game replaces the one saved in progress.

``read_new_game_event`` reads a ``NewGameControls`` (the screen's controls and where things stand)
and returns what it wants done: ``Go`` (start, back, the rules), ``Answer``, ``MoveFocus``,
``Typed``, ``Clicked``, ``Scroll`` or ``Hover``. The widgets change themselves as they are used (a
name typed, a choice stepped, a button pressed); everything else ``NewGameScene.carry_out`` does,
in one place, as the table's parts ask theirs (``ui/table/wants.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Union

import pygame

from ...i18n import _
from ...model.options import RULE_OPTIONS
from ...speech.menus import button_line, choice_line, field_line, screen_line
from ..game_setup import level_personality
from ..keys import NEW_GAME, Intent, read
from ..pointer import MOVE, PRESS, WHEEL, pointer
from ..scene import Transition
from ..text_field import TextField
from ..widgets import Button, Cycler
from .confirm import NO, YES
from .house_rules import option_hint, options_scrolled

if TYPE_CHECKING:
    from ..layout import Box
    from .confirm import Question
    from .house_rules import OptionGrid


@dataclass(frozen=True)
class NewGameControls:
    """What New game's input reads of its screen: the controls, the focus, the question asked, and
    where the panels were last drawn (for the wheel)."""

    fields: tuple[TextField, ...]
    types: tuple[Cycler, ...]
    removes: tuple[Button, ...]
    buttons: tuple[Button, ...]
    """Start, Back, Rules and "+ Add player", in the order a click tries them."""
    difficulty: Cycler
    preset: Cycler
    options: tuple[Cycler, ...]
    values: dict[str, Any]
    focusables: tuple[Any, ...]
    focus: int
    question: Question | None
    left_box: Box | None
    pointer: tuple[int, int]
    option_grid: OptionGrid | None
    option_first: int
    seat_first: int


@dataclass(frozen=True)
class Go:
    """Start the game (asking first while one is saved), go back, or show the rules as set."""

    command: Literal["start", "back", "rules"]


@dataclass(frozen=True)
class Answer:
    """The question was answered: ``abandon`` the saved game and start, or keep it and stay."""

    abandon: bool


@dataclass(frozen=True)
class MoveFocus:
    """Move the keyboard focus ``delta`` controls on (past the ones switched off)."""

    delta: int


@dataclass(frozen=True)
class Typed:
    """A name field took the event: check the table again; ``focus_on`` a field just clicked into,
    ``tab`` the focus on past a field Tab left."""

    focus_on: TextField | None = None
    tab: int = 0


@dataclass(frozen=True)
class Clicked:
    """A control was used (its click sounds); ``refocus`` after a key changed it; ``then`` what its button returned."""

    then: Transition = None
    refocus: bool = False


@dataclass(frozen=True)
class Scroll:
    """The wheel: the first player's row or the first row of house rules in view."""

    seat_first: int | None = None
    option_first: int | None = None


@dataclass(frozen=True)
class Hover:
    """The mouse moved to ``pos``: the hints of the rule and the player type under it."""

    pos: tuple[int, int]
    hint: str
    seat_hint: str


NewGameWant = Union[Go, Answer, MoveFocus, Typed, Clicked, Scroll, Hover, None]
"""Everything New game's input may ask for; ``None`` asks for nothing."""


def read_new_game_event(form: NewGameControls, event: pygame.event.Event) -> NewGameWant:
    """A name being typed first, then keys (``keys.NEW_GAME``), then the mouse; the question, while asked, takes all."""
    if form.question is not None:
        answer = form.question.answer(event)
        return Answer(answer == YES) if answer in (YES, NO) else None
    typing = next((f for f in form.fields if f.focused), None)
    focused = form.focusables[min(form.focus, len(form.focusables) - 1)]
    if typing is None and event.type == pygame.TEXTINPUT and isinstance(focused, TextField):
        focused.focus()  # typing on a focused name replaces it
        typing = focused
    mouse = pointer(event)
    for field in form.fields:
        if field.handle(event):
            clicked_in = field.focused and mouse is not None and mouse.kind == PRESS
            tab = 0
            if typing is not None and not typing.focused and event.type == pygame.KEYDOWN:
                if event.key == pygame.K_TAB:  # Tab leaves the field for the next control
                    tab = -1 if event.mod & pygame.KMOD_SHIFT else 1
            return Typed(field if clicked_in else None, tab)
    intent = read(event, NEW_GAME) if typing is None else None
    if intent is not None:
        if intent.command in ("back", "rules"):
            return Go("back" if intent.command == "back" else "rules")
        if intent.command in ("next", "previous"):
            return MoveFocus(-1 if intent.command == "previous" else 1)
        return press_focused(form, intent)
    if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
        return None
    return _mouse(form, event)


def press_focused(form: NewGameControls, intent: Intent) -> NewGameWant:
    """← → change the focused choice; Enter or Space presses the focused button, elsewhere Enter starts."""
    item = form.focusables[form.focus]
    enter = intent.command == "enter"
    if isinstance(item, TextField) and enter:
        return Go("start")  # the name was confirmed with a first Enter
    if isinstance(item, Cycler):
        if not item.enabled:
            return None
        if not enter:
            item.step(-1 if intent.command == "left" else 1)
            return Clicked(refocus=True)
        return Go("start")
    if isinstance(item, Button) and intent.command in ("enter", "space") and item.enabled:
        result = item.press()
        return Clicked(result if result is not True else None, refocus=True)
    return None


def _mouse(form: NewGameControls, event: pygame.event.Event) -> NewGameWant:
    """Buttons, then choices, then the wheel over a panel, then the hints of what the mouse is over."""
    for button in form.buttons + form.removes:
        result = button.handle(event)
        if result is not None:
            return Clicked(result if result is not True else None)
    for cycler in (form.difficulty, form.preset) + form.types + form.options:
        if cycler.handle(event):
            return Clicked()
    mouse = pointer(event)
    if mouse is not None and mouse.kind == WHEEL:
        if form.left_box is not None and form.left_box.contains(*form.pointer):
            return Scroll(seat_first=max(0, form.seat_first - mouse.wheel))  # the drawing keeps it in range
        return Scroll(option_first=options_scrolled(form.option_grid, form.option_first, -3 * mouse.wheel))
    if mouse is not None and mouse.kind == MOVE:
        hint = next((option_hint(opt, c, form.values) for opt, c in zip(RULE_OPTIONS, form.options)
                     if c.box.contains(*mouse.pos)), "")
        kind = next((c for c in form.types if c.box.contains(*mouse.pos)), None)
        return Hover(mouse.pos, hint, level_personality(kind.value) if kind is not None else "")
    return None


def spoken_focus(form: NewGameControls, error: str, seat_hint: str) -> str:
    """What speech says of New game's focused control: its label, value and kind (``NewGameScene.spoken_focus``)."""
    if form.question is not None:
        q = form.question
        return " ".join((_(q.question), _(q.explanation), button_line(_(q.yes.label), _(q.yes.hint)),
                         button_line(_(q.no.label), q.no.hint)))
    item = form.focusables[form.focus]
    if item is form.difficulty:
        line = choice_line(_("Difficulty"), _(item.label))
    elif item is form.preset:
        line = choice_line(_("Game"), _(item.label))
    elif item in form.options:
        opt = RULE_OPTIONS[form.options.index(item)]
        line = choice_line(_(opt.label), _(item.label))
    elif item in form.types:
        row = form.types.index(item) + 1
        line = choice_line(_("Player {number}").format(number=row), _(item.label), seat_hint)
    elif item in form.fields:
        line = field_line(_("Player {number}'s name").format(number=form.fields.index(item) + 1), item.text)
    elif item in form.removes:
        line = button_line(_("Remove player {number}").format(number=form.removes.index(item) + 1))
    else:
        line = button_line(_(item.label), item.hint)
    return screen_line(_("New game"), line) + (f" {error}" if error else "")


__all__ = ["Answer", "Clicked", "Go", "Hover", "MoveFocus", "NewGameControls", "NewGameWant", "Scroll", "Typed",
           "press_focused", "read_new_game_event", "spoken_focus"]
