"""New game's house rules as chosen: the preset, one choice per rule option, and the values they hold.

The screen (``NewGameScene``) hears of every change through the two callbacks it hands over
(a preset chosen, an option chosen) and checks the table again; this part keeps the choices
in step with the rules: "(modified)" on the preset while an option differs from it, and
Old West's details switched off while Old West is.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...i18n import N_, _
from ...model import PRESETS, Rules
from ...model.options import RULE_OPTIONS
from ..widgets import Cycler
from .house_rules import applies, option_hint

MODIFIED = N_("{title} (modified)")


class HouseRuleChoices:
    """The preset and the house-rule choices of New game, with the values they hold."""

    def __init__(self, preset_id: str, rules: Rules, on_preset: Callable[[str], None],
                 on_option: Callable[[str, Any], None]) -> None:
        self.on_option = on_option
        """Told ``(field, value)`` when the player picks an option's value."""
        self.preset = Cycler([(p.id, _(p.title)) for p in PRESETS.values()], 0, on_preset)
        self.preset.set_value(preset_id)
        self.options: list[Cycler] = []
        """One choice per ``RULE_OPTIONS`` entry, in that order (the list is kept, its choices replaced)."""
        self.values: dict[str, Any] = {}
        """Each option's field and its value now (the dict is kept, its values replaced)."""
        self.load(rules)

    def load(self, rules: Rules) -> None:
        """Show ``rules``: every choice set to its value (a value no choice names is added as it is)."""
        self.values.clear()
        self.values.update({opt.field: getattr(rules, opt.field) for opt in RULE_OPTIONS})
        self.options.clear()
        for opt in RULE_OPTIONS:
            choices = list(opt.choices)
            value = self.values[opt.field]
            if not any(v == value and type(v) is type(value) for v, _ in choices):
                choices.append((value, str(value)))
            cycler = Cycler(choices, 0, partial(self.on_option, opt.field))
            cycler.set_value(value)
            self.options.append(cycler)

    @property
    def preset_rules(self) -> Rules:
        """The chosen preset's own rules."""
        return PRESETS[self.preset.value].rules

    @property
    def modified(self) -> bool:
        """Whether the house rules differ from the chosen preset."""
        return any(self.values[opt.field] != getattr(self.preset_rules, opt.field) for opt in RULE_OPTIONS)

    def refresh(self) -> None:
        """The preset's label says "(modified)" while any option differs from it; Old West's details
        act only with Old West on."""
        modified = self.modified
        self.preset.choices = [(p.id, _(MODIFIED).format(title=_(p.title)) if p.id == self.preset.value and modified
                                else _(p.title))
                               for p in PRESETS.values()]
        for opt, cycler in zip(RULE_OPTIONS, self.options):
            cycler.enabled = applies(self.values, opt.field)

    def hint(self, field: str) -> str:
        """What the option ``field`` does with the value it has now."""
        index = next(i for i, opt in enumerate(RULE_OPTIONS) if opt.field == field)
        return option_hint(RULE_OPTIONS[index], self.options[index], self.values)


__all__ = ["HouseRuleChoices", "MODIFIED"]
