"""A player who cannot see the screen: it reads the speech log and answers with keys.

It never looks at the window, the scene or the match: every move comes from the lines the
game said (``--speech log:FILE``'s format, a time, a tab, the line). It asks the question keys
(C: hand, V: table) and plays a plain strategy on what it hears.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pygame

from tests.ui_support import key
from thirtyone.model.cards import FULL_DECK, Card
from thirtyone.model.presets import PRESETS
from thirtyone.model.scoring import best_three, hand_value
from thirtyone.speech.words import card_name

NAMES = {card_name(card): card for card in FULL_DECK}
_CARD = re.compile("|".join(sorted(map(re.escape, NAMES), key=len, reverse=True)))
BOARD_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e)


def cards_in(line: str) -> list[Card]:
    """The cards a line names, in its order."""
    return [NAMES[m.group(0)] for m in _CARD.finditer(line)]


class LogReader:
    """The lines of a speech log not read yet."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen = 0
        self.all: list[str] = []

    def new(self) -> list[str]:
        if not self.path.exists():
            return []
        lines = self.path.read_text(encoding="utf-8").splitlines()
        fresh = [line.split("\t", 1)[1] for line in lines[self.seen:]]
        self.seen = len(lines)
        self.all += fresh
        return fresh


class Listener:
    """Plays a seat by ear. ``frame(events)`` advances the window one frame with those key presses."""

    def __init__(self, log: LogReader, frame, rules_id: str = "classic") -> None:
        self.log = log
        self.frame = frame
        self.rules = PRESETS[rules_id].rules
        self.moves = 0
        self.over = False

    def ask(self, k: int) -> str:
        """Press a question key; the answer is the line it said."""
        self.frame([key(k)])
        lines = self.log.new()
        return lines[-1] if lines else ""

    def press(self, *keys: int) -> None:
        self.frame([key(k) for k in keys])
        self.moves += 1

    def step(self) -> None:
        """Hear what was said since the last step and do what it calls for (or wait a frame)."""
        lines = self.log.new()
        if any(line.startswith("Game over.") for line in lines):
            self.over = True
            return
        last = lines[-1] if lines else ""
        if last.startswith("Round over") or last.startswith("Hand-off:"):
            self.press(pygame.K_RETURN)
        elif "your turn." in last.lower():
            self.play_turn(last)
        else:
            self.frame([])

    def play_turn(self, said: str) -> None:
        hand = cards_in(self.ask(pygame.K_c).split(":", 1)[1].split(".")[0])
        if "to discard" in said:
            _, throw = best_three(hand, self.rules)
            self.press(pygame.K_1 + hand.index(throw), pygame.K_RETURN)
            return
        table = self.ask(pygame.K_v)
        value = hand_value(hand, self.rules)
        if self.rules.has_board:
            self.play_board(hand, cards_in(table.split(":", 1)[1].split(".")[0]), value, said)
            return
        if "(K)" in said and value >= 26:
            self.press(pygame.K_k)
            return
        top = cards_in(table.split("on top")[0])
        if top and best_three(hand + top, self.rules)[0] > value + 4:
            self.press(pygame.K_t)
        else:
            self.press(pygame.K_d)

    def play_board(self, hand: list[Card], board: list[Card], value: float, said: str) -> None:
        best, choice = value, None
        for i, j in itertools.product(range(len(hand)), range(len(board))):
            mine = hand[:i] + [board[j]] + hand[i + 1:]
            if hand_value(mine, self.rules) > best:
                best, choice = hand_value(mine, self.rules), (i, j)
        if len(board) == 3 and hand_value(board, self.rules) > best and "(A)" in said:
            self.press(pygame.K_a)
        elif "(K)" in said and value >= 28:
            self.press(pygame.K_k)
        elif choice is not None and "swap" in said:
            self.press(pygame.K_1 + choice[0], BOARD_KEYS[choice[1]], pygame.K_s)
        elif "(P)" in said:
            self.press(pygame.K_p)
        elif "(K)" in said:
            self.press(pygame.K_k)
        else:
            i, j = 0, 0
            self.press(pygame.K_1 + i, BOARD_KEYS[j], pygame.K_s)
