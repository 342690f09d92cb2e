"""Small helpers over spaCy's parse that several stages share.

spaCy makes a new Token object at every access, so tokens are compared by index, never with `is`.
"""

from __future__ import annotations

# how far up the tree a verb is looked for; clauses in news sentences are rarely deeper
MAX_HOPS = 10


def token_at(doc, offset: int):
    """The token that covers a character offset (None outside the text)."""
    span = doc.char_span(offset, offset + 1, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


def text_from(tok, tokens: int = 10) -> str:
    """The text from the token's start through the next `tokens` tokens, for a pattern read right after it
    (`Doc.text` joins the whole document anew at each call: read per token, the work grew with the square of
    the document's length)."""
    return tok.doc[tok.i:tok.i + tokens + 1].text


def span_root(doc, start: int, end: int):
    """The syntactic head of the tokens covering [start, end)."""
    if doc is None:
        return None
    span = doc.char_span(start, max(end, start + 1), alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def verb_of(tok):
    """The token itself when it is verbal, else its nearest verbal ancestor (the root at most)."""
    for _ in range(MAX_HOPS):
        if tok.pos_ in ("VERB", "AUX") or tok.head.i == tok.i:
            return tok
        tok = tok.head
    return tok


# harm done to someone, whom these verbs take as their object: told with no object and no
# auxiliary ("Four security officers killed"), the subject is the one harmed
OBJECT_HARM_LEMMAS = frozenset("kill injure wound hurt kidnap abduct behead lynch murder massacre execute".split())


def headline_passive(t) -> bool:
    """A participle told without its auxiliary, as headlines and short notes tell it, where the parser reads
    the one acted on as the subject: with a by-phrase of the agent ("Police sergeant gunned down by masked
    raiders"), or a verb of harm with no object ("Four security officers killed")."""
    if not (t.pos_ == "VERB" and t.tag_ in ("VBN", "VBD") and any(c.dep_ == "nsubj" for c in t.children)
            and not any(c.dep_ in ("aux", "auxpass") for c in t.children)):
        return False
    if any(c.dep_ == "agent" for c in t.children):
        return True
    # (as a sentence of its own: not "gunmen killed and injured six people", whose object hangs on the
    # second verb, nor "the gunmen who killed", nor "... and 16 others injured", told with a clause before)
    return t.dep_ == "ROOT" and t.lemma_.lower() in OBJECT_HARM_LEMMAS and not any(
        c.dep_ in ("dobj", "dative", "ccomp", "xcomp", "conj", "prt", "acomp", "oprd")
        or c.dep_ == "nsubj" and c.tag_ in ("WDT", "WP") for c in t.children)


def participle_noun(t):
    """The noun a past participle modifies, its patient ("five soldiers wounded near the town"), where
    the participle takes no object of its own; else None."""
    # (tagged VBD too, as the small model tags some participles, when its agent follows: "Police corporal
    # gunned down by ..."; not "a thief shot at two guards", a finite verb the parser hung on its subject)
    if t.pos_ == "VERB" and t.dep_ == "acl" and t.head.pos_ in ("NOUN", "PROPN") \
            and (t.tag_ == "VBN" or t.tag_ == "VBD" and any(c.dep_ == "agent" for c in t.children)) \
            and not any(c.dep_ in ("dobj", "nsubjpass", "nsubj") for c in t.children):
        return t.head
    return None


def no_one(subject) -> bool:
    """A subject that is no one: "nobody", "none", "no one", "no group", "no casualties" (not "no fewer than twenty
    villagers", whose figure counts someone)."""
    return subject.lower_ in ("nobody", "none", "noone") or any(
        c.dep_ == "det" and c.lower_ == "no" for c in subject.children) and not any(
        c.dep_ == "nummod" for c in subject.children)


# the spans a clause of another act is counted off by, in days ("two days after", "a week before")
OFFSET_UNIT_DAYS = {"day": 1, "week": 7}
_OFFSET_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                  "eight": 8, "nine": 9, "ten": 10}


def counted_off_clauses(span) -> list:
    """The verbs of the span's clauses of another act counted off in days (see offset_clause)."""
    return [t for t in span if t.dep_ == "advcl" and t.pos_ == "VERB" and offset_clause(t) is not None]


def after_clause(verb) -> bool:
    """Whether the verb heads a clause opened by "after" or "before" under another verb ("after fighters fired")."""
    return verb.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in ("after", "before") for m in verb.children)


def offset_clause(tok):
    """(the verb the clause hangs on, the clause's days from it, the unit's days) where `tok` acts in a clause of
    another act counted off from that verb's: "struck hideouts in Khost on Monday, two days after militants killed
    seven soldiers in North Waziristan" gives (struck, -2, 1) for "killed"; "a week before" gives +7. None else."""
    verb = verb_of(tok)
    if verb.dep_ != "advcl" or verb.head.i == verb.i:
        return None
    for mark in verb.children:
        if mark.dep_ != "mark" or mark.lower_ not in ("after", "before"):
            continue
        # (the span hangs on the mark, or on the clause's verb just before the mark: "a week after fighters attacked")
        for span in [*mark.children, *(c for c in verb.children if c.i == mark.i - 1)]:
            unit = OFFSET_UNIT_DAYS.get(span.lemma_.lower())
            if span.dep_ != "npadvmod" or unit is None:
                continue
            count = next((c for c in span.children if c.dep_ in ("nummod", "det")), None)
            n = None if count is None else _OFFSET_COUNTS.get(count.lower_) or (
                int(count.text) if count.text.isdigit() and 0 < int(count.text) <= 60 else None)
            if n is None:
                return None
            days = n * unit
            return verb.head, (-days if mark.lower_ == "after" else days), unit
    return None
