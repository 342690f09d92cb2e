"""Event detection and ACLED typing, by lexicon and rules over the dependency parse.

1. cues: every lexicon family present in a sentence (lemmas and phrases);
2. triggers: tokens of trigger families, dropped when negated, modal, hypothetical or denied;
3. typing: each trigger typed by ACLED's definitions, refined by the sentence's other cues
   (weapons, victims, protest context);
4. choice: per sentence the trigger nearest the root, plus triggers of other event types;
5. a document whose every mention refers back ("the attack", "it killed") reports its first one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..document import Context, Event, Sentence
from ..pipeline import stage
from .roles import NAMED_ARMED_INTERS, OTHER_INCIDENT_OPENING
from .sentences import next_in_paragraph
from .fatalities import AIRBORNE, DIE_VERBS, MISHAP_TOLLS, REMAINS_CUES, mishap_toll, toll_to_date
from .syntax import (after_clause, counted_off_clauses, headline_passive, no_one, offset_clause, participle_noun,
                     text_from, verb_of)
from .times import MONTHS, REPORTING_LEMMAS
from ..nlp import known_word
from ..resources.actors import demonym_country
from ..resources.gazetteer import distance_km, light_key
from ..resources.taxonomy import PLOVER, VIOLENT_TYPES, disorder_type, set_sub_event_type, type_rank

# Base confidence per trigger family: how often a sentence with that trigger held an ACLED
# event of the type we give it, judged on a reading of 200 ACLED/PITF dev sentences.
FAMILY_CONFIDENCE = {
    "FIGHT": 0.8, "KILL": 0.75, "ATTACK": 0.6, "GAIN": 0.65, "HARM": 0.55, "ABDUCT": 0.7, "SEXUAL": 0.7,
    "PROTEST": 0.7, "RIOT": 0.65, "AGREE": 0.6, "ARREST": 0.55, "TRANSFER": 0.55, "DISCOVERY": 0.6,
    "WEAPONS": 0.55, "LOOT": 0.5, "BASE": 0.5, "CHANGE": 0.35, "RELEASE": 0.5, "DISPLACE": 0.45,
    "WARNING": 0.45,
}
WEAPON_ORDER = ("CHEM", "AIR", "SUICIDE", "SHELL", "IED", "GRENADE")  # ACLED's E/RV precedence
WEAPON_SUB = {
    "CHEM": "Chemical weapon", "AIR": "Air/drone strike", "SUICIDE": "Suicide bomb",
    "SHELL": "Shelling/artillery/missile attack", "IED": "Remote explosive/landmine/IED", "GRENADE": "Grenade",
}
MODALS = frozenset("will would may might could should shall can must".split())
HYPOTHETICAL_HEADS = frozenset(
    "threaten plan vow warn intend seek want aim hope prepare call urge demand expect propose consider "
    "fear deny refuse reject set plot schedule due pledge promise vote ask allow avoid prevent "
    "condemn risk".split()
)
BLOCKING_MODIFIERS = frozenset("possible potential planned future foiled thwarted".split())
BLOCKING_PREPS = re.compile(r"\b(threat|risk|danger|fear|fears|wake|anniversary|memory|spectre|prospect)s? of\s*$", re.I)
ARMED_WORDS = frozenset(
    "soldier troop army police policeman policemen officer militant fighter rebel insurgent jihadist gunman "
    "gunmen militiaman militiamen militia guard force forces commander serviceman servicemen paramilitary "
    "trooper marine peacekeeper combatant extremist terrorist bandit sniper battalion brigade unit patrol "
    "convoy checkpoint base post position outpost barracks garrison camp station personnel arbaki arbakis "
    "commando commandos sentry sentries cadet cadets reservist reservists ranger rangers cop cops "
    "bodyguard bodyguards gendarme gendarmes gendarmerie constable constables".split()
)
# words that make a camp one of people driven from their homes, not an armed force's
_SHELTER_CAMP_WORDS = frozenset("displacement displaced idp idps refugee refugees resettlement relief transit".split())
CIVILIAN_WORDS = frozenset(
    "civilian villager resident people man men woman women child children boy girl student pupil teacher "
    "worker farmer herder herdsman herdsmen trader shopper worshipper passenger driver journalist family person persons "
    "activist chief elder doctor nurse official employee reporter politician candidate businessman pilgrim refugee "
    "migrant displaced teenager baby infant victim mourner customer fisherman fishermen miner "
    "protester demonstrator relative wife husband son daughter him her village villages home homes house "
    "houses market church mosque school hospital cattle".split()
)
ARMED_SUBJECT_WORDS = frozenset(
    "militant fighter rebel insurgent jihadist troop soldier army force forces militia bus buses convoy "
    "gunman gunmen police extremist".split()
)
TERRITORY_WORDS = frozenset(
    "town village city territory area areas district region control base position positions hill hilltop "
    "neighbourhood neighborhood province county border crossing outpost airport road highway camp "
    "stronghold bastion".split()
)
VIOLENCE_SIGNS = re.compile(
    r"\b(shot|gunshot|bullet|stab|stabbed|tortur|behead|decapitat|hacked|strangl|killed|murder|hands tied|"
    r"firearm|bound|mutilat|executed|tied|gagged|blindfold|dismember|plastic bag|bags|wrapped|bullet wound|"
    r"gunshot|signs of violence|bruis|burn(ed|t) body|charred|throat|machete|handcuff|dismembered|"
    r"human heads?|(was|were) burn(ed|t)|partially burn|slit)", re.I
)
# verbs that make a weapon noun an event: "a mortar round hit", "observers recorded 40 explosions"
WEAPON_EVENT_VERBS = frozenset(
    "explode detonate hit strike land fire launch kill target pound rain go destroy damage observe record "
    "hear register fall report injure wound throw hurl lob".split()
    # "conducted airstrikes", "carried out an air raid", "used artillery to pound", "triggered an IED",
    # "set off explosives", "an airstrike claimed ten lives", "died in a mine blast", "a blast
    # ripped through a bus", "the explosion left five dead", "blew up a pipeline", "caused damage"
    + "conduct carry use trigger set claim die rip leave blow cause".split()
    # "the mayor escaped a roadside blast", "survived a car bomb": the blast went off
    + "escape survive".split()
)
# "police found a bomb under a bus", "an IED was discovered": a bomb disrupted (see _DISRUPTED_BOMB)
BOMB_FOUND_VERBS = frozenset("find discover detect spot".split())
# weapon nouns that are also verbs of other senses ("prices have rocketed", "critics blasted the plan")
FIGURATIVE_WEAPON_VERBS = frozenset({"rocket", "blast"})
NOT_EVENT_NOUNS = frozenset("war conflict violence insurgency crisis".split())
# unorganised crowds: violence by them is a riot (ACLED's Riots), not a battle or an armed attack
CROWD_WORDS = frozenset(
    "mob crowd youths youth supporters residents villagers community communities students workers traders "
    "locals people group groups members vendors drivers farmers herders demonstrators protesters rioters "
    "inhabitants citizens neighbours neighbors refugees fans pupils miners tenants squatters passengers "
    "motorists mourners worshippers families nationals inmates prisoners labourers laborers sellers shopkeepers voters "
    "merchants hawkers beneficiaries activists operators lawmakers parties crowds squatters vigilante "
    "vigilantes riders cyclists marchers strikers agitators picketers".split()
)
ORGANISED_ARMED_INTERS = frozenset({"State forces", "Rebel group", "Political militia", "Identity militia",
                                    "External/Other forces"})
# an event noun reports a new event as a verb's subject or object, or as a headline's root
MAIN_NOUN_DEPS = frozenset({"dobj", "nsubj", "nsubjpass", "attr", "ROOT", "appos", "npadvmod"})


@dataclass
class Family:
    name: str
    trigger: bool
    lemmas: frozenset
    phrases: tuple


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Family]:
    data = json.loads(resources.files("eventcoder.resources").joinpath("data/event_lexicon.json").read_text("utf-8"))
    return {name: Family(name, spec["trigger"], frozenset(spec["lemmas"]), tuple(spec["phrases"]))
            for name, spec in data["families"].items()}


@lru_cache(maxsize=1)
def families_by_lemma() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for fam in lexicon().values():
        for lemma in fam.lemmas:
            out.setdefault(lemma, []).append(fam.name)
    return {k: tuple(v) for k, v in out.items()}


# what a crowd throws ("stones", "rocks", "bricks", "bottles"; the parser's pre-filter holds them too)
MISSILES = frozenset("stone stones rock rocks brick bricks bottle bottles".split())


def _throws_missiles(verb) -> bool:
    """The verb's object, or one coordinated with it, is a stone, a rock, a brick or a bottle."""
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    objs += [g for o in objs for g in o.conjuncts]
    return any(o.lower_ in MISSILES or o.lemma_.lower() in MISSILES for o in objs)


# subjects whose bombing is done from the air: a state's military or air force, or its aircraft (an "army" only
# as a state's force: the Arakan Army bombs with mines)
_AIR_BOMBERS = frozenset("military junta regime jets warplanes aircraft planes helicopters airforce".split())


