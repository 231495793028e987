#!/usr/bin/env python3
"""Six pages of GNU manuals that no quiz rule was tuned on, for blind reviews (docs/reviews/): the prose paragraphs
of one Info node each (gettext "Why" and "Concepts", diffutils and gzip "Overview", coreutils "Introduction",
maintain "Preface"; Debian 12's installed Info files, GFDL), up to 420 words a page. Menus, indented examples and
paragraphs under 15 words are left out.

Usage: make-quiz-reviewset.py OUT_DIR   (writes OUT_DIR/probe/NAME.txt and OUT_DIR/manifest.tsv)
Then: QUIZ_BENCH_SHOW=1 QUIZ_BENCH_PROBE=OUT_DIR lectern-bench quiz
"""
import gzip
import os
import re
import sys

NODES = [
    ("gettext", "Why"), ("gettext", "Concepts"), ("diffutils", "Overview"), ("gzip", "Overview"),
    ("coreutils", "Introduction"), ("maintain", "Preface"),
]


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


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-quiz-reviewset.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "probe"), exist_ok=True)
    manifest = ["name\tset\tkind\tsource\tlicence\twords"]
    for manual, node in NODES:
        path = f"/usr/share/info/{manual}.info.gz"
        page, words = [], 0
        for paragraph in prose(nodes(path)[node]):
            if words + len(paragraph.split()) > 420:
                break
            page.append(paragraph)
            words += len(paragraph.split())
        name = f"gnu-{manual}-{node.lower()}"
        with open(os.path.join(out, "probe", name + ".txt"), "w") as f:
            f.write("\n\n".join(page) + "\n")
        manifest.append(f"{name}\tprobe\tdocumentation\t{path}\tGFDL (GNU manual)\t{words}")
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
