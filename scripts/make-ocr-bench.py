#!/usr/bin/env python3
"""Makes the OCR benchmark sets: photo-like pages with known text.

    python3 scripts/make-ocr-bench.py OUT_DIR                    # real material, dev + held-out, 54 images
    python3 scripts/make-ocr-bench.py OUT_DIR --set heldout      # only the held-out part
    python3 scripts/make-ocr-bench.py OUT_DIR --texts-only       # only the page texts (ground truth), no images
    python3 scripts/make-ocr-bench.py OUT_DIR --material own     # the project's own sample texts, 40 images

Each image NAME.jpg comes with NAME.txt, its exact printed text in reading order (line 1 the title, a blank
line, then paragraphs, questions and captions separated by blank lines), and OUT_DIR/manifest.tsv lists every
image with its set, condition, source and rendering parameters. `--texts-only` writes the texts and the
manifest without ImageMagick, for reuse as real pages elsewhere (the quiz benchmark).

Real material (the benchmark): prose paragraphs of published text nobody on the project wrote, taken from
Debian packages (GNU manuals, FAQs, licence texts; list and licences in SOURCES and docs/OCR.md). The "dev"
sources are what the OCR was tuned on; the "heldout" sources are different documents, only measured. Each set
has two rounds of: worksheets with numbered questions and two long, dark ruled answer lines under each
(photographed and scanned), a two-column page, a page with a heading and a figure with its caption, pages
photographed sideways (90 and 270 degrees) and upside down without an EXIF tag, and degraded photos (tilt,
shadow, blur and low resolution together). Then (issue 32, images 18-26 of each set): four worksheets of eight
numbered one-line statements each above a drawn answer line, on a grey table (half with grey rows), lit from the
top, turned 2-3 degrees, JPEG quality 75; two prose pages set with words hyphenated across lines (the page text
keeps the words whole); three heavily degraded photos (38-55% resolution, blur 1.4-2.4 px, JPEG quality 30-50),
some past reading: garbage that must go to review.

Own material (`--material own`, the earlier benchmark): texts composed from topic families whose sentence
templates are filled with names, places, numbers and years; "dev" seeds 1-20, "heldout" seeds 101-120; odd
seeds degraded photos, even seeds clean scans.

Deterministic for a given ImageMagick build: Python's random with fixed seeds, MAGICK_THREAD_LIMIT=1,
metadata stripped. An image whose parameters and text have not changed is not rendered again.
Needs ImageMagick (/usr/bin/convert) and fonts-dejavu-core; fonts-liberation is used when installed.
`--small` makes narrow pages with less text (the test fixtures, scripts/make-ocr-fixtures.sh).
"""
import argparse
import gzip
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap

CONVERT = os.environ.get("CONVERT", "/usr/bin/convert")
RENDERER = "4"  # bump when render() changes, so cached images are made again

FIRST = ["Maria", "Tomas", "Amara", "Henrik", "Lucia", "Kwame", "Ingrid", "Rafael", "Noor", "Elena", "Samuel",
         "Yuki", "Oskar", "Fatima", "Arthur", "Leila", "Victor", "Hana", "Jonas", "Priya", "Matteo", "Grace"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Castell", "Brennan", "Haldane", "Novak", "Ferreira", "Takeda",
        "Whitfield", "Rasmussen", "Albrecht", "Dumont", "Kowalski", "Mbeki", "Sorensen", "Carvalho", "Pemberton"]
TOWNS = ["Harwick", "Lorient", "Castlebay", "Mirano", "Redfield", "Ostrava", "Kingsport", "Valmont", "Ashford",
         "Belmora", "Tarragon", "Westmere", "Dunmore", "Selby", "Portavel", "Granholm"]
RIVERS = ["Aldra", "Serrin", "Molve", "Tarn", "Ebrel", "Kessa", "Varno", "Lune"]
REGIONS = ["Norland", "Esteria", "Calder", "Marvonia", "Pellan", "Ostmark"]


