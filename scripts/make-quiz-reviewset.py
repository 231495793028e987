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

`--set fresh2`: 22 more pages for a third blind review, from none of the documents above (nor the Debian documents,
licences, GNU manuals and FAQs they exclude, nor the lecture sets' HTML manuals, WordNet, python3-doc). Sources and
licences are in FRESH2 below and in manifest.tsv:
  - Info nodes of two manuals no set has used: Maintaining GNU Findutils (find-maint; GFDL 1.3+, no invariant
    sections) and the libgpg-error manual (gpgrt; GPL-2+);
  - sections of plain-text documents in /usr/share/doc: libjpeg-turbo's structure.txt (IJG licence), the libpng
    manual's introduction (libpng licence), A Guide to the S-Lang Language (GPL), the Valgrind FAQ (GFDL 1.2+, no
    invariant sections), fontconfig's user documentation (MIT-style), dpkg's triggers specification (GPL-2+), and
    four X Window System specifications: LBX, DBE, the X Transport Interface and XDMCP (MIT/X-style notices);
  - sections of two Vim help files (recover.txt, usr_28.txt; Open Publication License v1.0+).
Seven pages are short (127-193 words), the rest 221-395. Cleaning is the fresh set's, plus: no sentence with a web
or mail address, no paragraph opening in lower case, ``TeX quotes'' made plain, compound words broken after their
hyphen joined, troff font escapes dropped; a page may leave out paragraphs that speak of an example or figure the
page left out (FRESH2's fourth field). Vim help: tags, examples (">" ... "<", tab-indented) and lists left out.

Usage: make-quiz-reviewset.py [--set review|fresh|fresh2] OUT_DIR
       (writes OUT_DIR/probe/NAME.txt and OUT_DIR/manifest.tsv)
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

# The third set (`--set fresh2`): (name, source as in FRESH or ("vim", help file, section tag), licence[, openings of
# paragraphs to leave out, each one that speaks of an example or figure the page leaves out]). A heading in a "text"
# source may be (heading, n): its n-th occurrence (the first ones are in a table of contents).
FIND_MAINT = GFDL13 + "; Maintaining GNU Findutils (find-maint manual)"
IJG = ("IJG licence (© Thomas G. Lane, Guido Vollbeding; libjpeg-turbo's README.ijg, "
       "/usr/share/doc/libjpeg62-turbo-dev/copyright); libjpeg-turbo structure.txt")
SLANG = ("GPL (the guide's appendix B; GPL-2+ in /usr/share/doc/libslang2/copyright; © John E. Davis); "
         "A Guide to the S-Lang Language")
VALGRIND = ("GFDL-1.2+, no invariant sections (© the Valgrind authors; the documentation's notice, "
            "/usr/share/doc/valgrind/html/index.html); Valgrind FAQ")
X_CONSORTIUM = "MIT/X-style permission notice (at the top of the document); "
VIM = ("Open Publication License v1.0+ (© Bram Moolenaar; the manual's *manual-copyright*, "
       "/usr/share/vim/vim90/doc/usr_01.txt); ")
FRESH2 = [
    ("findutils-maint-untrusted-files", ("info", "find-maint", "Don't Trust the File System Contents"), FIND_MAINT),
    ("findutils-maint-coding-conventions", ("info", "find-maint", "Coding Conventions"), FIND_MAINT),
    ("findutils-maint-repeated-code", ("info", "find-maint", "Factor Out Repeated Code"), FIND_MAINT),
    ("findutils-maint-compiler-bugs", ("info", "find-maint", "Make the Compiler Find the Bugs"), FIND_MAINT,
     ("There are also a number of small ways", "It's a common error", "We have changed the meaning")),
    ("gpgrt-building-sources", ("info", "gpgrt", "Building sources"),
     "GPL-2+ (© g10 Code GmbH; the manual's copying notice); libgpg-error (gpgrt) manual",
     ("A similar problem occurs",)),
    ("libjpeg-system-features", ("text", "/usr/share/doc/libjpeg62-turbo-dev/structure.txt.gz",
                                 "*** System features ***", "*** System overview ***"), IJG),
    ("libjpeg-object-style", ("text", "/usr/share/doc/libjpeg62-turbo-dev/structure.txt.gz",
                              "*** Poor man's object-oriented programming ***", "*** Overall control structure ***"),
     IJG),
    ("libjpeg-suspendable-processing", ("text", "/usr/share/doc/libjpeg62-turbo-dev/structure.txt.gz",
                                        "*** Suspendable processing ***", "*** Memory manager services ***"), IJG),
    ("libpng-introduction", ("text", "/usr/share/doc/libpng16-16/libpng-manual.txt.gz", ("I. Introduction", 2),
                             "II. Structures"),
     "libpng licence (© the PNG Reference Library Authors; /usr/share/doc/libpng16-16/copyright); libpng-manual.txt",
     ("It is technically equivalent",)),
    ("slang-preface", ("text", "/usr/share/doc/libslang2/slang.txt.gz", "1.  Preface", "1.2.  Acknowledgements"),
     SLANG),
    ("slang-run-time-library", ("text", "/usr/share/doc/libslang2/slang.txt.gz", "2.6.  Run-Time Library",
                                "2.7.  Input/Output"), SLANG),
    ("slang-types-and-statements", ("text", "/usr/share/doc/libslang2/slang.txt.gz", "2.3.  Data Types and Operators",
                                    "2.5.  Error Handling"), SLANG),
    ("valgrind-faq-jit", ("text", "/usr/share/doc/valgrind/FAQ.txt.gz",
                          "3.4. I tried running a Java program (or another program that uses a",
                          "4. Valgrind behaves unexpectedly"), VALGRIND),
    ("valgrind-faq-native-differences", ("text", "/usr/share/doc/valgrind/FAQ.txt.gz",
                                         "4.4. My program crashes normally, but doesn't under Valgrind, or vice",
                                         "4.5. Memcheck doesn't report any errors and I know my program has"),
     VALGRIND),
    ("fontconfig-configuration", ("text", "/usr/share/doc/fontconfig/fontconfig-user.txt.gz", "Font Configuration",
                                  "Font Properties"),
     "MIT-style (© Keith Packard; /usr/share/doc/fontconfig/copyright); fontconfig user documentation (fonts-conf)"),
    ("dpkg-triggers", ("text", "/usr/share/doc/dpkg/spec/triggers.txt", "Introduction", "Details - Overview table"),
     "GPL-2+ (dpkg; /usr/share/doc/dpkg/copyright); dpkg's triggers specification"),
    ("x11-lbx-introduction", ("text", "/usr/share/doc/xextproto/lbx.txt.gz", ("Introduction", 2), "Data Flow"),
     X_CONSORTIUM + "© 1996 X Consortium; Low Bandwidth X Extension"),
    ("x11-dbe-introduction", ("text", "/usr/share/doc/xextproto/dbe.txt.gz", "Chapter 1. Introduction",
                              "Chapter 2. Goals"),
     X_CONSORTIUM + "© 1989-1994 X Consortium, DEC, Intergraph, SGI, HP; Double Buffer Extension Protocol"),
    ("x11-transport-interface", ("text", "/usr/share/doc/xtrans-dev/xtrans.txt.gz", "Chapter 1. Purposes and Goals",
                                 "Chapter 3. Definition of Address Specification Format"),
     X_CONSORTIUM + "© 1993, 1994 NCR Corporation, 1993, 1994, 2002 The Open Group; X Transport Interface"),
    ("xdmcp-protocol-overview", ("text", "/usr/share/doc/libxdmcp-dev/xdmcp.txt.gz",
                                 "Chapter 2. Overview of the Protocol", "Chapter 3. Data Types"),
     X_CONSORTIUM + "© 1989, 2004 The Open Group; X Display Manager Control Protocol"),
    ("vim-swap-file", ("vim", "/usr/share/vim/vim90/doc/recover.txt", "swap-file"), VIM + "Vim reference manual",
     ("Or you can use the swapname()", "On Unix it is possible to have two names", "For hard links Vim")),
    ("vim-fold-methods", ("vim", "/usr/share/vim/vim90/doc/usr_28.txt", "28.10"), VIM + "Vim user manual"),
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


def fresh_info(manual, node, tidy=clean):
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
        text = tidy("\n".join(lines))
        if text:
            paragraphs.append(text)
    return f"{path}, node \"{node}\"", paragraphs


def heading_line(lines, heading, start=0, default=None):
    """The index of a heading line (its text, or (text, n) for the n-th occurrence) at or after start."""
    text, n = heading if isinstance(heading, tuple) else (heading, 1)
    hits = [i for i, line in enumerate(lines) if i >= start and line.split() == text.split()]  # no-break spaces too
    if len(hits) < n:
        if default is None:
            raise SystemExit(f"heading {heading!r} not found")
        return default
    return hits[n - 1]


def fresh_text(path, first, after, tidy=clean):
    lines = (gzip.open if path.endswith(".gz") else open)(path, "rt", errors="replace").read().split("\n")
    start = heading_line(lines, first) + 1
    end = heading_line(lines, after, start + 1, len(lines))
    first = first[0] if isinstance(first, tuple) else first
    section = "\n".join(lines[start:end])
    blocks = [[line for line in block.split("\n") if line.strip()] for block in re.split(r"\n\s*\n", section)]
    blocks = [block for block in blocks if block and not re.fullmatch(r"\s*[-=]+\s*", block[-1])]  # headings out
    indent = lambda block: min(len(line) - len(line.lstrip()) for line in block)
    base = min(indent(block) for block in blocks)  # the section's body text; deeper is an example
    paragraphs = []
    for block in blocks:
        if indent(block) > base or any(LIST_ITEM.match(line) for line in block):
            continue
        text = tidy("\n".join(line.strip() for line in block))
        if text:
            paragraphs.append(text)
    return f"{path}, section \"{first}\"", paragraphs


# The third set's cleaning: the fresh set's, and also no sentence with a web or mail address, no paragraph that
# opens in lower case (the rest of a sentence that a left-out example interrupted); ``TeX quotes'' made plain, a
# compound word broken across lines after its hyphen joined again, troff's \fI font changes dropped.
def clean_fresh2(text):
    text = re.sub(r"(?<=[A-Za-z]-)\n\s*(?=[a-z])", "", text)  # a compound word broken after its hyphen
    text = re.sub(r"\\f[BIPR]", "", text)  # troff font changes left in a text rendering
    text = re.sub(r"`([^`']*)'", r"'\1'", re.sub(r"``([^`']*)''", r'"\1"', text))  # ``this'' and `this'
    text = clean(text)
    if not text or text[0].islower():
        return None
    text = " ".join(s for s in re.split(r"(?<=[.!?])\s+", text) if not re.search(r"://|www\.|\S@\S", s))
    if len(text.split()) < 15 or not re.search(r"\.[)'\"’”]?$", text):
        return None
    return text


def fresh_vim(path, tag, tidy=clean_fresh2):
    """The prose paragraphs of one section of a Vim help file (the one whose heading carries *TAG*). Left out: lines
    of tags only, examples (tab-indented, or announced by a line ending in ">") and lists; a line indented by three
    spaces opens a paragraph; *tags* are dropped and |links| keep their text."""
    sections = [s.strip("\n").split("\n") for s in re.split(r"\n=+\n", open(path).read())]
    section = next(s for s in sections if f"*{tag}*" in s[0])
    body = "\n".join(line for line in section[1:] if not re.fullmatch(r"\s*(\*[^*\s]+\*\s*)+", line))
    paragraphs = []
    for block in re.split(r"\n\s*\n", body):
        lines = block.split("\n")
        if any(line.startswith(("\t", "<", "    ")) or re.search(r"(^|\s)>$", line) or LIST_ITEM.match(line)
               for line in lines):
            continue
        for part in re.split(r"\n(?=   \S)", block):
            text = "\n".join(line.strip() for line in part.split("\n"))
            text = re.sub(r"\|([^|\s]+)\|", r"\1", re.sub(r"\s*\*[^*\s]+\*", "", text))
            text = tidy(text)
            if text:
                paragraphs.append(text)
    return f"{path}, section *{tag}*", paragraphs


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
    parser.add_argument("--set", choices=["review", "fresh", "fresh2"], default="review")
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
    elif args.set == "fresh":
        for name, (kind, *where), licence in FRESH:
            source, paragraphs = fresh_info(*where) if kind == "info" else fresh_text(*where)
            pages.append((name, source, licence, paragraphs))
    else:
        for name, (kind, *where), licence, *skip in FRESH2:
            read = {"info": fresh_info, "text": fresh_text, "vim": fresh_vim}[kind]
            source, paragraphs = read(*where, tidy=clean_fresh2)
            openings = skip[0] if skip else ()
            pages.append((name, source, licence, [p for p in paragraphs if not p.startswith(openings)]))
    for name, source, licence, paragraphs in pages:
        kept, words = page(paragraphs)
        with open(os.path.join(out, "probe", name + ".txt"), "w") as f:
            f.write("\n\n".join(kept) + "\n")
        manifest.append(f"{name}\tprobe\tdocumentation\t{source}\t{licence}\t{words}")
    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
