"""Why event locations miss: each gold event of an ACLED gold file, classed by the coded output.

    eventcoder eval ../shared/devdata/acled-dev.jsonl --save-coded CODED.jsonl
    python eval/location_misses.py ../shared/devdata/acled-dev.jsonl CODED.jsonl

Classes, in this order (the first that holds):
- right: the scored coded event (the one with the gold event type, else the first, as the scorer
  picks it) lies within 25 km of the gold point;
- no event: the document has no coded event;
- text does not name it: the gold location's name (or a part of an "A-B" name) is not in the text;
- gold point off its named city: the gold location names a city of 100,000 people or more of the
  gold country, the coded event lies at one (within 5 km), and the gold point lies more than 25 km from
  every such city (most are 2015 South Asian rows whose point lies 36 to 660 km from the city they
  name; a few are a smaller namesake of the city that the index lacks);
- named, gazetteer lacks it: the index holds no place of that name within 25 km of the gold point
  (`eventcoder gazetteer import` of a GeoNames dump raises this share);
- named and known: coder error: the coder had what it needed and chose otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventcoder.resources.gazetteer import distance_km, get_gazetteer  # noqa: E402
from eventcoder.settings import Settings  # noqa: E402

KM = 25.0
CITY_POP = 100_000
AT_CITY_KM = 5.0
CLASSES = ("right", "no event", "text does not name it", "gold point off its named city",
           "named, gazetteer lacks it", "named and known: coder error")


def classify(row: dict, coded: dict | None, gz) -> str | None:
    gold = (row.get("events") or [None])[0]
    if not gold or gold.get("latitude") is None:
        return None
    evs = (coded or {}).get("events") or []
    ev = next((e for e in evs if e.get("event_type") == gold.get("event_type")), evs[0] if evs else None)
    if ev and ev.get("latitude") is not None and distance_km(
            ev["latitude"], ev["longitude"], gold["latitude"], gold["longitude"]) <= KM:
        return "right"
    if not evs:
        return "no event"
    loc = gold.get("location") or ""
    names = [n for n in [loc] + [p.strip() for p in loc.replace(" - ", "-").split("-") if len(p.strip()) > 3] if n]
    text = (row.get("text") or "").lower()
    if not any(n.lower() in text for n in names):
        return "text does not name it"
    if not any(distance_km(m.place.latitude, m.place.longitude, gold["latitude"], gold["longitude"]) <= KM
               for n in names for m in gz.lookup(n)):
        country = gold.get("iso3") or gold.get("country")
        cities = [m.place for m in gz.lookup(loc) if m.place.kind == "city" and m.place.population >= CITY_POP
                  and country in (m.place.iso3, m.place.country)]
        if ev and ev.get("latitude") is not None and any(
                distance_km(c.latitude, c.longitude, ev["latitude"], ev["longitude"]) <= AT_CITY_KM for c in cities):
            return "gold point off its named city"
        return "named, gazetteer lacks it"
    return "named and known: coder error"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", help="an ACLED gold file (GOLD.md format)")
    ap.add_argument("coded", help="the coded documents of that file (eventcoder eval --save-coded)")
    args = ap.parse_args()
    gz = get_gazetteer(Settings.create())
    with open(args.coded, encoding="utf-8") as fh:
        coded = {d["id"]: d for d in map(json.loads, fh)}
    counts: Counter = Counter()
    with open(args.gold, encoding="utf-8") as fh:
        for row in map(json.loads, fh):
            k = classify(row, coded.get(row["id"]), gz)
            if k is not None:
                counts[(row.get("dataset") or "-", k)] += 1
                counts[("all", k)] += 1
    groups = sorted({d for d, _ in counts} - {"all"}) + ["all"]
    print(f"{'dataset':22} {'events':>7} " + " ".join(f"{c[:14]:>14}" for c in CLASSES))
    for g in groups:
        n = sum(v for (d, _), v in counts.items() if d == g)
        print(f"{g:22} {n:7d} " + " ".join(f"{counts[(g, c)] / n:14.3f}" for c in CLASSES))


if __name__ == "__main__":
    main()
