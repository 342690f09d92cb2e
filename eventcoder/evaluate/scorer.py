"""Scoring coded documents against gold lines, by the rules of shared/contract/GOLD.md.

Every figure is a `Tally` (right, n): n is the number of gold items the figure was read on (for
"coded places on a gold place", the number of coded places).
Trivial baselines (fatalities always 0, event date = published, event type = the most frequent
gold type) are computed on the very same items and reported beside the figures.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Iterable, Mapping

# Distances in km, fixed by GOLD.md: an event location is right within 25 km; a place is
# resolved right within 161 km (the geoparsing literature's "accuracy@161km") and exactly within 10.
EVENT_KM = 25.0
PLACE_KM = 161.0
PLACE_EXACT_KM = 10.0
EARTH_RADIUS_KM = 6371.0088  # mean Earth radius (IUGG)

# Metric keys in report order, with the label the tables print.
METRICS: dict[str, str] = {
    "event_type": "event type (first coded event)",
    "event_type_recall": "event type (any coded event)",
    "sub_event_type": "sub-event type",
    "sub_event_type_macro_f1": "sub-event type macro-F1",
    "event_date": "event date exact",
    "location_25km": "location within 25 km",
    "geo_precision": "geo_precision exact",
    "admin1_of_located": "admin1 name right of those within 25 km",
    "fatalities": "fatalities exact",
    "fatalities_with_deaths": "fatalities exact (gold > 0)",
    "actors": "actors (actor1/actor2)",
    "country": "country (iso3)",
    "country_of_located": "country right of those coded",
    "negatives": "negatives (no event coded)",
    "places_found": "places found (span overlap)",
    "places_acc161_found": "places acc@161km of found",
    "places_acc161": "places acc@161km of all",
    "places_acc10": "places exact@10km of all",
    "places_on_gold": "coded places on a gold place",
    "times_found": "times found (span overlap)",
    "times_value_found": "times value right of found",
    "times_value": "times value right of all",
}

# A trailing "(1989-)", "(2013-2018)" or "(2014)" after an ACLED actor name: the year span of a
# government or regime, which GOLD.md says to ignore. "(Lebanon)" and other brackets stay.
_YEAR_SPAN = re.compile(r"\s*\(\s*\d{4}\s*(?:[-\u2013\u2014]\s*(?:\d{4})?\s*)?\)\s*$")

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_MONTH = re.compile(r"^\d{4}-\d{2}$")
_YEAR = re.compile(r"^\d{4}$")
_WEEK = re.compile(r"^(\d{4})-W(\d{2})$")
# How fine a precision is (smaller is finer); a coded time must be at least as fine as its gold.
_FINENESS = {"day": 0, "week": 1, "weekend": 1, "month": 2, "year": 3}


@dataclass
class Tally:
    right: float = 0.0
    n: int = 0

    def add(self, ok: bool) -> None:
        self.n += 1
        self.right += 1.0 if ok else 0.0

    @property
    def value(self) -> float | None:
        return self.right / self.n if self.n else None


@dataclass
class Figure:
    """One reported figure: the value, the number of gold items it was read on, its baseline."""

    metric: str
    value: float | None
    n: int
    baseline: float | None = None

    @property
    def label(self) -> str:
        return METRICS.get(self.metric, self.metric)

    def to_dict(self) -> dict:
        return {"value": None if self.value is None else round(self.value, 4), "n": self.n,
                "baseline": None if self.baseline is None else round(self.baseline, 4)}


@dataclass
class GroupResult:
    """The figures of one group (a dataset, a file or everything)."""

    name: str
    documents: int = 0
    missing: int = 0
    errors: int = 0
    figures: dict[str, Figure] = field(default_factory=dict)

    def value(self, metric: str) -> float | None:
        fig = self.figures.get(metric)
        return fig.value if fig else None

    def to_dict(self) -> dict:
        return {"documents": self.documents, "missing": self.missing, "errors": self.errors,
                "metrics": {k: f.to_dict() for k, f in self.figures.items()}}


# ---------------------------------------------------------------- helpers


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


def normalize_actor(name) -> str | None:
    """Lower-cased, stripped of a trailing year span such as "(2014-)"."""
    if not isinstance(name, str) or not name.strip():
        return None
    return _YEAR_SPAN.sub("", name).strip().lower()


def _num(x) -> float | None:
    if isinstance(x, bool) or x is None:
        return None
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def _name_key(name) -> str:
    """A name compared without case, accents, spaces or punctuation ("Murang'a" = "Muranga")."""
    folded = unicodedata.normalize("NFKD", str(name or "")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def _distance(gold: dict, coded: dict | None, glat="latitude", glon="longitude") -> float | None:
    if coded is None:
        return None
    a, b = _num(gold.get(glat)), _num(gold.get(glon))
    c, d = _num(coded.get("latitude")), _num(coded.get("longitude"))
    if None in (a, b, c, d):
        return None
    return haversine_km(a, b, c, d)


def _int_equal(gold, coded) -> bool:
    g, c = _num(gold), _num(coded)
    return g is not None and c is not None and int(g) == int(c)


def _present(x) -> bool:
    return x is not None and x != ""


# names a gold file may give a country by that no list of country names holds: the kingdom's nations
# (HRDsAttack's annotators write "England", "Scotland"; "UK" is among the kingdom's own names)
_GOLD_COUNTRY_NAMES = {"england": "GBR", "scotland": "GBR", "wales": "GBR", "northern ireland": "GBR"}


def _gold_iso3(g: Mapping) -> str | None:
    """The gold event's country as an ISO3 code: its `iso3` (a withdrawn code such as ACLED's "ROM" as its
    successor), else its `country` read as a name or a code ("Nigeria", "People's Republic of China",
    "USA"); None for what names no country ("Africa", "Texas")."""
    from eventcoder.resources.actors import country_code

    if _present(g.get("iso3")):
        code = str(g["iso3"]).strip().upper()
        return country_code(code) or code
    name = g.get("country")
    if not isinstance(name, str) or not name.strip():
        return None
    return country_code(name) or _GOLD_COUNTRY_NAMES.get(name.strip().lower())


def time_value_right(gold_value: str, coded_value, coded_precision=None) -> bool:
    """Whether a coded time value equals the gold value at the gold's precision.

    A gold "2013-03" is a month (any coded day of March 2013 is right), "1998" a year,
    "1998-W05" an ISO week, YYYY-MM-DD a day. A coded value whose own precision is coarser
    than the gold's (a coded month for a gold day) is wrong even if its first day agrees.
    """
    if not isinstance(coded_value, str) or not coded_value:
        return False
    g = str(gold_value).strip()
    if _DAY.match(g):
        fineness = 0
    elif _WEEK.match(g):
        fineness = 1
    elif _MONTH.match(g):
        fineness = 2
    elif _YEAR.match(g):
        fineness = 3
    else:
        return coded_value.strip() == g
    if _FINENESS.get(coded_precision or "day", 0) > fineness:
        return False
    c = coded_value.strip()
    if fineness == 0:
        return c[:10] == g
    if fineness == 2:
        return c[:7] == g
    if fineness == 3:
        return c[:4] == g
    try:
        year, week, _ = date.fromisoformat(c[:10]).isocalendar()
    except ValueError:
        return False
    return f"{year}-W{week:02d}" == g


def _best_overlap(gold: dict, coded: list[dict]) -> dict | None:
    """The coded mention overlapping the gold span most (the first on ties), or None."""
    gs, ge = gold.get("start"), gold.get("end")
    if not isinstance(gs, int) or not isinstance(ge, int):
        return None
    best, best_len = None, 0
    for c in coded:
        cs, ce = c.get("start"), c.get("end")
        if not isinstance(cs, int) or not isinstance(ce, int):
            continue
        overlap = min(ge, ce) - max(gs, cs)
        if overlap > best_len:
            best, best_len = c, overlap
    return best


# ---------------------------------------------------------------- pairing


def _agreement(g: dict, c: dict) -> tuple[bool, ...]:
    """How far a coded event agrees with a gold one, in GOLD.md's order of importance."""
    dist = _distance(g, c)
    return (
        _present(g.get("event_type")) and g.get("event_type") == c.get("event_type"),
        _present(g.get("sub_event_type")) and g.get("sub_event_type") == c.get("sub_event_type"),
        _present(g.get("event_date")) and g.get("event_date") == c.get("event_date"),
        dist is not None and dist <= EVENT_KM,
        g.get("fatalities") is not None and _int_equal(g.get("fatalities"), c.get("fatalities")),
    )


