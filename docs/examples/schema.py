#!/usr/bin/env python3
"""Writes the README's routectl.json into a folder (argv[1]): the app's routes as its code
declares them, before (argv[2] == "v1") and after (argv[2] == "v2") a release renamed
`details(Int)` to `detail(id: Int)`.

    enum Route: Codable { case home, details(Int), profile(id: Int, name: String?), feature(Feature) }
    enum Feature: Codable { case more, list(page: Int) }
"""
import json
import os
import sys

folder, version = sys.argv[1], sys.argv[2]
details = "details(Int)" if version == "v1" else "detail(id: Int)"
project = {
    "store": {"file": "navigator.json"},
    "routes": ["home", details, "profile(id: Int, name: String?)", "feature(Feature)"],
    "types": {"Feature": ["more", "list(page: Int)"]},
}
with open(os.path.join(folder, "routectl.json"), "w") as file:
    json.dump(project, file, indent=2)
    file.write("\n")
