"""Evaluation results as text tables (one per group) and as a JSON-ready dict."""

from __future__ import annotations

from .scorer import GroupResult


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def format_group(res: GroupResult) -> str:
    """One table: metric, value, n, baseline."""
    head = f"== {res.name}: {res.documents} documents"
    if res.missing or res.errors:
        head += f" ({res.missing} missing, {res.errors} coded with an error)"
    head += " =="
    if not res.figures:
        return head + "\n(no gold answers to score)\n"
    width = max(len("metric"), *(len(f.label) for f in res.figures.values()))
    lines = [head, f"{'metric':<{width}}  {'value':>6}  {'n':>6}  {'baseline':>8}"]
    lines.append("-" * (width + 28))
    for fig in res.figures.values():
        lines.append(f"{fig.label:<{width}}  {_fmt(fig.value):>6}  {fig.n:>6}  {_fmt(fig.baseline):>8}")
    return "\n".join(lines) + "\n"


def format_tables(results: dict[str, GroupResult]) -> str:
    notes = ("baselines: event type / sub-type = the most frequent gold value of the group; "
             "event date = the published date; fatalities = always 0.")
    return "\n".join(format_group(r) for r in results.values()) + notes + "\n"


def to_json(results: dict[str, GroupResult], meta: dict | None = None) -> dict:
    """{"meta": {...}, "groups": {name: {"documents", "missing", "errors", "metrics": {metric:
    {"value", "n", "baseline"}}}}}"""
    return {"meta": dict(meta or {}), "groups": {name: r.to_dict() for name, r in results.items()}}
