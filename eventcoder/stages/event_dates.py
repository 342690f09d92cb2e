"""Stage 'event_dates': the date of each event from the time mention that governs it.

Order of search: a time in the event's own sentence attached to the trigger's clause (or to a
clause above it, such as "said Tuesday"; a dateline is only the report's day); when that is only
the report's day, or a week or weekend, a day the next sentences tell of the act ("The raid took
place on Thursday"); else the nearest earlier sentence of the same paragraph; else a recent day
of the paragraph just before (a lead or a headline); else the publication date ("as reported on
D" => D, precision 2, as ACLED coders do).
Precision follows ACLED: day 1; week or weekend 2 (the week's Wednesday, the Saturday); month 3
(mid-month, or the first/last day for "early"/"late"); a year is vaguer than ACLED codes and is
kept as mid-year with precision 3, usually as background (historical).
"""

from __future__ import annotations

import calendar
import re
from bisect import bisect_left
from datetime import date, timedelta

from ..document import Context, Event, TimeMention
from ..pipeline import stage
from .events import OTHER_INCIDENT_OPENING, families_by_lemma
from .syntax import offset_clause, span_root, verb_of
from .times import AGENCY_TAG, REPORTING_LEMMAS, WEEKDAYS, last_day

# A governing date this many days or more before publication makes the event background
# (DESIGN/OUTPUT: "kidnapped in 2014" is not news; ACLED codes news of the reporting period).
HISTORICAL_DAYS = 365
# ACLED practice [OBS in ACLED-CODEBOOK.md]: "as reported on D" with no event date => D, precision 2.
PUBLICATION_PRECISION = 2
# ACLED practice [OBS in ACLED-CODEBOOK.md]: "on or before D" and "as reported on D" => D, precision
# 2; "around D" and "(as reported)" likewise (acled-dev: gold precision 2 on most such rows).
APPROXIMATE_PRECISION = 2
# A span ("between 3 and 6 May") up to this many days is week-scale (precision 2), longer is 3.
WEEK_SCALE_DAYS = 13

# A date in a relative clause dates this event only if it is this recent (days before publication).
RECENT_DAYS = 14
# "The raid took place on Thursday", "The attack on Sunday night came when ...": a later sentence
# that says when the event happened.
OCCURRENCE_LEMMAS = frozenset("take happen occur come begin erupt start unfold break".split())
# "Gunmen killed a chief. He was shot dead at his home on Sunday.": a later sentence whose verb is
# one of the event lexicon's (or a discovery: ACLED dates found bodies by their discovery) tells
# the day of the event the first sentence reported without one.
ELABORATION_EXTRA_LEMMAS = frozenset("find die".split())
# the lexicon families whose acts can elaborate an event of each ACLED type (an arrest the next
# day does not date the attack)
_VIOLENCE_FAMILIES = frozenset("FIGHT ATTACK AIR SHELL IED GRENADE CHEM KILL HARM ABDUCT SEXUAL".split())
_DEMO_FAMILIES = frozenset("PROTEST RIOT INTERVENE".split())
ELABORATION_FAMILIES = {
    "Battles": _VIOLENCE_FAMILIES, "Explosions/Remote violence": _VIOLENCE_FAMILIES,
    "Violence against civilians": _VIOLENCE_FAMILIES, "Protests": _DEMO_FAMILIES,
    "Riots": _DEMO_FAMILIES | _VIOLENCE_FAMILIES,
}
EVENT_NOUNS = frozenset("""attack raid blast explosion clash clashes fighting incident ambush shooting
bombing assault violence killing killings massacre strike airstrike operation offensive death event protest
demonstration riot abduction kidnapping robbery""".split())
# "A bomb rocked the station on Saturday": a weapon as the subject tells the act as well
WEAPON_NOUNS = frozenset("""bomb bombs grenade grenades rocket rockets shell shells mortar mortars missile
missiles mine ied""".split())
# "fighting broke out" tells an occurrence; "news of the attack broke" does not
OCCURRENCE_PARTICLES = {"break": "out"}
# "A similar protest took place", "another attack", "a separate raid": a new incident, not this one
NEW_INCIDENT_MODIFIERS = frozenset("similar separate another second third further earlier previous".split())
# When the event's sentence gives only the report's date, look this many sentences further.
FOLLOWING_SENTENCES = 2
# days in a week-scale span, from its first day (a week's Monday, a weekend's Saturday)
SPAN_DAYS = {"week": 7, "weekend": 2}
# at most this many characters (", and ") between the two mentions of a range of dates
RANGE_GAP = 8
# how far up from a time mention a governing noun is looked for (noun phrases in news are shallow)
MAX_UP = 8

# a sentence opening: nothing, or a label such as "Arrests:" or a quote mark, then "On"/"In"/...
_FRONT_BEFORE = re.compile(
    r"(?:[A-Z][\w -]{0,30}:\s*)?[\"'“‘(\[]?\s*(?:(?:[Oo]n|[Ii]n|[Aa]t|[Aa]round|[Bb]y|[Ee]arly|[Ll]ate)\s+)?")
_FRONT_AFTER = re.compile(r"\s*(?:\([^)]{0,60}\))?\s*,")
# a piece the parser split off a sentence: it opens with a bracket, a comma or a lower-case word
_CONTINUES = re.compile(r"[\[(,;]|[a-z]")
# a dateline: an optional place ("PABNA,", "Kabul, Afghanistan,"), the date, then an agency tag or a dash
# (an agency's tag may open it: "(Xinhua) Kabul, March 3 --")
_DATELINE_BEFORE = re.compile(r"\s*(?:" + AGENCY_TAG + r"\s*)?(?:[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3},\s*){0,2}")
_DATELINE_AFTER = re.compile(r",?\s*(?:\([A-Za-z][\w .-]{0,30}\)\s*(?:[-–—:]+)?|[-–—]+|:)\s")
_EARLY = re.compile(r"\b(?:early|beginning|start)\b", re.I)
_LATE = re.compile(r"\b(?:late|end)\b", re.I)
_MID = re.compile(r"\bmid\b|\bmiddle\b", re.I)




