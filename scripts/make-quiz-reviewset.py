#!/usr/bin/env python3
"""Pages of published manuals that no quiz rule was tuned on, for blind reviews (docs/reviews/), up to 420 words
a page. Menus, indented examples and paragraphs under 15 words are left out.

`--set review` (the default): six pages, the prose paragraphs of one Info node each (gettext "Why" and "Concepts",
diffutils and gzip "Overview", coreutils "Introduction", maintain "Preface"; Debian 12's installed Info files, GFDL).

`--set fresh`: 22 other pages for a second blind review, none from the six above nor from any source the project
has used for the quiz (the devset's and probeset's Debian documents, GNU Coding Standards and maintain, licence
preambles), the sense sets (base-files FAQ, Apache-2.0) or the OCR benchmark's dev set (coreutils and grep manuals,
XZ Utils FAQ, zlib FAQ). Each page's source and licence is in FRESH below and in manifest.tsv:
  - Info nodes of Debian 12's installed manuals: GNU ed, findutils, sed, time, wget, diffutils, gettext (GFDL 1.2+
    or 1.3+, no invariant sections), Readline's user manual (GFDL 1.3+), GnuPG (GPL-3+), bc (FSF permissive:
    verbatim and modified copies), bzip2 (Julian Seward's BSD-style licence, /usr/share/doc/bzip2/copyright),
    Nettle (public domain), libffi (MIT/Expat);
  - sections of plain-text documents in /usr/share/doc: XZ Utils' history.txt (public domain,
    /usr/share/doc/xz-utils/copyright), zlib's algorithm.txt and txtvsbin.txt (zlib licence).
About a third of the pages are short (155-203 words), the rest 236-412. The fresh set also leaves out what the
review set lets through: cross references ("(*note X::)" dropped, a sentence naming "*note" dropped), footnote
markers and footnotes, _emphasis_ and *strong* marks, paragraphs ending in ":" (they announce an example or a list
that is left out) and list items.

Usage: make-quiz-reviewset.py [--set review|fresh] OUT_DIR   (writes OUT_DIR/probe/NAME.txt and OUT_DIR/manifest.tsv)
Then: QUIZ_BENCH_SHOW=1 QUIZ_BENCH_PROBE=OUT_DIR lectern-bench quiz
"""
import argparse
import glob
import gzip
import os
import re

NODES = [
    ("gettext", "Why"), ("gettext", "Concepts"), ("diffutils", "Overview"), ("gzip", "Overview"),
    ("coreutils", "Introduction"), ("maintain", "Preface"),
]

