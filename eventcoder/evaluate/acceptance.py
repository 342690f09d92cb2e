"""Checking one coded article against an acceptance gold file (shared/acceptance/README.md).

`check(gold, coded, text)` returns a list of `Check(name, passed, detail)`: one per must-event,
may-event rule, must-not rule, and time, place and actor mention, plus the publication date.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .scorer import haversine_km, normalize_actor, time_value_right


class Check(NamedTuple):
    name: str
    passed: bool
    detail: str


# Criteria read on a single coded event (the fatality criteria are read on the matching set).
_EVENT_CRITERIA = ("event_type", "sub_event_type", "event_date", "actor_all", "actor_any",
                   "near_any", "country_any", "status_any", "claimed_by_any")

# How a must-not phrase of the form "any event whose only evidence is A, B, or C" names the
# sentences it means. Each cue is a keyword in the phrase; its value lists keyword groups, and a
# sentence of the article is such evidence when it contains every word of one group. Chosen
# from the wording of the phrases themselves ("the speech itself", "the soldiers resting on
# hilltops", "the rising smoke", "the warning about mines"); a phrase with no cue here falls
# back to requiring all of its content words.
EVIDENCE_CUES: dict[str, tuple[tuple[str, ...], ...]] = {
    "speech": (("speech",),),
    "resting": (("soldier", "hilltop"), ("soldiers rest",), ("relaxed",)),
    "smoke": (("smoke",),),
    "mines": (("mines",), ("caves",)),
}
# Share of an evidence span that must lie inside cue sentences for it to count as cue-only.
# Half: tolerates sentence boundaries that differ between the coder and the splitter below.
CUE_COVER = 0.5
_STOP = {"the", "a", "an", "of", "on", "about", "itself", "in", "at", "or", "and", "to"}


def _norm(s) -> str:
    return re.sub(r"\s+", " ", str(s or "")).strip().lower()


def _loose_match(value, wanted: list[str]) -> bool:
    """Case-insensitive match where either string may contain the other ("Hassan Nasrallah"
    matches "Nasrallah"; "a Lebanese army source" matches "Lebanese army")."""
    v = _norm(value)
    if not v:
        return False
    return any((w := _norm(x)) and (w == v or w in v or v in w) for x in wanted)


def _event_actors(ev: dict) -> set[str]:
    names = [ev.get("actor1"), ev.get("actor2"), *(ev.get("assoc_actor_1") or []), *(ev.get("assoc_actor_2") or [])]
    return {n for n in (normalize_actor(x) for x in names) if n}


def _failed_criteria(spec: dict, ev: dict) -> list[str]:
    failed = []
    if "event_type" in spec and ev.get("event_type") != spec["event_type"]:
        failed.append(f"event_type {ev.get('event_type')!r}")
    if "sub_event_type" in spec and ev.get("sub_event_type") not in spec["sub_event_type"]:
        failed.append(f"sub_event_type {ev.get('sub_event_type')!r}")
    if "event_date" in spec and ev.get("event_date") not in spec["event_date"]:
        failed.append(f"event_date {ev.get('event_date')!r}")
    actors = _event_actors(ev)
    if "actor_all" in spec and not all(normalize_actor(a) in actors for a in spec["actor_all"]):
        failed.append(f"actor_all (has {sorted(actors)})")
    if "actor_any" in spec and not any(normalize_actor(a) in actors for a in spec["actor_any"]):
        failed.append(f"actor_any (has {sorted(actors)})")
    if "near_any" in spec:
        lat, lon = ev.get("latitude"), ev.get("longitude")
        if lat is None or lon is None:
            failed.append("near_any (no coordinates)")
        else:
            dists = [haversine_km(p["lat"], p["lon"], lat, lon) for p in spec["near_any"]]
            if not any(d <= p["km"] for d, p in zip(dists, spec["near_any"])):
                failed.append(f"near_any ({ev.get('location')!r}, {min(dists):.0f} km away)")
    if "country_any" in spec and ev.get("country") not in spec["country_any"]:
        failed.append(f"country {ev.get('country')!r}")
    if "status_any" in spec and ev.get("status") not in spec["status_any"]:
        failed.append(f"status {ev.get('status')!r}")
    if "claimed_by_any" in spec and not any(_loose_match(c, spec["claimed_by_any"])
                                            for c in ev.get("claimed_by") or []):
        failed.append(f"claimed_by {ev.get('claimed_by')}")
    return failed


def _claim_found(claim: dict, claims: list[dict]) -> bool:
    for c in claims:
        if c.get("count") != claim["count"]:
            continue
        if "claimed_by_any" in claim and not _loose_match(c.get("claimed_by"), claim["claimed_by_any"]):
            continue
        if "who_any" in claim and not _loose_match(c.get("who"), claim["who_any"]):
            continue
        return True
    return False


def _describe(i: int, ev: dict) -> str:
    return (f"#{i} {ev.get('event_type')}/{ev.get('sub_event_type')} {ev.get('event_date')} "
            f"{ev.get('location')} fat={ev.get('fatalities')}")


def check_must_event(spec: dict, events: list[dict]) -> Check:
    """A must-event passes when some coded event (or, for a total, the set of matching events)
    meets every criterion of the spec."""
    name = f"must_event: {spec.get('name', spec.get('event_type'))}"
    fails = [(i, ev, _failed_criteria(spec, ev)) for i, ev in enumerate(events)]
    matching = [(i, ev) for i, ev, f in fails if not f]
    if "fatalities_total_over_matching_events" in spec:
        total = sum(int(ev.get("fatalities") or 0) for _, ev in matching)
        claims = [c for _, ev in matching for c in ev.get("fatality_claims") or []]
        problems = []
        if not matching:
            problems.append("no event meets the criteria")
        elif total != spec["fatalities_total_over_matching_events"]:
            problems.append(f"fatalities total {total} != {spec['fatalities_total_over_matching_events']}")
        for claim in spec.get("claims", []):
            if not _claim_found(claim, claims):
                problems.append(f"claim of {claim['count']} not found")
        if not problems:
            return Check(name, True, "matched " + "; ".join(_describe(i, ev) for i, ev in matching))
        return Check(name, False, "; ".join(problems) + _closest(fails, spec))
    final = []
    for i, ev in matching:
        extra = []
        if "fatalities" in spec and int(ev.get("fatalities") or 0) != spec["fatalities"]:
            extra.append(f"fatalities {ev.get('fatalities')} != {spec['fatalities']}")
        for claim in ([spec["claim"]] if "claim" in spec else []) + list(spec.get("claims", [])):
            if not _claim_found(claim, ev.get("fatality_claims") or []):
                extra.append(f"claim of {claim['count']} not found")
        if not extra:
            return Check(name, True, "matched " + _describe(i, ev))
        final.append((i, ev, extra))
    if final:
        i, ev, extra = final[0]
        return Check(name, False, f"closest {_describe(i, ev)} failed: {', '.join(extra)}")
    return Check(name, False, "no matching event" + _closest(fails, spec))


def _closest(fails, spec) -> str:
    same_type = [f for f in fails if f[1].get("event_type") == spec.get("event_type")] or fails
    if not same_type:
        return " (no events coded)"
    i, ev, failed = min(same_type, key=lambda f: len(f[2]))
    return f"; closest {_describe(i, ev)} failed: {', '.join(failed) or 'fatalities/claims'}"


# ---------------------------------------------------------------- may-events and must-nots


def check_may_event(spec: dict, events: list[dict]) -> Check:
    """A may-event rule "if coded, historical must be true and event_date must fall in YYYY":
    an event is taken to be the may-event when its date falls in that year or its evidence
    holds the stem of the name's first word ("kidnapping" -> "kidnap")."""
    name = f"may_event: {spec.get('name')}"
    rule = spec.get("rule", "")
    year = re.search(r"fall in (\d{4})", rule)
    stem = re.sub(r"(ing|ed|s)$", "", (spec.get("name") or "").split()[0].lower()) if spec.get("name") else ""
    found = []
    for i, ev in enumerate(events):
        evidence = " ".join(e.get("text", "") for e in ev.get("evidence") or []).lower()
        in_year = year is not None and str(ev.get("event_date") or "").startswith(year.group(1))
        if in_year or (len(stem) >= 4 and stem in evidence and "abduction" in str(ev.get("sub_event_type", "")).lower()):
            found.append((i, ev))
    if not found:
        return Check(name, True, "not coded")
    problems = []
    for i, ev in found:
        if "historical must be true" in rule and ev.get("historical") is not True:
            problems.append(f"#{i} historical is {ev.get('historical')!r}")
        if year and not str(ev.get("event_date") or "").startswith(year.group(1)):
            problems.append(f"#{i} event_date {ev.get('event_date')} not in {year.group(1)}")
    return Check(name, not problems, "; ".join(problems) or f"coded as {[i for i, _ in found]}, rule holds")


