"""`eventcoder eval`: code the documents of gold files and score them (shared/contract/GOLD.md)."""

from __future__ import annotations

import json
import sys

from .common import add_model_options, settings_from


def add_parser(sub) -> None:
    p = sub.add_parser(
        "eval", help="score the coder against gold JSON Lines files",
        description="Code the documents of one or more gold files (shared/contract/GOLD.md), score "
                    "the output and print a table per dataset: metric, value, n (gold items) and a "
                    "trivial baseline.")
    p.add_argument("gold", nargs="+", metavar="GOLD.jsonl", help="gold files in the GOLD.md format")
    p.add_argument("--by", choices=("dataset", "file", "all"), default="dataset",
                   help="group the figures by the lines' dataset (default), by file, or not at all")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="score only the first N lines of each file (deterministic; for quick runs)")
    p.add_argument("--limit-per", choices=("file", "dataset"), default="file",
                   help="apply --limit per file (default) or per dataset within a file")
    p.add_argument("--json", action="store_true", help="print the results as JSON instead of tables")
    p.add_argument("--coded", metavar="FILE",
                   help="score coded documents from FILE (output of `eventcoder code`) instead of coding")
    p.add_argument("--save-coded", metavar="FILE", help="also write the coded documents to FILE as JSON Lines")
    p.add_argument("--country-from-gold", action="store_true",
                   help="code each document with its gold event's country as its source's country (what "
                        "`--country` gives for a national feed), to measure what knowing it adds; the "
                        "figures so made are not the coder's own")
    p.add_argument("--progress", type=int, default=100, metavar="N",
                   help="print a progress line on standard error every N documents (0: never)")
    p.add_argument("--batch-size", type=int, default=None, help="documents parsed together (default 16)")
    add_model_options(p)
    p.set_defaults(run=run)


def _progress(done: int, total: int, seconds: float) -> None:
    rate = done / seconds if seconds > 0 else 0.0
    print(f"eventcoder eval: {done}/{total} documents coded ({rate:.1f} docs/s)", file=sys.stderr, flush=True)


def run(args) -> int:
    from ..errors import InputError
    from ..evaluate import evaluate_files, read_coded
    from ..evaluate.report import format_tables, to_json

    if args.limit is not None and args.limit < 1:
        raise InputError("--limit", f"must be a positive number of lines, got {args.limit}")
    if args.coded and args.country_from_gold:
        raise InputError("--country-from-gold", "applies to coding; --coded scores documents already coded")
    coded = read_coded(args.coded) if args.coded else None
    settings = settings_from(args)
    out = open(args.save_coded, "w", encoding="utf-8") if args.save_coded else None
    try:
        sink = (lambda doc: out.write(json.dumps(doc, ensure_ascii=False) + "\n")) if out else None
        results, meta = evaluate_files(
            args.gold, limit=args.limit, limit_per=args.limit_per, by=args.by, settings=settings,
            coded=coded, progress=_progress if args.progress > 0 else None,
            progress_every=args.progress or 100, sink=sink, country_from_gold=args.country_from_gold)
    finally:
        if out:
            out.close()
    if args.json:
        print(json.dumps(to_json(results, meta), indent=2, ensure_ascii=False))
    else:
        if args.country_from_gold:
            print("(each document coded with its gold event's country as its source's country)")
        sys.stdout.write(format_tables(results))
    if meta["documents"] == 0:
        print("eventcoder: error: the gold files hold no documents", file=sys.stderr)
        return 1
    return 0
