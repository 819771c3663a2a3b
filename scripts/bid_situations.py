#!/usr/bin/python3
# Share of dealt hands on which an agent bids, by bidding situation: first bidder, after passes,
# after an opponent's bid. A bid head trained only as first bidder (a fixed-landlord run) was
# never asked the other questions; this shows how its answers drift there (docs/training.md).
#
#   PYTHONPATH=build/python /usr/bin/python3 scripts/bid_situations.py [--agent pretrained-net] [--deals 5000]
import argparse

import ddz

# Bids before the agent's turn (first bidder's, then the second's), as the situation's name.
SITUATIONS = [
    ("first bidder", []),
    ("second, after a pass", [0]),
    ("third, after two passes", [0, 0]),
    ("second, after an opponent bid 1", [1]),
    ("third, after a pass and a bid of 1", [0, 1]),
    ("third, after bids of 1 and 2", [1, 2]),
]


def main():
    parser = argparse.ArgumentParser(description="Share of dealt hands on which an agent bids, by bidding situation.")
    parser.add_argument("--agent", default="pretrained-net", help="agent spec (default: pretrained-net)")
    parser.add_argument("--deals", type=int, default=5000, help="deals per situation (default: 5000)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default: 1)")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        agent = ddz.Agent(args.agent)
    except ValueError as e:
        parser.error(str(e))
    print(f"{args.agent}: share of {args.deals} hands on which it bids")
    for name, before in SITUATIONS:
        bids = 0
        for i in range(args.deals):
            game = ddz.Game(args.seed + i, bidding=True)
            for b in before:
                game.bid(b)
            if agent.bid(game.observation(game.to_move)) > 0:
                bids += 1
        print(f"  {name:40s} {bids / args.deals:.3f}")


if __name__ == "__main__":
    main()
