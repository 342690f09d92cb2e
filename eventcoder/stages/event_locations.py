"""Stage 'event_locations': give each event the place it happened at.

1. The most specific place in the event's own sentences (town > region > country), preferring
   one governed by "in/at/near" in the clause of the event's trigger and then the nearest to it.
2. Else the most specific place in the earlier sentences of the same paragraph (a fronted one, else
   the nearest).
3. Else a weakly resolved town the event's sentence puts it "in/at/near".
4. In a text that names no usable place at all: a name the sentence governs that the places stage left
   out for its alike namesakes (the largest of them), else such a weak town or name anywhere in the
   text, else any weak town of the text.
5. Else the document's main place: the most mentioned town, else the first town of the lead,
   else the most mentioned region or country.

A demonym says whose, not where (it is used only when nothing else is named); a country named only
for its border ("near the Kelmorian border", "the border with Dunde") is not where an event is; among
regions a district goes before the province named beside it.

ACLED geo_precision: 1 the town itself; 2 "near X", the outskirts, or a small region stood in by
its coordinates; 3 a larger region or a country (at its main town, as ACLED codes them), unless the
bare name is also the region's town ("in Mogilev": the town, 1).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from copy import deepcopy
from operator import attrgetter

from ..document import PAIR, Context, Event, PlaceMention, SpanIndex, source_country
from ..nlp import known_word
from ..pipeline import stage
from ..resources.actors import BACKED_AFTER
from ..resources.gazetteer import acled_admin1, continent_adjectives, get_gazetteer, light_key
from .event_dates import dateline, tells_the_incident
from .fatalities import ANOTHER_ACT_BEFORE
from .sentences import next_in_paragraph
from .syntax import after_clause, counted_off_clauses
from .places import (ADDRESS_GOVERNED, ADDRESS_TOWN_KM, ARMS, CAUSE_OF_BEFORE, DEMONYM_SHAPE, FACILITY_WORDS,
                     FOREIGNERS_AFTER, GOVERNMENT_AFTER, INSTITUTION_AFTER, KM_BEFORE, LOCAL_DISTRICT_WORDS,
                     MOVED_BEFORE, NAME_USE_AFTER, NEAR_KM, POSSESSIVE, REGION_LIST_AFTER, STOP_NAMES, by_front,
                     distance_km, near_before)
from .roles import document_country
from .times import AGENCY_TAG, MONTHS, WEEKDAYS

_SPECIFIC = {"city": 0, "feature": 1, "region": 2, "country": 3}
_GOVERNING = {"in", "at", "near", "outside", "around", "into", "on", "of"}
_WEAK_GOVERNING = {"on", "of"}
_PLACE_NOUNS = {"region", "town", "city", "village", "area", "province", "district", "outskirts", "suburb",
                "suburbs", "centre", "center", "capital", "county", "governorate", "state", "vicinity", "township",
                "hamlet", "settlement", "community", "locality", "municipality",
                "part", "parts", "areas"}  # ("in several parts of Kelmora region": "of" governs as "in" does)
# A curated region whose population stand-in is below this is "small" (a border area, a
# district): precision 2; admin1 regions and larger areas are precision 3.
SMALL_REGION_POP = 300_000
# "... district, Urozgan", "... village (Mayo-Sava, Extreme-Nord)", "... district in Ghazni": the region
# closes the address of a smaller place
_SMALLER_BEFORE = re.compile(
    r"\b(?:districts?|village|area|town|sub-?county|county|lga|upazila|constituency|ward|sub-?division|"
    r"township|locality|commune|municipality|territory|zone|chiefdom|tehsil|taluka|" + LOCAL_DISTRICT_WORDS + r")"
    r"\s*(?:\([^)]*\)\s*)?(?:[,(]|\s+in\b)\s*(?:[A-Z][\w'-]*[ ,-]*){0,3}$",
    re.I)
# the same, with the words of administrative areas only: "in Kelmora district, Kandahar" puts the event
# somewhere in a district, while "in Kelmora town (Larkana, Sindh)" names a town, precision 1 in ACLED
_AREA_ADDRESS_BEFORE = re.compile(
    r"\b(?:districts?|sub-?county|county|lga|upazila|constituency|ward|sub-?division|tehsil|taluka|"
    r"township|commune|municipality|chiefdom|" + LOCAL_DISTRICT_WORDS +
    r")\s*(?:\([^)]*\)\s*)?[,(]\s*(?:[A-Z][\w'-]*[ ,-]*){0,3}$",
    re.I)
# "in Kelmora district in Ghazni", "Dunde district of Lop Buri" (lower case: "the Municipality of
# Chlef" is the town hall)
_AREA_OF_BEFORE = re.compile(
    r"\b(?:districts?|sub-?county|county|upazila|tehsil|taluka|township|commune|municipality)\s+(?:in|of)\s+$")
# "in the Municipality of Lerdo, Durango": the area named after its seat (capitalised too, unlike
# the town hall above, as "in" governs it)
_IN_AREA_OF_BEFORE = re.compile(r"\bin\s+the\s+(?:municipality|district|county|commune)\s+of\s+$", re.I)
_SMALLER_NAME = re.compile(
    r"(?:\b(?:near|area of|outskirts of|vicinity of)\s+(?:the\s+)?(?P<name>[A-Z][\w'-]+)"
    r"(?:\s+(?:(?:imeni|de|del|la|el|al|da|do|di)\s+)?[A-Z][\w'-]+){0,3}"  # ("Shakhta imeni Kelmora")
    r"(?:\s+(?:town|village|camp|locality))?"  # ("near Kelmo village (Dunde, Kelmoria)")
    r"\s*(?:,|\(|\bin\b)"
    r"|(?P<name2>[A-Z][\w'-]+)\s+(?:village|upazila|taluka|tehsil|township|tambon|commune|locality|police station|"
    r"forest)\b"
    # "in Kelmora in Dunde": a place inside the town, named just before it
    r"|\bin\s+(?P<name3>[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+){0,2})\s+in\s+$"
    # "in Kelmora community, Dunde", "in Lomas de Kelmora community": a community of the town
    r"|\bin\s+(?P<name4>[A-Z][\w'-]+(?:\s+(?:(?:de|del|la|las|los|el)\s+)?[A-Z][\w'-]+){0,4})\s+community\b"
    # "at nameless hills near Dunde": heights the reports leave unnamed, outside the town
    r"|\b(?P<name5>(?i:nameless|unnamed))\s+(?i:hills?|heights?)\b"
    # "seized the town of Kelmora in Dunde territory": a town named before the area "in" which it lies
    # (and the villages of a list: "the villages of Kelmo, Dunde and Lurin in Kelmora")
    r"|\b(?:towns?|villages?|hamlets?|localit(?:y|ies)|settlements?)\s+of\s+"
    r"(?P<name6>[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+){0,2})(?:(?:\s*,\s*|\s+and\s+)[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+){0,2})*"
    # (not an address after it, "the village of Kelmo (Dunde, Lurin)", which ACLED's notes give for the
    # villages its gazetteer holds, precision 1)
    r"\s+in\b)")
# "raided some unspecified places in Kelmora", "other unspecified villages in the localities of Kelmora and Dunde":
# somewhere around the town that gives the area its name, not the town itself (ACLED: precision 2)
_UNSPECIFIED_BEFORE = re.compile(r"\bunspecified\s+(?:locations?|areas?|parts?|places?|villages?)\s+"
                                 r"(?:in|of|along|near|around)\s+(?:the\s+)?"
                                 r"(?:(?:localit(?:y|ies)|districts?|areas?|municipalit(?:y|ies))\s+of\s+)?"
                                 r"(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?,\s+(?:and\s+)?)*$")
# "a road connecting Kelmora to Dunde", "rural areas outside Dunde": between towns, or in the
# country around one, not in the town itself (ACLED: precision 2)
_AROUND_BEFORE = re.compile(r"(?:\b(?:road|highway|motorway|expressway)\s+(?:(?:that|which)\s+)?"
                            r"(?:connects|connecting|links|linking|between|leads\s+to|leading\s+to)\s+"
                            r"(?:(?:[A-Z][\w'-]*\s+){1,4}(?:to|and)\s+)?"
                            r"|\brural\s+areas?\s+(?:of|in|near|outside|around)\s+(?:the\s+)?)$")
# "a Kelmorian-American writer": the second of two nationalities of a person
_DEMONYM_COMPOUND_BEFORE = re.compile(r"\b" + DEMONYM_SHAPE + r"[-\u2010\u2011]$")
# "between Kelmo and Dunde (Lurin, Tasra)", "between Kelmo and Dunde areas of Lurin": somewhere between two
# places, in the area that closes their address (ACLED: precision 2); not between two forces
_BETWEEN_BEFORE = re.compile(
    r"\bbetween\s+(?:the\s+)?(?:(?:villages?|towns?|localities)\s+of\s+)?(?P<names>[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+)*"
    r"(?:\s*\([^()]*\))?\s+and\s+[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+)*)(?:\s+(?:villages?|towns?|areas?))?"
    r"\s*(?:\(|,|\bin\b|\bof\b|\bon\s+the\b)[^.;()]{0,40}$")
# "in the forests of Kelmo under Dunde police station", "Kelmo reserve forest area in Dunde": in the woods of the
# town's area, outside it (ACLED: precision 2; not "the Forest College, Dunde", an institution in the town)
_FOREST_BEFORE = re.compile(r"\b(?:forests?|jungles?)\b(?:\s+(?:area|areas|range))?(?:\s+(?:of|in|near)\s+(?:the\s+)?"
                            r"[A-Z][\w'-]+(?:[ -][A-Z][\w'-]+)*(?:\s+(?:area|village))?)?(?:,\s+(?:and\s+)?[A-Z][\w'-]+)*"
                            r"\s*(?:\bin|\bof|\bunder|\(|,)\s*(?:the\s+)?$")
_FORCES_WORD = re.compile(r"\b(?:Forces?|Army|Police|Rangers|Militias?|Guards?|Troops)\b")
# the buildings and sites of a town ("near the Press Club in Kelmora" is in the town)
_SITE_WORD = re.compile(r"\b(?:" + FACILITY_WORDS + r")\b", re.I)
# the head of a sentence up to a fronted place: "On 7 May 2021, in ", "In ", "Around 5 May (as reported), at "
_FRONTED = re.compile(r"^\W*(?:(?:on|around|as reported on|reported on|late on|early on)\b[^,;.]{0,45},\s*)?"
                      r"(?:in|at)\s+(?:the\s+)?(?:(?:town|city|village) of\s+)?$", re.I)
# "in Bungoma County": a first-level area, though resolved to the town it is named after
_WIDE_WORDS = r"county|province|state|region|governorate|oblast"
_WIDE_WORD_AFTER = re.compile(r"\s+(?:" + _WIDE_WORDS + r")\b", re.I)
# "Kelmora city in Dunde district", "Kelmora village of Dunde local government area": a town the text calls a
# district holds the place named before it
_REGION_WORD_AFTER = re.compile(r"\s+(?i:state|province|region|governorate|oblast|county|prefecture|department)\b")
_DISTRICT_WORD_AFTER = re.compile(r"\s+(?:districts?|lga|local\s+government(?:\s+area)?)\b", re.I)
_AREA_WORD_AFTER = re.compile(r"^\s+(?:district|division|department|prefecture|" + _WIDE_WORDS + r")\b", re.I)
# "near Kelmora (Central Darfur state)", "the villages of Kelmora and Dunde (Kalehe, Sud-Kivu)": a name the
# gazetteer lacks right before a region, in the same address
_UNKNOWN_BEFORE = re.compile(r"([A-Z][\w'-]+(?:[ -][A-Z][\w'-]+){0,3})\s*[(,]\s*$")
# A city at least this large is split into districts by ACLED, an event in one still precision 1.
LARGE_CITY_POP = 1_000_000
# "... Dunde Gate in Ahmedabad", "Kelmorivskyi district of Kyiv" (not "... village, in Lahore": a
# village lies around a city, not in it)
_CITY_PART_BEFORE = re.compile(r"^(?:(?!village).)*\s(?:in|of)\s+(?:the\s+)?$", re.I | re.S)
_CITY_DISTRICT_AFTER = re.compile(r"-[A-Z]")
# "in Kelmora village of Dunde town", "at Kelmora village in Dunde city", "in Kelmora ward, Dunde town": a place
# the text puts inside a town it calls a town or a city (ACLED codes such a part at its town, precision 1, as
# it does a large city's)
# (and through the number of a police district: "in the Kelmo area of PD4, Dunde city")
_PART_OF_TOWN_BEFORE = re.compile(r"(?:\b(?i:village|area|locality|neighbou?rhood|quarter|ward)\s+(?:of|in)"
                                  r"(?:\s+PD-?\s?\d{1,2},)?"
                                  r"|\b[A-Z][\w'-]+\s+in|\b(?i:neighbou?rhood|quarter|ward),)\s+(?:the\s+)?$")
_TOWN_WORD_AFTER = re.compile(r"\s+(?:city|town)\b(?!\s+(?:of|and|council|hall)\b)", re.I)
_ROAD_AFTER = re.compile(r"^(?:\s*[-–]\s*[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)?\s+(?:national\s+)?"
                         r"(?:highway|road|bypass|expressway|motorway|railway(?!\s+(?:station|stop|yard))|stretch|gate)\b", re.I)
# between a place and the area its address puts it in: "Dunde constituency, in ", "Dunde (", "Dunde village of "
_INNER_GAP = re.compile(r"(?:\s+(?:constituency|sub-?county|ward|division|location|district|city|town|village))?"
                        r"\s*(?:,|\()?\s*(?:in\s+|of\s+)?(?:the\s+)?", re.I)
# an administrative area after "under": South Asian reports place a village "under Kelmora upazila" (not a
# police station's or a block's jurisdiction, which reaches past its town and whose name the gazetteer
# more often lacks)
_UNDER_BEFORE = re.compile(r"\bunder\s+$", re.I)
_JURISDICTION_AFTER = re.compile(r"\s+(?:sub-?divisions?|upazila|tehsil|taluka)\b", re.I)
# "a radio station based in Kelmora": where a reporter or an organisation sits
_BASED_IN_BEFORE = re.compile(r"\b(?:based|headquartered|stationed)\s+in\s+(?:the\s+)?$", re.I)
# between a town and the town closing its address: "Kelmora (", "Kelmora, "
_ADDRESS_GAP = re.compile(r"\s*[(,]\s*")
# between a town and the town it lies "in": "Kelmo in Dunde"
_IN_GAP = re.compile(r"\s+in\s+")
# "in municipalities in northern Dunde like ", "in towns such as ": the places after it are examples of
# the places "in" governs
# (an example of areas is a part of a town, ACLED's precision 1: "in several areas of Dunde city, including Kelmora")
_EXAMPLES_OF = re.compile(r"\b(?:in|at|across)\s+(?:several\s+|various\s+|some\s+|the\s+)?(?:(?P<areas>areas)|"
                          r"municipalities|towns|villages|cities|districts|communities|localities|counties|provinces|"
                          r"states)\b"
                          r"[^.;]*\b(?:like|including|such\s+as)\s+$", re.I)
# "between Kelmora (Dunde, Lurin) and ": the first end of a stretch, before the second (group 1)
_BETWEEN_SECOND_BEFORE = re.compile(r"\bbetween\s+(?:the\s+)?([A-Z][^.;]{0,70}?)\s+and\s+(?:the\s+)?$")
_DIRECTION_OF_BEFORE = re.compile(r"\bdirection\s+of\s+(?:the\s+)?$", re.I)
# "the Kelmora State Polytechnic": a region opening an institution's name (the places stage's pattern, after
# the word "State")
_STATE_INSTITUTION_AFTER = re.compile(r"(?:\s+State)?" + INSTITUTION_AFTER.pattern)
_TOWN_IN_GAP = re.compile(r"(?:\s+(?:town|city|village))?\s+in\s+(?:the\s+)?")
# "near Kelmo and Dunde villages in ": between a place a near-word governs (and the list it opens) and the
# town its address puts it in
_NEAR_ADDRESS_GAP = re.compile(r"(?:\s*(?:,|and)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)*"
                               r"(?:\s+(?:towns?|villages?|communit(?:y|ies)))?\s+in\s+(?:the\s+)?")
# between an area's word and the place that holds it: "Dunde County in ", "Dunde County, "
_OUTER_GAP = re.compile(r"\s*(?:,|\(|\bin\b)\s*(?:the\s+)?")
# "in transit to Kelmoria", "drove a car bomb into Kelmoria from Dunde": a country people were headed to
# or came from, not where the event was when its sentence names another place ("close to", "next to" are
# near-words; after the verbs of `MOVED_BEFORE`, "deported to Kelmoria", the country is never the place)
_DESTINATION_BEFORE = re.compile(r"(?<!close )(?<!next )(?<!near )(?<!due )(?<!away )\b(?:to|into|towards?|from)\s+(?:the\s+)?$",
                                 re.I)
# "the wounded were rushed to Kelmora hospital", "took them to Dunde": where people were carried after
# the event, not where it was
_CARRY_VERBS = r"(?:took|taken|taking|rushed|ferried|transported|brought|evacuated|airlifted|flown|carried|referred)"
_CARRIED_TO_BEFORE = re.compile(r"\b" + _CARRY_VERBS + r"\s+(?:[a-z]+\s+){0,3}?to\s+(?:the\s+)?$", re.I)
# "forced hundreds of families to flee toward Kelmora", "residents fled to Dunde": where people fled to,
# away from the event
_FLED_TO_BEFORE = re.compile(r"\b(?:fled|flee|flees|fleeing|escaped|escaping|ran\s+away|sought\s+refuge)\s+"
                             r"(?:[a-z]+\s+){0,2}?(?:to|towards?|into|for)\s+(?:the\s+)?(?:town\s+of\s+|city\s+of\s+)?$",
                             re.I)


def _headed_to(text: str, start: int) -> bool:
    """Whether "to", "towards", "into" or "for" stands in the 40 characters before `start`: what
    `_CARRIED_TO_BEFORE` and `_FLED_TO_BEFORE` end with (a quick test first: their searches, anchored at
    the name, try every character of their windows)."""
    tail = text[max(0, start - 40):start].lower()
    return "to" in tail or "for" in tail


# "locked up in the Kelmora prison", "held at Dunde Central Jail": where people were held after the event
_HELD_IN_BEFORE = re.compile(r"\b(?:locked\s+up|held|detained|jailed|imprisoned|incarcerated|kept)\s+"
                             r"(?:[a-z]+\s+){0,2}?(?:in|at)\s+(?:the\s+)?$", re.I)
_PRISON_AFTER = re.compile(r"(?:\s+(?:Central|District|County|State|Federal|Maximum\s+Security))?\s+"
                           r"(?:prison|jail|gaol|detention\s+(?:centre|center)|penitentiary)\b", re.I)
# what stands between a road and the state or country its address names: "road (", "highway in "
_ROAD_ADDRESS = re.compile(r"^(?:\s*\(|,\s*|\s+in\s+)(?:the\s+)?$")
# "in Kelmora, north of the capital Kabul", "in Dunde district, 40 km from the provincial capital X",
# "in Kelmora town [east Dundistan], 30 km from Y": an aside that tells the place before it by a landmark
_LANDMARK_ASIDE = re.compile(r"(?:\s+(?:province|district|region|county|state|town|city|village))?"
                             r"(?:\s*[\[(][^\[\]()]{1,30}[\])])?,\s+(?:some\s+|about\s+)?"
                             r"(?:[\d.,]+\s*(?i:km|kms|kilomet(?:er|re)s?|miles?)\s+(?:\([^()]{1,20}\)\s+)?"
                             r"(?i:north|south|east|west|northeast|northwest|southeast|southwest)?"
                             r"|(?i:north|south|east|west|northeast|northwest|southeast|southwest))\s*(?:of|from)\s+"
                             r"(?:the\s+)?(?:[a-z][\w-]*\s+|[A-Z][a-z]+(?:an|i|ese|ish)\s+){0,3}$")
# "marched in Kelmora to protest against an assault on a teacher in Dunde": the incident a protest is
# about, and a place that names where it happened, come after one of these words in the sentence ("over
# 200 doctors" is a count; "against the plant at Dunde" names no incident, and may be the protest's site)
_GRIEVANCE_BEFORE = re.compile(r"\b(?:against|over(?!\s+\d)|condemning|protesting|denouncing|demanding|"
                               r"to\s+(?:protest|condemn|denounce))\b[^.;!?]*\b(?:killings?|murders?|deaths?|"
                               r"assaults?|attacks?|arrests?|detention|demolition|rapes?|lynching|shooting|"
                               r"abduction|kidnapping|beating|eviction|torture)\b[^.;!?]*$", re.I)
# "raiders from Kelmoria", "an armed group from Dundistan": the country attackers came from
_ATTACKERS = (r"(?:raiders?|militias?|militiamen|soldiers|troops|forces|fighters|gunmen|bandits|rebels|insurgents|"
              r"militants|pirates|attackers|rustlers|mercenaries)")
# ("aid officials from Kelmoria", "a delegation from Dundistan": where visitors came from; and each country
# of a list: "mercenaries from Kelmoria and Dundistan")
_ORIGIN_BEFORE = re.compile(r"\b(?:" + _ATTACKERS + r"|herders|herdsmen|refugees?|group|men|officials|delegates|delegation|"
                            r"visitors|envoys|diplomats|engineers|tourists|pilgrims|traders|migrants|nationals|"
                            r"citizens|workers)\s+from\s+(?:the\s+)?(?:neighbou?ring\s+)?"
                            r"(?:(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+))*$",
                            re.I)
# "Kelmorian raiders attacked Dundish villages", "Kelmorian-Pokot raiders": the demonym tells whose the
# attackers are, not where they struck
_ATTACKERS_AFTER = re.compile(r"(?:-[A-Z][\w]*)?\s+(?:[a-z]+\s+)?" + _ATTACKERS + r"\b")
# "a Kelmorian drone", "Dundish warplanes", "Kelmorian forces": the nationality of who or what struck, which
# acts abroad as well as at home
_STRIKERS_AFTER = re.compile(r"(?:-[A-Z][\w]*)?\s+(?:[a-z]+\s+)?(?:" + _ATTACKERS[3:-1] + r"|" + ARMS
                             + r"|strikes|army|military|navy|air\s+force)\b")
# "outside the Kelmorian Embassy", "the Dundish High Commission": a country's mission is in another country
_MISSION_AFTER = re.compile(r"(?:'s)?\s+(?i:embassy|high\s+commission|consulate)\b"
                            # (nor is a body named after a country: "employees of Qatar Hospital", "Kenya Airways")
                            r"|\s+(?:Hospital|University|College|Airways|Airlines|Bank|Stadium)\b")
# "marched to the EU offices": a union of countries named for its offices is a body, not a place
_BODY_OFFICE_AFTER = re.compile(r"(?:'s)?\s+(?i:offices?|headquarters|delegation|mission|embassy|ambassador)\b")
# "the London-based Syrian Observatory", "a Bangkok-based rights group": where an organisation sits
_BASED_AFTER = re.compile(r"[-\u2010\u2011](?:based|headquartered)\b")
# "Congolese town", "Kenyan coastal town", "on Somali soil": the demonym tells the place's country
_PLACE_NOUN_AFTER = re.compile(r"\s+(?:[a-z]+\s+)?(?:town|city|village|province|region|district|capital|territory|soil)\b")
_BORDER_AFTER = re.compile(r"^(?:'s)?\s+(?:border|frontier)\b", re.I)
_BORDER_BEFORE = re.compile(r"\b(?:border|frontier)\s+with\s+(?:the\s+)?$", re.I)
# words between "in" and the place it governs
_LEAD_WORDS = frozenset("""the town city village neighboring neighbouring northern southern eastern western central
northeastern northwestern southeastern southwestern north south east west far restive troubled remote rural
township hamlet settlement community locality municipality mountain mountainous small coastal border farming
fishing hilltop desert frontier market downtown suburban
""".split())
# Places below this confidence are not used to locate events (the places stage keeps some
# low-confidence mentions for the reader).
MIN_PLACE_CONFIDENCE = 0.45
# A governed name the places stage left unresolved (namesakes scoring alike: two villages of one name in
# the country, a capital beside a foreign region's stand-in population) is guessed only when its namesakes
# lie in the document's countries, or in one country, or when its largest namesake town has at least
# this many people (a city the size of a capital); chosen by hand, not tuned (issue 3, second round).
GUESS_MIN_POP = 500_000
# The guess counts as this confident (below MIN_PLACE_CONFIDENCE: a fallback only).
GUESS_CONFIDENCE = 0.3


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
    # (the subtree's first and last tokens, without listing it)
    return head.left_edge.idx, head.right_edge.idx + len(head.right_edge.text)


_COUNTED_OFF = re.compile(r"\b(?:days?|weeks?)\s+(?:after|before)\b", re.I)


def _own_clause_places(ctx: Context, event: Event, own: list[PlaceMention]) -> list[PlaceMention]:
    """The places of the event's own act where its sentence also tells another act counted off in days from it
    ("Rebels shelled Goma on Monday, three days after fighters clashed with the army in Sake"): those of the
    clause the trigger is in, without those of the other's."""
    doc = ctx.doc
    sent = ctx.sentence_at(event.trigger_start) if doc is not None and event.trigger else None
    placed = getattr(event, "own_place", False)  # (an act of a place of its own: events._apart_after)
    if sent is None or not (placed or _COUNTED_OFF.search(sent.text)):
        return own
    span = doc.char_span(sent.start, sent.end, alignment_mode="expand")
    trig = doc.char_span(event.trigger_start, event.trigger_start + len(event.trigger), alignment_mode="expand")
    if span is None or trig is None or not len(trig):
        return own
    clauses = counted_off_clauses(span)
    if placed:
        clauses += [t for t in span if t.pos_ == "VERB" and t not in clauses and after_clause(t)]
    if not clauses:
        return own
    mine = next((t for t in [trig.root, *trig.root.ancestors] if any(c.i == t.i for c in clauses)), None)

    def inside(p, clause) -> bool:
        return clause.left_edge.idx <= p.start < clause.right_edge.idx + len(clause.right_edge)

    if mine is None:
        # (none of the other act's: "The raids came two days after insurgents killed nine soldiers in Wana")
        return [p for p in own if not any(inside(p, c) for c in clauses)]
    # (a clause naming no place of its own tells of the sentence's: "a week after fighters attacked a post there")
    return [p for p in own if inside(p, mine)] or own


