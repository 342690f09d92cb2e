"""Within-document merging: the mentions of one event become one coded event.

Main mentions (a trigger that reports an event: "the army launched an offensive") open an
event; supporting mentions (a definite reference such as "the battle", a trigger in a quote or
in a deep modifier, a pronoun subject) join the best compatible event or are dropped. Two main
mentions merge when they have the same type (the same sub-type for strategic developments),
compatible sides and no clash of countries.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from ..document import Context, Event
from ..pipeline import stage
from ..resources.actors import country_iso3
from ..resources.gazetteer import distance_km, get_gazetteer
from ..resources.taxonomy import PLOVER, VIOLENT_TYPES, disorder_type, sub_rank
from .actors import AIR_DEFENCE_WORDS
from .event_dates import introduces_new, span_precision
from .event_locations import _dateline_place, split_listed_places
from .events import APART_KM, ARMED_WORDS, families_by_lemma
from .roles import SEPARATE_INCIDENT_OPENING, is_speaker
from .syntax import span_root, token_at

# Each extra sentence that supports an event raises its confidence by this much (capped at 0.95);
# a guess, to be calibrated when the evaluation reports confidence bins.
SUPPORT_BONUS = 0.05
# how far back (in sentences) a bare reference such as "the attack" looks for its event
NEAR_SENTENCES = 2
GENERIC_PREFIXES = ("Unidentified", "Civilians", "Protesters", "Rioters")


def sides(ev: Event) -> tuple[set[str], set[str]]:
    a = {n for n in [ev.actor1, *ev.assoc_actor_1] if n}
    b = {n for n in [ev.actor2, *ev.assoc_actor_2] if n}
    return a, b


def _named(names: set[str]) -> set[str]:
    return {n for n in names if not n.startswith(GENERIC_PREFIXES)}


def _conflict(x: set[str], y: set[str]) -> bool:
    x, y = _named(x), _named(y)
    return bool(x and y and not (x & y))


def countries_clash(a: Event, b: Event, index: "SentenceIndex") -> bool:
    return bool(a.iso3 and b.iso3 and a.iso3 != b.iso3 and loc_rank(a, index) == 0 and loc_rank(b, index) == 0)


DEMONSTRATION_TYPES = frozenset({"Protests", "Riots"})


def same_kind(a: Event, b: Event) -> bool:
    if {a.event_type, b.event_type} == DEMONSTRATION_TYPES:
        return True  # a demonstration that turns violent is one Riots event
    if a.event_type != b.event_type:
        return False
    if a.event_type == "Strategic developments":
        return a.sub_event_type == b.sub_event_type
    return True


# ACLED's one event is one pair of sides in one place on one day: mentions told in other sentences with
# days of their own that differ, or with places of their own farther apart than APART_KM, are other events
def told_apart(a: Event, b: Event, index: "SentenceIndex") -> bool:
    """The two are told in different sentences, each with its own day, and the days differ
    ("marched in Kelmo on Monday. ... marched in Varn on Friday"), or each with its own town, and
    the towns are far apart (a region and a town in it are no two places). Mentions of one sentence
    are left together ("killed on Monday after a prisoner wounded another on Sunday" tells one event
    and its cause)."""
    if set(a.sentences) & set(b.sentences):
        # (or two acts the sentence tells each with a day of its own: "killed five on Monday and abducted 12 on
        # Wednesday")
        return _counted_apart(a, b) or getattr(a, "own_day", False) and getattr(b, "own_day", False) \
            and days_apart(a, b) or getattr(a, "own_place", False) and getattr(b, "own_place", False) \
            and a.location != b.location
    later = max(min(a.sentences), min(b.sentences))
    if days_apart(a, b) or later in index.other_openings and min(a.sentences) != min(b.sentences):
        # (or the later one opens another incident: "Separately, drones hit energy sites in the Odesa region")
        return True
    if (a.geo_precision == b.geo_precision == 1 and loc_rank(a, index) == loc_rank(b, index) == 0
            and a.latitude is not None and b.latitude is not None and a.location != b.location):
        return distance_km(a.latitude, a.longitude, b.latitude, b.longitude) > APART_KM
    return False


def _counted_apart(a: Event, b: Event) -> bool:
    """One of the two is an act its sentence counts off in days from another's ("struck Khost on Monday, two days
    after militants killed seven soldiers": the event-dates stage marks it), and their days differ (though the other
    is dated only by the report: "shot dead five a day after six were killed, officials said")."""
    return (getattr(a, "counted_off", False) or getattr(b, "counted_off", False)) and bool(
        a.event_date and b.event_date and a.event_date != b.event_date)


def days_apart(a: Event, b: Event) -> bool:
    """Each is dated by words of its own to a day, or to a week or a weekend, and the spans do not meet
    ("last week" and "on Tuesday" of this week)."""
    if not (time_rank(a) == time_rank(b) == 0 and a.event_date and b.event_date):
        return False
    (a0, a1), (b0, b1) = _span(a), _span(b)
    return a0 is not None and b0 is not None and (a1 < b0 or b1 < a0)


# how far a week's or a weekend's days may lie from the middle day ACLED dates it on
_WEEK_REACH = timedelta(days=3)


def _span(ev: Event) -> tuple[date | None, date | None]:
    """The first and last day the event's date may mean: its day, its span, the days about the middle of its
    week, its month (a date of month precision: "last month", "in January"), or its year (`date_unit`, set by the
    event-dates stage)."""
    if ev.time_precision not in (1, 2, 3):
        return None, None
    first = date.fromisoformat(ev.event_date)
    if ev.time_precision == 3:
        # ("Last month, bandits killed 37 people there" is no mention of Monday's attack, nor is its toll)
        if getattr(ev, "date_unit", None) == "year" and not ev.date_end:
            return first.replace(month=1, day=1), first.replace(month=12, day=31)  # (a year, dated on its middle day)
        start = first.replace(day=1)
        end = date.fromisoformat(ev.date_end) if ev.date_end else \
            (start + timedelta(days=32)).replace(day=1) - timedelta(days=1)
        return start, end
    if ev.date_end:
        return first, date.fromisoformat(ev.date_end)
    if ev.time_precision == 1:
        return first, first
    # (a weekend is dated on its Saturday: Saturday and Sunday, not the Monday after)
    return (first, first + timedelta(days=1)) if first.weekday() == 5 else (first - _WEEK_REACH, first + _WEEK_REACH)


def _later_act(cluster: Event, ev: Event) -> bool:
    """A mention told in a sentence of its own with a day of its own other than the event's: another act of the
    story ("On Thursday, they ambushed a convoy", "The clashes resumed on Wednesday"), though it names its doers
    only by a pronoun or a definite noun (not a noun only referring back to the event: "the attack was
    condemned on Tuesday", "funerals for the victims of the attack were held on Tuesday")."""
    # (a reference back, "The attack came a week after gunmen kidnapped 20 passengers", is no act counted off)
    return _counted_apart(cluster, ev) and not getattr(ev, "support_only", "") or getattr(ev, "own_act", True) \
        and not set(cluster.sentences) & set(ev.sentences) and days_apart(cluster, ev)


# the verbs of which an event noun is the subject when the sentence tells the act again on a day of its own
_RENEWED_LEMMAS = frozenset("resume continue erupt break flare occur happen renew spread intensify escalate "
                            "rage recur begin start commence go hold observe enforce stage".split())


def _own_act(ctx: Context, ev: Event) -> bool:
    """Whether the mention tells an act of its own: its trigger is a verb ("they ambushed"), or an event noun
    subject of a verb of its happening ("the clashes resumed", "fighting erupted", "the strike began", "the raid
    took place")."""
    if ctx.doc is None or not ev.trigger:
        return True
    tok = span_root(ctx.doc, ev.trigger_start, ev.trigger_start + len(ev.trigger))
    if tok is None or tok.pos_ in ("VERB", "AUX"):
        return True
    # (or a part of it is: "a third day of the shutdown went on peacefully")
    if tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.dep_ in ("nsubj", "nsubjpass"):
        tok = tok.head.head
    head = tok.head
    return tok.dep_ in ("nsubj", "nsubjpass") and head.pos_ in ("VERB", "AUX") and (
        head.lemma_.lower() in _RENEWED_LEMMAS or head.lemma_.lower() == "take" and any(
            c.lower_ == "place" for c in head.children))


def compatible(cluster: Event, ev: Event, index: "SentenceIndex", loose: bool) -> int:
    """0 when they cannot be one event; else a score, higher for more shared actors."""
    if not same_kind(cluster, ev) or countries_clash(cluster, ev, index):
        return 0
    if told_apart(cluster, ev, index) if not loose else _later_act(cluster, ev):
        # (a supporting mention, "the march had been called by ...", refers to an event told before, wherever
        # it names a place, unless its own day is another)
        return 0
    if cluster.historical != ev.historical:
        return 0
    c1, c2 = sides(cluster)
    e1, e2 = sides(ev)
    if not (e1 or e2) or not (c1 or c2):
        return 1
    shared = len((c1 | c2) & (e1 | e2))
    aligned = ((c1 & e1 and not _conflict(c2, e2)) or (c1 & e2 and not _conflict(c2, e1))
               or (c2 & e1 and not _conflict(c1, e2)) or (c2 & e2 and not _conflict(c1, e1)))
    if aligned:
        return 1 + shared
    if not loose and (not _named(c1 | c2) or not _named(e1 | e2)):
        return 1
    return 0


class SentenceIndex:
    """The place names each sentence holds: read once per document, so that comparing events
    costs no pass over all its places."""

    def __init__(self, ctx: Context):
        from bisect import bisect_right

        starts = [s.start for s in ctx.sentences]

        def sentence_of(offset: int) -> int | None:
            i = bisect_right(starts, offset) - 1
            return i if i >= 0 and offset < ctx.sentences[i].end else None

        # the sentences opening another incident ("Separately, ...", "Elsewhere, ...")
        self.other_openings = {s.index for s in ctx.sentences if SEPARATE_INCIDENT_OPENING.match(s.text)}
        self.places: dict[int, set[str]] = {}
        for p in ctx.places:
            i = sentence_of(p.start)
            if i is not None:
                self.places.setdefault(i, set()).add(p.name)


DATE_BASIS_RANK = {"act": 0, "told": 1, "report": 1, "published": 2}


def time_rank(ev: Event) -> int:
    """0 when the date is the act's own (its clause's time, or a later sentence telling the act),
    1 when it is the report's day or comes from context, 2 for the publication-date fallback, 3
    without a date."""
    return DATE_BASIS_RANK.get(ev.date_basis, 3)


def loc_rank(ev: Event, index: SentenceIndex) -> int:
    """0 when the location is named in the event's own sentences, 1 from context, 2 none."""
    if ev.location is None:
        return 2
    return 0 if any(ev.location in index.places.get(i, ()) for i in ev.sentences) else 1


# how far a later mention's town may lie from the place of an event told near a town or in an area
# (precision 2) and still name where in it the event was
REFINE_KM = 50.0


def _refines(cluster: Event, ev: Event, cl: int, el: int) -> bool:
    """Whether a later mention's more precise place tells where the event's own place was, not another one:
    the event has none of its own words, or the town lies in its region (precision 3, the same first-level
    region) or near its town or area (precision 2: in its first-level region or within REFINE_KM): "a clash near
    Djibo ... the source, speaking in Ouagadougou, said" stays near Djibo."""
    if cl > el or cluster.latitude is None or ev.latitude is None or cluster.iso3 != ev.iso3:
        return True
    if cluster.geo_precision == 3:
        return not cluster.admin1 or not ev.admin1 or cluster.admin1 == ev.admin1
    if cluster.geo_precision == 2:
        return cluster.admin1 is not None and cluster.admin1 == ev.admin1 or \
            distance_km(cluster.latitude, cluster.longitude, ev.latitude, ev.longitude) <= REFINE_KM
    return True


def _add_names(target: list[str], names, exclude) -> None:
    for n in names:
        if n and n not in target and n not in exclude:
            target.append(n)


def absorb(cluster: Event, ev: Event, index: SentenceIndex) -> None:
    c1, c2 = sides(cluster)
    e1, e2 = sides(ev)
    # align ev's sides with the cluster's
    if (e1 & c2) or (e2 & c1 and not e2 & c2):
        e1, e2 = e2, e1
    if not e1 and e2 and (e2 & c1) and not (e2 & c2):
        e1, e2 = e2, set()  # a coordination of allies ("cost X and Y") joins side 1
    ordered1 = [n for n in [ev.actor1, ev.actor2, *ev.assoc_actor_1, *ev.assoc_actor_2] if n in e1]
    ordered2 = [n for n in [ev.actor1, ev.actor2, *ev.assoc_actor_1, *ev.assoc_actor_2] if n in e2]
    inter = {ev.actor1: ev.inter1, ev.actor2: ev.inter2}
    if cluster.actor1 is None and ordered1:
        cluster.actor1, cluster.inter1 = ordered1[0], inter.get(ordered1[0])
    elif cluster.actor1 and cluster.actor1.startswith("Unidentified") and ordered1 and not ordered1[0].startswith("Unidentified"):
        cluster.actor1, cluster.inter1 = ordered1[0], inter.get(ordered1[0])
    if cluster.actor2 is None and ordered2:
        cluster.actor2, cluster.inter2 = ordered2[0], inter.get(ordered2[0])
    elif cluster.actor2 and cluster.actor2.startswith("Unidentified") and ordered2 and not ordered2[0].startswith("Unidentified"):
        cluster.actor2, cluster.inter2 = ordered2[0], inter.get(ordered2[0])
    _add_names(cluster.assoc_actor_1, ordered1, {cluster.actor1, cluster.actor2})
    _add_names(cluster.assoc_actor_2, ordered2, {cluster.actor1, cluster.actor2, *cluster.assoc_actor_1})
    cluster.assoc_actor_1 = [n for n in cluster.assoc_actor_1 if not n.startswith("Unidentified")]
    cluster.assoc_actor_2 = [n for n in cluster.assoc_actor_2 if not n.startswith("Unidentified")]

    if cluster.event_type == "Protests" and ev.event_type == "Riots":
        cluster.event_type, cluster.sub_event_type = "Riots", "Violent demonstration"
        cluster.disorder_type, cluster.plover = ev.disorder_type, ev.plover
        if ev.actor1:
            cluster.actor1, cluster.inter1 = ev.actor1, ev.inter1
    elif ev.event_type == cluster.event_type and sub_rank(ev.sub_event_type) < sub_rank(cluster.sub_event_type) \
            and getattr(ev, "support_only", "") != "definite":
        # (not a definite noun referring back: "The attack came a week after gunmen kidnapped 20 passengers" keeps
        # the abduction)
        cluster.sub_event_type = ev.sub_event_type
        cluster.plover = ev.plover
        cluster.disorder_type = ev.disorder_type
        if ev.actor1 and ev.actor1 == cluster.actor2:
            # the mention that gives the type also says who acted: "troops retook the town"
            cluster.actor1, cluster.actor2 = cluster.actor2, cluster.actor1
            cluster.inter1, cluster.inter2 = cluster.inter2, cluster.inter1
            cluster.assoc_actor_1, cluster.assoc_actor_2 = cluster.assoc_actor_2, cluster.assoc_actor_1

    # date: the act's own date beats the report's, which beats the publication-date fallback; of
    # two acts' dates the first mention's stands ("killed before dawn Monday ... after a prisoner
    # wounded another on Sunday" is Monday's event) and a later day extends it to date_end
    ct, et = time_rank(cluster), time_rank(ev)
    if ev.event_date and (cluster.event_date is None or et < ct):
        cluster.event_date, cluster.time_precision = ev.event_date, ev.time_precision
        cluster.date_basis, cluster.date_unit = ev.date_basis, getattr(ev, "date_unit", None)
        cluster.date_end = ev.date_end or cluster.date_end
    elif et == ct == 0 and ev.event_date and cluster.event_date and cluster.time_precision == 3 \
            and (ev.time_precision or 1) < 3:
        # a day of the month the first mention gave: the day ("Protests spread across the country in March. On
        # Monday, police dispersed the marchers")
        cluster.event_date, cluster.time_precision = ev.event_date, ev.time_precision
        cluster.date_basis, cluster.date_end = ev.date_basis, ev.date_end
        cluster.date_unit = getattr(ev, "date_unit", None)
    elif et == ct == 0 and ev.event_date and cluster.event_date and ev.event_date > cluster.event_date \
            and ev.time_precision != 3 and getattr(ev, "own_act", True):
        # (nor does a noun only referring back to the act on a later day: "two days after the attack, youths marched")
        # (a month told after the day, "earlier this month", is no later day: its date is only its month's)
        if not cluster.date_end or ev.event_date > cluster.date_end:
            cluster.date_end = ev.event_date
            # (a span of days is no one day)
            days = (date.fromisoformat(cluster.date_end) - date.fromisoformat(cluster.event_date)).days
            cluster.time_precision = max(cluster.time_precision or 1, span_precision(days))

    # location: named in the event's own sentences first, then the most precise
    cl, el = loc_rank(cluster, index), loc_rank(ev, index)
    if (el, ev.geo_precision or 9) < (cl, cluster.geo_precision or 9) and _refines(cluster, ev, cl, el):
        for f in ("country", "iso3", "admin1", "admin2", "location", "latitude", "longitude",
                  "geo_precision", "geonameid"):
            setattr(cluster, f, getattr(ev, f))

    cluster.sentences = sorted(set(cluster.sentences) | set(ev.sentences))
    cluster.historical = cluster.historical and ev.historical
    cluster.confidence = min(0.95, max(cluster.confidence, ev.confidence) + SUPPORT_BONUS)
    _add_names(cluster.claimed_by, ev.claimed_by, ())
    cluster.fatality_claims.extend(c for c in ev.fatality_claims if c not in cluster.fatality_claims)


def _paragraph_text(ctx: Context, ev: Event) -> str:
    """The text of the paragraphs the event's sentences are in."""
    pars = {ctx.sentences[i].paragraph for i in ev.sentences}
    return " ".join(ctx.text[s.start:s.end] for s in ctx.sentences if s.paragraph in pars)


def _paragraph_actors(ctx: Context, ev: Event) -> set[str]:
    pars = {ctx.sentences[i].paragraph for i in ev.sentences}
    by_paragraph = ctx.derived("paragraph_actors", ctx.actors, lambda actors: _actors_by_paragraph(ctx, actors))
    return set().union(*(by_paragraph.get(p, ()) for p in pars))


def _actors_by_paragraph(ctx: Context, actors) -> dict[int, set[str]]:
    """paragraph -> the names of the actors mentioned in its sentences."""
    out: dict[int, set[str]] = {}
    for a in actors:
        s = ctx.sentence_at(a.start)
        if s is not None:
            out.setdefault(s.paragraph, set()).add(a.name)
    return out


def _another_incident(ctx: Context, ev: Event) -> bool:
    """The trigger is a noun brought in as another incident: "A similar protest took place in
    Varn on 17 May", "another attack", "a separate clash". It is not a mention of an event told
    before (and must not lend it its date)."""
    if ctx.doc is None or not ev.trigger:
        return False
    trig = span_root(ctx.doc, ev.trigger_start, ev.trigger_start + len(ev.trigger))
    return trig is not None and trig.pos_ == "NOUN" and introduces_new(trig, indefinite=False)


# the words before an act's noun that a span of days counts from ("two days after the attack", "since the raid")
_ANCHOR_NOUN_BEFORE = re.compile(r"\b(?:after|before|since|following)\s+(?:the|this|that|its|their|\w+['’]s)\s+"
                                 r"(?:\w+\s+){0,2}$", re.I)


# how many days before a story's event an act it names in passing may lie to be coded as one of its own
RECENT_ACT_DAYS = 14


def _days_before(ev: Event, later: Event) -> int:
    """How many days ev's date lies before later's (a large number where either has none)."""
    if not (ev.event_date and later.event_date):
        return 10 ** 6
    return (date.fromisoformat(later.event_date) - date.fromisoformat(ev.event_date)).days


def merge_events(ctx: Context) -> list[Event]:
    events = sorted(ctx.events, key=lambda e: (min(e.sentences), e.trigger_start))
    clusters: list[Event] = []
    support: list[Event] = []
    index = SentenceIndex(ctx)
    for ev in events:
        if clusters and _another_incident(ctx, ev):
            if not getattr(ev, "support_only", False):
                clusters.append(ev)
            continue
        if getattr(ev, "support_only", False):
            ev.own_act = _own_act(ctx, ev)  # (not a contract field: read by _later_act)
            support.append(ev)
            continue
        best, best_score = None, 0
        for c in clusters:
            score = compatible(c, ev, index, loose=False)
            if score > best_score:
                best, best_score = c, score
        if best is None:
            clusters.append(ev)
        else:
            absorb(best, ev, index)
    for ev in support:
        context = _paragraph_actors(ctx, ev)
        best, best_key = None, None
        for c in clusters:
            score = compatible(c, ev, index, loose=True)
            if not score:
                continue
            c1, c2 = sides(c)
            key = (score, len(context & (c1 | c2)), -abs(min(c.sentences) - min(ev.sentences)))
            if best_key is None or key > best_key:
                best, best_key = c, key
        host = None if best is not None or ev.event_type != "Riots" else next(
            (c for c in clusters if c.sub_event_type == "Looting/property destruction"
             and set(c.sentences) & set(ev.sentences) and _looters_of(c, ev)), None)
        if host is not None:
            # "police broke up a demonstration ... Several shops were looted": the looting is the riot's
            # violence, one Riots event (the looting cluster would otherwise hide the riot its sentence typed)
            clusters[clusters.index(host)] = ev
            absorb(ev, host, index)
            continue
        anchor = _ANCHOR_NOUN_BEFORE.search(ctx.text, max(0, ev.trigger_start - 40), ev.trigger_start)
        if best is None and ev.event_type in VIOLENT_TYPES and not _named(set().union(*sides(ev))):
            # "The attack was repelled": a bare reference joins the violent event just before it
            first = min(ev.sentences)
            # (not one its own words date to other days: "the bombing in Kelmora last week that killed 40"; but a
            # noun a span counts from is the act told before: "Two days after the attack, youths marched")
            near = [c for c in clusters if c.event_type in VIOLENT_TYPES
                    and 0 <= first - max(c.sentences) <= NEAR_SENTENCES and not _later_act(c, ev)
                    and (anchor or not days_apart(c, ev))]
            if near:
                best = max(near, key=lambda c: max(c.sentences))
                ev.event_type, ev.sub_event_type = best.event_type, best.sub_event_type
        earlier = None if best is not None or ev.event_type not in VIOLENT_TYPES | DEMONSTRATION_TYPES else max(
            (c for c in clusters if same_kind(c, ev) and _later_act(c, ev)), key=lambda c: max(c.sentences), default=None)
        if best is not None:
            if any(c is not best and set(c.sentences) & set(ev.sentences) for c in clusters):
                # "Traders shut their shops to protest the attack": a reference back in a sentence that tells an
                # event of its own lends the referred event no sides (they are the other event's)
                ev.actor1 = ev.actor2 = None
                ev.assoc_actor_1, ev.assoc_actor_2 = [], []
            absorb(best, ev, index)
        elif earlier is not None:
            # another act of the story on a day of its own, its doers named only by a pronoun or a definite
            # noun ("they ambushed", "the clashes resumed"): an event of its own, by the doers told before
            if ev.actor1 is None and ev.actor2 is None:
                ev.actor1, ev.inter1, ev.assoc_actor_1 = earlier.actor1, earlier.inter1, list(earlier.assoc_actor_1)
            clusters.append(ev)
        elif ev.event_type in VIOLENT_TYPES and time_rank(ev) == 0 and clusters and not anchor and all(
                days_apart(c, ev) for c in clusters if c.event_type in VIOLENT_TYPES) \
                and any(c.event_type in VIOLENT_TYPES and _days_before(ev, c) <= RECENT_ACT_DAYS for c in clusters):
            # "The militants were behind the bombing in Kelmora last week that killed 40 people": an act the
            # story names in passing, dated by its own words to other days than its events' but days before
            # them, is one of its own (not the war's opening assault of months before, told as background)
            clusters.append(ev)
        elif ev.support_only == "modifier" and not any(set(ev.sentences) & set(c.sentences) for c in clusters):
            # an event noun in a phrase ("... protest against land grabbing") with nothing
            # else in its sentence still reports an event
            clusters.append(ev)
    clusters = _riots_looting(clusters, index)
    clusters = _join_casualties(ctx, sorted(clusters, key=lambda e: min(e.sentences)), index)
    return _force_on_protests(ctx, clusters, index)


_CROWD_OR_NO_ONE = ("Civilians", "Protesters", "Rioters")


def _force_on_protest(ctx: Context, protest: Event, ev: Event, index: SentenceIndex) -> str | None:
    """The sub-event type a protest takes from the state's force told beside it, in its sentence or the next one
    of its paragraph, on its day and at its place: arrests of people no name singles out ("Eight people were
    detained": an intervention) or harm to them ("Police beat several of them and shot one man dead": excessive
    force if it kills or shoots, else an intervention). None where the event is no such force."""
    if protest.event_type != "Protests" or ev.event_type not in ("Strategic developments", "Violence against civilians"):
        return None
    first, last = min(ev.sentences), max(protest.sentences)
    if not (min(protest.sentences) <= first <= last + 1) or ctx.sentences[first].paragraph != \
            ctx.sentences[last].paragraph or _another_incident(ctx, ev) or countries_clash(protest, ev, index):
        return None
    if ev.event_date != protest.event_date or (ev.location and protest.location and ev.location != protest.location):
        return None
    if ev.inter1 not in (None, "State forces") or (ev.actor1 is not None and ev.inter1 is None):
        return None
    if ev.actor2 is not None and not ev.actor2.startswith(_CROWD_OR_NO_ONE):
        return None  # (a named leader's arrest is a development of its own)
    if not _crowd_undergoes(ctx, ev) or _CHARGED.search(" ".join(ctx.sentences[i].text for i in ev.sentences)):
        # ("He was arrested in a graft case": the arrest a protest is against; "arrested eight people for theft")
        return None
    act, demo = token_at(ctx.doc, ev.trigger_start), token_at(ctx.doc, protest.trigger_start)
    if act is not None and demo is not None and any(a.i == demo.i for a in act.ancestors):
        return None  # (a harm the protest is over: "protests against an officer accused of assaulting 13 girls")
    if ev.sub_event_type == "Arrests":
        # (told after the protest: not "55 were held for joining the marches", ACLED's arrests)
        return "Protest with intervention" if first > min(protest.sentences) else None
    if ev.sub_event_type != "Attack":
        return None
    text = " ".join(ctx.sentences[i].text for i in ev.sentences)
    return "Excessive force against protesters" if _LETHAL_FORCE.search(text) else "Protest with intervention"


_CROWD_PATIENTS = frozenset("people person persons protester protesters demonstrator demonstrators marcher marchers "
                             "participant participants student students activist activists worker workers youth youths "
                             "them dozens hundreds scores several some many others resident residents villager "
                             "villagers man men woman women supporter supporters".split())


# arrests told with a charge of their own are of crimes, no force on a protest
_CHARGED = re.compile(r"\b(?:for|over)\s+(?:alleged\s+)?(?:theft|robbery|robberies|murder|fraud|drug\w*|trafficking|"
                      r"smuggling|kidnapping|rape|burglary)\b|\bon\s+charges?\b|\bin\s+connection\s+with\b", re.I)
_SUSPECTS = frozenset("suspect suspects robber robbers thief thieves criminal criminals bandit bandits".split())


def _crowd_undergoes(ctx: Context, ev: Event) -> bool:
    """The arrested or harmed of the event are a crowd or people no name singles out ("Eight people were
    detained", "beat several of them", "shot one man dead"), not one person told of ("He was arrested")."""
    tok = token_at(ctx.doc, ev.trigger_start)
    if tok is None:
        return False
    verbs = [tok] + [c for c in tok.children if c.dep_ == "conj" and c.pos_ == "VERB"]
    patients = [c for v in verbs for c in v.children if c.dep_ in ("dobj", "nsubjpass")]
    return any((p.lower_ in _CROWD_PATIENTS or p.lemma_.lower() in _CROWD_PATIENTS or any(
        c.dep_ == "nummod" for c in p.children)) and p.lower_ not in _SUSPECTS and p.lemma_.lower() not in _SUSPECTS
        for p in patients)


_LETHAL_FORCE = re.compile(r"\b(?:kill\w*|shot|shoot\w*|dead|died|live\s+(?:rounds|ammunition|fire)|bullets?|"
                           r"gunfire|gunshots?)\b", re.I)
# how far ACLED's sub-event types of a protest rank (a protest keeps the gravest force told of it)
_PROTEST_RANK = {"Peaceful protest": 0, "Protest with intervention": 1, "Excessive force against protesters": 2}


def _force_on_protests(ctx: Context, clusters: list[Event], index: SentenceIndex) -> list[Event]:
    """ACLED codes the arrests and the harm the state's forces do to a protest's crowd as the protest's, one
    event ("Police dispersed the protesters with water cannon. Eight people were detained" is no second event of
    arrests; "Police killed three people as they fired on residents protesting" no attack apart)."""
    out: list[Event] = []
    protests = [p for p in clusters if p.event_type == "Protests"]  # (hosts only: a protest joins no other)
    for ev in clusters:
        host, sub = None, None
        for p in protests if ev.event_type != "Protests" else ():
            if (sub := _force_on_protest(ctx, p, ev, index)) is not None:
                host = p
                break
        if host is None:
            out.append(ev)
            continue
        police, police_inter = ev.actor1, ev.inter1
        ev.actor1 = ev.actor2 = None
        ev.assoc_actor_1, ev.assoc_actor_2 = [], []
        absorb(host, ev, index)
        if _PROTEST_RANK.get(sub, 0) > _PROTEST_RANK.get(host.sub_event_type, 0):
            host.sub_event_type = sub
            host.disorder_type, host.plover = disorder_type(sub), PLOVER.get(sub)
        if host.actor2 is None and police is not None:
            host.actor2, host.inter2 = police, police_inter
    return out


def _looters_of(looting: Event, riot: Event) -> bool:
    """Whether the looting is told of the riot's crowd: by its rioters, by protesters or by no one named
    (not by an armed group, whose looting is its own event)."""
    return looting.actor1 is None or looting.actor1 == riot.actor1 or looting.actor1.startswith(("Rioters", "Protesters"))


def _riots_looting(clusters: list[Event], index: SentenceIndex) -> list[Event]:
    """Looting told in a riot's own sentences, by its rioters or by no one named, is the riot's violence
    (ACLED codes a riot's looting in the riot): one Riots event."""
    riots = [c for c in clusters if c.event_type == "Riots"]
    if not riots:
        return clusters
    out = []
    for c in clusters:
        host = None
        if c.sub_event_type == "Looting/property destruction":
            host = next((r for r in riots if set(c.sentences) <= set(r.sentences) and _looters_of(c, r)), None)
        if host is None:
            out.append(c)
        else:
            absorb(host, c, index)
    return out


# a trigger that tells only the toll of an act ("killing five militants", "one person was killed")
_CASUALTY_TRIGGER = re.compile(r"^(?:kill|injur|wound|die|dead|death|hurt|slain)", re.I)
_ARMED_TYPES = frozenset({"Battles", "Explosions/Remote violence"})


def _join_casualties(ctx: Context, clusters: list[Event], index: SentenceIndex) -> list[Event]:
    """The toll told with a clash, a strike, a bomb or a riot is that event's, though its own verb typed it
    apart: "troops repelled the attack, killing five militants and injuring six" (an attack on civilians by
    the injuring), "a grenade was thrown into a shop. One person was killed" (a killing of its own),
    "Rioters stoned the police. Police intervened, killing two." A casualty event joins the event of its
    sentence or the one just before in its paragraph (_toll_of_armed_event, _toll_of_riot)."""
    out: list[Event] = []
    for ev in clusters:
        host = out[-1] if out else None
        update = host is not None and _toll_update(ctx, host, ev, index)
        if update:
            ev.own_act = False  # (the day the toll is told again is no later day of the act)
        if host is not None and (update or _told_beside(ctx, host, ev, index, clusters) and not _later_act(host, ev) and (
                _toll_of_armed_event(ctx, host, ev) or _toll_of_riot(ctx, host, ev))):
            if host.actor2:  # (the host keeps its sides: the toll's victims and killers are among them)
                ev.actor1 = ev.actor2 = None
                ev.assoc_actor_1, ev.assoc_actor_2 = [], []
            elif host.event_type == "Battles":
                # (a clash's sides are its fighters: not a stand-in for a side no word names, nor the civilians
                # among its dead)
                if ev.actor1 and (ev.inter1 == "Civilians" or not _said(ctx, ev, ev.actor1)):
                    ev.actor1, ev.inter1 = None, None
                if ev.actor2 and (ev.inter2 == "Civilians" or not _said(ctx, ev, ev.actor2)):
                    ev.actor2, ev.inter2 = None, None
            absorb(host, ev, index)
            continue
        out.append(ev)
    return out


# a toll told again, risen ("the toll from the blast rose to eleven", "the count of dead has since climbed to
# 12") or grown by the wounded who died ("two of the wounded later died")
_TOLL_RISEN = re.compile(r"\b(?:death\s+toll|toll|number\s+of\s+(?:the\s+)?(?:dead|deaths|people\s+killed|fatalities))\b"
                         r"[^.;]{0,80}?\b(?:rose|risen|rises|climbed|climbs|increased|jumped|reached)\b"
                         r"|\b(?:of\s+the\s+)?(?:wounded|injured)\s+(?:later\s+)?(?:died|succumbed)\b", re.I)
# how many sentences after its event a risen toll may be told, across paragraphs
TOLL_UPDATE_GAP = 3


def _toll_update(ctx: Context, host: Event, ev: Event, index: SentenceIndex) -> bool:
    """A later sentence telling the violent event's toll risen, with no killer of its own ("On Thursday the toll
    of the market blast rose to eleven as two of the wounded died"): the event's toll, though told in another
    paragraph or on a later day."""
    # (the host may hold later mentions of itself: "Tuesday's bombing" in the update's own sentence)
    first = min(ev.sentences)
    return min(host.sentences) < first <= max(host.sentences) + TOLL_UPDATE_GAP and host.event_type in VIOLENT_TYPES \
        and ev.event_type in VIOLENT_TYPES - {"Riots"} and _killer_unsaid(ctx, ev) \
        and _TOLL_RISEN.search(ctx.sentences[first].text) is not None \
        and not _another_incident(ctx, ev) and not countries_clash(host, ev, index)


def _told_beside(ctx: Context, host: Event, ev: Event, index: SentenceIndex, clusters: list[Event] = ()) -> bool:
    """The event is told in the host's last sentence or the next one of its paragraph, as no incident of its
    own and in no other country; a toll no killer is named for may come a sentence later that tells no event
    ("Rebels took the town after a fight with the army. They now hold its mines. Nine villagers died, residents
    said")."""
    first = min(ev.sentences)
    # (the host's sentence the toll follows: a host may also hold a later mention of itself, "the fighting")
    last = max((i for i in host.sentences if i <= first), default=max(host.sentences))
    gap = first - last
    if gap == 2 and _killer_unsaid(ctx, ev) and not any(
            last < i < first for c in clusters if c is not host and c is not ev for i in c.sentences):
        gap = 1
    if not (0 <= gap <= 1) or _another_incident(ctx, ev) or countries_clash(host, ev, index):
        return False
    return ctx.sentences[first].paragraph == ctx.sentences[last].paragraph or _toll_paragraph(ctx, host, ev, index)


def _toll_paragraph(ctx: Context, host: Event, ev: Event, index: SentenceIndex) -> bool:
    """A paragraph of its own opening on the toll of the act the paragraph before closed on, naming no killer and
    no place of its own (wire stories give each sentence a paragraph: "Troops shelled the village on Monday. ¶
    Four people were killed, the governor said")."""
    first = min(ev.sentences)
    prev = ctx.sentences[first - 1] if first > 0 else None
    if prev is None or prev.paragraph == ctx.sentences[first].paragraph or not _killer_unsaid(ctx, ev):
        return False
    own = index.places.get(first, set())
    return not own or own <= ({host.location} if host.location else set())


def _toll_of_armed_event(ctx: Context, host: Event, ev: Event) -> bool:
    """A killing or wounding told with a clash, a strike or a bomb that names no one the host does not: its
    killer is one of the host's sides or no one its words name ("police traded fire with robbers ... one
    robber died")."""
    named = set().union(*sides(host))
    unsaid = _killer_unsaid(ctx, ev)
    told = set().union(*sides(ev))
    if unsaid and host.actor2 is None:
        # the dead or wounded of a host that names no target are its target ("an IED planted by the group
        # went off. The blast killed a soldier")
        told.discard(ev.actor1)
        told.discard(ev.actor2)
    if ev.event_type == "Explosions/Remote violence" != host.event_type and not unsaid \
            and not set(ev.sentences) & set(host.sentences):
        # "Militants killed six soldiers in an ambush. The army said it killed 20 militants in air strikes": a
        # strike its own sentence gives a striker is an act of its own, not the clash's toll
        return False
    return _CASUALTY_TRIGGER.match(ev.trigger or "") is not None and host.event_type in _ARMED_TYPES \
        and ev.event_type in VIOLENT_TYPES - {"Riots"} and (ev.event_type != host.event_type or unsaid) \
        and (unsaid or ev.actor1 in named) and not _conflict(named, told)


def _killer_unsaid(ctx: Context, ev: Event) -> bool:
    """Whether the event has no killer its words name (none, or the roles stage's stand-in)."""
    return ev.actor1 is None or not _said(ctx, ev, ev.actor1)


def _said(ctx: Context, ev: Event, name: str) -> bool:
    """Whether words of the event's sentences name the actor: not so the roles stage's stand-in for a side no
    one names (an unidentified armed group for the killer of an attack, civilians for its victims)."""
    spans = [(ctx.sentences[i].start, ctx.sentences[i].end) for i in set(ev.sentences)]
    return any(a.name == name and any(x <= a.start < y for x, y in spans) for a in ctx.actors)


def _toll_of_riot(ctx: Context, host: Event, ev: Event) -> bool:
    """The force a riot met (its other side, or the state's forces where it has none), killing, shooting or
    wounding the crowd or no one named, not told as the riot's cause; or, where the riot is a mob's or a fight
    between crowds, a killing no word gives a killer: ACLED codes the riot with its dead."""
    named = set().union(*sides(host))
    if host.event_type != "Riots" or _RIOT_TOLL_TRIGGER.match(ev.trigger or "") is None \
            or ev.event_type not in ("Violence against civilians", "Battles") or _told_as_cause(ctx, ev) \
            or not (ev.actor2 is None or ev.actor2 in named or ev.actor2.startswith(_CROWD_NAMES)):
        return False
    if ev.inter1 == "State forces" and (host.actor2 is None or ev.actor1 == host.actor2):
        return True
    if ev.actor2 is not None and ev.actor2 == host.actor2 and ev.inter2 == "State forces" and _killer_unsaid(ctx, ev):
        return True  # "Several officers were injured": the forces the riot met, hurt by no one else named
    # a toll whose killer no word names is the crowd's own where the riot is a mob's or a fight between
    # crowds ("two clans fought over farmland. One killed, three injured"); not where the state's forces
    # met it, nor an attack by a group no word calls a mob, where ACLED often codes the killing apart
    unsaid = _killer_unsaid(ctx, ev)
    if unsaid and _HURT_TRIGGER.match(ev.trigger or "") and not _killed_in(ctx, ev) \
            and "State forces" in (host.inter1, host.inter2) and (ev.actor2 is None or ev.actor2.startswith(_CROWD_NAMES)):
        # "Marchers fought the police. Thirty of them were hurt": the riot's hurt, no attack of its
        # own (ACLED counts no injuries; a killing by no one named may be coded apart)
        return True
    return _CASUALTY_TRIGGER.match(ev.trigger or "") is not None and unsaid \
        and "State forces" not in (host.inter1, host.inter2) and _mob_or_fight(ctx, host)


_HURT_TRIGGER = re.compile(r"^(?:injur|wound|hurt)", re.I)


def _killed_in(ctx: Context, ev: Event) -> bool:
    """Whether the event's sentences tell of deaths."""
    return any(_DEATH_WORDS.search(ctx.sentences[i].text) for i in set(ev.sentences))


_DEATH_WORDS = re.compile(r"\b(?:kill\w*|dead|died|dies|death|deaths|slain|fatal\w*)\b", re.I)


_FIGHT_LEMMAS = frozenset("clash scuffle fight brawl skirmish".split())
_MOB = re.compile(r"\bmobs?\b", re.I)


def _mob_or_fight(ctx: Context, host: Event) -> bool:
    """A riot told as a mob's ("a mob", "mobs") or as a fight ("two groups clashed", "a scuffle")."""
    tok = token_at(ctx.doc, host.trigger_start)
    return tok is not None and tok.lemma_.lower() in _FIGHT_LEMMAS \
        or any(_MOB.search(ctx.sentences[i].text) for i in set(host.sentences))


def _told_as_cause(ctx: Context, ev: Event) -> bool:
    """Whether the event's verb is in a clause of what came before ("rioted after three traders were shot
    by the police"): the riot's cause, not its toll."""
    tok = token_at(ctx.doc, ev.trigger_start)
    return tok is not None and any(c.dep_ == "mark" and c.lower_ in ("after", "because", "since", "following")
                                   for c in tok.children)


# what the force a riot met did to the crowd: its toll, or its fire
_RIOT_TOLL_TRIGGER = re.compile(r"^(?:kill|injur|wound|die|dead|death|hurt|slain|shot|shoot|fire|open)", re.I)
_CROWD_NAMES = ("Civilians", "Rioters", "Protesters")


@lru_cache(maxsize=1)
def _countryless_generics() -> dict[str, str]:
    """'Protesters' -> 'protesters': generic names given when the actor's country was unknown."""
    from ..resources.actors import GENERIC_KINDS, generic_actor

    # "Unidentified Military Forces" is ACLED's name for forces of unknown nationality: keep it
    return {generic_actor(kind, None)[0]: kind for kind in GENERIC_KINDS if kind not in ("military", "police", "prison")}


def name_generics_by_place(ctx: Context, ev: Event) -> None:
    """A generic actor takes the event's country ("Protesters" -> "Protesters (Chile)"): before the
    event was located, its country was only the document's best guess."""
    if not ev.iso3:
        return
    from ..resources.actors import generic_actor

    kinds = _countryless_generics()
    # (not a mention whose country its words gave: "killed nine Palestinians", "Pakistan said its forces")
    owned = {a.name for a in ctx.actors if a.owned}

    def fix(name):
        if not name or name in owned:
            return name
        bare = name.split(" (", 1)[0] if name.endswith(")") else name
        kind = kinds.get(bare)
        if kind == "militia" and bare != name:
            return name  # a community's militia is of its own country ("Ugandan raiders")
        return generic_actor(kind, ev.iso3, ctx.published)[0] if kind else name

    ev.actor1, ev.actor2 = fix(ev.actor1), fix(ev.actor2)
    ev.assoc_actor_1 = [fix(n) for n in ev.assoc_actor_1]
    ev.assoc_actor_2 = [fix(n) for n in ev.assoc_actor_2]


# the arrested named as armed men besides ARMED_WORDS (no civilians; the roles stage names their group where a word does)
_ARMED_ARRESTED = frozenset("pirate pirates mutineer mutineers smuggler smugglers trafficker traffickers gang gangs "
                            "gangster gangsters cartel general generals colonel colonels".split())


def name_second_parties(ctx: Context, ev: Event) -> None:
    """ACLED's agreements and arrests have two sides: an agreement's second party told beside the first ("the
    government and the ELN signed a ceasefire") or after it ("fighters gave themselves up to Afghan troops") is
    actor2, and people arrested whom no group names are civilians ("police arrested an opposition leader")."""
    if ev.actor2 or ev.assoc_actor_2 or not ev.actor1:
        return
    if ev.sub_event_type == "Agreement":
        if ev.assoc_actor_1:
            ev.actor2 = ev.assoc_actor_1.pop(0)
        else:
            spans = [(ctx.sentences[i].start, ctx.sentences[i].end) for i in set(ev.sentences)]
            after = [a for a in ctx.actors if a.start > ev.trigger_start and a.name != ev.actor1
                     and any(x <= a.start < y for x, y in spans)]
            if not after:
                return
            ev.actor2 = min(after, key=lambda a: a.start).name
        ev.inter2 = next((a.inter for a in ctx.actors if a.name == ev.actor2), None)
    elif ev.sub_event_type == "Arrests" and ev.iso3:
        arrested = _arrested_words(ctx, ev)
        if arrested and not arrested & (ARMED_WORDS | _ARMED_ARRESTED):
            from ..resources.actors import generic_actor

            ev.actor2, ev.inter2 = generic_actor("civilians", ev.iso3, ctx.published)


def _arrested_words(ctx: Context, ev: Event) -> set[str]:
    """The words (and lemmas) of those an arrest took: its verb's object or its passive's subject, or "the arrest of"
    whom (none where the parse names no one)."""
    tok = token_at(ctx.doc, ev.trigger_start) if ctx.doc is not None else None
    if tok is None:
        return set()
    whom = [c for c in tok.children if c.dep_ in ("dobj", "nsubjpass")] if tok.pos_ == "VERB" else [
        g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    return {w for c in whom for t in c.subtree for w in (t.lower_, t.lemma_.lower())}


# ACLED's associated actors for the kind of people a crowd is ("Labour Group (Kenya)" beside "Protesters (Kenya)"),
# by the noun that names the crowd
CROWD_GROUPS = {
    "Labour Group": "worker workers employee employees labourer labourers laborer laborers staff staffers union unions "
                    "unionists miners dockworkers",
    "Teachers": "teacher teachers lecturers educators",
    "Students": "student students pupils",
    "Health Workers": "doctors nurses paramedics medics",
    "Journalists": "journalist journalists reporters",
    "Farmers": "farmer farmers peasants growers",
    "Women": "women",
    "Refugees/IDPs": "refugees idps",
    "Prisoners": "prisoners inmates",
    "Lawyers": "lawyers advocates",
    "Fishermen": "fishermen fishers",
}
_CROWD_GROUP_OF = {w: group for group, words in CROWD_GROUPS.items() for w in words.split()}
# the words before "workers" or "staff" that make them health workers ("health workers", "hospital staff")
_HEALTH_WORDS = frozenset("health medical hospital clinic healthcare".split())
# nouns of a number or a part of a crowd, whose "of" names it ("hundreds of teachers", "members of a union")
_CROWD_COUNT_NOUNS = frozenset("hundreds thousands dozens scores tens members group groups crowd crowds number some "
                               "many section sections body bodies".split())


def _crowd_heads(noun) -> list:
    """The nouns naming a crowd: the noun and those coordinated with it, or what a count of them is of."""
    heads = [noun, *noun.conjuncts]
    out = []
    for h in heads:
        if h.lemma_.lower() in _CROWD_COUNT_NOUNS or h.lower_ in _CROWD_COUNT_NOUNS or h.pos_ == "NUM":
            out += [g for c in h.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                    if g.dep_ == "pobj" for g in (g, *g.conjuncts)]
        else:
            out.append(h)
    return out


def _crowd_group(ctx: Context, nouns) -> str | None:
    """ACLED's group for the first of the crowd's nouns that names one; not the workers or members of an actor the
    text names ("BJP workers", "ANC members": a party's people, no labour group)."""
    for n in nouns:
        word = n.lower_
        if any(c.dep_ in ("compound", "poss") and any(a.start <= c.idx < a.end for a in ctx.actors)
               for c in n.children):
            continue
        if word in ("workers", "worker", "staff", "employees", "staffers") and any(
                c.dep_ in ("compound", "amod") and c.lower_ in _HEALTH_WORDS for c in n.children):
            return "Health Workers"
        if word in _CROWD_GROUP_OF:
            return _CROWD_GROUP_OF[word]
    return None


def name_crowd_groups(ctx: Context, ev: Event) -> None:
    """A demonstration's crowd told as a kind of people takes ACLED's group for them as its associate: "Hundreds of
    teachers marched" gives Teachers (X) beside Protesters (X); nurses or health workers, Health Workers; workers or a
    union, Labour Group. The crowd is the subject of the act (or the agent of a noun's, "a march by teachers"), or,
    where the force is the subject, those it acted on ("police dispersed striking workers")."""
    if ev.event_type not in ("Protests", "Riots") or not ev.actor1 or not ev.actor1.startswith(("Protesters", "Rioters")):
        return
    tok = token_at(ctx.doc, ev.trigger_start) if ctx.doc is not None else None
    if tok is None:
        return
    from .syntax import verb_of

    verb = verb_of(tok)
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    subjects += [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "by" for g in c.children if g.dep_ == "pobj"]
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    objects += [g for c in verb.children if c.dep_ == "prep" and c.lower_ in ("at", "on") for g in c.children
                if g.dep_ == "pobj"]
    group = _crowd_group(ctx, [h for s in subjects for h in _crowd_heads(s)]) \
        or _crowd_group(ctx, [h for o in objects for h in _crowd_heads(o)])
    country = ev.actor1[ev.actor1.find("("):] if ev.actor1.endswith(")") else ""
    name = f"{group} {country}".strip() if group else None
    if name and name not in ev.assoc_actor_1:
        ev.assoc_actor_1.append(name)


def name_dateline_forces(ctx: Context, ev: Event) -> None:
    """State forces no word gives a country ("security forces", "police") take the event's country where theirs
    came only from a dateline of another one: "DUBAI (Reuters) - Security forces fired on protesters in Zahedan"
    tells Iran's forces, not the United Arab Emirates'. Not where the text names their country otherwise."""
    if not ev.iso3 or ctx.doc is None:
        return
    line = _dateline_place(ctx, ctx.places)
    if line is None or line.iso3 == ev.iso3:
        return
    from ..resources.actors import generic_actor

    sentences = [ctx.sentences[i] for i in set(ev.sentences)]

    def told(a) -> bool:
        return any(s.start <= a.start < s.end for s in sentences)

    if any(p.iso3 == line.iso3 and p is not line for p in ctx.places) or any(
            a.country == line.iso3 and a.source != "generic" for a in ctx.actors):
        return  # (the text names the dateline's country beyond its town)

    def fix(name, inter):
        m = _FORCES_OF.match(name or "")
        if m and inter == "State forces" and country_iso3(m.group(2)) == line.iso3 \
                and all(a.source == "generic" for a in ctx.actors if a.name == name and told(a)):
            return generic_actor(m.group(1).lower(), ev.iso3, ctx.published)
        return name, inter

    ev.actor1, ev.inter1 = fix(ev.actor1, ev.inter1)
    ev.actor2, ev.inter2 = fix(ev.actor2, ev.inter2)
    ev.assoc_actor_1 = [fix(n, "State forces")[0] for n in ev.assoc_actor_1]
    ev.assoc_actor_2 = [fix(n, "State forces")[0] for n in ev.assoc_actor_2]


def name_air_defences(ctx: Context, ev: Event) -> None:
    """Air defences no word gives a country to are those of the country whose sky they defend, the event's:
    "A Ukrainian drone attack on Belgorod killed two. Air defences downed ten more drones over the region"
    tells Russia's air defences, not Ukraine's (the text's first country). But where officials the text calls
    Russian-installed tell it (Crimea, Donetsk, Sevastopol: Ukraine's by ACLED's country), Russia's; and never
    those of the country whose drones they downed ("Air defences shot down Ukrainian drones over Donetsk")."""
    if ev.sub_event_type != "Disrupted weapons use" or not ev.iso3 \
            or ev.inter1 not in ("State forces", "External/Other forces"):
        return
    sentences = [ctx.sentences[i] for i in set(ev.sentences)]

    def told(a) -> bool:
        return any(s.start <= a.start < s.end for s in sentences)

    # (the mentions as the actors stage named them: the roles stage may have given them the document's country)
    mine = [a for a in ctx.actors if told(a) and a.source == "generic" and not a.owned and AIR_DEFENCE_WORDS.match(a.text)]
    if not mine or any(a.name == ev.actor1 and a.start < ev.trigger_start for a in ctx.actors
                       if told(a) and a not in mine):
        return  # (actor1 is another doer's: "Russian forces")
    from ..resources.actors import generic_actor

    # whose the downed weapons were: a country's forces named in what the trigger brought down ("shot down Ukrainian
    # drones"), not a teller ("the Israeli military said")
    trig = token_at(ctx.doc, ev.trigger_start) if ctx.doc is not None else None
    downed = [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in (trig.children if trig is not None else ())
              if c.dep_ in ("dobj", "nsubjpass", "dep")]
    owners = {_forces_country(a.name) for a in ctx.actors if a not in mine and any(lo <= a.start < hi for lo, hi in downed)}
    owners.discard(None)
    # (and whose the defences are where a state's military or Russia's installed officials tell of them: "Air defences
    # intercepted a drone over the Golan Heights, the Israeli military said")
    tellers = {_forces_country(a.name) for a in ctx.actors if told(a) and a not in mine and is_speaker(ctx, a)}
    tellers.discard(None)
    installed = _installer(ctx.text)
    iso3 = installed or (next(iter(tellers)) if len(tellers) == 1 else ev.iso3)
    if iso3 in owners:
        ev.actor1, ev.inter1 = None, None  # (no one's defences are told: not those of the drones' country)
        return
    if _forces_country(ev.actor1) == iso3:
        return
    ev.actor1, ev.inter1 = generic_actor("military", iso3, ctx.published)
    if ev.actor2 == ev.actor1:
        ev.actor2, ev.inter2 = None, None
    if ev.actor2 is None and len(owners) == 1:
        # (the drones' country, which the roles stage dropped as the same side as the defences it had named)
        ev.actor2, ev.inter2 = generic_actor("military", next(iter(owners)), ctx.published)


# officials a state installed in land it holds ("Russian-installed", "Moscow-appointed"), who tell of its air defences
_INSTALLED_BY = re.compile(r"\b([A-Z][A-Za-z]+)-(?:installed|appointed)\b")


def _installer(text: str) -> str | None:
    """The state whose installed officials the text cites, by its demonym or its name or capital, else None."""
    from ..resources.actors import demonym_country, state_country

    m = _INSTALLED_BY.search(text)
    return None if m is None else demonym_country(m.group(1)) or state_country(m.group(1))


# A front's sides (data/zones.json `sides`) are read only for an event this near its line: further off it
# is no fight across the line
FRONT_SIDES_KM = 50.0
# nor nearer than this, where the line as drawn (through the towns along it) cannot tell which side holds
# the point: a clash then gets both sides in the order they are listed, a strike no shooter
FRONT_SIDE_MARGIN_KM = 2.0


def _unnamed(name: str | None, assoc: list[str]) -> bool:
    return (name is None or name.startswith("Unidentified")) and not assoc


def name_front_sides(ctx: Context, ev: Event) -> None:
    """A fight by a known front that the text leaves without sides takes the forces holding it
    (data/zones.json `sides`): a clash with no side named (or one) is between the two; a strike with no
    shooter named on one side's ground is the other side's fire. Needs the event's place, so it runs
    once the event is located."""
    if ev.event_type not in ("Battles", "Explosions/Remote violence"):
        return
    # (an event the text gives no place is the zone's when the text is about the zone: a clash there still
    # has its two sides, though which one's ground it was on is not known)
    located = ev.latitude is not None
    zone = next((z for z in ctx.zones if z.sides and (z.iso3 == ev.iso3 or not located and ev.iso3 is None)), None)
    when = ev.event_date or (ctx.published.isoformat() if ctx.published else None)
    if zone is None or when is None or (zone.sides_until and when[:10] > zone.sides_until):
        return
    from ..resources.actors import lookup_actor
    from ..resources.gazetteer import front_side

    km, side = front_side(zone, ev.latitude, ev.longitude) if located else (0.0, 0)
    if km > FRONT_SIDES_KM:
        return
    day = date.fromisoformat(when[:10])
    forces = [lookup_actor(name, zone.iso3, day) for name in zone.sides]
    if len(forces) != 2 or None in forces:
        return
    known = located and km >= FRONT_SIDE_MARGIN_KM
    own, across = forces[side], forces[1 - side]
    free1, free2 = _unnamed(ev.actor1, ev.assoc_actor_1), _unnamed(ev.actor2, ev.assoc_actor_2)
    if ev.event_type == "Battles":
        names = [f[0] for f in forces]
        if free1 and free2:
            first, second = (across, own) if known else forces
        elif free1 != free2 and (named := ev.actor2 if free1 else ev.actor1) in names:
            # one side named, one of the two: the other is the other force, each on its own side of the event
            k = names.index(named)
            first, second = (forces[1 - k], forces[k]) if free1 else (forces[k], forces[1 - k])
        else:
            return
        ev.actor1, ev.inter1, ev.actor2, ev.inter2 = first[0], first[1], second[0], second[1]
    elif free1 and ev.actor2 is None and known:
        ev.actor1, ev.inter1 = across[0], across[1]


def name_unknown_sides(ctx: Context, ev: Event) -> None:
    """ACLED codes a clash that no word of the text gives a side ("heavy exchanges of fire were reported in
    Kelmo") as one between two unidentified armed groups (the codebook's name for an unknown perpetrator, on
    each side). Left to the end, once the merge has joined the event's mentions and a known front has given
    its sides. A clash with a second side and no first has an unidentified armed group for it ("Fighters from Arab
    tribes attacked SDF positions")."""
    if ev.event_type != "Battles" or ev.actor1 or ev.assoc_actor_1:
        return
    from ..resources.actors import generic_actor

    name, inter = generic_actor("unidentified", ev.iso3, ctx.published)
    if ev.actor2 or ev.assoc_actor_2:
        ev.actor1, ev.inter1 = name, inter
        return
    ev.actor1 = ev.actor2 = name
    ev.inter1 = ev.inter2 = inter


# The countries whose unknown killers ACLED names as a gang ("Unidentified Gang (Mexico)") where the
# violence bears organised crime's marks, and as an unidentified armed group where it does not: Mexico and
# Brazil. In acled-dev's other countries with gang rows (Central America, the Caribbean, Puerto Rico) the
# rows with the marks name a gang 10 times and an armed group 11 times (6 of them Puerto Rico's): naming
# a gang there gained 3 actor items and lost 5 (run s56a of session 56), and they are left as they are.
GANG_COUNTRIES = frozenset({"MEX", "BRA"})
# Organised crime's marks on a killing: a drive-by shooting, victims bound, beheaded, dismembered or
# executed, a burned body, or the text's own word for the trade (gangs, criminal groups, drug dealing).
# Read from acled-dev: the Mexican rows with an unknown perpetrator and one of these marks name a gang 103
# times and an armed group 4 times, those without, 14 and 113 times; the Brazilian rows with a mark never
# name the armed group (97 rows), those without, 56 times of 106. ("Torture", "plastic bags" and
# threatening messages fall on both sides, and are no marks here.)
_CRIME_MARKS = re.compile(
    r"\bdrive[- ]by\b|\b(?:tied|bound|handcuffed|blindfolded)\b|\bbehead|\bdecapitat|\bhuman (?:heads?|remains)\b"
    r"|\bheads? (?:was|were) found\b|\bmutilat|\bdismember|\bcoup de gr[aâ]ce\b|\bexecut(?:ed|ion)\b"
    r"|\bburned (?:body|bodies|remains)\b|\bbod(?:y|ies) (?:was|were) burned\b|\bnarco|\bdrug[- ]?(?:deal|traffick)"
    r"|\bgang(?:s|sters?)?\b|\bcriminal (?:groups?|gangs?|cells?|organi[sz]ations?)\b", re.I)
# Brazil's marked killers are most often ACLED's "Unidentified Gang and/or Police Militia" (71 of the 97
# rows; Rio's police militias kill so too), whether or not the text names the trade
BRAZIL_MARKED_KILLERS = "Unidentified Gang and/or Police Militia"


def name_unknown_gangs(ctx: Context, ev: Event) -> None:
    """An unidentified armed group of a country where ACLED tells gangs apart (GANG_COUNTRIES) is an
    unidentified gang when the event's paragraph bears organised crime's marks ("shot from a passing car
    in a drive-by", "found with their hands tied"); in Brazil, ACLED's "Unidentified Gang and/or Police
    Militia". Needs the event's country, so it runs once the event is located."""
    if ev.iso3 not in GANG_COUNTRIES:
        return
    from ..resources.actors import generic_actor

    unknown = generic_actor("unidentified", ev.iso3, ctx.published)[0]
    if unknown not in (ev.actor1, ev.actor2):
        return
    if not _CRIME_MARKS.search(_paragraph_text(ctx, ev)):
        return
    gang = _brazil_gang_or_militia(ctx) if ev.iso3 == "BRA" else generic_actor("gang", ev.iso3, ctx.published)
    _rename_side(ev, lambda n: n == unknown, lambda n: gang)


def _brazil_gang_or_militia(ctx: Context) -> tuple[str, str]:
    """ACLED's "Unidentified Gang and/or Police Militia", with its inter."""
    from ..resources.actors import generic_actor, lookup_actor

    found = lookup_actor(BRAZIL_MARKED_KILLERS, "BRA")
    return found[:2] if found else generic_actor("gang", "BRA", ctx.published)


def _rename_side(ev: Event, which, new) -> None:
    """Give each side `which` picks the (name, inter) `new` makes of its name."""
    if ev.actor1 and which(ev.actor1):
        ev.actor1, ev.inter1 = new(ev.actor1)
    if ev.actor2 and which(ev.actor2):
        ev.actor2, ev.inter2 = new(ev.actor2)


# A victim the text tells was in the trade ("facing charges against him for extortion", "an alleged drug
# dealer", "a suspected member of the cartel"): in acled-dev's Mexican and Brazilian rows
# whose note says so, ACLED codes a clash with the victim's gang 20 times and an attack on a civilian 4
# times (`scratch/crimvictim.py` in session 56's notes)
_CRIMINAL_VICTIM = re.compile(
    r"\bcharges against (?:him|her|them)\b|\b(?:victim|man|woman|men|women)s? (?:was|were|had been|had) "
    r"(?:involved in|convicted|a member|members|a criminal|links)\b|\b(?:alleged|suspected|reputed|known) "
    r"(?:drug[- ]?dealers?|drug[- ]?traffickers?|members? of|gang members?|traffickers?)\b|\bcriminal record\b", re.I)


def name_gang_victims(ctx: Context, ev: Event) -> None:
    """In a country where ACLED tells gangs apart (GANG_COUNTRIES), a killing whose victim the paragraph
    tells was in the trade is a clash with the victim's gang: "Unidentified Gang (Mexico)" takes the
    civilians' place, and the attack becomes an armed clash."""
    if ev.iso3 not in GANG_COUNTRIES or (ev.event_type, ev.sub_event_type) != ("Violence against civilians", "Attack") \
            or not (ev.actor2 or "").startswith("Civilians"):
        return
    if not _CRIMINAL_VICTIM.search(_paragraph_text(ctx, ev)):
        return
    from ..resources.actors import generic_actor
    from ..resources.taxonomy import set_sub_event_type

    set_sub_event_type(ev, "Armed clash")
    ev.actor2, ev.inter2 = generic_actor("gang", ev.iso3, ctx.published)


# Raiders, rustlers and clans: armed men the text tells of only as livestock raiders, cattle rustlers, a clan
# at war or land invaders are ACLED's unidentified communal militia of their country (its "ethnic militia"
# in the names of the older data). In acled-dev, the rows whose first coded event names an unknown armed
# group in a text so worded have a militia of that kind in the gold 25 times, the armed group 15 and a named
# group 25 (`scratch/commsim.py` in session 57's notes, on run s57o); the name changes with the rows' years
# (ethnic up to 2015, communal from 2017). Bare "raiders" is left out: masked raiders are any gunmen. Herders
# told as the doers of an attack ("camel herders attacked three men") are such a militia too, not a mob.
_COMMUNAL_RAIDERS = re.compile(
    r"\b(?:rustl\w+|(?:cattle|livestock) (?:raid\w*|theft)|(?:cattle|ethnic|\w+(?:an|ese|i)) raiders|raiders (?:from|of)|clan (?:fight\w*|clash\w*|militia\w*)|rival clans|land invaders"
    r"|stole (?:\w+ )?(?:cattle|goats|camels|animals|livestock|cows)|ethnic (?:clash\w*|violence|fighting|raiders)"
    r"|community clashes|rival (?:ethnic groups|communities))\b", re.I)
_HERDERS = frozenset("herders herdsmen pastoralists".split())
# the families of the verbs herders who are the doers do (not "herders said", "herders grazing their cattle were
# attacked")
_HERDERS_ACTS = frozenset("KILL HARM ATTACK FIGHT ABDUCT LOOT GAIN".split())
ETHNIC_NAME_UNTIL = 2015


def name_communal_raiders(ctx: Context, ev: Event) -> None:
    """Unknown armed men in a paragraph of livestock raiders, rustlers or clans are an unidentified
    communal militia (ethnic militia before 2016) of its own country ("Ugandan raiders": Uganda's), else
    of the event's. Runs before the generic actors take the event's country."""
    from ..resources.actors import clan_countries, country_code, country_name

    names = [n for n in (ev.actor1, ev.actor2) if n and _UNKNOWN_GROUP.match(n)]
    if not names or not (_COMMUNAL_RAIDERS.search(_paragraph_text(ctx, ev)) or _herders_act(ctx, ev)):
        return
    year = int((ev.event_date or "9999")[:4])
    kind = "Ethnic" if year <= ETHNIC_NAME_UNTIL else "Communal"

    def militia(name):
        own = _UNKNOWN_GROUP.match(name).group(1)
        iso3 = country_code(own) if own else ev.iso3
        cname = country_name(iso3)
        named = "Clan" if iso3 in clan_countries() else kind  # ("Unidentified Clan Militia (Somalia)")
        return f"Unidentified {named} Militia ({cname})" if cname else f"Unidentified {kind} Militia"

    _rename_side(ev, lambda n: n in names, lambda n: (militia(n), "Identity militia"))


_UNKNOWN_GROUP = re.compile(r"^Unidentified Armed Group(?: \((.+)\))?$")


def _herders_act(ctx: Context, ev: Event) -> bool:
    """Herders told in the event's sentences as the doers of an act: the subject of an active verb ("camel herders
    attacked three men"; not a headline's "three herders killed near ..."), or its passive's agent ("hacked to
    death by herders")."""
    if ctx.doc is None:
        return False
    for i in set(ev.sentences):
        s = ctx.sentences[i]
        span = ctx.doc.char_span(s.start, s.end, alignment_mode="expand")
        for tok in span if span is not None else ():
            if tok.lower_ not in _HERDERS:
                continue
            head = tok.head
            if tok.dep_ == "nsubj" and head.pos_ == "VERB" and head.tag_ != "VBN" \
                    and _HERDERS_ACTS.intersection(families_by_lemma().get(head.lemma_.lower(), ())):
                return True
            if tok.dep_ == "pobj" and head.dep_ == "agent":
                return True
    return False


# Brazil's police and army fight gangs: in acled-dev's Brazilian rows, the side the state's forces clash with
# is a gang every time ACLED does not know which (51 rows: in the state of Rio de Janeiro, where police
# militias fight too, "Unidentified Gang and/or Police Militia" 23 times of 23; elsewhere "Unidentified Gang
# (Brazil)" 23 times and the "and/or" name 5), and the owner of the goods and labs they seize is a gang
# (21 rows of 23)
BRAZIL_MILITIA_STATES = frozenset({"Rio de Janeiro"})


def name_police_opponents(ctx: Context, ev: Event) -> None:
    """In Brazil, the unnamed side that the state's forces clash with ("suspects", "armed men", a man
    shot dead when he fired on a patrol) is a gang, and so is the owner of what they seize."""
    if ev.iso3 != "BRA" or ev.sub_event_type not in ("Armed clash", "Looting/property destruction"):
        return
    from ..resources.actors import generic_actor

    def state(name):
        return bool(name) and name.startswith(("Police Forces of Brazil", "Military Forces of Brazil"))

    unknown = generic_actor("unidentified", "BRA", ctx.published)[0]
    civilians = generic_actor("civilians", "BRA", ctx.published)[0]
    if not state(ev.actor1) and state(ev.actor2) and ev.actor1 in (None, unknown, civilians):
        ev.actor1, ev.inter1, ev.actor2, ev.inter2 = ev.actor2, ev.inter2, ev.actor1, ev.inter1
    # (with two of the state's forces named for one clash, the second is the police told again: "the
    # Military Police raided the favela ... police officers were shot at")
    if not state(ev.actor1) or ev.actor2 not in (None, unknown, civilians) and not (
            state(ev.actor2) and ev.sub_event_type == "Armed clash"):
        return
    if ev.sub_event_type == "Looting/property destruction":
        if ev.actor2 is None:
            ev.actor2, ev.inter2 = generic_actor("gang", "BRA", ctx.published)
        return
    ev.actor2, ev.inter2 = (_brazil_gang_or_militia(ctx) if ev.admin1 in BRAZIL_MILITIA_STATES
                            else generic_actor("gang", "BRA", ctx.published))


@stage("merge", requires=("events", "roles", "event_dates", "event_locations"), assigns=("merged",))
def make_merge(settings):
    def run(ctx: Context) -> None:
        ctx.events = merge_events(ctx)
        if ctx.events:
            ctx.events = split_listed_places(ctx, ctx.events, get_gazetteer(settings))
        for ev in ctx.events:
            name_communal_raiders(ctx, ev)
            name_generics_by_place(ctx, ev)
            name_dateline_forces(ctx, ev)
            name_air_defences(ctx, ev)
            name_second_parties(ctx, ev)
            name_crowd_groups(ctx, ev)
            name_front_sides(ctx, ev)
            name_unknown_sides(ctx, ev)
            name_unknown_gangs(ctx, ev)
            name_gang_victims(ctx, ev)
            name_police_opponents(ctx, ev)
            name_foreign_forces(ev)
            if ev.event_type == "Riots":
                # (a riot's crowd are its rioters: ACLED gives a riot no protesters beside them)
                ev.assoc_actor_1 = [n for n in ev.assoc_actor_1 if not n.startswith("Protesters")]
                ev.assoc_actor_2 = [n for n in ev.assoc_actor_2 if not n.startswith("Protesters")]
            # (a side's associated actors hold neither the side itself nor a name twice)
            ev.assoc_actor_1 = [n for n in dict.fromkeys(ev.assoc_actor_1) if n != ev.actor1]
            ev.assoc_actor_2 = [n for n in dict.fromkeys(ev.assoc_actor_2) if n != ev.actor2]

    return run


# a state's forces by ACLED's name: their kind and their country ("Police Forces of the United States (2021-)")
_FORCES_OF = re.compile(r"(Military|Police) Forces of (?:the )?(.+?)(?: \(|$)")


def _forces_country(name: str | None) -> str | None:
    """The country of a state's military by its name ("Military Forces of Israel (2022-)": ISR); the military only:
    a police force named for another country than its event's is mostly a misreading (Belfast's read as Ireland's)."""
    m = _FORCES_OF.match(name or "")
    return country_iso3(m.group(2)) if m and m.group(1) == "Military" else None


def name_foreign_forces(ev: Event) -> None:
    """A state's forces acting in another country are ACLED's external forces (inter "External/Other forces":
    Israel's in Lebanon or Gaza, Rwanda's in DR Congo), and territory they take is no government's regained."""
    if not ev.iso3:
        return
    foreign = False
    for side in (1, 2):
        name, inter = getattr(ev, f"actor{side}"), getattr(ev, f"inter{side}")
        country = _forces_country(name) if inter == "State forces" else None
        if country is not None and country != ev.iso3:
            setattr(ev, f"inter{side}", "External/Other forces")
            foreign = foreign or side == 1
    if foreign and ev.sub_event_type == "Government regains territory" and ev.inter2 == "State forces":
        # (taken from the country's own forces: "Russian troops captured the village from Ukrainian forces"; not
        # an ally retaking a town for the government, "Rwandan troops recaptured the town from insurgents")
        ev.sub_event_type = "Non-state actor overtakes territory"
