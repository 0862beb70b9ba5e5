"""What the table says aloud: each event as it plays, your turn, and the answers to the question keys.

Pure: built from events and the viewer's ``Observation`` only (never the state), so it says
nothing a player at the table could not know. In pass-and-play the table tells it whether the
viewer's hand is on the screen (``faces``): while it is not, nothing of any hand is said.
"""

from __future__ import annotations

from typing import Callable

from ..i18n import _, ngettext, seat_name
from ..model import Observation, Rules, events as ev
from ..model.scoring import best_three, format_value, hand_value
from ..narration import Transcript, honor_status
from .speaker import EVENT, HISTORY, TURN, Speaker
from .words import card_name, cards_named

LAST_ACTIONS = 5
"""How many lines the "last actions" key reads back."""


class TableVoice:
    """Speaks one table for its viewer through ``speaker``; ``moves(obs)`` says what may be done, with keys."""

    def __init__(self, speaker: Speaker, names: tuple[str, ...], rules: Rules,
                 moves: Callable[[Observation], str]) -> None:
        self.speaker = speaker
        self.names = names
        self.rules = rules
        self.moves = moves
        self.announced = -1
        """The action count of the last "your turn" said (each turn is announced once)."""
        self.journal = Transcript(names, rules, HISTORY)
        """The events said, each with the seat it was said to: "last actions" tells them again for the seat
        at the screen now, so a card drawn or a "you" said to the last player at a shared screen stays theirs."""

    @staticmethod
    def _listener(obs: Observation, faces: bool) -> int | None:
        """The seat told "you": the viewer while its own hand is on the screen, else nobody."""
        return obs.seat if faces else None

    # -- events ----------------------------------------------------------------------------------
    def played(self, events: tuple[ev.Event, ...], obs: Observation, faces: bool) -> None:
        """A move the session played (``session.Played``): each of its events, in order."""
        for event in events:
            self.event(event, obs, faces)

    def event(self, event: ev.Event, obs: Observation, faces: bool) -> None:
        """``event`` of a move; ``obs`` is the viewer's view just after the move, ``faces``
        whether the viewer's hand is shown (the new card is said only then, and only to its owner)."""
        you = self._listener(obs, faces)
        self.speaker.listen(you)
        mine = None
        if isinstance(event, ev.DrewFromStock) and event.seat == you and obs.drawn is not None:
            mine = [_("You draw {card}.").format(card=card_name(obs.drawn))]
        lines = self.journal.add(event, you, mine)
        if not self.speaker.full and isinstance(event, ev.DrewFromStock) and event.seat != you:
            return  # short detail: another player's draw is the draw sound alone ("last actions" keeps it)
        for line in lines:
            self.speaker.say(line, EVENT)

    def your_turn(self, obs: Observation, action_count: int) -> bool:
        """Once per decision: "Your turn", and at full detail what lies open and what may be done;
        whether it was said now (the table plays its earcon then)."""
        if action_count == self.announced:
            return False
        self.announced = action_count
        self.speaker.listen(obs.seat)
        parts = [_("Last turn: your turn.") if obs.knocker >= 0 and obs.knocker != obs.seat else _("Your turn.")]
        if self.speaker.full:
            if obs.drawn is None and obs.taken is None:
                parts.append(self.table(obs))
            parts.append(_sentence(self.moves(obs)))
        self.speaker.say(" ".join(part for part in parts if part), TURN)
        return True

    # -- the question keys -----------------------------------------------------------------------
    def ask(self, command: str, obs: Observation, faces: bool, turn: Observation | None) -> bool:
        """Answer a question key (``say_hand``, ``say_table``, ``say_lives``, ``say_last``, ``say_repeat``,
        ``say_moves``) aloud at once; ``turn`` is the viewer's observation while it may act. Whether it was one."""
        you = self._listener(obs, faces)
        self.speaker.listen(you)
        answers: dict[str, Callable[[], str]] = {
            "say_hand": lambda: self.hand(obs, faces), "say_table": lambda: self.table(obs, faces),
            "say_lives": lambda: self.lives(obs, faces), "say_last": lambda: self.last_actions(you),
            "say_moves": lambda: self.what_now(turn)}
        if command == "say_repeat":
            self.speaker.repeat()
        elif command in answers:
            self.speaker.answer(answers[command]())
        else:
            return False
        return True

    def hand(self, obs: Observation, faces: bool) -> str:
        """Your cards in key order (1 to 4) and what they count."""
        if not faces or not obs.hand:
            return _("Your hand is not on the screen now.")
        if len(obs.hand) > 3:
            best, throw = best_three(obs.hand, self.rules)
            worth = _("The best three count {value}, without {card}.").format(value=format_value(best),
                                                                              card=card_name(throw))
        else:
            worth = _("They count {value}.").format(value=format_value(hand_value(obs.hand, self.rules)))
        return _("Your hand, keys 1 to {count}: {cards}. {worth}").format(count=len(obs.hand),
                                                                          cards=cards_named(obs.hand), worth=worth)

    def table(self, obs: Observation, faces: bool = True) -> str:
        """What lies open: the discard pile's top or the board, the stock, a knock."""
        parts = []
        if self.rules.has_board:
            if obs.board:
                parts.append(_("The board, keys Q W E: {cards}.").format(cards=cards_named(obs.board)))
        elif obs.top_discard is not None:
            parts.append(_("Discard pile: {card} on top.").format(card=card_name(obs.top_discard)))
        else:
            parts.append(_("The discard pile is empty."))
        if not self.rules.has_board or obs.stock_count:
            parts.append(ngettext("{count} card in the stock.", "{count} cards in the stock.",
                                  obs.stock_count).format(count=obs.stock_count))
        if obs.knocker >= 0:
            parts.append(_("You knocked.") if obs.knocker == self._listener(obs, faces) else
                         _("{name} knocked.").format(name=seat_name(self.names[obs.knocker])))
        if 0 <= obs.current_player < len(self.names) and obs.current_player != obs.seat:
            parts.append(_("{name}'s turn.").format(name=seat_name(self.names[obs.current_player])))
        return " ".join(parts)

    def lives(self, obs: Observation, faces: bool = True) -> str:
        """Everyone's lives, in seat order; the viewer's honor is "your" while its hand is on the screen."""
        you = self._listener(obs, faces)
        parts = []
        for seat, name in enumerate(self.names):
            tokens = obs.tokens[seat]
            who = seat_name(name)
            honor = self.rules.honor_life  # the last token is the honor life: said as the table shows it
            if tokens <= 0:
                parts.append(_("{name}: out").format(name=who))
            elif honor and tokens == 1:
                parts.append(_("{name}: {status}").format(name=who, status=honor_status(
                    self.rules.honor_at_zero, seat == you, self.rules.honor_swims)))
            else:
                lives = tokens - (1 if honor else 0)
                parts.append(ngettext("{name}: {count} life", "{name}: {count} lives", lives).format(
                    name=who, count=lives))
        return "; ".join(parts) + "."

    def last_actions(self, you: int | None = None) -> str:
        """The last few lines of the game, oldest first, as the seat ``you`` at the screen may hear them."""
        recent = self.journal.lines(you)[-LAST_ACTIONS:]
        return " ".join(recent) if recent else _("Nothing has happened yet.")

    def what_now(self, obs: Observation | None) -> str:
        """What may be done now, with the keys."""
        if obs is None or not obs.legal_actions:
            return _("It is not your turn: wait, or ask for your hand, the table or the lives.")
        return _sentence(self.moves(obs))


def _sentence(text: str) -> str:
    """A hint written to follow "Your turn: " made a sentence of its own."""
    return text[:1].upper() + text[1:]


__all__ = ["LAST_ACTIONS", "TableVoice"]