def _per_mention(ctx: Context, p: PlaceMention, work):
    """`work(ctx, p)`, worked out once per mention and kept in ctx.memo (the stage asks again and again;
    the mention itself is kept beside the value, so that a new mention at a freed id is not taken for it)."""
    key = (work, id(p))
    got = ctx.memo.get(key)
    if got is None or got[0] is not p:
        got = ctx.memo[key] = (p, work(ctx, p))
    return got[1]


def _governed(ctx: Context, p: PlaceMention) -> int:
    """2 when "in/at/near ..." governs the place, 1 for the weaker "of/on" ("workers of Paris
    Confectionery"), else 0 (worked out once per mention)."""
    return _per_mention(ctx, p, _governed_by)


_START = attrgetter("start")


def _places_in(ctx: Context, lo: int, hi: int) -> list[PlaceMention]:
    """The place mentions starting in [lo, hi), by bisection (ctx.places is in text order)."""
    return ctx.places[bisect_left(ctx.places, lo, key=_START):bisect_left(ctx.places, hi, key=_START)]


def _governed_by(ctx: Context, p: PlaceMention) -> int:
    # (room for the words before a place noun: "into the remote hill village Kelmora")
    lo = max(0, p.start - 45)
    window = ctx.text[lo:p.start]
    # (the places starting in the window, ctx.places being in text order: from the right, the offsets
    # before stay good)
    for q in reversed(_places_in(ctx, lo, p.start)):
        # "in the Kelmorian town Dunde": a country's word before the place noun leads in as "the" would,
        # and so does a region's or a town's possessive: "in Kelmora's Dunde village" (a country's, "in
        # Kelmoria's Dunde County", is left as it was: "near Lurin in Kelmoria's Dunde County" is near
        # Lurin, the county only its address; but not before a first-level region of its own: "bombed a
        # village in Kelmoria's Dunde state")
        owned = ctx.text[q.end:q.end + 2] in ("'s", "\u2019s")
        own_region = q.kind == "country" and q.iso3 == p.iso3 and p.kind == "region" and not p.admin2
        end = q.end + 2 if owned and (q.kind != "country" or own_region) else q.end if q.kind == "country" else None
        if end is not None and lo <= q.start and end <= p.start:
            window = window[:q.start - lo] + "the" + window[end - lo:]
    # ("in the country's northwestern Zamfara state": the country's possessive leads in as "the" does)
    before = _THE_COUNTRYS.sub("the", window).lower().split()
    if not before:
        return 0
    if before[-1].endswith(","):
        lo = max(0, p.start - 45)
        m = ADDRESS_GOVERNED.search(ctx.text[lo:p.start])
        if m and not any(q.start < lo + m.end() and lo + m.start(1) < q.end for q in ctx.places if q is not p):
            return 1.5  # "in Kelmora, Manila": the first part is no known place (a direct "in X" wins)
    words = [w.strip("()") for w in before if w.strip("()")]
    while len(words) > 1 and words[-1] in _LEAD_WORDS:
        words = words[:-1]  # "in the neighbouring Kelmoria" ("the town of Dunde": "of" after a place noun)
    if words and (words[-1] in ("like", "including") or words[-2:] == ["such", "as"]) \
            and _EXAMPLES_OF.search(ctx.text, max(0, p.start - 100), p.start):
        return 2  # "in municipalities in northern Dunde like Kelmora": an example of the places "in" governs
    if words and words[-1] == "under" and _under_area(ctx, p):
        return 2  # "under Kelmora upazila", "under Dunde sub-division": the area holds the place
    if words and words[-1] == "from" and KM_BEFORE.search(ctx.text, max(0, p.start - 60), p.start) and not any(
            _LANDMARK_ASIDE.match(ctx.text, q.end, p.start) for q in _places_in(ctx, max(0, p.start - 80), p.start)):
        # "killed five soldiers about 40 km (25 miles) from Gao": a distance from the town puts the event near it
        # (not an aside locating the place before it: "residents of Kelmora, about 9 km from Dunde city")
        return 2
    if not words or words[-1] not in _GOVERNING:
        return 0
    if words[-1] in _WEAK_GOVERNING and not (len(words) > 1 and words[-2] in _PLACE_NOUNS):
        return 1  # "workers of Paris Bakeries", not "the region of Qara"
    return 2


