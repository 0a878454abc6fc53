# Writes the README's team example into the folder given (default: here), an app's repository:
# routectl.json, the project file the team checks in, and Fixtures/prefs.plist, the app's
# preferences as the app left them (a [Route] kept in @AppStorage("stack") as a JSON string).
# Usage: team.py [FOLDER]
import json, os, plistlib, sys
folder = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(os.path.join(folder, "Fixtures"), exist_ok=True)
project = """{
  "store":  {"file": "Fixtures/prefs.plist", "key": "stack"},
  "routes": ["home", "details(Int)", "settings"],
  "links":  [{"url": "myapp://item/{id}", "path": "/home/details?_0:={id}"}],
  "states": {"item": "/home/details?_0:=42", "settings": "/home/settings"}
}
"""
open(os.path.join(folder, "routectl.json"), "w").write(project)
stack = [{"home": {}}]
plistlib.dump({"launches": 3, "stack": json.dumps(stack, separators=(",", ":"))},
              open(os.path.join(folder, "Fixtures", "prefs.plist"), "wb"), fmt=plistlib.FMT_BINARY)
