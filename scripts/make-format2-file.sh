#!/usr/bin/env bash
# Writes a format-2 navigator file for benchmarks: root `home`, a tab container with two tabs
# (feed, profile), a sheet up in the selected tab, and 1,000 history entries, each carrying
# every tab (how format 2 keeps what undo needs). Made by routectl itself, so the file is
# exactly what users get; the same binary always gives the same states (times differ).
#   usage: scripts/make-format2-file.sh <routectl> <file>
set -euo pipefail
bin=$1 file=$2
r() { "$bin" -q -f "$file" "$@"; }
rm -f "$file"
r init --initial onboarding --tabs home=feed,profile --history-limit 1000
r set home
tabs=(profile feed)
# Six changes a cycle, each a real change (so each is one entry): push, present, push in the
# sheet, dismiss, pop, switch tab.
for ((i = 1; i <= 170; i++)); do
  r push details "id=$i" 'tab=reviews & more'
  r present compose "draft:=$i" 'subject=Re: order #'"$i"
  r push attachments "count:=$((i % 7))"
  r dismiss
  r pop
  r tab "${tabs[i % 2]}"
done
r push details id=42
r present compose draft:=7
jq -r '"\(.history | length) entries, \(.tabs | length) tabs, path \(.history[-1].path)"' "$file"
