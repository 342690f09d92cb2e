"""`eventcoder events`: print the stored events as a table or JSON Lines."""

from __future__ import annotations

import json

from ..settings import Settings
from ..store import open_store

COLUMNS = (("event_date", 10), ("event_type", 26), ("sub_event_type", 34), ("actor1", 28), ("actor2", 28),
           ("location", 20), ("country", 12), ("fatalities", 4))


def add_parser(sub) -> None:
    p = sub.add_parser("events", help="print the events in the store")
    p.add_argument("--db", default=None, help="database URL (default: EVENTCODER_DB or sqlite:///eventcoder.db)")
    p.add_argument("--limit", type=int, default=None, help="at most this many events")
    p.add_argument("--json", action="store_true", help="JSON Lines instead of a table")
    p.set_defaults(run=run)


def _cell(value, width: int) -> str:
    text = "" if value is None else str(value)
    return (text[: width - 1] + "…") if len(text) > width else text.ljust(width)


def run(args) -> int:
    settings = Settings.create(db=args.db)
    rows = open_store(settings.db).events(args.limit)
    if args.json:
        for r in rows:
            print(json.dumps(r, ensure_ascii=False))
        return 0
    print("  ".join(_cell(name, w) for name, w in COLUMNS))
    for r in rows:
        print("  ".join(_cell(r.get(name), w) for name, w in COLUMNS))
    print(f"({len(rows)} events)")
    return 0
