#!/usr/bin/env python3
"""make-app-plist.py: an app's preferences for scripts/bench.sh, as a binary plist.

usage: make-app-plist.py KEYS [--data KEY=FILE] [--xml] -o FILE

Writes what an app's UserDefaults typically hold, KEYS entries of every plist type
(strings, integers, reals, booleans, dates, data, small arrays and dictionaries),
plus `route = onboarding`, the @AppStorage key routectl edits. `--data KEY=FILE` adds
FILE's bytes as data under KEY, last, as a storage that encodes its state writes it
(VAPersistentNavigator's: `--data com.vandrj.navigator<scene id>=tree.json`).
`--xml` writes the same preferences as an XML plist.
"""
import argparse, datetime, plistlib

parser = argparse.ArgumentParser()
parser.add_argument("keys", type=int)
parser.add_argument("--data", metavar="KEY=FILE")
parser.add_argument("--xml", action="store_true")
parser.add_argument("-o", "--output", required=True)
args = parser.parse_args()

prefs = {}
for i in range(args.keys):
    kind = i % 7
    key = f"com.example.app.setting{i}"
    if kind == 0:
        prefs[key] = f"value {i} — ünïcode"
    elif kind == 1:
        prefs[key] = i * 1_000_003 - 2**40
    elif kind == 2:
        prefs[key] = i / 7
    elif kind == 3:
        prefs[key] = i % 2 == 0
    elif kind == 4:
        prefs[key] = datetime.datetime(2025, 1, 1) + datetime.timedelta(minutes=i)
    elif kind == 5:
        prefs[key] = bytes(range(i % 200))
    else:
        prefs[key] = {"items": [i, str(i), [i / 2]], "enabled": True}
prefs["route"] = "onboarding"
if args.data:
    key, sep, path = args.data.partition("=")
    if not sep:
        parser.error("--data needs KEY=FILE")
    with open(path, "rb") as f:
        prefs[key] = f.read()
with open(args.output, "wb") as f:
    plistlib.dump(prefs, f, fmt=plistlib.FMT_XML if args.xml else plistlib.FMT_BINARY, sort_keys=False)
