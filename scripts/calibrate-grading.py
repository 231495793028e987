#!/usr/bin/env python3
"""Calibrates Lectern's word grading (beginner / intermediate / advanced) on cefrpy's CEFR word levels.

    pip install cefrpy==1.0.3 numpy          (wordfreq is not needed: Zipf values come from the committed resource)
    python3 scripts/calibrate-grading.py

Writes, under Sources/LecternText/Resources/:
  cefr-levels.txt     word<TAB>CEFR level 1-6 (A1..C2), the labelled set (MIT, from cefrpy; see cefr-levels.LICENSE.txt)
  grading-model.json  the fitted model: feature definitions (affix lists), standardisation, weights, cut points,
                      the frequency-only baseline, train/held-out figures and parity samples for the Swift tests.

Labelled set: cefrpy entries tagged NN, VB, JJ or RB whose word is a lower-case WordNet lemma of that part of
speech and is in the frequency resource; a word's level is its lowest level over those tags. A1-A2 -> beginner
(0), B1-B2 -> intermediate (1), C1-C2 -> advanced (2). Held out: FNV-1a-32(word) % 5 == 0 (20%), the rest trains.

Model: proportional-odds (ordinal logistic) regression on standardised features, score s = w.x; the level is
beginner when s < t1, advanced when s >= t2, else intermediate. The cut points are then tuned on the training
split for exact agreement. The baseline is the same thing with Zipf alone (two Zipf thresholds tuned on train).
Every feature must be computed exactly as Sources/LecternText/WordGrader.swift does; the Swift tests check
the parity samples written here.
"""
import json
import math
import re
from pathlib import Path

