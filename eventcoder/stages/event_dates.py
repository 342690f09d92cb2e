"""Stage 'event_dates': the date of each event from the time mention that governs it.

Order of search: a time in the event's own sentence attached to the trigger's clause (or to a
clause above it, such as "said Tuesday"); else the nearest earlier sentence of the same
paragraph; else the publication date ("as reported on D" => D, precision 2, as ACLED coders do).
Precision follows ACLED: day 1; week or weekend 2 (the week's Wednesday, the Saturday); month 3
(mid-month, or the first/last day for "early"/"late"); a year is vaguer than ACLED codes and is
kept as mid-year with precision 3, usually as background (historical).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from ..document import Context, Event, TimeMention
from ..pipeline import stage
from .syntax import span_root, verb_of

# A governing date this many days or more before publication makes the event background
# (DESIGN/OUTPUT: "kidnapped in 2014" is not news; ACLED codes news of the reporting period).
HISTORICAL_DAYS = 365
# ACLED practice [OBS in ACLED-CODEBOOK.md]: "as reported on D" with no event date => D, precision 2.
PUBLICATION_PRECISION = 2
# A span ("between 3 and 6 May") up to this many days is week-scale (precision 2), longer is 3.
WEEK_SCALE_DAYS = 13

# Verbs of reporting: a date on them is the report's ("said on Monday"), not the event's.
REPORTING_LEMMAS = frozenset(
    "say tell report announce add state confirm claim accord quote write declare note reveal".split())
# A date in a relative clause dates this event only if it is this recent (days before publication).
RECENT_DAYS = 14
# "The raid took place on Thursday", "The attack on Sunday night came when ...": a later sentence
# that says when the event happened.
OCCURRENCE_LEMMAS = frozenset("take happen occur come begin erupt start unfold break".split())
EVENT_NOUNS = frozenset("""attack raid blast explosion clash clashes fighting incident ambush shooting
bombing assault violence killing killings massacre strike airstrike operation offensive""".split())
# When the event's sentence gives only the report's date, look this many sentences further.
FOLLOWING_SENTENCES = 2

_EARLY = re.compile(r"\b(?:early|beginning|start)\b", re.I)
_LATE = re.compile(r"\b(?:late|end)\b", re.I)
_MID = re.compile(r"\bmid\b|\bmiddle\b", re.I)




def _ancestors(tok) -> list:
    out = [tok]
    while tok.head.i != tok.i and len(out) < 30:
        tok = tok.head
        out.append(tok)
    return out


def _through_relative_clause(verb, stop: list) -> bool:
    """True when the way up from `verb` to the trigger's clause passes a relative clause."""
    tok = verb
    for _ in range(30):
        if tok in stop or tok.head.i == tok.i:
            return False
        if tok.dep_ in ("relcl", "acl"):
            return True
        tok = tok.head
    return False


def _recent(t: TimeMention, published: date | None) -> bool:
    """A day, weekend or week at most RECENT_DAYS before publication (or any, without one)."""
    if t.precision not in ("day", "weekend", "week"):
        return False
    if published is None:
        return True
    return 0 <= (published - date.fromisoformat(t.value)).days <= RECENT_DAYS


def _usable(t: TimeMention) -> bool:
    return not t.duration and t.value is not None


def _in_sentence(times: list[TimeMention], s) -> list[TimeMention]:
    return [t for t in times if s.start <= t.start < s.end and _usable(t)]


def _pick_in_trigger_sentence(ctx: Context, event: Event, cands: list[TimeMention]) -> tuple:
    """(time, whether it is only the report's date): a time of the trigger's own clause wins; then
    one of a clause above it; then a sibling clause's; then a recent one of a relative clause; then
    the date of the report ("..., police said on Monday")."""
    if not cands:
        return None, False
    trig = span_root(ctx.doc, event.trigger_start, event.trigger_start + max(len(event.trigger), 1))
    if trig is None:
        return min(cands, key=lambda t: abs(t.start - event.trigger_start)), False
    tverb = verb_of(trig)
    above = _ancestors(tverb)
    direct, governing, sibling, recent, report = [], [], [], [], []
    for t in cands:
        root = span_root(ctx.doc, t.start, t.end)
        if root is None:
            continue
        v = verb_of(root)
        if (v is not None and tverb is not None and v.i == tverb.i) or (trig is not None and root.head.i == trig.i):
            direct.append(t)
        elif v in above:
            # "..., officials said on Monday": the day of the report, used only when nothing better
            (report if v is not None and v.lemma_ in REPORTING_LEMMAS else governing).append(t)
        elif not _through_relative_clause(v, above):
            sibling.append(t)  # "announced a ceasefire after reaching the deal over the weekend"
        elif _recent(t, ctx.published):
            # "fighting that erupted on Sunday", and the small parser's "30 others injured on
            # Friday night" (a participle read as a relative clause); an old date in a relative
            # clause ("soldiers IS kidnapped in 2014") does not date this event
            recent.append(t)
    # times of relative clauses ("soldiers IS kidnapped in 2014") do not date this event
    def nested(t: TimeMention) -> bool:
        """A date inside a noun phrase ("over their delayed June salaries") dates the noun, not the event."""
        root = span_root(ctx.doc, t.start, t.end)
        node = root
        for _ in range(8):
            if node is None or node.head.i == node.i or (tverb is not None and node.head.i == tverb.i):
                return False
            node = node.head
            if node.pos_ in ("NOUN", "PROPN") and not (t.start <= node.idx < t.end):
                return True
        return False

    for group in (direct, governing, sibling, recent, report):
        if group:
            best = min(group, key=lambda t: (nested(t), abs(t.start - event.trigger_start)))
            return best, group is report
    return None, False


