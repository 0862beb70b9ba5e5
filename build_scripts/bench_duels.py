"""Quick Draw duels and Old West shootings, measured: who wins a draw, and how often players are shot.

    python build_scripts/bench_duels.py duels --duels 4000            # one drawer against each bot level
    python build_scripts/bench_duels.py games --games 200 --jobs 2    # game length and players shot per round
    python build_scripts/bench_duels.py respect --games 150           # the Expert's turn-based shots, then and now

``duels`` plays single duels through the engine: seat 0 draws on seat 1, a bot of each
level, which answers as it would in a game (``Gunslinger.answer_draw``); the other seats
have empty guns, so nothing else fires. Both guns start at the same misfire chance (given
by ``--misfire``), and each duel has its own game seed, so misfires are rolled as in play.
It prints, per level, how often the drawer's shot puts the target out, how often the
target's answer puts the drawer out, and how often both guns click. A last line plays a
person answering at 300 ms (the drawer's level does not matter: a drawn gun fires at the
rules' draw speed; in games, ``bench_old_west.py --rows human-quick-draw``).

``games`` plays whole four-seat bot games of the ``old-west`` and ``quick-draw`` presets
(duplicate deals and rotating seats, as ``bench_old_west.py``) and prints how long they
last and how many players are shot per round: on average, in the worst round, and how
often two or more fall in one round; and for Quick Draw how the draws went.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Sequence

from thirtyone.bots import make_bot
from thirtyone.bots.gunslinger import Gunslinger
from thirtyone.controller import Match
from thirtyone.model import Fire, GameState, Phase, QuickDraw, Rules, apply, new_game, observe, preset
from thirtyone.model import events as ev
from thirtyone.model.actions import DEAL
from thirtyone.model.record import Seat
from thirtyone.tournament.runner import MAX_ACTIONS, deal_seed
from thirtyone.tournament.stats import wilson_interval

LEVELS = ("beginner", "casual", "sharp", "expert")
HUMAN_ANSWER_MS = 300
"""The person of issue 30: answers a draw on themselves 300 ms after the cue."""
NAMES = ("Drawer", "Target", "Cleo", "Dan")


def _rate(wins: int, total: int) -> str:
    low, high = wilson_interval(wins, total)
    return f"{wins / total:.1%} ({low:.1%}–{high:.1%})"


def dealt(rules: Rules, seed: int) -> GameState:
    """A first round in play from game seed ``seed`` (the next seed up when a 31 on the deal ends it)."""
    while True:
        state, _ = apply(new_game(rules, NAMES, seed=seed, first_dealer=3), DEAL)
        if state.phase is Phase.TURN:
            return state
        seed += 7_919


def one_duel(rules: Rules, seed: int, misfire: float, answer: int | None) -> str:
    """Seat 0 draws on seat 1, which answers after ``answer`` ms (``None``: not at all).

    Returns ``drawer`` (the target is shot), ``target`` (the drawer is shot) or ``none``.
    """
    state = dealt(rules, seed)
    sweat = round(misfire / rules.misfire_step) if rules.misfire_step else 0
    state = state.evolve(tokens=(4, 4, 4, 4), played=(True,) * 4, sweat=(sweat,) * 4,
                         bullets=(True, True, False, False))
    answers = ((1, answer),) if answer is not None else ()
    _, events = apply(state, QuickDraw(0, 1, answers))
    for event in events:
        if isinstance(event, ev.Hit):
            return "drawer" if event.shooter == 0 else "target"
    return "none"


def bot_answer(rules: Rules, level: str, seed: int) -> int | None:
    """The answer a bot of ``level`` in seat 1 gives a draw on itself, as the controller asks it."""
    bot = make_bot(level)
    assert isinstance(bot, Gunslinger)
    state = dealt(rules, seed).evolve(tokens=(4, 4, 4, 4), played=(True,) * 4)
    return bot.answer_draw(observe(state, 1), 0, 1, random.Random(seed))


def duels(count: int, misfires: Sequence[float], seed: int) -> None:
    """Print the duel table."""
    rules = preset("quick-draw")
    print(f"Quick Draw duels: the drawn gun fires {rules.draw_speed_ms} ms after the draw; "
          f"{count} duels per line, --seed {seed}")
    print("| drawer | target answers | misfire | drawer wins (95% CI) | target wins | both click |")
    print("|---|---|---:|---:|---:|---:|")
    for misfire in misfires:
        for level in LEVELS:
            results = Counter(one_duel(rules, seed * 1_000_003 + n, misfire, bot_answer(rules, level, seed + n))
                              for n in range(count))
            print(f"| anyone | {level} | {misfire:.0%} | {_rate(results['drawer'], count)} | "
                  f"{results['target'] / count:.1%} | {results['none'] / count:.1%} |")
        results = Counter(one_duel(rules, seed * 1_000_003 + n, misfire, HUMAN_ANSWER_MS) for n in range(count))
        print(f"| anyone | a person at {HUMAN_ANSWER_MS} ms | {misfire:.0%} | {_rate(results['drawer'], count)} | "
              f"**{results['target'] / count:.1%}** | {results['none'] / count:.1%} |")


@dataclass
class GameShots:
    """What one game showed: its rounds, the players shot in each, and its Quick Draw duels."""

    rounds: int
    winner: str
    """The winner's bot level ("" if the game was stopped)."""
    shot_per_round: list[int] = field(default_factory=list)
    draws: int = 0
    drawer_won: int = 0
    drawer_lost: int = 0
    on_empty: int = 0
    """Draws on a target whose gun was empty (it cannot answer)."""
    won_on_empty: int = 0
    draws_by_level: Counter[str] = field(default_factory=Counter)
    """Draws by the drawer's bot level."""
    won_by_level: Counter[str] = field(default_factory=Counter)
    """Draws whose drawn gun put its target out, by the drawer's level."""


