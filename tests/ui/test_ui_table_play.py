"""Issue 16 on the table: each interaction does what it says (headless window, synthetic events)."""

from __future__ import annotations

import pygame

from tests.ui_support import click, drawn_texts, human_keys, key, make_app, open_table, run_until, setup, top, top_name, match_of
from thirtyone.controller import Accepted, Match, Rejected
from thirtyone.model import Deal, Discard, DrawStock, Knock, Phase, PRESETS
from thirtyone.model import apply, observe
from thirtyone.model.record import Seat
from thirtyone.session import GameHooks
from thirtyone.ui.table.out import out_hint


def my_turn(app, table, frames: int = 600):
    assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, frames)
    return table.input.obs


def mouse(kind, pos, button=1):
    p = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=p, button=button)


def drag(app, start, end):
    app.frame([mouse(pygame.MOUSEBUTTONDOWN, start)], 0.016)
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    app.frame([mouse(pygame.MOUSEMOTION, mid), mouse(pygame.MOUSEMOTION, end)], 0.016)
    app.frame([mouse(pygame.MOUSEBUTTONUP, end)], 0.016)


def draw_card(app, table):
    app.frame([key(pygame.K_d)], 0.016)
    assert run_until(app, lambda: table.input.obs is not None and table.input.obs.phase is Phase.DISCARD
                     and not table.choreo.busy, 400)
    return table.input.obs


def test_dragging_a_card_onto_the_pile_discards_it():
    app = make_app(fast=False, bot_speed="instant")  # animations on: the slide-back must not block the drop
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    obs = draw_card(app, table)
    card = obs.hand[1]
    drag(app, table.view.hands[0][1].rect().center, table.view.layout.discard.center)
    after = table.session.match.observation(0)
    assert after.discards[-1] == card
    assert card not in after.hand and len(after.hand) == 3


def test_a_card_dropped_elsewhere_goes_back_and_nothing_is_discarded():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    obs = draw_card(app, table)
    drag(app, table.view.hands[0][0].rect().center, table.view.layout.kitty.center)
    assert table.session.match.observation(0).hand == obs.hand
    assert table.session.match.observation(0).phase is Phase.DISCARD


def test_no_stale_hover_hint_after_a_mouse_discard():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    draw_card(app, table)
    where = table.view.hands[0][3].rect().center
    discarded = table.input.obs.hand[3]
    app.frame(click(where), 0.016)  # select
    app.frame(click(where), 0.016)  # click again: discard; the pointer stays there
    assert table.session.match.observation(0).discards[-1] == discarded
    for _ in range(2):  # the next turns, with the mouse left still
        obs = my_turn(app, table, 2000)
        hint = table.offers.hint()
        assert "Click again" not in hint and "Discard" not in hint, hint
        assert discarded.symbol not in hint or discarded in obs.hand
        draw_card(app, table)
        app.frame([key(pygame.K_1), key(pygame.K_RETURN)], 0.016)


def test_knock_is_not_offered_after_another_seat_has_knocked():
    app = make_app(confirm_knock=True)
    table = open_table(app, setup(["human", "random", "random", "random"], seed=2))
    found = False
    for _ in range(40):
        obs = my_turn(app, table, 3000)
        if obs.knocker not in (-1, 0):
            found = True
            break
        draw_card(app, table)
        app.frame([key(pygame.K_1), key(pygame.K_RETURN)], 0.016)
    assert found, "no other seat knocked before the human's turn in 40 turns"
    assert Knock() not in obs.legal_actions
    assert "(K)" not in table.offers.hint() and "K knock" not in table.offers.hint()
    assert not table.buttons["knock"].enabled
    before = table.session.match.action_count
    app.frame([key(pygame.K_k)], 0.016)
    assert "Press K again" not in table.message  # refused at once, no confirmation first
    assert table.message_s > 0 and table.message
    assert table.session.match.action_count == before


