"""The sentences of a round's result: one per player, saying why lives were lost.

The judge decides with short codes (``("lowest", 21.0, False)``); this module
turns them into sentences only when someone reads them, for a reader: the seat
being read to gets its own sentence in the second person ("You had the lowest
hand, 9: lose a life."), every other seat the third. Each sentence is one whole
message for translators, in both persons, never built by replacing words.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..i18n import _, language, ngettext, seat_name
from .scoring import format_value

Code = tuple[Any, ...]
"""A decision: its kind first, then the numbers the sentence needs. A code whose sentence
names a number of lives ends with that number (the judge lowers it to the lives a seat had)."""


def lone_human(humans: Sequence[int]) -> int | None:
    """The seat addressed as "you" when a game is read with no seat chosen: the one human at the table.

    ``None`` with bots only, or with several humans (pass-and-play: nobody holds the screen for good).
    Never decided by a name: a bot called "You" is told in the third person."""
    return humans[0] if len(humans) == 1 else None


class Why:
    """What a round's sentences are written from: names, codes and endings per seat."""

    __slots__ = ("names", "showed", "codes", "endings", "_written", "_reader")

    def __init__(self, names: tuple[str, ...], showed: tuple[int, ...], codes: list[Code | None],
                 endings: list[str]) -> None:
        self.names = names
        self.showed = showed
        self.codes = codes
        """One code per seat; ``None`` for seats that were already out."""
        self.endings = endings
        """``"out"``, ``"honor"``, ``"zero"`` or ``""`` per seat: what losing the lives led to."""
        # No dict until a sentence is read: every round makes a ``Why``, and bots and benchmarks read none.
        self._written: dict[tuple[str, int | None], tuple[str, ...]] | None = None
        self._reader: int | None = None
        """The seat the sentences being written address as "you" (``shown`` reads it)."""

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

    def sentences(self, reader: int | None = None) -> tuple[str, ...]:
        """One sentence per seat, ``reader``'s own in the second person; ``""`` for seats already out.

        Written once per language and reader."""
        key = (language(), reader)
        kept = self._written
        if kept is None:
            kept = self._written = {}
        written = kept.get(key)
        if written is None:
            written = kept[key] = self._write(reader)
        return written

    def _write(self, reader: int | None) -> tuple[str, ...]:
        self._reader = reader
        out = []
        for seat, code in enumerate(self.codes):
            if code is None:
                out.append("")
                continue
            you = seat == reader
            text = _WRITERS[code[0]](self.names[seat], self, you, *code[1:])
            ending = _ENDINGS.get(self.endings[seat])
            if ending is not None:
                text = (ending[1] if you else ending[0])().format(reason=text[:-1])
            out.append(text)
        return tuple(out)

    def shower_names(self) -> str:
        """Who showed 31, as a phrase."""
        return self._names(self.showed)

    def _names(self, seats: Sequence[int]) -> str:
        return _(" and ").join(seat_name(self.names[s]) for s in seats)

    def shown(self) -> str:
        """Who showed what: "Ada showed 31", "Ada showed fire" for three aces, or both when fire and 31
        were shown at once; a 31 that fire beat is not named (its holder lost like everyone else)."""
        fire: list[int] = []
        plain: list[int] = []
        for seat in self.showed:
            code = self.codes[seat]
            if code is None or code[0] == "beaten_by_fire":
                continue
            is_fire = code[0] in ("showed", "showed_ends") and (code[1] > 31 or code[2:] == (True,))
            (fire if is_fire else plain).append(seat)
        if self._reader is not None and fire + plain == [self._reader]:  # the reader alone showed it
            return _("you showed fire") if fire else _("you showed 31")
        if fire and plain:
            return _("{fire} showed fire and {names} showed 31").format(fire=self._names(fire),
                                                                        names=self._names(plain))
        if fire:
            return _("{names} showed fire").format(names=self._names(fire))
        return _("{names} showed 31").format(names=self._names(plain))


