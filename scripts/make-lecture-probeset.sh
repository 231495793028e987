#!/bin/sh
# Builds an extra probing set of real documentation pages, in neither the dev nor the held-out list of
# scripts/make-lecture-devset.sh (sources and licences: docs/LECTURES.md, "Real pages"): for finding what a kind of
# page lacks (e.g. rustdoc module pages' item lists) without reading the held-out set. Same Debian packages; the
# Python documentation (python3-doc) is never used.
# Usage: scripts/make-lecture-probeset.sh [DEST]   (default: output/lecture-probe); then
#   LECTURE_BENCH_REAL=output/lecture-probe LECTURE_BENCH_THIN=1 .build/release/lectern-bench lecture
set -eu
DEST=${1:-output/lecture-probe}
DOC=/usr/share/doc
for p in python-jinja2-doc python-flask-doc mkdocs-doc nodejs-doc rust-doc python-sympy-doc; do
    dpkg -s "$p" >/dev/null 2>&1 || { echo "missing $p: run scripts/make-lecture-devset.sh first" >&2; exit 1; }
done

rm -rf "$DEST"
# copy COURSE FILE... : copies each page (relative to $DOC) into DEST/COURSE, flattening its path.
copy() {
    course=$1; shift
    mkdir -p "$DEST/$course"
    for f in "$@"; do
        cp "$DOC/$f" "$DEST/$course/$(echo "$f" | tr / _ | sed 's/^[^_]*_html_//')"
    done
}
std=rust-doc/html/std
copy rustdoc-collections $std/vec/index.html $std/string/index.html $std/slice/index.html $std/str/index.html
copy rustdoc-traits $std/ops/index.html $std/cmp/index.html $std/convert/index.html $std/borrow/index.html \
    $std/marker/index.html $std/hash/index.html
copy rustdoc-io $std/io/index.html $std/fs/index.html $std/process/index.html $std/fmt/index.html
copy rustdoc-threads $std/sync/index.html $std/thread/index.html $std/cell/index.html $std/rc/index.html
copy rustdoc-misc $std/any/index.html $std/error/index.html $std/net/index.html $std/num/index.html $std/ffi/index.html
copy mdbook-rust rust-doc/html/book/ch04-02-references-and-borrowing.html rust-doc/html/book/ch05-03-method-syntax.html \
    rust-doc/html/book/ch10-02-traits.html rust-doc/html/book/ch13-02-iterators.html rust-doc/html/book/ch15-01-box.html
copy mkdocs mkdocs/html/user-guide/installation.html mkdocs/html/user-guide/styling-your-docs.html \
    mkdocs/html/dev-guide/plugins.html mkdocs/html/user-guide/localizing-your-theme.html
copy node nodejs/api/os.html nodejs/api/assert.html nodejs/api/console.html
copy sphinx-jinja python-jinja2-doc/html/api.html python-jinja2-doc/html/extensions.html
copy sphinx-flask python-flask-doc/html/testing.html python-flask-doc/html/signals.html python-flask-doc/html/logging.html
copy sympy-maths python-sympy-doc/html/tutorials/intro-tutorial/printing.html \
    python-sympy-doc/html/tutorials/intro-tutorial/gotchas.html

find "$DEST" -name '*.html' | sort | sed "s|^$DEST/||"
