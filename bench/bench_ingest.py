"""Ingest benchmark: coding and storing (with merging) against coding alone, same texts, same run.

    python bench/bench_ingest.py                  # 10,000 documents
    python bench/bench_ingest.py --docs 2000 --json

The corpus is the dev texts (../shared/devdata, seeded shuffle, as bench_code.py), cycled to
size; each cycle moves its publication dates 60 days on and gets its own ids, so repeated texts
are new documents about new days (as a year of news is), not re-ingests of the same document.
Runs (a) coding alone and (b) coding plus `Store.add` into a fresh SQLite file, and reports
documents/s, the ratio (b)/(a) in speed, and the resident memory of the process sampled every
1,000 documents during (b), to show whether it grows with the corpus.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_code import DEVDATA, SEED  # noqa: E402

SHIFT_DAYS = 60


def rss_mb() -> float:
    """Current resident memory (VmRSS) in MB; the high-water mark would hide growth."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def corpus(n: int, devdata: Path) -> list[tuple[str, date]]:
    import random

    rows = []
    for path in sorted(devdata.glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    pub = r.get("published")
                    rows.append((r["text"], date.fromisoformat(pub[:10]) if pub else date(2020, 1, 1)))
    if not rows:
        sys.exit(f"no dev data found in {devdata}; pass --devdata")
    random.Random(SEED).shuffle(rows)
    return [rows[i % len(rows)] for i in range(n)], len(rows)


def run(n_docs: int, devdata: Path, batch_size: int | None) -> dict:
    from eventcoder.api import get_pipeline
    from eventcoder.document import Document
    from eventcoder.settings import Settings
    from eventcoder.store import open_store

    texts, distinct = corpus(n_docs, devdata)
    settings = Settings.create(batch_size=batch_size)
    pipeline = get_pipeline(settings)

    def documents():
        for i, (text, pub) in enumerate(texts):
            cycle = i // distinct
            yield Document(text=text, id=f"bench-{i}", published=pub + timedelta(days=SHIFT_DAYS * cycle),
                           published_source="given", source=f"Outlet {i % 7}")

    list(pipeline.run([Document(text=texts[0][0], id="warm-up", published=texts[0][1])]))  # lazy resources

    t0 = time.perf_counter()
    n = 0
    for ctx in pipeline.run(documents()):
        ctx.to_dict()
        n += 1
    code_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(f"sqlite:///{Path(tmp) / 'bench.db'}")
        memory = []
        new = merged = 0
        t0 = time.perf_counter()
        for i, ctx in enumerate(pipeline.run(documents()), 1):
            coded = ctx.to_dict()
            if not coded["error"]:
                r = store.add(ctx.document, coded)
                new += r.new
                merged += r.merged
            if i % 1000 == 0:
                memory.append((i, round(rss_mb(), 1)))
        ingest_s = time.perf_counter() - t0
        counts = store.counts()
        db_mb = (Path(tmp) / "bench.db").stat().st_size / 2**20
    return {
        "documents": n_docs, "distinct_texts": distinct, "batch_size": settings.batch_size,
        "coding": {"seconds": round(code_s, 1), "docs_per_s": round(n_docs / code_s, 1)},
        "ingest": {"seconds": round(ingest_s, 1), "docs_per_s": round(n_docs / ingest_s, 1)},
        "speed_ratio": round(code_s / ingest_s, 3),
        "rss_mb_every_1000": memory,
        "rss_growth_mb": round(memory[-1][1] - memory[0][1], 1) if len(memory) > 1 else None,
        "store": counts, "events_new": new, "events_merged": merged, "db_mb": round(db_mb, 1),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=10_000)
    ap.add_argument("--devdata", type=Path, default=DEVDATA)
    ap.add_argument("--batch-size", type=int, default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.docs, args.devdata, args.batch_size)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"{r['documents']} documents ({r['distinct_texts']} distinct texts, cycled with dates moved on)")
    print(f"coding alone:        {r['coding']['docs_per_s']:8.1f} docs/s  {r['coding']['seconds']:8.1f} s")
    print(f"coding and storing:  {r['ingest']['docs_per_s']:8.1f} docs/s  {r['ingest']['seconds']:8.1f} s")
    print(f"speed ratio (ingest / coding): {r['speed_ratio']:.3f}   (target >= 0.8)")
    print("resident memory during ingest (documents: MB): "
          + ", ".join(f"{i}: {m:.0f}" for i, m in r["rss_mb_every_1000"]))
    print(f"store: {r['store']}  ({r['events_new']} events added, {r['events_merged']} merged; {r['db_mb']} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
