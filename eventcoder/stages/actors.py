"""Stage 'actors': actor mentions from the actor dictionary, plus armed groups spaCy finds that it lacks.

1. the document's countries, from country names, demonyms, named actors and GPE/LOC entities;
2. dictionary matches, longest first, without overlaps; short acronyms ("IS") only when spaCy does not
   read them as verbs and the sentence is not in capitals;
3. ORG/NORP/PERSON entities shaped like armed groups ("X Brigade", "Y Liberation Army"), and peoples
   followed by "militia", "raiders", "herders" ("X Ethnic Militia"), as actors outside the dictionary.
"""

from __future__ import annotations

import re

from ..document import PAIR, ActorMention, Context, SpanIndex, source_country
from ..pipeline import stage
from ..resources import actors as dictionary
from ..resources.actors import PATRON_WORDS

# A sentence whose letters are at least this share capitals is a headline in capitals: its "IS" is a verb.
CAPS_SHARE = 0.6
# ... counted only for sentences with at least this many letters (a short "IS" caption is not a headline).
CAPS_MIN_LETTERS = 12

_ARMED = re.compile(
    r"\b(brigades?|battalions?|militias?|front|liberation army|army|movement|forces|guards?|jihad|mujahideen|"
    r"mujahidin|resistance|rebels|group|regiment|corps|legion|commandos?|defen[cs]e (?:force|forces|units?)|"
    r"self-defen[cs]e|vigilantes?|cartel|gang|kataib|jaish|jabhat|harakat|liwa|ansar)\b", re.I)
_REBEL = re.compile(r"\b(liberation|front|rebels|jihad|mujahideen|mujahidin|resistance|jaish|jabhat|harakat|ansar|"
                    r"islamic|revolutionary)\b", re.I)
_MILITIA = re.compile(r"\b(militias?|brigades?|battalions?|liwa|kataib|vigilantes?|self-defen[cs]e|guards?|cartel|"
                      r"gang)\b", re.I)
_STATE = re.compile(r"\b(national army|armed forces|defen[cs]e forces|police|gendarmerie|ministry)\b", re.I)
_ETHNIC_NEXT = re.compile(r"^\s+(militia|militiamen|raiders|herders|herdsmen|gunmen|youths|warriors|tribesmen|fighters|"
                          r"attackers|bandits|clansmen|pastoralists|vigilantes|armed men|morans)\b", re.I)
_RELIGION = re.compile(r"^(muslim|christian|islamist|islamic|hindu|buddhist|sunni|shia|shiite|shi'ite|catholic|jewish|"
                       r"druze|alawite|yazidi)s?$", re.I)
_LEAD = re.compile(r"^(the|a|an)\s+", re.I)


def _caps_sentence(sent) -> bool:
    letters = [ch for ch in sent.text if ch.isalpha()]
    return len(letters) >= CAPS_MIN_LETTERS and sum(ch.isupper() for ch in letters) >= CAPS_SHARE * len(letters)


def _acronym_check(doc):
    """Veto a short capital acronym that reads as a verb ("IS" = is) or that sits in a capitals headline."""

    def accept(start: int, end: int, alias: str, supported: bool) -> bool:
        if doc is None:
            return True
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None or len(span) == 0:
            return True
        tok = span[0]
        if _caps_sentence(tok.sent):
            return False
        nxt = tok.nbor(1) if tok.i + 1 < len(doc) else None
        if tok.is_sent_start and nxt is not None and nxt.tag_ in ("DT", "PRP", "EX"):
            return False  # "IS there ...", "IS it ..."
        if not (tok.pos_ in ("AUX", "VERB") or tok.tag_.startswith("VB")):
            return True
        # The small model tags a capital "IS" as the verb nearly always; read it as the group when the
        # text names the group in full elsewhere, or when it follows a preposition or a verb ("from IS",
        # "dislodge IS") or precedes a plural noun ("IS fighters").
        prev = tok.nbor(-1) if tok.i > 0 else None
        if supported:
            return True
        if prev is not None and prev.pos_ in ("ADP", "VERB") and prev.tag_ != "MD":
            return True
        return nxt is not None and nxt.tag_ == "NNS"

    return accept


