#!/usr/bin/env bash
# The main job run by `make demo`: trains networks by self-play from configs/default.yaml (a few
# minutes on 2 cores), measures and exports them, then shows the shipped agent against the built-in
# opponents and one game it plays. Each part first says what to expect.
set -euo pipefail
build=${1:-build}
run=runs/demo
agent="$run/demo-agent.ddz"
rm -rf "$run"  # the demo's own run directory: start afresh each time

say() { printf '\n== %s ==\n' "$1"; shift; for line in "$@"; do printf '   %s\n' "$line"; done; }

say "1. self-play training: configs/default.yaml -> $run (curves: $run/curves.svg)" \
  "Four minutes of training on 2 cores: expect a network about level with the hand-written" \
  "heuristic (a WP near 0.5 against it) and far above random."
"$build/ddz" train --config configs/default.yaml --run-dir "$run"
echo
cat "$run/log.txt"

say "2. export the trained agent to one file" "Policy, value and bid networks in one .ddz file, run without LibTorch."
"$build/ddz" export --run "$run" --out "$agent"

say "3. arena: the 4-minute network (policy alone) vs heuristic and random, 300 duplicate deals" \
  "Each deal is played twice with the seats swapped; WP is the share of games won."
"$build/ddz" arena --agents "net:$agent,heuristic" --deals 300 --threads 2
"$build/ddz" arena --agents "net:$agent,random" --deals 300 --threads 2

say "4. the shipped agent (models/pretrained/agent.ddz) vs mcts and heuristic, 80 and 50 duplicate deals" \
  "It trained for about 22 hours of self-play on 2 cores (7.9 million games; docs/training.md," \
  "replayed by: ddz train --config configs/pretrained.yaml) and searches 400 simulations a move," \
  "each played out by the network itself (about 1 s of CPU a deal). Expect a WP of about 0.64" \
  "against mcts and 0.70 or more against heuristic (docs/training.md has the larger runs; these" \
  "runs give WP intervals about +-0.08 and +-0.09 wide)."
"$build/ddz" arena --agents pretrained,mcts --deals 80 --threads 2
"$build/ddz" arena --agents pretrained,heuristic --deals 50 --threads 2

say "5. one game: the shipped agent as landlord against two heuristic farmers"
"$build/ddz" game --seed 7 --agent pretrained --agent heuristic --agent heuristic
