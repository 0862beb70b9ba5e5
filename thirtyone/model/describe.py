"""The rules of a game as plain text, written from its ``Rules`` value.

Nothing here is copied from the sources: every sentence is generated from the
options, so the text is never out of date with what the engine does. Every sentence
is whole in the catalogue (placeholders by name), so a translation keeps its own
word order; the text is translated when it is asked for.
"""

from __future__ import annotations

from ..i18n import _, decimal, ngettext
from .rule_choices import Deck, Exchange, RoundLoss, ShownLoss, Holster, KnockFails, KnockTiming, KnockerTied, MisfireCost, StockOut
from .rule_choices import deck_lowest, deck_packs
from .rules import Rules, player_counts
from .scoring import format_value


def describe_rules(rules: Rules) -> list[tuple[str, list[str]]]:
    """The rules as ``(heading, paragraphs)`` sections, in the language in use."""
    return [
        (_("The aim"), _aim(rules)),
        (_("Card values"), _values(rules)),
        (_("Dealing"), _deal(rules)),
        (_("Your turn"), _turn(rules)),
        (_("Knocking"), _knocking(rules)),
        (_("Thirty-one"), _thirty_one(rules)),
        (_("End of the round"), _round_end(rules)),
        (_("Lives and winning"), _lives_text(rules)),
    ] + ([(_("Old West"), _old_west(rules))] if rules.old_west else [])


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
    seats = player_counts(rules)  # the deck may deal to fewer than "Most players"
    low, high, advised = seats.start, seats.stop - 1, min(rules.advised_max_players, seats.stop - 1)
    if low == high:
        players = _("{count} players").format(count=low)
    elif advised:
        players = _("{low} to {high} players (best with {low} to {advised})").format(low=low, high=high, advised=advised)
    else:
        players = _("{low} to {high} players").format(low=low, high=high)
    if low == high and advised:
        players = _("{count} players (best with {low} to {advised})").format(count=low, low=low, advised=advised)
    if rules.deck is Deck.FIFTY_TWO:
        return [_("For {players} with one 52-card deck. Collect cards of one suit worth as close to 31 as you can; "
                  "each round the weakest hand pays with lives, and the last player with a life left wins.")
                .format(players=players)]
    if deck_packs(rules.deck) > 1:
        return [_("For {players} with two 32-card packs shuffled together (7 to ace, every card twice). Collect "
                  "cards of one suit worth as close to 31 as you can; each round the weakest hand pays with lives, "
                  "and the last player with a life left wins.").format(players=players)]
    return [_("For {players} with a {size}-card deck ({lowest} to ace). Collect cards of one suit worth as close "
              "to 31 as you can; each round the weakest hand pays with lives, and the last player with a life left "
              "wins.").format(players=players, size=len(rules.cards), lowest=deck_lowest(rules.deck))]


def _values(rules: Rules) -> list[str]:
    out = [_("An ace counts 11, a king, queen or jack 10, and every other card its number."),
           _("A hand is worth the total of its best suit: 10♥ A♥ J♣ is 21 (the hearts), 8♦ 4♦ 7♦ is 19. "
             "With three different suits only the highest card counts: K♣ 9♥ 2♠ is 10.")
           if rules.deck is Deck.FIFTY_TWO else
           _("A hand is worth the total of its best suit: 10♥ A♥ J♣ is 21 (the hearts), 8♦ 9♦ 7♦ is 24. "
             "With three different suits only the highest card counts: K♣ 9♥ 7♠ is 10.")]
    if rules.deck is not Deck.FIFTY_TWO:
        pass  # from 6 up any two cards of a suit beat a lone ace: the option cannot matter
    elif rules.lone_card_beside_pair:
        out.append(_("Beside two cards of one suit, the third card counts alone when it is worth more: "
                     "A♣ 5♦ 4♦ is 11 (the ace beats 5 + 4)."))
    else:
        out.append(_("A card counts only together with another of its suit, unless all three suits differ: "
                     "A♣ 5♦ 4♦ is 9 (only the diamonds count), K♠ 8♠ A♣ is 18."))
    if rules.three_of_a_kind is None:
        out.append(_("Three cards of one rank are nothing special: 8♣ 8♥ 8♠ counts only 8."))
    else:
        out.append((_("Three cards of one rank are worth {value}; between two of them the higher rank wins: "
                      "three kings beat three sevens.") if rules.triplet_ties_by_rank else
                    _("Three cards of one rank are worth {value}, whatever the rank."))
                   .format(value=format_value(rules.three_of_a_kind)))
    if rules.three_aces == 31:
        out.append(_("Three aces are 'fire', worth 31 like the best suit."))
    elif rules.three_aces is not None:
        out.append(_("Three aces are 'fire', worth {value}: the best hand there is.")
                   .format(value=format_value(rules.three_aces)))
    return out


