#!/usr/bin/env bash
# Speed of a portable build against a native one (docs/building.md): runs `ddz bench`,
# bench_eigen_net and the two-player endgame set in each build, alternating, and prints medians.
# Usage: scripts/bench_arch.sh NATIVE_BUILD_DIR PORTABLE_BUILD_DIR [RUNS]   (CPU times; RUNS=5)
set -euo pipefail
native=$1 portable=$2 runs=${3:-5}
for d in "$native" "$portable"; do
  for f in ddz bench_eigen_net bench_endgame; do
    [ -x "$d/$f" ] || { echo "error: $d/$f is missing (build it with -DDDZ_BENCH=ON)" >&2; exit 1; }
  done
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Alternating runs, so that a change in the machine's load hits both builds alike.
for ((i = 1; i <= runs; i++)); do
  for kind in native portable; do
    d=$native; [ $kind = portable ] && d=$portable
    "$d/ddz" bench --reps 3 --json > "$out/$kind.ddz.$i.json"
    "$d/bench_eigen_net" --benchmark_format=json --benchmark_filter='BM_PolicyOnePosition|BM_Value/64|BM_NetEvaluatorBatch64|BM_MctsNetSearch100' \
      > "$out/$kind.eigen.$i.json" 2>/dev/null
    DDZ_BENCH_MAX_NODES=5000000 "$d/bench_endgame" --benchmark_format=json --benchmark_filter='two_13v13' \
      > "$out/$kind.endgame.$i.json" 2>/dev/null
  done
  echo "run $i of $runs done" >&2
done

python3 - "$out" "$runs" "$("$native/ddz" --version)" "$("$portable/ddz" --version)" <<'PY'
import json, statistics, sys
out, runs, vn, vp = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def load(kind, what, i): return json.load(open(f"{out}/{kind}.{what}.{i}.json"))
def figures(kind):
    f = {}
    def add(k, v): f.setdefault(k, []).append(v)
    for i in range(1, runs + 1):
        d = load(kind, "ddz", i)
        add("ddz bench: random games/s, engine loop (higher is better)", d["games_per_second"]["engine"])
        add("ddz bench: random games/s, agents (higher is better)", d["games_per_second"]["agents"])
        add("ddz bench: legal_moves, leading 20 cards, median ns", d["legal_moves_leading_20"]["median_ns"])
        add("ddz bench: legal_moves, following, median ns", d["legal_moves_following"]["median_ns"])
        for b in load(kind, "eigen", i)["benchmarks"]:
            unit = b["time_unit"]
            add(f"bench_eigen_net {b['name']}, CPU {unit}", b["cpu_time"])
        for b in load(kind, "endgame", i)["benchmarks"]:
            add("bench_endgame two_13v13 (5M nodes), median CPU ms per position", b["median_cpu_ms"])
    return f
n, p = figures("native"), figures("portable")
print(f"native:   {vn}\nportable: {vp}\nmedians of {runs} runs\n")
print("| figure | native | portable | portable / native |")
print("| --- | ---: | ---: | ---: |")
for k in n:
    a, b = statistics.median(n[k]), statistics.median(p[k])
    fmt = lambda x: f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.3g}"
    print(f"| {k} | {fmt(a)} | {fmt(b)} | {b / a:.2f} |")
PY
