"""Plain sentences for the game log, one per public event."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .i18n import N_, _, ngettext, seat_name
from .model import Card, Rules, events as ev
from .model.scoring import format_value, shown_name

__all__ = ["Transcript", "drawn_on", "honor_status", "narrate"]


def honor_status(at_zero: bool, you: bool = False, swims: bool = False) -> str:
    """A seat's state on its last token: "on honor" (002's coin), ``Rules.honor_at_zero``'s
    "at zero lives" (004), or ``Rules.honor_swims``'s "swimming" (Schwimmen)."""
    if at_zero:
        return _("at zero lives")
    if swims:
        return _("swimming")
    return _("on your honor") if you else _("on honor")


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


class _Subjects:
    """``n[s]`` gives a seat's name; ``n.you`` is the seat addressed as you (``None``: nobody)."""

    def __init__(self, names: tuple[str, ...], you: int | None) -> None:
        self.names = names
        self.you = you

    def __getitem__(self, seat: int) -> str:
        return self.names[seat]


def _line(n: _Subjects, seat: int, you: str, other: str, **fields: object) -> str:
    """``you`` for the seat that is looking, else ``other``: whole sentences, so each language agrees its verbs."""
    return (you if seat == n.you else other).format(name=n[seat], **fields)


def drawn_on(names: tuple[str, ...], shooter: int, target: int, you: int | None) -> str:
    """"Ada draws on Bo!": a Quick Draw opening, with the seat ``you`` (the one looking) addressed."""
    if target == you:
        return _("{name} draws on you!").format(name=names[shooter])
    return _line(_Subjects(names, you), shooter, _("You draw on {target}!"), _("{name} draws on {target}!"),
                 target=names[target])


def narrate(event: ev.Event, names: tuple[str, ...], rules: Rules, you: int | None) -> list[str]:
    """What the log says about ``event`` (several lines for a round's end) under ``rules``.

    ``you`` is the seat looking at the log (the human at the screen, the seat under review): its
    sentences are in the second person, every other seat's in the third, whatever it is called."""
    n = _Subjects(names, you)
    match event:
        case ev.RoundStarted(round_number=r, dealer=d, first_player=f):
            return [_("— Round {number} — {dealer_deals}; {first_plays} first.").format(
                number=r, dealer_deals=_line(n, d, _("You deal"), _("{name} deals")),
                first_plays=_line(n, f, _("you play"), _("{name} plays")))]
        case ev.Dealt(upcard=up, board=board) if rules.dealer_choice:
            return [_("Three cards each, and a spare hand face down in the middle: the dealer chooses.")]
        case ev.DealerChose(dealer=s, took_spare=True, board=board):
            return [_line(n, s, _("You lay your hand open in the middle ({cards}) and take the spare."),
                          _("{name} lays their hand open in the middle ({cards}) and takes the spare."),
                          cards=_cards(board))]
        case ev.DealerChose(dealer=s, board=board):
            return [_line(n, s, _("You keep your hand; the spare is turned up: {cards}."),
                          _("{name} keeps their hand; the spare is turned up: {cards}."), cards=_cards(board))]
        case ev.Dealt(upcard=up, board=board):
            if board:
                return [_("Three cards each; the board is {cards}.").format(cards=_cards(board))]
            return [_("Three cards each; the upcard is {card}.").format(card=up.symbol) if up
                    else _("Three cards each.")]
        case ev.DrewFromStock(seat=s):
            return [_line(n, s, _("You draw from the stock."), _("{name} draws from the stock."))]
        case ev.TookDiscard(seat=s, card=c):
            return [_line(n, s, _("You take {card} from the discard pile."),
                          _("{name} takes {card} from the discard pile."), card=c.symbol)]
        case ev.Discarded(seat=s, card=c):
            return [_line(n, s, _("You discard {card}."), _("{name} discards {card}."), card=c.symbol)]
        case ev.Swapped(seat=s, gave=g, took=t):
            return [_line(n, s, _("You give {gave} to the board for {took}."),
                          _("{name} gives {gave} to the board for {took}."), gave=g.symbol, took=t.symbol)]
        case ev.SwappedAll(seat=s):
            return [_line(n, s, _("You swap all three cards with the board."),
                          _("{name} swaps all three cards with the board."))]
        case ev.Passed(seat=s):
            return [_line(n, s, _("You pass."), _("{name} passes."))]
        case ev.Knocked(seat=s, under_the_gun=gun, second=second):
            if second:
                return [_line(n, s, _("You knock too: the round ends now, and hands are shown."),
                              _("{name} knocks too: the round ends now, and hands are shown."))]
            if gun:
                return [_line(n, s, _("You knock under the gun: everybody shows at once!"),
                              _("{name} knocks under the gun: everybody shows at once!"))]
            return [_line(n, s, _("You knock! Everyone else has one more turn."),
                          _("{name} knocks! Everyone else has one more turn."))]
        case ev.StockReshuffled(cards=k):
            return [_("The stock is empty: {count} cards from the discard pile become a new stock.").format(count=k)]
        case ev.BoardRefreshed(new=new, laundry=True):
            return [_("A 7, an 8 and a 9 in the middle, dirty laundry: a new middle, {cards}.").format(
                cards=_cards(new))]
        case ev.BoardRefreshed(new=new):
            return [_("Everybody passed: a new board, {cards}.").format(cards=_cards(new))]
        case ev.NewCardsLaid(seat=s, new=new):
            return [_line(n, s, _("You put the 7-8-9 aside: new cards, {cards}. Your turn goes on."),
                          _("{name} puts the 7-8-9 aside: new cards, {cards}."), cards=_cards(new))]
        case ev.Showed31(seats=seats, hands=hands):
            return [_line(n, s, _("You show {cards}: {shown}!"), _("{name} shows {cards}: {shown}!"),
                          cards=_cards(h), shown=_(shown_name((h,)))) for s, h in zip(seats, hands)]
        case ev.RoundEnded(result=result):
            lines = []
            for seat, (hand, score) in enumerate(zip(result.hands, result.scores)):
                if hand and score is not None:
                    lines.append(f"{seat_name(n[seat])}: {_cards(hand)} = {format_value(score)}")
            return lines + [reason for reason in result.reasons_for(you) if reason]
        case ev.LifeLost(seat=s, lives=k, tokens_left=left):
            if rules.kitty:
                return [_line(n, s, ngettext("You lose a life to the kitty ({left} left).",
                                             "You lose {count} lives to the kitty ({left} left).", k),
                              ngettext("{name} loses a life to the kitty ({left} left).",
                                       "{name} loses {count} lives to the kitty ({left} left).", k),
                              count=k, left=left)]
            return [_line(n, s, ngettext("You lose a life ({left} left).", "You lose {count} lives ({left} left).", k),
                          ngettext("{name} loses a life ({left} left).", "{name} loses {count} lives ({left} left).",
                                   k), count=k, left=left)]
        case ev.OnHonor(seat=s):
            if rules.honor_at_zero:
                return [_line(n, s, _("You are still in at zero lives: one more loss and out."),
                              _("{name} is still in at zero lives: one more loss and out."))]
            if rules.honor_swims:
                return [_line(n, s, _("You swim: one more loss and out."),
                              _("{name} swims: one more loss and out."))]
            return [_line(n, s, _("You play on honor: one more loss and out."),
                          _("{name} plays on honor: one more loss and out."))]
        case ev.Eliminated(seat=s):
            return [_line(n, s, _("You are out of the game."), _("{name} is out of the game."))]
        case ev.Won(seat=s):
            return [_line(n, s, _("You win the game!"), _("{name} wins the game!"))]
        case ev.GunDrawn(shooter=s, target=t):
            return [drawn_on(names, s, t, you)]
        case ev.Fired(shooter=s, target=t, misfire_chance=chance, after_ms=ms):
            when = _(" {ms} ms after the draw").format(ms=ms) if ms else ""
            fields = dict(target=n[t], when=when, percent=f"{chance * 100:.0f}")
            if t == you:
                return [_("{name} fires at you{when} ({percent}% misfire chance).").format(name=n[s], **fields)]
            return [_line(n, s, _("You fire at {target}{when} ({percent}% misfire chance)."),
                          _("{name} fires at {target}{when} ({percent}% misfire chance)."), **fields)]
        case ev.Misfired(shooter=s, bullet_spent=spent):
            if spent:
                return [_line(n, s, _("Click! Your derringer misfires; the cartridge is spent."),
                              _("Click! {name}'s derringer misfires; the cartridge is spent."))]
            return [_line(n, s, _("Click! Your derringer misfires; the cartridge stays in."),
                          _("Click! {name}'s derringer misfires; the cartridge stays in."))]
        case ev.Hit(target=t):
            return [_line(n, t, _("Bang! The shot hits you."), _("Bang! The shot hits {name}."))]
    return []