def _guess_inter(name: str) -> str | None:
    if _STATE.search(name):
        return "State forces"
    if _MILITIA.search(name):
        return "Political militia"
    if _REBEL.search(name):
        return "Rebel group"
    return None


def _ner_mentions(ctx: Context, taken: list[tuple[int, int]], countries: list[str]) -> list[ActorMention]:
    out: list[ActorMention] = []
    if ctx.doc is None:
        return out
    text = ctx.text

    # (the dictionary's mentions searched, those this pass adds, few, read one by one)
    held, added = SpanIndex(taken, **PAIR), []

    def free(s: int, e: int) -> bool:
        return not held.any(s, e) and all(e <= a or s >= b for a, b in added)

    for ent in ctx.doc.ents:
        s, e = ent.start_char, ent.end_char
        if not free(s, e):
            continue
        surface = text[s:e]
        if ent.label_ == "NORP":
            nxt = _ETHNIC_NEXT.match(text[e:e + 30])
            if nxt and dictionary.country_iso3(surface) is None:
                group = surface.strip()
                if _RELIGION.match(group):
                    name = f"{group.rstrip('s')} Militia"
                else:
                    name = f"{group} Ethnic Militia"
                stop = e + nxt.end()
                if free(s, stop):
                    out.append(ActorMention(text[s:stop], s, stop, name, "Identity militia",
                                            countries[0] if countries else None, "ner"))
                    taken.append((s, stop))
                    added.append((s, stop))
                continue
        if ent.label_ not in ("ORG", "NORP", "PERSON"):
            continue
        if not _ARMED.search(surface) or len(surface.split()) < 2:
            continue
        name = _LEAD.sub("", surface).strip(" ,.;:'\"")
        # "Lebanese Army", "Kenya Police" are state forces the dictionary names already
        first = name.split()[0]
        if dictionary.country_iso3(first) is not None and len(name.split()) <= 3:
            continue
        out.append(ActorMention(surface, s, e, name, _guess_inter(name), None, "ner"))
        taken.append((s, e))
        added.append((s, e))
    return out


def find_actor_mentions(ctx: Context) -> list[ActorMention]:
    doc = ctx.doc
    places: list[str] = []
    if doc is not None:
        places = [ent.text for ent in doc.ents if ent.label_ in ("GPE", "LOC")]
        # proper nouns spaCy did not label as places still name towns in terse reports
        places += [t.text for t in doc if t.tag_ == "NNP" and not t.is_sent_start and t.ent_type_ in ("", "GPE", "LOC")
                   and len(t.text) > 3 and t.text[0].isupper() and not t.text.isupper()]
    weights = dictionary.document_countries(ctx.text, places)
    countries = dictionary.main_countries(weights)
    matches = dictionary.find_matches(ctx.text, countries, ctx.published, accept=_acronym_check(doc))
    mentions = [ActorMention(ctx.text[m.start:m.end], m.start, m.end, m.name, m.inter, m.country, m.source)
                for m in matches]
    taken = [(m.start, m.end) for m in mentions]
    mentions.extend(_ner_mentions(ctx, taken, countries))
    mentions.sort(key=lambda m: m.start)
    return _without_patrons(mentions, ctx.text)


# what follows a group named as another's patron: "al-Qaeda-linked", "the al-Qaeda affiliate", "al-Qaeda's
# Sahel branch"
# (a possessive before the noun, "al-Qaeda's Somali affiliate", or the noun right after the name, "the al-Qaeda
# affiliate JNIM"; not "Hamas and its ally Islamic Jihad", two sides)
_PATRON_AFTER = re.compile(rf"-(?:{PATRON_WORDS})\b"
                           r"|['’]s(?:\s+[A-Za-z]+){0,2}\s+(?:affiliate|branch|franchise|offshoot|ally|proxy)\b"
                           r"|\s+(?:affiliate|branch|franchise|offshoot|proxy)\b", re.I)


