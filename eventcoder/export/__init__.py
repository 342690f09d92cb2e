"""Exports of the dataset (merged events): ACLED CSV, GeoJSON, Parquet and JSON Lines.

Each writer takes an iterable of merged events as `Store.iter_query` yields them and returns
how many it wrote; text formats write to a stream, Parquet to a path.
"""

from __future__ import annotations

import csv
import json
from typing import IO, Iterable

from ..errors import ConfigError
from .acled import ACLED_COLUMNS, acled_row

FORMATS = ("acled-csv", "geojson", "parquet", "jsonl")
EXTRA_FIELDS = ("id", "n_sources", "status", "confidence", "date_end")


def write_acled_csv(events: Iterable[dict], stream: IO[str]) -> int:
    writer = csv.DictWriter(stream, fieldnames=ACLED_COLUMNS, lineterminator="\n")
    writer.writeheader()
    n = 0
    for ev in events:
        writer.writerow(acled_row(ev))
        n += 1
    return n


def write_geojson(events: Iterable[dict], stream: IO[str]) -> tuple[int, int]:
    """A FeatureCollection of Points; events without coordinates are left out. Returns
    (written, left out). Written feature by feature, so memory stays flat."""
    n = skipped = 0
    stream.write('{"type": "FeatureCollection", "features": [\n')
    for ev in events:
        row = acled_row(ev)
        if row["latitude"] is None or row["longitude"] is None:
            skipped += 1
            continue
        props = dict(row, **{k: ev.get(k) for k in EXTRA_FIELDS})
        feature = {"type": "Feature", "id": ev["id"],
                   "geometry": {"type": "Point", "coordinates": [row["longitude"], row["latitude"]]},
                   "properties": props}
        stream.write((",\n" if n else "") + json.dumps(feature, ensure_ascii=False))
        n += 1
    stream.write("\n]}\n")
    return n, skipped


def write_jsonl(events: Iterable[dict], stream: IO[str], detail=None) -> int:
    """One merged event a line; `detail(id)` (e.g. Store.event) adds each source's evidence and claims."""
    n = 0
    for ev in events:
        if detail is not None:
            ev = detail(ev["id"]) or ev
        stream.write(json.dumps(ev, ensure_ascii=False) + "\n")
        n += 1
    return n


def parquet_schema():
    try:
        import pyarrow as pa
    except ImportError as exc:
        raise ConfigError("Parquet export needs pyarrow: pip install 'eventcoder[parquet]'") from exc
    types = {"year": pa.int32(), "time_precision": pa.int8(), "iso": pa.int32(), "latitude": pa.float64(),
             "longitude": pa.float64(), "geo_precision": pa.int8(), "fatalities": pa.int32(),
             "timestamp": pa.int64(), "event_date": pa.date32(), "id": pa.int64(), "n_sources": pa.int32(),
             "confidence": pa.float64(), "date_end": pa.date32()}
    return pa.schema([(c, types.get(c, pa.string())) for c in ACLED_COLUMNS + EXTRA_FIELDS])


def write_parquet(events: Iterable[dict], path: str, batch: int = 10_000) -> int:
    """A Parquet file with typed columns (dates as date32, numbers as integers and floats)."""
    schema = parquet_schema()
    import pyarrow as pa
    import pyarrow.parquet as pq
    from datetime import date

    def typed(ev: dict) -> dict:
        row = dict(acled_row(ev), **{k: ev.get(k) for k in EXTRA_FIELDS})
        for k in ("event_date", "date_end"):
            row[k] = date.fromisoformat(row[k]) if row.get(k) else None
        return row

    n = 0
    with pq.ParquetWriter(path, schema) as writer:
        rows: list[dict] = []
        for ev in events:
            rows.append(typed(ev))
            if len(rows) >= batch:
                writer.write_table(pa.Table.from_pylist(rows, schema=schema))
                n += len(rows)
                rows = []
        if rows or n == 0:
            writer.write_table(pa.Table.from_pylist(rows, schema=schema))
            n += len(rows)
    return n
