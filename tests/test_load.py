"""A bounded load test of the API on loopback: several concurrent clients read while an ingest
in another process writes to the same SQLite store; no request may fail (bench/bench_load.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytestmark = pytest.mark.slow
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))


def test_api_under_load_while_ingesting(capsys):
    from bench_load import run

    r = run(clients=4, requests=60, ingest_docs=120, seed_docs=30)
    with capsys.disabled():
        print(f"\nload: {r['requests']} requests from {r['clients']} clients, p50 {r['p50_ms']} ms, "
              f"p95 {r['p95_ms']} ms, max {r['max_ms']} ms, {r['errors']} errors; "
              f"{r['documents_written_during_load']} documents written during the load")
    assert r["requests"] == 240
    assert r["documents_written_during_load"] > 0  # the reads really met the writes
    assert r["errors"] == 0, r["failures"]
    assert r["ingest_exit_code"] == 0 and "120 coded" in r["ingest_summary"]
    assert r["store"]["documents"] == 150
