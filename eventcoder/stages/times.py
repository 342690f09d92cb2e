"""Stage 'times': every date expression in the text, resolved against the publication date.

Candidates come from our own patterns (calendar dates, ranges, days of the month, weekdays,
weekends, relative phrases, years, also read out in words, durations); the longest
non-overlapping candidates win. Weekdays and dates
without a year are placed by the tense of the verb that governs them in spaCy's parse.
`infer_published` reads a publication date from datelines, photo captions and
"Published:"/"Updated" lines (dateparser for the free-form ones).
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from functools import lru_cache

from ..document import Context, TimeMention
from ..pipeline import stage
from .sentences import HEADING_MAX_WORDS
from .syntax import span_root

# Unless the verb is in the future tense, a day-month without year is taken as at most this many
# days after publication, else as last year's (TimeBank dev: deadlines and record dates run up to
# ~100 days ahead of the story; "Oct. 23" in a May story is last October).
FUTURE_WINDOW_DAYS = 120
# A day-month told in the past tense lies before publication, give or take this many days (time
# zones, wire lag). Deadlines ("extended to Nov. 14") are exempt: see DEADLINE_BEFORE.
PAST_GRACE_DAYS = 1
DEADLINE_BEFORE = re.compile(r"\b(?:to|until|till|by|through|before|record|payable|effective|deadline(?: of)?)\s+$",
                             re.I)
# "by May", "through January": a month closing a span that runs on from now
MONTH_DEADLINE_BEFORE = re.compile(r"\b(?:until|till|by|through)\s+$", re.I)
# Four-digit numbers read as years only within this range (below: street numbers, casualty
# counts; above: more than this many years after publication is no news date).
MIN_YEAR = 1800
MAX_YEARS_AHEAD = 30
# Numeric dates with both parts <= 12 ("03/04/2017"): wire and ACLED sources are mostly
# day-first outside the US; the order used when nothing decides it.
NUMERIC_DAY_FIRST = True

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12,
    "dec": 12,
}
WEEKDAYS = {d.lower(): i for i, d in enumerate(calendar.day_name)}
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100, "several": 3, "few": 3, "couple": 2, "dozen": 12,
}

# --- pattern pieces -------------------------------------------------------------------------
_MON = (r"(?:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?|July?"
        r"|Aug(?:ust|\.)?|Sep(?:tember|t\.?|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)")
_MON_FULL = (r"(?:January|February|March|April|May|June|July|August|September|October|November"
             r"|December|Jan\.|Feb\.|Mar\.|Apr\.|Aug\.|Sept\.|Sep\.|Oct\.|Nov\.|Dec\.)")
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[89]\d\d|20\d\d)"
_WD = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_NUM = (r"(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
        r"|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty"
        r"|fifty|sixty|seventy|eighty|ninety|hundred|several|a few|few|a couple of|couple of"
        r"|a dozen|dozen)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?")
_UNIT = r"(?:second|minute|hour|day|night|week|fortnight|month|year|decade|century)s?"
_END = r"(?![\w])"

# what may follow "on the 12th" when it is a day ("the 5th House", "the 10th round" are not)
_ORDDAY_AFTER = (r"\s*(?:$|[.,;:)\]]|\s(?:and|or|in|at|near|outside|on|when|where|as|after|before|with|by|to|but|while|during"
                 r"|morning|afternoon|evening|night)\b)")
# nouns of violent acts: "Sunday's attack" was (see _DONE_ACT_AFTER); "a week after the raid" counts from the act's day
_VIOLENT_ACTS = (r"attacks?|raids?|ambush(?:es)?|assaults?|killings?|massacres?|bombings?|blasts?|explosions?|clashes|"
                 r"shootings?")
# "a week after the attack", "three days after the raid": counted from the day the story last named, the act's
# (not "two days after the election", a day the story may not give)
_ACT_NOUNS = rf"(?:{_VIOLENT_ACTS}|incidents?|abductions?|kidnappings?|strikes?)"
_TENS = r"(?:ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_ONES = r"(?:one|two|three|four|five|six|seven|eight|nine)"
# periods of a day that may follow a weekday or "yesterday"
_PART = r"(?:\s+(?:morning|afternoon|evening|night|midday|noon|dawn))?"
_PRE = r"(?:(?:[Ee]arly|[Ll]ate|[Ee]arlier|[Ll]ater|[Ee]arly on|[Ll]ate on)\s+)?"

PATTERNS = [
    # ranges of days in one month: "between 19 and 22 August", "19-22 August 2017"
    ("range_dm", re.compile(
        rf"(?:\b(?:between|from)\s+)?\b(?P<d1>{_DAY})\s*(?:-|–|and|to|until|till|through)\s*"
        rf"(?P<d2>{_DAY})\s+(?:of\s+)?(?P<mon>{_MON}){_END}(?:,?\s+(?P<year>{_YEAR})\b)?")),
    # "August 19-22", "between Aug. 19 and 22, 2017"
    ("range_md", re.compile(
        rf"(?:\b(?:between|from)\s+)?\b(?P<mon>{_MON})\s+(?P<d1>{_DAY})\s*(?:-|–|and|to|until|till"
        rf"|through)\s*(?P<d2>{_DAY})\b(?!\s*{_MON})(?:,?\s+(?P<year>{_YEAR})\b)?")),
    ("iso", re.compile(rf"\b(?P<year>{_YEAR})-(?P<m>0[1-9]|1[0-2])-(?P<d>[0-3]\d)\b")),
    ("numeric", re.compile(rf"(?<![\d/.-])\b(?P<a>[0-3]?\d)(?P<sep>[/.-])(?P<b>[01]?\d)(?P=sep)(?P<year>{_YEAR})\b"
                           rf"(?![/.-]\d)")),
    # a day and month in two-digit figures, inside brackets ("this morning (14/03)", "[14/03]") or after
    # "on"/"of"/"dated" ("clashed on 14/03", "the night of 14/03"), "before", "after", "late" or
    # "early" ("on or before 14/03", "late 14/03"); a month in one figure after a day no month can be
    # ("on 20/3"); other figures ("24/7", "a 3/1 win", "9/11") are no dates
    ("numeric_dm", re.compile(
        r"(?:(?<=\()\s*|(?<=\[)\s*|(?<=\b[Oo]n )|(?<=\bof )|(?<=\bdated )|(?<=\band )|(?<=\binto )"
        r"|(?<=\bbefore )|(?<=\bafter )|(?<=\b[Ll]ate )|(?<=\b[Ee]arly ))"
        r"(?P<a>[0-3]\d(?=/[01]\d\b)|(?:1[3-9]|2\d|3[01])(?=/[1-9]\b))/(?P<b>[01]?\d)(?![/\d])"
        r"(?=\s*[)\]]|[\s.,;:]|$)")),
    # "Friday, Oct. 13, 1989", "August 28, 2017", "Aug 28"
    ("md", re.compile(
        rf"(?:\b(?P<wd>{_WD}),?\s+(?:the\s+)?)?\b(?P<mon>{_MON})\s+(?P<d>{_DAY})\b(?!:\d|\.\d|,\d)"
        rf"(?:,?\s+(?P<year>{_YEAR})\b)?")),
    # "28 August 2017", "Monday 28th of August"
    ("dm", re.compile(
        rf"(?:\b(?P<wd>{_WD}),?\s+(?:the\s+)?)?(?<![\d,.$])\b(?P<d>{_DAY})\s+(?:of\s+)?(?P<mon>{_MON}){_END}"
        rf"(?:,?\s+(?P<year>{_YEAR})\b)?")),
    # "March 2014", "early January 1998", "late November", "January last year"
    ("month", re.compile(
        rf"(?P<mod>\b(?:[Ee]arly|[Ll]ate|[Mm]id|[Tt]he end of|[Tt]he beginning of|[Tt]he start of"
        rf"|[Tt]he middle of|[Ee]nd of|[Bb]eginning of)[\s-]+)?\b(?P<mon>{_MON_FULL}){_END}"
        rf"(?:,?\s+(?:of\s+)?(?P<year>{_YEAR})\b|\s+(?P<rel>last|this|next)\s+year\b)?")),
    ("lastmonth", re.compile(
        rf"\b(?P<rel>[Ll]ast|[Tt]his|[Nn]ext|[Tt]his coming)\s+(?P<mon>{_MON_FULL}){_END}(?!\s*\d)")),
    ("year", re.compile(
        rf"(?:(?P<mod>\b(?:[Ee]arly|[Ll]ate|[Mm]id|[Tt]he end of|[Tt]he beginning of|[Tt]he start of"
        rf"|[Tt]he middle of|[Ff]iscal|[Ee]nd of|[Bb]eginning of)[\s-]+)|(?<![\d,.$£€-]))\b(?P<year>{_YEAR})\b"
        rf"(?![\d,.]\d|s\b|%|-\d|\s*(?:percent|per cent))")),
    # years read out in broadcast transcripts: "nineteen ninety-six", "the year two thousand"
    ("spelled_year", re.compile(
        rf"\b(?P<cent>[Nn]ineteen|[Ee]ighteen)[\s-]+(?P<tens>{_TENS})(?:[\s-]+(?P<ones>{_ONES}))?\b"
        rf"|\b[Tt]he year two thousand(?:[\s-]+(?:and[\s-]+)?(?P<ones2>{_ONES}))?\b")),
    ("weekend", re.compile(
        r"(?:\b(?:[Aa]t|[Oo]ver|[Dd]uring|[Oo]n|[Tt]hroughout)\s+)?\b(?P<det>[Tt]he|[Tt]his|[Ll]ast|[Nn]ext"
        # ("in a weekend attack": the act of the weekend just past)
        r"|[Tt]his past|[Tt]his coming|[Aa](?=\s+weekend\s+(?:" + _VIOLENT_ACTS + r")\b))\s+weekend\b")),
    ("weekday", re.compile(
        rf"{_PRE}(?P<rel>\b(?:[Ll]ast|[Nn]ext|[Tt]his|[Tt]his past|[Tt]his coming|[Tt]he previous"
        rf"|[Tt]he following)\s+)?\b(?P<wd>{_WD})\b(?!s\b){_PART}")),
    ("deictic", re.compile(
        rf"{_PRE}\b(?P<w>[Tt]he day before yesterday|[Tt]he day after tomorrow|[Yy]esterday|[Tt]oday"
        rf"|[Tt]onight|[Tt]omorrow|[Tt]his (?:morning|afternoon|evening)|[Ll]ast night"
        rf"|[Tt]he day before|[Tt]he (?:previous|following|next) day|[Tt]he day after"
        rf"|[Hh]ours later|[Ll]ater that day|[Ee]arlier that day|[Tt]he same day)\b{_PART}")),
    ("relperiod", re.compile(
        r"(?P<mod>\b(?:[Ee]arlier|[Ll]ater|[Ee]arly|[Ll]ate|[Mm]id|[Tt]he end of|[Tt]he beginning of"
        r"|[Ee]nd of)[\s-]+)?\b(?P<rel>[Ll]ast|[Tt]his|[Nn]ext|[Pp]ast|[Tt]he past|[Tt]he previous"
        r"|[Tt]he following|[Tt]he coming|[Tt]he current)\s+(?P<unit>week|month|year)\b")),
    ("ago", re.compile(
        rf"(?:\b(?:nearly|almost|about|some|roughly|around|more than|over|just|exactly)\s+)?"
        rf"\b(?P<n>{_NUM})[\s-]+(?P<unit>day|week|fortnight|month|year|decade)s?\s+(?P<dir>ago|earlier|before|later|after"
        rf"|from now|hence)\b(?!\s+(?:a|an|his|her|their|its)\b|\s+(?:the|this|that)\b(?!\s+{_ACT_NOUNS}\b))", re.I)),
    # "on the 12th", "of the 3rd": a day of the month told without the month
    ("ordday", re.compile(
        rf"\b(?:[Oo]n|[Oo]f|[Ss]ince|[Uu]ntil|[Ff]rom|[Bb]y|[Bb]efore|[Aa]fter)\s+(?P<the>the)\s+"
        rf"(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b"
        # ("on the 5th of this month", "the 28th of last month")
        rf"(?:\s+of\s+(?P<rel>this|last|the\s+previous|the\s+current)\s+month\b)?(?={_ORDDAY_AFTER})")),
    ("holiday", re.compile(
        r"\b(?:on\s+)?(?P<h>Christmas(?: [Dd]ay| [Ee]ve)?|New Year's (?:[Dd]ay|[Ee]ve)|Independence Day|Valentine's Day)\b")),
    # durations: "three years", "a week", "nine-day", "48 hours", "the past three months"
    ("duration", re.compile(
        rf"(?:\b(?:the\s+)?(?:past|last|next|first|coming|previous|following)\s+)?"
        rf"\b{_NUM}[\s-]+{_UNIT}(?:[\s-]+long)?\b(?!-old|\s+old\b)", re.I)),
]
# earlier patterns win ties of equal length
PRIORITY = {name: i for i, (name, _) in enumerate(PATTERNS)}

FUTURE_AUX = {"will", "shall", "'ll", "wo", "would", "'d", "could", "might", "may", "can", "should", "must"}
# "set to leave Monday", "is to resume Tuesday", "plans to meet Friday"
FUTURE_HEADS = {"set", "plan", "schedule", "due", "expect", "go", "intend", "aim", "hope", "want", "prepare",
                "be"}
# verbs whose date is the one planned: "planned a rally on Saturday", "scheduled for Monday"
FUTURE_VERBS = {"plan", "schedule", "expect", "slate", "due"}
# "Sunday Times": a weekday followed by one of these capitalised words names no day
WEEKDAY_NAMES_AFTER = {
    "Times", "Telegraph", "Mirror", "Express", "Post", "Herald", "Tribune", "Independent", "Mail",
    "Star", "Sport", "Observer", "Business", "Age", "Journal", "Review", "Magazine", "Edition",
    "School", "Club", "League", "Night", "Morning", "Bloody", "Mass", "Service", "Prayers",
}
WEEKDAY_NAMES_BEFORE = {"Good", "Black", "Bloody", "Ash", "Palm", "Easter", "Super", "Cyber", "Holy",
                        "Maundy", "Shrove", "Low", "Whit", "Trinity"}
# capitalised words before a four-digit number that make it a label, not a year
YEAR_LABELS = {
    "resolution", "no", "no.", "number", "flight", "route", "highway", "road", "article", "room",
    "chapter", "section", "model", "boeing", "airbus", "class", "code", "law", "decree", "order",
    "unit", "battalion", "brigade", "division", "regiment", "squadron", "base", "camp", "hill",
    "point", "height", "heights", "building", "bus", "line", "page", "pages", "p.", "pp.", "iso",
    "channel", "kilometre", "kilometer", "km", "altitude", "elevation", "tel", "phone", "box",
    "flat", "apartment", "suite", "vision", "windows", "plan",
}
# words after a year-like number that it counts ("2014 people")
COUNTED_AFTER = re.compile(
    r"\s+(?:people|persons|soldiers|troops|fighters|militants|civilians|men|women|children|killed|dead"
    r"|deaths|refugees|families|homes|houses|km|kilometres|kilometers|miles|metres|meters|feet|ft|m"
    r"|dollars|euros|pounds|tonnes|tons|votes|cases|prisoners|members|rockets|shells|missiles"
    r"|strikes|students|workers|residents|displaced|of\s+(?:the|them|whom|those))\b", re.I)
# a four-digit number that is a clock time: "1800 GMT", "at about 2130 local time"
CLOCK_AFTER = re.compile(r"\s*(?:GMT|UTC|hrs|hours|h|local(?: time)?|LT|EAT|WAT|CAT)\b", re.I)
CLOCK_BEFORE = re.compile(r"\bat\s+(?:about|around|approximately|roughly)\s+$", re.I)
# "at 1930", "at 2045 on Monday" (not "at 2019 levels": a year before a noun), and a time beside one
# that cannot be a year: "from 1800 to 0600"
CLOCK_AT = re.compile(r"\bat\s+$", re.I)
CLOCK_AT_AFTER = re.compile(r"\s*(?:[,.;:)]|$)|\s+(?:on|in|near|at|and|as|when|while|after|before|local|GMT|UTC"
                            r"|hours?|hrs|this|that|yesterday|today|last|killing|wounding)\b", re.I)
CLOCK_PAIR_AFTER = re.compile(r"\s*(?:to|until|till|and|-|–)\s*0\d{3}\b", re.I)
CLOCK_PAIR_BEFORE = re.compile(r"\b0\d{3}\s*(?:to|until|till|and|-|–)\s*$", re.I)


def _clock_like(number: str) -> bool:
    """A four-digit number that reads as a time of day (HHMM)."""
    return len(number) == 4 and int(number[:2]) <= 23 and int(number[2:]) <= 59
MONTH_CUE_BEFORE = re.compile(
    r"\b(?:in|since|until|till|by|of|last|next|this|early|late|mid|during|from|through|before|after"
    r"|on|between|and|to|throughout|end|beginning|start|middle|that|each|every)[\s-]+$", re.I)


# nouns of what is to be, whose infinitive's date lies ahead ("the decision to hold a vote in June")
_PLAN_NOUNS = frozenset("plan decision proposal call intention pledge promise threat scheme move agreement deal".split())
# "every Sunday", "each Friday": a habit, no coming day
_EVERY_BEFORE = re.compile(r"\b(?:every|each)\s+$", re.I)
# verbs whose past is spelt as their present ("riots spread to Kelmo on Monday"), and the harm a toll is told with
_SAME_IN_THE_PAST = frozenset("spread put hit cut set beat shut quit burst cast cost hurt let shed split thrust upset "
                              "broadcast bet bid rid".split())
_HARM_LEMMAS = frozenset("kill wound injure leave".split())
# Verbs of reporting: a date on them is the report's ("said on Monday"), not the event's; their past tense makes a
# simple present told with them a plan ("they march on Friday, the union said")
REPORTING_LEMMAS = frozenset(
    "say tell report announce add state confirm claim accord quote write declare note reveal".split())
# "three days after they ...": words after "N days after/before" that anchor it to an event
_CLAUSE_AFTER = re.compile(r"[ \t]+[\w\"'“‘]")
# words of the violence an act noun refers back to ("the attack", "the raid"): the sentence of the day it counts from
_VIOLENCE = re.compile(r"\b(?:attack|raid|ambush|assault|kill|massacre|bomb|blast|explo|shoot|shot|storm|abduct|kidnap|"
                       r"clash|strike|struck|fired|shell)\w*", re.I)
_ACT_NOUN_AFTER = re.compile(rf"\s+(?:the|this|that)\s+{_ACT_NOUNS}\b")
# "the weekend of 2-3 March", "the last week of December": the period of a date the text names after it
_OF_A_DATE_AFTER = re.compile(rf"\s+of\s+(?:the\s+)?(?:(?:{_DAY}(?:\s*[-–]\s*{_DAY})?\s+)?(?:{_MON})(?!\w)|{_YEAR}\b)")
# "the day before", "the previous day", "the next day": a day counted from one the story has named
ANAPHORIC_DAYS = {"the day before": -1, "the previous day": -1, "the following day": 1, "the next day": 1,
                  "the day after": 1,
                  # (the day the story last named: "Hours later, a second bomb went off")
                  "hours later": 0, "later that day": 0, "earlier that day": 0, "the same day": 0}
# how far back (in characters) such a day looks for the day it counts from
ANAPHORA_REACH = 600
# patterns that name a day outright, and those counted from publication; a relative day restated
# by an adjacent calendar date ("on Monday [7 March]", "last night, 12 March") takes its value
EXPLICIT_DAY = frozenset({"md", "dm", "iso", "numeric", "numeric_dm"})
RELATIVE_DAY = frozenset({"weekday", "deictic", "ago"})
_RESTATED_BETWEEN = re.compile(r"\s*(?:[\[(]\s*|,\s*|\s)")
_RESTATED_CLOSE = re.compile(r"\s*[\])]")


# --- helpers --------------------------------------------------------------------------------
def _month_num(s: str) -> int:
    return MONTHS[s.lower().rstrip(".")]


def _day_num(s: str) -> int:
    return int(re.match(r"\d+", s).group())


def _number(s: str) -> int | None:
    s = s.lower().replace("a couple of", "couple").replace("couple of", "couple").replace("a few", "few")
    s = s.replace("a dozen", "dozen")
    total = 0
    for part in re.split(r"[\s-]+", s.strip()):
        if re.fullmatch(r"\d+(\.\d+)?", part):
            total += int(float(part))
        elif part in NUMBER_WORDS:
            total += NUMBER_WORDS[part]
        else:
            return None
    return total


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def figures_date(a: int, b: int, year: int, day_first: bool | None) -> date | None:
    """The day of "a/b/year": a number over 12 is the day; when both could be, the day comes first with
    `day_first`, the month with `day_first` False, and with None the order is unknown (None, unless both
    are the same number)."""
    if a > 12 or b > 12 or a == b:
        day, month = (a, b) if a > 12 or a == b else (b, a)
    elif day_first is None:
        return None
    else:
        day, month = (a, b) if day_first else (b, a)
    return _safe_date(year, month, day)


def _add_months(d: date, n: int) -> date:
    m = d.month - 1 + n
    y = d.year + m // 12
    m = m % 12 + 1
    return date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _saturday_of_weekend(pub: date) -> date:
    """The Saturday of the weekend just before (or containing) `pub`."""
    wd = pub.weekday()
    if wd == 5:
        return pub
    if wd == 6:
        return pub - timedelta(days=1)
    return pub - timedelta(days=wd + 2)


def _governing_verb(doc, start: int, end: int):
    """The verb (or auxiliary) over the span: its root or the nearest of its heads, at most eight up; else None."""
    tok = span_root(doc, start, end)
    if tok is None:
        return None
    for _ in range(8):
        if tok.pos_ in ("VERB", "AUX") or tok.head.i == tok.i:
            break
        tok = tok.head
    return tok if tok.pos_ in ("VERB", "AUX") else None


def _tense(doc, start: int, end: int) -> str | None:
    """'past', 'future' or 'present' for the verb governing the span; None without a parse."""
    tok = _governing_verb(doc, start, end)
    if tok is None:
        return None
    auxes = [c for c in tok.children if c.dep_ in ("aux", "auxpass")]
    if any(a.lower_ == "to" for a in auxes) and tok.head.i != tok.i:
        # an infinitive takes its time from the verb it depends on ("is to resume" is future)
        head = tok.head
        if head.lemma_ in FUTURE_HEADS and (head.lemma_ != "be" or head.tag_ in ("VBZ", "VBP")):
            return "future"
        if tok.head.pos_ in ("VERB", "AUX"):
            return _verb_tense(tok.head)
        if tok.head.pos_ == "NOUN" and (tok.head.lemma_.lower() in _PLAN_NOUNS or tok.tag_ == "VBN" and any(
                a.lemma_ == "be" for a in auxes)):
            # "the plan to stage a referendum in June", "a plan to march on 9 May", "rules to be issued in
            # November": what was to be, which may have passed by the report (a month lies ahead, a day the nearest
            # not far ahead); not "the order to open fire in January", "the failed bid to storm the barracks in
            # November", told of what was done
            return "ahead"
    return _verb_tense(tok)


def _scheduled(doc, text: str, start: int, end: int) -> bool:
    """Whether the verb governing the span is a simple present ("march", "begins") in a line of the body: what
    is set for a coming day ("Teachers march on parliament on Friday"; a headline's present tells the past:
    "Gunmen kill 15 in Kelmora on Sunday")."""
    tok = _governing_verb(doc, start, end)
    if tok is None or tok.pos_ != "VERB" or tok.tag_ not in ("VBP", "VBZ") or any(c.dep_ in ("aux", "auxpass") for c in tok.children) \
            or not any(c.dep_ == "nsubj" for c in tok.children):
        return False  # (not a noun the tagger read as a verb: "raids by the dozen on Thursday")
    if tok.lower_ in _SAME_IN_THE_PAST or any(c.dep_ == "advcl" and c.tag_ == "VBG" and c.lemma_ in _HARM_LEMMAS
                                               for c in tok.children):
        return False  # ("riots spread to Kelmo on Monday", a past read as a present; "troops fire on protesters on
        # Monday, killing five": a toll is told of what happened)
    # (told as someone's word in the past tense, "..., their union said": notes written in the present, "Protesters
    # gather in the park on Thursday", tell the past)
    said = any(t.lemma_ in REPORTING_LEMMAS and t.tag_ == "VBD" for t in tok.sent)
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:line_end if line_end >= 0 else len(text)].strip()
    return said and bool(re.search(r"[.!?\"”']\s*$", line)) and len(line.split()) > HEADING_MAX_WORDS


def _verb_tense(tok) -> str:
    auxes = [c for c in tok.children if c.dep_ in ("aux", "auxpass")]
    perfect = any(a.lemma_ == "have" for a in auxes) and tok.tag_ == "VBN"
    if (any(a.lower_ in FUTURE_AUX for a in auxes) and not perfect) or tok.lemma_ in FUTURE_VERBS:
        return "future"
    if tok.tag_ in ("VBD", "VBN") or any(a.tag_ == "VBD" for a in auxes):
        return "past"
    return "present"


def _modifies_noun_after(doc, start: int, end: int) -> bool:
    """'the Aug. 8 general elections': the date is a modifier of a noun that follows it, so the tense
    of the clause (often a past "were cleared to contest") does not place it."""
    if doc is None:
        return False
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return False
    root = span.root
    return (root.dep_ in ("compound", "nmod", "amod", "nummod") and root.head.i > span[-1].i
            and root.head.pos_ == "NOUN")


def _tok_tag(doc, start: int, end: int) -> str | None:
    if doc is None:
        return None
    span = doc.char_span(start, end, alignment_mode="expand")
    return span.root.tag_ if span is not None and len(span) else None


def _place_day_month(pub: date | None, m: int, d: int, tense: str | None) -> date | None:
    if pub is None:
        return None
    options = [x for x in (_safe_date(pub.year + k, m, d) for k in (-1, 0, 1)) if x]
    if not options:
        return None
    if tense == "future":
        later = [x for x in options if x >= pub]
        return min(later) if later else max(options)
    if tense == "past":
        before = [x for x in options if x <= pub + timedelta(days=PAST_GRACE_DAYS)]
        if before:
            return max(before)
    not_far = [x for x in options if (x - pub).days <= FUTURE_WINDOW_DAYS]
    return max(not_far) if not_far else min(options)


def _place_month(pub: date | None, m: int, tense: str | None, deadline: bool = False) -> date | None:
    """The month's first day: this year's or last year's, or the coming one when the verb looks
    ahead (or a deadline, "by May", "through January", is not told in the past tense)."""
    if pub is None:
        return None
    if tense in ("future", "ahead") or (deadline and tense != "past"):
        return date(pub.year if m >= pub.month else pub.year + 1, m, 1)
    return date(pub.year if m <= pub.month else pub.year - 1, m, 1)


# a deadline given ("gave the rebels until Friday", "set a deadline of Friday"; not "had left by Friday", "lasted
# until Friday")
_WEEKDAY_DEADLINE_BEFORE = re.compile(r"\b(?:gave|granted|set|extended|allowed|issued)\b[^.;:]{0,40}?"
                                      r"\b(?:until|till|by|deadline\s+of)\s+$", re.I)
# a weekday's own act of violence: "Sunday's attack", "Friday's deadly bombing", "Monday night's clashes"
_DONE_ACT_AFTER = re.compile(r"(?:\s+(?:morning|afternoon|evening|night))?['’]s\s+(?:[a-z]+\s+){0,2}?(?:"
                             + _VIOLENT_ACTS + r"|fighting|violence|(?:air|drone)\s*strikes?|shelling|riots?)\b")


def _place_weekday(pub: date | None, wd: int, rel: str, tense: str | None) -> date | None:
    if pub is None:
        return None
    back = (pub.weekday() - wd) % 7  # days back to the most recent such day, 0 = today
    ahead = (wd - pub.weekday()) % 7
    rel = rel.lower().strip()
    if rel in ("last", "this past", "the previous"):
        return pub - timedelta(days=back or 7)
    if rel in ("next", "this coming", "the following"):
        return pub + timedelta(days=ahead or 7)
    if tense == "future":
        return pub + timedelta(days=ahead)
    return pub - timedelta(days=back)


def _iso(d: date | None) -> str | None:
    return d.isoformat() if d else None


# --- the resolvers, one per pattern ----------------------------------------------------------
class _Resolver:
    def __init__(self, text: str, pub: date | None, doc=None):
        self.text, self.pub, self.doc = text, pub, doc
        # mentions counted from a day the story has named ("a day later", "the previous day"): their
        # offset in days, counted from publication until _anaphora finds the day they count from
        self.anaphora: dict[int, int] = {}
        self.after_act: set[int] = set()  # (of those, the ones counted from an act: "a week after the attack")

    def mention(self, name: str, m: re.Match) -> TimeMention | None:
        return getattr(self, "_" + name)(m)

    def _make(self, m, value, precision, end_value=None, duration=False, start=None, end=None):
        s = m.start() if start is None else start
        e = m.end() if end is None else end
        return TimeMention(text=self.text[s:e], start=s, end=e, value=_iso(value), precision=precision,
                           end_value=_iso(end_value), duration=duration)

    def _date_tense(self, m) -> str | None:
        """The tense for placing a day-month; a past-tense deadline ("extended to Nov. 14") and a
        date naming the noun after it ("contest the Aug. 8 elections") count as none."""
        tense = _tense(self.doc, m.start(), m.end())
        if tense == "past" and (DEADLINE_BEFORE.search(self.text[max(0, m.start() - 25):m.start()])
                                or _modifies_noun_after(self.doc, m.start(), m.end())):
            return None
        return tense

    def _year_ok(self, y: int) -> bool:
        hi = (self.pub.year if self.pub else date.today().year) + MAX_YEARS_AHEAD
        return MIN_YEAR <= y <= hi

    def _ambiguous_month(self, m, mon_start: int, mon_end: int, has_digits: bool) -> bool:
        """True when a bare 'May'/'March' (or any month with no day/year) is no month."""
        word = self.text[mon_start:mon_end]
        tag = _tok_tag(self.doc, mon_start, mon_end)
        if word in ("May", "March") and not has_digits:
            before = self.text[max(0, mon_start - 30):mon_start]
            if not MONTH_CUE_BEFORE.search(before):
                return True
            if tag and (tag == "MD" or tag.startswith("VB")):
                return True
        return False

    def _range_dm(self, m):
        return self._range(m)

    def _range_md(self, m):
        return self._range(m)

    def _range(self, m):
        mon = _month_num(m["mon"])
        d1, d2 = _day_num(m["d1"]), _day_num(m["d2"])
        if d2 <= d1:
            return None
        if m["year"]:
            a, b = _safe_date(int(m["year"]), mon, d1), _safe_date(int(m["year"]), mon, d2)
        else:
            a = _place_day_month(self.pub, mon, d1, self._date_tense(m))
            b = _safe_date(a.year, mon, d2) if a else None
        if m["year"] and (a is None or b is None):
            return None
        return self._make(m, a, "day", b)

    def _iso(self, m):
        d = _safe_date(int(m["year"]), int(m["m"]), int(m["d"]))
        return self._make(m, d, "day") if d else None

    def _numeric(self, m):
        # (figures joined by dashes are day first, as the countries that write them so order them: "12-03-2024")
        d = figures_date(int(m["a"]), int(m["b"]), int(m["year"]), True if m["sep"] == "-" else NUMERIC_DAY_FIRST)
        return self._make(m, d, "day") if d else None

    def _numeric_dm(self, m):
        """'(14/03)', 'on 14/03': a day and month without a year, placed as other day-months are
        (by tense); when both orders are possible, the one nearer publication (day first on a tie)."""
        a, b = int(m["a"]), int(m["b"])
        orders = [(b, a), (a, b)] if NUMERIC_DAY_FIRST else [(a, b), (b, a)]
        tense = self._date_tense(m)
        options = [d for d in (_place_day_month(self.pub, mon, day, tense) for mon, day in orders
                               if 1 <= mon <= 12) if d is not None]
        if not options:
            return None
        best = min(options, key=lambda d: abs((self.pub - d).days))
        return self._make(m, best, "day", start=m.start("a"), end=m.end("b"))

    def _md(self, m):
        return self._day_month(m, m.start("mon"), m.end("mon"))

    def _dm(self, m):
        return self._day_month(m, m.start("mon"), m.end("mon"))

    def _day_month(self, m, ms, me):
        mon, d = _month_num(m["mon"]), _day_num(m["d"])
        word = m["mon"]
        if word in ("May", "March", "Mar", "Jun", "Jul") and not m["year"]:
            tag = _tok_tag(self.doc, ms, me)
            if tag and (tag == "MD" or tag.startswith("VB")):
                return None
        if m["year"]:
            value = _safe_date(int(m["year"]), mon, d)
        else:
            value = _place_day_month(self.pub, mon, d, self._date_tense(m))
            if self.pub is None and _safe_date(2000, mon, d) is None:
                return None
        if value is None and (m["year"] or self.pub is not None):
            return None
        return self._make(m, value, "day")

    def _month(self, m):
        mon = _month_num(m["mon"])
        if not m["year"] and not m["rel"] and self._ambiguous_month(m, m.start("mon"), m.end("mon"), False):
            return None
        if m["mon"][0].islower():
            return None
        if m["year"]:
            value = date(int(m["year"]), mon, 1)
        elif m["rel"]:
            if self.pub is None:
                value = None
            else:
                y = self.pub.year + {"last": -1, "this": 0, "next": 1}[m["rel"]]
                value = date(y, mon, 1)
        else:
            deadline = MONTH_DEADLINE_BEFORE.search(self.text[max(0, m.start() - 15):m.start()]) is not None
            value = _place_month(self.pub, mon, _tense(self.doc, m.start(), m.end()), deadline)
        return self._make(m, value, "month")

    def _lastmonth(self, m):
        mon = _month_num(m["mon"])
        rel = m["rel"].lower()
        if self.pub is None:
            return self._make(m, None, "month")
        if rel == "last":
            y = self.pub.year if mon < self.pub.month else self.pub.year - 1
        elif rel == "next" or rel == "this coming":
            y = self.pub.year if mon > self.pub.month else self.pub.year + 1
        else:
            y = self.pub.year
        return self._make(m, date(y, mon, 1), "month")

    def _year(self, m):
        y = int(m["year"])
        if not self._year_ok(y):
            return None
        s = m.start("year")
        before = self.text[max(0, s - 20):s]
        word_before = re.search(r"([A-Za-z.]+)\s*$", before)
        if word_before and word_before.group(1).lower() in YEAR_LABELS and not m["mod"]:
            return None
        if re.search(r"[#№]\s*$", before):
            return None
        if COUNTED_AFTER.match(self.text, m.end()):
            return None
        if not m["mod"] and (CLOCK_AFTER.match(self.text, m.end()) or CLOCK_BEFORE.search(before)):
            return None  # "at about 2130 local time", "[1800 GMT]": a time of day
        if not m["mod"] and _clock_like(m["year"]) and (
                CLOCK_AT.search(before) and CLOCK_AT_AFTER.match(self.text, m.end())
                or CLOCK_PAIR_AFTER.match(self.text, m.end()) or CLOCK_PAIR_BEFORE.search(before)):
            return None  # "fired rockets at 1930", "a curfew from 1800 to 0600"
        if not m["mod"] and (re.search(r"\d[\d,.]*[ \t]+$", before) or re.match(r"[ \t]+\d", self.text[m.end():])):
            return None  # a cell in a row of numbers (a table), not a year
        if self.doc is not None and not m["mod"]:
            span = self.doc.char_span(s, m.end("year"), alignment_mode="expand")
            if span is not None and len(span) == 1:
                tok = span[0]
                if tok.dep_ == "nummod" and tok.head.tag_ == "NNS" and tok.head.lower_ not in ("years", "elections"):
                    return None
        return self._make(m, date(y, 1, 1), "year")

    def _spelled_year(self, m):
        if m["cent"]:
            y = {"nineteen": 1900, "eighteen": 1800}[m["cent"].lower()] + NUMBER_WORDS[m["tens"].lower()]
            y += NUMBER_WORDS[m["ones"].lower()] if m["ones"] else 0
        else:
            y = 2000 + (NUMBER_WORDS[m["ones2"].lower()] if m["ones2"] else 0)
        if not self._year_ok(y) or COUNTED_AFTER.match(self.text, m.end()):
            return None
        return self._make(m, date(y, 1, 1), "year")

    def _weekend(self, m):
        det = m["det"].lower()
        if _OF_A_DATE_AFTER.match(self.text, m.end()):
            return None  # "the weekend of 2-3 March", "the last weekend of February": the date after says which
        pub = self.pub
        if pub is None:
            return self._make(m, None, "weekend")
        sat = _saturday_of_weekend(pub)
        tense = _tense(self.doc, m.start(), m.end())
        if det in ("next", "this coming"):
            sat = pub + timedelta(days=(5 - pub.weekday()) % 7 or 7)
        elif det == "last" and pub.weekday() in (5, 6):
            sat = sat - timedelta(days=7)
        elif det in ("this", "the") and tense == "future" and pub.weekday() < 5:
            sat = pub + timedelta(days=5 - pub.weekday())
        return self._make(m, sat, "weekend", sat + timedelta(days=1))

    def _weekday(self, m):
        s, e = m.start("wd"), m.end("wd")
        after = re.match(r"\s+([A-Z][a-z]+)", self.text[e:])
        if after and after.group(1) in WEEKDAY_NAMES_AFTER:
            return None
        before = re.search(r"([A-Z][a-z]+)\s+$", self.text[max(0, s - 15):s])
        if before and before.group(1) in WEEKDAY_NAMES_BEFORE and not m["rel"]:
            return None
        wd = WEEKDAYS[m["wd"].lower()]
        # ("police will investigate Sunday's attack": the attack a weekday names was, whatever is to come of it)
        tense = "past" if _DONE_ACT_AFTER.match(self.text, e) else _tense(self.doc, s, e)
        if tense != "future" and _WEEKDAY_DEADLINE_BEFORE.search(self.text, max(0, s - 60), s):
            tense = "future"  # "gave the rebels until Friday to leave": a deadline lies ahead of the giving
        elif tense == "present" and not _EVERY_BEFORE.search(self.text, max(0, s - 12), s) \
                and _scheduled(self.doc, self.text, s, e):
            tense = "future"  # "teachers march on parliament on Friday, their union said": what is set for a day
        value = _place_weekday(self.pub, wd, m["rel"] or "", tense)
        return self._make(m, value, "day")

    def _deictic(self, m):
        w = m["w"].lower()
        offset = {"yesterday": -1, "last night": -1, "the day before": -1, "tomorrow": 1,
                  "the day before yesterday": -2, "the day after tomorrow": 2}.get(w, 0)
        if w in ANAPHORIC_DAYS:
            if w in ("the day before", "the day after") and _CLAUSE_AFTER.match(self.text, m.end()):
                # "the day after the attack", "the day after Christmas", "the day before elections were
                # held": counted from what follows, not from a day the story named
                return self._make(m, None, "day")
            offset = ANAPHORIC_DAYS[w]
        value = self.pub + timedelta(days=offset) if self.pub else None
        t = self._make(m, value, "day")
        if w in ANAPHORIC_DAYS:
            self.anaphora[id(t)] = offset
        return t

    def _relperiod(self, m):
        rel, unit = m["rel"].lower(), m["unit"]
        mod = (m["mod"] or "").strip().lower()
        if _OF_A_DATE_AFTER.match(self.text, m.end()):
            return None  # "the last week of December": a week of that month, not last week
        if rel in ("past", "the past") and not mod:
            return None  # "the past year": a stretch of time, left to the duration pattern
        if rel in ("the following", "the previous"):
            return None  # anchored to another time of the story, not to publication
        step = {"last": -1, "past": -1, "the past": -1, "the previous": -1, "next": 1,
                "the following": 1, "the coming": 1}.get(rel, 0)
        pub = self.pub
        if pub is None:
            return self._make(m, None, unit)
        if unit == "week":
            value = _monday(pub) + timedelta(days=7 * step)
        elif unit == "month":
            value = _add_months(pub.replace(day=1), step)
        else:
            value = date(pub.year + step, 1, 1)
        return self._make(m, value, unit)

    def _ago(self, m):
        n = _number(m["n"])
        if m["dir"].lower() in ("after", "before") and _ACT_NOUN_AFTER.match(self.text, m.end()) \
                and n is not None and m["unit"].lower() in ("day", "week"):
            # "a week after the attack": counted from the day the story last named, the act's; with none named
            # before it, no day (not from publication: "a day after the shooting, youths marched")
            t = self._make(m, None, "day")
            self.anaphora[id(t)] = (1 if m["dir"].lower() == "after" else -1) * n * (7 if m["unit"].lower() == "week" else 1)
            self.after_act.add(id(t))
            return t
        if m["dir"].lower() in ("after", "before") and _CLAUSE_AFTER.match(self.text, m.end()):
            # "two days after he was kidnapped", "a day before suspected militants struck": counted
            # from another event of the story, not from publication
            return self._make(m, None, "day") if n is not None else None
        if n is None or self.pub is None:
            return self._make(m, None, "day") if n is not None else None
        try:
            return self._counted(m, n)
        except (ValueError, OverflowError):
            return None  # "founded 300 decades ago": before the calendar's first year, no date

    def _counted(self, m, n: int):
        """`_ago` once the count is known: the day, month or year it counts to from publication."""
        sign = 1 if m["dir"].lower() in ("later", "after", "from now", "hence") else -1
        unit = m["unit"].lower()
        fraction = re.fullmatch(r"\d+\.\d+", m["n"].strip())
        x = float(fraction.group(0)) if fraction else float(n)
        if unit in ("fortnight", "decade"):  # (as two weeks, ten years: "1.5 decades ago" is 15 years)
            unit, x = ("week", 2 * x) if unit == "fortnight" else ("year", 10 * x)
        fraction = x != int(x)
        n = int(x)
        if fraction and unit in ("year", "month"):
            # "1.5 years ago": counted in months, at a month's precision; "2.5 months ago" in days
            if unit == "year":
                return self._make(m, _add_months(self.pub.replace(day=1), sign * round(12 * x)), "month")
            return self._make(m, self.pub + timedelta(days=sign * round(30 * x)), "day")
        if fraction:
            n = round(x * (7 if unit == "week" else 1))
            unit = "day"
        if m["dir"].lower() in ("earlier", "later", "before", "after") and unit in ("day", "week"):
            days = sign * n * (7 if unit == "week" else 1)
            t = self._make(m, self.pub + timedelta(days=days), "day")
            self.anaphora[id(t)] = days
            return t
        if unit == "year" and n == 1:
            # "up from $2 a year earlier": the same date a year before
            day = min(self.pub.day, 28) if self.pub.month == 2 else self.pub.day
            return self._make(m, date(self.pub.year + sign, self.pub.month, day), "day")
        if unit == "day":
            return self._make(m, self.pub + timedelta(days=sign * n), "day")
        if unit == "week":
            return self._make(m, self.pub + timedelta(days=7 * sign * n), "day")
        if unit == "month":
            return self._make(m, _add_months(self.pub.replace(day=1), sign * n), "month")
        return self._make(m, date(self.pub.year + sign * n, 1, 1), "year")

    def _ordday(self, m):
        d = _day_num(m["d"])
        pub = self.pub
        if pub is None:
            return None
        rel = (m["rel"] or "").lower()
        if rel:
            step = -1 if rel in ("last", "the previous") else 0
        elif _tense(self.doc, m.start(), m.end()) == "future":
            step = 0 if d >= pub.day else 1
        else:
            step = 0 if d <= pub.day + PAST_GRACE_DAYS else -1
        month = _add_months(pub.replace(day=1), step)
        value = _safe_date(month.year, month.month, d)
        return self._make(m, value, "day", start=m.start("the")) if value else None

    def _holiday(self, m):
        h = m["h"].lower()
        md = {"christmas": (12, 25), "christmas day": (12, 25), "christmas eve": (12, 24),
              "new year's day": (1, 1), "new year's eve": (12, 31), "independence day": (7, 4),
              "valentine's day": (2, 14)}.get(h)
        if md is None or (h == "independence day"):
            return None
        if _modifies_noun_after(self.doc, m.start("h"), m.end("h")):
            return None  # "a Christmas market", "the Christmas holidays": a thing, not a day
        value = _place_day_month(self.pub, md[0], md[1], _tense(self.doc, m.start(), m.end()))
        return self._make(m, value, "day")

    def _duration(self, m):
        if _number(re.split(r"[\s-]+(?=(?:second|minute|hour|day|night|week|fortnight|month|year|decade|century))",
                            re.sub(r"^(?:the\s+)?(?:past|last|next|first|coming|previous|following)\s+", "",
                                   m.group(), flags=re.I), maxsplit=1)[0]) is None:
            return None
        return self._make(m, None, None, duration=True)


_LISTED_DAYS_BEFORE = re.compile(r"\b(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?:,\s*(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?)*,\s*$")
_WEEKDAY_ONLY = re.compile(rf"{_WD}")
_SPAN_OPENS_BEFORE = re.compile(r"\b(?:[Bb]etween|[Ff]rom)\s+$")


def last_day(value: str, precision: str) -> str:
    """The final day of the month or year a mention's value opens; the value itself otherwise."""
    d = date.fromisoformat(value)
    if precision == "year":
        return date(d.year, 12, 31).isoformat()
    if precision == "month":
        return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1]).isoformat()
    return value


