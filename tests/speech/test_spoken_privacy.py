"""Pass-and-play by ear: nothing of a hand that is not the current viewer's is ever said, and the hand-off is said as one."""

from __future__ import annotations

import time

import pygame

from tests.speech.listener import LogReader, cards_in
from tests.ui_support import human_keys, key, make_app, match_of, open_table, setup, top_name
from thirtyone.model import Card, Phase
from thirtyone.speech import LogBackend, Speaker
from thirtyone.ui.table.scene import TableScene


def hidden_from(table: TableScene) -> set[Card]:
    """Cards the screen's current viewer may not know: the others' hands, less what they took face up
    (and the viewer's own while it is not on the screen)."""
    match, view = match_of(table), table.view
    state = match.state
    secret: set[Card] = set()
    for seat, hand in enumerate(state.hands):
        if seat == view.viewer and view.face_seat == seat:
            continue
        known = set(match.observation(seat).known[seat])
        secret |= set(hand) - known
    return secret


def test_pass_and_play_speech_never_names_a_hidden_card(tmp_path):
    log = tmp_path / "speech.log"
    app = make_app(confirm_knock=False)
    app.ctx.speech = Speaker(LogBackend(log), forced=True)
    table = open_table(app, setup(["human", "human", "random"], seed=4, lives=2))
    reader = LogReader(log)
    checked = handoffs = asked = 0
    deadline = time.monotonic() + 150
    while not match_of(table).is_over and time.monotonic() < deadline:
        events = []
        if top_name(app) in ("handoff", "round_end"):
            events = [key(pygame.K_RETURN)]
        elif top_name(app) == "table":
            events = [key(pygame.K_c), key(pygame.K_v)]  # ask for "my" hand and the table at every chance
            asked += 1
            if table.input.obs is not None and not table.choreo.busy:
                events += human_keys(table.input.obs)
        playing = match_of(table).state.phase in (Phase.TURN, Phase.DISCARD)
        before = hidden_from(table) if playing else set()
        app.frame(events, 0.05)
        time.sleep(0.001)
        heard = reader.new()
        if playing and match_of(table).state.phase in (Phase.TURN, Phase.DISCARD):
            secret = before & hidden_from(table)  # hidden all through the frame (a discard goes public in it)
            for line in heard:
                assert not set(cards_in(line)) & secret, (line, table.view.viewer, sorted(map(str, secret)))
                checked += 1
        handoffs += sum(line.startswith("Hand-off: pass the game to ") for line in heard)
    assert match_of(table).is_over
    assert checked > 50 and asked > 20 and handoffs >= 2
    said = reader.all
    assert any(line == "Your hand is not on the screen now." for line in said)
    handoff = next(line for line in said if line.startswith("Hand-off:"))
    assert not cards_in(handoff)
