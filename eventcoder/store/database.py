"""Opening the store and writing coded documents into it, one transaction per document."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone

from sqlalchemy import create_engine, delete, event, func, insert, select
from sqlalchemy.exc import SQLAlchemyError

from ..document import Document
from ..errors import StoreError
from .schema import SCHEMA_VERSION, documents, events, meta, metadata

EVENT_COLUMNS = [c.name for c in events.columns if c.name not in ("id", "document_id", "ordinal", "event")]


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()


class Store:
    """A store at a database URL; `add` codes nothing, it records a coded document."""

    def __init__(self, url: str):
        self.url = url
        try:
            self.engine = create_engine(url, future=True)
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            metadata.create_all(self.engine)
            with self.engine.begin() as conn:
                row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
                if row is None:
                    conn.execute(insert(meta).values(key="schema_version", value=str(SCHEMA_VERSION)))
                elif int(row[0]) > SCHEMA_VERSION:
                    raise StoreError(
                        f"the store at {url} has schema version {row[0]}, newer than this eventcoder "
                        f"({SCHEMA_VERSION}); upgrade eventcoder"
                    )
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the store at {url}: {exc}; check the --db URL") from exc

    def add(self, document: Document, coded: dict) -> str:
        """Record one coded document: 'added', 'replaced' (its text changed) or 'unchanged'."""
        text_hash = hashlib.sha256(document.text.encode("utf-8", "surrogatepass")).hexdigest()
        try:
            with self.engine.begin() as conn:
                same = select(documents.c.id, documents.c.text_hash).where(documents.c.id == coded["id"])
                if document.url:
                    same = select(documents.c.id, documents.c.text_hash).where(
                        (documents.c.id == coded["id"]) | (documents.c.url == document.url))
                rows = conn.execute(same).all()
                if any(r.text_hash == text_hash for r in rows):
                    return "unchanged"
                status = "replaced" if rows else "added"
                for r in rows:
                    conn.execute(delete(events).where(events.c.document_id == r.id))
                    conn.execute(delete(documents).where(documents.c.id == r.id))
                conn.execute(insert(documents).values(
                    id=coded["id"], text_hash=text_hash, url=document.url, title=document.title,
                    source=document.source, origin=document.origin, published=coded["published"],
                    published_source=coded["published_source"], text=document.text,
                    coded=json.dumps(coded, ensure_ascii=False),
                    coded_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                ))
                rows = [dict({k: ev.get(k) for k in EVENT_COLUMNS}, document_id=coded["id"], ordinal=i,
                             event=json.dumps(ev, ensure_ascii=False))
                        for i, ev in enumerate(coded["events"])]
                if rows:
                    conn.execute(insert(events), rows)
                return status
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot write document {coded['id']} to {self.url}: {exc}") from exc

    def events(self, limit: int | None = None) -> list[dict]:
        q = select(events.c.document_id, events.c.event).order_by(events.c.document_id, events.c.ordinal)
        if limit:
            q = q.limit(limit)
        with self.engine.connect() as conn:
            return [dict(json.loads(r.event), document_id=r.document_id) for r in conn.execute(q)]

    def counts(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            return {
                "documents": conn.execute(select(func.count()).select_from(documents)).scalar_one(),
                "events": conn.execute(select(func.count()).select_from(events)).scalar_one(),
            }


def open_store(url: str) -> Store:
    return Store(url)
