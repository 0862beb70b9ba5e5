"""The guided first game from the title: its lessons by keys, by mouse and by ear, skipping it, and the real
game it turns into."""

from __future__ import annotations

import re

import pygame
import pytest

from thirtyone.model import Discard, DrawStock, Knock, Phase, TakeDiscard, parse_cards
from thirtyone.session.guided import LAST_LINE, LESSON_ROUNDS, STEPS
from thirtyone.speech import Speaker
from thirtyone.speech.backends import LogBackend
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.title import TitleScene

from tests.ui_support import click, human_keys, key, make_app, run_until, stack_names, top


def _lesson(size=(1008, 504), speech_log=None, language="en"):
    """The app at the lesson's table, opened from the title with its key, the first step on screen."""
    app = make_app(size, language=language)
    if speech_log is not None:
        app.ctx.speech = Speaker(LogBackend(speech_log), forced=True)
    app.apply(Push(TitleScene(app.ctx)))
    app.frame([key(pygame.K_g)], 0.05)
    table = top(app)
    assert table.name == "table" and hasattr(table, "guide"), stack_names(app)
    _settle(app)
    return app, table


def _ready(app) -> bool:
    scene = top(app)
    if scene.name in ("round_end", "game_over", "remote_over"):
        return True
    return (scene.name == "table" and scene.input.obs is not None and not scene.choreo.busy
            and scene.guide.line() == scene.guide_line)


def _settle(app) -> None:
    assert run_until(app, lambda: _ready(app), max_frames=3000), stack_names(app)
    app.frame([], 0.05)


def _press(app, *keys: int) -> None:
    app.frame([key(k) for k in keys], 0.05)
    _settle(app)


def _close_round_end(app) -> None:
    assert top(app).name == "round_end", stack_names(app)
    app.frame([key(pygame.K_RETURN)], 0.05)
    _settle(app)


def test_the_lesson_by_keys_teaches_each_move_then_turns_into_a_real_game_played_to_its_end():
    app, table = _lesson()
    session = table.guide
    said = []
    assert table.guide_line.startswith("Welcome to 31!") and "press D" in table.guide_line
    # A move the lesson does not ask for is refused with what to do instead, and changes nothing.
    _press(app, pygame.K_t)
    assert table.message == "Not this time: draw from the stock (D, or click the stock)."
    assert table.seen.hand == parse_cards("KH 9H 4C") and session.done == 0
    _press(app, pygame.K_d)
    said.append(table.guide_line)
    assert "choose the 4♣ (press 3) and then Enter" in table.guide_line
    _press(app, pygame.K_3, pygame.K_RETURN)
    assert table.guide_line.startswith("Bo threw away the A♥")
    assert table.seen.discards[-1] == parse_cards("AH")[0]
    _press(app, pygame.K_t)
    assert "Throw away the 9♥ to show it: press 2, then Enter." in table.guide_line
    _press(app, pygame.K_2, pygame.K_RETURN)
    assert table.guide_line.startswith("31! A round ends at once")
    assert table.seen.tokens == (2, 1, 1)  # Ada and Bo each lost a life to the 31
    _close_round_end(app)
    assert table.seen.round_number == 2 and table.guide_line.startswith("Your A♠, K♠ and 7♠ make 28")
    assert "take_back" not in table.offers.shown_buttons() or not table.buttons["take_back"].enabled
    _press(app, pygame.K_k)
    if top(app).name == "table" and table.input.knock_armed:  # Settings may ask to confirm a knock
        _press(app, pygame.K_k)
    _close_round_end(app)
    assert table.seen.tokens == (2, 1, 0)  # the lowest hand, Bo's 10, lost his last life
    assert table.seen.round_number == LESSON_ROUNDS + 1 and table.guide_line == LAST_LINE
    assert session.done == len(STEPS)
    # From here every sensible move is the player's own: the game plays to its end.
    for _ in range(400):
        scene = top(app)
        if scene.name == "game_over":
            break
        if scene.name == "round_end":
            _close_round_end(app)
            continue
        _press(app, *[event.key for event in human_keys(scene.input.obs)])
        assert table.guide_line == ""  # the closing line went with the first real move
    assert top(app).name == "game_over", stack_names(app)