def name(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def grouped(n):
    return f"{n:,}"


# Each family: a subject, title templates and sentence templates. Slots are filled by fill().
FAMILIES = {
    "volcano": ("science", ["Volcanoes of {region}", "How Volcanoes Work"], [
        "A volcano is an opening in the crust of the planet through which molten rock, ash and gas escape.",
        "Deep underground the rock melts into magma, which is lighter than the solid rock around it and slowly rises.",
        "When magma reaches the surface it is called lava, and it can flow at a temperature of about {t4} degrees Celsius.",
        "Mount {town} in {region} last erupted in {year}, and its ash cloud rose {n2} kilometres into the sky.",
        "The geologist {name} measured the crater in {year2} and found that it was {n3} metres deep.",
        "Scientists use a seismometer to record the small earthquakes that often warn of an eruption.",
        "Volcanic soil is rich in minerals, so farmers grow coffee, grapes and rice on the slopes.",
        "Some volcanoes are dormant: they have not erupted for centuries but could still wake up.",
        "About {n4} people live within thirty kilometres of the summit today.",
        "A pyroclastic flow is a fast cloud of hot gas and rock that destroys everything in its path.",
        "The island of {town2} was formed by lava that piled up on the ocean floor over thousands of years.",
    ]),
    "canal": ("history", ["The {town} Canal", "Building the {river} Canal"], [
        "The {town} Canal was dug between {year} and {year2} to link the river {river} with the coast.",
        "The engineer {name} planned a route of {n3} kilometres with {n2} locks to lift boats over the hills.",
        "Most of the work was done by hand, with shovels, wheelbarrows and teams of horses.",
        "Before the canal opened, carrying a ton of grain to the port cost about {n2} shillings and took two weeks.",
        "Afterwards a barge pulled by a single horse could carry {n3} tons in four days.",
        "Towns along the route, such as {town2}, grew quickly as merchants built warehouses beside the water.",
        "In {year3} a railway reached the valley, and the canal slowly lost its trade.",
        "The last commercial barge passed through the locks in {year4}.",
        "Today volunteers repair the towpath, and the canal is used by walkers, cyclists and holiday boats.",
        "Historians call the canal the backbone of the regional economy during the industrial revolution.",
    ]),
    "river": ("geography", ["Rivers of {region}", "The River {river}"], [
        "The river {river} rises in the mountains of {region} and flows {n4} kilometres to the sea.",
        "Its basin covers about {n5} square kilometres and is home to {n3} million people.",
        "In its upper course the river is narrow and fast, and it cuts a deep valley into the rock.",
        "Near the town of {town} the river widens and begins to meander across a flat plain.",
        "At its mouth the river drops its sediment and forms a delta with many small channels.",
        "Every spring melting snow raises the water level, and in {year} a great flood covered the city of {town2}.",
        "A dam was completed in {year2} to control the floods and to produce electricity.",
        "The explorer {name} mapped the upper river in {year3} after a journey of {n2} days.",
        "Fishermen catch salmon and trout in the cold tributaries that join the river from the north.",
        "The climate of the valley is mild, with an average rainfall of {n3}0 millimetres a year.",
    ]),
    "printing": ("history", ["The Printing Press", "Printing in {town}"], [
        "Before printing, every book was copied by hand, and a single bible could take a scribe three years.",
        "The first press in {town} was set up by {name} in {year}.",
        "It used movable metal type, which could be arranged into pages and used again and again.",
        "A skilled team could print about {n4} pages in a single day.",
        "By {year2} there were {n2} printing workshops in the region of {region}.",
        "Cheaper books meant that more people learned to read, and ideas spread faster than ever before.",
        "Pamphlets and newspapers carried news of wars, discoveries and new laws to distant towns.",
        "The printer {name2} was arrested in {year3} for publishing a pamphlet against the king.",
        "Paper was made from old linen rags that were soaked, beaten into pulp and pressed into sheets.",
        "Ink was a mixture of soot, varnish and egg white, and it had to be spread evenly with leather balls.",
    ]),
    "planets": ("science", ["The Solar System", "Planets and Moons"], [
        "The solar system consists of the Sun and everything that travels around it.",
        "The Sun contains more than {n6} percent of the mass of the whole system.",
        "The four inner planets are small and rocky, while the outer planets are giants made mostly of gas.",
        "Light from the Sun takes about {n1} minutes to reach the Earth.",
        "A moon is a natural satellite that orbits a planet rather than the Sun.",
        "The astronomer {name} discovered a faint comet in {year} using a small telescope.",
        "Gravity holds the planets in their orbits and keeps the atmosphere close to the surface.",
        "A year on the outer planet takes about {n3} Earth years because its orbit is so long.",
        "The first probe to fly past the giant planets was launched in {year2}.",
        "Asteroids are rocky fragments, and most of them orbit between the inner and the outer planets.",
        "Because the planet has no atmosphere, its temperature swings by {t3} degrees between day and night.",
    ]),
    "forest": ("science", ["Life in the Rainforest", "Forest Ecosystems"], [
        "A rainforest is a dense forest that receives more than {n4} millimetres of rain every year.",
        "The tallest trees form the canopy, a green roof about {n2} metres above the ground.",
        "Plants use sunlight, water and carbon dioxide to make sugar in a process called photosynthesis.",
        "The forest floor is dark, because less than {n1} percent of the sunlight reaches it.",
        "Fungi and insects break down fallen leaves, returning nutrients to the soil.",
        "In {year} the biologist {name} counted {n3} species of beetle on a single tree.",
        "Many animals live only in the canopy and never touch the ground.",
        "A food chain shows how energy passes from plants to herbivores and then to predators.",
        "Every year about {n4} square kilometres of forest are cleared for farmland.",
        "The national park of {region} was created in {year2} to protect the remaining forest.",
    ]),
    "castle": ("history", ["The Castle of {town}", "Life in a Medieval Castle"], [
        "The castle of {town} was built in {year} on a rocky hill above the river {river}.",
        "Its stone walls were {n1} metres thick, and a deep moat surrounded the outer gate.",
        "The lord {name} lived in the keep with his family, his knights and his servants.",
        "Peasants farmed the land around the castle and paid part of their harvest as rent.",
        "During the siege of {year2} the castle held out for {n2} days before the defenders surrendered.",
        "Archers stood on the battlements and shot arrows through narrow slits in the wall.",
        "The great hall was used for feasts, for trials and for receiving important guests.",
        "In {year3} a fire destroyed the chapel, and it was rebuilt by the mason {name2}.",
        "Gunpowder made castles less useful, because cannons could break even the strongest walls.",
        "Today about {n4} visitors come every year to walk along the walls.",
    ]),
    "weather": ("geography", ["Weather and Climate", "The Climate of {region}"], [
        "Weather is the state of the atmosphere on a particular day, while climate is the average over many years.",
        "The region of {region} has a maritime climate with mild winters and cool summers.",
        "Warm air can hold more moisture than cold air, which is why tropical storms bring heavy rain.",
        "A barometer measures air pressure, and falling pressure usually means that a storm is coming.",
        "The highest temperature ever recorded in {town} was {t2} degrees Celsius, in {year}.",
        "Wind is air moving from an area of high pressure towards an area of low pressure.",
        "The meteorologist {name} set up the first weather station on the coast in {year2}.",
        "Coastal towns such as {town2} receive about {n3}0 millimetres of rain a year.",
        "Mountains force moist air to rise and cool, so their western slopes are much wetter than the valleys behind them.",
        "Since {year3} the average temperature has risen by about one degree.",
    ]),
    "bridge": ("history", ["The {river} Bridge", "Bridges of {town}"], [
        "The first bridge across the river {river} at {town} was a wooden structure built in {year}.",
        "It was swept away by ice in {year2}, and the town relied on a ferry for {n1} years.",
        "The engineer {name} designed a new stone bridge with {n1} arches.",
        "Masons cut the granite in a quarry near {town2} and brought it down the river on rafts.",
        "The bridge is {n3} metres long and stands {n2} metres above the water at its highest point.",
        "Tolls paid for its construction, and every cart crossing the bridge paid two pennies.",
        "In {year3} the bridge was widened to carry trams as well as carriages.",
        "Engineers today check the foundations with divers and sonar every spring.",
        "About {n5} vehicles cross the bridge on an ordinary working day.",
    ]),
}

INSTRUCTIONS = ["Answer all questions in full sentences.", "Read the text carefully, then answer the questions.",
                "Use the text to answer the questions below.", "Answer the questions in your exercise book."]
QUESTIONS = ["Explain why {topic} mattered to the people of the time.", "Describe two facts you learned from the text.",
             "Write a short summary of the text in your own words.", "Name one person mentioned in the text and say what they did.",
             "Draw and label a diagram to show the main idea of the text.", "Compare the past with the present using the text."]


def fill(template, r, slots):
    def value(key):
        if key.startswith(("n", "t")) and not key.startswith("name") and not key.startswith("town"):
            slots.pop(key, None)  # a fresh number at every use: no fact shares its number with another
        if key not in slots:
            if key.startswith("name"):
                slots[key] = name(r)
            elif key.startswith("town"):
                slots[key] = r.choice([t for t in TOWNS if t not in slots.values()])
            elif key == "river":
                slots[key] = r.choice(RIVERS)
            elif key == "region":
                slots[key] = r.choice(REGIONS)
            elif key.startswith("year"):
                # year < year2 < year3 < year4, drawn in order so a text never runs backwards.
                year = slots.setdefault("_year", r.randint(1450, 1890))
                for k in ["year", "year2", "year3", "year4"]:
                    if k not in slots:
                        slots[k] = str(year)
                    year = int(slots[k]) + r.randint(8, 40)
                    if k == key:
                        break
            elif key == "n1":
                slots[key] = str(r.randint(3, 9))
            elif key == "n2":
                slots[key] = str(r.randint(12, 95))
            elif key == "n3":
                slots[key] = str(r.randint(110, 980))
            elif key == "n4":
                slots[key] = grouped(r.randint(12, 95) * 100)
            elif key == "n5":
                slots[key] = grouped(r.randint(20, 900) * 1000)
            elif key == "n6":
                slots[key] = "99"
            elif key == "t2":
                slots[key] = str(r.randint(31, 44))
            elif key == "t3":
                slots[key] = str(r.randint(150, 390))
            elif key == "t4":
                slots[key] = grouped(r.randint(700, 1250))
        return slots[key]
    out = ""
    i = 0
    while i < len(template):
        if template[i] == "{":
            j = template.index("}", i)
            out += value(template[i + 1:j])
            i = j + 1
        else:
            out += template[i]
            i += 1
    return out


def compose(seed):
    """(subject, text) of the worksheet for this seed."""
    r = random.Random(seed * 7919 + 17)
    family = sorted(FAMILIES)[r.randrange(len(FAMILIES))]
    subject, titles, sentences = FAMILIES[family]
    slots = {}
    title = fill(r.choice(titles), r, slots)
    count = min(len(sentences), r.randint(8, 10))
    # Keep the first sentence (it introduces the topic), pick the rest in their order.
    chosen = [sentences[0]] + sorted(r.sample(sentences[1:], count - 1), key=sentences.index)
    filled = [fill(s, r, slots) for s in chosen]
    cuts = sorted(r.sample(range(2, len(filled) - 1), 2))
    paragraphs = [" ".join(filled[:cuts[0]]), " ".join(filled[cuts[0]:cuts[1]]), " ".join(filled[cuts[1]:])]
    exercises = [r.choice(INSTRUCTIONS)]
    for k, q in enumerate(r.sample(QUESTIONS, 3)):
        exercises.append(f"{k + 1}. " + q.format(topic=title.lower()))
    text = title + "\n\n" + "\n\n".join(paragraphs) + "\n\n" + "\n".join(exercises) + "\n"
    return subject, text


# (FreeSerif and FreeSans are left out: their metrics make ImageMagick refuse multi-line labels as too large.)
FONTS_PREFERRED = ["DejaVu-Serif", "DejaVu-Sans", "Liberation-Serif", "Liberation-Sans",
                   "DejaVu-Sans-Condensed", "Liberation-Sans-Narrow", "DejaVu-Serif-Condensed"]


def available_fonts():
    listed = subprocess.run([CONVERT, "-list", "font"], capture_output=True, text=True).stdout
    names = {line.split(":", 1)[1].strip() for line in listed.splitlines() if line.strip().startswith("Font:")}
    fonts = [f for f in FONTS_PREFERRED if f in names and (f + "-Bold") in names]
    if not fonts:
        sys.exit("make-ocr-bench: no usable fonts (apt-get install -y fonts-dejavu-core)")
    return fonts


DIRECTIONS = ["North", "South", "East", "West", "NorthEast", "NorthWest", "SouthEast", "SouthWest"]


def params(seed, fonts):
    r = random.Random(seed * 104729 + 3)
    degraded = seed % 2 == 1
    p = {
        "font": fonts[r.randrange(len(fonts))],
        "pointsize": r.randint(22, 30),
        "degraded": degraded,
    }
    if degraded:
        p.update(angle=round(r.choice([-1, 1]) * r.uniform(1.5, 5.0), 2),
                 direction=r.choice(DIRECTIONS),
                 shade="#%02x%02x%02x" % ((r.randint(0x60, 0x95),) * 3),
                 vignette="#%02x%02x%02x" % ((r.randint(0x90, 0xb0),) * 3),
                 blur=round(r.uniform(0.7, 1.5), 2), noise=round(r.uniform(0.2, 0.4), 2), quality=r.randint(55, 80))
    else:
        p.update(angle=0.0, direction="South", shade="#f4f4f4", vignette="#ffffff",
                 blur=round(r.uniform(0.0, 0.4), 2), noise=0.05, quality=r.randint(85, 95))
    return p


PAPER, INK, DESK, RULE = "#fbfaf5", "#1d1d1f", "#5d4c3c", "#303034"


def label(font, ps, text):
    return ["(", "-font", font, "-pointsize", str(ps), "label:" + text, ")"]


def filler(w, h, colour=PAPER):
    return ["(", "-size", f"{w}x{h}", "xc:" + colour, "+size", ")"]


def wrap(text, width, ps, hyphenate=False):
    # Lines are wrapped here, not by caption: (which measures a paragraph unwrapped first, and a long
    # one exceeds the width limit of Debian's ImageMagick policy): at most `width` at ~0.58 em a letter.
    limit = max(20, int(width / (0.58 * ps)))
    if not hyphenate:
        return textwrap.wrap(text, limit)
    # As a typesetter would: a long word that does not fit is split with a hyphen (after at least 3 letters,
    # leaving at least 3), so the page shows words hyphenated across lines; the page text keeps them whole.
    lines, line = [], ""
    for word in text.split():
        room = limit - len(line) - (1 if line else 0)
        if len(word) <= room:
            line = f"{line} {word}" if line else word
            continue
        core = re.match(r"[A-Za-z]+", word)
        cut = min(room - 1, len(word) - 3)
        if core and core.end() == len(word.rstrip(".,;:")) and len(core.group()) >= 6 and cut >= 2 and word[:cut].isalpha():
            lines.append(f"{line} {word[:cut]}-" if line else word[:cut] + "-")
            line = word[cut:]
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def column(blocks, font, ps, width, rule=3, rule_gap=2.0, hyphenate=False, paper=PAPER):
    """ImageMagick arguments for one column of blocks, stacked top to bottom. A block is
    ("text", paragraph), ("rules", count) (ruled answer lines, long and dark as on printed worksheets),
    ("figure", caption) (a drawing with a caption under it) or ("line", text) (one line of text with a drawn
    answer line under it, on a shaded row when the page has a row colour)."""
    parts = []
    for kind, value in blocks:
        if kind == "line":
            row = paper if paper != PAPER else PAPER
            parts += filler(1, ps * 2 // 3) + ["(", "-background", row, *label(font, ps, value), "-gravity", "West",
                                                "-extent", f"{width}x{ps * 3 // 2}", "-background", PAPER, ")"]
            parts += filler(1, int(ps * rule_gap)) + filler(width, rule, RULE)
        elif kind == "text":
            parts += filler(1, ps * 3 // 4)
            for n, line in enumerate(wrap(value, width, ps, hyphenate)):
                # One label per line: this ImageMagick (6.9.11) fails some multi-line labels with
                # "width or height exceeds limit".
                if n:
                    parts += filler(1, ps // 3)
                parts += label(font, ps, line)
        elif kind == "rules":
            for _ in range(value):
                parts += filler(1, int(ps * rule_gap)) + filler(width, rule, RULE)
        elif kind == "figure":
            w, h = width * 2 // 3, width // 3
            parts += filler(1, ps) + ["(", "-size", f"{w}x{h}", "xc:#dcdcd8", "-fill", "none", "-stroke", "#505050",
                                      "-strokewidth", "4", "-draw", f"circle {w // 3},{h // 2} {w // 3},{h // 5}",
                                      "-draw", f"line {w // 10},{h * 9 // 10} {w * 9 // 10},{h // 8}",
                                      "-draw", f"rectangle {w * 6 // 10},{h // 2} {w * 8 // 10},{h * 8 // 10}", ")",
                                      # Drawing settings persist in ImageMagick 6: the text after must not be outlined.
                                      "+stroke", "-fill", INK]
            parts += filler(1, ps // 2)
            for n, line in enumerate(wrap(value, width, ps - 4)):
                if n:
                    parts += filler(1, ps // 3)
                parts += label(font + ("-Oblique" if font.startswith("DejaVu-Sans") else "-Italic"), ps - 4, line)
    return ["(", *parts, "-append", ")"]


def render_page(title, columns, p, page_path):
    """The page as printed: a bold title over one or two columns of blocks, on paper."""
    ps, font, text_w = p["pointsize"], p["font"], p["text_width"]
    gutter = ps * 2
    col_w = text_w if len(columns) == 1 else (text_w - gutter) // 2
    body = column(columns[0], font, ps, col_w, p.get("rule", 3), p.get("rule_gap", 2.0), p.get("hyphenate", False),
                  p.get("row", PAPER))
    if len(columns) == 2:
        body = ["(", *body, *filler(gutter, 1), *column(columns[1], font, ps, col_w), "+append", ")"]
    margin = p["margin"]
    subprocess.run([CONVERT, "-background", PAPER, "-fill", INK, "-gravity", "NorthWest",
                    *label(font + "-Bold", ps + 14, title), *filler(1, ps), *body, "-append",
                    "-bordercolor", PAPER, "-border", f"{margin}x{margin}", page_path], check=True)


def photograph(page, p, out_path):
    """A phone photo of the printed page: on a desk, tilted, lit unevenly, blurred, noisy, maybe at low
    resolution, maybe held sideways or upside down (without an EXIF tag), saved as a JPEG."""
    out = subprocess.run([CONVERT, page, "-format", "%w %h", "info:"], capture_output=True, text=True, check=True)
    w, h = (int(v) for v in out.stdout.split())
    photo_w, photo_h = w + 80, h + 100
    resize = p.get("resize", 1.0)
    subprocess.run([
        CONVERT, page, "-bordercolor", p.get("desk", DESK), "-border", "90", "-background", p.get("desk", DESK),
        "-rotate", str(p["angle"]),
        "-gravity", "center", "-crop", f"{photo_w}x{photo_h}+0+0", "+repage",
        "(", "-size", f"{photo_w}x{photo_h}", "-define", f"gradient:direction={p['direction']}",
        f"gradient:white-{p['shade']}", ")", "-compose", "multiply", "-composite",
        "(", "-size", f"{photo_w}x{photo_h}", "-define", "gradient:extent=diagonal",
        f"radial-gradient:white-{p['vignette']}", "-level", "0%,100%,1.6", ")", "-compose", "multiply", "-composite",
        *(["-blur", f"0x{p['blur']}"] if p["blur"] > 0 else []),
        *(["-resize", f"{resize * 100:.0f}%"] if resize != 1.0 else []),
        "-seed", "42", "-attenuate", str(p["noise"]), "+noise", "Gaussian",
        *(["-rotate", str(p["orientation"])] if p.get("orientation") else []),
        "-strip", "-sampling-factor", "2x2", "-quality", str(p["quality"]), out_path], check=True)


def render(text, p, out_path, tmp):
    """Own material: the title, then the paragraphs and the exercises in one column."""
    lines = text.rstrip("\n").split("\n")
    blocks = [("text", line) for block in "\n".join(lines[2:]).split("\n\n") for line in block.split("\n")]
    page = os.path.join(tmp, "page.png")
    render_page(lines[0], [blocks], dict(p, text_width=1400, margin=100), page)
    photograph(page, p, out_path)


# Real material: printed text nobody on the project wrote, from Debian packages installed on every machine
# that runs the benchmark (setup.sh --bench). The held-out sources are never tuned on. Licences: docs/OCR.md.
SOURCES = {
    "dev": [("coreutils manual", "/usr/share/info/coreutils.info.gz"),
            ("grep manual", "/usr/share/info/grep.info.gz"),
            ("XZ Utils FAQ", "/usr/share/doc/xz-utils/faq.txt.gz"),
            ("zlib FAQ", "/usr/share/doc/zlib1g-dev/FAQ.gz"),
            ("GNU General Public License 3", "/usr/share/common-licenses/GPL-3")],
    "heldout": [("diffutils manual", "/usr/share/info/diffutils.info.gz"),
                ("sed manual", "/usr/share/info/sed.info.gz"),
                ("gzip manual", "/usr/share/info/gzip.info.gz"),
                ("findutils manual", "/usr/share/info/find.info-1.gz"),
                ("GNU Lesser General Public License 2.1", "/usr/share/common-licenses/LGPL-2.1")],
}
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def paragraphs(path):
    """The prose paragraphs of a text file (plain or gzipped): lines joined, whitespace collapsed; code,
    menus, tables and anything ImageMagick's label: would interpret (@, %, backslash) left out."""
    if not os.path.exists(path):
        sys.exit(f"make-ocr-bench: {path} is missing (bash scripts/setup.sh --bench installs its package; a Docker image "
                 "that excludes /usr/share/doc or /usr/share/info from packages needs that exclusion lifted)")
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", errors="replace") as f:
        raw = f.read()
    out = []
    for block in re.split(r"\n\s*\n", raw):
        text = " ".join(block.split()).translate(QUOTES)
        words = text.split()
        if not (100 <= len(text) <= 650) or not re.fullmatch(r"[A-Z][ -~]*[.?!]", text):
            continue
        if re.search(r"[{}<>|$=_*\\#@\[\]~^%`]|\.\.\.|--", text):
            continue
        if sum(bool(re.fullmatch(r"[A-Za-z][a-z]*[,.;:?!)]?", w)) for w in words) < 0.8 * len(words):
            continue
        out.append(text)
    return out


def sentences(paragraph):
    return [s for s in re.split(r"(?<=[.?!])\s+(?=[A-Z])", paragraph) if len(s) >= 40]


# (condition, layout, photo, orientation): one round of the real set. Worksheets come twice: they are the most
# common homework photo.
ROUND = [("worksheet", "worksheet", "photo", 0), ("worksheet", "worksheet", "scan", 0),
         ("two-column", "columns", "photo", 0), ("heading-figure", "figure", "photo", 0),
         ("sideways", "prose", "photo", 90), ("sideways", "worksheet", "photo", 270),
         ("upside-down", "prose", "photo", 180), ("degraded", "prose", "degraded", 0),
         ("degraded", "worksheet", "degraded", 0)]
ROUNDS = 2
# After the rounds (issue 32), each set has: worksheets of eight numbered one-line statements, each above a drawn
# answer line, on a grey table (some with grey rows), lit from the top, turned 2-3 degrees, JPEG quality 75; prose
# pages with words hyphenated across lines; and heavily degraded photos (some too poor to read: they must go to
# review, not to the quiz). New images take numbers 18 and up, so the rounds' images stay as they were.
EXTRA = [("worksheet-lines", "lines", "table", 0)] * 4 + [("hyphenated", "prose", "photo", 0)] * 2 \
    + [("degraded-heavy", "prose", "heavy", 0)] * 3


def compose_real(set_name, index, small=False):
    """(condition, source, title, columns, text, params) of real-material image `index` of a set."""
    rounds = len(ROUND) * ROUNDS
    condition, layout, photo, orientation = ROUND[index % len(ROUND)] if index < rounds else EXTRA[index - rounds]
    r = random.Random(f"{set_name}-{index}")
    source, path = SOURCES[set_name][index % len(SOURCES[set_name])]
    pool = paragraphs(path)
    start = r.randrange(len(pool) - 12)
    chosen = pool[start:start + 12]
    ps = r.randint(24, 30)
    if layout == "lines":
        # Statements that fit on one line at this size, from the chosen paragraphs on.
        fits = int(760 / (0.58 * 22)) - 4 if small else int(1400 / (0.58 * ps)) - 4
        title = f"{source}: Questions"
        statements = [s for para in pool[start:] for s in sentences(para) if len(s) <= fits][:8]
        blocks = [("text", "Read each statement and explain it in your own words.")]
        blocks += [("line", f"{k + 1}. {q}") for k, q in enumerate(statements)]
        columns = [blocks]
    elif layout == "worksheet":
        title = f"{source}: Questions"
        questions = [s for para in chosen for s in sentences(para)][:3 if small else r.randint(4, 5)]
        blocks = [("text", "Read each statement and explain it in your own words.")]
        for k, q in enumerate(questions):
            blocks += [("text", f"{k + 1}. {q}"), ("rules", 2)]
        columns = [blocks]
    elif layout == "columns":
        title = source
        paras = chosen[:6]
        columns = [[("text", t) for t in paras[:3]], [("text", t) for t in paras[3:]]]
    elif layout == "figure":
        title = source
        caption = "Figure 1. " + sentences(chosen[1])[0] if sentences(chosen[1]) else "Figure 1. " + chosen[1]
        columns = [[("text", chosen[0]), ("figure", caption), ("text", chosen[2]), ("text", chosen[3])]]
    else:
        title = source
        columns = [[("text", t) for t in chosen[:2 if small else 4]]]
    text = title + "\n\n" + "\n\n".join(v for col in columns for kind, v in col if kind in ("text", "figure", "line")) + "\n"
    p = {"font": None, "pointsize": ps, "layout": layout, "orientation": orientation,
         "text_width": 1400, "margin": 100, "rule": r.randint(2, 6),
         "rule_gap": round(r.uniform(0.9, 2.0), 2)}
    if small:
        p.update(pointsize=r.randint(20, 22), text_width=760, margin=50)
    if condition == "hyphenated":
        p.update(hyphenate=True)
    if photo == "table":
        # A grey table, light falling from the top, a small turn, JPEG quality 75; half the sheets have grey rows.
        grey = r.randint(0x70, 0x98)
        p.update(angle=round(r.choice([-1, 1]) * r.uniform(2.0, 3.0), 2), direction="South",
                 shade="#%02x%02x%02x" % ((r.randint(0xc0, 0xdc),) * 3), vignette="#%02x%02x%02x" % ((r.randint(0xd0, 0xe8),) * 3),
                 blur=round(r.uniform(0.5, 1.0), 2), noise=round(r.uniform(0.1, 0.25), 2), quality=75,
                 resize=round(r.uniform(0.6, 0.9), 2), desk="#%02x%02x%02x" % (grey, grey, grey + 4),
                 rule=r.randint(2, 4), rule_gap=round(r.uniform(0.6, 1.2), 2),
                 **({"row": "#%02x%02x%02x" % ((r.randint(0xd8, 0xe6),) * 3)} if r.random() < 0.5 else {}))
    elif photo == "heavy":
        # Worse than "degraded": lower resolution, more blur and noise, harder JPEG; some are past reading.
        p.update(angle=round(r.choice([-1, 1]) * r.uniform(2.0, 5.0), 2), direction=r.choice(DIRECTIONS),
                 shade="#%02x%02x%02x" % ((r.randint(0x50, 0x80),) * 3), vignette="#%02x%02x%02x" % ((r.randint(0x80, 0xa0),) * 3),
                 blur=round(r.uniform(1.4, 2.4), 2), noise=round(r.uniform(0.3, 0.6), 2), quality=r.randint(30, 50),
                 resize=round(r.uniform(0.38, 0.55), 2))
    elif photo == "scan":
        p.update(angle=0.0, direction="South", shade="#f4f4f4", vignette="#ffffff", blur=0.3, noise=0.05,
                 quality=r.randint(85, 95))
    elif photo == "photo":
        p.update(angle=round(r.choice([-1, 1]) * r.uniform(0.5, 3.0), 2), direction=r.choice(DIRECTIONS),
                 shade="#%02x%02x%02x" % ((r.randint(0xa0, 0xc8),) * 3), vignette="#%02x%02x%02x" % ((r.randint(0xb0, 0xd0),) * 3),
                 blur=round(r.uniform(0.5, 1.0), 2), noise=round(r.uniform(0.1, 0.3), 2), quality=r.randint(70, 88),
                 resize=round(r.uniform(0.6, 1.0), 2))
    else:  # tilt + shadow + blur + low resolution together
        p.update(angle=round(r.choice([-1, 1]) * r.uniform(2.0, 5.0), 2), direction=r.choice(DIRECTIONS),
                 shade="#%02x%02x%02x" % ((r.randint(0x60, 0x90),) * 3), vignette="#%02x%02x%02x" % ((r.randint(0x90, 0xb0),) * 3),
                 blur=round(r.uniform(1.0, 1.6), 2), noise=round(r.uniform(0.2, 0.4), 2), quality=r.randint(55, 70),
                 resize=round(r.uniform(0.55, 0.7), 2))
    return condition, source, title, columns, text, p


def render_real(title, columns, p, out_path, tmp):
    page = os.path.join(tmp, "page.png")
    render_page(title, columns, p, page)
    photograph(page, p, out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--set", choices=["dev", "heldout", "all"], default="all")
    ap.add_argument("--material", choices=["real", "own"], default="real")
    ap.add_argument("--texts-only", action="store_true", help="write the page texts and the manifest, no images")
    ap.add_argument("--only", help="comma-separated image numbers within each set (real material)")
    ap.add_argument("--small", action="store_true", help="narrow pages with less text (test fixtures)")
    args = ap.parse_args()
    if not args.texts_only and subprocess.run([CONVERT, "-version"], capture_output=True, text=True).stdout.find("ImageMagick") < 0:
        sys.exit(f"make-ocr-bench: ImageMagick not found at {CONVERT} (apt-get install -y imagemagick)")
    os.environ["MAGICK_THREAD_LIMIT"] = "1"
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    fonts = available_fonts() if not args.texts_only else FONTS_PREFERRED
    chosen = ["dev", "heldout"] if args.set == "all" else [args.set]
    os.makedirs(args.out, exist_ok=True)
    rows = []

    def emit(stem, text, p, draw):
        image, truth, stamp = (os.path.join(args.out, stem + ext) for ext in (".jpg", ".txt", ".params"))
        with open(truth, "w") as f:
            f.write(text)
        if args.texts_only:
            return
        key = hashlib.sha256((RENDERER + repr(sorted(p.items())) + text).encode()).hexdigest()
        if not (os.path.exists(image) and os.path.exists(stamp) and open(stamp).read() == key):
            draw(image)
            with open(stamp, "w") as f:
                f.write(key)
        rows[-1] += [p["font"], str(p["pointsize"]), str(p["angle"]), str(p["blur"]), str(p["noise"]), str(p["quality"])]

    with tempfile.TemporaryDirectory() as tmp:
        for set_name in chosen:
            if args.material == "own":
                for seed in {"dev": range(1, 21), "heldout": range(101, 121)}[set_name]:
                    subject, text = compose(seed)
                    p = params(seed, fonts)
                    condition = "degraded" if p["degraded"] else "clean"
                    stem = f"{set_name}-{seed:03d}-{condition}"
                    rows.append([stem + ".jpg", set_name, condition, subject, "own"])
                    emit(stem, text, p, lambda image: render(text, p, image, tmp))
                continue
            indexes = range(len(ROUND) * ROUNDS + len(EXTRA))
            if args.only:
                indexes = [int(i) for i in args.only.split(",")]
            for index in indexes:
                condition, source, title, columns, text, p = compose_real(set_name, index, args.small)
                p["font"] = fonts[random.Random(f"{set_name}-{index}-font").randrange(len(fonts))]
                stem = f"{set_name}-{index:03d}-{condition}"
                rows.append([stem + ".jpg", set_name, condition, "-", source])
                emit(stem, text, p, lambda image: render_real(title, columns, p, image, tmp))
    with open(os.path.join(args.out, "manifest.tsv"), "w") as f:
        header = ["image", "set", "condition", "subject", "source"]
        f.write("\t".join(header + ([] if args.texts_only else ["font", "pointsize", "angle", "blur", "noise", "quality"])) + "\n")
        f.write("\n".join("\t".join(row) for row in rows) + "\n")
    print(f"make-ocr-bench: {len(rows)} {'texts' if args.texts_only else 'images'} in {args.out}")


if __name__ == "__main__":
    main()
