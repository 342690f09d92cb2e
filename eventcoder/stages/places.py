"""Stage 'places': find place names in the text and resolve each to one gazetteer entry.

1. Candidates: a scan of capitalised token n-grams against the gazetteer (longest first), spaCy
   entities of any label (the small model calls "Qara" a PERSON and "Qalamun" a PRODUCT), and
   demonyms ("Lebanese" -> Lebanon).
2. Filters: common words, parts of person names, actor names.
3. The document's countries: country names, demonyms and places that can be in one country only
   (and, weakly, cities of millions whose namesakes are all small).
4. Resolution: each candidate's gazetteer entries are scored on spelling, population, the
   document's countries, admin areas named in the text, nearness to the other places and cue
   words ("X province", "the town of X"); a place is kept only when the best entry wins clearly.
   A small place does not vouch for its own country against the other places of the text, and a
   part of a town ("X neighborhood", "X, Karachi") lies near that town. A spelling that matches only
   after transliteration folding names a town of a country the rest of the text points to (or of
   the area named right after it), never a country.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from operator import attrgetter

from ..document import PAIR, Context, PlaceMention, SpanIndex, source_country
from ..pipeline import stage
from ..nlp import known_word
from .actors import add_context_actors
from .syntax import token_at
from ..resources.actors import BACKED_AFTER, TOPONYM_OPENING_BEFORE, backer, ethnic_names
from ..resources.gazetteer import (ADMIN2_POPULATION, MISSPELT_MIN_KEY, VILLAGE_SOURCES, Match, admin1_abbreviations,
                                   conflict_zones, continent_adjectives, distance_km, fold_key, get_gazetteer,
                                   light_key, linked_countries)

# Longest n-gram tried by the scan ("Jurud Arsal", "Democratic Republic of the Congo").
MAX_NGRAM = 6
# Score weights, set by hand and checked on geoparse-dev.jsonl (see /work/notes/places/eval.py):
W_QUALITY = 1.0  # spelling match quality (1.0 same spelling .. 0.75 transliteration fold)
W_POP = 1.6  # log10(population) / 7
W_COUNTRY = 1.5  # share of the document's country weight
W_ADMIN = 1.0  # the entry's admin1 region is named in the text
W_NEAR = 0.8  # within NEAR_KM of another confidently resolved place
W_COUNTRY_NAME = 1.2  # a country name is the country, not a town named after it
W_CURATED = 0.3  # reviewed entries beat namesakes
W_PRIMARY = 0.5  # the entry's own name, not one of its alternate names ("Liverpool" is not East Liverpool)
W_CUE = 1.0  # "X province" favours regions, "the town of X" towns
W_WITHIN = 1.0  # "Columbus, Ga.": the area named right after a town is its own
W_DIRECTION = 1.0  # "a bar in Kelmora in northern Mexico": the place lies in that part of the country
# An admin1 region loses to its namesake town unless the text says "X province" ("Deir ez-Zor").
W_REGION_NAMESAKE = 0.3
W_SEAT = 0.5  # the main town of a first-level region of the same name, a province-sized one
W_MUNICIPAL_SEAT = 0.1  # of two namesakes in one region, the town a second-level area of its name holds (its seat)
SEAT_REGION_MIN_POP = 500_000  # (not one of Puerto Rico's 78 municipalities, each named like its town)
NEAR_KM = 150.0
ADDRESS_TOWN_KM = 50.0  # the most a village lies from the town closing its address ("Kelmo, Dunde")
VILLAGE_NEAR_KM = 30.0  # a village this close to a place the text names is beside it
# Two names whose namesakes lie together only in one spot are that spot's (`_paired_namesakes`): the
# most apart two entries of one spot may lie (a county and its seat, a town and its neighbour), the most
# namesakes a name may have to be paired, the first pass's confidence that keeps a name out of it, and the
# population of a city whose name is paired with a county's only.
PAIR_KM = 40.0
PAIRED_MAX_NAMESAKES = 40
PAIRED_KEEP_CONFIDENCE = 0.9
PAIRED_MAX_POP = 1_000_000
_PAIR_DEGREES = PAIR_KM / 111.0
# A city of BIG_CITY_POP people or more, BIG_CITY_RATIO times the size of every rival namesake, is taken
# with at least BIG_CITY_CONFIDENCE in a text that points to no country.
BIG_CITY_POP = 1_000_000
BIG_CITY_RATIO = 2
BIG_CITY_CONFIDENCE = 0.5
MUNICIPAL_SEAT_KM = 30.0  # the most a seat lies from its second-level area's point (the middle of its towns)
# A town named as in a first-level region but not in it in the gazetteer is taken when it lies this
# near the region's centre, in its country (a town addressed with the neighbouring state's name, a
# short way over the line, is meant; a namesake two states off is not). Set on acled-dev, where one
# such town lay 94 km from the named state's centre and the wrong namesake 134 km.
AREA_SPILL_KM = 100.0
# A place whose address runs on through a district or a town ("Kelmora (Dunde LGA, Kaduna)") lies this near
# it at most: 95% of acled-dev's events lie within about 65-100 km of the point of their second-level area
# (the rest are namesake areas elsewhere), while a namesake village two districts off lies further
ADDRESS_PART_KM = 100.0
_NEAR_DEGREES = NEAR_KM / (12742.0 / 2 * math.pi / 180) + 1e-9  # latitude span of NEAR_KM
# A place is kept only when its confidence reaches this (prefer none to a wrong one);
# tuned on geoparse-dev (see the report in /work/notes/places/).
MIN_CONFIDENCE = 0.3
# With at least this much country evidence in the document (a country name counts 1, a demonym,
# an actor's country or a one-country place 0.5), places outside the document's countries are
# accepted only when at least OUTSIDE_MIN_POP people live there: a wrong namesake across the world
# is worse than none ("Shewan" in an Afghan report is not the Chinese village). Checked on
# acled-dev and geoparse-dev with `eventcoder eval` (see the closing note of issue 2).
MIN_COUNTRY_EVIDENCE = 0.5
ACTOR_COUNTRY_WEIGHT = 0.5
# The country the caller says the document's source covers (`Document.country`, `--country`): more than
# a demonym or a named group, enough for the gate of MIN_COUNTRY_EVIDENCE on its own, less than the text
# naming a country (1): a Kenyan paper's report of a shared town name is Kenyan, its report from a country
# it names is that country's. (0.75 and 2.0 scored the same on acled-dev and pitf-dev with
# `eventcoder eval --country-from-gold`.)
SOURCE_COUNTRY_WEIGHT = 0.75
# The share of a country's evidence that counts for a territory it holds or contests (countries.json
# `linked`): enough to prefer the territory's town to a namesake elsewhere, not to outweigh the text
# naming either
LINKED_SHARE = 0.5
# a demonym of armed forces or of a border ("Kelmorian troops", "the Kelmorian border"): less than the
# evidence that makes foreign namesakes doubtful (MIN_COUNTRY_EVIDENCE), but enough to prefer that country
FORCES_EVIDENCE = 0.25
# The words of areas only one country has, each a hint of that country as strong as a named group's:
# "Ukum Local Government Area", "Kelmora LGA" (Nigeria's second-level areas; Australia's councils are
# called so too, but seldom in conflict news; "Kelmora Local Government" too, a name before it: not
# "local government officials"), "Kelmora upazila" (Bangladesh's sub-districts), "Barangay Kelmora"
# (the Philippines' villages)
_COUNTRY_AREAS = (
    ("NGA", re.compile(r"\b(?:[Ll]ocal [Gg]overnment (?:[Aa]rea|[Cc]ouncil)|LGA)s?\b"
                       r"|\b[A-Z][\w'-]+ Local Government\b")),
    ("BGD", re.compile(r"\bupazilas?\b|\bunion parishad\b", re.I)),
    ("PHL", re.compile(r"\b[Bb]arangays?\b")),
)
# A name found in one country only says which country the text is about when the place is a town
# of some size: hamlets with unique names abroad are what the gate above is for.
ONE_COUNTRY_MIN_POP = 1_000
# how alike two light keys must be (difflib's ratio) to be spellings of one region's name ("Sagaing", "Sagain")
RESPELT_RATIO = 0.85
# A city of millions whose namesakes elsewhere are all at least DOMINANT_RATIO times smaller says which
# country the text is about as well ("Kabul" beside an Israeli hamlet of that name; smaller ones are
# often words as well: "the Metro"); set by hand on acled-dev (issue 3).
DOMINANT_MIN_POP = 1_000_000
DOMINANT_RATIO = 20
# The same for first-level regions the text calls so ("X State"): one at least this many times as
# populous as its namesakes elsewhere says which country (set by hand, issue 3).
REGION_DOMINANT_RATIO = 2
DOMINANT_WEIGHT = 0.25  # once per name, as evidence (a Texan "Paris" story names Paris six times)
# A place smaller than this does not vouch for its own country when other places of the text point
# elsewhere ("Dashti", a part of Kabul, is no Iranian village); larger towns do
# ("Batumi" beside "Turkey"). Set by hand on acled-dev (issue 3).
SELF_EVIDENCE_MAX_POP = 10_000
# Countries whose first-level regions are written with their word ("Niger State", "Plateau State")
STATE_WORD_COUNTRIES = frozenset({"NGA"})
# Countries whose first-level regions English calls states (federal states, regional states, federal
# member states): "Bolivar state" is Venezuela's, not Colombia's department nor Ecuador's province
STATE_COUNTRIES = frozenset({"USA", "MEX", "VEN", "BRA", "NGA", "IND", "MYS", "AUS", "SDN", "SSD", "MMR", "DEU",
                             "AUT", "ETH", "SOM", "FSM", "PLW"})
OUTSIDE_MIN_POP = 500_000
LONE_TOWN_MIN_POP = 20_000  # a town with no namesake, taken abroad from a group's country: a town, not a hamlet
# A part of a person's name is a place only if the place is at least this large.
PERSON_PART_MIN_POP = 1_000_000
# a village known only from GeoNames' postal table lies in a country the rest of the text points to, with
# at least this share of the evidence of the country it points to most (a French story that names a US
# town once has no US postal villages in it), or near a town the text names (the national tables of
# villages, of the countries of conflicts, are not so held: a name from them is itself a sign of the country)
POSTAL_COUNTRY_SHARE = 0.25
# A place said to lie in a region or country ("X, Donetsk") where the gazetteer has no X must be at
# least this large to be taken from elsewhere (lists of towns: "Kisumu, Nakuru").
WITHIN_OUTSIDE_MIN_POP = 100_000
# A region named like a town this large may stand for the town, of which a place named before it is a
# part ("Kelmora (Dunde)"): an address's region that holds no place of the name is then not wrong.
AREA_TOWN_MIN_POP = 50_000
# the farthest a place named before the name of a city of millions ("Kelmora, Dunde City") lies from it
CITY_PART_KM = 30.0
CITY_PART_MIN_POP = 1_000_000
# The same for a word inside a longer organisation or facility name.
INSIDE_NAME_MIN_POP = 100_000
# Fold-only (transliteration) matches must name a place at least this large: folding makes many
# small namesakes.
FOLD_MIN_POP = 5_000
# A transliteration fold is taken inside the area an address names only for a name this long.
FOLD_INSIDE_MIN_LEN = 5
# ... and, in a text that points to no country, where "in" or "at" governs it, for one this long
# (letters, spaces and articles left out) folding to a town this large (a misspelt town of some size,
# not a village's namesake abroad; round figures, not tuned).
FOLD_GOVERNED_MIN_LEN = 7
FOLD_GOVERNED_MIN_POP = 50_000
MAX_MATCHES = 60

_CONNECTORS = {"of", "al", "el", "ez", "az", "ad", "ar", "as", "ash", "es", "ed", "er", "an", "at",
               "de", "du", "la", "le", "les", "del", "da", "do", "dos", "das", "di", "the", "-", "'",
               "and", "upon", "on", "en", "y", "bin", "ibn", "um", "umm", "abu", "bou", "ben",
               "i", "e", "ye",  # (Persian izafe: "Qala i Naw", "Pul-e Khumri", "Kalay-ye Sang")
               "los", "las", "sub", "wa",  # ("Valle de las Palmas"; Romanian "de sub"; Dari "wa", and)
               "des", "au", "aux", "sur", "sous"}  # (French: "Croix-des-Bouquets", "Port-au-Prince", "Boulogne-sur-Mer")
# "Dara i Kelmora", "Kelmora e Sharif": a Persian compound joined by its izafe, written apart
_IZAFE_AFTER = re.compile(r"^ (?:i|e|ye) [A-Z]")
_IZAFE_BEFORE = re.compile(r"[A-Z][\w'’-]* (?:i|e|ye) $")
# connectors that are English words too: a name joined by them must be spelt as the gazetteer has it
_ENGLISH_LINKS = {"at", "on", "and", "upon", "the", "of", "an", "as", "in"}
# the lower-case words inside Romance names ("Lanao del Sur", "Santa Rosa de Lima")
_NAME_LINKS = {"del", "de", "do", "da", "dos", "das", "di", "la", "las", "los", "y"}
# the joining words of Persian and Arabic compound names written with hyphens
_IZAFE = {"e", "i", "ul", "ud", "ur", "us", "ut", "al", "el"}
# the compass words among the modifiers (a capitalised one before a country's name may still name its part)
_COMPASS_WORDS = frozenset({"western", "eastern", "northern", "southern", "north", "south", "east", "west",
                            "northeastern", "northwestern", "southeastern", "southwestern"})
COMPASS_TOWN_MAX_POP = AREA_TOWN_MIN_POP  # a town named "South <country>" the compass words may still override
_MODIFIERS = _COMPASS_WORDS | {"central", "rural", "upper", "lower", "greater", "mount", "lake"}
# Capitalised words that are gazetteer names somewhere but nearly never places in news.
STOP_NAMES = frozenset("""
mr mrs ms dr president minister army police government state republic reuters afp ap bbc cnn
god allah islam muslim christian jesus prophet internet facebook twitter youtube google
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday today yesterday day d-day
university college hospital church school party council court congress parliament senate
north south east west northern southern eastern western central new old great
king queen prince general colonel captain major sergeant commander chief governor mayor
officer commissioner constable trooper ranger warden
said says will can also but and the this that these those there here when where while english
county district province city town village street road river valley region area camp market ward
bridge airport station square port hill hills mountain mountains island islands lake border
high highway mine union secretary junior jubilee sadar thana abu hindi sector christmas sharia main
mary virgin poblacion maasai fulani federal federation ramadan eid muharram ashura diwali holi colonia
shia shiite sunni sun jan feb mar apr jun jul aug sep sept oct nov dec control
supreme united post daily herald tribune gazette telegraph sentinel monitor standard star justice liberal
democrat freedom success booker kremlin earth deputy house reserve section avenue media continental
hope orange northwest northeast southwest southeast law met crown campus industry buy leader marine enterprise
mission branch luck commerce celebration holy metro bank commonwealth
""".split())
# words that open no place's name when the rest of a run of words is a stop name or a pronoun (at a sentence's
# start, where they are capitalised, or not: "as Area"): "In June" is no Australian Injune, "And I" no Russian Andi
_OPENING_WORDS = frozenset("in and as at on of or to by for but if is it so".split())
_PRONOUNS = frozenset("i we you he she they it".split())
# the makes of cars and a few names of people that GeoNames gives to small places: never a place themselves,
# but unlike the words above they still open a longer name ("a Toyota Corolla" is no Corolla either)
_NAME_WORDS = frozenset("honda cadillac dodge ford toyota nissan chevrolet hyundai white alex paul obama".split())
# names of humanitarian bodies that GeoNames also gives to small places ("the Red Cross said ...")
STOP_PHRASES = frozenset({"red cross", "the red cross", "red crescent", "the red crescent", "white house",
                          "the white house", "el niño", "el nino", "la niña", "la nina"})
NEAR_BEFORE = re.compile(
    r"(?:\bnear(?:by)?|\boutskirts of|\bvicinity of|\bclose to|\boutside(?: of)?|(?<!\bin and )\baround"
    r"|\b(?:north|south|east|west|northeast|northwest|southeast|southwest)(?:ern)? of"
    r"|\bedge of|\bperiphery of|\b(?:in|the) (?:general |rural |surrounding )?areas? of|\bsurroundings of|\bcountryside of"
    r"|\bdirection of|\b(?:different|several|various|many|some) villages of"
    # "about 40 km (25 miles) from Gao", "15 kilometres north of Kelmora": a distance told from the town
    r"|\b\d[\d.,]*\s*(?:km|kms|kilomet(?:er|re)s?|miles?)\s+(?:\([^()]{1,20}\)\s+)?"
    r"(?:(?:north|south|east|west|northeast|northwest|southeast|southwest)(?:ern)?\s+)?(?:of|from)"
    # "between the villages of Amba and Okoyeri": somewhere between two places
    r"|\bbetween(?:\s+the\s+(?:towns?|cities|villages?|areas?|localities)\s+of)?"
    r"|\bbetween\s+(?:the\s+(?:towns?|cities|villages?|areas?|localities)\s+of\s+)?[A-Z][^.;()]{0,40}?\band)"
    # ("on the outskirts of Kelmoria's Dunde city": the country's possessive between)
    # ("north of the capital, Kelmora": the capital's name after it)
    r"(?:\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}(?:town|city|village|district)\s+of|\s+the\s+(?:[a-z]+\s+)?capital,?)?"
    r"\s+(?:the\s+)?"
    r"(?:(?-i:[A-Z])[\w-]*['’]s\s+)?$", re.I)
# a word of which every match of NEAR_BEFORE holds one: tested first, as most names have none before them
# and the pattern is costly (a sixteenth of the time; the same answer)
_NEAR_WORDS = re.compile(r"\b(?:near|outskirts|vicinity|close|outside|around|north|south|east|west|edge|periphery|"
                         r"area|surroundings|direction|villages|between|km|kms|kilomet|mile|countryside)")


def near_before(text: str, lo: int = 0, hi: int | None = None) -> bool:
    """Whether NEAR_BEFORE matches in text[lo:hi] ("near the", "outskirts of"), as its search would tell."""
    hi = len(text) if hi is None else hi
    return _NEAR_WORDS.search(text[lo:hi].lower()) is not None and NEAR_BEFORE.search(text, lo, hi) is not None


# "Kabul's outskirts": a general area around the place, ACLED's geo_precision 2 ("the Qalat area" is
# not: ACLED codes the named area itself, precision 1; nor is "Kelmora district center", the town
# that is the seat of the district of its name)
# ("the Kelmora sector area": the ground a frontline sector named after the town covers)
# ("the Kelmora countryside", "Kelmora's western countryside": the rural area around a Syrian town, as its
# news calls a governorate's villages)
_AREA_AFTER = re.compile(r"^(?:'s)?\s+(?:outskirts|vicinity|surroundings|environs|sector\s+area|"
                         r"(?:(?:north|south|east|west)[a-z-]*\s+)?countryside)\b", re.I)
# "Kelmora sector": a frontline sector named after its town
_SECTOR_AFTER = re.compile(r"^\s+sectors?\b", re.I)
# "KELMORA, Aug 28 (Reuters) -", "KELMORA (AP) --", "KELMORA: ": what follows a dateline's town
_DATELINE_AFTER = re.compile(r"\s*(?:,|\(|--?|—|–|:)")
# ("11km from X": the unit may be glued to its number)
KM_BEFORE = re.compile(r"(?:\b|(?<=\d))(?:km|kms|kilomet(?:er|re)s?|miles?)\b[^.;]{0,30}\b(?:of|from)\s+(?:the\s+)?$",
                       re.I)
# (an aside in brackets may come between: "Baharak (Khairabad) district")
_ASIDE = r"(?:\s*\([^()]{1,40}\))?"
# ("Kelmora district center" is the town, the seat of its district, and none of these)
_SEAT = r"(?!\s+(?:center|centre|headquarters)\b)"
# second-level areas named with their country's own word: Ethiopia's woredas, South Sudan's payams
# (shared with event_locations' address patterns)
LOCAL_DISTRICT_WORDS = r"woreda|wereda|payam"
_REGION_AFTER = re.compile(
    _ASIDE + r"\s+(?:provinces?|governorates?|regions?|state|districts?" + _SEAT + r"|county|oblast|prefecture|department|"
    r"countryside|area|valley|lga|local\s+government(?:\s+area)?|sub-?county|municipality|tehsil|constituency|"
    r"division|upazila|taluka|commune|" + LOCAL_DISTRICT_WORDS + r")\b", re.I)


def _fold_with_area_word(gz, matches, head: str, last: str) -> bool:
    """Whether a name matched only by a transliteration fold ends in an area word and its head matches
    as spelt: "Konar province" is Konar and its cue word, not a fold of "Kunar province"."""
    return bool(matches) and matches[0].quality < 0.9 and bool(_REGION_AFTER.fullmatch(" " + last)) \
        and any(m.quality >= 0.9 for m in gz.lookup(head))
# The cue words of a second-level area ("Walker County", "Muqur district", "Daudkandi upazila",
# "Buganda commune"); the others name first-level regions ("Sanaa province", "Borno State").
_ADMIN2_AFTER = re.compile(
    _ASIDE + r"\s+(?:districts?" + _SEAT + r"|county|lga|local\s+government(?:\s+area)?|sub-?county|municipality|"
    r"tehsil|constituency|upazila|taluka|commune|territory|cercle|zone|" + LOCAL_DISTRICT_WORDS + r")\b", re.I)
# "Kelmaw Township": in Myanmar an area of several hundred villages named after its seat (a district's
# part, where ACLED codes the seat with precision 2); a township elsewhere (Kenya's, South Africa's) is a
# town or a part of one
_TOWNSHIP_AFTER = re.compile(_ASIDE + r"\s+townships?\b", re.I)
TOWNSHIP_AREA_COUNTRIES = frozenset({"MMR"})
_COUNTY_AFTER = re.compile(_ASIDE + r"\s+count(?:y|ies)\b", re.I)
# the countries whose first-level regions are counties (Kenya's since 2013, Liberia's, Romania's judete,
# Hungary's megyek, Croatia's zupanije, Estonia's maakonnad, Lithuania's apskritys, Albania's qarqe,
# Norway's and Sweden's): "Kelmora County" there is the region, not a town of the name abroad
COUNTY_REGION_COUNTRIES = frozenset({"KEN", "LBR", "ROU", "HUN", "HRV", "EST", "LTU", "ALB", "NOR", "SWE"})
_COUNTY_WORD = re.compile(r"\bcounty\b", re.I)
# "Kelmora and Dunde districts", "Kelmora, Dunde and Lurin districts": a list of districts
_NAME_LIST = r"(?:\s*(?:,\s*and|,|and|&)\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}(?:\s*\([^()]{0,40}\))?){1,6}"
_AREA_LIST = _NAME_LIST + r"\s+(?:districts|upazilas|communes|LGAs|counties)"
_DISTRICT_LIST_AFTER = re.compile("^" + _AREA_LIST + r"\b")
# "in Kelmora and Dunde provinces", "Kelmora, Dunde and Lurin states": a list of first-level regions (each
# one a region, not the town it is named after)
REGION_LIST_AFTER = re.compile(_NAME_LIST + r"\s+(?:provinces|states|regions|governorates|oblasts)\b")
# ... and the province closing it: "Kelmora (Dunde), Lurin and Tasra districts, Kunar"
_DISTRICT_LIST_TAIL = re.compile(_ASIDE + _AREA_LIST + r"\s*,\s*")
# ... and of one district given with its other name: "Kelmora (Dunde) district, Kunar"
_ALIASED_DISTRICT_TAIL = re.compile(r"\s*\([^()]{1,40}\)\s+(?:district|upazila|commune|LGA|county)\s*,\s*")
# "Front for the Total Liberation of Kelmoria", "Union for the Independence of Dunde": the cause a group
# names itself after (capitalised, as a part of its name)
CAUSE_OF_BEFORE = re.compile(r"\b(?:Liberation|Independence|Emancipation|Salvation|Freedom|Reunification)\s+"
                             r"of\s+(?:the\s+)?$")
# "Kelmo (Dunde, Lurin)", "Kelmo (Lurin)": what opens and closes the last name of a bracketed address
_BRACKET_TAIL_BEFORE = re.compile(r"\((?:[^()]{1,60},\s*)?$")
_BRACKET_CLOSE_AFTER = re.compile(r"\s*\)")
# "in Kelmora district, Kandahar", "Dunde LGA, Zamfara": the name closing the address of an area
# is the region holding it (the province, not its namesake town)
_ADDRESS_TAIL_BEFORE = re.compile(
    r"\b(?:districts?(?:\s+(?:cent(?:er|re)|headquarters))?|county|lga|upazila|tehsil|taluka|sub-?county|commune|"
    r"sub-?division|township)\s*(?:\([^)]{0,40}\)\s*)?,\s*$", re.I)  # (and "Kelmora district center, Kandahar")
# the same with "in": "Kelmora district in Ghazni" (not a commune's: "Kelmora commune in Conakry city" is
# in the city)
_IN_TAIL_BEFORE = re.compile(r"\b(?:districts?|lga|upazila|tehsil|taluka)\s+in\s+$", re.I)
# "the northern state of Kelmora", "the province of Dunde": the text calls the name a first-level region
_REGION_BEFORE = re.compile(r"\b(?:state|province|governorate|region)\s+of\s+$")
# "outside the Kelmora Press Club", "near Kabul airport": the place names a site inside the town, and
# the town itself is where the event is (ACLED's precision 1; "in the area of X airport" stays 2)
_SITE_NEAR_BEFORE = re.compile(r"\b(?:near|outside|close to|in front of)\s+(?:the\s+)?$", re.I)
# (the buildings and sites of a town, also read by the event-location stage)
FACILITY_WORDS = (r"press\s*club|club|airport|air\s*base|office|offices|jail|prison|police\s+station|"
                  r"railway\s+station|hospital|university|college|school|mosque|temple|church|bazaar|stadium|"
                  r"high\s+court|court|secretariat|assembly|parliament|headquarters|cantonment|city\s+hall|"
                  r"town\s+hall|municipal\s+corporation")
_PRESS_CLUB_AFTER = re.compile(r"\s+press\s*club\b", re.I)
_SITE_OF = r"^(?:'s)?\s+(?:[A-Z][\w'-]*\s+)?"  # (between a town's name and a site bearing it)
_FACILITY_AFTER = re.compile(_SITE_OF + r"(?:" + FACILITY_WORDS + r")\b", re.I)
# "Kelmo mosques", "Kelmo Sugar Company": a site named after its place (a village the villages extra knows
# is taken by it as by "in")
# (not a university's or a court's, which bear a region's name as often: "Andhra University")
_NAMED_SITE_AFTER = re.compile(_SITE_OF + r"(?:mosque|church|temple|market|bazaar|police\s+station|company|factory|mill|"
                               r"estate)s?\b", re.I)
# sites that lie outside the town they are named after: "near Kelmora Airport" is near the town
# (ACLED's precision 2), though "near the Kelmora press club" is in it
_OUTLYING_SITE_AFTER = re.compile(_SITE_OF + r"(?:airport|air\s*base)\b", re.I)
# between a town and the area holding it: "Columbus, Ga.", "Kelmora (Biu LGA, Borno)", "Kelmora
# (Dunde, Borno)" with a Dunde the gazetteer lacks, "the Kelmora area of Dunde district, Herat"
_WITHIN_MIDDLE = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?(?:\s+(?:LGA|district|county|province|state))?,\s*"
# ("Kelmora of Dunde district, Herat", "Kelmora district, Herat")
# ("Kelmora informal settlement, Dunde district, in Cape Town")
# ("Kelmora, in northwest Delhi": a compass word before the area)
# ("Kelmora District - Dunde County": a dash after the area word)
# ("Kelmora village, coded as Dunde district, Lurin": a note naming the area a coder filed it under; "coded"
# alone where the tagger takes "as" into the next name)
_WITHIN_COMPASS = r"(?:(?:north|south)-?(?:east|west)|north|south|east|west|central)(?:ern)?\s+"
_WITHIN_GAP = re.compile(r"^['’]?(?:(?:\s+(?:community|village|town|(?:forest\s+)?area|(?:informal\s+)?settlement))?\s*(?:,(?:\s*coded(?:\s+as)?\b)?|\(|,?\s*in)\s*"
                         r"(?:" + _WITHIN_MIDDLE + r"(?:in\s+)?|(?<=in\s)" + _WITHIN_COMPASS + r")?"
                         r"|(?:\s+(?:area|village|town|locality))?\s+of\s+" + _WITHIN_MIDDLE +
                         r"|\)?\s+(?i:(?:sub-?)?districts?(?:\s+(?:cent(?:er|re)|headquarters))?|lga|county|sub-?county|upazila|tehsil|taluka|municipality|division|ward|constituency|region|regency|province|townships?|"
                         r"sector(?:\s+area)?)"
                         r"\s*(?:[,(]|[-–](?=\s))\s*(?:" + _WITHIN_MIDDLE + r")?(?:in\s+)?)$")
# a place named before another of the same address: "Kelmora of Dunde district, Herat"
_CHAIN_GAP = re.compile(r"^['’]?\s*(?:of|in)\s+$")
# the end of an address at a second-level area's name: "in Dunde.", "in Dunde district on Monday"
_ADDRESS_ENDS = re.compile(r"(?:\s+district)?(?![ \t]*[,(])(?![ \t]+(?i:province|state|region|governorate))")
# an address going on after an area's cue word: ", Lurin state", " (Lurin)"
_ADDRESS_GOES_ON = re.compile(r"\s*[,(]\s*[A-Z]")
_PART_OF_GAP = re.compile(
    r"^\s+(?:(?:town|colony)\s+)?(?:areas?|neighbou?rhoods?|localit(?:y|ies)|quarters?|sectors?|suburbs?|colon(?:y|ies)|"
    r"district|township|village)\s+"
    r"(?:of|in)\s+(?:the\s+)?$", re.I)  # ("the Kelmora Town area of Dunde" too)
_NAME_RUNS_ON = re.compile(r"[ \t]+[A-Z]")
_CITY_PART_WORD = re.compile(r"\b(?:neighbou?rhood|quarter|suburb)\b", re.I)
_ADMIN2_WORD = re.compile(r"\b(?:district|county|lga|municipality|parish|borough|territory)\b", re.I)
# news services named after a country or a region (their names are no place of the story)
_MEDIA_NAME = re.compile(r"\b(?:Agence\s+France[-\s]Presse|Radio\s+France(?:\s+Internationale)?|France\s*24|"
                         r"Voice\s+of\s+America|Radio\s+Free\s+Europe|Press\s+Trust\s+of\s+India|Times\s+of\s+India|"
                         r"Associated\s+Press\s+of\s+Pakistan|Sudan\s+Tribune|China\s+Daily|Kenya\s+News\s+Agency)\b")
# "the Atlantic", "the eastern tropical Pacific", "the Middle East": the name of a sea, an ocean or a region
# of several countries goes with "the", a town's does not
_THE_EXPANSE_BEFORE = re.compile(r"\bthe\s+(?:(?:(?:north|south)?-?(?:east|west)?(?:ern)?|central|tropical|equatorial|"
                                 r"mid|open|upper|lower|wider|whole|entire)\s+){0,3}$", re.I)
# a capitalised word going on with a name ("the Sahel Metro")
_CAPITAL_WORD_AFTER = re.compile(r"[ \t]+[A-Z]")
_IN_BEFORE = re.compile(r"\b(?:in|at|near|close\s+to)\s+(?:the\s+)?$", re.I)
# "in Kelmora, " before a name: the first part of an address that "in" or "at" governs (group 1)
ADDRESS_GOVERNED = re.compile(r"\b(?:in|at)\s+(?:the\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3}),\s*$")
# "in Kelmora, Dunde and ": a list of names that "in" or "at" governs, up to the next one
_LIST_GOVERNED = re.compile(r"\b(?:in|at)\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
                            r"(?:\s*,\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}){0,4}\s*,?\s+and\s+$")
# the comma of an address after a name ("Kelmora, Mexico"), the word "region" after it, and a border crossing
# named after it
_COMMA_AFTER = re.compile(r"\s*,\s*")
_CALLED_REGION_AFTER = re.compile(r"^\s+region\b", re.I)
_STATE_AFTER = re.compile(r"\s+[Ss]tate\b")
# "the state of Kelmora": the word before, as the text calls the region a state
_STATE_OF_BEFORE = re.compile(r"\b[Ss]tate\s+of\s+(?:the\s+)?$")
_MUNICIPAL_BODY_AFTER = re.compile(r"^\s+(?:Municipal\s+(?:Corporation|Council|Committee)|Metropolitan\s+Corporation)\b")
_BORDER_NAME_AFTER = re.compile(r"^\s+(?:border|frontier)\s+(?:crossing|point|post|town|gate)s?\b", re.I)
# what carries a list on after a name: "Kelmo, Dunde and Lurin", "Kelmo, Dunde, Lurin"
_LIST_GOES_ON = re.compile(r"\s*(?:,\s*(?:and\s+)?[A-Z]|(?:and|&)\s)")
# after a people's name: a noun for its members, maybe after other peoples' names it serves too ("Kikuyu and
# Kisii people")
_ETHNIC_PEOPLE_AFTER = re.compile(r"(?:\s*(?:,|&|and|or)\s*(?-i:[A-Z][a-z]+))*\s+(?:people|peoples|communit(?:y|ies)|"
                                  r"tribes?|clans?|youths?|militias?|militiamen|raiders|herders|herdsmen|elders|"
                                  r"warriors|tribesmen|pastoralists|ethnic)\b", re.I)
# two sides of a fight named by their peoples ("Pokot vs. Kikuyu & Kisii"): the other side's name
_SIDE_AFTER = re.compile(r"\s*(?:&|and|vs\.?|versus)\s*((?-i:[A-Z][a-z]+))\b(?!\s+(?:count|district|region|province|"
                         r"state|town|village|sub-count|constituenc|division|area))", re.I)
_SIDE_BEFORE = re.compile(r"\b([A-Z][a-z]+)\s*(?:&|and|vs\.?|versus)\s*$")
_NUMBERED_PART = re.compile(r"([A-Z][a-z'’]+)-[0-9]{1,2}")
# ACLED's interaction code of foreign forces ("Operation Barkhane"), which act outside their own country
FOREIGN_FORCES = "External/Other forces"
_NAME_GOES_ON = re.compile(r"^\s+(?:del|de|do|da|di|al|el)\s+[A-Z]")
# "in Kelmora Dunde ward", "at Kelmora Qqor village": the name of the ward or village runs on past the name
# matched, so that name is not the place (a compass word or an area's own word may follow a name: "Kelmora
# East constituency", "Kelmora Town area", "Kelmora Location, Dunde District"); so does one whose address
# runs on through an area and its word ("in Kelmora Tatu, Dunde constituency")
_LONGER_NAME_AFTER = re.compile(r"[ \t]+(?!(?:North|South|East|West|Central|Upper|Lower|New|Old|Town|City|District|"
                                r"Township|Village|State|Province|County|Region|Division|Municipality|Location|Ward|"
                                r"Constituency|Sub-?[Cc]ounty|Sector|Area|Tehsil|Upazila|Taluka|LGA)\b)"
                                r"[A-Z][\w'-]*(?:[ \t]+(?i:ward|village|quarter|locality|mohalla|neighbou?rhood)\b"
                                r"|,[ \t]+[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'-]*)?[ \t]+"
                                r"(?i:ward|constituency|sub-?county|division|location|district|upazila|tehsil|taluka|lga)\b)")
# ("at Dunde Kelmora village": nor is the name's last word, after a word that opens it)
_LONGER_NAME_BEFORE = re.compile(r"(?<![\w'-])(?!(?:In|At|On|Near|From|To|Of|The|And|By|For|Into)\b)[A-Z][\w'-]*[ \t]+$")
_PART_WORD_AFTER = re.compile(r"[ \t]+(?i:ward|village|quarter|locality|mohalla|neighbou?rhood)\b")
_HOLIDAY_AFTER = re.compile(r"^\s+Day\b")
_SEA_AFTER = re.compile(r"\s+(?:Sea|Ocean)\b")
# the smallest town a short dateline in capitals is read as ("GOMA, Congo (Reuters) -", "JOS, Nigeria -"); a
# short word in capitals is mostly an acronym ("UN, AU and ECOWAS envoys ...")
SHORT_DATELINE_MIN_POP = 10_000


def _short_dateline(text: str, c, usable) -> bool:
    """A name of four capitals or fewer opening a line, a comma or a bracket after it, spelt as a town of some
    size: a dateline ("KYIV, March 12 (Reuters) -"), no acronym."""
    line_start = text.rfind("\n", 0, c.start) + 1
    return c.text.isupper() and len(c.text) >= 3 and not text[line_start:c.start].strip() \
        and bool(_SHORT_DATELINE_AFTER.match(text, c.end)) and any(
            m.quality == 1.0 and m.place.kind == "city" and m.place.population >= SHORT_DATELINE_MIN_POP
            for m in usable)


_SHORT_DATELINE_AFTER = re.compile(r"\s*(?:,|\()")
_THING_NAMED_AFTER = re.compile(r"\s+(?:cocktails?|rifles?|assault\s+rifles?)\b", re.I)
# "was deported to Canada", "fighters returning from Syria": where someone went or came from, no evidence
# of where the text is (nor, for a country, the place of its events)
MOVED_BEFORE = re.compile(r"\b(?:deported|extradited|repatriated|returned|returning|fled|fleeing|travell?ed|"
                          r"travell?ing|ferried|smuggled|sent|taken|flown|moved|headed|heading|bound|back|crossed|"
                          r"crossing|came|coming|infiltrated|infiltrating)\s+"
                          r"(?:back\s+)?(?:to|from)\s+(?:the\s+)?(?:neighbou?ring\s+)?$"
                          # ("a resident said by phone from Kelmoria": where the teller is, not where it happened)
                          r"|\b(?:by\s+(?:tele)?phone|over\s+the\s+(?:tele)?phone|speaking)\s+from\s+(?:the\s+)?"
                          r"(?:neighbou?ring\s+)?$"
                          # ("the attackers fled into Kelmoria": where they went after, not where they struck)
                          r"|\b(?:fled|fleeing|escaped|escaping|retreated|retreating)\s+(?:back\s+)?into\s+"
                          r"(?:the\s+)?(?:neighbou?ring\s+)?$"
                          # ("displaced thousands of people towards Goma": where the displaced went)
                          r"|\b(?:displaced|driven|fled|fleeing|heading|headed|moving|moved)\b[^.;]{0,40}?\btowards?\s+"
                          r"(?:the\s+)?$", re.I)
# "the Kelmora government", "the Dunde regime": whose government; a town that small has none (not "the
# Kelmora Government Centre", "the Dunde government hospital": a building there)
GOVERNMENT_AFTER = re.compile(r"\s+(?:[Gg]overnment|[Rr]egime)\b(?!\s+[A-Z]|\s+(?:house|office|offices|centre|center|"
                              r"complex|hospital|college|school|building|quarters|guest\s*house)\b)")
# "the Colorado Party", "Unity League", "the Kelmora ethnic group": a name that opens a party's, a
# movement's or a people's is theirs
_PARTY_AFTER = re.compile(r"^\s+(?:Party|League|Movement|Alliance|[Ee]thnic\s+[Gg]roup|tribe)\b")
# "in Boa Viagem neighborhood", "Centro, Norte and Sul neighborhoods": a part of a town (also the first
# word of a longer name: "in the Kelmo Dunde Vesh neighbourhood")
_AREA_OF_AFTER = re.compile(r"\s+(?:area|locality|neighbou?rhood)\s+of\s+(?:the\s+)?[A-Z]")
_TOWN_PART_AFTER = re.compile(
    r"^(?:\s+[A-Z][\w'-]*){0,3}(?:\s*(?:,|and|&)\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}){0,6}\s+"
    r"(?:neighbou?rhoods?|communit(?:y|ies)|quarters?|suburbs?|colon(?:y|ies)|barrios?)\b")
# "Governor Troy", "Mr Lincoln", "President Kelmo": a name right after a person's title is the
# person's (a title that names its place takes "of": "the Governor of Kelmora")
_OF_CONTROL_AFTER = re.compile(r"\s+of\s+(?:Actual\s+)?Control\b")
# the rest of a person's name after a first name shaped like a country's: one or two capitalised words
_SURNAME_AFTER = re.compile(r"(?:\s+[A-Z][a-z]+(?:-[A-Z][a-z]+)?){1,2}")
# (not inside a longer name the tagger split: "Young Kelmoria Patriots")
_CAPITAL_WORD_BEFORE = re.compile(r"\b[A-Z][a-z]+\s+$")
# an honorific only a person's name follows ("Mr. Gao"; not "Dr" alone, which also opens "DR Congo" written
# in small letters)
_HONORIFIC_BEFORE = re.compile(r"\b(?:Mr|Mrs|Ms|Mme|Mister)\.?\s+$")
_TITLE_BEFORE = re.compile(
    r"\b(?:(?:Gov|Sen|Rep|Gen|Lt|Col|Maj|Capt|Sgt|Cpl|Brig|Cmdr|Dr|Mr|Mrs|Ms|Prof|Rev|Hon)\.?"
    r"|Governor|President|Senator|General|Lieutenant|Colonel|Major|Captain|Sergeant|Corporal|Brigadier|"
    r"Commander|Miss|Professor|Minister|Sheikh|Imam|Mullah|Maulana|Ayatollah|Bishop|Pastor|Reverend|Pope|"
    r"King|Queen|Prince|Princess|Sultan|Emir|Mayor|Judge|Justice|Chief|Sir|Lord|Lady|Chairman|Speaker|"
    r"Commissioner|Inspector|Premier|Councillor|Councilor|Assemblyman|Mzee"
    # (and those a text may write in lower case: "marches against president Kibaki")
    r"|president|governor|senator|minister|mayor|sheikh|imam)\s+$")
_NAME_LABELS = {"ORG", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW"}
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+$", re.I)
_PLACE_WORD_END = re.compile(r"\s(?:city|town|village|metropolis|district|province|county|lga|state|region|municipality|"
                             r"upazila|tehsil|constituency|sub-?county)$", re.I)
# "in Puno city", "Baragoi town": the name is the town's, not its region's
_TOWN_AFTER = re.compile(r"^\s+(?:city|town|village|metropolis)\b")
# "Kelmora district center", "Dunde district headquarters": the town that is the seat of the district of its
# name
_SEAT_AFTER = re.compile(r"\s+district\s+(?:center|centre|headquarters)\b", re.I)
# "the village of Kelmora": a village, whatever country shares its name
_VILLAGE_OF_BEFORE = re.compile(r"\bvillages?\s+of\s+(?:the\s+)?$", re.I)
# "Barangay Kelmora", "Brgy. Kelmora", "Kelmora village": the name is a village's
_HAMLET_BEFORE = re.compile(r"\b(?:[Bb]arangays?|[Bb]rgy\.?)\s+$")
_HAMLET_AFTER = re.compile(r"\s+(?:village|hamlet)\b", re.I)
# "the Kelmora-Dunde road": the towns a road joins are places (which yield to any other place the
# event's sentence names: see event_locations)
_COMPOUND_ROAD_AFTER = re.compile(r"(?:[-–][A-Z][\w'’]*(?:\s[A-Z][\w'’]*)?)?\s+(?:road|highway)\b", re.I)
# "Kelmora Avenue", "Dunde Road": a street's name (not "Kelmo County Road 12", a county's road by its number, nor
# "the Kelmora road", the road to the town); the towns a road joins ("the Kelmora-Dunde Road") are places
_STREET_AFTER = re.compile(r"\s+(?:Street|Avenue|Ave|Road|Rd|Drive|Boulevard|Blvd|Lane)\b"
                           r"(?!\.?\s+\d|\s+(?:Transport|Safety|Development|Authority|Corporation)\b)")
_INSTITUTION_BEFORE = re.compile(r"\b(?:College|School|Hospital|Polytechnic|Academy|Seminary)\s+$")
INSTITUTION_AFTER = re.compile(r"(?:\s+(?:Boys|Girls|Boys'|Girls'|Mixed|Day|National|County|District|Secondary|"
                               r"Primary|High|Technical|Teachers|Training|Level\s+\d|Sub-County|Referral))*"
                               r"\s+(?:University|School|College|Polytechnic|Academy|Hospital|Court)\b")
# "attacked Kelmora community": a rare word before "community" is a Nigerian village's name
_COMMUNITY_AFTER = re.compile(r"\s+communit(?:y|ies)\b")
# "the Kelmo clan", "Kelmo sub-clans", "Kelmo tribesmen": the name of a people
_CLAN_AFTER = re.compile(r"\s+(?:sub-?)?(?:clans?|tribes?|tribesm[ae]n)\b", re.I)
# ... and each of the names a plural closes: "between the Kelmo and Dunde clans", "Kelmo, Lurin and Dunde tribes"
_CLANS_AFTER = re.compile(r"(?:\s*,\s*[A-Z][\w'-]+)*\s*,?\s+(?:and|&)\s+[A-Z][\w'-]+\s+(?:sub-?)?(?:clans|tribes)\b")
_PEOPLE_AFTER = re.compile(r"\s+(?:residents|villagers|locals|traders|vendors|hawkers|drivers|farmers|herders|youths?|"
                           r"students|teachers|nurses|doctors|workers|elders|leaders|women|people|police)\b")
_LIST_GAP = re.compile(r"\s*,?\s*(?:and\s+|&\s*)")  # (not a comma alone: "in Kelmo, Dunde" is an address)
_PEOPLE_OF_BEFORE = re.compile(r"\b(?:residents|villagers|locals|inhabitants|people|natives)\s+of\s+$", re.I)
# "the Kelmo National Liberation Front": a word opening an armed group's or a movement's name (a people's,
# mostly), not a town abroad spelt so
_GROUP_NAME_AFTER = re.compile(r"\s+(?:(?:National|People'?s|Islamic|Democratic|United|Popular|Revolutionary)\s+){0,3}"
                               r"(?:Liberation|Revolutionary|Resistance|Salvation|Defen[cs]e|Solidarity)\s+"
                               r"(?:Front|Army|Movement|Council|Organi[sz]ation|Forces?|Union)\b")
# "pro-Russian separatists", "anti-American protests": a stance towards a country, not its place
_REGION_WORD_AFTER = re.compile(r"\s+(?:[Rr]egion|[Rr]egional\s+[Ss]tate)\b")
_OF_NAME = re.compile(r"\s+of\s+(?:the\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})")
_STANCE_BEFORE = re.compile(r"\b(?:pro|anti)[-\u2010\u2011]$", re.I)
# "a British man", "Chinese nationals", "a Chinese mining company": people or a firm of a nationality,
# as often abroad as at home, so the adjective is no event's site (event_locations; not "Kenyan nurses",
# "Kelmorian teachers": mostly at home, though no evidence of the text's country either, below)
_FOREIGNERS = (r"nationals?|citizens?|tourists?|expatriates?|missionar(?:y|ies)|diplomats?|pilgrims?|hostages?|"
               r"peacekeepers?|man|woman|natives?|(?:[a-z]+\s+){0,2}compan(?:y|ies)|firms?")
# the shape of a nationality's adjective ("Kelmorian", "Dundish", "Pakistani", "Congolese", "French")
DEMONYM_SHAPE = r"[A-Z][a-z]+(?:i|ian|an|ese|ish|ch)"
# ("a Kelmorian-owned factory", "a Dundish run mine": a firm's owners; "of Kelmorian descent", "Dundish in
# ethnicity": a people, wherever its members live, as in "a Kelmorian-populated quarter", "a Dundish-majority
# town")
_OWNERS_OR_ORIGIN = (r"[-\u2010\u2011\s](?:owned|run|operated|funded|populated|inhabited|dominated|majority)\b"
                     # ("a Kelmorian-American writer": a person's two nationalities)
                     r"|[-\u2010\u2011]" + DEMONYM_SHAPE + r"\b"
                     r"|\s+(?:descent|origin|extraction|(?:in\s+)?ethnicity)\b")
FOREIGNERS_AFTER = re.compile(r"\s+(?:" + _FOREIGNERS + r")\b|" + _OWNERS_OR_ORIGIN)
# "a Kenyan teacher in Kelmora", "two Chinese engineers": people of a nationality, often abroad, so
# the adjective says nothing of where the text is (it is still a place mention)
# ("Kelmorian and Dundish nationals": the noun after the second of two demonyms serves both; "a Chinese
# mining engineer": a word of the trade between)
_AND_ANOTHER = r"(?:\s+(?:and|or)\s+[A-Z][\w'-]*)?"
_NATIONALS_AFTER = re.compile(_AND_ANOTHER + r"(?:\s+[a-z]+)?\s+(?:" + _FOREIGNERS + r"|teachers?|journalists?|"
                              r"reporters?|engineers?|aid workers?|doctors?|nurses?|priests?|nuns?|businessm[ae]n|"
                              r"migrants?|refugees?)\b|" + _OWNERS_OR_ORIGIN)
# "French Operation Kelmora forces", "Kelmorian and Dundish troops": a country's armed forces fight abroad
# as well as at home; "the Kelmorian border": the places near it mostly lie across it. Weak evidence of
# the text's country (FORCES_EVIDENCE)
# the arms of armed forces ("Kelmorian missiles struck Dunde"), whose nationality says whose, not where
ARMS = r"warplanes|jets|drones?|aircraft|helicopters|missiles?|rockets?|artillery|shelling|(?:air\s*|drone\s*|missile\s*)?strikes?|bombs?|bombardment|raids?|fire"
_FORCES_AFTER = re.compile(_AND_ANOTHER + r"\s+(?:(?:[Ss]pecial\s+)?(?:forces|troops|soldiers|army|"
                           r"military|air\s+force|navy|Operation)|border|frontier|" + ARMS + r")\b")
# "Kelmora's": the possessive after a name
POSSESSIVE = re.compile(r"['’]s\s+")
# "the town of Sake": a settlement's word before a name (not "capital of": "the capital of Kelmo music")
_SETTLEMENT_OF_BEFORE = re.compile(r"(?i:\b(?:town|city|village|hamlet)\s+of\s+)$")
_TOWN_BEFORE = re.compile(r"(?i:\b(?:town|city|village|hamlet|capital)\s+of\s+(?:the\s+)?)$"
                          # (each name of a list: "the cities of Kelmora and Dunde")
                          r"|(?i:\b(?:towns|cities|villages|hamlets)\s+of\s+)(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*"
                          r"(?:\s*,\s*|\s+and\s+))*$")
# words naming a kind of place or a site in it: "Gao Cercle", "Bama Hospital" keep their place
_SITE_WORDS = frozenset("""
province governorate region state district districts county oblast prefecture department countryside
valley lga sub-county subcounty municipality tehsil constituency division upazila taluka commune cercle
sector zone township ward locality sub-district subdivision sub-division kebele woreda barangay neighbourhood neighborhood
airport airbase base barracks market road highway junction bridge hospital clinic school university college
stadium prison jail station camp checkpoint dam mosque church temple square bazaar chowk forest hills hill
mountains mountain river lake island bay gate port park centre center city town village suburb outskirts
press pressclub club office offices hall court house colony mandi bazar
""".split())
# the site words that name a building or a site in a town, not an area or a settlement ("Dadaab
# Refugee Camp" is in Dadaab; "Bria Ndakoubo District" is a district of that name)
_FACILITY_WORDS = _SITE_WORDS - frozenset("""
province governorate region state district districts county oblast prefecture department countryside
valley lga sub-county subcounty municipality tehsil constituency division upazila taluka commune cercle
sector zone township ward locality sub-district subdivision sub-division kebele woreda barangay neighbourhood neighborhood
city town village suburb outskirts forest hills hill mountains mountain river lake island bay colony
""".split())
_NER_LABELS = {"GPE", "LOC", "FAC", "ORG", "PERSON", "PRODUCT", "NORP", "WORK_OF_ART", "EVENT", "LANGUAGE"}


@dataclass
class Candidate:
    start: int
    end: int
    text: str
    matches: list
    source: str  # scan | ner | demonym
    demonym: str | None = None  # iso3 when the candidate is a demonym
    nationals: bool = False  # a demonym of people ("a Kenyan teacher"): no evidence of the text's country
    forces: bool = False  # a demonym of armed forces or a border ("Kenyan troops"), a backer: weak evidence
    near: bool = False
    cue_region: bool = False
    cue_county: bool = False
    common: bool = False  # every word of it is one the language model knows ("United", "Olympic")
    cue_admin2: bool = False
    cue_township: bool = False
    cue_town: bool = False
    village_of: bool = False  # "the village of X": no country, whatever its name (not "the capital of X")
    hamlet: bool = False  # "Barangay X", "X village", "the village of X": a village, never a large town
    seats: frozenset | None = None  # _municipal_seats, once worked out
    district_seats: frozenset | None = None  # _district_seats, once worked out
    # what does not change between the two passes of `_resolve`, worked out once: `_evidence` by its
    # `dominant` flag, `_seat_of_namesakes`, and each entry's score before the anchors' (`_score`)
    evidence_memo: dict = field(default_factory=dict)
    seat_memo: list = field(default_factory=list)
    score_memo: dict = field(default_factory=dict)
    town_part: bool = False  # "in Boa Viagem neighborhood": a part of a town the text names
    # "the (tropical) Atlantic", "the Middle East": "the" before a name a sea, an ocean or a region of
    # several countries bears
    expanse: bool = False
    area_of: bool = False  # "the Kelmora area of Dunde district": a part of the place named next
    governed: bool = False  # "in Kelmora", "at Kelmora": a preposition of place governs the name
    # "in Dundebi, Kelmora": the name closes an address "in" or "at" governs, whose first part no candidate holds
    closes_unknown: bool = False
    people: bool = False  # "residents of Kelmora", "Kelmora villagers": the people of a place name it
    listed: bool = False  # "in Dunde and Kelmora": a later name of a list a place word governs
    # the countries two other names of its list have second-level areas of ("in Dunde, Kelmo, Lurin and Tasra")
    list_areas: frozenset = frozenset()
    site: bool = False  # "Kelmora mosques", "Kelmora Sugar Company": a site bears the place's name
    border: bool = False  # "the Kelmora border crossing": a town named for the border it stands at
    called_region: bool = False  # "the Kelmora region": the word "region" itself follows the name
    cue_state: bool = False  # "Kelmora state", "the state of Kelmora": the text calls it a state
    municipal: bool = False  # "the Kelmora Municipal Corporation": the local government of a place bears its name
    moved: bool = False  # "deported to Kelmoria": a country someone went to or came from (no evidence of it)
    # a word of a longer proper name ("the Kelmora Amman Dundevi area"): a large city abroad only
    # by its spelling
    in_name: bool = False
    # light keys naming the area right after the name ("Columbus, Ga.", "Kelmora (Biu LGA, Borno)")
    within: frozenset = frozenset()
    within_area: bool = False  # the name right after is a first-level region or a country
    within_points: tuple = ()  # the towns that may hold the place ("Old Market area of Kelmora")
    within_km: float = NEAR_KM  # how far from them
    within_centres: tuple = ()  # (lat, lon, iso3) of the first-level regions named right after
    # the countries of that area when only they may hold the place: the area is in brackets or is no
    # large town ("Kelmora (Mendoza)"; "Kabul, Islamabad" may be a list of two cities)
    within_only: frozenset = frozenset()
    within_by: "Candidate | None" = None  # the candidate naming that area
    within_district: bool = False  # the address runs on through a second-level area or a town to a region
    addressed: bool = False  # the last pass found the place inside the area its address names
    ruled_out: bool = False  # the last pass found no place of the name in or near that area
    # the last name of a bracketed address ("Kelmo (Dunde, Lurin)"): an area, of the first or second level
    address_tail: bool = False
    cause_of: bool = False  # the cause a group names itself after ("... for the Liberation of Kelmoria")
    # a part of a hyphenated compound ("Sava" of "Mayo-Sava", "Mogadishu" of "Mogadishu-Hodan")
    glued: bool = False
    postal: list = field(default_factory=list)  # the postal namesakes of a town it may be (see _resolve)
    best: Match | None = None
    confidence: float = 0.0


# a verb of saying right after a name ("Kelmo said", "Kelmo told the board"), and a preposition before one
_SPEAKER = re.compile(r"(?<![\w'-])([A-Z][\w'-]*)\s+(?:said|says|told|tells|added|adds|recalled|admitted|explained|"
                      r"noted|wrote|asked|stated|argued|acknowledged|concluded|agreed|replied|responded|insisted|"
                      r"conceded|warned|testified)\b")
_FROM_OF_BEFORE = re.compile(r"\b(?:from|of|to|into)\s+(?:the\s+)?$")
# words that open a place's name or a phrase before one, not a person's first name ("Fort Kelmo", "In Kelmo")
_NOT_GIVEN = frozenset("In At Of The From To And For On By With Into Near Outside Via A An This That Fort Port Lake "
                       "Mount Mt Saint St San Santa Los Las El La Le Upper Lower Greater Great Little New Old North "
                       "South East West Central Northern Southern Eastern Western".split())


def _after_preposition(text: str, pos: int) -> bool:
    """Whether a preposition governs the name at `pos` ("in Kelmo", "officials from the Kelmo ...")."""
    return bool(_IN_BEFORE.search(text, max(0, pos - 20), pos) or _FROM_OF_BEFORE.search(text, max(0, pos - 12), pos))


@lru_cache(maxsize=8)
def _speakers(text: str) -> frozenset:
    """The capitalised words of a text that a verb of saying follows where no preposition governs them
    ("Kelmo said", not "officials in Kelmo said"): one pass over the text, not one per name."""
    return frozenset(m.group(1) for m in _SPEAKER.finditer(text) if not _after_preposition(text, m.start()))


def _surname_said(doc, text: str, c) -> bool:
    """"Fire Chief Eddie Kelmo ... Kelmo said": a one-word name, governed by no preposition, that the text
    gives as a person's last name, after a first name or an initial ("Rhonda Kelmo", "Jeremy J. Kelmo";
    a first name that opens its sentence only when the tagger put it in a person's or an organisation's
    name, not "Downtown Kelmo"), and as the one who says something ("Kelmo said", a preposition before
    it aside: "officials in Kelmo said"). The tagger often misses the full name, or labels it an
    organisation ("Lance Kelmo"), and the later mentions alone it may read as anything."""
    if c.text not in _speakers(text) or _after_preposition(text, c.start):
        return False
    for m in re.finditer(r"(?<![\w.'-])([A-Z][a-z]+|[A-Z]\.)(?:\s+[A-Z]\.)?\s+" + re.escape(c.text) + r"(?![\w'-])",
                         text):
        if m.group(1) in _NOT_GIVEN:
            continue
        tok = token_at(doc, m.start())
        if tok is not None and (not tok.is_sent_start or tok.ent_type_ in ("PERSON", "ORG")):
            return True
    return False


def _capitalised(tok) -> bool:
    return _capitalised_word(tok.text)


def _capitalised_word(t: str) -> bool:
    # (a capital letter first is a letter, mostly: the loop only for the rest, "Ⓐ1")
    return t[:1].isupper() and (t[0].isalpha() or any(c.isalpha() for c in t))


# what may close a person's name after the last name: a generation's mark, a possessive
_NAME_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv".split())
_POSSESSIVE = re.compile(r"['’]s?$")


def _last_name(name: str, n: int = 1) -> str | None:
    """The last name, of `n` words, of a person's full name, as a later mention gives it alone: "Kelmo" of
    "Dan Kelmo", "Dan Kelmo Jr." and "Dan Kelmo's"; "Dun Kelmo" of "Aung Dun Kelmo" (n = 2). None, for n > 1,
    where the full name has no more than `n` words (a name is no last name of itself) or a word in lower case."""
    words = name.split()
    while len(words) > 1 and words[-1].lower().rstrip(",") in _NAME_SUFFIXES:
        words.pop()
    if not words or n > 1 and (len(words) <= n or not all(w[:1].isupper() for w in words)):
        return None  # (nor is "kwaeng Kelmo Dun", a ward the tagger took for a person, a person's name)
    return " ".join(words[-n:-1] + [_POSSESSIVE.sub("", words[-1].rstrip(","))])


def _person_spans(ents) -> list:
    return [(e.start_char, e.end_char) for e in ents if e.label_ == "PERSON" and len(e) > 1]


class _Words:
    """The document's tokens as plain lists, read once (spaCy makes a new Token object at every
    access, and the scan looks at each token up to a dozen times)."""

    def __init__(self, doc):
        from spacy.attrs import IDX, IS_ALPHA, IS_PUNCT, IS_TITLE

        # (the flags for `_unnamed_runs`: one call of to_array is quicker than two)
        self.idx, self.title, self.alpha, self.punct = doc.to_array(
            [IDX, IS_TITLE, IS_ALPHA, IS_PUNCT]).T.tolist() if len(doc) else ([], [], [], [])
        # (the vocabulary's own strings, each the text's characters at its offset: quicker than slicing
        # the text anew)
        self.text = [t.text for t in doc]
        self.lower = [w.lower() for w in self.text]
        self.caps = list(map(_capitalised_word, self.text))

    def span_text(self, doc_text: str, i: int, j: int) -> str:
        """The text of tokens i..j-1, without the last one's trailing space."""
        return doc_text[self.idx[i]:self.idx[j - 1] + len(self.text[j - 1])]

    def end_char(self, j: int) -> int:
        """Where the text of tokens ..j-1 ends (a span's end_char)."""
        return self.idx[j - 1] + len(self.text[j - 1])


