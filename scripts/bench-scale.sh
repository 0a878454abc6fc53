#!/usr/bin/env bash
# scripts/bench-scale.sh: does routectl stay linear in the state's size? (issue 36)
#
# usage: scripts/bench-scale.sh      (from anywhere; it works in the repo root)
#
# Times `show --path` and one change of each format bench.sh times, at 1x, 10x and 100x a
# usual size (500 history entries, 1,000 keys of preferences, 500 screens of a NavigationPath;
# at 100x, 50,000 entries, 100,000 keys and 50,000 screens, each under its format's size limit) (hyperfine -N, median of 10 runs; changes on a fresh copy each run), and prints,
# for each size, the median less a command's start (`routectl --version`) and that work's
# growth next to the size's: linear when 100x the size costs about 100x the work, not 10,000x.
#
# Environment: ROUTECTL_BIN=/path/to/routectl skips the build (default: the plain
# `swift build -c release` of bench.sh, scratch path .build-bench); ROUTECTL_BASELINE adds that
# binary's medians beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "bench-scale: $*" >&2; exit 1; }
for c in hyperfine python3 jq; do command -v "$c" >/dev/null || die "$c is needed (scripts/bench.sh installs it)"; done

if [[ -n ${ROUTECTL_BIN:-} ]]; then
  bin=$(command -v "$ROUTECTL_BIN") || die "ROUTECTL_BIN: no such program: $ROUTECTL_BIN"
else
  swift build -c release --scratch-path .build-bench >&2
  bin=$(swift build -c release --scratch-path .build-bench --show-bin-path)/routectl
fi
bins=("$bin")
if [[ -n ${ROUTECTL_BASELINE:-} ]]; then
  bins+=("$(command -v "$ROUTECTL_BASELINE")") || die "ROUTECTL_BASELINE: no such program: $ROUTECTL_BASELINE"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/routectl-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT
out=$work/results.tsv

# time LABEL SIZE PREPARE COMMAND: the median in ms of 10 runs of COMMAND for each binary
# (@BIN in COMMAND and PREPARE), one row each in $out.
time_case() {
  local label=$1 size=$2 prepare=$3 command=$4 b i=0
  for b in "${bins[@]}"; do
    hyperfine -N --warmup 2 --runs 10 --style none --export-json "$work/h.json" \
      -p "${prepare//@BIN/$b}" "${command//@BIN/$b}" >/dev/null 2>"$work/h.err" ||
      { cat "$work/h.err" >&2; die "hyperfine failed: $label at $size"; }
    printf '%s\t%s\t%s\t%s\n' "$label" "$size" "$i" "$(jq '.results[0].median * 1000' "$work/h.json")" >>"$out"
    i=$((i + 1))
  done
}
time_case start 1 true "@BIN --version"

for scale in 1 10 100; do
  d=$work/$scale
  mkdir "$d"
  entries=$((500 * scale)) keys=$((1000 * scale)) screens=$((500 * scale))
  python3 scripts/make-navigator-file.py "$entries" -o "$d/own.json"
  python3 scripts/make-app-plist.py "$keys" -o "$d/app.plist"
  python3 scripts/make-app-plist.py "$keys" --xml -o "$d/app-xml.plist"
  python3 scripts/make-navigation-path-file.py "$screens" -o "$d/path.json"
  python3 scripts/make-app-plist.py 2000 --data "navigationPath=$d/path.json" -o "$d/path-key.plist"
  python3 scripts/make-vapn-file.py -o "$d/tree.json"
  python3 scripts/make-app-plist.py "$keys" --data "com.vandrj.navigator6C1F0E2B-3A4D-4E5F-9A0B-1C2D3E4F5A6B=$d/tree.json" -o "$d/vapn.plist"
  for f in own.json app.plist app-xml.plist path.json path-key.plist vapn.plist; do cp "$d/$f" "$d/w-$f"; done
  c() { echo "cp $d/$1 $d/w-$1"; }
  time_case "own file (entries)" "$entries" true "@BIN -f $d/own.json show --path"
  time_case "own file (entries), push" "$entries" "$(c own.json)" "@BIN -f $d/w-own.json push bench"
  time_case "binary plist (keys)" "$keys" true "@BIN -f $d/app.plist --key route show --path"
  time_case "binary plist (keys), set" "$keys" "$(c app.plist)" "@BIN -f $d/w-app.plist --key route set home"
  time_case "XML plist (keys)" "$keys" true "@BIN -f $d/app-xml.plist --key route show --path"
  time_case "XML plist (keys), set" "$keys" "$(c app-xml.plist)" "@BIN -f $d/w-app-xml.plist --key route set home"
  time_case "VAPN under a key (keys)" "$keys" true "@BIN -f $d/vapn.plist --key com.vandrj.navigator show --path"
  time_case "VAPN under a key (keys), push" "$keys" "$(c vapn.plist)" "@BIN -f $d/w-vapn.plist --key com.vandrj.navigator push details _0:=1"
  time_case "NavigationPath file (screens)" "$screens" true "@BIN -f $d/path.json show --path"
  time_case "NavigationPath file (screens), push" "$screens" "$(c path.json)" "@BIN -f $d/w-path.json push details _0:=1"
  time_case "NavigationPath under a key (screens)" "$screens" true "@BIN -f $d/path-key.plist --key navigationPath show --path"
  time_case "NavigationPath under a key (screens), push" "$screens" "$(c path-key.plist)" "@BIN -f $d/w-path-key.plist --key navigationPath push details _0:=1"
done

python3 - "$out" "${#bins[@]}" <<'PY'
import collections, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
nbins = int(sys.argv[2])
start = {int(b): float(ms) for label, _, b, ms in rows if label == "start"}
cases = collections.OrderedDict()
for label, size, b, ms in rows:
    if label != "start":
        cases.setdefault(label, []).append((int(size), int(b), float(ms)))
print(f"start (routectl --version): {start[0]:.2f} ms" + (f", baseline {start[1]:.2f} ms" if nbins > 1 else ""))
print(f"{'case':<44}{'size':>8}{'median':>9}{'work':>8}{'size x':>8}{'work x':>8}" + (f"{'before':>9}{'ratio':>7}" if nbins > 1 else ""))
for label, values in cases.items():
    mine = [(s, ms) for s, b, ms in values if b == 0]
    before = {s: ms for s, b, ms in values if b == 1}
    s0, m0 = mine[0]
    w0 = m0 - start[0]
    for s, ms in mine:
        w = ms - start[0]
        # below a millisecond of work, the start's noise is larger than the work: no ratio
        grow = f"{w / w0:>8.1f}" if w0 >= 1 else f"{'-':>8}"
        line = f"{label:<44}{s:>8}{ms:>9.2f}{w:>8.2f}{s / s0:>8.0f}{grow}"
        if s in before:
            line += f"{before[s]:>9.2f}{ms / before[s]:>7.2f}"
        print(line)
PY
