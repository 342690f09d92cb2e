"""`eventcoder gazetteer import` speed: rows of a GeoNames dump loaded per second.

    python bench/bench_import.py                  # 3,000 rows
    python bench/bench_import.py --rows 20000 --json

Writes a dump of invented villages in the GeoNames format (19 tab-separated fields, Lebanon's
first-level regions) to a temporary folder, copies the compiled index of this machine's cache into
another (building it first if there is none; the user's own index is never changed), and times
`import_geonames` over the dump in this process. A country's dump holds 10,000 to 100,000 rows and
allCountries.txt about 12 million, so the rate says whether an import takes seconds or days.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def dump(path: Path, rows: int) -> None:
    rng = random.Random(5)
    with path.open("w", encoding="utf-8") as f:
        for i in range(rows):
            name = "Kel" + "".join(rng.choice("aeioukldnrstm") for _ in range(7))
            f.write("\t".join([str(95_000_000 + i), name, name, "", f"{33.1 + rng.random():.5f}",
                               f"{35.2 + rng.random():.5f}", "P", "PPL", "LB", "", f"{rng.randint(4, 9):02d}",
                               "", "", "", "0", "", "100", "Asia/Beirut", "2024-01-01"]) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=3000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from eventcoder.resources.gazetteer import get_gazetteer, import_geonames, index_path
    from eventcoder.settings import Settings

    mine = Settings.create()
    get_gazetteer(mine)  # (builds the index when the cache has none)
    with tempfile.TemporaryDirectory(prefix="eventcoder-bench-import-") as tmp:
        cache = Path(tmp) / "cache"
        cache.mkdir()
        shutil.copy2(index_path(mine), cache / index_path(mine).name)
        settings = Settings.create(cache_dir=cache)
        src = Path(tmp) / "LB.txt"
        dump(src, args.rows)
        t0 = time.perf_counter()
        result = import_geonames(src, settings)
        seconds = time.perf_counter() - t0
    out = {"rows": args.rows, "added": result["added"], "seconds": round(seconds, 2),
           "rows_per_second": round(args.rows / seconds)}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"imported {out['added']} of {args.rows} rows in {out['seconds']} s: {out['rows_per_second']} rows/s")


if __name__ == "__main__":
    main()