def _country_doer(ctx: Context, verb, subjects: list | None = None) -> bool:
    """Whether the verb's doer is a country's name the actors stage read as its military ("Chad bombed ...",
    "the United States struck ...", "South Sudan said it bombed ...": see actors._countries_in_arms)."""
    if subjects is None:
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        subjects += [g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
    if verb.dep_ == "ccomp" and any(c.lower_ in ("it", "they") for c in subjects):
        subjects = subjects + [c for c in verb.head.children if c.dep_ == "nsubj"]  # (the teller)
    spans = [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in subjects]
    return any(a.state_doer and any(lo <= a.start < hi for lo, hi in spans) for a in ctx.actors)


def _air_force_subject(ctx: Context, verb) -> bool:
    """The verb's subject (or its passive's agent) is a state's military, a junta or aircraft, named by no other
    weapon (not "bombed the positions with artillery")."""
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    subjects += [g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
    if verb.dep_ == "acl" and not subjects:
        # ("the military of Mozambique bombed targets" parsed as a participle of the noun phrase before it)
        subjects = [verb.head.head if verb.head.dep_ == "pobj" and verb.head.head.dep_ == "prep" else verb.head]
        subjects = [s.head if s.dep_ == "prep" else s for s in subjects]
    if _country_doer(ctx, verb, subjects):
        return True  # a country's name as the doer ("Chad bombed ...")
    words = {t.lower_ for c in subjects for t in c.subtree}
    spans = [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in subjects]
    if "army" in words and not words & _AIR_BOMBERS:
        return any(a.inter == "State forces" and any(lo <= a.start < hi for lo, hi in spans) for a in ctx.actors)
    return bool(words & _AIR_BOMBERS) or {"air", "force"} <= words


def sentence_span(ctx: Context, s: Sentence):
    return ctx.doc.char_span(s.start, s.end, alignment_mode="expand")


# grenades that neither kill nor maim, used on crowds
_CROWD_CONTROL_GRENADES = frozenset("stun flash flash-bang smoke sound concussion tear-gas gas".split())
# what the word "riot" names when it qualifies them: a force or its kit
_RIOT_UNITS = frozenset("police policeman policemen squad squads unit units gear control officer officers force "
                        "forces shield shields troops".split())


def find_cues(span) -> dict[str, list]:
    """family -> list of tokens (the first token of a phrase) found in the span."""
    lex = lexicon()
    found: dict[str, list] = {}
    dead: list = []  # counts of the dead: a killing only where nothing else in the span tells what happened
    died: list = []  # "died": a killing only where a weapon is named and nothing else tells what happened
    by_lemma = families_by_lemma()
    for tok in span:
        lem = tok.lemma_.lower()
        if lem not in by_lemma and tok.lower_ not in by_lemma and (fixed := misspelt_lemma(tok)):
            tok.lemma_ = lem = fixed  # (so the rules that read the lemma read the word meant)
        for name in by_lemma.get(lem, ()) or by_lemma.get(tok.lower_, ()) or by_lemma.get(_stem(tok), ()):
            if lem == "march" and tok.text[0].isupper() and (tok.i != span.start or _day_after(tok)) \
                    and not _named_march(tok):
                continue  # the month (a live report's "March 10, 09:00 GMT - ..." opens with it)
            if lem == "deal" and tok.pos_ == "VERB":
                continue  # "measures to deal with the outbreak": no agreement
            if lem == "riot" and tok.pos_ != "VERB" and tok.head is not tok and tok.head.lemma_.lower() in _RIOT_UNITS:
                continue  # "riot police", "anti-riot squads", "riot gear": the force, not a riot
            if name == "GRENADE" and tok.i > 0 and tok.doc[tok.i - 1].lower_ in _CROWD_CONTROL_GRENADES:
                continue  # "stun grenades", "smoke grenades": crowd control, no grenade attack (ACLED)
            found.setdefault(name, []).append(tok)
        if (lem in _FIND_VERBS or lem in _DUMP_VERBS and any(c.dep_ == "auxpass" for c in tok.children)) \
                and tok.pos_ == "VERB" and not _found_guilty(tok) and (any(
                c.dep_ in ("nsubjpass", "dobj") and _remains(c) for c in tok.children)
                or _found_dead(tok) or _remains_before_passive(tok)):
            # "the body of a man was found", "police discovered two bodies": a discovery, however worded
            # (and "a dead woman was thrown into a ditch", "human remains were left under a bridge": a body dumped)
            found.setdefault("_FOUND", []).append(tok)
        elif lem in _TAKEN_AWAY and tok.pos_ == "VERB" and _taken_away(tok) and _DISAPPEARED.search(span.text):
            # "security forces picked up an activist, whose whereabouts are still unknown": a forced
            # disappearance
            found.setdefault("ABDUCT", []).append(tok)
        elif lem == "hit" and tok.pos_ == "VERB" and _hit_people(tok):
            # "neighbours hit a suspected burglar", "police hit several women": harm to people
            found.setdefault("HARM", []).append(tok)
        elif lem == "pound" and tok.pos_ == "VERB" and any(c.dep_ == "dobj" for c in tok.children):
            # "insurgents pounded an army outpost": shelling, though no weapon is named
            found.setdefault("ATTACK", []).append(tok)
            found.setdefault("SHELL", []).append(tok)
        elif lem == "set" and tok.pos_ == "VERB" and any(
                c.lower_ in _ABLAZE or _on_fire(c) or (c.dep_ == "dobj" and any(_on_fire(g) for g in c.children))
                for c in tok.children):
            # "set three cars ablaze", "set a bus on fire" (the parse may hang "on fire" on the bus):
            # the phrase split by its object
            found.setdefault("RIOT", []).append(tok)
        elif lem in ("throw", "hurl") and tok.pos_ == "VERB" and _throws_missiles(tok):
            # "threw bottles and bricks at shops", "hurled several bricks": the phrase split by its object
            found.setdefault("RIOT", []).append(tok)
        elif lem in ("take", "hold") and tok.pos_ == "VERB" and any(
                c.lower_ in _HOSTAGE and c.dep_ != "nsubj"
                or c.dep_ == "prep" and c.lower_ == "as" and any(g.lower_ in _HOSTAGE for g in c.children)
                for c in tok.children):
            found.setdefault("ABDUCT", []).append(tok)  # "took the crew hostage", "taken as hostages"
        elif lem in _OBSERVE_VERBS and _WORKERS_DAY_AFTER.match(text_from(tok), len(tok.text)):
            # "the union's members commemorated labour day", "dockers marked International Workers' Day":
            # a workers' day kept by a group is a rally, as ACLED codes it (read on the words: the small
            # parser takes "commemorated labor day" for a noun phrase)
            found.setdefault("PROTEST", []).append(tok)
        elif lem in _STOPPING_VERBS and tok.pos_ == "VERB" and _police_stopped(tok):
            # "police blocked the march", "the procession was foiled by the police", "police stopped
            # them from advancing": the force stopping a protest intervenes in it
            found.setdefault("INTERVENE", []).append(tok)
        elif lem == "clear" and tok.pos_ == "VERB" and any(
                c.dep_ == "dobj" and c.lemma_.lower() in _CLEARED_FIGHTERS for c in tok.children) and any(
                c.dep_ in ("prep", "prt") and c.lower_ in ("from", "out") for h in [tok, *tok.children]
                if h.dep_ != "prep" for c in h.children):
            # "troops cleared Boko Haram fighters from the town": the place regained (ACLED's "cleared of")
            found.setdefault("GAIN", []).append(tok)
        elif lem == "strike" and tok.pos_ == "NOUN" and (tok.dep_ in ("nsubj", "nsubjpass", "pobj") or (
                tok.dep_ == "ROOT" and any(c.dep_ == "acl" and c.pos_ == "VERB" for c in tok.children))) and any(
                c.dep_ == "amod" and c.ent_type_ == "NORP" for c in tok.children) and "AIR" not in found \
                and not any(c.dep_ == "compound" and c.lemma_.lower() in _GROUND_FIRED for c in tok.children):
            # "Israeli strikes killed 12 people in Rafah": a country's strikes are from the air (a labour strike
            # kills no one: the cue only types a violent trigger); also where the parser reads the verb as a
            # participle of the noun ("Israeli strikes killed at least 30 Palestinians across ...")
            found.setdefault("AIR", []).append(tok)
        elif lem in ("exchange", "trade") and tok.pos_ == "VERB" and any(
                c.dep_ == "dobj" and c.lemma_.lower() in _EXCHANGED_FIRE for c in tok.children):
            # "exchanged rocket and artillery fire across the border", "traded artillery fire": a clash (ACLED: two
            # sides trading long-range fire are an armed clash)
            found.setdefault("FIGHT", []).append(tok)
        elif lem in _RECIPROCAL_VERBS and tok.pos_ == "VERB" and _at_each_other(tok):
            # "the two militias attacked each other", "troops fired at one another": fighting, not a
            # one-sided attack
            found.setdefault("FIGHT", []).append(tok)
        elif tok.lower_ == "dead" and _counted_dead(tok):
            dead.append(tok.head if tok.dep_ != "amod" else tok)
        elif lem == "death" and (verb := _deaths_caused(tok)) is not None:
            dead.append(verb)
        elif lem == "die" and tok.pos_ == "VERB":
            died.append(tok)
        elif lem == "death" and tok.dep_ == "pobj" and tok.head.lower_ == "to" and \
                tok.head.head.pos_ == "VERB" and tok.head.head.lemma_.lower() not in ("sentence", "condemn", "put"):
            # "burnt the man to death", "stoned a suspected thief to death": a killing, whatever the verb
            found.setdefault("KILL", []).append(tok.head.head)
    found_verbs = found.pop("_FOUND", None)
    low = span.text.lower()
    for fam in lex.values():
        for phrase in fam.phrases:
            pos = low.find(phrase)
            while pos >= 0:
                end = pos + len(phrase)
                if low.startswith("s", end) and phrase[-1].isalpha() and phrase[-1] != "s":
                    end += 1  # (its plural: "air strikes", "roadside bombs", "hand grenades")
                if (pos == 0 or not low[pos - 1].isalnum()) and (end >= len(low) or not low[end].isalnum()):
                    tok = span.doc.char_span(span.start_char + pos, span.start_char + end,
                                             alignment_mode="expand")
                    if tok is not None and len(tok):
                        # the phrase's verb stands for it ("bodies found", "shot dead"), else its head
                        verbs = [t for t in tok if t.pos_ == "VERB"]
                        found.setdefault(fam.name, []).append(verbs[0] if verbs else tok.root)
                pos = low.find(phrase, pos + 1)
    if found_verbs and "DISCOVERY" not in found:
        found["DISCOVERY"] = found_verbs
    if dead and not any(lex[f].trigger for f in found if f in lex):
        found["KILL"] = dead
    weapons = {t.i for w in WEAPON_ORDER for t in found.get(w, ()) if t.dep_ != "compound"}
    caused = [v for v in died if weapons & {t.i for t in v.subtree} and not any(
        c.dep_ == "prep" and c.lower_ == "of" for c in v.children)
        # (or gunfire: "died under a volley of bullets", "died of a gunshot wound")
        or any(t.lower_ in _GUNFIRE_WORDS for t in v.subtree if t.i > v.i)]
    if caused and not any(f in found for f in ("KILL", "FIGHT", "ATTACK", "HARM")):
        # "ten officers died after their truck drove over a mine": deaths a weapon caused (not
        # "died of cholera", nor where a killing or an attack is told already)
        found["KILL"] = caused
    if "WARNING" in found and "HARM" in found:
        # "guards fired several shots in the air": the firing is the warning, not shots at anyone
        kept = [t for t in found["HARM"] if t.lemma_.lower() not in ("fire", "shoot", "shot")]
        if kept:
            found["HARM"] = kept
        else:
            del found["HARM"]
    _refine_weapons(found)
    if "RIOT" in found:
        # "protested against the release of prisoners after riots in the prisons": an earlier riot given
        # as the reason is not violence by these demonstrators
        # (but "three men were detained once a gang had ransacked a bar": an arrest told with its cause
        # reports the riot as well)
        kept = [t for t in found["RIOT"] if not _background(t) or _arrest_for(t)]
        if kept:
            found["RIOT"] = kept
        else:
            del found["RIOT"]
    return found


_TAKEN_AWAY = frozenset("pick take whisk drag bundle".split())
# the particle each verb takes people away with ("picked up", "took away"; "whisked", "dragged" as they are)
_TAKEN_PARTICLE = {"pick": {"up"}, "take": {"away"}}
_TAKEN_PEOPLE = frozenset("him her them man men woman women activist activists journalist journalists student students "
                          "leader leaders lawyer lawyers teacher teachers youth youths boy boys girl girls son sons "
                          "daughter brother husband father member members worker workers blogger critic".split())


def _taken_away(verb) -> bool:
    """"picked up an activist", "took him away", "whisked the lawyer": a person taken, not "took part", "took a bus",
    "took 200 cattle"."""
    wanted = _TAKEN_PARTICLE.get(verb.lemma_.lower())
    if wanted is not None and not any(c.dep_ in ("prt", "advmod") and c.lower_ in wanted for c in verb.children):
        return False
    return any(c.dep_ in ("dobj", "nsubjpass") and (c.lower_ in _TAKEN_PEOPLE or c.lemma_.lower() in _TAKEN_PEOPLE
                                                     or c.ent_type_ == "PERSON") for c in verb.children)


_DISAPPEARED = re.compile(r"\bwhereabouts\s+(?:remain|remains|are|is|were|was|still)\s+(?:still\s+)?unknown\b"
                          r"|\bha(?:s|ve)\s+not\s+been\s+(?:seen|heard\s+from)\s+since\b", re.I)
# the fighters a place is cleared of (not a camp, mines or rubble: ARMED_WORDS holds posts and camps too)
_CLEARED_FIGHTERS = frozenset("militant fighter rebel insurgent jihadist gunman gunmen terrorist bandit militia "
                              "militiaman militiamen extremist combatant".split())
_EXCHANGED_FIRE = frozenset("fire gunfire shot shots salvo salvos".split())
_RECIPROCAL_VERBS = frozenset("attack fire shoot target shell assault ambush".split())
# keeping a day: "commemorated", "marked", "observed", "celebrated" Labour Day
_OBSERVE_VERBS = frozenset("commemorate mark observe celebrate".split())
# the workers' day, by its names: "Labour Day", "the May Day", "International Workers' Day" (not "Independence
# Day"); the names also let a text past the parser's pre-filter (`RULE_CUE_PHRASES`)
WORKERS_DAYS = ("labor day", "labour day", "may day", "workers' day", "workers day", "worker's day")
_WORKERS_DAY_AFTER = re.compile(r"\s+(?:the\s+)?(?:international\s+)?(?:"
                                + "|".join(d.replace(" ", r"\s+") for d in WORKERS_DAYS) + r")\b", re.I)


def _at_each_other(verb) -> bool:
    """Whether the verb's object, or the object of its preposition, is "each other" or "one another"
    (not for private people: "two men shot each other" is no fight between armed groups)."""
    if any(c.dep_ == "nsubj" and c.lemma_.lower() in CIVILIAN_WORDS for c in verb.children):
        return False
    for c in verb.children:
        heads = [c] if c.dep_ == "dobj" else [g for g in c.children if g.dep_ == "pobj"] if c.dep_ == "prep" else []
        for h in heads:
            # (the parser makes either word the head: "one" with "another" its determiner, or "other")
            if any(h.i + d >= 0 and h.i + d + 1 < len(h.doc) and (h.doc[h.i + d].lower_, h.doc[h.i + d + 1].lower_)
                   in (("each", "other"), ("one", "another")) for d in (-1, 0)):
                return True
    return False


# the words for a side in a fight between groups ("supporters of the two parties fought each other")
_SIDE_WORDS = frozenset("supporter supporters member members group groups party parties faction factions community "
                        "communities clan clans youth youths villager villagers student students".split())


def _sides(verb) -> bool:
    """Whether the verb's subjects are groups: named ones ("CNL and CNDD-FDD") or a group's word, not
    private people ("two brothers")."""
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    subjects += [g for c in subjects for g in c.conjuncts]
    return bool(subjects) and all(t.pos_ == "PROPN" or t.lower_ in _SIDE_WORDS for t in subjects)


# verbs of custody the ARREST family of the lexicon leaves out, as they also mean other things ("were held")
_CUSTODY_VERBS = frozenset("hold nab book charge".split())


def _arrest_for(tok) -> bool:
    """Whether the sentence's main verb is an arrest the token's clause gives the cause of."""
    root = tok.sent.root
    lemma = root.lemma_.lower()
    return root is not tok and root.pos_ == "VERB" and any(c.dep_ == "auxpass" for c in root.children) \
        and (lemma in _CUSTODY_VERBS or "ARREST" in families_by_lemma().get(lemma, ()))


def _stem(tok) -> str:
    """A lower-case word the tagger left as it is, less its ending: "staged a protested", "their demos"
    (read as a noun or a name, not lemmatised); "" for any other word."""
    w = tok.lower_
    if tok.pos_ not in ("NOUN", "PROPN") or tok.lemma_.lower() != w or not (tok.is_lower or tok.is_sent_start):
        return ""  # (not a participle read as an adjective: "the wounded", "abducted girls")
    for end in ("ed", "s"):
        if w.endswith(end) and len(w) > len(end) + 3:
            return w[:-len(end)]
    return ""


# the shortest word read as a misspelling of a lexicon word: shorter ones are too often another word
MISSPELT_MIN_LEN = 7


def _word_forms(lemma: str) -> set[str]:
    """A lexicon lemma's regular inflections: "demonstrate" -> demonstrates, demonstrated, demonstrating."""
    forms = {lemma, lemma + "s"}
    if lemma.endswith("e"):
        forms |= {lemma + "d", lemma[:-1] + "ing"}
    else:
        forms |= {lemma + "ed", lemma + "ing", lemma + "es"}
    return forms


def _slip(word: str, form: str) -> bool:
    """Whether `word` is `form` with one slip of the keys: a letter left out ("demonstated"), one
    doubled ("killled"), or two neighbours swapped ("attakced"). Not a letter changed or a different one
    added: those make other English words too often ("ramping", "deplored", "plunderer")."""
    if word == form or abs(len(word) - len(form)) > 1:
        return False
    i = 0
    while i < min(len(word), len(form)) and word[i] == form[i]:
        i += 1
    if len(word) == len(form):
        return word[i + 2:] == form[i + 2:] and word[i:i + 2] == form[i:i + 2][::-1]
    if len(word) < len(form):
        return word[i:] == form[i + 1:]
    return word[i + 1:] == form[i:] and (word[i] == word[i - 1] if i else word[0] == word[1])


@lru_cache(maxsize=1)
def _misspelling_index() -> dict[str, frozenset]:
    """Each inflection of a lexicon lemma, and each of them less one letter -> the lemmas it may stand
    for (the deletions meet those of a misspelt word however the letter went wrong)."""
    out: dict[str, set] = {}
    for lemma in families_by_lemma():
        if " " in lemma or not lemma.isalpha():
            continue
        for form in _word_forms(lemma):
            if len(form) < MISSPELT_MIN_LEN - 1:
                continue
            for key in {form} | {form[:i] + form[i + 1:] for i in range(len(form))}:
                out.setdefault(key, set()).add((form, lemma))
    return {k: frozenset(v) for k, v in out.items()}


_GLUED_PREPOSITION = re.compile(r"(\w{5,}?)(?:on|in|at|of|to|over|against)$")


def misspelt_lemma(tok) -> str:
    """The lexicon lemma a lower-case word the model does not know is one slip of the keys away from
    ("demonstated", "killled", "attakcs"; see `_slip`), or is run into the preposition after it
    ("proteston"), when it is one lemma only; else "". Only of an
    English word the model knows: one letter off a loanword of the lexicon ("bandh") is often an English
    word it does not ("banding")."""
    w = tok.lower_
    if len(w) < MISSPELT_MIN_LEN or not w.isalpha() or not tok.is_lower or known_word(tok.vocab, w) \
            or w.endswith(("ee", "ees")):  # (the people a verb was done to: "returnees", "abductees")
        return ""
    index = _misspelling_index()
    lemmas = {lemma for key in {w} | {w[:i] + w[i + 1:] for i in range(len(w))}
              for form, lemma in index.get(key, ()) if _slip(w, form) and known_word(tok.vocab, lemma)}
    # or a word run into the preposition after it: "held a proteston Saturday"
    glued = _GLUED_PREPOSITION.match(w)
    if not lemmas and glued:
        lemmas = {lemma for form, lemma in index.get(glued.group(1), ()) if form == glued.group(1)
                  and known_word(tok.vocab, lemma)}
    return lemmas.pop() if len(lemmas) == 1 else ""


def _day_after(tok) -> bool:
    """A day's figure right after the word: "March 10"."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.text.isdigit() and len(nxt.text) <= 2


def _named_march(tok) -> bool:
    """"a Peace March", "the Long March": a march its name calls one (not "Writer March 27", "a wet March")."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return (nxt is None or not nxt.like_num) and any(
        c.dep_ == "compound" and c.text[:1].isupper() and not c.like_num for c in tok.children)


def _remains_before_passive(verb) -> bool:
    """"By 3 May, in Kelmora, Dunde, the charred body of a farmer was found": a passive finding verb the
    parse left without the body for its subject (hung on a name before it), in the verb's own clause."""
    if not any(c.dep_ == "auxpass" for c in verb.children) or any(c.dep_ == "nsubjpass" and c.lemma_.lower()
                                                                    in _REMAINS for c in verb.children):
        return False
    for t in reversed(list(verb.doc[verb.sent.start:verb.i])):
        if t.pos_ == "VERB" and t.dep_ not in ("amod", "parataxis") or t.lower_ in (";", ":"):
            return False  # (another clause's verb first: its body is its own)
        if t.lemma_.lower() in _REMAINS and t.pos_ == "NOUN" and t.dep_ in ("appos", "conj", "nsubjpass", "nsubj"):
            return True
    return False


def _on_fire(tok) -> bool:
    return tok.dep_ == "prep" and tok.lower_ == "on" and any(g.lower_ == "fire" for g in tok.children)


_FIND_VERBS = frozenset({"find", "discover", "recover", "dump", "retrieve"})
# verbs that tell of a body dumped, in the passive: "a dead woman was thrown into a ditch"
_DUMP_VERBS = frozenset({"throw", "leave", "abandon"})
# the lemmas of cues that the rules of `find_cues` read outside the lexicon (for the parser's pre-filter)
RULE_CUE_LEMMAS = _DUMP_VERBS | {"pound", "hit", "clear", "exchange", "trade"}
# and the phrases they read ("commemorated Labour Day", "whose whereabouts are unknown": the verbs are too
# common a word to parse for)
RULE_CUE_PHRASES = WORKERS_DAYS + ("whereabouts", "not been seen since", "not been heard from")


def _hit_people(verb) -> bool:
    """People hit people: a crowd, armed men or several people the subject, a person the object (not
    "a car hit a pedestrian", "the storm hit the town", "the man hit his wife")."""
    if not any(c.dep_ == "dobj" and (c.lemma_.lower() in _HIT_PEOPLE or c.ent_type_ == "PERSON")
               for c in verb.children) or _lone_person_agent(verb):
        return False
    return bool(_agent_words(verb) & (CROWD_WORDS | ARMED_WORDS | _PERSON_WORDS))


_REMAINS = frozenset({"body", "bodies", "corpse", "corpses", "remains", "head", "heads"})


def _remains(t) -> bool:
    """A body or a person's head ("the head of a man"), not the head of a body of people ("the head of the
    council")."""
    if t.lemma_.lower() not in _REMAINS and t.lower_ not in _REMAINS:
        return False
    of = [g for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    return t.lemma_.lower() != "head" or not of or any(g.lemma_.lower() in _PERSON_WORDS for g in of)


_VERDICTS = frozenset("guilty innocent liable responsible".split())


def _found_guilty(verb) -> bool:
    """"was found guilty", "found him responsible": a verdict, no discovery."""
    return any(c.dep_ in ("acomp", "oprd", "xcomp", "ccomp") and c.lower_ in _VERDICTS for c in verb.children)


# phrases split by their object: "set three cars ablaze", "took the crew hostage"
_ABLAZE = frozenset({"ablaze", "afire", "alight"})
_HOSTAGE = frozenset({"hostage", "hostages", "captive"})
_PERSON_WORDS = CIVILIAN_WORDS - frozenset("village villages home homes house houses market church mosque school "
                                           "hospital cattle".split())
# how many words before a passive "found" are read as its subject when the parse gives it none; the
# length of a short noun phrase ("a dead body bearing gunshot wounds"), not tuned
FOUND_SUBJECT_WINDOW = 8
# how a dead person is found: "a man was found wrapped in a blanket", "found floating in the lake"
# how far into the next sentence its body may be named ("The body", "His charred body"), and by what words
NEXT_BODY_WINDOW = 4
_BODY_WORDS = frozenset({"body", "corpse", "remains"})
_FOUND_STATES = frozenset("wrap float dump bind tie hang bury burn mutilate decapitate behead handcuff strangle "
                          "gag blindfold dismember".split())


def _counted_dead(tok) -> bool:
    """A count of the dead told without a verb of killing: "60 people dead in a blast", "two are
    dead", "the raid left 32 suspects dead" (not "three dead bodies", "the dead were buried")."""
    if tok.pos_ != "ADJ":
        return False
    head = tok.head
    if tok.dep_ == "amod":
        return head.i < tok.i and _counted(head)
    if tok.dep_ == "acomp" and head.lemma_.lower() == "be":
        return any(c.dep_ in ("nsubj", "nsubjpass") and _counted(c) for c in head.children)
    return tok.dep_ == "oprd" and head.lemma_.lower() == "leave"


def _deaths_caused(tok):
    """The verb of a count of deaths told as an outcome: "the clashes caused two deaths", "claimed
    five deaths", "resulted in three deaths" (None for any other use of the word)."""
    if not _counted(tok):
        return None
    head = tok.head
    if tok.dep_ == "dobj" and head.lemma_.lower() in ("cause", "claim", "leave"):
        verb = head
    elif tok.dep_ == "pobj" and head.lower_ == "in" and head.head.lemma_.lower() == "result":
        verb = head.head
    else:
        return None
    # (what caused them must be violence: "floods caused three deaths" is no event)
    cause = {t.lemma_.lower() for c in verb.children if c.dep_ == "nsubj" for t in c.subtree}
    return verb if cause & _VIOLENCE_WORDS else None


# words of violence that cause deaths or come before a place is overtaken (as lemmas; as prefixes of words
# in `_ASSAULT`: "attacked", "clashes")
_VIOLENCE_WORDS = frozenset("violence clash fighting fight unrest riot rioting attack assault battle shooting feud "
                            "raid ambush skirmish gunfire bombing explosion blast".split())
_ASSAULT = re.compile(r"\b(?:" + "|".join(sorted(_VIOLENCE_WORDS)) + ")", re.I)


def _counted(tok) -> bool:
    return tok.like_num or tok.lower_ in _COUNT_WORDS or any(
        c.dep_ == "nummod" or c.lower_ in _COUNT_WORDS for c in tok.children)


_COUNT_WORDS = frozenset("dozens scores hundreds thousands several many".split())


def _found_dead(verb) -> bool:
    """Whether a finding verb reports a dead person found ("a dead man was found", "a man died and was
    found in a sack"), whatever the parse made of its subject."""
    found = [c for c in verb.children if c.dep_ in ("nsubjpass", "dobj")]
    if not found and verb.dep_ == "conj":  # "a man died and was found ..."
        found = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not found and any(c.dep_ == "auxpass" for c in verb.children):
        # a passive "found" whose subject the parser hung elsewhere: the words just before it
        before = verb.doc[max(verb.sent.start, verb.i - FOUND_SUBJECT_WINDOW):verb.i]
        # ("remains" the tagger may read as the noun's plural, lemma "remain")
        return any(t.lower_ == "dead" or t.lemma_.lower() in _REMAINS or t.lower_ in _REMAINS for t in before)
    # (or holding one: "a sack holding human remains was left under a bridge")
    if any(t.lower_ == "dead" or t.lower_ in _REMAINS and t.pos_ == "NOUN" and _remains(t) for c in found for t in c.subtree):
        return True
    found = [c for c in found if c.lemma_.lower() in _PERSON_WORDS or c.ent_type_ == "PERSON"]
    doc = verb.doc
    if found and any(c.dep_ == "auxpass" for c in verb.children) and any(
            t.lower_ in _BODY_WORDS and t.i + 1 < len(doc) and doc[t.i + 1].lower_ != "of"
            for t in doc[verb.sent.end:verb.sent.end + NEXT_BODY_WINDOW]):
        # "a farmer was found beside a canal. His body lay in a sack": the next sentence says he was dead (not
        # "The body of water froze")
        return True
    return bool(found) and any(c.dep_ in ("xcomp", "oprd", "advcl", "conj", "acomp")
                               and c.lemma_.lower() in _FOUND_STATES for c in verb.children)


# prepositions and conjunctions that put an event in the background of the one reported: its cause
# or what came before ("after the riots", "because of the clashes", "since the attack")
_BACKGROUND_PREPS = frozenset("after following since".split())
_BACKGROUND_MARKS = frozenset("after because since".split())


def _background(tok) -> bool:
    """Whether a token sits in a phrase or clause that gives an earlier event as cause or setting."""
    t = tok
    for _ in range(10):
        if t.dep_ == "pobj" and (t.head.lower_ in _BACKGROUND_PREPS or (
                t.head.lower_ == "of" and t.head.head.lower_ == "because")):
            return True
        if t.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _BACKGROUND_MARKS for c in t.children):
            return True
        if t.head == t:
            break
        t = t.head
    return False


# a way blocked with something set on fire ("blocked the main road with logs and old tyres on fire", "with
# a burning van"): ACLED's violent demonstration, as burning tyres are (not "marched with burning torches")
_BURNING_BLOCKADE = re.compile(r"\b(?:block|barricad)\w*\b[^.;]{0,80}?\bwith\s+(?:[\w'-]+\s+){0,5}?"
                               r"(?:burning|on fire|ablaze|alight)\b")
# damage done by the demonstrators themselves ("burned tyres", "smashed windows")
_DESTRUCTION = re.compile(r"(?<!to )\b(burn(ed|t|s)?|torch(ed|es)?|smash(ed|es)?|loot(ed|s)?|vandali[sz](ed|es|e)|destroy(ed|s)?) "
                          r"(the|a|an|their|several|two|three|four|\d+)\b")


def _destruction_in(span, low: str) -> bool:
    for m in _DESTRUCTION.finditer(low):
        tok = span.doc.char_span(span.start_char + m.start(), span.start_char + m.end(1), alignment_mode="expand")
        if tok is not None and len(tok) and tok[0].pos_ != "VERB" and not m.group(1).endswith(("ed", "t")):
            continue  # "a burn", "the loot": the present forms count as verbs only ("students burn a dorm")
        if tok is not None and len(tok) and _symbol_burnt(tok[0]):
            continue  # "burned an effigy of the governor", "burnt the flag": a peaceful protest's act (ACLED)
        if tok is None or not len(tok) or not (_background(tok[0]) or _grievance(tok[0])):
            return True
    return False


# (not another party's posters or banners: ACLED codes burning a rival's campaign materials as a riot)
_SYMBOLS = frozenset("effigy effigies flag flags portrait portraits photo photos photograph photographs picture "
                     "pictures copy copies".split())


def _symbol_burnt(verb) -> bool:
    """A verb of burning whose object is a symbol: an effigy, a flag, a portrait, copies of a bill."""
    return any(c.dep_ == "dobj" and c.lemma_.lower() in _SYMBOLS for c in verb.children)


# "grenade launchers" fire from a distance: ACLED codes them as shelling, not as a thrown grenade
_LAUNCHER = {"launcher", "launchers"}
# IED cues that name a device; without one, plural "explosions" (monitors "observed a total of 45
# explosions") are indirect fire of unknown weapons, which ACLED codes as shelling
_DEVICE = {"ied", "landmine", "explosive", "detonate"}


def _figurative_weapon_verb(tok) -> bool:
    """"Prices have rocketed", "he blasted the report"; but "bombs were blasted"."""
    if tok.lemma_.lower() not in FIGURATIVE_WEAPON_VERBS:
        return False
    return not any(c.dep_ in ("dobj", "nsubjpass") and c.lemma_.lower() in _EXPLOSIVE_OBJECTS for c in tok.children)


_EXPLOSIVE_OBJECTS = frozenset("bomb bombs cocktail cocktails explosive explosives device devices mine mines ied ieds "
                               "grenade grenades rocket rockets".split())


def _petrol(tok) -> bool:
    return any(c.lower_ in ("petrol", "gasoline", "molotov", "fire", "incendiary") for c in tok.lefts)


_LEFT_BEHIND = frozenset({"unexploded", "leftover", "abandoned"})


def _refine_weapons(found: dict) -> None:
    if "GRENADE" in found:
        launched = [t for t in found["GRENADE"] if t.i + 1 < len(t.doc) and t.doc[t.i + 1].lower_ in _LAUNCHER]
        kept = [t for t in found["GRENADE"] if t not in launched]
        if launched:
            found.setdefault("SHELL", []).extend(launched)
        if kept:
            found["GRENADE"] = kept
        else:
            del found["GRENADE"]
    # "a bomb planted by the Taliban killed a policeman": a bomb is an explosive device, unless it is
    # a petrol bomb (an arson attack, which ACLED codes by its target)
    for t in found.get("ATTACK", ()):
        if t.lemma_.lower() == "bomb" and t.pos_ == "NOUN" and not _petrol(t):
            found.setdefault("IED", []).append(t)
    if "SHELL" in found:
        # "an unexploded shell the boys were playing with went off": ordnance left behind, which ACLED codes as a
        # remote explosive, not as shelling
        left = [t for t in found["SHELL"] if t.i > 0 and t.doc[t.i - 1].lower_ in _LEFT_BEHIND]
        if left:
            found["SHELL"] = [t for t in found["SHELL"] if t not in left]
            found.setdefault("IED", []).extend(left)
            if not found["SHELL"]:
                del found["SHELL"]
    if "IED" in found:
        # "blew up a bridge", "was blown up in his car"; not "the row blew up" (nothing blown up)
        found["IED"] = [t for t in found["IED"] if t.lemma_.lower() != "blow" or any(
            c.dep_ in ("dobj", "nsubjpass") for c in t.children)]
        if not found["IED"]:
            del found["IED"]
    if "IED" in found:
        toks = found["IED"]
        if all(t.lower_ == "explosions" for t in toks) and not any(
                t.lemma_.lower() in _DEVICE for t in toks):
            del found["IED"]
            found.setdefault("SHELL", []).extend(toks)


# FIGHT cues that only say where fire went ("at the positions of"), or that it came in bursts ("bursts of
# fire" from heavy machineguns): with mortars, artillery, heavy machineguns or grenade launchers that is
# shelling, not a clash (fire "in both directions", or with small arms, is a clash)
_WEAK_FIGHT = {"position", "positions", "at", "on", "of", "burst", "bursts"}


def _real_fight(cues: dict) -> bool:
    return any(t.lemma_.lower() not in _WEAK_FIGHT and t.lower_ not in _WEAK_FIGHT for t in cues.get("FIGHT", ()))


def blocked(tok, span) -> str | None:
    """Why a trigger does not report a real, past event (None when it does)."""
    if span.text.rstrip().endswith("?"):
        return "question"
    verb = verb_of(tok)
    # (a noun the parse leaves loose takes no negation from the verb it hangs on: "post-election riots -
    # details not given"; nor does a noun its own participle tells as done: "urged them not to close the
    # clinic, at a sit-in staged outside Kelmora's town hall")
    held = tok.pos_ in ("NOUN", "PROPN") and (any(
        c.dep_ == "acl" and c.tag_ == "VBN" and c.lemma_.lower() in _HELD for c in tok.children) or _held_before(tok))
    loose = tok.pos_ in ("NOUN", "PROPN") and tok.dep_ in ("dep", "appos", "npadvmod") or held
    for t in ([tok] if tok == verb or loose else [tok, verb]):
        for child in t.children:
            if child.dep_ == "neg" and not (t.pos_ in ("NOUN", "PROPN") and child.i > t.i) \
                    or (child.dep_ == "det" and child.lower_ == "no" and t == tok):
                # (a "not" after a noun is another clause's, misparsed: "riots - details not given")
                return "negated"
            if child.dep_ == "aux" and child.lower_ in MODALS:
                return "modal"
            if child.dep_ == "mark" and child.lower_ in ("if", "unless", "whether"):
                return "conditional"
    if verb.lemma_.lower() in _UNDERGONE | {"claim"} and any(
            c.dep_ in ("nsubj", "nsubjpass") and no_one(c) for c in verb.children):
        # (and "no faction claimed the raid": an act told elsewhere, or none)
        return "negated"  # "No one was injured", "nobody was hurt", "none died"
    if toll_to_date(verb):
        return "a toll to date"  # "The conflict has killed more than 6,000 people"
    if verb.tag_ in ("VBZ", "VBP") and any(c.dep_ == "advmod" and c.lower_ in _HABITUAL for c in verb.children) \
            and not any(c.dep_ == "conj" and c.tag_ == "VBD" for c in verb.children):
        # (not one joined to a past act: "routinely detain activists, and on Monday they arrested three")
        return "habitual"  # "The group frequently attacks hotels in the capital": what it does, no act
    if (tok.lemma_.lower() in MISHAP_TOLLS or verb.lemma_.lower() in MISHAP_TOLLS
            or any(c.lower_ == "dead" for c in tok.children)) and mishap_toll(tok):
        # "twenty-five died when a bus collided with a lorry", "floods killed 40": an accident or a
        # disaster, no act of anyone's (not "killed when their truck hit a roadside bomb")
        return "an accident or a disaster"
    anc = [] if held else [verb] + list(verb.ancestors)[:3]
    # (a relative clause tells a fact of its noun, whatever the verb above that noun does: "a preacher
    # denied entry to the country, which sparked violent protests", "condemned the group that attacked";
    # but a crowd's demand makes it the grievance: "demanding justice for a girl who was raped")
    told = next((k + 1 for k, a in enumerate(anc) if a.dep_ == "relcl"), len(anc))
    for k, a in enumerate(anc):
        # (not from across a semicolon, which the parse may hang one clause on the other by: "a riot broke
        # out; the losers demand a recount")
        if a.lemma_.lower() in HYPOTHETICAL_HEADS and a != tok and not _reporting_use(a) \
                and (k < told or a.lower_ in _PROTESTERS_VERBS) \
                and not any(t.text == ";" for t in tok.doc[min(a.i, tok.i):max(a.i, tok.i)]):
            return f"governed by '{a.text}'"
    if tok.lemma_.lower() in _STRUGGLE_WORDS:
        # "measures to fight the pandemic", "the fight against corruption": a campaign, not a battle
        foes = [c for c in tok.children if c.dep_ == "dobj"] + [
            g for c in tok.children if c.dep_ == "prep" and c.lower_ in ("against", "on") for g in c.children
            if g.dep_ == "pobj"]
        if foes and all(f.lemma_.lower() in _ABSTRACT_FOES or f.lower_ in _ABSTRACT_FOES for f in foes):
            return "a campaign against a cause"
    if tok.pos_ in ("NOUN", "PROPN"):
        if tok.lower_ in NOT_EVENT_NOUNS:
            return "generic noun"
        for child in tok.children:
            if child.lower_ in BLOCKING_MODIFIERS:
                return "hypothetical noun"
        if tok.dep_ == "compound" and tok.head.lemma_.lower() in _UNREAL_HEADS and tok.lower_ in _UNREAL_MODIFIED:
            return "hypothetical noun"  # "a shooting threat", "a bomb hoax", "an attack drill"
        # the sentence's own text: Doc.text rebuilds the whole document's on every access
        before = span.text[max(0, tok.idx - 30 - span.start_char):tok.idx - span.start_char]
        if BLOCKING_PREPS.search(before):
            return "threat/risk of"
    return None


_NEWS_SPAN_WORDS = frozenset("monday tuesday wednesday thursday friday saturday sunday yesterday today tonight "
                              "day days hours hour weekend morning night dawn".split())


def _campaign_so_far(verb) -> bool:
    """A struggle told in the present perfect as going on so far, no act of a day: "Burkina Faso has been battling
    jihadists since 2015" (the perfect progressive), "Teachers have protested repeatedly since January", "separatists
    have carried out similar killings" (not "has killed 20 since Sunday", "have clashed since Monday": days of news)."""
    aux = [c for c in verb.children if c.dep_ == "aux"]
    if not any(a.lemma_ == "have" for a in aux):
        return False
    if verb.tag_ == "VBG" and any(a.lower_ == "been" for a in aux):
        # (but for days of news: "have been attacking the town since Monday", "for three days")
        return not any(t.lower_ in _NEWS_SPAN_WORDS or t.like_num and len(t.text) <= 2
                       for c in verb.children if c.dep_ in ("prep", "npadvmod") for t in c.subtree)
    if verb.tag_ != "VBN":
        return False
    if any(c.dep_ == "advmod" and c.lower_ in ("repeatedly", "frequently", "regularly", "often") for c in verb.children):
        return True
    if any(c.dep_ == "dobj" and any(g.dep_ == "amod" and g.lower_ == "similar" for g in c.children)
           for c in verb.children):
        return True
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "since"):
        words = [t for t in prep.subtree if t.i != prep.i]
        # (a year, or a month with no day: "since 2015", "since January"; not a weekday or a day of a month)
        if any(t.like_num and len(t.text) == 4 for t in words) or (
                any(t.lower_ in MONTHS for t in words) and not any(t.like_num for t in words)):
            return True
    return False