def _ancestors(tok) -> list:
    out = [tok]
    while tok.head.i != tok.i and len(out) < 30:
        tok = tok.head
        out.append(tok)
    return out


def _up_through_modifier(tok, stop=(), limit: int = 30, deps=("relcl", "acl")) -> bool:
    """True when the way up from `tok` (to the root, or to a token of `stop`) passes a clause that
    modifies a noun (a relative clause or a participle: dep relcl/acl; or only those of `deps`)."""
    for _ in range(limit):
        if tok is None or tok in stop or tok.head.i == tok.i:
            return False
        if tok.dep_ in deps:
            return True
        tok = tok.head
    return False


def _through_relative_clause(verb, stop: list) -> bool:
    """True when the way up from `verb` to the trigger's clause passes a relative clause."""
    return _up_through_modifier(verb, stop)


def _in_subject(tok, verb) -> bool:
    """`tok` lies inside a subject of `verb` that tells an event itself ("23 people injured in
    attacks on the capital on Tuesday, police revealed"), not beside a plain subject ("The agency,
    on Friday, confirmed ...")."""
    for _ in range(MAX_UP):
        if tok.head.i == tok.i or tok.i == verb.i:
            return False
        if tok.dep_ in ("nsubj", "nsubjpass") and tok.head.i == verb.i:
            return any(c.dep_ in ("acl", "relcl") and c.pos_ == "VERB" for c in tok.children)
        tok = tok.head
    return False


def dateline(ctx: Context, t: TimeMention) -> bool:
    """'Jan 21 (UNB) At least ...', 'PABNA, Jan. 14 -- ...': a date opening a paragraph, after at most
    a place name, and closed by an agency tag or a dash, is the day the story was filed."""
    line_start = ctx.text.rfind("\n", 0, t.start) + 1
    return bool(_DATELINE_BEFORE.fullmatch(ctx.text, line_start, t.start)
                and _DATELINE_AFTER.match(ctx.text, t.end))


# the precisions at which a sentence's time tells the day of what it tells (not a bare year)
TOLD_PRECISIONS = frozenset({"day", "weekend", "week", "month"})


def told_dates(ctx: Context, s) -> set[tuple[str, str | None]]:
    """The days, weekends, weeks and months sentence `s` dates what it tells on, as (value, end_value):
    its usable times at those precisions, less a dateline's and one a verb of report carries
    ("..., officials said Monday", the day of the telling)."""
    found = set()
    for t in _in_sentence(ctx, s):
        if t.precision not in TOLD_PRECISIONS or dateline(ctx, t):
            continue
        root = span_root(ctx.doc, t.start, t.end) if ctx.doc is not None else None
        v = verb_of(root) if root is not None else None
        if v is not None and v.lemma_ in REPORTING_LEMMAS and not _in_subject(root, v):
            continue
        found.add((t.value, t.end_value))
    return found


def _fronted(ctx: Context, t: TimeMention) -> bool:
    """'On 12 May, ...', 'Last night, ...': a time opening its sentence before a comma scopes the whole
    clause (a trailing one may belong to a noun the parser hung it elsewhere)."""
    sent = ctx.sentence_at(t.start)
    if sent is None:
        return False
    return bool(_FRONT_BEFORE.fullmatch(ctx.text, sent.start, t.start) and _FRONT_AFTER.match(ctx.text, t.end))


def _own_subject(verb) -> bool:
    """The clause of `verb` has a subject that is not a relative pronoun ("they kidnapped")."""
    return verb is not None and any(
        c.dep_ in ("nsubj", "nsubjpass") and c.tag_ not in ("WDT", "WP", "WP$") for c in verb.children)


def _incident_subject(verb) -> bool:
    """A subject of `verb` is an incident or a weapon ("a blast ripped through", "a bomb went off")."""
    return verb is not None and any(
        c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() in EVENT_NOUNS | WEAPON_NOUNS for c in verb.children)


PERSON_RELATIVES = frozenset("who whom whose".split())


def _about_person(verb) -> bool:
    """The relative clause of `verb` opens with "who"/"whom"/"whose" and tells what was done to a
    person ("an activist, who was detained on 2 May, ..."): that person's earlier story, unlike
    "protesters who were marching on Friday" or "gunmen who raided the town on Friday"."""
    return (any(tok.lower_ in PERSON_RELATIVES for tok in verb.subtree if tok.i < verb.i)
            and any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children))


def _recent(t: TimeMention, published: date | None) -> bool:
    """A day, weekend or week at most RECENT_DAYS before publication (or any, without one)."""
    if t.precision not in ("day", "weekend", "week"):
        return False
    if published is None:
        return True
    return 0 <= (published - date.fromisoformat(t.value)).days <= RECENT_DAYS


def _usable(t: TimeMention, published: date | None = None) -> bool:
    """A time that can date a reported event: a value, not a duration, and not after publication
    (a report tells what happened; "ahead of polls next month" dates no event of the story)."""
    if t.duration or t.value is None:
        return False
    return published is None or t.value <= published.isoformat()


def _in_sentence(ctx: Context, s) -> list[TimeMention]:
    """The usable times of sentence `s`, less the last day of a range ("between 3 and 6 May"): the
    range is read from its first mention, which carries the end."""
    times, closing = _times_within(ctx, s)
    return [t for t in times if _usable(t, ctx.published)
            and not _closes_range(closing.get(last_day(t.value, t.precision)), t.start)]


def _times_within(ctx: Context, s) -> tuple[list[TimeMention], dict]:
    """The times of sentence `s` (by their starts), and the index's days ranges close on (see `_times_index`)."""
    starts, closing = ctx.derived("times index", ctx.times, _times_index)
    return ctx.times[bisect_left(starts, s.start):bisect_left(starts, s.end)], closing


