#!/usr/bin/env bash
# Installs the Debian packages Lectern needs. Idempotent: does nothing when they are all present.
# Usage: scripts/setup.sh [--test | --bench]
#   (none)   what `make run` needs: building Lectern and running it
#   --test   also the test tools (`make test`): Chromium, Python and the export and contract checkers' virtual environment
#   --bench  also what the benchmarks compare against and generate their inputs with (`make bench`)
set -euo pipefail

mode="${1:-}"
case "$mode" in
  ""|--test|--bench) ;;
  *) echo "usage: scripts/setup.sh [--test | --bench]" >&2; exit 2 ;;
esac

packages=(
  pkg-config
  libtesseract-dev libleptonica-dev tesseract-ocr-eng   # OCR (C API) and its English model
  tesseract-ocr-osd                                     # orientation detection (sideways, upside-down pages)
  libxml2-dev                                           # HTML course posts
  libsqlite3-dev                                        # the content store
  libpq-dev                                             # the fleet's store (PostgreSQL's client library, linked by lectern)
  wordnet-base                                          # lemmas, senses and definitions
  libespeak-ng-dev libmp3lame-dev                       # lectures read aloud: speech (C API) and MP3 encoding
)

if [ "$mode" = "--test" ]; then
  packages+=(python3)                   # the tests generate their hostile-input corpus with it
  packages+=(python3-venv)              # the export checkers' virtual environment (below)
  packages+=(chromium fonts-dejavu-core)  # the review site's browser tests (headless DOM dumps, screenshots)
  packages+=(ffmpeg sqlite3)            # the narration tests decode every MP3 (ffprobe, ffmpeg) and read the store
  packages+=(postgresql)                # the store and fleet tests start a throwaway server (initdb, pg_ctl)
fi

if [ "$mode" = "--bench" ]; then
  packages+=(tesseract-ocr libxml2-utils imagemagick fonts-dejavu-core python3 python3-pip time)
  packages+=(xz-utils zlib1g-dev)   # real printed text the OCR benchmark renders (docs/OCR.md)
  packages+=(doc-debian debian-faq debian-reference-en gnu-standards)  # real prose for the quiz benchmark
  packages+=(wrk nginx)         # the serve benchmark: load generator, and a static file server to compare with
  packages+=(espeak-ng lame ffmpeg)  # the narrate benchmark's command-line pipeline (espeak-ng | lame); ffprobe
  packages+=(postgresql)        # the scale benchmark's throwaway server
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install sudo to install ${missing[*]}" >&2; exit 2; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The word-list benchmark compares with a Python script using wordfreq (the user's alternative).
if [ "$mode" = "--bench" ] && ! python3 -c "import wordfreq" 2>/dev/null; then
  python3 -m pip install --quiet wordfreq
fi

[ "$mode" = "--test" ] || exit 0

# The export tests read exports back with real consumers: Anki's own library, a GIFT parser, a Moodle XML parser
# and a QTI library (scripts/check-exports.py), installed in a virtual environment under .build/. The serve
# contract tests validate docs/openapi.json and fuzz `lectern serve` against it with the same environment.
export_checkers=(anki==26.9.3 pygiftparser==1.1 moodle-xml-parser==0.3.1 lxml==6.1.3 citolab-qti-convert==0.2.0)
export_checkers+=(openapi-spec-validator==0.9.0 schemathesis==4.32.5)
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/venv"
# Present and at exactly the pinned versions (read from the list above, so the check cannot drift from it).
pinned_check='import importlib.metadata as m, sys; sys.exit(any(m.version(r.split("==")[0]) != r.split("==")[1] for r in sys.argv[1:]))'
if ! "$venv/bin/python" -c "import anki, pygiftparser, moodle_xml_parser, lxml, qti_convert, openapi_spec_validator, schemathesis" 2>/dev/null \
   || ! "$venv/bin/python" -c "$pinned_check" "${export_checkers[@]}" 2>/dev/null; then
  echo "Installing the export checkers into $venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet "${export_checkers[@]}"
fi
