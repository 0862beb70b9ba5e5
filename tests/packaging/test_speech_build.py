"""The built programs speak as the source does: the spec ships the speech modules, and each release
build's self-test fails when the system's voice cannot be reached."""

from __future__ import annotations

import pkgutil
import stat

import pytest

import thirtyone
from tests.locations import ROOT


def test_the_frozen_program_carries_every_speech_module_and_the_screen_reader_library():
    spec = (ROOT / "build_scripts" / "thirtyone.spec").read_text(encoding="utf-8")
    # collect_submodules("thirtyone") walks the package as pkgutil does: the speech package is in that walk.
    walked = {info.name for info in pkgutil.walk_packages(thirtyone.__path__, "thirtyone.")}
    assert {"thirtyone.speech", "thirtyone.speech.backends", "thirtyone.speech.speaker", "thirtyone.speech.prism_backend",
            "thirtyone.speech.table_voice", "thirtyone.speech.words", "thirtyone.speech.menus"} <= walked
    assert 'hiddenimports=collect_submodules("thirtyone") + SPEECH_MODULES' in spec
    # Prism's compiled folder goes in whole (its package path grows at import, which the scan cannot follow).
    assert 'collect_submodules("prism"' in spec and '"_cffi_backend"' in spec
    assert 'os.path.join("prism", "_native")' in spec and "binaries=SPEECH_BINARIES" in spec
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\"prismatoid>=0.18,<0.19; sys_platform == 'win32' or sys_platform == 'darwin'\"," in pyproject
    assert "accessible_output2" not in pyproject


def test_each_release_build_requires_the_system_voice_in_its_self_test():
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    build = workflow[workflow.index("\n  build:"):]
    assert "THIRTYONE_SELFTEST_SPEECH: required" in build
    assert 'pip install -e ".[build,speech]"' in build and "apt-get install -y espeak-ng" in build


def test_the_self_test_fails_without_a_voice_when_speech_is_required(monkeypatch, tmp_path):
    from thirtyone.speech import backends
    from thirtyone.ui.selftest import CHECKS, check_speech
    monkeypatch.setattr(backends, "_screen_reader", lambda language: None)  # no reader here: the system's programs
    assert "speech" in [name for name, _check in CHECKS]
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("THIRTYONE_SELFTEST_SPEECH", "required")
    with pytest.raises(RuntimeError, match="no system speech"):
        check_speech()
    monkeypatch.delenv("THIRTYONE_SELFTEST_SPEECH")
    assert check_speech().startswith("log; no system speech")
    espeak = tmp_path / "espeak-ng"
    espeak.write_text("#!/bin/sh\nexit 0\n")
    espeak.chmod(espeak.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("THIRTYONE_SELFTEST_SPEECH", "required")
    assert check_speech() == "log and espeak-ng"