def _deal(rules: Rules) -> list[str]:
    out = [_("The first dealer is drawn by lot; after each round the deal moves one seat to the left, "
             "skipping players who are out. Each player gets three cards, one at a time, starting with the "
             "player on the dealer's left, who also plays first; play goes on to the left.")]
    if rules.dealer_choice:
        out.append(_("The dealer also deals a spare hand face down to the middle and looks at their own hand: "
                     "keep it, and the spare is turned up as the board; or lay it open as the board and take the "
                     "spare unseen. Then the player on the dealer's left begins."))
    elif rules.has_board:
        out.append(_("Three more cards go face up in the middle: the board. The rest stays aside face down."))
    else:
        out.append(_("The next card is turned face up to start the discard pile; the rest is the stock."))
    return out


def _turn(rules: Rules) -> list[str]:
    knock = rules.knock_timing is KnockTiming.INSTEAD_OF_TURN
    if rules.exchange is Exchange.DRAW:
        out = [_("On your turn, take the top card of the stock or of the discard pile, then discard one "
                 "of your four cards face up, or knock instead.") if knock else
               _("On your turn, take the top card of the stock or of the discard pile, then discard one "
                 "of your four cards face up.")]
        if not rules.may_discard_taken:
            out.append(_("A card taken from the discard pile may not be discarded again on the same turn."))
        else:
            out.append(_("You may discard the very card you just took."))
        if rules.stock_out is StockOut.END_ROUND:
            out.append(_("When the stock is empty you may still take the discard; if you decline it, the round "
                         "ends at once and hands are shown."))
        else:
            out.append(_("When the stock is empty, the discard pile except its top card is shuffled into a new stock."))
    else:
        if rules.exchange is Exchange.COMMERCE:
            out = [_("On your turn, swap one of your cards with one on the board, swap your whole hand with the "
                     "whole board, pass or knock.") if knock else
                   _("On your turn, swap one of your cards with one on the board, swap your whole hand with the "
                     "whole board, pass.")]
        else:
            out = [_("On your turn, swap one of your cards with one on the board, pass or knock.") if knock else
                   _("On your turn, swap one of your cards with one on the board, pass.")]
        if rules.board_refresh:
            out.append(_("When every player in the game passes in a row, the board is put aside and three new "
                         "cards are laid out."))
            out.append(_("If fewer than three cards are left to lay, the boards put aside are shuffled and laid "
                         "from again.") if rules.refresh_short is StockOut.RESHUFFLE else
                       _("If fewer than three cards are left to lay, the round ends there and all hands are shown."))
        if rules.pass_once:
            out.append(_("Each player may pass at most once a round; after that, swap or knock."))
        if rules.pass_first_and_last_lap:
            out.append(_("Passing is allowed only in the first lap and after a knock; in between, swap or knock."))
        if rules.new_cards_789:
            out.append(_("When a 7, an 8 and a 9 lie in the middle, the player to move may have them put aside and "
                         "three new cards laid from the stock, and then plays the turn."))
        if rules.dirty_laundry:
            out.append(_("A 7, an 8 and a 9 in the middle are 'dirty laundry': they are put aside at once and three "
                         "new cards laid from the stock, after the deal and after every turn."))
    if rules.turn_limit:
        out.append(_("If nobody knocks before each player has had {turns} turns, hands are shown as "
                     "if the round had ended, with no knocker.").format(turns=rules.turn_limit))
    return out