def _times_index(times: list[TimeMention]) -> tuple[list[int], dict]:
    """The times' starts (the stages keep them sorted by start) and, for each day a range closes on, where
    the ranges closing on it end, in order: read once per document, as a long text has many sentences."""
    closing: dict = {}
    for e, v in sorted({(u.end, u.end_value) for u in times if u.end_value}):
        closing.setdefault(v, []).append(e)
    return [t.start for t in times], closing


def _closes_range(ends: list[int] | None, start: int) -> bool:
    """Whether a range closing on the time's day ends at most RANGE_GAP characters before it."""
    if not ends:
        return False
    i = bisect_left(ends, start - RANGE_GAP)
    return i < len(ends) and ends[i] <= start


def _before_closing_teller(t: TimeMention, verb, event: Event) -> bool:
    """The time lies between the event's trigger and a closing clause of telling whose subject comes before its verb
    (", on Tuesday, residents said"), not after the telling ("residents said on Tuesday")."""
    # (the subject nearest the verb: the parser may hang a place before the time on the telling too, "in Kani
    # township, Sagaing region, on Saturday, residents said")
    subject = max((c for c in verb.children if c.dep_ == "nsubj" and c.i < verb.i), key=lambda c: c.i, default=None)
    # (a telling coordinated with the act tells its own day: "were killed in Lubumbashi, and on Monday the governor
    # said ...")
    return subject is not None and verb.dep_ != "conj" and event.trigger_start < t.start \
        and t.end <= subject.left_edge.idx


def _pick_in_trigger_sentence(ctx: Context, event: Event, cands: list[TimeMention]) -> tuple:
    """(time, whether it is only the report's date): a time of the trigger's own clause wins; then
    one of a clause above it; then a sibling clause's; then a recent one of a relative clause; then
    the date of the report ("..., police said on Monday"); last, what was done to a person named
    in the sentence ("a guard, who was abducted on Friday, has been killed"), which like the
    report's date yields to a later sentence telling the act."""
    if not cands:
        return None, False
    trig = span_root(ctx.doc, event.trigger_start, event.trigger_start + max(len(event.trigger), 1))
    if trig is None:
        return min(cands, key=lambda t: abs(t.start - event.trigger_start)), False
    tverb = verb_of(trig)
    above = _ancestors(tverb)
    direct, governing, sibling, recent, report, person = [], [], [], [], [], []
    for t in cands:
        root = span_root(ctx.doc, t.start, t.end)
        if root is None:
            continue
        v = verb_of(root)
        if dateline(ctx, t):
            report.append(t)  # "Pabna, Jan. 14 (UNB) -- ...": the day the story was filed
        elif trig is not None and root.head.i == trig.i:
            direct.append(t)  # "the attack on Monday"
        elif v is not None and tverb is not None and v.i == tverb.i:
            # "IS claimed responsibility on Wednesday for the attack": a noun mention of the act
            # under a verb of report takes the report's day
            (report if trig.i != tverb.i and tverb.lemma_ in REPORTING_LEMMAS else direct).append(t)
        elif v is not None and v.lemma_ in REPORTING_LEMMAS and _in_subject(root, v):
            # "23 injured in attacks on the capital on Tuesday, the commissioner revealed on
            # Wednesday" parsed with the injured as the subject of "revealed": the time sits in
            # what is told, not on the telling
            sibling.append(t)
        elif v is not None and v.lemma_ in REPORTING_LEMMAS and _before_closing_teller(t, v, event):
            # "killed at least 17 civilians, including children, on Tuesday, residents said": a time after the act and
            # before a closing "X said" is the act's, though the parser hangs it on the telling
            direct.append(t)
        elif v is not None and v.lemma_ in REPORTING_LEMMAS:
            # "..., a resident said on Friday" wherever the parser hangs the reporting clause
            report.append(t)
        elif v in above:
            # "..., officials said on Monday": the day of the report, used only when nothing better
            (report if v is not None and v.lemma_ in REPORTING_LEMMAS else governing).append(t)
        elif _fronted(ctx, t):
            # "Arrests: On 3 May, police detained ...": a time opening the sentence scopes all of it,
            # a heading's trigger too, wherever the parser hangs it
            governing.append(t)
        elif not _through_relative_clause(v, above):
            sibling.append(t)  # "announced a ceasefire after reaching the deal over the weekend"
        elif _recent(t, ctx.published) and _about_person(v):
            # "an activist, who was detained on 2 May, said police beat him": what was done to the
            # person before; used only when nothing else in the sentence or after it dates the event
            person.append(t)
        elif _recent(t, ctx.published) and (not _own_subject(v) or _incident_subject(v)
                                            and not _up_through_modifier(v, above, deps=("relcl",))):
            # "fighting that erupted on Sunday", and the small parser's "30 others injured on
            # Friday night" (a participle read as a relative clause); an old date in a relative
            # clause ("soldiers rebels kidnapped in 2014") does not date this event, nor does a clause
            # with a subject of its own ("miners they kidnapped last week": another act), unless
            # that subject is the incident or its weapon under a participle ("two others hurt once a
            # mine exploded on Friday", the participle read as a noun's modifier again; not "a
            # leader who was held after riots broke out on Monday", a person's earlier story)
            recent.append(t)
    # times of relative clauses ("soldiers rebels kidnapped in 2014") do not date this event
    def nested(t: TimeMention) -> bool:
        """A date inside a noun phrase ("over their delayed June salaries") dates the noun, not the
        event; a date of the trigger noun itself ("Sunday's attack") is the event's own."""
        root = span_root(ctx.doc, t.start, t.end)
        node = root
        for _ in range(MAX_UP):
            if (node is None or node.head.i == node.i or node.head.i == trig.i
                    or (tverb is not None and node.head.i == tverb.i)):
                return False
            node = node.head
            if node.pos_ in ("NOUN", "PROPN") and not (t.start <= node.idx < t.end):
                return not _incident_of_clause(node)
        return False

    def _incident_of_clause(noun) -> bool:
        """'Last year's attack on the market killed nine', 'killed 300 people in the 2014 massacre':
        the noun is an incident the trigger's clause tells (its subject, or after "in" or "during"), so
        its date is the event's (not "marched to mourn a colleague shot on Wednesday": the
        cause of the protest)."""
        if noun.lemma_.lower() not in EVENT_NOUNS:
            return False
        if noun.dep_ == "pobj" and noun.head.dep_ == "prep" and noun.head.lower_ in ("in", "during"):
            head = noun.head.head
        elif noun.dep_ in ("nsubj", "nsubjpass"):
            head = noun.head
        else:
            return False
        return head.i == trig.i or (tverb is not None and head.i == tverb.i)

    # "On 2 May, families rallied after inmates were shot the previous day": a day counted from
    # another day of the same sentence dates the act of its own clause, told against that day
    own_days = {t.start for t in cands}
    for group in (direct, governing, sibling, recent, report, person):
        # a bare year inside a noun phrase names the thing ("the 1997 cinema fire", "an Act of
        # 2006"), not the time of this event
        group = [t for t in group if not (t.precision == "year" and nested(t))
                 and (group is direct or t.anchor not in own_days)]
        if group:
            best = min(group, key=lambda t: (nested(t), not _fronted(ctx, t),
                                             abs(t.start - event.trigger_start)))
            return best, any(r is best for r in report + person)
    return None, False


