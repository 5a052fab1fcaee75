#!/usr/bin/env python3
"""Fill unfinished messages of a .ts file from a JSON map {source: translation} (a helper for
small batches of new texts; bigger ones go through Qt Linguist).

    python tools/fill_ts.py peppa_qt/i18n/peppa_it.ts new.json
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def fill(ts: Path, translations: dict[str, str]) -> list[str]:
    """Give each unfinished message of ``ts`` whose source is in ``translations`` its text."""
    tree = ET.parse(ts)
    done = []
    for message in tree.getroot().iter("message"):
        element = message.find("translation")
        source = message.findtext("source") or ""
        if element is not None and element.get("type") == "unfinished" and source in translations:
            element.text = translations[source]
            del element.attrib["type"]
            done.append(source)
    text = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + text + "\n")
    return done


if __name__ == "__main__":
    path, table = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    for source in fill(path, table):
        print("filled:", source)