_THE_COUNTRYS = re.compile(r"\b(?:the|that|this)\s+(?:country|nation|state)(?:'s|’s)", re.I)


def _under_area(ctx: Context, p: PlaceMention) -> bool:
    """"a village under Kelmora upazila": the area of the town's name, which ACLED codes at the town
    with precision 2."""
    return bool(_UNDER_BEFORE.search(ctx.text, max(0, p.start - 10), p.start)) \
        and bool(_JURISDICTION_AFTER.match(ctx.text, p.end))


def _fronted(ctx: Context, p: PlaceMention, spans) -> bool:
    """"On 7 May 2021, in Puno, citizens ...", "In Kabul, gunmen ...": a place fronted at the head of
    the sentence sets the scene of its main clause."""
    start = max((a for a, b in spans if a <= p.start < b), default=None)
    return start is not None and p.start - start <= 70 and bool(_FRONTED.match(ctx.text[start:p.start])) \
        and not _AREA_WORD_AFTER.match(ctx.text[p.end:p.end + 20])  # "In Bungoma County, riots erupted in Kimilili"


# "..., the group's message to reporters in Dunde said", "the army told journalists in Dunde":
# the town where a statement was made or sent is not where the event happened
_STATEMENT_BEFORE = re.compile(r"\b(?:said|says|spoke|speaking|told\s+(?:the\s+)?\w+|(?:statement|message|briefing|"
                               r"(?:press|news)\s+conference)(?:\s+(?:issued|released|sent|posted|given|held|read|"
                               r"broadcast|aired))?"
                               r"(?:\s+(?:to|by|on)\s+(?:the\s+)?(?:state\s+|national\s+)?\w+)?)\s+in\s+$", re.I)
# "a resident told Reuters by telephone from Kelmora", "said, speaking from Dunde": where the teller spoke from
_SPOKE_FROM_BEFORE = re.compile(r"\b(?:by\s+(?:tele)?phone|over\s+the\s+(?:tele)?phone|speaking|said|says|told\s+\w+|"
                                r"(?:a|the)\s+statement)"
                                r"\s+from\s+(?:the\s+)?(?:capital\s*,?\s*)?$", re.I)
# "officials in Kelmora said", "police in Dunde told reporters": the town of those who tell of the event
_TELLERS_IN_BEFORE = re.compile(r"\b(?:officials?|authorities|sources?|police|spokes(?:man|woman|person)|"
                                r"journalists?|reporters?|correspondents?|diplomats?|(?:rights|aid|relief)\s+groups?|"
                                r"activists?|monitors?)\s+in\s+$", re.I)
_TELL_AFTER = re.compile(r"\s+(?:said|say|says|told|reported|confirmed|announced|added)\b")
# a town that speaks or charges is its government ("Moscow said", "Kyiv accused"), unless a preposition makes it
# where those who speak are ("residents of Goma said")
_SPEAKS_AFTER = re.compile(r"\s+(?:(?:has|have|had)\s+)?(?:said|says|claimed|claims|accused|accuses|denied|denies|blamed|"
                           r"blames|announced|announces|warned|warns|insisted|insists|confirmed|confirms|responded|"
                           r"vowed|vows|condemned|condemns|alleged|alleges)\b")
_PLACE_PREP_BEFORE = re.compile(r"\b(?:of|in|from|at|near|around|outside|to|into|on)\s+(?:the\s+)?$", re.I)
_AS_CALLS = re.compile(r"\bas\s+\S+\s+(?:calls|called)\b")
# "a soldier from Kelmora was among the dead", "a trader from Dunde": where one person came from, not where
# the event was (not "withdrew from Kelmora": an act there; nor "students from the Kelmora branch of ...";
# nor a group, "residents from Kelmora rallied", who mostly act at home)
_PEOPLE_FROM_BEFORE = re.compile(r"\b(?:a|an|the|one)\s+(?:[a-z]+\s+)?(?:soldier|man|woman|boy|girl|resident|native|"
                                 r"villager|trader|farmer|herder|herdsman|student|teacher|pilgrim|worker|fighter|"
                                 r"youth|officer|policeman|driver)\s+(?:originally\s+|hailing\s+)?from\s+"
                                 r"(?:the\s+(?:town|city|village)\s+of\s+)?$", re.I)
# "bandits from Kelmora attacked Dunde", "gunmen travelling from Kelmora": where attackers came from
_ATTACKERS_FROM_BEFORE = re.compile(r"\b" + _ATTACKERS + r"\s+(?:(?:travell?ing|coming|who\s+came|believed\s+to\s+be)\s+)?"
                                   r"from\s+(?:the\s+(?:town|city|village|area)\s+of\s+)?$", re.I)
# "soldiers expelled the rebels from Kelmora": the place of the act, not where the attackers came from
_EXPELLED_BEFORE = re.compile(r"\b(?:expelled|expel|drove|driven|drive|pushed|ousted|oust|cleared|chased|flushed|"
                              r"evicted|dislodged|dislodge|repelled|routed|forced)\b[^.;]{0,40}$", re.I)


def _attackers_from(text: str, start: int) -> bool:
    """Whether the place at `start` is the one attackers came from ("bandits from Kelmora attacked Dunde")."""
    m = _ATTACKERS_FROM_BEFORE.search(text, max(0, start - 50), start)
    return m is not None and not _EXPELLED_BEFORE.search(text, max(0, m.start() - 50), m.start())


# "rushed to the main clinic in Kelmora": where the wounded or the dead were carried after the event
_CARRIED_TO_IN_BEFORE = re.compile(r"\b(?:" + _CARRY_VERBS + r"|admitted)\s+(?:[a-z]+\s+){0,3}?(?:to|at)\s+(?:a|the)\s+"
                                   r"(?:[a-z]+\s+)?(?:hospital|clinic|health\s+cent(?:re|er)|medical\s+cent(?:re|er)|"
                                   r"morgue|mortuary)\s+in\s+$", re.I)
# "the Kelmora Phosphate Company", "Dunde Cement Ltd": a firm that carries a town's name
_FIRM_AFTER = re.compile(r"(?:\s+[A-Z][\w&'-]*){0,3}\s+(?:Company|Corporation|Corp|Ltd|Limited|Inc|Industries|"
                         r"Enterprises|Mills)\b")
# "Kelmo near the town of Dunde": the landmark a town is told by (a town of that name more than NEAR_KM
# from it is a namesake)
_NEAR_TOWN_AFTER = re.compile(r",?\s+near\s+(?:the\s+(?:town|city|village)\s+of\s+)?")
# "the Dunde campus of the University of Kelmora": a campus's own town is where its students are
_BRANCH_OF_BEFORE = re.compile(r"\b(?:branch|campus|chapter)\s+of\s+(?:the\s+)?(?:University|College|Polytechnic|"
                               r"Institute)\s+of\s+$")
# "a campaigner for Kelmora Governor Ali Dunde", "Dunde County Commissioner": an office named after a
# place says whose official someone is, not where the event was
_OFFICE_AFTER = re.compile(r"(?:\s+(?:County|State|Provincial|Province|District|Regional|Municipal|City))?"
                           r"\s+(?:Deputy\s+)?(?:Governor|Senator|MP|MCA|Mayor|Commissioner|Woman\s+Rep|"
                           r"Member\s+of\s+Parliament|Assembly\s+Member|lawmaker|legislator)\b(?!'s)")
# the most characters between a dateline's place and its date ("Kelmora, Dunde State, ")
DATELINE_PLACE_GAP = 40
# a note's "LOCATION:" label (in capitals: not "the location: a field"), and how far after it its place starts
_LOCATION_LABEL = re.compile(r"\bLOCATION\s*:\s*")
LABEL_REACH = 3


