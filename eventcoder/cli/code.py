"""`eventcoder code`: documents in, coded documents out as JSON Lines."""

from __future__ import annotations

import json
import sys

from ..ingest import read_sources
from ..ingest.files import with_country
from ..parallel import code_pairs, resolve_workers
from .common import add_input_options, country_from, published_from, settings_from, warn


def add_parser(sub) -> None:
    p = sub.add_parser("code", help="code documents and write coded documents as JSON Lines",
                       description="Code text, HTML or JSON Lines documents; one JSON line out per document.")
    add_input_options(p)
    p.add_argument("--out", "-o", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--text", action="store_true", help="include each document's text in the output")
    p.set_defaults(run=run)


def run(args) -> int:
    published = published_from(args)
    country = country_from(args)
    settings = settings_from(args, keep_text=args.text or None)
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    total = failed = 0
    try:
        docs = with_country(read_sources(args.inputs, published=published, jsonl_stdin=args.jsonl,
                                         allow_private=args.allow_private), country)
        for _, coded in code_pairs(docs, settings, resolve_workers(args.workers)):
            total += 1
            if coded["error"]:
                failed += 1
                warn(f"error: {coded['error']}")
            out.write(json.dumps(coded, ensure_ascii=False) + "\n")
            out.flush()
    finally:
        if args.out:
            out.close()
    if total == 0:
        warn("error: no documents in the input")
        return 1
    return 1 if failed == total else 0
