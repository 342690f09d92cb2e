"""The store: coded documents, their events, and the dataset of events merged across documents.

Every document is written in one transaction together with the merging of its events, so a
store killed at any point holds each document either whole (coded, stored and merged) or not
at all; running the ingest again finishes the job without duplicates.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Iterable, Iterator

from sqlalchemy import and_, create_engine, true, delete, event, func, insert, inspect, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

from ..document import Document, derived_id, text_id
from ..errors import ConfigError, StoreError
from . import merging
from .merging import Group, Member
from .migrations import migrate
from .schema import (SCHEMA_VERSION, documents, event_sources, events, merge_blocks, merged_events, meta,
                     metadata)

EVENT_FIELDS = [c.name for c in events.columns if c.name not in ("id", "document_id", "ordinal", "event")]


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable against a crash of the process
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class AddResult:
    """What storing one document did: status added | replaced | unchanged, and its events'
    fate: `new` merged events created, `merged` events joined to an event already stored."""

    status: str
    new: int = 0
    merged: int = 0


@dataclass(frozen=True)
class Filters:
    """Filters of the dataset, shared by `export`, `events` and the web app."""

    since: date | None = None
    until: date | None = None
    country: str | None = None  # country name or ISO3 code
    event_type: str | None = None  # an event type or a sub-event type
    actor: str | None = None  # a substring of any actor's name, case-insensitive
    text: str | None = None  # a substring of the notes or the location, case-insensitive

    def where(self):
        """The filters as one SQL condition (true when there are none)."""
        return and_(true(), *self.clauses())

    def clauses(self) -> list:
        m = merged_events.c
        out = []
        if self.since:
            out.append(m.event_date >= self.since.isoformat())
        if self.until:
            out.append(m.event_date <= self.until.isoformat())
        if self.country:
            from ..resources.actors import country_code

            c = self.country.strip()
            # ("ke", "DR Congo": any name or code the rest of eventcoder reads)
            out.append(or_(func.lower(m.country) == c.lower(), m.iso3 == (country_code(c) or c.upper())))
        if self.event_type:
            out.append(or_(m.event_type == self.event_type, m.sub_event_type == self.event_type))
        if self.actor:
            pat = _substring(self.actor)
            out.append(or_(*(func.lower(col).like(pat, escape="\\") for col in (
                m.actor1, m.actor2, m.assoc_actor_1, m.assoc_actor_2))))
        if self.text:
            pat = _substring(self.text)
            out.append(or_(*(func.lower(col).like(pat, escape="\\") for col in (m.notes, m.location))))
        return out


def _substring(value: str) -> str:
    """A LIKE pattern for the value as a literal substring, case-insensitive: "%" and "_" are the
    characters themselves, not wildcards (escaped with a backslash)."""
    text = value.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{text}%"


PREPARE_ATTEMPTS = 5  # looks at a new store's tables when another process is making them at the same time


def _reason(exc: BaseException) -> str:
    """The database's own one-line reason for an error (SQLAlchemy's message adds the SQL, its parameters
    and a link on lines of their own)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def sqlite_file(url: str):
    """The path of a SQLite store's file, or None for another database or an in-memory one."""
    from pathlib import Path

    from sqlalchemy.engine import make_url

    try:
        u = make_url(url)
    except Exception:  # (a URL SQLAlchemy cannot read: create_engine says why)
        return None
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:" \
            or u.database.startswith("file:"):
        return None
    return Path(u.database)


def _sqlite_readonly_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA query_only=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def _readonly_engine(url: str):
    """An engine that cannot write: SQLite opened with mode=ro, PostgreSQL sessions read-only."""
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if not u.database or u.database == ":memory:":
            raise ConfigError("a read-only store needs a SQLite file, not an in-memory database")
        from pathlib import Path

        path = Path(u.database).resolve()
        if not path.exists():
            raise StoreError(f"no store at {path}; create it with `eventcoder ingest`")
        engine = create_engine(f"sqlite:///file:{path.as_posix()}?mode=ro&uri=true", future=True)
        event.listen(engine, "connect", _sqlite_readonly_pragmas)
        return engine
    if u.get_backend_name() == "postgresql":
        return create_engine(url, future=True, connect_args={"options": "-c default_transaction_read_only=on"})
    return create_engine(url, future=True)