def _joined(words: _Words, k: int) -> bool:
    """Whether token k is written with no space on either side."""
    idx, text = words.idx, words.text
    return idx[k - 1] + len(text[k - 1]) == idx[k] and idx[k] + len(text[k]) == idx[k + 1]


def _glued_name(words: _Words, k: int, step: int) -> bool:
    """Whether token k is a hyphen written without spaces between the n-gram and a capitalised word
    (k = the token before the n-gram with step -1, the token after it with step 1)."""
    far = k + step
    if not (0 <= far < len(words.text)) or words.text[k] not in ("-", "–"):
        return False
    if step == 1 and words.lower[far] in _IZAFE and far + 1 < len(words.text) and words.text[far + 1] == "-":
        # "Ahl-e-Sunnat", "Tehreek-i-Insaf", "Jamiat-ul-Ulema": the first word of a joined name
        return words.idx[k - 1] + len(words.text[k - 1]) == words.idx[k]
    if not words.caps[far]:
        return False
    near = k - step
    a, b = (near, k) if step == 1 else (k, near)
    c, d = (k, far) if step == 1 else (far, k)
    return (words.idx[a] + len(words.text[a]) == words.idx[b]) and (words.idx[c] + len(words.text[c]) == words.idx[d])


# words that open or end no name the index does not spell with them: an article or a preposition before a
# name ("the" aside, which the scan's other rules read: "The Hague", "the Miami relatives"), or opening the
# next sentence or phrase after one ("Mogadishu The attack", "ATLANTA - A man"), which the look-up's key drops
_NO_NAME_END = frozenset("the a an of in at on to for by with from and or".split())


