#!/usr/bin/env bash
# scripts/bench-reload.sh: how long does a running navigator take to see another process's change?
#
# usage: scripts/bench-reload.sh [ROUTECTL] [RUNS]   (default: .build/debug/routectl, 100 runs)
#
# The observer is `routectl show --watch --path`: RouteNavigator's watcher (inotify on the
# navigator file's folder), its reload (read, decode, compare) and one printed line. The change
# is what routectl's writer does last: a complete file renamed over the navigator file. For each
# run, the time from just before the rename to the moment the new path line is read from the
# watcher's pipe (both on this script's monotonic clock), so the figure includes the pipe and
# Python's wake-up, and is an upper bound of the navigator's own latency. Prints the median and
# the worst of RUNS, in milliseconds; the issue's goal is a change seen within 100 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
routectl=${1:-.build/debug/routectl}
runs=${2:-100}
[ -x "$routectl" ] || { echo "bench-reload.sh: no $routectl: run swift build first" >&2; exit 1; }
exec python3 - "$routectl" "$runs" <<'PYTHON'
import os, shutil, subprocess, sys, tempfile, time, statistics, select

routectl, runs = sys.argv[1], int(sys.argv[2])
folder = tempfile.mkdtemp(prefix="routectl-bench-reload-")
target = os.path.join(folder, "navigator.json")
# Two states to alternate between, written by routectl itself into files beside the target.
states = []
for index, route in enumerate(["a", "b"]):
    path = os.path.join(folder, f"state-{index}.json")
    subprocess.run([routectl, "-f", path, "push", route], check=True)
    states.append((open(path, "rb").read(), f"root/{route}"))
subprocess.run([routectl, "-f", target, "init"], check=True)
watch = subprocess.Popen([routectl, "-f", target, "show", "--watch", "--path"], stdout=subprocess.PIPE)
reader = watch.stdout

def next_line(timeout=5.0):
    ready, _, _ = select.select([reader], [], [], timeout)
    if not ready:
        sys.exit("bench-reload.sh: no line from show --watch within %.0f s" % timeout)
    return reader.readline().decode().strip()

assert next_line() == "root"
latencies = []
for run in range(runs):
    data, path = states[run % 2]
    temporary = os.path.join(folder, "navigator.json.tmp-bench")
    with open(temporary, "wb") as handle:
        handle.write(data)
    start = time.monotonic()
    os.rename(temporary, target)
    line = next_line()
    latencies.append((time.monotonic() - start) * 1000)
    if line != path:
        sys.exit(f"bench-reload.sh: expected {path}, show --watch printed {line}")
watch.terminate()
watch.wait()
shutil.rmtree(folder)
latencies.sort()
print(f"reload latency, file renamed -> show --watch line, {runs} runs: "
      f"median {statistics.median(latencies):.2f} ms, worst {latencies[-1]:.2f} ms")
PYTHON
