"""Stage 'fatalities': death figures in the text, who died, who says so, and which event they belong to.

A figure is a number phrase ("at least 18", "two dozen", "19 to 27", "several") tied to a death word
through the dependency parse (killed, died, dead, death toll, lost six soldiers, cost H 11 fighters),
or a lone victim ("a man was shot dead" = 1). Injured, arrested or kidnapped people are never tied to
a death word, so they are never counted. Each claim then goes to one event, and each event's
`fatalities` follows ACLED: the lowest figure for the same dead, summed over distinct groups of dead.
"""

from __future__ import annotations

from dataclasses import replace

import re
from collections import defaultdict

from ..document import Context, Event, FatalityClaim
from ..pipeline import stage
from .syntax import headline_passive, text_from, token_at

# ACLED codebook §5: vague amounts ("several" 3, "dozens" 12, "tens" 10, "hundreds" 100);
# "thousands" 1000 is our extension (unverified in the codebook).
VAGUE_COUNTS = {
    "several": 3, "many": 3, "a few": 3, "few": 3, "a number of": 3, "numerous": 3, "a handful of": 3,
    "some": 3, "scores": 3, "dozens": 12, "tens": 10, "hundreds": 100, "thousands": 1000,
    "a couple of": 2, "a couple": 2, "both": 2,
    # (a vague count of a larger unit counts the unit's vague figure: "several dozen" as "dozens")
    "several dozen": 12, "a few dozen": 12, "several hundred": 100, "a few hundred": 100,
    "several thousand": 1000, "a few thousand": 1000, "tens of thousands": 10000, "hundreds of thousands": 100000,
    "millions": 1000000,
}
# A plural victim noun with no number ("kill civilians") is ACLED's "plural fatalities without a
# number" = 3 (codebook §5).
PLURAL_DEFAULT = 3

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
WORD_VALUES = {w: i for i, w in enumerate(_UNITS)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}

_UNIT_RE = "|".join(sorted(_UNITS[1:], key=len, reverse=True))
_TENS_RE = "|".join(_TENS)
_WORDNUM = rf"(?:(?:{_TENS_RE})(?:[- ](?:{_UNIT_RE}))?|{_UNIT_RE})"
_SIMPLE = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d+|{_WORDNUM}|an?)"
_CARD = (rf"(?:(?:\d+\.\d+|half\s+a|{_SIMPLE})\s+million"
         rf"|(?:{_SIMPLE})\s+(?:hundred|thousand)(?:\s+(?:and\s+)?(?:{_WORDNUM}|\d+))?"
         rf"|(?:half\s+a|an?|one|two|three|four|five|six)\s+dozen|\d{{1,3}}(?:,\d{{3}})+|\d+|{_WORDNUM})")
_VAGUE = "|".join(sorted((re.escape(k) for k in VAGUE_COUNTS), key=len, reverse=True))
_LOWMOD = r"at\s+least|more\s+than|over|no\s+(?:fewer|less)\s+than|not\s+less\s+than|in\s+excess\s+of|upwards\s+of"
_HIGHMOD = r"up\s+to|as\s+many\s+as|nearly|almost|fewer\s+than|less\s+than|close\s+to|under"
_ABOUTMOD = r"about|around|some|approximately|roughly|an\s+estimated|an\s+approximate|estimated"
NUMBER_PHRASE = re.compile(
    rf"(?<![\w.-])(?:(?P<mod>{_LOWMOD}|{_HIGHMOD}|{_ABOUTMOD})\s+)?"
    rf"(?:between\s+(?P<b1>{_CARD})\s+and\s+(?P<b2>{_CARD})"
    rf"|(?P<r1>{_CARD})\s+(?:to|or)\s+(?P<r2>{_CARD})(?![\w-])|(?P<d1>\d+)\s*[-–]\s*(?P<d2>\d+)(?![\w-])"
    rf"|(?P<one>{_CARD})|(?P<vague>{_VAGUE}))(?![\w]|-(?:year|month|day|week|hour|km|strong|member|man|storey))",
    re.I,
)

# verbs whose object (active) or subject (passive) is the dead
KILL_VERBS = {"kill", "slay", "murder", "massacre", "behead", "decapitate", "assassinate", "execute",
              "lynch", "slaughter", "butcher", "gun", "shoot", "stab", "hack", "beat", "burn", "bludgeon",
              "stone", "club", "torture", "strangle", "crush", "electrocute", "drown", "eliminate",
              "neutralise", "neutralize", "claim", "cost", "lose", "leave", "find", "confirm", "report",
              "declare", "pronounce", "assault", "wound", "injure", "martyr"}
# these count only with "dead"/"to death"/"and killed" beside them
NEEDS_DEAD = {"shoot", "stab", "hack", "beat", "burn", "bludgeon", "stone", "club", "torture", "crush",
              "find", "confirm", "report", "declare", "pronounce", "leave", "strangle", "electrocute"}
# and these only with "fatally" or "mortally" ("fatally wounded", "fatally assaulted")
FATALLY_ONLY = {"assault", "wound", "injure"}
DIE_VERBS = {"die", "perish", "succumb"}
DEATH_NOUNS = {"death", "fatality", "dead", "body", "corpse", "life", "remains", "victim", "toll"}
REMAINS_CUES = re.compile(r"\b(remains|skeleton\w*|mass grave|exhum\w+|DNA|bones|decomposed|missing since)\b", re.I)
PERSONNEL = {"soldier", "troop", "fighter", "militant", "man", "member", "officer", "policeman", "police",
             "personnel", "guard", "rebel", "insurgent", "jihadist", "combatant", "serviceman", "recruit",
             "life", "commander", "civilian", "people", "person", "policemen", "men"}
CIVILIAN_NOUNS = {"civilian", "villager", "resident", "passerby", "worshipper", "passenger", "farmer",
                  "herder", "student", "pupil", "child", "children", "woman", "women"}
NON_PERSON = {"it", "which", "that", "this", "they", "them", "attack", "violence", "clash", "blast",
              "explosion", "fighting", "incident", "what", "all", "none", "something", "number", "who",
              "toll", "one", "others", "operation", "raid", "fire", "shooting", "bomb", "strike",
              "shootout", "shoot-out", "gunfight", "firefight", "gunbattle", "battle", "skirmish", "ambush",
              "encounter", "exchange", "confrontation", "crossfire", "bombing", "airstrike", "shelling",
              "drone", "plane", "aircraft", "helicopter", "jet", "vehicle", "car", "truck", "tank"}
# persons a lone victim beside a figure may be, besides PERSONNEL and CIVILIAN_NOUNS
LONE_PERSONS = {"driver", "bodyguard", "girl", "boy", "baby", "teacher", "trader", "chief", "elder",
                "journalist", "wife", "husband", "son", "daughter", "brother", "father", "mother"}
_LONE_VICTIM_NOUNS = frozenset(PERSONNEL | CIVILIAN_NOUNS | LONE_PERSONS)
# animals, whose deaths ACLED does not count ("killed 12 sheep", "40 head of cattle")
ANIMALS = frozenset("""animal livestock cattle cow calf bull ox goat sheep lamb camel donkey mule horse pig
chicken poultry dog""".split())
# verbs and nouns whose clause mentions a death as the cause or subject of something else
BACKGROUND_GOVERNORS = {"protest", "demonstrate", "rally", "march", "condemn", "demand", "denounce",
                        "mourn", "outrage", "investigate", "investigation", "probe", "accuse", "blame",
                        "allege", "charge", "arrest", "sentence", "convict", "try", "trial", "avenge",
                        "revenge", "funeral", "bury", "compensate", "compensation", "strike", "petition"}
SUBSET_CUES = {"including", "include", "among"}
CAMPAIGN_CUES = re.compile(
    r"\b(since (?:the )?(?:start|beginning|19\d\d|20\d\d|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|it began|then)|so far this year|this year|in recent (?:weeks|months|years)"
    r"|over the (?:past|last) (?:\w+ )?(?:weeks|months|years|decade)|in total|overall)\b", re.I)
# the wars and unrest whose toll to date is no one act's ("The conflict has killed more than 6,000 people")
WAR_NOUNS = frozenset("war conflict insurgency crisis rebellion uprising".split())
# and the acts that tell one only in the perfect ("the violence has killed 20,000"; "the violence killed
# 12 people in Kelmora on Sunday" is that day's)
_ONGOING_NOUNS = frozenset("violence fighting unrest campaign bloodshed killing attack".split())
_TOLL_VERBS = frozenset("kill claim leave die cost".split())
# a day the clause names, which no toll to date has ("on Sunday", "yesterday", "on March 3")
_DAY_NAMED = re.compile(r"\b(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|"
                        r"last\s+night|overnight)\b|\bon\s+(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|"
                        r"dec)[a-z]*\b", re.I)


def _clause_text(verb) -> str:
    """The words of the verb's own clause: its subtree, less the clauses hung on it that tell other acts or
    facts (relative clauses, "bringing the number killed to ...", "in a region where ...")."""
    skip = set()
    for c in verb.children:
        if c.dep_ in ("relcl", "advcl", "ccomp", "conj", "parataxis") or c.dep_ == "prep" and any(
                g.dep_ == "pobj" and any(r.dep_ == "relcl" for r in g.children) for g in c.children):
            skip.update(t.i for t in c.subtree)
    return " ".join(t.text for t in verb.subtree if t.i not in skip)


def toll_to_date(verb) -> bool:
    """Whether a death verb tells a war's or a campaign's toll to date, not one act's: "the conflict has
    killed more than 6,000 people", "gangs have killed 3,000 people this year", "more than 20,000 people
    have died in the war since April" (not the news perfect of one act: "ten herders have been killed during
    fighting around Kelmora", nor an act of a day: "the conflict killed 40 people in Idlib on Sunday"). The
    figure is the verb's own dead, the cue of its own clause."""
    if verb.lemma_.lower() not in _TOLL_VERBS:
        return False
    perfect = any(c.dep_ == "aux" and c.lemma_.lower() == "have" and c.i < verb.i for c in verb.children)
    nouns = [c for c in verb.children if c.dep_ == "nsubj"]
    passive = any(c.dep_ == "auxpass" for c in verb.children) or verb.lemma_.lower() == "die"
    if passive:
        nouns += [g for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "during", "since")
                  for g in c.children if g.dep_ == "pobj"]
    war = any(n.lemma_.lower() in WAR_NOUNS or perfect and n.lemma_.lower() in _ONGOING_NOUNS for n in nouns)
    if not (war or perfect):
        return False
    clause = _clause_text(verb)
    if _DAY_NAMED.search(clause):
        return False
    # (the verb's own dead: its object, or its passive or "died" subject)
    dead = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass") or c.dep_ == "nsubj" and passive]
    figures = [v[0] for c in dead for m in NUMBER_PHRASE.finditer(" ".join(t.text for t in c.subtree))
               if not _YEAR.fullmatch(m.group(0).strip()) and (v := _value(m)) is not None]
    most = max(figures, default=0)
    return bool(CAMPAIGN_CUES.search(clause)) and most >= 100 or war and most >= 1000


