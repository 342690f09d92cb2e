"""Schema migrations: each brings a store from one version to the next, inside the transaction
that opens the store, so a store is never left half-migrated.

A new store is created at the current version directly; an older store runs every migration from
its version up. A store newer than this eventcoder is refused (the message says to upgrade).
"""

from __future__ import annotations

from typing import Callable

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection


def _add_columns(conn: Connection, table: str, columns: dict[str, str]) -> None:
    have = {c["name"] for c in inspect(conn).get_columns(table)}
    for name, sql_type in columns.items():
        if name not in have:
            conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}"))


def _v1_to_v2(conn: Connection) -> None:
    """Version 2 adds cross-document merging: events gain date_end and admin2; the tables
    merged_events, event_sources and merge_blocks are created by `create_all`, and the store
    merges the events already stored right after the migration (Store.remerge_all)."""
    _add_columns(conn, "events", {"date_end": "VARCHAR(10)", "admin2": "TEXT"})


def _v2_to_v3(conn: Connection) -> None:
    """Version 3 counts copies of one text once: a merged event's reports gain `copy_of`, the document
    whose text the report's document copies; the store then marks the copies among the reports of
    each stored event (Store._mark_copies), keeping the events' ids."""
    _add_columns(conn, "event_sources", {"copy_of": "VARCHAR(200)"})


# version reached -> the migration that reaches it from the version before
MIGRATIONS: dict[int, Callable[[Connection], None]] = {2: _v1_to_v2, 3: _v2_to_v3}
# what the store must do after a migration: merge the stored events again, or mark the copies among
# the reports of each stored event
AFTER = {2: "remerge", 3: "copies"}


def migrate(conn: Connection, current: int, target: int) -> set[str]:
    """Run the migrations from `current` to `target`; the work they leave to the store (`AFTER`)."""
    todo: set[str] = set()
    for version in range(current + 1, target + 1):
        MIGRATIONS[version](conn)
        if version in AFTER:
            todo.add(AFTER[version])
    return todo