def _scan(ctx: Context, gz, words: _Words) -> list:
    """Longest gazetteer names over capitalised token n-grams, left to right."""
    text = ctx.text
    lower, caps = words.lower, words.caps
    n = len(lower)
    # tokens that may stand inside a name: capitalised, a connector ("of", "al"), a hyphen
    inner = [c or lw in _CONNECTORS or w in "-'’&" for c, lw, w in zip(caps, lower, words.text)]
    # a slash written between two names: "Ogba/Egbema/Ndoni", "Oshodi/Isolo" (Nigerian areas' names)
    for k in range(1, n - 1):
        if words.text[k] == "/" and _joined(words, k):
            inner[k] = True
    out = []
    i = 0
    while i < n:
        low = lower[i]
        lead = low in _MODIFIERS or low in ("al", "el", "ad", "ar", "as")
        # a stop word may start a longer name ("New York", "Central African Republic")
        if not (caps[i] or lead):
            i += 1
            continue
        found = 0
        named = _named_with_area_word(gz, words, text, i, inner) if caps[i] else None
        if named:
            out.append(named[0])
            i += named[1]
            continue
        for size in range(min(MAX_NGRAM, n - i), 0, -1):
            j = i + size
            # (a name may end in a lower-case part glued on by a hyphen: "Impasug-ong", "Mukurwe-ini")
            # (not an izafe: "Rabat-e Sangi" is no Rabat)
            tail = size >= 3 and caps[i] and words.text[j - 2] in ("-", "–") and words.text[j - 1].isalpha() \
                and len(words.text[j - 1]) >= 2 and lower[j - 1] not in _IZAFE and lower[j - 1] not in ("ye", "yi") \
                and words.idx[j - 3] + len(words.text[j - 3]) == words.idx[j - 2] \
                and words.idx[j - 2] + len(words.text[j - 2]) == words.idx[j - 1]
            if not (caps[j - 1] or tail) or (size == 1 and lead) or not all(inner[i + 1:j - 1]):
                continue

            name = words.span_text(text, i, j)
            if "\n" in name or name.lower() in STOP_NAMES or size == 1 and low in STOP_NAMES:
                continue
            matches = gz.lookup(name)
            if "/" in name and not any(m.quality >= 1.0 for m in matches):
                continue  # (only a name spelt so as a whole: "Kelmora/Dunde" is two towns)
            numbered = _NUMBERED_PART.fullmatch(name) if size == 1 and not matches else None
            if numbered and not known_word(ctx.doc.vocab, numbered.group(1)):  # (not "Covid-19", "God-2")
                # "Zolote-5": a numbered part of a town (a mine's settlement, a sector) is in the town
                matches = [m for m in gz.lookup(numbered.group(1)) if m.quality >= 0.9 and m.place.kind == "city"]
            if matches and lead and not caps[i] and all(m.place.source == "admin2" for m in matches):
                continue  # "central Delhi" is Delhi (its district Central Delhi counts only by its cue word)
            if matches and lead and size > 1 and _part_of_country(gz, words, text, i, j, matches):
                continue
            if matches and matches[0].quality < 0.9 and any(lw in _ENGLISH_LINKS for lw in lower[i + 1:j - 1]):
                continue  # "the LoC at Uri" is no fold of a name spelt with "at": Uri is the place
            if matches and size > 1 and (low in _NO_NAME_END and low != "the" or lower[j - 1] in _NO_NAME_END) \
                    and matches[0].quality < 1.0:
                # "A RAB team" is the article and a name, not Arab spelt apart ("A Coruna" is spelt so); "in
                # Mogadishu The attack ...", the next sentence's first word ("Long An" is spelt so); nor is a
                # heading's "TO GO" Togo
                continue
            if matches and _initials(words.text[i:j], matches):
                continue
            if size > 1 and _fold_with_area_word(gz, matches, words.span_text(text, i, j - 1), lower[j - 1]):
                continue  # (Konar is found next, its cue word after it)
            if matches:
                start = words.idx[i]
                out.append(Candidate(start, start + len(name), name, matches[:MAX_MATCHES], "scan",
                                     glued=_glued_name(words, i - 1, -1) or _glued_name(words, j, 1)))
                found = size
                break
        i += found or 1
    return out


# the lower-case words after a name that some regions' names end in ("Karenni State", "Southwest Region")
_AREA_NAME_WORDS = frozenset({"state", "region", "province", "governorate"})


# ", Ohio": the region or country a town's name is addressed with
_ADDRESSED_AFTER = re.compile(r",\s+([A-Z][\w.'-]+(?:\s+[A-Z][\w.'-]+)?)")


def _part_of_country(gz, words: _Words, text: str, i: int, j: int, matches) -> bool:
    """Whether the words i..j are a modifier before a country's name that names a part of the country, not
    a place of its own: "south Lebanon" is the country's south, not Ohio's South Lebanon; capitalised too,
    a compass word, where the whole names only small towns ("South Lebanon" in a report of Hezbollah's; not
    "North Korea", a country, nor "Northern Ireland", a region)."""
    if words.caps[i]:
        towns = [m.place for m in matches if m.quality >= 0.9]
        if words.lower[i] not in _COMPASS_WORDS or not all(
                p.kind == "city" and p.population < COMPASS_TOWN_MAX_POP for p in towns):
            return False
        tail = _ADDRESSED_AFTER.match(text, words.end_char(j))
        if tail is not None and any(light_key(tail.group(1)) in (light_key(p.admin1 or ""), light_key(p.country or ""))
                                    for p in towns):
            return False  # (the town itself, addressed: "South Lebanon, Ohio")
    return not any(m.place.kind == "country" or m.place.source == "curated" for m in matches if m.quality >= 0.9) \
        and any(m.place.kind == "country" and m.quality >= 0.9 for m in gz.lookup(words.span_text(text, i + 1, j)))


def _named_with_area_word(gz, words: _Words, text: str, i: int, inner: list):
    """(candidate, tokens) for a capitalised name at token i with a lower-case area word after it that the
    gazetteer knows only with the word ("Karenni state" is Karenni State; "Southwest region" is Cameroon's
    Sud-Ouest, or a Southwest first-level region elsewhere); None where the name without its word already
    finds what the word adds ("Anbar province", "Zamfara state": the name and its cue word)."""
    n = len(words.lower)
    for size in range(min(MAX_NGRAM - 1, n - i - 1), 0, -1):
        j = i + size
        if words.lower[j] not in _AREA_NAME_WORDS or not words.caps[j - 1] or not all(inner[i + 1:j - 1]) \
                or words.idx[j] != words.idx[j - 1] + len(words.text[j - 1]) + 1:
            continue
        bare = words.span_text(text, i, j)
        if "\n" in bare:
            continue  # ("southwest" is a stop name alone, not with its word)
        with_word = [m for m in gz.lookup(words.span_text(text, i, j + 1)) if m.quality >= 0.9]
        if not with_word:
            continue
        known = [m for m in gz.lookup(bare) if m.quality >= 0.9]
        known_ids = {m.place.id for m in known}
        if all(m.place.id in known_ids for m in with_word):
            return None
        seen = {m.place.id for m in with_word}
        matches = with_word + [m for m in known if m.place.kind == "region" and m.place.id not in seen]
        start = words.idx[i]
        name = words.span_text(text, i, j + 1)
        return Candidate(start, start + len(name), name, matches[:MAX_MATCHES], "scan",
                         glued=_glued_name(words, i - 1, -1) or _glued_name(words, j + 1, 1)), size + 1
    return None


# "Kelmo community in Dunde State": a community addressed by the region after it
_COMMUNITY_IN_AFTER = re.compile(r"\s+community\s+in\s+(?:the\s+)?([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")


def _community_in_its_region(text: str, c) -> bool:
    """Whether a people's name opens "X community in Y" where the index has a town X in the region Y: a
    Nigerian town's community, not the people ("Kelmo community in Dunde State"; "the Kamba community in
    Nairobi" is the people, as no town Kamba lies in Nairobi)."""
    m = _COMMUNITY_IN_AFTER.match(text, c.end)
    if m is None:
        return False
    region = light_key(_PLACE_WORD_END.sub("", m.group(1)))
    return any(q.quality >= 0.9 and q.place.kind == "city" and q.place.admin1
               and light_key(q.place.admin1) == region for q in c.matches)


def _initials(words: list, matches) -> bool:
    """Whether the words are, but for an article, one word of up to four capitals that names only small
    towns or second-level areas: a body's initials ("the RAB", "KDF"), not a small town spelt so
    (Croatia's Rab); not a country, a region, a union or a large town ("UAE", "EU")."""
    core = [w for w in words if w.lower() not in ("a", "an", "the")]
    return len(core) == 1 and core[0].isalpha() and core[0].isupper() and len(core[0]) <= 4 and all(
        m.place.source == "admin2" or m.place.kind == "city" and m.place.population < WITHIN_OUTSIDE_MIN_POP
        for m in matches if m.quality >= 0.9)


def _ner(ctx: Context, gz, ents, words: _Words) -> list:
    """The recogniser's place names the index knows (the spans by their token offsets, read from the
    `_Words` lists: a Span's text and tokens are made anew at each access)."""
    text, toks, lows, out = ctx.text, words.text, words.lower, []
    for e in ents:
        if e.label_ not in _NER_LABELS:
            continue
        i, j = e.start, e.end
        if lows[i] == "the" and j - i > 1:
            i += 1
        cut = next((k for k in range(i, j) if toks[k] in "()"), None)
        if cut is not None:  # "Bamako (Bamako": the tagger ran on into an aside
            if cut == i:
                continue
            j = cut
        if j - i > 1 and toks[i].islower() and lows[i] in _MODIFIERS \
                and not any(m.place.source != "admin2" for m in gz.lookup(words.span_text(text, i, j))):
            i += 1  # (as in the scan)
        matches = gz.lookup(words.span_text(text, i, j))
        if j - i > 1 and lows[i] in _COMPASS_WORDS and matches and _part_of_country(gz, words, text, i, j, matches):
            i += 1  # (as in the scan: "South Lebanon" of a report from Beirut)
            matches = gz.lookup(words.span_text(text, i, j))
        if j - i > 1 and _fold_with_area_word(gz, matches, words.span_text(text, i, j - 1), lows[j - 1]):
            j -= 1
            matches = gz.lookup(words.span_text(text, i, j))
        if matches and not _initials(toks[i:j], matches):
            out.append(Candidate(words.idx[i], words.end_char(j), words.span_text(text, i, j), matches[:MAX_MATCHES],
                                 "ner"))
    return out


# the words after a country's name that is its adjective too ("Myanmar") where it stands as the name: "in
# northwestern Myanmar on Monday", "Myanmar's", not "the Myanmar military" (read by event_locations too)
NAME_USE_AFTER = re.compile(r"['’]s\b|\s*(?:[,.;:)]|$)|\s+(?:on|in|at|and|or|since|after|before|last|this|for|from|"
                            r"to|with|where|over|during|near|as|but|until|early|late|said|says)\b")


def _demonyms(ctx: Context, gz, words: _Words) -> list:
    """Country and continent adjectives: "Lebanese", "Palestinians", "Sri Lankan", "European"."""
    out = []
    doc, text = ctx.doc, ctx.text
    continents = continent_adjectives()
    skip = -1
    n = len(words.text)
    for i in range(n):
        w = words.text[i]
        if i <= skip or not words.caps[i] or len(w) < 3 and not w.isupper():
            continue
        for j in ([i + 2] if i + 1 < n and words.caps[i + 1] else []) + [i + 1]:
            word = words.span_text(text, i, j)
            iso3 = gz.demonym(word)
            if iso3 is None and word.endswith("s") and doc[j - 1].tag_ == "NNPS":
                iso3 = gz.demonym(word[:-1])  # "Palestinians", "Russians"
            if iso3 and NAME_USE_AFTER.match(text, words.end_char(j)) and any(
                    m.quality == 1.0 and m.place.kind == "country" and m.place.iso3 == iso3 for m in gz.lookup(word)):
                # "in northwestern Myanmar on Monday": the country's name, which is its adjective too ("the
                # Myanmar military"), stands as its name
                continue
            place = gz.country(iso3) if iso3 else None
            if place is None and word in continents:
                place = next((m.place for m in gz.lookup(continents[word]) if m.place.source == "continent"), None)
            if place is not None:
                start = words.idx[i]
                if _STANCE_BEFORE.search(text, max(0, start - 5), start):
                    skip = j - 1
                    break
                region = _REGION_WORD_AFTER.match(text, start + len(word))
                named = _OF_NAME.match(text, region.end()) if region else None
                if region and any(m.quality == 1.0 and _first_level(m.place) for m in gz.lookup(word)) \
                        and not (named and not any(m.quality == 1.0 and m.place.kind == "country"
                                                   for m in gz.lookup(named.group(1)))):
                    # "the Somali region", "the Somali region of Ethiopia": Ethiopia's region of that name,
                    # no demonym ("the Somali region of Bay" is a region of Somalia)
                    skip = j - 1
                    break
                out.append(Candidate(start, start + len(word), word, [Match(place, 1.0)], "demonym",
                                     demonym=iso3 or "continent",
                                     nationals=bool(_NATIONALS_AFTER.match(text, start + len(word))),
                                     # ("Rwandan-backed M23 rebels": the backer's nationality is weak evidence too)
                                     forces=bool(_FORCES_AFTER.match(text, start + len(word))
                                                 or BACKED_AFTER.match(text, start + len(word)))))
                skip = j - 1
                break
    return out


