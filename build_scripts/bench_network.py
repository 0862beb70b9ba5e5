"""Benchmark: what playing over the network costs per action, on localhost.

A host (``TableHost``, in this process) and three remote seats plus a spectator
(bots in a second process, so the host's CPU is measured alone) play whole games.
Prints per action: the messages and bytes the host sent (to all four connections)
and received, the added latency a player waits (from sending an action to
receiving the state it caused, p50/p95 over every action of every client; aim:
p95 under 20 ms), the engine's own share of it (applying the action and observing
it in-process), and the host's CPU seconds per game. Then the bytes per action
by round (mean and p95 over the round's actions, all four connections together:
flat means no message grows with the game), and the hidden cards found in every
frame each connection received (``net.audit.leaks``: must be 0). Usage:
    python build_scripts/bench_network.py [--games 5] [--preset classic]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import threading
import time
from typing import Any

from thirtyone.bots import make_bot
from thirtyone.model import apply, observe, preset
from thirtyone.model.json_input import decode_json
from thirtyone.net.audit import leaks
from thirtyone.net.client import TableClient
from thirtyone.net.host import TableHost, TablePlan

CODE = "KX4-TRM"


def _seat(url: str, seat: int, out: dict[Any, Any]) -> None:
    """One remote seat: a casual bot that times each action until the state it caused arrives."""
    client = TableClient(url, CODE, name=f"P{seat}", seat=seat)
    client.connect()
    bot, rng = make_bot("casual"), random.Random(seat)
    sent_at: dict[int, float] = {}
    waits: list[float] = []
    received = 0
    while True:
        message = client.receive(60)
        if message is None:
            break
        received += 1
        kind = message["type"]
        if kind == "end":
            break
        if kind != "state":
            continue
        number = message["action_number"]
        if number - 1 in sent_at:
            waits.append(time.perf_counter() - sent_at.pop(number - 1))
        observation = client.observation()
        if observation is not None and observation.legal_actions and number not in sent_at:
            action = bot.choose(observation, rng)
            sent_at[number] = time.perf_counter()
            client.act(str(action), turn=number)
    client.close()
    out[seat] = {"waits": waits, "bytes_in": sum(len(f.encode()) for f in client.received), "frames": received,
                 "received": client.received}


def _clients(url: str, seats: int, pipe: Any) -> None:
    """The second process: every remote seat and a spectator, each on its own thread."""
    out: dict[Any, Any] = {}
    threads = [threading.Thread(target=_seat, args=(url, seat, out)) for seat in range(seats)]
    for thread in threads:
        thread.start()
    watcher = TableClient(url, CODE, spectate=True)
    watcher.connect()
    while watcher.receive(60) is not None and watcher.end is None:
        pass
    for thread in threads:
        thread.join()
    out["spectator"] = {"waits": [], "bytes_in": sum(len(f.encode()) for f in watcher.received),
                        "frames": len(watcher.received), "received": watcher.received}
    pipe.send(out)


def engine_share(record: Any) -> list[float]:
    """Seconds to apply each action of the game and observe the table for every seat, in-process."""
    state = record.initial_state()
    costs = []
    for action in record.actions:
        started = time.perf_counter()
        state, _events = apply(state, action)
        for seat in range(len(state.names)):
            observe(state, seat)
        costs.append(time.perf_counter() - started)
    return costs


def bytes_by_action(record: Any, frames: list[str], per_action: dict[int, int]) -> None:
    """Add each frame's bytes to the action that caused it (the latest state's number; the welcome and
    lobby before the first state count for action 0)."""
    number = 0
    for frame in frames:
        message = decode_json(frame)
        if isinstance(message, dict) and message.get("type") == "state":
            number = int(message["action_number"])
        per_action[number] = per_action.get(number, 0) + len(frame.encode())


def rounds_of(record: Any) -> list[int]:
    """The round each action number's state is in (action 0: the first round)."""
    rounds = [record.initial_state().round_number]
    for _before, _action, after, _events in record.replay():
        rounds.append(after.round_number)
    return rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--preset", default="classic")
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    waits: list[float] = []
    engine: list[float] = []
    frames = bytes_out = actions = 0
    cpu: list[float] = []
    by_round: dict[int, list[int]] = {}
    per_action_bytes: list[int] = []
    hidden = checked = 0
    for game in range(args.games):
        host = TableHost(TablePlan(preset(args.preset), ["remote", "remote", "remote", "sharp"], preset=args.preset,
                                   seed=game + 1), CODE, port=0)
        host.start()
        receiving, sending = context.Pipe(duplex=False)
        process = context.Process(target=_clients, args=(host.url, 3, sending))
        started = time.process_time()
        process.start()
        host.wait(600)
        results = receiving.recv()
        process.join(60)
        cpu.append(time.process_time() - started)
        host.stop()
        record = host.record
        assert record is not None and record.final_state().is_terminal, "the game did not end"
        actions += len(record.actions)
        engine += engine_share(record)
        per_action: dict[int, int] = {}
        rounds = rounds_of(record)
        for who, result in results.items():
            waits += result["waits"]
            frames += result["frames"]
            bytes_out += result["bytes_in"]
            bytes_by_action(record, result["received"], per_action)
            hidden += len(leaks(record, None if who == "spectator" else who, result["received"]))
            checked += len(result["received"])
        for number, size in per_action.items():
            if number > 0:  # action 0 is the joining: welcome, lobby, the first state
                by_round.setdefault(rounds[min(number, len(rounds) - 1)], []).append(size)
                per_action_bytes.append(size)
    waits_ms = sorted(w * 1000 for w in waits)
    p95 = waits_ms[int(0.95 * (len(waits_ms) - 1))]
    print(f"{args.games} games of {args.preset}, 3 remote seats + 1 host bot + 1 spectator, {actions} actions")
    print(f"messages per action (host to all 4 connections): {frames / actions:.2f}")
    print(f"bytes per action (host to all 4 connections): {bytes_out / actions:,.0f}")
    print(f"added latency per action (act to its state, localhost): p50 {statistics.median(waits_ms):.2f} ms, "
          f"p95 {p95:.2f} ms (aim: p95 under 20 ms) over {len(waits_ms)} actions")
    print(f"engine's share (apply + observe every seat, in-process): p50 "
          f"{statistics.median(engine) * 1000:.3f} ms")
    ordered = sorted(per_action_bytes)
    print(f"bytes per action, p95 (host to all 4 connections): {ordered[int(0.95 * (len(ordered) - 1))]:,}")
    print("bytes per action by round (mean / p95, host to all 4 connections):")
    for number in sorted(by_round)[:12]:
        sizes = sorted(by_round[number])
        print(f"  round {number:2}: {statistics.mean(sizes):7,.0f} / {sizes[int(0.95 * (len(sizes) - 1))]:7,}"
              f"  ({len(sizes)} actions)")
    print(f"hidden cards in received frames: {hidden} (in {checked} frames to 3 seats and a spectator; must be 0)")
    print(f"host CPU per game: {statistics.mean(cpu):.2f} s ({statistics.mean(cpu) / (actions / args.games) * 1000:.2f} "
          f"ms per action)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
