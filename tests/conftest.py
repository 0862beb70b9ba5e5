"""Shared test settings: hypothesis profiles and the engine helpers on the path."""

import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# "ci" keeps the default run short; "long" is the separate, thorough property run
# (HYPOTHESIS_PROFILE=long python -m pytest tests/model/test_properties.py).
settings.register_profile("ci", settings(max_examples=30, deadline=None))
settings.register_profile("long", settings(max_examples=1500, deadline=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