class Store:
    """A store at a database URL (SQLite file by default, PostgreSQL by URL). `readonly=True`
    opens it so that nothing can be written (the web app's reads); the store must exist and be
    of this eventcoder's schema version."""

    def __init__(self, url: str, readonly: bool = False, create: bool = True):
        self.url = url
        self.readonly = readonly
        self._text_memo: OrderedDict = OrderedDict()  # (`_Texts`: the texts of the events' reports)
        path = sqlite_file(url)
        if not create and path is not None and not path.exists():
            # (a command that only reads makes no empty store of a mistyped --db)
            raise StoreError(f"no store at {path.resolve()}; create it with `eventcoder ingest`")
        if path is not None and not path.exists() and not path.resolve().parent.is_dir():
            raise StoreError(f"cannot make a store at {path}: the folder {path.resolve().parent} does not exist")
        try:
            if readonly:
                self.engine = _readonly_engine(url)
                self._check_version()
                return
            self.engine = create_engine(url, future=True)
        except ModuleNotFoundError as exc:
            raise ConfigError(f"cannot open {url}: the database driver '{exc.name}' is not installed; "
                              "for PostgreSQL install eventcoder[postgres]") from exc
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the store at {url}: {_reason(exc)}; check the --db URL") from exc
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        for attempt in range(PREPARE_ATTEMPTS):
            try:
                self._prepare()
                break
            except (OperationalError, IntegrityError) as exc:
                # two processes making one new store at once: the other's tables (or its version row) came
                # between this one's look and its write; the next look sees them
                if attempt + 1 == PREPARE_ATTEMPTS or not _made_meanwhile(exc):
                    raise StoreError(f"cannot open the store at {url}: {_reason(exc)}; check the --db URL") from exc
                time.sleep(0.2 * (attempt + 1))
            except SQLAlchemyError as exc:
                raise StoreError(f"cannot open the store at {url}: {_reason(exc)}; check the --db URL") from exc

    # -- schema -----------------------------------------------------------------------------

    def _check_version(self) -> None:
        try:
            version = self.schema_version()
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read the store at {self.url}: {_reason(exc)}") from exc
        if version != SCHEMA_VERSION:
            raise StoreError(f"the store at {self.url} has schema version {version}, this eventcoder "
                             f"{SCHEMA_VERSION}; open it once for writing (e.g. `eventcoder stats`) to migrate it"
                             if version < SCHEMA_VERSION else
                             f"the store at {self.url} has schema version {version}, newer than this "
                             f"eventcoder ({SCHEMA_VERSION}); upgrade eventcoder")

    def _prepare(self) -> None:
        with self.engine.begin() as conn:
            tables = set(inspect(conn).get_table_names())
            others = tables - set(metadata.tables)
            if others and meta.name not in tables and sqlite_file(self.url) is not None:
                # (a SQLite file is one store; a PostgreSQL database may hold other tables beside one; and some
                # of this store's own tables without the version row are another process making it)
                raise StoreError(f"{self.url} holds other tables ({', '.join(sorted(others)[:3])}) and is no "
                                 "eventcoder store; give a new file or a store with --db")
            version = None
            if meta.name in tables:
                row = conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).first()
                version = int(row[0]) if row else None
            if version is not None and version > SCHEMA_VERSION:
                raise StoreError(f"the store at {self.url} has schema version {version}, newer than this "
                                 f"eventcoder ({SCHEMA_VERSION}); upgrade eventcoder")
            metadata.create_all(conn)
            if version is None:
                conn.execute(insert(meta).values(key="schema_version", value=str(SCHEMA_VERSION)))
            elif version < SCHEMA_VERSION:
                todo = migrate(conn, version, SCHEMA_VERSION)
                conn.execute(update(meta).where(meta.c.key == "schema_version").values(value=str(SCHEMA_VERSION)))
                if "remerge" in todo:
                    self._remerge_all(conn)  # (which marks the copies too)
                elif "copies" in todo:
                    self._mark_copies(conn)

    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(meta.c.value).where(meta.c.key == "schema_version")).scalar_one())

    # -- writing ----------------------------------------------------------------------------

    def is_stored(self, document: Document) -> bool:
        """True when this very text is already stored under the document's id or URL with the same
        publication date, URL, title, outlet and source country where the document gives them (so
        coding it again would change nothing)."""
        digest = text_hash(document.text)
        try:
            with self.engine.connect() as conn:
                return any(_unchanged(conn, r, document, digest) for r in _same_document(conn, document))
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read {self.url}: {_reason(exc)}") from exc

    def add(self, document: Document, coded: dict) -> AddResult:
        """Record one coded document and merge its events into the dataset, in one transaction."""
        digest = text_hash(document.text)
        try:
            with self.engine.begin() as conn:
                rows = _same_document(conn, document, coded["id"])
                if any(_unchanged(conn, r, document, digest) for r in rows):
                    return AddResult("unchanged")
                status = "replaced" if rows else "added"
                for r in rows:
                    _carry_blocks(conn, r.id, coded)
                    self._remove_document(conn, r.id)
                conn.execute(insert(documents).values(
                    id=coded["id"], text_hash=digest, url=document.url, title=document.title,
                    source=document.source, origin=document.origin, published=coded["published"],
                    published_source=coded["published_source"], text=document.text,
                    coded=json.dumps(coded, ensure_ascii=False), coded_at=_now(),
                ))
                result = AddResult(status)
                texts = _Texts(conn, self._text_memo)
                texts.put(coded["id"], document.text)
                for i, ev in enumerate(coded["events"]):
                    event_id = conn.execute(insert(events).values(
                        **{k: ev.get(k) for k in EVENT_FIELDS}, document_id=coded["id"], ordinal=i,
                        event=json.dumps(ev, ensure_ascii=False))).inserted_primary_key[0]
                    member = Member(key=f"{coded['id']}#{i}", document_id=coded["id"], event=ev,
                                    source=_outlet(document), published=coded["published"],
                                    date_stated=merging.date_stated(coded, ev))
                    joined = self._merge_one(conn, event_id, member, texts)
                    result.merged += joined
                    result.new += not joined
                return result
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot write document {coded['id']} to {self.url}: {_reason(exc)}") from exc

    def _merge_one(self, conn: Connection, event_id: int, member: Member, texts: "_Texts") -> bool:
        """Attach the event to the best stored event it matches, or start a new one; True if attached.
        A report whose document copies the text of one already attached counts with it (`copy_of`)."""
        ev = member.event
        groups = self._candidates(conn, ev)
        blocked = self._blocks(conn, member.key)
        group = merging.best_group(ev, member.key, member.document_id, groups, blocked, member.date_stated)
        if group is None:
            group = _told_again(conn, member, groups, blocked, texts)
        if group is None:
            merged_id = self._new_event(conn, merging.combine([member]))
            self._link(conn, merged_id, event_id, member)
            return False
        first = sorted(group.members, key=lambda m: m.published or "9999")[:merging.COPY_LOOKBACK]
        member.copy_of = _copy_of(member, first, texts)
        self._link(conn, group.id, event_id, member)
        mine = texts(member.document_id)
        if member.copy_of is not None and any(
                m.document_id == member.copy_of and (m.published or "9999") > (member.published or "9999")
                for m in first) \
                or member.copy_of is None and any(m.document_id != member.document_id and merging.copied(
                    m.event, texts(m.document_id), mine) for m in first):
            # (a text stored after its copy, or published before the text it copies: which is the first told)
            self._mark_copies(conn, [group.id], texts, always=True)
        else:
            self._refresh(conn, group.id, group.members + [member])
        return True

    def _new_event(self, conn: Connection, fields: dict) -> int:
        """A new merged event's row; its id. On SQLite the id is one no event of the store ever had
        (SQLite gives the highest id of a table without AUTOINCREMENT again once its row is gone, and an
        event's id is its ACLED `event_id_cnty`); PostgreSQL's sequence never gives one twice."""
        values = dict(fields, created_at=_now(), updated_at=_now())
        if self.engine.dialect.name == "sqlite":
            last = conn.execute(select(meta.c.value).where(meta.c.key == "last_event_id")).scalar()
            top = conn.execute(select(func.max(merged_events.c.id))).scalar() or 0
            values["id"] = max(int(last or 0), top) + 1
            if last is None:
                conn.execute(insert(meta).values(key="last_event_id", value=str(values["id"])))
            else:
                conn.execute(update(meta).where(meta.c.key == "last_event_id").values(value=str(values["id"])))
        return conn.execute(insert(merged_events).values(**values)).inserted_primary_key[0]

    def _link(self, conn: Connection, merged_id: int, event_id: int, member: Member) -> None:
        ev = member.event
        conn.execute(insert(event_sources).values(
            event_id=event_id, merged_id=merged_id, event_key=member.key, document_id=member.document_id,
            source=member.source, published=member.published, fatalities=ev.get("fatalities"),
            date_stated=int(member.date_stated), copy_of=member.copy_of,
            evidence=json.dumps(ev.get("evidence") or [], ensure_ascii=False),
            claims=json.dumps({"fatality_claims": ev.get("fatality_claims") or [],
                               "claimed_by": ev.get("claimed_by") or [], "status": ev.get("status")},
                              ensure_ascii=False),
        ))

    def _refresh(self, conn: Connection, merged_id: int, members: list[Member]) -> None:
        if not members:
            conn.execute(delete(merged_events).where(merged_events.c.id == merged_id))
            return
        conn.execute(update(merged_events).where(merged_events.c.id == merged_id)
                     .values(**merging.combine(members), updated_at=_now()))

    def _candidates(self, conn: Connection, ev: dict) -> list[Group]:
        day = merging.day_of(ev.get("event_date"))
        if day is None or not ev.get("iso3") or merging.family(ev) is None:
            return []
        w = timedelta(days=merging.WINDOW_DAYS)
        m = merged_events.c
        ids = [r.id for r in conn.execute(select(m.id).where(
            m.iso3 == ev["iso3"], m.event_date >= (day - w).isoformat(), m.event_date <= (day + w).isoformat()))]
        return [Group(i, ms) for i, ms in self._members(conn, ids).items()]

    def _members(self, conn: Connection, merged_ids: Iterable[int]) -> dict[int, list[Member]]:
        ids = list(merged_ids)
        out: dict[int, list[Member]] = {i: [] for i in ids}
        if not ids:
            return out
        s, e = event_sources.c, events.c
        q = (select(s.merged_id, s.event_key, s.document_id, s.source, s.published, s.date_stated, s.copy_of,
                    e.event)
             .join(events, events.c.id == s.event_id).where(s.merged_id.in_(ids)).order_by(s.merged_id, s.event_id))
        for r in conn.execute(q):  # (each event's reports in the order they were stored)
            out[r.merged_id].append(Member(r.event_key, r.document_id, json.loads(r.event), r.source, r.published,
                                           bool(r.date_stated), r.copy_of))
        return out

    def _mark_copies(self, conn: Connection, merged_ids: Iterable[int] | None = None,
                     texts: "_Texts | None" = None, always: bool = False) -> None:
        """Say again which reports of these merged events (default: of every event with several)
        copy another's text, the first published being the one copied, and refresh the events whose
        copies changed (`always`: every one); their ids stay."""
        s = event_sources.c
        if merged_ids is None:
            merged_ids = [r.merged_id for r in conn.execute(
                select(s.merged_id).group_by(s.merged_id).having(func.count() > 1))]
        texts = texts or _Texts(conn, self._text_memo)
        ids = list(merged_ids)
        for at in range(0, len(ids), 500):
            for merged_id, members in self._members(conn, ids[at:at + 500]).items():
                changed = always
                for m, copy_of in _copies_of(members, texts):
                    if copy_of != m.copy_of:
                        m.copy_of, changed = copy_of, True
                        conn.execute(update(event_sources).where(event_sources.c.merged_id == merged_id,
                                                                 s.event_key == m.key).values(copy_of=copy_of))
                if changed:  # (an event whose copies stay as they were keeps its timestamp)
                    self._refresh(conn, merged_id, members)

    def _blocks(self, conn: Connection, key: str) -> set[tuple[str, str]]:
        b = merge_blocks.c
        rows = conn.execute(select(b.event_key_a, b.event_key_b).where(or_(b.event_key_a == key,
                                                                          b.event_key_b == key)))
        return {(r.event_key_a, r.event_key_b) for r in rows}

    def _remove_document(self, conn: Connection, document_id: str) -> None:
        """Take a document, its events and its share of merged events out of the store."""
        affected = [r.merged_id for r in conn.execute(
            select(event_sources.c.merged_id).where(event_sources.c.document_id == document_id).distinct())]
        conn.execute(delete(event_sources).where(event_sources.c.document_id == document_id))
        conn.execute(delete(events).where(events.c.document_id == document_id))
        conn.execute(delete(documents).where(documents.c.id == document_id))
        self._text_memo.pop(document_id, None)
        copied = set()
        for merged_id, members in self._members(conn, affected).items():
            if any(m.copy_of == document_id for m in members):
                copied.add(merged_id)  # (the copies of the text taken out: which of them is the first now)
            else:
                self._refresh(conn, merged_id, members)
        if copied:
            self._mark_copies(conn, copied, always=True)

    def _remerge_all(self, conn: Connection) -> None:
        """Rebuild the merged events from every stored event (after a migration that needs it)."""
        conn.execute(delete(event_sources))
        conn.execute(delete(merged_events))
        q = (select(events.c.id, events.c.document_id, events.c.ordinal, events.c.event, documents.c.source,
                    documents.c.published, documents.c.coded).join(documents, documents.c.id == events.c.document_id)
             .order_by(documents.c.coded_at, events.c.document_id, events.c.ordinal))
        texts = _Texts(conn, self._text_memo)
        for r in conn.execute(q).all():
            ev = json.loads(r.event)
            member = Member(f"{r.document_id}#{r.ordinal}", r.document_id, ev, r.source, r.published,
                            merging.date_stated(json.loads(r.coded or "{}"), ev))
            self._merge_one(conn, r.id, member, texts)

    def split(self, merged_id: int, documents_out: list[str] | None = None) -> list[int]:
        """Undo a merge. With no documents, every source becomes an event of its own; with
        document ids, those sources leave together as one new event. The parts are never merged
        again. Returns the ids of the resulting events (the original id first)."""
        try:
            with self.engine.begin() as conn:
                members = self._members(conn, [merged_id])[merged_id]
                if not members:
                    raise StoreError(f"no merged event with id {merged_id}; `eventcoder events` lists them")
                if documents_out:
                    unknown = set(documents_out) - {m.document_id for m in members}
                    if unknown:
                        raise StoreError(f"event {merged_id} has no source from document(s) "
                                         f"{', '.join(sorted(unknown))}; `eventcoder events show {merged_id}` "
                                         "lists its sources")
                    out = [m for m in members if m.document_id in documents_out]
                    stay = [m for m in members if m.document_id not in documents_out]
                    parts = [stay, out] if stay else [out]
                else:
                    by_doc: dict[str, list[Member]] = {}
                    for m in members:
                        by_doc.setdefault(m.document_id, []).append(m)
                    parts = list(by_doc.values())
                if len(parts) < 2 and documents_out:
                    raise StoreError(f"{', '.join(sorted(set(documents_out)))} are all the sources of event "
                                     f"{merged_id}: moving them all out leaves nothing behind; name fewer documents")
                if len(parts) < 2:
                    raise StoreError(f"event {merged_id} has a single source; there is nothing to split")
                for i, part in enumerate(parts):
                    for other in parts[i + 1:]:
                        for a in part:
                            for b in other:
                                conn.execute(insert(merge_blocks).values(event_key_a=a.key, event_key_b=b.key))
                ids = [merged_id]
                self._refresh(conn, merged_id, parts[0])
                for part in parts[1:]:
                    new_id = self._new_event(conn, merging.combine(part))
                    keys = [m.key for m in part]
                    conn.execute(update(event_sources).where(event_sources.c.merged_id == merged_id,
                                                             event_sources.c.event_key.in_(keys))
                                 .values(merged_id=new_id))
                    ids.append(new_id)
                self._mark_copies(conn, ids)  # (a copy parted from the text it copies is a source of its own)
                return ids
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot split event {merged_id} in {self.url}: {_reason(exc)}") from exc

    # -- reading ----------------------------------------------------------------------------

    def query(self, filters: Filters | None = None, limit: int | None = None, offset: int = 0,
              order: str = "date") -> list[dict]:
        """Merged events matching the filters: by date (then id), "recent" first, or by "id"."""
        return list(self.iter_query(filters, limit, offset, order))

    def iter_query(self, filters: Filters | None = None, limit: int | None = None, offset: int = 0,
                   order: str = "date") -> Iterator[dict]:
        m = merged_events.c
        q = select(merged_events).where((filters or Filters()).where())
        if order == "date":
            q = q.order_by(m.event_date, m.id)
        elif order == "recent":
            q = q.order_by(m.event_date.desc(), m.id.desc())
        else:
            q = q.order_by(m.id)
        if limit is not None:
            q = q.limit(limit)
        if offset:
            q = q.offset(offset)
        try:
            with self.engine.connect() as conn:
                for r in conn.execute(q):
                    yield _merged_dict(r._mapping)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot read the events of {self.url}: {_reason(exc)}") from exc

    def count(self, filters: Filters | None = None) -> int:
        q = select(func.count()).select_from(merged_events).where((filters or Filters()).where())
        with self.engine.connect() as conn:
            return conn.execute(q).scalar_one()

    def event(self, merged_id: int, with_text: bool = False) -> dict | None:
        """One merged event with its sources: document, outlet, evidence and claims of each (and the
        document's text with `with_text`)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(merged_events).where(merged_events.c.id == merged_id)).first()
            if row is None:
                return None
            out = _merged_dict(row._mapping)
            s, d = event_sources.c, documents.c
            cols = [s.event_key, s.document_id, s.source, s.published, s.fatalities, s.evidence, s.claims,
                    s.copy_of, d.title, d.url, events.c.event] + ([d.text] if with_text else [])
            q = (select(*cols)
                 .join(documents, d.id == s.document_id).join(events, events.c.id == s.event_id)
                 .where(s.merged_id == merged_id).order_by(s.published, s.event_key))
            out["source_reports"] = [{
                "event_key": r.event_key, "document_id": r.document_id, "source": r.source,
                "published": r.published, "title": r.title, "url": r.url, "fatalities": r.fatalities,
                "copy_of": r.copy_of,
                "evidence": json.loads(r.evidence or "[]"), **json.loads(r.claims or "{}"),
                "event": json.loads(r.event), **({"text": r.text} if with_text else {}),
            } for r in conn.execute(q)]
            return out

    def document(self, document_id: str) -> dict | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(documents).where(documents.c.id == document_id)).first()
        if r is None:
            return None
        d = dict(r._mapping)
        d["coded"] = json.loads(d["coded"])
        return d

    def counts(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            def n(table):
                return conn.execute(select(func.count()).select_from(table)).scalar_one()
            return {"documents": n(documents), "events": n(events), "merged_events": n(merged_events)}

    def timeline(self, filters: Filters | None = None, bucket: str = "day") -> list[dict]:
        """Events and fatalities per day (or per week, keyed by its Monday) and event type."""
        m = merged_events.c
        q = (select(m.event_date, m.event_type, func.count().label("n"), func.sum(m.fatalities).label("f"))
             .where(m.event_date.isnot(None), (filters or Filters()).where())
             .group_by(m.event_date, m.event_type).order_by(m.event_date, m.event_type))
        out: dict[tuple[str, str], list[int]] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(q):
                period = r.event_date
                if bucket == "week":
                    d = date.fromisoformat(r.event_date)
                    period = (d - timedelta(days=d.weekday())).isoformat()
                acc = out.setdefault((period, r.event_type), [0, 0])
                acc[0] += r.n
                acc[1] += int(r.f or 0)
        return [{"period": p, "event_type": t, "events": n, "fatalities": f} for (p, t), (n, f) in sorted(out.items())]

    def documents_page(self, limit: int = 50, offset: int = 0) -> tuple[int, list[dict]]:
        """Stored documents (without their text and coding), newest coded first, and their count."""
        d = documents.c
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(documents)).scalar_one()
            rows = conn.execute(select(d.id, d.url, d.title, d.source, d.published, d.coded_at)
                                .order_by(d.coded_at.desc(), d.id).limit(limit).offset(offset))
            return total, [dict(r._mapping) for r in rows]

    def summary(self, filters: Filters | None = None) -> dict:
        """Count, first and last date, and fatalities of the events matching the filters."""
        m = merged_events.c
        with self.engine.connect() as conn:
            n, first, last, deaths = conn.execute(
                select(func.count(), func.min(m.event_date), func.max(m.event_date), func.sum(m.fatalities))
                .where((filters or Filters()).where())).one()
        return {"events": n, "first_date": first, "last_date": last, "fatalities": int(deaths or 0)}

    def stats(self, filters: Filters | None = None) -> dict:
        """A summary of the dataset: counts, date range, sources per event, by type and country."""
        m = merged_events.c
        where = (filters or Filters()).where()
        head = self.summary(filters)
        with self.engine.connect() as conn:

            def grouped(col, limit=None):
                q = (select(col, func.count().label("n"), func.sum(m.fatalities).label("f")).where(where)
                     .group_by(col).order_by(func.count().desc(), col))
                if limit:
                    q = q.limit(limit)
                return [{"name": r[0], "events": r.n, "fatalities": int(r.f or 0)} for r in conn.execute(q)]

            return {
                **self.counts(), "events_matching": head["events"], "first_date": head["first_date"],
                "last_date": head["last_date"], "fatalities": head["fatalities"],
                "by_type": grouped(m.event_type), "by_sub_type": grouped(m.sub_event_type),
                "by_country": grouped(m.country, 20),
                "sources_per_event": {str(r[0]): r[1] for r in conn.execute(
                    select(m.n_sources, func.count()).where(where).group_by(m.n_sources).order_by(m.n_sources))},
            }


class _Texts:
    """Stored documents' texts as copies are told by (`merging.Text`), each read once while it is
    among the last KEEP asked for (a whole store's would not fit in memory); the memo is the store's,
    kept from one document to the next (`Store._text_memo`)."""

    KEEP = 256

    def __init__(self, conn: Connection, memo: "OrderedDict[str, merging.Text] | None" = None):
        self.conn = conn
        self._memo: OrderedDict[str, merging.Text] = OrderedDict() if memo is None else memo

    def put(self, document_id: str, text: str) -> None:
        self._memo[document_id] = merging.Text.of(text)
        self._memo.move_to_end(document_id)
        while len(self._memo) > self.KEEP:
            self._memo.popitem(last=False)

    def __call__(self, document_id: str) -> merging.Text:
        if document_id in self._memo:
            self._memo.move_to_end(document_id)
            return self._memo[document_id]
        text = self.conn.execute(select(documents.c.text).where(documents.c.id == document_id)).scalar()
        self.put(document_id, text or "")
        return self._memo[document_id]


def _told_again(conn: Connection, member: Member, groups: list[Group], blocked: set[tuple[str, str]],
                texts: _Texts) -> Group | None:
    """The event whose report, from the same words in the text this member's document copies, the
    member tells again on another day (a wire story run a day later: its "yesterday" is another day);
    the best of several, or None. The words that date the two reports must be the same too (or
    neither text dates its report: each took its publication day)."""
    best, best_score = None, None
    for g in groups:
        s = merging.score(member.event, member.key, member.document_id, g, blocked, dated=False)
        if s is None or best_score is not None and s <= best_score:
            continue
        if any(merging.same_mention(member.event, m.event)
               and merging.copied(member.event, texts(member.document_id), texts(m.document_id))
               and _dated_alike(conn, member, m) for m in g.members):
            best, best_score = g, s
    return best


def _dated_alike(conn: Connection, a: Member, b: Member) -> bool:
    """Whether the same words date both reports ("yesterday" in each), or no words date either."""
    def dating(m: Member) -> set[str]:
        coded = conn.execute(select(documents.c.coded).where(documents.c.id == m.document_id)).scalar()
        return merging.dating_words(json.loads(coded or "{}"), m.event)

    mine, theirs = dating(a), dating(b)
    return bool(mine & theirs) or not mine and not theirs


def _carry_blocks(conn: Connection, old_id: str, coded: dict) -> None:
    """A user's splits of the events of a document coded again hold for the new coding: each of the old
    events' blocks (keyed "<document>#<ordinal>") moves to the new event coded from the same words
    (`merging.same_mention`); one whose event is gone is dropped (another event may now have its
    ordinal)."""
    b = merge_blocks.c
    keys = {f"{old_id}#{r.ordinal}": json.loads(r.event) for r in conn.execute(
        select(events.c.ordinal, events.c.event).where(events.c.document_id == old_id))}
    blocks = conn.execute(select(b.event_key_a, b.event_key_b).where(
        or_(b.event_key_a.in_(keys), b.event_key_b.in_(keys)))).all() if keys else []
    if not blocks:
        return
    new_key: dict[str, str | None] = {}
    taken: set[int] = set()
    for key, old in keys.items():
        i = next((i for i, ev in enumerate(coded["events"]) if i not in taken and merging.same_mention(old, ev)), None)
        if i is not None:
            taken.add(i)
        new_key[key] = None if i is None else f"{coded['id']}#{i}"
    conn.execute(delete(merge_blocks).where(or_(b.event_key_a.in_(keys), b.event_key_b.in_(keys))))
    kept = set()
    for a, c in blocks:
        a, c = new_key.get(a, a), new_key.get(c, c)
        if a and c and (a, c) not in kept:
            kept.add((a, c))
            conn.execute(insert(merge_blocks).values(event_key_a=a, event_key_b=c))


def _copies_of(members: list[Member], texts: _Texts) -> list[tuple[Member, str | None]]:
    """Each report's `copy_of` among one event's reports: the first told (in order of publication, then
    as stored) of those whose text it copies; of two reports published on one day of which only one's
    words are in the other's text, that one is the copy, whichever was stored first."""
    order = sorted(members, key=lambda m: m.published or "9999")
    rank = {id(m): i for i, m in enumerate(order)}
    source: dict[int, Member] = {}
    for m in order:
        mine = texts(m.document_id)
        for o in order[:merging.COPY_LOOKBACK]:
            if o.document_id == m.document_id or (o.published or "9999") > (m.published or "9999"):
                continue
            if merging.copied(m.event, mine, texts(o.document_id)) and (
                    rank[id(o)] < rank[id(m)] or not merging.copied(o.event, texts(o.document_id), mine)):
                source[id(m)] = o
                break
    out = []
    for m in order:
        root, seen = m, {id(m)}
        while id(root) in source and id(source[id(root)]) not in seen:
            root = source[id(root)]
            seen.add(id(root))
        out.append((m, None if root is m else root.document_id))
    return out


def _copy_of(member: Member, others: list[Member], texts: _Texts) -> str | None:
    """The source (`Member.report`) of the first of `others` (in the order they were stored) whose
    document's text the member's report copies (`merging.copied`), or None."""
    mine = texts(member.document_id)
    seen = {member.document_id}
    for m in others:
        if m.document_id not in seen:
            seen.add(m.document_id)
            if merging.copied(member.event, mine, texts(m.document_id)):
                return m.report
    return None


def _same_document(conn: Connection, document: Document, document_id: str | None = None) -> list:
    """Stored documents that are this one (with what `_unchanged` compares): the same id, or the same URL;
    and, for a document given no id, one stored when a document's id was made of its text alone (before
    its outlet and URL counted): the same text's id from the same outlet."""
    c = documents.c
    document_id = document_id or document.id
    cond = c.id == document_id
    if document.url:
        cond = or_(cond, c.url == document.url)
    older = text_id(document.text)
    if document.source and older != document_id \
            and document_id == derived_id(document.text, document.url, document.source):
        cond = or_(cond, and_(c.id == older, c.source == document.source))
    return conn.execute(select(c.id, c.text_hash, c.published, c.url, c.title, c.source).where(cond)).all()


def _unchanged(conn: Connection, row, document: Document, digest: str) -> bool:
    """Whether the stored row is this document as it would be coded now: the same text, and the same of
    whatever the document gives of its publication date, URL, title, outlet and source country (a date
    given anew, "--published 2024-03-14" after "2024-03-13", moves its relative dates: it is coded again)."""
    if row.text_hash != digest:
        return False
    if document.published is not None and row.published != document.published.isoformat():
        return False
    if any(getattr(document, k) is not None and getattr(document, k) != getattr(row, k)
           for k in ("url", "title", "source")):
        return False
    if document.country is not None:
        coded = json.loads(conn.execute(select(documents.c.coded).where(documents.c.id == row.id)).scalar_one() or "{}")
        return coded.get("source_country") == document.country and coded.get("source_country_from") == "given"
    return True


def _outlet(document: Document) -> str | None:
    """Who published the document: its outlet, else the web site's host, else the file it was
    read from (a name a reader can follow up), else nothing."""
    if document.source:
        return document.source
    if document.url:
        from urllib.parse import urlsplit

        return urlsplit(document.url).hostname
    origin = (document.origin or "").split(":", 1)[0] if not document.origin.startswith("<") else ""
    return origin.replace("\\", "/").rsplit("/", 1)[-1] or None


def _merged_dict(row) -> dict:
    d = dict(row)
    for k in ("assoc_actor_1", "assoc_actor_2"):
        d[k] = [a for a in (d.get(k) or "").split("; ") if a]
    d["sources"] = [a for a in (d.get("sources") or "").split("; ") if a]
    return d


def _made_meanwhile(exc: BaseException) -> bool:
    text = _reason(exc).lower()
    return "already exists" in text or "unique" in text or "duplicate" in text or "locked" in text


def open_store(url: str, readonly: bool = False, create: bool = True) -> Store:
    if not isinstance(url, str) or "://" not in url:
        raise ConfigError(f"the store must be a database URL such as sqlite:///eventcoder.db, got {url!r}")
    return Store(url, readonly=readonly, create=create)
