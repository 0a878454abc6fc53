#!/usr/bin/env python3
"""Write a valid format-1 navigator file with N history entries (for benchmarks).

usage: scripts/make-navigator-file.py N [-o FILE] [--limit L] [--seed S]

The history is a replay of a made-up session (push, pop, set, reset) so the
paths vary the way real ones do; the file's root and stack are the state the
last entry leaves. About 180 bytes per entry: 1,000 entries make ~180 KB.
Layout as in SPEC.md: top-level keys one per line, one history entry a line.
Standard library only; the same N and seed always give the same bytes.
"""
import argparse
import datetime
import json
import random
import sys
import urllib.parse

SCREENS = {  # route name -> parameter makers (each a list of (key, values))
    "details": [("id", None), ("tab", ["info", "reviews", "specs", "shipping"])],
    "product": [("sku", None), ("color", ["red", "navy blue", "black", "forest green"])],
    "category": [("slug", ["shoes", "outdoor-gear", "kitchen & dining", "books"]), ("page", None)],
    "search": [("q", ["running shoes", "tent 2 person", "café au lait", "usb-c cable"]),
               ("sort", ["relevance", "price_asc", "newest"])],
    "reviews": [("id", None), ("stars", ["5", "4", "3"])],
    "order": [("id", None)],
    "orders": [("filter", ["open", "shipped", "returned"])],
    "cart": [], "checkout": [("step", ["address", "payment", "confirm"])],
    "profile": [("user", None)], "editProfile": [], "settings": [("section", ["account", "privacy", "notifications"])],
    "notifications": [], "help": [("topic", ["returns", "shipping", "payments"])], "about": [],
}
ROOTS = ["home", "home", "home", "catalog", "account"]


def route(rng):
    name = rng.choice(list(SCREENS))
    params = {}
    for key, values in SCREENS[name]:
        if rng.random() < 0.8:
            params[key] = str(rng.randint(1, 99999)) if values is None else rng.choice(values)
    return {"name": name, "params": params} if params else {"name": name}


def args_of(r):
    return [r["name"]] + [f"{k}={v}" for k, v in r.get("params", {}).items()]


def path_of(root, stack):
    parts = []
    for r in [root] + stack:
        p = r.get("params", {})
        q = "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in p.items())
        parts.append(r["name"] + ("?" + q if q else ""))
    return "/".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of history entries")
    ap.add_argument("-o", "--output", help="file to write (default: stdout)")
    ap.add_argument("--limit", type=int, help="historyLimit (default: max(N, 1000))")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.n < 0 or (a.limit is not None and a.limit < a.n):
        ap.error("need N >= 0 and --limit >= N")
    rng = random.Random(a.seed)
    initial, root, stack = {"name": "onboarding"}, {"name": "home"}, []
    t = datetime.datetime(2026, 11, 22, 10, 0, 0, tzinfo=datetime.timezone.utc)
    history = []
    for seq in range(1, a.n + 1):
        left = a.n - seq  # the last entries build a stack of three routes
        x = rng.random()
        if left == 3 or (left > 3 and x < 0.04):
            op, root, stack = "set", {"name": rng.choice(ROOTS)}, []
            args = args_of(root)
        elif left < 3 or len(stack) < 2 or (x < 0.70 and len(stack) < 6):
            op, r = "push", route(rng)
            stack = stack + [r]
            args = args_of(r)
        elif x < 0.97:
            k = 1 if rng.random() < 0.8 else 2
            op, stack, args = "pop", stack[:-k], ([] if k == 1 else [str(k)])
        else:
            op, root, stack, args = "reset", initial, [], []
        t += datetime.timedelta(seconds=rng.randint(1, 900))
        history.append({"seq": seq, "at": t.strftime("%Y-%m-%dT%H:%M:%SZ"), "op": op,
                        "args": args, "path": path_of(root, stack)})
    if a.n == 0:
        stack = [{"name": "details", "params": {"id": "42"}}, {"name": "settings"}]

    def j(v):
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))
    lines = ["{",
             f'  "format": 1,',
             f'  "initial": {j(initial)},',
             f'  "root": {j(root)},',
             f'  "stack": {j(stack)},',
             f'  "historyLimit": {a.limit if a.limit is not None else max(a.n, 1000)},']
    if history:
        lines.append('  "history": [')
        lines += [f"    {j(h)}," for h in history[:-1]] + [f"    {j(history[-1])}", "  ]"]
    else:
        lines.append('  "history": []')
    text = "\n".join(lines + ["}"]) + "\n"
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
