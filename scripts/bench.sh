#!/usr/bin/env bash
# scripts/bench.sh: how fast is routectl next to the least work its job needs?
#
# usage: scripts/bench.sh [--quick] [--static]   (from anywhere; it works in the repo root)
#
# Builds the binary users install, plain `swift build -c release` (scratch path .build-bench,
# so it never fights a debug build; with --static, for information, the packaged Linux build of
# docs/packaging-linux.md, scripts/release-build.sh, in .build-bench-static), builds
# two C "floor" programs (benchmarks/floor/), makes navigator files with 1,000
# and 10,000 history entries (scripts/make-navigator-file.py), and times with
# hyperfine (no shell; the median of 200 runs, taken in 20 rounds that each run every command 10
# times in turn, so that a burst of load on a shared machine falls on floors and routectl alike;
# 30 runs in 3 rounds with --quick), one group per size. (Rounds of 40 runs let a burst of a
# second or so fall on one command's block: per-round medians of one run moved by 0.3 ms for
# routectl while the floor's next to them did not, and the reverse.)
#
#   /bin/true                   the cost of starting any process at all
#   C read floor                open, fstat, read the file, print the root's name
#   routectl show --path        the real reader
#   C push floor                flock FILE.lock, read, write FILE.tmp, fsync,
#                               rename over FILE, fsync the folder
#   routectl push bench         the real writer (also appends a history entry)
#   jq edit                     jq '.stack += [...]' FILE > FILE.tmp && mv ...
#   routectl --version          any command's start (for information, no goal)
#
# Writers get a fresh copy of the file before every run (hyperfine --prepare),
# so sizes stay fixed. Ratios are of medians; goals from the issue:
#
#   show --path / C read floor  <= 3    routectl costs at most 3x (2x) a C
#   push / C push floor         <= 2    program making only the needed syscalls
#   10k show / 1k show          <= 2    10x the history costs at most 2x the time
#   10k push / 1k push          <= 2
#   jq edit / push              >= 10   10x faster than the shell way
#
# Floors and goals are judged at 1,000 entries; the 10,000 column is for
# information. A third file is format 2 (scripts/make-format2-file.sh: two tabs,
# a sheet up, 1,000 history entries each carrying every tab): the same floors
# and goals are judged on it, and its times are compared with format 1's. A
# fourth is an app's preferences (scripts/make-app-plist.py: a binary plist of
# 2,000 keys of every type and `route`): `routectl --key route show --path` and
# `set home` against the same floors, which for a plist only read it, or write
# it back unchanged (the system calls alone). A fifth is those preferences
# holding VAPersistentNavigator's saved tree as data under
# com.vandrj.navigator<scene id> (scripts/make-vapn-file.py: two tabs of pushes,
# a sheet up in the selected one): `routectl --key com.vandrj.navigator show
# --path` and `push details _0:=1` against the same floors and goals, next to
# the route-setting case. A sixth is SwiftUI's NavigationPath in a file of the
# app's own (scripts/make-navigation-path-file.py: 1,000 screens, enum values,
# structs and Ints): `show --path` and `push details _0:=1` against the same
# floors and goals, which for a JSON array print its first string, or splice a
# pair in after its `[`. A seventh is the app's preferences of the fourth as an XML
# plist (`--key route show --path` and `set home`), and an eighth those preferences
# holding the NavigationPath's JSON as data under a key (`--key navigationPath show
# --path` and `push details _0:=1`), against the same floors and goals as the fourth.
# With ROUTECTL_BASELINE=/path/to/an/older/routectl, the preferences cases also time
# that binary in the same run (before/after). Push times are mostly fsync and vary with the disk:
# compare runs on the same machine. The script always exits 0 when the runs worked;
# read the PASS/MISS column. It times a copy of the binary written by install(1) (not
# stripped, so not quite as the README installs it; see below), and first prints how many of the functions and variables
# scripts/link-order.txt names the binary still has (when that falls, run scripts/link-order.sh; a stripped binary
# has no names to count).
#
# Environment: ROUTECTL_BIN=/path/to/routectl skips the build and uses that
# binary; ROUTECTL_BASELINE=/path/to/routectl times that binary too, in every case of the same
# run, and the last table gives each case's median against it (goal: at most 1.2x, issue 36).
# scripts/bench-scale.sh times the same cases at 1x, 10x and 100x their size (linear?). TMPDIR picks where the files live (use a real disk, not tmpfs, or
# fsync costs nothing). hyperfine's JSON exports go to .build-bench/bench/.
set -euo pipefail

