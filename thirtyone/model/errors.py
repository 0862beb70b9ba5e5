"""Errors raised by the rules engine. All are ``ValueError`` subclasses."""

from __future__ import annotations


class CardError(ValueError):
    """A card code could not be read, e.g. ``"1X"``."""


class RulesError(ValueError):
    """A set of rule options that contradict each other or make no sense."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why."""


class RecordError(ValueError):
    """A game record that is malformed, from a newer version, or replays illegally."""


class InvalidActionError(ValueError):
    """Action text that names no action at all, e.g. ``"dance"`` (a legal-or-not question never arises)."""


class PositionError(ValueError):
    """A one-line table (``notation.from_line``) that cannot be read; the message says which part and why."""
