"""Plain sentences for the game log, one per public event."""

from __future__ import annotations

from ..model import Card, Rules, events as ev
from ..model.reasons import addressed, says
from ..model.scoring import format_value, shown_name

__all__ = ["addressed", "honor_status", "narrate"]


def honor_status(at_zero: bool, you: bool = False) -> str:
    """A seat's state on its last token: "on honor" (002's coin), or ``Rules.honor_at_zero``'s
    "at zero lives" (004)."""
    if at_zero:
        return "at zero lives"
    return "on your honor" if you else "on honor"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


class _Subjects:
    """``n[s]`` gives a name; ``n.say(s, 'draws')`` gives "Ada draws" or "You draw"."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def __getitem__(self, seat: int) -> str:
        return self.names[seat]

    def say(self, seat: int, verb: str) -> str:
        return says(self.names[seat], verb)

    def obj(self, seat: int) -> str:
        """The name as an object: "you" for the seat called You."""
        name = self.names[seat]
        return "you" if name == "You" else name

    def whose(self, seat: int) -> str:
        name = self.names[seat]
        return "Your" if name == "You" else f"{name}'s"


def narrate(event: ev.Event, names: tuple[str, ...], rules: Rules) -> list[str]:
    """What the log says about ``event`` (several lines for a round's end) under ``rules``."""
    n = _Subjects(names)
    match event:
        case ev.RoundStarted(round_number=r, dealer=d, first_player=f):
            return [f"— Round {r} — {n.say(d, 'deals')}; {n.say(f, 'plays')} first."]
        case ev.Dealt(upcard=up, board=board):
            if board:
                return [f"Three cards each; the board is {_cards(board)}."]
            return [f"Three cards each; the upcard is {up.symbol}." if up else "Three cards each."]
        case ev.DrewFromStock(seat=s):
            return [f"{n.say(s, 'draws')} from the stock."]
        case ev.TookDiscard(seat=s, card=c):
            return [f"{n.say(s, 'takes')} {c.symbol} from the discard pile."]
        case ev.Discarded(seat=s, card=c):
            return [f"{n.say(s, 'discards')} {c.symbol}."]
        case ev.Swapped(seat=s, gave=g, took=t):
            return [f"{n.say(s, 'gives')} {g.symbol} to the board for {t.symbol}."]
        case ev.SwappedAll(seat=s):
            return [f"{n.say(s, 'swaps')} all three cards with the board."]
        case ev.Passed(seat=s):
            return [f"{n.say(s, 'passes')}."]
        case ev.Knocked(seat=s, under_the_gun=gun):
            if gun:
                return [f"{n.say(s, 'knocks')} under the gun: everybody shows at once!"]
            return [f"{n.say(s, 'knocks')}! Everyone else has one more turn."]
        case ev.StockReshuffled(cards=k):
            return [f"The stock is empty: {k} cards from the discard pile become a new stock."]
        case ev.BoardRefreshed(new=new):
            return [f"Everybody passed: a new board, {_cards(new)}."]
        case ev.Showed31(seats=seats, hands=hands):
            return [f"{n.say(s, 'shows')} {_cards(h)}: {shown_name((h,))}!" for s, h in zip(seats, hands)]
        case ev.RoundEnded(result=result):
            lines = []
            for seat, (hand, score) in enumerate(zip(result.hands, result.scores)):
                if hand and score is not None:
                    lines.append(f"{n[seat]}: {_cards(hand)} = {format_value(score)}")
            return lines + [addressed(reason, names[seat]) for seat, reason in enumerate(result.reasons) if reason]
        case ev.LifeLost(seat=s, lives=k, tokens_left=left):
            lost = "a life" if k == 1 else f"{k} lives"
            return [f"{n.say(s, 'loses')} {lost}{' to the kitty' if rules.kitty else ''} ({left} left)."]
        case ev.OnHonor(seat=s):
            if rules.honor_at_zero:
                return [f"{n.say(s, 'is')} still in at zero lives: one more loss and out."]
            return [f"{n.say(s, 'plays')} on honor: one more loss and out."]
        case ev.Eliminated(seat=s):
            return [f"{n.say(s, 'is')} out of the game."]
        case ev.Won(seat=s):
            return [f"{n.say(s, 'wins')} the game!"]
        case ev.GunDrawn(shooter=s, target=t):
            return [f"{n.say(s, 'draws')} on {n.obj(t)}!"]
        case ev.Fired(shooter=s, target=t, misfire_chance=chance, after_ms=ms):
            when = f" {ms} ms after the draw" if ms else ""
            return [f"{n.say(s, 'fires')} at {n.obj(t)}{when} ({chance * 100:.0f}% misfire chance)."]
        case ev.Misfired(shooter=s, bullet_spent=spent):
            rest = "the cartridge is spent" if spent else "the cartridge stays in"
            return [f"Click! {n.whose(s)} derringer misfires; {rest}."]
        case ev.Hit(target=t):
            return [f"Bang! The shot hits {n.obj(t)}."]
    return []


def status_text(event: ev.Event) -> str:
    """A short verb for a seat's badge, or ''."""
    return {ev.Passed: "Pass", ev.Knocked: "Knock!", ev.OnHonor: "On honor",
            ev.Eliminated: "Out", ev.Misfired: "Misfire", ev.Hit: "Hit"}.get(type(event), "")