def _pick_in_context_sentence(ctx: Context, cands: list[TimeMention]) -> TimeMention | None:
    """In an earlier sentence: the time of its main clause, else its last time."""
    if not cands:
        return None
    if ctx.doc is not None:
        for t in cands:
            root = span_root(ctx.doc, t.start, t.end)
            if root is not None and verb_of(root).dep_ == "ROOT":
                return t
    return cands[-1]


def _following_event_time(ctx: Context, sent) -> TimeMention | None:
    """A recent day in one of the next FOLLOWING_SENTENCES sentences of the same paragraph, said
    of an occurrence ("took place on Thursday", "the attack late Sunday night came ...")."""
    for nxt in ctx.sentences[sent.index + 1:sent.index + 1 + FOLLOWING_SENTENCES]:
        if nxt.paragraph != sent.paragraph:
            break
        for t in _in_sentence(ctx.times, nxt):
            if not _recent(t, ctx.published) or ctx.doc is None:
                continue
            root = span_root(ctx.doc, t.start, t.end)
            v = verb_of(root) if root is not None else None
            if v is None:
                continue
            subjects = {c.lemma_.lower() for c in v.children if c.dep_ in ("nsubj", "nsubjpass")}
            if root.head.pos_ == "NOUN":
                subjects.add(root.head.lemma_.lower())  # "the attack late Sunday night"
            if v.lemma_ in OCCURRENCE_LEMMAS or subjects & EVENT_NOUNS:
                return t
    return None


def governing_time(ctx: Context, event: Event) -> TimeMention | None:
    sent = ctx.sentence_at(event.trigger_start)
    if sent is None and event.sentences:
        sent = ctx.sentences[event.sentences[0]]
    if sent is None:
        return None
    found, report_only = _pick_in_trigger_sentence(ctx, event, _in_sentence(ctx.times, sent))
    if found is None or report_only:
        # "..., officials said Friday. The raid took place on Thursday.": the next sentences of the
        # paragraph may give the event's own day
        later = _following_event_time(ctx, sent)
        if later is not None:
            return later
    if found is not None:
        return found
    for prev in reversed(ctx.sentences[:sent.index]):
        if prev.paragraph != sent.paragraph:
            break
        found = _pick_in_context_sentence(ctx, _in_sentence(ctx.times, prev))
        if found is not None:
            return found
    return None


def _month_day(t: TimeMention, value: date) -> date:
    last = calendar.monthrange(value.year, value.month)[1]
    if _EARLY.search(t.text):
        return value
    if _LATE.search(t.text):
        return value.replace(day=last)
    return value.replace(day=15)


def resolve(t: TimeMention, published: date | None) -> tuple[date, date | None, int]:
    """(event_date, date_end, time_precision) for a governing time mention."""
    value = date.fromisoformat(t.value)
    end = date.fromisoformat(t.end_value) if t.end_value else None
    if t.precision == "week":
        d, p, end = value + timedelta(days=2), 2, None
    elif t.precision == "weekend":
        d, p, end = value, 2, None
    elif t.precision == "month":
        d, p = _month_day(t, value), 3
    elif t.precision == "year":
        d, p = (value.replace(month=12, day=31) if _LATE.search(t.text)
                else value if _EARLY.search(t.text) else value.replace(month=7, day=1)), 3
    else:
        d, p = value, 1
        if end is not None and not t.text.lower().startswith("since"):
            p = 2 if (end - value).days <= WEEK_SCALE_DAYS else 3
    if published is not None and p > 1 and d > published >= value:
        d = published  # "earlier this month", "this week": not after the report
    return d, end, p


_OVERNIGHT = re.compile(r"\bovernight\b", re.I)


def _overnight_report(ctx: Context, event: Event, t: TimeMention) -> bool:
    """An overnight event dated by the day of its report: the night began the day before."""
    sent = ctx.sentence_at(event.trigger_start)
    if sent is None or not _OVERNIGHT.search(ctx.text[sent.start:sent.end]) or ctx.doc is None:
        return False
    root = span_root(ctx.doc, t.start, t.end)
    v = verb_of(root) if root is not None else None
    return v is not None and v.lemma_ in REPORTING_LEMMAS


def date_event(ctx: Context, event: Event) -> None:
    pub = ctx.published
    t = governing_time(ctx, event)
    if t is not None:
        d, end, p = resolve(t, pub)
        if p == 1 and _overnight_report(ctx, event, t):
            d -= timedelta(days=1)  # "killed in an overnight attack, witnesses said Sunday"
        event.event_date, event.time_precision = d.isoformat(), p
        event.date_end = end.isoformat() if end and end != d else None
        if pub is not None and ((pub - d).days >= HISTORICAL_DAYS
                                or (t.precision == "year" and d.year < pub.year)):
            event.historical = True
        return
    if pub is not None:
        event.event_date, event.date_end, event.time_precision = pub.isoformat(), None, PUBLICATION_PRECISION
        return
    # no publication date either: the latest full date the text gives, else nothing (None)
    days = [date.fromisoformat(x.value) for x in ctx.times if _usable(x) and x.precision == "day"]
    event.event_date = max(days).isoformat() if days else None
    event.time_precision = PUBLICATION_PRECISION


@stage("event_dates", requires=("events", "times"), assigns=("event_dates",))
def make_event_dates(settings):
    def run(ctx: Context) -> None:
        for event in ctx.events:
            date_event(ctx, event)

    return run