def _without_patrons(mentions: list[ActorMention], text: str) -> list[ActorMention]:
    """The mentions but a named group's patron ("Al-Qaeda-linked JNIM fighters", "Iran-backed Houthi
    rebels", "the al-Qaeda affiliate JNIM", "Al-Shabaab, al-Qaeda's Somali affiliate"): the group named
    beside it acts, not the patron (a patron named alone stays: "al-Qaeda-linked militants")."""
    named = [m for m in mentions if m.source != "generic"]
    out = []
    for m in mentions:
        hit = _PATRON_AFTER.match(text, m.end) if m.source != "generic" else None
        if hit and any(o is not m and (0 <= o.start - hit.end() <= 2 or 0 <= m.start - o.end <= 3) for o in named):
            continue
        out.append(m)
    return out


# How firmly the resolved places must point to a country (the places stage's weights: 1.0 a country's
# name, 0.5 a place) for the aliases that hold only there to be matched again
CONTEXT_COUNTRY_MIN_WEIGHT = 1.0
CONTEXT_PLACE_MIN_WEIGHT = 0.5


def add_context_actors(ctx: Context) -> None:
    """The aliases that name an actor only in a country ("NDS" in Afghanistan), matched again once the
    places stage has found the document's country where this stage could not ("gunmen killed two NDS
    members at a bazaar in Ghoryan district, Herat"): the dictionary's mentions that overlap none already
    found join the actors."""
    if not ctx.alias_countries:
        return
    # (a text that names no place at all: the country of its source, which the caller gave or its
    # domain tells, as `roles.document_country` names its generic actors)
    top, weight = next(iter(ctx.countries.items())) if ctx.countries else \
        (source_country(ctx.document)[0], CONTEXT_COUNTRY_MIN_WEIGHT)
    # (or a place's weight, where the places point to no other country: "the RSF attacked Tawila in North Darfur")
    alone = len(ctx.countries) == 1 and weight >= CONTEXT_PLACE_MIN_WEIGHT
    if weight < CONTEXT_COUNTRY_MIN_WEIGHT and not alone or top not in ctx.alias_countries:
        return
    taken = SpanIndex(ctx.actors)
    added, dropped = [], set()
    for m in dictionary.find_matches(ctx.text, [top], ctx.published, accept=_acronym_check(ctx.doc)):
        if m.source != "dictionary":
            continue
        if not taken.any(m.start, m.end):
            added.append(ActorMention(ctx.text[m.start:m.end], m.start, m.end, m.name, m.inter, m.country, m.source))
            continue
        over = [a for a in ctx.actors if a.start < m.end and m.start < a.end]
        if over and all(a.source == "generic" and m.start <= a.start and a.end <= m.end for a in over):
            # "ADF militants", "OLA rebels": the group's alias before the generic noun names the group
            dropped.update(id(a) for a in over)
            added.append(ActorMention(ctx.text[m.start:m.end], m.start, m.end, m.name, m.inter, m.country, m.source))
    if dropped:
        ctx.actors = [a for a in ctx.actors if id(a) not in dropped]
    if added:
        ctx.actors = sorted(ctx.actors + added, key=lambda m: m.start)


@stage("actors", requires=("sentences",), assigns=("actors",))
def make_actors(settings):
    def run(ctx: Context) -> None:
        ctx.actors = find_actor_mentions(ctx)
        ctx.alias_countries = dictionary.context_countries(ctx.text)

    return run


# re-exported for later stages
lookup_actor = dictionary.lookup_actor
generic_actor = dictionary.generic_actor
country_name = dictionary.country_name