def _extend(text: str, mentions: list[TimeMention], pub: date | None, kinds: dict[int, str] | None = None) -> None:
    """'since X' runs to publication; 'on or around X' keeps X; 'between X and Y' joins them."""
    for t in mentions:
        if t.duration or t.value is None:
            continue
        before = text[max(0, t.start - 25):t.start]
        ms = re.search(r"\b([Ss]ince|[Oo]n or (?:around|about)|[Aa]round|[Oo]n or before)\s+$", before)
        if ms:
            t.start -= len(before) - ms.start()
            t.text = text[t.start:t.end]
            if ms.group(1).lower() == "since" and pub is not None and t.value <= pub.isoformat():
                t.end_value = pub.isoformat()
    for t in mentions:
        # "on 1, 2 and 3 March": the days listed before a span of one month open it
        if t.duration or t.value is None or t.precision != "day" or not t.end_value or not t.text[:1].isdigit():
            continue  # (not "12, between 14 and 16 March": a list runs into the span's own first day)
        listed = _LISTED_DAYS_BEFORE.search(text, max(0, t.start - 24), t.start)
        if listed is not None:
            first = int(re.match(r"\d+", listed.group(0)).group(0))
            value = date.fromisoformat(t.value)
            if first < value.day:
                t.value = value.replace(day=first).isoformat()
                t.start = listed.start()
                t.text = text[t.start:t.end]
    # "from Friday to Sunday" in a report of a Friday: the Friday before that Sunday, not the report's day
    # (told of the future, "will meet from Monday to Wednesday" on a Tuesday: the Wednesday after that Monday)
    for a, b in zip(mentions, mentions[1:]):
        if (a.precision == b.precision == "day" and a.value and b.value and b.value < a.value
                and _WEEKDAY_ONLY.fullmatch(a.text) and _WEEKDAY_ONLY.fullmatch(b.text)
                and re.fullmatch(r"\s*(?:-|–|to|until|till|through)\s*", text[a.end:b.start])
                and _SPAN_OPENS_BEFORE.search(text, max(0, a.start - 10), a.start)
                and (date.fromisoformat(a.value) - date.fromisoformat(b.value)).days < 7):
            if pub is not None and a.value > pub.isoformat():
                b.value = (date.fromisoformat(b.value) + timedelta(days=7)).isoformat()
            else:
                a.value = (date.fromisoformat(a.value) - timedelta(days=7)).isoformat()
    joined: list[TimeMention] = []
    i = 0
    while i < len(mentions):
        a = mentions[i]
        b = mentions[i + 1] if i + 1 < len(mentions) else None
        between = text[a.end:b.start] if b is not None else ""
        if (b is not None and a.value and b.value and not a.duration and not b.duration
                and a.precision == b.precision and a.value < b.value
                and (re.fullmatch(r"\s*,?\s*(?:-|–|to|and|until|till|through)\s*", between)
                     and _SPAN_OPENS_BEFORE.search(text, max(0, a.start - 10), a.start)
                     # two calendar days joined by a dash or "to" are a span without "from" ("30 April-2 May";
                     # not "on Monday — Tuesday's funeral", nor "adjourned the trial Monday to March 20")
                     or a.precision == "day" and kinds is not None and kinds.get(id(a)) in EXPLICIT_DAY
                     and kinds.get(id(b)) in EXPLICIT_DAY
                     and re.fullmatch(r"\s*(?:-|–|to|until|through)\s*", between))):
            # both stay mentions of their own; the first carries the span's end (the last day of a
            # month or year: "from March to April" runs to 30 April)
            a.end_value = b.end_value or last_day(b.value, b.precision)
            joined.extend([a, b])
            i += 2
            continue
        joined.append(a)
        i += 1
    mentions[:] = joined


