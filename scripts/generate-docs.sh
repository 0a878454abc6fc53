#!/bin/sh
# Regenerates the checked-in completion scripts and man page from the routectl binary, so that
# they say what the command table says:
#   completions/routectl.bash  completions/_routectl  completions/routectl.fish  man/routectl.1
#
# Usage: scripts/generate-docs.sh [path/to/routectl]
# Without an argument it uses $ROUTECTL_BIN, else builds routectl with `swift build`.
set -eu
cd "$(dirname "$0")/.."

bin=${1:-${ROUTECTL_BIN:-}}
if [ -z "$bin" ]; then
    swift build --product routectl
    bin="$(swift build --show-bin-path)/routectl"
fi

# Writes the output of `routectl ARGS...` to FILE, replacing it only when the command succeeds.
generate() {
    file=$1
    shift
    "$bin" "$@" > "$file.new"
    mv "$file.new" "$file"
    echo "wrote $file"
}

mkdir -p completions man
generate completions/routectl.bash completions bash
generate completions/_routectl completions zsh
generate completions/routectl.fish completions fish
generate man/routectl.1 man
