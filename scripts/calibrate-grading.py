#!/usr/bin/env python3
"""Calibrates Lectern's word grading (beginner / intermediate / advanced) on cefrpy's CEFR word levels.

    pip install cefrpy==1.0.3 numpy==2.4.6 scikit-learn==1.5.2    (Zipf values come from the committed resource)
    python3 scripts/calibrate-grading.py

Writes, under Sources/LecternText/Resources/:
  cefr-levels.txt     word<TAB>CEFR level 1-6 (A1..C2), the labelled set (MIT, from cefrpy; see cefr-levels.LICENSE.txt)
  grading-model.json  the fitted model: feature definitions (affix lists), a gradient-boosted tree ensemble, the
                      frequency-only baseline, cross-validation and held-out figures, parity samples for the Swift tests.

Labelled set: cefrpy entries tagged NN, VB, JJ or RB whose word is a lower-case WordNet lemma of that part of
speech and is in the frequency resource; a word's level is its lowest level over those tags. A1-A2 -> beginner
(0), B1-B2 -> intermediate (1), C1-C2 -> advanced (2). Held out: FNV-1a-32(word) % 5 == 0 (20%), the rest trains.

cefrpy's levels are themselves computed (its author's Words-CEFR-Dataset: "the average levels of other parts of
speech for the same word, lemma levels, stem levels, as well as lemma, stem and word frequencies"), so a derived
word often carries its stem's level ("childishness" A1). The features therefore describe the word's frequency and
its morphological family: the best root after affix stripping, the most frequent known prefix, WordNet
derivational relatives, and its Porter-stem family in the frequency list.

Model: scikit-learn's HistGradientBoostingClassifier (3 classes, softmax), hyperparameters chosen by 5-fold
cross-validation on the training split only; the held-out split is scored once, at the end, with the exported
(rounded) trees, exactly as Sources/LecternText/WordGrader.swift evaluates them. The baseline is two Zipf
thresholds tuned on the training split for exact agreement. Every feature must be computed exactly as
WordGrader.swift does; the Swift tests check the parity samples written here.
"""
import json
import math
import re
from pathlib import Path

import numpy as np
from cefrpy import CEFRAnalyzer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_predict

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT / "Sources/LecternText/Resources"
WORDNET = Path("/usr/share/wordnet")

PREFIXES = ["counter", "inter", "super", "trans", "under", "multi", "anti", "fore", "over", "post", "semi",
            "dis", "mis", "non", "out", "pre", "sub", "co", "de", "en", "ex", "il", "im", "in", "ir", "re", "un"]
SUFFIXES = [["ization", "ize"], ["ability", "able"], ["ibility", "ible"], ["ation", "e"], ["ation", ""],
            ["ition", ""], ["ness", ""], ["less", ""], ["ment", ""], ["ship", ""], ["hood", ""], ["ical", "ic"],
            ["ious", "y"], ["able", ""], ["able", "e"], ["ible", ""], ["ance", ""], ["ence", ""], ["tion", "te"],
            ["sion", "de"], ["ful", ""], ["ily", "y"], ["ity", ""], ["ity", "e"], ["ous", ""], ["ive", ""],
            ["ive", "e"], ["ism", ""], ["ist", ""], ["ize", ""], ["ise", ""], ["dom", ""], ["ial", ""],
            ["al", ""], ["ic", ""], ["ly", ""], ["er", ""], ["er", "e"], ["or", ""]]
MIN_STEM = 3
ZIPF_FLOOR = 1.5
FEATURES = ["zipf", "rootGain", "length", "syllables", "affixes", "logSenses", "logSemcor", "noun", "verb", "adjective",
            "prefixGain", "prefixShare", "derivationGain", "stemGain", "stemLogSum", "stemFamily", "stemWordGain",
            "prefixIndex", "suffixIndex", "compound", "compoundGain", "posCount", "nounSenses", "verbSenses",
            "adjectiveSenses", "adverbSenses", "lexFile"]
