#!/bin/sh
# Regenerates the checked-in completion scripts and man page from the routectl binary, so that
# they say what the command table says:
#   completions/routectl.bash  completions/_routectl  completions/routectl.fish  man/routectl.1
#
# Usage: scripts/generate-docs.sh [path/to/routectl]
# Without an argument it uses $ROUTECTL_BIN, else builds routectl with `swift build`.
set -eu

bin=${1:-${ROUTECTL_BIN:-}}
case "$bin" in
    "" | /*) ;;
    *) bin="$PWD/$bin" ;;  # a relative path means relative to where the script was started
esac
cd "$(dirname "$0")/.."

if [ -z "$bin" ]; then
    swift build --product routectl
    bin="$(swift build --show-bin-path)/routectl"
fi

# Writes the output of `routectl ARGS...` to FILE, replacing it only when the command succeeds.
generate() {
    file=$1
    shift
    if "$bin" "$@" > "$file.new"; then
        mv "$file.new" "$file"
        echo "wrote $file"
    else
        rm -f "$file.new"
        echo "generate-docs: '$bin $*' failed; $file is unchanged" >&2
        exit 1
    fi
}

mkdir -p completions man
generate completions/routectl.bash completions bash
generate completions/_routectl completions zsh
generate completions/routectl.fish completions fish
generate man/routectl.1 man
