"""Where the tests find the project and their data files, wherever a test file sits."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
"""The project's root folder (pyproject.toml, build_scripts, thirtyone)."""
DATA = TESTS / "data"
"""Recorded games and other fixtures."""
