#!/usr/bin/env bash
# scripts/release-build.sh: builds a Linux release binary of routectl as docs/packaging-linux.md
# describes, and prints its path. Arguments go to `swift build` (for example --scratch-path DIR).
#
#   -static-executable          no dynamic loader, no shared Swift runtime to map at start
#   -disable-concrete-type-...  generic metadata through accessors, not by demangling names
#   -function-sections          each function in a section of its own, so the linker can move it
#   -use-ld=lld, --symbol-ordering-file=scripts/link-order.txt
#                               the functions commands run laid out together at the start of the
#                               code, so a command touches ~20 pages of code, not ~60 spread over
#                               7.4 MB; and the variables they touch together at the start of
#                               the data, so that a command's statics share ~12 pages, not ~25
#                               (scripts/link-order.sh writes the list; a stale list only
#                               costs speed: names it gives that no longer exist are skipped)
#
# bench.sh and link-order.sh build with it; keep docs/packaging-linux.md's command in step
# (DocsTests checks that every flag here stands there). Users, and macOS, need none of this:
# `make install` (Makefile) builds with plain `swift build -c release`.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release -Xswiftc -static-executable
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
  -Xlinker --symbol-ordering-file=scripts/link-order.txt -Xlinker --no-warn-symbol-ordering)
bin="$(swift build "${flags[@]}" "$@" --show-bin-path)/routectl"
# swift build does not know the binary depends on the list: link again when the list is newer.
[[ ! scripts/link-order.txt -nt $bin ]] || rm -f "$bin"
swift build "${flags[@]}" "$@" >&2
echo "$bin"