def _pick_in_context_sentence(ctx: Context, cands: list[TimeMention]) -> TimeMention | None:
    """In an earlier sentence: the time of its main clause, else its last time; not the day of a telling
    where the sentence has another ("Gunmen killed 15 villagers on Sunday, police said on Tuesday. The
    gunmen also looted shops." is Sunday's)."""
    if not cands:
        return None
    if ctx.doc is not None:
        verbs = [(t, verb_of(root)) for t in cands if (root := span_root(ctx.doc, t.start, t.end)) is not None]
        told = [t for t, v in verbs if v.lemma_ in REPORTING_LEMMAS]
        for t, v in verbs:
            if v.dep_ == "ROOT" and (t not in told or len(told) == len(cands)):
                return t
        if told and len(told) < len(cands):
            return [t for t in cands if t not in told][-1]
    return cands[-1]


def _following_event_time(ctx: Context, event: Event, sent, within: tuple[str, str] | None = None
                          ) -> TimeMention | None:
    """A recent day in one of the next FOLLOWING_SENTENCES sentences of the same paragraph, said
    of an occurrence ("took place on Thursday", "the attack late Sunday night came ...") or of an
    act of the event lexicon ("He was shot dead on Sunday", "The body was found on Monday"); the
    first sentence of the next paragraph counts only for "The incident took place on ..."; with
    `within` (first and last ISO day), only a day inside that span."""
    if ctx.doc is None:
        return None
    own = _sentence_verbs(ctx, sent)
    seen, clause_verb = 0, (own[0] if own else None)
    for nxt in ctx.sentences[sent.index + 1:]:
        if OTHER_INCIDENT_OPENING.match(nxt.text):
            break  # ("Separately, soldiers clashed with bandits on Sunday": another incident's day)
        crossed = nxt.paragraph != sent.paragraph
        if crossed and (nxt.paragraph != sent.paragraph + 1 or nxt.index != sent.index + 1
                        or sent.kind != "body" or nxt.kind != "body"):
            break
        verbs = _sentence_verbs(ctx, nxt)
        # "... factions [of the League] over joining a rally on Saturday [15 August].": a bracket or a
        # lower-case word starting the piece shows the parser split the event's own sentence
        continued = not crossed and seen == 0 and _CONTINUES.match(nxt.text) is not None
        if verbs and not continued:
            seen += 1
            if seen > FOLLOWING_SENTENCES:
                break
            clause_verb = verbs[0]
        for t in sorted(_in_sentence(ctx, nxt), key=lambda t: _in_modifier(ctx, t)):
            if not _recent(t, ctx.published):
                continue
            if within is not None and not (t.precision == "day" and within[0] <= t.value <= within[1]):
                continue
            root = span_root(ctx.doc, t.start, t.end)
            v = verb_of(root) if root is not None else None
            if v is None:
                continue
            if crossed:
                if _occurrence(v) and _told_incident(v):
                    return t
                continue
            if continued and v.lemma_ in REPORTING_LEMMAS and t.start > v.idx:
                continue  # "[in the east], the UN said on Monday": the report's day
            if continued or (not verbs and clause_verb is not None):
                # "... around 8 p.m." + "on Sunday.": a verbless piece split off the sentence
                # before (an abbreviation or a bracket ended it) belongs to that sentence's verb;
                # right after the event's own sentence, it is that sentence's time
                if seen == 0:
                    return t
                v = clause_verb
            if _other_incident(v) or _dates_another_noun(root, v):
                continue
            subjects = {c.lemma_.lower() for c in v.children if c.dep_ in ("nsubj", "nsubjpass")}
            if root.head.pos_ == "NOUN":
                subjects.add(root.head.lemma_.lower())  # "the attack late Sunday night"
            if _occurrence(v) or subjects & (EVENT_NOUNS | WEAPON_NOUNS) or _elaborates(event, v):
                return t
    return None


def _in_modifier(ctx: Context, t: TimeMention) -> bool:
    """The time sits in a clause modifying a noun ("Kelmor, abducted Tuesday, was found dead
    Wednesday"): the main clause's time tells the sentence's news and is tried first."""
    return _up_through_modifier(span_root(ctx.doc, t.start, t.end), limit=MAX_UP)


def _occurrence(verb) -> bool:
    """'took place', 'happened', 'broke out' (not 'news of it broke')."""
    if verb.lemma_ not in OCCURRENCE_LEMMAS:
        return False
    particle = OCCURRENCE_PARTICLES.get(verb.lemma_)
    return particle is None or any(c.dep_ == "prt" and c.lower_ == particle for c in verb.children)