@lru_cache(maxsize=4)
def _abbreviation_pattern(bracketed: bool = False, address: bool = False):
    table = admin1_abbreviations(bracketed, address)
    if not table:
        return None
    alts = "|".join(re.escape(a) for a in sorted(table, key=len, reverse=True))
    if address:  # "Kelmora city (Kelmora, TS)": closing a bracketed address
        return re.compile(rf"\(\w[\w' -]{{0,40}}, (?P<abbr>{alts})\)")
    if bracketed:  # "Pratapgarh (UP)": alone in brackets right after a name
        return re.compile(rf"(?<=[\w.] \()(?:{alts})(?=\))")
    return re.compile(rf"(?<![A-Za-z.])(?:{alts})(?![A-Za-z])")


def _abbreviations(ctx: Context, gz) -> list:
    """State and province abbreviations of datelines and bylines: "Gainesville, Fla.", "W.Va."; and
    a state's initials in brackets after a place: "Pratapgarh (UP)"."""
    out = []
    for bracketed, address in ((False, False), (True, False), (True, True)):
        pattern = _abbreviation_pattern(bracketed, address)
        if pattern is None:
            continue
        table = admin1_abbreviations(bracketed, address)
        for m in pattern.finditer(ctx.text):
            group = "abbr" if address else 0
            iso3, region = table[m.group(group)]
            matches = [x for x in gz.lookup(region) if x.place.source == "admin1" and x.place.iso3 == iso3]
            if matches:
                out.append(Candidate(m.start(group), m.end(group), m.group(group), [Match(matches[0].place, 1.0)],
                                     "abbreviation"))
    return out


def _overlaps(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _doubled(text: str, c) -> bool:
    """Whether the one-word candidate is said twice in a row ("Boda boda", "boda Boda"), as a place's name is not
    (a doubled name the gazetteer knows whole, "Wagga Wagga", is matched whole before its words)."""
    n, word = len(c.text), c.text.lower()
    after, before = text[c.end:c.end + n + 2], text[max(0, c.start - n - 2):c.start]
    return (after[:1] in (" ", "-") and after[1:n + 1].lower() == word and not after[n + 1:].isalnum()
            or before[-1:] in (" ", "-") and before[-n - 1:-1].lower() == word and not before[:-n - 1][-1:].isalnum())


def _keep(c: Candidate, ctx: Context, persons: SpanIndex, actors: SpanIndex, ents: SpanIndex,
          starts: frozenset = frozenset()) -> bool:
    """Filters for common words, parts of person names and actor names."""
    if c.source == "demonym" and any(a.inter == FOREIGN_FORCES and 0 < a.start - c.end <= 2
                                     for a in actors.around(c.end, c.end + 3)):
        return False  # "French Barkhane forces struck ...": the nationality of a force acting abroad
    if c.source in ("demonym", "abbreviation"):
        return True
    doc, text = ctx.doc, ctx.text
    # "the Front for the Total Liberation of Kelmoria": a place in a group's name, no evidence of where it is
    c.cause_of = bool(CAUSE_OF_BEFORE.search(text, max(0, c.start - 40), c.start))
    words = c.text.split()
    if not any(w[:1].isupper() for w in re.split(r"[\s'’-]+", c.text)):
        return False  # "their van struck a bomb": a name is written with a capital
    if c.text.lower() in STOP_PHRASES:
        return False  # "the Red Cross" (the tagger's entity as well as the scan's n-gram)
    if _NAME_TAIL.fullmatch(c.text) and (m := _NAME_WORD_BEFORE.search(text, max(0, c.start - 30), c.start)) \
            and (word := doc.char_span(m.start(), m.end() - 1)) is not None and not word[0].is_sent_start:
        return False  # "Kelmora West District": the tail of a district's name, not Sikkim's West District
    if any(m.start() <= c.start and c.end <= m.end()
           for m in _MEDIA_NAME.finditer(text, max(0, c.start - 40), c.end + 40)):
        return False  # "told Agence France Presse": a news service, not France
    if len(words) == 1 and (c.text.lower().rstrip(".") in STOP_NAMES or c.text.lower() in _NAME_WORDS) \
            or len(words) == 2 and words[0].lower() == "the" and words[1].lower() in STOP_NAMES:
        return False  # ("The Congress" as well)
    if len(words) > 1 and words[0].lower() in _OPENING_WORDS and all(
            w.lower().rstrip(".") in STOP_NAMES or w.lower() in _PRONOUNS for w in words[1:]):
        return False  # "In June", "And I", "as Area" (a Saharan "In Amenas" is a place)
    if _PARTY_AFTER.match(text[c.end:c.end + 20]) and not any(m.place.kind == "country" for m in c.matches):
        return False
    if c.text.lower() in ethnic_names() and not _IN_BEFORE.search(text, max(0, c.start - 20), c.start) \
            and not _community_in_its_region(text, c) and (
            _ETHNIC_PEOPLE_AFTER.match(text, c.end)
            or (m := _SIDE_AFTER.match(text, c.end)) and m.group(1).lower() in ethnic_names()
            or (m := _SIDE_BEFORE.search(text, max(0, c.start - 30), c.start)) and m.group(1).lower() in ethnic_names()):
        return False  # "Kikuyu and Kisii people", "Pokot vs. Kikuyu & Kisii": peoples, not their towns
    if _THING_NAMED_AFTER.match(text, c.end):
        return False  # "Molotov cocktails" (Perm's old name), "Kalashnikov rifles": a thing named after a person
    if TOPONYM_OPENING_BEFORE.search(text, max(0, c.start - 12), c.start) and any(
            m.place.kind == "country" for m in c.matches):
        return False  # "a military base in Puerto Jordan": the tail of a town's name the index lacks, not Jordan
    if _SEA_AFTER.match(text, c.end) and not any(m.place.source == "curated" for m in c.matches):
        return False  # "the Azov Sea city of Berdiansk": a sea, not the Russian town of Azov
    if (_HOLIDAY_AFTER.match(text[c.end:c.end + 10]) or c.text.endswith(" Day")) \
            and not any(m.place.kind == "country" for m in c.matches):
        return False  # "Independence Day", "Labour Day": a holiday, not Missouri's town
    if c.matches and all(known_word(doc.vocab, w) for w in words) and not c.text.isupper() \
            and all(m.place.kind == "city" and (m.quality < 0.9 or not _primary(m.place)
                                                and m.place.population < INSIDE_NAME_MIN_POP)
                    for m in c.matches) \
            and not any(m.place.source == "curated" for m in c.matches):
        # "a 'Peace March'": an English word that only a small town's other name makes a place
        # (nor is a town a transliteration fold reaches: "the Fort" is no Fürth; a dateline in capitals is no
        # English word: "ATLANTA - A")
        return False
    if GOVERNMENT_AFTER.match(text, c.end) and not any(m.place.source == "curated" for m in c.matches) and not any(
            m.quality >= 0.9 and (m.place.kind == "country" or m.place.source in ("admin1", "admin2")
                                  or m.place.population >= INSIDE_NAME_MIN_POP) for m in c.matches):
        return False  # "the Modi government": a person's, not a Polish village's (Mordy is spelt so too)
    # a second-level area counts by its bare name only with its cue word ("Mills County", not "Paper Mills")
    admin2_cue = bool(_ADMIN2_WORD.search(c.text) or _ADMIN2_AFTER.match(text[c.end:c.end + 30]))
    usable = [m for m in c.matches if admin2_cue or m.place.source != "admin2"] or c.matches
    kinds = {m.place.kind for m in usable}
    # (a curated place the name spells, not one a transliteration fold reaches: "Duque" of a person's name
    # is no curated "Dokuy")
    curated = any(m.place.source == "curated" and m.quality >= 0.9 for m in c.matches)
    if c.glued and not curated and not _COMPOUND_ROAD_AFTER.match(text, c.end) \
            and not any(m.place.kind in ("city", "country") and _primary(m.place)
                        and m.place.population >= INSIDE_NAME_MIN_POP for m in c.matches):
        return False  # "Sava" of "Mayo-Sava" is no Malagasy region; "Mogadishu-Hodan" keeps Mogadishu
    short_dateline = _short_dateline(text, c, usable)
    if c.text.isupper() and len(c.text) <= 4 and "country" not in kinds and not curated and not short_dateline:
        return False  # acronyms: "IS", "UN", "AFP" (not "GOMA, Congo (Reuters) -" opening a line)
    if c.text.isupper() and " " not in c.text and not curated and all(m.quality < 0.9 for m in c.matches):
        return False  # an acronym only a transliteration fold makes a place of: "TAWPA" is no Topa
    if _spelt_out_before(text, c):
        return False  # "Rural Armed Brigade (Rab)": the short name of what was just named
    if (_IZAFE_AFTER.match(text[c.end:c.end + 6]) or _IZAFE_BEFORE.search(text[max(0, c.start - 30):c.start])) \
            and not curated:
        return False  # a part of a compound name the gazetteer lacks: "Dara i Pech" is neither Dara nor Pech
    if _HONORIFIC_BEFORE.search(text, max(0, c.start - 8), c.start):
        return False  # "Mr. Gao", "Mrs Jordan": a person, whatever place shares the name
    if _OF_CONTROL_AFTER.match(text, c.end):
        return False  # "the Line of Control", "the Line of Actual Control": a ceasefire line, no town "Line"
    # (a country, a first-level region or a city of millions keeps its name in the two cases below)
    major = curated or any(m.place.kind == "country" or m.place.source == "admin1"
                           or m.place.population >= PERSON_PART_MIN_POP for m in c.matches)
    if not major and _NAME_GOES_ON.match(text[c.end:c.end + 30]):
        return False  # the "Lins de Kelmora" neighbourhood is no town Lins
    runs_on = bool(_LONGER_NAME_AFTER.match(text, c.end))
    if (runs_on or _PART_WORD_AFTER.match(text, c.end) and _LONGER_NAME_BEFORE.search(text, max(0, c.start - 30), c.start)) \
            and not any(m.quality >= 0.9 and (
                m.place.kind == "country" or m.place.source == "curated" or runs_on and m.place.source == "admin1"
                or m.place.kind == "city" and m.place.population >= INSIDE_NAME_MIN_POP) for m in c.matches):
        return False  # nor is "Kelmora Dunde ward" the town Kelmora or Dunde (a large one keeps its name)
    if not major and _TITLE_BEFORE.search(text[max(0, c.start - 16):c.start]):
        return False  # "Governor Troy", "president Kelmo": a person
    # (the largest by spelling when one matches: a transliteration fold is a fallback, and "Khan" of
    # "Imran Khan" is no Chinese city of millions)
    top = max(m.place.population for m in ([m for m in usable if m.quality >= 0.9] or usable))
    # (a part of a person's name is a large place only by that place's own spelling: "Win" of "Ko Thet Win" is
    # no Vienna, though a transliteration fold reaches its German name)
    spelt = max((m.place.population for m in usable if m.quality >= 0.9), default=0)
    # "the Kelmora-Dunde road": the towns a road joins, though the tagger reads the road's name as one
    # (a person's or an organisation's)
    road = c.glued and bool(_COMPOUND_ROAD_AFTER.match(text, c.end))
    # "Kelmora Girls' High School", which the tagger splits into a person ("Kelmora Girls'") and an
    # organisation: a rare name opening an institution's is its town's, as below
    school = INSTITUTION_AFTER.match(text, c.end) is not None and not known_word(doc.vocab, c.text)
    for ps in persons.around(c.start, c.end):
        if school and ps[0] == c.start:
            continue
        if "country" in kinds and ps[0] == c.start and ps[1] > c.end and _SURNAME_AFTER.fullmatch(text, c.end, ps[1]) \
                and not _REGION_AFTER.match(text[ps[1]:ps[1] + 30]) and not _PLACE_WORD_END.search(text[ps[0]:ps[1]]) \
                and not _CAPITAL_WORD_BEFORE.search(text, max(0, c.start - 30), c.start):
            return False  # "Chad Johnson", "Jordan Peterson": a person the tagger reads whole, named like a country
        if _overlaps((c.start, c.end), ps) and not (c.start <= ps[0] and c.end >= ps[1]):
            # (a large place too when the word is only another spelling of its name: "Dunde Adan")
            alternate = all(light_key(m.place.matched or m.place.name) != light_key(m.place.name) for m in usable)
            # (nor a first-level region when it opens the name of a person a title names: "President Vladimir
            # Putin" is no Russian oblast; a town of a million is kept, and so is a region opening a body's name,
            # which the tagger may read as a person's: "Kelmoria Farmers Sangha")
            towns = max((m.place.population for m in usable if m.quality >= 0.9 and m.place.kind == "city"), default=0)
            opens = ps[0] == c.start and not kinds - {"city", "region"} \
                and bool(_TITLE_BEFORE.search(text[max(0, c.start - 16):c.start]))
            if (spelt < PERSON_PART_MIN_POP or alternate or opens and towns < PERSON_PART_MIN_POP) \
                    and "country" not in kinds and not curated \
                    and not _PLACE_WORD_END.search(text[ps[0]:ps[1]]) \
                    and not _REGION_AFTER.match(text[ps[1]:ps[1] + 30]) and not road:
                # "Kelmora city", "Dunde North constituency": a place the tagger took for a person
                return False
    if "country" not in kinds and not curated and spelt < PERSON_PART_MIN_POP \
            and (len(words) == 1 or "region" not in kinds) \
            and not _IN_BEFORE.search(text[max(0, c.start - 20):c.start]) and any(
            b <= c.start and _last_name(text[a:b], len(words)) == _POSSESSIVE.sub("", c.text)
            for a, b in persons.spans):
        # "Shah Rukh Khan ... over Khan's remarks", "Aung San Suu Kyi ... Suu Kyi's party": the last name of a
        # person named before
        return False
    if len(words) == 1 and not kinds & {"country", "region"} and not curated and spelt < PERSON_PART_MIN_POP \
            and _surname_said(doc, text, c):
        return False  # "Chief Eddie Kelmo ... Kelmo said", however the tagger labelled the full name
    for a in actors.around(c.start, c.end):
        # "Taliban" (a Turkish hamlet's alternate name), "Haram" of "Boko Haram": the name of a
        # known group, or a word inside it, is the group's ("in Taliban-held ..." aside)
        inside = a.start <= c.start and c.end <= a.end and a.source == "dictionary"
        if ((a.start, a.end) == (c.start, c.end) or inside) and "country" not in kinds and not curated \
                and not _IN_BEFORE.search(text[max(0, c.start - 20):c.start]) \
                and not _community_in_its_region(text, c):
            return False
    # a word inside a longer name of something else ("Kelmora Bolivar University", "Rapid Action
    # Battalion") is not a place unless it is a large one ("Kabul University")
    # "in Kelmora, Pernambuco"; "outside the Kelmora Press Club" (a town's press club bears its name)
    governed = bool(_IN_BEFORE.search(text[max(0, c.start - 20):c.start]) or _PRESS_CLUB_AFTER.match(text, c.end))
    cued = bool(_REGION_AFTER.match(text[c.end:c.end + 30]))  # "the Police Officer of Kelmora LGA"
    town_cued = bool(_TOWN_AFTER.match(text[c.end:c.end + 10]))  # "PD1 of Kelmora city": the tagger's ORG
    town_cued = town_cued or bool(_SEAT_AFTER.match(text, c.end))
    # "near the town of Kelmora outside Dunde", which the tagger reads as one ORG
    town_before = bool(_TOWN_BEFORE.search(text, max(0, c.start - 30), c.start))
    town_cued = town_cued or town_before
    # "Government College Kelmora", "General Hospital Dunde": an institution's name closed by its town's
    town_cued = town_cued or bool(_INSTITUTION_BEFORE.search(text, max(0, c.start - 14), c.start))
    # "Kelmora University students", "Dunde Boys High School": a rare name opening an institution's is its
    # town's (not "Harvard University": a name the language model knows may be a person's)
    town_cued = town_cued or school
    town_cued = town_cued or road
    # "at Kelmobagh Dunde": a town after a quarter of it that neither the gazetteer nor the language model
    # knows, "at" or "in" governing both, as ACLED's notes address a quarter (a town of some size, whose
    # name is no English word: "at Kelmobagh Colony" is no Texan town)
    one = token_at(doc, c.start) if len(words) == 1 else None
    quarter = one is not None and _after_quarter(doc, one, starts) and not known_word(doc.vocab, one.text) and any(
        m.quality >= 0.9 and m.place.kind == "city" and m.place.population >= LONE_TOWN_MIN_POP
        for m in usable)
    for e in ents.around(c.start, c.end):
        e_text = text[e.start_char:e.end_char]  # (a Span makes its text anew at each access)
        if "(" in e_text or ")" in e_text or "," in e_text:
            # "Kelmora (Kelmora": the tagger ran on into an aside; "Kelmora, Madhya Pradesh": into the
            # rest of an address; no name holds the place
            continue
        # (not the two places a stretch lies "between", which the tagger may read as a title: "between Kelmora
        # and Dunde")
        between = " and " in e_text and bool(_BETWEEN_BEFORE.search(text, max(0, e.start_char - 12), e.start_char))
        if e.label_ in _NAME_LABELS and not governed and not cued and not town_cued and not quarter and not between \
                and e.start_char <= c.start and c.end <= e.end_char \
                and (e.end_char - e.start_char) > (c.end - c.start) and top < INSIDE_NAME_MIN_POP \
                and not kinds & {"country", "region"} and not curated:
            return False
    spelt = {m.place.kind for m in usable if m.quality >= 0.9} or kinds  # (not "Tonga" for "Tunga")
    tok = one
    if tok is not None and not curated and not spelt & {"country", "region"}:
        if tok.i >= 2 and not tok.is_sent_start and doc[tok.i - 1].lower_ in _NAME_LINKS \
                and doc[tok.i - 2].text[:1].isupper() and not doc[tok.i - 1].is_sent_start:
            return False  # the end of a Romance name: "Lanao del Sur" (no Omani Sur), "Banco de Kelmora"
    # "Paper Mills", "One Pension", "at Dunde Gate": a word of a longer proper name the gazetteer lacks
    # (a large town's too when the word is only an alternate name of it)
    # ("Nairobis Kibera slum": a possessive written without its apostrophe opens no longer name)
    glued_owner = c.text.endswith("s") and any(light_key(m.place.name) == light_key(c.text[:-1]) for m in usable)
    longer = tok is not None and not curated and "country" not in spelt and not glued_owner and not quarter \
        and (_in_longer_name(doc, tok, starts) or bool(_GROUP_NAME_AFTER.match(text, c.end))
             or top < INSIDE_NAME_MIN_POP and not governed and not cued and _english_word_in_name(doc, tok))
    if longer and "region" not in spelt \
            and (top < INSIDE_NAME_MIN_POP or not any(_primary(m.place) for m in usable if m.quality >= 0.9)):
        return False
    if (_CLAN_AFTER.match(text, c.end) or _CLANS_AFTER.match(text, c.end)) and not spelt & {"country", "region"} \
            and not curated:
        return False  # "the Boor clan", "Kelmo tribesmen": a people's name, no place
    if " " not in c.text and not curated and _doubled(text, c):
        return False  # "Boda boda riders": a word said twice (East Africa's motorbike taxis), no place
    # (a large town's or a region's name kept, but not taken from abroad: see `_resolve`; so is the first
    # word of a person's name an airport bears: "near Adan Ade international airport")
    c.in_name = longer or bool(_NAMED_AIRPORT_AFTER.match(text, c.end))
    # "Mandera residents", "Kelmora drivers riot": a rare word before the people of a place names it, though
    # the tagger reads a common noun
    people = bool(_PEOPLE_AFTER.match(text, c.end) or _COMMUNITY_AFTER.match(text, c.end)) \
        and not known_word(doc.vocab, c.text)
    if tok is not None and tok.ent_type_ == "NORP" and not curated and "country" not in kinds \
            and top < PERSON_PART_MIN_POP and known_word(doc.vocab, tok.text) \
            and not any(m.quality == 1.0 for m in usable):
        # "the Nazi salute": a known word for a people or a creed, not a small town spelt nearly alike
        # (a town spelt so exactly may be meant: the tagger takes "Sochi" for a people too)
        return False
    # a town in capitals opening a sentence, a comma, a bracket, a dash or a colon after it: a dateline,
    # whatever the tagger reads (it may call the word a common noun)
    dateline = short_dateline or tok is not None and tok.is_sent_start and c.text.isupper() and len(c.text) > 4 \
        and bool(_DATELINE_AFTER.match(text, c.end)) and any(m.quality == 1.0 and m.place.kind == "city"
                                                             for m in usable)
    # a rare capitalised word inside a sentence, spelt as a town of some size is, is that town, whatever
    # the tagger reads ("dockers' unions of Heraklion marched", where it tags a common noun)
    # (at a sentence's start too when a verb follows it: "Kelmora is situated on the border")
    sizeable = tok is not None and not (tok.is_sent_start and not (
        tok.i + 1 < len(doc) and doc[tok.i + 1].pos_ in ("AUX", "VERB"))) \
        and not cued and not known_word(doc.vocab, tok.text) and max(
        (m.place.population for m in usable if m.quality >= 0.9 and m.place.kind == "city"), default=0) \
        >= INSIDE_NAME_MIN_POP
    if tok is not None and c.source == "scan" and tok.tag_ not in ("NNP", "NNPS") and "country" not in kinds \
            and not curated and not (cued and (tok.ent_type_ in ("GPE", "LOC") or any(
                m.quality == 1.0 and _first_level(m.place) for m in usable))) and not people and not sizeable \
            and not ((cued or town_cued) and (governed or town_before or text[c.start - 1:c.start] == "(")
                     and not known_word(doc.vocab, tok.text)) \
            and not (_SETTLEMENT_OF_BEFORE.search(text, max(0, c.start - 30), c.start)
                     and any(m.quality == 1.0 and m.place.kind == "city" for m in usable)) \
            and not _SECTOR_AFTER.match(text[c.end:c.end + 10]) and not dateline \
            and not (tok.ent_type_ in ("GPE", "LOC") and not known_word(doc.vocab, tok.text)):
        # ("in Kelmora district", tagged JJ; a rare word the tagger calls JJ but the recogniser a place; a
        # rare word "in" governs before its area or town word, whatever the recogniser reads: "in Dunde
        # local government area", "in Kelmora town"; so does "village of": "a village of Kelmora district"; and
        # so does the bracket of an address: "Dunde town (Kelmora district, Kashmir)"; and "the town of" a
        # town spelt so, though an English word: "near the town of Sake"; not "in" alone: "in Olympic", the
        # "Arab" world)
        return False
    if all(m.quality < 0.9 for m in c.matches) and top < FOLD_MIN_POP and not curated and not cued \
            and not (governed or town_before):
        # (a fold that names an area may be taken inside the region after it: "Kelmora district, Herat"; one
        # that "in" or "the town of" governs, in a country the rest of the text points to: "in Harardheere"
        # is Somalia's Xarardheere, see `_resolve`)
        return False
    if tok is not None and tok.is_sent_start and c.source == "scan" and not tok.ent_type_ and not curated \
            and not spelt & {"country", "region"} and known_word(doc.vocab, tok.text) \
            and tok.i + 1 < len(doc) and doc[tok.i + 1].is_lower \
            and doc[tok.i + 1].tag_ in ("NN", "NNS") and max(
                (m.place.population for m in usable if m.quality >= 0.9 and _primary(m.place)), default=0) \
            < SELF_EVIDENCE_MAX_POP:
        # "Tea pickers strike ...", "Grenade attack ...": an English word opening a sentence before
        # its noun, where the tagger saw no name, is no small town ("Kelmora residents ..." may be)
        return False
    return True


_NAME_BEFORE_BRACKET = re.compile(r"((?:[A-Z][\w'’-]*\s+(?:(?:of|for|and|the|de|du|des|la|el|al)\s+)*){2,8})\(\s*$")


def _spelt_out_before(text: str, c) -> bool:
    """Whether a bracketed word is the initials of the name right before the bracket: "Rural Armed
    Brigade (Rab)", "Kelmora Youth League (KYL)"."""
    if not 2 <= len(c.text) <= 8:
        return False
    window = text[max(0, c.start - 120):c.start]
    # (the pattern ends at an opening bracket: most names have none before them)
    m = _NAME_BEFORE_BRACKET.search(window) if window.rstrip().endswith("(") else None
    if not m:
        return False
    initials = "".join(w[0] for w in m.group(1).split() if w[:1].isupper())
    short = re.sub(r"[^A-Za-z]", "", c.text).lower()
    return len(short) >= 2 and initials.lower().endswith(short)


def _in_longer_name(doc, tok, starts: frozenset = frozenset()) -> bool:
    """Whether a one-word name follows or precedes another proper noun that is neither a place word
    nor a place of its own (`starts`: where the candidate places begin): "Paper Mills", "Bria
    Ndakoubo". A town's name often opens a longer name of common words, "Dadaab Refugee Camp", and
    is then still the place."""
    for k in (tok.i - 1, tok.i + 1):
        if k < 0 or k >= len(doc) or (tok.is_sent_start if k < tok.i else doc[k].is_sent_start):
            continue
        nb = doc[k]
        if k > tok.i and nb.ent_type_ == "PERSON" and nb.ent_iob_ == "B" and not tok.ent_type_ \
                and nb.text[:1].isupper():
            return True  # "Kelmo Dunde Warsame, a teacher": a first name the tagger left out of the person's
        if nb.tag_ in ("NNP", "NNPS") and nb.is_alpha and nb.lower_ not in STOP_NAMES \
                and nb.lower_ not in _SITE_WORDS \
                and (nb.ent_type_ not in ("GPE", "LOC") or (nb if k > tok.i else tok).ent_iob_ == "I") \
                and (k < tok.i or _name_goes_on(doc, k, starts)):
            return True
    return False


def _after_quarter(doc, tok, starts: frozenset) -> bool:
    """Whether the one-word name closes a two-word name that "at" or "in" governs, after a word that is
    neither a place the text names, nor a word the language model knows, nor a word for a kind of place:
    "at Kelmobagh Dunde" (not "in Barangay Dunde", a barangay named like a town elsewhere)."""
    if tok.i < 2 or tok.is_sent_start:
        return False
    prev, gov = doc[tok.i - 1], doc[tok.i - 2]
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    return gov.lower_ in ("at", "in") and prev.is_alpha and prev.text[:1].isupper() and not prev.is_sent_start \
        and prev.idx not in starts and not known_word(doc.vocab, prev.text) and prev.lower_ not in _SITE_WORDS \
        and (nxt is None or not nxt.text[:1].isupper())


_DAY_WORDS = frozenset("""monday tuesday wednesday thursday friday saturday sunday january february march april may
june july august september october november december""".split())


def _english_word_in_name(doc, tok) -> bool:
    """Whether an English word is one word of a longer capitalised name: "National Highways", "the State
    Red Chilli Growers Union" (not beside a sentence's first word, a compass word, "North Horr", nor
    a day's name, "central Nairobi Monday")."""
    if not known_word(doc.vocab, tok.text):
        return False
    before = doc[tok.i - 1] if tok.i > 0 and not tok.is_sent_start else None
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) and not doc[tok.i + 1].is_sent_start else None
    def runs_on(nb) -> bool:
        return nb is not None and nb.is_alpha and nb.is_title and not nb.is_sent_start and not nb.is_stop \
            and nb.lower_ not in _MODIFIERS and nb.lower_ not in _DAY_WORDS \
            and (nb is before or nb.lower_ not in _SITE_WORDS)

    # (a plural word beside a capitalised one, or any English word between two: a town's name is
    # neither "Highways" of "State Highways" nor "Red" of "State Red Chilli Growers")
    plural = tok.tag_ == "NNPS" or tok.lower_.endswith("s") and known_word(doc.vocab, tok.lower_[:-1])
    return (runs_on(before) or runs_on(after)) if plural else runs_on(before) and runs_on(after)