def test_knock_hint_and_button_follow_the_legal_actions_with_four_cards():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    assert "knock (K)" in table.offers.hint()
    draw_card(app, table)
    app.frame([], 0.016)
    assert "K" not in table.offers.hint().replace("Your turn", "")
    assert not table.buttons["knock"].enabled


def test_board_swap_waits_for_confirmation_and_can_be_cancelled():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], preset="london", seed=5))
    obs = my_turn(app, table)
    hand = obs.hand
    app.frame(click(table.view.hands[0][0].rect().center) + click(table.view.board[1].rect().center), 0.016)
    assert table.session.match.observation(0).hand == hand  # picked, not swapped
    assert table.buttons["swap"].enabled and "S or Enter" in table.offers.hint()
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert top_name(app) == "table" and not table.view.selected and not table.view.board_selected
    app.frame(click(table.view.hands[0][0].rect().center) + click(table.view.board[1].rect().center), 0.016)
    app.frame(click(table.view.board[1].rect().center), 0.016)  # click again: unpicked
    assert not table.view.board_selected and table.session.match.observation(0).hand == hand
    take = obs.board[1]
    app.frame(click(table.view.board[1].rect().center) + [key(pygame.K_RETURN)], 0.016)
    assert take in table.session.match.observation(0).hand and hand[0] in table.session.match.observation(0).board


def test_take_back_restores_the_hand_until_the_next_seat_acts():
    app = make_app()
    app.ctx.change_settings(bot_speed="fast")  # bots show their turn after a while: time to take back
    saved = []
    app.ctx.game_hooks = GameHooks(after_action=lambda match: saved.append(match.record))
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    obs = draw_card(app, table)
    count = table.session.match.action_count
    app.frame([key(pygame.K_2), key(pygame.K_RETURN)], 0.016)
    assert table.session.match.observation(0).hand != obs.hand
    assert table.buttons["take_back"].enabled
    app.frame([key(pygame.K_u)], 0.016)
    back = table.session.match.observation(0)
    assert back.hand == obs.hand and back.phase is Phase.DISCARD and back.discards == obs.discards
    assert table.session.match.action_count == count and len(saved[-1].actions) == count
    assert [s.card for s in table.view.hands[0]] == list(obs.hand)
    app.frame([key(pygame.K_3), key(pygame.K_RETURN)], 0.016)
    assert run_until(app, lambda: table.session.match.current_seat == 0 or table.session.match.action_count > count + 2, 2000)
    app.frame([key(pygame.K_u)], 0.016)
    assert "take back" in table.message.lower() and table.session.match.action_count > count


def test_match_take_back_is_refused_in_pass_and_play_and_after_the_next_seat():
    rules = PRESETS["classic"].rules
    duo = Match.new(rules, [Seat("A", "human"), Seat("B", "human")], seed=4)
    duo.submit(duo.current_seat, Deal())
    seat = duo.current_seat
    duo.submit(seat, DrawStock())
    duo.submit(seat, Discard(duo.observation(seat).hand[0]))
    assert isinstance(duo.take_back(seat), Rejected)
    solo = Match.new(rules, [Seat("A", "human"), Seat("B", "bot:casual")], seed=4, first_dealer=1)
    solo.submit(solo.current_seat, Deal())
    while solo.current_seat != 0:
        solo.advance()
    solo.submit(0, DrawStock())
    before = solo.observation(0)
    solo.submit(0, Discard(before.hand[0]))
    assert isinstance(solo.take_back(0), Accepted)
    assert solo.observation(0) == before
    solo.submit(0, Discard(before.hand[0]))
    solo.advance()
    assert isinstance(solo.take_back(0), Rejected)