def pair_events(gold: list[dict], coded: list[dict]) -> list[int | None]:
    """For each gold event, the index of the coded event it is scored on (None: unpaired).

    One gold event: the first coded event with its event_type, else the first coded event.
    Several: one to one, greedily, the pairs that agree most (type, then sub-type, date,
    place, fatalities; earlier gold and coded events first on ties).
    """
    if not coded:
        return [None] * len(gold)
    if len(gold) == 1:
        g = gold[0]
        for i, c in enumerate(coded):
            if _present(g.get("event_type")) and c.get("event_type") == g.get("event_type"):
                return [i]
        return [0]
    candidates = sorted(
        ((_agreement(g, c), gi, ci) for gi, g in enumerate(gold) for ci, c in enumerate(coded)),
        key=lambda t: (tuple(not x for x in t[0]), t[1], t[2]),
    )
    result: list[int | None] = [None] * len(gold)
    used: set[int] = set()
    for _, gi, ci in candidates:
        if result[gi] is None and ci not in used:
            result[gi] = ci
            used.add(ci)
    return result


# ---------------------------------------------------------------- the scorer


def _macro_f1(pairs: list[tuple[str, str | None]]) -> float | None:
    if not pairs:
        return None
    labels = {g for g, _ in pairs} | {p for _, p in pairs if p}
    f1s = []
    for label in sorted(labels):
        tp = sum(1 for g, p in pairs if g == label and p == label)
        pred = sum(1 for _, p in pairs if p == label)
        gold = sum(1 for g, _ in pairs if g == label)
        prec = tp / pred if pred else 0.0
        rec = tp / gold if gold else 0.0
        f1s.append(2 * prec * rec / (prec + rec) if prec + rec else 0.0)
    return sum(f1s) / len(f1s)


