#!/usr/bin/env bash
# Ships a training run of configs/pretrained.yaml: exports its newest checkpoint as
# models/pretrained/agent.ddz (with the default search settings below) and copies what a resume
# needs (config, log, metrics, curves, newest checkpoint) to models/pretrained/run/, and the run's
# metrics.csv and curves.svg (WP against heuristic and mcts over training time) to docs/pretrained/.
# Usage: scripts/pretrained_ship.sh [BUILD_DIR] [RUN_DIR]   (then commit models/pretrained/)
# Environment: DDZ_BID_FROM_RUN=DIR takes the bid network from that run's newest checkpoint instead
# (ddz export --bid-from; the bid network shares no layer with the policy and the value network).
set -euo pipefail
build=${1:-build}
run=${2:-runs/pretrained}
out=models/pretrained
# The defaults of the `pretrained` spec, chosen by arena matches (docs/training.md).
settings=${DDZ_PRETRAINED_SETTINGS:-search=gumbel,sims=400,k=8,rollout_mix=1,rollout=net,solver=20,rollout_solver=16,stakes=1,net_plies=2,bid=head,bid_threshold=0,c_scale=0.1}
. "$(dirname "$0")/ship_common.sh"
step=$(newest_checkpoint "$run")
"$build/ddz" export --run "$run" --out "$out/agent.ddz.tmp" --settings "$settings"
if [ -n "${DDZ_BID_FROM_RUN:-}" ]; then
  "$build/ddz" export --run "$DDZ_BID_FROM_RUN" --out "$out/bid.ddz.tmp"
  "$build/ddz" export --from "$out/agent.ddz.tmp" --bid-from "$out/bid.ddz.tmp" --out "$out/agent.ddz.tmp"
  rm -f "$out/bid.ddz.tmp"
fi
mv "$out/agent.ddz.tmp" "$out/agent.ddz"
copy_run_state "$run" "$step" "$out/run" config.yaml log.txt metrics.csv curves.svg
mkdir -p docs/pretrained
for f in metrics.csv curves.svg; do
  cp "$run/$f" "docs/pretrained/$f.tmp"
  mv "docs/pretrained/$f.tmp" "docs/pretrained/$f"
done
echo "shipped $step of $run: $out/agent.ddz ($settings), $out/run/ and docs/pretrained/"
