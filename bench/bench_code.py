"""Speed benchmark: eventcoder coding against bare spaCy `nlp.pipe` of the same model, same texts.

    python bench/bench_code.py                 # 1,000 documents sampled from ../shared/devdata
    python bench/bench_code.py --docs 3000 --json
    python bench/bench_code.py --docs 2000 --ingest --workers 2      # also ingest, and 2 processes
    python bench/bench_code.py --docs 20000 --only coding --rss-every 1000   # memory over a long run

Reports documents/s, words/s and memory for (a) the baseline, `nlp.pipe` of the spaCy model
eventcoder uses, loaded by spaCy as it ships (`spacy.load`, without eventcoder's changes to the
pipeline), and (b) eventcoder.api.code_documents, and the ratio of their times. Model loading and the first coded document (lazy resources) are timed apart.
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
    start, cpu = time.perf_counter(), time.process_time()
    count = fn()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    out = {"seconds": seconds, "cpu_seconds": cpu, "items": count, "peak_rss_mb": round(_rss_mb(), 1)}
    if trace:
        out["python_heap_peak_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    return out


def _current_rss_mb() -> float:
    """Resident memory now (VmRSS), which shows growth that the high-water mark hides."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


PHASES = ("baseline", "coding", "ingest", "workers")


def base_and_code(results: dict) -> bool:
    return "baseline" in results and "eventcoder" in results


def _plain_model(ours):
    """The model eventcoder loaded, as spaCy ships it: the baseline."""
    import spacy

    return spacy.load(f"{ours.meta['lang']}_{ours.meta['name']}")  # the package's name


def run(n_docs: int, batch_size: int | None, devdata: Path, trace: bool, phases=("baseline", "coding"),
        workers: int = 1, rss_every: int = 0, repeat: int = 1) -> dict:
    from eventcoder.api import code_documents, get_pipeline
    from eventcoder.document import Document
    from eventcoder.nlp import load_model
    from eventcoder.settings import Settings

    # each repeated (baseline, coding) pair codes its own slice of the corpus: texts a long run
    # has not seen, with the caches as a long run leaves them (not the same texts again)
    slices = corpus(n_docs * max(1, repeat), devdata)
    texts = slices[:n_docs]
    words = sum(len(t.split()) for t in texts)
    chars = sum(len(t) for t in texts)
    settings = Settings.create(batch_size=batch_size)
    rss_start = _rss_mb()

    t0 = time.perf_counter()
    ours = load_model(settings)
    load_seconds = time.perf_counter() - t0
    nlp = _plain_model(ours)
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

    rss_samples: list[tuple[int, float]] = []

    def coding_sampled() -> int:
        nonlocal errors
        n = 0
        docs = (Document(text=t, id=f"bench-{i}") for i, t in enumerate(texts))
        for coded in code_documents(docs, settings):
            n += 1
            errors += bool(coded["error"])
            if rss_every and n % rss_every == 0:
                rss_samples.append((n, round(_current_rss_mb(), 1)))
        return n

    def ingest() -> int:
        import tempfile

        from eventcoder.api import get_pipeline
        from eventcoder.store import open_store

        pipeline = get_pipeline(settings)
        n = 0
        with tempfile.TemporaryDirectory() as tmp:
            store = open_store(f"sqlite:///{Path(tmp) / 'bench.db'}")
            docs = (Document(text=t, id=f"bench-{i}") for i, t in enumerate(texts))
            for ctx in pipeline.run(docs):
                coded = ctx.to_dict()
                if not coded["error"]:
                    store.add(ctx.document, coded)
                n += 1
            store.engine.dispose()
        return n

    def parallel() -> int:
        from eventcoder.parallel import code_pairs

        n = 0
        docs = (Document(text=t, id=f"bench-{i}") for i, t in enumerate(texts))
        for _ in code_pairs(docs, settings, workers):
            n += 1
        return n

    results = {}
    if "baseline" in phases:
        results["baseline"] = _timed(baseline, trace)
    if "coding" in phases:
        from eventcoder.nlp import PrefilterStats

        before = (PrefilterStats.parsed, PrefilterStats.skipped)
        results["eventcoder"] = _timed(coding_sampled, trace)
        results["eventcoder"]["prefilter_parsed"] = PrefilterStats.parsed - before[0]
        results["eventcoder"]["prefilter_skipped"] = PrefilterStats.skipped - before[1]
    if "ingest" in phases:
        results["ingest"] = _timed(ingest, trace)
    if "workers" in phases and workers > 1:
        results["parallel"] = _timed(parallel, False)
    # more (baseline, coding) pairs back to back: the machine's drift hits both sides of each pair
    pairs = [(results["baseline"], results["eventcoder"])] if base_and_code(results) else []
    for _ in range(repeat - 1):
        if not base_and_code(results):
            break
        texts = slices[len(pairs) * n_docs:(len(pairs) + 1) * n_docs]
        pairs.append((_timed(baseline, False), _timed(coding_sampled, False)))
    repeated = [round(c["seconds"] / b["seconds"], 3) for b, c in pairs]
    repeated_cpu = [round(c["cpu_seconds"] / b["cpu_seconds"], 3) for b, c in pairs]
    for r in results.values():
        r["docs_per_s"] = round(r["items"] / r["seconds"], 1)
        r["words_per_s"] = round(words / r["seconds"], 0)
        r["seconds"] = round(r["seconds"], 2)
        r["cpu_seconds"] = round(r["cpu_seconds"], 2)
    base, code = results.get("baseline"), results.get("eventcoder")

    def ratio(a, b):
        return round(a["seconds"] / b["seconds"], 3) if a and b and b["seconds"] else None

    def ratio_cpu(a, b):
        return round(a["cpu_seconds"] / b["cpu_seconds"], 3) if a and b and b["cpu_seconds"] else None

    return {
        "documents": n_docs, "words": words, "chars": chars, "batch_size": settings.batch_size,
        "model": f"{nlp.meta.get('lang')}_{nlp.meta.get('name')} {nlp.meta.get('version')}",
        "rss_at_start_mb": round(rss_start, 1), "model_load_s": round(load_seconds, 2),
        "first_document_s": round(first_seconds, 2), "coding_errors": errors,
        **results,
        "ratio": ratio(code, base),
        "ratios_repeated": repeated,
        "cpu_ratio": ratio_cpu(code, base),
        "cpu_ratios_repeated": repeated_cpu,
        "ingest_speed_vs_coding": ratio(code, results.get("ingest")),
        "workers": workers, "workers_speedup": ratio(code, results.get("parallel")),
        "rss_mb_during_coding": rss_samples,
        "tracemalloc": trace,
    }