_HABITUAL = frozenset("frequently often regularly routinely usually sometimes occasionally typically generally "
                      "commonly".split())
_UNDERGONE = frozenset("injure wound hurt harm kill die perish arrest detain".split())


# the participles that tell a protest or a meeting as held: "a rally staged in Kelmora"
_HELD = frozenset("hold stage organise organize".split())


def _held_before(tok) -> bool:
    """Whether the past tense of a verb of _HELD comes right before the noun (a determiner between):
    "supporters of a ward hopeful held protest after he was denied a party ticket", which the parser may
    read as the subject of the next clause's verb; the noun is that verb's object, told as done."""
    i = tok.i - 1
    if i >= 0 and tok.doc[i].dep_ == "det":
        i -= 1
    return i >= 0 and tok.doc[i].tag_ in ("VBD", "VBN") and tok.doc[i].lemma_.lower() in _HELD


_STRUGGLE_WORDS = frozenset("fight battle combat".split())
# what a government or a crew fights that is no armed foe
_ABSTRACT_FOES = frozenset("""coronavirus covid covid-19 virus pandemic epidemic outbreak disease malaria cholera
ebola corruption poverty hunger crime drug drugs inflation unemployment impunity illiteracy fire fires blaze
flames wildfire wildfires bushfire flood floods locust locusts""".split())
_UNREAL_HEADS = frozenset("threat plot plan drill exercise hoax scare game simulation".split())
_UNREAL_MODIFIED = frozenset("shooting bomb bombing attack terror terrorist".split())


def _reporting_use(head) -> bool:
    """A hypothetical head used in a sense that reports the event: "ten people were feared killed",
    "are feared dead" (a passive 'fear' gives a likely toll, not a worry); "set off a bomb", "set the
    farms ablaze and killed ..." ('set' is hypothetical only as "set to attack")."""
    lemma = head.lemma_.lower()
    if lemma == "fear":
        return any(c.dep_ in ("auxpass", "nsubjpass") for c in head.children)
    if lemma == "set":
        return not any(c.dep_ == "xcomp" for c in head.children)
    return False


def _subtree_words(tok) -> set[str]:
    return {t.lemma_.lower() for t in tok.subtree} | {t.lower_ for t in tok.subtree}


def _acted_on(child) -> bool:
    """Whether a dependent names the one acted on: an object, a passive subject, or the subject of a
    participle told without its auxiliary (headline_passive)."""
    return child.dep_ in ("dobj", "nsubjpass") or child.dep_ == "nsubj" and headline_passive(child.head)


def _patient_words(tok) -> set[str]:
    """Words in the trigger's object, passive subject, or 'on/against' phrase."""
    verb = verb_of(tok) if tok.pos_ not in ("VERB",) else tok
    words: set[str] = set()
    for t in (tok, verb):
        for child in t.children:
            if child.dep_ in ("attr", "pobj", "oprd") or _acted_on(child):
                words |= _subtree_words(child)
            elif child.dep_ == "prep" and child.lower_ in ("on", "against", "at", "of"):
                words |= _subtree_words(child)
    return words


# prepositions that give a place or a time, not the one acted on ("attacked a post at the market",
# "killed a soldier in the village"): their phrases say nothing of whether the victim was armed
_SETTING_PREPS = frozenset("in at near around outside inside within along during after before while "
                           "from across behind through".split())


def _core_words(tok, clauses_only: bool = False) -> set[str]:
    """A noun phrase's words without its place or time phrases and parentheses (`clauses_only`: without
    its relative clauses only, "a mob that wanted to free a thief held in police cells" is a mob, not the
    police, while "a group armed with machetes" keeps its arms)."""
    words: set[str] = set()
    stack = [tok]
    while stack:
        t = stack.pop()
        if t.dep_ == "relcl" or not clauses_only and (
                t.dep_ == "prep" and t.lower_ in _SETTING_PREPS or t.dep_ in ("acl", "advcl", "punct")):
            continue
        words.add(t.lemma_.lower())
        words.add(t.lower_)
        stack.extend(t.children)
    return words


