"""Tables of the store (SQLAlchemy Core). A change of tables bumps SCHEMA_VERSION and adds a
migration in migrations.py that brings a store of the previous version up to this one.

- documents: each coded document, its text and its coding as JSON.
- events: the events coded from each document (one row per document event).
- merged_events: the dataset: one row per real-world event, merged across documents.
- event_sources: which coded events (so which documents) report each merged event, with the
  evidence and the claims of that source.
- merge_blocks: pairs of coded events a user split apart (`eventcoder events split`); they are
  never merged again.
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

SCHEMA_VERSION = 3

metadata = MetaData()

meta = Table(
    "eventcoder_meta", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

documents = Table(
    "documents", metadata,
    Column("id", String(200), primary_key=True),
    Column("text_hash", String(64), nullable=False, index=True),
    Column("url", Text, index=True),
    Column("title", Text),
    Column("source", Text),
    Column("origin", Text),
    Column("published", String(10)),
    Column("published_source", String(16)),
    Column("text", Text, nullable=False),
    Column("coded", Text, nullable=False),  # the coded document as JSON
    Column("coded_at", String(32), nullable=False),
)


def _event_columns() -> list[Column]:
    """The coded fields an event row carries, shared by `events` and `merged_events`."""
    return [
        Column("event_date", String(10), index=True),
        Column("date_end", String(10)),
        Column("time_precision", Integer),
        Column("disorder_type", String(64)),
        Column("event_type", String(64), index=True),
        Column("sub_event_type", String(64)),
        Column("actor1", Text),
        Column("actor2", Text),
        Column("inter1", String(32)),
        Column("inter2", String(32)),
        Column("country", String(100), index=True),
        Column("iso3", String(3)),
        Column("admin1", Text),
        Column("admin2", Text),
        Column("location", Text),
        Column("latitude", Float),
        Column("longitude", Float),
        Column("geo_precision", Integer),
        Column("fatalities", Integer),
        Column("status", String(16)),
        Column("confidence", Float),
        Column("notes", Text),
    ]


events = Table(
    "events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("document_id", String(200), ForeignKey("documents.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("ordinal", Integer, nullable=False),
    *_event_columns(),
    Column("event", Text, nullable=False),  # the full coded event as JSON
)

merged_events = Table(
    "merged_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    *_event_columns(),
    Column("assoc_actor_1", Text),  # "; "-joined, as in ACLED's exports
    Column("assoc_actor_2", Text),
    Column("sources", Text),  # outlets, "; "-joined
    Column("n_sources", Integer, nullable=False, default=1),
    Column("created_at", String(32), nullable=False),
    Column("updated_at", String(32), nullable=False),
    Index("ix_merged_events_iso3_date", "iso3", "event_date"),
)

event_sources = Table(
    "event_sources", metadata,
    Column("event_id", Integer, ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
    Column("merged_id", Integer, ForeignKey("merged_events.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("event_key", String(220), nullable=False),  # "<document id>#<ordinal>", stable across re-ingest
    Column("document_id", String(200), ForeignKey("documents.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("source", Text),  # the outlet
    Column("published", String(10)),
    Column("fatalities", Integer),
    Column("date_stated", Integer, nullable=False, default=0),  # 1: the text gives the event's day
    Column("copy_of", String(200)),  # the document whose text this report's document copies (counted once)
    Column("evidence", Text),  # JSON list of {start, end, text}
    Column("claims", Text),  # JSON: {"fatality_claims": [...], "claimed_by": [...], "status": "..."}
)

merge_blocks = Table(
    "merge_blocks", metadata,
    Column("event_key_a", String(220), primary_key=True),
    Column("event_key_b", String(220), primary_key=True),
)
