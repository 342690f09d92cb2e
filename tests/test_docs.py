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


def test_the_test_extra_holds_every_optional_package_the_readme_says_it_does():
    # the README: "'.[test]' includes them all"; CI installs that extra, so a package missing from it
    # would leave its code and tests untried
    import tomllib

    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert "'.[test]'` includes them all" in README
    test = set(extras["test"])
    for name in ("train", "parquet", "postgres", "ray", "villages", "web"):
        assert set(extras[name]) <= test, (name, set(extras[name]) - test)
