#!/usr/bin/env python3
"""make-navigation-path-file.py: a SwiftUI NavigationPath for scripts/bench.sh.

usage: make-navigation-path-file.py ELEMENTS -o FILE

Writes what an app saves with JSONEncoder().encode(path.codable): ELEMENTS screens, pairs of
type name and JSON text, the last pushed first. The screens are the app's enum values
(MyApp.Screen: details(i), profile(id:name:), home), structs (MyApp.Recipe) and Ints; the
top one is details(0), the bottom home.
"""
import argparse, json

parser = argparse.ArgumentParser()
parser.add_argument("elements", type=int)
parser.add_argument("-o", "--output", required=True)
args = parser.parse_args()

def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

path = []  # bottom first
for i in range(args.elements):
    n = args.elements - 1 - i
    kind = n % 4
    if i == 0:
        path.append(("MyApp.Screen", {"home": {}}))
    elif kind == 0:
        path.append(("MyApp.Screen", {"details": {"_0": n}}))
    elif kind == 1:
        path.append(("MyApp.Screen", {"profile": {"id": n, "name": f"Zoë {n}"}}))
    elif kind == 2:
        path.append(("MyApp.Recipe", {"id": n}))
    else:
        path.append(("Swift.Int", n))
strings = []
for type_name, value in reversed(path):
    strings += [type_name, compact(value)]
with open(args.output, "w", encoding="utf-8") as f:
    f.write(compact(strings))