_YEAR = re.compile(r"(?:19|20)\d\d")
# the words opening a clause of another act some days before or after ("a week after", "two days before", "hours
# after"), up to the words before a trigger in it
ANOTHER_ACT_BEFORE = re.compile(r"\b(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|several|few|some|"
                                r"a\s+few)\s+)?(?:days?|weeks?|hours?|months?|years?)\s+(?:after|before)\s+[^,.;]*$",
                                re.I)

# the death and harm words a mishap's toll is told by, and the mishaps (crashes, collapses, disasters)
MISHAP_TOLLS = frozenset("kill die perish drown injure wound hurt dead death toll body victim casualty".split())
_MISHAP = re.compile(r"\b(?:collided|collision|crash(?:ed|es)?|capsiz\w+|derail\w+|skidded|landslides?|mudslides?|"
                     r"floods?|flooding|earthquake|quake|tremor|cyclone|typhoon|hurricane|lightning|avalanche|"
                     r"heatwave|heavy rains?|torrential rains?|monsoon rains?|road accidents?|traffic accidents?|"
                     r"accident(?:ally)?|(?:building|house|home|roof|bridge|wall|mine|block|structure)s?\s+"
                     r"(?:\w+\s+)?collapsed)\b", re.I)
# ... unless the sentence tells of arms, an armed act or an armed or state actor ("the bus crashed as gunmen shot at
# it", "police killed a driver whose car crashed through a checkpoint")
_NO_MISHAP = re.compile(r"\b(?:gunm[ae]n|gunfire|gunshots?|attack\w*|bomb\w*|militants?|rebels?|insurgents?|"
                        r"jihad\w*|bandits?|terrorists?|shot|shoot\w*|fired|explosives?|IEDs?|grenades?|mines?|"
                        r"landmines?|rockets?|missiles?|shell(?:s|ed|ing)|drones?|air ?strikes?|airstrikes?|strikes?|"
                        r"struck|artillery|mortars?|ambush\w*|raid\w*|clash\w*|fighting|fighters?|mobs?|rioters?|"
                        r"arson\w*|militia\w*|killers?|assailants?|attackers?|gangs?|gangsters?|murder\w*|"
                        r"sabotage\w*|hijack\w*|detonat\w*|ordnance|munitions?|commandos?|army|troops|forces|"
                        r"police|policem[ae]n|soldiers?|junta|taliban|hamas|houthis?|shabaab|boko|beat(?:en)?)\b", re.I)


def _mishap_clause(verb) -> str:
    """The words of the clause a death verb tells its deaths in, from the verb an outcome participle hangs on
    ("a landslide buried homes, killing six"), less the clauses of other days ("weeks after floods hit the area")."""
    root = verb
    while root.dep_ in ("advcl", "conj", "xcomp", "relcl") and root.head.i != root.i \
            and (root.dep_ != "advcl" or root.tag_ == "VBG"):
        root = root.head  # (and the noun a relative clause tells of: "a crash on the highway that left one dead")
    skip = set()
    for t in root.subtree:
        if t.dep_ in ("advcl", "relcl") and any(c.dep_ == "mark" and c.lower_ in ("after", "before", "since") and any(
                g.dep_ == "npadvmod" for g in c.children) for c in t.children) \
                or t.dep_ == "advcl" and any(c.dep_ == "npadvmod" and c.lemma_.lower() in _TIME_NOUNS | _SPAN_NOUNS
                                             for c in t.children):
            skip.update(u.i for u in t.subtree)
    return " ".join(t.text for t in root.subtree if t.i not in skip)


def mishap_toll(trigger) -> bool:
    """Whether a death or harm word tells its deaths as a mishap's: "twenty-five died when a bus collided with a
    lorry", "floods killed 40" (not "died when their truck struck a roadside bomb", nor "killed 12 farmers,
    weeks after floods hit the area")."""
    if _NO_MISHAP.search(trigger.sent.text):
        return False
    verb = trigger
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return bool(_MISHAP.search(_mishap_clause(verb)))


REPORT_VERBS = {"say", "tell", "report", "claim", "announce", "state", "confirm", "add", "inform", "quote",
                "cite", "estimate", "put", "note", "declare", "insist", "allege", "acknowledge", "admit", "write",
                "broadcast", "post", "tweet", "explain", "disclose", "reveal"}
VIOLENT_TYPES = {"Battles", "Explosions/Remote violence", "Violence against civilians", "Riots"}
# How figures for unnamed dead in several sentences combine: the first one (the lead) scored best
# on the dev data (acled-dev/pitf-dev samples of 1500: first > min > max), see report.
EVERYONE_RULE = lambda figures: figures[0]  # noqa: E731
KIND_COUNTED = {"death", "toll", "vague", "singular"}


def _card_value(s: str) -> int | None:
    s = s.lower().replace("–", "-").strip()
    s = re.sub(r"\s+", " ", s)
    if re.fullmatch(r"\d{1,3}(,\d{3})+|\d+", s):
        return int(s.replace(",", ""))
    m = re.fullmatch(r"(half a|an?|one|two|three|four|five|six) dozen", s)
    if m:
        w = m.group(1)
        return 6 if w == "half a" else 12 * (1 if w in ("a", "an", "one") else WORD_VALUES[w])
    m = re.fullmatch(r"(half a|\d+\.\d+|.+?) million", s)
    if m:
        base = 0.5 if m.group(1) == "half a" else float(m.group(1)) if "." in m.group(1) else _card_value(m.group(1))
        return None if base is None else int(base * 1_000_000)
    m = re.fullmatch(r"(.+?) (hundred|thousand)(?: (?:and )?(.+))?", s)
    if m:
        base = 1 if m.group(1) in ("a", "an") else _card_value(m.group(1))
        rest = _card_value(m.group(3)) if m.group(3) else 0
        if base is None:
            return None
        return base * (100 if m.group(2) == "hundred" else 1000) + (rest or 0)
    parts = re.split(r"[- ]", s)
    if all(p in WORD_VALUES for p in parts) and parts:
        return sum(WORD_VALUES[p] for p in parts)
    if s in ("a", "an"):
        return 1
    return None


def parse_number(phrase: str) -> tuple[int, int | None, int | None] | None:
    """A number phrase as (count, low, high) by ACLED's rules; None when it is no number."""
    m = NUMBER_PHRASE.fullmatch(phrase.strip())
    if not m:
        return None
    return _value(m)


def _value(m: re.Match) -> tuple[int, int | None, int | None] | None:
    mod = re.sub(r"\s+", " ", (m.group("mod") or "").lower())
    if m.group("vague"):
        return VAGUE_COUNTS[re.sub(r"\s+", " ", m.group("vague").lower())], None, None
    if m.group("b1") or m.group("r1") or m.group("d1"):
        a = _card_value(m.group("b1") or m.group("r1") or m.group("d1"))
        b = _card_value(m.group("b2") or m.group("r2") or m.group("d2"))
        if a is None or b is None:
            return None
        if b < a:  # "20 or 3": not a range
            return None
        return a, a, b
    n = _card_value(m.group("one"))
    if n is None:
        return None
    if re.fullmatch(_LOWMOD, mod or "-", re.I):
        return n, n, None
    if re.fullmatch(_HIGHMOD, mod or "-", re.I):
        return n, None, n
    return n, n, n


# --------------------------------------------------------------------------------------------
# 1. number phrases and lone victims tied to death words


def _noun_of(tok):
    """Climb from the last word of a number phrase to the noun it counts."""
    seen = 0
    while seen < 6 and tok.dep_ in ("nummod", "quantmod", "compound", "amod", "advmod", "conj", "punct", "cc",
                                    "det", "npadvmod", "nmod") and tok.head.i != tok.i:
        if tok.dep_ == "conj" and tok.head.pos_ not in ("NUM", "ADJ", "DET"):
            break
        if tok.dep_ in ("amod", "compound", "nmod", "det", "npadvmod") and tok.pos_ not in ("NUM", "ADJ", "DET", "PRON") \
                and not (tok.pos_ == "PROPN" and tok.dep_ in ("amod", "compound") and tok.head.pos_ == "NOUN"):
            break  # (a name before the noun is no count's noun: "two Borno politicians", "seven Kenyan fishermen")
        tok = tok.head
        seen += 1
    # "dozens of people", "a number of civilians": the counted noun is the object of "of"
    return tok


def _of_object(tok):
    for c in tok.children:
        if c.dep_ == "prep" and c.lower_ == "of":
            for p in c.children:
                if p.dep_ == "pobj":
                    return p
    return None


def _to_death(verb) -> bool:
    """"beaten to death", "macheted to death": the verb's own "to death"."""
    return any(c.dep_ == "prep" and c.lower_ == "to" and any(p.lemma_ == "death" for p in c.children)
               for c in verb.children)


_FOUND_KILLED = frozenset("murder slay strangle execute behead decapitate kill".split())


def _has_dead_marker(verb) -> bool:
    if _to_death(verb):
        return True
    for c in verb.children:
        if c.lower_ == "alive" and verb.lemma_ in ("burn", "bury"):
            return True  # "burnt alive", "buried alive"
        if c.lower_ in ("dead", "down", "killed") and c.dep_ in ("acomp", "oprd", "advmod", "prt", "amod", "dobj", "xcomp", "ccomp"):
            return True
        if c.lower_ in ("fatally", "mortally") and c.dep_ == "advmod":
            return True  # "fatally shot", "mortally stabbed"
        if verb.lemma_ == "find" and c.dep_ in ("xcomp", "oprd", "acomp") and c.lemma_.lower() in _FOUND_KILLED:
            return True  # "was found murdered", "found strangled"
        if c.dep_ == "conj" and c.lemma_ in ("kill", "murder"):
            return True
        if c.dep_ in ("xcomp", "ccomp", "oprd") and any(g.lower_ == "dead" for g in c.subtree):
            return True
    for t in verb.doc[verb.i + 1: verb.i + 4]:
        if t.lower_ == "dead" or (t.lower_ == "death" and t.nbor(-1).lower_ == "to") or (
                t.lower_ == "killed" and verb.lemma_ in ("confirm", "report", "find")):
            return True
    return False


# what flies and may be shot down or downed ("downed 12 drones"; not "downed tools"), by lemma
AIRBORNE = frozenset("drone uav quadcopter plane aircraft airplane helicopter jet warplane missile rocket projectile "
                     "shahed balloon satellite".split())