def find_times(text: str, published: date | None, doc=None) -> list[TimeMention]:
    """All time mentions in `text`, relative expressions resolved against `published`."""
    res = _Resolver(text, published, doc)
    cands = []
    for name, rx in PATTERNS:
        for m in rx.finditer(text):
            if m.end() > m.start():
                cands.append((m.end() - m.start(), -PRIORITY[name], m.start(), name, m))
    cands.sort(key=lambda c: (-c[0], -c[1], c[2]))
    taken: list[tuple[int, int]] = []
    out: list[TimeMention] = []
    kinds: dict[int, str] = {}
    for _, _, _, name, m in cands:
        if any(m.start() < e and s < m.end() for s, e in taken):
            continue
        t = res.mention(name, m)
        if t is None:
            continue
        taken.append((m.start(), m.end()))
        out.append(t)
        kinds[id(t)] = name
    out.sort(key=lambda t: t.start)
    _day_beside(text, out)
    restated = _restated(text, out, kinds)
    _weekday_of_week(text, out, kinds)
    _extend(text, out, published, kinds)
    # (last: a day counted from another counts from that day's final value and start)
    _anaphora(out, {k: v for k, v in res.anaphora.items() if k not in restated}, res.after_act, text, published)
    return out


def _day_beside(text: str, mentions: list[TimeMention]) -> None:
    """'the day after Christmas', 'the day before 3 March': the day beside the date that follows, one
    mention."""
    taken = []
    for a, b in zip(mentions, mentions[1:]):
        words = a.text.lower()
        if (a.value is None and words in ("the day before", "the day after") and b.precision == "day" and b.value
                and not b.end_value and not text[a.end:b.start].strip()):
            step = 1 if words.endswith("after") else -1
            a.value = (date.fromisoformat(b.value) + timedelta(days=step)).isoformat()
            a.end = b.end
            a.text = text[a.start:a.end]
            taken.append(b)
    if taken:
        mentions[:] = [t for t in mentions if not any(t is b for b in taken)]


