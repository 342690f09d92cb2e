"""`eventcoder export`: the dataset (merged events) as ACLED CSV, GeoJSON, Parquet or JSON Lines."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from ..errors import ConfigError
from ..export import FORMATS, write_acled_csv, write_geojson, write_jsonl, write_parquet
from ..settings import Settings
from ..store import open_store
from ..store.database import sqlite_file
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
    if args.with_sources and args.format != "jsonl":
        raise ConfigError("--with-sources adds each event's sources to JSON Lines only: give --format jsonl")
    filters = filters_from(args)
    store = open_store(Settings.create(db=args.db).db, create=False)
    if args.format == "parquet" and not args.out:
        raise ConfigError("--format parquet writes a file: give --out FILE")
    target = _target(args.out, store.url) if args.out else None
    rows = store.iter_query(filters)
    # (a file is written beside the target and put in its place once whole: a failure leaves the target as
    # it was; a pipe, a device or another special file is written to as it is)
    regular = target is not None and (not target.exists() or target.is_file())
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp") if regular else None
    try:
        if args.format == "parquet":
            n, note = write_parquet(rows, str(tmp or target)), ""
        else:
            into = tmp or target
            stream = open(into, "w", encoding="utf-8", newline="") if into else sys.stdout
            try:
                if args.format == "acled-csv":
                    n, note = write_acled_csv(rows, stream), ""
                elif args.format == "geojson":
                    n, skipped = write_geojson(rows, stream)
                    note = f" ({skipped} without coordinates left out)" if skipped else ""
                else:
                    n, note = write_jsonl(rows, stream, store.event if args.with_sources else None), ""
            finally:
                if into:
                    stream.close()
        if tmp:
            if target.exists():
                shutil.copymode(target, tmp)  # (the file keeps who may read it)
            os.replace(tmp, target)
    finally:
        if tmp and tmp.exists():
            tmp.unlink()
    warn(f"{n} events written to {args.out or 'standard output'}{note}")
    return 0


def _target(out: str, store_url: str) -> Path:
    """The file --out names, refused when it is the store's own (writing it would destroy the store)
    or in a folder that does not exist."""
    target = Path(out)
    if target.is_symlink() and target.resolve().is_file():
        target = target.resolve()  # (the file a link names is the one replaced, not the link)
    db = sqlite_file(store_url)
    if db is not None:
        own = {Path(str(db) + suffix).resolve() for suffix in ("", "-wal", "-shm", "-journal")}
        if target.resolve() in own:
            raise ConfigError(f"--out {out} is the store's own file; give another file to export to")
    if not target.resolve().parent.is_dir():  # (as a command writing --out itself would say it)
        raise ConfigError(f"{out}: No such file or directory")
    if target.is_dir():
        raise ConfigError(f"--out {out} is a folder; give a file name")
    return target