def _pick(cands: list[PlaceMention], ctx: Context, anchor: int, clause, spans=(),
          protest: bool = False) -> PlaceMention | None:
    if len(cands) < 2:
        return cands[0] if cands else None  # (one place is the pick: nothing to weigh it against)

    def key(p: PlaceMention):
        in_clause = clause is not None and clause[0] <= p.start < clause[1]
        governed = _governed(ctx, p)
        fronted = bool(spans) and _fronted(ctx, p, spans)
        # "blocked the Dhaka-Mymensingh highway in Gazipur": the towns a road is named after are not
        # where the event is when another place is named (but for the state the road's own address
        # names: "the Kelmora-Dunde road (Haryana)" is on the road)
        road = p.start in roads and roads_yield
        # "workers at the Kelmora Phosphate Company blocked roads in Dunde": a firm named after a town
        # is not where its workers act when another place is named
        firm = p.start in firms and firms_yield
        # a district before its province: "Kelmora town (Dunde district, Kunar)" (of that province's
        # country: "Dunde West District" is no district of a namesake abroad)
        district = bool(p.admin2) and p.iso3 in provinces
        # "in Kelmora's Dunde district": the place a possessive names inside another is the nearer one
        owner = p.end in owners
        # "a school in Logar, south of the capital Kabul": a place an aside tells another by is a
        # landmark (ACLED codes "a village west of Kelmora" at Kelmora, precision 2: that is no aside)
        landmark = p.start in landmarks
        # "in Kelmora village, Dunde constituency, in Kisumu County": a town the text calls a county is
        # the county, wider than the town its address names inside it (or the town of the address it
        # opens: "a village of Dunde County in Kelmora City", a prefecture's city)
        # "citizens from Kelmora (Dunde) protested": a town closing another's address stands for its
        # area, wider than the town it holds; so does a town the text calls the district the town before
        # it lies in ("Kelmora city in Dunde district")
        wide_town = p.start in wide_towns or p.start in outer_towns
        # "into the village Kelmora, ..., near Dunde": the town a near-word governs yields to a town the
        # sentence puts the event in
        near = p.start in nears and in_towns
        # "blocked a bridge in Kelmora to protest the razing of a shrine in Dunde": a protest is where
        # it is held, not where its grievance happened (a town of either beats a region)
        grievance = p.start in grievances
        # "militants were killed as police raided a hideout in Kelmora district": a district "in" governs is
        # more specific than a town named in passing ("seven Dunde separatists")
        specific = _SPECIFIC.get(p.kind, 3)
        if p.kind == "city" and not governed and not fronted and governed_district and p.start not in addressed:
            specific = _SPECIFIC["region"] + 0.5
        # "between Kelmora (Dunde) and Lurin": the stretch starts at the first (ACLED's place, precision 2)
        later = p.start in seconds
        return (road, firm, landmark, specific, grievance, wide_town, not district, owner, near, later,
                -fronted, -(governed if in_clause else 0), -governed, abs(p.start - anchor))

    provinces = {q.iso3 for q in cands if q.kind == "region" and not q.admin2}
    seconds = {p.start for p in cands if (m := _BETWEEN_SECOND_BEFORE.search(ctx.text, max(0, p.start - 80), p.start))
               and any(q.kind == p.kind and m.start(1) <= q.start < m.end(1) for q in cands)}
    governed_district = any(q.admin2 and _governed(ctx, q) == 2 for q in cands)
    # (a town whose address is that district is no town named in passing: "reports from Kelmora town in
    # Dunde local government area")
    addressed = {p.start for p in cands if p.kind == "city" and any(
        q.admin2 and _TOWN_IN_GAP.fullmatch(ctx.text, p.end, q.start) for q in cands if q.start > p.end)}
    roads, road_states = set(), set()
    for q in cands:
        if m := _ROAD_AFTER.match(ctx.text[q.end:q.end + 40]):
            roads.add(q.start)
            road_states |= {r.start for r in cands if _wide(r) and _ROAD_ADDRESS.match(
                ctx.text[q.end + m.end():r.start])}
    # (to a place of the text, not to its country: "a sit-in on the Kelmora road, the All India union said";
    # nor to a state opening an institution's name: "a lecturer at the Dunde State Polytechnic was killed on
    # the Kelmora-Lurin highway")
    roads_yield = any(q.start not in roads and q.start not in road_states and q.kind != "country"
                      and not (_wide(q) and _STATE_INSTITUTION_AFTER.match(ctx.text, q.end)) for q in cands)
    firms = {q.start for q in cands if _FIRM_AFTER.match(ctx.text, q.end)}
    # (and the town a university is named after, when the text says which of its branches: "students of the
    # Dunde campus of the University of Kelmora")
    firms |= {q.start for q in cands if _BRANCH_OF_BEFORE.search(ctx.text, max(0, q.start - 60), q.start)}
    firms_yield = any(q.start not in firms and q.kind != "country" for q in cands)
    governed_ends = [q.end for q in cands if _governed(ctx, q) == 2]
    landmarks = {p.start for p in cands if any(
        end < p.start and _LANDMARK_ASIDE.match(ctx.text, end, p.start) for end in governed_ends)}
    # (not "outside the Kelmora Press Club": a site of the town, which the places stage does not call near)
    nears = {p.start for p in cands if p.near and _near_word_before(ctx, p)}
    # (a town of less than a million people that only addresses a place the sentence is near stands for its
    # area: "clashed near Kelmo and Dunde villages in Lurin, Guerrero" is near Kelmo, a village of Lurin's
    # municipality, not in Lurin town; not where the place lies more than ADDRESS_TOWN_KM from it, a namesake)
    near_addresses = {q.start for q in cands if q.kind == "city" and q.population < LARGE_CITY_POP and any(
        p.start in nears and p.end <= q.start and _NEAR_ADDRESS_GAP.fullmatch(ctx.text, p.end, q.start)
        and distance_km(p.latitude, p.longitude, q.latitude, q.longitude) <= ADDRESS_TOWN_KM for p in cands)}
    in_towns = any(q.kind == "city" and q.start not in nears and q.start not in near_addresses
                   and _governed(ctx, q) == 2 for q in cands)
    wide_towns = {p.start for p in cands if p.kind == "city" and (m := _WIDE_WORD_AFTER.match(ctx.text, p.end))
                  and any(q.end <= p.start and _INNER_GAP.fullmatch(ctx.text, q.end, p.start)
                          or q.start >= m.end() and _OUTER_GAP.fullmatch(ctx.text, m.end(), q.start) for q in cands)}
    wide_towns |= {p.start for p in cands if p.kind == "city" and _DISTRICT_WORD_AFTER.match(ctx.text, p.end)
                   and any(q.kind == "city" and q.end <= p.start and _INNER_GAP.fullmatch(ctx.text, q.end, p.start)
                           for q in cands)}
    outer_towns = near_addresses | {p.start for p in cands if p.kind == "city" and any(
        q.kind == "city" and q.end <= p.start and light_key(q.name) != light_key(p.name)
        and (_ADDRESS_GAP.fullmatch(ctx.text, q.end, p.start)
             # (or "in" it, when the town before lies in the region of this one's name: "took over Kelmo in
             # Dunde", a town of Dunde County)
             or _IN_GAP.fullmatch(ctx.text, q.end, p.start) and q.iso3 == p.iso3 and q.admin1
             and light_key(q.admin1) == light_key(p.name)) for q in cands)}
    grievances = {p.start for p in cands if protest and _GRIEVANCE_BEFORE.search(
        ctx.text, max([a for a, b in spans if a <= p.start] + [p.start - 150, 0]), p.start)}
    owners = {p.end for p in cands if (m := POSSESSIVE.match(ctx.text, p.end))
              and any(q.start == m.end() and q.iso3 == p.iso3 for q in cands)}
    return min(cands, key=key)


def _wide(p: PlaceMention) -> bool:
    """A country or a first-level region: wider than any town or district of the text."""
    return p.kind == "country" or p.kind == "region" and not p.admin2


def _inside(p: PlaceMention, wide: PlaceMention) -> bool:
    """Whether the place lies in the country or first-level region `wide` (and is not a country)."""
    return p.kind != "country" and p.iso3 == wide.iso3 and (wide.kind == "country" or p.admin1 == wide.admin1)


def _at_border(ctx: Context, p: PlaceMention) -> bool:
    """"near the Dunde border", "the border with Dunde": the country is only where a border is."""
    return bool(_BORDER_AFTER.match(ctx.text[p.end:p.end + 20])
                or _BORDER_BEFORE.search(ctx.text[max(0, p.start - 30):p.start]))


def _is_demonym(gz, p: PlaceMention, doc_text: str | None = None) -> bool:
    """"Lebanese", and in the plural "Palestinians", "Iranians" (people of a country, not the country;
    "the Philippines" is the country, though "Philippine" is its adjective; and, given the document's text,
    a country's name that is its adjective too where it stands as the name: "in northwestern Myanmar on
    Monday", not "the Myanmar military")."""
    text = p.text
    if doc_text is not None and light_key(text) == light_key(p.name) and NAME_USE_AFTER.match(doc_text, p.end):
        return False
    return gz is not None and bool(gz.demonym(text) or text.endswith("s") and light_key(text) != light_key(p.name)
                                   and gz.demonym(text[:-1]))




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


class PlaceView:
    """The document's places as `locate` reads them, worked out once for all its events."""

    def __init__(self, ctx: Context, gz=None):
        self.usable = [p for p in ctx.places if p.confidence >= MIN_PLACE_CONFIDENCE
                       and not _BASED_AFTER.match(ctx.text, p.end)]
        # a country named for its border ("near the Kelmorian border", "the border with Dunde") is not
        # where anything happened
        # (nor one told as where someone went or came from: "deported to Canada", "fled from Kelmoria")
        # (nor is a continent: "migrants marched in Europe" names no country an event could be coded in)
        # (nor the nationality of a person or a firm: "a British man died in custody", "a Chinese company")
        # (nor a union of countries named for its offices: "a march to the EU offices")
        # (nor a place an organisation is based in, "the London-based observatory", nor a country a body is
        # named after, "Qatar Hospital")
        adjectives = continent_adjectives()
        continents = set(adjectives.values())
        self.sited = [p for p in self.usable if not (p.kind == "country" and (
            _at_border(ctx, p) or MOVED_BEFORE.search(ctx.text, max(0, p.start - 30), p.start)
            or _ORIGIN_BEFORE.search(ctx.text, max(0, p.start - 60), p.start) or _MISSION_AFTER.match(ctx.text, p.end)
            or CAUSE_OF_BEFORE.search(ctx.text, max(0, p.start - 40), p.start)
            or _is_demonym(gz, p) and (FOREIGNERS_AFTER.match(ctx.text, p.end)
                                       or _DEMONYM_COMPOUND_BEFORE.search(ctx.text, max(0, p.start - 20), p.start))))
            and not (p.iso3 is None and (p.name in continents or _BODY_OFFICE_AFTER.match(ctx.text, p.end)))
            and not (p.kind == "country" and BACKED_AFTER.match(ctx.text, p.end))]  # ("Rwandan-backed rebels")
        # (a demonym of the attackers says least: another country's says where they struck)
        self.struck = [p for p in self.sited if not (p.kind == "country" and _ATTACKERS_AFTER.match(ctx.text, p.end))]
        # a demonym ("Lebanese soldiers") says whose, not where: used only when nothing else is, and then
        # first one that says where ("the Congolese village of Kelmora")
        self.places = [p for p in self.sited if not (p.kind == "country" and _is_demonym(gz, p, ctx.text))
                       and p.text not in adjectives]
        self.placed = [p for p in self.sited if p.kind == "country" and _PLACE_NOUN_AFTER.match(ctx.text, p.end)]
        # where people were headed, carried or came from, or an organisation is based, or whose office
        # or government it is ("the Kabul government"): not an event's place when its sentence names another
        self.elsewhere = {p.start for p in self.places if p.kind == "country" and _DESTINATION_BEFORE.search(
            ctx.text, max(0, p.start - 20), p.start) or _headed_to(ctx.text, p.start) and (
                _CARRIED_TO_BEFORE.search(ctx.text, max(0, p.start - 60), p.start)
                or _FLED_TO_BEFORE.search(ctx.text, max(0, p.start - 50), p.start))
            or _BASED_IN_BEFORE.search(ctx.text, max(0, p.start - 30), p.start)
            or _OFFICE_AFTER.match(ctx.text, p.end) or GOVERNMENT_AFTER.match(ctx.text, p.end)}
        # (nor the prison named after a town where people were held after the event: "locked up in the
        # Kelmora jail")
        self.elsewhere |= {p.start for p in self.places if _PRISON_AFTER.match(ctx.text, p.end)
                           and _HELD_IN_BEFORE.search(ctx.text, max(0, p.start - 40), p.start)}
        # (nor a town a vehicle was turned back towards: "made the truck head back in the direction of
        # Kelmora")
        self.elsewhere |= {p.start for p in self.places if p.kind == "city"
                           and _DIRECTION_OF_BEFORE.search(ctx.text, max(0, p.start - 30), p.start)}
        # (nor a town where a statement about the event was made or sent, or a teller spoke from)
        self.elsewhere |= {p.start for p in self.places if p.kind == "city" and (
            ctx.text[max(0, p.start - 6):p.start].rstrip().lower().endswith("in")
            and _STATEMENT_BEFORE.search(ctx.text, max(0, p.start - 60), p.start)
            or _SPOKE_FROM_BEFORE.search(ctx.text, max(0, p.start - 50), p.start))}
        # (nor the town of those who tell of it, where people came from, or where the wounded were carried)
        self.elsewhere |= {p.start for p in self.places if p.kind == "city" and (
            _TELLERS_IN_BEFORE.search(ctx.text, max(0, p.start - 30), p.start) and _TELL_AFTER.match(ctx.text, p.end)
            or _PEOPLE_FROM_BEFORE.search(ctx.text, max(0, p.start - 50), p.start)
            or _attackers_from(ctx.text, p.start)
            or _CARRIED_TO_IN_BEFORE.search(ctx.text, max(0, p.start - 90), p.start))}
        # (nor a capital standing for its government: "Moscow said its forces downed 12 drones", "Artemovsk, as Moscow
        # calls Bakhmut")
        self.elsewhere |= {p.start for p in self.places if p.kind == "city" and (
            _SPEAKS_AFTER.match(ctx.text, p.end) and not _PLACE_PREP_BEFORE.search(ctx.text, max(0, p.start - 12), p.start)
            or _AS_CALLS.search(ctx.text, max(0, p.start - 4), min(len(ctx.text), p.end + 12)))}
        # (nor a country's name, or its capital's, that does an act of force, the doer: "Russia attacked Ukraine with
        # 40 drones", "Washington struck a depot in eastern Syria")
        doers = {(a.start, a.end) for a in ctx.actors if a.state_doer}
        self.elsewhere |= {p.start for p in self.places if (p.start, p.end) in doers}
        self._places = sorted(self.places, key=lambda p: p.start)
        # the town the text's dateline opens with, if any (read once for all the document's events)
        self.dateline = _dateline_place(ctx, self.places)
        self._starts = [p.start for p in self._places]
        # "LOCATION: Kelmora town in Dunde District": a note's label gives the place of what it tells
        # (in the text's main country: "LOCATION: Kelmora Village in Dunde District" is no namesake abroad)
        label = _LOCATION_LABEL.search(ctx.text)
        top = next(iter(ctx.countries), None)
        self.labelled = next((p for p in self._places if label is not None and label.end() <= p.start
                              <= label.end() + LABEL_REACH and p.kind != "country" and p.iso3 == top), None)
        # ("(district capital = Lurin)" after it: the note's coder placed it only by its district, ACLED's
        # precision 3)
        self.label_capital = self.labelled is not None and any(
            _CAPITAL_NOTE_BEFORE.search(ctx.text, max(0, q.start - 40), q.start) for q in self._places
            if q.start > self.labelled.start)

    def within(self, spans) -> list[PlaceMention]:
        """The places that start inside one of the spans (spans in text order, not overlapping)."""
        out = []
        for a, b in spans:
            out += self._places[bisect_left(self._starts, a):bisect_left(self._starts, b)]
        return out