def _sentences(text: str) -> list[tuple[int, int]]:
    """Rough sentence spans: breaks after . ! ? … (and closing quotes) before a space, and at line breaks."""
    spans, start = [], 0
    for m in re.finditer(r"[.!?\u2026][\"'\u201d\u2019)]*(?=\s)|\n+", text):
        end = m.end()
        if text[start:end].strip():
            spans.append((start, end))
        start = end
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def cue_sentences(text: str, phrase: str) -> list[tuple[int, int]]:
    """The article's sentences that a must-not evidence phrase ("the rising smoke") means."""
    groups = None
    for cue, g in EVIDENCE_CUES.items():
        if cue in phrase.lower():
            groups = g
            break
    if groups is None:
        words = tuple(w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in _STOP)
        groups = (words,)
    out = []
    for s, e in _sentences(text):
        low = text[s:e].lower()
        if any(all(k in low for k in group) for group in groups):
            out.append((s, e))
    return out


def _covered(span: tuple[int, int], cover: list[tuple[int, int]]) -> float:
    s, e = span
    if e <= s:
        return 0.0
    inside = sum(max(0, min(e, ce) - max(s, cs)) for cs, ce in cover)
    return inside / (e - s)


def check_must_not(rule: str, events: list[dict], text: str | None) -> Check:
    name = f"must_not: {rule}"
    low = rule.lower()
    if m := re.search(r"more than (\d+) events", low):
        limit = int(m.group(1))
        return Check(name, len(events) <= limit, f"{len(events)} events coded")
    if m := re.search(r"dated after (\d{4}-\d{2}-\d{2})", low):
        bad = [_describe(i, ev) for i, ev in enumerate(events)
               if ev.get("event_date") and ev["event_date"] > m.group(1)]
        return Check(name, not bad, "; ".join(bad) or "none")
    if m := re.search(r"located outside (.+)$", rule):
        allowed = {c.strip() for c in re.split(r",|\band\b|\bor\b", m.group(1)) if c.strip()}
        bad = [f"{_describe(i, ev)} in {ev.get('country')!r}" for i, ev in enumerate(events)
               if ev.get("country") and ev["country"] not in allowed]
        unlocated = sum(1 for ev in events if not ev.get("country"))
        detail = "; ".join(bad) or "none"
        if unlocated:  # an event with no country is not located anywhere; the must-events catch it
            detail += f" ({unlocated} events without a country)"
        return Check(name, not bad, detail)
    if m := re.search(r"only evidence is (.+)$", rule):
        if text is None:
            return Check(name, True, "not checked: the article text was not given")
        phrases = [p for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1)) if p.strip()]
        cover: list[tuple[int, int]] = []
        missing = []
        for p in phrases:
            found = cue_sentences(text, p)
            if not found:
                missing.append(p)
            cover.extend(found)
        bad = []
        for i, ev in enumerate(events):
            spans = [(e.get("start", 0), e.get("end", 0)) for e in ev.get("evidence") or []]
            if spans and all(_covered(sp, cover) >= CUE_COVER for sp in spans):
                bad.append(_describe(i, ev))
        detail = "; ".join(bad) or f"none ({len(cover)} cue sentences located)"
        if missing:
            detail += f"; no sentence found for {missing}"
        return Check(name, not bad, detail)
    return Check(name, True, "rule not understood by the checker; not checked")