def test_a_human_who_is_out_gets_watch_skip_and_new_game():
    app = make_app()
    table = open_table(app, setup(["human", "sharp", "sharp", "sharp"], lives=2, seed=9))
    def out() -> bool:
        if top_name(app) == "round_end":
            app.frame([key(pygame.K_RETURN)], 0.016)
        elif table.input.obs is not None and not table.choreo.busy:
            app.frame([key(pygame.K_k)] if Knock() in table.input.obs.legal_actions else
                      [key(pygame.K_d), key(pygame.K_1), key(pygame.K_RETURN)], 0.016)
        return bool(table.spectator.out or table.session.match.is_over)
    assert run_until(app, out, 20000, wall_s=120)
    if table.session.match.is_over:
        return  # the human won this seed outright; nothing to watch
    assert table.offers.shown_buttons() == [] and table.offers.hint() in (out_hint(), table.message)
    assert run_until(app, lambda: top_name(app) == "round_end" or table.session.match.is_over, 20000, wall_s=60)
    if top_name(app) == "round_end":  # watching: the panel goes on by itself
        assert run_until(app, lambda: top_name(app) != "round_end", 200, dt=0.05)
    if not table.session.match.is_over:
        app.frame([key(pygame.K_s)], 0.016)
        assert run_until(app, lambda: top_name(app) == "game_over", 20000, wall_s=120)


def test_discard_pile_look_opens_and_closes_without_pausing():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    app.frame([key(pygame.K_l)], 0.016)
    assert table.looking
    app.frame([key(pygame.K_ESCAPE)], 0.016)
    assert not table.looking and top_name(app) == "table"
    app.frame([mouse(pygame.MOUSEBUTTONDOWN, table.view.layout.discard.center, 3)], 0.016)
    assert table.looking


def test_first_frame_shows_no_pass_button_and_no_stock_zero():
    app = make_app()
    from thirtyone.ui.table.scene import TableScene
    table = TableScene(app.ctx, setup(["human", "casual", "casual"], seed=3))
    assert "pass" not in table.offers.shown_buttons()
    assert table.view.stock_count == -1


def test_plates_speak_of_other_seats_in_the_third_person_and_fit():
    from thirtyone.ui.table.draw import seat_status
    from thirtyone.ui.table.layer import STATUS_SIZE, dealer_chip
    from thirtyone.ui.table.view import SeatView, TableView
    for size, seats in (((1024, 600), 8), ((1280, 720), 12), ((1920, 1080), 6)):
        app = make_app(size)
        names = tuple(f"Player {i}" for i in range(seats))
        view = TableView(names, 0, False, True)
        view.relayout(size)
        view.seats = [SeatView(n, 1, "Casual") for n in names]
        view.face_seat = 0
        u = view.layout.unit
        font = app.ctx.assets.font(int(STATUS_SIZE * u))
        for seat in range(seats):
            plate = view.layout.seat_geo[seat].plate
            for state in ("honor", "thinking", "current", "knocked", "out"):
                info = view.seats[seat]
                info.honor, info.knocked, info.out = state == "honor", state == "knocked", state == "out"
                view.thinking = seat if state == "thinking" else -1
                view.current = seat if state == "current" else -1
                text = seat_status(view, seat, 0.9)
                assert text, (seat, state)
                if seat != 0:
                    assert "your" not in text and "you " not in text, text
                width, height = font.size(text)
                assert width <= plate.w - 12 * u, (size, seats, seat, text, width, plate.w)
                status_rect = pygame.Rect(round(plate.right - 6 * u - width), round(plate.y + 3 * u), width, height)
                cx, cy = dealer_chip(view.layout, seat)
                chip = pygame.Rect(round(cx - 7 * u), round(cy - 7 * u), round(14 * u), round(14 * u))
                assert not chip.colliderect(status_rect), (size, seats, seat, text)
                assert chip.right <= plate.right


