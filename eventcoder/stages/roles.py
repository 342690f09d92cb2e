"""Argument roles: actor1 and actor2 (with associated actors) of each event.

Actor mentions in the event's sentence are placed by their path to the trigger in the
dependency parse: subjects, agents and modifiers of an event noun ("a Hezbollah offensive")
are the side that acts; objects and "against/on/with" phrases the side acted on. ACLED's
conventions then apply: victims of violence against civilians are actor2; protesters and
rioters are actor1 under their generic names.
"""

from __future__ import annotations

from ..document import ActorMention, Context, Event
from ..pipeline import stage
from .syntax import token_at

AGENT_DEPS = frozenset({"nsubj", "agent", "csubj", "compound", "amod", "poss", "nmod"})
PATIENT_DEPS = frozenset({"dobj", "nsubjpass", "attr", "oprd", "dative", "appos"})
PATIENT_PREPS = frozenset({"against", "on", "at", "with", "from", "upon", "targeting", "toward", "towards"})
UNIDENTIFIED_WORDS = frozenset(
    "gunman gunmen assailant assailants attacker attackers unknown unidentified bandits".split()
)
CIVILIAN_VICTIM_INTERS = frozenset({"Civilians"})
REPORTING_VERBS = frozenset("say tell report claim state add confirm accuse deny quote cite insist allege".split())


def is_speaker(ctx: Context, mention: ActorMention) -> bool:
    """A mention that is the subject of a reporting verb ("X said") is a source, not a party."""
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None or not len(span):
        return False
    r = span.root
    while r.dep_ == "conj" and r.head != r:
        r = r.head
    if r.dep_ in ("nsubj", "nsubjpass") and r.head.lemma_.lower() in REPORTING_VERBS:
        return True
    # "according to X", "a source in X told"
    return r.dep_ == "pobj" and r.head.lower_ == "to" and r.head.head.lower_ == "according"


def main_country(ctx: Context) -> str | None:
    if ctx.countries:
        return max(ctx.countries.items(), key=lambda kv: kv[1])[0]
    return None


def generic(kind: str, iso3: str | None, ctx: Context) -> tuple[str, str]:
    from ..resources.actors import generic_actor

    return generic_actor(kind, iso3, ctx.published)


ANAPHORIC_GROUP_WORDS = ("militant", "fighter", "jihadist", "insurgent", "extremist", "rebel", "group")
NAMED_ARMED_INTERS = frozenset({"Rebel group", "Political militia", "Identity militia"})


def resolve_generic(ctx: Context, m: ActorMention) -> ActorMention:
    """'the militants' after a named group is that group, not an unidentified one."""
    if not (m.name.startswith("Unidentified Armed Group") or m.source == "generic"):
        return m
    low = m.text.lower()
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


def _is_apposition(ctx: Context, mention: ActorMention) -> bool:
    """'the Syrian army, seven soldiers': an apposition names its head again."""
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    return bool(span is not None and len(span) and span.root.dep_ == "appos")


def _role(ctx: Context, mention: ActorMention, trig, verbs) -> str | None:
    span = ctx.doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    r = span.root
    if r == trig or any(r == v for v in verbs):
        return None
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
            if dep == "nsubj" and node.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in node.children):
                return "patient"
            if dep in AGENT_DEPS:
                if dep in ("compound", "amod", "poss", "nmod") and node != trig:
                    return None
                return "agent"
            if dep in PATIENT_DEPS:
                return "patient"
            if dep == "conj":
                continue
            return "other"
    return None


def _verbs_of(trig):
    verbs = []
    t = trig
    for _ in range(4):
        if t.pos_ in ("VERB", "AUX"):
            verbs.append(t)
            if t.dep_ not in ("xcomp", "conj", "advcl") or t.head == t or t.head.lemma_ in REPORTING_VERBS:
                break
        if t.head == t:
            break
        t = t.head
    return verbs


def _prefer_named(side: list[str], inter: dict) -> list[str]:
    """'Rebels of the M23 movement': a named armed group makes the generic mention redundant."""
    if any(inter.get(n) in NAMED_ARMED_INTERS and not n.startswith("Unidentified") for n in side):
        return [n for n in side if not n.startswith("Unidentified")]
    return side