# what is shot down or destroyed without a death: machines and munitions ("shot down 12 drones")
_MACHINES = AIRBORNE | frozenset("vehicle tank boat ship vessel".split())


def _machines(verb, noun) -> bool:
    """Whether what the verb's count counts is machines, not people: the noun itself ("shot down 12 drones"), what it
    counts of ("35 of the drones"), the noun a relative clause hangs on ("40 drones, of which 35 were shot down"), or
    what was shot down where the parser splits the object ("shot down a U.S. MQ-9 drone")."""
    nouns = [] if noun is None else [noun] + [g for c in noun.children if c.lower_ == "of" for g in c.children]
    if verb.dep_ == "relcl":
        nouns.append(verb.head)
    if verb.lemma_.lower() in ("shoot", "down"):
        nouns += list(verb.children)
    return any(n.lemma_.lower() in _MACHINES for n in nouns)


def _is_death_verb(verb, noun, role: str) -> bool:
    lemma = verb.lemma_.lower()
    if any(c.dep_ == "neg" for c in verb.children) or _killed_or_hurt(verb):
        return False
    if _machines(verb, noun):
        return False
    if role == "subj_active":
        if lemma in DIE_VERBS:
            return True
        if lemma == "lose" and any(c.lemma_ == "life" for c in verb.children):
            return True
        if lemma == "be" and any(c.lower_ == "dead" and c.dep_ in ("acomp", "attr") for c in verb.children):
            return True
        return False
    if lemma not in KILL_VERBS:
        # "macheted to death", "trampled to death": whatever the verb, the death it comes to
        return verb.pos_ == "VERB" and _to_death(verb)
    if lemma in ("claim", "cost"):
        return (noun.lemma_.lower() == "life" or any(c.lemma_ == "life" for c in verb.children)
                or (lemma == "cost" and noun.lemma_.lower() in PERSONNEL))
    if lemma == "lose":
        return noun.lemma_.lower() in PERSONNEL or noun.lemma_.lower() in CIVILIAN_NOUNS
    if lemma == "gun":
        return any(c.lower_ == "down" for c in verb.children) or verb.nbor(1).lower_ == "down"
    if lemma == "shoot" and any(c.lower_ == "down" and c.dep_ in ("prt", "advmod") for c in verb.children):
        return True  # "shot down" of people, as South Asian reports write "shot dead" (machines are out above)
    if lemma == "find" and (noun.lemma_.lower() in ("body", "corpse") or _human_head(noun)):
        return True  # "a herder's body was found by the river": a death, though no word says "dead"
    if lemma in FATALLY_ONLY:
        # "fatally wounded", "mortally assaulted"; not "ten were wounded and two killed"
        return any(c.lower_ in ("fatally", "mortally") and c.dep_ == "advmod" for c in verb.children)
    if lemma in NEEDS_DEAD:
        return _has_dead_marker(verb)
    return True


_HEAD_MARKS = frozenset("human severed decapitated male female man's woman's".split())


def _human_head(noun) -> bool:
    """"police found a human head", "two severed heads": a person's head (not "the head of the council")."""
    return noun.lemma_.lower() == "head" and any(c.dep_ in ("amod", "compound", "poss") and c.lower_ in _HEAD_MARKS
                                                 for c in noun.children)


_HURT_LEMMAS = frozenset({"wound", "injure", "hurt"})


def _killed_or_hurt(verb) -> bool:
    """"was killed or wounded", "were wounded or killed": casualties, the dead and the hurt together, which
    ACLED codes as no deaths."""
    pairs = [(verb, c) for c in verb.children if c.dep_ == "conj"]
    if verb.dep_ == "conj":
        pairs.append((verb.head, verb))
    # (the "or" between the two: not "five villagers died and scores were hurt or missing")
    return any({a.lemma_.lower(), b.lemma_.lower()} & _HURT_LEMMAS and any(
        g.dep_ == "cc" and g.lower_ == "or" and a.i < g.i < b.i for g in a.children) for a, b in pairs)


# verbs of what is known or feared about the dead ("are feared dead", "are thought to have been killed"), with
# "feared" as the tagger may leave it, read as an adjective
_HEARSAY_VERBS = frozenset("know fear believe report say think confirm presume feared allege suspect claim".split())


def _stranded_victim(verb):
    """The victim a parse hung on the place before it: "In Kelmo, Dunde, a former mayor was shot dead" reads
    the mayor as the address's apposition and leaves the passive verb without a subject. The noun so hung,
    just before the verb, else None."""
    if any(c.dep_ in ("nsubjpass", "nsubj") for c in verb.children) or not any(c.dep_ == "auxpass" for c in verb.children):
        return None
    aux = min(c.i for c in verb.children if c.dep_ == "auxpass")
    for t in reversed(verb.doc[max(0, aux - 16):aux]):  # (a relative clause may lie between: "a man who was ...")
        if t.dep_ == "appos" and t.pos_ == "NOUN" and t.head.pos_ == "PROPN" \
                and t.right_edge.i >= aux - 1:
            return t  # (every word between it and the verb is its own)
    return None


# the nouns of a time phrase the parse may hang a participle on ("in the dark hours of Monday")
_TIME_NOUNS = frozenset("hour night morning evening afternoon dawn dusk midnight weekend week day time".split())
_SPAN_NOUNS = frozenset("month year fortnight minute".split())


def _hung_on(verb):
    """The bare "be" the parse hung a passive participle on, straight or through the time phrase after it ("a
    chief was late on Friday evening killed", "forty herders were in the dark hours of Monday killed"), else None."""
    if verb.tag_ not in ("VBN", "VBD") or verb.dep_ not in ("advcl", "acl", "dep") or any(
            c.dep_ in ("nsubj", "nsubjpass", "dobj", "auxpass") for c in verb.children):
        return None
    t = verb.head
    for _ in range(5):
        if t.lemma_ == "be" and t.pos_ in ("AUX", "VERB") and t.i < verb.i:
            return t
        if t.dep_ not in ("prep", "pobj", "npadvmod", "compound", "amod") or t.head.i == t.i \
                or t.pos_ in ("NOUN", "PROPN", "NUM") and not (t.ent_type_ in ("DATE", "TIME") or t.lemma_.lower() in _TIME_NOUNS):
            return None  # (only a time phrase: not "two guards were among the nine people killed")
        t = t.head
    return None



def _hearsay_before(verb):
    """The verb of what is said or thought a parse took for the head or a clause of a passive verb with no subject
    of its own, standing before it ("a herder believed to be a militia scout was shot dead"), else None."""
    if not any(c.dep_ == "auxpass" for c in verb.children) or any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
        return None
    around = [c for c in verb.children if c.dep_ == "ccomp"] + ([verb.head] if verb.dep_ in ("ccomp", "conj") else [])
    # (with its own "to be ...": not "the mission says that ... were killed", whose speaker died not)
    return next((h for h in around if h.i < verb.i and h.lemma_.lower() in _HEARSAY_VERBS
                 and any(c.dep_ == "xcomp" for c in h.children)), None)


def _passive(verb) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children) or verb.tag_ == "VBN" and verb.dep_ in ("acl", "amod", "relcl")


def death_link(noun):
    """The death word `noun` is counted by (a token), with the kind of link, or (None, None)."""
    lem = noun.lemma_.lower()
    if lem in DEATH_NOUNS and noun.lower_ not in ("victim", "victims"):
        return noun, ("toll" if lem == "toll" else "death")
    for c in noun.children:
        if c.dep_ in ("acl", "amod", "relcl", "appos", "oprd") and c.lower_ == "dead":
            return c, "death"
        if c.dep_ in ("acl", "relcl") and c.pos_ in ("VERB", "AUX"):
            if c.lemma_.lower() in DIE_VERBS or (_is_death_verb(c, noun, "obj") and (c.dep_ == "acl" or _passive(c))):
                if not any(g.dep_ == "neg" for g in c.children):
                    return c, "death"
    n = noun
    hops = 0
    while n.dep_ in ("conj", "appos") and hops < 4 and n.head.pos_ in ("NOUN", "PROPN", "NUM", "PRON"):
        n = n.head
        hops += 1
    if n.i != noun.i:
        linked = death_link(n)
        if linked[0] is not None:
            return linked
    head = n.head
    if n.dep_ in ("nsubjpass", "nsubj") and head.lemma_.lower() in _HEARSAY_VERBS | {"be"}:
        # "nine fishermen are thought to have been killed", "some 35 traders are feared dead", "13 herders
        # were on Sunday killed" (the participle hung on "were"): the death told under a verb of what is
        # known or feared, or under the bare auxiliary; not those thought to have killed someone ("two herders
        # are thought to have murdered a driver": the participle has its own object)
        for c in head.children:
            if c.dep_ in ("xcomp", "oprd", "ccomp", "acomp", "advcl") and (
                    c.lower_ == "dead" or c.tag_ == "VBN" and _is_death_verb(c, n, "obj")
                    and not any(g.dep_ == "dobj" for g in c.children)
                    or c.pos_ == "VERB" and _is_death_verb(c, n, "obj") and _passive(c)):
                return c, "death"
        if head.lemma_ == "be" and head.dep_ == "auxpass" and _is_death_verb(head.head, n, "obj"):
            return head.head, "death"  # "eight traders were on Monday killed": the subject hung on the auxiliary
        if head.lemma_ == "be":
            for t in head.subtree:
                if t.i > head.i and (be := _hung_on(t)) is not None and be.i == head.i and _is_death_verb(t, n, "obj"):
                    return t, "death"
    if n.dep_ == "nsubjpass":
        # (or the verb it shares them with: "19 people were attacked and killed")
        for v in [head, *(c for c in head.children if c.dep_ == "conj" and c.pos_ == "VERB"
                          and not any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children))]:
            if _is_death_verb(v, n, "obj"):
                return v, "death"
    if n.dep_ == "nsubj":
        if _is_death_verb(head, n, "subj_active"):
            return head, "death"
        if head.pos_ == "VERB" and not any(c.dep_ == "dobj" for c in head.children) and (
                _to_death(head) or headline_passive(head) and _is_death_verb(head, n, "obj")):
            # "nine suspected thieves burned to death", a headline's "two guards gunned down by raiders": the
            # subject died (not "three men beat a thief to death", whose verb has its object)
            return head, "death"
        if (head.lower_ == "dead" or any(c.lower_ == "dead" and c.dep_ in ("acomp", "attr") for c in head.children)) \
                and not any(c.dep_ == "dobj" for c in head.children):
            # "two were left dead"; not "three men shot dead their neighbour", whose subject killed
            return head, "death"
    if n.dep_ in ("dobj", "oprd", "attr", "dative") and head.pos_ in ("VERB", "AUX"):
        if _is_death_verb(head, n, "obj"):
            return head, "death"
    if n.dep_ == "pobj" and head.lower_ == "with" and (verb := _along_with_verb(head)) is not None:
        return verb, "death"
    if n.dep_ == "pobj" and head.lower_ == "of" and (head.head.lemma_.lower() in (
            "life", "death", "body", "corpse", "killing", "murder", "massacre", "toll") or head.head.lower_ == "remains"
            or head.head.lemma_.lower() == "throat" and head.head.head.lemma_.lower() in ("slit", "cut", "slash")):
        g = head.head
        if g.lower_ == "remains":
            return g, "remains"
        return g, ("toll" if g.lemma_ == "toll" else "reference" if g.lemma_ in ("killing", "murder", "massacre") else "death")
    if n.dep_ == "pobj" and head.lower_ in ("to", "at", "of") and any(
            _toll_word(t) for t in head.head.subtree if t.i < n.i) and head.head.i < n.i:
        return head.head, "toll"
    if n.dep_ in ("attr", "acomp") and any(c.dep_ == "nsubj" and c.lemma_ == "toll" for c in head.children):
        return head, "toll"
    return None, None