runs=200 warmup=20 rounds=20 static=0
for arg; do
  case "$arg" in
    --quick) runs=30 warmup=5 rounds=3 ;;
    --static) static=1 ;;
    -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: scripts/bench.sh [--quick] [--static]" >&2; exit 64 ;;
  esac
done
cd "$(dirname "$0")/.."

die() { echo "bench: $*" >&2; exit 1; }

need() { # need COMMAND DEBIAN-PACKAGE: install from Debian's packages when missing
  command -v "$1" >/dev/null 2>&1 && return
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  echo "bench: installing $2" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get install -y "$2" || { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y "$2"; }
}
need hyperfine hyperfine
need jq jq
for c in cc python3; do command -v "$c" >/dev/null || die "$c is needed"; done

if [[ -n ${ROUTECTL_BIN:-} ]]; then
  bin=$(command -v "$ROUTECTL_BIN") || die "ROUTECTL_BIN: no such program: $ROUTECTL_BIN"
  [[ $bin == /* ]] || bin=$PWD/$bin
elif [[ $static == 1 ]]; then
  bin=$(scripts/release-build.sh --scratch-path .build-bench-static)
else # the build users install (make install, the Homebrew formula): plain swift build -c release
  swift build -c release --scratch-path .build-bench >&2
  bin=$(swift build -c release --scratch-path .build-bench --show-bin-path)/routectl
fi

baseline=
if [[ -n ${ROUTECTL_BASELINE:-} ]]; then
  baseline=$(command -v "$ROUTECTL_BASELINE") || die "ROUTECTL_BASELINE: no such program: $ROUTECTL_BASELINE"
  [[ $baseline == /* ]] || baseline=$PWD/$baseline
fi

# before NAME ARGS...: hyperfine arguments timing the baseline binary too, when there is one
# (NAME 'show': a read of FILE; else a change of a fresh copy of PRISTINE as COPY).
before_show() { [[ -z $baseline ]] || printf '%s\n' -n "before: routectl show --path" -p true "$baseline $*"; }
before_change() { # before_change PRISTINE COPY LABEL ARGS...
  local pristine=$1 copy=$2 label=$3
  shift 3
  [[ -z $baseline ]] || printf '%s\n' -n "before: routectl $label" -p "cp $pristine $copy" "$baseline -f $copy $*"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/routectl-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
# hyperfine -N splits commands itself: keep the paths it is given (all in $work, where the timed
# programs are copied) free of spaces and quotes.
[[ $work != *[[:space:]\'\"\\]* ]] || die "paths with spaces or quotes are not supported: $work"
out=.build-bench/bench
# Time copies written by install(1) (with write(2)). A binary the linker has just written sits
# in the page cache in small pieces, so each page fault maps less of it: every command of it
# starts slower than an installed one. The README's `install -s` has strip(1) write the file
# again, which leaves it in the same small pieces (about 11 page faults more at every start
# here, until the page cache drops it), so these copies are not stripped.
#
# Every program timed is written again before each round (fresh_copies): this host's memory
# reclaim (DAMON's pageout, which lets the VM's host take back memory) drops the page cache of
# a file not read for a while, a little more each minute. A 22 MB binary then starts with more
# page faults as a run goes on (here 7 to 13 more a command after a minute: 31 → 40 in code for an XML plist's
# `show`), where the floors, whose libc every process keeps in use, do not; on a Mac, or on a
# machine that does not reclaim so, a binary in use stays cached as a fresh copy is.
built=$bin
baseline_built=$baseline
install -m 755 "$bin" "$work/routectl" && bin=$work/routectl
if [[ -n $baseline ]]; then install -m 755 "$baseline" "$work/routectl-before" && baseline=$work/routectl-before; fi
mkdir -p "$out"

cc -O2 -o "$work/read_floor.built" benchmarks/floor/read_floor.c
cc -O2 -o "$work/push_floor.built" benchmarks/floor/push_floor.c
fresh_copies() { # each timed program written again, as the comment above says why
  install -m 755 "$built" "$bin"
  [[ -z $baseline ]] || install -m 755 "$baseline_built" "$baseline"
  install -m 755 "$work/read_floor.built" "$work/read_floor"
  install -m 755 "$work/push_floor.built" "$work/push_floor"
  # On the disk now, not by the kernel's writeback some seconds into the round, where it would
  # slow the fsyncs of whichever command then ran.
  sync "$bin" ${baseline:+"$baseline"} "$work/read_floor" "$work/push_floor"
}
fresh_copies
jq_edit() { echo "jq '.stack += [{\"name\":\"bench\"}]' $1 > $1.tmp && mv $1.tmp $1"; }

# timed NAME HYPERFINE-ARGS...: times the commands in $rounds rounds, each running every command
# runs/rounds times in turn (the floors, then routectl), so that a burst of load on a shared
# machine falls on all of them alike rather than on whichever ran during it; prints each
# command's median over all its runs and writes them, as hyperfine's JSON would give them, to
# $out/hyperfine-NAME.json (each round's own JSON beside it, NAME.ROUND.json).
timed() {
  local name=$1 round
  shift
  for ((round = 1; round <= rounds; round++)); do
    fresh_copies
    hyperfine -N --warmup "$((warmup / rounds + 1))" --runs "$((runs / rounds))" --style none \
      --export-json "$out/hyperfine-$name.$round.json" "$@" >/dev/null 2>"$out/hyperfine-$name.err" ||
      { cat "$out/hyperfine-$name.err" >&2; die "hyperfine failed ($name)"; }
  done
  python3 - "$out/hyperfine-$name" "$rounds" <<'PY'
import json, statistics, sys
base, rounds = sys.argv[1], int(sys.argv[2])
results = [json.load(open(f"{base}.{r}.json"))["results"] for r in range(1, rounds + 1)]
pooled = []
for i, first in enumerate(results[0]):
    times = [t for round in results for t in round[i]["times"]]
    pooled.append({"command": first["command"], "median": statistics.median(times), "min": min(times), "max": max(times), "times": times})
json.dump({"results": pooled}, open(f"{base}.json", "w"))
for r in pooled:
    print(f"  {r['command']:<32}{r['median'] * 1000:8.3f} ms median  ({r['min'] * 1000:.3f} … {r['max'] * 1000:.3f}, {len(r['times'])} runs)")
PY
}

check_push() { # check_push NAME FILE: the file is valid JSON with "bench" on top
  local top
  top=$(jq -r '.stack[-1].name' "$2") || die "$1 left an invalid file"
  [[ $top == bench ]] || die "$1 did not push (top of stack: $top)"
}

echo "machine: $(nproc) cores, $(uname -sr); files on $(stat -f -c %T "$work") ($work)"
echo "routectl: $built ($("$bin" --version 2>/dev/null || echo 'no --version')), timed as installed in $work"
# How much of the link order (scripts/link-order.sh) still names this binary's functions and
# variables (the few the linker keeps no symbol for, such as hidden value witnesses, never count).
# A stripped binary (ROUTECTL_BIN=/usr/local/bin/routectl, installed with install -s) has no names.
symbols=$(command -v nm >/dev/null && nm "$built" 2>/dev/null || true)  # read once: 22 MB of binary
if ! command -v nm >/dev/null; then
  :
elif [[ -z $symbols ]]; then
  echo "link order: not known (the binary has no symbol table: it was stripped)"
else
  echo "link order: $(awk 'NR == FNR { if ($0 !~ /^#/) want[$0]; next } $NF in want { if (!seen[$NF]++) n++ } END { print n + 0 }' scripts/link-order.txt - <<<"$symbols") of $(grep -vc '^#' scripts/link-order.txt) names of scripts/link-order.txt found in the binary"
fi
for n in 1000 10000; do
  d=$work/$n
  mkdir "$d"
  python3 scripts/make-navigator-file.py "$n" -o "$d/pristine.json"
  cp "$d/pristine.json" "$d/read.json"

  # Run everything once, so a broken binary fails here and not as a timing.
  [[ $("$work/read_floor" "$d/read.json") == "$(jq -r .root.name "$d/read.json")" ]] ||
    die "C read floor gave a wrong root"
  path=$("$bin" -f "$d/read.json" show --path) || die "routectl show --path failed"
  [[ $path == "$(jq -r '.history[-1].path' "$d/pristine.json")" ]] ||
    echo "bench: warning: routectl show --path printed '$path', not the generated path" >&2
  for w in floor routectl jq; do cp "$d/pristine.json" "$d/$w.json"; done
  "$work/push_floor" "$d/floor.json" || die "C push floor failed"
  "$bin" -f "$d/routectl.json" push bench || die "routectl push failed"
  sh -c "$(jq_edit "$d/jq.json")" || die "jq edit failed"
  for w in floor routectl jq; do check_push "$w" "$d/$w.json"; done
  [[ $(jq '(.history | length), .history[-1].seq' "$d/routectl.json" | paste -sd' ') == "$n $((n + 1))" ]] ||
    echo "bench: warning: after routectl push, history should keep $n entries ending at seq $((n + 1))" >&2

  echo
  echo "== $n history entries, $(wc -c <"$d/pristine.json") bytes =="
  mapfile -t extra < <(before_show "-f $d/read.json show --path"; before_change "$d/pristine.json" "$d/before.json" push push bench)
  timed $n \
    -n '/bin/true' -p true /bin/true \
    -n 'C read floor' -p true "$work/read_floor $d/read.json" \
    -n 'routectl show --path' -p true "$bin -f $d/read.json show --path" \
    -n 'C push floor' -p "cp $d/pristine.json $d/floor.json" "$work/push_floor $d/floor.json" \
    -n 'routectl push' -p "cp $d/pristine.json $d/routectl.json" "$bin -f $d/routectl.json push bench" \
    -n 'jq edit' -p "cp $d/pristine.json $d/jq.json" "sh -c \"$(jq_edit "$d/jq.json" | sed 's/["\\]/\\&/g')\"" \
    -n 'routectl --version' -p true "$bin --version" \
    "${extra[@]}"
done

# Format 2: two tabs, a sheet up, 1,000 history entries.
d=$work/format2
mkdir "$d"
scripts/make-format2-file.sh "$bin" "$d/pristine.json" >/dev/null
cp "$d/pristine.json" "$d/read.json"
[[ $("$work/read_floor" "$d/read.json") == home ]] || die "C read floor gave a wrong root (format 2)"
"$bin" -f "$d/read.json" show --path >/dev/null || die "routectl show --path failed (format 2)"
for w in floor routectl; do cp "$d/pristine.json" "$d/$w.json"; done
"$work/push_floor" "$d/floor.json" || die "C push floor failed (format 2)"
"$bin" -f "$d/routectl.json" push bench || die "routectl push failed (format 2)"
[[ $("$bin" -f "$d/routectl.json" show --json | jq -r '.top.name') == bench ]] || die "routectl push did not push (format 2)"
echo
echo "== format 2: two tabs, a sheet, $(jq '.history | length' "$d/pristine.json") history entries, $(wc -c <"$d/pristine.json") bytes =="
mapfile -t extra < <(before_show "-f $d/read.json show --path"; before_change "$d/pristine.json" "$d/before.json" push push bench)
timed format2 \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.json" \
  -n 'routectl show --path' -p true "$bin -f $d/read.json show --path" \
  -n 'C push floor' -p "cp $d/pristine.json $d/floor.json" "$work/push_floor $d/floor.json" \
  -n 'routectl push' -p "cp $d/pristine.json $d/routectl.json" "$bin -f $d/routectl.json push bench" \
  "${extra[@]}"

# An app's preferences: a binary plist, route = onboarding under 2,000 other keys.
d=$work/plist
mkdir "$d"
python3 scripts/make-app-plist.py 2000 -o "$d/pristine.plist"
cp "$d/pristine.plist" "$d/read.plist"
[[ $("$bin" -f "$d/read.plist" --key route show --path) == onboarding ]] || die "routectl show failed (plist)"
for w in floor routectl; do cp "$d/pristine.plist" "$d/$w.plist"; done
"$work/push_floor" "$d/floor.plist" || die "C push floor failed (plist)"
"$bin" -f "$d/routectl.plist" --key route set home || die "routectl set failed (plist)"
[[ $("$bin" -f "$d/routectl.plist" --key route show --path) == home ]] || die "routectl set did not set (plist)"
echo
echo "== an app's preferences: binary plist, 2,000 keys, $(wc -c <"$d/pristine.plist") bytes =="
mapfile -t extra < <(before_show "-f $d/read.plist --key route show --path"; before_change "$d/pristine.plist" "$d/before.plist" set --key route set home)
timed plist \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.plist" \
  -n 'routectl show --path' -p true "$bin -f $d/read.plist --key route show --path" \
  -n 'C push floor' -p "cp $d/pristine.plist $d/floor.plist" "$work/push_floor $d/floor.plist" \
  -n 'routectl set' -p "cp $d/pristine.plist $d/routectl.plist" "$bin -f $d/routectl.plist --key route set home" \
  "${extra[@]}"

# The same preferences with VAPersistentNavigator's tree as data under its key (a scene id after the prefix).
d=$work/vapn
mkdir "$d"
key=com.vandrj.navigator
python3 scripts/make-vapn-file.py -o "$d/tree.json"
python3 scripts/make-app-plist.py 2000 --data "${key}6C1F0E2B-3A4D-4E5F-9A0B-1C2D3E4F5A6B=$d/tree.json" -o "$d/pristine.plist"
cp "$d/pristine.plist" "$d/read.plist"
vapn_path='tab:second/settings/details?_0:=1/main/details?_0:=2/settings/details?_0:=9/sheet:settings/details?_0:=3/main'
[[ $("$bin" -f "$d/read.plist" --key "$key" show --path) == "$vapn_path" ]] || die "routectl show failed (vapn)"
for w in floor routectl; do cp "$d/pristine.plist" "$d/$w.plist"; done
"$work/push_floor" "$d/floor.plist" || die "C push floor failed (vapn)"
"$bin" -f "$d/routectl.plist" --key "$key" push details _0:=1 || die "routectl push failed (vapn)"
[[ $("$bin" -f "$d/routectl.plist" --key "$key" show --path) == "$vapn_path/details?_0:=1" ]] || die "routectl push did not push (vapn)"
echo
mapfile -t extra < <(before_show "-f $d/read.plist --key $key show --path"; before_change "$d/pristine.plist" "$d/before.plist" push --key "$key" push details _0:=1)
echo "== VAPersistentNavigator: its tree ($(wc -c <"$d/tree.json") bytes of JSON data) in the preferences, $(wc -c <"$d/pristine.plist") bytes =="
timed vapn \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.plist" \
  -n 'routectl show --path' -p true "$bin -f $d/read.plist --key $key show --path" \
  -n 'C push floor' -p "cp $d/pristine.plist $d/floor.plist" "$work/push_floor $d/floor.plist" \
  -n 'routectl push' -p "cp $d/pristine.plist $d/routectl.plist" "$bin -f $d/routectl.plist --key $key push details _0:=1" \
  "${extra[@]}"

# The preferences of the fourth case as an XML plist.
d=$work/plist-xml
mkdir "$d"
python3 scripts/make-app-plist.py 2000 --xml -o "$d/pristine.plist"
cp "$d/pristine.plist" "$d/read.plist"
[[ $("$bin" -f "$d/read.plist" --key route show --path) == onboarding ]] || die "routectl show failed (plist-xml)"
for w in floor routectl; do cp "$d/pristine.plist" "$d/$w.plist"; done
"$work/push_floor" "$d/floor.plist" || die "C push floor failed (plist-xml)"
"$bin" -f "$d/routectl.plist" --key route set home || die "routectl set failed (plist-xml)"
[[ $("$bin" -f "$d/routectl.plist" --key route show --path) == home ]] || die "routectl set did not set (plist-xml)"
[[ $(diff "$d/pristine.plist" "$d/routectl.plist" | grep -c '^[<>]') == 2 ]] || die "routectl set changed more than the value's line (plist-xml)"
mapfile -t extra < <(before_show "-f $d/read.plist --key route show --path"; before_change "$d/pristine.plist" "$d/before.plist" set --key route set home)
echo
echo "== an app's preferences: XML plist, 2,000 keys, $(wc -c <"$d/pristine.plist") bytes =="
timed plist-xml \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.plist" \
  -n 'routectl show --path' -p true "$bin -f $d/read.plist --key route show --path" \
  -n 'C push floor' -p "cp $d/pristine.plist $d/floor.plist" "$work/push_floor $d/floor.plist" \
  -n 'routectl set' -p "cp $d/pristine.plist $d/routectl.plist" "$bin -f $d/routectl.plist --key route set home" \
  "${extra[@]}"

# The same binary preferences holding a NavigationPath's JSON (1,000 screens) as data under a key.
d=$work/path-key
mkdir "$d"
python3 scripts/make-navigation-path-file.py 1000 -o "$d/path.json"
python3 scripts/make-app-plist.py 2000 --data "navigationPath=$d/path.json" -o "$d/pristine.plist"
cp "$d/pristine.plist" "$d/read.plist"
[[ $("$bin" -f "$d/read.plist" --key navigationPath show --path) == /home/*/details?_0:=0 ]] || die "routectl show failed (path-key)"
for w in floor routectl; do cp "$d/pristine.plist" "$d/$w.plist"; done
"$work/push_floor" "$d/floor.plist" || die "C push floor failed (path-key)"
"$bin" -f "$d/routectl.plist" --key navigationPath push details _0:=1 || die "routectl push failed (path-key)"
[[ $("$bin" -f "$d/routectl.plist" --key navigationPath show --path) == */details?_0:=0/details?_0:=1 ]] || die "routectl push did not push (path-key)"
mapfile -t extra < <(before_show "-f $d/read.plist --key navigationPath show --path"; before_change "$d/pristine.plist" "$d/before.plist" push --key navigationPath push details _0:=1)
echo
echo "== NavigationPath under a key: 1,000 screens ($(wc -c <"$d/path.json") bytes of JSON data) in the preferences, $(wc -c <"$d/pristine.plist") bytes =="
timed path-key \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.plist" \
  -n 'routectl show --path' -p true "$bin -f $d/read.plist --key navigationPath show --path" \
  -n 'C push floor' -p "cp $d/pristine.plist $d/floor.plist" "$work/push_floor $d/floor.plist" \
  -n 'routectl push' -p "cp $d/pristine.plist $d/routectl.plist" "$bin -f $d/routectl.plist --key navigationPath push details _0:=1" \
  "${extra[@]}"

