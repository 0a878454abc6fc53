# Writes a SwiftUI NavigationPath as an app saves it (JSONEncoder().encode(path.codable) to a
# file): Recipe(id: 42) pushed, then 7; pairs of type name and JSON text, last pushed first.
# Usage: navigation-path.py FILE
import json, sys
path = [("MyApp.Recipe", {"id": 42}), ("Swift.Int", 7)]
strings = []
for type_name, value in reversed(path):
    strings += [type_name, json.dumps(value, separators=(",", ":"))]
open(sys.argv[1], "w").write(json.dumps(strings, separators=(",", ":")))