# Candidate hyperparameters (iterations, learning rate, leaves, minimum samples per leaf); the best by
# cross-validated exact agreement on the training split is kept.
GRID = [(300, 0.05, 7, 40), (600, 0.03, 7, 40), (200, 0.05, 15, 40), (400, 0.05, 15, 80), (300, 0.05, 7, 100)]
# WordNet pointers that lead to a morphological relative: derivation, pertainym, attribute, participle.
DERIVATION_POINTERS = {"+", "\\", "=", "<"}
POS_CODES = {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb"}


def fnv1a32(s: str) -> int:
    h = 0x811C9DC5
    for b in s.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def load_zipf() -> dict:
    zipf = {}
    for line in (RES / "word-frequencies.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        value, words = line.split("\t")
        for w in words.split(" "):
            zipf[w] = float(value)
    return zipf


def load_wordnet():
    """Sense counts per word and part of speech, SemCor counts, synset offsets per lemma, and the data lines'
    words and pointers (for derivational relatives)."""
    senses, pos_senses, offsets = {}, {}, {}
    for pos, name in [("noun", "noun"), ("verb", "verb"), ("adjective", "adj"), ("adverb", "adv")]:
        for line in (WORDNET / f"index.{name}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue
            f = line.split(" ")
            n = int(f[2])
            senses[f[0]] = senses.get(f[0], 0) + n
            pos_senses.setdefault(f[0], {})[pos] = n
            pointer_count = int(f[3])
            offsets.setdefault(f[0], []).extend((pos, int(o)) for o in f[6 + pointer_count:] if o)
    semcor = {}
    code = {"1": "noun", "2": "verb", "3": "adjective", "4": "adverb", "5": "adjective"}
    for line in (WORDNET / "cntlist.rev").read_text(encoding="utf-8").splitlines():
        key, _, count = line.split(" ")
        lemma, rest = key.split("%")
        if code.get(rest[0]) in pos_senses.get(lemma, {}):
            semcor[lemma] = semcor.get(lemma, 0) + int(count)
    synsets = {}
    for name in ["noun", "verb", "adj", "adv"]:
        for line in (WORDNET / f"data.{name}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue
            f = line.split(" | ")[0].split()
            n = int(f[3], 16)
            # Words as Swift's WordNet shows them: adjective markers dropped, underscores as spaces.
            words = [re.sub(r"\([a-z]+\)$", "", f[4 + 2 * k]).replace("_", " ") for k in range(n)]
            i = 4 + 2 * n
            pointers = []
            for _ in range(int(f[i])):
                pointers.append((f[i + 1], POS_CODES[f[i + 3]], int(f[i + 2]), int(f[i + 4][:2], 16), int(f[i + 4][2:], 16)))
                i += 4
            synsets[(POS_CODES[f[2]], int(f[0]))] = (words, pointers, int(f[1]))
    return senses, pos_senses, semcor, offsets, synsets


def porter_stem(word):
    """Porter (1980) stemmer, original algorithm, for lower-case a-z words."""
    if len(word) <= 2:
        return word
    b = word

    def cons(w, i):
        c = w[i]
        if c in "aeiou":
            return False
        if c == "y":
            return i == 0 or not cons(w, i - 1)
        return True

    def measure(stem):
        n, i, L = 0, 0, len(stem)
        while i < L and cons(stem, i):
            i += 1
        while i < L:
            while i < L and not cons(stem, i):
                i += 1
            if i >= L:
                break
            while i < L and cons(stem, i):
                i += 1
            n += 1
        return n

    def has_vowel(stem):
        return any(not cons(stem, i) for i in range(len(stem)))

    def double_cons(w):
        return len(w) >= 2 and w[-1] == w[-2] and cons(w, len(w) - 1)

    def cvc(w):
        if len(w) < 3:
            return False
        return cons(w, len(w) - 3) and not cons(w, len(w) - 2) and cons(w, len(w) - 1) and w[-1] not in "wxy"

    # Step 1a
    if b.endswith("sses"): b = b[:-2]
    elif b.endswith("ies"): b = b[:-2]
    elif b.endswith("ss"): pass
    elif b.endswith("s"): b = b[:-1]
    # Step 1b
    step1b_extra = False
    if b.endswith("eed"):
        if measure(b[:-3]) > 0: b = b[:-1]
    elif b.endswith("ed") and has_vowel(b[:-2]):
        b = b[:-2]; step1b_extra = True
    elif b.endswith("ing") and has_vowel(b[:-3]):
        b = b[:-3]; step1b_extra = True
    if step1b_extra:
        if b.endswith(("at", "bl", "iz")): b += "e"
        elif double_cons(b) and b[-1] not in "lsz": b = b[:-1]
        elif measure(b) == 1 and cvc(b): b += "e"
    # Step 1c
    if b.endswith("y") and has_vowel(b[:-1]): b = b[:-1] + "i"
    # Steps 2-4: first matching suffix decides
    def replace(b, rules, min_m):
        for suffix, repl in rules:
            if b.endswith(suffix):
                stem = b[: len(b) - len(suffix)]
                return stem + repl if measure(stem) > min_m else b
        return b
    b = replace(b, [("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"),
                    ("abli", "able"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"),
                    ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("iveness", "ive"),
                    ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble")], 0)
    b = replace(b, [("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""),
                    ("ness", "")], 0)
    for suffix in ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou",
                   "ism", "ate", "iti", "ous", "ive", "ize"]:
        if b.endswith(suffix):
            stem = b[: len(b) - len(suffix)]
            if measure(stem) > 1 and (suffix != "ion" or stem.endswith(("s", "t"))):
                b = stem
            break
    # Step 5
    if b.endswith("e"):
        stem = b[:-1]
        m = measure(stem)
        if m > 1 or (m == 1 and not cvc(stem)): b = stem
    if measure(b) > 1 and double_cons(b) and b.endswith("l"): b = b[:-1]
    return b


def stem_families(zipf: dict):
    """Per Porter stem of the frequency list's a-z words, in file order: (highest Zipf, log10 of the summed
    frequencies 10^zipf, number of words)."""
    families = {}
    for word, z in zipf.items():
        if re.fullmatch(r"[a-z]+", word):
            stem = porter_stem(word)
            best, total, count = families.get(stem, (ZIPF_FLOOR, 0.0, 0))
            families[stem] = (max(best, z), total + 10 ** z, count + 1)
    return {s: (best, math.log10(total), count) for s, (best, total, count) in families.items()}


def syllables(word: str) -> int:
    letters = "".join(c for c in word.lower() if "a" <= c <= "z")
    groups = len(re.findall(r"[aeiouy]+", letters))
    if letters.endswith("e") and not letters.endswith(("le", "ee", "ye")) and groups > 1:
        groups -= 1
    return max(1, groups)


def root_and_affixes(word: str, zipf: dict):
    """Best-known root (highest Zipf) after stripping one prefix and/or one suffix; affixes = how many were stripped."""
    best, affixes = zipf.get(word, ZIPF_FLOOR), 0
    firsts = [(word, 0)] + [(word[len(p):], 1) for p in PREFIXES
                            if word.startswith(p) and len(word) - len(p) >= MIN_STEM and word[len(p):] in zipf]
    for stem, n in firsts:
        if n and zipf[stem] > best:
            best = zipf[stem]
        if n > affixes:
            affixes = n
        for suffix, ending in SUFFIXES:
            if stem.endswith(suffix) and len(stem) - len(suffix) >= MIN_STEM:
                root = stem[: len(stem) - len(suffix)] + ending
                if root in zipf:
                    best = max(best, zipf[root])
                    affixes = max(affixes, n + 1)
    return best, affixes


def prefix_root(word: str, zipf: dict):
    """The most frequent listed word that is a proper prefix of at least MIN_STEM letters ("comely" -> come),
    and the share of the word it covers (0 when none beats the floor)."""
    best, length = ZIPF_FLOOR, 0
    for k in range(MIN_STEM, len(word)):
        z = zipf.get(word[:k])
        if z is not None and z > best:
            best, length = z, k
    return best, length / len(word)


def derivation_root(word: str, zipf: dict, offsets: dict, synsets: dict) -> float:
    """Highest Zipf among the word's WordNet morphological relatives (derivation, pertainym, attribute, participle)."""
    best = ZIPF_FLOOR
    for key in offsets.get(word, []):
        words, pointers, _ = synsets[key]
        for symbol, pos, offset, source, target in pointers:
            if symbol not in DERIVATION_POINTERS or (source and words[source - 1].lower() != word):
                continue
            targets = synsets[(pos, offset)][0]
            for other in (targets if target == 0 else [targets[target - 1]]):
                other = other.lower()
                if other != word and other in zipf:
                    best = max(best, zipf[other])
    return best


def affix_index(word: str, affixes, at_end: bool) -> int:
    """Index of the first listed prefix (suffix) the word starts (ends) with, leaving at least MIN_STEM letters; -1."""
    for k, affix in enumerate(affixes):
        if (word.endswith(affix) if at_end else word.startswith(affix)) and len(word) - len(affix) >= MIN_STEM:
            return k
    return -1


def compound(word: str, zipf: dict):
    """Whether the word splits into two listed words of at least MIN_STEM letters each (sunflower -> sun + flower),
    and the best such split's weaker part: max over splits of min(Zipf of the parts)."""
    best, found = ZIPF_FLOOR, False
    for k in range(MIN_STEM, len(word) - MIN_STEM + 1):
        a, b = zipf.get(word[:k]), zipf.get(word[k:])
        if a is not None and b is not None:
            found = True
            best = max(best, min(a, b))
    return found, best


def features(word, zipf, wordnet, families):
    senses, pos_senses, semcor, offsets, synsets = wordnet
    z = zipf.get(word, ZIPF_FLOOR)
    root, affixes = root_and_affixes(word, zipf)
    ps = pos_senses.get(word, {})
    # Primary part of speech: the one with the most senses (noun, verb, adjective, adverb order breaks ties).
    order = ["noun", "verb", "adjective", "adverb"]
    primary = max(order, key=lambda p: (ps.get(p, 0), -order.index(p)))
    prefix, share = prefix_root(word, zipf)
    stem = porter_stem(word)
    family_best, family_log_sum, family_size = families.get(stem, (ZIPF_FLOOR, ZIPF_FLOOR, 0))
    is_compound, compound_best = compound(word, zipf)
    # Lexicographer file number of the first sense of the primary part of speech (-1 without one).
    lex_file = next((synsets[(p, o)][2] for p, o in offsets.get(word, []) if p == primary), -1)
    return [z, max(0.0, root - z), len(word), syllables(word), affixes, math.log(1 + senses.get(word, 0)),
            math.log(1 + semcor.get(word, 0)), float(primary == "noun"), float(primary == "verb"),
            float(primary == "adjective"), max(0.0, prefix - z), share,
            max(0.0, derivation_root(word, zipf, offsets, synsets) - z), max(0.0, family_best - z), family_log_sum,
            float(family_size), max(0.0, zipf.get(stem, ZIPF_FLOOR) - z),
            float(affix_index(word, PREFIXES, False)), float(affix_index(word, [sf for sf, _ in SUFFIXES], True)),
            float(is_compound), max(0.0, compound_best - z) if is_compound else 0.0,
            float(sum(1 for p in order if ps.get(p, 0) > 0)), float(ps.get("noun", 0)), float(ps.get("verb", 0)),
            float(ps.get("adjective", 0)), float(ps.get("adverb", 0)), float(lex_file)]


def make_model(iterations, rate, leaves, min_leaf):
    # No early stopping: every tree is fitted on the whole training split, deterministically.
    return HistGradientBoostingClassifier(max_iter=iterations, learning_rate=rate, max_leaf_nodes=leaves,
                                          min_samples_leaf=min_leaf, l2_regularization=1.0, early_stopping=False,
                                          random_state=0)


def export_trees(model):
    """The ensemble as Swift evaluates it: per iteration and class a tree of (feature, threshold, left, right)
    nodes, x <= threshold going left, and leaf values; raw class scores = baseline + the sum of the trees."""
    trees = []
    for iteration in model._predictors:
        for tree in iteration:
            nodes = tree.nodes
            trees.append({
                "feature": [int(n["feature_idx"]) if not n["is_leaf"] else -1 for n in nodes],
                "threshold": [round(float(n["num_threshold"]), 6) if not n["is_leaf"] else 0 for n in nodes],
                "left": [int(n["left"]) for n in nodes], "right": [int(n["right"]) for n in nodes],
                "value": [round(float(n["value"]), 6) if n["is_leaf"] else 0 for n in nodes]})
    return {"classes": 3, "baseline": [round(float(v), 6) for v in np.ravel(model._baseline_prediction)], "trees": trees}


def evaluate(exported, x):
    """Class probabilities of one feature row, as WordGrader.swift computes them."""
    raw = list(exported["baseline"])
    for k, tree in enumerate(exported["trees"]):
        node = 0
        while tree["feature"][node] >= 0:
            node = tree["left"][node] if x[tree["feature"][node]] <= tree["threshold"][node] else tree["right"][node]
        raw[k % 3] += tree["value"][node]
    top = max(raw)
    exps = [math.exp(r - top) for r in raw]
    return [e / sum(exps) for e in exps]


def levels(s, t1, t2):
    return np.where(s < t1, 0, np.where(s >= t2, 2, 1))


def tune(s, y, higher_is_harder=True):
    """Cut points maximising exact agreement (ties: smaller mean absolute error)."""
    qs = np.unique(np.quantile(s, np.linspace(0.01, 0.99, 197)))
    best = None
    for i, a in enumerate(qs):
        for b in qs[i:]:
            pred = levels(s, a, b)
            key = (np.mean(pred == y), -np.mean(np.abs(pred - y)))
            if best is None or key > best[0]:
                best = (key, float(a), float(b))
    return best[1], best[2]


def agreement(pred, y):
    return float(np.mean(pred == y)), float(np.mean(np.abs(pred - y) <= 1))


def main():
    zipf = load_zipf()
    wordnet = load_wordnet()
    pos_senses = wordnet[1]
    families = stem_families(zipf)
    tags = {"NN": "noun", "VB": "verb", "JJ": "adjective", "RB": "adverb"}
    level = {}
    for word, pos, lv in CEFRAnalyzer().yield_word_pos_level():
        p = tags.get(pos.name)
        if p and re.fullmatch(r"[a-z]+", word) and p in pos_senses.get(word, {}) and word in zipf:
            level[word] = min(level.get(word, 9), lv.value)
    words = sorted(level)
    (RES / "cefr-levels.txt").write_text(
        "# CEFR levels (1=A1 .. 6=C2) of English words, extracted from cefrpy 1.0.3 (MIT, Maksym Bielikov,\n"
        "# https://github.com/Maximax67/cefrpy) by scripts/calibrate-grading.py; see cefr-levels.LICENSE.txt.\n"
        + "".join(f"{w}\t{level[w]}\n" for w in words), encoding="utf-8")
    X = np.array([features(w, zipf, wordnet, families) for w in words], dtype=float)
    y = np.array([(level[w] - 1) // 2 for w in words])
    held = np.array([fnv1a32(w) % 5 == 0 for w in words])
    Xt, yt = X[~held], y[~held]

    # Hyperparameters and the baseline's figures from 5-fold cross-validation on the training split only.
    folds = list(StratifiedKFold(5, shuffle=True, random_state=0).split(Xt, yt))
    cv = {}
    for params in GRID:
        pred = cross_val_predict(make_model(*params), Xt, yt, cv=folds)
        cv[params] = agreement(pred, yt)
        print(f"cv {params}: exact/adjacent {cv[params][0]:.4f}/{cv[params][1]:.4f}", flush=True)
    chosen = max(GRID, key=lambda p: cv[p])
    base_cv = np.zeros(len(yt), dtype=int)
    for train, test in folds:
        a, b = tune(-Xt[train, 0], yt[train])
        base_cv[test] = levels(-Xt[test, 0], a, b)
    baseline_cv = agreement(base_cv, yt)

    exported = export_trees(make_model(*chosen).fit(Xt, yt))
    b1, b2 = tune(-Xt[:, 0], yt)  # baseline: higher Zipf = easier, so thresholds on -Zipf
    pred_held = np.array([int(np.argmax(evaluate(exported, x))) for x in X[held]])
    model_held = agreement(pred_held, y[held])
    base_held = agreement(levels(-X[held, 0], b1, b2), y[held])
    samples = {}
    for word in ["cat", "ubiquitous", "bank", "unhappiness", "photosynthesis", "run", "negotiate", "reasonably",
                 "childishness", "comely", "capsize", "walking", "happily", "generalization", "relational", "sky",
                 "sunflower", "bedroom", "quickly"]:
        x = features(word, zipf, wordnet, families)
        p = evaluate(exported, x)
        samples[word] = {"probabilities": [round(v, 6) for v in p], "stem": porter_stem(word),
                         "features": dict(zip(FEATURES, [round(v, 6) for v in x]))}
    model = {
        "about": "Word grading model fitted by scripts/calibrate-grading.py on cefrpy CEFR levels; see docs/GRADING.md.",
        "features": FEATURES, "ensemble": exported,
        "hyperparameters": {"iterations": chosen[0], "learningRate": chosen[1], "leaves": chosen[2],
                            "minSamplesLeaf": chosen[3], "l2": 1.0},
        "baselineZipf": {"beginnerAbove": round(-b1, 6), "advancedAtMost": round(-b2, 6)},
        "zipfFloor": ZIPF_FLOOR, "minStem": MIN_STEM, "prefixes": PREFIXES, "suffixes": SUFFIXES,
        "split": "held out: FNV-1a-32(word) % 5 == 0",
        "counts": {"train": int((~held).sum()), "heldOut": int(held.sum())},
        "agreement": {"modelCrossValidated": cv[chosen], "baselineCrossValidated": baseline_cv,
                      "modelHeldOut": model_held, "baselineHeldOut": base_held},
        "paritySamples": samples,
    }
    (RES / "grading-model.json").write_text(json.dumps(model, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(words)} words ({int(held.sum())} held out); chosen {chosen}")
    print(f"train CV exact/adjacent: model {cv[chosen][0]:.4f}/{cv[chosen][1]:.4f}, Zipf baseline {baseline_cv[0]:.4f}/{baseline_cv[1]:.4f}")
    print(f"held-out exact/adjacent: model {model_held[0]:.4f}/{model_held[1]:.4f}, "
          f"Zipf baseline {base_held[0]:.4f}/{base_held[1]:.4f}")


if __name__ == "__main__":
    main()