# SwiftUI's NavigationPath: 1,000 screens in a JSON file of the app's own.
d=$work/navigation-path
mkdir "$d"
python3 scripts/make-navigation-path-file.py 1000 -o "$d/pristine.json"
cp "$d/pristine.json" "$d/read.json"
[[ $("$work/read_floor" "$d/read.json") == MyApp.Screen ]] || die "C read floor gave a wrong type (navigation-path)"
[[ $("$bin" -f "$d/read.json" show --path) == /home/*/details?_0:=0 ]] || die "routectl show failed (navigation-path)"
for w in floor routectl; do cp "$d/pristine.json" "$d/$w.json"; done
"$work/push_floor" "$d/floor.json" || die "C push floor failed (navigation-path)"
"$bin" -f "$d/routectl.json" push details _0:=1 || die "routectl push failed (navigation-path)"
[[ $("$bin" -f "$d/routectl.json" show --path) == */details?_0:=0/details?_0:=1 ]] || die "routectl push did not push (navigation-path)"
cmp -s <(tail -c +2 "$d/pristine.json") <(tail -c "$(($(wc -c <"$d/pristine.json") - 1))" "$d/routectl.json") ||
  die "routectl push changed the elements it kept (navigation-path)"
echo
echo "== SwiftUI's NavigationPath: 1,000 screens, $(wc -c <"$d/pristine.json") bytes =="
mapfile -t extra < <(before_show "-f $d/read.json show --path"; before_change "$d/pristine.json" "$d/before.json" push push details _0:=1)
timed navigation-path \
  -n '/bin/true' -p true /bin/true \
  -n 'C read floor' -p true "$work/read_floor $d/read.json" \
  -n 'routectl show --path' -p true "$bin -f $d/read.json show --path" \
  -n 'C push floor' -p "cp $d/pristine.json $d/floor.json" "$work/push_floor $d/floor.json" \
  -n 'routectl push' -p "cp $d/pristine.json $d/routectl.json" "$bin -f $d/routectl.json push details _0:=1" \
  "${extra[@]}"

