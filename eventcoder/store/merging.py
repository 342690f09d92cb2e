"""Merging across documents: when do two reports describe the same event, and what does the
merged event say. Pure functions over coded-event dicts (the contract's EVENT), so the rules are
tested without a database; the store calls them inside its transactions.

Two reports are one event when all of these hold:
- the same event type (Protests and Riots count as one: a protest that turns violent), and
  for strategic developments the same sub-type;
- dates within a day when both are known to the day, but the same day when both texts state
  it ("on Monday" in one, "yesterday" in the other: a day apart they are two events); periods
  that overlap when one is a week (±3 days) or a month (±15 days);
- places within 25 km, or the same admin1 of the same country when either is coded to a
  region (geo_precision 3);
- date and place hold against every report already merged (no chaining of near neighbours);
- compatible actors: when both name actors other than generic ones (civilians, protesters,
  rioters, unidentified groups), they share at least one, in whichever role;
- different documents, and no user split between them (`eventcoder events split`).

A report whose document copies another source's text (a wire story run by several outlets: the
same words, give or take a dateline, a headline or a paragraph) is the same source told again: it
counts once, with the document it copies, in `n_sources` and the confidence (`copies`,
`Member.copy_of`). Run on a later day, a copy's "yesterday" names another day than the text it
copies did: an event coded from the same words as an event of the copied text joins that event
whatever their dates (`same_mention`), if the rest holds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import date

from ..resources.taxonomy import disorder_type

MAX_KM = 25.0
DAY_TOLERANCE = {1: 1, 2: 3, 3: 15}
# a date window wide enough to find every candidate for any precision (SQL pre-filter)
WINDOW_DAYS = 2 * max(DAY_TOLERANCE.values()) + 1
GENERIC_PREFIXES = ("Unidentified", "Civilians", "Protesters", "Rioters", "Unknown")
DEMONSTRATIONS = frozenset({"Protests", "Riots"})
STATUS_ORDER = ("confirmed", "reported", "unconfirmed", "disputed", "denied")
# a copy: this share of the shorter text's runs of SHINGLE_WORDS words are in the other text
COPY_SHARE = 0.8
SHINGLE_WORDS = 5
# a report is looked for as a copy among the first reports of its event only (by publication): a wire
# story's copies copy its first tellings, and an event of hundreds of reports costs no more per report
COPY_LOOKBACK = 50
_WORD = re.compile(r"\w+")


@dataclass
class Member:
    """One coded event of one document, as a source of a merged event."""

    key: str  # "<document id>#<ordinal>"
    document_id: str
    event: dict
    source: str | None = None  # the outlet
    published: str | None = None
    date_stated: bool = False  # the text states the event's day (else it may be the publication day)
    copy_of: str | None = None  # the document whose text this member's document copies (its first report)

    @property
    def report(self) -> str:
        """The source this member counts as: its document, or the document it copies."""
        return self.copy_of or self.document_id


@dataclass
class Group:
    """A merged event's members, as the store loaded them."""

    id: int | None
    members: list[Member] = field(default_factory=list)


def family(ev: dict) -> str | None:
    t = ev.get("event_type")
    if t in DEMONSTRATIONS:
        return "demonstrations"
    if t == "Strategic developments":
        return f"strategic:{ev.get('sub_event_type')}"
    return t or None


def date_stated(coded: dict, ev: dict) -> bool:
    """Whether the document's text gives the event's day (a day-precision time mention with that
    value), rather than the coder falling back on the publication date."""
    return bool(dating_words(coded, ev))


def dating_words(coded: dict, ev: dict) -> set[str]:
    """The words of the document's day-precision time mentions that give the event's day ("yesterday",
    "on Monday"; lower case, one space apart)."""
    day = ev.get("event_date")
    if not day:
        return set()
    return {" ".join(str(t.get("text") or "").lower().split()) for t in coded.get("times") or []
            if t.get("value") == day and t.get("precision") == "day" and not t.get("duration")}


def _runs(words: list[str]) -> frozenset[int]:
    """Runs of SHINGLE_WORDS words, hashed (in-process hashes: compared within one process only)."""
    if len(words) < SHINGLE_WORDS:  # (a text too short for a run: its words, as one)
        return frozenset([hash(tuple(words))]) if words else frozenset()
    return frozenset(hash(tuple(words[i:i + SHINGLE_WORDS])) for i in range(len(words) - SHINGLE_WORDS + 1))


@dataclass(frozen=True)
class Text:
    """A document's text as copies are told by: its word runs, and its words (lower case, one space
    apart, with a space at each end)."""

    runs: frozenset[int]
    words: str

    @classmethod
    def of(cls, text: str) -> "Text":
        words = _WORD.findall(text.lower())
        return cls(_runs(words), " " + " ".join(words) + " ")

    def holds(self, passage: str) -> bool:
        """Whether these words are in the text, in a row."""
        words = _WORD.findall(passage.lower())
        return bool(words) and " " + " ".join(words) + " " in self.words


