# Writes the two stacks of the README's example into the folder given (default: here):
# com.example.app.plist, an app's preferences keeping a [Route] in @AppStorage("stack") as a JSON
# string, and routes.json, FlowStacks' [Route<Screen>] saved with JSONEncoder.
# Usage: stacks.py [FOLDER]
import json, os, plistlib, sys
folder = sys.argv[1] if len(sys.argv) > 1 else "."
compact = dict(separators=(",", ":"))
stack = [{"home": {}}, {"details": {"_0": 42}}]
plistlib.dump({"launches": 3, "stack": json.dumps(stack, **compact)},
              open(os.path.join(folder, "com.example.app.plist"), "wb"), fmt=plistlib.FMT_BINARY)
routes = [{"push": {"_0": {"details": {"_0": 42}}}}, {"sheet": {"_0": {"home": {}}, "withNavigation": True}}]
open(os.path.join(folder, "routes.json"), "w").write(json.dumps(routes, **compact))
