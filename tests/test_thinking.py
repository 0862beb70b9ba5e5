"""The thinking worker: answers in order from one process, a failing request, a dead worker, no waiting."""

from __future__ import annotations

import multiprocessing
import os
import time

from thirtyone.thinking import Thinker, Ticket


def wait(*tickets: Ticket) -> None:
    deadline = time.monotonic() + 300  # only bounds a hang
    while not all(t.done for t in tickets) and time.monotonic() < deadline:
        for ticket in tickets:
            ticket.result()
        time.sleep(0.02)


def test_answers_come_back_in_order_from_one_worker_and_a_failing_request_fails_alone() -> None:
    thinker = Thinker()
    try:
        first, broken, last = thinker.start(sorted, [3, 1, 2]), thinker.start(int, "x"), thinker.start(len, "abcd")
        wait(first, broken, last)
        assert first.result() == [1, 2, 3] and not first.failed
        assert broken.done and broken.failed and broken.result() is None
        assert last.result() == 4 and not thinker.busy
        assert thinker.starts == 1  # one process served all three
    finally:
        thinker.close()


def test_start_and_poll_never_wait_for_the_answer(tmp_path) -> None:
    from tests.worker_bots import wait_for_file
    go = tmp_path / "go"
    thinker = Thinker()
    try:
        slow = thinker.start(wait_for_file, str(go))  # answers only once the test says so, below
        big = thinker.start(len, "x" * 5_000_000)  # larger than a pipe holds: sent by the sending thread
        polled = thinker.poll()
        assert polled == 0 and not slow.done and not big.done  # had start or poll waited, both were answered
        go.touch()
        wait(slow, big)
        assert big.result() == 5_000_000
    finally:
        thinker.close()


def test_a_dead_worker_fails_its_requests_and_the_next_request_starts_another() -> None:
    thinker = Thinker()
    try:
        dying = thinker.start(os._exit, 3)
        wait(dying)
        assert dying.failed and dying.result() is None
        again = thinker.start(sorted, "cba")
        wait(again)
        assert again.result() == ["a", "b", "c"] and thinker.starts == 2
    finally:
        thinker.close()


def test_closing_fails_open_requests_and_no_process_is_a_failed_ticket(monkeypatch) -> None:
    thinker = Thinker()
    slow = thinker.start(time.sleep, 30)
    thinker.close()
    assert slow.done and slow.failed

    def refuse(self):
        raise OSError(11, "Resource temporarily unavailable")
    monkeypatch.setattr(multiprocessing.get_context("spawn").Process, "start", refuse)
    refused = Thinker().start(sorted, [2, 1])
    assert refused.done and refused.failed and refused.result() is None


def test_a_shared_thinker_is_one_per_name_in_the_process() -> None:
    from thirtyone.thinking import shared_thinker
    assert shared_thinker("test-a") is shared_thinker("test-a")
    assert shared_thinker("test-a") is not shared_thinker("test-b")
