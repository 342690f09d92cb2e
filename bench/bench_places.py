"""Place-resolution benchmark: the gazetteer index build, and the share of coding time spent on places.

    python bench/bench_places.py                        # 400 documents of ../shared/devdata/acled-dev.jsonl
    python bench/bench_places.py --limit 200 --repeat 2 --json

1. Index build: `eventcoder.resources.gazetteer.build_index` from scratch into a temporary cache
   directory, in a fresh subprocess; wall time of the build call, and peak RSS of that process
   (`resource.getrusage(RUSAGE_CHILDREN)`, so the figure is the build alone). Targets: < 60 s, < 1 GB.
2. Place share: the full pipeline codes the first --limit texts of --corpus, timing each stage.
   Place time = the `places` and `event_locations` stages, and the merge stage's copies of an event
   for the places of a list (`split_listed_places`); place share = place time / (coding
   time without them), i.e. "place resolution adds X% to coding time" (target < 20%). Bare
   `nlp.pipe` of the same model over the same texts is timed beside it as the baseline. One
   un-timed warm-up run loads the model and the gazetteer; then --repeat timed runs, medians
   reported. The gazetteer's per-name look-up memo is emptied before each timed run (the warm-up
   would otherwise have answered every name of the corpus); --keep-lookup-cache keeps it.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "devdata" / "acled-dev.jsonl"
SAMPLE = REPO / "examples" / "sample_article.txt"
PLACE_STAGES = ("places", "event_locations")
LIST_STEP = "listed_places"  # the merge stage's copies of an event for the places of a list (place work)

# Run in a fresh interpreter: only the build is timed; the process's peak RSS is read by the parent.
_BUILD_CHILD = """
import json, sys, time
from pathlib import Path
from eventcoder.resources.gazetteer import build_index, index_path
from eventcoder.settings import Settings
path = index_path(Settings.create(cache_dir=Path(sys.argv[1])))
t0 = time.perf_counter()
build_index(path)
print(json.dumps({"seconds": time.perf_counter() - t0, "index_mb": path.stat().st_size / 2**20}))
"""


def corpus(n: int, path: Path = CORPUS) -> tuple[list[str], str]:
    """The first N texts of a JSON Lines file (cycled if it has fewer), else the sample article N times."""
    texts = []
    if path.exists():
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    texts.append(json.loads(line)["text"])
                    if len(texts) == n:
                        break
    if not texts:
        return [SAMPLE.read_text(encoding="utf-8")] * n, f"{SAMPLE.name} repeated ({path} not found)"
    return [texts[i % len(texts)] for i in range(n)], str(path)


def _maxrss_mb(who: int) -> float:
    peak = resource.getrusage(who).ru_maxrss  # KiB on Linux, bytes on macOS
    return peak / 1024 if sys.platform != "darwin" else peak / 2**20


def bench_build() -> dict:
    """Build the index from scratch into a temporary cache dir, in a child process."""
    with tempfile.TemporaryDirectory(prefix="eventcoder-bench-") as tmp:
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", _BUILD_CHILD, tmp], capture_output=True, text=True, cwd=REPO)
        process_s = time.perf_counter() - t0
    if out.returncode:
        sys.exit(f"index build failed:\n{out.stderr}")
    child = json.loads(out.stdout.strip().splitlines()[-1])
    return {"seconds": round(child["seconds"], 1), "process_seconds": round(process_s, 1),
            "peak_rss_mb": round(_maxrss_mb(resource.RUSAGE_CHILDREN), 0),
            "index_mb": round(child["index_mb"], 1), "target_seconds": 60, "target_mb": 1024}


def bench_coding(texts: list[str], repeat: int, keep_cache: bool) -> dict:
    from eventcoder.document import Document
    from eventcoder.pipeline import Pipeline
    from eventcoder.resources.gazetteer import get_gazetteer
    from eventcoder.settings import Settings

    settings = Settings.create()
    pipeline = Pipeline(settings)
    stage_s: dict[str, float] = {}

    def clocked(name, fn):
        def run(ctx):
            t0 = time.perf_counter()
            try:
                fn(ctx)
            finally:
                stage_s[name] = stage_s.get(name, 0.0) + time.perf_counter() - t0
        return run

    # Wrap each stage function with a clock (the pipeline builds the list once and keeps it).
    pipeline._fns = [(name, clocked(name, fn)) for name, fn in pipeline._stage_fns()]
    # The copies of an event for the other places of a list are made in the merge stage (after the merge,
    # which would join them again): place work, clocked as such and taken out of the merge stage's time
    import eventcoder.stages.merge as merge

    split = merge.split_listed_places

    def clocked_split(*args, **kwargs):
        t0 = time.perf_counter()
        try:
            return split(*args, **kwargs)
        finally:
            stage_s[LIST_STEP] = stage_s.get(LIST_STEP, 0.0) + time.perf_counter() - t0

    merge.split_listed_places = clocked_split

    def code() -> tuple[float, list[str]]:
        docs = (Document(text=t, id=f"bench-{i}") for i, t in enumerate(texts))
        t0 = time.perf_counter()
        errors = [ctx.error for ctx in pipeline.run(docs) if ctx.error is not None]
        return time.perf_counter() - t0, errors

    # warm-up, not in the figures: loads the model, dictionaries and the gazetteer (compiling the
    # index into the normal cache dir first if it is missing or stale)
    warmup_s, warmup_errors = code()
    nlp = pipeline.nlp
    runs = []
    for _ in range(repeat):
        if not keep_cache:
            get_gazetteer(settings)._cache.clear()
        gc.collect()
        t0 = time.perf_counter()
        for _ in nlp.pipe(texts, batch_size=settings.batch_size):
            pass
        base_s = time.perf_counter() - t0
        gc.collect()
        stage_s.clear()
        total_s, errors = code()
        place_s = sum(stage_s.get(n, 0.0) for n in PLACE_STAGES + (LIST_STEP,))
        runs.append({"coding_s": total_s, "place_s": place_s, "other_s": total_s - place_s,
                     "share": place_s / (total_s - place_s), "nlp_pipe_s": base_s, "stages_s": dict(stage_s)})

    def med(key):
        return statistics.median(r[key] for r in runs)

    return {
        "documents": len(texts), "words": sum(len(t.split()) for t in texts), "repeat": repeat,
        "batch_size": settings.batch_size, "model": f"{nlp.meta.get('lang')}_{nlp.meta.get('name')} "
        f"{nlp.meta.get('version')}", "warmup_s": round(warmup_s, 2), "lookup_cache_kept": keep_cache,
        "documents_with_error": len(errors), "warmup_documents_with_error": len(warmup_errors),
        "first_error": (errors or warmup_errors or [None])[0],
        "coding_s": round(med("coding_s"), 2), "place_s": round(med("place_s"), 2),
        "coding_without_places_s": round(med("other_s"), 2), "place_share": round(med("share"), 4),
        "nlp_pipe_s": round(med("nlp_pipe_s"), 2), "target_share": 0.20,
        "stages_s": {n: round(statistics.median(r["stages_s"].get(n, 0.0) for r in runs), 3)
                     for n in list(pipeline.names) + [LIST_STEP]},
        "runs": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items() if k != "stages_s"}
                 for r in runs],
    }


def format_report(r: dict) -> str:
    lines = []
    b = r.get("build")
    if b:
        lines += ["gazetteer index build (fresh subprocess, temporary cache dir)",
                  f"  build_index         {b['seconds']:8.1f} s    target < {b['target_seconds']} s"
                  f"   (process incl. imports {b['process_seconds']} s)",
                  f"  peak RSS            {b['peak_rss_mb']:8.0f} MB   target < {b['target_mb']} MB"
                  f"   (index file {b['index_mb']} MB)"]
    c = r.get("coding")
    if c:
        lines += [f"coding {c['documents']} documents ({c['words']} words) of {r['corpus']}; model {c['model']}, "
                  f"batch size {c['batch_size']}",
                  f"  one un-timed warm-up run first ({c['warmup_s']} s: model, gazetteer, dictionaries); "
                  f"median of {c['repeat']} timed runs; gazetteer look-up memo "
                  f"{'kept' if c['lookup_cache_kept'] else 'emptied before each run'}",
                  f"  coding, total       {c['coding_s']:8.2f} s",
                  f"  place stages        {c['place_s']:8.2f} s    ({' + '.join(PLACE_STAGES + (LIST_STEP,))})",
                  f"  coding w/o places   {c['coding_without_places_s']:8.2f} s",
                  f"  nlp.pipe baseline   {c['nlp_pipe_s']:8.2f} s",
                  f"  place resolution adds {100 * c['place_share']:.1f}% to coding time "
                  f"(target < {100 * c['target_share']:.0f}%)",
                  "  per stage (s): " + ", ".join(f"{n} {s:.2f}" for n, s in c["stages_s"].items()),
                  f"  documents coded with an error: {c['documents_with_error']} (warm-up run: "
                  f"{c['warmup_documents_with_error']})" + (f"; first: {c['first_error']}" if c["first_error"] else "")]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="JSON Lines file with a 'text' field per line")
    ap.add_argument("--limit", type=int, default=400, help="documents to code: the first N (default 400)")
    ap.add_argument("--repeat", type=int, default=3, help="timed coding runs; the median is reported (default 3)")
    ap.add_argument("--only", choices=("build", "coding"), help="run one of the two measurements")
    ap.add_argument("--keep-lookup-cache", action="store_true",
                    help="keep the gazetteer's per-name look-up memo from the warm-up run")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    if args.limit < 1 or args.repeat < 1:
        ap.error("--limit and --repeat must be positive")
    result: dict = {}
    if args.only != "coding":
        result["build"] = bench_build()  # first: RUSAGE_CHILDREN is a high-water mark over all children
    if args.only != "build":
        texts, result["corpus"] = corpus(args.limit, args.corpus)
        result["coding"] = bench_coding(texts, args.repeat, args.keep_lookup_cache)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
