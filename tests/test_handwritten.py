"""The hand-written test set (tests/data/handwritten_events.json): every ACLED sub-event type at
least once, and texts that report no event (threats, hypotheticals, denials, statements)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventcoder.resources.taxonomy import SUB_TO_TYPE

CASES = json.loads((Path(__file__).parent / "data" / "handwritten_events.json").read_text(encoding="utf-8"))["cases"]
PUB = "2023-05-10"


def test_the_set_covers_every_sub_event_type_and_non_events():
    subs = {c["sub"] for c in CASES if c["type"]}
    assert subs == set(SUB_TO_TYPE), sorted(set(SUB_TO_TYPE) - subs)
    assert len(CASES) >= 40 and sum(c["type"] is None for c in CASES) >= 8
    assert all(SUB_TO_TYPE[c["sub"]] == c["type"] for c in CASES if c["type"])


@pytest.mark.parametrize("case", CASES, ids=[c["text"][:40] for c in CASES])
def test_handwritten_case(code, case):
    doc = code(case["text"], published=PUB)
    got = [(e["event_type"], e["sub_event_type"]) for e in doc["events"]]
    if case["type"] is None:
        assert got == [], got
    else:
        assert got, "no event coded"
        assert got[0] == (case["type"], case["sub"]), got