def _anaphora(mentions: list[TimeMention], offsets: dict[int, int], after_act: set | frozenset = frozenset(),
              text: str = "", published: date | None = None) -> None:
    """'Rebels attacked the town on Sunday. A day later, ...', '... on 2 March. The previous day, ...':
    a day counted from the last day the story named before it (within ANAPHORA_REACH characters);
    from publication when there is none. A day counted from an act ("two days after the attack", ids in
    `after_act`) counts from the last day told in a sentence of violence, and is no day when that falls after
    publication."""
    anchor = acted = None
    for t in mentions:
        offset = offsets.get(id(t))
        base = acted if id(t) in after_act else anchor
        if offset is not None and base is not None and t.start - base.end <= ANAPHORA_REACH:
            value = date.fromisoformat(base.value) + timedelta(days=offset)
            if id(t) not in after_act or published is None or value <= published:
                t.value = value.isoformat()
                t.anchor = base.start
        if t.precision == "day" and t.value and not t.duration and not t.end_value:
            anchor = t
            lo, hi = text.rfind(".", 0, t.start) + 1, text.find(".", t.end)
            if _VIOLENCE.search(text, lo, hi if hi >= 0 else len(text)):
                acted = t


_WEEKDAY_OF_WEEK = re.compile(r"\s*(?:of\s+)?")
_WEEK_OF_WEEKDAY = re.compile(r"\s*,?\s*(?:on\s+)?")