def _name_goes_on(doc, k: int, starts: frozenset) -> bool:
    """Whether the proper noun at k, right after a one-word name, goes on with that name: a rare
    foreign word ("Bria Ndakoubo", not "Kelmora Teachers College" nor "Kelmora Shia groups"), no
    place of its own ("Gao Mali"), and not opening the name of a site at the place ("Kelmora Hamey
    Patrol Base")."""
    nb = doc[k]
    if not nb.text[:1].isupper() or nb.text.isupper() or nb.idx in starts or known_word(doc.vocab, nb.text):
        return False
    for t in doc[k + 1:k + 4]:
        if not t.text[:1].isupper():
            break
        if t.lower_ in _FACILITY_WORDS or t.lower_.rstrip("s") in _FACILITY_WORDS:
            return False
    return True


# "Adan Ade airport": the first word of a longer name an airport bears (a person's: not
# "Kandahar International Airport", which bears its town's name alone)
# (one word after it, the person's other name: "the Mogadishu Aden Adde airport" is at Mogadishu)
_NAMED_AIRPORT_AFTER = re.compile(r"\s+(?!(?:International|Intercontinental|Regional|Municipal|County|City|Metropolitan|"
                                  r"Domestic|Airport)\b)[A-Z][\w'-]*\s+(?i:international\s+)?(?i:airport|air\s*base)\b")
_CITY_TAIL = re.compile(r"\s+(?i:city|town)$")


def _merge(scan, ner, dem, abbr=()) -> list:
    """Abbreviations first; then longest spans win; NER spans fill gaps the scan left; demonyms
    where nothing else is. A name right after an adjective of place is an organisation's
    ("African Union", "European Commission"), not a place."""
    ends = {d.end + 1 for d in dem}
    scan = [c for c in scan if c.start not in ends]
    # "Kananga city": a name written with its own "city" (GeoNames' area "Kananga City") may be the larger
    # town named without it, which is a match of the span as well
    bare = {(c.start, c.end): c for c in scan}
    for c in scan + ner:
        head = _CITY_TAIL.sub("", c.text)
        shorter = bare.get((c.start, c.start + len(head))) if head != c.text else None
        if shorter is not None:
            largest = max((m.place.population for m in c.matches), default=0)
            c.matches = c.matches + [m for m in shorter.matches if m.place.kind == "city"
                                     and m.place.population > largest]
    ner = [c for c in ner if c.start not in ends]
    # a recognised span that begins inside a name the scan found spelt in full and runs on past it cuts
    # that name in two ("Homa [Bay county]", which would be Florida's): the scan's name stands (not a
    # scan's guess at two words glued: "west [Fort Worth]" is no "Westfort")
    whole = SpanIndex([c for c in scan if any(m.quality >= 1.0 for m in c.matches)])
    ner = [c for c in ner if not any(s.start < c.start < s.end < c.end for s in whole.around(c.start, c.start + 1))]
    chosen = sorted(abbr, key=lambda c: c.start)  # never overlapping, kept in text order
    starts = [c.start for c in chosen]
    for c in sorted(dem + scan + ner, key=lambda c: (-(c.end - c.start), c.demonym is None, c.start)):
        # the chosen spans do not overlap: only the last one starting at or before c and the
        # first one after it can overlap c
        k = bisect_right(starts, c.start)
        if (k and chosen[k - 1].end > c.start) or (k < len(chosen) and chosen[k].start < c.end):
            continue
        chosen.insert(k, c)
        starts.insert(k, c.start)
    return chosen


def _evidence(c, dominant: bool = False) -> tuple[str, float] | None:
    """What one candidate says about the document's country: a country name 1, a demonym 0.5, a
    place found in one country only 0.5 (by its own name, not an alternate one: "Chardara" is
    also an alternate name of a Kazakh town); with `dominant`, a city of millions with only small
    namesakes 0.5 too (a hint rather than evidence: "Paris" is also a Texas town's name)."""
    if dominant not in c.evidence_memo:
        c.evidence_memo[dominant] = _evidence_of(c, dominant)
    return c.evidence_memo[dominant]


def _evidence_of(c, dominant: bool) -> tuple[str, float] | None:
    """`_evidence`, worked out (from the candidate's matches and cue words, all set before it is first asked)."""
    if c.demonym:
        if c.demonym == "continent" or c.nationals:
            return None
        return c.demonym, FORCES_EVIDENCE if c.forces else 0.5
    if c.in_name or c.moved or c.cause_of:
        return None  # "the Kelmora Amman Dundevi area" says nothing of Jordan, "deported to Canada" of Canada
    good = [m for m in c.matches if m.quality >= 0.9]
    namesake = bool(good) and good[0].place.kind == "country" and bool(_state_namesake(c))
    called_region = c.cue_region and not c.cue_admin2
    if namesake and not called_region:
        return None  # "Georgia": the country or the US state, no evidence either way
    if not namesake and good and good[0].place.kind == "country" and good[0].quality == 1.0 and not c.village_of:
        return good[0].place.iso3, FORCES_EVIDENCE if c.forces else 1.0  # (not "the village of Kosovo")
    if called_region:
        # "Plateau State", "Niger State": the text calls it a first-level region, so only those
        # count (a hamlet of that name elsewhere does not make it ambiguous; "X district" may be a
        # district the gazetteer lacks, named like one abroad)
        sizes: dict = {}
        regions = [m for m in good if m.place.kind == "region" and m.place.source != "admin2" and m.place.iso3]
        # (by their own names, where one is so named: "Gaza province" is Mozambique's, not the Gaza Strip
        # by its other name)
        own = [m for m in regions if light_key(m.place.matched or m.place.name) == light_key(m.place.name)]
        for m in own or regions:
            sizes[m.place.iso3] = max(sizes.get(m.place.iso3, 0), m.place.population)
        if len(sizes) == 1:
            return next(iter(sizes)), 0.5
        # (or the one of them a country of states holds, where the text calls it a state: "Punjab state"
        # is India's, though Pakistan's province is larger)
        states = [iso3 for iso3 in sizes if iso3 in STATE_COUNTRIES]
        if c.cue_state and len(states) == 1:
            return states[0], 0.5
        # (or the one region of that name much larger than its namesakes: "Plateau State" is Nigeria's,
        # not Benin's department)
        ranked = sorted(sizes.items(), key=lambda kv: -kv[1])
        if len(ranked) > 1 and ranked[0][1] >= REGION_DOMINANT_RATIO * ranked[1][1]:
            return ranked[0][0], 0.5
    if c.cue_county:
        # "Kelmora County": the county of the one country whose first-level regions are counties that
        # has a region of the name, unless a county elsewhere is so named ("Kent County")
        counties = {m.place.iso3 for m in good
                    if m.place.source == "admin1" and m.place.iso3 in COUNTY_REGION_COUNTRIES}
        if len(counties) == 1 and not any(m.place.source == "admin2" and _COUNTY_WORD.search(m.place.name)
                                          and m.place.iso3 not in counties for m in good):
            return counties.pop(), 0.5
    # (a second-level area vouches only with its cue word: "the Bureau" is no US county; it still
    # makes a name ambiguous)
    area = c.cue_admin2 or bool(_ADMIN2_WORD.search(c.text))
    own = [m for m in good if _primary(m.place) and (area or m.place.source != "admin2")]
    isos = {m.place.iso3 for m in good if m.place.iso3}
    if own and len(isos) == 1 and max(m.place.population for m in own) >= ONE_COUNTRY_MIN_POP:
        return isos.pop(), 0.5
    towns = [m for m in own if m.place.kind == "city" and m.quality == 1.0]
    if dominant and towns and len(isos) > 1:
        top = max(towns, key=lambda m: m.place.population).place
        rest = max((m.place.population for m in good if m.place.iso3 != top.iso3), default=0)
        if top.iso3 and top.population >= DOMINANT_MIN_POP and top.population >= DOMINANT_RATIO * rest:
            return top.iso3, 0.5
    return None


def _village(p) -> bool:
    """Whether the entry is a village known only from the villages extra (no population of its own)."""
    return p.source in VILLAGE_SOURCES and not p.population


def _near_any(p, points, km: float = NEAR_KM) -> bool:
    """Whether the place lies within `km` of one of the points, or there are none."""
    return not points or any(distance_km(p.latitude, p.longitude, a, b) <= km for a, b in points)


def _beside_another_name(p, c, points) -> bool:
    """Whether a town another name of the text (not `c`'s) is spelt as lies within PAIR_KM of the place."""
    key = light_key(c.text)
    return any(k != key and _pair_near(p.latitude, p.longitude, a, b) for k, a, b in points)


def _holds(region, p) -> bool:
    """Whether the entry is a first-level region holding the place."""
    return region.kind == "region" and region.iso3 == p.iso3 and region.admin1 == p.admin1 and _first_level(region)


def _expanse(p) -> bool:
    """Whether the entry is a sea, an ocean or a region of several countries (a curated one of no country)."""
    return p.source == "curated" and not p.iso3 and p.kind in ("feature", "region")


def _primary(p) -> bool:
    """Whether the entry matched by its own name, not by one of its alternate names."""
    return p.kind != "city" or light_key(p.matched or p.name) == light_key(p.name)


def document_countries(cands) -> dict:
    """iso3 -> weight: the sum of the candidates' evidence (see `_evidence`)."""
    weights: dict = {}
    for c in cands:
        ev = _evidence(c)
        if ev is not None:
            weights[ev[0]] = weights.get(ev[0], 0.0) + ev[1]
    return weights


def _state_namesake(c) -> set:
    """Countries of the admin1 regions that share a country's name ("Georgia"), other than that
    country itself (the State of Mexico does not make "Mexico" a state's name). Nigeria's states are
    written with their word ("Niger State"): a bare "Niger", outside an address, is the country, though
    the text is about Nigeria ("raiders slipped over the frontier into Niger")."""
    own = {m.place.iso3 for m in c.matches if m.place.kind == "country"}
    states = {m.place.iso3 for m in c.matches if m.place.source == "admin1" and m.quality == 1.0} - own
    return states if c.cue_region or c.address_tail else states - STATE_WORD_COUNTRIES


def by_front(p, zone) -> bool:
    """Whether the place lies within the zone's line_km of its front (the box first: most namesakes
    lie far outside it)."""
    south, north, west, east = zone.box
    return south <= p.latitude <= north and west <= p.longitude <= east and any(
        abs(p.latitude - a) * 111.2 <= zone.line_km and distance_km(p.latitude, p.longitude, a, b) <= zone.line_km
        for a, b in zone.line)


# points whose nearness to a zone's front the zone keeps (for every document of the process: the reports
# of one war name the same villages again and again)
FRONT_MEMO_SIZE = 100_000


def _by_front_memo(p, zone) -> bool:
    """by_front, remembered by the zone for the point."""
    key = (p.latitude, p.longitude)
    found = zone.front_memo.get(key)
    if found is None:
        if len(zone.front_memo) > FRONT_MEMO_SIZE:
            zone.front_memo.clear()
        found = zone.front_memo[key] = by_front(p, zone)
    return found


class _Anchors:
    """Confidently resolved places, in bands of latitude NEAR_KM wide: a place within NEAR_KM of
    one lies in its band or the next (a degree of latitude is 111.19 km on the sphere distance_km
    uses), so no pass over all of them. Each anchor is (lat, lon, candidate, the region's light key or
    None, the place the first pass resolved it to, the admin1 names its towns are filed under where it is
    a first-level region that says (`_admin1_names`), else None)."""

    def __init__(self, anchors, fronts=(), parts=()):
        self.bands: dict[int, list] = {}
        for a in anchors:
            self.bands.setdefault(math.floor(a[0] / _NEAR_DEGREES), []).append(a)
        self._anchors = anchors
        # (for `elsewhere`, asked of every candidate, worked out on its first call: no pass over all anchors each
        # time) iso3 -> light key of an anchor's name -> how many anchors bear it; id of a candidate -> (iso3,
        # key) -> how many of them are its own; and each country's keys ranked
        self._keys: dict | None = None
        self._own: dict = {}
        self._ranked: dict | None = None
        self.fronts = fronts  # the conflict zones with a front the text places it in (data/zones.json)
        self.parts = parts  # (area entry, its compass words) the text names: "northern Mexico"

    def in_part(self, p) -> bool:
        """Whether a town or region lies in a part of a country or first-level region the text names
        by its compass words ("in northern Mexico": north of the country's centre)."""
        for area, words in self.parts:
            if p is area or p.iso3 != area.iso3 or area.kind != "country" and p.admin1 != area.admin1:
                continue
            if all((p.latitude > area.latitude if w == "north" else p.latitude < area.latitude if w == "south"
                    else p.longitude > area.longitude if w == "east" else p.longitude < area.longitude)
                   for w in words):
                return True
        return False

    def at_front(self, p) -> bool:
        """Whether a town lies by the front of a zone the text is in ("the OSCE SMM recorded explosions
        near Kelmorivka": of two villages of that name in Donetsk oblast, the one by the contact line)."""
        return any(p.iso3 == z.iso3 and _by_front_memo(p, z) for z in self.fronts)

    def __bool__(self) -> bool:
        return bool(self.bands)

    def in_country(self, iso3: str | None, exclude) -> bool:
        """Whether a town or district of the country, other than `exclude`'s, is an anchor."""
        return any(a[2] is not exclude and a[4].iso3 == iso3
                   and (a[4].kind != "region" or a[4].source == "admin2")
                   for band in self.bands.values() for a in band)

    def towns_in(self, iso3: str | None, exclude) -> list:
        """The points of the anchors of the country, other than `exclude`'s, that are towns or areas of
        the main gazetteer (not villages of the villages extra)."""
        return [(a[0], a[1]) for band in self.bands.values() for a in band
                if a[2] is not exclude and a[4].iso3 == iso3 and a[4].kind != "country"
                and (a[4].kind != "region" or a[4].source == "admin2") and a[4].source not in VILLAGE_SOURCES]

    def regions_of(self, iso3: str | None, exclude) -> list:
        """The anchors of the country, other than `exclude`, that are first-level regions."""
        return [a for band in self.bands.values() for a in band
                if a[2] is not exclude and a[4].iso3 == iso3 and a[4].kind == "region" and _first_level(a[4])]

    def regions_hold(self, p, exclude) -> bool:
        """Whether the first-level regions of the place's country that are anchors, other than `exclude`,
        may hold it: True where there is none, or one whose towns' admin1 names are unknown (a curated
        region that may span several: Puntland); else whether one of them files the place's admin1."""
        regions = self.regions_of(p.iso3, exclude)
        return not regions or any(a[5] is None or p.admin1 in a[5] for a in regions)

    def elsewhere(self, exclude, told: dict, own_evidence: dict) -> set:
        """The countries of anchors other than `exclude`'s that the rest of the text points to (`told`, the
        evidence without `exclude`'s own name) more than any one of those anchors' names does by itself
        (`own_evidence`: light key -> iso3 -> weight, the same for every call on these anchors)."""
        if self._keys is None:
            self._keys = {}
            for a in self._anchors:
                key = light_key(a[2].text)
                keys = self._keys.setdefault(a[4].iso3, {})
                keys[key] = keys.get(key, 0) + 1
                own = self._own.setdefault(id(a[2]), {})
                own[(a[4].iso3, key)] = own.get((a[4].iso3, key), 0) + 1
        if self._ranked is None:
            # (each country's anchor names by their own evidence for it, the most first: the largest of
            # those not all `exclude`'s is the first such)
            self._ranked = {iso: sorted(((own_evidence.get(k, {}).get(iso, 0.0), k) for k in keys),
                                        key=lambda vk: -vk[0]) for iso, keys in self._keys.items()}
        mine = self._own.get(id(exclude), {})
        out = set()
        for iso, weight in told.items():
            ranked = self._ranked.get(iso)
            if not ranked:
                continue
            counts = self._keys[iso]
            best = next((v for v, k in ranked if counts[k] > mine.get((iso, k), 0)), None)
            if best is not None and weight - best > 0:
                out.add(iso)
        return out

    def near(self, lat: float, lon: float, exclude, km: float = NEAR_KM, place=None) -> bool:
        """Whether an anchor other than `exclude`'s lies within `km` of the point (nor the region
        closing `exclude`'s address: "Congonhas, Minas Gerais" has scored W_WITHIN for it, and a big
        region's centre is no nearer to one of its towns than to another; nor its town, where the text
        calls the address a first-level area: "Kelmo, Garissa County" is no nearer Garissa town). With
        `place`, the entry at the point: nor the first-level region holding it, which W_ADMIN has counted
        ("Madison County ... Indiana" is no nearer the centre of Indiana than a namesake county beside a
        town the text names is to that town)."""
        band = math.floor(lat / _NEAR_DEGREES)
        by = exclude.within_by
        region = by is not None and exclude.within_area and (by.cue_region or by.cue_county) and any(
            m.quality >= 0.9 and _first_level(m.place) for m in by.matches)
        return any(a[2] is not exclude and not (exclude.within and a[3] in exclude.within)
                   and not (place is not None and _holds(a[4], place))
                   and not (region and a[2] is by)
                   and abs(lat - a[0]) <= _NEAR_DEGREES
                   and distance_km(lat, lon, a[0], a[1]) <= km
                   for b in (band - 1, band, band + 1) for a in self.bands.get(b, ()))


def _score(c, m, countries, total, admin_keys, anchors: _Anchors, seat_town=None) -> float:
    """How well the entry fits the candidate and the text. The part the anchors do not touch is the
    same in both passes of `_resolve` (the same countries, region keys, fronts and compass parts): it
    is worked out once per entry, and the nearness to the anchors added."""
    basis = (id(countries), total, id(admin_keys), id(anchors.fronts), id(anchors.parts))
    memo = c.score_memo.get(id(m))
    if memo is None or memo[0] is not m or memo[1] is not seat_town or memo[2] != basis:
        memo = (m, seat_town, basis, _base_score(c, m, countries, total, admin_keys, anchors, seat_town))
        c.score_memo[id(m)] = memo
    s = memo[3]
    p = m.place
    # (a county of a region the text names has scored W_ADMIN for it: the region's centre is no nearer to one
    # of its counties than to another; a town keeps it, as its namesake area of the region lacks W_ADMIN)
    county = p.source == "admin2" and _admin_named(c, p, admin_keys)
    if anchors and p.kind != "country" and anchors.near(p.latitude, p.longitude, c, place=p if county else None):
        s += W_NEAR
        # of two villages of a name, the one beside a town the text names ("Kelmo village, Dunde
        # Township": not the Kelmo of the next township)
        if p.source in VILLAGE_SOURCES and anchors.near(p.latitude, p.longitude, c, VILLAGE_NEAR_KM):
            s += W_NEAR
    return s


def _admin_named(c, p, admin_keys) -> bool:
    """Whether the entry scores W_ADMIN: a town of a first-level region the text names (not by the candidate's
    own name), or a county whose own name says so ("Orange County" in a text naming California is its county,
    of eight of the name; not a municipality, which its seat stands for: "in Tochtepec municipality, Puebla")."""
    return (p.kind == "city" or p.source == "admin2" and bool(_COUNTY_WORD.search(p.name))) \
        and bool(p.admin1) and light_key(p.admin1) in admin_keys and light_key(p.admin1) != light_key(c.text)


def _base_score(c, m, countries, total, admin_keys, anchors: _Anchors, seat_town=None) -> float:
    """`_score` without the nearness to the anchors."""
    p = m.place
    s = W_QUALITY * m.quality + W_POP * math.log10(p.population + 10) / 7
    if p.iso3 and total:
        s += W_COUNTRY * countries.get(p.iso3, 0.0) / total
    if (p.kind == "country" or p.source == "continent") and m.quality >= 0.9:
        # unless the text is about the country of a region of the same name ("Georgia" in a US text)
        # or calls it a region ("Niger State")
        if not (total and any(countries.get(iso, 0.0) / total >= 0.5 for iso in _state_namesake(c))) \
                and not (c.cue_region and not c.cue_admin2 and _state_namesake(c)):
            s += W_COUNTRY_NAME
    if p.source == "curated":
        s += W_CURATED
    seat = p is seat_town
    if _primary(p) or seat or p.id in _district_seats(c):
        s += W_PRIMARY
    if seat:
        s += W_SEAT
    if p.kind == "city" and p.id in _municipal_seats(c):
        # "in El Salto, Jalisco": of two towns of the name in the state, the one the municipality of
        # that name holds
        s += W_MUNICIPAL_SEAT
    if p.source in ("admin1", "admin2") and not c.cue_region:
        towns = [o.place for o in c.matches if o.quality >= 0.9 and o.place.kind == "city" and o.place.iso3 == p.iso3]
        # a region named after its own town: "Deir ez-Zor" is the town; so is "Kiev", though GeoNames
        # spells the city Kyiv (the region's own spelling is no advantage then) and files it in a
        # region of its own (a main town, not a village of the name: "Guerrero" is the state)
        # (a town of the region, or one spelt like the name: not "Ecatepec de Morelos", a city of the
        # next state that is also called Morelos, for the state of Morelos)
        main = [t for t in towns if t.population * 10 >= p.population and distance_km(
            t.latitude, t.longitude, p.latitude, p.longitude) <= NEAR_KM
            and (t.admin1 == p.admin1 or fold_key(t.name) == fold_key(c.text))]
        if main and not any(_primary(t) for t in main):
            s -= W_REGION_NAMESAKE + W_PRIMARY
        elif any(t.admin1 == p.admin1 for t in towns):
            s -= W_REGION_NAMESAKE
    if _admin_named(c, p, admin_keys):
        s += W_ADMIN
    if c.within and p.kind != "country" and _in_area(p, c.within):
        s += W_WITHIN
    elif p.kind == "city" and c.within_by is not None and any(
            a.place.source == "admin2" and a.quality >= 0.9 and a.place.iso3 == p.iso3
            and distance_km(p.latitude, p.longitude, a.place.latitude, a.place.longitude) <= NEAR_KM
            for a in c.within_by.matches):
        s += W_WITHIN  # (the second-level area of its address holds it: "Gulu town (Gulu district)")
    if anchors.fronts and p.kind == "city" and anchors.at_front(p):
        s += W_NEAR
    if anchors.parts and p.kind in ("city", "region") and anchors.in_part(p):
        s += W_DIRECTION
    if c.cue_region and p.kind == "region":
        # "X district" is a second-level area, or the town it is named after; "X province" a region
        # (a county is a second-level area whose own name says so, as in the US: Kenya's counties are
        # first-level, and "Embu County" is no Brazilian municipality)
        # (the bare word "region" is said of either: "the Beni region" of a Congolese text is its territory)
        cued = ((p.source == "admin2") == c.cue_admin2 or c.called_region or _county_region(c, p)) and not (
            c.cue_county and p.source == "admin2" and not _COUNTY_WORD.search(p.name))
        s += W_CUE if cued or p.source not in ("admin1", "admin2") else 0.0
    if c.cue_admin2 and p.kind == "city":
        s += W_CUE / 2
    if c.cue_town and p.kind == "city":
        s += W_CUE
    return s


def _county_region(c, p) -> bool:
    """Whether "X County" names the first-level region p of a country whose regions are counties, with
    no town of the name inside it ("Kelmora County" holding the town Kelmora is coded at the town, as
    ACLED codes a county's events; one whose namesake town lies in another county is the county)."""
    return c.cue_county and p.source == "admin1" and p.iso3 in COUNTY_REGION_COUNTRIES and not any(
        m.quality >= 0.9 and m.place.kind == "city" and m.place.iso3 == p.iso3 and m.place.admin1 == p.admin1
        for m in c.matches)


