# Writes an app's preferences holding VAPersistentNavigator's state as its example storage does:
# the navigator tree as JSON data under com.vandrj.navigator<scene id>. Usage: vapn-plist.py FILE
import plistlib, json, sys
def node(root=None, dest=(), kind="flow", id="", tab=None, nav=None, tabs=(), sel=None):
    n = {}
    if root: n["root"] = {root: {}}
    n["destinations"] = list(dest)
    if nav: n["navigator"] = nav
    if tab: n["tabItem"] = {tab: {}}
    if sel: n["selectedTab"] = {sel: {}}
    n.update(kind={kind: {}}, id=id, tabs=list(tabs), presentation={"sheet": {}})
    return n
tree = node(kind="tabView", id="0A8E5B52-1C3D-4E6F-8A9B-0C1D2E3F4A5B", sel="second", tabs=[
    node("main", [{"details": {"_0": 42}}], tab="first", id="1B9F6C63-2D4E-4F70-9BAC-1D2E3F4A5B6C"),
    node("settings", [], tab="second", id="2CA07D74-3E5F-4081-ACBD-2E3F4A5B6C7D")])
plistlib.dump({"launches": 3, "com.vandrj.navigatorA1B2": json.dumps(tree, separators=(",", ":")).encode()}, open(sys.argv[1], "wb"), fmt=plistlib.FMT_BINARY)
