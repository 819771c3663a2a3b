#!/usr/bin/python3
# Example: a small PyTorch policy trained from Python on ddz.Env against the `random` agent for a few
# minutes, then its WP against random on fresh seeds. Deep Monte-Carlo as in DouZero: one network
# scores (state, candidate move) pairs on the project's features and regresses on the final payoff.
#
#   PYTHONPATH=build/python /usr/bin/python3 scripts/python_train_example.py [--minutes 5] [--eval-games 1000]
# Needs Debian's python3-torch (apt-get install python3-torch); docs/python.md shows a run.
import argparse
import os
import random
import time

# Read by OpenBLAS when torch loads it, so set before the import (docs/python.md): one BLAS thread
# (two spin against each other on tiny batches), and the Skylake-X kernels on CPUs with AVX-512,
# which OpenBLAS 0.3.21 does not recognise (it falls back to generic kernels, ~3x slower here).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
with open("/proc/cpuinfo") as cpuinfo:
    if " avx512f" in cpuinfo.read():
        os.environ.setdefault("OPENBLAS_CORETYPE", "SKYLAKEX")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import ddz


class Policy(torch.nn.Module):
    """Q(state, move): the state features and one candidate move's features in, one value out."""

    def __init__(self, hidden=256):
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(ddz.STATE_DIM + ddz.MOVE_DIM, hidden), torch.nn.ReLU(),
            torch.nn.Linear(hidden, hidden), torch.nn.ReLU(),
            torch.nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def candidates(state):
    """The state row repeated under each legal move's row: one input per candidate move."""
    moves = ddz.encode_moves(state["observation"])
    rows = np.repeat(state["obs"][None, :], len(moves), axis=0)
    return np.concatenate([rows, moves], axis=1)


class LearnedAgent:
    """RLCard-style agent around the policy: epsilon-greedy in step(), greedy in eval_step()."""
    use_raw = False

    def __init__(self, policy, epsilon, rng):
        self.policy, self.epsilon, self.rng = policy, epsilon, rng
        self.taken = []  # inputs of the moves chosen in the current game

    def choose(self, state, explore):
        actions = list(state["legal_actions"])
        if len(actions) == 1:
            return actions[0]
        x = candidates(state)
        if explore and self.rng.random() < self.epsilon:
            i = self.rng.randrange(len(actions))
        else:
            with torch.no_grad():
                i = int(self.policy(torch.from_numpy(x)).argmax())
        if explore:
            self.taken.append(x[i])
        return actions[i]

    def step(self, state):
        return self.choose(state, explore=True)

    def eval_step(self, state):
        return self.choose(state, explore=False), {}


def win_rate(env, learned, games):
    """WP of the learned policy against random: half the games as landlord, half as the two farmers."""
    wins = 0
    for g in range(games):
        as_landlord = g % 2 == 0
        env.set_agents([learned, ddz.Agent("random"), ddz.Agent("random")] if as_landlord
                       else [ddz.Agent("random"), learned, learned])
        _, payoffs = env.run(is_training=False)
        wins += payoffs[0] if as_landlord else payoffs[1]
    return wins / games


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--eval-games", type=int, default=1000, help="games of the final WP (half per side)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # one core: parallel torch ops on tiny batches only spin (docs/python.md)
    rng = random.Random(args.seed)
    policy = Policy()
    optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)
    learned = LearnedAgent(policy, epsilon=0.1, rng=rng)
    opponents = [ddz.Agent("random", seed=args.seed + s) for s in range(3)]
    env = ddz.Env(seed=args.seed)
    eval_env = ddz.Env(seed=args.seed + 1_000_000)  # other deals than training's

    print(f"before training: WP {win_rate(eval_env, learned, 200):.3f} against random (200 games)")
    inputs, targets = [], []
    start, games, steps, last_report = time.time(), 0, 0, time.time()
    while time.time() - start < 60 * args.minutes:
        as_landlord = games % 2 == 0
        env.set_agents([learned, opponents[1], opponents[2]] if as_landlord else [opponents[0], learned, learned])
        learned.taken = []
        _, payoffs = env.run(is_training=True)
        won = payoffs[0] if as_landlord else payoffs[1]
        inputs += learned.taken
        targets += [1.0 if won else -1.0] * len(learned.taken)  # Monte-Carlo return of every move taken
        games += 1
        if len(inputs) >= 1024:
            x, y = torch.from_numpy(np.stack(inputs)), torch.tensor(targets)
            loss = torch.nn.functional.mse_loss(policy(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            steps += 1
            inputs, targets = [], []
            if time.time() - last_report > 30:
                last_report = time.time()
                print(f"{time.time() - start:5.0f} s: {games} games, {steps} updates, loss {loss.item():.3f}", flush=True)
    print(f"trained {time.time() - start:.0f} s: {games} games, {steps} updates")
    t = time.time()
    wp = win_rate(eval_env, learned, args.eval_games)
    print(f"WP {wp:.3f} against random over {args.eval_games} games (half as landlord, half as the farmers; "
          f"{time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
