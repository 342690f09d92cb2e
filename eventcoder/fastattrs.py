"""The model's attribute ruler and lemmatizer, applied through a cache.

spaCy's attribute ruler runs a Matcher over every token of every document, and its rule
lemmatizer walks every token in Python; together they take about a sixth of the small model's
time. Their output for a token depends on a handful of its attributes only (its lowercase form,
tag, dependency label and whether it is white space; for the lemma, its form, part of speech and
morphology), and news repeats the same words, so `CachedAttributes` works out each combination
once and writes whole documents with `Doc.from_array`. The patterns and tables are the model's
own, read when the component is built; the result is the same annotation, token for token
(tests/test_fastattrs.py compares the two on every attribute).

Patterns of a shape this module does not read (an operator, a key or a length it does not
handle) make `CachedAttributes.supports` false, and the model keeps its own components.
"""

from __future__ import annotations

import re

# Token-pattern keys and value operators this module evaluates.
_KEYS = {"LOWER", "TAG", "DEP", "IS_SPACE"}
_OPS = {"IN", "NOT_IN", "REGEX"}
MAX_CACHE = 300_000
_UNNAMED = "\x00"  # stands for any word no pattern names: no word of a text is this  # entries per cache before it is cleared (bounded memory over long runs)


def _value_test(spec):
    """A function of one attribute's string value for one pattern value."""
    if not isinstance(spec, dict):
        return lambda v: v == spec
    (op, arg), = spec.items()
    if op == "IN":
        allowed = frozenset(arg)
        return lambda v: v in allowed
    if op == "NOT_IN":
        banned = frozenset(arg)
        return lambda v: v not in banned
    rx = re.compile(arg)
    return lambda v: rx.search(v) is not None


def _supported(token_spec) -> bool:
    for key, spec in token_spec.items():
        if key not in _KEYS:
            return False
        if isinstance(spec, dict) and (len(spec) != 1 or next(iter(spec)) not in _OPS):
            return False
        if key == "IS_SPACE" and not isinstance(spec, bool):
            return False
    return True


def _lower_values(spec) -> list[str]:
    if spec is None:
        return []
    if not isinstance(spec, dict):
        return [spec]
    op, arg = next(iter(spec.items()))
    return list(arg) if op in ("IN", "NOT_IN") else []


class _Predicate:
    """One token pattern: a conjunction of attribute tests on (lower, tag, dep, is_space)."""

    _POS = {"LOWER": 0, "TAG": 1, "DEP": 2, "IS_SPACE": 3}

    def __init__(self, token_spec):
        self.tests = [(self._POS[k], _value_test(v)) for k, v in token_spec.items()]

    def __call__(self, key) -> bool:
        return all(test(key[i]) for i, test in self.tests)


