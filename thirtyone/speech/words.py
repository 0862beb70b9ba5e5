"""Cards said aloud: "7♥" becomes "7 of hearts" (German "Herz 7") in any line meant for speech.

Every sentence the game already writes (the log, round reasons, refusals, the coach) names cards
with ``Card.symbol``; a speech engine reads "♥" as "black heart suit" or not at all, so spoken
lines pass through ``spoken`` once, where the symbols become words. The courts follow the
language's letters (``i18n.RANK_LETTERS``: German D and B).
"""

from __future__ import annotations

import re

from ..i18n import N_, _, rank_letter
from ..model.cards import RANKS, SUIT_SYMBOLS, Card

RANK_WORDS = (N_("ace"), "2", "3", "4", "5", "6", "7", "8", "9", "10", N_("jack"), N_("queen"), N_("king"))
SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))


def card_name(card: Card) -> str:
    """The card in words, "queen of clubs", in the language in use."""
    rank = RANK_WORDS[card.rank]
    return _("{rank} of {suit}").format(rank=_(rank) if not rank.isdigit() else rank,
                                        suit=_(SUIT_WORDS[card.suit]))


def cards_named(cards: tuple[Card, ...] | list[Card]) -> str:
    """Several cards in words, joined with commas ("ace of spades, 7 of hearts")."""
    return ", ".join(card_name(card) for card in cards)


def _pattern() -> re.Pattern[str]:
    letters = sorted({rank_letter(letter) for letter in RANKS if letter != "T"} | set(RANKS[1:9]) | {"10"},
                     key=len, reverse=True)
    return re.compile("(?<![\\w])(" + "|".join(map(re.escape, letters)) + ")([" + SUIT_SYMBOLS + "])")


def spoken(text: str) -> str:
    """``text`` with every card symbol written out in words and key ranges ("1–4") as "1 to 4", for a
    voice or a braille line."""
    if "–" in text:
        text = re.sub(r"(\w)–(\w)", lambda m: _("{low} to {high}").format(low=m.group(1), high=m.group(2)), text)
    if not any(symbol in text for symbol in SUIT_SYMBOLS):
        return text
    by_symbol = {card.symbol: card for card in _all_cards()}
    suits = "[" + SUIT_SYMBOLS + "]"
    text = re.sub(f"({suits}) (?=\\w{{1,2}}{suits})", "\\1, ", text)  # "A♠ 7♥": a list, said with a pause
    return _pattern().sub(lambda m: card_name(by_symbol[m.group(0)]) if m.group(0) in by_symbol else m.group(0),
                          text)


def _all_cards() -> tuple[Card, ...]:
    from ..model.cards import FULL_DECK
    return FULL_DECK


__all__ = ["RANK_WORDS", "SUIT_WORDS", "card_name", "cards_named", "spoken"]
