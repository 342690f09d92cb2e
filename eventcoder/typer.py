"""An optional statistical event typer, trained on a user's own ACLED export.

`eventcoder train ACLED.csv --out MODEL` fits a bag-of-words classifier (TF-IDF over word
uni- and bigrams, logistic regression; scikit-learn, the `eventcoder[train]` extra) from the
`notes` and `sub_event_type` columns of an ACLED export, and `eventcoder code --model MODEL`
re-types each event the rules found with it: the model reads the event's evidence sentences and
gives an ACLED sub-event type, from which the type follows. When the model is unsure (its
probability is below `min_probability`, stored in the model) the rule-based type stays. The
rules still decide what is an event and everything else about it.

A model file is a joblib pickle: load only models you trained yourself (or trust).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .errors import InputError, ResourceError
from .resources.taxonomy import SUB_TO_TYPE, set_sub_event_type

FORMAT = "eventcoder-typer/1"
# Below this probability the model's answer is not used (the rules' type stays).
DEFAULT_MIN_PROBABILITY = 0.5
# Classes with fewer examples than this are left out of training (too few to learn from).
MIN_EXAMPLES = 3


@dataclass
class Example:
    text: str
    sub_event_type: str

    @property
    def event_type(self) -> str:
        return SUB_TO_TYPE[self.sub_event_type]


def _need_sklearn():
    try:
        import sklearn  # noqa: F401
    except ImportError as exc:
        raise ResourceError("the statistical typer needs scikit-learn: pip install 'eventcoder[train]'") from exc


def read_examples(path: str | Path) -> list[Example]:
    """Notes and sub-event types from an ACLED CSV export (columns `notes`, `sub_event_type`;
    comma, semicolon or tab separated) or from a gold JSON Lines file (text and the first event's
    `sub_event_type`). Rows without a note or with a sub-event type outside ACLED's are skipped."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read it ({exc.strerror or exc})") from exc
    text = raw.decode("utf-8-sig", errors="replace")
    out: list[Example] = []
    if path.suffix.lower() in (".jsonl", ".json"):
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as exc:
                raise InputError(f"{path}:{n}", f"not a JSON line ({exc})") from None
            events = row.get("events") or []
            sub = events[0].get("sub_event_type") if events and isinstance(events[0], dict) else None
            if row.get("text") and sub in SUB_TO_TYPE:
                out.append(Example(row["text"], sub))
        return out
    try:
        dialect = csv.Sniffer().sniff(text[:20_000], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    fields = {f.strip().lower(): f for f in reader.fieldnames or []}
    if "notes" not in fields or "sub_event_type" not in fields:
        raise InputError(str(path), "an ACLED export needs the columns 'notes' and 'sub_event_type' "
                         f"(found: {', '.join(reader.fieldnames or []) or 'none'})")
    for row in reader:
        note = (row.get(fields["notes"]) or "").strip()
        sub = (row.get(fields["sub_event_type"]) or "").strip()
        if note and sub in SUB_TO_TYPE:
            out.append(Example(note, sub))
    return out


def _pipeline(seed: int = 0):
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    return make_pipeline(
        TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, lowercase=True,
                        token_pattern=r"(?u)\b[^\W\d_][\w'-]*\b"),  # words, not numbers and dates
        LogisticRegression(max_iter=2000, C=8.0, class_weight="balanced", random_state=seed),
    )


def _usable(examples: list[Example]) -> list[Example]:
    counts = Counter(e.sub_event_type for e in examples)
    return [e for e in examples if counts[e.sub_event_type] >= MIN_EXAMPLES]


def cross_validate(examples: list[Example], folds: int = 5, seed: int = 0) -> dict:
    """Accuracy of the typer on held-out folds: event type and sub-event type (stratified k-fold)."""
    _need_sklearn()
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    data = _usable(examples)
    smallest = min(Counter(e.sub_event_type for e in data).values(), default=0)
    folds = min(folds, smallest)
    if len(data) < 10 or folds < 2:
        raise InputError("training data", f"too few examples to cross-validate ({len(data)} usable)")
    texts = [e.text for e in data]
    subs = [e.sub_event_type for e in data]
    pred = cross_val_predict(_pipeline(seed), texts, subs,
                             cv=StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed))
    sub_right = sum(p == g for p, g in zip(pred, subs))
    type_right = sum(SUB_TO_TYPE[p] == SUB_TO_TYPE[g] for p, g in zip(pred, subs))
    n = len(subs)
    return {"folds": folds, "examples": n, "event_type": type_right / n, "sub_event_type": sub_right / n,
            "event_type_se": math.sqrt(type_right / n * (1 - type_right / n) / n)}


def train(examples: list[Example], out: str | Path, min_probability: float = DEFAULT_MIN_PROBABILITY,
          cv: dict | None = None, source: str = "") -> dict:
    """Fit on every usable example and write the model file; returns its description."""
    _need_sklearn()
    import joblib
    import sklearn

    out = Path(out)
    if out.is_dir():  # (said before the fitting, not after it)
        raise InputError(str(out), "is a folder; give the model a file name, such as model.joblib")
    data = _usable(examples)
    if len(data) < 10 or len({e.sub_event_type for e in data}) < 2:
        raise InputError("training data", f"need at least 10 examples of 2 sub-event types, got {len(data)} "
                         f"of {len({e.sub_event_type for e in data})}")
    model = _pipeline()
    model.fit([e.text for e in data], [e.sub_event_type for e in data])
    meta = {"format": FORMAT, "examples": len(data), "classes": sorted(set(model.classes_)),
            "min_probability": min_probability, "cross_validation": cv, "source": source,
            "sklearn": sklearn.__version__}
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    try:
        joblib.dump({"meta": meta, "model": model}, tmp)
        tmp.replace(out)  # nothing half-written under the final name
    finally:
        tmp.unlink(missing_ok=True)  # (nor a stray .tmp when writing failed)
    return meta


class Typer:
    """A loaded model: `predict(texts)` -> [(sub_event_type, probability)]."""

    def __init__(self, model, meta: dict):
        self.model = model
        self.meta = meta
        self.min_probability = float(meta.get("min_probability", DEFAULT_MIN_PROBABILITY))

    def predict(self, texts: list[str]) -> list[tuple[str, float]]:
        if not texts:
            return []
        probs = self.model.predict_proba(texts)
        classes = list(self.model.classes_)
        out = []
        for row in probs:
            k = max(range(len(classes)), key=lambda i: row[i])
            out.append((classes[k], float(row[k])))
        return out


_LOADED: dict[str, Typer] = {}


def load_typer(path: str | Path) -> Typer:
    """Load (once per process) a model written by `train`."""
    key = str(Path(path).resolve())
    if key in _LOADED:
        return _LOADED[key]
    _need_sklearn()
    import joblib

    try:
        data = joblib.load(path)
    except Exception as exc:  # a truncated or foreign file: say which and why
        raise ResourceError(f"cannot load the typer {path}: {exc}; retrain it with `eventcoder train`") from exc
    if not isinstance(data, dict) or (data.get("meta") or {}).get("format") != FORMAT:
        raise ResourceError(f"{path} is not an eventcoder typer (expected format {FORMAT}); "
                            "make one with `eventcoder train`")
    typer = Typer(data["model"], data["meta"])
    _LOADED[key] = typer
    return typer


def retype(event, sub_event_type: str, probability: float) -> None:
    """Give an event the model's sub-event type (and the type, disorder type and PLOVER code)."""
    set_sub_event_type(event, sub_event_type)
    event.confidence = round(max(min(probability, 1.0), 0.0), 3)
