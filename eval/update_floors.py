"""Re-pin the accuracy floors in eval/floors.json from a fresh measurement.

    python eval/update_floors.py                      # run the eval on ../shared/devdata, show changes, write
    python eval/update_floors.py --dry-run            # show only
    python eval/update_floors.py --from-json a.json   # use `eventcoder eval FILE --json` output (one file each)
    python eval/update_floors.py --allow-lower        # accept floors that go down (say why in the commit)
    python eval/update_floors.py --raise-only         # write only the floors that go up

A floor is the measured figure minus the margin (floors.json "margin"), rounded down to a
multiple of 0.005. Raising is always allowed; lowering needs --allow-lower.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLOORS = HERE / "floors.json"
DEVDATA = HERE.parent.parent / "shared" / "devdata"


def floor_of(value: float, margin: float, n: int | None = None) -> float:
    """value minus the larger of the fixed margin and two standard errors of a proportion over
    n items: a floor on 20 items must allow for one item's swing, a floor on 3,000 need not."""
    if n:
        margin = max(margin, 2 * math.sqrt(max(value * (1 - value), 0.0) / n))
    return max(0.0, math.floor(round((value - margin) * 200, 6)) / 200)


def measure(files: list[Path], limit: int, limit_per: str) -> dict[str, dict]:
    """{file name: {group: {metric: value}}} by running the eval with the floors' limit."""
    from eventcoder.evaluate import evaluate_files

    out = {}
    for f in files:
        print(f"measuring {f.name} (limit {limit} per {limit_per}) ...", file=sys.stderr)
        results, _ = evaluate_files([f], limit=limit, limit_per=limit_per, by="dataset")
        out[f.name] = {g: {m: (fig.value, fig.n) for m, fig in r.figures.items() if fig.value is not None}
                       for g, r in results.items()}
    return out


def from_json(paths: list[str], limit: int, limit_per: str) -> dict[str, dict]:
    out = {}
    for p in paths:
        data = json.loads(Path(p).read_text(encoding="utf-8"))
        meta = data.get("meta", {})
        if len(meta.get("files", [])) != 1:
            sys.exit(f"{p}: run `eventcoder eval` on one gold file per JSON output")
        if meta.get("limit") != limit or meta.get("limit_per") != limit_per or meta.get("by") != "dataset":
            sys.exit(f"{p}: measured with --limit {meta.get('limit')} --limit-per {meta.get('limit_per')} "
                     f"--by {meta.get('by')}; floors.json needs --limit {limit} --limit-per {limit_per} --by dataset")
        name = Path(meta["files"][0]).name
        out[name] = {g: {m: (f["value"], f.get("n")) for m, f in r["metrics"].items() if f["value"] is not None}
                     for g, r in data["groups"].items()}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from-json", nargs="+", metavar="FILE", help="eval JSON outputs instead of running")
    ap.add_argument("--files", nargs="+", metavar="GOLD", help="gold files (default: ../shared/devdata/*.jsonl)")
    ap.add_argument("--allow-lower", action="store_true", help="accept floors that go down")
    ap.add_argument("--dry-run", action="store_true", help="show the changes, write nothing")
    ap.add_argument("--raise-only", action="store_true",
                    help="write the floors that go up and keep the old ones where the new would be lower")
    args = ap.parse_args(argv)

    pinned = json.loads(FLOORS.read_text(encoding="utf-8"))
    limit, limit_per, margin = pinned["limit"], pinned["limit_per"], pinned["margin"]
    if args.from_json:
        measured = from_json(args.from_json, limit, limit_per)
    else:
        files = [Path(f) for f in args.files] if args.files else sorted(DEVDATA.glob("*.jsonl"))
        if not files:
            sys.exit(f"no gold files found (looked in {DEVDATA})")
        measured = measure(files, limit, limit_per)

    lowered, changes = [], []
    files = pinned.setdefault("files", {})
    for fname, groups in measured.items():
        old_file = files.get(fname, {})
        new_file = {g: dict(m) for g, m in old_file.items()}
        for group, metrics in groups.items():
            for metric, (value, n) in metrics.items():
                new = floor_of(value, margin, n)
                old = old_file.get(group, {}).get(metric)
                if old is None and new <= 0:
                    continue
                if old is not None and new < old:
                    lowered.append(f"{fname} {group} {metric}: {old:.3f} -> {new:.3f} (measured {value:.3f})")
                    if not args.allow_lower:
                        continue
                if old != new:
                    changes.append(f"{fname} {group} {metric}: {old} -> {new:.3f} (measured {value:.3f})")
                new_file.setdefault(group, {})[metric] = new
        for group, metrics in old_file.items():
            for metric in metrics:
                if metric not in groups.get(group, {}):
                    print(f"warning: {fname} {group} {metric} has a floor but no figure now", file=sys.stderr)
        files[fname] = {g: dict(sorted(m.items())) for g, m in sorted(new_file.items())}

    for line in changes:
        print(line)
    if lowered and not args.allow_lower:
        print("\nrefusing to lower these floors (rerun with --allow-lower if the drop is intended):",
              file=sys.stderr)
        for line in lowered:
            print("  " + line, file=sys.stderr)
        if not args.raise_only:
            return 1
    if args.dry_run:
        print("dry run: floors.json not written")
        return 0
    pinned["measured"] = {"date": date.today().isoformat(),
                          "command": "python eval/update_floors.py" + (" --allow-lower" if args.allow_lower else "")}
    FLOORS.write_text(json.dumps(pinned, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {FLOORS} ({len(changes)} floors changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