_DEAD_WORDS = frozenset("dead deaths fatalities bodies".split())


def _toll_word(tok) -> bool:
    """"the death toll", or "the number of villagers killed" (of "had risen to 19"): the count of the dead (not "the
    number of people displaced by the fighting that killed 20": the dead must be what is counted)."""
    if tok.lemma_ == "toll":
        return True
    if tok.lower_ != "number":
        return False
    counted = [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    return any(n.lower_ in _DEAD_WORDS or any(c.dep_ in ("acl", "amod") and c.lemma_.lower() in KILL_VERBS | DIE_VERBS
                                              for c in n.children) for n in counted)


_HURT_WORDS = frozenset("wounded injured hurt".split())


def _of_the_wounded(noun) -> bool:
    """Dead told as some "of the wounded" who died since: more than those killed at once ("Two of the wounded later
    died in hospital")."""
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(
        g.dep_ == "pobj" and g.lower_ in _HURT_WORDS and any(d.lower_ == "the" for d in g.children) for g in c.children)
        for c in noun.children)


def _along_with(noun) -> bool:
    """The dead told "along with" a victim, as others beside them ("killed along with three guards")."""
    return noun.dep_ == "pobj" and noun.head.lower_ == "with" and _along_with_verb(noun.head) is not None


def _along_with_verb(with_tok):
    """The death verb an "along with" phrase hangs on: "a colonel was shot dead along with five guards", "a
    reporter died on Friday along with two colleagues" (the dead beside the verb's own victim)."""
    if not any(t.lower_ == "along" for t in (with_tok.head, *with_tok.children)) \
            and with_tok.doc[max(with_tok.i - 1, 0)].lower_ != "along":
        return None
    verb = with_tok.head
    for _ in range(3):
        if verb.pos_ == "VERB" or verb.head.i == verb.i:
            break
        verb = verb.head
    if verb.pos_ != "VERB":
        return None
    if verb.lemma_.lower() in DIE_VERBS:
        return verb
    victim = next((c for c in verb.children if c.dep_ in ("nsubjpass", "dobj")), None)
    return verb if victim is not None and _is_death_verb(verb, victim, "obj") else None


def _window_link(doc, start_tok, end_tok):
    """Fallback when the parse missed the tie: 'killed at least 18' / '18 (people) killed'."""
    before = doc[max(0, start_tok.i - 2): start_tok.i]
    for t in reversed(list(before)):
        if t.lemma_.lower() in ("kill", "slay", "massacre", "murder", "behead") and not any(
                c.dep_ == "neg" for c in t.children) and not _killed_or_hurt(t):
            return t
        if t.pos_ not in ("DET", "ADV") and t.lower_ not in ("at", "than", "to"):
            break
    for t in doc[end_tok.i + 1: end_tok.i + 5]:
        if t.lower_ in ("killed", "dead", "died", "slain", "murdered", "massacred", "beheaded", "perished"):
            if _doer_of(doc[end_tok.i + 1:t.i], t):
                return None  # "Two gunmen killed a journalist": the killers, not the dead
            return None if _killed_or_hurt(t) else t
        if t.pos_ not in ("NOUN", "PROPN", "ADJ", "AUX", "ADV") or t.lemma_ in ("injure", "wound", "and"):
            break
    return None


def _doer_of(between, verb) -> bool:
    """Whether the words between a figure and the verb after it name the verb's active subject, attackers
    ("Two gunmen killed a journalist", "three militants murdered a chief"), not its dead."""
    # (with an object of its own: not a headline's "three militants killed", the dead)
    # (or the arms that killed: "Two roadside bombs killed four soldiers", "three air strikes killed 20")
    return verb.tag_ == "VBD" and any(c.dep_ == "dobj" for c in verb.children) and any(
        t.dep_ == "nsubj" and t.head.i == verb.i and (t.lower_ in _ATTACKERS or t.lemma_.lower() in _ARMS_NOUNS)
        for t in between)


_ARMS_NOUNS = frozenset("""bomb blast explosion strike airstrike raid missile rocket shell mortar drone grenade mine
landmine ied attack assault ambush""".split())


def _ancestors_upto(tok, stop):
    out = []
    t = tok
    while t.head.i != t.i and t.i not in stop:
        t = t.head
        out.append(t)
    return out


# who marches or strikes as an attacker does: "gunmen marched into the village and killed eleven", "a blast
# struck a market, killing 32" tell the attack, not a protest or a labour strike over a death
_ATTACKERS = frozenset("gunmen gunman militants militant attackers attacker insurgents rebels fighters bandits "
                       "assailants raiders troops soldiers blast bomb bomber explosion".split())


def _attack_verb(a) -> bool:
    if a.lemma_.lower() not in ("strike", "march") or a.pos_ != "VERB":
        return False
    return a.lemma_.lower() == "strike" or any(
        w.lower_ in _ATTACKERS for c in a.children if c.dep_ == "nsubj" for w in c.subtree)


_DAY_DATE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+,?\s+(?:19|20)\d\d\b"
                       r"|\b[A-Z][a-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d\b")


def _kind_context(trigger, noun, sent_tokens, sent_text: str) -> str | None:
    """Overrides for a linked figure: subset, remains, background reference, campaign total."""
    path = [noun] + _ancestors_upto(noun, set())
    for t in path[1:]:
        if t.lower_ in SUBSET_CUES and t.i < noun.i:
            return "subset"
        if t.lower_ == "of" and t.i > noun.i and any(p.lower_ in ("them", "whom", "those", "the") for p in t.children):
            return "subset"
    after = noun.doc[noun.i + 1: noun.i + 4].text.lower()
    if re.match(r"of (them|whom|those|the (dead|victims|people|dead))", after):
        return "subset"
    if trigger is not None and trigger.lower_ == "remains":
        return "remains"
    if trigger is not None and trigger.lemma_.lower() in ("body", "corpse") or noun.lemma_.lower() in ("body", "corpse", "remains"):
        # (a year of its own, "bodies from 1994", not the day's date the report opens with: "On 9 June 2021,
        # a herder's body was found by the river")
        if REMAINS_CUES.search(sent_text) or re.search(r"\b(19|20)\d\d\b", _DAY_DATE.sub("", sent_text)):
            return "remains"
    if trigger is not None:
        for a in [trigger] + _ancestors_upto(trigger, set()):
            if a.i != trigger.i and a.lemma_.lower() in BACKGROUND_GOVERNORS and not _attack_verb(a):
                return "reference"
            if a.dep_ == "advcl" and any(c.lower_ in ("after", "before", "since") and c.dep_ == "mark" and any(
                    g.dep_ == "npadvmod" and g.lemma_.lower() in _TIME_NOUNS | _SPAN_NOUNS for g in c.children)
                    for c in a.children):
                # "The attack came a week after grenade attacks killed three people": another act, days apart
                return "reference"
            if a.dep_ == "advcl" and any(c.lower_ in ("after", "over") and c.dep_ == "mark" for c in a.children):
                root = a.head
                while root.head.i != root.i and root.dep_ != "ROOT":
                    root = root.head
                if root.lemma_.lower() in BACKGROUND_GOVERNORS or any(
                        c.lemma_.lower() in BACKGROUND_GOVERNORS for c in root.children if c.dep_ in ("dobj", "attr")):
                    return "reference"
    if trigger is not None and ANOTHER_ACT_BEFORE.search(sent_text, 0, max(0, trigger.idx - trigger.sent.start_char)):
        # "The attack came a week after militants killed 30 soldiers in Kelmora": another act, days apart (the
        # parse may hang the span on the verb before: the words say it)
        return "reference"
    if trigger is not None and mishap_toll(trigger):
        return "mishap"  # "residents barricaded a highway over a boy who died in a crash"
    if CAMPAIGN_CUES.search(sent_text) or trigger is not None and toll_to_date(trigger):
        return "campaign"
    return None


# --------------------------------------------------------------------------------------------
# 2. whose dead, and who says so

def _actor_in(ctx: Context, start: int, end: int):
    for a in ctx.actors:
        if a.start < end and start < a.end:
            return a
    return None


def _country_name(ctx: Context) -> str | None:
    if not ctx.countries:
        return None
    iso3 = max(ctx.countries, key=ctx.countries.get)
    try:
        import pycountry

        c = pycountry.countries.get(alpha_3=iso3)
        return getattr(c, "common_name", None) or c.name if c else None
    except Exception:  # pycountry missing or unknown code: leave the country out
        return None


def _phrase_span(tok):
    """Offsets of a noun's own phrase: its left modifiers and itself (not clauses after it)."""
    left = [c for c in tok.subtree if c.i <= tok.i]
    start = min(t.idx for t in left)
    return start, tok.idx + len(tok.text)


# the passive verbs of report whose subject is still the one who spoke ("the mayor was quoted saying"); of the
# others, the subject is what was told ("heavy fire was reported"), and the speaker only their agent
SPEAKER_PASSIVES = frozenset({"quote", "cite"})


def _speaker_of(verb, ctx: Context):
    for c in verb.children:
        if (c.dep_ == "nsubj" or c.dep_ == "nsubjpass" and verb.lemma_.lower() in SPEAKER_PASSIVES) \
                and c.lower_ not in ("who", "which", "that"):
            return c
    for c in verb.children:
        if c.dep_ == "agent":
            for p in c.children:
                if p.dep_ == "pobj":
                    return p
    return None


