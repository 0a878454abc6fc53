#!/usr/bin/env bash
# Long fuzzing run for routectl.
#
#   scripts/fuzz.sh SECONDS [all|tests|libfuzzer]
#
# tests      loops the seeded fuzz tests (HostileInputTests and PlistKeyFuzzTests over the binary;
#            ParserFuzzTests, NavigatorFileFuzzTests, HistoryReaderFuzzTests, VAPNFuzzTests,
#            StackArrayFuzzTests, NavigationPathFuzzTests, RoutePathFuzzTests, URLFuzzTests,
#            LinkPropertyTests, PropertyListHostileInputTests in process) with a new seed each
#            round and ROUTECTL_FUZZ_CASES cases (default 1000; in-process tests run 100 times
#            as many), printing each seed. A failing round prints its seed and the command that
#            replays it, and the script exits 1. The clock starts once the tests are built;
#            a round that starts in time runs to its end.
# libfuzzer  builds every libFuzzer target in Fuzz/ (each Fuzz/<Name>Fuzzer.swift) with
#            `swiftc -sanitize=fuzzer,address` (straight from the sources: they are not SwiftPM
#            targets, so `swift build` and `swift test` never see them) and runs each for an
#            equal share of the time, seeded from Fuzz/corpus/<name>/ (<Name> in kebab case) and
#            keeping their corpora in the scratch folder. Today's targets:
#              FileReaderFuzzer    (file-reader)    NavigatorFile: decode, round trip, history; paths
#              ParserFuzzer        (parser)         the command line, with routectl's CLI sources
#              PropertyListFuzzer  (property-list)  an app's preferences: decode, round trip, set
#              BinaryPropertyListFuzzer (binary-property-list) the one binary plist reader: whole = in part, round trip
#              StackArrayFuzzer    (stack-array)    codable-array and flowstacks
#              VAPNFuzzer          (vapn)           VAPersistentNavigator's tree
#            A new Fuzz/<Name>Fuzzer.swift is built and run with them (a missing corpus folder
#            only starts it from nothing). A target that fails to build fails the script; a
#            crash leaves its input in the scratch folder, and the script prints how to replay it.
# all        (default) half the time each; all of it for the tests when libFuzzer cannot build.
#
# Environment: FUZZ_SCRATCH, the build folder (default .build-fuzz; never the default .build);
# ROUTECTL_FUZZ_CASES as above.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: scripts/fuzz.sh SECONDS [all|tests|libfuzzer]}
mode=${2:-all}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
cases=${ROUTECTL_FUZZ_CASES:-1000}
filter='HostileInputTests|ParserFuzzTests|NavigatorFileFuzzTests|HistoryReaderFuzzTests|VAPNFuzzTests|StackArrayFuzzTests|NavigationPathFuzzTests|RoutePathFuzzTests|URLFuzzTests|LinkPropertyTests|PlistKeyFuzzTests|PropertyListHostileInputTests'
fuzzdir=$scratch/libfuzzer
start=$(date +%s)

# A fresh 64-bit seed.
new_seed() { od -An -N8 -tu8 /dev/urandom | tr -d ' \n'; }

# Builds the tests, then loops them for `$1` seconds (the build, minutes from scratch, is not
# counted: else a short run would end before its first round).
run_tests() {
    local until rounds=0 seed log took begin
    echo "== tests: building in $scratch"
    log=$(mktemp)
    if ! swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1; then
        grep -E 'error' -A3 "$log" | head -40
        echo "tests: the build failed (full log: $log)"
        exit 1
    fi
    until=$(($(date +%s) + $1))
    while [ "$(date +%s)" -lt "$until" ]; do
        seed=$(new_seed)
        begin=$(date +%s)
        if ! ROUTECTL_FUZZ_SEED=$seed ROUTECTL_FUZZ_CASES=$cases \
            swift test --skip-build --scratch-path "$scratch" --filter "$filter" >"$log" 2>&1; then
            grep -E '✘|↳' "$log" | head -40
            echo "FAILED: seed $seed. Replay with:"
            echo "  ROUTECTL_FUZZ_SEED=$seed ROUTECTL_FUZZ_CASES=$cases swift test --scratch-path $scratch --filter '$filter'"
            echo "full log: $log"
            exit 1
        fi
        rounds=$((rounds + 1))
        took=$(($(date +%s) - begin))
        echo "round $rounds: seed $seed passed in ${took}s ($cases command lines and $cases files through the binary, $((cases * 100)) each of words, files, paths and URLs in process)"
    done
    rm -f "$log"
    echo "== tests: $rounds rounds, $((rounds * cases * 2)) binary runs and $((rounds * cases * 100 * 5)) in-process cases"
}

# The libFuzzer targets: Fuzz/<Name>Fuzzer.swift, sorted.
fuzzers() { find Fuzz -maxdepth 1 -name '*Fuzzer.swift' | sort; }

# The name of the target in `$1` (Fuzz/FileReaderFuzzer.swift): FileReader in kebab case,
# file-reader (a run of capitals is one word: VAPN is vapn). It names the binary
# ($fuzzdir/<name>-fuzzer) and the seed corpus (Fuzz/corpus/<name>/).
fuzzer_name() {
    basename "$1" Fuzzer.swift | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g; s/([A-Z]+)([A-Z][a-z])/\1-\2/g' | tr 'A-Z' 'a-z'
}

