"""Coding a corpus on Ray Data (`eventcoder batch --engine ray`, extra `eventcoder[ray]`).

Input: JSON Lines files (one document a line, as `eventcoder code` reads them) or Parquet shards
with at least a `text` column (and optionally id, published, title, url, source, country). Each Ray worker
builds the pipeline once (a callable class in `map_batches`) and codes its batches with exactly
the code `eventcoder code` runs, so results are identical to single-process coding.

Output: Parquet shards of coded documents in a folder, one row per document:

| column | content |
|---|---|
| id, published, error | the coded document's id, publication date, error (null when coded) |
| text, title, url, source, origin | the document as read |
| coded | the coded document (the contract's JSON) as a string |

`eventcoder ingest DIR` (or a shard) stores them without coding them again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

from .document import Document
from .errors import ConfigError, InputError
from .settings import Settings

CODED_COLUMNS = ("id", "published", "error", "text", "title", "url", "source", "origin", "coded")


def coded_row(doc: Document, coded: dict) -> dict:
    return {"id": coded["id"], "published": coded["published"], "error": coded["error"], "text": doc.text,
            "title": doc.title, "url": doc.url, "source": doc.source, "origin": doc.origin,
            "coded": json.dumps(coded, ensure_ascii=False)}


class Coder:
    """A Ray Data callable class: one pipeline per worker, a batch of rows in, coded rows out."""

    def __init__(self, settings: Settings):
        from .api import get_pipeline

        self.pipeline = get_pipeline(settings)

    def __call__(self, batch: dict) -> dict:
        n = len(next(iter(batch.values()))) if batch else 0
        docs = [_row_document({k: _plain(v[i]) for k, v in batch.items()}) for i in range(n)]
        # a row that could not be read is a Document with its error: the pipeline passes it through
        rows = [coded_row(ctx.document, ctx.to_dict()) for ctx in self.pipeline.run(docs)]
        return {k: [r[k] for r in rows] for k in CODED_COLUMNS}


def jsonl_lines(row: dict) -> list[dict]:
    """A JSON Lines file read whole (`bytes`, `path`) as one row per line that is not blank: the line's text,
    or where it is no UTF-8 its error, and where it came from (path:line)."""
    out = []
    parts = bytes(row["bytes"]).split(b"\n")
    for lineno, raw in enumerate(parts, 1):
        if lineno < len(parts):
            raw += b"\n"  # (the line as a file gives it, so that an error's column is the one `code` gives)
        if lineno == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")  # (a byte order mark opening the file)
        if not raw.strip():
            continue
        origin = f"{row['path']}:{lineno}"
        try:
            out.append({"line": raw.decode("utf-8"), "_origin": origin, "_error": None})
        except UnicodeDecodeError as exc:
            out.append({"line": None, "_origin": origin,
                        "_error": f"not valid UTF-8 (byte {exc.start + 1} of the line); re-save the file as UTF-8"})
    return out


def _row_document(row: dict) -> Document:
    """A Ray row (a JSON Lines line, or a Parquet record) as a Document, or one carrying its error."""
    from .document import text_id
    from .ingest.files import document_from_record

    origin = str(row.pop("_origin", None) or "ray")
    problem = row.pop("_error", None)
    try:
        if isinstance(problem, str) and problem:
            raise InputError(origin, problem)
        if "line" in row and "text" not in row:  # a JSON Lines line read as text
            try:
                row = json.loads(row["line"])
            except json.JSONDecodeError as exc:
                raise InputError(origin, f"not valid JSON ({exc.msg.removesuffix(' at')} at character {exc.pos + 1})") from None
        return document_from_record(row, origin)
    except InputError as exc:
        return Document(text="", id=text_id(origin), origin=origin, error=str(exc))


def _plain(value):
    """numpy / pyarrow scalars to plain Python values (None for NaN-like nulls)."""
    if value is None:
        return None
    if hasattr(value, "item"):
        try:
            value = value.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(value, float) and value != value:
        return None
    return value


def _inputs(paths: list[str]) -> tuple[list[str], list[str]]:
    jsonl, parquet = [], []
    for p in paths:
        path = Path(p)
        files = sorted(f for f in path.rglob("*") if f.is_file()) if path.is_dir() else [path]
        if not path.exists():
            raise InputError(p, "no such file or folder")
        for f in files:
            if f.suffix.lower() in (".jsonl", ".ndjson"):
                jsonl.append(str(f.resolve()))
            elif f.suffix.lower() == ".parquet":
                parquet.append(str(f.resolve()))
    if not jsonl and not parquet:
        raise InputError(", ".join(paths), "no .jsonl or .parquet files to code")
    return jsonl, parquet


def input_dataset(jsonl: list[str], parquet: list[str], settings: Settings):
    """The inputs as one Ray dataset of rows: a JSON Lines line each (`line`, `_origin`, `_error`), or a
    Parquet record."""
    import ray.data

    parts = []
    if jsonl:
        # (the files' bytes, cut into lines here: Ray's text reader decodes a whole file at once, so one line
        # of another encoding failed the whole batch; and dealt out again in blocks of a coder's batch: a
        # file's lines come as one block, which one coder alone would take)
        parts.append(ray.data.read_binary_files(jsonl, include_paths=True).flat_map(jsonl_lines)
                     .repartition(target_num_rows_per_block=settings.batch_size * 4))
    if parquet:
        parts.append(ray.data.read_parquet(parquet))
    return parts[0] if len(parts) == 1 else parts[0].union(*parts[1:])


def run_ray(paths: list[str], out_dir: str, settings: Settings, workers: int | None = None,
            address: str | None = None) -> dict:
    """Code the inputs on Ray Data and write Parquet shards of coded documents to `out_dir`."""
    try:
        import ray
    except ImportError as exc:
        raise ConfigError("the Ray engine needs its extra: pip install 'eventcoder[ray]'") from exc
    jsonl, parquet = _inputs(paths)
    out = Path(out_dir)
    if out.exists() and any(out.iterdir()):
        raise ConfigError(f"--out {out_dir} is not empty; give a new folder (shards are never overwritten)")
    started_here = not ray.is_initialized()
    if started_here:
        import os

        # a local Ray gets one logical CPU more than the coders, for the tasks that read the
        # input: with every CPU held by a coder, the reads could never run
        coders = workers or os.cpu_count() or 1
        kwargs = {"address": address} if address else {"num_cpus": coders + 1}
        ray.init(include_dashboard=False, log_to_driver=False, ignore_reinit_error=True, **kwargs)
    try:
        import logging

        import ray.data

        for name in ("ray", "ray.data"):
            logging.getLogger(name).setLevel(logging.WARNING)
        ray.data.DataContext.get_current().enable_progress_bars = False
        ds = input_dataset(jsonl, parquet, settings)
        concurrency = workers or max(1, int(ray.available_resources().get("CPU", 2)) - 1)
        coded = ds.map_batches(Coder, fn_constructor_args=(settings,), batch_size=settings.batch_size * 4,
                               concurrency=concurrency, num_cpus=1, batch_format="numpy")
        coded.write_parquet(str(out))
    finally:
        if started_here:
            ray.shutdown()
    return summarise_shards(out)


def read_coded_shards(path: str | Path) -> Iterator[dict]:
    """Rows of coded-document Parquet shards (a file or a folder of them), in file order."""
    import pyarrow.parquet as pq

    p = Path(path)
    files = sorted(p.rglob("*.parquet")) if p.is_dir() else [p]
    for f in files:
        table = pq.read_table(f)
        missing = set(CODED_COLUMNS) - set(table.column_names)
        if missing:
            raise InputError(str(f), f"not a shard of coded documents (no {', '.join(sorted(missing))} column)")
        yield from table.to_pylist()


def summarise_shards(path: Path) -> dict:
    docs = failed = events = 0
    for row in read_coded_shards(path):
        docs += 1
        failed += bool(row["error"])
        events += len(json.loads(row["coded"])["events"])
    shards = len(list(Path(path).rglob("*.parquet")))
    return {"documents": docs, "failed": failed, "events": events, "shards": shards, "out": str(path)}