def status_text(event: ev.Event) -> str:
    """A short verb for a seat's badge, or ''."""
    status = {ev.Passed: N_("Pass"), ev.Knocked: N_("Knock!"), ev.OnHonor: N_("On honor"),
              ev.Eliminated: N_("Out"), ev.Misfired: N_("Misfire"), ev.Hit: N_("Hit")}.get(type(event), "")
    return _(status) if status else ""  # gettext("") would be the catalogue's header


@dataclass(frozen=True, slots=True)
class _Told:
    """One entry of a transcript: the event (``None`` for a line that is the same for everyone), the
    seat it was told to and the lines it was told in."""

    event: ev.Event | None
    you: int | None
    lines: tuple[str, ...]


class Transcript:
    """What happened at a table, told again for whoever reads it now (the log, "last actions").

    A line is kept with the seat it was told to. Read by that seat, it is that line; read by any other
    seat, its event is told afresh for the reader (``narrate``: public, in the reader's person). So a
    line that named the reader's own new card, or said "you" to the last player at a shared screen,
    never reaches the next one. ``limit`` keeps only that many entries."""

    def __init__(self, names: tuple[str, ...], rules: Rules, limit: int | None = None) -> None:
        self.names = names
        self.rules = rules
        self._entries: deque[_Told] = deque(maxlen=limit)
        self._added = 0
        self._read: tuple[tuple[int | None, int], list[str]] = ((None, -1), [])

    def add(self, event: ev.Event, you: int | None, lines: list[str] | None = None) -> list[str]:
        """Keep ``event`` as told to ``you`` (``lines``, else ``narrate``'s); the lines, to say or show."""
        told = narrate(event, self.names, self.rules, you) if lines is None else lines
        self._keep(_Told(event, you, tuple(told)))
        return told

    def note(self, line: str) -> None:
        """Keep a line that reads the same for every seat (a notice, a move taken back)."""
        self._keep(_Told(None, None, (line,)))

    def _keep(self, told: _Told) -> None:
        self._entries.append(told)
        self._added += 1

    def lines(self, you: int | None) -> list[str]:
        """Every line as ``you`` (the seat at the screen now; ``None``: nobody's hand is on it) may read it."""
        key = (you, self._added)
        if self._read[0] != key:
            lines: list[str] = []
            for told in self._entries:
                if told.event is None or told.you == you:
                    lines += told.lines
                else:
                    lines += narrate(told.event, self.names, self.rules, you)
            self._read = (key, lines)
        return self._read[1]
