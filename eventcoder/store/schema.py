"""Tables of the store (SQLAlchemy Core). Bump SCHEMA_VERSION with every change."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

SCHEMA_VERSION = 1

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

events = Table(
    "events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("document_id", String(200), ForeignKey("documents.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("ordinal", Integer, nullable=False),
    Column("event_date", String(10), index=True),
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
    Column("location", Text),
    Column("latitude", Float),
    Column("longitude", Float),
    Column("geo_precision", Integer),
    Column("fatalities", Integer),
    Column("status", String(16)),
    Column("confidence", Float),
    Column("notes", Text),
    Column("event", Text, nullable=False),  # the full coded event as JSON
)