def format_report(r: dict) -> str:
    rows = [("", "docs/s", "words/s", "seconds", "peak RSS MB")]
    labels = (("baseline: nlp.pipe", "baseline"), ("eventcoder coding", "eventcoder"),
              ("ingest into SQLite", "ingest"), (f"coding, {r['workers']} workers", "parallel"))
    for label, key in labels:
        x = r.get(key)
        if isinstance(x, dict):
            rows.append((label, f"{x['docs_per_s']:.1f}", f"{x['words_per_s']:.0f}", f"{x['seconds']:.2f}",
                         f"{x['peak_rss_mb']:.0f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [f"{r['documents']} documents, {r['words']} words, model {r['model']}, batch size {r['batch_size']}"]
    lines += ["  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(row))
              for row in rows]
    code = r.get("eventcoder")
    if isinstance(code, dict) and "prefilter_skipped" in code:
        lines.append(f"pre-filter: parser run on {code['prefilter_parsed']} documents, skipped for "
                     f"{code['prefilter_skipped']}")
    if r["ratio"] is not None:
        lines.append(f"ratio coding time / baseline time: {r['ratio']}  (target <= 1.3)")
    import statistics

    if len(r["ratios_repeated"]) > 1:
        lines.append(f"ratios of {len(r['ratios_repeated'])} back-to-back pairs: {r['ratios_repeated']}, "
                     f"median {statistics.median(r['ratios_repeated'])}")
    if r["cpu_ratio"] is not None:
        lines.append(f"the same in CPU time of this process (steadier when other processes share the machine): "
                     f"{r['cpu_ratios_repeated']}, median {statistics.median(r['cpu_ratios_repeated'])}")
    if r["ingest_speed_vs_coding"] is not None:
        lines.append(f"ingest speed / coding speed: {r['ingest_speed_vs_coding']}  (target >= 0.8)")
    if r["workers_speedup"] is not None:
        lines.append(f"speed with {r['workers']} workers / one process: {r['workers_speedup']}  (target >= 1.6 for 2)")
    if r["rss_mb_during_coding"]:
        lines.append("resident memory during coding (documents: MB): "
                     + ", ".join(f"{n}: {m:.0f}" for n, m in r["rss_mb_during_coding"]))
    lines.append(f"model load {r['model_load_s']} s; first document (lazy resources) {r['first_document_s']} s; "
                 f"documents coded with an error: {r['coding_errors']}")
    if r["tracemalloc"]:
        lines.append("python heap peak (tracemalloc; timings inflated): "
                     + ", ".join(f"{k} {r[k]['python_heap_peak_mb']} MB" for k in ("baseline", "eventcoder", "ingest")
                                 if isinstance(r.get(k), dict) and "python_heap_peak_mb" in r[k]))
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=1000, help="documents to code (default 1000)")
    ap.add_argument("--batch-size", type=int, default=None, help="batch size for both runs (default: settings)")
    ap.add_argument("--devdata", type=Path, default=DEVDATA, help="folder of gold JSON Lines files")
    ap.add_argument("--tracemalloc", action="store_true",
                    help="also measure the Python heap peak (slows both runs)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--ingest", action="store_true", help="also time coding plus storing into a fresh SQLite file")
    ap.add_argument("--workers", type=int, default=1, help="also time coding on N processes (eventcoder.parallel)")
    ap.add_argument("--only", choices=PHASES, action="append", help="run only these phases (repeatable)")
    ap.add_argument("--repeat", type=int, default=1, metavar="R",
                    help="time R (baseline, coding) pairs back to back and report each ratio and their median")
    ap.add_argument("--rss-every", type=int, default=0, metavar="N",
                    help="sample resident memory every N documents of the coding phase")
    args = ap.parse_args(argv)
    if args.docs < 1:
        ap.error("--docs must be positive")
    phases = set(args.only or ["baseline", "coding"] + (["ingest"] if args.ingest else [])
                 + (["workers"] if args.workers > 1 else []))
    result = run(args.docs, args.batch_size, args.devdata, args.tracemalloc, phases, args.workers, args.rss_every,
                 args.repeat)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