def _knocking(rules: Rules) -> list[str]:
    if rules.knock_timing is KnockTiming.AFTER_DISCARD:
        out = [_("Happy with your hand? Knock right after your discard: everyone else has one more turn, "
                 "then hands are shown.")]
    else:
        out = [_("Happy with your hand? Knock instead of taking your turn: everyone else has one more turn, "
                 "then hands are shown.")]
    if rules.knock_again_passes:
        out.append(_("Only one player knocks in a round; a second knock counts as a pass."))
    elif rules.second_knock_ends:
        out.append(_("After a knock, any player still to play may knock too, instead of their turn: then the "
                     "round ends at once, and the players after them do not play."))
    else:
        out.append(_("Only one player may knock in a round."))
    if rules.knock_minimum:
        out.append(_("You may only knock with a hand worth at least {value}.")
                   .format(value=format_value(rules.knock_minimum)))
    if rules.suited_knock:
        out.append(_("You may only knock holding three cards of one suit."))
    if rules.no_knock_first_lap:
        out.append(_("Nobody may knock in the first lap of a round: every player must have had a turn first."))
    if rules.under_the_gun:
        out.append(_("Under the gun: the first player may knock before anyone has drawn. Then nobody plays on: "
                     "all hands are shown at once, and the usual knocking penalties apply."))
    return out


def _best(rules: Rules) -> str:
    return _("31 (or fire)") if rules.three_aces is not None else "31"


def _thirty_one(rules: Rules) -> list[str]:
    out = _shown_at_once(rules)
    if (rules.instant_31_on_deal and rules.three_aces is not None and rules.three_aces > 31
            and (rules.fire_loss is ShownLoss.OTHERS)):
        out.append(_("Fire dealt beside a 31 beats it: the 31 loses a life like every other hand.")
                   if rules.fire_over_31 else
                   _("Fire and a 31 dealt together are both safe; every other player loses a life."))
    return out


def _last_lap_after_31(top: str) -> str:
    return _("Make {best} on your turn and you show it at once; everyone else then has one more turn, as after "
             "a knock, and the lowest hand loses a life. Whoever showed pays no knocker's penalty.").format(best=top)


def _shown_at_once(rules: Rules) -> list[str]:
    top = _best(rules)
    if not rules.instant_31 and not rules.instant_31_on_deal:
        return [_("31 is simply the best hand; it is not shown early.")]
    out = []
    split = rules.three_aces is not None and rules.fire_loss is not rules.shown_31_loss
    if split or rules.shown_31_loss is ShownLoss.LOWEST:
        if rules.instant_31 and rules.last_lap_after_31:
            out.append(_last_lap_after_31(top))
        elif rules.instant_31:
            out.append(_("Make {best} on your turn and you show it at once, and the round ends.").format(best=top))
        if rules.instant_31_on_deal:
            out.append(_("Dealt {best}? It is shown before anyone plays, and the round ends; only here can several "
                         "players show at once.").format(best=top))
        elif rules.instant_31:
            out.append(_("A 31 dealt to you is shown at the end of your first turn."))
        if not split:
            out.append(_("Then all hands are shown and the lowest hand loses a life, as at any round's end; "
                         "whoever showed is safe."))
        elif rules.shown_31_loss is ShownLoss.LOWEST:
            out.append(_("After a 31 all hands are shown and the lowest hand loses a life; after fire every other "
                         "player loses a life, whatever they hold."))
        else:
            out.append(_("After a 31 every other player loses a life; after fire all hands are shown and the "
                         "lowest hand loses a life."))
        return out
    if rules.instant_31 and rules.last_lap_after_31:
        out.append(_last_lap_after_31(top))
    elif rules.instant_31:
        out.append(_("Make {best} on your turn and you show it at once: the round ends and every other "
                     "player loses a life.").format(best=top))
    if rules.instant_31_on_deal:
        out.append(_("Dealt {best}? It is shown before anyone plays, and everybody without one loses a life; "
                     "only here can several players show at once.").format(best=top))
    elif rules.instant_31:
        out.append(_("A 31 dealt to you is shown at the end of your first turn."))
    return out