# ---------------------------------------------------------------- mentions


def _overlapping(start: int, end: int, items: list[dict]) -> list[dict]:
    return [x for x in items if isinstance(x.get("start"), int) and x["start"] < end and start < x.get("end", 0)]


def _mention(kind: str, spec: dict, mentions: list[dict]) -> tuple[str, list[dict]]:
    """The check's name and the coded mentions overlapping the gold mention's span."""
    start = spec["start"]
    return f"{kind}: {spec['text']!r}@{start}", _overlapping(start, start + len(spec["text"]), mentions)


def check_time(spec: dict, times: list[dict]) -> Check:
    name, hits = _mention("time", spec, times)
    if spec.get("duration"):
        dated = [h for h in hits if h.get("value") and not h.get("duration")]
        return Check(name, not dated, "resolved to " + str([h["value"] for h in dated]) if dated else "not a date: ok")
    if not hits:
        return Check(name, False, "not found")
    want, precision = spec["value"], spec.get("precision")
    for h in hits:
        if precision:
            ok = h.get("precision") == precision and (
                str(h.get("value", ""))[:10] == want if len(want) == 10 else time_value_right(want, h.get("value"), precision))
        else:
            ok = time_value_right(want, h.get("value"), h.get("precision"))
        if ok:
            return Check(name, True, f"{h.get('value')} ({h.get('precision')})")
    return Check(name, False, "got " + ", ".join(f"{h.get('value')} ({h.get('precision')})" for h in hits))