def _object_holders(tok, verb) -> list:
    """The tokens whose objects are the trigger's: itself and its verb, and, when neither has an object,
    the verb coordinated after it that shares one ("shot and killed two soldiers")."""
    holders = [tok] if tok == verb else [tok, verb]
    if not any(_acted_on(c) for t in holders for c in t.children):
        holders += [c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB"][:1]
        if verb.dep_ == "conj" and verb.head.pos_ == "VERB":
            # "two officers were shot and killed": the second verb shares the first one's passive subject
            holders.append(verb.head)
    return holders


# the members of a gang or a cartel are an organised armed group's, not a crowd ("gang members")
_GANG_WORDS = frozenset("gang gangs gangster gangsters cartel cartels pandillero pandilleros".split())


def _by_words(noun) -> set[str]:
    """The words of a noun's "by" phrase, its agent ("a raid by masked strangers"), without the clause
    that tells more of them ("a mob that wanted to free a thief held in police cells")."""
    return {w for c in noun.children if c.dep_ in ("prep", "agent") and c.lower_ == "by"
            for g in c.children for w in _core_words(g, clauses_only=True)}


# the acts a victim suffers "in" ("hurt in a raid by a mob")
_ACT_NOUNS = frozenset("attack attacks assault raid raids ambush clash clashes fight violence shooting "
                       "firing beating lynching".split())


def _acted_on_spans(tok) -> list[tuple[int, int]]:
    """The character spans of the phrases the trigger acts on (objects and passive subjects)."""
    verb = verb_of(tok) if tok.pos_ not in ("VERB",) else tok
    return [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for t in _object_holders(tok, verb)
            for c in t.children if _acted_on(c)]


# the forces' own arms, whose destruction by an armed side is a fight with them ("destroyed two tanks")
_FORCES_HARDWARE = frozenset("tank tanks apc apcs armoured armored humvee humvees".split())
_FORCES_SCHOOL_MARKS = frozenset("gendarmerie police military army".split())
_TRAINING_WORDS = frozenset("training academy college".split())


def _patient_core(tok) -> set[str]:
    """Like _patient_words, but only the heads of the phrases (see _core_words)."""
    verb = verb_of(tok) if tok.pos_ not in ("VERB",) else tok
    words: set[str] = set()
    for t in _object_holders(tok, verb):
        has_object = any(_acted_on(c) for c in t.children)
        for child in t.children:
            if child.dep_ in ("attr", "oprd") or _acted_on(child):
                words |= _core_words(child)
            elif child.dep_ == "prep" and child.lower_ in ("on", "against", "at", "of") and not (
                    has_object and child.lower_ == "at"):  # "attacked a post at the market": a place
                words |= {w for c in child.children for w in _core_words(c)}
    noun = participle_noun(tok)
    if noun is not None:
        words |= _core_words(noun)  # "five soldiers wounded near the town"
    if words & _OFF_DUTY:
        words.add("civilian")  # ACLED: an off-duty or unarmed soldier or policeman is a civilian
    return words


_OFF_DUTY = frozenset({"off", "unarmed", "retired", "former", "ex"})
# ... however the report puts it ("a police officer who was off duty", "(assumed off-duty)")
_OFF_DUTY_TEXT = re.compile(r"\boff[- ]duty\b|\bunarmed\b")
_PEOPLE_WORDS = re.compile(r"\b(community|communities|ethnic groups?|tribe|people)$", re.I)


def _patient_inters(ctx: Context, tok, span) -> set[str]:
    """ACLED types of the actor mentions that are the trigger's object or passive subject."""
    verb = verb_of(tok) if tok.pos_ not in ("VERB",) else tok
    holders = _object_holders(tok, verb)
    heads = [c for t in holders for c in t.children if _acted_on(c)]
    heads += [g for t in holders for c in t.children if c.dep_ == "prep" and c.lower_ in ("on", "against")
              for g in c.children if g.dep_ == "pobj"]
    spans = [(h.left_edge.idx, h.right_edge.idx + len(h.right_edge)) for h in heads]
    noun = participle_noun(tok)
    if noun is not None:
        # ("two NDS officers wounded in the blast"; not "a preacher close to Al Shabaab slain by ...")
        spans.append((noun.left_edge.idx, noun.idx + len(noun)))
    out: set[str] = set()
    for lo, hi in spans:
        # "a government employee" is a civilian: the Government actor is not an armed side; nor are
        # "members of the Fulani community", a people rather than its militia
        out |= {a.inter for a in ctx.actors_starting(lo, hi) if a.inter and not a.name.startswith("Government")
                and not _PEOPLE_WORDS.search(a.text)}
    return out


# Who is arrested when an arrest is an intervention in a protest ("police arrested 20 protesters",
# "several people were detained"); "protested against the arrest of the editor" is not one.
_PROTEST_PEOPLE = {"protester", "protesters", "demonstrator", "demonstrators", "participant", "participants",
                   "marcher", "marchers", "people", "student", "students", "activist", "activists", "them",
                   "several", "dozens", "hundreds", "scores", "organiser", "organisers", "organizer",
                   "organizers", "leader", "leaders", "some", "many", "youth", "youths", "they", "person", "persons",
                   "man", "men", "woman", "women"}


_DEMAND_VERBS = frozenset("call urge ask demand want press appeal".split())


def _protesters_arrested(cues: dict) -> bool:
    for t in cues.get("ARREST", ()):
        if t.pos_ == "NOUN" and t.head.lower_ in ("against", "over", "for", "condemning", "demanding",
                                                   "protesting", "denouncing"):
            continue
        if t.pos_ == "VERB" and (any(c.dep_ == "neg" for c in t.children) or t.dep_ == "relcl" or
                                 t.dep_ == "xcomp" and t.head.lemma_.lower() in _DEMAND_VERBS):
            # "none of the killers is in custody", "an imam whom the police held in June", "urged the state
            # to arrest the killers": no arrest at the protest
            continue
        words = _patient_words(t) | _agent_words(t) if t.pos_ == "VERB" else _subtree_words(t)
        if words & _PROTEST_PEOPLE or any(w.isdigit() for w in words):
            return True
    return False


# what the police do to a protest they stop, and who they may be ("security forces chased them
# away"); read from ACLED's notes, not tuned
_STOPPING_VERBS = frozenset("block stop foil halt obstruct chase prevent thwart bar remove pick confront break".split())
_POLICE_WORDS = frozenset("police policemen policeman policewomen cops cop officers constables gendarmes gendarmerie "
                          "authorities security forces troops soldiers".split())
_POLICE_ONLY = frozenset("police policemen policeman cops cop gendarmes gendarmerie".split())
_GUN_FIGHTS = frozenset("gunfight gunbattle shootout firefight encounter".split())


def _sides_words(tok) -> set[str]:
    """The words of a fight's sides: its agent and the nouns its "with", "between" or "against" phrases
    name ("between two groups ... under the Kelmo police station" names no police)."""
    words = _agent_words(tok)
    for t in (tok, verb_of(tok)):
        for c in t.children:
            if c.dep_ == "prep" and c.lower_ in ("with", "between", "against"):
                heads = [g for g in c.children if g.dep_ == "pobj"]
                heads += [h for g in heads for h in g.conjuncts]
                words |= {w for h in heads for w in (h.lower_, h.lemma_.lower())}
    return words


_STOPPED_WORDS = _PROTEST_PEOPLE | CROWD_WORDS | CIVILIAN_WORDS | frozenset(
    "march marches procession processions rally rallies protest protests demonstration demonstrations "
    "sit-in gathering convoy".split())


def _police_stopped(tok) -> bool:
    """The police as the agent of a verb of stopping whose object is a protest or its people (or that
    has no object: "once halted by officers")."""
    agent = [c for c in tok.children if c.dep_ == "agent"]
    if agent and not {w for c in agent for w in _subtree_words(c)} & _POLICE_WORDS:
        return False  # "the police tried to reach the site but were blocked by the crowd"
    if not _agent_words(tok) & _POLICE_WORDS or any(c.dep_ == "neg" for c in tok.children):
        return False
    if tok.lemma_.lower() in ("pick", "break") and not any(c.dep_ == "prt" and c.lower_ == "up" for c in tok.children):
        return False  # only "picked up" or "broke up" by them
    patient = _patient_words(tok)
    return not patient or bool(patient & _STOPPED_WORDS)


# how many words a subject the parser left on an address before the verb may have ("members of the
# Kelmo Gang", "kitchen and cleaning staff at the Kelmo General Hospital"); read from ACLED's notes, not tuned
SUBJECT_AFTER_COMMA_MAX = 12


_RELATIVE_PRONOUNS = frozenset({"who", "that", "which"})


def _agent_words(tok) -> set[str]:
    verb = verb_of(tok)
    words: set[str] = set()
    heads = [verb] + ([verb.head] if verb.dep_ in ("xcomp", "conj", "advcl") else [])
    for v in heads:
        for child in v.children:
            if child.dep_ == "agent" or child.dep_ == "nsubj" and not headline_passive(v) \
                    and not (v is verb and v.lemma_.lower() in DIE_VERBS):
                # (the subject of "died" is the dead, no doer: "15 people had died in the attack")
                words |= _subtree_words(child)
    if words and words <= _RELATIVE_PRONOUNS and verb.dep_ == "relcl":
        # "a crowd of residents who stoned the police": the noun the clause hangs on (without the clause)
        clause = {t.i for t in verb.subtree}
        words = {w for t in verb.head.subtree if t.i not in clause for w in (t.lower_, t.lemma_.lower())}
    if not words:
        # "was attacked and injured by a mob": the agent of the coordinated passive verb
        for c in verb.children:
            if c.dep_ == "conj":
                words |= {w for g in c.children if g.dep_ == "agent" for w in _subtree_words(g)}
    if not words and verb.tag_ == "VBD" and not any(c.dep_ in ("nsubj", "nsubjpass", "csubj", "expl")
                                                   for c in verb.children):
        # "On 5 May, in Kelmo, Dunde, members of the Kelmo Gang delivered ...": after an address the parser
        # hangs the subject on the address (as an apposition, or as another object of "in"); the noun
        # phrase between the last comma and the finite verb is its subject (not before a participle: "the
        # third envoy of the party shot this month")
        doc, lo = verb.doc, verb.i
        while lo > verb.sent.start and doc[lo - 1].text not in (",", ";") and verb.i - lo < SUBJECT_AFTER_COMMA_MAX:
            lo -= 1
        phrase = doc[lo:verb.i]
        if lo > verb.sent.start and doc[lo - 1].text == "," and any(t.pos_ in ("NOUN", "PROPN") for t in phrase) \
                and not any(t.pos_ in ("VERB", "AUX") for t in phrase):
            words |= {w for t in phrase for w in (t.lower_, t.lemma_.lower())}
    if not words and verb.dep_ == "acl" and verb.tag_ in ("VBD", "VBG"):
        # "On 7 May, in X, 90 migrants returned from Y": a finite verb hung on the noun before it as a
        # clause; that noun is its subject, as it is of "supporters marching"; a passive participle's
        # ("soldiers killed by militants") is not
        head = verb.head
        words |= {head.lower_, head.lemma_.lower()} | {w for c in head.children if c.dep_ in ("amod", "compound")
                                                         for w in (c.lower_, c.lemma_.lower())}
    for child in tok.children:
        if child.dep_ in ("compound", "amod", "poss"):
            words |= _subtree_words(child)
    return words


# how many words after "blocked" may name the way blocked when the parse gives it no object
# ("blocked with two vehicles the highway"); a guess from English word order, not tuned
BLOCK_OBJECT_WINDOW = 8
# what a shot that is no violence hits ("shot a video"), and warning shots
_NOT_SHOT = frozenset("video videos film films footage photo photos photograph photographs picture pictures "
                      "movie movies scene scenes documentary clip clips episode episodes commercial fame goal "
                      "ball".split())
_NOT_SHOOTING = re.compile(r"\b(film|films|movie|video|photo|scene|range|competition|championships?|sport|"
                           r"olympic|medal|clay|trap|skeet)\b")
_AIR_SHOTS = re.compile(r"\b(in|into) the air\b")
_ROUNDS = frozenset("shot shots gunshot gunshots round rounds bullet bullets volley volleys salvo salvos".split())
_NOT_PROTEST_PROCESSION = re.compile(r"\b(funeral|burial|wedding|religious|festival|pilgrim\w*|idol|immersion|"
                                     r"puja|carnival|muharram|ashura|eid|christmas|easter)\b")
_NOT_PROTEST_BLOCKADE = re.compile(r"\b(naval|maritime|sea|port|ports|military|army|troops|economic|trade|"
                                   r"arms|siege|coast|warships?)\b")
_LABOUR_STRIKE = re.compile(r"\b(on (a |an )?(\w+ )?strike|general strike|indefinite strike|strikers?|striking|"
                            r"workers?|employees|staff|teachers|doctors|nurses|lawyers|drivers|unions?|traders|"
                            r"transporters|bandh|hartal|shutdown)\b")


def _shot_at_someone(tok) -> bool:
    """A verb "shoot" with someone or something shot: an object, a passive subject, "at" a target,
    "fatally"/"dead", or the noun it hangs on ("a man shot in the head")."""
    if tok.pos_ != "VERB":
        return False
    return tok.dep_ == "acl" or any(
        c.dep_ in ("dobj", "nsubjpass") or (c.dep_ == "prep" and c.lower_ in ("at", "on"))
        or c.lower_ in ("fatally", "dead") for c in tok.children)


def _object_words(tok, span) -> set[str]:
    """The words of what the trigger acts on; when the parse gives it no object ("blocked with two
    vehicles the highway"), the words that follow it."""
    words = {w for c in tok.children if c.dep_ in ("dobj", "nsubjpass") for w in _core_words(c)}
    if words:
        return words
    return {w for t in span.doc[tok.i + 1:min(tok.i + 1 + BLOCK_OBJECT_WINDOW, span.end)]
            for w in (t.lower_, t.lemma_.lower())}


def _kills_at_protest(cues: dict) -> bool:
    """A killing in a protest sentence that is the demonstrators' grievance ("protested against the killing
    of a student", "to condemn the assassination of ...", "demanding justice for a boy who was shot dead",
    "marched after a trader was killed", "on suspicion of murder") is not force used on them."""
    return any(not (t.pos_ == "NOUN" or _grievance(t) or _told_as_cause(t)) for t in cues.get("KILL", ()))


def _told_as_cause(t) -> bool:
    """A verb told of someone ("a guard who was shot dead", "a journalist killed by a policeman"; not of
    the demonstrators themselves) or in a clause or phrase of what came before ("after a trader was
    killed", "following the stabbing of ..."): the killing a protest is about."""
    node = t
    for _ in range(12):
        if node.dep_ in ("relcl", "acl") and node.head.lower_ not in _PROTESTER_NOUNS or node.dep_ == "advcl" and any(
                c.dep_ == "mark" and c.lower_ in _BEFORE_MARKS for c in node.children):
            return True
        if node.dep_ == "pobj" and node.head.lower_ in _BEFORE_MARKS:
            return True
        if node.head.i == node.i:
            return False
        node = node.head
    return False


_BEFORE_MARKS = frozenset("after following since because".split())
_GUNFIRE_TEXT = re.compile(r"\b(?:shot|shoot\w*|bullets?|fired|firing|gunfire|gunshots?|guns?)\b", re.I)
_PROTESTER_NOUNS = frozenset("protester protesters protestor protestors demonstrator demonstrators marcher marchers".split())


# nouns that name a killing: mostly a reference to one told elsewhere, or a cause ("over the killing of")
_KILL_NOUNS = frozenset("killing killings assassination assassinations shooting shootings".split())
# what a death was caused by when it is shot ("died under a volley of bullets", "died of a gunshot wound"; no
# "shoot-out", which the tokenizer splits)
_GUNFIRE_WORDS = frozenset("bullet bullets gunfire gunshot gunshots shootout crossfire".split())
_GRIEVANCE_HEADS = frozenset("against over for condemning demanding protesting denouncing about".split())


def _kill_noun(fam: str, tok) -> bool:
    return fam in ("KILL", "HARM") and tok.pos_ == "NOUN" and tok.lower_ in _KILL_NOUNS


_ANIMALS = frozenset("animal animals cattle cow cows goat goats sheep livestock chicken chickens dog dogs bird "
                     "birds wildlife elephant elephants camel camels".split())
# people who keep the animals, killed with them ("twenty herdsmen and their cows were killed"): the killing of
# people, not the slaughter of animals ("herder" is among CIVILIAN_WORDS already)
_KEEPERS = frozenset("herdsman herdsmen herders pastoralist pastoralists nomad nomads shepherd shepherds "
                     "rancher ranchers".split())
_ARSON_LEMMAS = frozenset("set torch burn".split())
# works and buildings that an attack may damage with no one in them harmed (not homes, villages or vehicles,
# whose attack is most often on the people there)
_INFRASTRUCTURE = frozenset("pipeline pipelines oilfield field fields mast masts tower towers school schools office "
                            "offices building buildings hotel hotels lodge bank banks factory warehouse bridge "
                            "equipment machinery property properties shop shops store stores well wells".split())
# a text of a shutdown, a blockade or a party's cadres: its arsons are the agitation's (rioters')
_POLITICAL_ARSON = re.compile(r"\b(?:hartal\w*|blockad\w*|blockage|shutdown|bandh|strikes?|cadres?|agitat\w*|activists?|"
                              r"supporters?|pickete?r?s?|polls?|elections?)\b", re.I)
_STORMED = frozenset("storm besiege".split())
_OCCUPIED = frozenset("hotel hotels school schools lodge".split())


def _harm_told_next(ctx: Context, span) -> bool:
    """Whether the sentence after the span's, in its paragraph, tells of harm ("Militants stormed a hotel on
    Monday. A dozen guests died")."""
    s = ctx.sentence_at(span.start_char)
    nxt = next_in_paragraph(ctx, s.index) if s is not None else None
    return nxt is not None and bool(_HARM_TOLD.search(nxt.text))


_HARM_TOLD = re.compile(r"\b(?:kill\w*|injur\w*|wound\w*|hurt|dead|died|death|casualt\w*)\b", re.I)
_ACCIDENTAL_FIRE = re.compile(r"\b(wildfires?|bushfires?|forest fires?|blaze|flames|electrical|short[- ]circuit|"
                              # (not "burnt a car after a road accident": the crash angered them)
                              r"(?<!road )(?<!traffic )accident\w*|lightning|gas leak|fire broke out)\b")
# what is burnt when property is destroyed ("burned a dozen shops", "burnt down the shed")
_PROPERTY = frozenset("house houses home homes hut huts shop shops store stores stall stalls kiosk kiosks "
                      "vehicle vehicles car cars truck trucks bus buses motorbike motorbikes tractor tractors "
                      "school schools office offices building buildings property properties church churches "
                      "mosque mosques temple temples market farm farms crops field fields granary granaries "
                      "village villages camp cottage lodge hotel station tribune stadium bulldozer factory "
                      "warehouse pastureland bridge equipment machinery cameras".split())


def _lone_person_agent(tok) -> bool:
    """The trigger's subject is one named person or one man or woman ("Henry set the bed on fire")."""
    verb = verb_of(tok)
    subj = [c for c in verb.children if c.dep_ == "nsubj"]
    return len(subj) == 1 and not any(c.dep_ == "conj" for c in subj[0].children) and (
        subj[0].ent_type_ == "PERSON" or subj[0].lower_ in _ONE_PERSON)


_ONE_PERSON = frozenset("man woman boy girl person individual suspect husband wife he she".split())


def _has_subject(tok) -> bool:
    """The token has a subject of its own (not a participle that borrows its clause's)."""
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)


def _armed_agent(tok) -> bool:
    """Whether the trigger's subject or agent is an armed group ("militants", "militiamen") and no crowd
    (or people called armed: "armed herders", "a band of armed men")."""
    words = _agent_words(tok)
    return bool(words & (ARMED_SUBJECT_WORDS | _ARMED_PARTICIPANTS)) and not words & CROWD_WORDS \
        or _armed_word(words)


_CROSSFIRE_NOUNS = frozenset("fire firing gunfire crossfire shelling exchange".split())


def _caught_in_crossfire(tok) -> bool:
    """The harm came in fire by or between two armed sides ("a farmer was hurt in firing by Kelmorian and
    Dundish troops", "... in firing between the army and the rebels"): ACLED codes the exchange, a clash,
    whoever it struck."""
    verb = verb_of(tok) if tok.pos_ != "VERB" else tok
    for p in verb.children:
        if p.dep_ != "prep" or p.lower_ not in ("in", "during", "amid"):
            continue
        for f in p.children:
            if f.dep_ not in ("pobj", "pcomp") or f.lemma_.lower() not in _CROSSFIRE_NOUNS:
                continue
            sides = [side for q in f.subtree if q.dep_ in ("prep", "agent") and q.lower_ in ("by", "between")
                     for side in q.children if side.dep_ == "pobj"]
            if any(side.lemma_.lower() in ARMED_WORDS | ARMED_SUBJECT_WORDS
                   and any(t.dep_ == "conj" for t in side.subtree) for side in sides):
                return True
    return False


# the verbs whose object or clause says what a protest is against ("protested the killing of ...")
_GRIEVANCE_LEMMAS = frozenset("protest demand denounce condemn decry oppose".split())


def _grievance(t) -> bool:
    """A riot cue told as what a protest is about, not as what the protesters did: "marched over a spate
    of mob killings", "demanding the arrest of youths who torched a clinic", "protested the lynching of
    a porter by a mob"."""
    node = t
    for _ in range(12):
        if node.head.i == node.i:
            return False
        # (not any relative clause: "boys who kept hurling rocks" tells the protesters' own acts)
        if node.dep_ == "pobj" and node.head.lower_ in ("over", "against", "about"):
            return True
        # (what they protested or demanded; not a clause told beside the protest, "protested, some
        # getting into a scuffle with the guards", the protesters' own act)
        head = node.head.lemma_.lower()
        if node.dep_ == "dobj" and head in _GRIEVANCE_LEMMAS \
                or node.dep_ in ("xcomp", "ccomp") and head in _GRIEVANCE_LEMMAS - {"protest"}:
            return True
        node = node.head
    return False


def _self_barricade(t) -> bool:
    """"Barricaded themselves into the office": a sit-in, not a barricade thrown up in the street."""
    return t.lemma_.lower().startswith("barricad") and any(
        c.lower_ in ("themselves", "himself", "herself") for c in t.children)


def _armed_word(words: set) -> bool:
    """The words call someone armed ("armed herders"), not unarmed."""
    return "armed" in words and "unarmed" not in words


# what is "shot down" in words only: a proposal rejected
_SHOT_DOWN_IDEAS = frozenset("proposal proposals plan plans bill bills motion motions idea ideas request requests "
                             "demand demands claim claims suggestion suggestions amendment amendments resolution "
                             "appeal appeals budget deal bid bids offer offers rumour rumours rumor rumors".split())
# what a "strike" named after is fired from the ground ("a Russian missile strike": a missile attack, no air strike)
_GROUND_FIRED = frozenset("missile rocket artillery mortar shell".split())
# the verbs that send them ("launched 40 drones at Kharkiv", "fired rockets")
_LAUNCH_VERBS = frozenset("launch fire send".split())
# verbs that bring down what flies ("air defences destroyed 30 drones over Kursk")
_BRING_DOWN_VERBS = frozenset("destroy neutralise neutralize down intercept".split())


def _brought_down(tok, verb) -> bool:
    """Whether an air cue (a drone, a missile) is what the verb destroyed or intercepted in the air: ACLED's
    disrupted weapons use, not a strike ("destroyed 30 Ukrainian drones"; not "drones destroyed a tank")."""
    if tok.lemma_.lower() not in AIRBORNE or verb.lemma_.lower() not in _BRING_DOWN_VERBS:
        return False
    t = tok
    while t.dep_ in ("conj", "pobj", "appos") and t.head.i != t.i and t.head.i != verb.i:
        t = t.head  # ("30 of the drones", "drones and missiles")
    return t.dep_ in ("dobj", "nsubjpass") and t.head.i == verb.i or t.head.i == verb.i and t.dep_ == "pobj"


# what is intercepted when a weapon's use is disrupted ("intercepted two rockets", "an arms shipment")
_INTERCEPTED = re.compile(r"\b(missiles?|rockets?|drones?|projectiles?|shells?|weapons?|arms|ammunition|explosives?|"
                          r"bombs?|shipments?|consignments?|cache|grenades?)\b")
_CONTRABAND = re.compile(r"\b(marijuana|cannabis|cocaine|heroin|methamphetamine|narcotics|contraband|smuggled)\b")
_WEAPON_OBJECTS = r"\b(weapons?|arms|ammunition|munitions|rifles?|guns?|pistols?|explosives|tnt|ieds?|mines|bombs?|cache|drugs|vehicles?|grenades?|rounds|detonators?)\b"
# ACLED's disrupted weapons use: a bomb defused, found before it went off, failing to go off, or going off
# early in its makers' hands ("blew up as they were planting it"), not an attack
_DISRUPTED_BOMB = re.compile(
    r"\b(?:defus|disarm|deactivat)|\bprematurely\b|\b(?:did not|didn't|failed to) (?:explode|detonate|go off)\b"
    r"|\b(?:while|as|when) (?:they were |he was |it was being )?(?:planting|assembling|making|laying|fixing|handling|"
    r"manufacturing|fitting|building|preparing|transporting)\b"
    r"|\b(?:they|he|she) (?:was|were|had been) (?:planting|assembling|making|laying|fixing|handling|manufacturing|"
    r"building|preparing|transporting)\b"
    r"|(?<!remote-)(?<!remote )\bcontrolled (?:explosion|detonation)\b|\b(?:bomb|ied|explosive device|device|landmine|mine|grenade)s? "
    r"(?:was |were )?(?:found|discovered|detected|recovered|spotted)\b"
    r"|\b(?:found|discovered|detected|recovered|spotted) (?:an? |the |two |three |\d+ )?(?:unexploded |live )?"
    r"(?:bomb|ied|explosive device|device|landmine|mine|grenade)s?\b")
_DEMONSTRATION_SIGNS = re.compile(r"\b(?:riot\w*|marchers|demonstrators|protesters|strikers|barricad\w*|blockad\w*"
                                  r"|blocked|over (?:an?|the|their|its|his|her) )")
# what the forces dismantle as property (a drug lab, a rebel camp), not a network or a policy
_DISMANTLED = frozenset("lab labs laboratory laboratories factory factories plantation plantations camp camps "
                        "checkpoint checkpoints barricade barricades roadblock roadblocks still stills refinery "
                        "refineries kiln kilns hideout hideouts".split())
# people seized: an arrest or a capture in a fight, never the seizure of goods
_KIDNAP_WORDS = re.compile(r"\b(?:kidnap\w*|ransom)\b", re.I)
# people a seizure may take besides civilians' words ("seized two missionaries")
_HOSTAGE_WORDS = frozenset("""missionary missionaries tourist tourists engineer engineers priest priests nun nuns
traveller travellers traveler travelers pilgrim pilgrims hostage hostages foreigner foreigners""".split())
_SEIZED_PEOPLE = frozenset("man men woman women person people suspect suspects member members fighter fighters leader "
                           "leaders commander commanders he she they them".split())
_BLOCKED_WAYS = frozenset("road roads street streets highway highways entrance entrances traffic route routes bridge "
                          "junction railway rail gate gates access avenue avenues motorway intersection office "
                          "offices border crossing train trains port premises".split())
def _protest_before(ctx: Context, span) -> bool:
    """The sentence before, in the same paragraph, tells of a protest ("Protesters marched in Kisumu on Monday.")."""
    s = ctx.sentence_at(span.start_char)
    if s is None or s.index == 0:
        return False
    prev = ctx.sentences[s.index - 1]
    return prev.paragraph == s.paragraph and _DEMO_TEXT.search(prev.text) is not None


