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


PG_ENV = "EVENTCODER_TEST_PG"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty store: a SQLite file, and a new database on the PostgreSQL server that
    `.ci/run` starts (its URL in EVENTCODER_TEST_PG; skipped when unset)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    import os
    import uuid

    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"no PostgreSQL server: set {PG_ENV} (`.ci/run` starts one)")
    from sqlalchemy import create_engine, text

    name = f"eventcoder_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    yield base.rsplit("/", 1)[0] + "/" + name

    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()
