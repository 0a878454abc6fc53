#!/usr/bin/env python3
"""make-vapn-file.py: VAPersistentNavigator's saved navigator tree, for scripts/bench.sh.

usage: make-vapn-file.py -o FILE

Writes the JSON the library's TypedViewNavigator encodes (docs: ../shared/notes/
app-storage-formats.md 1.3) for an app with `enum Destination { case main; case
details(Int); case settings }`, tabs `first` and `second`: a tab view (no root) of two
flows, each with a root and five pushed destinations, the second tab selected, and a sheet
(a flow with two pushes) presented from inside it, under that tab's `navigator`. Every node
has `destinations`, `kind`, `id` (an uppercase UUID), `tabs` and `presentation`, in the
library's encode order, compact, as its JSONEncoder writes them. The same bytes every run.
"""
import argparse, json, uuid

parser = argparse.ArgumentParser()
parser.add_argument("-o", "--output", required=True)
args = parser.parse_args()

ids = (str(uuid.uuid5(uuid.NAMESPACE_URL, f"routectl-bench-{i}")).upper() for i in range(100))


def case(name, *payload):
    """A synthesized-Codable enum value: {"main":{}}, {"details":{"_0":42}}."""
    return {name: {f"_{i}": v for i, v in enumerate(payload)}}


def flow(root, destinations, navigator=None, tab_item=None, selected_tab=None, kind="flow"):
    node = {} if root is None else {"root": root}
    node["destinations"] = destinations
    if navigator is not None:
        node["navigator"] = navigator
    if tab_item is not None:
        node["tabItem"] = tab_item
    if selected_tab is not None:
        node["selectedTab"] = selected_tab
    node["kind"] = {kind: {}}
    node["id"] = next(ids)
    node["tabs"] = []
    node["presentation"] = {"sheet": {}}
    return node


first = flow(case("main"), [case("details", 42), case("settings"), case("details", 7),
                            case("main"), case("details", 1001)], tab_item=case("first"))
sheet = flow(case("settings"), [case("details", 3), case("main")])
second = flow(case("settings"), [case("details", 1), case("main"), case("details", 2),
                                 case("settings"), case("details", 9)],
              navigator=sheet, tab_item=case("second"))
tree = flow(None, [], selected_tab=case("second"), kind="tabView")
tree["tabs"] = [first, second]

with open(args.output, "w", encoding="utf-8") as f:
    f.write(json.dumps(tree, separators=(",", ":"), ensure_ascii=False))