class CachedAttributes:
    """Attribute ruler + rule lemmatizer as one component, with per-combination caches."""

    def __init__(self, ruler, lemmatizer):
        self.ruler, self.lemmatizer = ruler, lemmatizer
        self.vocab = ruler.vocab
        entries = ruler.patterns
        self.supports = bool(entries) and all(
            all(_supported(t) for t in pattern) and 1 <= len(pattern) <= 2 and -len(pattern) <= e["index"] < len(pattern)
            for e in entries for pattern in e["patterns"])
        if not self.supports:
            return
        # every distinct token pattern becomes one predicate
        self._preds: list[_Predicate] = []
        ids: dict[str, int] = {}

        def pid(spec) -> int:
            k = repr(sorted(spec.items()))
            if k not in ids:
                ids[k] = len(self._preds)
                self._preds.append(_Predicate(spec))
            return ids[k]

        self._single: list[tuple[int, int]] = []  # (predicate, entry) in the ruler's order
        self._double: list[tuple[int, int, int, int]] = []  # (first, second, entry, target offset)
        for n, e in enumerate(entries):
            for pattern in e["patterns"]:
                if len(pattern) == 1:
                    self._single.append((pid(pattern[0]), n))
                else:
                    self._double.append((pid(pattern[0]), pid(pattern[1]), n, e["index"] % 2))
        self._first = frozenset(d[0] for d in self._double)
        # A word the patterns do not name (and no pattern's regular expression matches) stands in
        # the caches as None: the ruler's output then depends on its tag, label and space only.
        self._named = {v for e in entries for pattern in e["patterns"] for t in pattern
                       for v in _lower_values(t.get("LOWER"))}
        self._regexes = [re.compile(t["LOWER"]["REGEX"]) for e in entries for pattern in e["patterns"]
                         for t in pattern if isinstance(t.get("LOWER"), dict) and "REGEX" in t["LOWER"]]
        self._word: dict = {}  # hash of the lowercase form -> the word, or None (named by no pattern)
        if _UNNAMED in self._named or any(rx.search(_UNNAMED) for rx in self._regexes):
            self.supports = False
        self._attrs = ruler.attrs  # normalised: {attr id: hash} per entry, in order
        self._by_key: dict = {}  # (word, tag, dep, is_space) -> (predicate ids, entries matched)
        self._result: dict = {}  # entries applied, in order -> folded {attr id: hash}
        self._lemma: dict = {}  # (orth, pos, morph) -> lemma hash
        self._tables = self._read_tables()

    # -- the lemmatizer's rules, with its word lists as sets --------------------------------------
    def _lemmatize(self, token) -> str:
        """The first lemma spaCy's rule lemmatizer gives the token. Its rules and tables, read once
        into sets: the lemmatizer itself tests membership in lists of up to 57,000 words."""
        if self._tables is None:
            return self.lemmatizer.lemmatize(token)[0]
        univ = token.pos_.lower()
        text = token.text
        if univ in ("", "eol", "space"):
            return self.lemmatizer.lemmatize(token)[0] if univ == "" else text.lower()
        if self.lemmatizer.is_base_form(token):
            return text.lower()
        index, exceptions, rules = (t.get(univ) for t in self._tables)
        if not (index or exceptions or rules):
            return text if univ == "propn" else text.lower()
        index, exceptions, rules = index or frozenset(), exceptions or {}, rules or ()
        low = text.lower()
        known, other, guesses = [], [], []  # candidate forms in the index, not alphabetic, neither
        for old, new in rules:
            if low.endswith(old):
                form = low[: len(low) - len(old)] + new
                if not form:
                    continue
                if form in index:
                    known.insert(0, form)
                elif not form.isalpha():
                    other.append(form)
                else:
                    guesses.append(form)
        forms = list(dict.fromkeys(known + other))
        for form in exceptions.get(low, ()):
            if form not in forms:
                forms.insert(0, form)
        return (forms or guesses or [text])[0]

    def _read_tables(self):
        from spacy.pipeline import Lemmatizer

        lem = self.lemmatizer
        if type(lem).rule_lemmatize is not Lemmatizer.rule_lemmatize:
            return None  # a lemmatizer with rules of its own: ask it
        tables = []
        for name in ("lemma_index", "lemma_exc", "lemma_rules"):
            table = lem.lookups.get_table(name, {})
            tables.append({pos: table.get(pos) for pos in
                           ("noun", "verb", "adj", "adv", "propn", "num", "pron", "det", "adp", "aux", "cconj",
                            "sconj", "part", "intj", "punct", "sym", "x")})
        tables[0] = {pos: frozenset(words) if words else None for pos, words in tables[0].items()}
        return tables

    # -- the attribute ruler ------------------------------------------------------------------
    def _class(self, lower: int):
        """The lowercase form's hash -> the word (a string) if a pattern may name it, else None."""
        word = self._word.get(lower, 0)
        if word == 0:
            text = self.vocab.strings[lower]
            word = text if text in self._named or any(rx.search(text) for rx in self._regexes) else None
            if len(self._word) >= MAX_CACHE:
                self._word.clear()
            self._word[lower] = word
        return word

    def _lookup(self, key):
        """key: (word or None, tag hash, dep hash, is_space) -> (predicates true, entries matched)."""
        hit = self._by_key.get(key)
        if hit is None:
            strings = self.vocab.strings
            probe = (_UNNAMED if key[0] is None else key[0], strings[key[1]], strings[key[2]], bool(key[3]))
            preds = frozenset(i for i, p in enumerate(self._preds) if p(probe))
            hit = (preds, tuple(n for p, n in self._single if p in preds))
            if len(self._by_key) >= MAX_CACHE:
                self._by_key.clear()
            self._by_key[key] = hit
        return hit

    def _folded(self, entries: tuple) -> dict:
        out = self._result.get(entries)
        if out is None:
            out = {}
            for n in entries:
                out.update(self._attrs[n])
            self._result[entries] = out
        return out

    def __call__(self, doc):
        import numpy
        from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, ORTH, POS, TAG

        n = len(doc)
        if not n:
            return doc
        strings = self.vocab.strings
        cols = doc.to_array([LOWER, TAG, DEP, ORTH, POS, MORPH, IS_SPACE]).T.tolist()
        word, by_key, lookup = self._class, self._by_key, self._lookup
        hits = [by_key.get(k) or lookup(k) for k in zip(map(word, cols[0]), cols[1], cols[2], cols[6])]
        applied = [h[1] for h in hits]
        if self._first:
            for i in range(n - 1):
                first = hits[i][0] & self._first
                if not first:
                    continue
                nxt = hits[i + 1][0]
                for a, b, entry, offset in self._double:
                    if a in first and b in nxt:
                        j = i + offset
                        applied[j] = tuple(sorted((*applied[j], entry)))
        pos, morph = cols[4], cols[5]
        lemma = [0] * n
        rare = []  # tokens whose TAG or DEP a rule changes
        for i, entries in enumerate(applied):
            if not entries:
                continue
            attrs = self._folded(entries)
            for attr, value in attrs.items():
                if attr == POS:
                    pos[i] = value
                elif attr == MORPH:
                    morph[i] = value
                elif attr == LEMMA:
                    lemma[i] = value
                else:
                    rare.append((i, attr, value))
        out = numpy.array([pos, morph], dtype="uint64").T
        doc.from_array([POS, MORPH], out)
        for i, attr, value in rare:
            if attr == TAG:
                doc[i].tag = value
            elif attr == DEP:
                doc[i].dep = value
            else:
                raise ValueError(f"attribute {attr} set by an attribute-ruler pattern is not handled")
        # -- the lemmatizer: tokens the ruler gave no lemma (its `overwrite` is off) -----------
        orths = cols[3]
        cache = self._lemma
        for i in range(n):
            if lemma[i] == 0:
                key = (orths[i], pos[i], morph[i])
                value = cache.get(key)
                if value is None:
                    value = strings.add(self._lemmatize(doc[i]))
                    if len(cache) >= MAX_CACHE:
                        cache.clear()
                    cache[key] = value
                lemma[i] = value
        doc.from_array([LEMMA], numpy.array(lemma, dtype="uint64").reshape(-1, 1))
        return doc


def install(nlp) -> bool:
    """Replace the model's attribute_ruler and lemmatizer by one cached component named
    `eventcoder_attributes` where the patterns allow it (and the lemmatizer is a rule lemmatizer
    that keeps the ruler's lemmas). Returns whether it did."""
    names = nlp.pipe_names
    if "attribute_ruler" not in names or "lemmatizer" not in names:
        return False
    if names.index("lemmatizer") != names.index("attribute_ruler") + 1:
        return False
    ruler, lemmatizer = nlp.get_pipe("attribute_ruler"), nlp.get_pipe("lemmatizer")
    if getattr(lemmatizer, "mode", None) != "rule" or getattr(lemmatizer, "overwrite", True):
        return False
    if not CachedAttributes(ruler, lemmatizer).supports:
        return False
    from spacy.language import Language

    if "eventcoder_attributes" not in Language.factories:
        Language.factory("eventcoder_attributes", func=_make)
    nlp.add_pipe("eventcoder_attributes", after="lemmatizer")
    nlp.remove_pipe("attribute_ruler")
    nlp.remove_pipe("lemmatizer")
    return True


def _make(nlp, name):
    return CachedAttributes(nlp.get_pipe("attribute_ruler"), nlp.get_pipe("lemmatizer"))
