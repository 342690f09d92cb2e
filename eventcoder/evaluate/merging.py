"""Scoring merging across documents on a set of reports grouped by the event they report.

The set is JSON Lines: `{"id", "group", "published", "text", "source", ...}`; reports of one
event share `group`. Every report is coded and stored in a fresh store, in file order; two
reports are predicted to be the same event when any event of one was merged with any event of
the other. Pairwise precision and recall count pairs of reports. A baseline that merges any two
reports of the same country within a day (ignoring place, type and actors) is scored on the same
coded events, so the figure says what the merging rules add.
"""

from __future__ import annotations

import json
import tempfile
from datetime import date
from itertools import combinations
from pathlib import Path

from ..document import Document
from ..errors import InputError


def read_set(path: str | Path) -> list[dict]:
    rows = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}", f"not valid JSON ({exc.msg})") from None
        if not isinstance(row, dict) or not {"id", "group", "text"} <= set(row):
            raise InputError(f"{path}:{n}", "each line needs 'id', 'group' and 'text'")
        rows.append(row)
    return rows


def _pairs(rows: list[dict], same) -> tuple[int, int, int]:
    tp = fp = fn = 0
    for a, b in combinations(rows, 2):
        gold = a["group"] == b["group"]
        pred = same(a, b)
        tp += gold and pred
        fp += pred and not gold
        fn += gold and not pred
    return tp, fp, fn


def _prf(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0,
            "true_pairs": tp, "false_pairs": fp, "missed_pairs": fn}


def evaluate_merging(path: str | Path, settings=None, db: str | None = None) -> dict:
    from ..api import get_pipeline
    from ..settings import Settings
    from ..store import open_store
    from ..store.merging import dates_match

    rows = read_set(path)
    settings = settings or Settings.create()
    tmp = None
    if db is None:
        tmp = tempfile.TemporaryDirectory()
        db = f"sqlite:///{Path(tmp.name) / 'merge.db'}"
    try:
        store = open_store(db)
        docs = [Document(text=r["text"], id=r["id"], title=r.get("title"), source=r.get("source"),
                         published=date.fromisoformat(r["published"]) if r.get("published") else None,
                         published_source="given" if r.get("published") else "none", origin=f"{path}:{r['id']}")
                for r in rows]
        coded = {}
        for ctx in get_pipeline(settings).run(docs):
            out = ctx.to_dict()
            coded[out["id"]] = out
            if not out["error"]:
                store.add(ctx.document, out)
        merged_of: dict[str, set[int]] = {r["id"]: set() for r in rows}
        for ev in store.iter_query():
            for src in store.event(ev["id"])["source_reports"]:
                merged_of[src["document_id"]].add(ev["id"])
    finally:
        if tmp is not None:
            tmp.cleanup()

    def merged(a, b):
        return bool(merged_of[a["id"]] & merged_of[b["id"]])

    def baseline(a, b):
        ea, eb = coded[a["id"]]["events"], coded[b["id"]]["events"]
        return any(x.get("iso3") and x.get("iso3") == y.get("iso3") and dates_match(x, y) for x in ea for y in eb)

    groups = {r["group"] for r in rows}
    no_event = sorted(r["id"] for r in rows if not coded[r["id"]]["events"])
    misses = [(a["id"], b["id"]) for a, b in combinations(rows, 2) if a["group"] == b["group"] and not merged(a, b)]
    wrong = [(a["id"], b["id"]) for a, b in combinations(rows, 2) if a["group"] != b["group"] and merged(a, b)]
    return {
        "set": str(path), "reports": len(rows), "groups": len(groups),
        "multi_report_groups": sum(1 for g in groups if sum(r["group"] == g for r in rows) > 1),
        "reports_without_event": no_event,
        "merging": _prf(*_pairs(rows, merged)),
        "baseline_same_country_and_day": _prf(*_pairs(rows, baseline)),
        "missed": misses, "wrongly_merged": wrong,
    }