echo
python3 - "$out/hyperfine-1000.json" "$out/hyperfine-10000.json" "$out/hyperfine-format2.json" "$out/hyperfine-plist.json" \
  "$out/hyperfine-vapn.json" "$out/hyperfine-navigation-path.json" "$out/hyperfine-plist-xml.json" "$out/hyperfine-path-key.json" <<'PY'
import json, sys
names = ["/bin/true", "C read floor", "routectl show --path", "C push floor", "routectl push", "jq edit", "routectl --version"]
small, big, f2 = ({r["command"]: r["median"] * 1000 for r in json.load(open(f))["results"]}
                  for f in sys.argv[1:4])
pl, va, np, px, pk = ({r["command"]: r["median"] * 1000 for r in json.load(open(f))["results"]} for f in sys.argv[4:9])
print(f"{'median (ms)':<22}{'1,000':>9}{'10,000':>9}{'format 2':>10}")
for n in names:
    print(f"{n:<22}{small[n]:>9.2f}{big[n]:>9.2f}{f2[n]:>10.2f}" if n in f2 else f"{n:<22}{small[n]:>9.2f}{big[n]:>9.2f}")
print()
rows = [  # label, value at 1k, value at 10k (or None), goal, at most?
    ("show --path / C read floor", small["routectl show --path"] / small["C read floor"],
     big["routectl show --path"] / big["C read floor"], 3, True),
    ("push / C push floor", small["routectl push"] / small["C push floor"],
     big["routectl push"] / big["C push floor"], 2, True),
    ("10k show / 1k show", big["routectl show --path"] / small["routectl show --path"], None, 2, True),
    ("10k push / 1k push", big["routectl push"] / small["routectl push"], None, 2, True),
    ("jq edit / push", small["jq edit"] / small["routectl push"],
     big["jq edit"] / big["routectl push"], 10, False),
]
print(f"{'ratio (of medians)':<28}{'value':>7}{'goal':>8}  {'':<6}{'at 10k':>8}")
for label, v, v10, goal, at_most in rows:
    ok = v <= goal if at_most else v >= goal
    extra = f"{v10:8.2f}" if v10 is not None else ""
    line = f"{label:<28}{v:>7.2f}{('<= ' if at_most else '>= ') + str(goal):>8}  {'PASS' if ok else 'MISS':<6}{extra}"
    print(line.rstrip())
