"""The store: ingest into a real temporary SQLite database, idempotent re-ingest, replacement."""

from __future__ import annotations

import sqlite3

from eventcoder.cli.main import main
from eventcoder.document import Document
from eventcoder.store import open_store

TEXT = "Rebels clashed with soldiers near Goma, Congo, on Monday, killing four soldiers."


def test_ingest_is_idempotent_and_replaces_changed_documents(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'events.db'}"
    f = tmp_path / "a.jsonl"
    f.write_text('{"id": "doc1", "text": "%s", "published": "2022-01-12"}\n' % TEXT, encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "-q"]) == 0
    out = capsys.readouterr().out
    assert "1 documents read, 1 coded" in out
    counts = open_store(db).counts()
    assert counts["documents"] == 1 and counts["events"] >= 1
    first_events = counts["events"]

    assert main(["ingest", str(f), "--db", db, "-q"]) == 0
    assert "1 unchanged" in capsys.readouterr().out
    assert open_store(db).counts() == {"documents": 1, "events": first_events}

    f.write_text('{"id": "doc1", "text": "%s", "published": "2022-01-12"}\n'
                 % TEXT.replace("four", "six"), encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "-q"]) == 0
    assert "1 replaced" in capsys.readouterr().out
    rows = open_store(db).events()
    assert open_store(db).counts()["documents"] == 1
    assert any(r["fatalities"] == 6 for r in rows)

    # the file opens as a plain SQLite database
    con = sqlite3.connect(tmp_path / "events.db")
    assert con.execute("select count(*) from documents").fetchone()[0] == 1
    con.close()

    assert main(["events", "--db", db]) == 0
    assert "Battles" in capsys.readouterr().out


def test_store_add_statuses(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 's.db'}")
    doc = Document(text="x", id="d1")
    coded = {"id": "d1", "published": None, "published_source": "none", "events": []}
    assert store.add(doc, coded) == "added"
    assert store.add(doc, coded) == "unchanged"
    assert store.add(Document(text="y", id="d1"), coded) == "replaced"
