"""Argument roles: actor1 and actor2 (with associated actors) of each event.

Actor mentions in the event's sentence are placed by their path to the trigger in the
dependency parse: subjects, agents and modifiers of an event noun ("a Hezbollah offensive")
are the side that acts; objects and "against/on/with" phrases the side acted on. ACLED's
conventions then apply: victims of violence against civilians are actor2; protesters and
rioters are actor1 under their generic names.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ..document import ActorMention, Context, Event, source_country
from ..pipeline import stage
from .syntax import after_clause, headline_passive, no_one, offset_clause, participle_noun, token_at

AGENT_DEPS = frozenset({"nsubj", "agent", "csubj", "compound", "amod", "poss", "nmod"})
PATIENT_DEPS = frozenset({"dobj", "nsubjpass", "attr", "oprd", "dative", "appos"})
PATIENT_PREPS = frozenset({"against", "on", "at", "with", "from", "upon", "targeting", "toward", "towards"})
UNIDENTIFIED_WORDS = frozenset(
    "gunman gunmen assailant assailants attacker attackers unknown unidentified bandits".split()
)
CIVILIAN_VICTIM_INTERS = frozenset({"Civilians"})
REPORTING_VERBS = frozenset("say tell report claim state add confirm accuse deny quote cite insist allege".split())


# the links that stay inside a noun phrase: a name's parts, its title, its apposition, a coordination
_SPEAKER_PHRASE = frozenset({"conj", "compound", "appos", "flat"})


def is_speaker(ctx: Context, mention: ActorMention) -> bool:
    """A mention that is the subject of a reporting verb ("X said") is a source, not a party."""
    r = _phrase_head(ctx, mention, run_by=True)
    if r is None:
        return False
    if r.dep_ in ("nsubj", "nsubjpass") and r.head.lemma_.lower() in REPORTING_VERBS:
        if any(c.dep_ == "acl" and c.pos_ == "VERB" for c in r.children) and any(
                c.dep_ in ("nsubj", "nsubjpass") and c.i != r.i for c in r.head.children):
            # "Israeli strikes killed 30 people across Gaza, health officials said": the parser made the strikes a
            # second subject of "said", their verb a participle of theirs; the officials speak
            return False
        # (not a group claiming an act the sentence tells: "the Kelmo Front claimed a raid on a hotel that left
        # nine dead" names its doer; one claiming "the attack" told before stays a source, and the
        # event told before takes it as its doer: see _claimer_near)
        return not _claims_the_act(r.head, new=True)
    # "according to X", "a source in X told"
    return r.dep_ == "pobj" and r.head.lower_ == "to" and r.head.head.lower_ == "according"


def _phrase_head(ctx: Context, mention: ActorMention, run_by: bool = False):
    """The head of the noun phrase a mention is in (up through a name's parts, a title, an apposition, a
    coordination: "police" of "a senior police officer, Kelmo Dunde, said"); `run_by`: from the noun a group runs
    too (see _run_by). None where the mention is no span of the parse."""
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    r = _run_by(span.root) if run_by else span.root
    while r.dep_ in _SPEAKER_PHRASE and r.head != r:
        r = r.head
    return r


_RUN_WORDS = frozenset("run controlled led backed administered operated owned affiliated".split())


def _run_by(r):
    """The noun a group runs: "ministry" of "the Hamas-run health ministry", "the ministry, run by Hamas" (so
    that a source's owner is no party to what the source tells)."""
    if r.dep_ == "npadvmod" and r.head.lower_ in _RUN_WORDS:
        r = r.head
    elif r.dep_ == "pobj" and r.head.dep_ == "agent" and r.head.head.lower_ in _RUN_WORDS:
        r = r.head.head
    else:
        return r
    return r.head if r.dep_ in ("compound", "amod", "acl") and r.head.pos_ in ("NOUN", "PROPN") else r


_CLAIMED_ACT = frozenset("responsibility credit".split())
_CLAIMED_NOUNS = frozenset("attack attacks bombing bombings blast blasts explosion explosions killing killings "
                           "assassination ambush raid strike strikes abduction kidnapping".split())


def _claims_the_act(verb, new: bool = False) -> bool:
    """"claimed responsibility for the raid", "claimed the ambush": the claimer is the act's doer. `new`: only
    an act told there for the first time ("for a bombing", "claimed an attack")."""
    if verb.lemma_.lower() != "claim":
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    acts = [c for c in objects if c.lemma_.lower() in _CLAIMED_NOUNS]
    if any(c.lower_ in _CLAIMED_ACT for c in objects):
        acts += [g for h in [verb, *objects] for p in h.children if p.dep_ == "prep" and p.lower_ in ("for", "of")
                 for g in p.children if g.dep_ == "pobj"]
        if not new:
            return True
    return any(any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in act.children) for act in acts) if new \
        else bool(acts)


