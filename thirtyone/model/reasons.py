"""The sentences of a round's result: one per player, saying why lives were lost.

The judge decides with short codes (``("lowest", 21.0, False)``); this module
turns them into sentences only when someone reads ``RoundResult.reasons``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..i18n import _, language, ngettext
from .scoring import format_value

Code = tuple[Any, ...]
"""A decision: its kind first, then the numbers the sentence needs. A code whose sentence
names a number of lives ends with that number (the judge lowers it to the lives a seat had)."""


class Why:
    """What a round's sentences are written from: names, codes and endings per seat."""

    __slots__ = ("names", "showed", "codes", "endings", "_written", "_language")

    def __init__(self, names: tuple[str, ...], showed: tuple[int, ...], codes: list[Code | None],
                 endings: list[str]) -> None:
        self.names = names
        self.showed = showed
        self.codes = codes
        """One code per seat; ``None`` for seats that were already out."""
        self.endings = endings
        """``"out"``, ``"honor"``, ``"zero"`` or ``""`` per seat: what losing the lives led to."""
        self._written: tuple[str, ...] | None = None
        self._language = ""

    def __eq__(self, other: object) -> bool:
        # Two rounds decided alike read alike: results of a replay equal the original's.
        if not isinstance(other, Why):
            return NotImplemented
        return (self.names, self.showed, self.codes, self.endings) == (
            other.names, other.showed, other.codes, other.endings)

    def __hash__(self) -> int:
        return hash((self.names, self.showed, tuple(self.codes), tuple(self.endings)))

    def __repr__(self) -> str:
        return f"Why({self.sentences()!r})"

    def sentences(self) -> tuple[str, ...]:
        """One sentence per seat; ``""`` for seats that were already out (written once per language)."""
        if self._written is None or self._language != language():
            self._written, self._language = self._write(), language()
        return self._written

    def _write(self) -> tuple[str, ...]:
        out = []
        for seat, code in enumerate(self.codes):
            if code is None:
                out.append("")
                continue
            text = _WRITERS[code[0]](self.names[seat], self, *code[1:])
            ending = self.endings[seat]
            if ending == "out":
                text = _("{reason} and is out of the game.").format(reason=text[:-1])
            elif ending == "honor":
                text = _("{reason} and now plays on their honor.").format(reason=text[:-1])
            elif ending == "zero":
                text = _("{reason} and plays on at zero lives.").format(reason=text[:-1])
            out.append(text)
        return tuple(out)

    def shower_names(self) -> str:
        """Who showed 31, as a phrase."""
        return _(" and ").join(self.names[s] for s in self.showed)

    def shown(self) -> str:
        """Who showed what: "Ada showed 31", or "Ada showed fire" for three aces above 31."""
        fire = any(code is not None and code[0] == "showed" and code[1] > 31
                   for code in (self.codes[s] for s in self.showed))
        return (_("{names} showed fire") if fire else _("{names} showed 31")).format(names=self.shower_names())


SECOND_PERSON = {"draws": "draw", "takes": "take", "discards": "discard", "gives": "give", "swaps": "swap",
                 "passes": "pass", "knocks": "knock", "shows": "show", "loses": "lose", "is": "are", "wins": "win",
                 "plays": "play", "deals": "deal", "fires": "fire"}
"""Third-person verbs and their form after "You" (a seat may be called You)."""

# Round reasons are written in the third person ("Kelly ... loses a life");
# for the seat called "You" they read as second person.
_REASON_PHRASES = (
    (": loses ", ": lose "), (", loses ", ", lose "), (" and is out of the game", " and are out of the game"),
    (" and now plays on their honor", " and now play on your honor"), (" and plays on at zero lives", " and play on at zero lives"),
    (" but keeps one last life", " but keep one last life"), (": keeps one last life", ": keep one last life"),
)


REASON_PHRASES_DE = (
    ("You klopfte", "Du klopftest"), ("You hatte", "Du hattest"), ("You zeigte", "Du zeigtest"),
    ("verliert ", "verlierst "), (" und ist raus", " und bist raus"), (" und schwimmt", " und schwimmst"),
    ("behält", "behältst"),
)
"""The same for the German sentences ("Du hattest 23: sicher.")."""


