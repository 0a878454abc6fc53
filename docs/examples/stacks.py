# Writes the two stacks of the README's example into the folder given (default: here):
# com.example.app.plist, an app's preferences keeping a [Route] in @AppStorage("stack") as a JSON
# string (and a Defaults Key<[Route]> as "saved"), routes.json, FlowStacks' [Route<Screen>] saved with
# JSONEncoder, and empty.json, an empty file.
# Usage: stacks.py [FOLDER]
import json, os, plistlib, sys
folder = sys.argv[1] if len(sys.argv) > 1 else "."
compact = dict(separators=(",", ":"))
stack = [{"home": {}}, {"details": {"_0": 42}}]
# sindresorhus/Defaults' Key<[Route]>: an array of JSON strings, keys sorted.
saved = [json.dumps(route, sort_keys=True, **compact) for route in stack]
plistlib.dump({"launches": 3, "stack": json.dumps(stack, **compact), "saved": saved},
              open(os.path.join(folder, "com.example.app.plist"), "wb"), fmt=plistlib.FMT_BINARY)
routes = [{"push": {"_0": {"details": {"_0": 42}}}}, {"sheet": {"_0": {"home": {}}, "withNavigation": True}}]
open(os.path.join(folder, "routes.json"), "w").write(json.dumps(routes, **compact))
# swift-sharing's @Shared(.fileStorage) before the app's first save: 0 bytes.
open(os.path.join(folder, "empty.json"), "w").close()
