"""Stage 'event_locations': give each event the place it happened at.

1. The most specific place in the event's own sentences (town > region > country), preferring
   one governed by "in/at/near" in the clause of the event's trigger and then the nearest to it.
2. Else the most specific place in the earlier sentences of the same paragraph (nearest first).
3. Else the document's main place: the most mentioned town, else the first town of the lead,
   else the most mentioned region or country.

ACLED geo_precision: 1 the town itself; 2 "near X", the outskirts, or a small region stood in by
its coordinates; 3 a larger region or a country (at its main town, as ACLED codes them).
"""

from __future__ import annotations

import re
from collections import Counter

from ..document import Context, Event, PlaceMention
from ..pipeline import stage
from ..resources.gazetteer import continent_adjectives, get_gazetteer

_SPECIFIC = {"city": 0, "feature": 1, "region": 2, "country": 3}
_GOVERNING = {"in", "at", "near", "outside", "around", "into", "on", "of"}
_WEAK_GOVERNING = {"on", "of"}
_PLACE_NOUNS = {"region", "town", "city", "village", "area", "province", "district", "outskirts", "suburb",
                "suburbs", "centre", "center", "capital", "county", "governorate", "state", "vicinity"}
# A curated region whose population stand-in is below this is "small" (a border area, a
# district): precision 2; admin1 regions and larger areas are precision 3.
SMALL_REGION_POP = 300_000
# "... district, Urozgan", "... village (Mayo-Sava, Extreme-Nord)": the region closes the
# address of a smaller place
_SMALLER_BEFORE = re.compile(
    r"\b(?:district|village|area|town|sub-?county|county|lga|upazila|constituency|ward|subdivision|"
    r"township|locality|commune|municipality)\s*(?:\([^)]*\)\s*)?[,(]\s*(?:[A-Z][\w'-]*[ ,-]*){0,3}$", re.I)
_SMALLER_NAME = re.compile(
    r"(?:\b(?:near|area of|outskirts of|vicinity of)\s+(?:the\s+)?(?P<name>[A-Z][\w'-]+)(?:\s+[A-Z][\w'-]+){0,3}"
    r"\s*(?:,|\(|\bin\b)"
    r"|(?P<name2>[A-Z][\w'-]+)\s+(?:village|upazila|taluka|tehsil|township|tambon|commune|locality|police station)\b)")
# Places below this confidence are not used to locate events (the places stage keeps some
# low-confidence mentions for the reader).
MIN_PLACE_CONFIDENCE = 0.45


def _clause_bounds(ctx: Context, event: Event) -> tuple[int, int] | None:
    """Character span of the trigger's clause: its head verb's subtree."""
    doc = ctx.doc
    if doc is None or not event.trigger_start:
        return None
    span = doc.char_span(event.trigger_start, event.trigger_start + 1, alignment_mode="expand")
    if span is None or not len(span):
        return None
    tok = span[0]
    head = tok
    while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
        head = head.head
    sub = list(head.subtree)
    return sub[0].idx, sub[-1].idx + len(sub[-1].text)


def _governed(ctx: Context, p: PlaceMention) -> int:
    """2 when "in/at/near ..." governs the place, 1 for the weaker "of/on" ("workers of Paris
    Confectionery"), else 0."""
    before = ctx.text[max(0, p.start - 25):p.start].lower().split()
    if not before:
        return 0
    words = [w.strip("()") for w in before if w.strip("()")]
    if words and words[-1] in ("the", "town", "city", "village") and len(words) > 1:
        words = words[:-1]
    if not words or words[-1] not in _GOVERNING:
        return 0
    if words[-1] in _WEAK_GOVERNING and not (len(words) > 1 and words[-2] in _PLACE_NOUNS):
        return 1  # "workers of Paris Confectionery", not "the region of Qara"
    return 2


def _pick(cands: list[PlaceMention], ctx: Context, anchor: int, clause) -> PlaceMention | None:
    if not cands:
        return None

    def key(p: PlaceMention):
        in_clause = clause is not None and clause[0] <= p.start < clause[1]
        governed = _governed(ctx, p)
        return (_SPECIFIC.get(p.kind, 3), -(governed if in_clause else 0), -governed, abs(p.start - anchor))

    return min(cands, key=key)


def _main_place(ctx: Context, places: list[PlaceMention]) -> PlaceMention | None:
    towns = [p for p in places if p.kind in ("city", "feature")]
    if towns:
        counts = Counter(p.name for p in towns)
        top, n = counts.most_common(1)[0]
        if n > 1:
            return next(p for p in towns if p.name == top)
        return towns[0]
    if places:
        counts = Counter(p.name for p in places)
        top = max(counts, key=lambda n: (counts[n], -_SPECIFIC.get(
            next(p.kind for p in places if p.name == n), 3)))
        return next(p for p in places if p.name == top)
    return None


