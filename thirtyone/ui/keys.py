"""Every key the game answers to, in one table, and the one place that reads a key press.

A scene asks ``read(event, place)`` and gets an ``Intent`` (a command and, for numbered keys,
which one) or ``None``; it never compares ``pygame.K_…`` itself. How to play writes its list
of keys from ``BINDINGS`` and buttons show their key from ``label``, so the keys a player is
told about are the keys that work.

Left to the text fields (``widgets.TextField``): the editing keys while typing a name
(Backspace, the arrows, Home, End, Ctrl+A), because typing is not a command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from ..i18n import N_, _

TABLE, OUT, AIM, DUEL = "table", "out", "aim", "duel"
"""Places at the table: your turn and the game around it; watching after you are out;
aiming a gun; a Quick Draw answer window."""
REVIEW, RULES, WINDOW = "review", "rules", "window"
"""The replay and review of a finished game; How to play; anywhere in the window."""
TITLE, PAUSE, NEW_GAME, SETTINGS, STATISTICS, CONFIRM, GAMES = (
    "title", "pause", "new-game", "settings", "statistics", "confirm", "games")
"""The menus: each its own place, so a key means one thing where it is pressed."""
GAME_OVER, ROUND_END, HANDOFF = "game-over", "round-end", "handoff"
"""The screens between rounds and games."""
DAILY = "daily"
"""The Deal of the day's screen and its game over."""
JOIN = "join"
"""Join a table: the found tables, the address, code and name fields."""
LOBBY = "lobby"
"""A table hosted from this window, before its game starts."""

PLACES_SHOWN = ((TABLE, N_("At the table")), (OUT, N_("Out of the game")), (AIM, N_("Aiming a gun (Old West)")),
                (DUEL, N_("A Quick Draw")), (REVIEW, N_("Replay and review")), (WINDOW, N_("Anywhere")))
"""The places How to play lists, in its order, with their headings."""

SPOKEN_QUESTIONS = (
    ("say_hand", (pygame.K_c,), "C", N_("Speech: say your cards, in key order, and what they count")),
    ("say_table", (pygame.K_v,), "V", N_("Speech: say the discard pile or the board, the stock and any knock")),
    ("say_lives", (pygame.K_i,), "I", N_("Speech: say everyone's lives")),
    ("say_last", (pygame.K_z,), "Z", N_("Speech: say the last few actions")),
    ("say_repeat", (pygame.K_r,), "R", N_("Speech: say the last line again")),
    ("say_moves", (pygame.K_x,), "X", N_("Speech: say what you can do now, with the keys")),
)
"""The question keys a speech user asks the table with (read at the table, also while watching after being out)."""

_NUMBERS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 9))
_KEYPAD = tuple(getattr(pygame, f"K_KP{n}") for n in range(1, 9))
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
_GO = _ENTER + (pygame.K_SPACE,)
_BACK = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


@dataclass(frozen=True)
class Binding:
    """Keys that give one command in one place."""

    place: str
    command: str
    keys: tuple[int, ...]
    label: str = ""
    """How the keys are written for a player ("U or Backspace"); empty: not listed in How to play."""
    description: str = ""
    """What the command does, for How to play (marked for translation)."""
    typed: str = ""
    """A character also read as this command when typed (``?`` needs Shift on most layouts)."""
    shift: bool | None = None
    """Only with Shift held (``True``), only without it (``False``), or either (``None``)."""
    counted: int = 0
    """Numbered keys: how many different numbers ``keys`` repeat (the keypad's after the top row's)."""


def _numbered(place: str, command: str, count: int, label: str, description: str) -> Binding:
    """Number keys 1…count and the keypad's: the intent's ``which`` is the number less one."""
    return Binding(place, command, _NUMBERS[:count] + _KEYPAD[:count], label, description, counted=count)


