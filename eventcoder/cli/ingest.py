"""`eventcoder ingest`: code documents and record them and their events in the store."""

from __future__ import annotations

import sys

from ..api import get_pipeline
from ..ingest import read_sources
from ..store import open_store
from .common import add_input_options, published_from, settings_from, warn


def add_parser(sub) -> None:
    p = sub.add_parser("ingest", help="code documents and store them and their events",
                       description="Code documents into the store (default sqlite:///eventcoder.db, "
                                   "or --db / EVENTCODER_DB). Re-ingesting an unchanged document adds nothing.")
    add_input_options(p)
    p.add_argument("--db", default=None, help="database URL (default: EVENTCODER_DB or sqlite:///eventcoder.db)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    p.set_defaults(run=run)


def ingest(sources, settings, published=None, jsonl_stdin=False, progress=None) -> dict:
    """Code and store every document in `sources`; returns the run's summary counts."""
    store = open_store(settings.db)
    summary = {"read": 0, "coded": 0, "unchanged": 0, "replaced": 0, "failed": 0, "events": 0}
    pipeline = get_pipeline(settings)
    for ctx in pipeline.run(read_sources(sources, published=published, jsonl_stdin=jsonl_stdin)):
        summary["read"] += 1
        coded = ctx.to_dict()
        if coded["error"]:
            summary["failed"] += 1
            warn(f"skipped: {coded['error']}")
        else:
            status = store.add(ctx.document, coded)
            if status == "unchanged":
                summary["unchanged"] += 1
            else:
                summary["coded"] += 1
                summary["replaced"] += status == "replaced"
                summary["events"] += len(coded["events"])
        if progress:
            progress(summary)
    return summary


def run(args) -> int:
    settings = settings_from(args, db=args.db)

    def progress(s):
        if not args.quiet and s["read"] % 25 == 0:
            print(f"eventcoder: {s['read']} documents read, {s['events']} events added", file=sys.stderr)

    s = ingest(args.inputs, settings, published_from(args), args.jsonl, progress)
    print(f"{s['read']} documents read, {s['coded']} coded ({s['replaced']} replaced), "
          f"{s['unchanged']} unchanged, {s['failed']} failed; {s['events']} events added to {settings.db}")
    return 1 if s["read"] and s["failed"] == s["read"] else 0
