"""`eventcoder export`: the dataset (merged events) as ACLED CSV, GeoJSON, Parquet or JSON Lines."""

from __future__ import annotations

import sys

from ..errors import ConfigError
from ..export import FORMATS, write_acled_csv, write_geojson, write_jsonl, write_parquet
from ..settings import Settings
from ..store import open_store
from .common import add_db_option, add_filter_options, filters_from, warn


def add_parser(sub) -> None:
    p = sub.add_parser("export", help="export the dataset as ACLED CSV, GeoJSON, Parquet or JSON Lines",
                       description="Write the merged events of the store, filtered, in ACLED's CSV columns, "
                                   "as GeoJSON points, as a typed Parquet file or as JSON Lines.")
    p.add_argument("--format", "-f", choices=FORMATS, default="acled-csv", help="output format (default acled-csv)")
    p.add_argument("--out", "-o", metavar="FILE", help="output file (default: standard output; required for parquet)")
    p.add_argument("--with-sources", action="store_true",
                   help="jsonl: add each source's document, evidence and claims to every event")
    add_db_option(p)
    add_filter_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    filters = filters_from(args)
    store = open_store(Settings.create(db=args.db).db, create=False)
    rows = store.iter_query(filters)
    if args.format == "parquet":
        if not args.out:
            raise ConfigError("--format parquet writes a file: give --out FILE")
        n = write_parquet(rows, args.out)
        warn(f"{n} events written to {args.out}")
        return 0
    stream = open(args.out, "w", encoding="utf-8", newline="") if args.out else sys.stdout
    try:
        if args.format == "acled-csv":
            n = write_acled_csv(rows, stream)
            note = ""
        elif args.format == "geojson":
            n, skipped = write_geojson(rows, stream)
            note = f" ({skipped} without coordinates left out)" if skipped else ""
        else:
            n = write_jsonl(rows, stream, store.event if args.with_sources else None)
            note = ""
    finally:
        if args.out:
            stream.close()
    warn(f"{n} events written to {args.out or 'standard output'}{note}")
    return 0
