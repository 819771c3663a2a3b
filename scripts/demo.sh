#!/usr/bin/env bash
# The main job run by `make demo`: trains the networks by self-play with configs/default.yaml (a
# few minutes on 2 cores), measures the trained agent against heuristic and random on duplicate
# deals, exports it as one agent file and shows one game it plays as landlord.
set -euo pipefail
build=${1:-build}
run=runs/demo
agent="$run/demo-agent.ddz"
rm -rf "$run"  # the demo's own run directory: start afresh each time

echo "== self-play training: configs/default.yaml -> $run (curves: $run/curves.svg) =="
"$build/ddz" train --config configs/default.yaml --run-dir "$run"
echo
echo "== training log =="
cat "$run/log.txt"
echo
echo "== export the trained agent =="
"$build/ddz" export --run "$run" --out "$agent"
echo
echo "== arena: trained agent (policy network, no search) vs heuristic and random, 500 duplicate deals =="
"$build/ddz" arena --agents "net:$agent,heuristic" --deals 500 --threads 2
"$build/ddz" arena --agents "net:$agent,random" --deals 500 --threads 2
echo
echo "== one game: the trained agent as landlord against two heuristic farmers =="
"$build/ddz" game --seed 7 --agent "net:$agent" --agent heuristic --agent heuristic