def _claimer(ctx: Context, mention: ActorMention) -> bool:
    """A mention that claims an act ("JNIM claimed responsibility on Monday", "the Kelmo Front claimed the ambush");
    not "no faction claimed it"."""
    r = _phrase_head(ctx, mention)
    return r is not None and r.dep_ == "nsubj" and _claims_the_act(r.head) and not no_one(r) and not any(
        c.dep_ == "det" and c.lower_ == "any" for c in r.children)



# How much the text's own country cues (country names, demonyms, named groups, peoples) count beside
# the resolved places' countries when naming generic actors.
TEXT_COUNTRY_SHARE = 0.5
# How much the country of the text's source (`--country`, a country-code domain) counts on that scale: more
# than a named group or a people of another country (0.25: "Al Shabaab fighters raided a police post" in a
# Kenyan feed is Kenya's police), less than a demonym (0.5), a place (0.5 a mention) or a country's name
SOURCE_COUNTRY_SHARE = 0.375


def document_country(ctx: Context) -> str | None:
    """The country generic actors are named after: the resolved places' countries (ctx.countries)
    together with the text's own cues, so that a text naming no resolvable place still gives
    "Protesters (Kenya)" when it says "Kenyan" or names a Kenyan people, and a stray namesake place
    does not outweigh a country the text names. The country of the text's source (`--country`, a
    country-code domain) counts too, at SOURCE_COUNTRY_SHARE: a national feed's "police dispersed the
    protesters" are that country's."""
    from ..resources.actors import document_countries

    weights = dict(ctx.countries)
    for iso3, w in document_countries(ctx.text):
        weights[iso3] = weights.get(iso3, 0.0) + TEXT_COUNTRY_SHARE * w
    source = source_country(ctx.document)[0]
    if source:
        weights[source] = weights.get(source, 0.0) + SOURCE_COUNTRY_SHARE
    if not weights:
        return None
    return max(weights.items(), key=lambda kv: kv[1])[0]


@lru_cache(maxsize=4096)
def _lookup(text: str, iso3: str | None, when):
    from ..resources.actors import lookup_actor

    return lookup_actor(text, iso3, when)


def localize(ctx: Context, m: ActorMention, iso3: str | None) -> ActorMention:
    """A mention named for the document's country: generic names ("the police", "a mob") that do not
    name their own country take it; identity militias and other placeholders get it in brackets
    ("Pokot Ethnic Militia (Kenya)"); a transnational group its branch there ("Islamic State
    (Afghanistan)")."""
    from ..resources.actors import branch_of, with_country

    if iso3 is None:
        return m
    name, inter, country = m.name, m.inter, m.country
    if m.source == "generic" and country != iso3 and not m.owned:
        own = _lookup(m.text, None, ctx.published)
        if own is None or own[2] is None:  # the words themselves do not say which country
            new = _lookup(m.text, iso3, ctx.published)
            if new is not None and new[0] and new[2] == iso3:
                name, inter, country = new
    elif m.source == "dictionary" and not country:
        name = branch_of(name, iso3)
    # a dictionary group's own country in its brackets, else the document's
    name = with_country(name, m.country if m.source == "dictionary" and m.country else iso3)
    if name == m.name:
        return m
    return replace(m, name=name, inter=inter, country=country)


def generic(kind: str, iso3: str | None, ctx: Context) -> tuple[str, str]:
    from ..resources.actors import generic_actor

    return generic_actor(kind, iso3, ctx.published)


ANAPHORIC_GROUP_WORDS = ("militant", "fighter", "jihadist", "insurgent", "extremist", "rebel", "group")
NAMED_ARMED_INTERS = frozenset({"Rebel group", "Political militia", "Identity militia"})


def resolve_generic(ctx: Context, m: ActorMention) -> ActorMention:
    """'the militants' after a named group is that group, not an unidentified one; 'the police' after one
    named police force ("the Military Police", "the Federal Police") is that force."""
    if not (m.name.startswith("Unidentified Armed Group") or m.source == "generic"):
        return m
    low = m.text.lower()
    if m.source == "generic" and "police" in low and m.inter == "State forces":
        named = {a.name: a for a in ctx.actors if a.end <= m.start and a.source == "dictionary"
                 and a.inter == "State forces" and "police" in a.text.lower() and a.country == m.country}
        if len(named) == 1:
            p = next(iter(named.values()))
            return ActorMention(m.text, m.start, m.end, p.name, p.inter, p.country, "coreference")
        return m
    if not any(w in low for w in ANAPHORIC_GROUP_WORDS):
        return m
    previous = [a for a in ctx.actors if a.end <= m.start and a.inter in NAMED_ARMED_INTERS
                and not a.name.startswith("Unidentified")]
    if not previous:
        return m
    p = previous[-1]
    return ActorMention(m.text, m.start, m.end, p.name, p.inter, p.country, "coreference")