def _round_end(rules: Rules) -> list[str]:
    endings = [_("when the knock has gone round")]
    if rules.exchange is Exchange.DRAW and rules.stock_out is StockOut.END_ROUND:
        endings.append(_("when the discard is declined with the stock empty"))
    if rules.turn_limit:
        endings.append(_("at the turn limit"))
    joined = _(", or ").join(endings)
    if rules.instant_31 or rules.instant_31_on_deal:
        out = [_("Unless a 31 ends it first, the round ends {endings}; all hands are shown and the lowest hand "
                 "loses a life. Players tied for lowest each lose one.").format(endings=joined)]
    else:
        out = [_("The round ends {endings}; all hands are shown and the lowest hand loses a life. "
                 "Players tied for lowest each lose one.").format(endings=joined)]
    if rules.below_21_loses:
        out.append(_("Every hand under 21 loses a life at the showdown; of the hands of 21 or more, the lowest "
                     "loses one too."))
    if rules.round_loss is RoundLoss.ALL_BUT_HIGHEST:
        out.append(_("Not only the lowest: at the showdown everyone but the highest hand loses a life (all tied "
                     "for highest are safe)."))
    penalty = rules.knocker_penalty
    if rules.knock_fails is KnockFails.NOT_HIGHEST:
        out.append(ngettext("A knocker who does not hold the highest hand (a tie for highest is enough) loses "
                            "one life, and never more than that even with the lowest hand.",
                            "A knocker who does not hold the highest hand (a tie for highest is enough) loses "
                            "{count} lives, and never more than that even with the lowest hand.",
                            penalty).format(count=penalty))
    else:
        if penalty == 1:
            out.append(_("A knocker with the lowest hand loses one life, like anyone else."))
        else:
            out.append(ngettext("A knocker with the lowest hand loses one life.",
                                "A knocker with the lowest hand loses {count} lives.", penalty).format(count=penalty))
        if rules.knocker_tied is KnockerTied.PENALTY:
            out.append(ngettext("If the knocker ties for the lowest hand, the knocker still loses one life and "
                                "the others tied lose one each.",
                                "If the knocker ties for the lowest hand, the knocker still loses {count} lives and "
                                "the others tied lose one each.", penalty).format(count=penalty))
        else:
            out.append({
                KnockerTied.ALL_ONE: _("If the knocker ties for the lowest hand, everyone tied loses one life, "
                                       "the knocker included."),
                KnockerTied.OTHERS: _("If the knocker ties for the lowest hand, the knocker is safe: only the others "
                                      "tied lose a life, since they had a turn to improve."),
                KnockerTied.KNOCKER_ONE: _("If the knocker ties for the lowest hand, only the knocker loses, and just "
                                           "one life."),
            }[rules.knocker_tied])
    if rules.second_knock_ends and rules.knock_fails is not KnockFails.NOT_HIGHEST and not rules.below_21_loses \
            and rules.round_loss is RoundLoss.LOWEST:
        out.append(_("After two knocks, if the second knocker ties for the lowest hand and the first knocker is "
                     "not in the tie, only the second knocker loses a life."))
    everyone_else_pays = rules.shown_31_loss is ShownLoss.OTHERS or (
        rules.three_aces is not None and rules.fire_loss is ShownLoss.OTHERS and rules.knocker_penalty_on_31 > 1)
    if (rules.instant_31 or rules.instant_31_on_deal) and everyone_else_pays:
        # Where the lowest hand pays after a 31, the knocker pays as at any showdown.
        count = rules.knocker_penalty_on_31
        out.append(ngettext("If someone shows {best} after a knock, the knocker loses one life.",
                            "If someone shows {best} after a knock, the knocker loses {count} lives.",
                            count).format(best=_best(rules), count=count))
    return out


