#!/usr/bin/env python3
"""Validate Lectern's published JSON against the schemas in docs/schemas/.

Usage: scripts/validate-bundles.py OUT_DIR [--schemas DIR]

Checks OUT_DIR/index.json and every OUT_DIR/bundles/*/*.json. Each file is validated against the
schema named by its own `schema` field (e.g. "lectern.homework/1" -> homework.schema.json); a file
whose `schema` field is missing or unknown, or that sits in the wrong bundles/ folder for it, is
invalid too. Prints one line per invalid file (path, JSON path of the error, message) and exits 1
if any file is invalid, 2 on a usage error, 0 when everything is valid.

Needs python3 and the `jsonschema` package (draft 2020-12).
"""
import argparse
import json
import sys
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
except ImportError:
    sys.exit("validate-bundles: the python package `jsonschema` is needed (pip install jsonschema)")

# schema name -> folder under OUT/bundles/ (None for index.json), learned from the schema files themselves: each
# bundle schema names its folder in "x-lectern-bundle-folder", so a new kind's schema file is all this needs.
SCHEMAS = {}


def json_path(parts):
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def load_validators(schema_dir):
    validators = {}
    for path in sorted(schema_dir.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        name = schema.get("properties", {}).get("schema", {}).get("const")
        if not name:
            raise ValueError(f"{path}: no `schema` const")
        folder = schema.get("x-lectern-bundle-folder")
        if folder is None and name != "lectern.index/1":
            raise ValueError(f"{path}: a bundle schema names its folder in `x-lectern-bundle-folder`")
        SCHEMAS[name] = folder
        validators[name] = Draft202012Validator(schema)
    return validators


def check_file(path, out_dir, validators):
    """Returns None when the file is valid, else a one-line description of the first problem."""
    rel = path.relative_to(out_dir)
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return f"{rel}: $: not valid UTF-8 JSON: {e}"
    if not isinstance(data, dict):
        return f"{rel}: $: expected a JSON object, found {type(data).__name__}"
    name = data.get("schema")
    if name not in SCHEMAS:
        return f"{rel}: $.schema: unknown or missing schema name {name!r} (known: {', '.join(SCHEMAS)})"
    folder = SCHEMAS[name]
    is_index = rel == Path("index.json")
    if is_index and folder is not None:
        return f"{rel}: $.schema: index.json must be 'lectern.index/1', found {name!r}"
    if not is_index and (folder is None or rel.parent != Path("bundles") / folder):
        where = "index.json" if folder is None else f"bundles/{folder}/"
        return f"{rel}: $.schema: a {name!r} file belongs in {where}, not in {rel.parent}/"
    errors = list(validators[name].iter_errors(data))
    if not errors:
        return None
    err = best_match(errors)
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{rel}: {json_path(err.absolute_path)}: {err.message}{more}"


def main(argv):
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description="Validate Lectern's index.json and bundles against docs/schemas/.")
    ap.add_argument("out_dir", type=Path, help="Lectern's output folder (holds index.json and bundles/)")
    ap.add_argument("--schemas", type=Path, default=here.parent / "docs" / "schemas",
                    help="folder of the *.schema.json files (default: docs/schemas of this checkout)")
    args = ap.parse_args(argv)

    out_dir = args.out_dir
    if not out_dir.is_dir():
        print(f"validate-bundles: {out_dir} is not a folder", file=sys.stderr)
        return 2
    try:
        validators = load_validators(args.schemas)
    except Exception as e:  # a broken schema is a usage error, not an invalid bundle
        print(f"validate-bundles: cannot load schemas from {args.schemas}: {e}", file=sys.stderr)
        return 2

    files = sorted((out_dir / "bundles").glob("*/*.json"))
    index = out_dir / "index.json"
    invalid = 0
    if index.is_file():
        files.insert(0, index)
    else:
        print("index.json: $: missing", flush=True)
        invalid += 1
    for path in files:
        problem = check_file(path, out_dir, validators)
        if problem:
            print(problem, flush=True)
            invalid += 1
    print(f"validate-bundles: {len(files)} files checked, {invalid} invalid", file=sys.stderr)
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
