"""Property-based tests (hypothesis) over the coder: for any text, `code` returns a document valid
against the contract schema, every offset inside the text, every `text` field equal to the text
at its offsets, and no exception escapes."""

from __future__ import annotations

import json

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from conftest import SHARED  # noqa: E402

pytestmark = pytest.mark.slow

WORDS = ["Rebels", "attacked", "killed", "three", "soldiers", "in", "Goma", "on", "Monday", "police", "said",
         "protesters", "marched", "Nairobi", "Syria", "Daesh", "airstrike", "near", "Aleppo", "12", "at least",
         "dozens", "were", "wounded", "yesterday", "last week", "Hezbollah", "the army", "clashed", "with",
         "IS", "al-Shabaab", "Mogadishu", "bomb", "exploded", "August 19", "2014", "Resolution 2254",
         "1,200", "(Reuters)", "BEIRUT, Aug 28", "-", ",", ".", "\n\n", "“", "”", "'", "é", "ß", "🙂", "\t",
         "Monday's", "weekend", "since", "between 19 and 22 August", "not", "denied", "threatened to"]

sentences = st.lists(st.sampled_from(WORDS), min_size=1, max_size=40).map(" ".join)
texts = st.one_of(
    sentences,
    st.lists(sentences, min_size=1, max_size=6).map(lambda xs: ". ".join(xs)),
    st.text(min_size=0, max_size=300),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=120),
)


def _validator():
    path = SHARED / "contract" / "coded-document.schema.json"
    if not path.exists():
        return None
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


VALIDATOR = _validator()


def check_spans(text: str, doc: dict) -> None:
    def span_ok(m):
        assert 0 <= m["start"] <= m["end"] <= len(text), m
        assert text[m["start"]:m["end"]] == m["text"], m

    for kind in ("places", "times", "actors"):
        for m in doc[kind]:
            span_ok(m)
    for ev in doc["events"]:
        for span in ev["evidence"]:
            span_ok(span)
        for claim in ev["fatality_claims"]:
            assert claim["text"] is None or isinstance(claim["text"], str)
            assert claim["low"] is None or claim["high"] is None or claim["low"] <= claim["high"]
        assert ev["fatalities"] >= 0


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, published=st.one_of(st.none(), st.dates().map(lambda d: d.isoformat())))
def test_any_text_codes_to_a_valid_document(code, text, published):
    from eventcoder.errors import InputError

    try:
        doc = code(text, published=published)
    except InputError:
        pytest.fail("code() must report bad text inside the document, not raise")
    if VALIDATOR is not None:
        errors = [e.message for e in VALIDATOR.iter_errors(doc)]
        assert not errors, errors
    assert doc["error"] is None or isinstance(doc["error"], str)
    if doc["error"]:
        assert doc["events"] == []
    check_spans(text, doc)