def locate(ctx: Context, event: Event, gz=None) -> None:
    """Set the event's location fields from ctx.places (left None when the text names no place)."""
    usable = [p for p in ctx.places if p.confidence >= MIN_PLACE_CONFIDENCE]
    # a demonym ("Lebanese soldiers") says whose, not where: used only when nothing else is
    places = [p for p in usable if not (gz is not None and p.kind == "country" and gz.demonym(p.text))
              and p.text not in continent_adjectives()]
    sents = sorted(set(event.sentences)) or []
    spans = [(ctx.sentences[i].start, ctx.sentences[i].end) for i in sents if 0 <= i < len(ctx.sentences)]
    own = [p for p in places if any(a <= p.start < b for a, b in spans)]
    anchor = event.trigger_start or (spans[0][0] if spans else 0)
    chosen = _pick(own, ctx, anchor, _clause_bounds(ctx, event))
    if chosen is None and sents and sents[0] < len(ctx.sentences):
        first = ctx.sentences[sents[0]]
        earlier = [s for s in ctx.sentences if s.paragraph == first.paragraph and s.index < first.index]
        for s in reversed(earlier):
            chosen = _pick([p for p in places if s.start <= p.start < s.end], ctx, s.end, None)
            if chosen is not None:
                break
    if chosen is None:
        # "Lebanese soldiers' remains were found in the area": the sentence's one country
        # narrows the document's main place to that country's places
        cues = {p.iso3 for p in usable if p.kind == "country" and p.iso3 and any(a <= p.start < b for a, b in spans)}
        if len(cues) == 1:
            iso3 = cues.pop()
            chosen = _main_place(ctx, [p for p in places if p.iso3 == iso3 and p.kind != "country"])
    if chosen is None:
        chosen = _main_place(ctx, places) or _main_place(ctx, usable)
    if chosen is None:
        return
    lat, lon, name, gid = chosen.latitude, chosen.longitude, chosen.name, chosen.geonameid
    if chosen.kind in ("city", "feature"):
        precision = 2 if chosen.near or _smaller_unknown(ctx, chosen) else 1
    elif chosen.kind == "region" and (chosen.population < SMALL_REGION_POP or chosen.admin2
                                      or _SMALLER_BEFORE.search(ctx.text[max(0, chosen.start - 80):chosen.start])):
        # a district, or a region named after a smaller place the gazetteer lacks ("in Kala Murchi
        # of Deh Rahwod district, Urozgan"): ACLED codes a town of the area, precision 2
        precision = 2
    else:
        precision = 3
    if chosen.kind in ("region", "country") and not chosen.admin2 and gz is not None:
        main = _main_town(gz, chosen)  # where ACLED codes a region or a country
        if main is not None:
            name, lat, lon, gid = main
    event.country, event.iso3 = chosen.country, chosen.iso3
    event.admin1, event.admin2 = chosen.admin1, chosen.admin2
    event.location = name
    event.latitude, event.longitude = lat, lon
    event.geonameid = gid
    event.geo_precision = precision


def _smaller_unknown(ctx: Context, p: PlaceMention) -> bool:
    """"near Bohdanivka, Donetsk", "at Charpara village in Kumarkhali Upazila (Kushtia)": the event
    is at a smaller place the gazetteer does not know, near or inside this one; ACLED then codes
    a town nearby with precision 2."""
    lo = max(0, p.start - 90)
    window = ctx.text[lo:p.start]
    if "." in window:
        lo += window.rindex(".") + 1
        window = ctx.text[lo:p.start]
    for m in _SMALLER_NAME.finditer(window):
        name_at = lo + (m.start("name") if m.group("name") else m.start("name2"))
        if not any(q.start <= name_at < q.end for q in ctx.places):
            return True
    return False


def _main_town(gz, p: PlaceMention):
    for m in gz.lookup(p.name):
        if m.place.name == p.name and m.place.kind == p.kind and m.place.iso3 == p.iso3:
            return gz.main_town(m.place)
    return None


@stage("event_locations", requires=("events", "places"), assigns=("event_locations",))
def make_event_locations(settings):
    def run(ctx: Context) -> None:
        gz = get_gazetteer(settings) if ctx.events else None
        for event in ctx.events:
            locate(ctx, event, gz)

    return run