def _municipal_seats(c) -> frozenset:
    """The ids of the candidate's towns that share a region with a namesake town and lie in a
    second-level area of the name (worked out once per candidate: names like "San Juan" match hundreds)."""
    if c.seats is None:
        spelt = [o.place for o in c.matches if o.quality >= 0.9]
        towns: dict = {}
        for t in spelt:
            if t.kind == "city":
                towns.setdefault((t.iso3, t.admin1), []).append(t)
        areas = [a for a in spelt if a.source == "admin2" and len(towns.get((a.iso3, a.admin1), ())) >= 2]
        c.seats = frozenset(t.id for a in areas for t in towns[(a.iso3, a.admin1)]
                            if distance_km(t.latitude, t.longitude, a.latitude, a.longitude) <= MUNICIPAL_SEAT_KM)
    return c.seats


def _district_seats(c) -> frozenset:
    """The ids of the candidate's towns matched by an alternate name that are the seat of a second-level
    area the text's name spells (GeoNames files Madhya Pradesh's Sagar as "Saugor"; its district Sagar
    stands at its point), where the name is no first-level region's (the state Sinaloa, not the seat of
    its municipality Sinaloa) and the town is at least twice the size of every town bearing the name as its
    own (Karnataka's Sagar, 55,000). Worked out once per candidate."""
    if c.district_seats is None:
        spelt = [m.place for m in c.matches if m.quality == 1.0]
        own = max((q.population for q in spelt if q.kind == "city" and _primary(q)), default=0)
        areas = [(q.iso3, q.admin1, q.latitude, q.longitude) for q in spelt if q.source == "admin2"]
        c.district_seats = frozenset() if any(q.source == "admin1" for q in spelt) else frozenset(
            m.place.id for m in c.matches if m.place.kind == "city" and m.place.population >= 2 * own
            and not _primary(m.place) and any(
                (iso3, admin1) == (m.place.iso3, m.place.admin1) and abs(lat - m.place.latitude) < 0.01
                and abs(lon - m.place.longitude) < 0.01 for iso3, admin1, lat, lon in areas))
    return c.district_seats


def _seat_of_namesakes(c):
    """The candidate's town entry that is the main town of a province-sized first-level region the
    name also matches, or None: "Kandahar" names a province and its capital, which a small Indian
    namesake does not rival; "Odessa" is the region's name and an old spelling of its main town Odesa,
    which a Texan town's own name does not outweigh. Only the largest town of the name is one (San
    Juan, Argentina, a province's seat, is no match for Puerto Rico's capital)."""
    if not c.seat_memo:
        c.seat_memo.append(_seat_among(c))
    return c.seat_memo[0]


def _seat_among(c):
    """`_seat_of_namesakes`, worked out."""
    spelt = [o.place for o in c.matches if o.quality >= 0.9]
    towns = [p for p in spelt if p.kind == "city"]
    if not towns:
        return None
    p = max(towns, key=lambda t: t.population)
    if any(t.population == p.population and t is not p for t in towns):
        return None  # (two largest alike: neither is the largest)
    seat = any(
        o.source == "admin1" and o.iso3 == p.iso3 and o.admin1 == p.admin1
        and p.population * 10 >= o.population >= SEAT_REGION_MIN_POP
        and distance_km(p.latitude, p.longitude, o.latitude, o.longitude) <= NEAR_KM for o in spelt)
    return p if seat else None


def _admin2_countries(matches) -> int:
    """How many countries have a second-level area among the matches."""
    return len({m.place.iso3 for m in matches if m.place.source == "admin2"})


def _rival(a, b) -> bool:
    """Whether entry a is another answer than the best entry b: not near it, not a town and the
    region of the same name that holds it ("New York") nor two entries of one region, and not a hamlet a
    tenth the size of b, a town of the same region."""
    if a.iso3 == b.iso3:
        if {a.kind, b.kind} in ({"city", "region"}, {"region"}) and a.admin1 and a.admin1 == b.admin1 \
                and (light_key(a.name) == light_key(b.name) or _primary(a) and _primary(b)
                     and light_key(a.matched or a.name) == light_key(b.matched or b.name)):
            # (nor two entries of one region: GeoNames' and the curated file's "Balochistan"; nor a town and its
            # region by the town's own name, though GeoNames spells the region otherwise: "Sagaing" is the town
            # and the region GeoNames calls Sagain, and so is its district; not New York City, which "New York" names
            # by another name)
            return False
        if distance_km(a.latitude, a.longitude, b.latitude, b.longitude) <= NEAR_KM:
            return False
        if a.kind == b.kind == "city" and a.admin1 and a.admin1 == b.admin1 and a.population * 10 <= b.population \
                and b.population >= SELF_EVIDENCE_MAX_POP:
            return False  # a hamlet named after the region's town: "Petatlan, Guerrero" is the town
    return True


# the Arabic article before a name, as news transliterates it ("al-Hol", "Ar-Raqqah", "el-Fasher", "Al Hol"; not
# Spanish "El Paso")
_ARABIC_ARTICLE = re.compile(r"(?i:al|el|ar|as|ad|ash|an|at|az)[-‐‑’'](?=[A-Za-z])|Al\s(?=[A-Z])")
ARABIC_COUNTRIES = frozenset("DZA BHR COM DJI EGY IRQ JOR KWT LBN LBY MRT MAR OMN PSE QAT SAU SOM SDN SYR TUN ARE YEM "
                             "TCD ESH ISR".split())


def _first_level(p) -> bool:
    """A first-level region: pycountry's, or a curated one standing for it (the curated file gives
    those, and only those, a million people)."""
    return p.source == "admin1" or (p.source == "curated" and p.kind == "region" and p.population >= 1_000_000)


def _mark_area_lists(cands, text: str) -> None:
    """Sets `list_areas` on the names of each list of three or more ("in Dunde, Kelmo, Lurin and Tasra"): the
    countries that two or more of its other names have a second-level area of, spelt so. A list of one country's
    districts names a district of that country, not a town abroad: Nepali reports list districts by name."""
    run: list = []
    for c in sorted(cands, key=lambda x: x.start) + [None]:
        if c is not None and run and (_LIST_GAP.fullmatch(text, run[-1].end, c.start)
                                      or _COMMA_AFTER.fullmatch(text, run[-1].end, c.start)):
            run.append(c)
            continue
        if len(run) >= 3:
            areas = [{m.place.iso3 for m in o.matches if m.quality >= 0.9 and m.place.source == "admin2"} for o in run]
            for i, o in enumerate(run):
                counts = Counter(iso for j, isos in enumerate(areas) if j != i for iso in isos)
                o.list_areas = frozenset(iso for iso, n in counts.items() if n >= 2)
        run = [c]


def _spelt_region(m, matches) -> bool:
    """Whether a match is a first-level region the name spells, or one named after its main town that the
    name spells only as that town ("Kelmorey": GeoNames gives the town Kelmori that other spelling, and its
    region Kelmori none)."""
    if not _first_level(m.place):
        return False
    if m.quality >= 0.9:
        return True
    key = light_key(m.place.name)
    return any(o.quality >= 0.9 and o.place.kind == "city" and o.place.iso3 == m.place.iso3
               and light_key(o.place.name) == key and light_key(o.place.admin1 or "") == key for o in matches)


def _in_area(p, keys) -> bool:
    return bool(p.admin1 and light_key(p.admin1) in keys or p.iso3 and p.iso3 in keys)


def _admin1_names(p, gz) -> frozenset | None:
    """The admin1 names GeoNames files a first-level region's towns under: a pycountry region's own, and a
    curated region's where it stands for one GeoNames names otherwise ("Wardak", whose towns are filed
    under "Vardak"); None for any other place, or a curated region that may span several (Puntland)."""
    if p.kind != "region" or not _first_level(p) or not p.admin1:
        return None
    if p.source == "admin1":
        return frozenset({p.admin1})
    other = gz.region_admin1(p)
    return frozenset({p.admin1, other}) if other else None


def _area_countries(c) -> frozenset:
    """The countries that alone may hold a place the area named after it does not: that area's,
    once a previous pass resolved its name in one of them ("Kelmora (Mendoza)": Argentina's, so no
    large Villa Kelmora abroad), none before (nor when its name turned out to be something else:
    "Kelmora City (Dunde)" names a part of the city, not a foreign region called Dunde)."""
    area = c.within_by
    if not c.within_only or area is None or area.best is None or area.confidence < 0.5 \
            or any(m.place.kind == "country" for m in c.matches if m.quality >= 0.9):
        return frozenset()  # (a country is in no area: "Austria, Slovakia and Greece" is a list)
    iso = area.best.place.iso3
    return frozenset((iso,)) if iso in c.within_only else frozenset()


def _own_evidence(cands) -> dict:
    """light key of a name -> the country evidence its own mentions gave (see `_evidence`), and
    under None the evidence and hints of the names a previous pass resolved with confidence, bar
    demonyms and small towns (two hamlets of different countries do not cancel each other out)."""
    own: dict = {None: {}}
    for c in cands:
        sure = c.best is not None and c.confidence >= 0.5 and not c.demonym \
            and (c.best.place.kind != "city" or c.best.place.population >= SELF_EVIDENCE_MAX_POP)
        for key, ev in ((light_key(c.text), _evidence(c)), (None, _evidence(c, True) if sure else None)):
            if ev is not None:
                mine = own.setdefault(key, {})
                mine[ev[0]] = mine.get(ev[0], 0.0) + ev[1]
    return own


def _without(weights: dict, mine: dict) -> dict:
    out = {iso: w - mine.get(iso, 0.0) for iso, w in weights.items()}
    return {iso: w for iso, w in out.items() if w > 1e-9}


def _resolve(cands, countries, admin_keys, anchors, hints=None, area=None, fronts=(), parts=(), groups=None) -> None:
    anchors = _Anchors(anchors, fronts, parts)
    total = sum(countries.values())
    # "Israeli air strikes on Gaza": in the scores, a country's evidence counts at a share for the territory
    # it holds or contests (countries.json `linked`), which the text seldom names as a country (not
    # Mozambique's Gaza); in the gates that keep out namesakes abroad, only for the territory's towns of
    # some size (a village of it named like a person, "Bala", stays out)
    scoring, scoring_total = countries, total
    links = [(iso, other, w) for iso, w in countries.items() for other in linked_countries().get(iso, ())]
    held = {other for _, other, _ in links}
    if links:
        scoring = dict(countries)
        for iso, other, w in links:
            scoring[other] = scoring.get(other, 0.0) + LINKED_SHARE * w
        scoring_total = sum(scoring.values())
    spelt_points: list = []  # (key, lat, lon) of the towns the names are spelt as, once a village needs them
    spelt_done = False
    own_evidence = _own_evidence(cands)
    for iso, w in (area or {}).items():  # ("Local Government Area": evidence no name gave)
        own_evidence[None][iso] = own_evidence[None].get(iso, 0.0) + w
    # the countries of the places a previous pass resolved with confidence ("Crete" beside "Libya"
    # lets Souda be Crete's town)
    resolved: dict = {}
    # and of the towns it kept by their own names spelt as the text spells them, however unsure ("Gaur",
    # also an old name of Le Havre; not "El Ali", which drops its article to be an Indian town's name)
    own_named: dict = {}
    # and the countries the text spells out, though a namesake region more populous makes the name no
    # evidence ("Mexico", whose State of Mexico comes first; not a name the text calls a region, "Niger State")
    spelt_countries = {m.place.iso3 for c in cands if not c.cue_region for m in c.matches
                       if m.place.kind == "country" and m.quality == 1.0}
    for c in cands:
        if c.best is not None and c.confidence >= 0.5 and c.best.place.kind != "country" and c.best.place.iso3:
            resolved.setdefault(c.best.place.iso3, set()).add(light_key(c.text))
        if c.best is not None and c.confidence >= MIN_CONFIDENCE and c.best.place.kind == "city" \
                and c.best.place.iso3 and c.best.quality == 1.0 and _primary(c.best.place):
            own_named.setdefault(c.best.place.iso3, set()).add(light_key(c.text))
    for c in cands:
        if c.demonym or c.source == "abbreviation":
            c.best, c.confidence = c.matches[0], 0.9
            continue
        # transliteration folds are a fallback: used only when no spelling matches outright
        pool = [m for m in c.matches if m.quality >= 0.9] or c.matches
        if c.expanse:
            pool = [m for m in pool if _expanse(m.place)]
        if _ARABIC_ARTICLE.match(c.text) and any(m.place.iso3 in ARABIC_COUNTRIES for m in pool):
            # "al-Hol", "al-Rai": a name with the Arabic article is a place where Arabic names places, not the
            # Norwegian or French town its bare name also is
            pool = [m for m in pool if m.place.iso3 in ARABIC_COUNTRIES or m.place.kind == "country"]
        own_countries = {m.place.iso3 for m in pool if m.quality == 1.0 and m.place.kind == "country"}
        if own_countries:
            # a country's own name is no city known by it as an alternate name, nor the country's own
            # first-level region of the name unless the text calls it a region: "Mexico" is neither Mexico
            # City nor the State of Mexico, though the text names the city too (whose nearness and
            # region would vouch for either)
            pool = [m for m in pool if (m.place.kind != "city" or _primary(m.place)) and not (
                m.place.source == "admin1" and m.place.iso3 in own_countries and not (c.cue_region or c.address_tail))]
        # a postal village named like a town the gazetteer knows, where the text names its region or
        # front ("near Orikhove" in a report from the Donbas: not Crimea's town); not when the name
        # is a region's or a large town's ("San Francisco", "Chihuahua")
        if c.postal and not any(m.place.kind != "city" or m.place.population >= WITHIN_OUTSIDE_MIN_POP
                                for m in c.matches if m.quality >= 0.9):
            pool = pool + [m for m in c.postal if _in_area(m.place, admin_keys) or anchors.at_front(m.place)]
        if c.village_of:
            pool = [m for m in pool if m.place.kind != "country"]  # "the village of Kosovo" is no country
        if c.cue_region and not c.cue_admin2 and not any(m.place.kind == "region" for m in pool):
            # "Baay region": the text calls it a first-level region, and only a fold is one (Somalia's
            # Bay), not the Philippine village spelt so
            # (beside the spellings that match outright, which keep their say: "Konduz Province")
            pool = pool + [m for m in c.matches if m.quality < 0.9 and m.place.kind == "region"
                           and _first_level(m.place)]
        # a second-level area by its bare name only with its cue word: "Union" is no county
        # (nor is the last name of a bracketed address, which names an area: "Kelmo (Kelmo, Tapoa)" is in
        # Burkina Faso's province of Tapoa)
        if not c.cue_admin2 and not _ADMIN2_WORD.search(c.text) and not c.address_tail:
            # (unless it is all there is and the region named right after holds it: "in
            # Lerdo, Durango", a municipality named after its seat)
            # (or, when the name is a second-level area's in one country only and nothing else
            # anywhere is spelt so, the place "in" governs, or a later name of the list it opens, or the
            # text calls a town: "a march in Dharwad", "in Kelmo and Dundeli", "the city of Dunde", a
            # district named after its seat; a fold abroad does not count: "Kaski" is no Finnish Kaskinen)
            # (nor where the text calls it a region and it is a second-level area's name in one country only:
            # "in Dunde's Kelmora region", or of a country the rest of the text names: "the Beni region of
            # eastern Congo" is no Bolivian El Beni; not "the Kelmora River Valley", a river's; nor where its
            # local government bears the name: "outside the offices of the Kelmora Municipal Corporation")
            # (and where "in" governs the name of one second-level area, and the towns spelt so are all hamlets
            # of other countries, none the text points to or spells out: "in Dunde" is the district, not a
            # hamlet of a thousand people abroad)
            named = _without(countries, own_evidence.get(light_key(c.text), {})) if c.called_region else {}
            outright = [m for m in c.matches if m.quality >= 0.9]
            one_country = len({m.place.iso3 for m in outright}) == 1
            areas = [m for m in outright if m.place.source == "admin2"]
            lone_district = c.governed and not c.within_area and len(areas) == 1 and areas[0] in pool \
                and len(outright) > 1 and all(
                    m.place.kind == "city" and m.place.iso3 != areas[0].place.iso3
                    and m.place.population < SELF_EVIDENCE_MAX_POP and not countries.get(m.place.iso3)
                    and m.place.iso3 not in spelt_countries for m in outright if m is not areas[0])
            if lone_district:
                pool = areas
            elif any(m in pool and m.place.iso3 in c.list_areas for m in areas):
                # (in a list of one country's second-level areas, that country's places of the name: "in Jumla,
                # Kelmo, Dunde and Lurin" is no Indian town Kelmo)
                pool = [m for m in pool if m.place.iso3 in c.list_areas]
            else:
                pool = [m for m in pool if m.place.source != "admin2"
                        or named.get(m.place.iso3, 0.0) >= MIN_COUNTRY_EVIDENCE] or [
                    m for m in pool if c.within_area and _in_area(m.place, c.within)] or [
                    m for m in pool if (c.governed or c.listed or c.cue_town and not c.hamlet) and one_country] or [
                    m for m in pool if (c.called_region or c.municipal) and one_country]
        addressed = c.ruled_out = False
        if c.within_area:
            # "Kelmora (Tripoli)", "Dunde, Donetsk": the text says which area holds the place;
            # a small namesake elsewhere is not it
            inside = [m for m in pool if _in_area(m.place, c.within) or any(
                abs(m.place.latitude - a) <= _NEAR_DEGREES and distance_km(m.place.latitude, m.place.longitude, a, b)
                <= c.within_km for a, b in c.within_points)]
            # a town addressed with the next state's name, just over the line: a place of the
            # same country near the region named is still the one meant
            spill = [(min(distance_km(m.place.latitude, m.place.longitude, a, b) for a, b, iso in c.within_centres
                          if iso == m.place.iso3), m) for m in pool
                     if any(m.place.iso3 == iso for _, _, iso in c.within_centres)]
            spill = [(d, m) for d, m in spill if d <= AREA_SPILL_KM]
            # (the nearest of several, and those about as near: "Ceiba, Fajardo" is the Ceiba next to
            # Fajardo, not a larger barrio of the name across the island)
            nearest = min((d for d, _ in spill), default=0.0)
            inside = inside or [m for d, m in spill if d <= nearest + MUNICIPAL_SEAT_KM]
            # a transliteration fold inside the area beats a spelling matched abroad ("Murghab
            # district, Badghis" is Bala Morghab, not Tajikistan's Murghob)
            # (not a short word: "Kot" of "Kelmora Kot district" folds to too many names)
            # (nor where the name is spelt as a first-level region: "across Haryana, Punjab" lists two
            # states, and Punjab's Hariana is no fold of the first)
            inside = inside or [m for m in c.matches if m.quality < 0.9 and m.place.kind != "country"
                                and len(c.text) >= FOLD_INSIDE_MIN_LEN and m.place.admin1
                                and _in_area(m.place, c.within)
                                and not any(o.quality >= 0.9 and _first_level(o.place) for o in pool)]
            if c.within_by is not None and light_key(c.within_by.text) == light_key(c.text):
                # "Kelmora (Kelmora)": the town in the region of its name, where there is one
                inside = [m for m in inside if m.place.kind == "city"] or inside
                # and the very town the address resolved its namesake to, once a previous pass has ("Rafah
                # (Rafah, North Sinai)": the Egyptian town, not the one across the border)
                twin = c.within_by.best
                if twin is not None and c.within_by.confidence >= 0.5 and twin.place.kind == "city":
                    inside = [m for m in pool if m.place.id == twin.place.id] or inside
                elif twin is not None and c.within_by.confidence >= 0.5 and twin.place.source == "admin2":
                    # ("El Kelmora (El Kelmora)": the second-level area the brackets name, where the
                    # gazetteer has no town of the name in it, stands for the town)
                    inside = [m for m in pool if m.place.iso3 == twin.place.iso3 and distance_km(
                        m.place.latitude, m.place.longitude, twin.place.latitude, twin.place.longitude)
                        <= MUNICIPAL_SEAT_KM] or [twin]
            if c.within_district and c.within_points:
                # ("Kelmora, Dunde (UP)": not a village Kelmora of the state two districts off; a town of the
                # state is taken, as a district may be a desert's size)
                inside = [m for m in inside if m.place.source not in VILLAGE_SOURCES or any(
                    distance_km(m.place.latitude, m.place.longitude, a, b) <= c.within_km for a, b in c.within_points)]
            only = _area_countries(c)
            addressed = bool(inside) and bool(c.within_centres)
            # (a part of a city is in it or unknown, never another large town)
            # (a second-level area stands in with a population of its own: not a large town)
            # (nor is a place whose address names its district and region: "Kelmora sector (Dunde district,
            # J&K)" is no large town of another state)
            # (nor is a village: "Barangay Kelmora, Dunde" is no large town of another province)
            pool = inside or [m for m in pool if m.place.population >= WITHIN_OUTSIDE_MIN_POP
                              and m.place.source != "admin2" and not c.within_district and not c.hamlet
                              and (not only or m.place.iso3 in only) and c.within_km > CITY_PART_KM] \
                or _misaddressed(c, pool)
            c.ruled_out = not pool
        c.addressed = addressed
        if c.town_part:
            # "in Recife, Pernambuco ... in Boa Viagem neighborhood": the neighbourhood lies near a
            # town the text names, not at a namesake across the continent ("a suburb of Nairobi" is a
            # suburb of the city itself); with no such town, only a large city's name is taken
            # (or in the area the address names: "Kelmora community in Dunde State")
            pool = [m for m in pool if m.place.population >= WITHIN_OUTSIDE_MIN_POP and _primary(m.place)
                    or anchors.near(m.place.latitude, m.place.longitude, c)
                    or c.within_area and _in_area(m.place, c.within)]
        # a name does not vouch for itself: "Istria" (a Romanian village) beside "Croatia" is no
        # evidence of Romania ("Dashti" in a Kabul report none of Iran)
        mine = own_evidence.get(light_key(c.text), {})
        told = _without(countries, mine)  # what the rest of the text says of the country
        if c.area_of and not c.within:
            # "the Rabat area of Kelmora district, Zabul": an area of a place the text names next lies in
            # the text's countries, whatever city abroad bears its name
            # (a city's own weak hint for its country does not count: a named country or place does)
            pool = [m for m in pool if sum(told.values()) < MIN_COUNTRY_EVIDENCE
                    or told.get(m.place.iso3, 0.0) >= MIN_COUNTRY_EVIDENCE
                    or anchors.near(m.place.latitude, m.place.longitude, c)]
        if not pool:
            c.best, c.confidence = None, 0.0
            continue
        if pool[0].quality < 0.9:
            # a transliteration fold alone ("Sindhi" ~ Sendai, "Kannada" ~ Canada) names a town of a
            # country the rest of the text points to, or of the area named right after it, never a country
            # (or, in a text that points to no country at all, the one town of some size a long name
            # "in" or "at" governs, with no address or area word, folds to: "a sit-in in Kot Momin" is
            # Kot Mumin; "in Kelmora District" is no city abroad)
            towns = [m for m in pool if m.place.kind == "city" and m.place.population >= FOLD_GOVERNED_MIN_POP]
            lone = not told and c.governed and not c.common and not c.within and not c.cue_region \
                and not c.cue_admin2 and len(light_key(c.text)) >= FOLD_GOVERNED_MIN_LEN and len(towns) == 1
            # (and, outside its address's area, not where the text places other towns of that country
            # far from all of them: "at Siha Halt near Gorakhpur" is no fold of a town across the country)
            pool = [m for m in pool if m.place.kind != "country" and (
                c.within_area and _in_area(m.place, c.within)
                or (told.get(m.place.iso3, 0.0) > 0 or lone and m is towns[0])
                and (not anchors.in_country(m.place.iso3, c) or anchors.near(m.place.latitude, m.place.longitude, c)))]
            if not pool:
                c.best, c.confidence = None, 0.0
                continue
        others = countries
        # (a place vouches for its country by its own spelling only: "Lamana" is no Ecuadorian La Mana)
        if max((m.place.population for m in pool if m.quality >= 1.0), default=0) < SELF_EVIDENCE_MAX_POP \
                and sum(_without(own_evidence[None], mine).values()) >= MIN_COUNTRY_EVIDENCE:
            others = _without(hints or countries, mine)
        if sum(others.values()) >= MIN_COUNTRY_EVIDENCE and not addressed:
            # a document about known countries: a namesake elsewhere must be a large city (unless the
            # address holds it: "Kelmora (Dunde)" in a text that also names a neighbouring country)
            key = light_key(c.text)
            # (when only a named group points to a country, a town of some size with no namesake is
            # where it is: groups act abroad, "Lashkar militants attacked towers in Kelmora")
            spelt = [m for m in pool if m.quality >= 0.9]
            lone_town = len(spelt) == 1 and spelt[0].place.kind == "city" and not c.common \
                and (spelt[0].place.population >= LONE_TOWN_MIN_POP
                     or spelt[0].place.source in VILLAGE_SOURCES and c.governed) and not c.in_name \
                and (sum(_without(others, groups or {}).values()) < MIN_COUNTRY_EVIDENCE or c.border)
            # (and a town named for the border it stands at, which a text names with the country across:
            # "Kelmorian drivers stranded at the Dunde border crossing")
            # (as is a curated town nothing else is spelt like, whatever country the text names: a
            # border town is named with the country across the border, "Kelmora hosts troops sent to Dunde")
            curated = len(spelt) == 1 and spelt[0].place.source == "curated" and spelt[0].place.kind == "city" \
                and not c.common and not c.in_name \
                and sum(1 for m in c.matches if m.quality >= 0.9) == 1
            # (and so is the one second-level area of the name that closes a bracketed address)
            lone_area = c.address_tail and _admin2_countries(spelt) == 1 \
                and sum(_without(others, groups or {}).values()) < MIN_COUNTRY_EVIDENCE
            pool = [m for m in pool if m.place.kind == "country" or m.place.iso3 is None
                    or others.get(m.place.iso3, 0.0) > 0 or resolved.get(m.place.iso3, {key}) - {key}
                    # (a town of some size in a territory the text's country holds: Israel's Gaza)
                    or m.place.iso3 in held and m.place.population >= WITHIN_OUTSIDE_MIN_POP and m.quality >= 0.9
                    or (m.place.population >= OUTSIDE_MIN_POP and m.quality >= 0.9 and _primary(m.place)
                        and not c.in_name) or (lone_town or curated) and m is spelt[0]
                    or lone_area and m.place.source == "admin2"
                    # (and a district of the country whose districts its list names: they vouch for each other)
                    or m.place.source == "admin2" and m.place.iso3 in c.list_areas]
            if not pool:
                c.best, c.confidence = None, 0.0
                continue
        if anchors and not addressed and sum(told.values()) >= MIN_COUNTRY_EVIDENCE:
            # a town of a country nothing else in the text points to, far from the places the text has in
            # other countries ("Indian and Pakistani troops fired across the LoC in Kelmo sector, near Dunde":
            # no namesake of Kelmo across the world); a large city keeps its claim
            # (other places count where something besides any one of their names points to their country:
            # a named country, a demonym, a second place; not two lone towns of two countries)
            elsewhere = anchors.elsewhere(c, told, own_evidence)
            pool = [m for m in pool if not (
                m.place.kind == "city" and m.place.iso3 and told.get(m.place.iso3, 0.0) == 0
                and m.place.population < OUTSIDE_MIN_POP and elsewhere and m.place.iso3 not in elsewhere
                and not anchors.near(m.place.latitude, m.place.longitude, c))]
            if not pool:
                c.best, c.confidence = None, 0.0
                continue
        # a village known only from the villages extra (GeoNames' postal table, MIMU's villages) is taken
        # in a country the rest of the text points to, or inside the area its address names, or, in a text
        # that points to none, when its name is no common word and a place word governs it ("Nasa" of a
        # Kenyan party is no Turkish village; "in Dandora" is Nairobi's; "Sindhi nationalists" are no
        # village's)
        # (or, in a text that points to none, beside a place another name of the text is spelt as: "clashes
        # in Kelmo, Dunde and Lurin areas", three villages of one district, vouch for each other)
        unsure = sum(_without(told, groups or {}).values()) < MIN_COUNTRY_EVIDENCE and not c.common
        named = unsure and (c.governed or c.listed or c.cue_town or c.near or c.people or c.site or c.closes_unknown)
        if unsure and not named and not spelt_done and any(m.place.source in VILLAGE_SOURCES for m in pool):
            spelt_points, spelt_done = [(light_key(o.text), m.place.latitude, m.place.longitude) for o in cands
                                        if not o.common and not o.demonym for m in o.matches
                                        if m.quality >= 0.9 and m.place.kind == "city"], True
        top_told = max(told.values(), default=0.0)
        pool = [m for m in pool if m.place.source not in VILLAGE_SOURCES
                or told.get(m.place.iso3, 0.0) > 0 and (m.place.source != "postal"
                                                         or told[m.place.iso3] >= POSTAL_COUNTRY_SHARE * top_told
                                                         or anchors.near(m.place.latitude, m.place.longitude, c))
                or c.within_area and _in_area(m.place, c.within) or named
                or unsure and _beside_another_name(m.place, c, spelt_points)]
        # and, where the name has namesakes far from it, not far from every town the text places in its
        # country ("a protest by the Kelmo campus of Mumbai University" is at no hamlet Kelmo across the country;
        # a name nothing else bears is that place wherever it lies)
        # (not one the text calls an area: "in Kelmo District")
        # (nor one in a region the text names: "at Kelmo within Dunde County")
        if anchors and not (c.within_area or c.within_points or c.cue_admin2 or c.cue_region or c.cue_county) \
                and any(_village(m.place) for m in pool):
            spelt = [(m.place.latitude, m.place.longitude) for m in c.matches if m.quality >= 0.9]
            # (a name nothing else bears is no such place either where the text names its country's regions
            # and that place lies in none of them: "at Kelmo Ghat near Dunde city (Dunde, Punjab)" is no
            # hamlet Kelmo of the next province)
            pool = [m for m in pool if not _village(m.place)
                    or _near_any(m.place, anchors.towns_in(m.place.iso3, c)) or _in_area(m.place, admin_keys)
                    or not any(distance_km(m.place.latitude, m.place.longitude, a, b) > NEAR_KM for a, b in spelt)
                    and not anchors.regions_of(m.place.iso3, c)]
        # nor a town only a transliteration fold reaches, in a text that names first-level regions of its
        # country, none of which holds it ("Kelmouchi town, close to Dunde city" of a text about Dunde's
        # province is no Kelmoshi two provinces off)
        if anchors and not (c.within_area or c.within_points or c.cue_region) and pool \
                and all(m.quality < 0.9 for m in pool):
            pool = [m for m in pool if m.place.kind != "city" or _in_area(m.place, admin_keys)
                    or anchors.regions_hold(m.place, c)]
        # nor, in an address closed by a town, more than ADDRESS_TOWN_KM from every town of that name ("near
        # Kelmo, Dunde" is no hamlet Kelmo 100 km from Dunde)
        if c.within_by is not None and not (c.within_area or c.within_points or c.within_by.cue_admin2
                                             or c.within_by.cue_region or c.within_by.cue_county):
            towns = [(m.place.latitude, m.place.longitude) for m in c.within_by.matches
                     if m.quality >= 0.9 and m.place.kind == "city"]
            pool = [m for m in pool if not _village(m.place) or _near_any(m.place, towns, ADDRESS_TOWN_KM)]
        # a small town matched only by one of its other names, in a country nothing else in the text points
        # to, is not where the text's other places are ("at Garuda" in a report from Nepal's plains is no
        # Italian village of that other name; nor in "Gaur, Garuda and Shivanagar", where Gaur is only
        # a likely Nepali town)
        key = light_key(c.text)
        elsewhere = {iso for named in (resolved, own_named) for iso, keys in named.items() if keys - {key}}
        if elsewhere:
            pool = [m for m in pool if _primary(m.place) or m.place.population >= SELF_EVIDENCE_MAX_POP
                    or m.place.kind != "city" or told.get(m.place.iso3, 0.0) > 0 or not elsewhere - {m.place.iso3}]
        if not pool:
            c.best, c.confidence = None, 0.0
            continue
        seat = None if c.cue_region else _seat_of_namesakes(c)  # (not in "Kandahar province")
        scored = sorted(((_score(c, m, scoring, scoring_total, admin_keys, anchors, seat), m) for m in pool),
                        key=lambda x: -x[0])
        best_s, best = scored[0]
        second = next((s for s, m in scored[1:] if _rival(m.place, best.place)), None)
        margin = best_s - second if second is not None else 1.5
        # how clearly the best entry wins, times how good a place it is at all
        c.confidence = max(0.0, min(1.0, (0.25 + 0.5 * min(margin, 1.5)) * min(1.0, best_s / 2.0)))
        c.best = best
        # a city of a million people spelt as the text spells it, at least BIG_CITY_RATIO times as large as
        # any namesake that rivals it, is the one meant in a text that points to no country ("a van hit
        # crowds on Barcelona's busiest street" is not Venezuela's Barcelona)
        p = best.place
        if c.confidence < BIG_CITY_CONFIDENCE and p.kind == "city" and p.population >= BIG_CITY_POP \
                and best.quality == 1.0 and _primary(p) and sum(told.values()) < MIN_COUNTRY_EVIDENCE \
                and all(m.place.population * BIG_CITY_RATIO <= p.population for m in pool
                        if m is not best and _rival(m.place, p)):
            c.confidence = BIG_CITY_CONFIDENCE


