#!/usr/bin/env bash
# Regenerates the generated (image) files of the sample inbox `samples/`:
#
#   samples/photos/*.jpg                         homework worksheet "phone photos"
#   samples/intro-to-python/week-02/images/loop.png  the course's one local image
#
# Worksheet text comes from scripts/samples/photos/NAME.txt, which is also the exact
# ground truth for OCR checks (line 1: title; line 2: blank; then the body, whose
# paragraphs are separated by blank lines). It lives outside samples/ on purpose:
# every .txt inside samples/ is an inbox item (a word-list source).
#
# Everything else in samples/ (text scripts, subtitles, HTML posts, course.yml) is
# written by hand and committed as is; this script never touches it.
#
# Run from anywhere:  bash scripts/make-samples.sh
# Idempotent and deterministic for a given ImageMagick build: fixed seeds, metadata
# stripped, and a file is only replaced when its bytes change.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/scripts/samples"
OUT="$ROOT/samples"

# /usr/local/bin/convert may be a stand-in that only handles PNG -> PPM; use the real one.
CONVERT="${CONVERT:-/usr/bin/convert}"
if ! "$CONVERT" -version 2>/dev/null | grep -q '^Version: ImageMagick'; then
  echo "make-samples: ImageMagick not found at $CONVERT" >&2
  echo "  install it with: apt-get install -y imagemagick fonts-dejavu-core" >&2
  exit 2
fi
if ! "$CONVERT" -list font | grep -q 'Font: DejaVu-Serif$'; then
  echo "make-samples: DejaVu fonts missing (apt-get install -y fonts-dejavu-core)" >&2
  exit 2
fi

# Same pixels every run: no wall-clock dates in PNG chunks, one thread so that
# blur/noise never depend on work splitting.
export MAGICK_THREAD_LIMIT=1
export SOURCE_DATE_EPOCH=0

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# install FILE DEST: move FILE to DEST unless DEST already has the same bytes.
install_if_changed() {
  local new="$1" dest="$2"
  mkdir -p "$(dirname "$dest")"
  if [[ -f "$dest" ]] && cmp -s "$new" "$dest"; then
    echo "unchanged  ${dest#"$ROOT"/}"
    rm -f "$new"
  else
    mv -f "$new" "$dest"
    echo "wrote      ${dest#"$ROOT"/}  ($(($(stat -c %s "$dest") / 1024)) KB)"
  fi
}