def test_the_lesson_can_be_played_from_the_spoken_lines_alone(tmp_path):
    """A player who only hears the game presses the keys the last spoken lesson line names, in order."""
    log = tmp_path / "speech.log"
    app, table = _lesson(speech_log=log)
    names = {"D": pygame.K_d, "T": pygame.K_t, "K": pygame.K_k,
             "Enter": pygame.K_RETURN, **{str(n): pygame.K_0 + n for n in range(1, 5)}}
    heard_steps = 0
    while table.guide.done < len(STEPS):
        lines = [line.split("\t", 1)[1] for line in log.read_text(encoding="utf-8").splitlines()]
        lesson = [line for line in lines if re.search(r"\bpress\b", line)]
        assert lesson, lines
        pressed = [names[name] for name in re.findall(r"\b(?:press|then) (\w+)", lesson[-1]) if name in names]
        before = table.guide.done
        _press(app, *pressed)
        if top(app).name == "table" and table.input.knock_armed:
            _press(app, pygame.K_k)
        assert table.guide.done == before + 1, (lesson[-1], pressed)
        heard_steps += 1
        if top(app).name == "round_end":
            _close_round_end(app)
    assert heard_steps == len(STEPS)
    spoken = log.read_text(encoding="utf-8")
    assert "ace of hearts" in spoken and "31" in spoken  # cards are said in words, as every line is
    assert "From here it is a real game" in spoken


def test_the_lesson_is_playable_by_mouse():
    app, table = _lesson(size=(1280, 720))
    stock = table.view.layout.stock
    for event in click(stock.center):
        app.frame([event], 0.05)
    _settle(app)
    assert table.guide.done == 1 and len(table.seen.hand) == 4 and table.seen.drawn == parse_cards("QH")[0]


def test_skipping_the_lesson_from_the_pause_menu_keeps_the_game_and_frees_the_moves():
    app, table = _lesson()
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    pause = top(app)
    assert pause.name == "pause" and "Skip the lesson" in [button.label for button in pause.buttons]
    app.frame([key(pygame.K_l)], 0.05)
    assert top(app) is table and table.message == "Lesson skipped: the game goes on as a real game."
    _settle(app)
    assert table.guide_line == ""
    _press(app, pygame.K_t)  # what the lesson had refused is the player's choice now
    assert table.seen.phase is Phase.DISCARD and parse_cards("2S")[0] in table.seen.hand
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    assert "Skip the lesson" not in [button.label for button in top(app).buttons]


def test_the_lessons_moves_cannot_be_taken_back():
    app, table = _lesson()
    _press(app, pygame.K_d)
    assert "cannot be taken back" in table.session.take_back_reason()
    _press(app, pygame.K_u)
    assert len(table.seen.hand) == 4 and table.guide.done == 1


@pytest.mark.parametrize("size,language", [((1008, 504), "en"), ((1008, 504), "de"), ((1920, 1080), "en")])
def test_the_lessons_panel_shows_every_word_between_the_piles_and_the_message_line(size, language):
    app, table = _lesson(size=size, language=language)
    layout = table.view.layout
    for keys in ([], [pygame.K_d], [pygame.K_3, pygame.K_RETURN], [pygame.K_t], [pygame.K_2, pygame.K_RETURN]):
        if keys:
            _press(app, *keys)
        if top(app).name == "round_end":
            _close_round_end(app)  # on to round two's knock, the longest line
        box, lines, text_size = table.guide_panel()
        assert " ".join(lines).split() == table.guide_line.split()  # wrapped, not cut
        font = app.ctx.assets.font(int(text_size))
        assert all(font.size(line)[0] <= box.w - 24 * layout.unit for line in lines)
        assert box.y >= table.labels_bottom()  # the piles and their labels stay in sight
        assert box.bottom <= layout.message.y or table.frame().hint == ""  # over the hint line only, never under it
        assert 0 <= box.x and box.right <= size[0]


def test_every_step_is_a_move_the_lessons_deal_makes_legal_and_the_steps_teach_each_kind_of_move():
    kinds = {type(step.expect) for step in STEPS}
    assert kinds == {DrawStock, Discard, TakeDiscard, Knock}
