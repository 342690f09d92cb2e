"""Shared fixtures: one pipeline per test session, and the ../shared folder when present."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (development data is read from ../shared, never committed)")
    return path


@pytest.fixture(scope="session")
def pipeline():
    from eventcoder.api import get_pipeline

    return get_pipeline()


@pytest.fixture(scope="session")
def code():
    import eventcoder

    return eventcoder.code


@pytest.fixture()
def tmp_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("EVENTCODER_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"
