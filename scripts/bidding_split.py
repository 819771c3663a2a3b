#!/usr/bin/env python3
# Splits a two-agent `ddz arena --bidding --records FILE` match into what bidding decided and what
# card play decided: per duplicate deal, did the same seat become landlord in both games or not.
"""Usage: scripts/bidding_split.py RECORDS.jsonl AGENT_SPEC

For each duplicate deal (the two games of one deal, with the agents' seats swapped) the deal is:
  same-seat      the same seat (the same 17 cards) became landlord in both games: the bids agreed,
                 so the difference between the agents is card play;
  A/A, B/B       different seats became landlord and both were agent A's (or both B's): one agent
                 bid on a hand that the other, holding it, passed;
  A/B            different seats, one landlord of each agent.
AGENT_SPEC's points in a game are the landlord's score when it held the landlord's seat, else
minus that score (the farmers' side), summed over the deal's two games: the convention of the
arena's paired points per deal, so the last column adds up to the arena's figure.
"""
import collections
import json
import sys


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    path, agent = argv[1], argv[2]
    deals = collections.defaultdict(list)
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                    # The two games of a duplicate deal share the deal's seed (also after redeals).
                    deals[r["seed"]].append(r)
                except (ValueError, KeyError) as e:
                    sys.stderr.write(f"error: {path}:{n}: not a game record ({e})\n")
                    return 1
    except OSError as e:
        sys.stderr.write(f"error: {e}\n")
        return 1
    groups = collections.defaultdict(lambda: [0, 0.0])
    skipped = 0
    for games in deals.values():
        if len(games) != 2 or any(agent not in g["agents"] for g in games):
            skipped += len(games)
            continue
        points = 0.0
        landlords = []
        for g in games:
            ll = g["landlord"]
            mine = g["agents"][ll] == agent
            points += g["scores"][ll] if mine else -g["scores"][ll]
            landlords.append((ll, "A" if mine else "B"))
        if landlords[0][0] == landlords[1][0]:
            key = "same-seat"
        else:
            key = "/".join(sorted(x[1] for x in landlords))
        groups[key][0] += 1
        groups[key][1] += points
    total = sum(v[0] for v in groups.values())
    if total == 0:
        sys.stderr.write(f"error: {path}: no duplicate deal with agent {agent!r} in both games\n")
        return 1
    print(f"A = {agent}; {total} duplicate deals" + (f" ({skipped} games left out: not two games of A)" if skipped else ""))
    print(f"{'landlords':<10} {'deals':>6} {'share':>6} {'A pts/deal':>11} {'A pts total':>12} {'per deal of all':>16}")
    for key in ["same-seat", "A/A", "B/B", "A/B"]:
        n, pts = groups.get(key, [0, 0.0])
        mean = pts / n if n else 0.0
        print(f"{key:<10} {n:>6} {n / total:>6.3f} {mean:>+11.3f} {pts:>+12.1f} {pts / total:>+16.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
