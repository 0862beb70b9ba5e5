"""The house-rules screen offers the options of issue 45 with their German text."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from thirtyone import i18n
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.ui.screens.house_rules import applies, option_hint


@pytest.mark.parametrize("field, german", [
    ("last_lap_after_31", "Noch ein Zug nach 31: an. Eine im Zug gemachte 31 wird gezeigt, und alle anderen haben "
                          "noch einen Zug, bevor aufgedeckt wird."),
    ("fire_over_31", "Feuer schlägt 31: an. Feuer und 31 zusammen ausgeteilt: an, die 31 verliert auch ein Leben; "
                     "aus, beide sind sicher."),
    ("dirty_laundry", "Schmutzige Wäsche: an. Liegen eine 7, eine 8 und eine 9 in der Mitte, werden sie sofort "
                      "durch drei neue Karten vom Stapel ersetzt."),
])
def test_the_screen_offers_the_option_in_german(field: str, german: str) -> None:
    option = next(option for option in RULE_OPTIONS if option.field == field)
    assert [value for value, _label in option.choices] == [False, True]
    assert applies({}, field)
    i18n.set_language("de")
    try:
        assert option_hint(option, SimpleNamespace(label=option.choices[1][1]), {}) == german
    finally:
        i18n.set_language("en")
