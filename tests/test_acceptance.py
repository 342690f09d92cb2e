"""The acceptance article (../shared/acceptance), coded with and without --published.

It passes when all 5 must-events are matched (the brief asks for 3) and no must-not rule is broken;
without a given date the coder must also find 2017-08-28 in the text. Every check is printed
(run with -s to see the report even when the test passes).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventcoder.evaluate.acceptance import Check, check, check_must_not, check_time, format_checks, summary

ACCEPTANCE = Path(__file__).resolve().parents[1].parent / "shared" / "acceptance"
ARTICLE = "000_bd314e2edf243133"
# The project brief's bar is 3 of the 5 must-events; the coder reaches all 5, and this pins it so
# that a regression on any of them fails (a place-ranking change once lost one unnoticed).
MIN_MUST_EVENTS = 5


def _load():
    txt, gold = ACCEPTANCE / f"{ARTICLE}.txt", ACCEPTANCE / f"{ARTICLE}.gold.json"
    if not txt.exists() or not gold.exists():
        pytest.skip("../shared/acceptance is not present")
    return txt.read_text(encoding="utf-8"), json.loads(gold.read_text(encoding="utf-8"))


def _verdict(checks: list[Check]) -> list[str]:
    problems = []
    passed, total = summary(checks).get("must_event", (0, 0))
    if passed < MIN_MUST_EVENTS:
        problems.append(f"only {passed} of {total} must-events matched (need {MIN_MUST_EVENTS})")
    problems += [f"{c.name} ({c.detail})" for c in checks if c.name.startswith("must_not") and not c.passed]
    problems += [f"{c.name} ({c.detail})" for c in checks if c.name == "coded without error" and not c.passed]
    return problems


@pytest.mark.slow
def test_acceptance_with_published():
    import eventcoder

    text, gold = _load()
    coded = eventcoder.code(text, published=gold["published"])
    checks = check(gold, coded, text)
    print("\n" + format_checks(checks, f"{ARTICLE} coded with --published {gold['published']}"))
    problems = _verdict(checks)
    assert not problems, "acceptance failed: " + "; ".join(problems)


@pytest.mark.slow
def test_acceptance_without_published():
    import eventcoder

    text, gold = _load()
    coded = eventcoder.code(text)
    checks = check(gold, coded, text)
    checks.append(Check("published_source is 'text'", coded.get("published_source") == "text",
                        repr(coded.get("published_source"))))
    print("\n" + format_checks(checks, f"{ARTICLE} coded without a publication date"))
    problems = _verdict(checks)
    problems += [f"{c.name} ({c.detail})" for c in checks
                 if c.name in ("published", "published_source is 'text'") and not c.passed]
    assert not problems, "acceptance failed: " + "; ".join(problems)


# ---- the checker itself, on an invented article and hand-made coded output

TOY_TEXT = ("Rebels shelled the town of Alpha on Sunday. The minister gave a speech on Monday. "
            "Smoke rose over the hills.")
TOY_GOLD = {
    "published": "2030-01-08",
    "must_events": [{
        "name": "shelling", "event_type": "Explosions/Remote violence", "sub_event_type": ["Shelling/artillery/missile attack"],
        "event_date": ["2030-01-06"], "actor_all": ["Red Rebels"], "near_any": [{"lat": 1.0, "lon": 2.0, "km": 10}],
        "country_any": ["Utopia"], "fatalities": 2, "claim": {"count": 2, "claimed_by_any": ["health ministry"]},
    }],
    "must_not": ["more than 2 events in all", "any event dated after 2030-01-08",
                 "any event located outside Utopia", "any event whose only evidence is the speech itself"],
    "times": [{"text": "Sunday", "start": 36, "value": "2030-01-06"}],
}


def _toy_event(**kw):
    ev = {"event_type": "Explosions/Remote violence", "sub_event_type": "Shelling/artillery/missile attack",
          "event_date": "2030-01-06", "actor1": "Red Rebels (2025-)", "actor2": None, "assoc_actor_1": [],
          "assoc_actor_2": [], "latitude": 1.05, "longitude": 2.0, "country": "Utopia", "fatalities": 2,
          "fatality_claims": [{"count": 2, "claimed_by": "the Health Ministry", "who": None}],
          "evidence": [{"start": 0, "end": 43, "text": TOY_TEXT[:43]}], "status": "reported"}
    ev.update(kw)
    return ev


def _toy_coded(events, times=()):
    return {"id": "toy", "published": "2030-01-08", "published_source": "given", "error": None,
            "events": list(events), "times": list(times), "places": [], "actors": []}


def test_checker_passes_a_right_coding():
    coded = _toy_coded([_toy_event()], [{"start": 36, "end": 42, "value": "2030-01-06", "precision": "day"}])
    checks = check(TOY_GOLD, coded, TOY_TEXT)
    assert all(c.passed for c in checks), format_checks(checks)
    assert summary(checks)["must_event"] == (1, 1)


@pytest.mark.parametrize("change,reason", [
    ({"event_date": "2030-01-05"}, "event_date"),
    ({"actor1": "Blue Army"}, "actor_all"),
    ({"latitude": 1.5}, "near_any"),
    ({"fatalities": 3}, "fatalities"),
    ({"fatality_claims": [{"count": 2, "claimed_by": "a witness"}]}, "claim"),
])
def test_checker_fails_each_wrong_criterion(change, reason):
    checks = check(TOY_GOLD, _toy_coded([_toy_event(**change)]), TOY_TEXT)
    must = [c for c in checks if c.name.startswith("must_event")][0]
    assert not must.passed and reason in must.detail


def test_checker_must_not_rules():
    speech = (TOY_TEXT.index("The minister"), TOY_TEXT.index("Smoke"))
    events = [_toy_event(), _toy_event(event_date="2030-02-01", country="Elsewhere",
                                       evidence=[{"start": speech[0], "end": speech[1], "text": ""}]),
              _toy_event()]
    results = {c.name: c for c in check(TOY_GOLD, _toy_coded(events), TOY_TEXT)}
    assert not results["must_not: more than 2 events in all"].passed
    assert not results["must_not: any event dated after 2030-01-08"].passed
    assert not results["must_not: any event located outside Utopia"].passed
    assert not results["must_not: any event whose only evidence is the speech itself"].passed
    # evidence that also covers a news sentence is not "only the speech"
    both = _toy_event(evidence=[{"start": 0, "end": speech[1], "text": ""}])
    assert check_must_not("any event whose only evidence is the speech itself", [both], TOY_TEXT).passed


def test_checker_time_precision_and_duration():
    spec = {"text": "at the weekend", "start": 0, "value": "2030-01-05", "precision": "weekend"}
    assert check_time(spec, [{"start": 3, "end": 14, "value": "2030-01-05", "precision": "weekend"}]).passed
    assert not check_time(spec, [{"start": 3, "end": 14, "value": "2030-01-05", "precision": "day"}]).passed
    year = {"text": "in 2014", "start": 0, "value": "2014", "precision": "year"}
    assert check_time(year, [{"start": 3, "end": 7, "value": "2014-01-01", "precision": "year"}]).passed
    dur = {"text": "three years", "start": 0, "duration": True}
    assert check_time(dur, [{"start": 0, "end": 11, "value": None, "duration": True}]).passed
    assert not check_time(dur, [{"start": 0, "end": 11, "value": "2027-01-01", "duration": False}]).passed
