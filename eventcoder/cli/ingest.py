"""`eventcoder ingest`: code documents and record them, and their merged events, in the store."""

from __future__ import annotations

import sys
import time
from itertools import chain
from dataclasses import dataclass, field

from ..ingest import read_sources
from ..ingest.files import with_country
from ..parallel import code_pairs, resolve_workers
from ..store import open_store
from .common import add_db_option, add_input_options, country_from, published_from, settings_from, warn

# failures listed one by one in the summary; the rest are counted
SHOWN_FAILURES = 20


@dataclass
class Summary:
    read: int = 0
    coded: int = 0
    replaced: int = 0
    unchanged: int = 0
    failed: int = 0
    events_new: int = 0
    events_merged: int = 0
    failures: list[str] = field(default_factory=list)

    def line(self, db: str) -> str:
        return (f"{self.read} documents read, {self.coded} coded ({self.replaced} replaced), "
                f"{self.unchanged + self.failed} skipped ({self.unchanged} unchanged, {self.failed} failed); "
                f"{self.events_new} events added, {self.events_merged} merged into events already stored; "
                f"store: {db}")


def add_parser(sub) -> None:
    p = sub.add_parser("ingest", help="code documents and store them and their events",
                       description="Code documents (files, folders, JSON Lines, URLs, RSS/Atom feeds) into the "
                                   "store (default sqlite:///eventcoder.db, or --db / EVENTCODER_DB), merging "
                                   "reports of the same event. Re-ingesting an unchanged document adds nothing.")
    add_input_options(p)
    add_db_option(p)
    p.add_argument("--quiet", "-q", action="store_true", help="no progress")
    p.set_defaults(run=run)


def ingest(sources, settings, published=None, jsonl_stdin=False, progress=None, allow_private=False,
           workers: int = 1, country: str | None = None) -> Summary:
    """Code and store every document in `sources`; each document is stored in one transaction. `country`
    (ISO3) is the source's country for the documents that give none."""
    store = open_store(settings.db)
    summary = Summary()
    sources = list(sources)
    shards = [s for s in sources if _is_shard_source(s)]
    sources = [s for s in sources if s not in shards]
    docs = with_country(read_sources(sources, published=published, jsonl_stdin=jsonl_stdin,
                                     allow_private=allow_private), country)

    def to_code():
        """The documents that need coding: one already stored with the same text is skipped
        before the (costly) coding, so re-running an interrupted ingest is quick."""
        for doc in docs:
            if not doc.error and store.is_stored(doc):
                summary.read += 1
                summary.unchanged += 1
                if progress:
                    progress(summary)
                continue
            yield doc

    origins: dict = {}  # id -> where this run read it
    for document, coded in chain(_precoded(shards), code_pairs(to_code(), settings, workers)):
        summary.read += 1
        if coded["error"]:
            summary.failed += 1
            if len(summary.failures) < SHOWN_FAILURES:
                summary.failures.append(coded["error"])
            warn(f"skipped: {coded['error']}")
        else:
            result = store.add(document, coded)
            if result.status == "replaced" and coded["id"] in origins:
                # (two documents of one input under one id: the later is kept, which the counts should not hide)
                warn(f"warning: {document.origin} has the id {coded['id']!r} of {origins[coded['id']]} in this "
                     "input; it replaced that document (give each document its own id)")
            origins[coded["id"]] = document.origin
            if result.status == "unchanged":
                summary.unchanged += 1
            else:
                summary.coded += 1
                summary.replaced += result.status == "replaced"
                summary.events_new += result.new
                summary.events_merged += result.merged
        if progress:
            progress(summary)
    return summary


def _is_shard_source(source: str) -> bool:
    """A Parquet file, or a folder of them: coded-document shards from `eventcoder batch`."""
    from pathlib import Path

    p = Path(source)
    if p.is_file():
        return p.suffix.lower() == ".parquet"
    return p.is_dir() and any(p.rglob("*.parquet"))


def _precoded(shards):
    """(document, coded) pairs from coded-document shards, stored without coding them again."""
    import json

    from ..batch import read_coded_shards
    from ..document import Document

    for shard in shards:
        for row in read_coded_shards(shard):
            coded = json.loads(row["coded"])
            doc = Document(text=row["text"] or "", id=row["id"], title=row["title"], url=row["url"],
                           source=row["source"], origin=row["origin"] or shard, error=row["error"])
            yield doc, coded


class Progress:
    """A progress line on stderr: redrawn in place on a terminal, every 100 documents otherwise."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, s: Summary) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        rate = s.read / max(now - self.start, 1e-6)
        line = (f"eventcoder: {s.read} documents ({rate:.1f}/s), {s.coded} coded, {s.failed} failed, "
                f"{s.events_new} events added, {s.events_merged} merged")
        if self.tty:
            if now - self.last >= 0.2:
                print("\r" + line, end="", file=sys.stderr, flush=True)
                self.last = now
        elif s.read % 100 == 0:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.tty and not self.quiet:
            print(file=sys.stderr)


def run(args) -> int:
    settings = settings_from(args, db=args.db)
    progress = Progress(args.quiet)
    try:
        s = ingest(args.inputs, settings, published_from(args), args.jsonl, progress,
                   allow_private=args.allow_private, workers=resolve_workers(args.workers),
                   country=country_from(args))
    finally:
        progress.close()
    print(s.line(settings.db))
    if s.failed > len(s.failures):
        print(f"({s.failed - len(s.failures)} more failures not listed)", file=sys.stderr)
    return 1 if s.read and s.failed == s.read else 0