def locate(ctx: Context, event: Event, gz=None, view: PlaceView | None = None) -> None:
    """Set the event's location fields from ctx.places (left None when the text names no place)."""
    view = view or PlaceView(ctx, gz)
    usable, places = view.usable, view.places
    sents = sorted(set(event.sentences)) or []
    spans = [(ctx.sentences[i].start, ctx.sentences[i].end) for i in sents if 0 <= i < len(ctx.sentences)]
    own = [p for p in view.within(spans) if p.start not in view.elsewhere]
    line = view.dateline
    if line is not None and spans and line.start < spans[0][0] and line.start not in view.elsewhere:
        at = ctx.sentence_at(line.start)
        if at is not None and at.index == sents[0] - 1:
            # (the dateline is parsed as a sentence of its own: its town is read with the first sentence's)
            own = [line] + own
    anchor = event.trigger_start or (spans[0][0] if spans else 0)
    line = view.dateline if len(own) > 1 else None
    if line is not None and any(p.start != line.start and (_governed(ctx, p) == 2 or _IN_PART_BEFORE.search(
            ctx.text, max(0, p.start - 40), p.start) or _on_a_road(ctx, p))
            and not _ASIDE_BEFORE.search(ctx.text, max(0, p.start - 80), p.start) for p in own):
        # "NAIROBI, March 12 (Reuters) - Bandits killed five herders in Turkana County": the town the story was
        # filed from is no place of an event its sentence puts "in" another (it stands in where none is named;
        # not for "militants, who hold areas in Kelmora, bombed the palace")
        own = [p for p in own if p.start != line.start]
    own = _own_clause_places(ctx, event, own)
    chosen = _pick(own, ctx, anchor, _clause_bounds(ctx, event), spans, event.event_type in ("Protests", "Riots"))
    for i in sents[1:]:
        # "Gunmen killed passengers of buses travelling from the city of Kelmora. The assault occurred in the
        # town of Dunde": a later sentence of the event saying where it happened names its town
        s = ctx.sentences[i] if i < len(ctx.sentences) else None
        if s is None or not tells_the_incident(ctx, s):
            continue
        there = _pick([p for p in own if s.start <= p.start < s.end and p.kind == "city"], ctx, s.start, None,
                      [(s.start, s.end)])
        if there is not None and _governed(ctx, there) == 2:
            chosen = there
            break
    if (chosen is None or chosen.kind in ("region", "country", "city")) and sents:
        # "... killed in a rural area of southwestern Kelmoria. The incident happened in Dunde town":
        # the next sentence of the paragraph, telling where the event happened, is more specific
        nxt = next_in_paragraph(ctx, sents[-1])
        if nxt is not None and tells_the_incident(ctx, nxt):
            # (not a place of another act it tells: "The attack came a week after militants killed 30 soldiers
            # in Dunde")
            there = _pick([p for p in places if nxt.start <= p.start < nxt.end and p.start not in view.elsewhere
                           and not ANOTHER_ACT_BEFORE.search(ctx.text, nxt.start, p.start)],
                          ctx, nxt.start, None,
                          [(nxt.start, nxt.end)])
            if there is not None and chosen is not None and chosen.kind == "city" and there.kind == "city" \
                    and _governed(ctx, there) == 2 and light_key(there.name) != light_key(chosen.name):
                # "... buses travelling from Kelmora were attacked. The attack happened at Dunde village":
                # the sentence saying where it happened outweighs a town the lead names otherwise
                chosen = there
            elif there is not None and (chosen is None or chosen.kind != "city"
                                        and _SPECIFIC[there.kind] < _SPECIFIC[chosen.kind]):
                chosen = there
        elif nxt is not None and chosen is not None and chosen.kind == "country":
            # "Raiders looted a depot in eastern Kelmoria on Friday. They drove off with trucks from Dunde
            # town ...": a lead that names only the country is followed by the town
            there = _pick([p for p in places if nxt.start <= p.start < nxt.end and p.kind == "city"
                           and p.iso3 == chosen.iso3 and _governed(ctx, p) == 2], ctx, nxt.start, None,
                          [(nxt.start, nxt.end)])
            chosen = there or chosen
    if chosen is not None and chosen.kind == "city" and _near_word_before(ctx, chosen):
        # "killed in Kelmora near Dunde": a town "in" governs that namesakes left unsure, near the town the
        # sentence gives as the landmark, is the place
        weak = _weak_town(ctx, spans, anchor, [chosen], gz)
        if weak is not None and weak.start < chosen.start and not _near_word_before(ctx, weak) and distance_km(
                weak.latitude, weak.longitude, chosen.latitude, chosen.longitude) <= NEAR_KM:
            chosen = weak
    if chosen is not None and chosen.kind == "city" and (m := _NEAR_TOWN_AFTER.match(ctx.text, chosen.end)):
        # "attacked refugees in Kelmo near the town of Dunde": a town the index has only far from the
        # town the text puts it near is a namesake; the event is near that town (precision 2)
        landmark = next((p for p in own if p.start == m.end() and p.kind == "city"), None)
        if landmark is not None and distance_km(chosen.latitude, chosen.longitude, landmark.latitude,
                                                landmark.longitude) > NEAR_KM:
            chosen = landmark
    if chosen is not None and chosen.kind == "city" and _ROAD_AFTER.match(ctx.text[chosen.end:chosen.end + 40]) \
            and sents and 0 < sents[0] < len(ctx.sentences):
        # "Students of a college in Kelmora rioted. They blocked the Dunde-Usenge road": the towns a road is
        # named after yield to a town the sentence before, in the same paragraph, puts anything "in" or "at"
        road = chosen
        chosen = _town_before(ctx, sents, places, lambda p: p.iso3 == road.iso3 and _governed(ctx, p) == 2
                              and not _ROAD_AFTER.match(ctx.text[p.end:p.end + 40])) or chosen
    if chosen is not None and _wide(chosen) and _governed(ctx, chosen) < 2 and sents and sents[0] < len(ctx.sentences):
        # "... occupied the council offices in Kelmora. They were protesting the arrest of Punjab union
        # members": a country or region the event's sentence names only in passing yields to a town
        # of it that the sentence before, in the same paragraph, names
        wide = chosen
        chosen = _town_before(ctx, sents, places, lambda p: _inside(p, wide)) or chosen
    if chosen is not None and (chosen.kind == "region" and not chosen.admin2 or chosen.kind == "country"):
        # "in Kelmora (UP)": a town the sentence puts the event in, left out because two towns of the region
        # share its name, is still more specific than the region holding both (not the region's own name:
        # "in Balkh province" is the province); so is "in Kelmora, Honduras" than the country
        weak = _weak_town(ctx, spans, anchor, [chosen], gz) or _governed_guess(ctx, spans, anchor, gz)
        if weak is not None and weak.kind == "city" and weak.iso3 == chosen.iso3 \
                and (chosen.kind == "country" or weak.admin1 == chosen.admin1) \
                and not (weak.start < chosen.end and chosen.start < weak.end) \
                and light_key(weak.text) != light_key(chosen.text):
            chosen = weak
    if chosen is None and sents and sents[0] < len(ctx.sentences):
        first = ctx.sentences[sents[0]]
        earlier = [s for s in ctx.sentences if s.paragraph == first.paragraph and s.index < first.index]
        wide = None
        for s in reversed(earlier):
            # (a place fronted in that sentence still sets its scene: "In Recife, ..., police raided
            # the Boa Viagem neighborhood. A suspect was shot.")
            chosen = _pick([p for p in places if s.start <= p.start < s.end
                            and (wide is None or _inside(p, wide) and not _wide(p))],
                           ctx, s.end, None, [(s.start, s.end)])
            if chosen is not None and _wide(chosen) and wide is None:
                # ("Troops were seen in Kelmo. Dunde's officials protested. The army reinforced the area.":
                # a sentence naming only the country, or a region, yields to a narrower place of it the
                # paragraph named first)
                wide, chosen = chosen, None
            elif chosen is not None:
                break
        chosen = chosen or wide
    if chosen is not None and chosen.kind == "country" and sents and sents[0] < len(ctx.sentences):
        # "On 3 May, in Kelmora, Dunde parish, police seized a boat. It was the largest seizure in
        # Lurinia. Two men were arrested.": a town the paragraph's lead puts its scene in holds an event
        # a later sentence places only in the town's country
        chosen = _lead_town(ctx, sents, places, chosen) or chosen
    if chosen is None:
        chosen = _weak_town(ctx, spans, anchor, places, gz)
    if chosen is None and not usable:
        # a text with no usable place at all: a weak or guessed place the event's own sentence governs,
        # else one governed anywhere in the text ("In Kelmora, ... . A man was arrested.")
        every = [(s.start, s.end) for s in ctx.sentences]
        chosen = _governed_guess(ctx, spans, anchor, gz) or _weak_town(ctx, every, anchor, places, gz) \
            or _governed_guess(ctx, every, anchor, gz) or _weak_town(ctx, every, anchor, places, gz, False)
    if chosen is None or chosen.kind == "country":
        # "BOGRA, Jan. 9 -- ... stabbed in Bangladesh": the town of the dateline, in the country the
        # event's sentence names (or where it names none), is where a local report happened
        # (not where the sentence puts the event in a part of the country: "OUAGADOUGOU, March 12 (Reuters) - ...
        # killed nine soldiers in northern Burkina Faso" was not in the capital)
        line = view.dateline
        if line is not None and line.kind == "city" and (chosen is None or line.iso3 == chosen.iso3 and not (
                _IN_PART_BEFORE.search(ctx.text, max(0, chosen.start - 40), chosen.start)
                and any(a <= chosen.start < b for a, b in spans))):
            chosen = line
    if chosen is None:
        # "Lebanese soldiers' remains were found in the area": the sentence's one country
        # narrows the document's main place to that country's places
        cues = {p.iso3 for p in usable if p.kind == "country" and p.iso3 and any(a <= p.start < b for a, b in spans)}
        if len(cues) == 1:
            iso3 = cues.pop()
            chosen = _main_place(ctx, [p for p in places if p.iso3 == iso3 and p.kind != "country"])
    if chosen is None:
        chosen = _main_place(ctx, places) or _main_place(ctx, view.placed) or _main_place(ctx, view.struck)
        if chosen is None:
            chosen = _main_place(ctx, view.sited)
            # "Russian troops attacked Kelmivka" (a village the index lacks or cannot tell from its namesakes) in a
            # text of a war zone of another country: the zone's country, not the attackers'
            if chosen is not None and chosen.kind == "country" and gz is not None \
                    and any(z.iso3 != chosen.iso3 for z in ctx.zones) and _in_zone_country(ctx, event, gz):
                return
    if chosen is not None and chosen.kind == "country" and _STRIKERS_AFTER.match(ctx.text, chosen.end):
        # "A Kelmorian drone struck Dunde": a town the event's sentence names, however unsure the places
        # stage was of it, says more of where than the nationality of who struck
        chosen = _weak_town(ctx, spans, anchor, [], gz, False) or chosen
    if view.labelled is not None:
        chosen = view.labelled
    if (chosen is None or chosen.kind == "country") and gz is not None and _at_capital(ctx, event, gz, chosen, spans):
        return
    if chosen is None:
        if gz is not None and not ctx.places:
            _at_party_country(ctx, event, gz) or _at_source_country(ctx, event, gz) \
                or _in_zone_country(ctx, event, gz) or _in_militia_country(ctx, event, gz)
        return
    _place_at(ctx, event, chosen, gz, view)
    line = view.dateline
    if line is not None and chosen.start == line.start and event.geo_precision == 1 and _unknown_settlement(ctx, spans):
        # "MAPUTO - ... attacked the village of Kelmo" (a village the index lacks): the dateline's town only
        # stands in for where it was, the country's capital for the country (3), another town near it (2)
        capital = gz.main_town(gz.country(chosen.iso3), ctx.published) if gz is not None and chosen.iso3 else None
        event.geo_precision = 3 if capital is not None and capital[3] is not None \
            and capital[3] == chosen.geonameid else 2


# "the village of Kelmo", "the town of Dunde": a settlement the text names
_SETTLEMENT_OF = re.compile(r"\b(?:village|town|hamlet|settlement|locality|community)\s+of\s+([A-Z][\w'’-]+)")


# "Kelmo village", "Dunde township": a settlement named before its word (not a function word opening a sentence,
# "In Kelmo village"); "near Kelmo": a place the act was near (not a site in a town, "near Al-Aqsa Mosque")
_SETTLEMENT_NAMED = re.compile(r"(?<![\w'’-])(?!(?:In|The|A|An|At|On|Near|From|To|Of)\s)([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)"
                               r"\s+(?:village|hamlet|township)\b")
_NEAR_NAME = re.compile(r"\b(?:near|outside|around)\s+(?:the\s+)?([A-Z][\w'’-]{3,})(?![\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s+"
                        r"(?i:" + FACILITY_WORDS + r"|gate|square|base|camp|ministry|market|bridge|road|street|"
                        r"checkpoint|station|palace|embassy|hotel|park)\b)")


def _unknown_settlement(ctx: Context, spans) -> bool:
    """Whether the event's sentences name a settlement ("the village of Kelmo", "Kelmo village", "near Kelmo",
    a name no English word) that no place mention holds."""
    for a, b in spans:
        held = _places_in(ctx, a, b)
        for pattern in (_SETTLEMENT_OF, _SETTLEMENT_NAMED, _NEAR_NAME):
            for m in pattern.finditer(ctx.text, a, b):
                if pattern is _NEAR_NAME and (ctx.doc is None or known_word(ctx.doc.vocab, m.group(1))):
                    continue
                if not any(p.start < m.end(1) and m.start(1) < p.end for p in held):
                    return True
    return False