def test_every_message_fits_its_box_at_small_windows():
    from thirtyone.ui.table.hud import message_panel
    from thirtyone.ui.layout import table_layout
    app = make_app((1024, 600))
    long = ("It is Bartholomew-Alexander's turn, not yours: wait until the stock has been reshuffled "
            "and every player has had another look at the discard pile before you knock.")
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        layout = table_layout(*size, 4)
        for text, alert in ((long, True), (out_hint(), False), ("Knock? Press K again (or Enter) to knock.", True)):
            panel, lines, font_size = message_panel(app.ctx.assets, layout, text, alert)
            assert panel.inside(layout.table), (size, text)
            font = app.ctx.assets.font(int(font_size), alert)
            assert all(font.size(line)[0] <= panel.w for line in lines)
            assert " ".join(lines).split() == text.split()


def test_bot_thinking_time_varies_with_the_decision_within_the_bot_speed():
    from thirtyone.controller import BotRequest
    from thirtyone.bots import make_bot
    from thirtyone.model import new_game, parse_cards
    from thirtyone.session.bot_worker import QUICKEST, SLOWEST, closeness, thinking_time
    rules = PRESETS["classic"].rules
    state = new_game(rules, ["A", "B", "C"], seed=1)
    state, _ = apply(state, Deal())
    obs = observe(state, state.current)
    obvious = obs.__class__(**{**{f: getattr(obs, f) for f in obs.__slots__},
                               "hand": parse_cards("AS KS QS"), "legal_actions": (Knock(), DrawStock())})
    close = obs.__class__(**{**{f: getattr(obs, f) for f in obs.__slots__},
                             "hand": parse_cards("AS 9S 4S"), "legal_actions": (Knock(), DrawStock())})
    assert closeness(obvious) < 0.2 < 0.8 < closeness(close)
    quick = thinking_time(BotRequest(0, make_bot("casual"), obvious, "1:0:5", 5), 0.8)
    slow = thinking_time(BotRequest(0, make_bot("casual"), close, "1:0:5", 5), 0.8)
    assert 0.8 * QUICKEST * 0.85 <= quick < slow <= 0.8 * SLOWEST * 1.15
    assert thinking_time(BotRequest(0, make_bot("casual"), close, "1:0:5", 5), 0.0) == 0.0  # "instant" bots


def test_honor_banner_names_another_seat_in_the_third_person_above_its_plate():
    from thirtyone.model import events as ev
    from thirtyone.ui.animation.snapshot import Snapshot
    app = make_app(fast=False, bot_speed="instant")
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table, 3000)
    snap = Snapshot(table.session.match.observation(0), True)
    table.choreo.play((ev.OnHonor(1), ev.OnHonor(0)), snap)
    texts = {}
    for _ in range(60):
        table.choreo.update(0.05)
        texts.update({p.text: p for p in table.view.popups})
    assert "On your honor" in texts and "Ada: on honor" in texts
    bot = texts["Ada: on honor"]
    assert bot.y < table.view.layout.seat_geo[1].plate.y  # above the plate, not over the seat's cards
    assert table.view.seats[1].honor and table.view.seats[0].honor


def test_knock_confirmation_goes_away_once_the_knock_is_made():
    app = make_app(confirm_knock=True)
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    obs = my_turn(app, table)
    assert Knock() in obs.legal_actions
    count = table.session.match.action_count
    app.frame([key(pygame.K_k)], 0.016)
    assert "Press K again" in table.offers.hint() and table.session.match.action_count == count
    app.frame([key(pygame.K_k)], 0.016)
    # The knock is the next action on record; instant bots may already have answered it in the same frame.
    assert table.session.match.action_count > count and table.session.match.record.actions[count] == Knock()
    assert "Press K again" not in table.offers.hint()  # not left over the "Knock! Knock!" banner


def test_the_card_just_drawn_is_marked_until_it_is_discarded_or_kept():
    app = make_app()
    table = open_table(app, setup(["human", "casual", "casual"], seed=3))
    my_turn(app, table)
    obs = draw_card(app, table)
    assert table.view.just_drawn == obs.drawn and obs.drawn in obs.hand
    app.frame([key(pygame.K_1), key(pygame.K_RETURN)], 0.016)
    app.frame([], 0.016)
    assert table.view.just_drawn is None