def _weekday_of_week(text: str, mentions: list[TimeMention], kinds: dict[int, str]) -> None:
    """'on Thursday last week', 'Monday of next week', 'last week on Tuesday': the weekday of the week
    the text names, not the nearest such day; one mention of that day."""
    joined = []
    for a, b in zip(mentions, mentions[1:]):
        pair = ((a, b, _WEEKDAY_OF_WEEK) if kinds.get(id(a)) == "weekday" else
                (b, a, _WEEK_OF_WEEKDAY) if kinds.get(id(b)) == "weekday" else None)
        if pair is None:
            continue
        day, week, joint = pair
        if (kinds.get(id(week)) != "relperiod" or week.precision != "week" or week.value is None
                or day.value is None or day.precision != "day" or not joint.fullmatch(text, a.end, b.start)
                or text.startswith(("'s", "’s"), b.end)):
            continue  # (not "on Friday, next week's talks notwithstanding")
        wd = next(i for name, i in WEEKDAYS.items() if re.search(rf"\b{name}\b", day.text, re.I))
        day.value = (date.fromisoformat(week.value) + timedelta(days=wd)).isoformat()
        day.start, day.end = a.start, b.end
        day.text = text[day.start:day.end]
        joined.append(week)
    if joined:
        mentions[:] = [t for t in mentions if not any(t is w for w in joined)]


