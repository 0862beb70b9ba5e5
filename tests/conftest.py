"""Shared test settings: the hypothesis profiles. Helpers are imported as ``tests.engine_support`` …
(pytest puts the project root on the path: ``pythonpath`` in pyproject.toml)."""

import os

import pytest
from hypothesis import settings

# "ci" keeps the default run short; "long" is the separate, thorough property run
# (HYPOTHESIS_PROFILE=long python -m pytest tests/model/test_properties.py).
settings.register_profile("ci", settings(max_examples=30, deadline=None))
settings.register_profile("long", settings(max_examples=1500, deadline=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True, scope="session")
def _shared_reviews(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The coach's reviews kept for the workers of this run (tests/review_once.py) go into the run's
    temporary folder, shared by its xdist workers (each has its own below it), cleaned up by pytest."""
    from tests import review_once
    review_once.shared_folder = tmp_path_factory.getbasetemp().parent / "reviews"