TERRITORY_SUBS = ("Government regains territory", "Non-state actor overtakes territory")
PRONOUN_SUBJECTS = frozenset({"it", "they", "its"})
_OWN = frozenset({"its", "their"})
# how a sentence opens when it tells another incident: "Separately, ...", "Elsewhere, ...", "In another attack, ...", "In
# Kelmora state, ..."
_SEPARATE = (r"Separately|Elsewhere|In\s+(?:a|an)?\s*(?:separate|another|other)\s+"
             r"(?:incidents?|attacks?|developments?|clash(?:es)?)")
# a sentence told as another incident by its first words (not "Meanwhile", nor a region's name: "In Kelmora
# county, relatives said police beat him" may tell the same act again)
SEPARATE_INCIDENT_OPENING = re.compile(r"(?:" + _SEPARATE + r")\b")
OTHER_INCIDENT_OPENING = re.compile(r"(?:" + _SEPARATE + r"|Meanwhile|In\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?"
                                    r"\s+(?:state|province|region|district|county|governorate),)")


def antecedent(ctx: Context, pron) -> ActorMention | None:
    """The actor a subject pronoun stands for: the last actor that was a subject before it,
    in this sentence or the two before (speakers included: 'It said ...')."""
    s = ctx.sentence_at(pron.idx)
    if s is None:
        return None
    lo = ctx.sentences[max(0, s.index - 2)].start
    best = None
    for a in ctx.actors:
        if lo <= a.start < pron.idx:
            span = ctx.doc.char_span(a.start, a.end, alignment_mode="expand")
            if span is not None and len(span) and span.root.dep_ in ("nsubj", "nsubjpass"):
                best = a
    return best


def _none_of(ctx: Context, mention: ActorMention) -> bool:
    """"No faction claimed the raid": a claimer that is no one (not "No soldiers were killed", the target)."""
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    r = span.root if span is not None and len(span) else None
    return r is not None and r.dep_ == "nsubj" and r.head.lemma_.lower() == "claim" and no_one(r)


def _armed_men_s_act(ctx: Context, mention: ActorMention) -> bool:
    """A crowd's act named by its verb ("looting", "looted") that armed men did: "Insurgents attacked the town,
    looting food and battling troops" tells no rioters."""
    if mention.inter != "Rioters" or ctx.doc is None:
        return False
    tok = token_at(ctx.doc, mention.start)
    if tok is None or tok.pos_ != "VERB":
        return False
    for verb in (tok, tok.head, tok.head.head):
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if subjects:
            return any(m.inter in ARMED_SIDE_INTERS for c in subjects
                       for m in ctx.actors_starting(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)))
        if verb.dep_ not in ("advcl", "conj", "xcomp"):
            break
    return False


def _is_apposition(ctx: Context, mention: ActorMention) -> bool:
    """'the Syrian army, seven soldiers': an apposition names its head again."""
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    return bool(span is not None and len(span) and span.root.dep_ == "appos")


def _mention_root(span):
    """The head of a mention's tokens; when the parser hangs a token of the name on the verb as an
    auxiliary ("IS militants attacked": "IS" read as "is"), the nominal head instead."""
    r = span.root
    if r.dep_ in ("aux", "auxpass") and len(span) > 1:
        heads = [t for t in span if (t.head.i < span.start or t.head.i >= span.end or t.head == t)
                 and t.dep_ not in ("aux", "auxpass")]
        if heads:
            return heads[-1]
    return r


# verbs whose subject undergoes what happens
_UNDERGOER_VERBS = frozenset("die perish drown".split())


def _role(ctx: Context, mention: ActorMention, trig, verbs, placed: bool = False) -> str | None:
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    r = _mention_root(span)
    if r == trig or any(r == v for v in verbs):
        return None
    noun = participle_noun(trig) if trig is not None else None
    if noun is not None and r.i == noun.i:
        return "patient"  # "five soldiers wounded near the town"
    path = [r] + list(r.ancestors)
    for i, node in enumerate(path[1:], 1):
        if node == trig or any(node == v for v in verbs):
            child = path[i - 1]
            dep = child.dep_
            if dep == "prep" or (dep == "pobj" and i >= 2):
                prep = child if dep == "prep" else child.head
                word = prep.lower_
                if word == "by":
                    return "agent"
                if word in PATIENT_PREPS:
                    return "patient"
                if word == "of" and node == trig:
                    return "patient"
                return None
            if dep == "pobj":
                return None
            # (or a headline's: "Police sergeant gunned down by raiders", "Four officers killed")
            if dep == "nsubj" and (node.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in node.children)
                                   or headline_passive(node)):
                return "patient"
            if dep == "nsubj" and node.lemma_.lower() in _UNDERGOER_VERBS:
                return "patient"  # "three soldiers died when a bomb hit their truck": the dead are its victims
            if dep in AGENT_DEPS:
                if dep in ("compound", "amod", "poss", "nmod") and node != trig:
                    return None
                if dep == "nsubj" and node.lemma_.lower() in _FINDING_VERBS and any(
                        c.dep_ == "dobj" and c.lemma_.lower() in _REMAINS and not any(
                            t.dep_ == "relcl" for t in c.subtree) for c in node.children):
                    # (not "found the bodies of three rebels they had killed": the finders say they killed them)
                    return "finder"  # "Officers recovered three corpses": who found them, not who killed
                return "agent"
            if dep in PATIENT_DEPS:
                return "patient"
            if dep == "conj":
                continue
            if dep == "advcl" and (offset_clause(child) is not None or placed and after_clause(child)):
                # "struck Khost, two days after militants killed seven soldiers": the other act's side (and of an
                # act at a place of its own: "struck Dunde after fighters fired rockets at Tasra", events._apart_after)
                return "apart"
            if dep == "advcl" and any(c.dep_ == "mark" and c.lower_ in _TIME_MARKS for c in child.children):
                # "a dozen guests died before troops ended the siege": who acted in a clause of
                # what came later is no side of an attack on civilians ("after militants attacked" tells the act
                # itself; "killed a voter, before police fired back" in a clash, a side)
                return "later"
            if dep == "advcl" and child.tag_ == "VBG" and i >= 2 and path[i - 2].dep_ == "dobj":
                # "warplanes bombed a market, killing 20 people", "drones struck a car, wounding two
                # fighters": what the act's participle of outcome takes undergoes the act
                return "outcome"
            return "other"
    return None