def _restated(text: str, mentions: list[TimeMention], kinds: dict[int, str]) -> set[int]:
    """'on Monday [7 March]', 'yesterday (14 May)', 'last night, 12 March 2017': a day counted
    from publication and restated by the calendar date right after it takes that date (the
    stated date is the reporter's own; the count may rest on a publication date we only guess). Returns
    the ids of the mentions so restated."""
    restated = set()
    for a, b in zip(mentions, mentions[1:]):
        if (kinds.get(id(a)) not in RELATIVE_DAY or kinds.get(id(b)) not in EXPLICIT_DAY
                or a.precision != "day" or a.value is None or b.value is None or b.end_value):
            continue
        between = _RESTATED_BETWEEN.fullmatch(text, a.end, b.start)
        if between is None:
            continue
        opened = text[a.end:b.start].strip()[:1]
        if opened in "[(" and opened and not _RESTATED_CLOSE.match(text, b.end):
            continue
        a.value = b.value
        restated.add(id(a))
    return restated


# how many days before publication a dateline's day may lie and still be the day its writer counted from (a
# feed's or a crawl's date may come weeks later)
DATELINE_LAG_DAYS = 31


@stage("times", requires=("sentences",), assigns=("times",))
def make_times(settings):
    def run(ctx: Context) -> None:
        # "KELMORA, March 11 (Reuters) - ... on Tuesday" published on the 13th: the writer counted from the dateline's day
        reference = ctx.published
        if reference is not None:
            day = dateline_day(ctx.text, reference)
            if day is not None and 0 < (reference - day).days <= DATELINE_LAG_DAYS:
                reference = day
        ctx.times = find_times(ctx.text, reference, ctx.doc)

    return run


