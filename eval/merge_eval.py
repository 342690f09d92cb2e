"""Pairwise precision and recall of merging across documents on a set of grouped reports.

    python eval/merge_eval.py tests/data/merge_set.jsonl [--json] [--db URL]

Codes every report, stores it in a fresh SQLite store (or --db, kept for inspection), and counts
pairs of reports: predicted the same event (merged) against reported as the same (same group).
Prints the figures beside a baseline that merges any two reports of one country within a day.
"""

from __future__ import annotations

import argparse
import json
import sys

from eventcoder.evaluate.merging import evaluate_merging


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("set", help="JSON Lines of reports with 'id', 'group', 'published', 'text'")
    ap.add_argument("--json", action="store_true", help="the whole result as JSON")
    ap.add_argument("--db", help="store URL to keep (default: a temporary SQLite file)")
    args = ap.parse_args(argv)
    r = evaluate_merging(args.set, db=args.db)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    m, b = r["merging"], r["baseline_same_country_and_day"]
    print(f"{r['reports']} reports, {r['groups']} groups ({r['multi_report_groups']} with several reports)")
    print(f"merging:  precision {m['precision']:.3f}  recall {m['recall']:.3f}  f1 {m['f1']:.3f}  "
          f"({m['true_pairs']} pairs right, {m['false_pairs']} wrongly merged, {m['missed_pairs']} missed)")
    print(f"baseline (same country, within a day): precision {b['precision']:.3f}  recall {b['recall']:.3f}  "
          f"f1 {b['f1']:.3f}")
    if r["reports_without_event"]:
        print(f"reports coded with no event: {', '.join(r['reports_without_event'])}")
    for a, c in r["wrongly_merged"]:
        print(f"  wrongly merged: {a} + {c}")
    for a, c in r["missed"]:
        print(f"  missed: {a} + {c}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
