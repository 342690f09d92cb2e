"""How far can event location go with the packaged gazetteer? An upper bound for acled-dev.

For each gold event of an ACLED gold file, two questions:
- does the text name the gold location (its name, or a part of an "A-B" name, appears in it)?
- does the gazetteer index hold a place of that name within 25 km of the gold point?

An event whose location the text names and the gazetteer knows is one a name-based coder can get
right; the share of such events is (roughly) the ceiling of "location within 25 km" with the
gazetteer as installed. Importing a full GeoNames dump (`eventcoder gazetteer import`) raises the
second share; nothing raises the first.

    python eval/location_ceiling.py ../shared/devdata/acled-dev.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventcoder.resources.gazetteer import get_gazetteer  # noqa: E402
from eventcoder.settings import Settings  # noqa: E402
from eventcoder.stages.places import distance_km  # noqa: E402

KM = 25.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", nargs="+", help="gold files (GOLD.md format) with located events")
    args = ap.parse_args()
    gz = get_gazetteer(Settings.create())
    total, named, known, both = Counter(), Counter(), Counter(), Counter()
    for path in args.gold:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                text = row.get("text", "").lower()
                for ev in row.get("events") or []:
                    if ev.get("latitude") is None or ev.get("longitude") is None or not ev.get("location"):
                        continue
                    ds = row.get("dataset") or Path(path).stem
                    loc = ev["location"]
                    names = [loc] + [p.strip() for p in loc.replace(" - ", "-").split("-") if len(p.strip()) > 3]
                    in_text = any(n.lower() in text for n in names)
                    in_gaz = any(distance_km(m.place.latitude, m.place.longitude, ev["latitude"], ev["longitude"]) <= KM
                                 for n in names for m in gz.lookup(n))
                    total[ds] += 1
                    named[ds] += in_text
                    known[ds] += in_gaz
                    both[ds] += in_text and in_gaz
    print(f"{'dataset':22} {'events':>7} {'named':>7} {'known':>7} {'both':>7}")
    for ds in sorted(total):
        n = total[ds]
        print(f"{ds:22} {n:7d} {named[ds] / n:7.3f} {known[ds] / n:7.3f} {both[ds] / n:7.3f}")
    n = sum(total.values())
    if n:
        print(f"{'all':22} {n:7d} {sum(named.values()) / n:7.3f} {sum(known.values()) / n:7.3f} "
              f"{sum(both.values()) / n:7.3f}")
    print("named: the text names the gold location; known: the gazetteer has it within 25 km; both: the ceiling")


if __name__ == "__main__":
    main()
