"""The web app's API and pages through FastAPI's test client: every endpoint, bad parameters
answered with 4xx and a JSON message, the write token, request limits, escaping."""

from __future__ import annotations

import csv
import io
import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from eventcoder.document import Document  # noqa: E402
from eventcoder.errors import ConfigError, StoreError  # noqa: E402
from eventcoder.export.acled import ACLED_COLUMNS  # noqa: E402
from eventcoder.ingest.files import RECORD_SCHEMA, document_from_record  # noqa: E402
from eventcoder.store import open_store  # noqa: E402
from eventcoder.web.app import create_app, highlight, safe_link  # noqa: E402

TOKEN = "a-long-enough-write-token"
HOSTILE = ('Police dispersed protesters in Nairobi. <script>alert(1)</script> '
           '<a href="javascript:alert(2)">click</a> <img src=x onerror=alert(3)>')


def event(**kw):
    ev = {"event_type": "Battles", "sub_event_type": "Armed clash", "disorder_type": "Political violence",
          "event_date": "2024-03-12", "time_precision": 1, "actor1": "Military Forces of Nigeria",
          "actor2": "Boko Haram", "assoc_actor_1": [], "assoc_actor_2": [], "inter1": "State forces",
          "inter2": "Rebel group", "country": "Nigeria", "iso3": "NGA", "admin1": "Borno", "admin2": None,
          "location": "Maiduguri", "latitude": 11.85, "longitude": 13.16, "geo_precision": 1, "fatalities": 4,
          "confidence": 0.7, "status": "reported", "notes": "A clash.", "claimed_by": ["the army"],
          "fatality_claims": [{"count": 4, "low": 4, "high": 4, "who": "Boko Haram", "claimed_by": "the army",
                               "text": "four"}],
          "evidence": [{"start": 0, "end": 20, "text": "x"}]}
    ev.update(kw)
    return ev


@pytest.fixture()
def db(tmp_path):
    url = f"sqlite:///{tmp_path / 'web.db'}"
    store = open_store(url)
    for i in range(7):
        text = f"Soldiers fought Boko Haram in Maiduguri; report {i}. More text follows here."
        store.add(Document(text=text, id=f"d{i}", source=f"Paper {i}", url=f"https://news.example/{i}"),
                  {"id": f"d{i}", "published": "2024-03-13", "published_source": "given",
                   "events": [event(event_date=f"2024-03-{10 + 2 * i:02d}")]})
    store.add(Document(text=HOSTILE, id="evil", source="<b>Evil</b> Times", url="javascript:alert(4)",
                       title="<script>alert(5)</script>"),
              {"id": "evil", "published": "2024-04-02", "published_source": "given",
               "events": [event(event_type="Protests", sub_event_type="Protest with intervention",
                                disorder_type="Demonstrations", actor1="Protesters (Kenya)",
                                actor2="Police Forces of Kenya", iso3="KEN", country="Kenya",
                                location="<i>Nairobi</i>", latitude=-1.28, longitude=36.82, fatalities=0,
                                fatality_claims=[], event_date="2024-04-01", notes="<script>alert(6)</script>",
                                evidence=[{"start": 0, "end": len(HOSTILE), "text": HOSTILE}])]})
    return url


@pytest.fixture()
def client(db):
    return TestClient(create_app(db, tiles=None), raise_server_exceptions=False)


def test_events_list_filters_and_pages(client):
    r = client.get("/api/events", params={"per_page": 3})
    body = r.json()
    assert r.status_code == 200 and body["total"] == 8 and body["pages"] == 3 and len(body["events"]) == 3
    assert body["events"][0]["event_date"] == "2024-04-01"  # most recent first
    assert client.get("/api/events", params={"type": "Protests"}).json()["total"] == 1
    assert client.get("/api/events", params={"type": "Armed clash", "since": "2024-03-14"}).json()["total"] == 5
    assert client.get("/api/events", params={"country": "ken"}).json()["total"] == 1
    assert client.get("/api/events", params={"actor": "boko"}).json()["total"] == 7
    assert client.get("/api/events", params={"q": "nairobi"}).json()["total"] == 1
    assert client.get("/api/events", params={"until": "2024-03-11"}).json()["total"] == 1


