"""The whole package and its tests type-check under ``mypy --strict`` (configured in pyproject.toml)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.locations import ROOT


@pytest.mark.skipif(shutil.which("mypy") is None and not (Path(sys.executable).parent / "mypy").exists(),
                    reason="mypy is not installed (pip install -e '.[test]')")
def test_the_whole_package_and_its_tests_pass_mypy_strict():
    done = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
