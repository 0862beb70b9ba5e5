"""Round reasons are written for a reader: the reader's own sentence in the second person,
as a whole message of its own (English and German), every other seat's in the third."""

from __future__ import annotations

import pytest

from thirtyone import i18n
from thirtyone.model.reasons import Why, lone_human

NAMES = ("You", "Al", "Kelly had")
"""A seat called like the start of a sentence: nothing may be replaced inside a name."""


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _why(code, ending: str = "") -> Why:
    return Why(NAMES, (1,), [code, ("showed", 31.0), code], [ending, "", ending])


CASES = [  # code, ending, the reader's English sentence, its German, Kelly's English sentence
    (("lowest", 8.0, False), "out", "You had the lowest hand, 8: lose a life and are out of the game.",
     "Du hattest das schlechteste Blatt, 8: verlierst ein Leben und bist raus.",
     "Kelly had had the lowest hand, 8: loses a life and is out of the game."),
    (("lowest", 8.0, True), "", "You tied for the lowest hand, 8: lose a life.",
     "Du hattest gleichauf das schlechteste Blatt, 8: verlierst ein Leben.",
     "Kelly had tied for the lowest hand, 8: loses a life."),
    (("knock_tied_penalty", 19.0, 2), "", "You knocked and tied for the lowest hand, 19: lose 2 lives.",
     "Du klopftest und hattest gleichauf das schlechteste Blatt, 19: verlierst 2 Leben.",
     "Kelly had knocked and tied for the lowest hand, 19: loses 2 lives."),
    (("had_31", 9.0), "honor", "You had 9 when Al showed 31: lose a life and now play on your honor.",
     "Du hattest 9, doch Al zeigte 31: verlierst ein Leben und schwimmst jetzt.",
     "Kelly had had 9 when Al showed 31: loses a life and now plays on their honor."),
    (("safe", 27.0), "", "You had 27: safe.", "Du hattest 27: sicher.", "Kelly had had 27: safe."),
    (("knock_safe", 25.5), "", "You knocked and had 25½: safe.", "Du klopftest und hattest 25½: sicher.",
     "Kelly had knocked and had 25½: safe."),
    (("knock_not_highest", 25.0, 27.0, 1), "zero",
     "You knocked without the highest hand (25 against 27): lose a life and play on at zero lives.",
     "Du klopftest ohne das beste Blatt (25 gegen 27): verlierst ein Leben und schwimmst mit null Leben weiter.",
     "Kelly had knocked without the highest hand (25 against 27): loses a life and plays on at zero lives."),
    (("spared", 20.0, 1), "", "You had the best hand left, 20, when everyone would have gone out: lose a life but "
     "keep one last life.", "Du hattest das beste verbliebene Blatt, 20, als alle ausgeschieden wären: verlierst ein "
     "Leben, behältst aber ein letztes Leben.", "Kelly had had the best hand left, 20, when everyone would have gone "
     "out: loses a life but keeps one last life."),
    (("showed", 33.0), "", "You showed fire, three aces worth 33: safe, everyone else loses a life.",
     "Du zeigtest Feuer, drei Asse, 33 wert: sicher, alle anderen verlieren ein Leben.",
     "Kelly had showed fire, three aces worth 33: safe, everyone else loses a life."),
]


@pytest.mark.parametrize("code, ending, you_en, you_de, other_en", CASES)
def test_the_reader_reads_their_own_sentence_in_the_second_person(code, ending, you_en, you_de, other_en):
    why = _why(code, ending)
    reader = 0
    assert why.sentences(reader)[0] == you_en
    assert why.sentences(reader)[2] == other_en  # other seats stay in the third person, names untouched
    assert why.sentences(reader)[1] == "Al showed 31: safe, everyone else loses a life."
    assert why.sentences()[0] == other_en.replace("Kelly had", "You", 1).replace("You had had", "You had")
    i18n.set_language("de")
    assert why.sentences(reader)[0] == you_de


def test_every_kind_of_reason_has_a_second_person_sentence_of_its_own():
    from thirtyone.model import reasons
    codes = {"showed": (31.0,), "showed_ends": (31.0, True), "below_21": (17.0, 1), "knocked_31": (1,), "had_31": (9.0,), "lowest": (8.0, False), "safe": (20.0,),
             "knock_not_highest": (20.0, 25.0, 1), "knock_all_tied": (20.0,), "knock_highest": (29.0,),
             "knock_safe": (25.0,), "knock_lowest": (9.0, 1), "knock_tied_penalty": (9.0, 1), "knock_tied_all": (9.0,),
             "knock_tied_others": (9.0,), "tied_knocker": (9.0,), "knock_tied_alone": (9.0,), "spared": (20.0, 0),
             "tied_second_knocker": (9.0,), "second_knock_tied": (9.0,), "beaten_by_fire": (31.0, 1), "closed_31": (31.0,),
             "highest": (27.0,), "not_highest": (20.0, 27.0)}
    assert set(codes) == set(reasons._WRITERS)
    for language in ("en", "de"):
        i18n.set_language(language)
        for kind, numbers in codes.items():
            you = _why((kind, *numbers)).sentences(0)[0]
            assert you.startswith("You " if language == "en" else "Du "), you
            own = you.split("everyone else")[0].split("alle anderen")[0]  # others' lives may be named after
            assert " loses " not in own and " verliert " not in own, you


def test_without_one_human_at_the_table_nobody_is_addressed():
    assert lone_human((1,)) == 1
    assert lone_human(()) is None and lone_human((0, 2)) is None  # a demo; pass-and-play
    why = Why(("Ann", "Bo"), (), [("lowest", 8.0, False), ("safe", 20.0)], ["", ""])
    assert why.sentences(lone_human(())) == ("Ann had the lowest hand, 8: loses a life.", "Bo had 20: safe.")


@pytest.mark.parametrize("language, expected", [
    ("en", "Ada had 17 when you showed 31: loses a life."),
    ("de", "Ada hatte 17, doch du zeigtest 31: verliert ein Leben."),
    ("it", "Ada aveva 17 quando è uscito il tuo 31: perde una vita."),
])
def test_the_reader_who_showed_31_is_you_in_the_others_sentences(language, expected):
    """The 31 shown by the seat reading is "you showed 31", not the seat's name (which may be "You")."""
    why = Why(("You", "Ada"), (0,), [("showed", 31.0), ("had_31", 17.0)], ["", ""])
    i18n.set_language(language)
    try:
        assert why.sentences(0)[1] == expected
    finally:
        i18n.set_language("en")