def assign_roles(ctx: Context, ev: Event) -> None:
    s = ctx.sentences[ev.sentences[0]]
    mentions = [resolve_generic(ctx, a) for a in ctx.actors
                if s.start <= a.start < s.end and not is_speaker(ctx, a) and not _is_apposition(ctx, a)]
    trig = token_at(ctx.doc, ev.trigger_start)
    agents: list[ActorMention] = []
    patients: list[ActorMention] = []
    others: list[ActorMention] = []
    if trig is not None:
        verbs = _verbs_of(trig)
        for m in mentions:
            role = _role(ctx, m, trig, verbs)
            (agents if role == "agent" else patients if role == "patient" else others).append(m)
        for v in verbs[:1]:
            for c in v.children:
                if c.dep_ == "nsubj" and c.lower_ in PRONOUN_SUBJECTS and not agents:
                    a = antecedent(ctx, c)
                    if a is not None:
                        agents.append(resolve_generic(ctx, a))
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
    iso3 = main_country(ctx)
    low = s.text.lower()

    two_sided = ev.event_type in ("Battles", "Violence against civilians", "Explosions/Remote violence")
    side1 = a_names or ([] if p_names or ev.event_type == "Violence against civilians" else o_names[:1])
    rest = [n for n in o_names if n not in side1]
    side2 = p_names or (rest[:1] if two_sided else [])

    if ev.event_type == "Violence against civilians":
        victims = [n for n in side2 if inter.get(n) in CIVILIAN_VICTIM_INTERS]
        if not victims:
            name, it = generic("civilians", iso3, ctx)
            inter[name] = it
            side2 = [name] + side2
        else:
            side2 = victims + [n for n in side2 if n not in victims]
        side1 = [n for n in side1 if inter.get(n) not in CIVILIAN_VICTIM_INTERS]
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
        police = [n for n in side1 + side2 + o_names if inter.get(n) == "State forces"]
        if not police and ev.sub_event_type != "Peaceful protest":
            # "Police dispersed them with tear gas." in a later sentence of the event
            for i in sorted(set(ev.sentences))[1:]:
                later = ctx.sentences[i]
                police += [resolve_generic(ctx, a).name for a in ctx.actors
                           if later.start <= a.start < later.end and a.inter == "State forces"]
        side1, side2 = [p], (police[:1] if ev.sub_event_type != "Peaceful protest" else [])
    elif ev.event_type == "Riots":
        rioters = [n for n in side1 + side2 if inter.get(n) == "Rioters"]
        if rioters:
            r = rioters[0]
        else:
            r, it = generic("rioters", iso3, ctx)
            inter[r] = it
        others2 = [n for n in side1 + side2 if n != r]
        side1, side2 = [r], others2[:1]
        if ev.sub_event_type == "Mob violence" and not side2:
            c, it = generic("civilians", iso3, ctx)
            inter[c] = it
            side2 = [c]
    elif ev.event_type in ("Battles", "Explosions/Remote violence"):
        if not side1 and any(w in low.split() for w in UNIDENTIFIED_WORDS):
            name, it = generic("unidentified", iso3, ctx)
            inter[name] = it
            side1 = [name]
        if ev.event_type == "Battles" and not side2 and len(side1) > 1:
            side1, side2 = side1[:1], side1[1:2]
    side1, side2 = _prefer_named(side1, inter), _prefer_named(side2, inter)
    if ev.sub_event_type in TERRITORY_SUBS:
        first = inter.get(side1[0]) if side1 else None
        ev.sub_event_type = ("Government regains territory" if first == "State forces" else
                             "Non-state actor overtakes territory" if first in NAMED_ARMED_INTERS | {"External/Other forces"}
                             else "Armed clash")
    if side1 and side2 and side1[0] == side2[0]:
        side2 = side2[1:]
    ev.actor1 = side1[0] if side1 else None
    ev.assoc_actor_1 = [n for n in side1[1:] if n != ev.actor1]
    ev.actor2 = side2[0] if side2 else None
    ev.assoc_actor_2 = [n for n in side2[1:] if n not in (ev.actor1, ev.actor2)]
    ev.inter1 = inter.get(ev.actor1) if ev.actor1 else None
    ev.inter2 = inter.get(ev.actor2) if ev.actor2 else None


@stage("roles", requires=("events", "actors"), assigns=("roles",))
def make_roles(settings):
    def run(ctx: Context) -> None:
        for ev in ctx.events:
            assign_roles(ctx, ev)

    return run