def introduces_new(noun, indefinite: bool) -> bool:
    """The noun phrase brings in something new: 'another', 'a similar', 'a separate' (and, when
    `indefinite`, any 'a'/'an')."""
    for c in noun.children:
        if c.dep_ == "det" and (c.lower_ == "another" or (indefinite and c.lower_ in ("a", "an"))):
            return True
        if c.dep_ == "amod" and c.lower_ in NEW_INCIDENT_MODIFIERS:
            return True
    return False


def _told_incident(verb, more: frozenset = frozenset()) -> bool:
    """'The incident took place ...', 'This attack happened ...': the subject points back to an
    event already told (or, with `more`, to its weapon: "The missile hit ...")."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and (c.lemma_.lower() in EVENT_NOUNS or c.lower_ in more)
               and any(d.dep_ == "det" and d.lower_ in ("the", "this", "that") for d in c.children)
               for c in verb.children)


def tells_the_incident(ctx: Context, s) -> bool:
    """'The incident took place in ...', 'It happened near ..., police said': a verb of the sentence
    is an occurrence said of an event already told."""
    return ctx.doc is not None and any(
        _occurrence(v) and (_told_incident(v) or any(c.dep_ == "nsubj" and c.lower_ in ("it", "this", "that")
                                                      for c in v.children))
        # (or the copula with a place or a time after it: "That explosion was just outside Kelmora")
        or v.lemma_ == "be" and _told_incident(v) and any(c.dep_ == "prep" for c in v.children)
        # (or what the act or its weapon struck, and where: "The strike hit a crowded bazaar in Debre Sina")
        or v.lemma_.lower() in _STRUCK_VERBS and _told_incident(v, WEAPON_NOUNS) and any(
            c.dep_ == "prep" and c.lower_ in ("in", "at", "near", "outside") for t in [v, *v.children]
            for c in t.children)
        for v in _sentence_verbs(ctx, s))


# what an act told before, or its weapon, did to a place: "The strike hit the market in ..."
_STRUCK_VERBS = frozenset("hit strike target destroy flatten level tear rip damage".split())


def _other_incident(verb) -> bool:
    """'A similar protest took place on 17 May', 'Another attack hit ...': the subject is brought in
    as another one, so its day is not this event's."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and introduces_new(c, indefinite=False)
               for c in verb.children)


def _dates_another_noun(root, verb) -> bool:
    """'... occurred in reprisal for the raid of 7 May': the time modifies an event noun
    that is itself inside another noun phrase, so it dates that other, earlier event (unlike
    "killed in the attack on Sunday", where the attack is this clause's own)."""
    node, event_noun = root, False
    for _ in range(MAX_UP):
        if node.head.i == node.i or node.head.i == verb.i:
            return False
        node = node.head
        if node.pos_ in ("NOUN", "PROPN"):
            if event_noun:
                return True
            if node.lemma_.lower() not in EVENT_NOUNS or node.dep_ in ("nsubj", "nsubjpass"):
                return False
            event_noun = True
    return False


def _sentence_verbs(ctx: Context, s) -> list:
    """The sentence's root verb first, then its other verbs; [] for a verbless fragment."""
    span = ctx.doc.char_span(s.start, s.end, alignment_mode="expand")
    if span is None:
        return []
    verbs = [tok for tok in span if tok.pos_ in ("VERB", "AUX")]
    root = span.root
    if root.pos_ in ("VERB", "AUX"):
        verbs = [root] + [v for v in verbs if v.i != root.i]
    return [v for v in verbs if v.pos_ == "VERB"] or verbs


def _elaborates(event: Event, verb) -> bool:
    """The verb tells an act of the event's kind: "He was shot dead ...", "The body was found ..."."""
    families = ELABORATION_FAMILIES.get(event.event_type)
    if not families:
        return False
    for c in verb.children:
        # "A cleric was shot dead Thursday": a new victim, likely a new incident; but "a gang
        # attacked the station" brings in the attackers of this one
        if c.dep_ in ("nsubj", "nsubjpass") and introduces_new(c, indefinite=c.dep_ == "nsubjpass"):
            return False
    if verb.lemma_ in ELABORATION_EXTRA_LEMMAS and families is not _DEMO_FAMILIES:
        return True
    if verb.lemma_ == "open" and any(c.lower_ == "fire" for c in verb.children) and families is not _DEMO_FAMILIES:
        return True  # "gunmen opened fire on his car on Saturday"
    return any(f in families for f in families_by_lemma().get(verb.lemma_, ()))


def governing_time(ctx: Context, event: Event) -> tuple[TimeMention | None, str | None]:
    """(the time that dates the event, its basis): "act" for a time of the act's own clause or of a
    later sentence telling the act, "told" for the report's day ("police said on Monday"), "report" for a
    time of an earlier sentence; (None, None) when the text gives none."""
    sent = ctx.sentence_at(event.trigger_start)
    if sent is None and event.sentences:
        sent = ctx.sentences[event.sentences[0]]
    if sent is None:
        return None, None
    found, report_only = _pick_in_trigger_sentence(ctx, event, _in_sentence(ctx, sent))
    if found is None or report_only:
        # "..., officials said Friday. The raid took place on Thursday.": the next sentences of the
        # paragraph may give the event's own day
        later = _following_event_time(ctx, event, sent)
        if later is not None:
            return later, "act"
    elif found.precision in ("week", "weekend") and found.value:
        # "clashes last weekend ... Bombs on Sunday killed six": a day inside the span, told of
        # the act in the next sentences, is the event's own day
        last = date.fromisoformat(found.value) + timedelta(days=SPAN_DAYS[found.precision] - 1)
        inside = _following_event_time(ctx, event, sent, within=(found.value, last.isoformat()))
        if inside is not None:
            return inside, "act"
    if found is not None and report_only:
        # "Gunmen kill 12 in Kelmora raid on Monday" over "..., police said on Tuesday": the headline's day of
        # the act, not the day it was told
        head = _heading_day(ctx, sent, found)
        if head is not None:
            return head, "act"
    if found is not None:
        return found, "told" if report_only else "act"
    for prev in reversed(ctx.sentences[:sent.index]):
        if prev.paragraph != sent.paragraph:
            break
        found = _pick_in_context_sentence(ctx, _in_sentence(ctx, prev))
        if found is not None:
            # (the day of a dateline parsed as a sentence of its own is the day the story was filed: "as reported on
            # D", as it is in the sentence it opens)
            return found, "told" if dateline(ctx, found) else "report"
    found = _previous_paragraph_time(ctx, sent)
    if found is not None:
        return found, "report"
    return None, None