# verbs of fending off an attack, whose subject is the attack's target
_REPELLING = frozenset("repel repulse foil thwart rebuff".split())
_ROADSIDE = "Remote explosive/landmine/IED"
# victims a mob killed that the text calls armed ("a crowd lynched two armed robbers"): an armed group
_ARMED_VICTIMS = re.compile(r"\barmed\b|\bgunm[ae]n\b", re.I)
_SITE_BEFORE = re.compile(r"\b(?:near|at|outside|targeting|against|beside)\s+(?:(?:a|an|the)\s+)?(?:\w+\s+){0,2}$",
                         re.I)
_BY_BEFORE = re.compile(r"\bby\s+(?:the\s+)?$", re.I)
_CUSTODY = re.compile(r"\b(?:died|death|deaths|killed|dead|tortured|beaten)\s+(?:\w+\s+){0,3}in\s+(?:police\s+|military\s+|"
                      r"army\s+|their\s+|his\s+|her\s+)?custody\b", re.I)
_ETHNIC_MILITIA = re.compile(r"^(.+) Ethnic Militia( \(.+\))?$")
_FINDING_VERBS = frozenset("find discover recover exhume uncover retrieve".split())
_REMAINS = frozenset("body corpse remains grave skeleton".split())
_TIME_MARKS = frozenset("before until till".split())


def _verbs_of(trig, placed: bool = False):
    verbs = []
    t = trig
    for _ in range(4):
        if t.pos_ in ("VERB", "AUX"):
            verbs.append(t)
            if t.dep_ not in ("xcomp", "conj", "advcl") or t.head == t or t.head.lemma_ in REPORTING_VERBS \
                    or offset_clause(t) is not None or placed and after_clause(t):
                break
        if t.head == t:
            break
        t = t.head
    return verbs


ARMED_SIDE_INTERS = NAMED_ARMED_INTERS | {"State forces", "External/Other forces"}
# how many sentences after the event's a perpetrator may be named in ("The device was planted by X.",
# "X claimed responsibility.")
AGENT_LOOKAHEAD = 2


def _agent_nearby(ctx: Context, ev: Event, s, taken: set, iso3: str | None) -> list[tuple[str, str]]:
    """A named armed group (not a generic or unidentified one) that the event's other sentences or the
    next sentences of its paragraph name, for an event whose sentence names no perpetrator; named for
    the document's country as the sentence's own mentions are ("Kelmo Ethnic Militia (Sudan)")."""
    idx = sorted(set(ev.sentences) | set(range(s.index + 1, min(len(ctx.sentences), s.index + 1 + AGENT_LOOKAHEAD))))
    for i in idx:
        other = ctx.sentences[i]
        if i == s.index or other.paragraph != s.paragraph:
            continue
        for a in ctx.actors:
            if other.start <= a.start < other.end and a.source == "dictionary" and a.inter in NAMED_ARMED_INTERS \
                    and not a.name.startswith("Unidentified"):
                m = localize(ctx, a, iso3)
                if m.name not in taken:
                    return [(m.name, m.inter)]
    if s.index > 0:
        # "The Military Police raided X. Two suspects were shot.": the force whose
        # operation the sentence before tells of, when it is that sentence's subject
        prev = ctx.sentences[s.index - 1]
        if prev.paragraph == s.paragraph:
            for a in ctx.actors:
                if prev.start <= a.start < prev.end and a.inter in ARMED_SIDE_INTERS \
                        and not a.name.startswith("Unidentified") and _is_subject(ctx, a) and not is_speaker(ctx, a):
                    m = localize(ctx, resolve_generic(ctx, a), iso3)
                    if m.name not in taken:
                        return [(m.name, m.inter)]
    return []