def _lives_text(rules: Rules) -> list[str]:
    out = [ngettext("Everyone starts with one life.", "Everyone starts with {count} lives.",
                    rules.lives).format(count=rules.lives)]
    if rules.honor_life and rules.honor_at_zero:
        out.append(ngettext("When you have lost all one life, you are still in the game at zero; "
                            "lose one more and you are out.",
                            "When you have lost all {count} lives, you are still in the game at zero; "
                            "lose one more and you are out.", rules.lives).format(count=rules.lives))
    elif rules.honor_life and rules.honor_swims:
        out.append(_("Losing your last life means you swim: you stay in, and go out on your next loss."))
    elif rules.honor_life:
        out.append(_("Losing your last life puts you 'on your honor': you stay in, and go out on your next loss."))
    else:
        out.append(_("Losing your last life puts you out of the game."))
    if rules.kitty:
        out.append(_("Lost lives are paid into the kitty in the middle; the last player left in wins the game "
                     "and takes the kitty."))
    else:
        out.append(_("The last player left in wins the game."))
    out.append(_("If a round would put every remaining player out at once, the best hand of that round stays in "
                 "with one last life (all of them, if tied), so the game always ends with a single winner."))
    return out


def _percent(chance: float) -> str:
    return decimal(f"{chance * 100:g}") + "%"


def _old_west(rules: Rules) -> list[str]:
    out = [_("Every player carries a one-shot derringer. A hit puts the target out of the game at once, "
             "whatever their lives; their cards go face down under the stock, and the game goes on. "
             "The last player standing wins.")]
    if rules.quick_draw:
        out.append(_("Quick Draw: anyone with a bullet may draw on another player at any moment of a round, even out "
                     "of turn, and drawing costs no turn. The drawn gun fires {speed} ms after the draw; for "
                     "{window} ms every other loaded player may fire back at the one who drew, and the faster shot "
                     "goes first. A player shot down before pulling the trigger never fires.")
                   .format(speed=rules.draw_speed_ms, window=rules.answer_window_ms))
    elif rules.shot_ends_turn:
        out.append(_("On your turn, before you draw, you may fire at any player still in. Firing is your whole turn."))
    else:
        out.append(_("On your turn, before you draw, you may fire at any player still in. You fire at the start of "
                     "your turn and then play it as usual."))
    table_clock = rules.misfire_clock.value == "table"
    if not rules.misfire_step:
        out.append(_("Guns never misfire.") if not rules.misfire_start else
                   _("Every shot has a {chance} chance to misfire.").format(chance=_percent(rules.misfire_start)))
    else:
        step, cap = _percent(rules.misfire_step), _percent(rules.misfire_cap)
        if not rules.misfire_start:
            text = (_("Guns never misfire at first, but sweat makes them fail: every turn at the table raises every "
                      "gun's chance by {step}, up to {cap}.") if table_clock else
                    _("Guns never misfire at first, but sweat makes them fail: each of your own turns raises your "
                      "gun's chance by {step}, up to {cap}."))
        else:
            text = (_("Guns start with a {start} chance to misfire, and sweat makes it worse: every turn at the table "
                      "raises every gun's chance by {step}, up to {cap}.") if table_clock else
                    _("Guns start with a {start} chance to misfire, and sweat makes it worse: each of your own turns "
                      "raises your gun's chance by {step}, up to {cap}."))
        out.append(text.format(start=_percent(rules.misfire_start), step=step, cap=cap))
    out.append(_("A misfire wastes the cartridge.") if rules.misfire_spends_bullet
               else _("A misfire only clicks: the cartridge stays and may be tried again on a later turn."))
    out.append({
        MisfireCost.NOTHING: "",
        MisfireCost.REVEAL: _("A misfire also turns the shooter's hand face up for the rest of the round."),
        MisfireCost.LIFE: _("A misfire also costs the shooter a life (the last one puts them out)."),
    }[rules.misfire_cost])
    out.append({
        Holster.NEVER: "",
        Holster.FIRST_ORBIT: _("In every round the guns stay holstered until everyone still in has had a turn."),
        Holster.LIFE_LOST: _("A player may shoot only once they have lost a life."),
    }[rules.holster])
    if rules.safe_until_played:
        out.append(_("Nobody can shoot or be shot before they have had a turn of their own."))
    if rules.bounty:
        out.append(_("Bounty: the shooter takes the lives the player shot had left."))
    if not rules.shoot_after_knock:
        out.append(_("Once someone has knocked, the guns stay holstered until the next round."))
    out = [line for line in out if line]
    if rules.min_players < 4:
        out.append(_("Best with four or more players."))
    return out
