#!/usr/bin/env python3
"""Fails when a Qt Linguist .ts file is not completely and consistently translated.

Usage: ts_complete.py FILE.ts [FILE.ts ...]
Prints one line per file and a summary; exits 1 when any file has a problem.
"""
import re
import sys
import xml.etree.ElementTree as ET

# %1..%99 and %L1..%L99 (QString::arg) and %n (tr() plural count).
PLACEHOLDER = re.compile(r"%L?[1-9][0-9]?|%n")


def placeholders(text):
    return sorted(set(PLACEHOLDER.findall(text or "")))


def problems_of(message):
    source = message.findtext("source") or ""
    translation = message.find("translation")
    if translation is None:
        # lupdate always writes one; without it the message cannot be translated at all.
        yield "no <translation> element"
        return
    kind = translation.get("type")
    # unfinished: new or changed source text nobody has reviewed; lrelease ships such
    # messages untranslated (or not at all), so the UI silently falls back to English.
    if kind == "unfinished":
        yield "unfinished"
    # vanished/obsolete: the source string no longer exists; the entry is dead weight and
    # usually means lupdate was run without -no-obsolete or the .ts is stale.
    if kind in ("vanished", "obsolete"):
        yield kind
    if message.get("numerus") == "yes":
        forms = [f.text or "" for f in translation.findall("numerusform")]
    else:
        forms = [translation.text or ""]
    # An empty text (or an empty plural form) shows as an empty label or message.
    if not forms or any(not f.strip() for f in forms):
        yield "empty translation"
    # Every placeholder must survive: a missing %1 drops a value, an extra one prints
    # "%2" literally, and .arg() fills the wrong slots.
    for form in forms:
        if form.strip() and placeholders(form) != placeholders(source):
            yield "placeholders %s, source has %s: %r" % (
                " ".join(placeholders(form)) or "none",
                " ".join(placeholders(source)) or "none", form)


def check(path):
    failures = []
    count = 0
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            count += 1
            for problem in problems_of(message):
                failures.append("%s: %s: %r: %s"
                                % (path, name, message.findtext("source"), problem))
    return count, failures


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    bad_files = 0
    for path in paths:
        short = path.rsplit("/", 1)[-1]
        try:
            count, failures = check(path)
        except (OSError, ET.ParseError) as e:
            count, failures = 0, ["%s: cannot read: %s" % (path, e)]
        for failure in failures:
            print(failure)
        if failures:
            bad_files += 1
            print("%s: %d problem(s) in %d messages" % (short, len(failures), count))
        else:
            print("%s: %d messages complete" % (short, count))
    if bad_files:
        print("FAILED: %d of %d file(s) incomplete" % (bad_files, len(paths)))
        return 1
    print("OK: %d file(s) complete" % len(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