def says(name: str, verb: str) -> str:
    """``"Ada plays"``, or ``"You play"``: the name with its verb in agreement."""
    return f"{name} {SECOND_PERSON.get(verb, verb) if name == 'You' else verb}"


def addressed(reason: str, name: str) -> str:
    """A round-end reason as the player ``name`` reads it: second person for "You"."""
    if name != "You" or not reason.startswith("You "):
        return reason
    for third, second in (REASON_PHRASES_DE if language() == "de" else _REASON_PHRASES):
        reason = reason.replace(third, second)
    return reason


def lives(n: int) -> str:
    """``loses a life`` or ``loses 2 lives``."""
    return ngettext("loses a life", "loses {count} lives", n).format(count=n)


def _v(value: float) -> str:
    return format_value(value)


_WRITERS: dict[str, Callable[..., str]] = {
    "showed": lambda name, why, value: (
        _("{name} showed fire, three aces worth {value}: safe, everyone else loses a life.") if value > 31 else
        _("{name} showed {value}: safe, everyone else loses a life.")).format(name=name, value=_v(value)),
    "knocked_31": lambda name, why, lost: _("{name} knocked, but {shown}: {loses}.").format(
        name=name, shown=why.shown(), loses=lives(lost)),
    "had_31": lambda name, why, value: _("{name} had {value} when {shown}: {loses}.").format(
        name=name, value=_v(value), shown=why.shown(), loses=lives(1)),
    "lowest": lambda name, why, value, tied: (
        _("{name} tied for the lowest hand, {value}: loses a life.") if tied else
        _("{name} had the lowest hand, {value}: loses a life.")).format(name=name, value=_v(value)),
    "safe": lambda name, why, value: _("{name} had {value}: safe.").format(name=name, value=_v(value)),
    "knock_not_highest": lambda name, why, value, high, lost: (
        _("{name} knocked without the highest hand ({value} against {high}): {loses}.").format(
            name=name, value=_v(value), high=_v(high), loses=lives(lost))),
    "knock_all_tied": lambda name, why, value: _("{name} knocked and everyone tied at {value}: loses a life.").format(
        name=name, value=_v(value)),
    "knock_highest": lambda name, why, value: _("{name} knocked with the highest hand, {value}: safe.").format(
        name=name, value=_v(value)),
    "knock_safe": lambda name, why, value: _("{name} knocked and had {value}: safe.").format(name=name, value=_v(value)),
    "knock_lowest": lambda name, why, value, lost: (
        _("{name} knocked and had the lowest hand, {value}: {loses}.").format(name=name, value=_v(value),
                                                                              loses=lives(lost))),
    "knock_tied_penalty": lambda name, why, value, lost: (
        _("{name} knocked and tied for the lowest hand, {value}: {loses}.").format(name=name, value=_v(value),
                                                                                   loses=lives(lost))),
    "knock_tied_all": lambda name, why, value: (
        _("{name} knocked and tied for the lowest hand, {value}: loses a life like the others tied.").format(
            name=name, value=_v(value))),
    "knock_tied_others": lambda name, why, value: (
        _("{name} knocked and tied for the lowest hand, {value}: safe, "
          "because a tie goes against the players who did not knock.").format(name=name, value=_v(value))),
    "tied_knocker": lambda name, why, value: _("{name} tied the knocker for the lowest hand, {value}: safe.").format(
        name=name, value=_v(value)),
    "knock_tied_alone": lambda name, why, value: (
        _("{name} knocked and tied for the lowest hand, {value}: loses a life, the others tied lose none.").format(
            name=name, value=_v(value))),
    "spared": lambda name, why, best, lost: (
        _("{name} had the best hand left, {value}, when everyone would have gone out: {loses} but keeps one "
          "last life.") if lost else
        _("{name} had the best hand left, {value}, when everyone would have gone out: keeps one last life.")).format(
            name=name, value=_v(best), loses=lives(lost) if lost else ""),
}
