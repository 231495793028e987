#!/usr/bin/env python3
"""Reads Lectern's exports back with real consumers and prints what they found as JSON.

    check-exports.py anki COLLECTION APKG      import into COLLECTION (created when missing) with Anki's own library
    check-exports.py gift FILE                 Moodle's GIFT rules, strictly, and the pygiftparser reading
    check-exports.py moodle FILE XSD           well-formed, valid against XSD, read by moodle-xml-parser
    check-exports.py qti ZIP                   the QTI 2.1 package read by an independent QTI library

Exit 1 (with the problems on stderr) when a consumer rejects the file; the Swift tests
(Tests/LecternExportTests) compare what was read with the bundles the export came from.
Run with the virtual environment scripts/setup.sh makes: .build/venv/bin/python.
"""
import html
import json
import re
import sys
import zipfile


def html_fragment(fragment):
    """What a browser would show for an HTML fragment, and which elements it holds (so a test can tell that
    `<script>` in a question stayed text)."""
    from lxml import html as lxml_html
    root = lxml_html.fragment_fromstring(re.sub(r"<br\s*/?>", "\n", fragment or ""), create_parent="div")
    paragraphs = root.findall("p")
    return {"plain": root.text_content(), "first": paragraphs[0].text_content() if paragraphs else root.text_content(),
            "pre": [pre.text_content() for pre in root.iter("pre")], "elements": sorted({e.tag for e in root.iter()} - {"div"})}


def fail(problems):
    for problem in problems:
        print(problem, file=sys.stderr)
    sys.exit(1)


def check_anki(collection_path, apkg_path):
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest
    from anki.import_export_pb2 import ImportAnkiPackageUpdateCondition

    col = Collection(collection_path)
    try:
        request = ImportAnkiPackageRequest(
            package_path=apkg_path,
            options=ImportAnkiPackageOptions(
                update_notes=ImportAnkiPackageUpdateCondition.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER,
                update_notetypes=ImportAnkiPackageUpdateCondition.IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER,
                with_scheduling=False))
        log = col.import_anki_package(request).log
        notes = []
        for note_id in col.find_notes(""):
            note = col.get_note(note_id)
            card = note.cards()[0]
            notes.append({"guid": note.guid, "notetype": note.note_type()["name"], "fields": dict(note.items()),
                      "plain": {name: html_fragment(value)["plain"] for name, value in note.items()},
                          "tags": sorted(note.tags), "deck": col.decks.name(card.did), "mod": note.mod})
        print(json.dumps({"new": len(log.new), "updated": len(log.updated), "duplicate": len(log.duplicate),
                          "conflicting": len(log.conflicting), "firstFieldMatch": len(log.first_field_match),
                          "missingNotetype": len(log.missing_notetype), "notes": sorted(notes, key=lambda n: n["guid"])},
                         ensure_ascii=False))
    finally:
        col.close()


# --- GIFT: Moodle's own rules (question/format/gift/format.php), strictly ---

GIFT_SPECIAL = "~=#{}:\\"


def gift_unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            out.append("\n" if nxt == "n" else nxt)
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def gift_split(text, separators):
    """Splits at unescaped separator characters; returns [(separator or '', part)]."""
    parts, current, sep, i = [], [], "", 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            current.append(text[i:i + 2])
            i += 2
            continue
        if ch in separators:
            parts.append((sep, "".join(current)))
            current, sep = [], ch
        else:
            current.append(ch)
        i += 1
    parts.append((sep, "".join(current)))
    return parts


def unescaped(text, chars):
    i = 0
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] in chars:
            return text[i]
        i += 1
    return None


def strict_gift(source):
    problems, questions = [], []
    blocks = re.split(r"\n[ \t]*\n", source)
    for block in blocks:
        lines = [line for line in block.split("\n") if line.strip() and not line.lstrip().startswith("//")]
        if not lines:
            continue
        text = "\n".join(lines)
        if text.startswith("$CATEGORY:"):
            continue
        match = re.match(r"^::(.*?[^\\])::", text, re.S)
        if not match:
            problems.append("question without a ::title:: " + text[:60])
            continue
        title, rest = match.group(1), text[match.end():]
        # Moodle takes the answer block from the first { to the first }: there must be exactly one of each.
        opens = [i for i in range(len(rest)) if rest[i] == "{" and (i == 0 or not escaped_at(rest, i))]
        closes = [i for i in range(len(rest)) if rest[i] == "}" and not escaped_at(rest, i)]
        if len(opens) != 1 or len(closes) != 1 or closes[0] < opens[0]:
            problems.append(f"{title}: {len(opens)} unescaped '{{' and {len(closes)} unescaped '}}' (need one answer block)")
            continue
        head, answers, tail = rest[:opens[0]], rest[opens[0] + 1:closes[0]], rest[closes[0] + 1:]
        if tail.strip():
            problems.append(f"{title}: text after the answer block")
        for part, name in ((title, "title"), (head, "question text")):
            bad = unescaped(part, "~=#{}:")
            if bad:
                problems.append(f"{title}: unescaped '{bad}' in the {name}")
        general = ""
        if "####" in answers:
            answers, general = answers.split("####", 1)
        options = []
        for sign, part in gift_split(answers.strip(), "~="):
            if not sign:
                if part.strip():
                    problems.append(f"{title}: text before the first option")
                continue
            pieces = gift_split(part, "#")
            answer = pieces[0][1]
            feedback = "#".join(p for _, p in pieces[1:])
            if len(pieces) > 2:
                problems.append(f"{title}: unescaped '#' in an option's feedback")
            if unescaped(answer, ":{}"):
                problems.append(f"{title}: unescaped control character in an option")
            options.append({"text": gift_unescape(answer.strip()), "correct": sign == "=",
                            "feedback": gift_unescape(feedback.strip())})
        markup = re.match(r"^\[(\w+)\]", head)
        text = gift_unescape(head[markup.end() if markup else 0:].strip())
        for option in options:
            option["html"] = html_fragment(option["text"])
        questions.append({"title": gift_unescape(title), "markup": markup.group(1) if markup else "",
                          "text": text, "html": html_fragment(text), "generalHTML": html_fragment(gift_unescape(general.strip())),
                          "options": options, "generalFeedback": gift_unescape(general.strip())})
    return problems, questions