print()
rows = [  # format 2 (two tabs, a sheet, 1,000 entries): floors as above, and next to format 1
    ("format 2 show / C read floor", f2["routectl show --path"] / f2["C read floor"], 3, True),
    ("format 2 push / C push floor", f2["routectl push"] / f2["C push floor"], 2, True),
    ("format 2 / format 1, show", f2["routectl show --path"] / small["routectl show --path"], None, True),
    ("format 2 / format 1, push", f2["routectl push"] / small["routectl push"], None, True),
]
print(f"{'ratio (of medians)':<30}{'value':>7}{'goal':>8}")
for label, v, goal, at_most in rows:
    if goal is None:
        print(f"{label:<30}{v:>7.2f}")
    else:
        print(f"{label:<30}{v:>7.2f}{'<= ' + str(goal):>8}  {'PASS' if v <= goal else 'MISS'}")
print()
print(f"plist medians (ms): C read floor {pl['C read floor']:.2f}, show --path {pl['routectl show --path']:.2f}, "
      f"C push floor {pl['C push floor']:.2f}, set {pl['routectl set']:.2f}")
for label, v, goal in [
    ("plist show / C read floor", pl["routectl show --path"] / pl["C read floor"], 3),
    ("plist set / C push floor", pl["routectl set"] / pl["C push floor"], 2),
]:
    print(f"{label:<30}{v:>7.2f}{'<= ' + str(goal):>8}  {'PASS' if v <= goal else 'MISS'}")
