"""Load test of the web API on loopback while an ingest writes to the same store.

    python bench/bench_load.py                        # 8 clients x 100 requests, 200 documents ingested
    python bench/bench_load.py --clients 4 --requests 50 --ingest-docs 60 --json

Starts from a store with some coded documents, serves it with uvicorn on 127.0.0.1 (in this
process), starts `eventcoder ingest` on more documents in a separate process writing to the same
store, and meanwhile sends a fixed number of requests from several concurrent clients (threads),
cycling over the API's read endpoints with filters. Reports errors (any status other than 200,
or a failed request), and p50/p95/max latency. The documents are our own merge set
(tests/data/merge_set.jsonl), cycled with new ids and dates to the size asked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
PATHS = ["/api/events", "/api/events?type=Battles", "/api/events?country=Nigeria&per_page=20",
         "/api/stats", "/api/timeline", "/api/documents", "/api/events.geojson?limit=200",
         "/api/events?q=town&page=1", "/"]


def documents(n: int, offset: int = 0) -> list[dict]:
    rows = [json.loads(line) for line in (REPO / "tests" / "data" / "merge_set.jsonl").open(encoding="utf-8")]
    out = []
    for i in range(n):
        r = rows[(i + offset) % len(rows)]
        cycle = (i + offset) // len(rows)
        pub = date.fromisoformat(r["published"]) + timedelta(days=90 * cycle)
        out.append({"id": f"load-{i + offset}", "text": r["text"], "published": pub.isoformat(),
                    "source": r.get("source"), "title": r.get("title")})
    return out


def run(clients: int, requests: int, ingest_docs: int, seed_docs: int = 60) -> dict:
    import httpx

    from bench_web import serve_in_thread
    from eventcoder.cli.main import main as cli
    from eventcoder.web.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'load.db'}"
        seed = Path(tmp) / "seed.jsonl"
        seed.write_text("".join(json.dumps(d) + "\n" for d in documents(seed_docs)), encoding="utf-8")
        cli(["ingest", str(seed), "--db", db, "-q"])
        more = Path(tmp) / "more.jsonl"
        more.write_text("".join(json.dumps(d) + "\n" for d in documents(ingest_docs, seed_docs)), encoding="utf-8")

        server, thread, port = serve_in_thread(create_app(db, tiles=None))

        writer = subprocess.Popen([sys.executable, "-m", "eventcoder.cli.main", "ingest", str(more), "--db", db,
                                   "-q", "--batch-size", "4"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True)
        latencies: list[float] = []
        failures: list[str] = []
        lock = threading.Lock()

        def client(k: int) -> None:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as c:
                for i in range(requests):
                    path = PATHS[(k + i) % len(PATHS)]
                    t = time.perf_counter()
                    try:
                        r = c.get(path)
                        ok, why = r.status_code == 200, f"{path}: {r.status_code} {r.text[:120]}"
                    except httpx.HTTPError as exc:
                        ok, why = False, f"{path}: {type(exc).__name__} {exc}"
                    ms = (time.perf_counter() - t) * 1000
                    with lock:
                        latencies.append(ms)
                        if not ok:
                            failures.append(why)

        import sqlite3

        db_file = Path(tmp) / "load.db"

        def stored() -> int:
            con = sqlite3.connect(db_file, timeout=30)
            try:
                return con.execute("select count(*) from documents").fetchone()[0]
            finally:
                con.close()

        deadline = time.monotonic() + 120
        while stored() <= seed_docs and writer.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # the load starts once the writer is writing
        docs_at_start = stored()
        t0 = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        load_s = time.perf_counter() - t0
        writer_running_at_end = writer.poll() is None
        docs_at_end = stored()
        out, err = writer.communicate(timeout=600)
        server.should_exit = True
        thread.join(timeout=10)
        from eventcoder.store import open_store

        counts = open_store(db).counts()
    xs = sorted(latencies)
    return {
        "clients": clients, "requests": len(xs), "errors": len(failures), "failures": failures[:10],
        "seconds": round(load_s, 2), "requests_per_s": round(len(xs) / load_s, 1),
        "p50_ms": round(statistics.median(xs), 1), "p95_ms": round(xs[max(0, int(round(0.95 * len(xs))) - 1)], 1),
        "max_ms": round(xs[-1], 1), "ingest_exit_code": writer.returncode, "ingest_summary": out.strip(),
        "ingest_still_writing_when_load_ended": writer_running_at_end,
        "documents_written_during_load": docs_at_end - docs_at_start, "store": counts,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--requests", type=int, default=100, help="requests per client")
    ap.add_argument("--ingest-docs", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.clients, args.requests, args.ingest_docs)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"{r['clients']} clients, {r['requests']} requests in {r['seconds']} s ({r['requests_per_s']}/s) "
          f"while ingesting: {r['errors']} errors")
    print(f"latency p50 {r['p50_ms']} ms, p95 {r['p95_ms']} ms, max {r['max_ms']} ms")
    print(f"ingest: exit {r['ingest_exit_code']}, {r['documents_written_during_load']} documents written "
          f"during the load; {r['ingest_summary']}")
    for f in r["failures"]:
        print("  failed:", f)
    return 0 if r["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
