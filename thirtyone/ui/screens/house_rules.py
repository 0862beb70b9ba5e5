"""New game's house rules, apart from drawing them: which act with the others as set, each one's hint
line, how they are laid out in columns, and which rows are in view as they scroll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...model.options import RULE_OPTIONS
from ..theme import SMALLEST_FIT

if TYPE_CHECKING:
    from ..assets import Assets
    from ..widgets import Cycler


OPTION_GAP = 18
"""Design pixels between two columns of house rules."""


@dataclass(frozen=True)
class OptionGrid:
    """How the house rules are laid out: rows per column, rows in view, row height, and each column's
    left edge, label width and width."""

    per_column: int
    visible: int
    row_h: float
    columns: tuple[tuple[float, float, float], ...]


def option_grid(assets: Assets, options: tuple[Cycler, ...], width: float, room: float, u: float) -> OptionGrid:
    """As many columns (up to three) as hold every label and its longest value whole, each as wide as
    its own rules need; rows beyond ``room`` scroll."""
    row_h = 26 * u
    # Text may shrink to SMALLEST_FIT of its size before it would be cut (``fit_size``): measured there.
    label_font = assets.font(max(1, int(14 * u * SMALLEST_FIT)), True)
    value_font = assets.font(max(1, int(min(16 * u, 20 * u * 0.55) * SMALLEST_FIT)))  # as ``Cycler.draw`` sizes it
    labels = [label_font.size(_(opt.label))[0] + 10 * u for opt in RULE_OPTIONS]
    values = [max(value_font.size(_(label))[0] for _value, label in cycler.choices) + 42 * u for cycler in options]
    for count in (3, 2, 1):
        per_column = -(-len(options) // count)
        visible = max(1, min(per_column, int(room // (22 * u))))
        usable = width - (count - 1) * OPTION_GAP * u - (10 * u if visible < per_column else 0)
        needs = [(max(labels[c * per_column:(c + 1) * per_column]), max(values[c * per_column:(c + 1) * per_column]))
                 for c in range(count)]
        total = sum(label + value for label, value in needs)
        if total <= usable or count == 1:
            break
    stretch = usable / total
    columns, x = [], 0.0
    for label, value in needs:
        col_w = (label + value) * stretch
        label_w = label * min(1.0, stretch) if stretch < 1 else label + (col_w - label - value) * 0.25
        columns.append((x, label_w, col_w))
        x += col_w + OPTION_GAP * u
    return OptionGrid(per_column, visible, min(row_h, room / visible), tuple(columns))


def options_scrolled(grid: OptionGrid | None, first: int, rows: int) -> int:
    """The first row of house rules in view after moving ``rows`` from ``first`` (kept in range once drawn)."""
    if grid is None:
        return first
    return max(0, min(first + rows, grid.per_column - grid.visible))


def row_in_view(first: int, visible: int, index: int) -> int:
    """The first row to show so that row ``index`` is in view, with ``visible`` rows from ``first``
    (a player's row, or a row of house rules)."""
    if index < first:
        return index
    if index >= first + visible:
        return index - visible + 1
    return first


def option_in_view(grid: OptionGrid | None, first: int, index: int) -> int:
    """The first row of house rules to show so that rule ``index`` (the keyboard focus) is in view."""
    if grid is None:
        return first
    return row_in_view(first, grid.visible, index % grid.per_column)


def option_hint(opt: Any, cycler: Any, values: dict[str, Any]) -> str:
    """The hint line for a house rule: its label, the value chosen, what it does, and what it needs when off."""
    hint = _("{option}: {value}. {hint}").format(option=_(opt.label), value=_(cycler.label), hint=_(opt.hint))
    if applies(values, opt.field):
        return hint
    if opt.field in ("draw_speed_ms", "answer_window_ms"):
        return hint + " " + _("Only with Old West and Quick Draw on.")
    return hint + " " + _("Only with Old West on.")


def applies(values: dict[str, Any], field: str) -> bool:
    """Whether an option matters with the others as set (Old West details need Old West on)."""
    if field in ("draw_speed_ms", "answer_window_ms"):
        return bool(values.get("quick_draw")) and bool(values.get("old_west"))
    group = next((o.group for o in RULE_OPTIONS if o.field == field), "")
    return group != "Old West" or field == "old_west" or bool(values.get("old_west"))
