#!/usr/bin/env bash
# Regenerates the LecternOCR test fixtures in Tests/LecternOCRTests/Fixtures/.
#
# Every text below was written for Lectern; the images are rendered from it, and each image
# has a .txt beside it with its exact ground truth. Bad inputs are crafted byte by byte.
#
# Needs: ImageMagick 6 `convert`, the DejaVu fonts (apt-get install -y fonts-dejavu-core), python3.
# The output is committed; rerun this only to change the fixtures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$here/Tests/LecternOCRTests/Fixtures"
mkdir -p "$out"

command -v convert >/dev/null || { echo "ImageMagick 'convert' is missing" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is missing" >&2; exit 2; }
if ! convert -list font | grep -q 'Font: DejaVu-Sans$'; then
    echo "DejaVu fonts are missing: apt-get install -y fonts-dejavu-core" >&2
    exit 2
fi

# --- Ground truth ------------------------------------------------------------------------------
# (No '%' or '\' characters: ImageMagick's label: interprets them.)

cat > "$out/clean-page.txt" <<'TXT'
Worksheet 4: The Water Cycle
Read the passage and answer the questions below.
Water moves in a loop between the oceans, the air and the land.
When the sun warms a lake, some of the water turns into vapour
and rises. High in the sky the vapour cools and forms tiny drops,
which gather into clouds. When the drops grow heavy, they fall as
rain, snow or hail. Rivers carry much of this water back to the sea,
while some of it soaks into the ground and feeds wells and springs.
1. What makes the water in a lake rise into the air?
2. Name three kinds of precipitation.
3. Where does the water go after it reaches the ground?
TXT

cat > "$out/phone-photo.txt" <<'TXT'
Homework: The Bridges of Millford
The first bridge at Millford was built of oak in 1284 and lasted
almost ninety years before a flood carried it away. Its stone
replacement had seven arches and a small chapel in the middle,
where travellers paid a toll of one penny. In 1871 the town
added an iron footbridge for workers walking to the new mill.
Today the stone bridge carries only bicycles and people on foot.
Question: How many arches did the stone bridge have, and what
did travellers pay to cross it?
TXT

# label: keeps our line breaks, so the .txt is the exact text of the image.
render() { # text-file pointsize output
    convert -background white -fill black -font DejaVu-Sans -pointsize "$2" \
        label:"$(cat "$1")" -bordercolor white -border 40 "$3"
}

# --- A clean page: black text on white, 8-bit grayscale PNG --------------------------------------
render "$out/clean-page.txt" 22 png:- | convert png:- -colorspace Gray -depth 8 -strip "PNG8:$out/clean-page.png"

# --- A phone photo: tilted 4 degrees, warm paper, uneven light, noise, JPEG quality 70 ----------
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
render "$out/phone-photo.txt" 26 "$tmp/text.png"
# Tilt on a white page, then crop the corners the rotation added.
convert "$tmp/text.png" -background white -rotate 4 +repage -gravity center \
    -crop 96%x94%+0+0 +repage "$tmp/tilted.png"
size="$(identify -format '%wx%h' "$tmp/tilted.png")"
# Light falls from the top left: bright there, a dim shadow towards the bottom right.
convert -size "$size" -define gradient:angle=135 gradient:'gray(100%)-gray(40%)' "$tmp/light.png"
convert "$tmp/tilted.png" -fill '#f3ead8' -opaque white \
    "$tmp/light.png" -compose Multiply -composite \
    -seed 7 -attenuate 0.6 +noise Gaussian \
    -blur 0x0.6 -strip -sampling-factor 4:2:0 -quality 70 "$out/phone-photo.jpg"

# --- A phone photo held sideways: pixels stored turned 90° anticlockwise, EXIF orientation 6 ----
# (python below adds the EXIF block; the picture is right only if the reader honours it)
convert "$out/clean-page.png" -rotate -90 -colorspace Gray -strip -quality 75 "$tmp/sideways.jpg"
cp "$out/clean-page.txt" "$out/sideways-exif.txt"

# --- A blank sheet: a picture, but no text on it ---------------------------------------------
convert -size 600x400 gradient:'#fbf8f0-#d9d3c4' -seed 3 -attenuate 0.3 +noise Gaussian -strip -quality 60 "$out/blank-page.jpg"
: > "$out/blank-page.txt"   # its ground truth: no text

# --- Bad inputs ------------------------------------------------------------------------------
# A text file whose name says JPEG.
printf 'Homework for Monday\nRead chapter 3 and answer the questions on page 41.\n' > "$out/not-an-image.jpg"
# Nothing at all.
: > "$out/empty.png"

python3 - "$out" "$tmp" <<'PY'
import struct, sys, zlib, os
out = sys.argv[1]

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

# A tiny PNG whose IHDR claims 50000 x 50000 (8-bit grayscale): valid signature, IHDR with a
# correct CRC and a small IDAT. Decoding it would need 2.5 GB; it must be refused from the header.
ihdr = struct.pack(">IIBBBBB", 50000, 50000, 8, 0, 0, 0, 0)
idat = zlib.compress(b"\x00" + b"\xff" * 64)
huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
open(os.path.join(out, "huge-header.png"), "wb").write(huge)

# EXIF orientation 6 ("rotate 90° clockwise to show") in an APP1 segment right after SOI.
tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) \
     + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