def speaker_text(tok, ctx: Context, sent_index: int, with_conj: bool = False) -> list[str]:
    """Who a reporting subject is: an actor's canonical name, a full earlier name, or the phrase."""
    heads = [tok] + ([c for c in tok.conjuncts] if with_conj else [])
    out = []
    for h in heads:
        if h.pos_ == "PRON" or h.lower_ in ("he", "she", "it", "they"):
            prev = _previous_speaker(ctx, h)
            if prev:
                out.append(prev)
            continue
        own = [t for t in h.subtree if not (t.dep_ in ("cc", "conj") and t.head.i == h.i)
               and not any(a.dep_ == "conj" and a.head.i == h.i for a in [t] + list(t.ancestors) if a.i > h.i and a.i != h.i)]
        own = [t for t in own if t.i <= h.i or t.dep_ in ("compound",) or t.head.i <= h.i and t.dep_ in ("prep", "pobj")]
        own = [t for t in own if t.dep_ not in ("appos", "punct", "relcl", "acl") or t.i < h.i]
        start = min(t.idx for t in own)
        end = max(t.idx + len(t.text) for t in own)
        actor = _actor_in(ctx, h.idx, h.idx + len(h.text)) or _actor_in(ctx, start, end)
        if actor is not None and actor.name:
            out.append(actor.name)
            continue
        # a preposition of the head's own ends with its object, so the name does not stop short: "the
        # Council on Foreign Relations", not "the Council on Foreign" (the actor was looked for as before)
        objs = [t.idx + len(t.text) for t in h.subtree
                if t.dep_ == "pobj" and t.head.dep_ == "prep" and t.head.head.i == h.i and t.head.i > h.i]
        end = max([end] + objs)
        text = ctx.text[start:end].strip(" ,.;:\"'“”")
        if h.pos_ == "PROPN" and len(text.split()) == 1:
            text = _full_name(ctx, text, h.idx)
        if text:
            out.append(text)
    return out


def _full_name(ctx: Context, surname: str, before: int) -> str:
    doc = ctx.doc
    for ent in doc.ents:
        if ent.label_ == "PERSON" and ent.start_char < before and len(ent) > 1 and ent[-1].text == surname:
            return ent.text
    m = re.search(rf"\b((?:[A-Z][\w'-]+ ){{1,2}}){re.escape(surname)}\b", ctx.text[:before])
    if m:
        return (m.group(1) + surname).strip()
    return surname


def _previous_speaker(ctx: Context, pron) -> str | None:
    """A pronoun subject of 'said': the subject of an earlier reporting verb (same sentence first)."""
    doc = pron.doc
    person = pron.lower_ in ("he", "she")
    for t in reversed(doc[max(0, pron.i - 120): pron.i]):
        if t.lemma_ in REPORT_VERBS and t.pos_ in ("VERB", "AUX"):
            s = _speaker_of(t, ctx)
            if s is None or s.pos_ == "PRON":
                continue
            if person and s.ent_type_ not in ("PERSON", "") :
                continue
            if not person and s.ent_type_ == "PERSON":
                continue
            names = speaker_text(s, ctx, 0)
            if names:
                return names[0]
    return None


def reporting_sources(tok, ctx: Context, sent_index: int) -> list[str]:
    """The sources that govern `tok`: subjects of said/told/reported above it, or 'according to X'."""
    for a in [tok] + list(tok.ancestors):
        if a.lemma_.lower() in REPORT_VERBS and a.pos_ in ("VERB", "AUX") and a.i != tok.i:
            s = _speaker_of(a, ctx)
            if s is not None:
                return speaker_text(s, ctx, sent_index, with_conj=True)
    sent = tok.sent
    for t in sent:
        if t.lower_ == "according" and t.nbor(1).lower_ == "to":
            for p in t.nbor(1).children:
                if p.dep_ == "pobj":
                    return speaker_text(p, ctx, sent_index, with_conj=True)
        if t.lemma_ in REPORT_VERBS and t.dep_ in ("ROOT", "parataxis") and t.pos_ == "VERB":
            s = _speaker_of(t, ctx)
            if s is not None:
                return speaker_text(s, ctx, sent_index, with_conj=True)
    return []


def _who(noun, trigger, ctx: Context) -> str | None:
    target = noun
    if noun.lemma_.lower() in ("dozens", "hundreds", "thousands", "scores", "tens", "number", "dozen") or noun.pos_ == "NUM":
        obj = _of_object(noun)
        if obj is not None:
            target = obj
    start, end = _phrase_span(target)
    actor = None
    if target.dep_ == "appos":  # "the Syrian army, seven soldiers": the head names whose dead
        actor = _actor_in(ctx, *_phrase_span(target.head))
    if actor is None:
        actor = _actor_in(ctx, start, end)
    if actor is None and trigger is not None and trigger.lemma_ in ("cost", "lose"):
        for c in trigger.children:
            if c.dep_ in ("dative", "nsubj") and c.i != target.i:
                if c.pos_ == "PRON":
                    return _pronoun_actor(c, ctx)
                actor = _actor_in(ctx, *_phrase_span(c))
    if actor is None:
        # "Al Shabaab said only five of its fighters died": the group telling of its own dead names them
        own = next((c for c in target.children if c.dep_ == "poss" and c.lower_ in ("its", "their")), None) \
            if target.lemma_.lower() in _OWN_MEN else None
        named = _pronoun_actor(own, ctx) if own is not None else None
        if named is not None:
            return named
    if actor is not None:
        return actor.name
    lem = target.lemma_.lower()
    if lem in CIVILIAN_NOUNS or target.lower_ in CIVILIAN_NOUNS:
        country = _country_name(ctx)
        return f"Civilians ({country})" if country else "Civilians"
    if lem in PERSONNEL and lem not in ("people", "person", "man", "men", "life", "member", "civilian"):
        text = ctx.text[start:end]
        text = " ".join(NUMBER_PHRASE.sub("", text).split()).strip(" ,")
        text = re.sub(r"^(the|his|her|its|their)\s+", "", text, flags=re.I)
        return text or None
    return None


# the men of a side a group tells of as its own ("five of its fighters"; not "their party leader", a person)
_OWN_MEN = frozenset("fighter fighters militant militants soldier soldiers troop troops member members man men "
                     "comrade comrades cadre cadres combatant combatants rebel rebels personnel".split())


def _pronoun_actor(pron, ctx: Context) -> str | None:
    """'it lost six soldiers' under 'the army has said': the speaker is the 'it'."""
    for a in pron.ancestors:
        if a.lemma_ in REPORT_VERBS:
            s = _speaker_of(a, ctx)
            if s is not None and s.pos_ != "PRON":
                actor = _actor_in(ctx, *_phrase_span(s))
                if actor is not None:
                    return actor.name
                return ctx.text[slice(*_phrase_span(s))]
    return None


def _own_figure(noun) -> bool:
    """Whether a figure before the noun counts it (a figure's claim does): not an age ("a 71-year-old herder")
    nor the ordinal of one more ("a third rider")."""
    return any((t.like_num and not (t.lower_ in _ORDINALS and _indefinite(noun)) or t.lower_ in VAGUE_COUNTS)
               and not _AGE_AFTER.match(text_from(t), len(t)) for t in noun.subtree if t.i <= noun.i)


def _lone_conjuncts(noun, used: set[int]) -> list:
    """The persons coordinated after a figure's noun with no figure of their own: "a herder" of "two farmers and
    a herder", "their driver" of "three soldiers and their driver" (not "three soldiers and one rebel", whose
    figure is its own claim)."""
    out = []
    for m in noun.conjuncts:
        if m.i not in used and m.lower_ in ("himself", "herself"):
            # "killing 18 people and himself", "killing himself and 44 others": the attacker among the dead (ACLED
            # counts him; not a lone "before killing himself")
            out.append(m)
            continue
        if m.i < noun.i or m.i in used or m.pos_ not in ("NOUN", "PROPN") or m.tag_ in ("NNS", "NNPS"):
            continue
        if _own_figure(m):
            continue
        if (m.lemma_.lower() in _LONE_VICTIM_NOUNS or _of_a_people(m)) and any(
                c.dep_ in ("det", "poss") for c in m.children):
            out.append(m)  # (or one a people's name makes a person: "three tourists and an Afghan guide")
    return out


def _of_a_people(noun) -> bool:
    """One person a nationality or people's adjective qualifies: "an Afghan guide", "a Nepali cook" (not "the Syrian
    army" of "cost the group nine fighters and the army four soldiers")."""
    return any(c.dep_ == "amod" and c.ent_type_ == "NORP" for c in noun.children) and any(
        c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def _list_members(noun) -> list:
    """The noun and the persons coordinated with it, and a list the parser hung on it as an apposition with a
    coordination of its own ("killed a farmer, a teacher and a shopkeeper": one apposition, then a conjunct);
    not a lone apposition, which names the same person ("the victim, a teacher")."""
    members = [noun, *noun.conjuncts]
    for c in noun.children:
        if c.dep_ == "appos" and c.conjuncts and any(g.dep_ == "det" and g.lower_ in ("a", "an") for g in c.children):
            members += [c, *c.conjuncts]
    return members


def _them_count(verb, used: set[int]) -> int:
    """How many "them" of "seized six loggers and shot them dead" is: the object of the verb the death verb
    is coordinated with (its figure, or its coordinated persons), when no figure counted it already."""
    if verb.dep_ != "conj" or verb.head.pos_ != "VERB":
        return 0
    obj = next((c for c in verb.head.children if c.dep_ == "dobj"), None)
    if obj is None or obj.i in used or obj.pos_ not in ("NOUN", "PROPN") or any(
            c.dep_ == "det" and c.lower_ in ("the", "these", "those") for c in obj.children):
        return 0  # ("herded the 30 workers together and killed them": those a figure counted before)
    figure = next((c for c in obj.children if c.dep_ == "nummod"), None)
    if figure is not None:
        value = parse_number(figure.text)
        return value[0] if value else 0
    return _singular_count(obj, used) if obj.conjuncts else 0


def _singular_count(noun, used: set[int] = frozenset()) -> int:
    """A victim with no number: one person, or 3 for a plural (ACLED)."""
    members = [m for m in _list_members(noun) if m.i not in used]
    total = 0
    for m in members:
        if m.lower_ in NON_PERSON or m.lemma_.lower() in NON_PERSON or _animal(m):
            continue
        if m.pos_ == "PRON":
            if m.lower_ in ("he", "she", "him", "her"):
                total += 1
            continue
        if m.lower_ == "other" and any(c.lower_ == "the" for c in m.children):
            total += 1  # "the first was hurt and the other died"
            continue
        if m.tag_ in ("NNS", "NNPS") and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in m.children):
            total += 1  # "a security forces personnel": one, as its article says
        elif m.tag_ in ("NNS", "NNPS") and m.ent_type_ not in ("PERSON",):
            total += PLURAL_DEFAULT if m.lemma_.lower() in PERSONNEL | CIVILIAN_NOUNS or m.ent_type_ == "NORP" else 0
        elif m.pos_ in ("NOUN", "PROPN"):
            total += 1
        elif m.pos_ == "ADJ" and len(members) == 1 and any(c.dep_ == "det" and c.lower_ in ("a", "an")
                                                            for c in m.children):
            # "shot dead a Palestinian": a people's name the tagger reads as its adjective (alone: "a respected
            # lawyer and activist" is one person)
            total += 1
    return total


