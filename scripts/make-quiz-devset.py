#!/usr/bin/env python3
"""Cuts real published prose from installed Debian packages into quiz pages of 120-470 words.

The quiz benchmark (`lectern-bench quiz`) runs the homework stage on these pages. Nobody on the project
wrote them: a manifesto, a charter, an FAQ, a textbook-like reference, coding standards and licence
preambles (sources and licences in docs/QUIZ.md). Two pages in five of each source are `heldout`: measured,
never tuned on. Deterministic: the same packages give the same pages.

Usage: make-quiz-devset.py OUT_DIR   (writes OUT_DIR/{dev,heldout}/NAME.txt and OUT_DIR/manifest.tsv)
Needs: doc-debian debian-faq debian-reference-en gnu-standards (scripts/setup.sh --bench installs them).
"""
import gzip
import os
import re
import sys

# (name, kind, path, licence, pages wanted, start marker or None)
SOURCES = [
    ("debian-manifesto", "manifesto", "/usr/share/doc/debian/debian-manifesto.gz", "GPL-2+ (doc-debian)", 6, "What is Debian Linux?"),
    ("social-contract", "charter", "/usr/share/doc/debian/social-contract.txt.gz", "GPL-2+ (doc-debian)", 2, None),
    ("debian-faq", "faq", "/usr/share/doc/debian/FAQ/debian-faq.en.txt.gz", "GPL-2+ (debian-faq)", 15, "1. Definitions and overview"),
    ("debian-reference", "textbook", "/usr/share/debian-reference/debian-reference.en.txt.gz", "GPL-2+ (debian-reference-en)", 18, None),
    ("gnu-standards", "documentation", "/usr/share/info/standards.info.gz", "GFDL-1.3+ (gnu-standards)", 15, "1 About the GNU Coding Standards"),
    ("gpl-3-preamble", "argument", "/usr/share/common-licenses/GPL-3", "verbatim copying permitted (FSF; base-files)", 1, "Preamble"),
    ("gfdl-preamble", "argument", "/usr/share/common-licenses/GFDL-1.3", "verbatim copying permitted (FSF; base-files)", 1, "0. PREAMBLE"),
]

MIN_WORDS, MAX_WORDS = 120, 470


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as f:
        return f.read()


def is_prose(paragraph):
    """Wrapped sentences, not code, tables, menus, lists of commands or info-file bookkeeping."""
    words = paragraph.split()
    if len(words) < 20 or paragraph.rstrip()[-1:] not in '.!?"\'':
        return False
    if re.search(r"[{}<>$=|\\]|\*\*|https?:|File: |Node: |^\s*[-*+] ", paragraph) or "::" in paragraph:
        return False
    letters = sum(c.isalpha() or c.isspace() for c in paragraph)
    return letters / len(paragraph) > 0.93


def paragraphs(text):
    blocks = re.split(r"\n\s*\n", text)
    out = []
    for block in blocks:
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        # Deeply indented blocks are code or examples in these formats.
        if not lines or any(line.startswith("\t") for line in block.splitlines()[:1]) and block.startswith("\t\t"):
            continue
        out.append(" ".join(lines))
    return out


def pages(text, wanted):
    """Runs of consecutive prose paragraphs of 120-470 words, spread over the document."""
    runs, current = [], []
    for paragraph in paragraphs(text):
        if is_prose(paragraph):
            if sum(len(p.split()) for p in current) + len(paragraph.split()) > MAX_WORDS:
                runs.append(current)
                current = []
            if len(paragraph.split()) <= MAX_WORDS:
                current.append(paragraph)
        else:
            runs.append(current)
            current = []
    runs.append(current)
    runs = [run for run in runs if sum(len(p.split()) for p in run) >= MIN_WORDS]
    if len(runs) <= wanted:
        return runs
    step = len(runs) / wanted
    return [runs[int(i * step)] for i in range(wanted)]


MANIFEST_HEADER = "name\tset\tkind\tsource\tlicence\twords"


def write_page(out, part, page, run, kind, path, licence):
    """Writes a run of paragraphs as OUT/PART/PAGE.txt; returns its manifest line."""
    body = "\n\n".join(run)
    with open(os.path.join(out, part, page + ".txt"), "w", encoding="utf-8") as f:
        f.write(body + "\n")
    return f"{page}\t{part}\t{kind}\t{path}\t{licence}\t{len(body.split())}"


def write_manifest(out, manifest):
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(manifest) + "\n")
    print(f"{len(manifest) - 1} pages in {out}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-quiz-devset.py OUT_DIR")
    out = sys.argv[1]
    for part in ("dev", "heldout"):
        os.makedirs(os.path.join(out, part), exist_ok=True)
    manifest = [MANIFEST_HEADER]
    for name, kind, path, licence, wanted, start in SOURCES:
        if not os.path.exists(path):
            sys.exit(f"make-quiz-devset: {path} is missing: run scripts/setup.sh --bench")
        text = read(path)
        if start and start in text:
            text = text[text.index(start):]
        for index, run in enumerate(pages(text, wanted)):
            part = "heldout" if index % 5 in (1, 3) else "dev"
            manifest.append(write_page(out, part, f"{name}-{index + 1:02d}", run, kind, path, licence))
    write_manifest(out, manifest)


if __name__ == "__main__":
    main()
