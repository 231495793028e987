#!/bin/sh
# Builds the lecture quality set from real documentation pages that nobody on the project wrote, packaged by
# Debian (sources and licences: docs/LECTURES.md, "Real pages"). Installs the packages (idempotent) and copies the
# listed pages into DEST/dev and DEST/heldout, one course folder per generator. The split is fixed here: tune on
# dev only; heldout is what `make bench BENCH=lecture` reports.
# The Python documentation (python3-doc) is reserved for independent evaluation and never used.
# Usage: scripts/make-lecture-devset.sh [DEST]   (default: output/lecture-devset)
set -eu
DEST=${1:-output/lecture-devset}
DOC=/usr/share/doc
PACKAGES="python-jinja2-doc python-flask-doc mkdocs-doc nodejs-doc rust-doc python-sympy-doc"

missing=""
for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get install -y --no-install-recommends $missing
fi

rm -rf "$DEST"
# copy SET COURSE FILE... : copies each page (relative to $DOC) into DEST/SET/COURSE, flattening its path.
copy() {
    set_name=$1; course=$2; shift 2
    mkdir -p "$DEST/$set_name/$course"
    for f in "$@"; do
        cp "$DOC/$f" "$DEST/$set_name/$course/$(echo "$f" | tr / _ | sed 's/^[^_]*_html_//')"
    done
}

# Development set: tune on these.
copy dev sphinx-jinja python-jinja2-doc/html/templates.html python-jinja2-doc/html/intro.html \
    python-jinja2-doc/html/tricks.html python-jinja2-doc/html/faq.html python-jinja2-doc/html/nativetypes.html
copy dev mkdocs mkdocs/html/getting-started.html mkdocs/html/user-guide/writing-your-docs.html \
    mkdocs/html/user-guide/choosing-your-theme.html mkdocs/html/dev-guide/themes.html
copy dev node nodejs/api/events.html nodejs/api/esm.html nodejs/api/readline.html
copy dev mdbook-rust rust-doc/html/book/ch03-01-variables-and-mutability.html rust-doc/html/book/ch03-02-data-types.html \
    rust-doc/html/book/ch04-01-what-is-ownership.html rust-doc/html/book/ch08-01-vectors.html
copy dev rustdoc rust-doc/html/std/option/index.html rust-doc/html/std/collections/index.html
copy dev sympy-maths python-sympy-doc/html/tutorials/intro-tutorial/calculus.html \
    python-sympy-doc/html/tutorials/intro-tutorial/simplification.html python-sympy-doc/html/tutorials/intro-tutorial/solvers.html

# Held-out set: never tuned on.
copy heldout sphinx-flask python-flask-doc/html/quickstart.html python-flask-doc/html/blueprints.html \
    python-flask-doc/html/appcontext.html python-flask-doc/html/config.html python-flask-doc/html/templating.html
copy heldout mkdocs mkdocs/html/user-guide/configuration.html mkdocs/html/user-guide/deploying-your-docs.html \
    mkdocs/html/user-guide/customizing-your-theme.html
copy heldout node nodejs/api/path.html nodejs/api/url.html nodejs/api/timers.html
copy heldout mdbook-rust rust-doc/html/book/ch05-01-defining-structs.html rust-doc/html/book/ch06-02-match.html \
    rust-doc/html/book/ch08-02-strings.html rust-doc/html/book/ch09-02-recoverable-errors-with-result.html
copy heldout rustdoc rust-doc/html/std/result/index.html rust-doc/html/std/iter/index.html
copy heldout sympy-maths python-sympy-doc/html/tutorials/intro-tutorial/basic_operations.html \
    python-sympy-doc/html/tutorials/intro-tutorial/matrices.html python-sympy-doc/html/tutorials/intro-tutorial/manipulation.html

# A charset contradiction in each set: real UTF-8 pages re-labelled as Windows-1252, as a misconfigured server or
# editor does (the bytes are the package's; only the label is ours).
relabel() {
    sed 's/<meta charset="[Uu][Tt][Ff]-8" *\/\{0,1\}>/<meta charset="windows-1252">/' "$1" > "$2"
    grep -q 'charset="windows-1252"' "$2"
}
mkdir -p "$DEST/dev/relabelled" "$DEST/heldout/relabelled"
relabel "$DOC/python-jinja2-doc/html/switching.html" "$DEST/dev/relabelled/switching.html"
relabel "$DOC/python-jinja2-doc/html/sandbox.html" "$DEST/dev/relabelled/sandbox.html"
relabel "$DOC/python-flask-doc/html/views.html" "$DEST/heldout/relabelled/views.html"
relabel "$DOC/python-flask-doc/html/errorhandling.html" "$DEST/heldout/relabelled/errorhandling.html"

find "$DEST" -name '*.html' | sort | sed "s|^$DEST/||"