class _Group:
    def __init__(self, name: str):
        self.name = name
        self.tallies: dict[str, Tally] = defaultdict(Tally)
        self.base: dict[str, Tally] = defaultdict(Tally)
        self.sub_pairs: list[tuple[str, str | None]] = []
        self.types: list[str] = []  # gold event types in order, for the majority baseline
        self.subs: list[str] = []
        self.documents = self.missing = self.errors = 0


class Scorer:
    """Accumulate (gold line, coded document) pairs, then `results()`."""

    def __init__(self, by: str = "dataset"):
        if by not in ("dataset", "file", "all"):
            raise ValueError(f"by must be 'dataset', 'file' or 'all', got {by!r}")
        self.by = by
        self._groups: dict[str, _Group] = {}

    def _group(self, gold: dict, file: str | None) -> _Group:
        if self.by == "all":
            key = "all"
        elif self.by == "file":
            key = file or "<gold>"
        else:
            key = gold.get("dataset") or file or "<gold>"
        if key not in self._groups:
            self._groups[key] = _Group(key)
        return self._groups[key]

    def add(self, gold: dict, coded: dict | None, file: str | None = None) -> None:
        """Score one document. `coded` None (missing) or with `error` set is wrong on everything."""
        grp = self._group(gold, file)
        grp.documents += 1
        if coded is None:
            grp.missing += 1
        elif coded.get("error"):
            grp.errors += 1
        ok = coded is not None and not coded.get("error")
        events = list(coded.get("events") or []) if ok else []
        self._score_events(grp, gold, events, ok)
        self._score_places(grp, gold, list(coded.get("places") or []) if ok else [])
        self._score_times(grp, gold, list(coded.get("times") or []) if ok else [])
        if gold.get("negative") is True:
            grp.tallies["negatives"].add(ok and not events)

    def _score_events(self, grp: _Group, gold: dict, events: list[dict], ok: bool) -> None:
        gold_events = [e for e in (gold.get("events") or []) if isinstance(e, dict)]
        if not gold_events:
            return
        pairs = pair_events(gold_events, events)
        published = gold.get("published")
        t, b = grp.tallies, grp.base
        for g, ci in zip(gold_events, pairs):
            c = events[ci] if ci is not None else None
            gtype = g.get("event_type")
            if _present(gtype):
                primary = c if len(gold_events) > 1 else (events[0] if events else None)
                t["event_type"].add(primary is not None and primary.get("event_type") == gtype)
                t["event_type_recall"].add(any(e.get("event_type") == gtype for e in events))
                grp.types.append(gtype)
            gsub = g.get("sub_event_type")
            if _present(gsub):
                pred = c.get("sub_event_type") if c else None
                t["sub_event_type"].add(pred == gsub)
                grp.sub_pairs.append((gsub, pred or None))
                grp.subs.append(gsub)
            if _present(g.get("event_date")):
                t["event_date"].add(c is not None and c.get("event_date") == g["event_date"])
                b["event_date"].add(_present(published) and str(published)[:10] == g["event_date"])
            if _num(g.get("latitude")) is not None and _num(g.get("longitude")) is not None:
                dist = _distance(g, c)
                t["location_25km"].add(dist is not None and dist <= EVENT_KM)
                if dist is not None and dist <= EVENT_KM and _present(g.get("admin1")):
                    # the place is right: is its first-level region called what the gold calls it?
                    t["admin1_of_located"].add(_name_key(c.get("admin1")) == _name_key(g["admin1"]))
            if g.get("geo_precision") is not None:
                t["geo_precision"].add(c is not None and _int_equal(g["geo_precision"], c.get("geo_precision")))
            if _num(g.get("fatalities")) is not None:
                gf = g["fatalities"]
                right = c is not None and _int_equal(gf, c.get("fatalities"))
                t["fatalities"].add(right)
                b["fatalities"].add(int(gf) == 0)
                if _num(gf) > 0:
                    t["fatalities_with_deaths"].add(right)
                    b["fatalities_with_deaths"].add(False)
            coded_actors = {normalize_actor(c.get("actor1")), normalize_actor(c.get("actor2"))} if c else set()
            coded_actors.discard(None)
            for key in ("actor1", "actor2"):
                want = normalize_actor(g.get(key))
                if want is not None:
                    t["actors"].add(want in coded_actors)
            giso = _gold_iso3(g)
            if giso is not None:
                right = c is not None and str(c.get("iso3") or "").upper() == giso
                t["country"].add(right)
                if c is not None and _present(c.get("iso3")):
                    # a place in another country is worse than none: how often a coded country is right
                    t["country_of_located"].add(right)

    def _score_places(self, grp: _Group, gold: dict, coded: list[dict]) -> None:
        t = grp.tallies
        spans = [(g.get("start"), g.get("end")) for g in gold.get("places") or []
                 if isinstance(g.get("start"), int) and isinstance(g.get("end"), int)]
        if spans:
            # the other way round (not scored by GOLD.md, which does not penalise extra places): how many
            # of the coded places overlap a gold one, on texts whose toponyms were annotated; a name the
            # coder took for a place where the annotators saw none ("Bush said") lowers it
            for c in coded:
                cs, ce = c.get("start"), c.get("end")
                if isinstance(cs, int) and isinstance(ce, int):
                    t["places_on_gold"].add(any(min(ge, ce) - max(gs, cs) > 0 for gs, ge in spans))
        for g in gold.get("places") or []:
            if _num(g.get("latitude")) is None or _num(g.get("longitude")) is None:
                continue
            hit = _best_overlap(g, coded)
            dist = _distance(g, hit)
            t["places_found"].add(hit is not None)
            if hit is not None:
                t["places_acc161_found"].add(dist is not None and dist <= PLACE_KM)
            t["places_acc161"].add(dist is not None and dist <= PLACE_KM)
            t["places_acc10"].add(dist is not None and dist <= PLACE_EXACT_KM)

    def _score_times(self, grp: _Group, gold: dict, coded: list[dict]) -> None:
        t = grp.tallies
        for g in gold.get("times") or []:
            if not _present(g.get("value")):
                continue
            hit = _best_overlap(g, coded)
            right = hit is not None and time_value_right(g["value"], hit.get("value"), hit.get("precision"))
            t["times_found"].add(hit is not None)
            if hit is not None:
                t["times_value_found"].add(right)
            t["times_value"].add(right)

    def results(self) -> dict[str, GroupResult]:
        """The figures per group, metrics in METRICS order; baselines where one is defined."""
        out: dict[str, GroupResult] = {}
        for name, grp in self._groups.items():
            res = GroupResult(name, grp.documents, grp.missing, grp.errors)
            base = dict(grp.base)
            if grp.types:
                top = Counter(grp.types).most_common(1)[0][1]
                base["event_type"] = base["event_type_recall"] = Tally(top, len(grp.types))
            if grp.subs:
                top_sub, top = Counter(grp.subs).most_common(1)[0]
                base["sub_event_type"] = Tally(top, len(grp.subs))
            for metric in METRICS:
                if metric == "sub_event_type_macro_f1":
                    if grp.sub_pairs:
                        top_sub = Counter(grp.subs).most_common(1)[0][0]
                        baseline = _macro_f1([(g, top_sub) for g, _ in grp.sub_pairs])
                        res.figures[metric] = Figure(metric, _macro_f1(grp.sub_pairs), len(grp.sub_pairs),
                                                     baseline)
                    continue
                tally = grp.tallies.get(metric)
                if tally is None or tally.n == 0:
                    continue
                b = base.get(metric)
                res.figures[metric] = Figure(metric, tally.value, tally.n, b.value if b else None)
            out[name] = res
        return out


def score(gold_lines: Iterable, coded: Mapping[str, dict] | Iterable[dict], by: str = "dataset") -> dict[str, GroupResult]:
    """Score coded documents (contract dicts, matched by `id`) against gold lines.

    `gold_lines` are gold dicts or `GoldLine`s; a gold line whose id has no coded document
    counts as missing (wrong on everything).
    """
    if not isinstance(coded, Mapping):
        coded = {c.get("id"): c for c in coded}
    scorer = Scorer(by=by)
    for line in gold_lines:
        answers = getattr(line, "answers", line)
        file = getattr(line, "file", None)
        scorer.add(answers, coded.get(answers.get("id")), file=file)
    return scorer.results()