_ENDINGS: dict[str, tuple[Callable[[], str], Callable[[], str]]] = {
    "out": (lambda: _("{reason} and is out of the game."), lambda: _("{reason} and are out of the game.")),
    "honor": (lambda: _("{reason} and now plays on their honor."), lambda: _("{reason} and now play on your honor.")),
    "zero": (lambda: _("{reason} and plays on at zero lives."), lambda: _("{reason} and play on at zero lives.")),
    "swims": (lambda: _("{reason} and now swims: one more loss and out."),
              lambda: _("{reason} and now swim: one more loss and out.")),
}
"""What losing the lives led to, appended to a sentence: (third person, second person)."""


def lives(n: int, you: bool = False) -> str:
    """``loses a life`` or ``loses 2 lives``; ``lose …`` for the reader."""
    if you:
        return ngettext("lose a life", "lose {count} lives", n).format(count=n)
    return ngettext("loses a life", "loses {count} lives", n).format(count=n)


def _v(value: float) -> str:
    return format_value(value)


def _showed(name: str, why: Why, you: bool, value: float, fire: bool = False) -> str:
    if fire or value > 31:
        text = (_("You showed fire, three aces worth {value}: safe, everyone else loses a life.") if you else
                _("{name} showed fire, three aces worth {value}: safe, everyone else loses a life."))
    else:
        text = (_("You showed {value}: safe, everyone else loses a life.") if you else
                _("{name} showed {value}: safe, everyone else loses a life."))
    return text.format(name=name, value=_v(value))


def _showed_ends(name: str, why: Why, you: bool, value: float, fire: bool) -> str:
    if fire:
        text = (_("You showed fire, three aces worth {value}: safe; the round ends at once and the lowest hand "
                  "loses.") if you else
                _("{name} showed fire, three aces worth {value}: safe; the round ends at once and the lowest hand "
                  "loses."))
    else:
        text = (_("You showed {value}: safe; the round ends at once and the lowest hand loses.") if you else
                _("{name} showed {value}: safe; the round ends at once and the lowest hand loses."))
    return text.format(name=name, value=_v(value))


def _lowest(name: str, why: Why, you: bool, value: float, tied: bool) -> str:
    if tied:
        text = (_("You tied for the lowest hand, {value}: lose a life.") if you else
                _("{name} tied for the lowest hand, {value}: loses a life."))
    else:
        text = (_("You had the lowest hand, {value}: lose a life.") if you else
                _("{name} had the lowest hand, {value}: loses a life."))
    return text.format(name=name, value=_v(value))


def _spared(name: str, why: Why, you: bool, best: float, lost: int) -> str:
    if lost:
        text = (_("You had the best hand left, {value}, when everyone would have gone out: {loses} but keep one "
                  "last life.") if you else
                _("{name} had the best hand left, {value}, when everyone would have gone out: {loses} but keeps one "
                  "last life."))
    else:
        text = (_("You had the best hand left, {value}, when everyone would have gone out: keep one last life.")
                if you else
                _("{name} had the best hand left, {value}, when everyone would have gone out: keeps one last life."))
    return text.format(name=name, value=_v(best), loses=lives(lost, you) if lost else "")