def _claimer_near(ctx: Context, ev: Event, s, iso3: str | None) -> ActorMention | None:
    """A named armed group that the event's sentences, or the next ones of its paragraph, tell as claiming an act."""
    idx = sorted(set(ev.sentences) | set(range(s.index, min(len(ctx.sentences), s.index + 1 + AGENT_LOOKAHEAD))))
    last = max(ev.sentences)
    for i in idx:
        other = ctx.sentences[i]
        if other.paragraph != s.paragraph and i != last + 1:
            # (the next paragraph's first sentence may tell the claim: "... killing seven people. ¶ Islamic State
            # claimed the attack")
            continue
        if i != s.index and OTHER_INCIDENT_OPENING.match(other.text):
            break  # ("In a separate incident, ISWAP claimed an ambush near Damboa": another act's claim)
        for a in ctx.actors_starting(other.start, other.end):
            if a.source == "dictionary" and a.inter in NAMED_ARMED_INTERS and not a.name.startswith("Unidentified") \
                    and _claimer(ctx, a):
                return localize(ctx, a, iso3)
    return None


def _is_subject(ctx: Context, a: ActorMention) -> bool:
    span = ctx.doc.char_span(a.start, a.end, alignment_mode="expand")
    return bool(span is not None and len(span) and _mention_root(span).dep_ == "nsubj")


CROWD_INTERS = frozenset({"Rioters", "Protesters"})
# the police told as coming to the scene of a mob's act, before or after it: no side the mob acted on
_POLICE_CAME = re.compile(r"\b(?:before|until|by\s+the\s+time)\s+(?:the\s+)?(?:police|officers|security\s+forces)"
                          r"(?:\s+\w+){0,2}?\s+(?:arrived|came|got\s+there|intervened|reached|responded)\b"
                          r"|\b(?:police|officers)\s+(?:arrived|came)\s+(?:later|only\s+later|too\s+late|after\s+(?:he|she|they)"
                          r"|after\s+the\s+(?:man|woman|victim))\b", re.I)


def _state_forces_near(ctx: Context, ev: Event, s, names: list[str], inter: dict, iso3) -> list[str]:
    """State forces among the sentence's other mentions, else in the event's later sentences."""
    out = [n for n in names if inter.get(n) == "State forces"]
    if out:
        return out
    near = [i for i in sorted(set(ev.sentences)) if i != s.index]
    # then the sentence before, in the same paragraph ("Federal police seized drugs. Two men were arrested.")
    if s.index > 0 and ctx.sentences[s.index - 1].paragraph == s.paragraph:
        near.append(s.index - 1)
    # or after ("Rioters burned tyres. Police dispersed them.")
    if s.index + 1 < len(ctx.sentences) and ctx.sentences[s.index + 1].paragraph == s.paragraph:
        near.append(s.index + 1)
    for i in near:
        other = ctx.sentences[i]
        for a in ctx.actors:
            if other.start <= a.start < other.end and a.inter == "State forces" and not is_speaker(ctx, a):
                m = localize(ctx, a, iso3)
                inter[m.name] = m.inter
                out.append(m.name)
        if out:
            break
    return out


def _prefer_named(side: list[str], inter: dict) -> list[str]:
    """'Rebels of the M23 movement': a named armed group makes the generic mention redundant."""
    if any(inter.get(n) in NAMED_ARMED_INTERS and not n.startswith("Unidentified") for n in side):
        return [n for n in side if not n.startswith("Unidentified")]
    return side


