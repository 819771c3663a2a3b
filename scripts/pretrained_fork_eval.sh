#!/usr/bin/env bash
# Measures a fork of the shipped agent's run the way docs/training.md's fork tables do: the fork's
# newest checkpoint (policy alone) against heuristic and head to head against the committed state.
# Usage: scripts/pretrained_fork_eval.sh RUN_DIR [DEALS (default 8000)] [SEED (default 11, the
# tuning seed; never the report seed 2026)] [BUILD_DIR (default build)]
# Prints the two arena summaries: WP by role against heuristic, and the paired "wins minus the
# opponent's / 2" per deal against the committed state (models/pretrained/run/), with 95% CIs.
set -euo pipefail
run=${1:-}
deals=${2:-8000}
seed=${3:-11}
build=${4:-build}
state=models/pretrained/run
if [ -z "$run" ]; then
  echo "usage: $0 RUN_DIR [DEALS] [SEED] [BUILD_DIR]" >&2
  exit 2
fi
if [ ! -x "$build/ddz" ]; then
  echo "error: $build/ddz is not built (make build, or pass the build directory)" >&2
  exit 2
fi
# ddz export names a missing run directory or checkpoint itself (exit 2), and set -e stops here.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/ddz" export --run "$run" --out "$tmp/fork.ddz"
"$build/ddz" export --run "$state" --out "$tmp/committed.ddz"
for opponent in heuristic "net:$tmp/committed.ddz"; do
  echo "== fork vs ${opponent/#net:$tmp\//} ($deals deals, seed $seed)"
  "$build/ddz" arena --agent "net:$tmp/fork.ddz" --agent "$opponent" --deals "$deals" --seed "$seed" \
    --threads 2 --no-cpu-times | grep -E "^net:$tmp/fork.ddz +(landlord|farmers|all) |^paired per deal" |
    awk '!seen[$0]++' | sed "s|net:$tmp/||g"  # the per-pair section repeats the role rows
done
