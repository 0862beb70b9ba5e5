"""A state's observation as the change since the last one its connection was sent, and back.

The first state a connection gets (and the first after it reconnects) holds the
whole observation; every later one only what changed (``docs/network.md``,
"Deltas"): ``changes`` gives the fields whose value is new, ``extend`` the lists
that only grew (``discards``, ``log``, ``results``), by their new items, or by the
word ``"events"`` when those items are the message's own events (the round's log)
or the results its ``RoundEnded`` events carry; ``changes`` gives ``log`` as
``"events"`` when a new round's log is exactly the message's events, and when it
changes ``round_number`` the fields a round starts afresh (``round_start``) are
taken at their starting values unless it gives them. So a message's size follows the
action, not the game: finished rounds and the log are never sent again. Both
sides use these two functions, so what the host means is what the client reads.
"""

from __future__ import annotations

from typing import Any

GROWING = ("discards", "log", "results")
"""Observation lists that usually grow by a few items between two states."""
FROM_EVENTS = "events"
"""``extend``'s word for "the items are this message's events" (``log``) or their round results (``results``)."""


def round_start(observation: dict[str, Any]) -> dict[str, Any]:
    """The fields a new round starts afresh, at their starting values: a delta that changes ``round_number``
    leaves out those still at them."""
    return {"known": [[] for _ in observation.get("names", [])], "knocker": -1, "turns_taken": 0, "taken": None,
            "drawn": None, "board": [], "discards": []}


class DeltaError(ValueError):
    """A delta that does not fit the observation it is to change (the message says what is wrong)."""


def _event_results(events: list[Any]) -> list[Any]:
    return [event["result"] for event in events if isinstance(event, dict) and event.get("event") == "RoundEnded"]


def diff(before: dict[str, Any], after: dict[str, Any], events: list[Any]) -> dict[str, Any]:
    """``changes`` and ``extend`` (each left out when empty) that turn ``before`` into ``after``."""
    changes: dict[str, Any] = {}
    extend: dict[str, Any] = {}
    if before.get("round_number") != after.get("round_number"):
        before = {**before, **round_start(before)}
        changes["round_number"] = after.get("round_number")
    for field, value in after.items():
        old = before.get(field)
        if field in before and old == value:
            continue
        if field in GROWING and isinstance(old, list) and isinstance(value, list) and len(value) > len(old) \
                and value[:len(old)] == old:
            tail = value[len(old):]
            if field == "log" and tail == events or field == "results" and tail == _event_results(events):
                extend[field] = FROM_EVENTS
            else:
                extend[field] = tail
            continue
        changes[field] = FROM_EVENTS if field == "log" and value == events and events else value
    delta: dict[str, Any] = {}
    if changes:
        delta["changes"] = changes
    if extend:
        delta["extend"] = extend
    return delta


def patch(before: dict[str, Any], delta: dict[str, Any], events: list[Any]) -> dict[str, Any]:
    """``before`` with ``delta`` (``diff``'s output) applied: a new observation dict; ``DeltaError`` if it does not fit."""
    changes = delta.get("changes", {})
    extend = delta.get("extend", {})
    if not isinstance(changes, dict) or not isinstance(extend, dict):
        raise DeltaError("changes and extend must be objects")
    after = dict(before)
    if "round_number" in changes:
        after.update(round_start(before))
    after.update(changes)
    if changes.get("log") == FROM_EVENTS:  # a new round: its log so far is this message's events
        after["log"] = list(events)
    for field, tail in extend.items():
        old = after.get(field)
        if field not in GROWING or not isinstance(old, list):
            raise DeltaError(f"cannot extend {field!r}")
        if tail == FROM_EVENTS:
            tail = events if field == "log" else _event_results(events)
        if not isinstance(tail, list):
            raise DeltaError(f"{field!r} extended by something that is not a list")
        after[field] = old + tail
    return after
