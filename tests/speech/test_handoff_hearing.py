"""Pass-and-play hand-offs by ear: what the seat now at the screen can hear names no card it could not see.

Whole games at one screen, several seeds: at every hand-off the new seat presses Z (the last few
actions) and R (the last line again), and whatever is still queued in the voice is heard too. Each
card those lines name must be one the new seat was able to see at some time in the game (its own
hands, the discard pile, the board, cards taken face up, hands shown at a round's end). The card
another player drew from the stock and still holds is none of these.
"""

from __future__ import annotations

import pygame
import pytest

from tests.speech.listener import cards_in
from tests.ui_support import frames, human_keys, key, make_app, match_of, open_table, setup, top_name
from thirtyone.model import Card
from thirtyone.speech import Speaker
from thirtyone.ui.table.scene import TableScene


class QueueVoice:
    """A voice that never finishes a line: what is queued is all said since the last interruption."""

    name = "queue"

    def __init__(self) -> None:
        self.said: list[str] = []
        self.queue: list[str] = []

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self.queue.clear()
        self.queue.append(text)
        self.said.append(text)

    def close(self) -> None:
        pass


def learn(seen: dict[int, set[Card]], table: TableScene) -> None:
    """Add to each seat's cards what it may see now (as that seat's own observation has it)."""
    match = match_of(table)
    for seat in match.human_seats():
        obs = match.observation(seat)
        known = seen.setdefault(seat, set())
        known |= set(obs.hand) | set(obs.discards) | set(obs.board)
        for cards in obs.known:
            known |= set(cards)
        for result in obs.results:
            for hand in result.hands:
                known |= set(hand)


def play_and_listen(seed: int, players: list[str]) -> tuple[int, list[tuple[int, str, list[Card]]]]:
    """Play a whole game at one screen; at each hand-off hear Z, R and the queue as the new seat.

    The hand-offs counted and, per leak, (seat, line, cards it may not know)."""
    app = make_app(confirm_knock=False)
    voice = QueueVoice()
    app.ctx.speech = Speaker(voice, forced=True)
    table = open_table(app, setup(players, seed=seed, lives=1))
    seen: dict[int, set[Card]] = {}
    leaks: list[tuple[int, str, list[Card]]] = []
    handoffs = 0
    at_screen = table.view.you
    for _ in frames(4000, 120):
        if match_of(table).is_over:
            break
        learn(seen, table)
        events = []
        if top_name(app) in ("handoff", "round_end"):
            events = [key(pygame.K_RETURN)]
        elif top_name(app) == "table" and table.input.obs is not None and not table.choreo.busy:
            events = human_keys(table.input.obs)
        app.frame(events, 0.05)
        now = table.view.you
        if now is not None and now != at_screen and top_name(app) == "table":
            handoffs += 1
            learn(seen, table)
            heard = list(voice.queue)
            start = len(voice.said)
            app.frame([key(pygame.K_z)], 0.0)
            app.frame([key(pygame.K_r)], 0.0)
            heard += voice.said[start:]
            for line in heard:
                secret = [card for card in cards_in(line) if card not in seen[now]]
                if secret:
                    leaks.append((now, line, secret))
        at_screen = now
    assert match_of(table).is_over
    return handoffs, leaks


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_after_every_hand_off_the_new_seat_hears_no_card_it_could_not_see(seed):
    handoffs, leaks = play_and_listen(seed, ["human", "human", "random"])
    assert handoffs >= 4
    assert leaks == []


def test_three_players_at_one_screen_hear_nothing_of_each_other(seed=5):
    handoffs, leaks = play_and_listen(seed, ["human", "human", "human"])
    assert handoffs >= 6
    assert leaks == []