# Fuzzers compiled together with routectl's CLI sources (but main.swift), as module routectl:
# they test the command line's internal types.
with_cli=" ParserFuzzer "
# Fuzzers compiled together with the codecs' round trip the fuzz suites check too.
with_round_trip=" FileReaderFuzzer NavigationPathFuzzer PropertyListFuzzer StackArrayFuzzer VAPNFuzzer BinaryPropertyListFuzzer "

# Builds the libFuzzer binaries into $fuzzdir; fails when the toolchain cannot build one of them.
build_libfuzzer() {
    # Extern: as in Package.swift, RouteStore declares the extended-attribute calls with @_extern(c).
    # -package-name: the fuzzers and the CLI use the libraries' `package` declarations.
    local flags=(-sanitize=fuzzer,address -parse-as-library -O -g -enable-experimental-feature Extern
        -package-name routectl -I "$fuzzdir/module")
    local module files source stem libs=() cli
    mkdir -p "$fuzzdir/module"
    echo "== libfuzzer: building in $fuzzdir"
    # The library targets, each a static library and module, in the order they depend on each other.
    # (`|| return`: set -e does not hold inside a function called as an `if` condition.)
    for module in PlainText JSONText PropertyListCodec RouteModel RouteCodecs RouteSchema RouteProject RouteStore RoutePreferences RouteDefaults RouteWatch; do
        mapfile -t files < <(find "Sources/$module" -name '*.swift' | sort)
        swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$fuzzdir/module/$module.swiftmodule" \
            -emit-library -static -o "$fuzzdir/module/lib$module.a" "${files[@]}" 2> >(grep -v 'Cannot export local symbol' >&2) ||
            { echo "libfuzzer: the library $module does not build"; return 1; }
        libs=("-l$module" "${libs[@]}")
    done
    libs=(-L "$fuzzdir/module" "${libs[@]}")
    mapfile -t cli < <(find Sources/routectl -name '*.swift' ! -name main.swift | sort)
    while read -r source; do
        stem=$(basename "$source" .swift)
        echo "== libfuzzer: building $stem"
        if [[ $with_cli == *" $stem "* ]]; then
            files=("${cli[@]}" "$source")
            module=routectl
        elif [[ $with_round_trip == *" $stem "* ]]; then
            files=("$source" Tests/TestSupport/CodecRoundTrip.swift Tests/TestSupport/BinaryPropertyListRoundTrip.swift)
            module=$stem
        else
            files=("$source")
            module=$stem
        fi
        swiftc "${flags[@]}" -module-name "$module" "${libs[@]}" "${files[@]}" \
            -o "$fuzzdir/$(fuzzer_name "$source")-fuzzer" 2> >(grep -v 'Cannot export local symbol' >&2) ||
            { echo "libfuzzer: $source does not build"; return 1; }
    done < <(fuzzers)
}

# Runs one libFuzzer binary for `$2` seconds, its corpus seeded from Fuzz/corpus/`$1`.
run_libfuzzer() {
    local name=$1 time=$2 corpus=$fuzzdir/corpus-$1 log lsan
    # What Swift's lazy globals hold is not a leak (see the file).
    lsan="suppressions=$PWD/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    mkdir -p "$corpus"
    [ -d "Fuzz/corpus/$name" ] || echo "libfuzzer: no Fuzz/corpus/$name/: $name starts from an empty corpus"
    cp -n Fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null || true
    log=$fuzzdir/$name.log
    echo "== libfuzzer: $name for ${time}s (corpus $corpus)"
    # Swift's own crash reporter and libFuzzer's fight over a dying process: leave it to libFuzzer.
    if ! SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=$lsan "$fuzzdir/$name-fuzzer" "$corpus" -max_total_time="$time" -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$fuzzdir/$name-" >"$log" 2>&1; then
        tail -40 "$log"
        echo "FAILED: $name found a crash; replay with: SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=$lsan $fuzzdir/$name-fuzzer <the crash- file above>"
        exit 1
    fi
    grep -E 'stat::number_of_executed_units|stat::peak_rss' "$log" | sed "s/^/$name: /"
}

libfuzzer_ok=0
case $mode in
tests) run_tests "$seconds" ;;
libfuzzer | all)
    if build_libfuzzer; then
        libfuzzer_ok=1
    else
        echo "libfuzzer: could not build (see above)"
        [ "$mode" = libfuzzer ] && exit 1
    fi
    share=$seconds
    [ "$mode" = all ] && [ $libfuzzer_ok = 1 ] && share=$((seconds / 2))
    if [ $libfuzzer_ok = 1 ]; then
        mapfile -t sources < <(fuzzers)
        [ ${#sources[@]} -gt 0 ] || { echo "libfuzzer: no Fuzz/*Fuzzer.swift"; exit 1; }
        each=$((share / ${#sources[@]} > 0 ? share / ${#sources[@]} : 1))
        for source in "${sources[@]}"; do
            run_libfuzzer "$(fuzzer_name "$source")" "$each"
        done
    fi
    if [ "$mode" = all ]; then
        left=$((seconds - ($(date +%s) - start)))
        run_tests $((left > 0 ? left : 1))
    fi
    ;;
*)
    echo "usage: scripts/fuzz.sh SECONDS [all|tests|libfuzzer]" >&2
    exit 64
    ;;
esac
echo "== done in $(($(date +%s) - start))s"