def escaped_at(text, i):
    backslashes = 0
    while i - backslashes - 1 >= 0 and text[i - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def check_gift(path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    problems, questions = strict_gift(source)
    import logging
    logging.disable(logging.CRITICAL)
    from pygiftparser import parser as gift_parser
    with open(path, encoding="utf-8") as f:
        parsed = gift_parser.parseFile(f)
    third_party = []
    for q in parsed:
        answers = getattr(q.answers, "answers", [])
        third_party.append({"title": q.title, "valid": q.valid, "type": type(q.answers).__name__,
                            "options": len(answers), "correct": sum(1 for a in answers if a.fraction == 100)})
    if problems:
        fail(problems)
    print(json.dumps({"questions": questions, "pygiftparser": third_party}, ensure_ascii=False))


def check_moodle(path, xsd_path):
    from lxml import etree
    from moodle_xml_parser import parser as moodle_parser

    schema = etree.XMLSchema(etree.parse(xsd_path))
    document = etree.parse(path)
    if not schema.validate(document):
        fail([str(error) for error in schema.error_log])
    idnumbers = [q.findtext("idnumber") for q in document.findall("question") if q.get("type") == "multichoice"]
    files = [len(q.findall("questiontext/file")) for q in document.findall("question") if q.get("type") == "multichoice"]
    categories = [q.findtext("category/text") for q in document.findall("question") if q.get("type") == "category"]
    question_html = [q.findtext("questiontext/text") for q in document.findall("question") if q.get("type") == "multichoice"]
    parsed = moodle_parser.parse_file(path)["multichoice"]
    questions = []
    for q, idnumber, file_count in zip(parsed, idnumbers, files):
        # moodle-xml-parser returns texts with entities decoded (as if they were plain text): compared as such;
        # the HTML a browser would get is read from the document itself.
        questions.append({"name": q.name, "text": q.text_pre_parse, "html": html_fragment(question_html.pop(0)),
                          "idnumber": idnumber, "files": file_count, "generalFeedback": q.general_feedback, "single": q.single,
                          "options": [{"text": o.answer, "fraction": o.score_fraction, "feedback": o.feedback} for o in q.options]})
    print(json.dumps({"categories": categories, "questions": questions}, ensure_ascii=False))


NCNAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


def check_qti(path):
    """citolab-qti-convert reads the QTI 2.1 package (manifest and items) and upgrades it to QTI 3;
    the questions are read from its output, so what is reported is what that library understood."""
    from lxml import etree
    from qti_convert.package import read_package, upgrade_package_files

    original = read_package(path)
    problems = []
    if "imsmanifest.xml" not in original:
        problems.append("no imsmanifest.xml")
    manifest = etree.fromstring(original["imsmanifest.xml"])
    hrefs = [r.get("href") for r in manifest.iter("{*}resource") if r.get("type") == "imsqti_item_xmlv2p1"]
    upgraded = upgrade_package_files(original).files
    items = []
    for href in hrefs:
        if href not in upgraded:
            problems.append(f"the manifest names {href}, which the package does not hold")
            continue
        item = etree.fromstring(upgraded[href].encode("utf-8") if isinstance(upgraded[href], str) else upgraded[href])
        if etree.QName(item).localname != "qti-assessment-item":
            problems.append(f"{href} was not read as an assessment item")
            continue
        identifiers = [item.get("identifier")] + [c.get("identifier") for c in item.iter("{*}qti-simple-choice")]
        problems += [f"{href}: identifier {i!r} is not an NCName" for i in identifiers if not i or not NCNAME.match(i)]
        correct = [v.text for v in item.iter("{*}qti-value") if etree.QName(v.getparent()).localname == "qti-correct-response"]
        choices = [{"identifier": c.get("identifier"), "text": "".join(c.itertext())} for c in item.iter("{*}qti-simple-choice")]
        body = next(item.iter("{*}qti-item-body"))
        prompt = "".join(body[0].itertext()) if len(body) else ""
        feedback = ["".join(f.itertext()) for f in item.iter("{*}qti-modal-feedback")]
        interactions = list(item.iter("{*}qti-choice-interaction"))
        images = [i.get("src") for i in item.iter("{*}img")]
        items.append({"identifier": item.get("identifier"), "title": item.get("title"), "prompt": prompt,
                      "choices": choices, "correct": correct, "feedback": feedback, "images": images,
                      "maxChoices": interactions[0].get("max-choices") if interactions else None,
                      "scored": len(list(item.iter("{*}qti-set-outcome-value"))) > 0})
    for entry in items:
        if len(entry["correct"]) != 1 or entry["correct"][0] not in [c["identifier"] for c in entry["choices"]]:
            problems.append(f"{entry['identifier']}: the correct response is not one of its choices")
        for image in entry["images"]:
            resolved = "items/" + image
            normalised = "/".join(p for p in resolved.replace("items/../", "").split("/"))
            if normalised not in original:
                problems.append(f"{entry['identifier']}: image {image} is not in the package")
    if problems:
        fail(problems)
    print(json.dumps({"items": items}, ensure_ascii=False))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"anki": check_anki, "gift": check_gift, "moodle": check_moodle, "qti": check_qti}[command](*args)
