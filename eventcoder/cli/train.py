"""`eventcoder train`: fit the optional statistical event typer on an ACLED export."""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    p = sub.add_parser(
        "train", help="train a statistical event typer from an ACLED export",
        description="Fit an event typer (TF-IDF + logistic regression, scikit-learn) on the notes and "
                    "sub-event types of an ACLED CSV export (or a gold JSON Lines file), report its "
                    "cross-validated accuracy and write it to --out. Use it with "
                    "`eventcoder code --model MODEL`. Needs: pip install 'eventcoder[train]'.")
    p.add_argument("data", nargs="+", metavar="ACLED.csv", help="ACLED CSV exports (columns notes, "
                   "sub_event_type) or gold JSON Lines files")
    p.add_argument("--out", "-o", required=True, metavar="MODEL", help="where to write the model")
    p.add_argument("--cv", type=int, default=5, metavar="K",
                   help="folds of the cross-validation reported before training (0: skip; default 5)")
    p.add_argument("--min-probability", type=float, default=None, metavar="P",
                   help="below this the model's answer is not used and the rules' type stays (default 0.5)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ..errors import InputError
    from ..typer import DEFAULT_MIN_PROBABILITY, cross_validate, read_examples, train

    min_p = DEFAULT_MIN_PROBABILITY if args.min_probability is None else args.min_probability
    if not 0.0 <= min_p <= 1.0:
        raise InputError("--min-probability", f"must be between 0 and 1, got {min_p}")
    examples = []
    for path in args.data:
        found = read_examples(path)
        print(f"eventcoder train: {path}: {len(found)} examples", file=sys.stderr)
        examples += found
    if not examples:
        raise InputError(", ".join(args.data), "no usable rows (a note and an ACLED sub-event type)")
    cv = None
    if args.cv:
        print(f"eventcoder train: {args.cv}-fold cross-validation on {len(examples)} examples ...", file=sys.stderr)
        cv = cross_validate(examples, folds=args.cv)
        print(f"cross-validated accuracy ({cv['folds']} folds, {cv['examples']} examples): "
              f"event type {cv['event_type']:.3f}, sub-event type {cv['sub_event_type']:.3f}")
    meta = train(examples, args.out, min_probability=min_p, cv=cv, source=", ".join(args.data))
    print(f"wrote {args.out}: {meta['examples']} examples, {len(meta['classes'])} sub-event types; "
          f"use it with: eventcoder code --model {args.out}")
    return 0