def _place_at(ctx: Context, event: Event, chosen: PlaceMention, gz, view: PlaceView) -> None:
    """Set the event's location fields from the place mention chosen for it: the place, or the town
    that stands for it, and ACLED's geo_precision."""
    lat, lon, name, gid = chosen.latitude, chosen.longitude, chosen.name, chosen.geonameid
    town = None
    if chosen.kind in ("city", "feature"):
        # a part of a large city ("Kelmora-adde village in Mogadishu", "near Dunde Gate in Ahmedabad") is
        # coded at the city with precision 1, as ACLED codes its city districts
        inside = _told_inside(ctx, chosen)
        city_part = chosen.population >= LARGE_CITY_POP \
            and bool(_CITY_PART_BEFORE.search(ctx.text[max(0, chosen.start - 25):chosen.start])) \
            or bool(_TOWN_WORD_AFTER.match(ctx.text, chosen.end)
                    and _PART_OF_TOWN_BEFORE.search(ctx.text, max(0, chosen.start - 30), chosen.start))
        # ACLED's "City-District" names ("a Kelmora village of the Mogadishu-Hodan district"): the event is in
        # the city, precision 1, wherever in the district (unless the near-word governs the name itself)
        # (not the road from the city to another town: "on the Kelmora-Dunde road")
        district_of_city = chosen.population >= LARGE_CITY_POP and bool(_CITY_DISTRICT_AFTER.match(ctx.text, chosen.end)) \
            and not near_before(ctx.text[max(0, chosen.start - 25):chosen.start]) \
            and not _ROAD_BETWEEN_AFTER.match(ctx.text, chosen.end)
        precision = 1 if district_of_city or _district_of_large_city(ctx, chosen) else \
            2 if chosen.near or _near_again(ctx, chosen) or (inside and not city_part) else 1
        if chosen.kind == "feature" and _NATURAL_FEATURE.search(chosen.name):
            precision = 3  # a forest, a lake, a mountain range: ACLED's larger region named by its natural feature
    elif chosen.kind == "region" and (chosen.population < SMALL_REGION_POP or chosen.admin2
                                      or _SMALLER_BEFORE.search(ctx.text[max(0, chosen.start - 80):chosen.start])
                                      or _unknown_before(ctx, chosen)):
        # a district, or a region named after a smaller place the gazetteer lacks ("in Kelmo Dara
        # of Chora district, Urozgan"): ACLED codes a town of the area, precision 2
        # (a district named bare stands for its seat: "protested in Dharwad", precision 1; not a curated
        # district, county or territory, which ACLED's notes name bare for the area: "clashes in Twic East")
        # (and so does "the Kelmora district centre": the seat itself)
        precision = 1 if chosen.admin2 and not chosen.near and (
            _bare_seat(ctx, chosen) and chosen.source == "admin2"
            or _DISTRICT_CENTRE_AFTER.match(ctx.text, chosen.end) or _district_of_large_city(ctx, chosen)) else 2
    else:
        # ("Kelmoria's capital", "the Kelmorian capital": the capital itself, precision 1; "near the
        # Kelmorian capital" 2)
        precision = 3
        if chosen.kind == "country" and _CAPITAL_AFTER.match(ctx.text, chosen.end):
            precision = 2 if chosen.near or _near_word_before(ctx, chosen) else 1
        town = _namesake_town(ctx, chosen, gz)
        if town is not None:
            # "protested in Mogilev", "a bus was torched in Chittagong": a bare name shared by a region
            # and its town is the town (ACLED's precision 1); "Mogilev region" stays the region
            name, lat, lon, gid = town
            precision = 2 if chosen.near or _compass_part(ctx, chosen) else 1
        elif chosen.kind == "region" and _compass_part(ctx, chosen):
            precision = 2  # "in Kelmora East": a part of the region
    part = None
    if chosen.kind == "country" and precision == 3 and gz is not None:
        # "in northern Kelmoria": the first-level region that part of the country is, at its main town (ACLED
        # codes no country-wide event where the text names a part of it)
        words = country_part(ctx, chosen)
        part = gz.compass_region(chosen.iso3, words) if words else None
        main = gz.main_town(part) if part is not None else None
        if main is not None:
            name, lat, lon, gid = main
        else:
            part = None
    if (chosen.kind in ("region", "country") and not chosen.admin2 or chosen.kind == "feature") \
            and gz is not None and town is None and part is None:
        # where ACLED codes a region or a country (and a landmark: "at Uhuru Park" is coded Nairobi)
        main = _main_town(gz, chosen, ctx.published)
        if main is not None:
            name, lat, lon, gid = main
    if precision < 3 and (_capital_stand_in(ctx, chosen) or chosen is view.labelled and view.label_capital):
        precision = 3
    event.country, event.iso3 = chosen.country, chosen.iso3
    event.admin1, event.admin2 = acled_admin1(chosen.iso3, part.admin1 if part else chosen.admin1), chosen.admin2
    event.location = name
    event.latitude, event.longitude = lat, lon
    event.geonameid = gid
    event.geo_precision = precision


# "in Kelmo, Dunde and Lurin": what joins the places of a list (a comma alone between the last two is an
# address, "in Kelmo, Dunde", and no list)
_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|(?:and|&)\s+)")
_AND = re.compile(r"\band\b|&")


# "attacked Kelmo, Dunde and Lurin", "raided the villages of Kelmo and Dunde": places an act struck one by one
_STRUCK_LIST_BEFORE = re.compile(r"(?:\b(?:attacked|raided|stormed|shelled|bombed|struck|hit|targeted|pounded|overran|captured|"
                                 r"seized|torched|burned|burnt|looted|invaded)\s+(?:the\s+(?:towns?|villages?|"
                                 r"communities|settlements)\s+of\s+)?"
                                 # ("attacks on Kelmo, Dunde and Lurin", "the streets of Kelmo, Dunde and Lurin")
                                 r"|\b(?:attacks|raids|(?:air|drone)\s*strikes|assaults)\s+on\s+|\bthe\s+streets\s+of\s+)$",
                                 re.I)


def listed_places(ctx: Context, p: PlaceMention) -> list[PlaceMention]:
    """The later places of a list that the mention opens under one word of place ("in Kelmo, Dunde and Lurin",
    "at Kelmo and Dunde"): towns and districts of its own country, the list closed by "and" or "&". Empty for a
    mention that opens none, or one no "in" or "at" governs and no act strikes ("attacked Kelmo, Dunde and Lurin";
    nor then a stretch: "between Kelmo and Dunde")."""
    members, end = [], p.end
    # (ctx.places is in text order: the places after the mention, from the first that starts past its end)
    for q in _places_in(ctx, p.end, len(ctx.text) + 1):
        if not _LIST_JOIN.fullmatch(ctx.text, end, q.start):
            break
        members.append(q)
        end = q.end
    while members and not _AND.search(ctx.text, members[-2].end if len(members) > 1 else p.end, members[-1].start):
        members.pop()  # (the list ends at its "and": "in Kelmo and Dunde, Lurin" is an address after it)
    if not members or any(_wide(q) or q.iso3 != p.iso3 or q.kind not in ("city", "region") for q in members) \
            or _governed(ctx, p) != 2 and not _STRUCK_LIST_BEFORE.search(ctx.text, max(0, p.start - 40), p.start):
        return []
    names = {p.name} | {q.name for q in members}
    return members if len(names) == len(members) + 1 else []


def split_listed_places(ctx: Context, events: list[Event], gz) -> list[Event]:
    """The codebook's one event per place of a report: an event placed at a town or district that opens a
    list of places of its country ("protests were held in Kelmo, Dunde and Lurin") is copied for each other
    place of the list, each copy right after the event. A copy takes no fatalities (`listed_copy`: the
    fatalities stage gives the toll to the event itself, as ACLED's rows of one note put its deaths on one
    row). Returns the events with their copies."""
    if len(ctx.places) < 2:
        return events  # (no list without two places)
    view, out = None, []
    for ev in events:
        out.append(ev)
        if ev.latitude is None or ev.listed_copy:
            continue
        sents = [ctx.sentences[i] for i in set(ev.sentences) if 0 <= i < len(ctx.sentences)]
        # (the places of the event's sentences, in text order: ctx.places is, and so are the sentences)
        mine = [p for s in sorted(sents, key=_START) for p in _places_in(ctx, s.start, s.end)]
        at = next((p for p in mine if p.latitude == ev.latitude and p.longitude == ev.longitude
                   and p.name == ev.location), None)
        if at is None or _wide(at):
            continue
        # (placed at a later town of the list, "airstrikes hit Kelmo, Dunde and Lurin, killing four" at the town
        # nearest the toll: the list's first town opens it, and the event is there)
        opener = next((p for p in mine if p.start < at.start and at in listed_places(ctx, p)), None)
        if opener is not None:
            view = view or PlaceView(ctx, gz)
            _place_at(ctx, ev, opener, gz, view)
            at = opener
        for q in listed_places(ctx, at):
            if view is None:
                view = PlaceView(ctx, gz)
            copy = deepcopy(ev)
            copy.listed_copy = True
            _place_at(ctx, copy, q, gz, view)
            if copy.geo_precision == 1 and _near_word_before(ctx, at):
                copy.geo_precision = 2  # ("near Kelmo and Dunde": the near-word governs the list)
            out.append(copy)
    return out


# "LOCATION: Kelmo area in Dunde district (district capital = Lurin)": a note that the place given stands
# for the whole area, at its capital
_CAPITAL_NOTE_BEFORE = re.compile(r"\(\s*(?:district|provincial|province|county|state|regional)\s+capital\s*"
                                  r"(?:=|:|is)\s*$", re.I)


def _capital_stand_in(ctx: Context, p: PlaceMention) -> bool:
    """Whether the text names the chosen place only as an area's capital standing in for the area
    ("(district capital = Lurin)"): ACLED's precision 3, a larger region coded at its capital."""
    # (the names so noted, read once per document: a long text has many places and many events)
    return p.name in ctx.derived("capital notes", ctx.places, lambda places: {
        q.name for q in places if _CAPITAL_NOTE_BEFORE.search(ctx.text, max(0, q.start - 40), q.start)})


# "Kelmoria's capital", "the Kelmorian capital" (not "Kelmoria's capital of Dunde", a region's)
_CAPITAL_AFTER = re.compile(r"(?:['’]s)?\s+capital\b(?!\s+(?:of|city\s+of)\b)", re.I)
# "protesters marched in the capital", "the capital's Kelmora quarter" (not "the capital of Dunde province",
# which names its own area; "the capital of Kenya", the country the event is placed in, is its capital)
_CAPITAL = re.compile(r"\b(?:in|at|across|around|inside)\s+the\s+capital\b(?!\s+(?:of|city\s+of)\b)"
                      r"|\bthe\s+capital's\b", re.I)


def _at_capital(ctx: Context, event: Event, gz, country_place: PlaceMention | None, spans) -> bool:
    """Place the event at the capital of the text's one country (precision 1), for a sentence that puts
    it "in the capital" and names no town (`country_place`: the country it is placed in, if any); False
    when it does not, or the text points to no single country."""
    capital_of = country_place is not None \
        and ctx.text[max(0, country_place.start - 11):country_place.start].lower() == "capital of "
    if not capital_of and not any(_CAPITAL.search(ctx.text, a, b) for a, b in spans):
        return False
    countries = {country_place.iso3} if country_place is not None else set(ctx.countries) | set(ctx.country_hints)
    return len(countries) == 1 and _at_main_town(ctx, event, gz, next(iter(countries)), 1)


def _at_main_town(ctx: Context, event: Event, gz, iso3: str | None, precision: int) -> bool:
    """Place the event at the main town of the country `iso3` (on the publication date), with the given
    precision; False when the index has no such country or main town."""
    country = gz.country(iso3)
    main = gz.main_town(country, ctx.published) if country is not None else None
    if main is None:
        return False
    name, lat, lon, gid = main
    town = next((m.place for m in gz.lookup(name) if gid is not None and m.place.geonameid == gid), None)
    event.country, event.iso3 = country.country, country.iso3
    event.admin1, event.admin2 = (acled_admin1(town.iso3, town.admin1) if town is not None else None), None
    event.location, event.latitude, event.longitude, event.geonameid = name, lat, lon, gid
    event.geo_precision = precision
    return True


# The kinds of named group that act in their own country's politics only: ACLED's political parties
# (no inter of their own) and political militias. Not rebel groups, foreign forces or state forces, which
# fight across borders (a raid by a rebel group of one country in another), nor ethnic militias, whose
# people live in a part of their country: those give it with no point (`_in_militia_country`).
_HOME_GROUP_INTERS = {None, "Political militia"}
_PEOPLE_GROUP_INTERS = _HOME_GROUP_INTERS | {"Identity militia"}


def _at_party_country(ctx: Context, event: Event, gz) -> bool:
    """Place at its country's main town (precision 3, the country) an event of a text that names no place
    at all, where the named groups of the text are parties or political militias of one country ("ODM
    supporters clashed with police"): the text's country is known and nothing narrower is. False when it
    is not."""
    iso3 = _groups_country(ctx, _HOME_GROUP_INTERS)
    return iso3 is not None and _at_main_town(ctx, event, gz, iso3, 3)


def _groups_country(ctx: Context, inters) -> str | None:
    """The one country of the text's named groups (the actor dictionary's, not its unidentified ones), where
    each is of one of the kinds `inters`; else None."""
    groups = [a for a in ctx.actors if a.source == "dictionary" and not a.name.startswith("Unidentified")]
    if not groups or any(a.inter not in inters or not a.country for a in groups):
        return None
    countries = {a.country for a in groups}
    return next(iter(countries)) if len(countries) == 1 else None


def _in_country(event: Event, gz, iso3: str | None, admin1: str | None = None) -> bool:
    """Give the event the country `iso3` (and a first-level region) with no point; False when the index has no
    such country."""
    country = gz.country(iso3) if iso3 else None
    if country is None:
        return False
    event.country, event.iso3, event.admin1 = country.country, country.iso3, acled_admin1(country.iso3, admin1)
    return True


def _at_source_country(ctx: Context, event: Event, gz) -> bool:
    """Place at its country's main town (precision 3, the country) an event of a text that names no place
    at all, from a source that covers one country (`--country`, a country-code domain), where nothing in
    the text points to another ("police dispersed the protesters", from a Kenyan feed): the country is
    known and nothing narrower is. Not in a conflict zone the text names (data/zones.json: "the monitors
    observed shelling near Kelmorivka"), which tells a narrower region than the country and whose sides
    the merge stage reads from the place, a capital far from the front being none. False when it is not."""
    source = source_country(ctx.document)[0]
    return source is not None and not ctx.zones and document_country(ctx) == source \
        and _at_main_town(ctx, event, gz, source, 3)


