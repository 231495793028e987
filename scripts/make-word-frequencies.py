#!/usr/bin/env python3
"""Derives Sources/LecternText/Resources/word-frequencies.txt from the wordfreq package's English data.

    pip install wordfreq==3.1.1
    python3 scripts/make-word-frequencies.py [--top 100000]

Output: a header of '#' lines (source, licence, attribution), then one line per Zipf value, highest first:
    <zipf with 2 decimals><TAB><word> <word> ...
Words are the most frequent `--top` lower-case English words of wordfreq's "large" list whose spelling is
letters with inner apostrophes or hyphens. Zipf = log10(frequency per billion words), as wordfreq defines it.
The data are licensed CC BY-SA 4.0 (see Resources/word-frequencies.LICENSE.txt); the output is therefore
a derived work under the same licence. Only needed to regenerate the committed resource.
"""
import argparse
import importlib.metadata
import math
import re
from pathlib import Path

import wordfreq

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Sources/LecternText/Resources/word-frequencies.txt"
WORD = re.compile(r"[a-z](?:[a-z'\-]*[a-z])?")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=100_000)
    args = parser.parse_args()
    freqs = wordfreq.get_frequency_dict("en", wordlist="large")
    items = sorted(((w, f) for w, f in freqs.items() if WORD.fullmatch(w)), key=lambda kv: (-kv[1], kv[0]))
    items = items[: args.top]
    buckets: dict[str, list[str]] = {}
    for word, freq in items:
        buckets.setdefault(f"{math.log10(freq * 1e9):.2f}", []).append(word)
    lines = [
        f"# English word frequencies (Zipf scale) from wordfreq {importlib.metadata.version('wordfreq')}, wordlist 'large'.",
        "# Made by scripts/make-word-frequencies.py; top %d words. Licence: CC BY-SA 4.0 (word-frequencies.LICENSE.txt)." % len(items),
        "# wordfreq by Robyn Speer, https://github.com/rspeer/wordfreq, doi:10.5281/zenodo.7199437. Sources include",
        "# Google Books Ngrams, SUBTLEX (Brysbaert et al.), OpenSubtitles 2018, Wikipedia, the Leeds Internet Corpus, ParaCrawl.",
    ]
    for zipf in sorted(buckets, key=float, reverse=True):
        lines.append(zipf + "\t" + " ".join(sorted(buckets[zipf])))
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(items)} words, {len(buckets)} Zipf values, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
