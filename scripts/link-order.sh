#!/usr/bin/env bash
# scripts/link-order.sh: writes scripts/link-order.txt, the order in which the install build's
# linker lays out the functions routectl's commands run.
#
# usage: scripts/link-order.sh          (Linux, from anywhere; needs valgrind and python3)
#
# A command of routectl runs about a megabyte of its 7.4 MB of code. Left where the compiler and
# the libraries put it, that code is spread over the whole binary, and each 64 KB of it a command
# touches costs a page fault (about 2 microseconds here; 60 of them at every start). This script
# builds routectl (scripts/release-build.sh), runs it under callgrind on the files bench.sh times
# (generated the same way) and on a few everyday commands, and lists every function that ran:
# the ones every command runs first, then by how many of the runs used them (ties by name). The
# release build hands the list to lld (--symbol-ordering-file), which puts those functions, in
# that order, at the start of the code.
#
# Run it again after changes that rename or add much of what commands run: a stale list costs
# only speed (bench.sh prints how many of its names the binary still has), never correctness.
set -euo pipefail
case "${1:-}" in
  "") ;;
  -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: scripts/link-order.sh" >&2; exit 64 ;;
esac
cd "$(dirname "$0")/.."
die() { echo "link-order: $*" >&2; exit 1; }
command -v python3 >/dev/null || die "python3 is needed"
command -v valgrind >/dev/null || die "valgrind is needed (on Debian or Ubuntu: sudo apt-get install valgrind)"

bin=$(scripts/release-build.sh --scratch-path .build-bench)
work=$(mktemp -d "${TMPDIR:-/tmp}/routectl-order.XXXXXX")
trap 'rm -rf "$work"' EXIT
key=com.vandrj.navigator6C1F0E2B-3A4D-4E5F-9A0B-1C2D3E4F5A6B
python3 scripts/make-navigator-file.py 1000 -o "$work/nav.json"
scripts/make-format2-file.sh "$bin" "$work/format2.json" >/dev/null
python3 scripts/make-app-plist.py 2000 -o "$work/prefs.plist"
python3 scripts/make-app-plist.py 2000 --xml -o "$work/xml.plist"
python3 scripts/make-vapn-file.py -o "$work/tree.json"
python3 scripts/make-app-plist.py 2000 --data "$key=$work/tree.json" -o "$work/vapn.plist"
python3 scripts/make-navigation-path-file.py 1000 -o "$work/path.json"
python3 scripts/make-app-plist.py 2000 --data "navigationPath=$work/path.json" -o "$work/path.plist"

runs=0
run() { # run [FILE-TO-COPY] -- ARGS...: one callgrind run of routectl ARGS (on a fresh copy of FILE)
  if [[ $1 != -- ]]; then cp "$work/$1" "$work/copy.${1##*.}"; shift; fi
  shift
  runs=$((runs + 1))
  (cd "$work" && valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$runs" \
    "$bin" "$@" >/dev/null 2>&1) || die "routectl $* failed under callgrind"
}
run -- --version
run -- --help
run -- -f nav.json show
run -- -f nav.json show --path
run nav.json -- -f copy.json push bench
run -- -f format2.json show --path
run format2.json -- -f copy.json push bench
run -- -f prefs.plist --key route show --path
run prefs.plist -- -f copy.plist --key route set home
run -- -f xml.plist --key route show --path
run xml.plist -- -f copy.plist --key route set home
run -- -f vapn.plist --key com.vandrj.navigator show --path
run vapn.plist -- -f copy.plist --key com.vandrj.navigator push details _0:=1
run -- -f path.json show --path
run path.json -- -f copy.json push details _0:=1
run -- -f path.plist --key navigationPath show --path
run path.plist -- -f copy.plist --key navigationPath push details _0:=1

python3 - "$work" "$runs" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" >scripts/link-order.txt <<'PY'
import re, sys
work, runs, commit = sys.argv[1], int(sys.argv[2]), sys.argv[3]
uses = {}
for run in range(1, runs + 1):
    seen = set()
    for line in open(f"{work}/cg.{run}", errors="replace"):
        # callgrind names a function once, at its first record: "fn=(id) name" (or cfn=); a
        # recursive call's deeper levels are names of their own, marked "name'2" and so on.
        m = re.match(r"c?fn=\(\d+\) (\S+?)(?:'\d+)?$", line)
        if m and not m.group(1).startswith("0x") and m.group(1) not in seen:
            seen.add(m.group(1))
            uses[m.group(1)] = uses.get(m.group(1), 0) + 1
# Ties by name: the list then changes only where what commands run changes (callgrind's order
# of names follows the profiled binary's layout), and a type's functions, whose names share
# their start, stand together.
names = sorted(uses, key=lambda n: (-uses[n], n))
print(f"# scripts/link-order.sh at {commit}: {len(names)} functions that {runs} commands ran, the most used first")
print("\n".join(names))
PY
echo "link-order: wrote scripts/link-order.txt ($(($(wc -l <scripts/link-order.txt) - 1)) functions from $runs runs)" >&2
