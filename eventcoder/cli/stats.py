"""`eventcoder stats`: a summary of the store."""

from __future__ import annotations

import json

from ..settings import Settings
from ..store import open_store
from .common import add_db_option, add_filter_options, filters_from


def add_parser(sub) -> None:
    p = sub.add_parser("stats", help="summarise the store: documents, events, dates, types, countries")
    p.add_argument("--json", action="store_true", help="the summary as one JSON object")
    add_db_option(p)
    add_filter_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    s = open_store(Settings.create(db=args.db).db, create=False).stats(filters_from(args))
    if args.json:
        print(json.dumps(s, ensure_ascii=False, indent=2))
        return 0
    print(f"documents: {s['documents']}   coded events: {s['events']}   merged events: {s['merged_events']}")
    print(f"events matching the filters: {s['events_matching']}   from {s['first_date'] or '-'} "
          f"to {s['last_date'] or '-'}   fatalities: {s['fatalities']}")
    spread = ", ".join(f"{k} source{'s' if k != '1' else ''}: {v}" for k, v in s["sources_per_event"].items())
    print(f"events by number of sources: {spread or '-'}")
    for title, key in (("by event type", "by_type"), ("by sub-event type", "by_sub_type"),
                       ("by country (top 20)", "by_country")):
        print(f"\n{title}:")
        for r in s[key]:
            print(f"  {str(r['name'] or '(none)'):<40} {r['events']:>7} events {r['fatalities']:>8} fatalities")
    return 0
