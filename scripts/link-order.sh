#!/usr/bin/env bash
# scripts/link-order.sh: writes scripts/link-order.txt, the order in which the install build's
# linker lays out the functions routectl's commands run and the data they touch.
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
# that order, at the start of the code. A function callgrind knows only by its address (one
# without a symbol of its own) is named by the linker's map, where it has a symbol; glibc's
# string functions are listed in every variant (valgrind's CPU picks another than the host's).
#
# The same runs under lackey (valgrind's tool that reports every load and store) list the
# variables they touch, by the same order, after the functions. The linker packs those at the
# start of their sections too: the runtime's, glibc's and routectl's statics then share ~12
# pages, not ~25, and a zeroed page costs a fault (two when it is read before it is written),
# about 1.2 microseconds each here: 21 to 28 faults fewer at every start.
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

work=$(mktemp -d "${TMPDIR:-/tmp}/routectl-order.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The linker's map says which input section, and which symbol (as the symbol table spells it),
# holds each address.
bin=$(scripts/release-build.sh --scratch-path .build-bench -Xlinker "-Map=$work/routectl.map" -Xlinker --no-demangle)
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
run() { # run [FILE-TO-COPY] -- ARGS...: a callgrind and a lackey run of routectl ARGS (each on a fresh copy of FILE)
  local copy=
  if [[ $1 != -- ]]; then copy=$1; shift; fi
  shift
  runs=$((runs + 1))
  [[ -z $copy ]] || cp "$work/$copy" "$work/copy.${copy##*.}"
  (cd "$work" && valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$runs" \
    "$bin" "$@" >/dev/null 2>&1) || die "routectl $* failed under callgrind"
  [[ -z $copy ]] || cp "$work/$copy" "$work/copy.${copy##*.}"
  # Every load and store below 16 MiB, where the binary lies (its stack and heap lie far above):
  # lackey prints some 2 million lines a run, " L 00c07ab0,8" and the like.
  (cd "$work" && valgrind --tool=lackey --trace-mem=yes --log-fd=3 "$bin" "$@" 3>&1 >/dev/null 2>/dev/null |
    { grep -oE '^ [LSM] 00[0-9a-f]{6}' || true; } | cut -c4- | sort -u >"$work/data.$runs") ||
    die "routectl $* failed under lackey"
  # Every command loads some statics: none means lackey printed nothing this could read.
  [[ -s $work/data.$runs ]] || die "lackey reported no loads or stores of routectl $* (has its output changed?)"
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

# Written beside the runs and moved into place when whole: a failure leaves the list as it was.
python3 - "$work" "$runs" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" >"$work/link-order.txt" <<'PY'
import bisect, re, sys
work, runs, commit = sys.argv[1], int(sys.argv[2]), sys.argv[3]

# The linker's map: each input section's address, size, output section and first symbol.
sections = []  # [start, size, output, symbol]
code_symbols = set()
output = None
for line in open(f"{work}/routectl.map", errors="replace"):
    m = re.match(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\S+)$", line)
    if m:
        output = m.group(3)
        continue
    m = re.match(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ {9}\S.*:\(.*\)$", line)
    if m:
        sections.append([int(m.group(1), 16), int(m.group(2), 16), output, None])
        continue
    m = re.match(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ {17}(\S+)$", line)
    if m and sections:
        if sections[-1][3] is None:
            sections[-1][3] = m.group(1)
        if output == ".text":
            code_symbols.add(m.group(1))
if not sections or not code_symbols:
    sys.exit(f"link-order: no input sections or no code symbols read from {work}/routectl.map (has lld's map changed?)")
sections.sort(key=lambda s: s[0])
starts = [s[0] for s in sections]

def holder(address, outputs):
    """The symbol that places the input section holding `address` (in one of `outputs`), if any."""
    i = bisect.bisect_right(starts, address) - 1
    if i < 0:
        return None
    start, size, out, symbol = sections[i]
    return symbol if out in outputs and address < start + max(size, 1) else None

def size(address):
    """The size of the input section holding `address`."""
    start, size, _, _ = sections[bisect.bisect_right(starts, address) - 1]
    return size

def ranked(uses):
    # Ties by name: the list then changes only where what commands run changes (callgrind's order
    # of names follows the profiled binary's layout), and a type's functions, whose names share
    # their start, stand together.
    return sorted(uses, key=lambda n: (-uses[n], n))

functions = {}
for run in range(1, runs + 1):
    seen = set()
    for line in open(f"{work}/cg.{run}", errors="replace"):
        # callgrind names a function once, at its first record: "fn=(id) name" (or cfn=); a
        # recursive call's deeper levels are names of their own, marked "name'2" and so on; a
        # function without a symbol is its address, 0x..., named here by the map (or nothing
        # lld could place: a section of the compiler's without a symbol).
        m = re.match(r"c?fn=\(\d+\) (\S+?)(?:'\d+)?$", line)
        if not m:
            continue
        name = m.group(1)
        if name.startswith("0x"):
            name = holder(int(name, 16), {".text"})
        if name and name not in seen:
            seen.add(name)
            functions[name] = functions.get(name, 0) + 1

# glibc picks its string functions by the CPU (__memmove_avx512_unaligned_erms here, _avx_ under
# valgrind): each one that ran counts for all its variants.
variant = re.compile(r"^(__[a-z0-9]+?)_(?:sse|ssse|avx|evex|erms)")
for name in list(functions):
    m = variant.match(name)
    if m:
        for other in code_symbols:
            if other.startswith(m.group(1) + "_") and variant.match(other) and other not in functions:
                functions[other] = functions[name]

if not functions:
    sys.exit("link-order: callgrind's profiles name no function")

data, large = {}, set()
kept = {".data", ".bss", ".data.rel.ro", ".rodata"}
for run in range(1, runs + 1):
    seen = set()
    for line in open(f"{work}/data.{run}"):
        name = holder(int(line, 16), kept)
        if name and name not in seen:
            seen.add(name)
            data[name] = data.get(name, 0) + 1
            if size(int(line, 16)) >= 16384:
                large.add(name)

if not data:
    sys.exit("link-order: no load or store of lackey's lies in a variable of the linker's map")

# Sections of 16 KB or more (the runtime's first pool for metadata, of which a command uses a
# few pages; the standard library's statics, all in one section) after the small ones, which
# then share as few pages as they can.
names = ranked(functions)
variables = [n for n in ranked(data) if n not in large] + [n for n in ranked(data) if n in large]
print(f"# scripts/link-order.sh at {commit}: {len(names)} functions that {runs} commands ran, the most used first,")
print(f"# then {len(variables)} variables they touched")
print("\n".join(names + variables))
PY
mv "$work/link-order.txt" scripts/link-order.txt
echo "link-order: wrote scripts/link-order.txt ($(($(wc -l <scripts/link-order.txt) - 2)) functions and variables from $runs runs)" >&2
