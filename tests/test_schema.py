"""Coded output validates against the contract's JSON schema, and offsets match the text."""

from __future__ import annotations

import json

import pytest

from conftest import shared_path

TEXTS = [
    "Suspected militants attacked a police post in Garissa on Monday, killing two officers.",
    "Hundreds of students marched in Nairobi on Friday to protest against fuel prices. Police fired "
    "tear gas to disperse them.",
    "The government and the rebels signed a ceasefire agreement in Juba last week.",
    "The weather was fine.",
]


@pytest.fixture(scope="module")
def validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(shared_path("contract", "coded-document.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("text", TEXTS)
def test_output_is_valid_and_offsets_match(validator, code, text):
    doc = code(text, published="2022-03-14")
    errors = sorted(validator.iter_errors(doc), key=str)
    assert not errors, [e.message for e in errors]
    for kind in ("places", "times", "actors"):
        for m in doc[kind]:
            assert text[m["start"]:m["end"]] == m["text"], (kind, m)
    for ev in doc["events"]:
        for span in ev["evidence"]:
            assert text[span["start"]:span["end"]] == span["text"]


def test_error_document_is_valid(validator, code):
    doc = code("   \n  ", published="2022-03-14")
    assert doc["error"] and doc["events"] == []
    assert not list(validator.iter_errors(doc))
