"""Is the work per document linear in its length? Codes single documents of growing length and
reports the time per word of each, as a ratio to the previous (half as long) one's.

    python bench/bench_length.py                      # 500 to 16,000 words, doubling
    python bench/bench_length.py --max-words 64000 --json
    python bench/bench_length.py --sentence "Protesters marched in Kelmora on Monday and police used tear gas."

Each document is short dev texts (../shared/devdata, or --devdata DIR; up to 150 words each)
joined as paragraphs, in a fixed order, up to the length; each length is coded --repeat times (default 3) and the fastest run
counts. spaCy's own time is linear in the length, so a per-word ratio near 1.0 from one length
to the next says eventcoder's stages add no work that grows faster than the text; a ratio near
2.0 at every doubling would mean quadratic work somewhere.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_code import DEVDATA, corpus  # noqa: E402


def document(words: int, devdata: Path, sentence: str | None = None) -> str:
    if sentence:  # (one sentence said again and again: an actor, a place and a date in every sentence)
        return " ".join([sentence] * max(1, round(words / len(sentence.split()))))
    texts, parts, n = corpus(20000, devdata), [], 0
    for t in texts:
        if n >= words:
            break
        if len(t.split()) > 150:
            continue  # short texts only, so every document comes close to its length
        parts.append(t.strip())
        n += len(t.split())
    return "\n\n".join(parts)


def run(min_words: int, max_words: int, repeat: int, devdata: Path, sentence: str | None = None,
        published: date | None = None) -> dict:
    from eventcoder.api import code_documents
    from eventcoder.document import Document
    from eventcoder.settings import Settings

    settings = Settings.create()
    list(code_documents([Document(text=document(200, devdata), id="warm-up")], settings))
    rows = []
    size = min_words
    while size <= max_words:
        text = document(size, devdata, sentence)
        words = len(text.split())
        best = None
        events = 0
        for _ in range(repeat):
            t0 = time.process_time()
            coded = next(iter(code_documents([Document(text=text, id=f"len-{size}", published=published)], settings)))
            seconds = time.process_time() - t0
            best = seconds if best is None else min(best, seconds)
            events = len(coded["events"])
        rows.append({"words": words, "cpu_seconds": round(best, 3), "us_per_word": round(best / words * 1e6, 1),
                     "events": events})
        size *= 2
    previous = None
    for r in rows:
        r["per_word_ratio"] = round(r["us_per_word"] / previous, 3) if previous else None
        previous = r["us_per_word"]
    return {"rows": rows, "repeat": repeat, "published": published.isoformat() if published else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-words", type=int, default=500)
    ap.add_argument("--max-words", type=int, default=16000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--devdata", type=Path, default=DEVDATA)
    ap.add_argument("--sentence", default=None,
                    help="make each document of this sentence said again and again, not of dev texts (the densest "
                         "case: e.g. 'Protesters marched in Kelmora on Monday and police fired tear gas.')")
    ap.add_argument("--published", default="2024-03-13", metavar="YYYY-MM-DD",
                    help="each document's publication date (default 2024-03-13; 'none' for none: a text with no "
                         "date of its own then has no event, as the coder codes no event it cannot date)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    published = None if args.published.lower() == "none" else date.fromisoformat(args.published)
    if args.min_words < 1 or args.max_words < args.min_words:
        sys.exit("bench_length: need 1 <= --min-words <= --max-words")
    r = run(args.min_words, args.max_words, args.repeat, args.devdata, args.sentence, published)
    if args.json:
        print(json.dumps(r, indent=2))
        return
    print(f"{'words':>7} {'CPU s':>8} {'us/word':>8} {'ratio':>6} {'events':>7}")
    for row in r["rows"]:
        ratio = f"{row['per_word_ratio']:.2f}" if row["per_word_ratio"] else "-"
        print(f"{row['words']:>7} {row['cpu_seconds']:>8.3f} {row['us_per_word']:>8.1f} {ratio:>6} {row['events']:>7}")
    print("ratio: time per word against the previous (half as long) document's; about 1.0 is linear, "
          "2.0 quadratic. Short documents carry a fixed cost per document, so the first ratios run below 1.")


if __name__ == "__main__":
    main()
