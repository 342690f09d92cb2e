"""Stage 'claims': who reports each event, and whether the text confirms, doubts, disputes or denies it.

Sources are the subjects of reporting verbs in the event's sentences ("Syrian state television and
Hezbollah said", "X told AFP", "according to X"), named as the actor dictionary names them. The status
comes from cue words in the event's sentences and the next sentence of the same paragraph.
"""

from __future__ import annotations

import re

from ..document import Context, Event
from ..pipeline import stage
from .fatalities import KIND_COUNTED, REPORT_VERBS, _speaker_of, reporting_sources, speaker_text

UNCONFIRMED = re.compile(
    r"\b(not (?:been )?(?:independently )?(?:confirmed|verified)|could not (?:be )?(?:independently )?"
    r"(?:confirm|verify|verified|confirmed)|unconfirmed|unverified|no independent (?:confirmation|verification)"
    r"|cannot (?:be )?(?:independently )?(?:confirm|verify|verified|confirmed)|(?:were|was) unable to (?:confirm|verify))\b",
    re.I)
# (not the adjective of a thing fought over: "after a disputed election", "a contested border area")
_CONTESTED_THING = (r"(?!\s+(?:[a-z]+\s+)?(?:elections?|polls?|votes?|results?|outcome|seats?|constituenc(?:y|ies)|"
                    r"territor(?:y|ies)|regions?|areas?|borders?|boundar(?:y|ies)|lands?|plots?|islands?|zones?|"
                    r"villages?|towns?|farms?|fields?|mines?|leadership|succession|ownership|chieftaincy|throne)\b)")
DISPUTED = re.compile(r"\b((?:disputed|contested)" + _CONTESTED_THING + r"|rejected (?:the |these |those )?"
                      r"(?:claims?|reports?|account)|gave a different (?:account|figure|toll)|contradict\w*)\b", re.I)
DENIED = re.compile(r"\b(denied|denies|deny|denying)\b", re.I)
CONFIRMED = re.compile(r"\b(confirmed|confirms)\b", re.I)


def event_sources(ev: Event, ctx: Context) -> list[str]:
    """Speakers of the reporting verbs in the event's sentences, in reading order, without repeats."""
    out: list[str] = []
    doc = ctx.doc
    for i in sorted(set(ev.sentences)):
        s = ctx.sentences[i]
        span = doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is None:
            continue
        for t in span:
            names: list[str] = []
            if t.lemma_.lower() in REPORT_VERBS and t.pos_ in ("VERB", "AUX"):
                if any(c.dep_ == "neg" for c in t.children):
                    continue
                subj = _speaker_of(t, ctx)
                if subj is not None:
                    names = speaker_text(subj, ctx, i, with_conj=True)
            elif t.lower_ == "according" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "to":
                names = reporting_sources(t, ctx, i)
            for n in names:
                if n and n not in out:
                    out.append(n)
    for c in ev.fatality_claims:
        if c.claimed_by and c.claimed_by not in out:
            out.append(c.claimed_by)
    return out


def _window(ev: Event, ctx: Context) -> str:
    idx = sorted(set(ev.sentences))
    if not idx:
        return ""
    last = ctx.sentences[idx[-1]]
    nxt = [s for s in ctx.sentences if s.index == last.index + 1 and s.paragraph == last.paragraph]
    return " ".join(ctx.sentences[i].text for i in idx + [s.index for s in nxt])


def event_status(ev: Event, ctx: Context) -> str:
    """denied > disputed > unconfirmed > confirmed > reported, from cues near the event."""
    text = _window(ev, ctx)
    if DENIED.search(text):
        return "denied"
    if DISPUTED.search(text) or _figures_disagree(ev):
        return "disputed"
    if UNCONFIRMED.search(text):
        return "unconfirmed"
    if CONFIRMED.search(text):
        return "confirmed"
    return "reported"


def _figures_disagree(ev: Event) -> bool:
    """Two sources give different figures for the same dead."""
    seen: dict[str | None, tuple[int, str | None]] = {}
    for c in ev.fatality_claims:
        if c.kind not in KIND_COUNTED:
            continue
        if c.who in seen:
            count, by = seen[c.who]
            if count != c.count and by and c.claimed_by and by != c.claimed_by:
                return True
        else:
            seen[c.who] = (c.count, c.claimed_by)
    return False


@stage("claims", requires=("events", "fatalities"), assigns=("claims",))
def make_claims(settings):
    def run(ctx: Context) -> None:
        for ev in ctx.events:
            ev.claimed_by = event_sources(ev, ctx)
            ev.status = event_status(ev, ctx)

    return run
