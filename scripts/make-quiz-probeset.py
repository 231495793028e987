#!/usr/bin/env python3
"""Pages of the quiz devset's sources that the devset does not use: a probing set to check a quiz change on more
real text than the 27 dev pages, so that it is not fitted to them. Same cutting rules as make-quiz-devset.py
(runs of consecutive prose paragraphs of 120-470 words); the runs it takes for dev and held-out pages are skipped,
and every other run is a `probe` page, with every run of four other documents of doc-debian. Never the held-out set: no probe page shares a paragraph with a devset page.

Usage: make-quiz-probeset.py OUT_DIR   (writes OUT_DIR/probe/NAME.txt and OUT_DIR/manifest.tsv)
Then: QUIZ_BENCH_PROBE=OUT_DIR lectern-bench quiz
"""
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location("devset", os.path.join(os.path.dirname(__file__), "make-quiz-devset.py"))
devset = importlib.util.module_from_spec(spec)
spec.loader.exec_module(devset)


# Other Debian documentation of the same package (doc-debian), all of whose prose runs are probe pages.
EXTRA = [
    ("debian-constitution", "charter", "/usr/share/doc/debian/constitution.txt.gz", "GPL-2+ (doc-debian)", 0, None),
    ("debian-bug-reporting", "documentation", "/usr/share/doc/debian/bug-reporting.txt.gz", "GPL-2+ (doc-debian)", 0, None),
    ("debian-bug-maint-info", "documentation", "/usr/share/doc/debian/bug-maint-info.txt.gz", "GPL-2+ (doc-debian)", 0, None),
    ("debian-mailing-lists", "documentation", "/usr/share/doc/debian/mailing-lists.txt.gz", "GPL-2+ (doc-debian)", 0, None),
]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-quiz-probeset.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "probe"), exist_ok=True)
    manifest = [devset.MANIFEST_HEADER]
    for name, kind, path, licence, wanted, start in devset.SOURCES + EXTRA:
        text = devset.read(path)
        if start and start in text:
            text = text[text.index(start):]
        used = {p for run in devset.pages(text, wanted) for p in run} if wanted else set()
        every = devset.pages(text, 10**6)
        for index, run in enumerate(r for r in every if not used.intersection(r)):
            manifest.append(devset.write_page(out, "probe", f"{name}-probe-{index + 1:02d}", run, kind, path, licence))
    devset.write_manifest(out, manifest)


if __name__ == "__main__":
    main()
