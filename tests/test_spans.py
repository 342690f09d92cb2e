"""The position indexes that keep the stages' work linear in a document's length give what the plain
passes they replace gave: whether a span overlaps any of a set and which may, the greedy choice of the
longest actor matches, the actor mentions starting in a stretch of text, a value kept per document."""

from __future__ import annotations

import random
from collections import namedtuple

from eventcoder.document import PAIR, ActorMention, Context, Document, SpanIndex
from eventcoder.resources.actors import _longest_first

Span = namedtuple("Span", "start end priority")


def test_a_span_index_answers_as_a_pass_over_every_span():
    rng = random.Random(7)
    for _ in range(2000):
        spans = [(a := rng.randint(0, 60), a + rng.randint(0, 7)) for _ in range(rng.randint(0, 10))]
        index = SpanIndex(spans, **PAIR)
        for _ in range(15):
            s = rng.randint(0, 66)
            e = s + rng.randint(0, 7)
            overlapping = [(a, b) for a, b in spans if a < e and s < b]
            assert index.any(s, e) == bool(overlapping), (spans, s, e)
            near = index.around(s, e)
            assert all(x in near for x in overlapping), (spans, s, e)


def test_longest_first_keeps_the_matches_a_pass_keeps():
    rng = random.Random(11)
    for _ in range(2000):
        cands = [Span(a := rng.randint(0, 60), a + rng.randint(1, 9), rng.randint(0, 2))
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


def test_a_derived_value_is_made_again_for_another_list_or_length():
    ctx = Context(document=Document(text="x"))
    made = []

    def count(items):
        made.append(len(items))
        return len(items)

    items = [1, 2]
    assert ctx.derived("n", items, count) == 2 and ctx.derived("n", items, count) == 2 and made == [2]
    items.append(3)
    assert ctx.derived("n", items, count) == 3 and ctx.derived("n", [4], count) == 1 and made == [2, 3, 1]