def _animal(noun) -> bool:
    """A noun that names animals: "goats", "40 head of cattle" (not "cattle raiders")."""
    if noun.dep_ == "compound":
        return False
    if noun.lemma_.lower() in ANIMALS or noun.lower_ in ANIMALS:
        return True
    return noun.lower_ == "head" and any(c.lower_ == "of" and any(g.lemma_.lower() in ANIMALS for g in c.children)
                                         for c in noun.children)


_BESIDES = frozenset("other another more additional further".split())
# "a fourth victim died later": one more than those told before (not a figure of its own)
_ORDINALS = frozenset("second third fourth fifth sixth seventh eighth ninth tenth".split())


def _besides(noun) -> bool:
    """Whether the dead a noun names are told as more than those before: "two other policemen were killed",
    "another victim died", "three more soldiers"."""
    return any(c.dep_ in ("amod", "det", "advmod", "nummod") and (
        c.lower_ in _BESIDES and not _than_after(c) or c.lower_ in _ORDINALS and _indefinite(noun))
        for c in noun.children) or noun.lower_ == "another"


def _also_killed(noun, verbs=None) -> bool:
    """"Two resistance fighters were also killed": dead told with "also" on their own death verb in the past, more
    than those before (not "were also murder suspects", nor "three relatives have also been killed", earlier
    deaths told as background)."""
    verb = noun.head
    return noun.dep_ in ("nsubj", "nsubjpass") and verb.lemma_.lower() in (verbs or _ALSO_DEATH_VERBS) \
        and any(c.dep_ == "advmod" and c.lower_ == "also" for c in verb.children) \
        and not any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children)


_ALSO_DEATH_VERBS = frozenset("kill die slay murder shoot behead execute".split())
# (a victim told alone, "a woman nearby was also killed", adds to a figure only as killed: one who "also died" may be
# among those counted)
_KILLED_ALSO = _ALSO_DEATH_VERBS - {"die", "shoot"}


def _than_after(tok) -> bool:
    """"more than 100": the figure's own bound, not dead told as more than those before."""
    return tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ == "than"


def _indefinite(noun) -> bool:
    """"a fourth victim" (one more), not "the second soldier killed this month" (one told before)."""
    return any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


# a toll given as a range of its own: "the deaths reported range from 3 to 5", "the death toll ranges between 20
# and 30"
_TOLL_RANGE = re.compile(r"\b(?:fatalities|deaths|death\s+toll|toll)\s+(?:\w+\s+){0,2}?rang(?:e|es|ed|ing)\s+"
                         r"(?:from\s+)?(?:between\s+)?(\d{1,4})\s+(?:to|and)\s+(\d{1,4})\b", re.I)


# the words right after a figure that make it a count of the wounded, in a headline's clipped style
_HURT_AFTER = re.compile(r"\s+(?:others?\s+)?(?:injured|wounded|hurt)\b", re.I)


# a figure its sentence tells as given before and since replaced ("had earlier put the toll at 12", "initially
# reported eight dead"): counted only where the text gives no other (see attach)
_SUPERSEDED_BEFORE = re.compile(r"\b(?:earlier|initially|previously|at first)\s+(?:\w+\s+){0,1}?(?:put|gave|given|"
                                r"set|reported|said|estimated|placed)\b[^.;]*$", re.I)


def find_claims(ctx: Context) -> list[FatalityClaim]:
    """Every death figure in the body text, in reading order."""
    doc = ctx.doc
    out: list[FatalityClaim] = []
    # a figure inside a date or a duration ("9 May", "three days") counts no one
    time_spans = [(t.start, t.end) for t in ctx.times]
    # (a headline's figure is told again in the body; a text that is all headline, a wire's one-line brief,
    # has no body to tell it)
    body = any(s.kind != "heading" for s in ctx.sentences)
    for s in ctx.sentences:
        if s.kind == "heading" and body and not re.search(r"\b(kill|dead|die)", s.text, re.I):
            continue
        used_nouns: set[int] = set()
        sent_claims: list[FatalityClaim] = []
        for m in NUMBER_PHRASE.finditer(s.text):
            if m.group("one") and re.fullmatch(r"an?", m.group("one"), re.I) and not m.group("mod"):
                continue
            if m.group("one") and re.fullmatch(r"(19|20)\d\d", m.group("one")) and not m.group("mod"):
                continue
            value = _value(m)
            if value is None:
                continue
            a, b = s.start + m.start(), s.start + m.end()
            if any(ts < b and a < te for ts, te in time_spans) or _UNIT_AFTER.match(s.text, m.end()):
                continue  # ("25 kilometres (15 miles) from the town": a distance)
            if _bare_age(s.text, m):
                continue  # "Karim Sheikh (45), a trader", "Karim Sheikh, 45, a trader": an age
            if _HURT_AFTER.match(s.text, m.end()):
                continue  # "3 guards killed 6 injured", "one killed, several injured": the wounded
            first, last = token_at(doc, a), token_at(doc, b - 1)
            if last is None:
                continue
            if last.lower_ == "of" and last.i > 0:
                last = doc[last.i - 1]
            noun = _noun_of(last)
            if _animal(noun) and not any(t.lower_ in ("dead", "and") for t in doc[last.i + 1:noun.i]):
                continue  # "they also killed 12 sheep" (not "two dead and camels stolen")
            trigger, kind = death_link(noun)
            if trigger is None and noun.i != last.i:
                trigger, kind = death_link(last)
            if trigger is None:
                trigger = _window_link(doc, first, last)
                kind = "death" if trigger is not None else None
            if trigger is None:
                continue
            # (not the figure's own "no" of "no fewer than")
            if any(c.dep_ == "neg" and not first.i <= c.i <= last.i for c in noun.children) \
                    or (first.i > 0 and doc[first.i - 1].lower_ == "no"):
                continue
            override = _kind_context(trigger, noun, None, s.text)
            opened = _aside_start(s.text, m.start())
            if override is None and opened is not None and any(
                    0 <= s.start + opened - c.end <= ASIDE_GAP for c in sent_claims):
                # "Nine villagers -- three women and six men -- were killed", "12 people (eight of them
                # children)": a breakdown right after a figure is part of it
                override = "subset"
            if override is None and _AMONG_BEFORE.search(s.text, 0, m.start()):
                override = "subset"  # "killed 14, among them 3 children", "among whom were two women"
            if m.group("vague") and kind == "death":
                kind = "vague"
            kind = override or kind
            if kind in KIND_COUNTED and _SUPERSEDED_BEFORE.search(s.text, 0, m.start()):
                kind = "superseded"  # "He had earlier given a toll of 12": a figure told as replaced
            count, low, high = value
            who = _who(noun, trigger, ctx)
            claimed = reporting_sources(trigger, ctx, s.index)
            sent_claims.append(FatalityClaim(count=count, low=low, high=high, who=who,
                                             claimed_by=claimed[0] if claimed else None, text=s.text,
                                             start=a, end=b, sentence=s.index, kind=kind,
                                             added=_besides(noun) or _along_with(noun) or _also_killed(noun)
                                             or _of_the_wounded(noun),
                                             rival=kind == "toll" and _rival_toll(trigger, s, out + sent_claims)))
            used_nouns.add(noun.i)
            used_nouns.update(t.i for t in doc[first.i:last.i + 1])
            for lone in _lone_conjuncts(noun, used_nouns):
                # "two farmers and a herder died": a victim with no figure beside a figure adds one
                sent_claims.append(FatalityClaim(count=1, low=1, high=1, who=_who(lone, trigger, ctx),
                                                 claimed_by=claimed[0] if claimed else None, text=s.text,
                                                 start=lone.idx, end=lone.idx + len(lone), sentence=s.index,
                                                 kind=kind))
                used_nouns.add(lone.i)
        sent_claims.extend(_lone_victims(ctx, s, used_nouns))
        told = _TOLL_RANGE.search(s.text)
        low, high = (int(told.group(1)), int(told.group(2))) if told else (0, 0)
        if told and not sent_claims and low <= high and not 1900 <= low <= 2100 and not any(
                ts < s.start + told.end(2) and s.start + told.start(1) < te for ts, te in time_spans):
            # "the deaths reported range from 3 to 5": the toll, at its lowest (not years: "from 1998 to 2003")
            sent_claims.append(FatalityClaim(count=low, low=low, high=high, text=s.text, start=s.start + told.start(1),
                                             end=s.start + told.end(2), sentence=s.index, kind="toll"))
        aboard = _ALL_ABOARD.search(s.text)
        carrying = _CARRYING.search(s.text) if aboard and not sent_claims and not _RESCUED.search(s.text) \
            and _SHOT_DOWN.search(s.text) else None
        if carrying and (value := parse_number(carrying.group(1))) is not None:
            # "a helicopter carrying eight soldiers was shot down, killing all on board": those it carried
            sent_claims.append(FatalityClaim(count=value[0], low=value[1], high=value[2], text=s.text,
                                             start=s.start + carrying.start(1), end=s.start + carrying.end(1),
                                             sentence=s.index, kind="death"))
        lone_death = _HIS_DEATH.search(s.text) or _A_DEATH.search(s.text)
        if lone_death and not sent_claims:
            # "was hit on the head by an officer, leading to her death": the one harmed died; so did the one of
            # "militias traded fire, causing the death of a herder" (but for a death a protest was over)
            a = s.start + lone_death.start(1)
            death = token_at(doc, s.start + lone_death.start("death"))
            kind = (_kind_context(death, death, None, s.text) if death is not None else None) or "singular"
            sent_claims.append(FatalityClaim(count=1, low=1, high=1, text=s.text, start=a,
                                             end=s.start + lone_death.end(1), sentence=s.index, kind=kind))
        if any(c.kind == "toll" and not c.rival for c in sent_claims):  # (not an estimate set against them)
            for c in sent_claims:
                if c.kind in ("death", "vague", "singular"):
                    c.kind = "subset"
        out.extend(sorted(sent_claims, key=lambda c: c.start))
    # a part told of a whole no figure gives ("raided the hideout, killing two of them") is the toll itself
    # (not a part told before its sentence's toll: "the number of herders killed now stands at 32")
    counted = False
    toll_sentences = {c.sentence for c in out if c.kind == "toll" and not c.rival}
    for c in out:
        if c.kind == "subset" and not counted and c.sentence not in toll_sentences:
            c.kind = "death"
        counted = counted or c.kind in KIND_COUNTED
    return out


