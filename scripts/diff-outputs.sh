#!/usr/bin/env bash
# Byte-identity check for refactors: runs two `lectern` binaries on the same inboxes and compares every published
# file (bundles/, media/, index.json) with `diff -r`. Exit 0 when all are identical, 1 when any differs.
# Usage: scripts/diff-outputs.sh BEFORE_LECTERN AFTER_LECTERN INBOX...
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BEFORE_LECTERN AFTER_LECTERN INBOX..." >&2; exit 2; }
before=$1; after=$2; shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for inbox in "$@"; do
    name=$(basename "$inbox")
    for side in before after; do
        binary=$before; [ "$side" = after ] && binary=$after
        "$binary" run --inbox "$inbox" --out "$work/$side-$name" --jobs 2 >/dev/null 2>"$work/$side-$name.log"
        echo "$side $name: exit $? ($(find "$work/$side-$name/bundles" "$work/$side-$name/media" -type f 2>/dev/null | wc -l) files)"
    done
    if diff -r "$work/before-$name" "$work/after-$name" -x lectern.sqlite -x 'lectern.sqlite-*' -x .runners -x '*.migrate-lock' >"$work/diff-$name"; then
        echo "identical: $name"
    else
        echo "DIFFERENT: $name"; head -20 "$work/diff-$name"; status=1
    fi
done
exit $status
