"""Shared test settings: the hypothesis profiles. Helpers are imported as ``tests.engine_support`` …
(pytest puts the project root on the path: ``pythonpath`` in pyproject.toml)."""

import os

from hypothesis import settings

# "ci" keeps the default run short; "long" is the separate, thorough property run
# (HYPOTHESIS_PROFILE=long python -m pytest tests/model/test_properties.py).
settings.register_profile("ci", settings(max_examples=30, deadline=None))
settings.register_profile("long", settings(max_examples=1500, deadline=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
