"""Speed benchmark: eventcoder coding against bare spaCy `nlp.pipe` of the same model, same texts.

    python bench/bench_code.py                 # 1,000 documents sampled from ../shared/devdata
    python bench/bench_code.py --docs 3000 --json

Reports documents/s, words/s and memory for (a) the baseline, `nlp.pipe` of the model eventcoder
loads (eventcoder.nlp.load_model), and (b) eventcoder.api.code_documents, and the ratio of their
times. Model loading and the first coded document (lazy resources) are timed apart.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

DEVDATA = Path(__file__).resolve().parents[2] / "shared" / "devdata"
SEED = 20170828  # fixed, so every run codes the same sample


def corpus(n: int, devdata: Path = DEVDATA, seed: int = SEED) -> list[str]:
    """N texts: a seeded sample of every dev file's texts, cycled when N exceeds them."""
    texts = []
    for path in sorted(devdata.glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    texts.append(json.loads(line)["text"])
    if not texts:
        sys.exit(f"no dev data found in {devdata}; pass --devdata")
    random.Random(seed).shuffle(texts)
    return [texts[i % len(texts)] for i in range(n)]


def _rss_mb() -> float:
    """Peak resident set size of this process so far (ru_maxrss is in KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / 1024 / 1024


def _timed(fn, trace: bool) -> dict:
    gc.collect()
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    count = fn()
    seconds = time.perf_counter() - start
    out = {"seconds": seconds, "items": count, "peak_rss_mb": round(_rss_mb(), 1)}
    if trace:
        out["python_heap_peak_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    return out


def run(n_docs: int, batch_size: int | None, devdata: Path, trace: bool) -> dict:
    from eventcoder.api import code_documents, get_pipeline
    from eventcoder.document import Document
    from eventcoder.nlp import load_model
    from eventcoder.settings import Settings

    texts = corpus(n_docs, devdata)
    words = sum(len(t.split()) for t in texts)
    chars = sum(len(t) for t in texts)
    settings = Settings.create(batch_size=batch_size)
    rss_start = _rss_mb()

    t0 = time.perf_counter()
    nlp = load_model(settings)
    load_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    list(code_documents([Document(text=texts[0], id="warm-up")], settings))
    first_seconds = time.perf_counter() - t0
    get_pipeline(settings)

    def baseline() -> int:
        n = 0
        for _ in nlp.pipe(texts, batch_size=settings.batch_size):
            n += 1
        return n

    errors = 0

    def coding() -> int:
        nonlocal errors
        n = 0
        docs = (Document(text=t, id=f"bench-{i}") for i, t in enumerate(texts))
        for coded in code_documents(docs, settings):
            n += 1
            errors += bool(coded["error"])
        return n

    base = _timed(baseline, trace)
    code = _timed(coding, trace)
    for r in (base, code):
        r["docs_per_s"] = round(r["items"] / r["seconds"], 1)
        r["words_per_s"] = round(words / r["seconds"], 0)
        r["seconds"] = round(r["seconds"], 2)
    return {
        "documents": n_docs, "words": words, "chars": chars, "batch_size": settings.batch_size,
        "model": f"{nlp.meta.get('lang')}_{nlp.meta.get('name')} {nlp.meta.get('version')}",
        "rss_at_start_mb": round(rss_start, 1), "model_load_s": round(load_seconds, 2),
        "first_document_s": round(first_seconds, 2), "coding_errors": errors,
        "baseline": base, "eventcoder": code,
        "ratio": round(code["seconds"] / base["seconds"], 2) if base["seconds"] else None,
        "tracemalloc": trace,
    }


def format_report(r: dict) -> str:
    rows = [("", "docs/s", "words/s", "seconds", "peak RSS MB")]
    for label, key in (("baseline: nlp.pipe", "baseline"), ("eventcoder coding", "eventcoder")):
        x = r[key]
        rows.append((label, f"{x['docs_per_s']:.1f}", f"{x['words_per_s']:.0f}", f"{x['seconds']:.2f}",
                     f"{x['peak_rss_mb']:.0f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [f"{r['documents']} documents, {r['words']} words, model {r['model']}, batch size {r['batch_size']}"]
    lines += ["  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row))
              for row in rows]
    lines.append(f"ratio coding time / baseline time: {r['ratio']}")
    lines.append(f"model load {r['model_load_s']} s; first document (lazy resources) {r['first_document_s']} s; "
                 f"documents coded with an error: {r['coding_errors']}")
    if r["tracemalloc"]:
        lines.append(f"python heap peak (tracemalloc; timings inflated): baseline "
                     f"{r['baseline']['python_heap_peak_mb']} MB, coding {r['eventcoder']['python_heap_peak_mb']} MB")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=1000, help="documents to code (default 1000)")
    ap.add_argument("--batch-size", type=int, default=None, help="batch size for both runs (default: settings)")
    ap.add_argument("--devdata", type=Path, default=DEVDATA, help="folder of gold JSON Lines files")
    ap.add_argument("--tracemalloc", action="store_true",
                    help="also measure the Python heap peak (slows both runs)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    if args.docs < 1:
        ap.error("--docs must be positive")
    result = run(args.docs, args.batch_size, args.devdata, args.tracemalloc)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