def dateline_day(text: str, published: date) -> date | None:
    """The day of the dateline opening the text ("KELMORA, March 11 (Reuters) -"), in the publication's year (or the
    year before) when it gives none; None without a dated dateline."""
    m = _opening_dateline(text)
    if m is None:
        return None
    full = _parse_full(m["date"])
    if full is not None:
        return full
    md = _MONTH_DAY.match(m["date"])
    if md is None:
        return None
    mon, day = _month_num(md["mon"] or md["mon2"]), _day_num(md["d"] or md["d2"])
    d = _safe_date(published.year, mon, day)
    return _safe_date(published.year - 1, mon, day) if d is not None and d > published else d


# --- publication date from the text ---------------------------------------------------------
_FULL_DATE = re.compile(
    rf"\b(?:(?P<mon>{_MON})\s+(?P<d>{_DAY}),?\s+(?P<y>{_YEAR})|(?P<d2>{_DAY})\s+(?P<mon2>{_MON}),?\s+(?P<y2>{_YEAR}))\b")
# a date in figures: ISO's "2024-03-12", or "12/03/2024" and "12.03.2024", read only when the order of day
# and month is plain (one of them over 12, or both the same): "03/04/2024" is April 3 in Nairobi and
# March 4 in Washington
_NUMERIC_DATE = rf"{_YEAR}-\d\d-\d\d|\d{{1,2}}(?P<nsep>[/.-])\d{{1,2}}(?P=nsep){_YEAR}"
_NUMERIC_DATE_PARTS = re.compile(rf"(?<![\d/.])(?:(?P<y>{_YEAR})-(?P<m>\d\d)-(?P<d>\d\d)"
                                 rf"|(?P<a>\d{{1,2}})(?P<sep>[/.-])(?P<b>\d{{1,2}})(?P=sep)(?P<y2>{_YEAR}))(?![\d/.]?\d)")
# "BEIRUT, Aug 28 (Reuters) -", "KABUL, Afghanistan, Aug. 28, 2017 (AP) —", "GAO, Mali, 25/03/2024 -"
_DATELINE_DATE = rf"(?P<date>(?:{_MON})\s+{_DAY}(?:,?\s+{_YEAR})?|{_DAY}\s+{_MON}(?:,?\s+{_YEAR})?|{_NUMERIC_DATE})"
# an agency's tag of capitalised words or initials ("(PTI)", "(Xinhua)", "(Anadolu Agency)"), or a short one in small
# letters ("(dpa)"); not "(local time)"
AGENCY_TAG = r"\((?:[A-Z][A-Za-z.]*(?:\s[A-Z][A-Za-z.]*){0,2}|[a-z]{2,4})\)"
_DATELINE = re.compile(
    rf"^\s*(?:{AGENCY_TAG}\s*)?[A-Z][A-Z .'-]{{2,40}}(?:,\s*[A-Z][A-Za-z .'-]{{2,30}})?,\s*{_DATELINE_DATE}"
    rf"\s*(?:{AGENCY_TAG})?\s*[-–—:]", re.M)
# the agencies that write the place in capitals and small letters and close the dateline with their tag, no dash
# ("Srinagar, Mar 12 (PTI) Two ...", "Imphal, March 12 (IANS) ..."), or open it so ("(Xinhua) Kabul, March 3 --")
_PLACE_OF_DATELINE = r"[A-Z][A-Za-z .'-]{2,40}(?:,\s*[A-Z][A-Za-z .'-]{2,30})?"
# (read on the text's first line only: a body sentence may open with a place and a date)
_DATELINES_TAGGED = (
    re.compile(rf"\s*{_PLACE_OF_DATELINE},\s*{_DATELINE_DATE}\s*{AGENCY_TAG}"),
    re.compile(rf"\s*{AGENCY_TAG}\s*{_PLACE_OF_DATELINE},\s*{_DATELINE_DATE}\s*[-–—:]"))
_CAPTION_END = re.compile(
    rf"\bon\s+(?:{_WD},?\s+)?(?P<date>(?:{_MON})\s+{_DAY},?\s+{_YEAR}|{_DAY}\s+{_MON},?\s+{_YEAR})\s*\.?\s*\)?\s*$", re.M)
# "Published: 12 June 2018", "Posted on 13/03/2024", "Updated Jan. 9, 2020", "Date: 4 May 2021" (a line opening
# with the word "Date" is one only with its colon: "Date palm growers said...")
_STAMP_LINE = re.compile(r"^\s*(?:(?P<label>Published|Updated|Last updated|Posted|First published)\b\s*:?|Date\s*:)"
                         r"\s*(?P<rest>.{6,80})$", re.M | re.I)
_UPDATED = ("updated", "last updated")
# the opening of a text: what comes before a dash, a colon or a bar, or a short first line, may be a header
# ("Nairobi, Kenya — Tuesday, March 12, 2024:", "(Kelmo Times) March 12, 2024 —", "By Staff Reporter | 13
# March 2024") when it holds only names, numbers and such words
_HEADER_END = re.compile(r"\s*(?:[-–—]{1,2}|:|\|)(?=\s|$)")
_HEADER_WORDS = frozenset("of de du la le el al and by st nd rd th am pm at a p m".split())  # ("10:15 a.m.")
_HISTORY_BEFORE_DATE = re.compile(r"\b(?:of|on|since|in|after|before|from|until|till|to)\s+(?:the\s+)?$", re.I)
_MONTH_DAY = re.compile(rf"\b(?:(?P<mon>{_MON})\s+(?P<d>{_DAY})|(?P<d2>{_DAY})\s+(?P<mon2>{_MON}))\b")
# a year the text names as history ("since the 2012 rebellion", "after 2015") or a time of day ("at 1930
# hours") says nothing of the year of a dateline without one
_YEAR_AS_HISTORY = re.compile(r"\b(?:since|after|before|until|till|from|between|the|at)\s+$"
                              # ("... police said. In 2023, bandits killed 40 people there": a year opening a sentence)
                              r"|(?:^|[.!?][\"”']?\s+)In\s+$", re.I)
_YEAR_AS_TIME = re.compile(r"\s*(?:hours?|hrs|h\b|GMT|UTC|local\b)", re.I)
_PAST_CAPTION = re.compile(r"\b(?:was|were|had been|has been)\b", re.I)


def _parse_full(s: str, today: date | None = None) -> date | None:
    m = _FULL_DATE.search(s)
    if m:
        if m["mon"]:
            return _safe_date(int(m["y"]), _month_num(m["mon"]), _day_num(m["d"]))
        return _safe_date(int(m["y2"]), _month_num(m["mon2"]), _day_num(m["d2"]))
    m = _NUMERIC_DATE_PARTS.search(s)
    if m is None:
        return None
    if m["y"]:
        return _safe_date(int(m["y"]), int(m["m"]), int(m["d"]))
    # (figures joined by dots or dashes are day first, as the countries that write them so order them: "12.03.2024",
    # "12-03-2024"; by slashes either way)
    return figures_date(int(m["a"]), int(m["b"]), int(m["y2"]), True if m["sep"] in ".-" else None)


