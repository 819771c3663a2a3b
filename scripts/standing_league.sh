#!/bin/sh
# The standing league of docs/league.md: extracts the earlier shipped networks from the history
# of models/pretrained/agent.ddz into build/league-nets/, then plays docs/league/entrants.yaml.
# Run from the source tree after building build/ddz; resumable (the league file is appended).
# DDZ (the binary), LEAGUE (the league file) and THREADS may be set in the environment.
set -eu
DDZ=${DDZ:-build/ddz}
LEAGUE=${LEAGUE:-build/league-nets/standing.jsonl}
THREADS=${THREADS:-2}
mkdir -p build/league-nets
for rev in b54f81d 32b582a fac95f1 b2ca391 bbbbb44 95c049b 8ff9258 22d6ad1 ba330a0 986a0da; do
  out=build/league-nets/net-$rev.ddz
  [ -s "$out" ] || git show "$rev:models/pretrained/agent.ddz" >"$out"
done
exec nice "$DDZ" league --league "$LEAGUE" --entrants docs/league/entrants.yaml --deals 1000 --seed 1 \
  --threads "$THREADS" --anchor heuristic --out docs/league/league "$@"
