#!/usr/bin/env python3
"""Derives Sources/LecternText/Resources/cefr-profile.txt, the CEFR word profile the word lists take levels from.

    pip install cefrpy==1.0.3
    python3 scripts/make-cefr-profile.py

Output: a header of '#' lines (source, licence), then one line per word of the committed frequency list that cefrpy
knows (lower-case letters, inner hyphens or apostrophes):
    <word><TAB><five numbers: noun verb adjective adverb any>
Each number is a CEFR level in tenths, 10 = A1 … 60 = C2 (cefrpy's levels are fractional: "crust" as a noun is 4.92),
or 0 when cefrpy has no level for that part of speech. The parts of
speech are cefrpy's Penn tags NN, VB, JJ, RB (falling back to NNS; VBG, VBN, VBZ, VBD; JJR, JJS; RBR, RBS when the
base tag is missing); "any" is cefrpy's average over all the word's tags, used when the part of speech in the
text has no level of its own. Lectern maps the fractional level to beginner / intermediate / advanced with two
thresholds calibrated on published CEFR lists (CEFRProfile, docs/GRADING.md). cefrpy is MIT-licensed
(Resources/cefr-levels.LICENSE.txt). Only needed to regenerate the committed resource.
"""
import importlib.metadata
import re
from pathlib import Path

from cefrpy import CEFRAnalyzer

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT / "Sources/LecternText/Resources"
WORD = re.compile(r"[a-z](?:[a-z'\-]*[a-z])?")
# Our part of speech → cefrpy's tags, the base tag first.
TAGS = [["NN", "NNS"], ["VB", "VBG", "VBN", "VBZ", "VBD", "VBP"], ["JJ", "JJR", "JJS"], ["RB", "RBR", "RBS"]]


def frequency_words() -> list[str]:
    words = []
    for line in (RES / "word-frequencies.txt").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            words += line.split("\t")[1].split(" ")
    return words


def main() -> None:
    analyzer = CEFRAnalyzer()
    lines = []
    for word in sorted(set(frequency_words())):
        if not WORD.fullmatch(word) or not analyzer.is_word_in_database(word):
            continue
        tenths = []
        for tags in TAGS:
            level = next((analyzer.get_word_pos_level_float(word, t) for t in tags
                          if analyzer.get_word_pos_level_float(word, t) is not None), None)
            tenths.append(0 if level is None else round(level * 10))
        average = analyzer.get_average_word_level_float(word)
        tenths.append(0 if average is None else round(average * 10))
        if any(tenths):
            lines.append(f"{word}\t{' '.join(map(str, tenths))}\n")
    header = (
        f"# CEFR levels of English words by part of speech, from cefrpy {importlib.metadata.version('cefrpy')} "
        "(MIT, Maksym Bielikov, https://github.com/Maximax67/cefrpy),\n"
        "# for the words of word-frequencies.txt it knows. Made by scripts/make-cefr-profile.py; see cefr-levels.LICENSE.txt.\n"
        "# word<TAB>noun verb adjective adverb any: CEFR level in tenths, 10 = A1 ... 60 = C2, 0 = no level for that part of speech.\n")
    (RES / "cefr-profile.txt").write_text(header + "".join(lines), encoding="utf-8")
    print(f"{len(lines)} words")


if __name__ == "__main__":
    main()
