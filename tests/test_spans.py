"""The position indexes that keep the stages' work linear in a document's length give what the plain
passes they replace gave: whether a span overlaps any of a set, the greedy choice of the longest actor
matches, the actor mentions starting in a stretch of text."""

from __future__ import annotations

import random
from collections import namedtuple

from eventcoder.document import ActorMention, Context, Document, Overlaps
from eventcoder.resources.actors import _longest_first

Span = namedtuple("Span", "start end priority")


def test_overlaps_answers_as_a_pass_over_every_span():
    rng = random.Random(7)
    for _ in range(2000):
        spans = [(a := rng.randint(0, 60), a + rng.randint(0, 7)) for _ in range(rng.randint(0, 10))]
        index = Overlaps(spans)
        for _ in range(15):
            s = rng.randint(0, 66)
            e = s + rng.randint(0, 7)
            assert index.any(s, e) == any(a < e and s < b for a, b in spans), (spans, s, e)


def test_longest_first_keeps_the_matches_a_pass_keeps():
    rng = random.Random(11)
    for empty in (False, True):
        for _ in range(2000):
            cands = [Span(a := rng.randint(0, 60), a + rng.randint(0 if empty else 1, 9), rng.randint(0, 2))
                     for _ in range(rng.randint(0, 14))]
            cands.sort(key=lambda m: (-(m.end - m.start), -m.priority, m.start))
            kept: list = []
            for m in cands:
                if all(m.end <= o.start or m.start >= o.end for o in kept):
                    kept.append(m)
            assert _longest_first(cands) == sorted(kept, key=lambda m: m.start)


def test_actors_starting_in_a_stretch_in_text_order():
    ctx = Context(document=Document(text="x" * 100))
    ctx.actors = [ActorMention("a", s, s + 3, f"A{s}") for s in (2, 10, 10, 40, 77)]
    assert [a.start for a in ctx.actors_starting(10, 41)] == [10, 10, 40]
    assert ctx.actors_starting(41, 77) == [] and ctx.actors_starting(50, 20) == []
    # (a new list of mentions is read anew)
    ctx.actors = ctx.actors[:2]
    assert [a.start for a in ctx.actors_starting(0, 100)] == [2, 10]