def _in_zone_country(ctx: Context, event: Event, gz) -> bool:
    """The country of an event of a text that names no place the index knows but a conflict zone of one
    country (data/zones.json: "the monitors observed shelling near Kelmorivka", a village it lacks), and the
    zone's first-level region where it has only one: no coordinates, as no town of the zone is named and its
    capital would lie far from it. False when the zones are of several countries."""
    isos = {zone.iso3 for zone in ctx.zones}
    regions = {a for zone in ctx.zones for a in zone.admin1}
    region = next(iter(regions)) if len(regions) == 1 else None
    return len(isos) == 1 and _in_country(event, gz, next(iter(isos)), region)


def _in_militia_country(ctx: Context, event: Event, gz) -> bool:
    """The country of an event of a text that names no place, where the named groups of the text are
    identity militias (and parties) of one country ("Degodia clansmen raided a Garre village"): the
    country, with no point, as the peoples live in a part of it and the capital would lie far from it. False
    when the groups are of several countries or one of them is of another kind (a rebel group fights across
    borders)."""
    return _in_country(event, gz, _groups_country(ctx, _PEOPLE_GROUP_INTERS))


def _example(ctx: Context, p: PlaceMention) -> bool:
    """Whether the place is the first example of several towns or areas an event is in ("in municipalities of
    Dunde like Kelmora"): ACLED codes it for them all, precision 2."""
    m = _EXAMPLES_OF.search(ctx.text, max(0, p.start - 100), p.start)
    return m is not None and m.group("areas") is None


def _between(ctx: Context, p: PlaceMention) -> bool:
    """Whether the place closes the address of a stretch between two places ("between Kelmo and Dunde
    (Lurin, Tasra)"), not of two forces ("between Kelmorian and Dundish Border Forces in Lurin")."""
    m = _BETWEEN_BEFORE.search(ctx.text, max(0, p.start - 160), p.start)
    return bool(m) and not _FORCES_WORD.search(m.group("names"))


def _near_word_before(ctx: Context, p: PlaceMention) -> bool:
    """Whether a near-word ("near", "on the outskirts of") stands in the 60 characters before the place
    (worked out once per mention)."""
    return _per_mention(ctx, p, _near_word_worked_out)


def _near_word_worked_out(ctx: Context, p: PlaceMention) -> bool:
    return near_before(ctx.text, max(0, p.start - 60), p.start)


def _town_before(ctx: Context, sents: list[int], places: list[PlaceMention], keep) -> PlaceMention | None:
    """The town, of those `keep` accepts, that the sentence before the event's first one names, when
    both sentences are of one paragraph."""
    first = ctx.sentences[sents[0]]
    before = ctx.sentences[first.index - 1] if first.index > 0 else None
    if before is None or before.paragraph != first.paragraph:
        return None
    return _pick([p for p in places if before.start <= p.start < before.end and p.kind == "city" and keep(p)],
                 ctx, before.end, None, [(before.start, before.end)])


def _lead_town(ctx: Context, sents: list[int], places: list[PlaceMention],
               country: PlaceMention) -> PlaceMention | None:
    """The town of `country` fronted in the first sentence of the paragraph the event's sentences open
    in ("On 3 May, in Kelmora, ..."), when that lead comes before them."""
    first = ctx.sentences[sents[0]]
    lead = next((s for s in ctx.sentences if s.paragraph == first.paragraph), None)
    if lead is None or lead.index >= first.index:
        return None
    span = [(lead.start, lead.end)]
    return _pick([p for p in places if lead.start <= p.start < lead.end and p.kind == "city"
                  and p.iso3 == country.iso3 and _fronted(ctx, p, span)], ctx, lead.end, None, span)


def _dateline_place(ctx: Context, places: list[PlaceMention]) -> PlaceMention | None:
    """The place a dateline opens the text with: "BOGRA, Jan. 9 --", "Kelmora, May 3 (Reuters) -"
    (the date is one the event-dates stage reads as a dateline's)."""
    first = min(places, key=lambda p: p.start, default=None)
    if first is None or ctx.text[:first.start].strip():
        return None
    # (or with no date: "BAMAKO -", "MOGADISHU, Somalia (AP) --", the town in capitals or an agency's tag after it)
    tail = _UNDATED_DATELINE_AFTER.match(ctx.text, first.end)
    if tail is not None and (tail.group("tag") or first.text.isupper()):
        return first
    return first if any(first.end < t.start <= first.end + DATELINE_PLACE_GAP and dateline(ctx, t)
                        for t in ctx.times) else None


# ", who hold areas in": a place told in a relative clause, an aside about someone
_ASIDE_BEFORE = re.compile(r",\s*(?:who|which|whose)\b[^,;.]*$", re.I)
# "in the northwestern Sagaing region", "in central Mali": "in" a part of an area
_IN_PART_BEFORE = re.compile(r"\bin\s+(?:the\s+)?(?:(?:far|north|south|east|west)[\w-]*|central|northern|southern|eastern|"
                             r"western|restive|remote)\s+$", re.I)
_UNDATED_DATELINE_AFTER = re.compile(r"(?:,\s*[A-Z][\w' -]{0,30})?\s*(?P<tag>" + AGENCY_TAG + r"\s*)?[-–—]{1,2}\s")


def _near_again(ctx: Context, p: PlaceMention) -> bool:
    """The sentence already put the event near the place under another mention of it, so this one
    does not make it the place itself: "shelled positions west of Kelmora (Kelmora, Dunde)" (an
    earlier mention resolved apart, as the area of the town's name), "forces located at Kelmora fired
    at positions near Kelmora" (a mention a near-word governs)."""
    s = ctx.sentence_at(p.start)
    if s is None:
        return False
    key = light_key(p.text)
    # (a region's mention is "near" by its words only; a town's also by "X district", not meant here:
    # "Kelmora town (Kelmora district)")
    # (a distance from the town puts the scene away from it in any sentence: "Clashes in Kelmora left
    # nine dead. Raiders attacked Dunde village, some 50 km from Kelmora town.")
    return any(q is not p and q.near
               and (s.start <= q.start < s.end and (q.kind == "region" and q.start < p.start
                                                     or _near_word_before(ctx, q))
                    or KM_BEFORE.search(ctx.text, max(0, q.start - 60), q.start)
                    and (s.start <= q.start < s.end or not _another_town_located(ctx, q, key)))
               for q in _places_by_key(ctx).get(key, ()))


def _places_by_key(ctx: Context) -> dict:
    """light key -> the document's place mentions of that name (worked out once per document: asked for
    every event, a pass over all places each time grew with the square of the document's length)."""
    def index(places) -> dict:
        out: dict = {}
        for q in places:
            out.setdefault(light_key(q.text), []).append(q)
        return out

    return ctx.derived("places by key", ctx.places, index)


def _another_town_located(ctx: Context, q: PlaceMention, key: str) -> bool:
    """Whether the distance from the town told at q locates another town the index knows, named before it in its
    sentence ("... in Dunde, some 60 km north of Kelmora": Dunde's scene, not the scene of an event told in
    Kelmora; an unknown village so located, "Qqorta village, 40 km from Kelmora", may be the event's own)."""
    s = ctx.sentence_at(q.start)
    return s is not None and any(r.kind == "city" and light_key(r.text) != key for r in _places_in(ctx, s.start, q.start))


def _weak_town(ctx: Context, spans, anchor: int, places, gz, governed: bool = True) -> PlaceMention | None:
    """"Clashes were reported near Donetsk": a town the places stage kept with low confidence (a
    namesake elsewhere scores close), when the event's own sentence puts the event "in/at/near" it and
    the text names no confident place in another country (without `governed`, any such town: the last
    resort of a text that names no usable place, "Kelmora traders marched ...")."""
    # (or a second-level area the text calls one: "in Kelmora village of Dunde district")
    weak = [p for p in ctx.places if p.confidence < MIN_PLACE_CONFIDENCE
            and (p.kind in ("city", "feature") or p.admin2 and _DISTRICT_WORD_AFTER.match(ctx.text, p.end))
            and any(a <= p.start < b for a, b in spans) and (not governed or _governed(ctx, p) == 2)]
    if not weak:
        return None
    # (the attackers' nationality is no such place: "a Kelmorian drone struck Dunde" happened in Dunde's country)
    others = {p.iso3 for p in places if p.iso3 and not (p.kind == "country" and _STRIKERS_AFTER.match(ctx.text, p.end))}
    if others:
        weak = [p for p in weak if p.iso3 in others]
    return _pick(weak, ctx, anchor, None)


# "in Kelmora", "near Dunde-2", "at the town of Kelmora": a capitalised name governed by a place word
_GOVERNED_NAME = re.compile(r"\b(?i:in|at|(?P<near>near|outside|around))\s+(?:the\s+)?(?:(?:town|city|village)\s+of\s+)?"
                            r"(?P<name>[A-Z][\w'-]*[a-z0-9][\w'-]*(?:[ -][A-Z][\w'-]+){0,2})")


def _in_zone(p, zone) -> bool:
    """Whether a place lies in one of a conflict zone's first-level regions."""
    return p.iso3 == zone.iso3 and p.admin1 is not None and light_key(p.admin1) in zone.admin1_keys


def _front_rank(p, zones) -> tuple:
    """How a namesake ranks by the fronts of the conflict zones the text names: one by a front first
    (the larger first), then the nearer to a front, then the larger; only the larger where the text names
    no front of the place's country."""
    lines = [z for z in zones if z.line and z.iso3 == p.iso3]
    if not lines or any(by_front(p, z) for z in lines):
        return bool(lines), 0.0, p.population
    return False, -min(distance_km(p.latitude, p.longitude, a, b) for z in lines for a, b in z.line), p.population


def _governed_guess(ctx: Context, spans, anchor: int, gz) -> PlaceMention | None:
    """"Shelling was observed near Dunde.": the text names no usable place at all, but the event's
    own sentence puts it "in/at/near" a name the places stage left out because its namesakes score
    alike (two villages of one name in the country). The largest namesake is a better guess than no
    place: in the document's countries (or the actors'), else in the only country the namesakes share,
    else a large city."""
    if gz is None or not spans:
        return None
    starts, cands = _guesses(ctx, spans, gz)
    if not cands:
        return None
    # the name nearest the anchor, the earlier of two as near
    i = bisect_left(starts, anchor)
    if i == len(cands) or i > 0 and anchor - starts[i - 1] <= starts[i] - anchor:
        i -= 1
    start, name, end, p, near = cands[i]
    return PlaceMention(text=name, start=start, end=end, name=p.name, latitude=p.latitude, longitude=p.longitude,
                        country=p.country, iso3=p.iso3, admin1=p.admin1, geonameid=p.geonameid, kind=p.kind,
                        confidence=GUESS_CONFIDENCE, population=p.population,
                        near=near)


def _guesses(ctx: Context, spans, gz) -> tuple[list, list]:
    """The names "in/at/near" governs in the spans that `_governed_guess` may take, each with the place it
    would take (start, name, end, place, near), in text order, and their starts; worked out once per set
    of spans and document (a long text asks for every sentence's again for each event)."""
    key = ("governed guesses", tuple(spans))
    got = ctx.memo.get(key)
    if got is not None:
        return got
    countries = set(ctx.countries) | set(ctx.country_hints)
    # (the actors' and persons' spans, indexed once per document)
    taken = ctx.derived("named spans", ctx.actors, lambda actors: SpanIndex([(a.start, a.end) for a in actors] + [
        (e.start_char, e.end_char) for e in (ctx.doc.ents if ctx.doc is not None else ()) if e.label_ == "PERSON"],
        **PAIR))
    out = []
    for a, b in spans:
        for m in _GOVERNED_NAME.finditer(ctx.text, a, b):
            name, start = m.group("name"), m.start("name")
            end = start + len(name)
            if name.lower() in STOP_NAMES or name.split()[0].lower() in STOP_NAMES or taken.any(start, end):
                continue
            matches = gz.lookup(name)
            if not matches and "-" in name and len(name.split("-")[0]) > 3:
                matches = gz.lookup(name.split("-")[0])  # "Dunde-2", "Dunde-Kelmorivka": a part of Dunde
            good = [x.place for x in matches if x.quality >= 0.9 and x.place.kind in ("city", "region")]
            around = False
            if _REGION_WORD_AFTER.match(ctx.text, end):
                # "in Kelmora state", "in Dunde province": a region of that name; else the area of a town of
                # that name in a country the text points to ("the Dunde region", precision 2); else no
                # guess (not a town of the name across the world)
                regions = [p for p in good if p.kind == "region"]
                good = regions or [p for p in good if p.iso3 in countries]
                around = not regions
            if not good:
                continue
            own = [p for p in good if p.iso3 in countries]
            isos = {p.iso3 for p in good}
            if own:
                good = own
            elif countries or (len(isos) > 1 and max((p.population for p in good if p.kind == "city"), default=0)
                                 < GUESS_MIN_POP):
                continue
            # in a conflict zone the text names, a namesake in the zone's regions, a postal village too
            # ("the OSCE SMM observed ... near Kelmivka": one in Donetsk or Luhansk oblast, not the largest
            # of Ukraine's)
            if ctx.zones:
                hidden = [x.place for x in gz.postal_namesakes(name) if x.quality >= 0.9]
                good = [p for p in good + hidden if any(_in_zone(p, z) for z in ctx.zones)] or good
            # the entry of the very name before one matched by another of its names, a town before a region,
            # then the largest by the zone's front, else the nearest to it
            top = max(good, key=lambda p: (light_key(p.name) == light_key(name), p.kind == "city",
                                           *_front_rank(p, ctx.zones)))
            out.append((start, name, end, top, bool(m.group("near")) or around))
    got = ctx.memo[key] = ([c[0] for c in out], out)
    return got