# a wire dateline opening a sentence: "GOMA, March 11 (Kelmo Wire) - ", "KELMORA (AP) — ": each outlet writes
# its own over the same story
_DATELINE = re.compile(r"^\s*[A-Z][A-Z .'-]{1,40}(?:,[^-–—\n]{0,50}?)?(?:\([^)\n]{1,40}\))?\s*(?:-{1,2}|–|—)\s+")


def told_words(evidence: dict) -> str:
    """An evidence sentence's words as the story tells them, without a dateline opening it."""
    return _DATELINE.sub("", evidence.get("text") or "", count=1)


def copied(ev: dict, mine: Text, other: Text) -> bool:
    """Whether an event's report copies another document's: the texts are copies (`copies`) and the
    words the event was coded from (but a dateline) are in the other text (three notes written to one
    pattern, each of its own town or day, are not copies of one another)."""
    return copies(mine.runs, other.runs) and all(other.holds(told_words(e)) for e in ev.get("evidence") or [])


def copies(a: frozenset[int], b: frozenset[int]) -> bool:
    """Whether one text copies the other: at least COPY_SHARE of the shorter one's word runs are in the
    longer (a copy under another headline, with a dateline or a paragraph more, is still a copy; two
    reports of one clash in their own words share a quote or two)."""
    if not a or not b:
        return False
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return len(small & large) >= COPY_SHARE * len(small)


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine, mean Earth radius 6371 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(a)))


def day_of(value) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10])
    except (TypeError, ValueError):
        return None


def dates_match(a: dict, b: dict, stated: tuple[bool, bool] = (False, False)) -> bool:
    """Within a day when both days are known (the same day when both texts state it); else each
    side's period (±3 days for a week, ±15 for a month, around its middle day) must overlap."""
    da, db = day_of(a.get("event_date")), day_of(b.get("event_date"))
    if da is None or db is None:
        return False
    pa, pb = a.get("time_precision") or 1, b.get("time_precision") or 1
    if pa == 1 and pb == 1:
        return abs((da - db).days) <= (0 if all(stated) else DAY_TOLERANCE[1])
    # a day's own tolerance does not widen a period's: only the coarser sides count
    slack = sum(DAY_TOLERANCE.get(p, DAY_TOLERANCE[3]) for p in (pa, pb) if p > 1)
    return abs((da - db).days) <= slack


def distance(a: dict, b: dict) -> float | None:
    if None in (a.get("latitude"), a.get("longitude"), b.get("latitude"), b.get("longitude")):
        return None
    return km(a["latitude"], a["longitude"], b["latitude"], b["longitude"])


def places_match(a: dict, b: dict) -> bool:
    if a.get("iso3") and b.get("iso3") and a["iso3"] != b["iso3"]:
        return False
    d = distance(a, b)
    if d is not None and d <= MAX_KM:
        return True
    coarse = (a.get("geo_precision") or 3) >= 3 or (b.get("geo_precision") or 3) >= 3 or d is None
    return bool(coarse and a.get("iso3") and a.get("iso3") == b.get("iso3")
                and a.get("admin1") and a.get("admin1") == b.get("admin1"))


def _base(name: str) -> str:
    """An actor's name without its qualifier: "Islamic State (West Africa)" and "Military Forces
    of Nigeria (2023-)" compare as "Islamic State" and "Military Forces of Nigeria" (a branch or a
    period of one actor is still that actor)."""
    return name.split(" (", 1)[0].strip() if name.endswith(")") else name


def _named(names) -> set[str]:
    return {_base(n) for n in names if n and not n.startswith(GENERIC_PREFIXES)}


def sides(ev: dict) -> tuple[set[str], set[str]]:
    """The named (not generic) actors on each side of an event."""
    return (_named([ev.get("actor1"), *(ev.get("assoc_actor_1") or [])]),
            _named([ev.get("actor2"), *(ev.get("assoc_actor_2") or [])]))


def named_actors(ev: dict) -> set[str]:
    a, b = sides(ev)
    return a | b


def _side_clash(x: set[str], y: set[str]) -> bool:
    return bool(x and y and not (x & y))


def actors_match(a: dict, b: dict) -> bool:
    """Compatible sides: as told, or with the roles swapped (one outlet's attacker is another's
    target in a clash), no side names actors that the other report's same side does not."""
    (a1, a2), (b1, b2) = sides(a), sides(b)
    straight = not (_side_clash(a1, b1) or _side_clash(a2, b2))
    swapped = not (_side_clash(a1, b2) or _side_clash(a2, b1))
    return straight or swapped


