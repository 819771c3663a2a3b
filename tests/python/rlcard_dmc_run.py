# A short run of RLCard's DMC trainer on ddz's RLCard-compatible env (test_rlcard_code.py runs it
# in its own process): the actors get the env pickled into spawned processes, as RLCard does.
# Prints {"frames": ..., "losses": [...]} as the last line.
import argparse
import json
import multiprocessing

import torch

import ddz


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--savedir", required=True)
    parser.add_argument("--frames", type=int, default=160)
    args = parser.parse_args()
    from rlcard.agents.dmc_agent import DMCTrainer

    torch.set_num_threads(1)
    env = ddz.make(config={"seed": 1})
    trainer = DMCTrainer(env, cuda="", xpid="ddz", savedir=args.savedir, save_interval=1000, num_actors=1,
                         total_frames=args.frames, unroll_length=8, batch_size=4, num_buffers=8, num_threads=1)
    try:
        trainer.start()
    finally:
        # RLCard's actors loop for ever; end the ones this run started.
        for child in multiprocessing.active_children():
            child.terminate()
            child.join()
    checkpoint = torch.load(f"{args.savedir}/ddz/model.tar")
    stats = checkpoint["stats"]
    print(json.dumps({"frames": checkpoint["frames"], "losses": [stats[f"loss_{p}"] for p in range(3)]}))


if __name__ == "__main__":
    main()
