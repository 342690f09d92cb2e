"""The event store: coded documents and their events in SQLite (default) or PostgreSQL."""

from .database import Store, open_store

__all__ = ["Store", "open_store"]
