"""`eventcoder events`: list, show and split the events of the dataset (merged across documents)."""

from __future__ import annotations

import argparse
import json

from ..errors import ConfigError, StoreError
from ..settings import Settings
from ..store import open_store
from .common import add_db_option, add_filter_options, filters_from

COLUMNS = (("id", 6), ("event_date", 10), ("event_type", 26), ("sub_event_type", 30), ("actor1", 28),
           ("actor2", 26), ("location", 18), ("country", 12), ("fatalities", 4), ("n_sources", 3))


def add_parser(sub) -> None:
    p = sub.add_parser("events", help="list, show or split the events in the store",
                       description="With no action, list the events of the dataset (one row per event, "
                                   "merged across the documents that report it).")
    add_db_option(p)
    p.add_argument("--limit", type=int, default=None, help="at most this many events")
    p.add_argument("--json", action="store_true", help="JSON Lines instead of a table")
    add_filter_options(p)
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    show = actions.add_parser("show", help="one event with its sources, evidence and claims (JSON)")
    show.add_argument("id", type=int, help="the event id (first column of `eventcoder events`)")
    split = actions.add_parser("split", help="undo a merge: the sources become separate events again")
    split.add_argument("id", type=int, help="the event id")
    for action in (show, split):  # (--db before or after the action: `events show 3 --db URL` too)
        action.add_argument("--db", default=argparse.SUPPRESS, help="database URL (as before the action)")
    split.add_argument("--document", action="append", metavar="DOC_ID",
                       help="move only this document's report out (repeatable); default: every source apart")
    p.set_defaults(run=run)


def _cell(value, width: int) -> str:
    text = "" if value is None else str(value)
    return (text[: width - 1] + "…") if len(text) > width else text.ljust(width)


def run(args) -> int:
    if args.limit is not None and args.limit < 1:
        raise ConfigError(f"--limit must be 1 or more, got {args.limit}")
    store = open_store(Settings.create(db=args.db).db, create=False)
    if args.action == "show":
        ev = store.event(args.id)
        if ev is None:
            raise StoreError(f"no event with id {args.id}; `eventcoder events` lists them")
        print(json.dumps(ev, ensure_ascii=False, indent=2))
        return 0
    if args.action == "split":
        ids = store.split(args.id, args.document)
        print(f"event {args.id} split into {len(ids)} events: {', '.join(map(str, ids))}")
        return 0
    rows = store.iter_query(filters_from(args), limit=args.limit)
    if args.json:
        for r in rows:
            print(json.dumps(r, ensure_ascii=False))
        return 0
    print("  ".join(_cell(name, w) for name, w in COLUMNS))
    n = 0
    for r in rows:
        print("  ".join(_cell(r.get(name), w) for name, w in COLUMNS))
        n += 1
    print(f"({n} events)")
    return 0
