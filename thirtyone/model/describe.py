"""The rules of a game as plain text, written from its ``Rules`` value.

Nothing here is copied from the sources: every sentence is generated from the
options, so the text is never out of date with what the engine does.
"""

from __future__ import annotations

from .rules import Exchange, Holster, KnockerTied, KnockFails, KnockTiming, MisfireCost, Rules, StockOut
from .scoring import format_value


def _lives(n: int) -> str:
    return "one life" if n == 1 else f"{n} lives"


def describe_rules(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules as ``(heading, paragraphs)`` sections."""
    return [
        ("The aim", _aim(rules)),
        ("Card values", _values(rules)),
        ("Dealing", _deal(rules)),
        ("Your turn", _turn(rules)),
        ("Knocking", _knocking(rules)),
        ("Thirty-one", _thirty_one(rules)),
        ("End of the round", _round_end(rules)),
        ("Lives and winning", _lives_text(rules)),
    ] + ([("Old West", _old_west(rules))] if rules.old_west else [])


def rules_text(rules: Rules, title: str = "") -> str:
    """The rules as one text, headings underlined, for the terminal."""
    lines: list[str] = []
    if title:
        lines += [title, "=" * len(title), ""]
    for heading, paragraphs in describe_rules(rules):
        lines += [heading, "-" * len(heading)]
        lines += [f"- {p}" for p in paragraphs]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _aim(rules: Rules) -> list[str]:
    players = (f"{rules.min_players} to {rules.max_players} players" if rules.min_players != rules.max_players
               else f"{rules.min_players} players")
    if rules.advised_max_players:
        players += f" (best with {rules.min_players} to {rules.advised_max_players})"
    return [f"For {players} with one 52-card deck. Collect cards of one suit worth as close to 31 as you can; "
            "each round the weakest hand pays with lives, and the last player with a life left wins."]


def _values(rules: Rules) -> list[str]:
    out = ["An ace counts 11, a king, queen or jack 10, and every other card its number.",
           "A hand is worth the total of its best suit: 10♥ A♥ J♣ is 21 (the hearts), 8♦ 4♦ 7♦ is 19. "
           "With three different suits only the highest card counts: K♣ 9♥ 2♠ is 10."]
    if rules.lone_card_beside_pair:
        out.append("Beside two cards of one suit, the third card counts alone when it is worth more: "
                   "A♣ 5♦ 4♦ is 11 (the ace beats 5 + 4).")
    else:
        out.append("A card counts only together with another of its suit, unless all three suits differ: "
                   "A♣ 5♦ 4♦ is 9 (only the diamonds count), K♠ 8♠ A♣ is 18.")
    if rules.three_of_a_kind is None:
        out.append("Three cards of one rank are nothing special: 8♣ 8♥ 8♠ counts only 8.")
    else:
        out.append(f"Three cards of one rank are worth {format_value(rules.three_of_a_kind)}, whatever the rank.")
    if rules.three_aces is not None:
        out.append(f"Three aces are 'fire', worth {format_value(rules.three_aces)}: the best hand there is.")
    return out


def _deal(rules: Rules) -> list[str]:
    out = ["The first dealer is drawn by lot; after each round the deal moves one seat to the left, "
           "skipping players who are out. Each player gets three cards, one at a time, starting with the "
           "player on the dealer's left, who also plays first; play goes on to the left."]
    if rules.has_board:
        out.append("Three more cards go face up in the middle: the board. The rest stays aside face down.")
    else:
        out.append("The next card is turned face up to start the discard pile; the rest is the stock.")
    return out


def _turn(rules: Rules) -> list[str]:
    knock = " or knock" if rules.knock_timing is KnockTiming.INSTEAD_OF_TURN else ""
    if rules.exchange is Exchange.DRAW:
        out = [f"On your turn, take the top card of the stock or of the discard pile, then discard one "
               f"of your four cards face up{knock and ', or knock instead'}."]
        if not rules.may_discard_taken:
            out.append("A card taken from the discard pile may not be discarded again on the same turn.")
        else:
            out.append("You may discard the very card you just took.")
        if rules.stock_out is StockOut.END_ROUND:
            out.append("When the stock is empty you may still take the discard; if you decline it, the round "
                       "ends at once and hands are shown.")
        else:
            out.append("When the stock is empty, the discard pile except its top card is shuffled into a new stock.")
    else:
        swap = "swap one of your cards with one on the board"
        if rules.exchange is Exchange.COMMERCE:
            swap += ", swap your whole hand with the whole board"
        out = [f"On your turn, {swap}, pass{knock}."]
        if rules.board_refresh:
            out.append("When every player in the game passes in a row, the board is put aside and three new "
                       "cards are laid out.")
    if rules.turn_limit:
        out.append(f"If nobody knocks before each player has had {rules.turn_limit} turns, hands are shown as "
                   "if the round had ended, with no knocker.")
    return out


def _knocking(rules: Rules) -> list[str]:
    if rules.knock_timing is KnockTiming.AFTER_DISCARD:
        out = ["Happy with your hand? Knock right after your discard: everyone else has one more turn, "
               "then hands are shown."]
    else:
        out = ["Happy with your hand? Knock instead of taking your turn: everyone else has one more turn, "
               "then hands are shown."]
    if rules.knock_again_passes:
        out.append("Only one player knocks in a round; a second knock counts as a pass.")
    else:
        out.append("Only one player may knock in a round.")
    if rules.knock_minimum:
        out.append(f"You may only knock with a hand worth at least {format_value(rules.knock_minimum)}.")
    if rules.suited_knock:
        out.append("You may only knock holding three cards of one suit.")
    if rules.under_the_gun:
        out.append("Under the gun: the first player may knock before anyone has drawn. Then nobody plays on: "
                   "all hands are shown at once, and the usual knocking penalties apply.")
    return out


def _thirty_one(rules: Rules) -> list[str]:
    top = "31 (or fire)" if rules.three_aces is not None else "31"
    if not rules.instant_31 and not rules.instant_31_on_deal:
        return ["31 is simply the best hand; it is not shown early."]
    out = []
    if rules.instant_31:
        out.append(f"Make {top} on your turn and you show it at once: the round ends and every other "
                   "player loses a life.")
    if rules.instant_31_on_deal:
        out.append(f"Dealt {top}? It is shown before anyone plays, and everybody without one loses a life; "
                   "only here can several players show at once.")
    elif rules.instant_31:
        out.append("A 31 dealt to you is shown at the end of your first turn.")
    return out


def _round_end(rules: Rules) -> list[str]:
    lead = "Unless a 31 ends it first, the round ends" if rules.instant_31 or rules.instant_31_on_deal \
        else "The round ends"
    endings = ["when the knock has gone round"]
    if rules.exchange is Exchange.DRAW and rules.stock_out is StockOut.END_ROUND:
        endings.append("when the discard is declined with the stock empty")
    if rules.turn_limit:
        endings.append("at the turn limit")
    out = [f"{lead} {', or '.join(endings)}; all hands are shown and the lowest hand loses a life. "
           "Players tied for lowest each lose one."]
    penalty = _lives(rules.knocker_penalty)
    if rules.knock_fails is KnockFails.NOT_HIGHEST:
        out.append(f"A knocker who does not hold the highest hand (a tie for highest is enough) loses {penalty}, "
                   "and never more than that even with the lowest hand.")
    else:
        if rules.knocker_penalty == 1:
            out.append("A knocker with the lowest hand loses one life, like anyone else.")
        else:
            out.append(f"A knocker with the lowest hand loses {penalty}.")
        tie = {
            KnockerTied.PENALTY: f"If the knocker ties for the lowest hand, the knocker still loses {penalty} and "
                                 "the others tied lose one each.",
            KnockerTied.ALL_ONE: "If the knocker ties for the lowest hand, everyone tied loses one life, "
                                 "the knocker included.",
            KnockerTied.OTHERS: "If the knocker ties for the lowest hand, the knocker is safe: only the others tied "
                                "lose a life, since they had a turn to improve.",
            KnockerTied.KNOCKER_ONE: "If the knocker ties for the lowest hand, only the knocker loses, and just "
                                     "one life.",
        }[rules.knocker_tied]
        out.append(tie)
    if rules.instant_31 or rules.instant_31_on_deal:
        top = "31 (or fire)" if rules.three_aces is not None else "31"
        out.append(f"If someone shows {top} after a knock, the knocker loses {_lives(rules.knocker_penalty_on_31)}.")
    return out


def _lives_text(rules: Rules) -> list[str]:
    out = [f"Everyone starts with {_lives(rules.lives)}."]
    if rules.honor_life and rules.honor_at_zero:
        out.append(f"When you have lost all {_lives(rules.lives)}, you are still in the game at zero; "
                   "lose one more and you are out.")
    elif rules.honor_life:
        out.append("Losing your last life puts you 'on your honor': you stay in, and go out on your next loss.")
    else:
        out.append("Losing your last life puts you out of the game.")
    if rules.kitty:
        out.append("Lost lives are paid into the kitty in the middle; the last player left in wins the game "
                   "and takes the kitty.")
    else:
        out.append("The last player left in wins the game.")
    out.append("If a round would put every remaining player out at once, the best hand of that round stays in "
               "with one last life (all of them, if tied), so the game always ends with a single winner.")
    return out


def _percent(chance: float) -> str:
    return f"{chance * 100:g}%"


def _old_west(rules: Rules) -> list[str]:
    out = ["Every player carries a one-shot derringer. A hit puts the target out of the game at once, "
           "whatever their lives; their cards go face down under the stock, and the game goes on. "
           "The last player standing wins."]
    if rules.quick_draw:
        out.append(f"Quick Draw: anyone with a bullet may draw on another player at any moment of a round, even out of turn, "
                   "and drawing costs no turn. The drawn gun fires "
                   f"{rules.draw_speed_ms} ms after the draw; for {rules.answer_window_ms} ms every other loaded "
                   "player may fire back at the one who drew, and the faster shot goes first. A player shot down "
                   "before pulling the trigger never fires.")
    else:
        turn = ("Firing is your whole turn." if rules.shot_ends_turn
                else "You fire at the start of your turn and then play it as usual.")
        out.append(f"On your turn, before you draw, you may fire at any player still in. {turn}")
    clock = ("every turn at the table raises every gun's chance" if rules.misfire_clock.value == "table"
             else "each of your own turns raises your gun's chance")
    if not rules.misfire_step:
        start = "Guns never misfire." if not rules.misfire_start else \
            f"Every shot has a {_percent(rules.misfire_start)} chance to misfire."
        out.append(start)
    else:
        start = ("Guns never misfire at first, but sweat makes them fail:" if not rules.misfire_start
                 else f"Guns start with a {_percent(rules.misfire_start)} chance to misfire, and sweat makes it worse:")
        out.append(f"{start} {clock} by {_percent(rules.misfire_step)}, up to {_percent(rules.misfire_cap)}.")
    out.append("A misfire wastes the cartridge." if rules.misfire_spends_bullet
               else "A misfire only clicks: the cartridge stays and may be tried again on a later turn.")
    out.append({
        MisfireCost.NOTHING: "",
        MisfireCost.REVEAL: "A misfire also turns the shooter's hand face up for the rest of the round.",
        MisfireCost.LIFE: "A misfire also costs the shooter a life (the last one puts them out).",
    }[rules.misfire_cost])
    out.append({
        Holster.NEVER: "",
        Holster.FIRST_ORBIT: "In every round the guns stay holstered until everyone still in has had a turn.",
        Holster.LIFE_LOST: "A player may shoot only once they have lost a life.",
    }[rules.holster])
    if rules.bounty:
        out.append("Bounty: the shooter takes the lives the player shot had left.")
    if not rules.shoot_after_knock:
        out.append("Once someone has knocked, the guns stay holstered until the next round.")
    out = [line for line in out if line]
    if rules.min_players < 4:
        out.append("Best with four or more players.")
    return out