def _misaddressed(c, pool) -> list:
    """The one town or second-level area of the name in the country of the region its address names,
    where that region holds none: the address has the wrong region ("in Kelmora, Dunde state" is the
    Kelmora of the next state, when the country has no other). Not a village known only from the
    villages extra, nor a name the country has twice."""
    own = {iso for _, _, iso in c.within_centres if iso}
    area = c.within_by
    if not own or area is None or c.hamlet or c.common or c.within_district and c.within_points:
        return []  # (nor where a second-level area of the address is known and far from it)
    # (a region named like a large town may be that town, of which the place is a part: "Kelmora
    # (Dunde)"; not when the text calls the region one, or the place a district: "Kelmora district, Dunde")
    if not (area.cue_region or c.cue_admin2) and any(
            m.quality >= 0.9 and m.place.kind == "city" and m.place.iso3 in own
            and m.place.population >= AREA_TOWN_MIN_POP for m in area.matches):
        return []
    same = [m for m in pool if m.place.iso3 in own and m.place.kind != "country"]
    # (the place by its own name, spelt as the text spells it: not a district matched by another name)
    if not same or any(m.place.source in VILLAGE_SOURCES or m.quality < 1.0 or not _primary(m.place)
                       or light_key(m.place.name) != light_key(c.text) for m in same):
        return []
    first = same[0].place
    if any(distance_km(m.place.latitude, m.place.longitude, first.latitude, first.longitude) > MUNICIPAL_SEAT_KM
           for m in same[1:]):
        return []
    return same


def _town_list_goes_on(text: str, c, next_of: dict) -> bool:
    """Whether a list of towns goes on past candidate c: "and" or a comma, then a name read as a town."""
    after = next_of.get(c.start)
    if after is None or not all(any(m.quality >= 0.9 and m.place.kind == "city" for m in x.matches) for x in (c, after)):
        return False
    if _REGION_AFTER.match(text[after.end:after.end + 30]):
        return False
    # (a list closes with "and": "Kelmora, Dunde, Lurin and Tasra"; names joined by commas alone are an address,
    # "Kelmo, Dunde, Lurin")
    if _LIST_GAP.fullmatch(text, c.end, after.start):
        return True
    return _COMMA_AFTER.fullmatch(text, c.end, after.start) is not None and _town_list_goes_on(text, after, next_of)


def _mark_addresses(cands, text: str, countries: dict, gz) -> None:
    """Sets each candidate's `within` fields: the area its address puts it in ("Columbus, Ga.",
    "Kelmora (Biu LGA, Borno)", "the Old Market area of Kelmora", "Kelmora of Dunde district, Herat")."""
    by_start = {x.start: x for x in cands}
    next_of = {x.start: y for x, y in zip(cands, cands[1:])}
    for c, after in zip(cands, cands[1:]):
        # (a district of a list closed by its province: "Kelmora (Dunde), Lurin and Tasra districts, Kunar";
        # or one given with its other name: "Kelmora (Dunde) district, Kunar")
        tail = _DISTRICT_LIST_TAIL.match(text, c.end) or _ALIASED_DISTRICT_TAIL.match(text, c.end)
        listed = by_start.get(tail.end()) if tail else None
        nxt = listed or after
        gap = text[c.end:nxt.start]
        # ("at Kelmora of Dunde district": a place "of" the second-level area named after it, as South Asian
        # reports address a village)
        of_area = gap == " of " and bool(_ADMIN2_AFTER.match(text, nxt.end)) and any(
            m.quality >= 0.9 and m.place.source == "admin2" for m in nxt.matches)
        # (not the second town of a list of towns, "in Kelmora, Dunde and Lurin", which goes on past it)
        if (listed is not None or _WITHIN_GAP.match(gap) or of_area) \
                and not (listed is None and gap.strip() == "," and _town_list_goes_on(text, nxt, next_of)):
            keys = {light_key(nxt.text)}
            keys |= {light_key(m.place.name) for m in nxt.matches if m.place.kind == "region"}
            # (and the first-level region a curated area stands for: "J&K" is GeoNames' Jammu and Kashmir)
            # (and a region's name as its towns file it: "Sud-Ouest" is GeoNames' "South-West Province")
            keys |= {light_key(m.place.admin1) for m in nxt.matches
                     if m.place.kind == "region" and m.place.admin1
                     and (m.place.source == "curated" or _first_level(m.place))}
            # (and the name GeoNames files a curated region's towns under: "Uruzgan" holds Oruzgan's)
            keys |= {light_key(a1) for m in nxt.matches if (a1 := gz.region_admin1(m.place))}
            keys |= {m.place.iso3 for m in nxt.matches if m.place.kind == "country" and m.place.iso3}
            c.within, c.within_by = frozenset(keys), nxt
            regions = [m for m in nxt.matches if _spelt_region(m, nxt.matches)]
            c.within_area = bool(regions) or any(m.quality >= 0.9 and m.place.kind == "country" for m in nxt.matches)
            c.within_centres = tuple((m.place.latitude, m.place.longitude, m.place.iso3) for m in regions
                                     if m.place.iso3)
            isos = {m.place.iso3 for m in regions if m.place.iso3} | {
                m.place.iso3 for m in nxt.matches if m.quality >= 0.9 and m.place.iso3 and m.place.kind == "country"}
            if isos and not nxt.demonym and ("(" in gap or not any(m.quality >= 0.9 and m.place.kind == "city"
                                               and m.place.population >= WITHIN_OUTSIDE_MIN_POP
                                               for m in nxt.matches)):
                c.within_only = frozenset(isos)
            # "Kelmora, Iloilo City": a district or suburb named before a large city lies near it
            # ("Korangi, Karachi" is no town in Belgium, nor a "Santa Rosa, Bogota" one in another
            # department)
            good = [m.place for m in nxt.matches if m.quality >= 0.9]
            top = max(good, key=lambda q: q.population, default=None)
            local = top is not None and sum(countries.values()) >= MIN_COUNTRY_EVIDENCE \
                and not countries.get(top.iso3) and any(countries.get(q.iso3) for q in good)
            if local:
                # (of the text's countries, where it names one that has towns of the name, large or small,
                # and the address runs on to an area of that country and closes: "Kelmo, San Rafael,
                # Bulacan" in a Philippine text lies near one of the country's San Rafaels, not near
                # Argentina's large one; "Kelmo, San Rafael and Dunde" is a list)
                home = max((q for q in good if countries.get(q.iso3)), key=lambda q: q.population)
                third = next_of.get(nxt.start)
                local = third is not None and _COMMA_AFTER.fullmatch(text, nxt.end, third.start) is not None \
                    and any(m.quality >= 0.9 and m.place.kind == "region" and m.place.iso3 == home.iso3
                            for m in third.matches) and not _LIST_GOES_ON.match(text, third.end)
                top = home if local else top
            # (not "Kelmora municipality", nor "Kelmora del Norte": areas of the town's name)
            if not c.within_area and top is not None and top.kind == "city" and top.iso3 \
                    and (top.population >= WITHIN_OUTSIDE_MIN_POP or local) \
                    and not _REGION_AFTER.match(text[nxt.end:nxt.end + 30]) \
                    and not _NAME_GOES_ON.match(text[nxt.end:nxt.end + 30]):
                c.within_points = tuple((q.latitude, q.longitude) for q in [
                    q for q in (good if local else good[:10]) if q.kind == "city" and q.iso3 == top.iso3][:10])
                c.within_area = True
                if "(" not in gap and top.population >= CITY_PART_MIN_POP \
                        and not _NAME_RUNS_ON.match(text, nxt.end):  # (not "Kelmora, Zamboanga Sibugay")
                    # a part of a city of millions: "Diliman, Quezon City" is no village 40 km off (a
                    # bracketed town may stand for its district: "Kelmora (Marrakech)")
                    c.within_km = CITY_PART_KM
                elif top.population < WITHIN_OUTSIDE_MIN_POP:
                    # (and a small town's villages lie near it, as a district's do: no large town far off)
                    c.within_km, c.within_district = ADDRESS_TOWN_KM, True
                if "(" in gap:
                    c.within_only = frozenset((top.iso3,))
            elif c.within_area and "(" not in gap and not _REGION_AFTER.match(text[nxt.end:nxt.end + 30]) \
                    and not _NAME_GOES_ON.match(text[nxt.end:nxt.end + 30]):
                # "San Joaquin, Valencia, Carabobo": a city of millions shares its name with a region abroad;
                # a part named before it may lie near the city, or in that region
                city = max((q for q in good if q.kind == "city" and q.iso3), key=lambda q: q.population, default=None)
                if city is not None and city.population >= CITY_PART_MIN_POP:
                    c.within_points = tuple((q.latitude, q.longitude) for q in good[:10]
                                            if q.kind == "city" and q.iso3 == city.iso3)
            areas = [q for q in good if q.kind == "region" and q.source == "admin2"]
            # (or one the text calls a second-level area, after a comma or "of": "at Kelmora, Dunde district",
            # "at Kelmora of Dunde district", whatever towns abroad bear its name)
            # (one that closes the address: not "Kelmora, Dunde municipality, Lurin state", where the state
            # says which of the country's Dundes)
            cued_area = gap.strip() in (",", "of") and (cue := _ADMIN2_AFTER.match(text, nxt.end)) is not None \
                and not _ADDRESS_GOES_ON.match(text, cue.end())
            if not c.within_area and areas and (len(areas) == len(good) and gap.strip() == "in" or cued_area) \
                    and len({q.iso3 for q in areas}) == 1 and _ADDRESS_ENDS.match(text, nxt.end):
                # "at Kelmora in Dunde.": a second-level area and nothing else closing the address holds the
                # place, which lies near the area's point, not at a namesake two districts off (not where
                # the address runs on, "in Dunde (Lurin)", nor an area called a province, as large as one)
                c.within_points = tuple((q.latitude, q.longitude) for q in areas[:10])
                c.within_area, c.within_district, c.within_km = True, True, ADDRESS_PART_KM
        nxt, gap = after, text[c.end:after.start]
        if _PART_OF_GAP.match(gap) or gap.strip() in ("(", "in", ", in"):
            # "Old Market area of Kelmora city", "Dunde neighborhood in Barinas": a part of a town lies
            # near that town, not at a namesake across the country
            # (in the text's countries, if it names any: "Khairabad" of "Baharak (Khairabad)
            # district, Badakhshan" is no town abroad)
            # (the countries the rest of the text points to: "the Arawa area of Gombe" is not in Papua
            # New Guinea because a town of that name is there)
            mine = _evidence(c)
            told = _without(countries, {mine[0]: mine[1]}) if mine else countries
            towns = [m.place for m in nxt.matches if m.quality >= 0.9 and m.place.kind == "city"
                     and (not told or told.get(m.place.iso3, 0.0) > 0)]
            # (where the text calls the next name an area, the towns of the countries that have an area of that
            # name: "Kelmora in Banke district" is not near Azerbaijan's Banke, a large town's other name)
            areas = {m.place.iso3 for m in nxt.matches if m.quality >= 0.9 and m.place.kind == "region"}
            if areas and _REGION_AFTER.match(text[nxt.end:nxt.end + 30]):
                towns = [q for q in towns if q.iso3 in areas]
            if towns and not c.within_area:
                c.within_points = tuple((q.latitude, q.longitude) for q in towns[:10])
                c.within_area = True
                if _CITY_PART_WORD.search(gap) or _TOWN_AFTER.match(text[nxt.end:nxt.end + 10]) \
                        or "district" in gap.lower() and max(q.population for q in towns) >= CITY_PART_MIN_POP:
                    # "the Kelmora neighbourhood of Bujumbura", "the Kelmora area of Surat city" lie in the city
                    # (and "Kelmora district of Kyiv": a city of millions has districts of its own)
                    c.within_km = CITY_PART_KM
                if _PART_OF_GAP.match(gap):  # (not a bare bracket: "Kelmora (Tarapaca)" names a region
                    # the gazetteer knows only as a hamlet abroad)
                    c.within_only, c.within_by = frozenset(q.iso3 for q in towns[:10] if q.iso3), nxt
    # "Dunde's Kelmora district", "in Dunde's Kelmora II": a part a large city's possessive names lies in
    # that city, not at a namesake village 40 km off
    for c, nxt in zip(cands, cands[1:]):
        if nxt.within_area or not POSSESSIVE.fullmatch(text, c.end, nxt.start):
            continue
        towns = [m.place for m in c.matches if m.quality >= 0.9 and m.place.kind == "city"
                 and m.place.population >= WITHIN_OUTSIDE_MIN_POP and _primary(m.place)]
        if towns:
            nxt.within_points, nxt.within_area, nxt.within_km = tuple((q.latitude, q.longitude) for q in towns[:10]), \
                True, CITY_PART_KM
    # "the Kelmora area of Dunde district, Kunar": a place inside a district the address puts inside a
    # province lies in that province too (from the end of each address)
    for c, nxt in reversed(list(zip(cands, cands[1:]))):
        gap = text[c.end:nxt.start]
        if not c.within_area and nxt.within_area and not nxt.demonym \
                and (_WITHIN_GAP.match(gap) or _PART_OF_GAP.match(gap) or _CHAIN_GAP.match(gap)) \
                and not any(m.place.kind == "country" for m in nxt.matches if m.quality >= 0.9):
            c.within = nxt.within | {light_key(nxt.text)}
            # (near the district itself too: "Kelmora (Dunde, Limpopo)" with a Kelmora that GeoNames puts
            # in the next province)
            isos = {iso for _, _, iso in nxt.within_centres}
            points = tuple((m.place.latitude, m.place.longitude) for m in nxt.matches[:10]
                           if m.quality >= 0.9 and m.place.kind in ("city", "region") and not _first_level(m.place)
                           and (not isos or m.place.iso3 in isos))
            c.within_area, c.within_points, c.within_centres = True, nxt.within_points + points, nxt.within_centres
            if points:
                c.within_km, c.within_district = min(nxt.within_km, ADDRESS_PART_KM), True
            # (inside the countries of the region closing the address: "San Juan, Tovar, Merida state"
            # is no large San Juan abroad)
            c.within_only, c.within_by = nxt.within_only or frozenset(isos), nxt.within_by
        elif c.within_area and c.within_points and c.within_by is nxt and gap.strip() == "(" \
                and nxt.within_area and nxt.within_centres and not nxt.demonym \
                and not _REGION_AFTER.match(text[nxt.end:nxt.end + 30]):
            # "Kelmo (Dunde, Lurin)": a place the bracket puts near a town that names its district as
            # well lies in the region closing the address too (a district may reach 150 km past its seat;
            # not "Kelmo (Dunde district, Lurin)", where the district's own area is known)
            c.within = c.within | nxt.within


# "northern", "north-eastern", "southwestern": the compass adjective before an area's name (lower case:
# "North Kivu" is a name)
_COMPASS_BEFORE = re.compile(r"\b(north|south)?-?(east|west)?ern\s+$")
# the tail of a longer name after a capitalised word: a compass word and an area word ("West District",
# "North Central Province"), or the word a South Asian body's name ends with ("Bharat Sabha", an assembly,
# not Libya's Sabha; "Navyuvak Sena", "Raitha Sangha", "Janata Dal")
_NAME_TAIL = re.compile(r"(?:(?:North|South)(?:[ -]?(?:East|West))?|East|West|Central|(?:North|South|East|West)"
                        r"(?:ern)?(?: Central)?)\s+(?:District|County|Province|Region|Division|Sub-?[Cc]ounty)"
                        r"|Sabha|Sena|Sangha?|Morcha|Manch|Dal|Parishad|Samiti")
# a capitalised word just before (a name the compass word goes on; not an owner: "Sikkim's West District")
_NAME_WORD_BEFORE = re.compile(r"\b[A-Z][A-Za-z-]+ $")


def _compass_parts(cands, text: str) -> tuple:
    """(area entry, compass words) of each country or first-level region named after a compass
    adjective ("in northern Mexico", "north-eastern Kelmora state"), the area's centre its entry's
    point (a country's curated or derived centre, a region's the middle of its towns)."""
    parts = []
    for c in cands:
        hit = None if c.demonym else _COMPASS_BEFORE.search(text, max(0, c.start - 20), c.start)
        if hit is None or not (hit.group(1) or hit.group(2)):
            continue
        words = tuple(w for w in hit.groups() if w)
        parts += [(m.place, words) for m in c.matches if m.quality >= 0.9
                  and (m.place.kind == "country" or _first_level(m.place))]
    return tuple(parts)


def _respelt(a: str, b: str) -> bool:
    """Whether two light keys are spellings of one name: a letter or two apart ("sagain", "sagaing")."""
    return a != b and SequenceMatcher(None, a, b).ratio() >= RESPELT_RATIO


# "in the province of Kelmora", "in the territory of Dunde": "in" governs the area's name as in "in Kelmora province"
_IN_THE_AREA_OF_BEFORE = re.compile(r"\bin\s+the\s+(?:province|district|region|state|county|territory|governorate|"
                                    r"municipality|commune|cercle|department|prefecture)\s+of\s+$", re.I)


def _region_and_town(c: Candidate) -> bool:
    """Whether the name, spelt so, is a first-level region's and a town's of that region (Idlib, Aleppo)."""
    regions = {m.place.admin1 for m in c.matches if m.quality >= 0.9 and m.place.source == "admin1"}
    return bool(regions) and any(m.quality >= 0.9 and m.place.kind == "city" and m.place.admin1 in regions
                                 for m in c.matches)


