#!/usr/bin/env bash
# CI smoke run of every JMH benchmark of bench/: one fork, one warm-up and one measured iteration
# of 200 ms each (an iteration runs at least one operation, however long), on small inputs. It proves the benchmarks still run (setup checks included);
# its figures mean nothing. Measure with bench/speed.sh and the commands in docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=bench/target/benchmarks.jar
[ -f "$jar" ] || { echo "smoke: $jar is missing; build it with ./mvnw -pl bench -am package" >&2; exit 2; }
# C1 only and the serial collector, in JMH's JVM and in each benchmark's fork: a run this short
# never gets C2's compilations back (half the CPU time and a third of the memory of the defaults).
# Its figures mean nothing, so another JMH run on the machine (JMH's lock) does not stop it.
short='-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'
# shellcheck disable=SC2086
java $short -Djmh.ignoreLock=true -jar "$jar" 'io\.gpuspec\.bench\..*' -f 1 -wi 1 -i 1 \
  -w 200ms -r 200ms -foe true -jvmArgsAppend "$short" -rf text -rff bench/target/smoke.txt \
  -p nodes=1000 -p size=1000x2000