GFDL13 = "GFDL-1.3+, no invariant sections (© FSF)"
GETTEXT = "GFDL-1.2+ or GPL-2+, no invariant sections (© FSF); GNU gettext manual"
# (name, ("info", manual, node) or ("text", path, first heading, heading after the section or None), licence)
FRESH = [
    ("ed-overview", ("info", "ed", "Overview"), GFDL13 + "; GNU ed manual"),
    ("findutils-symbolic-links", ("info", "find", "Symbolic Links"), GFDL13 + "; GNU findutils manual"),
    ("findutils-security-find", ("info", "find", "Security Considerations for find"), GFDL13 + "; GNU findutils manual"),
    ("sed-execution-cycle", ("info", "sed", "Execution Cycle"), GFDL13 + "; GNU sed manual"),
    ("time-accuracy", ("info", "time", "Accuracy"), GFDL13 + "; GNU time manual"),
    ("wget-recursive-download", ("info", "wget", "Recursive Download"), GFDL13 + "; GNU Wget manual"),
    ("diffutils-comparison", ("info", "diffutils", "Comparison"), GFDL13 + "; GNU diffutils manual"),
    ("diffutils-brief", ("info", "diffutils", "Brief"), GFDL13 + "; GNU diffutils manual"),
    ("gettext-history", ("info", "gettext", "History"), GETTEXT),
    ("gettext-translation-intro", ("info", "gettext", "Trans Intro 1"), GETTEXT),
    ("readline-arguments", ("info", "rluserman", "Readline Arguments"), GFDL13 + "; GNU Readline user manual"),
    ("gnupg-ephemeral-home", ("info", "gnupg", "Ephemeral home directories"), "GPL-3+ (© FSF); GnuPG manual"),
    ("bc-expressions", ("info", "bc", "About Expressions and Special Variables"),
     "FSF permissive (verbatim and modified copies; /usr/share/doc/bc/copyright); GNU bc manual"),
    ("bzip2-recovering-data", ("info", "bzip2", "RECOVERING DATA FROM DAMAGED FILES"),
     "BSD-style bzip2 licence (© Julian Seward; /usr/share/doc/bzip2/copyright); bzip2 manual"),
    ("bzip2-performance", ("info", "bzip2", "PERFORMANCE NOTES"),
     "BSD-style bzip2 licence (© Julian Seward; /usr/share/doc/bzip2/copyright); bzip2 manual"),
    ("nettle-introduction", ("info", "nettle", "Introduction"), "public domain (the manual says so); Nettle manual"),
    ("nettle-randomness", ("info", "nettle", "Randomness"), "public domain (the manual says so); Nettle manual"),
    ("libffi-introduction", ("info", "libffi", "Introduction"), "MIT/Expat (© Anthony Green, Red Hat); libffi manual"),
    ("xz-history-tukaani", ("text", "/usr/share/doc/xz-utils/history.txt.gz", "Tukaani distribution", "First steps of LZMA Utils"),
     "public domain (/usr/share/doc/xz-utils/copyright); XZ Utils history.txt"),
    ("xz-history-file-format", ("text", "/usr/share/doc/xz-utils/history.txt.gz", "File format problems", "Transition to XZ Utils"),
     "public domain (/usr/share/doc/xz-utils/copyright); XZ Utils history.txt"),
    ("zlib-deflate", ("text", "/usr/share/doc/zlib1g-dev/algorithm.txt.gz", "1. Compression algorithm (deflate)",
                      "2. Decompression algorithm (inflate)"),
     "zlib licence (© Jean-loup Gailly, Mark Adler; /usr/share/doc/zlib1g-dev/copyright); zlib algorithm.txt"),
    ("zlib-plain-text-detection", ("text", "/usr/share/doc/zlib1g-dev/txtvsbin.txt.gz", "Introduction", "The Algorithm"),
     "zlib licence (© Cosmin Truta, in zlib; /usr/share/doc/zlib1g-dev/copyright); zlib txtvsbin.txt"),
]

MAX_WORDS = 420


def nodes(path):
    text = gzip.open(path, "rt", errors="replace").read()
    found = {}
    for chunk in text.split("\x1f"):
        match = re.search(r"Node: ([^,\n]+)", chunk)
        if match:
            found[match.group(1).strip()] = chunk
    return found


def prose(chunk):
    body = chunk.split("\n", 2)[2] if chunk.count("\n") > 2 else ""
    paragraphs = []
    for block in re.split(r"\n\s*\n", body):
        lines = block.split("\n")
        if any(line.startswith("* ") for line in lines):
            continue
        if sum(1 for line in lines if line.startswith("     ") or line.startswith("\t")) > len(lines) / 2:
            continue
        text = re.sub(r"\*[Nn]ote ([^:]+)::", r"\1", " ".join(line.strip() for line in lines))
        text = re.sub(r"\s+", " ", text).strip()
        if len(text.split()) >= 15 and text[-1] in ".:":
            paragraphs.append(text)
    return paragraphs


# The fresh set's cleaning (the review set keeps prose() as it was, so that its six pages do not change).
LIST_ITEM = re.compile(r"\s*(\* |- |-- |o |\d+(\.\d+)*[.)] )")


def without_parenthetical_notes(text):
    """Drops "(*note X::)", "(see *note X: Y.)" and the like, nested parentheses included."""
    while True:
        match = re.search(r"\s*\((?:[Ss]ee )?\*[Nn]ote\b", text)
        if not match:
            return text
        end, depth = text.index("(", match.start()), 0
        while end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
            end += 1
        text = text[:match.start()] + text[end + 1:]


