"""Worker processes the window polls: an answer, a failing task, and no process to be had."""

from __future__ import annotations

import multiprocessing
import time

from thirtyone.background import ProcessJob


def wait(job: ProcessJob) -> object:
    deadline = time.monotonic() + 60
    while not job.done and time.monotonic() < deadline:
        job.result()
        time.sleep(0.02)
    return job.result()


def test_an_answer_comes_back_and_a_failing_task_is_failed() -> None:
    answer = ProcessJob(sorted, [3, 1, 2])
    assert wait(answer) == [1, 2, 3] and not answer.failed
    broken = ProcessJob(int, "not a number")
    assert wait(broken) is None and broken.failed


def test_no_process_to_be_had_is_a_failed_job_not_a_crash(monkeypatch) -> None:
    def refuse(self):
        raise OSError(11, "Resource temporarily unavailable")
    monkeypatch.setattr(multiprocessing.get_context("spawn").Process, "start", refuse)
    job = ProcessJob(sorted, [2, 1])
    assert job.failed and job.done and job.result() is None
    job.cancel()
