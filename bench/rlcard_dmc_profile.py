#!/usr/bin/python3
# Where a frame of RLCard's DMC goes, on RLCard's Dou Dizhu env and on ddz's (compat="rlcard"), in
# one run: RLCard's own actor loop (act) and learner step (learn) in this process, timed per part.
#
#   PYTHONPATH=build/python:../shared/thirdparty/rlcard /usr/bin/python3 bench/rlcard_dmc_profile.py \
#       [--seconds 20] [--runs 3]
#
# The actor loop is RLCard's `act` unchanged, given queues that never block (and that end it after
# --seconds of CPU time) and an env wrapper that times run() and get_action_feature(); the agents'
# step() and their networks' forward() are timed by wrapping them on the instances. The learner is
# RLCard's `learn` on the buffers the actor filled, each batch of B*T frames of one seat. Times are
# CPU time of this thread (torch runs on it alone: one thread), so the machine's load does not
# count. Per frame (one agent step):
#   env             env.run less the agents' steps: the env's step and state building
#   dmc features    DMCAgent.step less the network: obs to float, the legal actions' card vectors
#                   stacked, obs repeated per action, argmax
#   dmc forward     the actor's network forward over (obs, action) for every legal action
#   dmc buffers     act() outside env.run: get_action_feature, torch.from_numpy, buffer copies
#   learner         get_batch and learn (forward, loss, backward, RMSprop, copy to the actor model)
import argparse
import collections
import json
import os
import statistics
import threading
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
import torch  # noqa: E402

torch.set_num_threads(1)
from rlcard.agents.dmc_agent.model import DMCModel  # noqa: E402
from rlcard.agents.dmc_agent.trainer import learn  # noqa: E402
from rlcard.agents.dmc_agent.utils import act, create_buffers, create_optimizers, get_batch, log  # noqa: E402

# DMCTrainer's defaults, which the trainer passes to these functions.
LEARNING_RATE, MOMENTUM, EPSILON, ALPHA, MAX_GRAD_NORM, EXP_EPSILON = 0.0001, 0, 0.00001, 0.99, 40, 0.01


def make_env(name, seed):
    if name == "rlcard":
        import rlcard

        return rlcard.make("doudizhu", config={"seed": seed})
    import ddz

    return ddz.make(config={"seed": seed})


class Clock:
    """CPU time of this thread per named part, and calls."""

    def __init__(self):
        self.seconds, self.calls = collections.defaultdict(float), collections.defaultdict(int)

    def wrap(self, name, fn):
        def timed(*args, **kwargs):
            start = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[name] += time.thread_time() - start
                self.calls[name] += 1

        return timed


class TimedEnv:
    """What act() uses of an env, with run() and get_action_feature() timed."""

    def __init__(self, env, clock):
        self.env, self.num_players = env, env.num_players
        self.run = clock.wrap("run", env.run)
        self.get_action_feature = clock.wrap("get_action_feature", env.get_action_feature)

    def seed(self, seed):
        return self.env.seed(seed)

    def set_agents(self, agents):
        self.env.set_agents(agents)


class FreeQueue:
    """Buffer indices round and round (act() blocks on nothing); ends act() once the thread has used
    `seconds` of CPU time, through the KeyboardInterrupt that act() catches to stop."""

    def __init__(self, num_buffers, deadline):
        self.next, self.num_buffers, self.deadline = 0, num_buffers, deadline

    def get(self):
        if time.thread_time() > self.deadline:
            raise KeyboardInterrupt
        self.next = (self.next + 1) % self.num_buffers
        return self.next

    def put(self, index):
        pass


class FullQueue:
    def __init__(self):
        self.items = collections.deque()

    def get(self):
        return self.items.popleft()

    def put(self, index):
        self.items.append(index)