def _heading_day(ctx: Context, sent, told: TimeMention) -> TimeMention | None:
    """A day the headline over the story's first body paragraph gives, on or before the day it was told."""
    if sent.kind != "body" or not told.value:
        return None
    heads = [s for s in ctx.sentences[:sent.index] if s.paragraph == sent.paragraph - 1]
    if not heads or any(s.kind != "heading" for s in heads):
        return None
    days = [t for s in heads for t in _in_sentence(ctx, s)
            if t.precision == "day" and _recent(t, ctx.published) and t.value <= told.value]
    return days[0] if len(days) == 1 else None


def _previous_paragraph_time(ctx: Context, sent) -> TimeMention | None:
    """A recent day of the paragraph just before (a headline's or a lead's "on Monday"): the
    story goes on in the next paragraph without repeating it."""
    if sent.kind != "body":
        return None
    earlier = [s for s in ctx.sentences[:sent.index] if s.paragraph == sent.paragraph - 1]
    for prev in reversed(earlier):
        if prev.kind == "caption":
            return None
        cands = [t for t in _in_sentence(ctx, prev) if _recent(t, ctx.published)]
        found = _pick_in_context_sentence(ctx, cands)
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


def span_precision(days: int) -> int:
    """ACLED's precision for a span of this many days: 2 for a week's scale, 3 beyond."""
    return 2 if days <= WEEK_SCALE_DAYS else 3


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
            p = span_precision((end - value).days)
    if published is not None and p > 1 and d > published >= value:
        d = published  # "earlier this month", "this week": not after the report
    return d, end, p


_OVERNIGHT = re.compile(r"\bovernight\b", re.I)
# "Around 8 May", "on or before 20 August", "as reported on 21 March", "9 May (as reported)",
# "(exact date not reported)": the day is the nearest the report gives, not a known one
_APPROX_OPEN = re.compile(r"(?:on or )?(?:around|about)\b|on or before\b|approximately\b", re.I)
_APPROX_BEFORE = re.compile(
    r"\b(?:(?:on or )?(?:around|about)|on or before|approximately|(?:as )?reported on)\s+$", re.I)
_APPROX_AFTER = re.compile(r",?\s*\((?:as reported|exact date (?:not|un)[^)]{0,30})\)", re.I)


def _approximate(ctx: Context, t: TimeMention) -> bool:
    """The text marks the day as approximate or only as the report's."""
    return bool(_APPROX_OPEN.match(t.text) or _APPROX_BEFORE.search(ctx.text, max(0, t.start - 25), t.start)
                or _APPROX_AFTER.match(ctx.text, t.end))


def _overnight_report(ctx: Context, event: Event, t: TimeMention) -> bool:
    """An overnight event dated by the day of its report (a verb of telling's, or its dateline's): the night
    began the day before."""
    sent = ctx.sentence_at(event.trigger_start)
    if sent is None or not _OVERNIGHT.search(ctx.text[sent.start:sent.end]) or ctx.doc is None:
        return False
    if dateline(ctx, t):
        return True
    root = span_root(ctx.doc, t.start, t.end)
    v = verb_of(root) if root is not None else None
    return v is not None and v.lemma_ in REPORTING_LEMMAS


# "source dated 21/03", "report dated 5 May": the text says on which day its source was written
_SOURCE_DATED = re.compile(r"\b(?:source|report|article)s?\s+(?:(?:is|was)\s+)?dated\s+(?:on\s+)?$", re.I)


def _source_dated(ctx: Context) -> date | None:
    """The day the text says its source is dated, if it says so (a day not after publication)."""
    return next((date.fromisoformat(t.value) for t in ctx.times if t.precision == "day" and _usable(t, ctx.published)
                 and _SOURCE_DATED.search(ctx.text, max(0, t.start - 30), t.start)), None)


# a weekday alone, maybe with its part of the day: "Wednesday", "early Friday", "Sunday night"
_BARE_WEEKDAY = re.compile(r"(?:(?:early|late)\s+)?(?:" + "|".join(WEEKDAYS) + r")"
                           r"(?:\s+(?:morning|afternoon|evening|night))?$", re.I)


def _lagging_weekday(ctx: Context, t: TimeMention, d: date) -> bool:
    """"Gunmen attacked the post on Wednesday" in a report dated Tuesday: read back, the day is six
    days before publication, but a wire report's date often lags the writer's by a day (time zones),
    and coders then date the event on the report's day. Only where the text names no day as the
    publication day itself: "on Monday ... on Tuesday" in a Monday report is last week's Tuesday."""
    pub = ctx.published
    # (nor where the text restates the day by its date, "on Wednesday (6 March)", or tells a later day before
    # publication as another of its days: "on Wednesday ... On Thursday, they ambushed")
    return pub is not None and (pub - d).days == 6 and bool(_BARE_WEEKDAY.match(t.text)) and not any(
        x.value == pub.isoformat() and x.precision == "day" for x in ctx.times) \
        and not _LAST_WEEK_BEFORE.search(ctx.text, max(0, t.start - 15), t.start) \
        and not _LAST_WEEK_AFTER.match(ctx.text, t.end) \
        and not any(x is not t and x.precision == "day" and x.value and (
            x.value == t.value and 0 <= x.start - t.end <= 3 or d.isoformat() < x.value < pub.isoformat())
            for x in ctx.times)


# "was last week Tuesday shot dead", "on Thursday last week": the text itself puts the weekday in the
# week before
_LAST_WEEK_BEFORE = re.compile(r"\blast\s+week\s+(?:on\s+)?$", re.I)
_LAST_WEEK_AFTER = re.compile(r"\s*,?\s*(?:of\s+)?last\s+week\b", re.I)