_DEMO_TEXT = re.compile(r"\b(?:protest\w*|demonstrat\w*|march\w*|rall(?:y|ied|ies)|sit-in)\b", re.I)
_PROTEST_PURPOSE = re.compile(r"\b(demand|protest|denounc|condemn|against|call(ed|ing)? for|press(ed|ing)? for|"
                              r"in support of|in solidarity|express(ed|ing)? (their )?(anger|discontent|opposition)|"
                              r"oppos|agitat|grievance|chant|slogans?|placards?|pressur)", re.I)
# armed organised participants: with one of them a fight is a battle, not a brawl
_ARMED_PARTICIPANTS = frozenset("militant militants rebel rebels insurgent insurgents jihadist jihadists gunman gunmen "
                                "militia militias militiaman militiamen fighter fighters bandit bandits extremist "
                                "extremists terrorist terrorists soldier soldiers troops army".split())
_NONSTATE_INTERS = frozenset({"Rebel group", "Political militia", "Identity militia", "External/Other forces"})


_HIJACKED = frozenset("bus buses car cars vehicle vehicles truck trucks lorry lorries van vans minibus taxi plane "
                      "planes aircraft airliner flight ship ships vessel vessels boat boats tanker tankers passenger "
                      "passengers convoy crew driver drivers matatu".split())
_UNOPPOSED = re.compile(r"\bwithout (?:any |a |facing (?:any )?)?(?:resistance|fight|fighting|shot)\b")


# a crowd's words that tell a demonstration
_DEMO_WORDS = re.compile(r"\b(strik(ing|ers)|demonstrators|protesters|marchers)\b")


def _crowd_fight(ctx: Context, tok, span, cues: dict) -> bool:
    """A clash whose side is an unorganised crowd ("a clash between demonstrators and police", "two groups
    of villagers clashed and pelted stones") and in which no armed organised group takes part: ACLED's
    Riots, not Battles."""
    words = _agent_words(tok)
    for t in [tok, verb_of(tok)]:
        for child in t.children:
            if child.dep_ == "prep" and child.lower_ in ("between", "with", "among", "against"):
                words |= {w for c in child.children for w in _core_words(c)}
    words |= {c.lower_ for c in tok.children if c.dep_ in ("nsubj", "poss", "compound", "amod")}
    for t in span:  # "a clash ensued between X and Y", however the parser attached "between"
        if t.lower_ == "between":
            words |= {w for c in t.children for w in _core_words(c)}
    if words & _ARMED_PARTICIPANTS or any(
            i in _NONSTATE_INTERS for i in _actor_inters_in(ctx, span.start_char, span.end_char)):
        return False
    if words & {"them", "they"} and _PROTEST_BEFORE.search(_earlier_in_paragraph(ctx, span)):
        return True  # "Teachers marched against pay cuts. Police clashed with them.": the marchers
    return bool(words & CROWD_WORDS) or ("RIOT" in cues and not words & ARMED_WORDS)


_PROTEST_BEFORE = re.compile(r"\b(?:protest|demonstrat|march|rall(?:y|ied|ies)|strik(?:e|es|ing|ers))", re.I)


_FIGHT_NOUNS = frozenset("fight fighting fights clash clashes battle battles combat firefight gunfight shootout "
                         "exchange skirmish skirmishes hostilities confrontation".split())


_CAPTIVES = frozenset("prisoner prisoners detainee detainees captive captives hostage hostages inmates inmate "
                      "pow pows".split())
# a prison an armed group holds ("freed from a rebel prison"): those it held were its captives
_PRISONS = frozenset("prison prisons jail jails captivity".split())

_FOLLOWERS = frozenset({"cadre", "cadres"})


def _unarmed_crowd(ctx: Context, tok, span) -> bool:
    """The verb's subject is a crowd ("community members", "a party's cadres") with no arms told, and no armed
    group of the actor dictionary is in the sentence: rioters, whatever armed group the actor recogniser
    guessed from their name ("community members" for a communal militia, a "Front" for a rebel group)."""
    return bool(_agent_words(tok) & (CROWD_WORDS | _FOLLOWERS)) and not _armed_side(ctx, tok, span)


_A_GROUP_OF = re.compile(r"\ba\s+(?:\w+\s+)?group\s+of\b", re.I)


