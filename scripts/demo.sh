#!/usr/bin/env bash
# The main job run by `make demo` on built-in defaults: one full game between random agents
# (with bidding), then the engine's speed benchmark.
set -euo pipefail
build=${1:-build}
echo "== one game between random agents, with bidding =="
"$build/ddz" game --seed 1 --bidding
echo
echo "== engine speed =="
"$build/ddz" bench