def test_take_back_leaves_the_autosave_at_the_restored_state(tmp_path, monkeypatch):
    import thirtyone.ui.launch as launch
    from thirtyone.storage import StoragePaths, load_saved_game, load_settings
    from thirtyone.ui.app import App
    from thirtyone.ui.scene import Push
    from thirtyone.ui.table.scene import TableScene
    from thirtyone.ui.screens.title import TitleScene
    from thirtyone.ui.bridge.storage import StorageBridge
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0])
    app = App(bridge.settings, (1280, 720), fast=True)
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    app.ctx.change_settings(bot_speed="fast")
    table = TableScene(app.ctx, setup(["human", "casual", "casual"], seed=3))
    app.apply(Push(table))
    my_turn(app, table)
    obs = draw_card(app, table)
    count = match_of(table).action_count
    app.frame([key(pygame.K_2), key(pygame.K_RETURN)], 0.016)
    app.frame([key(pygame.K_u)], 0.016)
    assert bridge.writer.flush()
    record, _ = load_saved_game(paths)
    assert len(record.actions) == count
    assert record is not None
    resumed = Match.from_record(record)
    assert resumed.observation(0).hand == obs.hand and resumed.observation(0).phase is Phase.DISCARD


def test_a_move_key_pressed_as_your_turn_comes_while_cards_still_move_is_played_once_they_settle():
    app = make_app(fast=False, bot_speed="instant")  # animations at their real length
    table = open_table(app, setup(["human", "casual", "casual"], seed=5))
    caught = run_until(app, lambda: table.session.match.current_seat == 0 and table.choreo.busy
                       and table.session.match.action_count > 1, 4000, dt=0.004)
    assert caught, "never saw your turn begin while a card was still moving"
    count = table.session.match.action_count
    app.frame([key(pygame.K_d)], 0.0)  # D: draw, pressed before the last card has landed
    assert table.choreo.busy and table.session.match.action_count == count
    assert run_until(app, lambda: table.session.match.action_count == count + 1, 2000, dt=0.02)
    assert isinstance(table.session.match.record.actions[count], DrawStock)
    assert table.session.match.state.phase is Phase.DISCARD and len(table.session.match.state.hands[0]) == 4


def test_out_in_the_round_that_ends_the_game_the_last_panel_waits_for_enter_like_every_last_round(monkeypatch):
    # Issue 30.8: the real-window scenario seemed stuck here. It is not a stall: only a game that
    # goes on without its humans is watched, and a panel with nothing after it but the result
    # waits for the player, saying so, as it does for a player still in.
    import thirtyone.ui.table.round_end as round_end
    app = make_app()
    table = open_table(app, setup(["human", "beginner", "beginner"], lives=1, seed=1))

    def knock_at_once() -> bool:
        if table.session.match.state.tokens[0] <= 0:
            return True
        if top_name(app) == "round_end":
            app.frame([key(pygame.K_RETURN)], 0.016)
        elif table.input.obs is not None and not table.choreo.busy:
            obs = table.input.obs
            app.frame([key(pygame.K_k)] if Knock() in obs.legal_actions else human_keys(obs), 0.016)
        return False
    assert run_until(app, knock_at_once, 4000, wall_s=120)
    assert table.session.match.is_over, "seed 1 no longer ends the game in the round the human goes out"
    assert run_until(app, lambda: top_name(app) == "round_end", 2000)
    panel = top(app)
    assert not panel.watching and panel.buttons == [] and panel.wake_in_s is None
    texts = drawn_texts(monkeypatch, round_end)
    for _ in range(100):  # 10 s with no input
        app.frame([], 0.1)
    assert top_name(app) == "round_end" and any(t.startswith("Click or press Enter to continue") for t in texts)
    app.frame([key(pygame.K_RETURN)], 0.016)
    assert run_until(app, lambda: top_name(app) == "game_over", 400)
