"""The README documents every command and every setting (a test fails when one is added silently)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from conftest import REPO
from eventcoder.cli.main import COMMANDS
from eventcoder.settings import Settings

README = (REPO / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_is_documented(command):
    assert f"eventcoder {command}" in README


@pytest.mark.parametrize("name", [f.name for f in fields(Settings)])
def test_every_setting_is_documented(name):
    assert f"`{name}`" in README
