"""The lazily finished shuffle: seeded, a true permutation, uniform, and drawn as promised."""

import random

from thirtyone.model import FULL_DECK, Phase, new_game, preset
from thirtyone.model import apply, legal_actions
from thirtyone.model.actions import Deal, DrawStock
from thirtyone.model.dealing import stock_in_order
from thirtyone.model.rule_choices import StockOut


def dealt(seed: int, rules_id: str = "classic", players: int = 4):
    state = new_game(preset(rules_id).replace(instant_31_on_deal=False), [f"P{i}" for i in range(players)],
                     seed=seed, first_dealer=0)
    return apply(state, Deal())[0]


def deck_order(state):
    """The whole deck as it was picked: three cards a player from the dealer's left, the upcard, the stock."""
    count = len(state.names)
    order = [(state.dealer + step) % count for step in range(1, count + 1)]
    dealt_cards = [card for seat in order for card in state.hands[seat]]
    return dealt_cards + list(state.discards) + list(stock_in_order(state))


def test_a_seed_deals_the_same_deck_and_the_deck_is_a_permutation():
    first, again, other = dealt(5), dealt(5), dealt(6)
    assert deck_order(first) == deck_order(again)
    assert deck_order(first) != deck_order(other)
    assert sorted(deck_order(first), key=lambda c: c.index) == list(FULL_DECK)
    assert first.stock_unsettled == len(first.stock) == 52 - 13


def test_every_card_is_equally_likely_at_every_position():
    deals = 52 * 80
    counts = [[0] * 52 for _ in range(52)]  # counts[position][card index]
    for seed in range(deals):
        for position, card in enumerate(deck_order(dealt(seed))):
            counts[position][card.index] += 1
    expected = deals / 52
    for position, row in enumerate(counts):
        chi_square = sum((n - expected) ** 2 / expected for n in row)
        # 51 degrees of freedom: the mean is 51; 120 is far beyond chance (p < 1e-6
        # for each of the 52 positions), and a biased pick lands in the hundreds.
        assert chi_square < 120, (position, row)


def test_draws_take_the_stock_in_the_promised_order():
    rules = preset("classic").replace(instant_31_on_deal=False, instant_31=False, stock_out=StockOut.END_ROUND)
    state = apply(new_game(rules, ["A", "B"], seed=9, first_dealer=0), Deal())[0]
    promised = stock_in_order(state)
    drawn = []
    rng = random.Random(1)
    while state.phase is not Phase.DEAL and state.stock:
        if state.phase is Phase.TURN:
            state = apply(state, DrawStock())[0]
            drawn.append(state.drawn)
        else:  # discard anything but never knock, so the round runs through the stock
            choices = [a for a in legal_actions(state) if not getattr(a, "knock", False)]
            state = apply(state, rng.choice(choices))[0]
    assert tuple(drawn) == promised[:len(drawn)]
    assert len(drawn) == len(promised)


def test_cards_put_under_the_stock_come_after_the_unshuffled_ones():
    state = dealt(3)
    under = state.hands[1]
    buried = state._replace(stock=state.stock + under)
    order = stock_in_order(buried)
    assert order[-3:] == under
    assert set(order[:-3]) == set(state.stock)
