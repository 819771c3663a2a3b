#!/usr/bin/env bash
# Measures a fork of the shipped agent's run the way docs/training.md's fork tables do: the fork's
# newest checkpoint (policy alone) against heuristic and head to head against the committed state,
# and its bid head against heuristic's bidding (the same policy on both sides, full games).
# Usage: scripts/pretrained_fork_eval.sh RUN_DIR [DEALS (default 8000)] [SEED (default 11, the
# tuning seed; never the report seed 2026)] [BUILD_DIR (default build)]
# Prints the two arena summaries: WP by role against heuristic, and the paired "wins minus the
# opponent's / 2" per deal against the committed state (models/pretrained/run/), with 95% CIs; and
# the bid head's paired points per deal at BID_THRESHOLD (default 0) with bidding.
# Environment: BID_THRESHOLD=T sets the bid head's threshold of that last match.
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
threshold=${BID_THRESHOLD:-0}
echo "== fork's bid head (bid_threshold $threshold) vs heuristic's bidding ($deals deals, seed $seed, --bidding)"
"$build/ddz" arena --agent "net:$tmp/fork.ddz,bid=head,bid_threshold=$threshold" --agent "net:$tmp/fork.ddz,bid=heuristic" \
  --bidding --deals "$deals" --seed "$seed" --threads 2 --no-cpu-times | grep -E "^paired per deal" | sed "s|net:$tmp/||g"