print(f"vapn medians (ms): C read floor {va['C read floor']:.2f}, show --path {va['routectl show --path']:.2f}, "
      f"C push floor {va['C push floor']:.2f}, push {va['routectl push']:.2f}")
for label, v, goal in [
    ("vapn show / C read floor", va["routectl show --path"] / va["C read floor"], 3),
    ("vapn push / C push floor", va["routectl push"] / va["C push floor"], 2),
    ("vapn show / plist show", va["routectl show --path"] / pl["routectl show --path"], None),
    ("vapn push / plist set", va["routectl push"] / pl["routectl set"], None),
]:
    if goal is None:
        print(f"{label:<30}{v:>7.2f}")
    else:
        print(f"{label:<30}{v:>7.2f}{'<= ' + str(goal):>8}  {'PASS' if v <= goal else 'MISS'}")
print()
print(f"navigation-path medians (ms): C read floor {np['C read floor']:.2f}, show --path {np['routectl show --path']:.2f}, "
      f"C push floor {np['C push floor']:.2f}, push {np['routectl push']:.2f}")
for label, v, goal in [
    ("path show / C read floor", np["routectl show --path"] / np["C read floor"], 3),
    ("path push / C push floor", np["routectl push"] / np["C push floor"], 2),
]:
    print(f"{label:<30}{v:>7.2f}{'<= ' + str(goal):>8}  {'PASS' if v <= goal else 'MISS'}")
