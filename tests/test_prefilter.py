"""The pre-filter: spaCy's parser runs only on documents that may hold an event or a fatality
figure; the rest get a flat, well-formed parse, their places and times, and no events."""

from __future__ import annotations

import pytest

from eventcoder.document import Document
from eventcoder.settings import Settings

pytestmark = pytest.mark.slow

EVENTFUL = [
    "Rebels clashed with soldiers near Goma on Monday, killing four soldiers, the army said.",
    "Hundreds of students marched in Nairobi on Friday. Police fired tear gas to disperse them.",
    "Two bodies were found in a river outside Mosul on Sunday, police said.",
    "The insurgents fought their way into the town, and several civilians died in the crossfire.",
]
QUIET = [
    "The central bank of Kenya kept its lending rate at 10 percent on Tuesday, citing inflation "
    "that eased in March.\n\nAnalysts in Nairobi had expected the decision.",
    "Heavy rain is forecast for Lagos and Abuja this weekend, the meteorological agency said.",
]


def test_cues_cover_the_lexicon_and_death_words():
    from eventcoder.nlp import prefilter_cues

    words, phrases = prefilter_cues()
    for w in ("clashed", "killing", "fought", "died", "dead", "bodies", "marched", "protesters", "shot"):
        assert w in words, w
    assert "tear gas" in phrases or any("tear gas" in p for p in phrases)


def test_what_a_crowd_throws_lets_a_text_be_parsed():
    from eventcoder.nlp import may_hold_event

    # no word of the lexicon but the bricks: the throwing verb tells the riot only in a parsed text
    assert may_hold_event("Youths hurled several bricks at a police van in Kelmora on Monday.")
    assert not may_hold_event("Youths hurled several insults at a referee in Kelmora on Monday.")


def test_only_documents_with_cues_are_parsed():
    from eventcoder.nlp import load_model, pipe_with_prefilter

    nlp = load_model(Settings.create())
    docs = pipe_with_prefilter(nlp, EVENTFUL + QUIET)
    full = list(nlp.pipe(EVENTFUL))
    for a, b in zip(docs[:4], full):  # parsed exactly as by the whole pipeline
        assert [(t.dep_, t.head.i, t.lemma_, t.pos_) for t in a] == [(t.dep_, t.head.i, t.lemma_, t.pos_) for t in b]
    quiet = docs[4]
    assert {t.dep_ for t in quiet} <= {"ROOT", "dep"}
    sents = list(quiet.sents)
    assert len(sents) == 2 and sents[1].text.startswith("Analysts")  # the paragraph break is kept
    first = sents[0]
    assert first.root.i == first.start and len(list(first.root.children)) == len(first) - 1  # a flat tree
    assert quiet[0].lemma_  # lemmatized all the same


def test_coding_with_and_without_the_prefilter():
    from eventcoder.pipeline import Pipeline

    on = Pipeline(Settings.create(prefilter=True))
    off = Pipeline(Settings.create(prefilter=False))

    def run(p):
        docs = [Document(text=t, id=str(i), published=__import__("datetime").date(2024, 3, 13),
                         published_source="given") for i, t in enumerate(EVENTFUL + QUIET)]
        return [c.to_dict() for c in p.run(docs)]

    a, b = run(on), run(off)
    assert all(d["error"] is None for d in a)
    assert [d["events"] for d in a[:4]] == [d["events"] for d in b[:4]]
    assert all(d["events"] for d in a[:4])
    assert a[4]["events"] == [] and a[5]["events"] == []
    assert {p["name"] for p in a[4]["places"]} >= {"Nairobi"} and a[4]["times"]
