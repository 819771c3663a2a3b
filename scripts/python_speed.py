#!/usr/bin/python3
# Random full games per second from Python: through ddz.Env with full RLCard-style states (numpy
# observation included), through the bare ddz.Game with legal moves only, through Env.run with C++
# agents and through the batched ddz.VecEnv. Prints the median of several timed runs of each path
# (docs/python.md has the figures), per CPU second of this process and per wall-clock second: on a
# machine shared with other work the wall-clock rate falls with the load and the CPU-time rate does
# not (the loops are single-threaded, so on an idle machine the two agree).
#
#   PYTHONPATH=build/python /usr/bin/python3 scripts/python_speed.py [--seconds 5] [--runs 5]
import argparse
import random
import statistics
import time

import numpy as np

import ddz


class Timer:
    """Runs for `seconds` of CPU time; then gives games per CPU second and per wall-clock second."""

    def __init__(self, seconds):
        self.seconds, self.cpu, self.wall = seconds, time.process_time(), time.perf_counter()

    def running(self):
        return time.process_time() - self.cpu < self.seconds

    def rates(self, games):
        return games / (time.process_time() - self.cpu), games / (time.perf_counter() - self.wall)


def env_games(seconds, seed):
    """Random games through ddz.Env: every step builds the full state dict."""
    env, rng, games, steps = ddz.Env(seed=seed), random.Random(seed), 0, 0
    timer = Timer(seconds)
    while timer.running():
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        env.get_payoffs()
        games += 1
    return timer.rates(games), steps / games


def game_games(seconds, seed):
    """Random games through the bare ddz.Game: legal action ids, one apply per turn."""
    rng, games, steps = random.Random(seed), 0, 0
    timer = Timer(seconds)
    while timer.running():
        game = ddz.Game(seed=seed + games)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        game.scores
        games += 1
    return timer.rates(games), steps / games


def run_games(seconds, seed):
    """Env.run with three ddz.Agent('random'): the agents decide in C++, states are still built."""
    env, games = ddz.Env(seed=seed), 0
    env.set_agents([ddz.Agent("random", seed=seed + s) for s in range(3)])
    timer = Timer(seconds)
    while timer.running():
        env.run(is_training=True)
        games += 1
    return timer.rates(games), None


def vec_games(seconds, seed, num_envs=256):
    """ddz.VecEnv: 256 games a step, obs (256 x STATE_DIM) and legal ids as numpy, random choice in numpy."""
    vec, rng, games = ddz.VecEnv(num_envs, seed=seed), np.random.default_rng(seed), 0
    timer = Timer(seconds)
    batch = vec.reset()
    while timer.running():
        offsets = batch["legal_offsets"]
        counts = np.diff(offsets)
        batch = vec.step(batch["legal_actions"][offsets[:-1] + (rng.random(num_envs) * counts).astype(np.int64)])
        games += int(batch["done"].sum())
    return timer.rates(games), None


PATHS = {
    "env": ("ddz.Env, full states (obs numpy, legal_actions, raw_obs), random choice in Python", env_games),
    "game": ("ddz.Game, legal_actions() + apply(id), random choice in Python", game_games),
    "env_run": ("ddz.Env.run with ddz.Agent('random') in every seat (trajectories kept)", run_games),
    "vec": ("ddz.VecEnv(256), numpy obs and legal ids, random choice in numpy", vec_games),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of one timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per path (the median is printed)")
    parser.add_argument("--paths", default=",".join(PATHS), help="comma-separated subset of " + ",".join(PATHS))
    parser.add_argument("--rlcard", type=float, default=90.0,
                        help="RLCard's random games/s on this machine for the ratio (the issue's 80-100)")
    args = parser.parse_args()
    for name in args.paths.split(","):
        what, measure = PATHS[name]
        results = [measure(args.seconds, 1000 * run + 1) for run in range(args.runs)]
        cpu = statistics.median(r[0][0] for r in results)
        wall = statistics.median(r[0][1] for r in results)
        steps = results[0][1]
        print(f"{name:8s} {cpu:8.0f} games per CPU second ({cpu / args.rlcard:.0f}x RLCard's {args.rlcard:g}), "
              f"{wall:8.0f} per wall-clock second ({wall / args.rlcard:.0f}x); median of {args.runs} x "
              f"{args.seconds:g} s" + (f"; {steps:.1f} turns a game" if steps else "") + f"  -- {what}")


if __name__ == "__main__":
    main()
