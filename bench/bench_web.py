"""Web API benchmark: latency of the filtered events endpoint over a SQLite store of 100,000 events.

    python bench/bench_web.py                       # 100,000 events, 400 requests
    python bench/bench_web.py --events 20000 --requests 200 --json

Builds a store of synthetic merged events (countries, types, actors, places and dates spread
like a multi-year, multi-country dataset; written straight into the tables, no coding), serves
it with uvicorn on 127.0.0.1 in this process, and sends a bounded number of GET /api/events
requests, one at a time, cycling through filter combinations (none, type, country, date range,
actor substring, text search, deep pages). Prints p50, p95 and max latency per filter kind and
overall (target: p95 under 200 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from datetime import date, timedelta
from pathlib import Path

COUNTRIES = [("NGA", "Nigeria", 9.0, 8.0), ("SYR", "Syria", 35.0, 38.0), ("YEM", "Yemen", 15.5, 47.5),
             ("COD", "Democratic Republic of Congo", -2.0, 25.0), ("SOM", "Somalia", 5.0, 46.0),
             ("MLI", "Mali", 16.0, -2.0), ("AFG", "Afghanistan", 34.0, 66.0), ("IND", "India", 22.0, 79.0),
             ("MEX", "Mexico", 23.0, -102.0), ("UKR", "Ukraine", 49.0, 32.0)]
KINDS = [("Battles", "Armed clash"), ("Explosions/Remote violence", "Air/drone strike"),
         ("Explosions/Remote violence", "Shelling/artillery/missile attack"),
         ("Violence against civilians", "Attack"), ("Protests", "Peaceful protest"),
         ("Riots", "Violent demonstration"), ("Strategic developments", "Arrests")]
ACTORS = ["Islamic State", "Al Shabaab", "Boko Haram", "Hezbollah", "Taliban", "Wagner Group",
          "Unidentified Armed Group", "Protesters", "Rioters", "Police Forces", "Military Forces"]


def build_store(path: Path, n: int, seed: int = 1) -> str:
    from sqlalchemy import insert

    from eventcoder.store import open_store
    from eventcoder.store.schema import merged_events

    url = f"sqlite:///{path}"
    store = open_store(url)
    rng = random.Random(seed)
    start = date(2018, 1, 1)
    now = "2026-01-01T00:00:00+00:00"
    rows = []
    for i in range(n):
        iso, country, lat, lon = rng.choice(COUNTRIES)
        t, sub = rng.choice(KINDS)
        a1, a2 = rng.sample(ACTORS, 2)
        rows.append({
            "event_date": (start + timedelta(days=rng.randrange(8 * 365))).isoformat(), "time_precision": 1,
            "event_type": t, "sub_event_type": sub, "disorder_type": "Political violence",
            "actor1": f"{a1} ({country})", "actor2": f"{a2} ({country})", "inter1": "Rebel group",
            "inter2": "State forces", "country": country, "iso3": iso, "admin1": f"Region {rng.randrange(30)}",
            "location": f"Town {rng.randrange(5000)}", "latitude": lat + rng.uniform(-3, 3),
            "longitude": lon + rng.uniform(-3, 3), "geo_precision": rng.choice((1, 1, 2, 3)),
            "fatalities": rng.choice((0, 0, 0, 1, 2, 5, 12)), "status": "reported", "confidence": 0.7,
            "notes": f"Synthetic event {i} near Town {rng.randrange(5000)}.", "sources": f"Outlet {i % 40}",
            "n_sources": rng.choice((1, 1, 1, 2, 3)), "created_at": now, "updated_at": now})
        if len(rows) == 10_000:
            with store.engine.begin() as conn:
                conn.execute(insert(merged_events), rows)
            rows = []
    if rows:
        with store.engine.begin() as conn:
            conn.execute(insert(merged_events), rows)
    store.engine.dispose()
    return url


QUERIES = {
    "none": {}, "type": {"type": "Battles"}, "sub-type": {"type": "Air/drone strike"},
    "country": {"country": "SYR"}, "date range": {"since": "2022-01-01", "until": "2022-03-31"},
    "country+type+dates": {"country": "Nigeria", "type": "Protests", "since": "2020-01-01", "until": "2021-12-31"},
    "actor": {"actor": "shabaab"}, "text": {"q": "town 42"}, "deep page": {"page": "150", "per_page": "50"},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_in_thread(app):
    """uvicorn serving `app` on 127.0.0.1 in a daemon thread; returns (server, thread, port).
    Stop it with `server.should_exit = True` and `thread.join()`."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    return server, thread, port


def run(n_events: int, n_requests: int) -> dict:
    import httpx

    from eventcoder.web.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        url = build_store(Path(tmp) / "bench.db", n_events)
        build_s = time.perf_counter() - t0
        server, thread, port = serve_in_thread(create_app(url, tiles=None))
        times: dict[str, list[float]] = {k: [] for k in QUERIES}
        errors = 0
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                client.get("/api/events")  # warm-up
                kinds = list(QUERIES)
                for i in range(n_requests):
                    kind = kinds[i % len(kinds)]
                    t = time.perf_counter()
                    r = client.get("/api/events", params=QUERIES[kind])
                    times[kind].append((time.perf_counter() - t) * 1000)
                    errors += r.status_code != 200
        finally:
            server.should_exit = True
            thread.join(timeout=10)

    def summary(xs: list[float]) -> dict:
        xs = sorted(xs)
        return {"n": len(xs), "p50_ms": round(statistics.median(xs), 1),
                "p95_ms": round(xs[max(0, int(round(0.95 * len(xs))) - 1)], 1), "max_ms": round(xs[-1], 1)}

    every = [x for xs in times.values() for x in xs]
    return {"events": n_events, "requests": n_requests, "errors": errors, "store_build_s": round(build_s, 1),
            "overall": summary(every), "by_filter": {k: summary(v) for k, v in times.items() if v}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--requests", type=int, default=400)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = run(args.events, args.requests)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"{r['events']} events (store built in {r['store_build_s']} s), {r['requests']} requests, "
          f"{r['errors']} errors")
    for k, s in r["by_filter"].items():
        print(f"  {k:<20} p50 {s['p50_ms']:7.1f} ms   p95 {s['p95_ms']:7.1f} ms   max {s['max_ms']:7.1f} ms")
    o = r["overall"]
    print(f"overall: p50 {o['p50_ms']:.1f} ms, p95 {o['p95_ms']:.1f} ms (target < 200 ms), max {o['max_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
