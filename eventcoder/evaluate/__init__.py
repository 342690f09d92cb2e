"""Evaluation: read gold files (shared/contract/GOLD.md), code their documents, score, report."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable, Iterable

from ..errors import InputError
from .gold import GoldLine, read_gold, read_gold_files, to_document
from .scorer import METRICS, Figure, GroupResult, Scorer, _gold_iso3, pair_events, score

__all__ = [
    "GoldLine", "read_gold", "read_gold_files", "to_document", "METRICS", "Figure", "GroupResult",
    "Scorer", "pair_events", "score", "evaluate_files", "read_coded", "below_floors",
]


def read_coded(path: str | Path) -> dict[str, dict]:
    """Coded documents from a JSON Lines file (the output of `eventcoder code`), by id."""
    path = Path(path)
    out: dict[str, dict] = {}
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(str(path), f"cannot open the coded file ({exc.strerror or exc})") from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{number}", f"not valid JSON ({exc.msg})") from None
            if not isinstance(row, dict) or "id" not in row:
                raise InputError(f"{path}:{number}", "expected a coded document with an 'id'")
            out[str(row["id"])] = row
    return out


def evaluate_files(
    paths: Iterable[str | Path],
    *,
    limit: int | None = None,
    limit_per: str = "file",
    by: str = "dataset",
    settings=None,
    coded: dict[str, dict] | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    progress_every: int = 100,
    sink: Callable[[dict], None] | None = None,
    country_from_gold: bool = False,
) -> tuple[dict[str, GroupResult], dict]:
    """Code the documents of gold files (or take them from `coded`, by id) and score them.

    Returns (results per group, meta). `progress(done, total, seconds)` is called every
    `progress_every` documents; `sink(coded_doc)` receives each coded document. With
    `country_from_gold`, each document is coded with its gold event's country as the country of its
    source (`Document.country`): what a user who knows a feed's country gives, here taken from the answer.
    """
    paths = [str(p) for p in paths]
    lines: list[GoldLine] = read_gold_files(paths, limit=limit, limit_per=limit_per)
    if country_from_gold:
        from ..resources.actors import country_code

        for line in lines:
            gold = (line.answers.get("events") or [None])[0]
            # (a code the country table lacks, which `_gold_iso3` passes on as it is, gives none)
            iso3 = country_code(_gold_iso3(gold) or "") if isinstance(gold, dict) else None
            if line.document.country is None and iso3:
                line.document.country = iso3
    scorer = Scorer(by=by)
    start = time.perf_counter()
    if coded is None:
        from ..api import code_documents

        stream = code_documents((line.document for line in lines), settings)
        done = 0
        for line, doc in zip(lines, stream):
            done += 1
            if sink:
                sink(doc)
            scorer.add(line.answers, doc if doc.get("id") == line.id else None, file=Path(line.file).name)
            if progress and (done % max(1, progress_every) == 0 or done == len(lines)):
                progress(done, len(lines), time.perf_counter() - start)
        for line in lines[done:]:  # the coder stopped short: the rest are missing
            scorer.add(line.answers, None, file=Path(line.file).name)
    else:
        for line in lines:
            scorer.add(line.answers, coded.get(line.id), file=Path(line.file).name)
    seconds = time.perf_counter() - start
    meta = {
        "files": paths,
        "documents": len(lines),
        "limit": limit,
        "limit_per": limit_per,
        "by": by,
        "seconds": round(seconds, 2),
        "coded": "given" if coded is not None else "eventcoder",
        "country_from_gold": country_from_gold,
    }
    return scorer.results(), meta


def below_floors(results: dict[str, GroupResult], floors: dict[str, dict[str, float]]) -> list[str]:
    """Every pinned floor ({group: {metric: floor}}) that the results miss, as a message;
    a floored figure that is absent from the results counts as missed."""
    problems = []
    for group, metrics in floors.items():
        res = results.get(group)
        for metric, floor in metrics.items():
            value = res.value(metric) if res else None
            if value is None:
                problems.append(f"{group} {metric}: no figure (floor {floor:.3f})")
            elif value < floor - 1e-9:
                problems.append(f"{group} {metric}: {value:.3f} is below its floor {floor:.3f}")
    return problems