@pytest.mark.parametrize("params,status,words", [
    ({"since": "2024-02-30"}, 400, "since"),
    ({"until": "yesterday"}, 400, "until"),
    ({"since": "2024-05-01", "until": "2024-04-01"}, 400, "after"),
    ({"type": "Battle"}, 400, "unknown event type"),
    ({"page": "0"}, 400, "page"),
    ({"page": "two"}, 400, "whole numbers"),
    ({"per_page": "100000"}, 400, "per_page"),
    ({"page": "99"}, 404, "past the end"),
    ({"actor": "x" * 500}, 400, "too long"),
    ({"q": "y" * 300}, 400, "'q' is too long"),
    ({"q": "a\x00b"}, 400, "NUL"),
    ({"country": "Kelmoria"}, 400, "names no country"),
])
def test_bad_parameters_get_a_json_message(client, params, status, words):
    r = client.get("/api/events", params=params)
    assert r.status_code == status
    assert r.headers["content-type"].startswith("application/json")
    assert words in r.json()["error"]


def test_one_event_documents_stats_timeline(client):
    first = client.get("/api/events", params={"type": "Armed clash"}).json()["events"][0]
    ev = client.get(f"/api/events/{first['id']}").json()
    assert ev["id"] == first["id"] and ev["source_reports"][0]["fatality_claims"][0]["claimed_by"] == "the army"
    assert client.get("/api/events/999999").status_code == 404
    assert client.get("/api/events/abc").status_code == 400
    docs = client.get("/api/documents", params={"per_page": 5}).json()
    assert docs["total"] == 8 and len(docs["documents"]) == 5 and "text" not in docs["documents"][0]
    assert client.get("/api/documents", params={"page": 3, "per_page": 5}).status_code == 404
    doc = client.get("/api/documents/d3").json()
    assert doc["text"].startswith("Soldiers fought") and doc["coded"]["id"] == "d3"
    assert client.get("/api/documents/nope").status_code == 404
    stats = client.get("/api/stats", params={"country": "NGA"}).json()
    assert stats["events_matching"] == 7 and stats["fatalities"] == 28
    tl = client.get("/api/timeline", params={"bucket": "day"}).json()
    assert tl["bucket"] == "day" and sum(s["events"] for s in tl["series"]) == 8
    weeks = client.get("/api/timeline", params={"bucket": "week"}).json()["series"]
    assert all(s["period"] in {"2024-03-04", "2024-03-11", "2024-03-18", "2024-03-25"} or
               s["event_type"] == "Protests" for s in weeks)
    assert client.get("/api/timeline", params={"bucket": "hour"}).status_code == 400


def test_filters_read_countries_and_literal_substrings(client):
    # any name or code of a country, as --country reads it
    assert client.get("/api/events", params={"country": "ke"}).json()["total"] == 1
    assert client.get("/api/events", params={"country": "Federal Republic of Nigeria"}).json()["total"] == 7
    # "%" and "_" are themselves, not LIKE's wildcards
    for value in ("%", "_", "bo%ko", "\\"):
        assert client.get("/api/events", params={"actor": value}).json()["total"] == 0, value
        assert client.get("/api/events", params={"q": value}).json()["total"] == 0, value
    assert client.get("/api/events", params={"actor": "boko"}).json()["total"] == 7


def test_ids_past_what_a_store_holds_are_not_found(client):
    huge = "9" * 25
    for path in (f"/api/events/{huge}", f"/events/{huge}", "/api/events/0", "/api/events/-3"):
        r = client.get(path)
        assert r.status_code == 404, (path, r.status_code)
    g = client.get("/api/events.geojson", params={"limit": huge})
    assert g.status_code == 200 and len(g.json()["features"]) == 8


def test_a_document_id_may_hold_slashes(tmp_path):
    url = f"sqlite:///{tmp_path / 'slash.db'}"
    open_store(url).add(Document(text="Riots broke out in Kelmora.", id="feeds/kelmo/1"),
                        {"id": "feeds/kelmo/1", "published": "2024-03-13", "published_source": "given",
                         "events": []})
    c = TestClient(create_app(url, tiles=None), raise_server_exceptions=False)
    r = c.get("/api/documents/feeds/kelmo/1")
    assert r.status_code == 200 and r.json()["id"] == "feeds/kelmo/1"