@lru_cache(maxsize=1)
def _dateparser():
    import dateparser

    return dateparser


def _parse_stamp(rest: str) -> date | None:
    found = _parse_full(rest)
    if found:
        return found
    parsed = _dateparser().parse(rest.strip(), languages=["en"],
                                 settings={"REQUIRE_PARTS": ["day", "month", "year"],
                                           "PREFER_DAY_OF_MONTH": "first", "DATE_ORDER": "DMY"})
    return parsed.date() if parsed else None


def _opening_dateline(text: str) -> re.Match | None:
    """The dateline of the text's head (its date in group "date"): "KELMORA, March 11 (Reuters) -" opening a line of
    its first 3,000 characters; a place and date closed by an agency's tag, or opened by one, on the first line only."""
    head = text[:3000]
    first_line = head.lstrip().split("\n", 1)[0]
    return _DATELINE.search(head) or _DATELINES_TAGGED[0].match(first_line) or _DATELINES_TAGGED[1].match(first_line)


def infer_published(text: str) -> date | None:
    """The publication date a text states: a 'Published:' line (an 'Updated' one when there is no
    other), a dateline or header with a full date, the latest full date closing a photo caption, or a
    dateline without a year. None when there is no such cue (body dates are history, not the
    publication date)."""
    if not text:
        return None
    head = text[:3000]
    stamped = stamp_date(head)
    if stamped:
        return stamped
    m = _opening_dateline(head)
    dateline = _parse_full(m["date"]) if m else None
    if dateline:
        return dateline
    header, day_month = _header(text)
    if header:
        return header
    meta = _meta_line_date(text)
    if meta:
        return meta
    captions = []
    for c in _CAPTION_END.finditer(text):
        line_start = text.rfind("\n", 0, c.start()) + 1
        if m and line_start <= m.start() < c.end():
            continue  # (the paragraph a dateline opens is the story, no caption)
        line = text[line_start:c.end()]
        # a caption is a short paragraph ending with the date, not a sentence deep in the story; it shows
        # what a photo shows ("soldiers stand"), not what was done ("the accord was signed")
        if len(line) <= 600 and not _PAST_CAPTION.search(line):
            d = _parse_full(c["date"])
            if d:
                captions.append(d)
    if captions:
        return max(captions)
    if m:
        return _dateline_without_year(text, m["date"])
    if day_month:
        return _dateline_without_year(text, day_month)
    return None


def stamp_date(text: str) -> date | None:
    """The date of a 'Published:', 'Posted' or 'Date:' line of the text; of an 'Updated' line only
    when there is no other."""
    updated = None
    for m in _STAMP_LINE.finditer(text):
        d = _parse_stamp(m["rest"])
        if d is None:
            continue
        if (m["label"] or "").lower() not in _UPDATED:
            return d
        updated = updated or d
    return updated


_BYLINE = re.compile(r"\s*By\s+[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,4}\s*(?:,\s*[A-Z][\w .'-]{0,40})?\s*$")


# the words a page's line of its byline, time and date may hold besides names ("By Kelmo Dunde | Mar. 12, 2024",
# "March 12, 2024 | 6:30 am", "Published March 12, 2024 Updated about 5 hours ago", "Mar 12, 2024, 07:41 IST")
_META_WORDS = frozenset("""by on at am pm a.m p.m updated published posted last ago about hours hour minutes mins hrs
ist gmt utc eat wat cat pkt edt est bst cet our correspondent staff reporter report tnn""".split())


def _meta_line_date(text: str) -> date | None:
    """The full date of one of the text's first lines that holds only the page's byline, times and date (not a
    sentence: "On March 3, 2024, gunmen ..." has words of its own)."""
    for line in text.lstrip()[:800].split("\n")[:6]:
        line = line.strip()
        m = _FULL_DATE.search(line) if line and len(line) <= 140 else None
        if not m or _HISTORY_BEFORE_DATE.search(line, 0, m.start()):
            continue  # (nor a headline's date of history: "Kelmora Recalls The Massacre Of June 4, 1998")
        words = re.findall(r"[A-Za-z][A-Za-z.']*", line[:m.start()] + " " + line[m.end():])
        if len(words) <= 12 and all(w[0].isupper() or w.lower().rstrip(".") in _META_WORDS for w in words):
            return _parse_full(m.group(0))
    return None


# a headline: a line of a few words with no closing stop ("Nigeria: Gunmen kill 15 in Kelmora")
_HEADLINE = re.compile(r"[^\n.!?]{3,120}")
# a line that is a date and nothing more ("12 March 2024", "Tuesday, March 12, 2024", "12.03.2024")
_DATE_LINE = re.compile(rf"(?:(?:{'|'.join(WEEKDAYS)})\w*,?\s+)?(?:(?:{_MON})\.?\s+{_DAY},?\s+{_YEAR}|{_DAY}\s+(?:{_MON})\.?,?\s+"
                        rf"{_YEAR}|{_NUMERIC_DATE})", re.I)


def _header(text: str) -> tuple[date | None, str | None]:
    """The full date of the text's header, if it opens with one; else the day and month of a header
    without a year ("Nairobi, March 12 (Xinhua) --"), else None."""
    lines = text.lstrip()[:300].split("\n", 2)
    line = lines[0]
    if _BYLINE.match(line) and not _FULL_DATE.search(line) and len(lines) > 1:
        line = lines[1].strip()  # ("By Staff Reporter, Kelmora" on a line of its own, the date on the next)
    elif len(lines) > 1 and not _FULL_DATE.search(line) and _HEADLINE.fullmatch(line.strip()) \
            and _DATE_LINE.fullmatch(lines[1].strip()):
        line = lines[1].strip()  # (a headline on a line of its own, and a line of the date alone under it)
    line = line[:220]
    ends = [h.start() for h in _HEADER_END.finditer(line)]
    if len(line) <= 80:
        ends.append(len(line))
    found, day_month = None, None
    for end in ends:
        part = line[:end]
        words = re.findall(r"[A-Za-z]+|\d+", part)
        if not words or len(words) > 16 or any(not (w[0].isupper() or w.isdigit() or w.lower() in _HEADER_WORDS)
                                               for w in words):
            break  # (the body's first sentence: the header, if any, ended before)
        dated = _FULL_DATE.search(part)
        if dated and _HISTORY_BEFORE_DATE.search(part, 0, dated.start()):
            break  # a headline's date of history: "Kelmora Recalls The Massacre Of June 4, 1998"
        full = _parse_full(part)
        if full:
            found = full
        elif day_month is None and (md := _MONTH_DAY.search(part)):
            day_month = md.group(0)
    return found, None if found else day_month


# a day or a month of a named year: "Oct. 7, 2023", "7 October 2023", "April 2023"
_DATE_IN_YEAR = re.compile(rf"\b(?:(?P<mon>{_MON})\.?\s+(?:(?P<d>{_DAY}),?\s+)?(?P<y>{_YEAR})"
                           rf"|(?P<d2>{_DAY})\s+(?P<mon2>{_MON})\.?,?\s+(?P<y2>{_YEAR}))\b")


_FUTURE_BEFORE = re.compile(r"\b(?:will|would|shall|to\s+be|due|scheduled|planned|expected|set\s+to|next)\b[^.;]*$",
                            re.I)


def _dateline_without_year(text: str, day_month: str) -> date | None:
    """'BEIRUT, Aug 28 (Reuters)': the year is the latest one the text names (not after this year, and
    not one it names as history or as a time of day), else this year (last year when that day is
    still to come)."""
    m = re.match(rf"(?:(?P<mon>{_MON})\s+(?P<d>{_DAY})|(?P<d2>{_DAY})\s+(?P<mon2>{_MON}))", day_month)
    if not m:
        return None
    mon = _month_num(m["mon"] or m["mon2"])
    day = _day_num(m["d"] or m["d2"])
    today = date.today()
    years = [int(y[1]) for y in re.finditer(rf"(?<![\d,.$])\b({_YEAR})\b(?![\d,.]\d|s\b)", text)
             if not _YEAR_AS_HISTORY.search(text, max(0, y.start() - 12), y.start())
             and not _YEAR_AS_TIME.match(text, y.end())]
    years = [y for y in years if y <= today.year]
    if years:
        year = max(years)
        # (a story filed on 3 January that names 7 October of that year as past was filed the year after)
        # (told as past: not "talks would resume in October 2023")
        if year < today.year and any(int(d["y"] or d["y2"]) == year and (_month_num(d["mon"] or d["mon2"]), _day_num(
                d["d"] or d["d2"] or "1")) > (mon, day) and not _FUTURE_BEFORE.search(
                text, max(0, d.start() - 60), d.start()) for d in _DATE_IN_YEAR.finditer(text)):
            year += 1
        return _safe_date(year, mon, day)
    d = _safe_date(today.year, mon, day)
    if d and d > today:
        d = _safe_date(today.year - 1, mon, day)
    return d