_WRITERS: dict[str, Callable[..., str]] = {
    "showed": _showed,
    "showed_ends": _showed_ends,
    "knocked_31": lambda name, why, you, lost: (
        _("You knocked, but {shown}: {loses}.") if you else _("{name} knocked, but {shown}: {loses}.")).format(
            name=name, shown=why.shown(), loses=lives(lost, you)),
    "had_31": lambda name, why, you, value: (
        _("You had {value} when {shown}: {loses}.") if you else _("{name} had {value} when {shown}: {loses}.")).format(
            name=name, value=_v(value), shown=why.shown(), loses=lives(1, you)),
    "beaten_by_fire": lambda name, why, you, value, lost: (
        _("You showed {value}, but {shown}, which beats it: {loses}.") if you else
        _("{name} showed {value}, but {shown}, which beats it: {loses}.")).format(
            name=name, value=_v(value), shown=why.shown(), loses=lives(lost, you)),
    "closed_31": lambda name, why, you, value: (
        _("You showed {value} and everyone else had one more turn: safe.") if you else
        _("{name} showed {value} and everyone else had one more turn: safe.")).format(name=name, value=_v(value)),
    "lowest": _lowest,
    "below_21": lambda name, why, you, value, lost: (
        _("You had {value}, under 21: {loses}.") if you else _("{name} had {value}, under 21: {loses}.")).format(
            name=name, value=_v(value), loses=lives(lost, you)),
    "highest": lambda name, why, you, value: (
        _("You had the highest hand, {value}: safe.") if you else
        _("{name} had the highest hand, {value}: safe.")).format(name=name, value=_v(value)),
    "not_highest": lambda name, why, you, value, high: (
        _("You had {value}, not the highest hand ({high}): lose a life.") if you else
        _("{name} had {value}, not the highest hand ({high}): loses a life.")).format(
            name=name, value=_v(value), high=_v(high)),
    "safe": lambda name, why, you, value: (
        _("You had {value}: safe.") if you else _("{name} had {value}: safe.")).format(name=name, value=_v(value)),
    "knock_not_highest": lambda name, why, you, value, high, lost: (
        _("You knocked without the highest hand ({value} against {high}): {loses}.") if you else
        _("{name} knocked without the highest hand ({value} against {high}): {loses}.")).format(
            name=name, value=_v(value), high=_v(high), loses=lives(lost, you)),
    "knock_all_tied": lambda name, why, you, value: (
        _("You knocked and everyone tied at {value}: lose a life.") if you else
        _("{name} knocked and everyone tied at {value}: loses a life.")).format(name=name, value=_v(value)),
    "knock_highest": lambda name, why, you, value: (
        _("You knocked with the highest hand, {value}: safe.") if you else
        _("{name} knocked with the highest hand, {value}: safe.")).format(name=name, value=_v(value)),
    "knock_safe": lambda name, why, you, value: (
        _("You knocked and had {value}: safe.") if you else
        _("{name} knocked and had {value}: safe.")).format(name=name, value=_v(value)),
    "knock_lowest": lambda name, why, you, value, lost: (
        _("You knocked and had the lowest hand, {value}: {loses}.") if you else
        _("{name} knocked and had the lowest hand, {value}: {loses}.")).format(
            name=name, value=_v(value), loses=lives(lost, you)),
    "knock_tied_penalty": lambda name, why, you, value, lost: (
        _("You knocked and tied for the lowest hand, {value}: {loses}.") if you else
        _("{name} knocked and tied for the lowest hand, {value}: {loses}.")).format(
            name=name, value=_v(value), loses=lives(lost, you)),
    "knock_tied_all": lambda name, why, you, value: (
        _("You knocked and tied for the lowest hand, {value}: lose a life like the others tied.") if you else
        _("{name} knocked and tied for the lowest hand, {value}: loses a life like the others tied.")).format(
            name=name, value=_v(value)),
    "knock_tied_others": lambda name, why, you, value: (
        _("You knocked and tied for the lowest hand, {value}: safe, "
          "because a tie goes against the players who did not knock.") if you else
        _("{name} knocked and tied for the lowest hand, {value}: safe, "
          "because a tie goes against the players who did not knock.")).format(name=name, value=_v(value)),
    "tied_knocker": lambda name, why, you, value: (
        _("You tied the knocker for the lowest hand, {value}: safe.") if you else
        _("{name} tied the knocker for the lowest hand, {value}: safe.")).format(name=name, value=_v(value)),
    "tied_second_knocker": lambda name, why, you, value: (
        _("You tied the second knocker for the lowest hand, {value}: safe.") if you else
        _("{name} tied the second knocker for the lowest hand, {value}: safe.")).format(name=name, value=_v(value)),
    "second_knock_tied": lambda name, why, you, value: (
        _("You knocked second and tied for the lowest hand, {value}: lose a life, the others tied lose none.") if you
        else _("{name} knocked second and tied for the lowest hand, {value}: loses a life, the others tied lose "
               "none.")).format(name=name, value=_v(value)),
    "knock_tied_alone": lambda name, why, you, value: (
        _("You knocked and tied for the lowest hand, {value}: lose a life, the others tied lose none.") if you else
        _("{name} knocked and tied for the lowest hand, {value}: loses a life, the others tied lose none.")).format(
            name=name, value=_v(value)),
    "spared": _spared,
}
