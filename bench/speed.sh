#!/usr/bin/env bash
# How fast the gpuspec CLI is as a process, against the targets in docs/performance.md:
#   (a) one small file:  gpuspec lint FILE                         wall <= 0.5 s
#   (b) 2,000 documents: gpuspec lint DIR vs conform.py DIR        wall <= 0.5x conform.py, RSS <= 200 MiB
#   (c) warm documents/s on one thread (JMH LintBenchmark)         >= 20,000/s
# Each command runs RUNS times (default 10); min and median wall, median CPU (user+sys) and peak
# RSS (/usr/bin/time -f %M) are printed, with the load average before each series: other
# processes on the machine slow every figure, so compare series measured under similar load.
#
#   bench/speed.sh            build (offline), then (a) and (b) for java -jar and bin/gpuspec
#   bench/speed.sh --steps    also each launcher flag on its own (the steps of docs/performance.md)
#   bench/speed.sh --jmh      also (c), about a minute
#   RUNS=20 SKIP_BUILD=1 bench/speed.sh ...
#   LINT_LAYOUTS=1 bench/speed.sh   also lint of 10 multi-document files and 2,000 single-document files
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
runs="${RUNS:-10}"
steps=false
jmh=false
for arg in "$@"; do
  case "$arg" in
    --steps) steps=true ;;
    --jmh) jmh=true ;;
    *) echo "usage: bench/speed.sh [--steps] [--jmh]" >&2; exit 2 ;;
  esac
done
if [[ ! -x /usr/bin/time ]]; then
  echo "speed: /usr/bin/time is missing (Debian package 'time')" >&2
  exit 2
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  echo "== build: ./mvnw -o -q -pl cli,bench -am package -DskipTests"
  ./mvnw -o -q -pl cli,bench -am package -DskipTests >/dev/null
fi
jar="$root/cli/target/gpuspec.jar"
archive="$root/cli/target/gpuspec.jsa"
bench="$root/bench/target/benchmarks.jar"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
java -cp "$bench" io.gpuspec.bench.Corpus lint "$work/docs" 2000 >/dev/null
small="$work/docs/team-00/app-0000.yaml"
echo "== machine: $(nproc) cores, $(java -version 2>&1 | head -1)"
echo "== inputs: small file $(grep -c '^kind:' "$small") documents ($(wc -c <"$small") bytes);" \
  "$(find "$work/docs" -name '*.yaml' | wc -l) files with" \
  "$(cat "$work"/docs/*.yaml "$work"/docs/*/*.yaml | grep -c '^kind:') documents ($(du -sh "$work/docs" | cut -f1))"

# series NAME COMMAND...: runs the command $runs times, prints min/median wall, CPU and peak RSS
series() {
  local name="$1"
  shift
  local load
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  : >"$work/times"
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f '%e %U %S %M' -a -o "$work/times" "$@" >/dev/null 2>&1 || true
  done
  python3 - "$name" "$load" "$work/times" <<'PY'
import statistics, sys
name, load, path = sys.argv[1:]
rows = [l.split() for l in open(path) if l.strip() and l.split()[0][0].isdigit()]
wall = [float(r[0]) for r in rows]
cpu = [float(r[1]) + float(r[2]) for r in rows]
rss = [int(r[3]) / 1024 for r in rows]
print(f"{name:<44} n={len(rows):<3} wall min {min(wall):5.2f} s  median {statistics.median(wall):5.2f} s"
      f"  cpu median {statistics.median(cpu):5.2f} s  peak RSS {max(rss):5.0f} MiB  (load {load})")
PY
}

plain=(java -jar "$jar")
# the jar in the JVM it was started in, with the JVM's defaults (plain java -jar starts itself once
# more with the launcher's flags; any JVM option, such as this one, keeps it in-process)
defaults=(java -Dgpuspec.relaunch=false -jar "$jar")
launcher=("$root/bin/gpuspec")
cds=(-XX:SharedArchiveFile="$archive" -Xlog:cds=off -Xlog:cds+dynamic=off)

echo "== (a) one small file: lint FILE (target: wall <= 0.5 s)"
series "java -jar gpuspec.jar" "${plain[@]}" lint "$small"
series "  JVM defaults, in-process" "${defaults[@]}" lint "$small"
if $steps; then
  series "  + AppCDS archive" java "${cds[@]}" -jar "$jar" lint "$small"
  series "  + AppCDS + TieredStopAtLevel=1" java "${cds[@]}" -XX:TieredStopAtLevel=1 -jar "$jar" lint "$small"
  series "  TieredStopAtLevel=1 + SerialGC, no archive" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" lint "$small"
fi
series "bin/gpuspec (archive, C1, SerialGC)" "${launcher[@]}" lint "$small"

echo "== (b) 2,000 documents: lint DIR (target: wall <= 0.5x conform.py, peak RSS <= 200 MiB)"
series "java -jar gpuspec.jar" "${plain[@]}" lint "$work/docs"
series "  JVM defaults, in-process" "${defaults[@]}" lint "$work/docs"
if $steps; then
  series "  + AppCDS archive" java "${cds[@]}" -jar "$jar" lint "$work/docs"
  series "  + AppCDS + TieredStopAtLevel=1" java "${cds[@]}" -XX:TieredStopAtLevel=1 -jar "$jar" lint "$work/docs"
fi
series "bin/gpuspec (archive, C1, SerialGC)" "${launcher[@]}" lint "$work/docs"
conform="$root/../shared/conformance/conform.py"
if [[ -f "$conform" ]] && /usr/bin/python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  series "conform.py (same files)" /usr/bin/python3 "$conform" "$work/docs"
else
  echo "conform.py: not found at $conform or its modules missing" \
    "(bash ../shared/conformance/setup.sh); comparison skipped"
fi

if $jmh; then
  echo "== (c) warm lint throughput, one thread (target: >= 20,000 documents/s); load $(cut -d' ' -f1-3 /proc/loadavg)"
  java -jar "$bench" LintBenchmark -wi 5 -w 2 -i 10 -r 2 -f 1 2>&1 | grep -E '^(Benchmark|LintBenchmark)'
fi

# Lint layouts (LINT_LAYOUTS=1): the same 2,000 documents as 10 multi-document files and as
# 2,000 single-document files, through java -jar, bin/gpuspec and conform.py.
lint_layouts() {
  local layout
  for layout in lint-multi lint-single; do
    java -cp "$bench" io.gpuspec.bench.Corpus "$layout" "$work/$layout" 2000 >/dev/null
    echo "== lint $layout: 2,000 documents in $(find "$work/$layout" -name '*.yaml' | wc -l) files"
    series "java -jar gpuspec.jar" "${plain[@]}" lint "$work/$layout"
    series "bin/gpuspec" "${launcher[@]}" lint "$work/$layout"
    if [[ -f "$conform" ]]; then
      series "conform.py (same files)" /usr/bin/python3 "$conform" "$work/$layout"
    fi
  done
}
if [[ "${LINT_LAYOUTS:-0}" == 1 ]]; then
  lint_layouts
fi