import numpy as np
from cefrpy import CEFRAnalyzer

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
FEATURES = ["zipf", "rootGain", "length", "syllables", "affixes", "logSenses", "logSemcor", "noun", "verb", "adjective"]


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
    senses, pos_senses = {}, {}
    for pos, name in [("noun", "noun"), ("verb", "verb"), ("adjective", "adj"), ("adverb", "adv")]:
        for line in (WORDNET / f"index.{name}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue
            f = line.split(" ")
            n = int(f[2])
            senses[f[0]] = senses.get(f[0], 0) + n
            pos_senses.setdefault(f[0], {})[pos] = n
    semcor = {}
    code = {"1": "noun", "2": "verb", "3": "adjective", "4": "adverb", "5": "adjective"}
    for line in (WORDNET / "cntlist.rev").read_text(encoding="utf-8").splitlines():
        key, _, count = line.split(" ")
        lemma, rest = key.split("%")
        if code.get(rest[0]) in pos_senses.get(lemma, {}):
            semcor[lemma] = semcor.get(lemma, 0) + int(count)
    return senses, pos_senses, semcor


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


def features(word, zipf, senses, pos_senses, semcor):
    z = zipf.get(word, ZIPF_FLOOR)
    root, affixes = root_and_affixes(word, zipf)
    ps = pos_senses.get(word, {})
    # Primary part of speech: the one with the most senses (noun, verb, adjective, adverb order breaks ties).
    primary = max(["noun", "verb", "adjective", "adverb"], key=lambda p: (ps.get(p, 0), -["noun", "verb", "adjective", "adverb"].index(p)))
    return [z, max(0.0, root - z), len(word), syllables(word), affixes, math.log(1 + senses.get(word, 0)),
            math.log(1 + semcor.get(word, 0)), float(primary == "noun"), float(primary == "verb"),
            float(primary == "adjective")]


def fit_ordinal(X, y, l2=1e-3, steps=3000, lr=0.1):
    n, d = X.shape
    w = np.zeros(d)
    c = np.array([-0.5, 0.5])
    sig = lambda t: 1 / (1 + np.exp(-t))
    m_w, v_w, m_c, v_c = np.zeros(d), np.zeros(d), np.zeros(2), np.zeros(2)
    for t in range(1, steps + 1):
        s = X @ w
        p1 = sig(c[0] - s)          # P(y <= 0)
        p2 = sig(c[1] - s)          # P(y <= 1)
        pk = np.where(y == 0, p1, np.where(y == 1, p2 - p1, 1 - p2))
        pk = np.maximum(pk, 1e-12)
        # d(-log pk)/ds and /dc
        d1 = p1 * (1 - p1)
        d2 = p2 * (1 - p2)
        ds = np.where(y == 0, d1, np.where(y == 1, d2 - d1, -d2)) / pk      # -dpk/ds / pk ... sign below
        g_w = (X.T @ ds) / n + l2 * w
        g_c0 = -np.sum(np.where(y == 0, d1, np.where(y == 1, -d1, 0)) / pk) / n
        g_c1 = -np.sum(np.where(y == 1, d2, np.where(y == 2, -d2, 0)) / pk) / n
        g_c = np.array([g_c0, g_c1])
        for g, m, v, p in ((g_w, m_w, v_w, w), (g_c, m_c, v_c, c)):
            m *= 0.9; m += 0.1 * g
            v *= 0.999; v += 0.001 * g * g
            p -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        c.sort()
    return w, c


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
    senses, pos_senses, semcor = load_wordnet()
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
    X = np.array([features(w, zipf, senses, pos_senses, semcor) for w in words], dtype=float)
    y = np.array([(level[w] - 1) // 2 for w in words])
    held = np.array([fnv1a32(w) % 5 == 0 for w in words])
    mean = X[~held].mean(axis=0)
    scale = X[~held].std(axis=0)
    scale[scale == 0] = 1
    Z = (X - mean) / scale
    w, c = fit_ordinal(Z[~held], y[~held])
    s = Z @ w
    t1, t2 = tune(s[~held], y[~held])
    # Baseline: higher Zipf = easier, so threshold on -Zipf.
    b1, b2 = tune(-X[~held, 0], y[~held])
    model_train = agreement(levels(s[~held], t1, t2), y[~held])
    model_held = agreement(levels(s[held], t1, t2), y[held])
    base_held = agreement(levels(-X[held, 0], b1, b2), y[held])
    samples = {}
    for word in ["cat", "ubiquitous", "bank", "unhappiness", "photosynthesis", "run", "negotiate", "reasonably"]:
        x = (np.array(features(word, zipf, senses, pos_senses, semcor)) - mean) / scale
        samples[word] = {"score": round(float(x @ w), 6),
                         "features": dict(zip(FEATURES, [round(v, 6) for v in features(word, zipf, senses, pos_senses, semcor)]))}
    model = {
        "about": "Word grading model fitted by scripts/calibrate-grading.py on cefrpy CEFR levels; see docs/GRADING.md.",
        "features": FEATURES, "mean": [round(v, 6) for v in mean], "scale": [round(v, 6) for v in scale],
        "weights": [round(v, 6) for v in w], "cutPoints": [round(t1, 6), round(t2, 6)],
        "baselineZipf": {"beginnerAtLeast": round(-b1, 6), "advancedBelow": round(-b2, 6)},
        "zipfFloor": ZIPF_FLOOR, "minStem": MIN_STEM, "prefixes": PREFIXES, "suffixes": SUFFIXES,
        "split": "held out: FNV-1a-32(word) % 5 == 0",
        "counts": {"train": int((~held).sum()), "heldOut": int(held.sum())},
        "agreement": {"modelTrain": model_train, "modelHeldOut": model_held, "baselineHeldOut": base_held},
        "paritySamples": samples,
    }
    (RES / "grading-model.json").write_text(json.dumps(model, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(words)} words ({int(held.sum())} held out)")
    print("weights:", dict(zip(FEATURES, np.round(w, 3))), "cut points", round(t1, 3), round(t2, 3))
    print(f"held-out exact/adjacent: model {model_held[0]:.3f}/{model_held[1]:.3f}, "
          f"Zipf baseline {base_held[0]:.3f}/{base_held[1]:.3f}; train model {model_train[0]:.3f}")


if __name__ == "__main__":
    main()
