"""The store on SQLite and on a real PostgreSQL server: idempotent re-ingest, replacement,
merging across documents, splitting, migrations, and exports that read back."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest
from sqlalchemy import create_engine, text

from eventcoder.cli.main import main
from eventcoder.document import Document
from eventcoder.errors import StoreError
from eventcoder.export import write_acled_csv, write_geojson, write_jsonl, write_parquet
from eventcoder.export.acled import ACLED_COLUMNS
from eventcoder.store import open_store
from eventcoder.store.database import Filters
from eventcoder.store.schema import SCHEMA_VERSION

TEXT = "Rebels clashed with soldiers near Goma, Congo, on Monday, killing four soldiers."


def clash(**overrides) -> dict:
    ev = {"event_type": "Battles", "sub_event_type": "Armed clash", "disorder_type": "Political violence",
          "event_date": "2024-03-12", "time_precision": 1, "actor1": "Military Forces of Nigeria",
          "actor2": "Islamic State West Africa Province", "assoc_actor_1": [], "assoc_actor_2": [],
          "inter1": "State forces", "inter2": "Rebel group", "country": "Nigeria", "iso3": "NGA",
          "admin1": "Borno", "admin2": None, "location": "Maiduguri", "latitude": 11.8464, "longitude": 13.1603,
          "geo_precision": 1, "fatalities": 5, "confidence": 0.7, "status": "reported", "notes": "A clash.",
          "fatality_claims": [{"count": 5, "low": 5, "high": 5, "who": None, "claimed_by": "the army",
                               "text": "five"}],
          "claimed_by": ["the army"], "evidence": [{"start": 0, "end": 10, "text": "A clash..."}]}
    ev.update(overrides)
    return ev


def add(store, doc_id: str, *events, source: str | None = None, text: str | None = None, url=None):
    doc = Document(text=text or f"text of {doc_id}", id=doc_id, source=source or f"Outlet {doc_id}", url=url)
    coded = {"id": doc_id, "published": "2024-03-13", "published_source": "given", "events": list(events)}
    return store.add(doc, coded)


def test_a_document_given_anew_with_another_date_or_country_is_coded_again(store_url):
    # the same text with a corrected publication date moves its relative dates: not "unchanged"
    store = open_store(store_url)

    def doc(**kw):
        return Document(text=TEXT, id="dated", **kw)

    coded = {"id": "dated", "published": "2024-03-13", "published_source": "given", "events": [clash()]}
    assert store.add(doc(published="2024-03-13"), coded).status == "added"
    assert store.is_stored(doc(published="2024-03-13")) and store.is_stored(doc())
    assert not store.is_stored(doc(published="2024-03-14"))
    assert store.add(doc(published="2024-03-14"), {**coded, "published": "2024-03-14"}).status == "replaced"
    assert store.document("dated")["published"] == "2024-03-14"
    # a source country given where none was, or another title, is a change too
    assert not store.is_stored(doc(country="KEN")) and not store.is_stored(doc(title="Another headline"))
    with_country = {**coded, "published": "2024-03-14", "source_country": "KEN", "source_country_from": "given"}
    assert store.add(doc(published="2024-03-14", country="KEN"), with_country).status == "replaced"
    assert store.is_stored(doc(country="KEN")) and not store.is_stored(doc(country="UGA"))


def test_filters_read_country_codes_and_take_wildcards_literally(store_url):
    store = open_store(store_url)
    add(store, "d1", clash(actor2="Kelmo_Front 100%"), source="A")
    add(store, "d2", clash(actor2="Dunde Brigade", country="Kenya", iso3="KEN", notes="A raid.",
                           latitude=-1.28, longitude=36.82, location="Nairobi"), source="B")
    assert len(store.query(Filters(country="ke"))) == 1 and len(store.query(Filters(country="ng"))) == 1
    assert [e["actor2"] for e in store.query(Filters(actor="_front 100%"))] == ["Kelmo_Front 100%"]
    for value in ("%", "_"):  # (only the name holding them, not every name)
        assert [e["actor2"] for e in store.query(Filters(actor=value))] == ["Kelmo_Front 100%"], value
        assert store.query(Filters(text=value)) == [], value
    for value in ("e_b", "e%b", "\\"):  # ("Dunde Brigade" holds none of them)
        assert store.query(Filters(actor=value)) == [], value


def test_statuses_and_replacement(store_url):
    store = open_store(store_url)
    assert add(store, "d1", clash()).status == "added"
    assert add(store, "d1", clash()).status == "unchanged"
    assert store.counts() == {"documents": 1, "events": 1, "merged_events": 1}
    # the same id with a changed text replaces the coding, and its merged event follows
    assert add(store, "d1", clash(fatalities=9), text="changed").status == "replaced"
    assert store.counts() == {"documents": 1, "events": 1, "merged_events": 1}
    assert store.query()[0]["fatalities"] == 9
    # the same URL under another id is the same document
    assert add(store, "d2", clash(), url="https://example.org/a").status == "added"
    assert add(store, "d3", clash(), url="https://example.org/a", text="new text").status == "replaced"
    assert store.document("d2") is None and store.document("d3") is not None


def test_reports_of_one_event_merge_with_lowest_fatalities(store_url):
    store = open_store(store_url)
    assert add(store, "a", clash(fatalities=7)).new == 1
    r = add(store, "b", clash(fatalities=5, latitude=11.90, event_date="2024-03-11", actor1=None,
                              inter1=None))  # 6 km away, a day earlier, one side unnamed
    assert (r.new, r.merged) == (0, 1)
    r = add(store, "c", clash(fatalities=0, fatality_claims=[], sub_event_type="Armed clash",
                              actor2="Islamic State West Africa Province", actor1=None))
    assert r.merged == 1
    [ev] = store.query()
    assert ev["n_sources"] == 3 and ev["fatalities"] == 5  # lowest figure given; c gives none
    assert ev["sources"] == ["Outlet a", "Outlet b", "Outlet c"]
    detail = store.event(ev["id"])
    assert {s["document_id"] for s in detail["source_reports"]} == {"a", "b", "c"}
    claims = {s["document_id"]: s["fatality_claims"] for s in detail["source_reports"]}
    assert claims["a"][0]["count"] == 5 and claims["c"] == []
    assert detail["source_reports"][0]["evidence"][0]["text"] == "A clash..."


@pytest.mark.parametrize("other", [
    {"event_date": "2024-03-15"},  # three days later
    {"latitude": 12.40, "longitude": 13.60, "location": "Konduga"},  # 75 km away
    {"actor2": "Boko Haram"},  # named actors that do not meet
    {"event_type": "Protests", "sub_event_type": "Peaceful protest", "actor1": "Protesters (Nigeria)",
     "actor2": None},
    {"iso3": "CMR", "country": "Cameroon"},
    {"event_type": "Strategic developments", "sub_event_type": "Arrests"},
])
def test_distinct_events_do_not_merge(store_url, other):
    store = open_store(store_url)
    add(store, "a", clash())
    assert add(store, "b", clash(**other)).merged == 0
    assert store.counts()["merged_events"] == 2


def test_one_documents_events_never_merge_together_and_region_level_events_use_admin1(store_url):
    store = open_store(store_url)
    assert add(store, "a", clash(), clash(event_date="2024-03-12")).new == 2
    # a report coded to the region (geo_precision 3) joins an event in the same admin1
    r = add(store, "b", clash(geo_precision=3, latitude=11.0, longitude=12.5, location="Borno"))
    assert r.merged == 1


def test_split_and_never_merge_again(store_url):
    store = open_store(store_url)
    add(store, "a", clash())
    add(store, "b", clash(fatalities=8))
    add(store, "c", clash(fatalities=6))
    [ev] = store.query()
    assert ev["n_sources"] == 3
    ids = store.split(ev["id"], ["c"])
    assert len(ids) == 2 and ids[0] == ev["id"]
    by_id = {e["id"]: e for e in store.query()}
    assert by_id[ids[0]]["n_sources"] == 2 and by_id[ids[1]]["n_sources"] == 1
    assert by_id[ids[1]]["fatalities"] == 6
    ids2 = store.split(ids[0])
    assert len(ids2) == 2 and store.counts()["merged_events"] == 3
    with pytest.raises(StoreError, match="single source"):
        store.split(ids[1])
    with pytest.raises(StoreError, match="no merged event"):
        store.split(99999)
    # re-coding document c (changed text) keeps it apart from a and b: the split holds
    add(store, "c", clash(fatalities=6), text="corrected")
    assert store.counts()["merged_events"] == 3
    # a new report still joins one of them
    assert add(store, "d", clash()).merged == 1


def test_a_split_holds_when_the_document_coded_again_tells_its_events_in_another_order(store_url):
    store = open_store(store_url)
    fight = clash(evidence=[{"start": 0, "end": 30, "text": "Rebels fought soldiers near Goma"}])
    march = clash(event_type="Protests", sub_event_type="Peaceful protest", actor1="Protesters (Nigeria)",
                  actor2=None, inter1="Protesters", inter2=None, fatalities=0, fatality_claims=[],
                  evidence=[{"start": 40, "end": 70, "text": "Residents marched in Goma"}])
    add(store, "wire", fight)
    add(store, "lakes", fight, march)
    [both] = [e for e in store.query() if e["n_sources"] == 2]
    store.split(both["id"], ["lakes"])
    # the corrected text tells the march first: the fight is "lakes#1" now, and still apart from the wire's
    assert add(store, "lakes", march, fight, text="corrected text").merged == 0
    assert sorted(e["n_sources"] for e in store.query()) == [1, 1, 1]
    # a block whose event is gone is dropped, not left on whatever event takes its place
    add(store, "lakes", march, text="the fight left out")
    assert add(store, "other", fight).merged == 1


def test_copies_after_a_split_and_the_first_published_copied(store_url):
    store = open_store(store_url)
    said = [{"start": 0, "end": 40, "text": "Gunmen stormed the Kelmora cattle market"}]

    def told(doc, published, text=WIRE):
        coded = {"id": doc, "published": published, "published_source": "given", "events": [clash(evidence=said)]}
        return store.add(Document(text=text, id=doc, source=f"Outlet {doc}"), coded)

    # the copy stored first: the text published first is the one copied all the same
    told("rerun", "2024-03-14", "KELMORA (Wire) - " + WIRE)
    told("wire", "2024-03-13")
    told("own", "2024-03-13", "Six traders died in Kelmora when raiders came at dawn on Tuesday.")
    [ev] = store.query()
    copy_of = {r["document_id"]: r["copy_of"] for r in store.event(ev["id"])["source_reports"]}
    assert copy_of == {"wire": None, "rerun": "wire", "own": None} and ev["n_sources"] == 2
    # the original split off: the copy left behind is a source of its own
    ids = store.split(ev["id"], ["wire"])
    by_id = {e["id"]: e for e in store.query()}
    assert [r["copy_of"] for r in store.event(ids[0])["source_reports"]] == [None, None]
    assert by_id[ids[0]]["n_sources"] == 2 and by_id[ids[1]]["n_sources"] == 1
    with pytest.raises(StoreError, match="all the sources"):
        store.split(ids[0], ["rerun", "own"])


def test_an_event_id_is_never_given_twice(store_url):
    store = open_store(store_url)
    add(store, "a", clash())
    add(store, "b", clash(iso3="KEN", country="Kenya", latitude=-1.28, longitude=36.82, location="Nairobi"))
    [top] = [e["id"] for e in store.query() if e["iso3"] == "KEN"]
    add(store, "b", text="its event taken back")  # (coded again with no event: its merged event is gone)
    add(store, "c", clash(iso3="UGA", country="Uganda", latitude=0.35, longitude=32.58, location="Kampala"))
    [new] = [e["id"] for e in store.query() if e["iso3"] == "UGA"]
    assert new > top


def test_one_text_from_two_outlets_given_no_ids_is_two_documents(store_url):
    from eventcoder.document import text_id

    store = open_store(store_url)
    said = [{"start": 0, "end": 40, "text": "Gunmen stormed the Kelmora cattle market"}]

    def told(**kw):
        doc = Document(text=WIRE, published="2024-03-13", **kw)
        return doc, store.add(doc, {"id": doc.id, "published": "2024-03-13", "published_source": "given",
                                    "events": [clash(evidence=said)]})

    (a, ra), (b, rb) = told(url="https://kelmo.example/a"), told(url="https://dunde.example/b")
    (c, rc), (d, rd) = told(source="Kelmo Times"), told(source="Dunde Post")
    assert len({a.id, b.id, c.id, d.id}) == 4 and [r.status for r in (ra, rb, rc, rd)] == ["added"] * 4
    [ev] = store.query()
    assert ev["n_sources"] == 1 and store.counts()["documents"] == 4
    # a page corrected at its address is the same document
    assert Document(text=WIRE + " More.", url="https://kelmo.example/a").id == a.id
    # a document stored when ids were made of the text alone is found again, not stored twice
    old = Document(text="Kelmo traders buried their dead.", id=text_id("Kelmo traders buried their dead."),
                   source="Kelmo Times")
    store.add(old, {"id": old.id, "published": None, "published_source": "none", "events": []})
    again = Document(text="Kelmo traders buried their dead.", source="Kelmo Times")
    assert again.id != old.id and store.is_stored(again)
    assert store.add(again, {"id": again.id, "published": None, "published_source": "none",
                             "events": []}).status == "unchanged"
    assert not store.is_stored(Document(text="Kelmo traders buried their dead.", source="Dunde Post"))


def test_filters(store_url):
    store = open_store(store_url)
    add(store, "a", clash())
    add(store, "b", clash(event_type="Protests", sub_event_type="Peaceful protest", actor1="Protesters (Kenya)",
                          actor2=None, iso3="KEN", country="Kenya", event_date="2024-04-02",
                          latitude=-1.28, longitude=36.82, location="Nairobi", fatalities=0, fatality_claims=[]))
    assert [e["location"] for e in store.query(Filters(country="KEN"))] == ["Nairobi"]
    assert [e["location"] for e in store.query(Filters(country="nigeria"))] == ["Maiduguri"]
    assert [e["location"] for e in store.query(Filters(event_type="Peaceful protest"))] == ["Nairobi"]
    assert [e["location"] for e in store.query(Filters(actor="west africa"))] == ["Maiduguri"]
    from datetime import date

    assert store.count(Filters(since=date(2024, 4, 1))) == 1
    assert store.count(Filters(until=date(2024, 3, 31))) == 1
    assert store.count(Filters(text="nairobi")) == 1
    s = store.stats()
    assert s["merged_events"] == 2 and s["fatalities"] == 5 and s["first_date"] == "2024-03-12"


def test_newer_store_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'n.db'}"
    open_store(url)
    con = sqlite3.connect(tmp_path / "n.db")
    con.execute("update eventcoder_meta set value = '99' where key = 'schema_version'")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="newer than this eventcoder"):
        open_store(url)


V1_DDL = """
CREATE TABLE eventcoder_meta (key VARCHAR(64) PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (id VARCHAR(200) PRIMARY KEY, text_hash VARCHAR(64) NOT NULL, url TEXT, title TEXT,
  source TEXT, origin TEXT, published VARCHAR(10), published_source VARCHAR(16), text TEXT NOT NULL,
  coded TEXT NOT NULL, coded_at VARCHAR(32) NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, document_id VARCHAR(200) NOT NULL
  REFERENCES documents(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL, event_date VARCHAR(10),
  time_precision INTEGER, disorder_type VARCHAR(64), event_type VARCHAR(64), sub_event_type VARCHAR(64),
  actor1 TEXT, actor2 TEXT, inter1 VARCHAR(32), inter2 VARCHAR(32), country VARCHAR(100), iso3 VARCHAR(3),
  admin1 TEXT, location TEXT, latitude FLOAT, longitude FLOAT, geo_precision INTEGER, fatalities INTEGER,
  status VARCHAR(16), confidence FLOAT, notes TEXT, event TEXT NOT NULL);
INSERT INTO eventcoder_meta VALUES ('schema_version', '1');
"""


def test_migration_from_version_1_merges_stored_events(tmp_path):
    path = tmp_path / "v1.db"
    con = sqlite3.connect(path)
    con.executescript(V1_DDL)
    for i, fat in enumerate((4, 3)):
        ev = clash(fatalities=fat)
        con.execute("insert into documents values (?, ?, null, null, ?, 'x', '2024-03-13', 'given', ?, '{}', ?)",
                    (f"old{i}", f"h{i}", f"Paper {i}", f"the report of paper {i}", f"2024-03-13T00:00:0{i}"))
        con.execute("insert into events (document_id, ordinal, event_date, event_type, iso3, fatalities, event) "
                    "values (?, 0, ?, ?, 'NGA', ?, ?)", (f"old{i}", ev["event_date"], ev["event_type"], fat,
                                                        json.dumps(ev)))
    con.commit()
    con.close()
    store = open_store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION
    assert store.counts() == {"documents": 2, "events": 2, "merged_events": 1}
    [ev] = store.query()
    assert ev["n_sources"] == 2 and ev["fatalities"] == 3 and ev["sources"] == ["Paper 0", "Paper 1"]
    cols = {r[1] for r in sqlite3.connect(path).execute("pragma table_info(events)")}
    assert {"date_end", "admin2"} <= cols


WIRE = ("Gunmen stormed the Kelmora cattle market on Tuesday and opened fire on traders, killing six "
        "people and wounding eleven others, the district police chief told reporters on Wednesday.")
SAID = [{"start": 0, "end": 40, "text": "Gunmen stormed the Kelmora cattle market"}]  # (an event's words, of WIRE)


def test_copies_of_one_text_count_once_as_a_source(store_url):
    store = open_store(store_url)
    add(store, "wire", clash(confidence=0.6, evidence=SAID), source="Wire", text=WIRE)
    add(store, "rerun", clash(confidence=0.6, evidence=SAID), source="Dunde Post", text="KELMORA (Wire) - " + WIRE)
    add(store, "own", clash(confidence=0.5), source="Kelmo Times",
        text="Six traders died when attackers on motorcycles raided the Kelmora market on Tuesday.")
    [ev] = store.query()
    # three outlets ran it, two sources told it
    assert sorted(ev["sources"]) == ["Dunde Post", "Kelmo Times", "Wire"] and ev["n_sources"] == 2
    assert ev["confidence"] == round(1 - 0.4 * 0.5, 3)
    copy_of = {r["document_id"]: r["copy_of"] for r in store.event(ev["id"])["source_reports"]}
    assert copy_of == {"wire": None, "rerun": "wire", "own": None}
    # the text copied taken out (replaced by another story): the copy is a source of its own
    add(store, "wire", clash(confidence=0.6, latitude=12.9), source="Wire", text="Another story altogether.")
    [ev] = [e for e in store.query() if e["latitude"] == 11.8464]
    copy_of = {r["document_id"]: r["copy_of"] for r in store.event(ev["id"])["source_reports"]}
    assert copy_of == {"rerun": None, "own": None} and ev["n_sources"] == 2


def test_a_copy_under_another_dateline_is_a_copy(store_url):
    store = open_store(store_url)
    for doc, dateline in (("wire", "KELMORA, March 12 (Wire) - "), ("rerun", "DUNDE, March 12 (Wire) - ")):
        # (the event's first sentence, its evidence, opens with each outlet's own dateline)
        said = [{"start": 0, "end": 60, "text": dateline + WIRE.split(", killing")[0] + "."}]
        add(store, doc, clash(evidence=said), source=f"Outlet {doc}", text=dateline + WIRE)
    [ev] = store.query()
    assert ev["n_sources"] == 1
    assert {r["document_id"]: r["copy_of"] for r in store.event(ev["id"])["source_reports"]} == {
        "wire": None, "rerun": "wire"}


def test_a_copy_run_days_later_joins_the_event_of_the_words_it_copies(store_url):
    store = open_store(store_url)
    said = SAID
    add(store, "wire", clash(evidence=said), source="Wire", text=WIRE)
    # run three days later, its "on Tuesday" read as another Tuesday: the same event all the same
    r = add(store, "rerun", clash(evidence=said, event_date="2024-03-15"), source="Dunde Post",
            text="KELMORA (Wire) - " + WIRE)
    assert (r.new, r.merged) == (0, 1)
    [ev] = store.query()
    assert ev["n_sources"] == 1 and ev["event_date"] == "2024-03-12"
    # a report in its own words on that later day, or a copy's other event, is another event
    assert add(store, "own", clash(event_date="2024-03-15"), text="Kelmo traders buried their dead.").new == 1
    other = [{"start": 0, "end": 20, "text": "No group has claimed"}]
    assert add(store, "rerun2", clash(evidence=other, event_date="2024-03-18"), text="(Dunde) " + WIRE).new == 1


def test_a_copy_joins_across_days_only_when_the_same_words_date_it(store_url):
    store = open_store(store_url)
    background = (" The editor was held over a land case, which his paper calls a pretext to silence "
                  "its reporting on the district council and its contracts.")
    said = [{"start": 44, "end": 90, "text": "The editor was held over a land case"}]

    def told(doc, opening, day, when, published):
        coded = {"id": doc, "published": published, "published_source": "given",
                 "events": [clash(event_type="Protests", sub_event_type="Peaceful protest", actor1="Protesters (Nigeria)",
                                  actor2=None, inter1="Protesters", inter2=None, event_date=day, evidence=said,
                                  fatalities=0, fatality_claims=[])],
                 "times": [{"text": when, "value": day, "precision": "day"}]}
        return store.add(Document(text=opening + background, id=doc, source=f"Outlet {doc}"), coded)

    told("first", "Journalists marched in Maiduguri yesterday.", "2024-03-12", "yesterday", "2024-03-13")
    # the same text run three days later: its "yesterday" is another day, the same event
    assert told("rerun", "Journalists marched in Maiduguri yesterday.", "2024-03-15", "yesterday",
                "2024-03-16").merged == 1
    # a note to the same pattern about another day's march: its own event
    assert told("later", "Journalists marched in Maiduguri on 19 March.", "2024-03-19", "19 March",
                "2024-03-20").new == 1
    assert sorted(e["n_sources"] for e in store.query()) == [1, 1]


def test_a_shortened_copy_stored_first_is_the_copy_all_the_same(store_url):
    store = open_store(store_url)
    first, second = WIRE.split(", the district police chief")[0] + ".", "The police chief told reporters on Wednesday."
    full = [{"start": 0, "end": 40, "text": first}, {"start": 41, "end": 80, "text": second}]
    # the copy runs the story's first sentence only, and is stored before the story itself
    add(store, "short", clash(evidence=full[:1]), text="KELMORA (Wire) - " + WIRE, source="Dunde Post")
    add(store, "story", clash(evidence=full), text=WIRE, source="Wire")
    [ev] = store.query()
    assert ev["n_sources"] == 1
    assert {r["document_id"]: r["copy_of"] for r in store.event(ev["id"])["source_reports"]} == {
        "story": None, "short": "story"}
    # a copy that writes its apostrophes and spaces otherwise is told in the same words
    from eventcoder.store.merging import same_mention
    assert same_mention({"evidence": [{"text": "The chief's  men fled."}]}, {"evidence": [{"text": "The chief’s men fled."}]})


def test_migration_from_version_2_counts_copies_once_and_keeps_ids(tmp_path):
    path = tmp_path / "v2.db"
    store = open_store(f"sqlite:///{path}")
    for doc, source in (("wire", "Wire"), ("rerun", "Dunde Post")):
        add(store, doc, clash(evidence=SAID), source=source, text=WIRE)
    # another event of two reports in their own words: nothing about it changes
    kenya = dict(iso3="KEN", country="Kenya", latitude=-1.28, longitude=36.82, location="Nairobi")
    add(store, "own1", clash(**kenya), text="Rebels and soldiers fought near Nairobi on Tuesday.")
    add(store, "own2", clash(**kenya), text="A clash between troops and a rebel band shook the outskirts.")
    [before] = [e for e in store.query() if e["iso3"] == "NGA"]
    store.engine.dispose()
    # the store as version 2 left it: no copy_of, each document a source
    con = sqlite3.connect(path)
    con.execute("alter table event_sources drop column copy_of")
    con.execute("update merged_events set n_sources = 2")
    con.execute("update eventcoder_meta set value = '2' where key = 'schema_version'")
    con.commit()
    con.close()
    stamps = "select iso3, updated_at from merged_events"
    con = sqlite3.connect(path)
    con.execute("update merged_events set updated_at = '2000-01-01T00:00:00+00:00'")  # (an old timestamp)
    con.commit()
    con.close()
    store = open_store(f"sqlite:///{path}")
    assert store.schema_version() == SCHEMA_VERSION == 3
    [after] = [e for e in store.query() if e["iso3"] == "NGA"]
    assert after["id"] == before["id"] and after["n_sources"] == 1
    # the event whose copies the migration marked has a new timestamp (ACLED's `timestamp`); the other keeps its
    stamped = dict(sqlite3.connect(path).execute(stamps).fetchall())
    assert stamped["KEN"] == "2000-01-01T00:00:00+00:00" and stamped["NGA"] > "2000-01-01T00:00:00+00:00"
    assert {r["document_id"]: r["copy_of"] for r in store.event(after["id"])["source_reports"]} == {
        "wire": None, "rerun": "wire"}


def _filled(store_url):
    store = open_store(store_url)
    add(store, "a", clash(assoc_actor_1=["Civilian JTF"]))
    add(store, "b", clash(fatalities=3))
    add(store, "c", clash(event_type="Violence against civilians", sub_event_type="Attack",
                          actor1="Unidentified Armed Group (Nigeria)", actor2="Civilians (Nigeria)",
                          inter1="Political militia", inter2="Civilians", location="Kano",
                          latitude=12.0, longitude=8.52, admin1="Kano", event_date="2024-03-20",
                          notes='Gunmen killed "two" farmers, near Kano; a comma, a quote'))
    add(store, "d", clash(latitude=None, longitude=None, location=None, admin1=None, event_date="2024-05-01",
                          geo_precision=None))
    return store


def test_acled_csv_reads_back_with_csv_and_pandas(store_url):
    import pandas as pd

    store = _filled(store_url)
    buf = io.StringIO()
    assert write_acled_csv(store.iter_query(), buf) == 3
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert tuple(rows[0].keys()) == ACLED_COLUMNS
    df = pd.read_csv(io.StringIO(buf.getvalue()))
    assert tuple(df.columns) == ACLED_COLUMNS and len(df) == 3
    first = df.iloc[0]
    assert first["event_id_cnty"].startswith("NGA") and first["iso"] == 566 and first["region"] == "Western Africa"
    assert first["fatalities"] == 3 and first["source"] == "Outlet a; Outlet b"
    assert first["interaction"] == "State forces-Rebel group" and first["assoc_actor_1"] == "Civilian JTF"
    vac = df[df["event_type"] == "Violence against civilians"].iloc[0]
    assert vac["civilian_targeting"] == "Civilian targeting" and '"two" farmers' in vac["notes"]


def test_geojson_features_are_points_with_fields(store_url):
    store = _filled(store_url)
    buf = io.StringIO()
    written, skipped = write_geojson(store.iter_query(), buf)
    assert (written, skipped) == (2, 1)
    gj = json.loads(buf.getvalue())
    assert gj["type"] == "FeatureCollection" and len(gj["features"]) == 2
    for f in gj["features"]:
        assert f["geometry"]["type"] == "Point"
        lon, lat = f["geometry"]["coordinates"]
        assert lon == f["properties"]["longitude"] and lat == f["properties"]["latitude"]
        assert set(ACLED_COLUMNS) <= set(f["properties"])


def test_parquet_has_typed_columns(store_url, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    store = _filled(store_url)
    path = tmp_path / "e.parquet"
    assert write_parquet(store.iter_query(), str(path)) == 3
    table = pq.read_table(path)
    assert table.num_rows == 3
    assert table.schema.field("event_date").type == pa.date32()
    assert table.schema.field("fatalities").type == pa.int32()
    assert table.schema.field("latitude").type == pa.float64()
    assert table.column("iso").to_pylist()[0] == 566
    # an empty selection still writes a readable file with the same columns
    assert write_parquet(iter(()), str(tmp_path / "empty.parquet")) == 0
    assert pq.read_table(tmp_path / "empty.parquet").schema.names == table.schema.names


def test_jsonl_with_sources(store_url):
    store = _filled(store_url)
    buf = io.StringIO()
    assert write_jsonl(store.iter_query(), buf, store.event) == 3
    first = json.loads(buf.getvalue().splitlines()[0])
    assert len(first["source_reports"]) == 2 and first["source_reports"][0]["claimed_by"] == ["the army"]


def test_postgres_store_is_a_real_server(store_url):
    """Guard that the parametrised PostgreSQL runs really talk to PostgreSQL."""
    store = open_store(store_url)
    name = store.engine.dialect.name
    assert name == ("sqlite" if store_url.startswith("sqlite") else "postgresql")
    if name == "postgresql":
        with create_engine(store_url).connect() as conn:
            assert "PostgreSQL" in conn.execute(text("select version()")).scalar()


def test_bad_urls():
    from eventcoder.errors import ConfigError

    with pytest.raises(ConfigError, match="database URL"):
        open_store("eventcoder.db")
    with pytest.raises((StoreError, ConfigError)):
        open_store("nosuchdialect://x")


@pytest.mark.slow
def test_cli_ingest_events_export_stats_split(tmp_path, capsys):
    db = f"sqlite:///{tmp_path / 'events.db'}"
    f = tmp_path / "a.jsonl"
    lines = [{"id": "doc1", "text": TEXT, "published": "2022-01-12", "source": "Paper One"},
             {"id": "doc2", "text": TEXT.replace("four", "three"), "published": "2022-01-12", "source": "Paper Two"},
             {"id": "bad"}]
    f.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "-q"]) == 0
    out = capsys.readouterr()
    assert "3 documents read, 2 coded (0 replaced), 1 skipped (0 unchanged, 1 failed)" in out.out
    assert "1 events added, 1 merged" in out.out
    assert "a.jsonl:3" in out.err
    assert main(["ingest", str(f), "--db", db, "-q"]) == 0
    assert "2 unchanged" in capsys.readouterr().out
    con = sqlite3.connect(tmp_path / "events.db")  # opens as a plain SQLite file
    assert con.execute("select count(*) from merged_events").fetchone()[0] == 1
    assert con.execute("select n_sources, fatalities from merged_events").fetchone() == (2, 3)
    con.close()

    assert main(["events", "--db", db]) == 0
    assert "Battles" in capsys.readouterr().out
    assert main(["events", "--db", db, "show", "1"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert main(["events", "show", "1", "--db", db]) == 0  # (the option after the action too)
    assert json.loads(capsys.readouterr().out) == shown
    assert {s["source"] for s in shown["source_reports"]} == {"Paper One", "Paper Two"}
    out_csv = tmp_path / "e.csv"
    assert main(["export", "--db", db, "--format", "acled-csv", "--out", str(out_csv), "--country", "COD"]) == 0
    assert len(list(csv.DictReader(out_csv.open(encoding="utf-8")))) == 1
    assert main(["export", "--db", db, "--format", "parquet"]) == 1
    assert "--out" in capsys.readouterr().err
    assert main(["export", "--db", db, "--type", "Battle"]) == 1
    assert "unknown event type" in capsys.readouterr().err
    assert main(["export", "--db", db, "--since", "2022-13-01"]) == 1
    assert main(["stats", "--db", db]) == 0
    assert "merged events: 1" in capsys.readouterr().out
    assert main(["events", "--db", db, "split", "1"]) == 0
    assert "split into 2 events" in capsys.readouterr().out
    assert main(["events", "--db", db, "split", "1"]) == 1


@pytest.mark.slow
def test_cli_ingest_country_places_a_shared_name_in_the_sources_country(tmp_path, capsys):
    # a town name two countries have, ingested from a feed the user says is Pakistani: the event is stored
    # in Pakistan's town, and the stored coded document keeps the country it was given
    db = f"sqlite:///{tmp_path / 'events.db'}"
    f = tmp_path / "a.txt"
    f.write_text("Riot police used tear gas on traders who marched against new taxes in Hyderabad on Monday.\n",
                 encoding="utf-8")
    assert main(["ingest", str(f), "--db", db, "-q", "--published", "2023-05-02", "--country", "Pakistan"]) == 0
    capsys.readouterr()
    con = sqlite3.connect(tmp_path / "events.db")
    (coded,) = con.execute("select coded from documents").fetchone()
    con.close()
    assert json.loads(coded)["source_country"] == "PAK"
    assert main(["events", "--db", db, "--country", "PAK"]) == 0
    assert "Hyderabad" in capsys.readouterr().out
    assert main(["ingest", str(f), "--db", db, "-q", "--country", "Kelmoria"]) == 1
    assert "--country" in capsys.readouterr().err


def test_a_store_half_made_by_another_process_is_finished_not_refused(tmp_path):
    # another process's `ingest` made some of the tables and not yet the version row: this one goes on
    from eventcoder.store.schema import metadata

    url = f"sqlite:///{tmp_path / 'half.db'}"
    engine = create_engine(url)
    metadata.tables["documents"].create(engine)
    engine.dispose()
    store = open_store(url)
    assert store.counts() == {"documents": 0, "events": 0, "merged_events": 0}
    assert store.schema_version() == SCHEMA_VERSION
