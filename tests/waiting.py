"""Polling for real-window tests: wait until something is true, on the clock."""

import time

def wait_for(predicate, timeout_s: float, step_s: float = 0.05):
    """The first truthy value of ``predicate()`` within ``timeout_s`` seconds, else its last value."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step_s)
    return predicate()