# worksheet NAME FONT POINTSIZE ANGLE LIGHT_DIRECTION SHADE BLUR
#   FONT        DejaVu family: Serif or Sans
#   POINTSIZE   body size in points (72 dpi, so roughly pixels per em)
#   ANGLE       rotation in degrees (the phone was not held square)
#   LIGHT_DIRECTION  where the page gets darker: a gradient direction (e.g. SouthEast)
#   SHADE       grey the dark side falls to (lower = darker)
#   BLUR        Gaussian blur sigma (focus / hand shake)
worksheet() {
  local name="$1" font="$2" ps="$3" angle="$4" dir="$5" shade="$6" blur="$7"
  local txt="$SRC/photos/$name.txt"
  local title body
  title="$(head -n 1 "$txt")"
  body="$(tail -n +3 "$txt")"
  # ImageMagick expands %-escapes and a leading @ reads a file: keep texts plain.
  if grep -q '[%\\]' "$txt" || [[ "$body" == @* ]]; then
    echo "make-samples: $txt has %, \\ or a leading @, which ImageMagick would interpret" >&2
    exit 1
  fi

  local page_w=1600 page_h=2050 text_w=1400
  local ink='#1d1d1f' paper='#fbfaf5' desk='#5d4c3c'

  # 1. The printed page: bold title, a gap, the body wrapped to the text width
  #    paragraph by paragraph (caption: measures its text unwrapped first, and a
  #    whole page on one line exceeds the width limit of Debian's policy.xml),
  #    white space below (room for answers), as a worksheet is.
  local -a parts=(\( -font "DejaVu-$font-Bold" -pointsize $((ps + 14)) label:"$title" \))
  local para gap=$((ps * 2))
  while IFS= read -r -d '' para; do
    [[ -n "$para" ]] || continue
    parts+=(\( -size "1x$gap" xc:"$paper" \)
            \( -size "${text_w}x" -font "DejaVu-$font" -pointsize "$ps"
               -interline-spacing $((ps / 3)) caption:"$para" \))
    gap=$((ps * 3 / 4))
  done < <(printf '%s\n' "$body" | awk 'BEGIN { RS = ""; ORS = "\0" } { print }')
  "$CONVERT" -background "$paper" -fill "$ink" "${parts[@]}" \
    -gravity West -append \
    -gravity North -background "$paper" -splice 0x150 \
    -gravity North -extent "${page_w}x${page_h}" \
    "$TMP/$name-page.png"

  # 2. The phone photo: page on a desk, tilted, lit unevenly (a directional
  #    gradient and a vignette multiplied in, warm indoor light), slightly soft,
  #    sensor noise, then an ordinary phone JPEG.
  local photo_w=1680 photo_h=2160
  "$CONVERT" "$TMP/$name-page.png" \
    -bordercolor "$desk" -border 90 \
    -background "$desk" -rotate "$angle" \
    -gravity center -crop "${photo_w}x${photo_h}+0+0" +repage \
    \( -size "${photo_w}x${photo_h}" -define gradient:direction="$dir" gradient:white-"$shade" \) \
    -compose multiply -composite \
    \( -size "${photo_w}x${photo_h}" -define gradient:extent=diagonal radial-gradient:white-'#9a9a9a' \
       -level 0%,100%,1.6 \) \
    -compose multiply -composite \
    \( -size "${photo_w}x${photo_h}" xc:'#fff1dc' \) \
    -compose multiply -composite \
    -blur 0x"$blur" \
    -seed 42 -attenuate 0.25 +noise Gaussian \
    -strip -sampling-factor 2x2 -quality 75 \
    "$TMP/$name.jpg"

  install_if_changed "$TMP/$name.jpg" "$OUT/photos/$name.jpg"
}

#          name              font   pt  angle  darker side  shade    blur
worksheet  water-cycle       Serif  26   2.5   SouthEast    '#8a8a8a'  0.9
worksheet  erie-canal        Sans   24  -3.0   West         '#7c7c7c'  1.0
worksheet  rivers-of-africa  Serif  28   3.5   NorthEast    '#909090'  1.1
worksheet  printing-press    Sans   26  -2.0   South        '#858585'  0.8

# The course's one local image: a small diagram of a for loop, for week 2.
loop_png() {
  local f="DejaVu-Sans" m="DejaVu-Sans-Mono"
  "$CONVERT" -size 480x260 xc:'#ffffff' \
    -stroke '#2b5797' -strokewidth 3 -fill '#e8f0fb' \
    -draw 'roundrectangle 20,30 200,100 12,12' \
    -draw 'roundrectangle 280,30 460,100 12,12' \
    -draw 'roundrectangle 150,170 330,240 12,12' \
    -fill none \
    -draw 'line 200,65 272,65' -draw 'polyline 264,57 274,65 264,73' \
    -draw 'line 370,100 300,168' -draw 'polyline 298,156 298,170 310,168' \
    -draw 'line 180,170 110,102' -draw 'polyline 110,114 108,100 122,102' \
    -stroke none -fill '#1d1d1f' \
    -font "$m" -pointsize 17 -annotate +38+72 'for n in items' \
    -font "$f" -pointsize 17 -annotate +312+72 'run the body' \
    -font "$f" -pointsize 17 -annotate +170+212 'next item?' \
    -font "$f" -pointsize 14 -fill '#555555' -annotate +340+215 'none left: done' \
    -depth 8 -strip -define png:exclude-chunks=date,time \
    "$TMP/loop.png"
  install_if_changed "$TMP/loop.png" "$OUT/intro-to-python/week-02/images/loop.png"
}
loop_png
