#!/usr/bin/env python3
"""A second labeller's check of the sense sets (issue 28, docs/GRADING.md "A second labeller's check").

  scripts/check-sense-labels.py sample            # the 60 sampled occurrences, without their recorded senses
  scripts/check-sense-labels.py compare FILE      # agreement of FILE (number TAB accepted synsets) with the records

The sample is drawn with random.Random(2028): 30 occurrences of the development sets, 30 of the held-out sets
gnu-standards-3 and gnu-standards-6-1. `sample` prints no recorded sense, so the second labeller judges blind.
"""
import random
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
DEVELOPMENT = ["apache-2.0", "base-files-faq", "gnu-maintain-4-5", "gnu-maintain-7-8"]
HELD_OUT = ["gnu-standards-3", "gnu-standards-6-1"]
SEED = 2028


def rows(names):
    found = []
    for name in names:
        for number, line in enumerate((DATA / f"sense-set-{name}.tsv").read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("#") or not line.strip():
                continue
            lemma, form, senses, sentence = line.split("\t")
            found.append((f"{name}:{number}", lemma, form, set(senses.split(",")), sentence))
    return found


def sample():
    rng = random.Random(SEED)
    return rng.sample(rows(DEVELOPMENT), 30) + rng.sample(rows(HELD_OUT), 30)


def main():
    drawn = sample()
    if sys.argv[1:] == ["sample"]:
        for k, (where, lemma, form, _, sentence) in enumerate(drawn, 1):
            print(f"{k}\t{where}\t{lemma}\t{form}\t{sentence}")
        return
    if len(sys.argv) != 3 or sys.argv[1] != "compare":
        sys.exit(__doc__)
    second = {}
    for line in Path(sys.argv[2]).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            k, senses = line.split("\t")[:2]
            second[int(k)] = set(senses.split(","))
    for name, ks in (("development", range(1, 31)), ("held out", range(31, 61)), ("all", range(1, 61))):
        exact = sum(second[k] == drawn[k - 1][3] for k in ks)
        overlap = sum(bool(second[k] & drawn[k - 1][3]) for k in ks)
        print(f"{name}: same set {exact}/{len(ks)}, sets share a sense {overlap}/{len(ks)}")
    for k, (where, lemma, form, recorded, sentence) in enumerate(drawn, 1):
        if second[k] != recorded:
            print(f"{k}\t{where}\t{lemma}\trecorded only: {','.join(sorted(recorded - second[k])) or '-'}"
                  f"\tsecond only: {','.join(sorted(second[k] - recorded)) or '-'}")


if __name__ == "__main__":
    main()
