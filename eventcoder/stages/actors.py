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
from .times import REPORTING_LEMMAS

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
    mentions.extend(_countries_in_arms(ctx, mentions))
    mentions = [_teller_owned(ctx, m) for m in mentions]
    mentions = _group_air_defences(ctx, mentions)
    mentions.extend(_own_forces(ctx, mentions))
    mentions.extend(_nationals_harmed(ctx, mentions))
    mentions.sort(key=lambda m: m.start)
    return _without_patrons(mentions, ctx.text)


_ITS_BEFORE = re.compile(r"\b(?:its|their)\s+$", re.I)
# the nouns after "its" that name a state's military ("Pakistan said its forces killed six militants")
_OWN_FORCES = frozenset("force forces troops soldiers army military navy".split())


def _teller_country(ctx: Context, tok) -> str | None:
    """The country whose name tells the clause a token is in, where the token is its doer's head: "Russia said
    its air defences intercepted ..." (the air defences); else None."""
    verb = tok
    for _ in range(4):  # (up to the verb the mention is the subject of)
        if verb.pos_ == "VERB" or verb.head.i == verb.i:
            break
        verb = verb.head
    teller = verb.head if verb.dep_ == "ccomp" else None
    if teller is None or teller.lemma_.lower() not in REPORTING_LEMMAS:
        return None
    subj = next((c for c in teller.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.pos_ != "PROPN":
        return None  # (whatever label the small model gives the name: "its" is no person's)
    first = subj.left_edge if subj.left_edge.dep_ in ("compound", "det") else subj
    return dictionary.state_country(ctx.doc[first.i:subj.i + 1].text)


def _teller_owned(ctx: Context, m: ActorMention) -> ActorMention:
    """A generic mention after "its" in what a country's name says is that country's: "Russia said its air
    defences intercepted 15 missiles over Crimea" (Russia's, though the place is Ukraine's), "Israel said its
    troops ...". Not where the mention names its country itself ("its Ukrainian allies")."""
    doc = ctx.doc
    if m.source != "generic" or doc is None or not _ITS_BEFORE.search(ctx.text, max(0, m.start - 8), m.start):
        return m
    from .syntax import token_at

    tok = token_at(doc, m.start)
    iso3 = _teller_country(ctx, tok) if tok is not None else None
    found = dictionary.lookup_actor(m.text, iso3, ctx.published) if iso3 else None
    if found is None or found[2] != iso3:
        return m
    return ActorMention(m.text, m.start, m.end, found[0], found[1], iso3, m.source, owned=True)


# air defences, as a mention names them ("Air defences", "air defence systems"; merge reads them too)
AIR_DEFENCE_WORDS = re.compile(r"(?:the\s+)?air\s+defen[cs]e", re.I)


def _group_air_defences(ctx: Context, mentions: list[ActorMention]) -> list[ActorMention]:
    """The mentions but air defences a group owns, which are no state's military: named right after the group
    ("Houthi air defences shot down a U.S. drone") or after "its"/"their" in what no country's name tells ("The
    Houthis said their air defences ..."): the group is the doer (see roles' possessive)."""
    named = [m for m in mentions if m.source != "generic"]
    out = []
    for m in mentions:
        if m.source == "generic" and not m.owned and AIR_DEFENCE_WORDS.match(m.text) and (
                any(0 <= m.start - o.end <= 1 for o in named)
                or _ITS_BEFORE.search(ctx.text, max(0, m.start - 8), m.start)):
            continue
        out.append(m)
    return out


def _own_forces(ctx: Context, mentions: list[ActorMention]) -> list[ActorMention]:
    """"its forces" in what a country's name says, which no dictionary entry matched ("forces" alone names
    no one): that country's military ("Pakistan said its forces killed six militants in North Waziristan")."""
    doc = ctx.doc
    if doc is None or "its " not in ctx.text.lower():
        return []
    taken = SpanIndex(mentions)
    out = []
    for tok in doc:
        if tok.lower_ != "its" or tok.dep_ != "poss" or tok.head.lower_ not in _OWN_FORCES:
            continue
        head = tok.head
        start, end = tok.idx + len(tok.text) + 1, head.idx + len(head.text)
        if start >= end or taken.any(start, end):
            continue
        iso3 = _teller_country(ctx, head)
        if iso3 is None:
            continue
        name, inter = dictionary.generic_actor("military", iso3, ctx.published)
        out.append(ActorMention(ctx.text[start:end], start, end, name, inter, iso3, "generic", owned=True))
    return out


# verbs of armed force whose doer, where the text gives it as a country's name, is that country's military
# ("Russia launched 60 drones at Kyiv", "Pakistan shelled Indian posts in Kupwara", "Israel struck
# targets in southern Lebanon"); with "carried out" or "conducted", the thing done must be a strike or a raid
_FORCE_VERBS = frozenset("strike shell bomb bombard attack hit target pound raid shoot fire launch down intercept destroy "
                         "invade storm".split())
_DONE_VERBS = frozenset({"carry", "conduct"})
_FORCE_DONE = frozenset("strike airstrike attack raid bombing bombardment shelling operation offensive".split())
_LAUNCHED = frozenset("drone missile rocket shell bomb".split())


# what a country strikes that is no target ("struck a deal", "strike a balance", "hit back at critics")
_NOT_STRUCK = frozenset("deal agreement accord pact balance chord note tone compromise bargain blow back gold oil "
                        "decision memorandum proposal plan policy remark remarks statement report ruling move critic "
                        "critics criticism law bill idea".split())
# of those, the verbs only armed forces do ("Chad bombed", not "Chad shot his neighbour")
_ARMY_VERBS = frozenset("shell bomb bombard launch down intercept invade".split())


def _force_verb(v, military: bool = False) -> bool:
    """Whether the verb tells an act of armed force; `military`: one only armed forces do (for a name the
    recogniser does not call a place)."""
    lemma = v.lemma_.lower()
    if v.pos_ != "VERB":
        return False
    if lemma in _DONE_VERBS or lemma == "launch":
        # ("carried out air strikes", "launched an offensive", "launched 40 drones", "drones launched by Russia"; not
        # "launched a campaign", "an investigation", "a probe")
        done = [c for c in v.children if c.dep_ in ("dobj", "nsubjpass")] + ([v.head] if v.dep_ == "acl" else [])
        return any(c.lemma_.lower() in _FORCE_DONE | _LAUNCHED for c in done)
    if lemma not in (_ARMY_VERBS if military else _FORCE_VERBS):
        return False
    if lemma in _ARMY_VERBS:
        return True
    # a verb any doer may do strikes something: its object, or what it fires at ("struck Houthi radar stations",
    # "fired missiles at a base"), not a deal, gold, a decision or nothing ("struck three times in the first hour",
    # "Israel struck on Thursday", "Ukraine attacked the decision", "Egypt hit back at critics")
    objects = [c for c in v.children if c.dep_ == "dobj"]
    if any(c.lemma_.lower() in _NOT_STRUCK or c.lower_ in _NOT_STRUCK for c in v.children):
        return False
    return bool(objects) or any(c.dep_ == "prep" and c.lower_ in ("at", "on", "with") for c in v.children)


def _doer_verb(tok):
    """The verb a token is the doer of: as its subject (or a conjunct of the subject), or as a passive's
    agent ("drones launched by Russia"); else None."""
    head = tok
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    if head.dep_ == "nsubj":
        return head.head
    if head.dep_ == "pobj" and head.head.dep_ == "agent":
        return head.head.head
    return None


def _countries_in_arms(ctx: Context, mentions: list[ActorMention]) -> list[ActorMention]:
    """A country's name that is the doer of an act of armed force is its military (the name alone is no
    actor: "Russia said", "talks with Ukraine")."""
    doc = ctx.doc
    if doc is None:
        return []
    taken = SpanIndex(mentions)
    out = []
    for tok in doc:
        if tok.pos_ != "PROPN" or tok.dep_ == "compound":
            continue
        v = _doer_verb(tok)
        told = v is not None and v.lemma_.lower() in REPORTING_LEMMAS
        if told:
            # "Ukraine said it struck a Russian airbase": the country that tells its own act of force
            v = next((c for c in v.children if c.dep_ == "ccomp" and any(
                g.dep_ == "nsubj" and g.lower_ in ("it", "they") for g in c.children)), None)
        # (a name the small model calls a place, or one that says "it" did the act, may do any act of force; one it
        # calls a person, an organisation or nothing only what armed forces do: "Chad" who shot a neighbour is a
        # person, "Mali launched air strikes" and "Burkina Faso bombed a market" are states however it labels them)
        if v is None or not _force_verb(v, military=not told and tok.ent_type_ not in ("GPE", "LOC")):
            continue
        first = tok.left_edge if tok.left_edge.dep_ in ("compound", "det") else tok
        words = doc[first.i:tok.i + 1]
        name = _LEAD.sub("", words.text)
        iso3 = dictionary.state_country(name)
        if iso3 is None:
            continue
        start = words.start_char + len(words.text) - len(name)
        if taken.any(start, tok.idx + len(tok.text)):
            continue
        actor, inter = dictionary.generic_actor("military", iso3, ctx.published)
        out.append(ActorMention(name, start, tok.idx + len(tok.text), actor, inter, iso3, "generic", state_doer=True))
    return out


# verbs whose object, a country's people named by its demonym, are civilians ("killed 30 Palestinians")
_HARMED_VERBS = frozenset("kill injure wound abduct kidnap massacre execute behead".split())
# the people a demonym before them makes a country's civilians ("two Chinese nationals")
_CIVILIAN_NOUNS = frozenset("nationals citizens tourists workers engineers expatriates pilgrims traders miners "
                            "businessmen visitors travellers travelers students teachers doctors nurses".split())


# a fight told in the sentence: those killed in it are its sides' ("killed three Palestinians in a gun battle")
_FIGHT_TOLD = re.compile(r"\b(?:gun ?battles?|gunfights?|fire ?fights?|shoot-?outs?|clash(?:es|ed)?|counter-?attacks?|"
                         r"counter-?offensives?|exchanges? of fire|fighting|fought|ambush(?:es|ed)?|raids?)\b", re.I)


def _nationals_harmed(ctx: Context, mentions: list[ActorMention]) -> list[ActorMention]:
    """A country's people named by their demonym as the object of a violent verb are its civilians ("Israeli
    strikes killed at least 30 Palestinians", "gunmen abducted two Pakistanis"); no one calls them armed."""
    doc = ctx.doc
    if doc is None:
        return []
    taken = SpanIndex(mentions)
    out = []
    for tok in doc:
        if tok.tag_ not in ("NNS", "NNPS") or tok.dep_ != "dobj":
            continue  # (the object of an active verb: a passive's "Two Kenyans were killed" leaves the sides as they were)
        low = tok.lower_
        first = tok
        if tok.text[:1].isupper():
            iso3 = dictionary.demonym_country(low[:-1]) if low.endswith("s") else None
        elif low in _CIVILIAN_NOUNS:
            # "two Chinese nationals", "three Turkish engineers": a demonym that takes no plural, before a noun
            # of civilians (not "Nigerian soldiers")
            first = next((c for c in tok.lefts if c.dep_ in ("amod", "compound") and c.text[:1].isupper()), tok)
            iso3 = dictionary.demonym_country(first.lower_) if first is not tok else None
            if any(c.dep_ == "conj" for c in first.children):
                continue  # ("Chinese and Ukrainian tourists": people of two countries)
        else:
            continue
        if iso3 is None or tok.head.lemma_.lower() not in _HARMED_VERBS or _FIGHT_TOLD.search(tok.sent.text):
            continue
        start, end = first.idx, tok.idx + len(tok.text)
        name, inter = dictionary.generic_actor("civilians", iso3, ctx.published)
        if taken.any(start, end):
            # (the generic mention of the noun read with the document's guessed country: the demonym's)
            for m in mentions:
                if m.source == "generic" and m.start == start and m.end == end and m.inter == inter:
                    m.name, m.country, m.owned = name, iso3, True
            continue
        out.append(ActorMention(ctx.text[start:end], start, end, name, inter, iso3, "generic", owned=True))
    return out


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
