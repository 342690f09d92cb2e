"""How well do a document's events cover its places, where the gold splits one note into a row per place?

ACLED codes one event per place of a report: a note telling protests "in A, B and C" is three rows,
one per town, with the same text. The scorer pairs a one-event gold row with the first coded event of
its type, so events the coder makes for the other places do not show in its figures. This script reads
the gold rows that share a text with other rows and counts:

- rows with some coded event of their document within 25 km of their place (any event, not only the first);
- the coded events beyond a document's first at another place than an event of the same type, date and
  first actor (the copies of an event for the places of a list), and how many of them stand within 25 km
  of a place some gold row of the note has.

    eventcoder eval ../shared/devdata/acled-dev.jsonl --save-coded acled.coded.jsonl
    python eval/place_rows.py ../shared/devdata/acled-dev.jsonl acled.coded.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eventcoder.evaluate.scorer import haversine_km  # noqa: E402

KM = 25.0


def _near(a: dict, b: dict) -> bool:
    return a.get("latitude") is not None and b.get("latitude") is not None \
        and haversine_km(a["latitude"], a["longitude"], b["latitude"], b["longitude"]) <= KM


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", help="a gold file of one event per line (GOLD.md format)")
    ap.add_argument("coded", help="the coded documents of the same file (eventcoder eval --save-coded)")
    args = ap.parse_args()
    with open(args.coded, encoding="utf-8") as fh:
        coded = {d.get("id"): d for d in map(json.loads, fh)}
    notes: dict[str, list[dict]] = defaultdict(list)
    with open(args.gold, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if row.get("events") and row["events"][0].get("latitude") is not None:
                    notes[row.get("text", "")].append(row)
    rows = covered = copies = at_row = 0
    for gold_rows in notes.values():
        events = (coded.get(gold_rows[0].get("id")) or {}).get("events") or []
        if len(gold_rows) > 1:
            for row in gold_rows:
                rows += 1
                covered += any(_near(row["events"][0], e) for e in events)
        for i, e in enumerate(events[1:], 1):
            if any(o.get("event_type") == e.get("event_type") and o.get("event_date") == e.get("event_date")
                   and o.get("actor1") == e.get("actor1") and o.get("location") != e.get("location")
                   for o in events[:i]) and len(gold_rows) > 1:
                copies += 1
                at_row += any(_near(row["events"][0], e) for row in gold_rows)
    print(f"gold rows of notes split into several rows: {rows}")
    print(f"  with a coded event of their document at their place: {covered}")
    print(f"events for another place of a list, in those notes: {copies}; at a place of a gold row: {at_row}")


if __name__ == "__main__":
    main()