def date_event(ctx: Context, event: Event) -> None:
    pub = ctx.published
    t, event.date_basis = governing_time(ctx, event)
    if t is not None:
        d, end, p = resolve(t, pub)
        overnight = p == 1 and _overnight_report(ctx, event, t)
        if overnight:
            d -= timedelta(days=1)  # "killed in an overnight attack, witnesses said Sunday"
        if p == 1 and _approximate(ctx, t):
            p = APPROXIMATE_PRECISION
        if p == 1 and _lagging_weekday(ctx, t, d):
            d = pub
        if p == 1 and event.date_basis == "told" and not overnight:
            p = PUBLICATION_PRECISION  # only the day it was told of: ACLED's "as reported on D", precision 2
        event.event_date, event.time_precision = d.isoformat(), p
        event.date_end = end.isoformat() if end and end != d else None
        event.date_unit = t.precision  # (not a contract field: the merge reads a year's span from it)
        if pub is not None and ((pub - d).days >= HISTORICAL_DAYS
                                or (t.precision == "year" and d.year < pub.year)):
            event.historical = True
        return
    dated = _source_dated(ctx)
    if dated is not None:
        # "No day given; source dated 9/4": the report's own day, as the text gives it, stands in for
        # the publication date (ACLED's rule for an undated event)
        event.event_date, event.date_end, event.time_precision = dated.isoformat(), None, PUBLICATION_PRECISION
        event.date_basis = "report"
        return
    if pub is not None:
        event.event_date, event.date_end, event.time_precision = pub.isoformat(), None, PUBLICATION_PRECISION
        event.date_basis = "published"
        return
    # no publication date either: the latest full date the text gives, else nothing (None)
    days = [date.fromisoformat(x.value) for x in ctx.times if _usable(x) and x.precision == "day"]
    event.event_date = max(days).isoformat() if days else None
    event.time_precision = PUBLICATION_PRECISION
    event.date_basis = "report" if days else None


# A story with news of the last FRESH_DAYS tells an event dated by its own words BACKGROUND_DAYS or more before
# publication as background ("Gunmen killed three on Wednesday. In October, bandits killed 37 at a market"); a
# story whose only news is months old reports it late, as news (ACLED codes it then).
FRESH_DAYS = 14
BACKGROUND_DAYS = 60


def mark_background(ctx: Context) -> None:
    """Mark as historical the events of months before that a story with fresh news tells as background."""
    pub = ctx.published
    if pub is None:
        return
    ages = {id(e): (pub - date.fromisoformat(e.event_date)).days for e in ctx.events
            if e.event_date and e.date_basis in ("act", "told", "published")}
    # news told on a day of the telling is fresh too; so is news dated by nothing but the publication, told
    # before the old event ("Gunmen killed three in Maru, police said. In October 2023, bandits killed 37 at its
    # market."; not a mention after it, which may only tell more of it)
    fresh = [e for e in ctx.events if 0 <= ages.get(id(e), -1) <= FRESH_DAYS and not getattr(e, "support_only", "")
             and not getattr(e, "campaign", False)]
    if not fresh:
        return
    for e in ctx.events:
        if getattr(e, "campaign", False):
            # "Burkina Faso has been battling jihadist groups since 2015", "Teachers have protested repeatedly since
            # January" beside the story's news: background (alone, a note's "have been protesting" is the news)
            e.historical = True
            continue
        if e.date_basis == "act" and ages.get(id(e), 0) >= BACKGROUND_DAYS and any(
                f.date_basis != "published" or min(f.sentences) < min(e.sentences) for f in fresh):
            e.historical = True


_COMING_DAY = re.compile(r"\b(?:" + "|".join(WEEKDAYS) + r"|tomorrow)\b", re.I)


def planned(ctx: Context, event: Event) -> bool:
    """Whether the event's own verb is dated to a day after publication: what is set to happen ("Teachers march on
    parliament on Friday, their union said", "the army begins an offensive on Friday"), no event of the report."""
    if ctx.doc is None or ctx.published is None or not event.trigger or not event.sentences:
        return False
    trig = span_root(ctx.doc, event.trigger_start, event.trigger_start + len(event.trigger))
    if trig is None:
        return False
    verb = verb_of(trig)
    s = ctx.sentences[event.sentences[0]] if event.sentences[0] < len(ctx.sentences) else None
    if s is None:
        return False
    published = ctx.published.isoformat()
    for t in _times_within(ctx, s)[0]:
        # (a weekday or tomorrow, "on Friday": not a full date, which may be a slip of the pen, nor a day counted from
        # another, "two days after the raid")
        if t.precision == "day" and not t.duration and t.value and t.value > published and _COMING_DAY.search(t.text):
            root = span_root(ctx.doc, t.start, t.end)
            if root is not None and verb_of(root).i == verb.i:
                return True
    return False


def _trigger(ctx: Context, event: Event):
    return span_root(ctx.doc, event.trigger_start, event.trigger_start + len(event.trigger)) if event.trigger else None


# how many sentences back the act a counted-off clause counts from may be told ("Jets struck Khost on Monday. The
# strikes came two days after militants killed seven soldiers")
COUNTED_FROM_SENTENCES = 2


def _counted_from(ctx: Context, event: Event, head, counted: set) -> Event | None:
    """The event whose day a clause counted off from `head` counts from: the one its head verb tells in the
    sentence (its trigger the verb or under it, outside the clause), else, where the head tells no event ("The
    strikes came two days after ..."), the last event told in the sentences just before."""
    own = verb_of(_trigger(ctx, event))
    for other in ctx.events:
        if other is event or id(other) in counted or not other.sentences or other.sentences[0] != event.sentences[0]:
            continue
        tok = _trigger(ctx, other)
        if tok is not None and own not in tok.ancestors and own.i != tok.i and (
                verb_of(tok).i == head.i or head in tok.ancestors and own not in verb_of(tok).ancestors):
            return other
    first = event.sentences[0]
    before = [e for e in ctx.events if e.sentences and id(e) not in counted
              and 0 < first - max(e.sentences) <= COUNTED_FROM_SENTENCES]
    under_head = {t.i for t in head.subtree}
    if not before or any((tok := _trigger(ctx, e)) is not None and tok.i in under_head
                         for e in ctx.events if e is not event and e.sentences and e.sentences[0] == first):
        return None
    return max(before, key=lambda e: (max(e.sentences), e.trigger_start))