def profile(name, seconds, unroll, batch, num_buffers):
    env = make_env(name, 1)
    state_shape, action_shape = env.state_shape, env.action_shape
    model = DMCModel(state_shape, action_shape, exp_epsilon=EXP_EPSILON, device="cpu")
    model.share_memory()
    model.eval()
    learner_model = DMCModel(state_shape, action_shape, exp_epsilon=EXP_EPSILON, device="cpu")
    optimizers = create_optimizers(env.num_players, LEARNING_RATE, MOMENTUM, EPSILON, ALPHA, learner_model)
    buffers = create_buffers(unroll, num_buffers, state_shape, action_shape, ["cpu"])["cpu"]

    clock = Clock()
    legal_counts = []
    for agent in model.get_agents():
        agent.step = clock.wrap("agent.step", agent.step)
        forward = agent.net.forward

        def counted_forward(obs, actions, forward=forward):
            legal_counts.append(len(obs))
            return forward(obs, actions)

        agent.net.forward = clock.wrap("actor forward", counted_forward)
    timed_env = TimedEnv(env, clock)
    full = [FullQueue() for _ in range(env.num_players)]
    start = time.thread_time()
    free = [FreeQueue(num_buffers, start + seconds) for _ in range(env.num_players)]
    act(0, "cpu", unroll, free, full, model, buffers, timed_env)
    actor_seconds = time.thread_time() - start
    frames = len(legal_counts)

    # The learner on every buffer the actor filled (indices cycle, so a buffer can serve twice: the
    # same work as the trainer's learner on these frames).
    learned, lock, returns = 0, threading.Lock(), [collections.deque(maxlen=100) for _ in range(env.num_players)]
    for p in range(env.num_players):
        while len(full[p].items) >= batch:
            data = clock.wrap("get_batch", get_batch)(FullQueue(), full[p], buffers[p], batch, threading.Lock())
            clock.wrap("learn", learn)(p, {"cpu": model}, learner_model.get_agent(p), data, optimizers[p], "cpu",
                                       MAX_GRAD_NORM, returns, lock)
            learned += unroll * batch
    s = clock.seconds
    per_frame = {
        "env": (s["run"] - s["agent.step"]) / frames,
        "dmc features": (s["agent.step"] - s["actor forward"]) / frames,
        "dmc forward": s["actor forward"] / frames,
        "dmc buffers": (actor_seconds - s["run"]) / frames,
        "learner": (s["get_batch"] + s["learn"]) / learned if learned else float("nan"),
    }
    return {"frames": frames, "learned_frames": learned, "actor_cpu_s": actor_seconds,
            "legal_actions_per_step": sum(legal_counts) / frames, "ms_per_frame": per_frame}


def main():
    parser = argparse.ArgumentParser(description="RLCard's DMC per frame on RLCard's env and ddz's")
    parser.add_argument("--seconds", type=float, default=20, help="CPU seconds of the actor loop per env and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--unroll", type=int, default=20, help="T (as bench/rlcard_speed.py's trainer)")
    parser.add_argument("--batch", type=int, default=8, help="B")
    parser.add_argument("--buffers", type=int, default=20)
    args = parser.parse_args()
    log.setLevel("WARNING")
    parts = ("env", "dmc features", "dmc forward", "dmc buffers", "learner")
    results = {"load_average_start": os.getloadavg()[0], "torch": torch.__version__}
    runs = collections.defaultdict(list)
    for _ in range(args.runs):  # alternating, so that both envs see the same load
        for name in ("rlcard", "ddz-rlcard"):
            runs[name].append(profile(name, args.seconds, args.unroll, args.batch, args.buffers))
    for name, label in (("rlcard", "RLCard's env"), ("ddz-rlcard", "ddz.make (compat='rlcard')")):
        ms = {part: 1000 * statistics.median(r["ms_per_frame"][part] for r in runs[name]) for part in parts}
        total = sum(ms.values())
        legal = statistics.median(r["legal_actions_per_step"] for r in runs[name])
        frames = statistics.median(r["frames"] for r in runs[name])
        results[name] = {"ms_per_frame": {k: round(v, 4) for k, v in ms.items()}, "ms_per_frame_total": round(total, 4),
                         "frames_per_cpu_s": round(1000 / total, 1), "env_share": round(ms["env"] / total, 4),
                         "legal_actions_per_step": round(legal, 2), "frames_per_run": frames}
        print(f"{label}: {1000 / total:.1f} frames per CPU second ({total:.3f} ms a frame; median of {args.runs} runs "
              f"of {frames:.0f} frames, {legal:.1f} legal actions a step)")
        for part in parts:
            print(f"  {part:13s} {ms[part]:8.4f} ms  {100 * ms[part] / total:5.1f}%")
    rl, dz = results["rlcard"], results["ddz-rlcard"]
    bound = rl["ms_per_frame_total"] / (dz["ms_per_frame_total"] - dz["ms_per_frame"]["env"])
    results["ratio"] = round(rl["ms_per_frame_total"] / dz["ms_per_frame_total"], 3)
    results["ratio_bound_env_free"] = round(bound, 3)
    print(f"ddz / RLCard: {results['ratio']:.2f}x frames per CPU second; with an env that cost nothing: "
          f"{bound:.2f}x at most (DMC's own parts are {100 * (1 - rl['env_share']):.1f}% of a frame on RLCard's env)")
    results["load_average_end"] = os.getloadavg()[0]
    print(json.dumps(results))


if __name__ == "__main__":
    main()
