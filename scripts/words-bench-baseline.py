#!/usr/bin/env python3
"""The word-list script a user would otherwise write, timed by `lectern-bench words` (Sources/lectern-bench/WordsBenchmark.swift).

    python3 scripts/words-bench-baseline.py TEXT.txt      (needs `pip install wordfreq`)

Regex sentences and tokens, lower-casing, a stop-word filter, a wordfreq Zipf look-up per token, counts, a first
context sentence per word, levels by two Zipf thresholds, the 500 most frequent words as JSON. Prints
`seconds=<wall time of the work, file read included>` and `words=<distinct words>` on stderr.
"""
import collections
import json
import re
import sys
import time

from wordfreq import zipf_frequency

STOP = set("""a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having he her here
hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on
once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which while
who whom why will with would you your yours yourself yourselves""".split())
SENTENCE = re.compile(r"(?<=[.!?])\s+")
TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def main(path):
    start = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    counts = collections.Counter()
    context = {}
    zipf = {}
    for sentence in SENTENCE.split(text):
        for token in TOKEN.findall(sentence):
            word = token.lower()
            if word in STOP:
                continue
            z = zipf_frequency(word, "en")
            if z == 0:
                continue
            counts[word] += 1
            zipf[word] = z
            if word not in context:
                context[word] = sentence
    words = []
    for word, count in counts.most_common(500):
        z = zipf[word]
        level = "beginner" if z >= 4.65 else ("advanced" if z < 3.5 else "intermediate")
        words.append({"word": word, "count": count, "zipf": z, "level": level, "context": context[word]})
    out = json.dumps({"words": words}, sort_keys=True)
    elapsed = time.perf_counter() - start
    print(f"seconds={elapsed:.3f}", file=sys.stderr)
    print(f"words={len(counts)} bytes={len(out)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
