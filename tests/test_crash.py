"""Crash safety: ingest killed with SIGKILL at random points leaves a consistent store, loses
nothing stored, and a re-run finishes the job without duplicates (the same store as a run that
was never interrupted)."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter

import pytest

pytestmark = pytest.mark.slow

TOWNS = [("Maiduguri", "Nigeria"), ("Gao", "Mali"), ("Goma", "Democratic Republic of the Congo"),
         ("Kismayo", "Somalia"), ("Kandahar", "Afghanistan"), ("Aleppo", "Syria"), ("Taiz", "Yemen"),
         ("Bamenda", "Cameroon"), ("Djibo", "Burkina Faso"), ("Mandera", "Kenya")]
TEMPLATES = [
    "Gunmen attacked a market in {town}, {country}, on {day}, killing {n} civilians, police said.",
    "Soldiers clashed with militants near {town}, {country}, on {day}; {n} fighters were killed, the army said.",
    "Hundreds of people protested in {town}, {country}, on {day} against rising food prices.",
    "A roadside bomb exploded near {town}, {country}, on {day}, killing {n} soldiers, officials said.",
    "Police arrested {n} opposition activists in {town}, {country}, on {day}, a spokesman said.",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday"]


def corpus(n: int) -> list[dict]:
    rng = random.Random(7)
    docs = []
    for i in range(n):
        town, country = rng.choice(TOWNS)
        text = rng.choice(TEMPLATES).format(town=town, country=country, day=rng.choice(DAYS), n=rng.randint(2, 9))
        docs.append({"id": f"doc{i:03d}", "text": f"{text} (Report {i}.)", "published": "2024-06-14",
                     "source": f"Outlet {i % 4}"})
    return docs


def ingest_cmd(path, db) -> list[str]:
    # small batches: documents are stored a few at a time, so kills land at many points
    return [sys.executable, "-m", "eventcoder.cli.main", "ingest", str(path), "--db", db, "-q", "--batch-size", "4"]


def stored_documents(path) -> int:
    if not path.exists():
        return 0
    con = sqlite3.connect(path, timeout=30)  # a reader next to the writer (WAL): never blocks it
    try:
        return con.execute("select count(*) from documents").fetchone()[0]
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # the ingest has not created its tables yet
            return 0
        raise
    finally:
        con.close()


def check_consistent(path) -> dict:
    """Every stored document has all its coded events, each in exactly one merged event whose
    source count is right (documents that copy another's text count with it); nothing dangles."""
    con = sqlite3.connect(path)
    try:
        docs = con.execute("select id, coded from documents").fetchall()
        per_doc = Counter(r[0] for r in con.execute("select document_id from events"))
        for doc_id, coded in docs:
            assert per_doc.get(doc_id, 0) == len(json.loads(coded)["events"]), doc_id
        assert set(per_doc) <= {d for d, _ in docs}
        n_events = con.execute("select count(*) from events").fetchone()[0]
        linked = con.execute("select count(distinct event_id), count(*) from event_sources").fetchone()
        assert linked == (n_events, n_events)  # each event in exactly one merged event
        assert con.execute("select count(*) from event_sources s left join merged_events m "
                           "on m.id = s.merged_id where m.id is null").fetchone()[0] == 0
        for mid, n_sources in con.execute("select id, n_sources from merged_events"):
            docs_of = con.execute("select count(distinct coalesce(copy_of, document_id)) from event_sources "
                                  "where merged_id = ?", (mid,)).fetchone()[0]
            assert docs_of == n_sources >= 1, mid
        return {"documents": len(docs), "events": n_events,
                "merged": con.execute("select count(*) from merged_events").fetchone()[0]}
    finally:
        con.close()


def dataset(path) -> Counter:
    con = sqlite3.connect(path)
    try:
        return Counter(con.execute("select event_date, event_type, location, fatalities, n_sources, sources "
                                   "from merged_events").fetchall())
    finally:
        con.close()


def test_sigkill_mid_ingest_loses_nothing_and_rerun_finishes(tmp_path):
    docs = corpus(150)
    src = tmp_path / "docs.jsonl"
    src.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    env = dict(os.environ, PYTHONUNBUFFERED="1")

    clean = tmp_path / "clean.db"
    subprocess.run(ingest_cmd(src, f"sqlite:///{clean}"), check=True, env=env, capture_output=True, timeout=600)
    expected = check_consistent(clean)
    assert expected["documents"] == len(docs)

    crashed = tmp_path / "crashed.db"
    rng = random.Random(11)
    kills = 0
    before = 0
    for _ in range(4):
        target = min(len(docs) - 1, before + rng.randint(2, 12))
        proc = subprocess.Popen(ingest_cmd(src, f"sqlite:///{crashed}"), env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 300
        while proc.poll() is None and stored_documents(crashed) < target and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(rng.random() * 0.15)  # land anywhere in the next document's transaction
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        state = check_consistent(crashed)
        assert state["documents"] >= before  # nothing stored is ever lost
        before = state["documents"]
    assert kills >= 2, "the ingest finished before it could be killed; the test proved nothing"
    assert before < len(docs)

    done = subprocess.run(ingest_cmd(src, f"sqlite:///{crashed}"), env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert f"{before} unchanged" in done.stdout
    assert check_consistent(crashed) == expected
    assert dataset(crashed) == dataset(clean)
