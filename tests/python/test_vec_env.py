# ddz.VecEnv, the batched path: every slot plays exactly the games of ddz.Env with the slot's seed
# (same observations, legal actions, payoffs, candidate rows), and an illegal action changes nothing.
import numpy as np
import pytest

import ddz


def slot(batch, i):
    lo, hi = batch["legal_offsets"][i], batch["legal_offsets"][i + 1]
    return lo, hi


def test_slots_play_the_games_of_env_with_their_seeds():
    vec = ddz.VecEnv(8, seed=77, candidates=True)
    envs = [ddz.Env(seed=s) for s in vec.seeds]
    assert len(set(vec.seeds)) == 8
    batch = vec.reset()
    states = [env.reset()[0] for env in envs]
    rng = np.random.default_rng(5)
    finished = 0
    for _ in range(600):
        actions = []
        for i, env in enumerate(envs):
            lo, hi = slot(batch, i)
            ids = list(batch["legal_actions"][lo:hi])
            assert ids == list(states[i]["legal_actions"])
            assert np.array_equal(batch["obs"][i], states[i]["obs"])
            assert batch["player"][i] == env.get_player_id()
            assert np.array_equal(batch["candidates"][lo:hi], ddz.encode_moves(states[i]["observation"]))
            actions.append(ids[rng.integers(len(ids))])
        batch = vec.step(np.array(actions))
        for i, env in enumerate(envs):
            states[i], _ = env.step(int(actions[i]))
            assert batch["done"][i] == env.is_over()
            if env.is_over():
                assert np.array_equal(batch["payoffs"][i], env.get_payoffs())
                states[i], _ = env.reset()
                finished += 1
            else:
                assert not batch["payoffs"][i].any()
    assert finished > 40


def test_an_illegal_action_raises_and_changes_no_game():
    vec = ddz.VecEnv(3, seed=1)
    batch = vec.reset()
    before = [vec.game(i).hands for i in range(3)]
    actions = batch["legal_actions"][batch["legal_offsets"][:-1]].copy()
    actions[2] = ddz.PASS  # a leader may not pass
    with pytest.raises(ValueError, match="env 2"):
        vec.step(actions)
    with pytest.raises(ValueError, match="one action per env"):
        vec.step(actions[:2])
    assert [vec.game(i).hands for i in range(3)] == before
    with pytest.raises(ValueError):
        ddz.VecEnv(0)
    with pytest.raises(ValueError, match="reset"):
        ddz.VecEnv(2).step(np.zeros(2, dtype=np.int64))