def score(ev: dict, key: str, document_id: str, group: Group, blocked: set[tuple[str, str]],
          stated: bool = False, dated: bool = True) -> float | None:
    """How well `ev` fits `group` (higher is better), or None when it cannot be the same event
    (`dated=False`: whatever the dates)."""
    if not group.members:
        return None
    if any(m.document_id == document_id for m in group.members):
        return None  # one document's events were already merged by the pipeline
    if any((key, m.key) in blocked or (m.key, key) in blocked for m in group.members):
        return None
    rep = representative(group.members).event
    if family(ev) is None or family(ev) != family(rep):
        return None
    if dated and not all(dates_match(ev, m.event, (stated, m.date_stated)) for m in group.members):
        return None
    if not all(places_match(ev, m.event) for m in group.members):
        return None
    if not all(actors_match(ev, m.event) for m in group.members):
        return None
    mine = named_actors(ev)
    theirs = set().union(*(named_actors(m.event) for m in group.members))
    s = 1.0
    s += 2.0 * (ev.get("sub_event_type") == rep.get("sub_event_type"))
    s += 1.0 * (ev.get("event_type") == rep.get("event_type"))
    s += 1.0 * len(mine & theirs)
    s += 1.0 * (ev.get("event_date") == rep.get("event_date"))
    d = distance(ev, rep)
    if d is not None:
        s += max(0.0, 1.0 - d / MAX_KM)
    return s


def best_group(ev: dict, key: str, document_id: str, groups: list[Group],
               blocked: set[tuple[str, str]], stated: bool = False) -> Group | None:
    best, best_score = None, None
    for g in groups:
        s = score(ev, key, document_id, g, blocked, stated)
        if s is not None and (best_score is None or s > best_score):
            best, best_score = g, s
    return best


def same_mention(a: dict, b: dict) -> bool:
    """Whether two coded events were coded from the same words (their evidence sentences, but a dateline;
    punctuation and spacing aside), as the events of a text and of its copy are."""
    told = [_WORD.findall(told_words(e).lower()) for e in a.get("evidence") or []]
    return bool(told) and told == [_WORD.findall(told_words(e).lower()) for e in b.get("evidence") or []]


def representative(members: list[Member]) -> Member:
    """The most precise report: finest place, then finest date, then the most confident, then one
    that copies no other's text, then the first."""
    def rank(m: Member):
        e = m.event
        return (e.get("geo_precision") or 9, e.get("time_precision") or 9, -(e.get("confidence") or 0.0),
                m.copy_of is not None, m.published or "9999", m.key)
    return min(members, key=rank)


def combine(members: list[Member]) -> dict:
    """The merged event's fields from its sources (ACLED: the lowest credible fatality figure)."""
    rep = representative(members)
    votes: dict[tuple[str, str], float] = {}
    for m in members:
        k = (m.event.get("event_type"), m.event.get("sub_event_type"))
        votes[k] = votes.get(k, 0.0) + (m.event.get("confidence") or 0.5)
    top = max(votes.values())
    rep_kind = (rep.event.get("event_type"), rep.event.get("sub_event_type"))
    kind = rep_kind if votes.get(rep_kind) == top else max(votes, key=votes.get)
    typed = rep if kind == rep_kind else next(m for m in members if
                                             (m.event.get("event_type"), m.event.get("sub_event_type")) == kind)
    e, t = rep.event, typed.event
    figures = [m.event.get("fatalities") or 0 for m in members if m.event.get("fatality_claims")]
    fatalities = min(figures) if figures else max((m.event.get("fatalities") or 0) for m in members)
    statuses = [m.event.get("status") or "reported" for m in members]
    status = "confirmed" if "confirmed" in statuses else (e.get("status") or "reported")
    # (each source once: the copies of a text add nothing to how sure the dataset is of the event)
    sure: dict[str, float] = {}
    for m in members:
        sure[m.report] = max(sure.get(m.report, 0.0), min(0.99, max(0.0, m.event.get("confidence") or 0.0)))
    miss = 1.0
    for value in sure.values():
        miss *= 1.0 - value
    outlets: list[str] = []
    for m in sorted(members, key=lambda m: (m.published or "9999", m.key)):
        name = m.source or m.document_id
        if name not in outlets:
            outlets.append(name)
    return {
        "event_date": e.get("event_date"), "date_end": e.get("date_end"), "time_precision": e.get("time_precision"),
        "event_type": kind[0], "sub_event_type": kind[1],
        "disorder_type": disorder_type(kind[1]) if kind[1] else t.get("disorder_type"),
        "actor1": t.get("actor1"), "actor2": t.get("actor2"),
        "assoc_actor_1": "; ".join(t.get("assoc_actor_1") or []) or None,
        "assoc_actor_2": "; ".join(t.get("assoc_actor_2") or []) or None,
        "inter1": t.get("inter1"), "inter2": t.get("inter2"),
        "country": e.get("country"), "iso3": e.get("iso3"), "admin1": e.get("admin1"), "admin2": e.get("admin2"),
        "location": e.get("location"), "latitude": e.get("latitude"), "longitude": e.get("longitude"),
        "geo_precision": e.get("geo_precision"),
        "fatalities": int(fatalities), "status": status, "confidence": round(1.0 - miss, 3),
        "notes": e.get("notes"), "sources": "; ".join(outlets),
        "n_sources": len(sure),
    }