def assign_roles(ctx: Context, ev: Event, iso3: str | None = None) -> None:
    s = ctx.sentences[ev.sentences[0]]
    if iso3 is None:
        iso3 = document_country(ctx)
    mentions = [localize(ctx, resolve_generic(ctx, a), iso3) for a in ctx.actors_starting(s.start, s.end)
                if not is_speaker(ctx, a) and not _is_apposition(ctx, a) and not _none_of(ctx, a)
                and not _armed_men_s_act(ctx, a)]
    # a political party (an actor of the dictionary with no inter) is no side: its members' crowd or
    # militia is, and the party stands beside that side ("BJP workers protested": Protesters (India),
    # with the BJP associated)
    parties = [m for m in mentions if m.inter is None and m.source == "dictionary"]
    mentions = [m for m in mentions if m not in parties]
    trig = token_at(ctx.doc, ev.trigger_start)
    agents: list[ActorMention] = []
    patients: list[ActorMention] = []
    others: list[ActorMention] = []
    party_sides: tuple[list[str], list[str]] = ([], [])
    if trig is not None:
        placed = getattr(ev, "own_place", False)
        verbs = _verbs_of(trig, placed)
        apart: list[ActorMention] = []
        # (an act in a clause of a place of its own: the sides named outside the clause are the other act's)
        clause = verbs[-1] if placed and verbs and after_clause(verbs[-1]) else None
        for m in mentions:
            if clause is not None and not clause.left_edge.idx <= m.start < clause.right_edge.idx + len(
                    clause.right_edge) and ctx.sentence_at(m.start) is ctx.sentence_at(clause.idx):
                apart.append(m)
                continue
            role = _role(ctx, m, trig, verbs, placed)
            if role == "outcome":
                # (the dead a battle left are of either side or none: its other side is the one fought)
                role = "patient" if ev.event_type != "Battles" else "other"
            if role == "apart":
                apart.append(m)  # (a side of another act, counted off in days)
                continue
            if role == "finder" or role == "later" and ev.event_type == "Violence against civilians":
                continue  # (no side: a finder of bodies, the doer of a later clause)
            (agents if role == "agent" else patients if role == "patient" else others).append(m)
        if trig.pos_ == "NOUN" and trig.dep_ == "dobj" and trig.head.lemma_.lower() in _REPELLING and agents:
            # "the army and allied Joint Forces repelled an RSF assault": the attack's own doer acts, those who
            # repelled it are acted on (the attack's other side)
            lo, hi = trig.left_edge.idx, trig.right_edge.idx + len(trig.right_edge)
            own = [m for m in agents if lo <= m.start < hi]
            patients += [m for m in agents if m not in own]
            agents = own  # ("Troops repelled an attack on a base": an attacker no word names)
        if apart and ev.event_type == "Battles" and not agents and not patients:
            # "Fresh clashes erupted in Khartoum on Sunday, a day after the army and the RSF agreed to a ceasefire":
            # a fight told with no sides of its own is between those its sentence names
            others += apart
        for m in parties:
            # (a protest's parties are the protesters', whatever the police did to them)
            patient = ev.event_type != "Protests" and _role(ctx, m, trig, verbs, placed) == "patient"
            side = party_sides[1] if patient else party_sides[0]
            if m.name not in side:
                side.append(m.name)
        for v in verbs[:1]:
            for c in v.children:
                if c.dep_ == "nsubj" and c.lower_ in PRONOUN_SUBJECTS and not agents:
                    a = antecedent(ctx, c)
                    if a is not None:
                        agents.append(localize(ctx, resolve_generic(ctx, a), iso3))
                own = next((g for g in c.children if g.dep_ == "poss" and g.lower_ in _OWN), None) \
                    if c.dep_ == "nsubj" else None
                if own is not None and not any(a.inter in ARMED_SIDE_INTERS for a in agents):
                    # "Hezbollah said its fighters fired rockets at a base", "the army said its aircraft struck":
                    # the group the possessive stands for is the doer (a speaker, as antecedent allows)
                    a = antecedent(ctx, own)
                    if a is not None and a.inter in ARMED_SIDE_INTERS:
                        agents = [m for m in agents if m.inter in ARMED_SIDE_INTERS]
                        agents.append(localize(ctx, resolve_generic(ctx, a), iso3))
    else:
        others = mentions

    def names(ms):
        out = []
        for m in ms:
            if m.name not in out:
                out.append(m.name)
        return out

    a_names, p_names, o_names = names(agents), names(patients), names(others)
    p_names = [n for n in p_names if n not in a_names]
    o_names = [n for n in o_names if n not in a_names and n not in p_names]
    inter = {m.name: m.inter for m in mentions + agents}
    low = s.text.lower()

    two_sided = ev.event_type in ("Battles", "Violence against civilians", "Explosions/Remote violence")
    reference = bool(getattr(ev, "support_only", ""))  # "the battle", "a ... campaign": a reference back
    if not a_names and ev.sub_event_type == _ROADSIDE and not reference and not p_names:
        # "A roadside bomb exploded near a patrol of the Popular Mobilisation Forces": with no one said to have laid
        # it, the armed side named beside the blast is its target
        # (told after the bomb or in a phrase of where it went off, "hidden beside an army post"; not as who laid
        # it, "a bomb buried by Al Shabaab", nor as a headline's doer, "Kelmo Front sets off bomb at market")
        beside = {m.name for m in mentions if not _BY_BEFORE.search(ctx.text, max(0, m.start - 12), m.start) and (
            m.start > ev.trigger_start or _SITE_BEFORE.search(ctx.text, max(0, m.start - 30), m.start))}
        p_names = [n for n in o_names if inter.get(n) in ARMED_SIDE_INTERS and n in beside][:1]
        o_names = [n for n in o_names if n not in p_names]
    side1 = a_names or ([] if p_names or ev.event_type == "Violence against civilians" else o_names[:1])
    if not side1 and two_sided and not reference:
        # "two soldiers were killed in an ambush by Taliban militants", "... during clashes with X": the
        # other side sits in a phrase under the event noun, not as the verb's agent
        armed = [n for n in o_names if inter.get(n) in ARMED_SIDE_INTERS]
        if any(inter.get(n) == "State forces" for n in p_names):
            # "two policemen died and a soldier was hurt as a Taliban-planted IED struck their pickup":
            # with the state's forces among those harmed, a named group the sentence gives is the other
            # side before another of the state's forces
            armed.sort(key=lambda n: inter.get(n) not in NAMED_ARMED_INTERS)
        side1 = armed[:1]
    rest = [n for n in o_names if n not in side1]
    side2 = p_names or (rest[:1] if two_sided else [])
    if not side1 and two_sided and not reference:
        # (a reference back, "the attack was repelled", stays bare for the merge stage to join)
        side1 = _agent_nearby(ctx, ev, s, set(side2), iso3)
        for n, it in side1:
            inter[n] = it
        side1 = [n for n, _ in side1]
    if two_sided and not reference and all(n.startswith("Unidentified") for n in side1):
        # "A bomb killed three workers. Al Shabaab claimed responsibility.": ACLED codes the act as the claimer's
        claimer = _claimer_near(ctx, ev, s, iso3)
        if claimer is not None and claimer.name not in side2:
            inter[claimer.name] = claimer.inter
            side1 = [claimer.name]
    if not side1 and ev.event_type == "Explosions/Remote violence":
        # ACLED: a bomb or landmine that no one is said to have laid is an unidentified armed group's
        name, it = generic("unidentified", iso3, ctx)
        inter[name] = it
        side1 = [name]

    if ev.event_type == "Violence against civilians":
        victims = [n for n in side2 if inter.get(n) in CIVILIAN_VICTIM_INTERS]
        if not victims:
            name, it = generic("civilians", iso3, ctx)
            inter[name] = it
            side2 = [name] + side2
        else:
            side2 = victims + [n for n in side2 if n not in victims]
        # the victims' people is no militia: "Pokot raiders killed five Turkana herders" has the Turkana Ethnic
        # Group (Kenya) beside the civilians, as ACLED names them
        side2 = [_ETHNIC_MILITIA.sub(r"\1 Ethnic Group\2", n) if k else n for k, n in enumerate(side2)]
        side1 = [n for n in side1 if inter.get(n) not in CIVILIAN_VICTIM_INTERS]
        keepers = [m.name for m in mentions if m.inter == "State forces"] if _CUSTODY.search(low) else []
        if keepers and all(n.startswith("Unidentified") for n in side1):
            # "A man detained by police died in custody": those who held him (ACLED: grave abuse by police)
            side1 = keepers[:1]
            side2 = [n for n in side2 if n != keepers[0]]
        if not side1:
            name, it = generic("unidentified", iso3, ctx)
            inter[name] = it
            side1 = [name]
    elif ev.event_type == "Protests":
        protesters = [n for n in side1 + side2 + o_names if inter.get(n) == "Protesters"]
        if protesters:
            p = protesters[0]
        else:
            p, it = generic("protesters", iso3, ctx)
            inter[p] = it
        # the force that met the protest: a government a protest names is what it is against ("against
        # a government order"), not who stopped it
        police = [n for n in side1 + side2 + o_names if inter.get(n) == "State forces" and not n.startswith("Government")]
        if not police and ev.sub_event_type != "Peaceful protest":
            # "Police dispersed them with tear gas." in a later sentence of the event or the next one
            police = [n for n in _state_forces_near(ctx, ev, s, [], inter, iso3) if not n.startswith("Government")]
        if not police and ev.sub_event_type == "Protest with intervention":
            # ACLED: the force that intervenes in a protest, when the text does not name it ("were
            # detained", "the march was stopped"), is the country's police
            name, it = generic("police", iso3, ctx)
            inter[name] = it
            police = [name]
        side1, side2 = [p], (police[:1] if ev.sub_event_type != "Peaceful protest" else [])
    elif ev.event_type == "Riots":
        rioters = [n for n in side1 + side2 if inter.get(n) == "Rioters"]
        if rioters:
            r = rioters[0]
        else:
            r, it = generic("rioters", iso3, ctx)
            inter[r] = it
        # the crowd's own words ("villagers stoned the police") name the rioters, not their target
        targets = [n for n in side2 if n != r and inter.get(n) not in CROWD_INTERS]
        targets += [n for n in side1 if n != r and n not in targets and inter.get(n) not in CROWD_INTERS | {"Civilians"}
                    and not n.startswith("Vigilante")]  # a vigilante mob is the crowd itself
        # ACLED: the force a crowd fought is the riot's other side before people it hurt ("20 people were
        # hurt as marchers clashed with the police")
        targets.sort(key=lambda n: inter.get(n) != "State forces")
        # ("a mob beat a suspected thief to death before police arrived": the police who came are no target)
        nxt = ctx.sentences[s.index + 1].text if s.index + 1 < len(ctx.sentences) else ""
        came = ev.sub_event_type == "Mob violence" and _POLICE_CAME.search(low + " " + nxt) is not None
        if came:
            targets = [n for n in targets if inter.get(n) != "State forces"]
        if (not targets or all(inter.get(n) == "Civilians" for n in targets)) and not came:
            # "... clashed with the police", "Police intervened to stop the mob": the force the
            # rioters met, in another phrase, a later sentence of the event or the next one
            targets = _state_forces_near(ctx, ev, s, o_names, inter, iso3) + targets
        if ev.sub_event_type == "Mob violence" and any(n.startswith("Unidentified Armed Group") for n in targets) \
                and not _ARMED_VICTIMS.search(low):
            # "a mob lynched two suspected kidnappers": those a mob kills or beats, whatever it suspects them of, are
            # civilians (ACLED), not an armed group
            c, it = generic("civilians", iso3, ctx)
            inter[c] = it
            targets = [c if n.startswith("Unidentified Armed Group") else n for n in targets]
        side1, side2 = [r], targets[:1]
        if ev.sub_event_type == "Mob violence" and not side2:
            c, it = generic("civilians", iso3, ctx)
            inter[c] = it
            side2 = [c]
    elif ev.event_type in ("Battles", "Explosions/Remote violence"):
        if not side1 and any(w in low.split() for w in UNIDENTIFIED_WORDS):
            name, it = generic("unidentified", iso3, ctx)
            inter[name] = it
            side1 = [name]
        if ev.event_type == "Battles" and side2 and all(inter.get(n) in CIVILIAN_VICTIM_INTERS for n in side2):
            # ACLED: civilians killed in a battle's crossfire are never its side ("fighting between the army and
            # the RSF killed 14 civilians"): the other armed side is, where the text names one
            armed = [n for n in side1[1:] + o_names if inter.get(n) in ARMED_SIDE_INTERS and n not in side1[:1]]
            if armed:
                side1, side2 = [n for n in side1 if n != armed[0]], armed[:1]
        if ev.event_type == "Battles" and not side2 and len(side1) > 1:
            # (two doers fight each other, unless the sentence names a foe of theirs beside them: "the army and allied
            # Joint Forces repelled an RSF assault" has the RSF for its other side, the Joint Forces the army's ally)
            foe = [n for n in o_names if n not in side1 and inter.get(n) in ARMED_SIDE_INTERS]
            side1, side2 = (side1, foe[:1]) if foe else (side1[:1], side1[1:2])
        if ev.event_type == "Battles" and not side1 and len(side2) > 1 and not reference and " between " in low:
            # "fighting between the army and the rebels": both sides read as acted on (not "a joint
            # army and militia offensive", whose two are allies)
            side1, side2 = side2[:1], side2[1:]
    elif ev.sub_event_type == "Looting/property destruction" and not reference:
        # ACLED: property destroyed or looted by no one named is an unidentified armed group's, and what
        # anyone but the state's forces destroys is civilians' property
        if not side1:
            name, it = generic("unidentified", iso3, ctx)
            inter[name] = it
            side1 = [name]
        if not side2 and inter.get(side1[0]) != "State forces":
            name, it = generic("civilians", iso3, ctx)
            inter[name] = it
            side2 = [name]
    elif ev.sub_event_type == "Disrupted weapons use" and not side1 and side2 \
            and inter.get(side2[0]) not in ("State forces", "Civilians"):
        # "two militants were killed when the mine they were laying went off": ACLED's actor is the group whose
        # bomb it was, with no other side
        side1, side2 = side2[:1], side2[1:]
    elif ev.sub_event_type == "Arrests":
        if not [n for n in side1 if inter.get(n) == "State forces"]:
            # ACLED: arrests are made by the state's forces; unnamed ones are its police
            police = _state_forces_near(ctx, ev, s, o_names + p_names, inter, iso3)
            if not police:
                name, it = generic("police", iso3, ctx)
                inter[name] = it
                police = [name]
            side1 = police[:1] + [n for n in side1 if n not in police]
            side2 = [n for n in side2 if n not in police]
    side1, side2 = _prefer_named(side1, inter), _prefer_named(side2, inter)
    if ev.sub_event_type in TERRITORY_SUBS:
        first = inter.get(side1[0]) if side1 else None
        ev.sub_event_type = ("Government regains territory" if first == "State forces" else
                             "Non-state actor overtakes territory" if first in NAMED_ARMED_INTERS | {"External/Other forces"}
                             else "Armed clash")
    if side1 and side2 and side1[0] == side2[0]:
        side2 = side2[1:]
    ev.actor1 = side1[0] if side1 else None
    ev.assoc_actor_1 = [n for n in side1[1:] + party_sides[0] if n != ev.actor1]
    ev.actor2 = side2[0] if side2 else None
    ev.assoc_actor_2 = [n for n in side2[1:] + (party_sides[1] if ev.actor2 else []) if n not in (ev.actor1, ev.actor2)
                        and n not in ev.assoc_actor_1]
    ev.inter1 = inter.get(ev.actor1) if ev.actor1 else None
    ev.inter2 = inter.get(ev.actor2) if ev.actor2 else None


@stage("roles", requires=("events", "actors"), assigns=("roles",))
def make_roles(settings):
    def run(ctx: Context) -> None:
        if not ctx.events:
            return
        iso3 = document_country(ctx)
        for ev in ctx.events:
            assign_roles(ctx, ev, iso3)

    return run