_ESTIMATE_VERBS = frozenset("put place estimate set".split())
RIVAL_SENTENCES = 3
_LATER = re.compile(r"\b(?:later|since|now|updated|revised|risen|rose)\b", re.I)
_CONTRAST = re.compile(r"\b(?:but|however|while|whereas|although|though)\b", re.I)


def _rival_toll(trigger, s, before: list[FatalityClaim]) -> bool:
    """A toll a source puts against a figure told before it: "Police counted six dead, but villagers set the toll
    at 12", "..., the army said. A youth council set the toll at 90" (a contrast word before
    the estimate's verb, or a figure told before by a source the estimate's subject is not)."""
    verb = trigger.head if trigger.dep_ == "dobj" else trigger
    # (figures of the three sentences before, not "several were killed": a vague count)
    before = [c for c in before if c.kind in ("death", "toll") and s.index - c.sentence <= RIVAL_SENTENCES]
    if verb.lemma_.lower() not in _ESTIMATE_VERBS or not before or _LATER.search(s.text):
        return False  # ("a later report put the toll at 40": an update)
    # (or the subject the verb shares: "Police confirmed the raid but set the toll at seven")
    holder = verb.head if verb.dep_ == "conj" else verb
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None) or next(
        (c for c in holder.children if c.dep_ == "nsubj"), None)
    if subject is None:
        return False
    if _CONTRAST.search(s.text, 0, verb.idx - s.start) or any(c.dep_ == "cc" and c.lower_ == "but" for c in verb.children):
        return True
    said = subject.doc[subject.left_edge.i:subject.right_edge.i + 1].text.lower()
    return any(c.claimed_by and c.claimed_by.lower() not in said and said not in c.claimed_by.lower()
               for c in before)


_ALL_ABOARD = re.compile(r"\b(?:kill(?:ed|ing)|dead|died)\b[^.;]{0,20}?\b(?:all|everyone|everybody)\b[^.;]{0,20}?"
                         r"\b(?:on\s+board|aboard)\b|\b(?:all|everyone|everybody)\s+(?:on\s+board|aboard)\b[^.;]{0,30}?"
                         r"\b(?:killed|died|perished|dead)\b", re.I)
_RESCUED = re.compile(r"\b(?:no\s+one|nobody|none|rescued|survived|unharmed|safe)\b", re.I)
# (those aboard killed by an act of war: not a bus crash or a capsizing)
_SHOT_DOWN = re.compile(r"\b(?:shot\s+down|downed|struck|hit|attacked|ambushed|bomb\w*|missiles?|rockets?|explosions?|"
                        r"blast|fired\s+on)\b", re.I)
_CARRYING = re.compile(r"\b(?:carrying|with)\s+(\d{1,3}|" + _WORDNUM + r")\s+(?:\w+\s+){0,2}?(?:people|persons|"
                       r"passengers|soldiers|troops|officers|crew|police(?:men)?|personnel|migrants|civilians)\b", re.I)


# the words that open a breakdown of a figure told before: "among them", "among whom were"
_AMONG_BEFORE = re.compile(r"\bamong\s+(?:them|whom|those)(?:\s+(?:were|are|was))?\s*$", re.I)
# a figure set off by brackets or commas right after a word ("Karim Sheikh (45)", "a trader, 45,"): an age
_AGE_BEFORE = re.compile(r"[A-Za-z][\w'.-]*\s*(?:\(|,)\s*$")
_AGE_AFTER_MARK = re.compile(r"\s*(?:\)|,)")


def _bare_age(text: str, m) -> bool:
    """Whether the figure matched by `m` in `text` is a bare age after a person's name or noun."""
    if m.group("one") is None or m.group("mod") or not m.group("one").isdigit() or not 1 <= int(m.group("one")) <= 110:
        return False
    before, after = _AGE_BEFORE.search(text[:m.start()]), _AGE_AFTER_MARK.match(text, m.end())
    return bool(before and after) and text[:m.start()].rstrip()[-1] + text[after.end() - 1] in ("()", ",,")


_UNIT_AFTER = re.compile(r"\s*(?:km|kms|kilomet(?:er|re)s?|miles?|met(?:er|re)s?|yards?|feet|ft)\b", re.I)


# how far after a figure's phrase an aside may open to break that figure down ("Nine villagers --"):
# a noun and a few words, not tuned
ASIDE_GAP = 30


def _aside_start(text: str, at: int) -> int | None:
    """Where the bracketed or dashed aside holding offset `at` opens ("(two women and six men)",
    "-- two women and six men --"), else None."""
    before = text[:at]
    if before.count("(") > before.count(")"):
        return before.rindex("(")
    dashes = list(re.finditer(r"\s(?:--|\u2013|\u2014)\s", before))
    if len(dashes) % 2 == 1 and re.search(r"\s(?:--|\u2013|\u2014)\s", text[at:]):
        return dashes[-1].start()
    return None


# a death the sentence's one victim came to: "leading to his death", "which resulted in her death"
_HIS_DEATH = re.compile(r"\b(?:lead(?:ing)?|led|result(?:ed|ing)?) (?:to|in) ((?:his|her) (?P<death>death|demise))\b", re.I)
# the death of one victim an act brought about: "causing the death of a herder"
_A_DEATH = re.compile(r"\b(?:lead(?:ing|s)?|led|result(?:ed|ing|s)?|caus(?:e|ed|es|ing))\s+(?:to\s+|in\s+)?"
                      r"(the\s+(?P<death>death)\s+of\s+an?)\s+\w", re.I)
_AGE_AFTER = re.compile(r"\s*-?\s*(?:years?|months?)(?:\s*-?\s*old)\b", re.I)


def _lone_victims(ctx: Context, s, used: set[int]) -> list[FatalityClaim]:
    """'A man was shot dead', 'gunmen killed a farmer and his son': victims without a number."""
    doc = ctx.doc
    span = doc.char_span(s.start, s.end, alignment_mode="expand")
    if span is None:
        return []
    out = []
    for v in span:
        if v.pos_ not in ("VERB", "AUX", "ADJ"):
            continue
        victims = []
        stranded = _stranded_victim(v) if v.pos_ == "VERB" else None
        if stranded is not None and stranded.i not in used and _is_death_verb(v, stranded, "obj"):
            victims.append(stranded)
        be = _hung_on(v) if v.pos_ == "VERB" else None
        if be is not None:
            subject = next((c for c in be.children if c.dep_ in ("nsubj", "nsubjpass") and c.i < be.i), None)
            if subject is not None and subject.i not in used and _is_death_verb(v, subject, "obj"):
                victims.append(subject)
        if v.dep_ == "conj" and v.pos_ == "VERB" and not any(c.dep_ in ("nsubj", "nsubjpass") for c in v.children):
            # "a mayor was abducted and killed": the subject of the first verb is the second's victim; "a
            # herder was hit and later died": the one who died
            shared = next((c for c in v.head.children if c.dep_ == "nsubjpass"), None)
            if shared is not None and shared.i not in used and (
                    _is_death_verb(v, shared, "obj") or v.lemma_.lower() in DIE_VERBS):
                victims.append(shared)
        for c in v.children:
            if c.i in used:
                continue
            if c.dep_ == "prep" and c.lower_ == "dead" and v.lemma_.lower() == "shoot":
                # "a sniper shot dead a child": the parser may read "dead" as a preposition, the victim its object
                victims += [g for g in c.children if g.dep_ == "pobj" and g.i not in used]
            elif c.dep_ == "npadvmod" and c.pos_ == "NOUN" and v.lemma_.lower() == "shoot" \
                    and c.lemma_.lower() not in _TIME_NOUNS | _SPAN_NOUNS and any(
                        g.dep_ == "acomp" and g.lower_ == "dead" and g.i < c.i for g in v.children):
                victims.append(c)  # "shot dead a boy" read as a measure of the shooting
            if c.dep_ == "nsubjpass" and _is_death_verb(v, c, "obj"):
                victims.append(c)
            elif c.dep_ == "dobj" and _is_death_verb(v, c, "obj"):
                victims.append(c)
            elif c.dep_ == "nsubj" and _is_death_verb(v, c, "subj_active"):
                victims.append(c)
            elif c.dep_ == "nsubj" and any(g.dep_ == "agent" for g in v.children) and _is_death_verb(v, c, "obj"):
                victims.append(c)  # a headline's passive without its auxiliary: "village guard shot dead by raiders"
            elif c.dep_ == "auxpass" and v.pos_ == "VERB" and not any(g.dep_ == "nsubjpass" for g in v.children):
                # "a chief, Musa Bello, was Tuesday night killed": the subject the parse hung on the auxiliary
                subject = next((g for g in c.children if g.dep_ in ("nsubj", "nsubjpass")), None)
                if subject is not None and subject.i not in used and _is_death_verb(v, subject, "obj"):
                    victims.append(subject)
        hearsay = _hearsay_before(v)
        if hearsay is not None:
            # "a herder believed to be a militia scout was shot dead": the parse gives the herder to "believed"
            subject = next((g for g in hearsay.children if g.dep_ == "nsubj" and g.pos_ in ("NOUN", "PROPN")), None)
            if subject is not None and subject.i not in used and _is_death_verb(v, subject, "obj"):
                victims.append(subject)
        if v.dep_ in ("relcl", "acl") and v.head.i not in used and v.head.pos_ in ("NOUN", "PROPN") and (
                _passive(v) and _is_death_verb(v, v.head, "obj")):
            if not any(c.dep_ in ("nsubjpass", "dobj") and c.lower_ not in ("who", "that", "which") for c in v.children):
                victims.append(v.head)
        for noun in victims:
            if noun.lower_ in ("who", "that", "which") and v.dep_ == "relcl":
                noun = v.head
            if noun.i in used:
                continue
            if noun.lemma_.lower() in ("body", "corpse") and (used or out) and any(
                    c.dep_ == "poss" and c.pos_ == "PRON" for c in noun.children):
                continue  # "a trader was shot dead and his charred body found later": the one already counted
            if _own_figure(noun):
                continue  # (a figure counts them)
            if any(t.lower_ in ("no", "none", "nobody") for t in noun.subtree):
                continue
            n = _singular_count(noun, used)
            if noun.lower_ == "them" and noun.dep_ == "dobj":
                # "pulled two nurses off a bus and killed them": as many as the earlier verb's object
                n = _them_count(v, used)
            if n > 1 and noun.tag_ in ("NN", "NNP") and noun.dep_ in ("nsubj", "nsubjpass") and any(
                    c.dep_ in ("aux", "auxpass") and c.tag_ == "VBZ" or c.dep_ == "auxpass" and c.lower_ == "was"
                    for c in v.children):
                n = 1  # "a village elder and former rebel has been killed": one person, as the verb says
            if n <= 0:
                continue
            used.add(noun.i)
            used.update(c.i for c in noun.conjuncts)
            kind = _kind_context(v, noun, None, s.text) or "singular"
            start, end = _phrase_span(noun)
            claimed = reporting_sources(v, ctx, s.index)
            out.append(FatalityClaim(count=n, low=n, high=n, who=_who(noun, v, ctx), added=_besides(noun) or _also_killed(noun, _KILLED_ALSO),
                                     claimed_by=claimed[0] if claimed else None, text=s.text,
                                     start=start, end=end, sentence=s.index, kind=kind))
    return out