def check_place(spec: dict, places: list[dict]) -> Check:
    name, hits = _mention("place", spec, places)
    if not hits:
        return Check(name, False, "not found")
    notes = []
    for h in hits:
        if h.get("latitude") is None or h.get("longitude") is None:
            notes.append(f"{h.get('name')!r} without coordinates")
            continue
        d = haversine_km(spec["lat"], spec["lon"], h["latitude"], h["longitude"])
        country_ok = "country" not in spec or h.get("country") == spec["country"]
        if d <= spec["km"] and country_ok:
            return Check(name, True, f"{h.get('name')!r}, {d:.0f} km")
        notes.append(f"{h.get('name')!r} {h.get('country')!r}, {d:.0f} km")
    return Check(name, False, "; ".join(notes))


def check_actor(spec: dict, actors: list[dict]) -> Check:
    name, hits = _mention("actor", spec, actors)
    if not hits:
        return Check(name, False, "not found")
    ok = any(normalize_actor(h.get("name")) == normalize_actor(spec["name"]) for h in hits)
    return Check(name, ok, ", ".join(repr(h.get("name")) for h in hits))


# ---------------------------------------------------------------- all together


def check(gold: dict, coded: dict, text: str | None = None) -> list[Check]:
    """Every check of an acceptance gold dict on one coded document (contract dict).
    `text` (the article) is needed for the evidence rule; it defaults to coded["text"]."""
    text = text if text is not None else coded.get("text")
    events = [] if coded.get("error") else list(coded.get("events") or [])
    out: list[Check] = []
    if coded.get("error"):
        out.append(Check("coded without error", False, str(coded["error"])))
    if gold.get("published"):
        out.append(Check("published", coded.get("published") == gold["published"],
                         f"{coded.get('published')} ({coded.get('published_source')})"))
    out += [check_must_event(spec, events) for spec in gold.get("must_events", [])]
    out += [check_may_event(spec, events) for spec in gold.get("may_events", [])]
    out += [check_must_not(rule, events, text) for rule in gold.get("must_not", [])]
    out += [check_time(spec, coded.get("times") or []) for spec in gold.get("times", [])]
    out += [check_place(spec, coded.get("places") or []) for spec in gold.get("places", [])]
    out += [check_actor(spec, coded.get("actors") or []) for spec in gold.get("actors", [])]
    return out


def summary(checks: list[Check]) -> dict[str, tuple[int, int]]:
    """(passed, total) per kind of check: must_event, may_event, must_not, time, place, actor."""
    out: dict[str, list[int]] = {}
    for c in checks:
        kind = c.name.split(":")[0]
        tally = out.setdefault(kind, [0, 0])
        tally[0] += int(c.passed)
        tally[1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def format_checks(checks: list[Check], title: str = "") -> str:
    lines = [f"== {title} ==" if title else ""]
    for c in checks:
        lines.append(f"[{'PASS' if c.passed else 'FAIL'}] {c.name}: {c.detail}")
    lines.append("summary: " + ", ".join(f"{k} {p}/{n}" for k, (p, n) in summary(checks).items()))
    return "\n".join(l for l in lines if l) + "\n"
