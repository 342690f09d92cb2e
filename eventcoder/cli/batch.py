"""`eventcoder batch`: code a corpus into Parquet shards, on Ray Data or on local processes."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import ConfigError
from .common import add_model_options, settings_from, warn


def add_parser(sub) -> None:
    p = sub.add_parser("batch", help="code JSON Lines or Parquet inputs into Parquet shards (Ray or local)",
                       description="Code a corpus of JSON Lines files or Parquet shards (a `text` column) into "
                                   "Parquet shards of coded documents in --out, with the same pipeline as "
                                   "`eventcoder code`. `eventcoder ingest DIR` stores the shards.")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help=".jsonl or .parquet files, or folders of them")
    p.add_argument("--out", required=True, metavar="DIR", help="a new (or empty) folder for the shards")
    p.add_argument("--engine", choices=("ray", "local"), default="ray",
                   help="ray: Ray Data (extra eventcoder[ray]); local: processes of this machine (default ray)")
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="parallel coders (default: every CPU Ray sees, or 1 for local)")
    p.add_argument("--address", default=None,
                   help="Ray cluster address (e.g. ray://head:10001 or auto); default: a local Ray")
    p.add_argument("--batch-size", type=int, default=None, help="documents parsed together (default 16)")
    p.add_argument("--shard-size", type=int, default=5000, help="local engine: documents per shard (default 5000)")
    add_model_options(p)
    p.set_defaults(run=run)


def run_local(paths: list[str], out_dir: str, settings, workers: int, shard_size: int) -> dict:
    """The same shards as the Ray engine, coded by `--workers` local processes."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ..batch import CODED_COLUMNS, _inputs, coded_row, summarise_shards
    from ..ingest.files import read_jsonl
    from ..parallel import code_pairs

    jsonl, parquet = _inputs(paths)
    out = Path(out_dir)
    if out.exists() and any(out.iterdir()):
        raise ConfigError(f"--out {out_dir} is not empty; give a new folder (shards are never overwritten)")
    out.mkdir(parents=True, exist_ok=True)

    def documents():
        from ..errors import InputError
        from ..ingest.files import document_from_record, failed_with

        for f in jsonl:
            with open(f, "rb") as stream:  # (each line decoded alone: one that is no UTF-8 fails alone)
                yield from read_jsonl(stream, f)
        for f in parquet:
            for i, row in enumerate(pq.read_table(f).to_pylist(), 1):
                try:
                    yield document_from_record(row, f"{f}:{i}")
                except InputError as exc:
                    yield failed_with(f"{f}:{i}", exc)

    schema = pa.schema([(c, pa.string()) for c in CODED_COLUMNS])
    rows, shard = [], 0

    def flush():
        nonlocal rows, shard
        pq.write_table(pa.Table.from_pylist(rows, schema=schema), out / f"coded-{shard:05d}.parquet")
        rows, shard = [], shard + 1

    for doc, coded in code_pairs(documents(), settings, workers):
        rows.append(coded_row(doc, coded))
        if len(rows) >= shard_size:
            flush()
    if rows or shard == 0:
        flush()
    return summarise_shards(out)


def run(args) -> int:
    settings = settings_from(args)
    if args.workers is not None and args.workers < 1:
        raise ConfigError("--workers must be 1 or more")
    if args.shard_size < 1:
        raise ConfigError("--shard-size must be 1 or more")
    if args.engine == "ray":
        from ..batch import run_ray

        summary = run_ray(args.inputs, args.out, settings, workers=args.workers, address=args.address)
    else:
        summary = run_local(args.inputs, args.out, settings, args.workers or 1, args.shard_size)
    warn(f"{summary['documents']} documents coded ({summary['failed']} failed), {summary['events']} events, "
         f"{summary['shards']} shards in {summary['out']}; store them with: eventcoder ingest {summary['out']}")
    print(json.dumps(summary))
    return 1 if summary["documents"] and summary["failed"] == summary["documents"] else 0