# --------------------------------------------------------------------------------------------
# 3. ACLED's rule over claims, and attaching claims to events

def _group(who: str | None) -> str | None:
    """Only a named group (an actor, civilians) keeps its figure apart; 'soldiers', 'officer' do not."""
    return who if who and who[:1].isupper() else None


def total_fatalities(claims: list[FatalityClaim]) -> int:
    """Lowest figure per named group of dead, summed over groups; coordinated figures in one
    sentence add up. A figure for unnamed dead ('people') stands for everyone: the result is at
    least the first such figure (later ones in a text mostly detail part of it)."""
    counted = [c for c in claims if c.kind in KIND_COUNTED]
    if not counted:
        return 0
    rivals = [c.count for c in counted if c.rival]
    if rivals and len(rivals) < len(counted):
        # conflicting reports: the lowest of the rival estimates and what the other figures make
        return min(min(rivals), total_fatalities([c for c in counted if not c.rival]))
    # (dead told in a later sentence as more than those before, "two other policemen were killed", add to
    # the figure whatever their group; in one sentence coordinated figures add up anyway)
    opening = min(c.sentence for c in counted)
    # (and so do those told beside a victim before them in their own sentence: "a colonel died along with
    # five other officers")
    extra = [c for c in counted if c.added and (c.sentence != opening or any(
        o.sentence == c.sentence and not o.added and o.start < c.start for o in counted))]
    besides = sum(c.count for c in extra)
    counted = [c for c in counted if not any(c is e for e in extra)]
    per_sentence: dict[tuple[str | None, int], int] = defaultdict(int)
    for c in counted:
        per_sentence[(_group(c.who), c.sentence)] += c.count
    lowest: dict[str | None, int] = {}
    everyone: list[int] = []
    named_sentences = {sent for (who, sent) in per_sentence if who is not None}
    # sentences whose unnamed figures are all plain numbers of dead (not vague or inferred counts)
    plain = {c.sentence for c in counted if c.who is None and c.kind == "death"} - {
        c.sentence for c in counted if c.who is None and c.kind != "death"}
    for (who, _sent), n in sorted(per_sentence.items(), key=lambda kv: kv[0][1]):
        if who is None and _sent in named_sentences and _sent in plain:
            # "three herders and five cattle raiders were killed": beside named dead in the same
            # sentence, unnamed dead are another group, not everyone
            lowest[f"unnamed in sentence {_sent}"] = n
        elif who is None:
            everyone.append(n)
        else:
            lowest[who] = min(lowest.get(who, n), n)
    first = EVERYONE_RULE(everyone) if everyone else 0
    return max(first, sum(lowest.values())) + besides


def document_claims(claims: list[FatalityClaim]) -> list[FatalityClaim]:
    """The claims a single violent event covering the whole text would count."""
    counted = [c for c in claims if c.kind in KIND_COUNTED]
    if counted:
        return counted
    return [c for c in claims if c.kind == "campaign"][:1] or [c for c in claims if c.kind == "reference"][:1]


def document_fatalities(ctx: Context) -> int:
    """The figure one violent event covering the whole text would get (for evaluation)."""
    claims = ctx.fatalities if "fatalities" in ctx.done or ctx.fatalities else find_claims(ctx)
    chosen = document_claims(claims)
    for c in chosen:
        if c.kind in ("campaign", "reference"):
            return c.count if not re.search(r"\b(protest|demonstrat|rall(y|ied)|march)", ctx.text, re.I) else 0
    return total_fatalities(chosen)


def _is_violent(e: Event) -> bool:
    if e.event_type in VIOLENT_TYPES:
        return True
    if e.event_type == "Protests" and e.sub_event_type == "Excessive force against protesters":
        return True
    return e.event_type == "Strategic developments" and e.sub_event_type == "Disrupted weapons use"


def _actors(e: Event) -> set[str]:
    names = {e.actor1, e.actor2, *e.assoc_actor_1, *e.assoc_actor_2} - {None}
    return names | {n.split(" (")[0] for n in names if n.startswith("Civilians")}


# the events a background figure of their sentence can be the toll of (see attach)
_ATTACK_TYPES = frozenset({"Battles", "Explosions/Remote violence", "Violence against civilians"})


def attach(ctx: Context) -> None:
    """Give each claim to one event and set each event's fatalities by ACLED's rule."""
    events = ctx.events
    for e in events:
        e.fatality_claims = []
    if not events:
        return
    par = {s.index: s.paragraph for s in ctx.sentences}
    # (an event's copies for the other places of a list take none of its claims: see split_listed_places)
    own = [e for e in events if not e.listed_copy]
    for c in ctx.fatalities:
        target = _target(c, own, par, _doer_told(ctx, c))
        if target is not None:
            target.fatality_claims.append(c)
    for e in events:
        claims = e.fatality_claims
        if not _is_violent(e) or e.listed_copy:
            e.fatalities = 0
            continue
        usable = [c for c in claims if c.kind in KIND_COUNTED]
        if not usable and not any(c.kind in KIND_COUNTED for c in ctx.fatalities):
            # (a figure told as replaced, where the text gives no other, counts as told)
            usable = [replace(c, kind="death") for c in claims if c.kind == "superseded"]
        if not usable:
            # a figure its sentence tells beside a campaign's cue ("massacred 64 villagers, the worst killing
            # this year") is the event's, if none other is (not a toll to date told in another sentence: "The
            # war has killed more than 20,000 people")
            usable = [c for c in claims if c.kind == "campaign" and c.sentence in e.sentences][:1]
            if usable:
                e.fatalities = usable[0].count
                continue
        reference = [c for c in claims if c.kind == "reference" and c.sentence in e.sentences][:1]
        if not usable and reference and not e.historical and e.event_type in _ATTACK_TYPES:
            # "detectives are investigating after a raid on a tavern killed seven drinkers": the figure is
            # background to the inquiry, but the event coded from its sentence is that raid (not a riot or the
            # police's force against a protest over a killing: "students rioted after a gunman killed a
            # classmate")
            e.fatalities = reference[0].count
            continue
        e.fatalities = total_fatalities(usable)


def _doer_told(ctx: Context, c: FatalityClaim) -> bool:
    """Whether the claim's sentence names an actor before its figure: a killer or a teller, as in a group's boast
    ("the group said its fighter had killed dozens of officials"), not a bare toll ("Three people died")."""
    s = ctx.sentences[c.sentence]
    return any(s.start <= a.start < c.start for a in ctx.actors)


def _target(c: FatalityClaim, events: list[Event], par: dict[int, int], doer_told: bool = False) -> Event | None:
    violent = [e for e in events if _is_violent(e)]
    if c.kind == "remains":
        same = [e for e in events if c.sentence in e.sentences]
        return same[0] if same else None
    same = [e for e in events if c.sentence in e.sentences]
    same_violent = [e for e in same if _is_violent(e)]
    if same_violent:
        # (the events whose own trigger the claim's sentence holds, before those it only mentions again: "Troops
        # killed eight militants on Tuesday, two days after the militants killed the soldiers" told after Sunday's
        # killing of the soldiers)
        same_violent = [e for e in same_violent if min(e.sentences) == c.sentence] or same_violent
        nearest = min(same_violent, key=lambda e: abs(e.trigger_start - c.start))
        if getattr(nearest, "counted_off", False):
            return nearest  # (a figure by the act its sentence counts off in days: "two days after militants killed 9")
        if c.who:
            owners = [e for e in same_violent if c.who in _actors(e)]
            if owners:
                return owners[0]
        return min(same_violent, key=lambda e: abs(e.trigger_start - c.start))
    # a figure in a later paragraph that tells no event of the story: background ("The war began with the attack of
    # October 7, which killed 1,200 people"), not the first event's toll
    background = bool(violent) and c.kind != "toll" and c.sentence > max(max(e.sentences) for e in violent) \
        and par.get(c.sentence) not in {par.get(i) for e in violent for i in e.sentences}
    if c.who and not (background and c.who.startswith("Civilians")):
        # (civilians are no group of their own: "1,200 people" of the background are not an event's civilian dead)
        owners = [e for e in violent if c.who in _actors(e)]
        if owners:
            # a current event where the dead's group is a main party beats a background
            # abduction that only names them among the victims
            return min(owners, key=lambda e: (e.historical, e.sub_event_type == "Abduction/forced disappearance",
                                              c.who not in (e.actor1, e.actor2),
                                              min(abs(i - c.sentence) for i in e.sentences or [0])))
    if any(e.historical and e.time_precision == 3 for e in same):
        # "Protests last year left 60 dead": the toll of background told by its month or year, no event's of
        # this story
        return None
    before = [e for e in violent if e.sentences and min(e.sentences) <= c.sentence
              and par.get(min(e.sentences)) == par.get(c.sentence)]
    if before:
        return max(before, key=lambda e: max(i for i in e.sentences if i <= c.sentence))
    if same:  # a non-violent event in the same sentence: the figure is background to it
        return None
    told_before = [e for e in violent if c.sentence - 1 in e.sentences and not e.historical]
    if told_before and par.get(c.sentence - 1) != par.get(c.sentence) and not doer_told:
        # a paragraph opening on a toll right after the paragraph that told the act (wire stories give each
        # sentence a paragraph: "Troops shelled the town on Monday. ¶ Three people died, the governor said")
        return told_before[-1]
    if background:
        return None
    return violent[0] if violent else None


@stage("fatalities", requires=("events", "sentences", "times"), assigns=("fatalities",))
def make_fatalities(settings):
    def run(ctx: Context) -> None:
        ctx.fatalities = find_claims(ctx)
        attach(ctx)

    return run