def _unknown_before(ctx: Context, p: PlaceMention) -> bool:
    """"Kelmora (North Darfur state)", "Kalehe, Sud-Kivu": the region closes an address whose first part
    names a smaller place or area the gazetteer lacks; ACLED codes a town of that area, precision 2."""
    lo = max(0, p.start - 50)
    m = _UNKNOWN_BEFORE.search(ctx.text[lo:p.start])
    if m is None:
        return False
    a, b = lo + m.start(1), lo + m.end(1)
    return not any(q.start < b and a < q.end for q in ctx.places)


# "residents of Kelmora village", "people from Al Dunde village": where the people live
_PEOPLE_OF_BEFORE = re.compile(r"\b(?i:residents|people|natives|villagers|inhabitants|families)\s+(?i:of|from)\s+"
                               r"(?:the\s+)?(?:[A-Z][\w'-]*\s+){0,3}$")
_IN_AT = re.compile(r"\b(?:in|at)\b")


def _smaller_unknown(ctx: Context, p: PlaceMention) -> bool:
    """"near Kelmorivka, Donetsk", "at Kelmora village in Dunde Upazila (Kushtia)": the event
    is at a smaller place the gazetteer does not know, near or inside this one; ACLED then codes
    a town nearby with precision 2."""
    lo = max(0, p.start - 90)
    window = ctx.text[lo:p.start]
    if "." in window:
        lo += window.rindex(".") + 1
        window = ctx.text[lo:p.start]
    for m in _SMALLER_NAME.finditer(window):
        if m.group("name") and _SITE_WORD.search(m.group(0)):
            continue  # "near the Deputy Commissioner's Office in Kelmora": a site in the town itself
        if m.group("name2") and _PEOPLE_OF_BEFORE.search(ctx.text[max(0, lo + m.start() - 60):lo + m.start()]) \
                and _IN_AT.search(window, m.end()):
            continue  # "residents of Kelmora village rallied at the council hall in Dunde": where they live
        group = next(g for g in ("name", "name2", "name3", "name4", "name5", "name6") if m.group(g))
        first = m.group(group).split()[0].lower()
        if first in MONTHS or first in WEEKDAYS or first == "ramadan":
            continue  # "in May in Kelmora"
        name_at = lo + m.start(group)
        if not any(q.start <= name_at < q.end for q in ctx.places):
            return True
    return False


# "the province of Gedaref" (like "Gedaref state"): the name is the region's
_AREA_OF_NAME_BEFORE = re.compile(r"\b(?:province|state|region|county|governorate|division|oblast|district)\s+of\s+"
                                  r"(?:the\s+)?$", re.I)


def _namesake_town(ctx: Context, p: PlaceMention, gz):
    """The town (name, lat, lon, geonameid) of the same name in the same first-level region, when the
    mention names a region with no word saying it is one."""
    if p.kind != "region" or p.admin2 or gz is None or _AREA_WORD_AFTER.match(ctx.text[p.end:p.end + 20]) \
            or REGION_LIST_AFTER.match(ctx.text, p.end, p.end + 160) \
            or _AREA_OF_NAME_BEFORE.search(ctx.text[max(0, p.start - 30):p.start]):
        return None
    towns = [m.place for m in gz.lookup(p.text) if m.quality >= 0.9 and m.place.kind == "city"
             and m.place.iso3 == p.iso3 and m.place.admin1 == p.admin1]
    if not towns:
        return None
    t = max(towns, key=lambda t: t.population)
    return t.name, t.latitude, t.longitude, t.geonameid


# "Dharwad district", "Kelmora (Dunde) tehsil": a word after the name saying it is an area
_AREA_WORD_BESIDE = re.compile(r"^\W{0,3}(?:\([^)]*\)\s*)?(?:districts?|sub-?divisions?|division|territory|tehsil|taluka|townships?|"
                               r"upazila|lga|county|sub-?county|province|region|municipality|block|mandal|zone|"
                               r"area|state|governorate|constituency|local\s+government(?:\s+area)?|"
                               + LOCAL_DISTRICT_WORDS + r")\b", re.I)


# "the Kelmora district committee of the party", "Kelmora District Unit": the area word names a body of
# an organisation, not the area the event is in (such bodies meet and march in their area's seat)
_AREA_BODY_AFTER = re.compile(r"^\W{0,3}(?:districts?|county|upazila|provincial|province|state|local\s+government)\s+"
                              r"(?:units?|committee|branch|chapter|wing|president|secretary|secretariat|convener|"
                              r"administration|chairman|chairperson|council|headquarters|offices?)\b", re.I)
_DISTRICT_CENTRE_AFTER = re.compile(r"\s+(?:district\s+)?(?:centre|center|headquarters)\b", re.I)


# "in Kelmora South county", "Dunde East constituency", "raided villages in Kelmora West": a compass word
# after a town's or a district's name (and not part of the name the gazetteer matched) makes the name
# that of an area cut from the one it is named after, not the town: ACLED codes a town of it, precision 2
# (not where a name goes on: "Kelmora Central Prison", "the Kelmora North Highway")
_COMPASS_PART_AFTER = re.compile(r"\s+(?:North|South|East|West|Central|Upper|Lower)(?![\w'-])(?!\s+(?:of|and)\b)"
                                 r"(?!\s+[A-Z])")


def _on_a_road(ctx: Context, p: PlaceMention) -> bool:
    """The town is one end of a road the event was on ("on the road between Kelmora and Dunde", "on the Kelmora-Dunde
    road", "a road linking Kelmora to Dunde"): a place of the event, as "in" a town is."""
    return bool(_ROAD_BETWEEN_AFTER.match(ctx.text, p.end) or _between(ctx, p)
                or _AROUND_BEFORE.search(ctx.text[max(0, p.start - 80):p.start]))


def _told_inside(ctx: Context, p: PlaceMention) -> bool:
    """Whether the text puts the event at a smaller place in or around the town, or in an area of it: "in
    Kelmora district, Kandahar", the town closing the address of a smaller area the gazetteer lacks (ACLED
    codes that area's seat, precision 2). Worked out once per mention."""
    return _per_mention(ctx, p, _told_inside_worked_out)


def _told_inside_worked_out(ctx: Context, p: PlaceMention) -> bool:
    window = ctx.text[max(0, p.start - 80):p.start]
    return bool(_smaller_unknown(ctx, p) or _compass_part(ctx, p)
                or _ROAD_BETWEEN_AFTER.match(ctx.text, p.end)
                or _UNSPECIFIED_BEFORE.search(ctx.text, max(0, p.start - 120), p.start)
                or _AREA_ADDRESS_BEFORE.search(window) or _AREA_OF_BEFORE.search(window)
                or _IN_AREA_OF_BEFORE.search(window) or _AROUND_BEFORE.search(window) or _between(ctx, p)
                or _FOREST_BEFORE.search(window) or _example(ctx, p) or _under_area(ctx, p))


# "on the Kelmora-Dunde road": the road between two towns, outside them (ACLED codes such roads at precision 2 a
# little more often than at 1; "in the Kelmora area" it codes at the town, 1, unlike "in the area of Kelmora")
_ROAD_BETWEEN_AFTER = re.compile(r"\s*[-–]\s*[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?\s+(?i:(?:national\s+)?"
                                 r"(?:highway|road|expressway|motorway))\b")


_NATURAL_FEATURE = re.compile(r"\b(?:Forest|Lake|Mountains?|Hills|Range|Valley|Desert|Plateau|Delta)\b")
# "in the Hodan district of Mogadishu": a named district of a city of millions (ACLED codes it in the city, 1)
_CITY_PARTS = r"(?:district|neighbou?rhood|quarter)"
_DISTRICT_OF_AFTER = re.compile(r"\s+" + _CITY_PARTS + r"\s+of\s+(?:the\s+)?(?:city\s+of\s+)?", re.I)


def _district_of_large_city(ctx: Context, p: PlaceMention) -> bool:
    """"the Hodan district of Mogadishu", "Mogadishu's Hodan district": a named district of a city of millions (ACLED
    codes it in the city, precision 1)."""
    m = _DISTRICT_OF_AFTER.match(ctx.text, p.end)
    if m is not None and any(q.kind == "city" and q.population >= LARGE_CITY_POP for q in _places_in(ctx, m.end(), m.end() + 1)):
        return True
    return bool(_CITY_DISTRICT_WORD_AFTER.match(ctx.text, p.end)) and any(
        q.kind == "city" and q.population >= LARGE_CITY_POP and ctx.text.startswith(("'s ", "\u2019s "), q.end)
        and q.end + 3 == p.start for q in _places_in(ctx, max(0, p.start - 80), p.start))


# "Kelmora's Dunde district": the word of a city's district after its name
_CITY_DISTRICT_WORD_AFTER = re.compile(r"\s+" + _CITY_PARTS + r"\b", re.I)


# the compass words of a part of a country: "in northern Kelmoria", "north-east Kelmoria", "the south of
# Kelmoria" (before its name); "Kelmoria's north", "Kelmoria's restive north-west" (after it)
# ("in central Kelmoria", "the centre of Kelmoria", "Kelmoria's centre": its middle; not "the Centre of Kelmorian
# Trade Unions", a name)
_PART_BEFORE = re.compile(r"(?:\b(north|south)?-?(east|west)?(?:ern)?|\b(central)|\bthe\s+(?:far\s+)?(north|south)?-?"
                          r"(east|west)?\s+of|\bthe\s+(?-i:(cent)(?:re|er))\s+of)\s+$", re.I)
_PART_AFTER = re.compile(r"['’]s\s+(?:(?:far|restive|volatile|troubled|remote|mainly\s+\w+|mostly\s+\w+)\s+)?"
                         r"(?:(cent)(?:re|er|ral\s+(?:region|regions|part|parts|areas?|provinces?))|"
                         r"(north|south)?-?(east|west)?(?:ern\s+(?:region|regions|part|parts|areas?|provinces?))?)\b", re.I)

# "central and ", "northern or ": another part named before the one a compass word names
_OTHER_PART_BEFORE = re.compile(r"\b(?:central|middle|north\S*|south\S*|east\S*|west\S*)\s+(?:and|or|&)\s+$", re.I)


def country_part(ctx: Context, p: PlaceMention) -> tuple[str, ...]:
    """The compass words that name a part of the country a mention names ("northern Mali": ("north",);
    "Nigeria's north-east": ("north", "east"); "central Mali", "the centre of Mali": ("central",)), else those
    of that country's other mentions among the text's first two sentences, where they all name one part; ()
    where none does."""

    def words_of(q: PlaceMention) -> tuple[str, ...]:
        for m in (_PART_BEFORE.search(ctx.text, max(0, q.start - 30), q.start), _PART_AFTER.match(ctx.text, q.end)):
            if m is not None and any(m.groups()):
                if _OTHER_PART_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()):
                    return ()  # "in central and southwestern Kelmoria": two parts, no one region
                return tuple("central" if w.lower().startswith("cent") else w.lower() for w in m.groups() if w)
        return ()

    own = words_of(p)
    if own:
        return own
    # (the others of the headline and the lead, which frame the story: not "its base at Kelmo in northern
    # Dunde" of a background paragraph, an address)
    lead_end = ctx.sentences[min(1, len(ctx.sentences) - 1)].end if ctx.sentences else len(ctx.text)
    others = {words_of(q) for q in ctx.places
              if q.kind == "country" and q.iso3 == p.iso3 and q is not p and q.start < lead_end}
    others.discard(())
    return others.pop() if len(others) == 1 else ()


def _compass_part(ctx: Context, p: PlaceMention) -> bool:
    return p.population < LARGE_CITY_POP and bool(_COMPASS_PART_AFTER.match(ctx.text, p.end))


def _bare_seat(ctx: Context, p: PlaceMention) -> bool:
    """"protested in Dharwad": a district named bare, with no area word beside it ("the district of
    Dharwad" has one) and no smaller place of it named before, stands for the town at its point, the
    seat it is often named after (ACLED codes "in Dharwad" at the town, precision 1), though the
    gazetteer holds only the district."""
    before = ctx.text[max(0, p.start - 40):p.start]
    after = ctx.text[p.end:p.end + 40]
    if _AREA_WORD_BESIDE.match(after) and not _AREA_BODY_AFTER.match(after) or _AREA_OF_NAME_BEFORE.search(before) \
            or _AREA_OF_BEFORE.search(before) or _compass_part(ctx, p):
        return False
    window = ctx.text[max(0, p.start - 80):p.start]
    return not (_SMALLER_BEFORE.search(window) or _AREA_ADDRESS_BEFORE.search(window)
                or _unknown_before(ctx, p) or _smaller_unknown(ctx, p))


def _main_town(gz, p: PlaceMention, on=None):
    """The main town of the region or country the mention resolved to (of the entry at its point, where two
    entries share its name: Mali's Gao region and the Menaka region the index names after it)."""
    same = [m.place for m in gz.lookup(p.name)
            if m.place.name == p.name and m.place.kind == p.kind and m.place.iso3 == p.iso3]
    if not same:
        return None
    at = next((q for q in same if abs(q.latitude - p.latitude) < 1e-6 and abs(q.longitude - p.longitude) < 1e-6),
              same[0])
    first, main = gz.main_town(same[0], on), gz.main_town(at, on)
    # (a curated region standing at the same capital as the GeoNames one keeps the GeoNames town's point and id)
    return main if main is not None and (first is None or first[0] != main[0]) else first


@stage("event_locations", requires=("events", "places"), assigns=("event_locations",))
def make_event_locations(settings):
    def run(ctx: Context) -> None:
        gz = get_gazetteer(settings) if ctx.events else None
        view = PlaceView(ctx, gz) if ctx.events else None
        for event in ctx.events:
            locate(ctx, event, gz, view)

    return run