print()
print(f"any command's start (routectl --version, information): {small['routectl --version']:.2f} ms, "
      f"{small['routectl --version'] / small['C read floor']:.2f}x the C read floor of the 1,000-entry file")
print("the preferences' keys (goals from issue 23: at most 1.5x the floors):")
print(f"{'case':<34}{'floor':>7}{'show':>8}{'ratio':>7}{'':<6}{'floor':>8}{'change':>8}{'ratio':>7}")
for label, r, change in [("binary plist, --key route", pl, "routectl set"), ("XML plist, --key route", px, "routectl set"),
                         ("VAPN under a key", va, "routectl push"), ("NavigationPath under a key", pk, "routectl push")]:
    show, write = r["routectl show --path"] / r["C read floor"], r[change] / r["C push floor"]
    print(f"{label:<34}{r['C read floor']:>7.2f}{r['routectl show --path']:>8.2f}{show:>7.2f} {'PASS' if show <= 1.5 else 'MISS':<5}"
          f"{r['C push floor']:>8.2f}{r[change]:>8.2f}{write:>7.2f} {'PASS' if write <= 1.5 else 'MISS'}")
    before = {k[len("before: "):]: v for k, v in r.items() if k.startswith("before: ")}
    if before:
        print(f"{'  before (same run)':<34}{'':>7}{before['routectl show --path']:>8.2f}{before['routectl show --path'] / r['C read floor']:>7.2f}{'':<6}"
              f"{'':>8}{before[change]:>8.2f}{before[change] / r['C push floor']:>7.2f}")
cases = [("own file, 1,000 entries", small), ("own file, 10,000 entries", big), ("format 2", f2), ("binary plist", pl),
         ("XML plist", px), ("VAPN under a key", va), ("NavigationPath under a key", pk), ("NavigationPath file", np)]
if any(k.startswith("before: ") for _, r in cases for k in r):
    print()
    print("against the baseline binary (ROUTECTL_BASELINE), same run; goal: at most 1.2x (issue 36)")
    print(f"{'case':<28}{'command':<24}{'before':>8}{'after':>8}{'ratio':>7}")
    for label, r in cases:
        for k, v in r.items():
            if not k.startswith("before: "):
                continue
            now = r[k[len("before: "):]]
            print(f"{label:<28}{k[len('before: routectl '):]:<24}{v:>8.2f}{now:>8.2f}{now / v:>7.2f} {'PASS' if now / v <= 1.2 else 'MISS'}")
PY