def test_downloads(client):
    r = client.get("/api/events.csv", params={"country": "Nigeria"})
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert r.status_code == 200 and tuple(rows[0]) == ACLED_COLUMNS and len(rows) == 7
    g = client.get("/api/events.geojson", params={"limit": 2}).json()
    assert g["type"] == "FeatureCollection" and len(g["features"]) == 2
    assert all(f["geometry"]["type"] == "Point" for f in g["features"])
    assert client.get("/api/events.geojson", params={"limit": "0"}).status_code == 400
    # the CSV's "limit": the most recent N
    r = client.get("/api/events.csv", params={"limit": 2})
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert r.status_code == 200 and len(rows) == 2 and {row["event_date"] for row in rows} == {"2024-04-01", "2024-03-22"}
    assert client.get("/api/events.csv", params={"limit": "abc"}).status_code == 400


def test_openapi_documents_every_endpoint(client):
    spec = client.get("/openapi.json").json()
    for path in ("/api/events", "/api/events/{event_id}", "/api/events.csv", "/api/events.geojson",
                 "/api/timeline", "/api/stats", "/api/documents", "/api/documents/{document_id}"):
        assert path in spec["paths"], path
    post = spec["paths"]["/api/documents"]["post"]
    # the body's shape: a JSON object with a text, and the other fields a document is read with
    body = post["requestBody"]["content"]["application/json"]["schema"]
    assert post["requestBody"]["required"] and body["required"] == ["text"]
    assert set(body["properties"]) == {"text", "id", "published", "title", "url", "source", "country"}
    assert {"201", "200", "401", "413"} <= set(post["responses"])


def test_openapi_body_fields_are_the_fields_a_document_is_read_with():
    record = {"text": "Kelmo villagers marched.", "id": "d-1", "published": "2024-03-13", "title": "A march",
              "url": "https://example.org/a", "source": "The Kelmo Times", "country": "KE"}
    assert set(record) == set(RECORD_SCHEMA["properties"])
    doc = document_from_record(record, "test")
    assert (doc.text, doc.id, str(doc.published), doc.title, doc.url, doc.source, doc.country) == (
        "Kelmo villagers marched.", "d-1", "2024-03-13", "A march", "https://example.org/a", "The Kelmo Times", "KEN")


def test_pages_render_and_escape_article_text(client):
    home = client.get("/", params={"type": "Protests"})
    assert home.status_code == 200 and "Content-Security-Policy" in home.headers
    assert "&lt;i&gt;Nairobi&lt;/i&gt;" in home.text and "<i>Nairobi</i>" not in home.text
    evil = client.get("/api/events", params={"type": "Protests"}).json()["events"][0]
    page = client.get(f"/events/{evil['id']}")
    assert page.status_code == 200
    html = page.text
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'href="javascript:' not in html
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(3)&gt;" in html
    assert "&lt;b&gt;Evil&lt;/b&gt; Times" in html
    assert '<mark class="evidence">' in html
    assert client.get("/events/424242").status_code == 404
    assert client.get("/", params={"since": "bad"}).status_code == 400
    assert "error-message" in client.get("/", params={"since": "bad"}).text


def test_helpers():
    assert safe_link("https://x.org/a") == "https://x.org/a"
    for bad in ("javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", " javascript:x", None, ""):
        assert safe_link(bad) is None
    assert highlight("abcdefgh", [{"start": 2, "end": 4}, {"start": 3, "end": 6}]) == [
        ("ab", False), ("cdef", True), ("gh", False)]
    assert highlight("abc", [{"start": 5, "end": 9}]) == [("abc", False)]


def test_reads_are_read_only_and_writes_need_the_token(db, tmp_path, monkeypatch):
    app = create_app(db, tiles=None)
    c = TestClient(app, raise_server_exceptions=False)
    r = c.post("/api/documents", json={"text": "x"})
    assert r.status_code == 403 and "read-only" in r.json()["error"]
    reader = open_store(db, readonly=True)
    with pytest.raises(StoreError):
        reader.add(Document(text="y", id="y"), {"id": "y", "published": None, "published_source": "none",
                                                 "events": []})
    with pytest.raises(ConfigError, match="16 characters"):
        create_app(db, write_token="short")
    with pytest.raises(StoreError, match="no store"):
        open_store(f"sqlite:///{tmp_path / 'absent.db'}", readonly=True)