_TAKEN_THEN_KILLED = frozenset({"Attack", "Abduction/forced disappearance"})


def count_off(ctx: Context) -> None:
    """An act told in a clause counted off in days from another act is dated from that act's day: "Jets struck
    hideouts in Khost on Monday, two days after militants killed seven soldiers" dates the killing two days before
    Monday (not on Monday, the day of its sentence)."""
    if ctx.doc is None:
        return
    offsets = {}
    for event in ctx.events:
        tok = _trigger(ctx, event)
        off = offset_clause(tok) if tok is not None and event.sentences else None
        if off is not None:
            offsets[id(event)] = (event, off)
    counted = set(offsets)
    clauses = {verb_of(_trigger(ctx, e)).i for e, _ in offsets.values()}
    for event in ctx.events:
        tok = _trigger(ctx, event)
        if id(event) in counted or tok is None or not event.sentences:
            continue
        # a clause counted off from the event's verb that tells no event of its own ("Four days after rebels took
        # the town on Saturday, jets bombed it"): its day dates the event
        for clause in verb_of(tok).children:
            off = offset_clause(clause) if clause.dep_ == "advcl" and clause.i not in clauses else None
            if off is not None and off[0].i == verb_of(tok).i:
                _count_forward(ctx, None, event, off[0], off[1], off[2], clause=clause)
                break
    for event, (head, days, unit) in offsets.values():
        anchor = _counted_from(ctx, event, head, counted)
        if anchor is None or not anchor.event_date or {event.sub_event_type, anchor.sub_event_type} == _TAKEN_THEN_KILLED \
                and (act := _trigger(ctx, anchor)) is not None and act.pos_ == "VERB":
            # (an abduction that ended in a killing is coded once, as the attack: "killed three days after gunmen
            # abducted them")
            continue
        if _count_forward(ctx, event, anchor, head, days, unit):
            continue
        d = date.fromisoformat(anchor.event_date) + timedelta(days=days)
        if ctx.published is not None and d > ctx.published:
            continue
        event.event_date, event.date_end = d.isoformat(), None
        event.time_precision = max(anchor.time_precision or 1, 1 if unit == 1 else 2)
        event.date_basis, event.date_unit = "act", "day"
        event.counted_off = True  # (not a contract field: the merge stage keeps it apart from the act it counts from)


def _count_forward(ctx: Context, event: Event | None, anchor: Event, head, days: int, unit: int, clause=None) -> bool:
    """Where the counted-off clause has a day of its own and the act it counts from has none, the count runs the
    other way: "Four days after rebels took the town on Saturday, jets bombed it" dates the bombing four days after
    Saturday. The clause's day is its own time's, or that of the same act told in a sentence before ("Rebels seized
    Rubaya on Saturday. Three days after they seized the town, the army shelled it"). Returns whether it dated so."""
    clause = clause if event is None else verb_of(_trigger(ctx, event))
    lo, hi = clause.left_edge.idx, clause.right_edge.idx + len(clause.right_edge)
    s = ctx.sentences[anchor.sentences[0] if event is None else event.sentences[0]]
    days_told = [t for t in _times_within(ctx, s)[0] if t.precision == "day" and t.value and not t.duration]
    own = [t for t in days_told if lo <= t.start < hi]
    if any(not lo <= t.start < hi for t in days_told):
        return False  # (the act counted from has a day of its own: "struck Khost on Monday, two days after ...")
    if own:
        start = date.fromisoformat(own[0].value)
    elif event is None:
        return False
    else:
        told = [e for e in ctx.events if e is not event and e is not anchor and e.sentences and e.event_date
                and max(e.sentences) < event.sentences[0] and e.sub_event_type == event.sub_event_type
                and e.date_basis == "act"]
        if told:
            start, precision = date.fromisoformat(told[-1].event_date), told[-1].time_precision
        else:
            # (or the day of a sentence just before whose verb is the clause's: "seized Rubaya on Saturday")
            said = _day_of_same_verb(ctx, event.sentences[0], clause.lemma_.lower())
            if said is None:
                return False
            start, precision = date.fromisoformat(said.value), 1
        event.event_date, event.date_end, event.time_precision = start.isoformat(), None, precision
    d = start - timedelta(days=days)
    if ctx.published is not None and d > ctx.published:
        return False
    anchor.event_date, anchor.date_end = d.isoformat(), None
    anchor.time_precision = max((event.time_precision if event is not None else None) or 1, 1 if unit == 1 else 2)
    anchor.date_basis, anchor.date_unit = "act", "day"
    if event is not None:
        event.counted_off = True
    return True


def _day_of_same_verb(ctx: Context, first: int, lemma: str) -> TimeMention | None:
    """The one day told in a sentence of the COUNTED_FROM_SENTENCES before `first` whose verb has the lemma."""
    for i in range(first - 1, max(first - 1 - COUNTED_FROM_SENTENCES, -1), -1):
        s = ctx.sentences[i]
        span = ctx.doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is None or not any(t.pos_ == "VERB" and t.lemma_.lower() == lemma for t in span):
            continue
        days = [t for t in _times_within(ctx, s)[0] if t.precision == "day" and t.value and not t.duration]
        return days[0] if len(days) == 1 else None
    return None


@stage("event_dates", requires=("events", "times"), assigns=("event_dates",))
def make_event_dates(settings):
    def run(ctx: Context) -> None:
        ctx.events = [event for event in ctx.events if not planned(ctx, event)]
        for event in ctx.events:
            date_event(ctx, event)
        count_off(ctx)
        mark_background(ctx)

    return run
