#!/bin/sh
# The shipped search's strength against its own network as its simulations grow: `pretrained` at
# 1/8x to 8x its default simulations (sims=SIMS, k kept at most sims) against `pretrained-net`
# on the same duplicate deals, then docs/search_scaling.csv and .svg (WP with its 95% interval
# and CPU ms per move, on a log axis of simulations) by scripts/search_scaling_svg.py.
# Usage: scripts/search_scaling.sh [DEALS] [SEED]   (DDZ, SIMS, SPEC, OUT, PREFIX may be set; resumable:
# a multiple whose JSON is in $OUT/json/ is not played again)
set -eu
DDZ=${DDZ:-build/ddz}
DEALS=${1:-2000}
SEED=${2:-20261209}
SIMS=${SIMS:-"25 50 100 200 400 800 1600"}
SPEC=${SPEC:-pretrained}
OUT=${OUT:-build/search-scaling}
PREFIX=${PREFIX:-docs/search_scaling}
mkdir -p "$OUT/json"
for sims in $SIMS; do
  json="$OUT/json/sims-$sims.json"
  [ -s "$json" ] && continue
  k=8
  [ "$sims" -lt 8 ] && k=$sims
  nice "$DDZ" arena --agent "$SPEC:sims=$sims,k=$k" --agent pretrained-net --deals "$DEALS" --seed "$SEED" \
    --threads 1 --json >"$json.tmp"
  mv "$json.tmp" "$json"
done
python3 "$(dirname "$0")/search_scaling_svg.py" "$OUT/json" "$PREFIX"