@pytest.mark.slow
def test_post_document_codes_and_stores(db):
    c = TestClient(create_app(db, write_token=TOKEN, tiles=None), raise_server_exceptions=False)
    doc = {"text": "Gunmen killed three farmers in Maiduguri, Nigeria, on Monday, police said.",
           "published": "2024-03-13", "source": "Wire", "id": "posted-1"}
    assert c.post("/api/documents", json=doc).status_code == 401
    assert c.post("/api/documents", json=doc, headers={"Authorization": "Bearer wrong-token-wrong"}).status_code == 401
    auth = {"Authorization": f"Bearer {TOKEN}"}
    r = c.post("/api/documents", json=doc, headers=auth)
    assert r.status_code == 201, r.text
    assert r.json()["status"] == "added" and r.json()["events"] >= 1
    assert c.get("/api/documents/posted-1").json()["source"] == "Wire"
    again = c.post("/api/documents", json=doc, headers=auth)
    assert again.status_code == 200 and again.json()["status"] == "unchanged"
    # a metadata field that is no string is the request's fault, named
    for field, value in (("url", 123), ("title", ["a"]), ("source", {"a": 1}), ("id", {"a": 1})):
        r = c.post("/api/documents", json={**doc, "id": "posted-2", field: value}, headers=auth)
        assert r.status_code == 400 and f"'{field}' must be a string" in r.json()["error"], r.text
    assert c.post("/api/documents", content=b"not json", headers=auth).status_code == 400
    assert c.post("/api/documents", json={"title": "no text"}, headers=auth).status_code == 400
    assert c.post("/api/documents", json={"text": "  "}, headers=auth).status_code == 400
    big = json.dumps({"text": "x" * 3_000_000})
    r = c.post("/api/documents", content=big, headers={**auth, "content-type": "application/json"})
    assert r.status_code == 413 and "over" in r.json()["error"]


def test_errors_never_show_a_trace(db, monkeypatch):
    from eventcoder.store.database import Store

    def boom(*a, **k):
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(Store, "count", boom)
    c = TestClient(create_app(db, tiles=None), raise_server_exceptions=False)
    r = c.get("/api/events")
    assert r.status_code == 500 and r.json() == {"error": "internal error (logged on the server)"}
    assert "secret" not in r.text and "Traceback" not in r.text


def test_api_docs_page_is_served(client):
    r = client.get("/docs")
    assert r.status_code == 200 and "swagger" in r.text.lower()
    assert "Content-Security-Policy" not in r.headers  # it loads Swagger UI from its CDN
    assert "Content-Security-Policy" in client.get("/").headers


def test_head_answers_as_get_without_a_body(client):
    for path in ("/", "/api/events", "/api/events.csv", "/api/events/999999"):
        get, head = client.get(path), client.head(path)
        assert head.status_code == get.status_code and head.content == b"", path
        assert head.headers["content-type"] == get.headers["content-type"], path


def test_an_event_page_says_which_report_copies_another(tmp_path):
    url = f"sqlite:///{tmp_path / 'copies.db'}"
    store = open_store(url)
    wire = "Soldiers fought Boko Haram fighters near Maiduguri on Monday, the army said in a statement."
    said = [{"start": 0, "end": 40, "text": "Soldiers fought Boko Haram fighters near Maiduguri"}]
    for doc, text in (("wire", wire), ("rerun", "MAIDUGURI (Wire) - " + wire)):
        store.add(Document(text=text, id=doc, source=f"Outlet {doc}"),
                  {"id": doc, "published": "2024-03-13", "published_source": "given", "events": [event(evidence=said)]})
    [ev] = store.query()
    client = TestClient(create_app(url, tiles=None), raise_server_exceptions=False)
    body = client.get(f"/api/events/{ev['id']}").json()
    assert body["n_sources"] == 1 and {r["document_id"]: r["copy_of"] for r in body["source_reports"]} == {
        "wire": None, "rerun": "wire"}
    page = client.get(f"/events/{ev['id']}").text
    assert page.count("a copy of the text of document <code>wire</code>") == 1