BINDINGS: tuple[Binding, ...] = (
    # Your turn at the table.
    Binding(TABLE, "draw", (pygame.K_d,), "D", N_("Draw the top card of the stock")),
    Binding(TABLE, "take", (pygame.K_t,), "T", N_("Take the face-up card of the discard pile")),
    _numbered(TABLE, "card", 4, N_("1–4"), N_("Choose a card of your hand (to throw, or to swap)")),
    Binding(TABLE, "confirm", _ENTER, N_("Enter"), N_("Throw the chosen card, make the chosen swap, or knock")),
    Binding(TABLE, "knock", (pygame.K_k,), "K", N_("Knock (press again, or Enter, if asked to confirm)")),
    Binding(TABLE, "board", (pygame.K_q, pygame.K_w, pygame.K_e), "Q W E", N_("Choose a board card (board games)")),
    Binding(TABLE, "swap", (pygame.K_s,), "S", N_("Swap the chosen cards (board games)")),
    Binding(TABLE, "swap_all", (pygame.K_a,), "A", N_("Swap your whole hand with the board (board games)")),
    Binding(TABLE, "pass", (pygame.K_p,), "P", N_("Pass (board games)")),
    Binding(TABLE, "new_cards", (pygame.K_f,), "F", N_("New cards for a 7-8-9 middle (where the table plays it)")),
    Binding(TABLE, "keep", (pygame.K_y,), "Y", N_("Dealer's choice: keep your hand (the spare is turned up)")),
    Binding(TABLE, "spare", (pygame.K_n,), "N", N_("Dealer's choice: lay your hand open and take the spare")),
    Binding(TABLE, "take_back", (pygame.K_u, pygame.K_BACKSPACE), N_("U or Backspace"),
            N_("Take back your last move, against bots, until the next player acts")),
    Binding(TABLE, "hint", (pygame.K_F1, pygame.K_QUESTION), N_("F1 or ?"), N_("Ask the coach for the best move"),
            typed="?"),
    Binding(TABLE, "look", (pygame.K_l,), "L", N_("Spread the discard pile out for a look (also a right click)")),
    Binding(TABLE, "hand_value", (pygame.K_h,), "H", N_("Show or hide your hand's value")),
    Binding(TABLE, "gun", (pygame.K_g,), "G", N_("Fire (Old West) or draw (Quick Draw) your derringer")),
    Binding(TABLE, "skip", (pygame.K_SPACE,), N_("Space"), N_("Skip the animation")),
    Binding(TABLE, "pause", (pygame.K_ESCAPE,), "Esc", N_("Cancel a choice, or pause the game")),
    *(Binding(TABLE, command, keys, label, description) for command, keys, label, description in SPOKEN_QUESTIONS),
    # Watching after you are out.
    Binding(OUT, "watch", (pygame.K_w,), "W", N_("Watch the game at the table's speed")),
    Binding(OUT, "skip", (pygame.K_s,), "S", N_("Skip to the result")),
    Binding(OUT, "new", (pygame.K_n,), "N", N_("Start a new game")),
    # Aiming a gun.
    _numbered(AIM, "target", 8, N_("1–8"), N_("Shoot the seat with that red number")),
    Binding(AIM, "next", (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB), N_("→ ↓ Tab"), N_("Aim at the next seat")),
    Binding(AIM, "previous", (pygame.K_LEFT, pygame.K_UP), N_("← ↑"), N_("Aim at the seat before")),
    Binding(AIM, "fire", _ENTER, N_("Enter"), N_("Shoot the seat aimed at")),
    Binding(AIM, "holster", (pygame.K_ESCAPE,), "Esc", N_("Holster the gun")),
    # A Quick Draw's answer window.
    Binding(DUEL, "answer", (pygame.K_g,), "G", N_("Fire back at whoever drew (the player at the bottom)")),
    _numbered(DUEL, "answer_for", 8, N_("1–8"), N_("Fire back for the seat with that number (pass and play)")),
    Binding(DUEL, "pause", (pygame.K_ESCAPE,), "Esc", N_("Pause (the window waits)")),
    # Replay and review.
    Binding(REVIEW, "back", (pygame.K_LEFT,), "←", N_("One move back")),
    Binding(REVIEW, "forward", (pygame.K_RIGHT,), "→", N_("One move forward")),
    Binding(REVIEW, "play", (pygame.K_SPACE,), N_("Space"), N_("Play or pause the replay")),
    Binding(REVIEW, "previous_round", (pygame.K_UP,), "↑", N_("The round before")),
    Binding(REVIEW, "next_round", (pygame.K_DOWN,), "↓", N_("The next round")),
    Binding(REVIEW, "notes_up", (pygame.K_PAGEUP,), N_("Page Up"), N_("Scroll the coach's notes up (or the wheel)")),
    Binding(REVIEW, "notes_down", (pygame.K_PAGEDOWN,), N_("Page Down"), N_("Scroll the coach's notes down (or the wheel)")),
    Binding(REVIEW, "start", (pygame.K_HOME,), N_("Home"), N_("The start of the game")),
    Binding(REVIEW, "end", (pygame.K_END,), N_("End"), N_("The end of the game")),
    Binding(REVIEW, "next_seat", (pygame.K_TAB,), "Tab", N_("Review the next player's decisions")),
    Binding(REVIEW, "bot_view", (pygame.K_w,), "W", N_("What did the bot think? Its guesses at the other hands, from its seat alone")),
    Binding(REVIEW, "leave", _BACK, N_("Esc or Backspace"), N_("Back to the list of games")),
    # Anywhere.
    Binding(WINDOW, "fullscreen", (pygame.K_F11,), "F11", N_("Full screen on or off")),
    # How to play.
    Binding(RULES, "leave", _BACK + (pygame.K_RETURN,)),
    Binding(RULES, "line_down", (pygame.K_DOWN,)),
    Binding(RULES, "line_up", (pygame.K_UP,)),
    Binding(RULES, "page_down", (pygame.K_PAGEDOWN, pygame.K_SPACE)),
    Binding(RULES, "page_up", (pygame.K_PAGEUP,)),
    Binding(RULES, "top", (pygame.K_HOME,)),
    Binding(RULES, "bottom", (pygame.K_END,)),
    Binding(RULES, "previous", (pygame.K_LEFT,)),
    Binding(RULES, "next", (pygame.K_RIGHT,)),
    # The title.
    Binding(TITLE, "quit", (pygame.K_ESCAPE,)),
    Binding(TITLE, "next", (pygame.K_DOWN, pygame.K_TAB)),
    Binding(TITLE, "previous", (pygame.K_UP,)),
    Binding(TITLE, "activate", _GO),
    Binding(TITLE, "new_game", (pygame.K_n,)),
    Binding(TITLE, "rules", (pygame.K_h,)),
    Binding(TITLE, "daily", (pygame.K_d,)),
    Binding(TITLE, "join", (pygame.K_j,)),
    Binding(TITLE, "lesson", (pygame.K_g,)),
    Binding(JOIN, "back", (pygame.K_ESCAPE,)),
    Binding(JOIN, "join", _ENTER),
    Binding(JOIN, "next", (pygame.K_TAB,)),
    Binding(LOBBY, "start", _ENTER),
    Binding(LOBBY, "cancel", (pygame.K_ESCAPE,)),
    Binding(LOBBY, "invite", (pygame.K_i,)),
    Binding(LOBBY, "copy", (pygame.K_c,)),
    # The pause menu.
    Binding(PAUSE, "resume", (pygame.K_ESCAPE,) + _ENTER),
    Binding(PAUSE, "rules", (pygame.K_h,)),
    Binding(PAUSE, "quit", (pygame.K_q,)),
    Binding(PAUSE, "settings", (pygame.K_s,)),
    Binding(PAUSE, "skip_lesson", (pygame.K_l,)),
    # New game (outside a name being typed).
    Binding(NEW_GAME, "back", (pygame.K_ESCAPE,)),
    Binding(NEW_GAME, "rules", (pygame.K_F1,)),
    Binding(NEW_GAME, "previous", (pygame.K_TAB,), shift=True),
    Binding(NEW_GAME, "next", (pygame.K_TAB,), shift=False),
    Binding(NEW_GAME, "next", (pygame.K_DOWN,)),
    Binding(NEW_GAME, "previous", (pygame.K_UP,)),
    Binding(NEW_GAME, "left", (pygame.K_LEFT,)),
    Binding(NEW_GAME, "right", (pygame.K_RIGHT,)),
    Binding(NEW_GAME, "enter", _ENTER),
    Binding(NEW_GAME, "space", (pygame.K_SPACE,)),
    # Settings.
    Binding(SETTINGS, "back", _BACK),
    Binding(SETTINGS, "next", (pygame.K_DOWN, pygame.K_TAB)),
    Binding(SETTINGS, "previous", (pygame.K_UP,)),
    Binding(SETTINGS, "left", (pygame.K_LEFT,)),
    Binding(SETTINGS, "right", (pygame.K_RIGHT,)),
    Binding(SETTINGS, "activate", _GO),
    # Statistics, its reset question, and the list of finished games.
    Binding(STATISTICS, "back", _BACK),
    Binding(STATISTICS, "previous", (pygame.K_LEFT,)),
    Binding(STATISTICS, "next", (pygame.K_RIGHT,)),
    Binding(STATISTICS, "reset", (pygame.K_r,)),
    Binding(STATISTICS, "games", (pygame.K_g,)),
    Binding(CONFIRM, "yes", _ENTER),
    Binding(CONFIRM, "no", _BACK),
    Binding(GAMES, "back", _BACK),
    Binding(GAMES, "next", (pygame.K_DOWN,)),
    Binding(GAMES, "previous", (pygame.K_UP,)),
    Binding(GAMES, "open", _ENTER),
    # Between rounds and games.
    Binding(ROUND_END, "continue", _GO),
    Binding(ROUND_END, "skip", (pygame.K_s,)),
    Binding(ROUND_END, "new", (pygame.K_n,)),
    Binding(ROUND_END, "pause", (pygame.K_ESCAPE,)),
    Binding(HANDOFF, "continue", _GO),
    Binding(HANDOFF, "pause", (pygame.K_ESCAPE,)),
    Binding(GAME_OVER, "switch", (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB)),
    Binding(GAME_OVER, "activate", _GO),
    Binding(GAME_OVER, "title", (pygame.K_ESCAPE,)),
    Binding(DAILY, "next", (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB)),
    Binding(DAILY, "previous", (pygame.K_LEFT, pygame.K_UP)),
    Binding(DAILY, "activate", _GO),
    Binding(DAILY, "back", _BACK),
    Binding(DAILY, "copy", (pygame.K_c,)),
    Binding(DAILY, "replay", (pygame.K_r,)),
    Binding(DAILY, "practice", (pygame.K_p,)),
)
"""Every key binding of the game."""


