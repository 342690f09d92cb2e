"""How far can event dates go on a gold file? An upper bound for a coder that dates events from
the text and the publication date.

For each gold event: is its date the publication date, or the value of one of the dates the
coder found in the text? A coder choosing among those can be right at most that often. Also
counted: events dated on the publication date although every day the text names is earlier
(the gold then disagrees with the text).

    eventcoder eval ../shared/devdata/pitf-dev.jsonl --save-coded pitf.coded.jsonl
    python eval/date_ceiling.py ../shared/devdata/pitf-dev.jsonl pitf.coded.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections import Counter


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold", help="a gold file (GOLD.md format)")
    ap.add_argument("coded", help="the coded documents of the same file (eventcoder eval --save-coded)")
    args = ap.parse_args()
    coded = {}
    with open(args.coded, encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            coded[doc.get("id")] = doc
    total, reachable, against_text = Counter(), Counter(), Counter()
    with open(args.gold, encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            doc = coded.get(row.get("id"))
            if doc is None:
                continue
            pub = row.get("published")
            days = [t for t in doc.get("times") or [] if t.get("value")]
            values = {t["value"] for t in days}
            ds = row.get("dataset") or "all"
            for ev in row.get("events") or []:
                gd = ev.get("event_date")
                if not gd:
                    continue
                total[ds] += 1
                reachable[ds] += gd == pub or gd in values
                earlier = [t["value"] for t in days if t.get("precision") == "day" and t["value"] != pub]
                against_text[ds] += gd == pub and bool(earlier) and all(v < pub for v in earlier)
    print(f"{'dataset':22} {'events':>7} {'reachable':>10} {'gold=pub, text earlier':>23}")
    for ds in sorted(total):
        n = total[ds]
        print(f"{ds:22} {n:7d} {reachable[ds] / n:10.3f} {against_text[ds] / n:23.3f}")


if __name__ == "__main__":
    main()