def clean(text):
    """One paragraph's lines joined and cleaned; None when it is not a prose paragraph of the fresh set."""
    text = re.sub(r"\s+", " ", text).strip()
    text = without_parenthetical_notes(text)
    text = re.sub(r"(?<=\S)\(\d+\)", "", text)  # footnote markers
    text = " ".join(s for s in re.split(r"(?<=[.!?])\s+", text) if not re.search(r"\*[Nn]ote\b", s))
    text = re.sub(r"(?<![\w_])_([^_\s][^_]*?)_(?![\w_])", r"\1", text)  # _emphasis_
    text = re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"\1", text)  # *strong*
    text = re.sub(r"\s+([.,;:])(?=\s|$)", r"\1", text).strip()  # a space a dropped reference left (".lzma" stays)
    if len(text.split()) < 15 or not re.search(r"\.[)'\"’”]?$", text) or re.match(r"\(\d+\)", text):
        return None
    return text


def fresh_info(manual, node):
    for path in sorted(glob.glob(f"/usr/share/info/{manual}.info*.gz")):  # split manuals (find, gnupg) too
        chunk = nodes(path).get(node)
        if chunk:
            break
    body = chunk.split("\n", 2)[2].split("---------- Footnotes ----------")[0]
    paragraphs = []
    for block in re.split(r"\n\s*\n", body):
        lines = block.split("\n")
        if any(LIST_ITEM.match(line) for line in lines):
            continue
        if sum(1 for line in lines if line.startswith("     ") or line.startswith("\t")) > len(lines) / 2:
            continue
        text = clean(" ".join(lines))
        if text:
            paragraphs.append(text)
    return f"{path}, node \"{node}\"", paragraphs


def fresh_text(path, first, after):
    lines = gzip.open(path, "rt", errors="replace").read().split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == first) + 1
    end = next((i for i, line in enumerate(lines) if i > start and line.strip() == after), len(lines))
    section = "\n".join(lines[start:end])
    blocks = [[line for line in block.split("\n") if line.strip()] for block in re.split(r"\n\s*\n", section)]
    blocks = [block for block in blocks if block and not re.fullmatch(r"\s*[-=]+\s*", block[-1])]  # headings out
    indent = lambda block: min(len(line) - len(line.lstrip()) for line in block)
    base = min(indent(block) for block in blocks)  # the section's body text; deeper is an example
    paragraphs = []
    for block in blocks:
        if indent(block) > base or any(LIST_ITEM.match(line) for line in block):
            continue
        text = clean(" ".join(line.strip() for line in block))
        if text:
            paragraphs.append(text)
    return f"{path}, section \"{first}\"", paragraphs


def page(paragraphs):
    kept, words = [], 0
    for paragraph in paragraphs:
        if words + len(paragraph.split()) > MAX_WORDS:
            break
        kept.append(paragraph)
        words += len(paragraph.split())
    return kept, words


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=["review", "fresh"], default="review")
    parser.add_argument("out", metavar="OUT_DIR")
    args = parser.parse_args()
    out = args.out
    os.makedirs(os.path.join(out, "probe"), exist_ok=True)
    manifest = ["name\tset\tkind\tsource\tlicence\twords"]
    pages = []
    if args.set == "review":
        for manual, node in NODES:
            path = f"/usr/share/info/{manual}.info.gz"
            pages.append((f"gnu-{manual}-{node.lower()}", path, "GFDL (GNU manual)", prose(nodes(path)[node])))
    else:
        for name, (kind, *where), licence in FRESH:
            source, paragraphs = fresh_info(*where) if kind == "info" else fresh_text(*where)
            pages.append((name, source, licence, paragraphs))
    for name, source, licence, paragraphs in pages:
        kept, words = page(paragraphs)
        with open(os.path.join(out, "probe", name + ".txt"), "w") as f:
            f.write("\n\n".join(kept) + "\n")
        manifest.append(f"{name}\tprobe\tdocumentation\t{source}\t{licence}\t{words}")
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
