#!/usr/bin/env bash
# Continues the shipped agent's training run (configs/pretrained.yaml) from the state committed in
# models/pretrained/run/, so that every continuation (on any machine) adds to the same run.
# Usage: scripts/pretrained_continue.sh [BUILD_DIR] [RUN_DIR] [more ddz train flags, e.g. --grow
# when the committed state has an older feature version]; stop it with Ctrl-C or SIGTERM (a
# checkpoint is written), then scripts/pretrained_ship.sh commits the result's files.
set -euo pipefail
build=${1:-build}
run=${2:-runs/pretrained}
state=models/pretrained/run
if [ ! -d "$run/checkpoints" ]; then
  if [ ! -f "$state/config.yaml" ]; then
    echo "error: $state holds no run state; start a new run with: $build/ddz train --config configs/pretrained.yaml --run-dir $run" >&2
    exit 2
  fi
  mkdir -p "$run"
  cp -r "$state/." "$run/"
  echo "copied the committed run state $state -> $run"
fi
exec "$build/ddz" train --config configs/pretrained.yaml --run-dir "$run" --resume --no-progress "${@:3}"