class Intent(NamedTuple):
    """What a key press asks for: a command, and for numbered keys which one (``which``: 0 for the first)."""

    command: str
    which: int = 0


def read(event: pygame.event.Event, place: str) -> Intent | None:
    """The intent of a key press ``event`` in ``place``, or ``None`` (not a key, or no binding there)."""
    if event.type != pygame.KEYDOWN:
        return None
    key = event.key
    shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
    typed = getattr(event, "unicode", "")
    for binding in _BY_PLACE.get(place, ()):
        if binding.shift is not None and binding.shift != shifted:
            continue
        if key in binding.keys:
            index = binding.keys.index(key)
            return Intent(binding.command, index % binding.counted if binding.counted else index)
        if binding.typed and typed == binding.typed:
            return Intent(binding.command)
    return None


def label(place: str, command: str) -> str:
    """How the keys of ``command`` in ``place`` are written for a player ("U or Backspace")."""
    binding = next(b for b in BINDINGS if b.place == place and b.command == command)
    return _(binding.label) if binding.label else ""


def keys_of(place: str, *commands: str) -> dict[str, str]:
    """``{command: its keys}`` for a sentence that names them ("press {knock}"), from this table."""
    return {command: label(place, command) for command in commands}


def listed(place: str) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for How to play, in the table's order, in the language in use."""
    return [(_(b.label), _(b.description)) for b in _BY_PLACE.get(place, ()) if b.label]


def _by_place() -> dict[str, tuple[Binding, ...]]:
    places: dict[str, list[Binding]] = {}
    for binding in BINDINGS:
        places.setdefault(binding.place, []).append(binding)
    return {place: tuple(bindings) for place, bindings in places.items()}


_BY_PLACE = _by_place()

__all__ = ["BINDINGS", "Binding", "Intent", "PLACES_SHOWN", "keys_of", "label", "listed", "read"]