def _the_group_told_before(ctx: Context, tok, span) -> bool:
    """"Al-Shabaab fighters stormed a hotel ... The group killed two guards there last year": "the group" after
    an armed group the text named before is that group, no crowd."""
    subject = next((c for c in verb_of(tok).children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.lemma_.lower() != "group" or not any(
            c.dep_ == "det" and c.lower_ in ("the", "this") for c in subject.children):
        return False
    s = ctx.sentence_at(span.start_char)
    if s is None or s.index == 0:
        return False
    lo = ctx.sentences[max(0, s.index - 2)].start
    # (the group a text brought in just before: "a group of farmers attacked a herder. The group beat him")
    if _A_GROUP_OF.search(ctx.text, lo, span.start_char):
        return False
    return any(a.inter in ORGANISED_ARMED_INTERS for a in ctx.actors_starting(lo, span.start_char))


def _armed_side(ctx: Context, tok, span) -> bool:
    """The verb's subject is told armed ("armed men", "militants", "a gang"), or an armed group of the actor
    dictionary is in the sentence."""
    return bool(_agent_words(tok) & (ARMED_WORDS | _ARMED_PARTICIPANTS | _ARMED_CROWD_MARKS)) or any(
        a.source == "dictionary" and a.inter in _NONSTATE_INTERS and span.start_char <= a.start < span.end_char
        for a in ctx.actors)


_ARMED_CROWD_MARKS = frozenset({"armed", "raiders"}) | _GANG_WORDS
_VIOLENT_FAMILIES = frozenset({"FIGHT", "KILL", "HARM", "ATTACK"})


def _armed_group_in(ctx: Context, tok) -> bool:
    """Whether a named armed non-state group lies in the phrase the token heads."""
    lo = min(t.idx for t in tok.subtree)
    hi = max(t.idx + len(t) for t in tok.subtree)
    return any(lo <= a.start and a.end <= hi and a.inter in NAMED_ARMED_INTERS for a in ctx.actors)


_RETURNEES = frozenset("refugee refugees migrant migrants idps idp displaced returnees".split())
_DISPLACED = _RETURNEES | frozenset("families family villager villagers resident residents households "
                                    "civilians people thousands hundreds".split())


def _engaged_in_fighting(tok) -> bool:
    """'engaged in a gun battle', 'engaged the rebels': a fight; 'engaged in mining', 'engaged in talks': not."""
    for c in tok.children:
        if c.dep_ == "prep" and c.lower_ == "in":
            return any(g.lemma_.lower() in _FIGHT_NOUNS or g.lower_ in _FIGHT_NOUNS for g in c.subtree)
        if c.dep_ == "dobj":
            return True
    return False


# attackers that are no crowd ("a mob-style attack by unknown assailants")
_UNKNOWN_ATTACKERS = frozenset("armed assailant assailants unidentified unknown attacker attackers".split())
# ordinary people who may make a mob: a few persons, kin, neighbours, workmates (men only when three or
# more are told: "two men stabbed a trader" may be any criminals)
_MOB_PEOPLE = frozenset("persons kin relatives neighbours neighbors employees colleagues villagers locals".split())
_MANY = frozenset("three four five six seven eight nine ten dozen dozens several scores".split())
# what a mob does with its hands and sticks
_BLOWS = frozenset("beat attack assault kill murder lynch stab hack injure hit thrash club stone torture "
                   "lynching beating".split())
_ARMED_WITH = re.compile(r"\b(?:armed with|wielding|opened fire|open fire|guns?|pistols?|rifles?)\b", re.I)


def _ordinary_people(words: set[str]) -> bool:
    if words & (ARMED_WORDS | _UNKNOWN_ATTACKERS | _GANG_WORDS | {"gunmen", "gunman", "masked", "robbers", "thugs"}):
        return False
    if words & _MOB_PEOPLE:
        return True
    return "men" in words and bool(words & _MANY or any(w.isdigit() and int(w) >= 3 for w in words))
# one-sided assaults: a fight only when the other side is armed
ONE_SIDED_FIGHT_LEMMAS = frozenset({"ambush", "assault"})
# people the police pursue as armed criminals ("armed robbers"): a police killing of them is a fight; a
# "drug suspect" killed in a raid is not (ACLED: violence against civilians)
SUSPECT_WORDS = frozenset("robber robbers criminal criminals gangster gangsters carjacker "
                          "carjackers thug thugs".split())
# (whom people hit, as `_hit_people` reads it: persons, suspects and thieves)
_HIT_PEOPLE = _PERSON_WORDS | SUSPECT_WORDS | {"thief", "burglar", "suspect"}
_STATE_AGENT_WORDS = frozenset("police policeman policemen officer officers soldier soldiers troops army "
                               "military forces".split())


def _one_sided(ctx: Context, tok, span) -> bool:
    """An ambush or assault whose victims, its own or those of the verb it shares them with, are unarmed."""
    if tok.lemma_.lower() not in ONE_SIDED_FIGHT_LEMMAS:
        return False
    core = _patient_core(tok) | _conjunct_patients(tok)
    armed = bool(core & ARMED_WORDS) or bool(_patient_inters(ctx, tok, span) & ORGANISED_ARMED_INTERS) \
        or ("armed" in core and "unarmed" not in core)
    if tok.lemma_.lower() == "assault" and tok.pos_ == "VERB":
        # "assaulted a family", "assaulted several shop owners": a beating, one-sided unless the victim is armed
        return bool(core) and not armed
    if core & _VEHICLES and not armed and not _patient_words(tok) & (ARMED_WORDS | _ARMED_MARKS):
        return True  # "ambushed a bus": a vehicle of no armed side ("a vehicle carrying soldiers" is one)
    return bool(core & CIVILIAN_WORDS) and not armed


# what is ambushed on a road, and the words that make it an armed side's
_VEHICLES = frozenset("bus buses vehicle vehicles car cars truck trucks lorry lorries matatu minibus taxi".split())
_ARMED_MARKS = frozenset("military security armoured armored army kdf".split())


def _conjunct_patients(tok) -> set[str]:
    """Objects of the verbs coordinated with a trigger ("attacked the village and killed two residents")."""
    words: set[str] = set()
    verb = verb_of(tok)
    for v in [c for c in verb.children if c.dep_ == "conj"] + ([verb.head] if verb.dep_ == "conj" else []):
        for child in v.children:
            if child.dep_ in ("dobj", "nsubjpass"):
                words |= _core_words(child)
    return words


def _next_sentence_text(ctx: Context, span) -> str:
    s = ctx.sentence_at(span.start_char)
    nxt = next_in_paragraph(ctx, s.index) if s is not None else None
    return nxt.text if nxt is not None else ""


def _earlier_in_paragraph(ctx: Context, span) -> str:
    """The text of the sentences of the span's paragraph before it."""
    s = ctx.sentence_at(span.start_char)
    if s is None:
        return ""
    return " ".join(t.text for t in ctx.sentences[:s.index] if t.paragraph == s.paragraph)


def _actor_inters_in(ctx: Context, start: int, end: int) -> list[str]:
    return [a.inter for a in ctx.actors_starting(start, end) if a.inter]


def type_trigger(ctx: Context, fam: str, tok, span, cues: dict) -> tuple[str, str] | None:
    """ACLED (event_type, sub_event_type) for one trigger in its sentence, or None."""
    bombing = verb_of(tok)
    if bombing.pos_ == "VERB" and bombing.lemma_.lower() == "bomb" and _air_force_subject(ctx, bombing) \
            and not set(WEAPON_ORDER) & set(cues):
        # "the military bombed a village", "army jets bombed militant targets": a state's bombing is from the air (its
        # own verb's and its objects', not a weapon of the sentence's other acts)
        cues = {**cues, "AIR": [bombing]}
    has = cues.__contains__
    weapon = next((w for w in WEAPON_ORDER if has(w)), None)
    patient = _patient_words(tok)
    low = span.text.lower()
    protest_ctx = has("PROTEST")
    core = _patient_core(tok)
    if "camp" in core and core & _SHELTER_CAMP_WORDS:
        core = (core - {"camp"}) | {"displaced"}  # "a displacement camp", "an IDP camp": people, not a base
    # "two armed men", "robbers" shot by the police: armed people, whatever noun names them
    armed_people = ("armed" in core and "unarmed" not in core) or bool(core & SUSPECT_WORDS and _agent_words(tok) & _STATE_AGENT_WORDS)
    armed_victim = bool(core & ARMED_WORDS) or bool(_patient_inters(ctx, tok, span) & ORGANISED_ARMED_INTERS) \
        or armed_people
    civilian_victim = bool(core & CIVILIAN_WORDS) and not armed_people
    if core & _FORCES_SCHOOL_MARKS and core & _TRAINING_WORDS:
        # "a gendarmerie training school", "the police academy": the forces' own, not a school of children
        armed_victim, civilian_victim = True, False
    if armed_victim and _OFF_DUTY_TEXT.search(low):
        armed_victim, civilian_victim = False, True  # ACLED: off-duty or unarmed, a civilian

    if fam == "PROTEST":
        lemma = tok.lemma_.lower()
        if lemma == "block" and not _object_words(tok, span) & _BLOCKED_WAYS and not (
                _PROTEST_PURPOSE.search(low) and _agent_words(tok) & (CROWD_WORDS | CIVILIAN_WORDS)):
            return None  # "blocked the bill", "blocked access to the website"
        if lemma == "gather" and not (_PROTEST_PURPOSE.search(low) or has("INTERVENE")):
            return None  # people gather for prayers, funerals and markets too
        if lemma == "set" and _armed_agent(tok):
            return None  # "militants set up roadblocks": a checkpoint, no protest
        if lemma == "procession" and _NOT_PROTEST_PROCESSION.search(low):
            return None  # funerals, weddings and festivals have processions too
        if lemma == "blockade" and _NOT_PROTEST_BLOCKADE.search(low):
            return None  # a blockade by navies and armies, or by sanctions
        if lemma in ("march", "rally") and tok.pos_ == "VERB":
            who = _agent_words(tok)
            if not who:  # a misparsed subject ("in X, 15 workers and members of Y marched ..."): what precedes
                who = {w for t in span if t.i < tok.i for w in (t.lower_, t.lemma_.lower())}
            if who & ARMED_SUBJECT_WORDS or not (who | patient) & (
                    CIVILIAN_WORDS | CROWD_WORDS | {"supporter", "opposition", "hundreds", "thousands", "dozens"}) \
                    and not (who & {"they"} and _protest_before(ctx, span)):
                # (but "On Tuesday, they marched again" after a protest: its crowd, another day)
                return None  # "troops marched into the town"
        if any(not _grievance(t) and not _self_barricade(t) for t in cues.get("RIOT", ())) \
                or any(c.dep_ == "amod" and c.lower_ == "violent" for c in tok.children) \
                or re.search(r"\b(protesters|demonstrators)\b[^.]{0,40}\b(clashed|stoned|attacked|torched|burn)"
                             r"(?!\w*\s+(?:an?\s+|the\s+)?(?:effig|flags?\b|portraits?\b|photo|pictures?\b|cop(?:y|ies)\b))",
                             low) \
                or _destruction_in(span, low) or _BURNING_BLOCKADE.search(low):
            return ("Riots", "Violent demonstration")
        if _kills_at_protest(cues) or re.search(r"live (rounds|ammunition|bullets)|opened fire on (protesters|demonstrators)", low):
            return ("Protests", "Excessive force against protesters")
        if has("INTERVENE") or _protesters_arrested(cues):
            return ("Protests", "Protest with intervention")
        return ("Protests", "Peaceful protest")
    if fam == "RIOT":
        if _self_barricade(tok) or protest_ctx and _grievance(tok):
            # "barricaded themselves into the office": a sit-in, which the protest cue tells; "protested,
            # demanding the arrest of youths who torched a clinic": the grievance, no riot
            return None
        if tok.lemma_.lower() in _ARSON_LEMMAS and _lone_person_agent(tok):
            return None  # "the man set the bed on fire": a crime, no riot
        if tok.lemma_.lower() in ("throw", "hurl") and _lone_person_agent(
                tok.head if tok.dep_ in ("pcomp", "advcl") and not _has_subject(tok) else tok):
            # one man throwing stones: an attack on the person he aims at ("a drunk man hurled bricks at
            # a nurse"; "after hurling a brick, the man fled"), no riot
            target = {w for p in tok.children if p.dep_ == "prep" and p.lower_ == "at" for w in _subtree_words(p)}
            return ("Violence against civilians", "Attack") if target & CIVILIAN_WORDS else None
        if tok.lemma_.lower() in _ARSON_LEMMAS and _armed_agent(tok) and (
                not (protest_ctx or _PROTEST_PURPOSE.search(low)) or _armed_word(_agent_words(tok))):
            # "militants set the houses alight": an armed group's arson is an attack (coded from its
            # other cues) or, alone, the destruction of property, not a riot (and so is one by armed
            # men who leave a demand behind: no demonstration)
            if {"KILL", "ATTACK", "FIGHT", "HARM"} & set(cues) or weapon:
                return None
            return ("Strategic developments", "Looting/property destruction")
        if protest_ctx or _PROTEST_PURPOSE.search(low):
            # "closed the road with burning tyres, denouncing ...": a demonstration turned violent
            return ("Riots", "Violent demonstration")
        if tok.lemma_.lower() in _ARSON_LEMMAS and not _agent_words(tok) & CROWD_WORDS \
                and not _DEMONSTRATION_SIGNS.search(low) and not _POLITICAL_ARSON.search(ctx.text) \
                and not {"KILL", "HARM", "FIGHT", "ATTACK"} & set(cues) \
                and all(t.lemma_.lower() in _ARSON_LEMMAS for t in cues.get("RIOT", ())):
            # "a councillor's lorry was torched", "unknown arsonists burned a kiosk": an arson that no
            # crowd is told to have done, with no other riot told ("ransacked a shop and set fire to its
            # stock"), is property destroyed (ACLED), not mob violence
            return ("Strategic developments", "Looting/property destruction")
        if re.search(r"\b(mob|lynch|vigilante|villagers|residents)\b", low) or not _DEMONSTRATION_SIGNS.search(low):
            # ACLED: a crowd's violence with no demonstration told (stones thrown at a car, a shop torched) is
            # mob violence; a riot so called, marchers, a road barricaded or a grievance ("over a new tax")
            # tell a demonstration turned violent
            return ("Riots", "Mob violence")
        return ("Riots", "Violent demonstration")
    if fam == "FIGHT" and tok.lemma_.lower() == "engage" and tok.pos_ == "VERB" and not _engaged_in_fighting(tok):
        return None  # "workers engaged in construction", "engaged in talks"
    if fam == "LOOT" and _background(tok):
        return None  # "protested after floods destroyed their crops": the cause, not an event
    if fam == "LOOT" and tok.lemma_.lower() == "steal" and not (_armed_agent(tok) or "armed" in _agent_words(tok)):
        return None  # theft is crime; armed groups stealing cattle or goods loot (ACLED)
    if fam == "LOOT" and tok.lemma_.lower() == "burn" and (
            protest_ctx or weapon or {"RIOT", "KILL", "ATTACK", "FIGHT", "HARM"} & set(cues)
            or not _object_words(tok, span) & _PROPERTY or _ACCIDENTAL_FIRE.search(low)):
        # burnt tyres and effigies; a burning told with a riot or an attack is part of that event; a
        # wildfire or an electrical fire is no one's act
        return None
    agent_words = _agent_words(tok)
    if tok.pos_ == "NOUN":
        # "killed in a mob-style raid by masked strangers": the noun's own agent names the attackers
        agent_words |= _by_words(tok)
    elif tok.pos_ == "VERB" and not agent_words:
        # "two constables were hurt in a raid by a mob": the agent of the act the verb's victims
        # suffered in
        agent_words |= {w for p in tok.children if p.dep_ == "prep" and p.lower_ == "in"
                        for n in p.children if n.dep_ == "pobj" and n.lemma_.lower() in _ACT_NOUNS
                        for w in _by_words(n)}
    # ACLED: vigilante and lynch mobs are rioters (Mob violence), though a standing vigilante group is a militia
    # (an armed group named before the trigger makes the crowd its men, unless it is the one acted on: "a
    # police squad was attacked by an angry mob")
    acted_on = _acted_on_spans(tok)
    if tok.dep_ in ("advcl", "conj", "xcomp"):
        # "traders clashed with police, killing an officer": the side the head verb met is no one's
        # command over the crowd
        acted_on += [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in tok.head.children
                     if c.dep_ == "prep" and c.lower_ in ("with", "against") and c.i < tok.i]
    # (herders who attack villagers are a communal militia, ACLED's attackers of civilians; herders who
    # fight the police are still a mob)
    crowd_agent = bool(agent_words & CROWD_WORDS) and not _the_group_told_before(ctx, tok, span) \
        and not agent_words & (ARMED_WORDS | _UNKNOWN_ATTACKERS | _GANG_WORDS) \
        and not (agent_words & _KEEPERS and not armed_victim) \
        and not any(a.inter in ORGANISED_ARMED_INTERS and not a.name.startswith("Vigilante")
                    for a in ctx.actors if span.start_char <= a.start < tok.idx
                    and not any(lo <= a.start < hi for lo, hi in acted_on))
    if fam == "ATTACK" and tok.lemma_.lower() == "strike" and any(c.lower_ == "hunger" for c in tok.children):
        return None  # a hunger strike: the protest phrase tells it
    if fam in ("KILL", "HARM", "ATTACK", "FIGHT", "LOOT") and crowd_agent and not weapon:
        # (marchers, strikers or demonstrators tell a demonstration, as in a clash below)
        return ("Riots", "Violent demonstration" if protest_ctx or _DEMO_WORDS.search(low) else "Mob violence")
    if fam in ("KILL", "HARM", "ATTACK") and not weapon and tok.lemma_.lower() in _BLOWS \
            and _ordinary_people(agent_words) and not has("ABDUCT") \
            and not _GUNFIRE_TEXT.search(low) and not _ARMED_WITH.search(low) and not any(
                a.inter in ORGANISED_ARMED_INTERS for a in ctx.actors if span.start_char <= a.start < span.end_char):
        # ACLED: a few ordinary people who beat, stab or lynch someone ("six persons beat a tailor", "the
        # woman's kin assaulted him") are an unorganised group, mob violence, not an armed group
        return ("Riots", "Mob violence")
    if fam == "KILL" and core & _ANIMALS and not core & (CIVILIAN_WORDS - _ANIMALS | ARMED_WORDS | _KEEPERS):
        return None  # "the slaughter of animals"
    if fam == "KILL" and tok.lemma_.lower() == "lynch":
        return ("Riots", "Mob violence")  # ACLED: a lynching is mob violence, whoever the crowd
    if fam == "ATTACK" and not weapon and not {"KILL", "HARM", "FIGHT", "SEXUAL", "ABDUCT"} & set(cues) \
            and core & _INFRASTRUCTURE and not (civilian_victim or armed_victim) and not _HARM_TOLD.search(low) \
            and not (tok.lemma_.lower() in _STORMED and (core & _OCCUPIED or _harm_told_next(ctx, span))):
        # "gunmen attacked an oil pipeline", "rebels raided and looted a bank": an attack on a
        # building or works that harmed no one is property destroyed (ACLED); not a storming of a hotel or a
        # school, whose people it is aimed at, nor one whose next sentence tells its dead
        return ("Strategic developments", "Looting/property destruction")
    if fam in ("KILL", "HARM", "ATTACK"):
        lemma = tok.lemma_.lower()
        if lemma == "strike" and tok.pos_ == "VERB" and not (weapon or has("FIGHT")) and _country_doer(ctx, tok):
            # "the United States struck Houthi radar sites": a state that strikes with no weapon named and no
            # fight strikes from afar, as its "strikes" are from the air (ACLED: an air/drone strike)
            return ("Explosions/Remote violence", "Air/drone strike")
        if lemma == "strike" and not (weapon or has("FIGHT")) and not (tok.pos_ == "VERB" and _armed_agent(tok)):
            # ("bandits struck the village": an attack)
            if tok.pos_ == "NOUN" and _LABOUR_STRIKE.search(low) and not {"KILL", "HARM", "FIGHT"} & set(cues):
                # ACLED codes a strike (workers' stoppage, a general strike or bandh) as a protest
                return type_trigger(ctx, "PROTEST", tok, span, cues)
            return None  # a deal struck, "strike a balance"
        if lemma == "target" and not (armed_victim or civilian_victim or has("KILL")):
            return None
        if lemma == "target" and tok.pos_ == "NOUN" and tok.dep_ in ("dobj", "pobj") and verb_of(tok) is not tok:
            return None  # "struck Hezbollah targets", "strikes on militant targets": what the act struck
        if lemma == "shoot" and not (armed_victim or civilian_victim or has("KILL")) and (
                patient & _NOT_SHOT or _AIR_SHOTS.search(low) or not _shot_at_someone(tok)):
            return None  # "shot a video", "prices shot up", "shots fired into the air", "shooting for June"
        if lemma == "fire" and tok.pos_ == "VERB" and not (armed_victim or civilian_victim or has("KILL")) \
                and _object_words(tok, span) & _ROUNDS and not any(
                    c.dep_ == "prep" and c.lower_ in ("at", "on", "into", "toward", "towards") for c in tok.children):
            return None  # "guards fired shots to restore order": shots that hit no one and were aimed at no one
        if lemma == "shooting" and _NOT_SHOOTING.search(low):
            return None  # the shooting of a film, a shooting range or competition
        if lemma == "shoot" and any(c.dep_ in ("prt", "advmod") and c.lower_ == "down" for c in tok.children) and (
                has("AIR") or (AIRBORNE | _SHOT_DOWN_IDEAS).intersection(_object_words(tok, span))
                or _agent_words(tok) and not _armed_agent(tok)):
            # "shot down a drone": the WEAPONS family types it; "shot down a proposal", "a striker shot down by
            # critics": nothing (but "gunmen shot down a shopkeeper", "a constable was shot down", as South Asian
            # reports write "shot dead")
            return None
        if protest_ctx and (re.search(r"\b(protesters?|demonstrators?|marchers?|demonstrations?|protests?)\b", low) or (
                _gathering_fired_on(span))):
            # (or a march or rally the state's forces fired on, by the verb's own words; gunmen who fire on a rally
            # attack it)
            if has("RIOT"):  # ACLED: demonstrators who use violence are rioters, whatever force met them
                return ("Riots", "Violent demonstration")
            if not has("KILL") and not weapon and not _GUNFIRE_TEXT.search(low):
                # ACLED: force that neither kills nor fires on them ("beaten and dragged into vans", "hurt
                # three protesters") is an intervention; excessive force is lethal or from guns
                return ("Protests", "Protest with intervention")
            return ("Protests", "Excessive force against protesters")
        if weapon:
            if weapon in ("IED", "GRENADE") and _DISRUPTED_BOMB.search(low):
                return ("Strategic developments", "Disrupted weapons use")
            if has("FIGHT") and weapon not in ("AIR", "SUICIDE") and not (
                    weapon == "SHELL" and not _real_fight(cues)):
                return ("Battles", "Armed clash")
            return ("Explosions/Remote violence", WEAPON_SUB[weapon])
        if lemma in ("bomb", "bombing") and not _petrol(tok):
            return ("Explosions/Remote violence", "Remote explosive/landmine/IED")
        if not weapon and any(_crowd_fight(ctx, t, span, cues) and _sides_words(t) & _POLICE_ONLY
                              and t.lemma_.lower() not in _GUN_FIGHTS for t in cues.get("FIGHT", ())):
            # "20 people were hurt as marchers clashed with the police": the harm of a crowd's clash with
            # the police (not of one between two groups, which ACLED's regions code apart)
            demo = protest_ctx or _DEMO_WORDS.search(low)
            return ("Riots", "Violent demonstration" if demo else "Mob violence")
        if any(not _one_sided(ctx, t, span) for t in cues.get("FIGHT", ())) \
                or (armed_victim and not civilian_victim) or _caught_in_crossfire(tok):
            return ("Battles", "Armed clash")
        if lemma in ("attack", "raid") and not civilian_victim and not _conjunct_patients(tok) & CIVILIAN_WORDS:
            # two organised armed sides in the sentence; civilians, protesters and rioters are not one
            inters = [i for i in _actor_inters_in(ctx, span.start_char, span.end_char) if i in ORGANISED_ARMED_INTERS]
            if armed_victim or len(set(inters)) >= 2:
                return ("Battles", "Armed clash")
        if has("SEXUAL"):
            return ("Violence against civilians", "Sexual violence")
        return ("Violence against civilians", "Attack")
    if fam == "FIGHT":
        lemma = tok.lemma_.lower()
        if not weapon and _crowd_fight(ctx, tok, span, cues):
            demo = protest_ctx or _DEMO_WORDS.search(low)
            return ("Riots", "Violent demonstration" if demo else "Mob violence")
        if not weapon and _one_sided(ctx, tok, span) and not any(
                t != tok and not _one_sided(ctx, t, span) for t in cues.get("FIGHT", ())):
            # "ambushed and killed a government employee", "assaulted two journalists": unarmed victims
            return ("Violence against civilians", "Sexual violence" if has("SEXUAL") else "Attack")
        if lemma in ("fight", "battle") and tok.pos_ in ("NOUN", "PROPN") and (tok.pos_ == "PROPN" or any(
                c.dep_ == "prep" and c.lower_ in ("against", "for", "over") for c in tok.children)) and not (
                patient & (ARMED_WORDS | _ARMED_PARTICIPANTS) or _actor_inters_in(ctx, span.start_char, span.end_char)):
            return None  # "the fight against terrorism", "the battle for the governorship", "the Battle of Y"
        if lemma in ("fight", "battle", "engage", "storm", "assault", "encounter") and tok.pos_ == "VERB" and not (
                patient & (ARMED_WORDS | TERRITORY_WORDS) or _agent_words(tok) & ARMED_WORDS
                or _actor_inters_in(ctx, span.start_char, span.end_char)):
            if lemma == "fight" and not weapon and _at_each_other(tok) and _sides(tok) \
                    and not _agent_words(tok) & _ARMED_PARTICIPANTS:
                # "the Kelmo party and the Dunde league fought each other": two sides no arms are told of
                # came to blows, a mob's violence
                return ("Riots", "Mob violence")
            return None
        if weapon in ("AIR", "SHELL") and (lemma in ("assault",) or not _real_fight(cues)):
            return ("Explosions/Remote violence", WEAPON_SUB[weapon])
        return ("Battles", "Armed clash")
    if fam == "GAIN":
        lemma = tok.lemma_.lower()
        if lemma in ("seize", "grab") and any(c.dep_ == "dobj" and c.lemma_.lower() == "power" for c in tok.children):
            # "soldiers seized power": a coup (ACLED: Other); not rebels who "seized power in the town of X after
            # fighting" (the town taken), nor the junta "which seized power in 2020" (background)
            if tok.dep_ == "relcl":
                return None
            if not (core & TERRITORY_WORDS or has("FIGHT")):
                return ("Strategic developments", "Other")
        if lemma == "recover" and not re.search(_WEAPON_OBJECTS, " ".join(patient)):
            return None  # recovered bodies, stolen cars, the economy
        if lemma in ("seize", "grab") and any(c.dep_ == "dobj" and c.lemma_.lower() in _ANIMALS for c in tok.children):
            # "Bandits seized 200 cattle from herders": livestock taken, property looted (no people, no territory)
            return ("Strategic developments", "Looting/property destruction")
        if lemma in ("seize", "capture", "grab") and core and not core & TERRITORY_WORDS and not armed_victim \
                and not _agent_words(tok) & _STATE_AGENT_WORDS \
                and (_KIDNAP_WORDS.search(low) or any(c.dep_ == "dobj" and (c.lemma_.lower() in CIVILIAN_WORDS - _ANIMALS
                                                                             or c.lower_ in _HOSTAGE_WORDS)
                                                      for c in tok.children)):
            # "Kidnappers seized two missionaries outside the capital and demand a ransom": people taken, an
            # abduction (not "seized two towns", nor "seized 40 rifles", nor cattle, nor the forces' seizures)
            return ("Violence against civilians", "Abduction/forced disappearance")
        # (what was seized, not where: "seized drugs hidden in a lorry at a highway checkpoint" took no highway)
        if lemma in ("seize", "capture", "recover") and not core & TERRITORY_WORDS:
            state = bool(_agent_words(tok) & _STATE_AGENT_WORDS)
            if _CONTRABAND.search(low) and state:
                # [OBS] police seizures of contraband are coded as Looting/property destruction
                return ("Strategic developments", "Looting/property destruction")
            if re.search(_WEAPON_OBJECTS, " ".join(patient)):
                return ("Strategic developments", "Disrupted weapons use")
            if state and core and not core & (ARMED_WORDS | CIVILIAN_WORDS | SUSPECT_WORDS | _SEIZED_PEOPLE):
                # [OBS] so are the forces' seizures of other goods ("soldiers seized two boats", "fuel")
                return ("Strategic developments", "Looting/property destruction")
            if not any(p.start >= span.start_char and p.end <= span.end_char and p.start > tok.idx
                       for p in ctx.places):
                return None
        agent_inters = []
        verb = verb_of(tok)
        for a in ctx.actors:
            if span.start_char <= a.start < span.end_char:
                a_tok = span.doc.char_span(a.start, a.end, alignment_mode="expand")
                if a_tok is not None and any(t.dep_ in ("nsubj", "agent", "pobj") and
                                             (t.head == verb or t.head.head == verb) for t in a_tok):
                    agent_inters.append(a.inter)
        if lemma == "overtake" and (has("ATTACK") or has("FIGHT") or _ASSAULT.search(_earlier_in_paragraph(ctx, span))
                                    or not (agent_inters or (_agent_words(tok) | {t.lower_ for t in span if t.i < tok.i})
                                            & (_ARMED_PARTICIPANTS | {"forces", "police"}))):
            # "a bus overtook the truck": only an armed group overtakes a place (the parse may miss its
            # subject: "rebels overtook the town", read as a loose dependent); "attacked and overtook a
            # checkpoint", or an attack told before in the paragraph ("... died when rebels assaulted a
            # post. The militants overtook it"), is the attack, a clash
            return None
        if _UNOPPOSED.search(low):
            return ("Strategic developments", "Non-violent transfer of territory")  # ACLED: taken unopposed
        if lemma in ("recapture", "retake", "liberate", "regain", "reclaim"):
            return ("Battles", "Government regains territory")
        if "State forces" in agent_inters or (_agent_words(tok) & {"army", "troop", "soldier", "force", "forces", "government"}):
            return ("Battles", "Government regains territory")
        if agent_inters:
            return ("Battles", "Non-state actor overtakes territory")
        if lemma in ("expel", "dislodge", "oust"):
            return ("Battles", "Armed clash")
        return ("Battles", "Non-state actor overtakes territory")
    if fam == "ABDUCT":
        if tok.lemma_.lower() in ("hijack", "hijacking") and not {t.lower_ for t in span} & _HIJACKED:
            return None  # "hijacked the website", "hijacked the debate": only people and their vehicles
        if armed_victim and not civilian_victim and not (crowd_agent or protest_ctx or has("RIOT")):
            # "gunmen abducted a police officer": ACLED codes the seizure of an armed man as a clash
            # (not by rioters: "fishermen rioted and held two policemen hostage")
            return ("Battles", "Armed clash")
        return ("Violence against civilians", "Abduction/forced disappearance")
    if fam == "SEXUAL":
        return ("Violence against civilians", "Sexual violence")
    if fam == "AGREE":
        if tok.lemma_.lower() in ("deal", "accord") and tok.pos_ not in ("NOUN", "PROPN"):
            return None
        if re.search(r"\b(trade|business|record|book|contract|sponsorship|transfer fee)\b", low):
            return None
        return ("Strategic developments", "Agreement")
    if fam == "ARREST":
        if protest_ctx:
            return ("Protests", "Protest with intervention")
        return ("Strategic developments", "Arrests")
    if fam == "TRANSFER":
        subj = _agent_words(tok) | patient
        armed_subject = bool(subj & ARMED_SUBJECT_WORDS) or any(
            a.inter in ("Rebel group", "Political militia", "Identity militia", "State forces", "External/Other forces")
            and span.start_char <= a.start < tok.idx + 40 for a in ctx.actors)
        if not armed_subject:
            return None
        if has("FIGHT"):
            return None
        return ("Strategic developments", "Non-violent transfer of territory")
    if fam == "WARNING":
        # warning shots, shots fired in the air: ACLED's "Other" development, unless they break up a
        # protest or a riot (an intervention the protest's own trigger types) or come with violence
        if {"PROTEST", "RIOT", "INTERVENE", "KILL", "HARM", "FIGHT", "ATTACK"} & set(cues):
            return None
        return ("Strategic developments", "Other")
    if fam == "DISCOVERY":
        if "mass grave" in low:
            return ("Strategic developments", "Other")
        if REMAINS_CUES.search(low) and not (VIOLENCE_SIGNS.search(low)
                                             or VIOLENCE_SIGNS.search(_next_sentence_text(ctx, span))):
            return ("Strategic developments", "Other")  # old remains, bones, a grave exhumed
        # ACLED codes a body found as the killing it tells (an attack whose perpetrator is unknown), with or
        # without signs of violence: in acled-dev, the 7 notes of a body found or a person found dead whose
        # first coded event was a discovery are 6 attacks and 1 clash in the gold, none "Other"
        # (`scratch/discovery.py` in session 57's notes, on run s57w)
        return ("Violence against civilians", "Attack")
    if fam == "WEAPONS":
        v = verb_of(tok)
        if v.dep_ == "relcl" and v.head.lemma_.lower() in AIRBORNE and v.head.head.i != v.head.i \
                and verb_of(v.head.head).lemma_.lower() in _LAUNCH_VERBS:
            # "launched 40 drones at Kharkiv, of which 35 were shot down": the launch is the act told (an air
            # strike, which the weapon cue types), the drones shot down only part of it
            return None
        if tok.lemma_.lower() == "down" and (tok.pos_ != "VERB" or not AIRBORNE.intersection(_object_words(tok, span))):
            return None  # the particle of "shot down", which its verb types; "workers downed tools": no weapon downed
        if tok.lemma_.lower() == "intercept" and not _INTERCEPTED.search(" ".join(
                w for c in tok.children if c.dep_ in ("dobj", "nsubjpass") for w in _subtree_words(c))
                or " ".join(_object_words(tok, span))):
            return None  # gunmen who "intercepted a minibus": a stop on the road, told by the attack that follows
        if tok.lemma_.lower() == "shoot" and not (has("AIR") or re.search(r"\b(?:air)?planes?\b", low)):
            return None  # "shot down" a man, a proposal
        if tok.lemma_.lower() in ("shoot", "down") \
                and re.search(r"\b(helicopter|aircraft|plane|jet|warplane|fighter)s?\b", low) \
                and not re.search(r"\bdrones?\b", low):
            return ("Explosions/Remote violence", "Shelling/artillery/missile attack")  # a crewed aircraft
        return ("Strategic developments", "Disrupted weapons use")
    if fam == "LOOT":
        if tok.lemma_.lower() == "dismantle" and not _object_words(tok, span) & _DISMANTLED:
            return None  # "dismantled a smuggling network", "the regime must be dismantled": no property
        if tok.lemma_.lower() == "destroy" and (weapon or {"KILL", "ATTACK", "FIGHT", "HARM"} & set(cues)):
            return None  # the destruction a strike or an attack caused: that event is coded
        if tok.lemma_.lower() in ("destroy", "disable") and _object_words(tok, span) & _FORCES_HARDWARE \
                and _armed_agent(tok):
            return ("Battles", "Armed clash")  # "fighters destroyed two tanks": a fight with the tanks' forces
        return ("Strategic developments", "Looting/property destruction")
    if fam == "BASE":
        return ("Strategic developments", "Headquarters or base established")
    if fam == "CHANGE":
        lemma = tok.lemma_.lower()
        if lemma == "join" and not (_patient_inters(ctx, tok, span) & _NONSTATE_INTERS):
            return None  # "joined the protest"; "soldiers joined the Taliban" is a defection
        if lemma in _GROUP_ACTIVITY_VERBS and not (tok.pos_ == "VERB" and _nonstate_agent(ctx, tok) and (
                lemma == "patrol" or _object_words(tok, span) & _AID)):
            # ACLED: an armed group handing out aid or patrolling to enforce its rules changes its activity;
            # anyone else delivering food or patrolling does not
            return None
        if lemma in _DECREES and not (tok.pos_ == "NOUN" and tok.dep_ in ("dobj", "nsubjpass")
                                      and tok.head.lemma_.lower() in _DECREE_VERBS):
            return None  # "declared a lockdown", "a curfew was imposed": a security measure; not "during the curfew"
        return ("Strategic developments", "Change to group/activity")
    if fam == "RELEASE":
        # ACLED: a prisoner release or swap is an Agreement; a one-sided release of captives, Other
        words = _patient_words(tok) | _subtree_words(tok)
        if not (words & _CAPTIVES or words & _PRISONS and _armed_group_in(ctx, tok)) or _background(tok):
            return None  # "released a statement", "freed on bail", "released from jail"
        if re.search(r"\b(exchang\w*|swap\w*|in return for)\b", low):
            return ("Strategic developments", "Agreement")
        return ("Strategic developments", "Other")
    if fam == "DISPLACE":
        # displacement by conflict and mass returns of refugees: ACLED's "Other" development
        people = _agent_words(tok) | _patient_words(tok)
        if tok.dep_ == "acl":
            # "210 migrants returned from Kelmoria": read as a participle on the people, who still came back
            people |= {tok.head.lower_, tok.head.lemma_.lower()}
        lemma = tok.lemma_.lower()
        if _background(tok) or not people & (_RETURNEES if lemma in ("return", "arrive") else _DISPLACED):
            return None
        return ("Strategic developments", "Other")
    return None


def _is_background_clause(ctx: Context, tok) -> bool:
    """A trigger inside a relative clause with a pronoun subject ('the land they had seized')."""
    verb = verb_of(tok)
    if verb.dep_ in ("relcl", "acl"):
        subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        lo = min(t.idx for t in verb.subtree)
        hi = max(t.idx + len(t) for t in verb.subtree)
        has_time = any(lo <= t.start < hi and not t.duration and t.value for t in ctx.times)
        # "the land they had seized"; a relative pronoun ("youths hurling stones") names
        # the noun it hangs on, whose act is told, not assumed
        # "rode into Abbati, where they killed seven men": a clause on a place tells what happened there
        told_there = any(c.lower_ == "where" for c in verb.children) and not any(
            c.dep_ == "aux" and c.lower_ == "had" for c in verb.children)
        if subj and all(s.pos_ == "PRON" and s.tag_ not in ("WP", "WDT") for s in subj) and not has_time \
                and not told_there:
            return True
    return False


def _clause_of(tok, clauses: list[int]) -> int:
    """The innermost of the clause verbs `clauses` the token is in (-1 for none)."""
    for t in [tok, *tok.ancestors]:
        if t.i in clauses:
            return t.i
    return -1


def _clause_cues(cues: dict, tok, clauses: list[int]) -> dict:
    """The cues of the clause the token is in, leaving out those of the clauses among `clauses` it is not in."""
    own = _clause_of(tok, clauses)
    out = {}
    for fam, toks in cues.items():
        kept = [t for t in toks if _clause_of(t, clauses) == own]
        if kept:
            out[fam] = kept
    return out


def _counted_off(a, b) -> bool:
    """One trigger acts in a clause of another act counted off in days from the other's ("two days after
    militants killed"), the other outside that clause."""
    for x, y in ((a, b), (b, a)):
        if offset_clause(x) is not None:
            clause = verb_of(x)
            if clause.i != y.i and clause not in y.ancestors:
                return True
    return False


def _apart_after(ctx: Context, a, b) -> bool:
    """Two acts of one sentence, one in a clause opened by "after" or "before" under the other's verb, each done
    by a subject of its own and told at a place of its own far from the other's ("Kelmorian jets struck Dunde
    after Lurin fighters fired rockets at Tasra"): two events, not one act and its cause ("police opened fire
    after protesters threw stones" at one place stays one)."""
    for inner, outer in ((a, b), (b, a)):
        # (the clause the act is in, a participle of outcome under it too: "after missiles hit Kelmo, killing two")
        clause = next((t for t in (inner, *inner.ancestors) if after_clause(t)), None)
        if clause is None or clause in (outer, *outer.ancestors):
            continue
        main = clause.head
        # (each told by its doer, an active verb's subject: not "a convoy was ambushed after its vehicle hit a
        # mine", nor "officers are feared dead after raiders attacked": the clause tells that act's doer)
        subjects = [next((c for c in v.children if c.dep_ == "nsubj"), None) for v in (clause, main)]
        if None in subjects or subjects[0].lower_ == subjects[1].lower_:
            continue
        lo, hi = clause.left_edge.idx, clause.right_edge.idx + len(clause.right_edge)
        mlo, mhi = main.left_edge.idx, main.right_edge.idx + len(main.right_edge)
        # (not a people's adjective, "Israeli jets": whose, not where)
        named = [p for p in ctx.places if mlo <= p.start < mhi
                 and not (p.kind == "country" and light_key(p.text) != light_key(p.name) and demonym_country(p.text))]
        inside = [p for p in named if lo <= p.start < hi]
        outside = [p for p in named if not lo <= p.start < hi]
        if inside and outside and all(distance_km(p.latitude, p.longitude, q.latitude, q.longitude) > APART_KM
                                      for p in inside for q in outside):
            return True
    return False


def _elaborates(a, b) -> bool:
    """One trigger is a participle or clause under the other ("attacked, killing ...") rather than a
    coordinated act of its own ("killed two officers and abducted a teacher")."""
    lower, upper = (a, b) if b in a.ancestors else (b, a)
    t = lower
    while t.i != upper.i and t.head.i != t.i:
        if t.dep_ == "conj" and not (t.i == lower.i and t.tag_ == "VBG" and t.head.tag_ == "VBG"
                                     and t.head.dep_ in ("advcl", "conj")):
            # (not participles joined under the act: "stormed the village, shooting residents and setting fire to
            # homes" tells one incident)
            return False
        t = t.head
    return True


# trigger lemmas that name an act only as verbs
_VERB_ONLY = frozenset("beat storm block hit hack stab".split())


# what demonstrators do while they protest ("protested, demanding ...", misparsed as governing the
# protest): these do not make a protest hypothetical as they make an attack ("threatened to attack")
_PROTESTERS_VERBS = frozenset("demand demanded demanding demands call called calling ask asked asking urge "
                              "urged urging seek sought seeking".split())


# the words of a war or its violence as a whole, whose toll "has killed thousands" is a running count, no event
_CONFLICT_WORDS = frozenset("conflict war fighting violence insurgency crisis unrest hostilities".split())
_MONTH_WORDS = frozenset("january february march april may june july august september october november december "
                         "year years month months".split())
_VAGUE_MANY = frozenset("thousands hundreds millions tens".split())


def _running_toll(tok) -> bool:
    """'The war has killed thousands since April 2023', 'Fighting between the army and the RSF has killed more than
    14,000 people': a conflict as a whole, in the present perfect, counts its dead so far."""
    if tok.dep_ == "nsubj" and tok.lower_ in _CONFLICT_WORDS:
        tok = tok.head  # ("Fighting ... has killed": the fight is the subject of the count)
    subject = next((c for c in tok.children if c.dep_ == "nsubj" and c.lower_ in _CONFLICT_WORDS), None)
    if subject is None or tok.lemma_.lower() not in ("kill", "claim") or tok.tag_ != "VBN" \
            or not any(c.dep_ == "aux" and c.lemma_ == "have" for c in tok.children):
        return False
    # (counted since a year or a month with no day, "since April 2023", "since January"; or a war's count in the
    # thousands with no time of its own; "fighting has killed 20 since Sunday", "since March 10" and "a turf war has
    # killed 20 people this week" are news)
    since = [c for c in tok.children if c.dep_ == "prep" and c.lower_ == "since"]
    if since:
        words = [t for c in since for t in c.subtree]
        return any(t.like_num and len(t.text) == 4 for t in words) or (
            any(t.lower_ in _MONTH_WORDS for t in words) and not any(t.like_num for t in words))
    if subject.lower_ not in ("war", "conflict", "insurgency", "crisis") or any(
            c.dep_ == "npadvmod" or c.dep_ == "prep" and c.lower_ in ("on", "during", "over") for c in tok.children):
        return False
    return any(t.lower_ in _VAGUE_MANY or (t.like_num and t.text.replace(",", "").isdigit()
                                           and int(t.text.replace(",", "")) >= 1000)
               for c in tok.children if c.dep_ == "dobj" for t in c.subtree)


def detect_sentence(ctx: Context, s: Sentence) -> list[Event]:
    span = sentence_span(ctx, s)
    if span is None:
        return []
    cues = find_cues(span)
    lex = lexicon()
    candidates = []
    seen_tokens = set()
    cue_tokens = {t.i for toks in cues.values() for t in toks}
    # the clauses of other acts counted off in days ("..., two days after militants killed seven soldiers"): a
    # trigger is typed by the cues of its own clause
    counted_off = [t.i for t in counted_off_clauses(span)]
    # (and the clauses of other acts told at places of their own, "after fighters fired rockets at Tasra")
    placed_clauses = [t.i for t in span if t.dep_ == "advcl" and t.pos_ == "VERB" and t.i not in counted_off
                      and _apart_after(ctx, t, t.head)]
    counted_off += placed_clauses
    for fam, toks in cues.items():
        if not lex[fam].trigger:
            continue
        for tok in toks:
            if (tok.i, fam) in seen_tokens:
                continue
            seen_tokens.add((tok.i, fam))
            if tok.dep_ == "compound" and tok.head.i in cue_tokens:
                continue  # "evacuation deal", "attack helicopter": the head noun decides
            if tok.pos_ != "VERB" and (tok.lemma_.lower() in _VERB_ONLY or (
                    tok.lower_ == "shot" and any(c.dep_ == "det" for c in tok.children))):
                continue  # "the 900 block of X", "a winter storm", "the beat", "a good shot at the title"
            why = blocked(tok, span)
            # blocked() names a governing word as "governed by 'X'"
            governor = why[len("governed by '"):-1].lower() if why and why.startswith("governed by '") else None
            if why and not (fam == "PROTEST" and governor in _PROTESTERS_VERBS):
                continue
            if fam != "DISCOVERY" and _is_background_clause(ctx, tok):
                continue
            if _running_toll(tok):
                continue
            if fam == "ARREST" and _meant_arrest(tok):
                continue  # "officers who came to arrest a suspected thief": an arrest meant, not made
            typed = type_trigger(ctx, fam, tok, span, _clause_cues(cues, tok, counted_off) if counted_off else cues)
            if typed is None:
                continue
            depth = sum(1 for _ in tok.ancestors)
            candidates.append((depth, tok.i, fam, tok, typed))
    if any(not _kill_noun(c[2], c[3]) for c in candidates):
        # "protested over the killing of", "in reprisal for an earlier killing": with another trigger in
        # the sentence, a killing noun is its cause or a reference back
        candidates = [c for c in candidates if not _kill_noun(c[2], c[3])]
    # (the cues outside the clauses of other acts counted off in days: a weapon of the sentence's own act)
    main_cues = _clause_cues(cues, span.root, counted_off) if counted_off else cues
    if all(supporting_mention(ctx, s, c[3], c[0]) for c in candidates
           if not counted_off or _clause_of(c[3], counted_off) == -1):
        # a weapon cue with an explosion or strike verb reports an event by itself (and before a mere
        # reference: "cocktails were blasted on day 8 of the hartal")
        added = False
        disrupted = bool(_DISRUPTED_BOMB.search(span.text.lower()))  # (a bomb defused, found, failing: see there)
        for w in WEAPON_ORDER:
            for tok in main_cues.get(w, ()):
                verb = verb_of(tok)
                found = verb.lemma_.lower() in BOMB_FOUND_VERBS and w in ("IED", "GRENADE") and disrupted
                if ((tok.pos_ == "VERB" and not _figurative_weapon_verb(tok)) or (
                        tok.pos_ != "VERB" and (verb.lemma_.lower() in WEAPON_EVENT_VERBS or found) and not (
                            verb.lemma_.lower() == "set" and not any(c.lower_ == "off" for c in verb.children)))) \
                        and not blocked(tok, span):
                    # (as type_trigger reads a weapon beside a fight cue: shelling whose fire only came in
                    # bursts or went "at the positions of" is no clash)
                    down = w == "AIR" and _brought_down(tok, verb)
                    typed = (("Strategic developments", "Disrupted weapons use")
                             if w in ("IED", "GRENADE") and disrupted or down
                             else ("Battles", "Armed clash")
                             if "FIGHT" in main_cues and w != "AIR" and not (w == "SHELL" and not _real_fight(main_cues))
                             else ("Explosions/Remote violence", WEAPON_SUB[w]))
                    if down or tok.dep_ == "pobj" and tok.head.lower_ in ("with", "using") and verb.pos_ == "VERB":
                        # (the verb's subject brought them down, its object is whose they were; "hit a depot with
                        # drones": the weapon is the verb's instrument, the verb the act)
                        tok = verb
                    candidates.append((sum(1 for _ in tok.ancestors), tok.i, "ATTACK", tok, typed))
                    added = True
                    break
            if added:
                break
    for i in placed_clauses:
        # an act told by its weapon alone in such a clause ("after Hezbollah fired rockets at Kelmo"): its own event
        verb = span.doc[i]
        if any(_clause_of(c[3], placed_clauses) == i for c in candidates):
            continue
        own = _clause_cues(cues, verb, placed_clauses)
        w = next((w for w in WEAPON_ORDER if any(verb_of(t).i == i for t in own.get(w, ()))), None)
        if w is not None and w != "AIR" or w == "AIR" and not _brought_down(verb, verb):
            candidates.append((sum(1 for _ in verb.ancestors), i, "ATTACK", verb,
                               ("Explosions/Remote violence", WEAPON_SUB[w])))
    if not candidates:
        # "police dispersed about 180 labourers": a crowd dispersed was a gathering, a protest met by force
        for tok in cues.get("INTERVENE", ()):
            if tok.lemma_.lower() == "disperse" and tok.pos_ == "VERB" and not blocked(tok, span) and (
                    _object_words(tok, span) & (CROWD_WORDS | _PERSON_WORDS | _GATHERINGS)):
                candidates.append((sum(1 for _ in tok.ancestors), tok.i, "PROTEST", tok,
                                   ("Protests", "Protest with intervention")))
                break
    if any(c[2] != "DISPLACE" for c in candidates):
        # "residents fled after the attack": the attack is the event; flight is coded alone only
        candidates = [c for c in candidates if c[2] != "DISPLACE"]
    candidates.sort(key=lambda c: (c[0], c[1]))
    # (a killing the sentence tells: "killed a resident and abducted two", "shot him dead")
    killing = any(c[2] == "KILL" or c[2] == "HARM" and _harm_to_death(c[3]) for c in candidates if c[4][1] == "Attack")
    chosen = []
    apart: set[int] = set()  # (triggers kept apart as acts of days of their own)
    placed: set[int] = set()  # (and as acts of places of their own, see _apart_after)
    for depth, i, fam, tok, (etype, sub) in candidates:
        clash = False
        for k, (_, _, cfam, ctok, (ctype, csub)) in enumerate(chosen):
            if _counted_off(tok, ctok):
                continue  # "struck Khost on Monday, two days after militants killed seven soldiers": two acts
            if etype in _ARMED_VIOLENCE and ctype in _ARMED_VIOLENCE and _apart_after(ctx, tok, ctok):
                placed.update((tok.i, ctok.i))
                continue  # "jets struck Dunde after fighters fired rockets at Tasra": two acts, two places
            if etype in _ARMED_VIOLENCE and ctype in _ARMED_VIOLENCE and _days_apart(ctx, tok, ctok) \
                    and not _taken_then_killed(ctx, (tok, sub), (ctok, csub)):
                # "killed five in Tsafe on Monday and abducted 12 in Gusau on Wednesday": two acts
                apart.update((tok.i, ctok.i))
                continue
            if ctok.i == tok.i and "RIOT" in (fam, cfam) and {fam, cfam} & _VIOLENT_FAMILIES and ctype != etype:
                # one verb that is a riot cue and a cue of fighting or killing ("clashed with the police",
                # "stoned a man to death"): one incident. A fight is typed as the fight cue types it (which
                # weighs who fought), but for a crowd it took for an armed group; a killing is a riot but for
                # an armed killer ("militants stoned a woman to death")
                other, riot = ((fam, (etype, sub)), (cfam, (ctype, csub))) if cfam == "RIOT" else \
                    ((cfam, (ctype, csub)), (fam, (etype, sub)))
                if other[0] == "FIGHT":
                    crowd = other[1][0] == "Battles" and _unarmed_crowd(ctx, tok, span)
                else:
                    crowd = not _armed_side(ctx, tok, span)
                rfam, reading = riot if crowd else other
                chosen[k] = (depth, i, rfam, tok, reading)
                clash = True
                break
            related = ctok in tok.ancestors or tok in ctok.ancestors
            if ctype == etype == "Violence against civilians" and {csub, sub} == _ABDUCTION_OR_ATTACK:
                # "stormed a church and abducted the pastor": an abduction (an attack told only by a verb of
                # attacking, not by a harm or a find); "abducted a chief and shot him dead": ACLED codes an
                # abduction ending in a killing as the attack, and one only tried ("attacked and tried to
                # kidnap") as the attack
                taken, attack = ((tok, fam), (ctok, cfam)) if sub != "Attack" else ((ctok, cfam), (tok, fam))
                if attack[1] == "ATTACK" and not killing and not _tried(taken[0]):
                    keep = "Abduction/forced disappearance"
                elif killing:
                    keep = "Attack"
                else:
                    keep = csub
                if csub != keep:
                    chosen[k] = (chosen[k][0], chosen[k][1], fam, tok, (etype, sub))
                clash = True
                break
            if ctype == etype and (csub == sub or related or etype != "Strategic developments"):
                clash = True
                break
            if related and etype in VIOLENT_TYPES and ctype in VIOLENT_TYPES and _elaborates(tok, ctok):
                # "attacked the town, killing three civilians and five police": one incident,
                # coded once at the higher-ranked type (ACLED's precedence; but arson told as a participle of an
                # armed act is part of it, no riot: "stormed the village, shooting residents and setting fire")
                if type_rank(etype) < type_rank(ctype) and not (
                        etype == "Riots" and ctype != "Riots" and tok.tag_ == "VBG" and ctok in tok.ancestors):
                    chosen[k] = (chosen[k][0], chosen[k][1], chosen[k][2], chosen[k][3], (etype, sub))
                clash = True
                break
        if not clash:
            chosen.append((depth, i, fam, tok, (etype, sub)))
    chosen = _taken_unopposed(chosen, cues)
    violent_acts = [c[3] for c in chosen if c[4][0] in _ARMED_VIOLENCE and c[3].pos_ == "VERB"
                    and not _background(c[3])]
    if violent_acts:
        # "troops detained and tortured a villager", "looted a village and abducted seven": an arrest, a
        # looting or an interception done with a violent act in one clause is part of that incident, which
        # ACLED codes once, at the violent type ("seized rifles in a raid" keeps its seizure)
        chosen = [c for c in chosen if c[4][1] not in _INCIDENT_PARTS
                  or not any(_same_clause(c[3], v) for v in violent_acts)]
    events = [_event(ctx, s, tok, fam, depth, etype, sub) for depth, i, fam, tok, (etype, sub) in chosen]
    for ev, c in zip(events, chosen):
        ev.own_day = c[3].i in apart  # (not a contract field: the merge keeps such acts of one sentence apart)
        ev.own_place = c[3].i in placed  # (nor this: see _apart_after)
    return events


_TAKEN_TERRITORY = frozenset({"Non-state actor overtakes territory", "Government regains territory"})
_NON_VIOLENT_TRANSFER = "Non-violent transfer of territory"


def _taken_unopposed(chosen: list, cues: dict) -> list:
    """"RSF fighters took control of Singa after the army withdrew": a place taken in the clause over a withdrawal
    told "after" it, with no fight told, is one non-violent transfer (ACLED), typed at the taking."""
    if {"FIGHT", "KILL", "HARM"} & set(cues):
        return chosen
    for w in [c for c in chosen if c[4][1] == _NON_VIOLENT_TRANSFER]:
        verb = w[3]
        if verb.dep_ != "advcl" or not any(m.dep_ == "mark" and m.lower_ == "after" for m in verb.children):
            continue
        take = next((k for k, c in enumerate(chosen) if c[4][1] in _TAKEN_TERRITORY and c[3].i == verb.head.i), None)
        if take is not None:
            depth, i, fam, tok, _ = chosen[take]
            chosen = [c for c in chosen if c is not w]
            chosen[chosen.index(next(c for c in chosen if c[3].i == tok.i))] = \
                (depth, i, fam, tok, ("Strategic developments", _NON_VIOLENT_TRANSFER))
    return chosen


_ABDUCTION_OR_ATTACK = frozenset({"Attack", "Abduction/forced disappearance"})


def _own_days(ctx: Context, verb) -> set[str]:
    """The days told in the verb's own phrases ("on Monday", "Wednesday"), not in its clauses."""
    spans = [(c.left_edge.idx, c.right_edge.idx + len(c.right_edge)) for c in verb.children
             if c.dep_ in ("prep", "npadvmod", "advmod")]
    return {t.value for t in ctx.times if t.precision == "day" and t.value and not t.duration
            and any(lo <= t.start < hi for lo, hi in spans)}


def _taken_then_killed(ctx: Context, a: tuple, b: tuple) -> bool:
    """An abduction told on a day before the attack of the same sentence ("abducted on Saturday by gunmen, was killed
    on Thursday"): ACLED codes an abduction that ends in a killing once, as the attack."""
    if {a[1], b[1]} != _ABDUCTION_OR_ATTACK:
        return False
    taken, attack = (a[0], b[0]) if a[1] != "Attack" else (b[0], a[0])
    return max(_own_days(ctx, verb_of(taken))) < min(_own_days(ctx, verb_of(attack)))


def _days_apart(ctx: Context, a, b) -> bool:
    """Two verbs of one sentence each told with a day of its own, and not the same day."""
    va, vb = verb_of(a), verb_of(b)
    if va.i == vb.i:
        return False
    da, db = _own_days(ctx, va), _own_days(ctx, vb)
    return bool(da) and bool(db) and not da & db
def _harm_to_death(tok) -> bool:
    """A harm told as a killing by its own words: "shot him dead", "beat them to death" (the few words after it)."""
    after = tok.doc[tok.i + 1:tok.i + 6]
    return any(t.lower_ in ("dead", "death") for t in after)
_TRY_VERBS = frozenset("try attempt seek".split())


def _tried(tok) -> bool:
    """"tried to kidnap", "an attempt to abduct": an act only tried."""
    return tok.dep_ == "xcomp" and tok.head.lemma_.lower() in _TRY_VERBS or tok.dep_ == "acl" and \
        tok.head.lemma_.lower() in _TRY_VERBS


def _event(ctx: Context, s: Sentence, tok, fam: str, depth: int, etype: str, sub: str) -> Event:
    """The event a trigger of the sentence reports, its confidence from its family, quotes and depth."""
    support = supporting_mention(ctx, s, tok, depth) if fam != "DISCOVERY" else (
        "quote" if _inside_quote(s, tok.idx) else "")
    conf = FAMILY_CONFIDENCE.get(fam, 0.5)
    if '"' in s.text or "“" in s.text:
        conf -= 0.05  # quoted speech
    conf -= min(depth, 4) * 0.02
    ev = Event(
        event_type=etype, sub_event_type=sub, sentences=[s.index], trigger=tok.text,
        trigger_start=tok.idx, disorder_type=disorder_type(sub), plover=PLOVER.get(sub),
        confidence=max(0.05, min(0.99, conf)),
    )
    ev.support_only = support  # not a contract field: read by the merge stage
    # nor is this, read by the event-dates stage: a struggle told as going on so far ("has been battling jihadists
    # since 2015"), background to a story with news of its own
    ev.campaign = _campaign_so_far(verb_of(tok))
    # nor is this, read by _promote_lone_reference: a cause, or a topic ("spoke about the attack")
    ev.aside = "topic" if tok.head.lower_ in _TOPIC_PREPS else _background(tok)
    return ev


# people whose demand, in a text that tells of nothing else, is a protest: those who gather to make one
# (not officials, parties or lawmakers, whose demands are statements)
_DEMANDING_PEOPLE = frozenset("""workers employees staff labourers laborers residents villagers locals neighbours
neighbors traders vendors merchants shopkeepers hawkers farmers students teachers nurses doctors drivers miners
tenants relatives parents communities people""".split())


def _demand_protest(ctx: Context, kinds: tuple) -> list[Event]:
    """A peaceful protest where a text that tells of no other event says a crowd demanded something, as
    ACLED's notes do ("workers of a brick kiln demanded the arrears of their pay"), or did something to
    demand or denounce something ("nurses padlocked the offices to demand masks", "people shouted
    slogans, demanding that ..."); not in a sentence with a trigger of another event, told as its cause
    ("demanded justice after police shot a boy")."""
    lex = lexicon()
    for s in ctx.sentences:
        span = sentence_span(ctx, s) if s.kind in kinds else None
        for tok in span if span is not None else ():
            act = _demanding_act(tok)
            if act is not None and not blocked(act, span) and _agent_words(act) & _DEMANDING_PEOPLE:
                if any(lex[fam].trigger for fam in find_cues(span)):
                    break  # (the cues only where a demand is found: most sentences hold none)
                return [_event(ctx, s, act, "PROTEST", sum(1 for _ in act.ancestors), "Protests", "Peaceful protest")]
    return []


DEMAND_LEMMAS = frozenset({"demand", "denounce"})
# how far up the clauses a purpose or a manner of demanding is looked for its act ("padlocked the offices
# to report abuses and to demand masks": demand, report, padlocked)
DEMAND_ACT_DEPTH = 4


def _demanding_act(tok):
    """The past-tense act of a crowd that `tok` tells as a demand: "demanded" itself, or the finite verb a
    purpose ("to demand") or a manner ("demanding that") hangs on, through clauses and conjuncts; else
    None."""
    if tok.pos_ != "VERB" or tok.lemma_.lower() not in DEMAND_LEMMAS:
        return None
    if tok.tag_ == "VBD":
        return tok if tok.lemma_.lower() == "demand" else None
    purpose = tok.tag_ == "VB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)
    if not (purpose or tok.tag_ == "VBG"):
        return None
    head = tok
    for _ in range(DEMAND_ACT_DEPTH):
        if head.dep_ not in ("xcomp", "advcl", "conj", "ccomp") or head.head.i == head.i:
            return None
        head = head.head
        if head.tag_ == "VBD":
            return head
    return None


_INCIDENT_PARTS = frozenset({"Arrests", "Looting/property destruction", "Disrupted weapons use"})
# the violence that takes such parts in (a riot's looting is coded by its own rules)
_ARMED_VIOLENCE = frozenset({"Battles", "Explosions/Remote violence", "Violence against civilians"})


# a gathering the state's forces may fire on ("fired live rounds at a nurses' march")
_GATHERING_WORDS = frozenset("march marches marching rally rallies sit-in sit-ins procession".split())
def _gathering_fired_on(span) -> bool:
    """A verb of the sentence whose doers are the state's forces acts on a march or rally after it ("police fired live
    rounds at a nurses' march"; not a rally some officer headed, nor gunmen firing on a rally)."""
    return any(v.pos_ == "VERB" and v.lemma_.lower() in _FIRE_VERBS and _agent_words(v) & _STATE_AGENT_WORDS
               and any(t.lower_ in _GATHERING_WORDS for t in v.subtree if t.i > v.i) for v in span)


_FIRE_VERBS = frozenset("fire shoot open attack charge beat tear-gas teargas disperse storm raid".split())
_GOING_VERBS = frozenset("come go arrive move rush head plan want intend".split()) | _TRY_VERBS


def _meant_arrest(tok) -> bool:
    """An arrest told as the aim of coming or trying ("came to arrest", "tried to detain"), not as done."""
    return tok.pos_ == "VERB" and tok.tag_ == "VB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children) \
        and tok.head.lemma_.lower() in _GOING_VERBS


def _first_conjunct(tok):
    while tok.dep_ == "conj" and tok.head != tok:
        tok = tok.head
    return tok


def _same_clause(a, b) -> bool:
    """Two verbs of one clause: coordinated ("detained and tortured"), or one a participle or
    clause of the other ("looted the shops, abducting two")."""
    a, b = verb_of(a), verb_of(b)
    return _first_conjunct(a) == _first_conjunct(b) or a in b.ancestors or b in a.ancestors


def _inside_quote(s: Sentence, offset: int) -> bool:
    before = s.text[:max(0, offset - s.start)]
    opened = before.count("“") + before.count('"') % 2
    closed = before.count("”")
    return opened > closed


def supporting_mention(ctx: Context, s: Sentence, tok, depth: int) -> str:
    """Why a mention refers back to an event rather than reporting a new one ('' when it does report
    one): 'quote', 'definite' ("the battle"), 'modifier' (an event noun deep in a phrase) or 'pronoun'."""
    if _inside_quote(s, tok.idx):
        return "quote"
    if tok.pos_ in ("NOUN", "PROPN"):
        if any(c.dep_ == "det" and c.lower_ in ("the", "this", "that", "these", "those") for c in tok.children):
            return "definite"
        t = tok
        while t.dep_ == "conj" and t.head != t:
            t = t.head
        if depth >= 3 or t.dep_ not in MAIN_NOUN_DEPS:
            return "modifier"
    verb = verb_of(tok)
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if subj and all(c.pos_ == "PRON" and c.lower_ in ("it", "they", "this") for c in subj) \
            and not _own_act_told(verb):
        return "pronoun"
    if _claimer_s_boast(verb):
        return "claim"
    return ""


def _claimer_s_boast(verb) -> bool:
    """"Islamic State claimed the attack, saying its fighter had killed dozens of officials": what a claimer says its
    act did tells that act again, no act of its own."""
    say = verb.head
    return verb.dep_ == "ccomp" and say.lemma_.lower() in ("say", "add") and say.tag_ == "VBG" \
        and say.head.lemma_.lower() == "claim"


def _own_act_told(verb) -> bool:
    """"Houthi forces said they shot down a U.S. drone": the pronoun is the teller, named in the clause above, who
    tells an act of its own (not one told before)."""
    head = verb.head
    return verb.dep_ == "ccomp" and head.lemma_.lower() in REPORTING_LEMMAS and any(
        c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") for c in head.children)


@stage("events", requires=("sentences", "actors", "places", "times"), assigns=("events",))
def make_events(settings):
    def run(ctx: Context) -> None:
        events: list[Event] = []
        # a text of headings or captions only (a headline, a one-line note that ends on a date) is read
        # as body text
        kinds = ("body",) if any(s.kind == "body" for s in ctx.sentences) else ("body", "heading", "caption")
        for s in ctx.sentences:
            if s.kind not in kinds:
                continue
            events.extend(detect_sentence(ctx, s))
        ctx.events = [e for e in events if e.confidence >= settings.min_event_confidence]
        _promote_lone_reference(ctx, ctx.events)
        if not ctx.events:
            ctx.events = [e for e in _demand_protest(ctx, kinds) if e.confidence >= settings.min_event_confidence]
        for ev in ctx.events:
            _intervention_in_next_sentence(ctx, ev)
            _fire_returned_in_next_sentence(ctx, ev)

    return run


_GROUP_ACTIVITY_VERBS = frozenset("deliver distribute patrol".split())
_AID = frozenset("food aid package packages parcel parcels supplies supply box boxes masks groceries "
                 "rations".split())
_DECREES = frozenset("lockdown curfew".split())
_DECREE_VERBS = frozenset("declare impose announce extend enforce order decree introduce".split())
# what names an armed non-state group as the subject of a verb, besides the actor dictionary
_NONSTATE_WORDS = frozenset("cartel cartels gang gangs militia militias militant militants rebel rebels "
                            "insurgent insurgents armed jihadist jihadists".split())


def _nonstate_agent(ctx: Context, tok) -> bool:
    verb = verb_of(tok)
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "agent")]
    for c in subjects:
        lo, hi = c.left_edge.idx, c.right_edge.idx + len(c.right_edge)
        if any(lo <= a.start < hi and a.inter in _NONSTATE_INTERS for a in ctx.actors):
            return True
    return bool(_agent_words(tok) & _NONSTATE_WORDS)


_GATHERINGS = frozenset("gathering gatherings procession processions rally rallies meeting crowd".split())
_DEATH_WORDS = frozenset("die died dies dying".split())
_TOPIC_PREPS = frozenset("about regarding concerning".split())


def _promote_lone_reference(ctx: Context, events: list[Event]) -> None:
    """When every mention of a document refers back ("the attack", "it killed", a quoted report) there is
    nothing earlier for them to refer to: the first of them reports the document's event (the merge
    stage keeps only reporting mentions and joins references to them), if it or the sentence before it
    names a participant or a place ("The fight is on now" alone reports nothing)."""
    if events and all(getattr(e, "support_only", "") for e in events):
        events = [e for e in events if _grounded(ctx, min(e.sentences))
                  and (e.trigger or "").lower() not in _DEATH_WORDS]  # not "he died in my arms"
        # not "after the peace deal"; and a development named in passing ("discussed the agreement",
        # "since the arrest of") is more often a topic than a report
        told = [e for e in events if not getattr(e, "aside", False) and e.event_type != "Strategic developments"]
        # else a violent cause or a protest given in passing is still the news ("in hospital since armed men
        # wounded them", "suspended from the assembly after they protested"), though not one named as a topic
        told = told or [e for e in events if getattr(e, "aside", "") != "topic"
                        and (e.event_type in VIOLENT_TYPES or e.event_type == "Protests")]
        if told:
            min(told, key=lambda e: (min(e.sentences), e.trigger_start)).support_only = ""


def _grounded(ctx: Context, index: int) -> bool:
    """Whether sentence `index`, or the one before it in its paragraph, names an actor or a place."""
    s = ctx.sentences[index]
    before = ctx.sentences[index - 1] if index > 0 and ctx.sentences[index - 1].paragraph == s.paragraph else s
    start, end = before.start, s.end
    return any(start <= a.start < end and a.inter for a in ctx.actors) or any(
        start <= p.start < end for p in ctx.places)


def _next_sentence_in_paragraph(ctx: Context, ev: Event) -> Sentence | None:
    """The body sentence right after the event's last one, in the same paragraph (else None)."""
    nxt = next_in_paragraph(ctx, max(ev.sentences))
    return nxt if nxt is not None and nxt.kind == "body" else None



def _tells_its_own_incident(ctx: Context, ev: Event, nxt: Sentence) -> bool:
    """"Gunmen killed four villagers in Kelmora on Tuesday. Fighting raged near Dunde between 19 and 22
    February.": the next sentence dates what it tells on days that the event's sentences date theirs on
    too, but none the same. It tells an incident of its own (coded from its own sentence), not how
    this one went on, so it neither retypes this event nor joins its evidence. (A place alone does not
    tell it: a word the places stage reads as a far town, a "Penal Code" or a people's name, would.)"""
    from .event_dates import told_dates  # (event_dates reads this module's lexicon)

    if OTHER_INCIDENT_OPENING.match(nxt.text):
        return True  # ("Separately, soldiers clashed with bandits in Gusau on Sunday.")
    if _placed_apart(ctx, ev, nxt):
        return True
    theirs = told_dates(ctx, nxt)
    if not theirs:
        return False
    mine = set().union(*(told_dates(ctx, ctx.sentences[i]) for i in ev.sentences))
    return bool(mine) and not mine & theirs


# the words putting what a sentence tells in or near a town ("in the village of", "near")
_IN_TOWN_BEFORE = re.compile(r"\b(?:in|near|at|outside|around)\s+(?:the\s+)?(?:(?:town|village|city)\s+of\s+)?$", re.I)
# ACLED's one event is one pair of sides in one place on one day: towns farther apart than this tell two
# incidents (here, and in the merge stage)
APART_KM = 25.0


def _placed_apart(ctx: Context, ev: Event, nxt: Sentence) -> bool:
    """"Gunmen killed 12 villagers in Kelmora on Saturday. Troops killed five gunmen in a clash near Dunde": the
    next sentence puts what it tells in or near a town far from every town the event's sentences name."""
    theirs = [p for p in ctx.places if nxt.start <= p.start < nxt.end and p.kind == "city"
              and _IN_TOWN_BEFORE.search(ctx.text, max(0, p.start - 30), p.start)]
    if not theirs:
        return False
    spans = [(ctx.sentences[i].start, ctx.sentences[i].end) for i in ev.sentences]
    # (not the dateline's town, written in capitals: "GUSAU (Reuters) - ...")
    mine = [p for p in ctx.places if p.kind == "city" and not p.text.isupper() and any(a <= p.start < b for a, b in spans)]
    return bool(mine) and all(distance_km(p.latitude, p.longitude, q.latitude, q.longitude) > APART_KM
                              for p in mine for q in theirs)


def _retype(ev: Event, etype: str, sub: str, evidence: Sentence) -> None:
    """A next-sentence retyping: the new type and sub-type, and that sentence joins the evidence."""
    set_sub_event_type(ev, sub)
    ev.sentences = sorted(set(ev.sentences) | {evidence.index})


def _intervention_in_next_sentence(ctx: Context, ev: Event) -> None:
    """"Supporters demonstrated outside the court. Police dispersed them with tear gas.": a peaceful
    protest whose next sentences of the paragraph tell of an intervention was one with intervention;
    when they tell of the demonstrators' violence ("They threw stones at the police", "Clashes with
    the police broke out", "The crowd burned the council office"), ACLED codes the day's
    demonstration once, as a riot (that sentence joins its evidence, for the roles stage)."""
    if ev.sub_event_type not in ("Peaceful protest", "Protest with intervention") or not ev.sentences:
        return
    following = []
    nxt = _next_sentence_in_paragraph(ctx, ev)
    while nxt is not None and len(following) < PROTEST_FOLLOW_WINDOW:
        if _tells_its_own_incident(ctx, ev, nxt):
            break
        span = sentence_span(ctx, nxt)
        if span is not None:
            following.append((nxt, span, find_cues(span)))
        nxt = next_in_paragraph(ctx, nxt.index)
        nxt = nxt if nxt is not None and nxt.kind == "body" else None
    for nxt, span, cues in following:
        if _turned_violent(ctx, span, cues):
            _retype(ev, "Riots", "Violent demonstration", nxt)
            return
    for nxt, span, cues in following:
        # (not an intervention denied: "The police did not intervene")
        if ev.sub_event_type == "Peaceful protest" and (
                any(not blocked(t, span) for t in cues.get("INTERVENE", ())) or _protesters_arrested(cues)):
            _retype(ev, "Protests", "Protest with intervention", nxt)
            return


# how many sentences after a protest's may tell how it went on: the paragraph of a short report (a
# protest, then what the crowd did, then the police); a guess from news style, not tuned
PROTEST_FOLLOW_WINDOW = 2
_WEAPON_CUES = frozenset(WEAPON_ORDER)


# fights that take two sides: "the police clashed with the marchers" tells the crowd fought too
_MUTUAL_FIGHTS = frozenset("clash battle scuffle skirmish brawl".split())


def _turned_violent(ctx: Context, span, cues: dict) -> bool:
    """Whether a sentence after a protest's tells of the crowd's violence: stones thrown, a clash with no
    armed group in it, or property burnt or destroyed by someone other than an armed group."""
    if "RIOT" in cues and not ({"KILL", "ATTACK", "FIGHT"} & set(cues) and "PROTEST" not in cues):
        return True
    if {"KILL"} & set(cues) or _WEAPON_CUES & set(cues):
        return False  # a killing or a bombing is told as its own event
    words = {t.lower_ for t in span}
    armed = words & _ARMED_PARTICIPANTS or any(
        i in _NONSTATE_INTERS for i in _actor_inters_in(ctx, span.start_char, span.end_char))
    if armed:
        return False
    # not "measures to fight the virus", nor "police assaulted the demonstrators" (force used on them)
    live = [t for t in list(cues.get("FIGHT", ())) + list(cues.get("LOOT", ()))
            if not blocked(t, span) and not _background(t) and t.lemma_.lower() not in ("steal",)
            and not any(c.dep_ == "aux" and c.lower_ == "to" for c in t.children)
            and not (t.pos_ == "VERB" and _agent_words(t) & _STATE_AGENT_WORDS
                     and t.lemma_.lower() not in _MUTUAL_FIGHTS)]
    return bool(live) or _destruction_in(span, span.text.lower())


# events that a fight told next makes a battle: an attack, and shelling or a grenade thrown at armed
# men who shoot back (ACLED: remote violence met by direct fire is an armed clash); not air strikes,
# suicide bombs or mines, which no one answers on the spot
_FOUGHT_BACK = frozenset({"Attack", "Shelling/artillery/missile attack", "Grenade"})


def _fire_returned_in_next_sentence(ctx: Context, ev: Event) -> None:
    """"Gunmen attacked a police patrol near X. The officers returned fire and killed one.": an attack
    whose next sentence of the paragraph tells of fighting back was a fight between armed sides, which
    ACLED codes once, as the higher-ranked Battles (unarmed victims cannot fight back)."""
    if ev.sub_event_type not in _FOUGHT_BACK or not ev.sentences:
        return
    nxt = _next_sentence_in_paragraph(ctx, ev)
    if nxt is None or _tells_its_own_incident(ctx, ev, nxt):
        return
    span = sentence_span(ctx, nxt)
    if span is None:
        return
    cues = find_cues(span)
    # (not a noun referring back to the attack: "15 people had died in the assault")
    fights = [t for t in cues.get("FIGHT", ()) if not blocked(t, span) and not (
        t.pos_ == "NOUN" and t.dep_ == "pobj" and any(c.dep_ == "det" and c.lower_ in ("the", "this", "that")
                                                        for c in t.children))]
    if ev.sub_event_type != "Attack":
        # after shelling, "bursts of fire" may be the same guns' fire, not the other side's answer
        fights = [t for t in fights if t.lower_ not in _ONE_WAY_FIRE]
    if "PROTEST" in cues or not fights or not _real_fight(cues):
        return
    _retype(ev, "Battles", "Armed clash", nxt)


_ONE_WAY_FIRE = frozenset({"burst", "bursts"})
