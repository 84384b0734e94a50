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
#   bench/speed.sh --generate only (d): generating 2,000 objects, one file each, gpuspec against a
#                             cdk8s-plus synth of the same objects (bench/cdk8s; needs node and npm),
#                             then bench/cdk8s/compare.py proves both wrote the same values
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
runs="${RUNS:-10}"
steps=false
jmh=false
generate=false
for arg in "$@"; do
  case "$arg" in
    --steps) steps=true ;;
    --jmh) jmh=true ;;
    --generate) generate=true ;;
    *) echo "usage: bench/speed.sh [--steps] [--jmh] [--generate]" >&2; exit 2 ;;
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
echo "== machine: $(nproc) cores, $(java -version 2>&1 | head -1)"

# series NAME COMMAND...: runs the command $runs times, prints min/median wall, CPU and peak RSS
# and appends "NAME<TAB>median wall<TAB>peak RSS<TAB>median CPU" to $work/summary. Before each run (untimed) it
# runs the command in $before_each, if any; with strict=true a failing run stops the script.
before_each=""
strict=false
series() {
  local name="$1"
  shift
  local load
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  : >"$work/times"
  for ((i = 0; i < runs; i++)); do
    if [[ -n "$before_each" ]]; then
      eval "$before_each"
    fi
    if ! /usr/bin/time -f '%e %U %S %M' -a -o "$work/times" "$@" >"$work/out" 2>&1 && $strict; then
      echo "speed: $name failed: $*" >&2
      tail -20 "$work/out" >&2
      exit 1
    fi
  done
  python3 - "$name" "$load" "$work/times" "$work/summary" <<'PY'
import statistics, sys
name, load, path, summary = sys.argv[1:]
rows = [l.split() for l in open(path) if l.strip() and l.split()[0][0].isdigit()]
wall = [float(r[0]) for r in rows]
cpu = [float(r[1]) + float(r[2]) for r in rows]
rss = [int(r[3]) / 1024 for r in rows]
print(f"{name:<44} n={len(rows):<3} wall min {min(wall):5.2f} s  median {statistics.median(wall):5.2f} s"
      f"  cpu median {statistics.median(cpu):5.2f} s  peak RSS {max(rss):5.0f} MiB  (load {load})")
with open(summary, "a") as out:
    out.write(f"{name}\t{statistics.median(wall)}\t{max(rss)}\t{statistics.median(cpu)}\n")
PY
}

# (d) generate (--generate): COUNT objects (GENERATE_COUNT, default 2,000; bench/cdk8s/OBJECTS.md)
# rendered, checked and written one file each by gpuspec's generate main, against a cdk8s-plus
# synth of the same objects (bench/cdk8s, installed with npm ci into bench/target/cdk8s).
generate_main=io.gpuspec.bench.GenerateCorpus
# the launcher's JVM flags (bin/gpuspec), here with the benchmark jar on the class path
short=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms16m)
install_cdk8s() {
  local dir="$root/bench/target/cdk8s"
  mkdir -p "$dir"
  cp "$root/bench/cdk8s/app.js" "$dir/"
  if ! cmp -s "$root/bench/cdk8s/package-lock.json" "$dir/package-lock.json" || [[ ! -d "$dir/node_modules" ]]; then
    cp "$root/bench/cdk8s/package.json" "$root/bench/cdk8s/package-lock.json" "$dir/"
    echo "== npm ci (bench/target/cdk8s)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
}
generate_series() {
  local count="${GENERATE_COUNT:-2000}"
  local out="$work/generate"
  local gpuspec_ok=false cdk8s_ok=false
  echo "== (d) generate $count objects, one file each (target: wall <= 0.5x cdk8s-plus, peak RSS <= cdk8s-plus's)"
  if unzip -l "$bench" "${generate_main//.//}.class" >/dev/null 2>&1; then
    gpuspec_ok=true
  else
    echo "generate: $generate_main is not in $bench yet; gpuspec side skipped"
  fi
  if command -v node >/dev/null && command -v npm >/dev/null; then
    install_cdk8s
    cdk8s_ok=true
    echo "== cdk8s $(node -p 'require(process.argv[1]).version' "$root/bench/target/cdk8s/node_modules/cdk8s/package.json")," \
      "cdk8s-plus-32 $(node -p 'require(process.argv[1]).version' "$root/bench/target/cdk8s/node_modules/cdk8s-plus-32/package.json")," \
      "node $(node --version)"
  else
    echo "generate: node or npm is missing; cdk8s-plus side skipped"
  fi
  strict=true
  # each run writes a fresh directory (gpuspec keeps its versions in a hidden store beside it)
  before_each="rm -rf '$out' '$work/.generate.gpuspec'"
  if $gpuspec_ok; then
    eval "$before_each"
    java "${short[@]}" -XX:ArchiveClassesAtExit="$work/generate.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -cp "$bench" "$generate_main" "$out" "$count" >/dev/null
    series "gpuspec (launcher flags, java -cp)" java "${short[@]}" -cp "$bench" "$generate_main" "$out" "$count"
    series "  + class-data archive of a training run" java "${short[@]}" -XX:SharedArchiveFile="$work/generate.jsa" \
      -Xlog:cds=off -Xlog:cds+dynamic=off -cp "$bench" "$generate_main" "$out" "$count"
    series "  JVM defaults" java -cp "$bench" "$generate_main" "$out" "$count"
  fi
  if $cdk8s_ok; then
    series "cdk8s-plus synth (node app.js)" node "$root/bench/target/cdk8s/app.js" "$out" "$count"
  fi
  strict=false
  before_each=""
  if $gpuspec_ok && $cdk8s_ok; then
    java "${short[@]}" -cp "$bench" "$generate_main" "$work/g" "$count" >/dev/null
    node "$root/bench/target/cdk8s/app.js" "$work/c" "$count" >/dev/null
    if /usr/bin/python3 -c 'import yaml' 2>/dev/null; then
      /usr/bin/python3 "$root/bench/cdk8s/compare.py" "$work/g" "$work/c"
    else
      echo "compare: PyYAML missing (bash ../shared/conformance/setup.sh); objects not compared"
    fi
    python3 - "$work/summary" <<'PY'
import sys
rows = {l.split("\t")[0]: [float(x) for x in l.split("\t")[1:]] for l in open(sys.argv[1])}
peer = rows["cdk8s-plus synth (node app.js)"]
for name, (wall, rss, cpu) in rows.items():
    if name.startswith("cdk8s"):
        continue
    print(f"{name.strip():<40} against cdk8s-plus: median wall {wall / peer[0]:.2f}x (target <= 0.5),"
          f" CPU {cpu / peer[2]:.2f}x, peak RSS {rss / peer[1]:.2f}x (target <= 1)")
PY
  fi
}
if $generate; then
  generate_series
  exit 0
fi

java -cp "$bench" io.gpuspec.bench.Corpus lint "$work/docs" 2000 >/dev/null
small="$work/docs/team-00/app-0000.yaml"
echo "== inputs: small file $(grep -c '^kind:' "$small") documents ($(wc -c <"$small") bytes);" \
  "$(find "$work/docs" -name '*.yaml' | wc -l) files with" \
  "$(cat "$work"/docs/*.yaml "$work"/docs/*/*.yaml | grep -c '^kind:') documents ($(du -sh "$work/docs" | cut -f1))"

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
