"""The table's voice from observations alone: the answers to the question keys, your turn at each detail."""

from __future__ import annotations

from thirtyone.model import PRESETS, Deal, DrawStock, apply, new_game, observe
from thirtyone.speech import LogBackend, Speaker
from thirtyone.speech.table_voice import TableVoice
from thirtyone.speech.words import card_name


def voice_for(tmp_path, verbosity: str = "full", preset: str = "classic"):
    speaker = Speaker(LogBackend(tmp_path / "speech.log"), forced=True, verbosity=verbosity)
    rules = PRESETS[preset].rules
    state, _ = apply(new_game(rules, ["You", "Ada", "Ben"], seed=4), Deal())
    return TableVoice(speaker, ("You", "Ada", "Ben"), rules, lambda obs: "draw from the stock (D)."), state


def said(tmp_path) -> list[str]:
    return [line.split("\t", 1)[1] for line in (tmp_path / "speech.log").read_text(encoding="utf-8").splitlines()]


def test_the_hand_is_said_in_key_order_with_its_value_and_the_table_with_the_top_card(tmp_path):
    voice, state = voice_for(tmp_path)
    obs = observe(state, state.current)
    hand = voice.hand(obs, faces=True)
    assert hand.startswith("Your hand, keys 1 to 3: " + ", ".join(card_name(c) for c in obs.hand) + ". They count ")
    assert voice.hand(obs, faces=False) == "Your hand is not on the screen now."
    table = voice.table(obs)
    assert obs.top_discard is not None
    assert table.startswith(f"Discard pile: {card_name(obs.top_discard)} on top. {obs.stock_count} cards in the stock.")
    assert voice.lives(obs) == "You: 3 lives; Ada: 3 lives; Ben: 3 lives."


def test_four_cards_say_the_best_three_and_the_card_to_throw(tmp_path):
    voice, state = voice_for(tmp_path)
    state, _ = apply(state, DrawStock())
    obs = observe(state, state.current)
    assert len(obs.hand) == 4
    assert "The best three count " in voice.hand(obs, True) and ", without " in voice.hand(obs, True)


def test_your_turn_is_said_once_per_decision_short_or_full(tmp_path):
    voice, state = voice_for(tmp_path)
    obs = observe(state, state.current)
    assert voice.your_turn(obs, 1) and not voice.your_turn(obs, 1)
    (tmp_path / "short").mkdir()
    short, _state = voice_for(tmp_path / "short", "short")
    short.your_turn(obs, 1)
    assert said(tmp_path)[-1].startswith("Your turn. Discard pile: ") and said(tmp_path)[-1].endswith(
        "Draw from the stock (D).")
    assert said(tmp_path / "short") == ["Your turn."]


def test_the_board_is_said_with_its_keys(tmp_path):
    voice, state = voice_for(tmp_path, preset="london")
    obs = observe(state, state.current)
    assert voice.table(obs).startswith("The board, keys Q W E: " + ", ".join(card_name(c) for c in obs.board) + ".")


def test_your_own_draw_names_the_card_but_nobody_elses(tmp_path):
    from thirtyone.model import events as ev
    voice, state = voice_for(tmp_path)
    seat = state.current
    state, events = apply(state, DrawStock())
    drew = next(e for e in events if isinstance(e, ev.DrewFromStock))
    voice.event(drew, observe(state, seat), faces=True)
    voice.event(drew, observe(state, (seat + 1) % 3), faces=True)
    mine = observe(state, seat).drawn
    assert mine is not None
    assert said(tmp_path)[-2:] == [f"You draw {card_name(mine)}.", f"{['You', 'Ada', 'Ben'][seat]} draws from the stock."]


def test_short_detail_leaves_another_players_draw_to_its_sound_but_keeps_it_for_the_last_actions(tmp_path):
    from thirtyone.model import events as ev
    voice, state = voice_for(tmp_path, "short")
    seat = state.current
    state, events = apply(state, DrawStock())
    drew = next(e for e in events if isinstance(e, ev.DrewFromStock))
    voice.event(drew, observe(state, (seat + 1) % 3), faces=True)
    name = ["You", "Ada", "Ben"][seat]
    assert not (tmp_path / "speech.log").read_text(encoding="utf-8")
    assert voice.last_actions() == f"{name} draws from the stock."


def test_you_is_the_seat_at_the_screen_never_a_seat_called_you(tmp_path):
    import dataclasses
    voice, state = voice_for(tmp_path)
    voice.rules = voice.rules.replace(honor_life=True)
    last_life = dataclasses.replace(observe(state, 1), tokens=(1, 3, 3), knocker=1)
    assert voice.lives(last_life).startswith("You: on honor;")  # the seat called You, heard by Ada
    assert voice.table(last_life).endswith("You knocked.") and "Ada knocked." in voice.table(last_life, faces=False)
    own = dataclasses.replace(observe(state, 0), tokens=(1, 3, 3))
    assert voice.lives(own).startswith("You: on your honor;")
    assert voice.lives(own, faces=False).startswith("You: on honor;")  # its hand is not on the screen
