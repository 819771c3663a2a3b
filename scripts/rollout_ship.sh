#!/usr/bin/env bash
# Ships a run of configs/rollout-distill.yaml: exports its newest checkpoint as
# models/pretrained/rollout.ddz (the small network that plays the shipped search's rollouts, named
# by agent.ddz's default setting rollout_net=rollout.ddz) and copies what a resume needs (config,
# log, metrics, newest checkpoint) to models/pretrained/rollout-run/.
# Usage: scripts/rollout_ship.sh [BUILD_DIR] [RUN_DIR]   (then commit models/pretrained/)
# Resume: mkdir -p runs/rollout-distill && cp -r models/pretrained/rollout-run/. runs/rollout-distill/
#         ddz train --config configs/rollout-distill.yaml --run-dir runs/rollout-distill --resume
set -euo pipefail
build=${1:-build}
run=${2:-runs/rollout-distill}
out=models/pretrained
. "$(dirname "$0")/ship_common.sh"
step=$(newest_checkpoint "$run")
"$build/ddz" export --run "$run" --out "$out/rollout.ddz.tmp" --settings "temperature=0"
mv "$out/rollout.ddz.tmp" "$out/rollout.ddz"
copy_run_state "$run" "$step" "$out/rollout-run" config.yaml log.txt metrics.csv
echo "shipped $step of $run: $out/rollout.ddz and $out/rollout-run/"
