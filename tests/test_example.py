"""The example article shipped for the README's first command codes as its writer intended."""

from __future__ import annotations

from conftest import REPO


def test_sample_article(code):
    text = (REPO / "examples" / "sample_article.txt").read_text(encoding="utf-8")
    doc = code(text, published="2024-03-13")
    events = {e["event_type"]: e for e in doc["events"]}
    assert set(events) == {"Battles", "Protests", "Violence against civilians"}, doc["events"]
    battle = events["Battles"]
    assert battle["event_date"] == "2024-03-12"
    assert battle["fatalities"] == 7
    assert {battle["actor1"], battle["actor2"]} >= {"M23: March 23 Movement"}
    assert battle["status"] == "unconfirmed"
    protest = events["Protests"]
    assert protest["sub_event_type"] == "Protest with intervention" and protest["location"] == "Goma"
    abduction = events["Violence against civilians"]
    assert abduction["sub_event_type"] == "Abduction/forced disappearance"
    assert abduction["event_date"] == "2024-03-11"
    assert abduction["actor2"].startswith("Civilians")
