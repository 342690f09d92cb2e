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


def _long_options():
    import argparse

    from eventcoder.cli.main import build_parser

    found = []

    def walk(name, parser):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(f"{name} {sub_name}".strip(), sub)
            found.extend((name, o) for o in action.option_strings if o.startswith("--") and o != "--help")

    walk("", build_parser())
    return sorted(set(found))


@pytest.mark.parametrize("command,option", _long_options())
def test_every_option_is_documented(command, option):
    assert option in README, f"`eventcoder {command} {option}` is not in the README"