def _cue(c: Candidate, text: str, vocab) -> None:
    """Set a candidate's cues from the words around it."""
    before = text[max(0, c.start - 60):c.start]
    after = text[c.end:c.end + 30]
    c.near = bool((near_before(before)
                   and not (_SITE_NEAR_BEFORE.search(before) and _FACILITY_AFTER.match(after)
                            and not _OUTLYING_SITE_AFTER.match(after)))
                  or KM_BEFORE.search(before) or _AREA_AFTER.match(after))
    c.cue_region = bool(_REGION_AFTER.match(after) or REGION_LIST_AFTER.match(text[c.end:c.end + 160])
                        or _ADDRESS_TAIL_BEFORE.search(before)
                        # "in northern Idlib", "southern Hodeidah": a part of the first-level region the town names
                        or _COMPASS_BEFORE.search(before[-20:]) and _region_and_town(c)
                        or _IN_TAIL_BEFORE.search(before) and not _TOWN_AFTER.match(after)
                        or _REGION_BEFORE.search(before))
    c.cue_county = bool(_COUNTY_AFTER.match(after))
    c.cue_township = bool(_TOWNSHIP_AFTER.match(after))
    c.cue_admin2 = bool(_ADMIN2_AFTER.match(after)
                        or _DISTRICT_LIST_AFTER.match(text[c.end:c.end + 160]))
    # "in Kelmora (Kelmora)", "Kelmora (Kelmora, Dunde)": a name repeated in the brackets after it is
    # the second-level area of that name holding the town, as ACLED's notes address towns
    if text[c.start - 1:c.start] == "(" and c.start > 1 \
            and text[max(0, c.start - 2 - len(c.text)):c.start - 2] == c.text:
        c.cue_region = c.cue_admin2 = True
    c.cue_town = bool(_TOWN_BEFORE.search(before) or _TOWN_AFTER.match(after) or _SEAT_AFTER.match(after))
    c.village_of = bool(_VILLAGE_OF_BEFORE.search(before))
    c.hamlet = c.village_of or bool(_HAMLET_BEFORE.search(before) or _HAMLET_AFTER.match(after))
    c.town_part = bool(_TOWN_PART_AFTER.match(text[c.end:c.end + 120]))
    c.area_of = bool(_AREA_OF_AFTER.match(text, c.end))
    c.governed = bool(_IN_BEFORE.search(before[-20:]) or _IN_THE_AREA_OF_BEFORE.search(before[-45:]))
    # (not "the Red Sea state", a region named after the sea, nor "the Sahel Metro", a longer name)
    # (here and below, the cheap tests first: searching the words before costs the most)
    c.expanse = not (c.cue_region or c.cue_admin2 or c.cue_county or c.cue_township or c.cue_town) and any(
        m.quality == 1.0 and _expanse(m.place) for m in c.matches) and not _CAPITAL_WORD_AFTER.match(after) \
        and bool(_THE_EXPANSE_BEFORE.search(before[-40:]))
    c.people = bool(_PEOPLE_OF_BEFORE.search(before) or _PEOPLE_AFTER.match(after))
    c.site = bool(_NAMED_SITE_AFTER.match(after))
    c.border = bool(_BORDER_NAME_AFTER.match(after))
    c.called_region = bool(_CALLED_REGION_AFTER.match(after))
    c.cue_state = bool(_STATE_AFTER.match(after) or _STATE_OF_BEFORE.search(before[-30:]))
    c.municipal = bool(_MUNICIPAL_BODY_AFTER.match(after))
    c.address_tail = bool(_BRACKET_CLOSE_AFTER.match(after) and _BRACKET_TAIL_BEFORE.search(before))
    # (a country only: a town someone was taken to is mostly in the country of the text)
    c.moved = any(m.place.kind == "country" and m.quality >= 0.9 for m in c.matches) \
        and bool(MOVED_BEFORE.search(before[-30:]))
    c.common = all(known_word(vocab, w) for w in c.text.split())


def _unnamed_runs(doc, ents, words: _Words | None = None) -> list:
    """The runs of capitalised words, hyphens between them, that the recogniser names nothing: "the
    Kelmorra-Ala area" (a misspelt name the model does not know is often no name of any label)."""
    words = words or _Words(doc)
    text, idx, title, alpha, punct = words.text, words.idx, words.title, words.alpha, words.punct
    n = len(text)
    named = {i for e in ents for i in range(e.start, e.end)}

    def spaced(i: int) -> bool:  # whether token i (not the last) has whitespace after it
        return idx[i] + len(text[i]) != idx[i + 1]

    out, i = [], 0
    for k in [k for k in range(n) if title[k] and alpha[k]]:  # (only such a word opens a run)
        if k < i or k in named:
            continue
        # the run goes on over such words the recogniser names nothing, and over a hyphen written without
        # spaces before a capitalised word
        start, i = k, k + 1
        while i < n and (title[i] and alpha[i] and i not in named
                         or text[i] == "-" and not spaced(i - 1) and i + 1 < n and not spaced(i) and title[i + 1]):
            i += 1
        # (a whole name only: not the head of "Kelmo-u District", nor the tail of "de-Kelmo")
        if (i == n or spaced(i - 1) or punct[i] and text[i] != "-") \
                and not (start >= 2 and text[start - 1] == "-" and not spaced(start - 2)):
            out.append(doc[start:i])
    return out


def _misspelt(ctx: Context, gz, ents, cands, countries: dict, words: _Words) -> list:
    """Candidates for the names the index lacks that are one slip from a town or area of a country
    the text points to ("in Bahawalpure" is Bahawalpur in a Pakistani text): a name the recogniser calls
    a place, or one a preposition of place governs, an area word follows ("Kelmori district") or a comma
    and a first-level region of that country ("Kelmorro, Sindh"), of no word the language model knows."""
    # (in the country the evidence points to most, or in the one the address names right after: "in
    # Kelmorayotl, Mexico" beside a name only Brazil has)
    top = {max(countries, key=countries.get)} if countries else set()
    countries_at = {c.start: {m.place.iso3 for m in c.matches if m.quality >= 0.9 and m.place.kind == "country"
                              and m.place.iso3 and light_key(m.place.name) == light_key(c.text)} for c in cands}
    # (and the first-level regions: "on Kelmorro, Sindh" closes an address on a province of the text's country)
    regions_at = {c.start: {m.place.iso3 for m in c.matches if m.quality >= 0.9 and _first_level(m.place)
                            and m.place.iso3 in top} for c in cands}
    if not top and not any(countries_at.values()):
        return []
    text, out = ctx.text, []
    held = SpanIndex(cands)
    for e in list(ents) + _unnamed_runs(ctx.doc, ents, words):
        # (by token offsets, as in `_ner`)
        i = e.start + 1 if words.lower[e.start] == "the" and len(e) > 1 else e.start
        start, end = words.idx[i], words.end_char(e.end)
        name = text[start:end]
        # (a name shorter than the shortest key is too short: its fold is no longer than it)
        if len(name) < MISSPELT_MIN_KEY or held.any(start, end) \
                or any(known_word(ctx.doc.vocab, w) for w in name.split()):
            continue
        c = Candidate(start, end, name, [], "ner")
        _cue(c, text, ctx.doc.vocab)
        comma = _COMMA_AFTER.match(text, end)
        # (a run the recogniser names nothing needs a word of area: "in the Kelmoras' favour" is governed too)
        if (e.label_ in ("GPE", "LOC") or c.governed and e.label_ or c.cue_region or c.cue_admin2 or c.cue_town
                or c.hamlet or comma and regions_at.get(comma.end())) and not gz.lookup(name):
            isos = tuple(sorted(top | (countries_at.get(comma.end(), set()) if comma else set())))
            c.matches = gz.misspelt(name, isos)[:MAX_MATCHES]
            if c.matches:
                out.append(c)
    return out


def find_places(ctx: Context, gz) -> list:
    """The resolved place mentions of a parsed document; sets ctx.countries too."""
    text = ctx.text
    ents = list(ctx.doc.ents)
    by_person = SpanIndex(_person_spans(ents), **PAIR)
    by_actor = SpanIndex(ctx.actors)
    by_ent = SpanIndex(ents, start=attrgetter("start_char"), end=attrgetter("end_char"))
    words = _Words(ctx.doc)
    merged = _merge(_scan(ctx, gz, words), _ner(ctx, gz, ents, words), _demonyms(ctx, gz, words),
                    _abbreviations(ctx, gz))
    # (where a country's or a GeoNames region's name begins: "Gao Mali" is a town and its country; not a
    # curated region's, which may end a district's name: "Khas Uruzgan")
    starts = frozenset(c.start for c in merged if any(
        m.quality >= 0.9 and (m.place.kind == "country" or m.place.source == "admin1") for m in c.matches))
    cands = [c for c in merged if _keep(c, ctx, by_person, by_actor, by_ent, starts)]
    # a state's bracketed initials only after a place: "Pratapgarh (UP)", not "Kelmo Dunde (MP)"
    ends = {c.end for c in cands}
    cands = [c for c in cands if not (c.source == "abbreviation" and text[c.start - 1:c.start] == "("
                                      and c.start - 2 not in ends)]
    # (a country's name the actors stage read as its military, the doer of an act of force: "Ukraine attacked an
    # oil depot in Bryansk", "Russia launched drones at Kyiv": a state acts abroad)
    in_arms = {(a.start, a.end) for a in ctx.actors if a.state_doer}
    for c in cands:
        _cue(c, text, ctx.doc.vocab)
        # "Iran-backed Houthi rebels fought government forces at Marib": the backer's name is weak
        # evidence of where, as its demonym is ("Rwandan-backed")
        if not c.demonym and (backer(text, c.start, c.end) or (c.start, c.end) in in_arms):
            c.forces = True
            c.evidence_memo.clear()
    # "in Dundebi, Kelmora": the name closes the address of a first part no candidate holds ("in Kisumu,
    # Kelmora" is an address or a list of two places)
    for c in cands:
        lo = max(0, c.start - 60)
        m = ADDRESS_GOVERNED.search(text, lo, c.start)
        c.closes_unknown = m is not None and not any(
            q.start < m.end(1) and m.start(1) < q.end for q in cands if q is not c)
    # "in Kelmo and Dunde": the place word governs each name of the list it opens (also where no
    # candidate holds the names before: "in Dundebi and Kelmo")
    prev = None
    for c in sorted(cands, key=lambda x: x.start):
        if prev is not None and (prev.governed or prev.listed) and _LIST_GAP.fullmatch(text, prev.end, c.start) \
                or _LIST_GOVERNED.search(text, max(0, c.start - 80), c.start):
            c.listed = True
        prev = c
    _mark_area_lists(cands, text)
    countries = document_countries(cands)
    told: dict = {}  # what the text says of its country besides its place names
    for a in ctx.actors:  # a named group ("Raia Mutomboki", "LNA") says which country; generic
        # names ("the army", "gunmen") take their country from the text and would only echo it
        if a.country and a.source == "dictionary" and not a.name.startswith("Unidentified"):
            told[a.country] = told.get(a.country, 0.0) + ACTOR_COUNTRY_WEIGHT
    groups = dict(told)
    # (an area word names the country as a place name does, so it also counts against a name's claim to
    # its own country: a Mexican village "Ukum" is not the "Ukum Local Government Area"; a group may act
    # abroad, so its country does not)
    area = {iso3: ACTOR_COUNTRY_WEIGHT for iso3, words in _COUNTRY_AREAS if words.search(text)}
    for iso, w in area.items():
        told[iso] = told.get(iso, 0.0) + w
    # "the OSCE SMM observed ... near Kelmorivka": a name that places the text in a conflict zone
    # says which country, and which regions its villages are in (data/zones.json)
    zone_regions, fronts = set(), []
    # (a zone with a first day counts in the texts published since: "Russian forces" of a report of 2024 are
    # at war in Ukraine, those of a report of 2016 in Syria)
    day = ctx.published.isoformat() if ctx.published else None
    # (and a zone with parties, in a text naming no country but its own and theirs: "Malian soldiers and Russian troops")
    named = {m.place.iso3 for c in cands for m in c.matches[:1] if m.quality >= 0.9 and m.place.kind == "country"}
    ctx.zones = [zone for zone in conflict_zones()
                 if (zone.since is None or day is not None and day >= zone.since)
                 and not (zone.parties and named - {zone.iso3, *zone.parties})
                 and zone.pattern.search(text) and (zone.also is None or zone.also.search(text))]
    for zone in ctx.zones:
        told[zone.iso3] = told.get(zone.iso3, 0.0) + ACTOR_COUNTRY_WEIGHT
        zone_regions |= zone.admin1_keys
        if zone.line:
            fronts.append(zone)
    source = source_country(ctx.document)[0]
    if source:
        # the country the caller says the text's source covers (a national paper's feed), else the one whose
        # domain its URL is on ("www.kelmo.co.ke")
        told[source] = told.get(source, 0.0) + SOURCE_COUNTRY_WEIGHT
    for iso, w in told.items():
        countries[iso] = countries.get(iso, 0.0) + w
    ctx.country_hints = told
    slips = _misspelt(ctx, gz, ents, cands, countries, words)
    if slips:
        cands = sorted(cands + slips, key=lambda x: x.start)
    admin_keys = {light_key(c.text) for c in cands} | zone_regions
    # (and the admin1 name GeoNames files a first-level region's towns under, where it spells the name the text
    # calls a region otherwise: "Sagaing region" is its "Sagain"; not another name, "Mwaro" of a merged province)
    admin_keys |= {key for c in cands if c.cue_region and not c.demonym for m in c.matches
                   if m.quality >= 0.9 and m.place.source == "admin1" and m.place.admin1
                   and _respelt(key := light_key(m.place.admin1), light_key(c.text))}
    admin_keys |= {light_key(c.matches[0].place.name) for c in cands if c.source == "abbreviation"}
    for c in cands:
        if not c.demonym:
            c.postal = gz.postal_namesakes(c.text)
    _mark_addresses(cands, text, countries, gz)
    # the evidence with the hints of large cities in full, for doubting a hamlet's claim to its own
    # country; the evidence itself takes each city's hint once, weakly ("Delhi Police" in a text
    # naming no country is Delhi's, not a Californian town's)
    # (a city's hint is what `_evidence` gives only with `dominant`: nothing without it)
    extra = [(c, ev) for c in cands if _evidence(c) is None and (ev := _evidence(c, True)) is not None]
    hints = dict(countries)
    seen = set()
    for c, (iso, w) in extra:
        hints[iso] = hints.get(iso, 0.0) + w
        if light_key(c.text) not in seen:
            seen.add(light_key(c.text))
            countries[iso] = countries.get(iso, 0.0) + DOMINANT_WEIGHT
    parts = _compass_parts(cands, text)
    _resolve(cands, countries, admin_keys, [], hints, area, fronts, parts, groups)
    paired = _paired_namesakes(cands, countries)
    anchors = [(m.place.latitude, m.place.longitude, c,
                light_key(c.text) if m.place.kind == "region" else None, m.place, _admin1_names(m.place, gz))
               for c in cands
               if (m := paired.get(id(c)) or (c.best if c.best and c.confidence >= 0.5 else None)) is not None
               and m.place.kind != "country"]
    if paired or any(c.best is not None and c.confidence >= MIN_CONFIDENCE for c in cands):
        # (the second pass reads the first's places only where they reached MIN_CONFIDENCE: with none,
        # it would resolve every name as the first did)
        _resolve(cands, countries, admin_keys, anchors, hints, area, fronts, parts, groups)
    _addressed_sense(cands)
    out = []
    final: dict = {}
    for c in cands:
        if c.best is None or c.confidence < MIN_CONFIDENCE:
            continue
        if _STREET_AFTER.match(text, c.end) and not c.glued:
            # "on Kelmora Avenue", "at 12 Dunde Road": a street named after the place, mostly one of a town nearby
            # (the road to it), so the place helps resolve the others as a nearby name does, but the text
            # is not there
            continue
        p = c.best.place
        out.append(PlaceMention(
            text=c.text, start=c.start, end=c.end, name=p.name, latitude=p.latitude, longitude=p.longitude,
            country=p.country, iso3=p.iso3, admin1=p.admin1 if p.kind != "country" else None,
            # (a curated district, county or territory is a second-level area too)
            admin2=p.name if p.source == "admin2" or (p.source == "curated" and p.kind == "region"
                                                      and p.population == ADMIN2_POPULATION) else None,
            geonameid=p.geonameid, kind=p.kind, confidence=c.confidence, population=p.population, source=p.source,
            # (a settlement of Ukraine's codifier stands at its hromada's centre: near it, not at it)
            near=c.near or p.source == "katottg" or (p.kind == "city" and (
                c.cue_admin2 or c.cue_township and p.iso3 in TOWNSHIP_AREA_COUNTRIES))))
        if p.iso3:
            # (a backer's name, "Iran-backed", weighs as its demonym does)
            weight = FORCES_EVIDENCE if c.forces and not c.demonym else 1.0 if p.kind == "country" else 0.5
            final[p.iso3] = final.get(p.iso3, 0.0) + weight
    ctx.countries = dict(sorted(final.items(), key=lambda kv: -kv[1]))
    return out


def _paired_namesakes(cands, countries: dict) -> dict:
    """Names that only lie together in one place: "the Walker County sheriff ... Huntsville police" in a
    text naming no state are Texas's Walker County and the Huntsville that is its seat, though Alabama has
    a larger Huntsville and a Walker County of its own farther from it. Of two names, each with namesakes
    in more than one place, where every pair of their namesakes that lie within PAIR_KM of each other lies
    in one spot, that spot is taken for both; a name paired so with others in two spots is left alone,
    unless more names pair with it in one of them than in any other.
    Returns the id of each candidate so placed -> its entry there (for the second pass's anchors).
    (Not for a name its address places, a demonym, a name a country or a first-level region bears (a name a
    city of PAIRED_MAX_POP people bears with a county's only), nor a name already placed with confidence
    PAIRED_KEEP_CONFIDENCE; and only in a country the text points to, where it points to one, and in a
    first-level region it names, where it names one of that country: "Williamson County" and "Perry County"
    in a text about Tennessee are not Illinois's, which lie together.)"""
    told = sum(countries.values()) >= MIN_COUNTRY_EVIDENCE
    regions: dict = {}  # country -> light keys of the first-level regions the first pass placed
    for c in cands:
        if c.best is not None and c.confidence >= 0.5 and _first_level(c.best.place):
            regions.setdefault(c.best.place.iso3, set()).add(light_key(c.best.place.admin1 or c.best.place.name))

    def fits(p) -> bool:
        return (not told or countries.get(p.iso3, 0.0) > 0) and (
            p.iso3 not in regions or light_key(p.admin1 or "") in regions[p.iso3])

    def entries(c):
        if c.demonym or c.within or c.within_by is not None or c.source == "abbreviation" \
                or c.best is not None and c.confidence >= PAIRED_KEEP_CONFIDENCE:
            return []
        spelt = [m for m in c.matches if m.quality >= 0.9]
        if any(m.place.kind == "country" or _first_level(m.place) for m in spelt):
            return []  # (a state's name, "Oregon", is that)
        ms = [m for m in spelt if m.place.source not in VILLAGE_SOURCES and fits(m.place)]
        return ms if len(ms) <= PAIRED_MAX_NAMESAKES else []

    # (a large city's name, "Damascus", is that city unless a county it pairs with says otherwise: "Paris and
    # Henry County" are Tennessee's county and its seat)
    big = {id(c) for c in cands if any(m.quality >= 0.9 and m.place.population >= PAIRED_MAX_POP for m in c.matches)}

    def spread(ms) -> bool:
        return any(not _near_entry(a, b) for a in ms for b in ms)

    pools = [(c, ms, spread(ms)) for c in cands if (ms := entries(c))]
    links = []  # (candidate, other candidate, the first's entries lying by one of the other's)
    for i, (c, ms, apart) in enumerate(pools):
        for d, ns, also in pools[i + 1:]:
            if not (apart or also) or light_key(d.text) == light_key(c.text):
                continue
            if id(c) in big and not _COUNTY_WORD.search(d.text) or id(d) in big and not _COUNTY_WORD.search(c.text):
                continue  # (a large city's namesakes vouch for a county only, as a seat does)
            pairs = [(m, n) for m in ms for n in ns if _near_entry(m, n)]
            if pairs:
                links += [(c, d, [m for m, _ in pairs]), (d, c, [n for _, n in pairs])]
    # a name paired in two spots is left alone, and so are its pairings with others: "Huntsville" beside
    # both "Walker County" and "Ardmore" places neither
    # (unless more names pair with it in one spot than in any other: "Rogersville ... Springfield ... Greene
    # County ... Webster County" lie together in Missouri only, though Springfield and a Greene County do in
    # Ohio too)
    torn: set = set()
    while True:
        partners: dict = {}  # id(candidate) -> [(the other name's key, the entries paired with it)]
        for c, d, got in links:
            if id(c) not in torn and id(d) not in torn:
                partners.setdefault(id(c), []).append((light_key(d.text), got))
        spots: dict = {}  # id(candidate) -> its entries paired with another name's, in one spot
        more = set()
        for cid, got_by in partners.items():
            got = [m for _, ms in got_by for m in ms]
            if not spread(got):
                spots[cid] = got
                continue
            # (names, not mentions: "Walker County" five times is one name)
            support = {id(m): len({key for key, ms in got_by if any(_near_entry(m, n) for n in ms)}) for m in got}
            best = max(got, key=lambda m: support[id(m)])
            here = [m for m in got if _near_entry(m, best)]
            kept = {id(m) for m in here}
            if support[id(best)] >= 2 and all(support[id(m)] < support[id(best)] for m in got if id(m) not in kept):
                spots[cid] = here
            else:
                more.add(cid)
        if not more:
            break
        torn |= more
    # (the best of the entries there: a town before the county of its name)
    return {cid: max(got, key=lambda m: (m.place.kind == "city", m.place.population)) for cid, got in spots.items()}


def _pair_near(a_lat: float, a_lon: float, b_lat: float, b_lon: float) -> bool:
    """Whether two points lie within PAIR_KM of each other (a latitude gap wider than _PAIR_DEGREES is
    more than PAIR_KM: the distance is worked out only within it)."""
    return abs(a_lat - b_lat) <= _PAIR_DEGREES and distance_km(a_lat, a_lon, b_lat, b_lon) <= PAIR_KM


def _near_entry(m, n) -> bool:
    """Whether two entries lie within PAIR_KM of each other."""
    return _pair_near(m.place.latitude, m.place.longitude, n.place.latitude, n.place.longitude)


def _addressed_sense(cands) -> None:
    """A name the text once gives with its address ("in Kelmora (Kelmora, Dunde)") is the place that
    address found wherever else the text names it bare ("outside the Kelmora Press Club"), not a
    namesake the text's other places point to. A town's only: not an area the text names by a town's
    name ("Kelmora province (Kelmora, Kelmora)"), nor the address itself ("Kelmora (Kelmora)", whose
    brackets name the area of the town's name), nor a sea "the" names ("Atlantic, Iowa ... the Atlantic").
    Nor, where its address rules out every place of the name, is it any of them where named bare."""
    addresses = {id(c.within_by) for c in cands if c.within_by is not None}
    # ("in Kelmo village, Dunde province ... villagers of Kelmo", with no Kelmo in Dunde; only where a
    # first-level region or a country closes the address: a town closing it may be a namesake the text
    # meant no place near, "After Kelmo, London is ...")
    ruled_out = {light_key(c.text) for c in cands if c.ruled_out and c.best is None and c.within_centres}
    for c in cands:
        if c.best is not None and not c.within and light_key(c.text) in ruled_out and c.best.place.kind == "city":
            c.best, c.confidence = None, 0.0
    for a in cands:
        if not a.addressed or a.best is None or a.confidence < 0.5 or a.best.place.kind != "city":
            continue
        key = light_key(a.text)
        for c in cands:
            if c.addressed or c.demonym or c.expanse or id(c) in addresses or light_key(c.text) != key \
                    or c.cue_region or c.cue_admin2 or c.cue_county or c.cue_township \
                    or c.best is not None and c.best.place.id == a.best.place.id:
                continue
            same = next((m for m in c.matches if m.place.id == a.best.place.id), None)
            if same is not None:
                c.best, c.confidence = same, max(c.confidence, a.confidence)


def recountry_generic_actors(ctx: Context) -> None:
    """Generic actors ("police", "workers") were named with the actors stage's guess at the
    document's country, made before any place was resolved; when the resolved places point firmly
    to another country, they take that one ("a village (Surat, Gujarat)" puts "police" in India, not in
    the Cameroon of an earlier guess). Mentions that name their country ("Lebanese army") keep it."""
    if not ctx.countries:
        return
    top, weight = next(iter(ctx.countries.items()))
    from ..resources.actors import lookup_actor

    for a in ctx.actors:
        if a.source != "generic" or a.country == top or a.owned:
            continue
        # an actor with no country at all takes the places' country however slight the evidence
        if a.country is not None and (weight < 1.0 or ctx.countries.get(a.country, 0.0) * 2 > weight):
            continue
        own = lookup_actor(a.text, None, ctx.published)
        if own is None or own[2] is not None:
            continue  # the words themselves say which country
        new = lookup_actor(a.text, top, ctx.published)
        if new is not None:
            a.name, a.inter, a.country = new[0], new[1], new[2]


@stage("places", requires=("sentences",), assigns=("places",))
def make_places(settings):
    def run(ctx: Context) -> None:
        ctx.places = sorted(find_places(ctx, get_gazetteer(settings)), key=lambda p: p.start)
        recountry_generic_actors(ctx)
        add_context_actors(ctx)

    return run
