#!/usr/bin/python3
# ddz's environments against RLCard's own Dou Dizhu environment in one run: random games per
# second (the same Python loop on each env: reset, random.choice of a legal id, step) and RLCard's
# DMC trainer (its frames per wall-clock and per CPU second, the same trainer settings on each env).
# Needs RLCard on PYTHONPATH (and torch for DMC); docs/python.md quotes the figures.
# bench/rlcard_dmc_profile.py says where a DMC frame's time goes.
#
#   PYTHONPATH=build/python:../shared/thirdparty/rlcard /usr/bin/python3 bench/rlcard_speed.py \
#       [--random-seconds 10] [--runs 3] [--dmc-seconds 120] [--dmc-warmup 60] [--dmc-runs 1]
import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time


ENVS = {
    "rlcard": "RLCard's env (rlcard.make('doudizhu'))",
    "ddz-rlcard": "ddz.make('doudizhu') (compat='rlcard')",
    "ddz": "ddz.Env() (the project's states)",
}


def make_env(name, seed):
    if name == "rlcard":
        import rlcard

        return rlcard.make("doudizhu", config={"seed": seed})
    import ddz

    return ddz.make(config={"seed": seed}) if name == "ddz-rlcard" else ddz.Env(seed=seed)


def random_games(name, seconds, seed):
    """Games per CPU second and per wall-clock second of random play for `seconds` of CPU time. The
    pick is Python's random.choice, the cheapest in Python (numpy's choice costs about 10 us more
    a step, twice what a step of ddz's env costs), so that the rates compare the envs."""
    env, rng, games = make_env(name, seed), random.Random(seed), 0
    cpu, wall = time.process_time(), time.perf_counter()
    while time.process_time() - cpu < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
        games += 1
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def dmc_child(name, savedir):
    """Runs RLCard's DMC trainer on the env until killed (its log goes to stderr)."""
    import torch
    from rlcard.agents.dmc_agent import DMCTrainer

    torch.set_num_threads(1)
    trainer = DMCTrainer(make_env(name, 1), cuda="", xpid=name, savedir=savedir, save_interval=10**6,
                         num_actors=2, unroll_length=20, batch_size=8, num_buffers=20, num_threads=1,
                         total_frames=10**12)
    trainer.start()


def session_cpu_seconds(session):
    """CPU time used so far by the processes of a session (the trainer and the actors it spawned)."""
    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                text = f.read()
        except OSError:  # ended meanwhile
            continue
        fields = text[text.rindex(")") + 2:].split()  # from the state, field 3 of proc(5)
        if int(fields[3]) == session:
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def dmc_frames_per_second(name, warmup, seconds):
    """Frames learned per wall-clock second and per CPU second of the trainer's processes between
    `warmup` and `warmup + seconds` after the start, from the trainer's own 'After N frames' log lines.
    The CPU rate is what the machine's load leaves alone."""
    savedir = f"/tmp/ddz-dmc-bench-{os.getpid()}"
    child = subprocess.Popen([sys.executable, __file__, "--dmc-child", name, "--savedir", savedir],
                             stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, start_new_session=True,
                             env=dict(os.environ, OMP_NUM_THREADS="1"))
    start, points = time.perf_counter(), []
    try:
        for line in child.stderr:
            match = re.search(r"After (\d+) frames", line)
            if match:
                points.append((time.perf_counter() - start, int(match.group(1)), session_cpu_seconds(child.pid)))
            if time.perf_counter() - start > warmup + seconds:
                break
    finally:
        os.killpg(child.pid, signal.SIGTERM)  # the trainer and the actor processes it spawned
        child.wait()
        shutil.rmtree(savedir, ignore_errors=True)
    window = [p for p in points if p[0] >= warmup]
    if len(window) < 2:
        raise RuntimeError(f"DMC on {name}: too few log lines after {warmup} s ({points[-3:]})")
    (t0, f0, c0), (t1, f1, c1) = window[0], window[-1]
    return (f1 - f0) / (t1 - t0), (f1 - f0) / (c1 - c0)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--random-seconds", type=float, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dmc-seconds", type=float, default=120, help="0 skips DMC")
    parser.add_argument("--dmc-warmup", type=float, default=60)
    parser.add_argument("--dmc-runs", type=int, default=1, help="trainer runs per env, alternating")
    parser.add_argument("--dmc-child", choices=list(ENVS), help=argparse.SUPPRESS)
    parser.add_argument("--savedir", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dmc_child:
        return dmc_child(args.dmc_child, args.savedir)

    results = {"load_average_start": os.getloadavg()[0]}
    for name, label in ENVS.items():
        runs = [random_games(name, args.random_seconds, seed) for seed in range(1, args.runs + 1)]
        cpu = statistics.median(r[0] for r in runs)
        wall = statistics.median(r[1] for r in runs)
        results[f"random_{name}"] = {"games_per_cpu_s": round(cpu, 1), "games_per_wall_s": round(wall, 1)}
        print(f"random play, {label}: {cpu:.1f} games per CPU second, {wall:.1f} per wall-clock second "
              f"(median of {args.runs})", flush=True)
    for name in ("ddz", "ddz-rlcard"):
        ratio = results[f"random_{name}"]["games_per_cpu_s"] / results["random_rlcard"]["games_per_cpu_s"]
        print(f"  {name} / rlcard: {ratio:.1f}x per CPU second", flush=True)
    if args.dmc_seconds > 0:
        dmc = {"rlcard": [], "ddz-rlcard": []}
        for _ in range(args.dmc_runs):  # alternating, so that both envs see the same load
            for name in dmc:
                dmc[name].append(dmc_frames_per_second(name, args.dmc_warmup, args.dmc_seconds))
                print(f"DMC, {ENVS[name]}: {dmc[name][-1][0]:.1f} frames per wall-clock second, "
                      f"{dmc[name][-1][1]:.1f} per CPU second (2 actors, T=20, B=8)", flush=True)
        for name, rates in dmc.items():
            results[f"dmc_{name}"] = {"frames_per_wall_s": round(statistics.median(r[0] for r in rates), 1),
                                      "frames_per_cpu_s": round(statistics.median(r[1] for r in rates), 1)}
        for unit in ("frames_per_wall_s", "frames_per_cpu_s"):
            ratio = results["dmc_ddz-rlcard"][unit] / results["dmc_rlcard"][unit]
            print(f"  DMC ddz-rlcard / rlcard, {unit} (median of {args.dmc_runs}): {ratio:.2f}x", flush=True)
    results["load_average_end"] = os.getloadavg()[0]
    print(json.dumps(results))


if __name__ == "__main__":
    main()