app1 = b"Exif\x00\x00" + tiff
jpeg = open(os.path.join(sys.argv[2], "sideways.jpg"), "rb").read()
assert jpeg[:2] == b"\xff\xd8"
jpeg = jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:]
open(os.path.join(out, "sideways-exif.jpg"), "wb").write(jpeg)

# The first 40% of a real PNG: the header is fine, the pixel data stops short.
data = open(os.path.join(out, "clean-page.png"), "rb").read()
open(os.path.join(out, "truncated.png"), "wb").write(data[: len(data) * 40 // 100])
PY

ls -l "$out"

# --- Real material (published text nobody here wrote; sources and licences in docs/OCR.md) -----------
# Small pages from the benchmark's renderer: a photographed worksheet with ruled answer lines, the same kind of
# worksheet photographed sideways (turned 270° without an EXIF tag), and a page photographed upside down.
real="$(mktemp -d)"
trap 'rm -rf "$real"' EXIT
python3 "$here/scripts/make-ocr-bench.py" "$real" --set dev --only 0,5,6 --small >/dev/null
for pair in "000-worksheet:real-worksheet" "005-sideways:real-sideways" "006-upside-down:real-upside-down"; do
    cp "$real/dev-${pair%%:*}.jpg" "$out/${pair##*:}.jpg"
    cp "$real/dev-${pair%%:*}.txt" "$out/${pair##*:}.txt"
done

# --- Paragraphs rebuilt from lines (issue 32) ----------------------------------------------------------
# A heading and two paragraphs written for Lectern, set line by line as a printer would, with a word hyphenated
# across a line break ("rain-/water" in the first paragraph) and a compound split at its own hyphen ("well-/known", in
# the second, which keeps its hyphen). The .txt is the page as the reader should rebuild it: the heading, then each
# paragraph on one line, words mended, a blank line between units.
cat > "$out/two-paragraphs.txt" <<'TXT'
Keeping the School Garden

Every spring the pupils of class four plant beans, peas and sunflowers in the garden behind the gym. They collect rainwater in two old barrels, because the tap is far away and the hose is too short to reach the beds.

In the summer the windmills on the hill turn slowly, and the well-known path along the fence is lined with tall yellow flowers. After the holidays the class weighs the harvest and writes the numbers on a chart in the hall.
TXT
convert -background white -fill black -font DejaVu-Sans -pointsize 26 \
    \( -font DejaVu-Sans-Bold -pointsize 34 label:'Keeping the School Garden' -font DejaVu-Sans -pointsize 26 \) \
    \( -size 1x30 xc:white +size \) \
    \( label:'Every spring the pupils of class four plant beans, peas and' \) \
    \( label:'sunflowers in the garden behind the gym. They collect rain-' \) \
    \( label:'water in two old barrels, because the tap is far away and the' \) \
    \( label:'hose is too short to reach the beds.' \) \
    \( -size 1x34 xc:white +size \) \
    \( label:'In the summer the windmills on the hill turn slowly, and the well-' \) \
    \( label:'known path along the fence is lined with tall yellow flowers.' \) \
    \( label:'After the holidays the class weighs the harvest and writes the' \) \
    \( label:'numbers on a chart in the hall.' \) \
    -gravity NorthWest -append -bordercolor white -border 40 -colorspace Gray -depth 8 -strip "PNG8:$out/two-paragraphs.png"

# A worksheet of eight numbered one-line statements over drawn answer lines, on a grey table, turned 2-3°, lit from
# the top, JPEG quality 75 (the benchmark's "worksheet-lines" kind, published text: coreutils manual, GFDL 1.3+).
python3 "$here/scripts/make-ocr-bench.py" "$real" --set dev --only 20 --small >/dev/null
cp "$real/dev-020-worksheet-lines.jpg" "$out/real-worksheet-lines.jpg"
cp "$real/dev-020-worksheet-lines.txt" "$out/real-worksheet-lines.txt"