MIX = ("sharp", "casual", "casual", "beginner")


def play(task: tuple[str, int, int]) -> GameShots:
    """Game ``index`` of ``preset_id`` with the bench's four bots (rotating seats, duplicate deals)."""
    preset_id, seed, index = task
    count = len(MIX)
    deal, rotation = divmod(index, count)
    entry_at = [(seat - rotation) % count for seat in range(count)]
    bots = {seat: make_bot(MIX[entry]) for seat, entry in enumerate(entry_at)}
    seats = [Seat(f"{MIX[entry]} {seat}", f"bot:{MIX[entry]}") for seat, entry in enumerate(entry_at)]
    match = Match.new(preset(preset_id), seats, seed=deal_seed(seed, deal), bots=bots)
    try:
        match.play_bots_to_end(MAX_ACTIONS)
    except RuntimeError:
        pass
    winner = MIX[entry_at[match.winner]] if match.is_over and match.winner >= 0 else ""
    facts = GameShots(match.state.round_number, winner)
    shooter = target = -1
    empty = False
    for before, _action, _after, events in match.record.replay():
        for event in events:
            if isinstance(event, ev.RoundStarted):
                facts.shot_per_round.append(0)
            elif isinstance(event, ev.GunDrawn):
                facts.draws += 1
                shooter, target = event.shooter, event.target
                empty = not before.bullets[target]
                facts.on_empty += empty
                facts.draws_by_level[MIX[entry_at[shooter]]] += 1
            elif isinstance(event, ev.Hit):
                facts.shot_per_round[-1] += 1
                if event.shooter == shooter and event.target == target:
                    facts.drawer_won += 1
                    facts.won_on_empty += empty
                    facts.won_by_level[MIX[entry_at[shooter]]] += 1
                elif event.target == shooter:
                    facts.drawer_lost += 1
    return facts


