"""eventcoder's cached attribute ruler and lemmatizer (eventcoder/fastattrs.py) and its paragraph
marker give exactly the annotation of the model's own components."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from eventcoder.settings import MODEL_CANDIDATES, Settings

pytestmark = pytest.mark.slow

SHARED = Path(__file__).resolve().parents[2] / "shared"

TEXTS = [
    "Rebels clashed with soldiers near Goma on Monday, killing four soldiers, the army said.",
    "Let's go, they said; we're gonna march whether the police like it or not. Y'all come.",
    "There are reports that gunmen ain't leaving. There was shooting, and it was heard by everyone.",
    "He gave it to me, but I didn't see it. You saw them? Did they have weapons? They did.",
    "C'mon, nothin' happened, said the commander, who has been gettin' reports. He gets it; he got it.",
    "Some of those who fled said that these were the worst attacks, while others disagreed.",
    "The protesters' demands -- jobs, water and an end to the curfew -- were not met.\n\nNAIROBI\n",
    "   \n  Police    fired\ttear gas.\n\n\nTwo people were hurt.  ",
    "I am here. I'm not. You're late and we've got to go. It's over; isn't it? Don't shoot!",
    "What happened? Which town? That is what they want: this, that and whatever else remains.",
    "",
]
ATTRS = ("POS", "TAG", "DEP", "HEAD", "MORPH", "LEMMA", "ENT_IOB", "ENT_TYPE", "SENT_START")


def _plain_model():
    import spacy

    for name in MODEL_CANDIDATES:
        try:
            return spacy.load(name)
        except OSError:
            continue
    pytest.skip("no spaCy model installed")


@pytest.fixture(scope="module")
def models():
    from eventcoder.nlp import load_model

    ours = load_model(Settings.create())
    plain = _plain_model()
    plain.add_pipe("eventcoder_paragraphs", before="parser")
    return ours, plain


def _same(ours, plain, texts):
    for a, b in zip(ours.pipe(texts), plain.pipe(texts)):
        assert [t.text for t in a] == [t.text for t in b]
        for attr in ATTRS:
            got, want = a.to_array(attr).tolist(), b.to_array(attr).tolist()
            if got != want:
                i = next(k for k, (x, y) in enumerate(zip(got, want)) if x != y)
                raise AssertionError(f"{attr} differs at token {i} {a[i].text!r} in {a.text[:80]!r}")


def test_the_cached_component_replaces_the_models_two(models):
    ours, plain = models
    if "eventcoder_attributes" not in ours.pipe_names:
        pytest.skip("this model's attribute ruler has patterns the cached component does not read")
    assert "attribute_ruler" not in ours.pipe_names and "lemmatizer" not in ours.pipe_names
    assert "attribute_ruler" in plain.pipe_names


def test_same_annotation_on_our_texts(models):
    _same(*models, TEXTS)
    _same(*models, TEXTS)  # again, now from the caches


def test_same_annotation_on_dev_texts(models):
    files = sorted((SHARED / "devdata").glob("*.jsonl"))
    if not files:
        pytest.skip("../shared/devdata is absent")
    texts = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            texts += [json.loads(line)["text"] for line in fh]
    random.Random(3).shuffle(texts)
    _same(*models, texts[:150])


def test_paragraph_marker_matches_the_token_rule(models):
    """Every token that is not white space and follows a line break starts a sentence, whether the
    break is a white-space token or trails the previous token."""
    from eventcoder.nlp import _mark_paragraphs

    ours, _ = models
    tokenizer_only = ours.make_doc
    for text in TEXTS + ["a\nb", "\nx y\n\n z", "one.\r\ntwo\n", "x \n\n\n y\n"]:
        doc = _mark_paragraphs(tokenizer_only(text))
        for i in range(1, len(doc)):
            prev = doc[i - 1]
            breaks = not doc[i].is_space and (prev.is_space and "\n" in prev.text or "\n" in prev.whitespace_)
            assert (doc[i].is_sent_start is True) == breaks, (text, i)


def test_unsupported_patterns_keep_the_models_components():
    from eventcoder.fastattrs import install

    nlp = _plain_model()
    nlp.get_pipe("attribute_ruler").add([[{"LOWER": "x", "OP": "+"}]], {"LEMMA": "y"})
    assert install(nlp) is False
    assert "attribute_ruler" in nlp.pipe_names and "eventcoder_attributes" not in nlp.pipe_names