def games(count: int, seed: int, jobs: int) -> None:
    """Print game length and shootings per round for both gun presets."""
    count = -(-count // len(MIX)) * len(MIX)
    print(f"Old West games: {', '.join(MIX)} (rotating seats, duplicate deals), {count} games per line, --seed {seed}")
    print("| preset | rounds/game | shot/game | shot/round | rounds with 2+ shot | most in a round | "
          "shot in rounds 1–3 | draws/game | drawer's shot hits | drawer shot |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for preset_id in ("old-west", "quick-draw"):
        tasks = [(preset_id, seed, index) for index in range(count)]
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                facts = pool.map(play, tasks, chunksize=4)
        else:
            facts = [play(task) for task in tasks]
        rounds = [shot for game in facts for shot in game.shot_per_round]
        shot = sum(rounds)
        early = sum(sum(game.shot_per_round[:3]) for game in facts)
        draws = sum(game.draws for game in facts)
        won = sum(game.drawer_won for game in facts)
        lost = sum(game.drawer_lost for game in facts)
        duel = (f"{draws / count:.2f} | {won / draws:.0%} | {lost / draws:.0%}" if draws else "- | - | -")
        print(f"| {preset_id} | {len(rounds) / count:.1f} | {shot / count:.2f} | {shot / len(rounds):.3f} | "
              f"{sum(1 for n in rounds if n >= 2) / len(rounds):.1%} | {max(rounds)} | {early / count:.2f} | {duel} |",
              flush=True)
        if draws:
            by_level = sum((game.draws_by_level for game in facts), Counter[str]())
            won_by_level = sum((game.won_by_level for game in facts), Counter[str]())
            on_empty = sum(game.on_empty for game in facts)
            won_on_empty = sum(game.won_on_empty for game in facts)
            loaded = draws - on_empty
            print(f"|   | draws on a loaded gun: {loaded / draws:.0%} of draws, the drawer's shot hits "
                  f"{(won - won_on_empty) / max(1, loaded):.0%}; on an empty gun: hits "
                  f"{won_on_empty / max(1, on_empty):.0%} |")
            print("|   | wins: " + ", ".join(
                f"{level} {sum(1 for game in facts if game.winner == level) / count / MIX.count(level):.1%}"
                for level in dict.fromkeys(MIX)) + " each; draws/game by the drawer's level: " + ", ".join(
                f"{level} {by_level[level] / count:.2f} (hit {won_by_level[level] / max(1, by_level[level]):.0%})"
                for level in dict.fromkeys(MIX)) + " |")


EARLIER_SPEEDS = {"expert": (170, 270), "sharp": (205, 340), "casual": (250, 400), "beginner": (300, 470)}
"""The answer times before issue 30, with which the Expert's ``respect`` of 2 was measured."""


def respect(count: int, seed: int) -> None:
    """Print how often the Expert's turn-based shot choice agrees between today's speeds and the earlier ones.

    The positions come from ``old-west`` games of one of each level (the Expert's seat played
    by Sharp, for speed): every turn on which a shot is legal. The Expert style decides each
    twice: as it is, and with the earlier speeds, ``respect`` 2 and a skill factor of 1 at 273 ms.
    """
    from thirtyone.bots import gunslinger
    from thirtyone.bots.sharp import SharpBot

    now_style = gunslinger.STYLES["expert"]
    earlier_style = replace(now_style, respect=2.0, reaction_ms=EARLIER_SPEEDS["expert"])
    skilled_now = gunslinger.SKILLED_ANSWER_MS
    same = total = 0
    for game in range(count):
        levels = [LEVELS[(seat - game) % len(LEVELS)] for seat in range(len(LEVELS))]
        bots = {seat: make_bot("sharp" if level == "expert" else level) for seat, level in enumerate(levels)}
        seats = [Seat(f"{level} {seat}", f"bot:{level}") for seat, level in enumerate(levels)]
        match = Match.new(preset("old-west"), seats, seed=deal_seed(seed, game), bots=bots)
        match.play_bots_to_end(MAX_ACTIONS)
        for before, _action, _after, _events in match.record.replay():
            if before.phase is not Phase.TURN:
                continue
            observation = observe(before, before.current)
            if not any(isinstance(a, Fire) for a in observation.legal_actions):
                continue
            now = Gunslinger(SharpBot(), now_style)
            now.meet([gunslinger.STYLES[level].reaction_ms for level in levels])
            earlier = Gunslinger(SharpBot(), earlier_style)
            earlier.meet([EARLIER_SPEEDS[level] for level in levels])
            choice = now.target(observation, random.Random(total), costs_turn=True)
            gunslinger.SKILLED_ANSWER_MS = 273  # the constant the earlier factors were read against
            try:
                earlier_choice = earlier.target(observation, random.Random(total), costs_turn=True)
            finally:
                gunslinger.SKILLED_ANSWER_MS = skilled_now
            total += 1
            same += choice == earlier_choice
    print(f"old-west, {count} games, --seed {seed}: {total} turns with a legal shot; the Expert's choice "
          f"(whom, or to hold) is the same with the earlier speeds on {same} ({same / max(1, total):.1%})")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen measurement."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("what", choices=("duels", "games", "respect"))
    parser.add_argument("--duels", type=int, default=4000, help="duels per line")
    parser.add_argument("--misfire", default="0,0.2", help="comma-separated misfire chances of both guns")
    parser.add_argument("--games", type=int, default=200, help="games per preset (whole rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "duels":
        duels(args.duels, [float(m) for m in args.misfire.split(",")], args.seed)
    elif args.what == "respect":
        respect(args.games, args.seed)
    else:
        games(args.games, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
