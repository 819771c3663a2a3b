# RLCard's own code against ddz.Env(compat="rlcard"): its observation encoder on the module's raw
# states, its game on the module's deals (the same legal moves), its tournament with RandomAgent
# (payoffs as on RLCard's env), and short DQN and DMC runs.
# Skipped, saying why, where RLCard (or torch, for DQN and DMC) is not installed.
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import ddz
from conftest import RLCARD_MISSING

rlcard = pytest.importorskip("rlcard", reason=RLCARD_MISSING)


def needs_torch():
    pytest.importorskip("torch", reason="RLCard's DQN and DMC need torch (Debian: python3-torch)")


def test_rlcards_encoder_reads_the_same_obs_and_legal_cards_from_the_raw_states():
    from rlcard.envs.doudizhu import DoudizhuEnv
    from rlcard.games.doudizhu.utils import ACTION_2_ID, ID_2_ACTION

    theirs = rlcard.make("doudizhu", config={"seed": 0})
    assert isinstance(theirs, DoudizhuEnv)
    env = ddz.make(config={"seed": 17})
    assert env.state_shape == theirs.state_shape and env.action_shape == theirs.action_shape
    assert env.num_actions == theirs.num_actions and env.num_players == theirs.num_players
    assert env.name == theirs.name
    rng = np.random.RandomState(17)
    states = 0
    for _ in range(20):
        state, seat = env.reset()
        while True:
            # RLCard's env encodes its game's raw state; give it ours instead.
            theirs.game.state = state["raw_obs"]
            encoded = theirs._extract_state(state["raw_obs"])
            assert encoded["obs"].dtype == state["obs"].dtype
            assert np.array_equal(encoded["obs"], state["obs"])
            assert encoded["raw_legal_actions"] == state["raw_legal_actions"]
            # The same combinations (RLCard numbers them in another order) with the same vectors.
            assert [ID_2_ACTION[i] for i in encoded["legal_actions"]] == state["raw_legal_actions"]
            for (_, vector), (_, mine) in zip(encoded["legal_actions"].items(), state["legal_actions"].items()):
                assert np.array_equal(vector, mine)
            for i, action in zip(state["legal_actions"], state["raw_legal_actions"]):
                assert np.array_equal(env.get_action_feature(i), theirs.get_action_feature(ACTION_2_ID[action]))
            states += 1
            if env.is_over():
                break
            state, seat = env.step(rng.choice(list(state["legal_actions"])))
    assert states > 500


def tournament_payoffs(env, games, seed):
    from rlcard.agents import RandomAgent
    from rlcard.utils import set_seed, tournament

    set_seed(seed)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return tournament(env, games)


def test_rlcards_tournament_gives_the_payoffs_of_rlcards_env():
    games = 50
    ours = tournament_payoffs(ddz.make(config={"seed": 1}), games, 1)
    theirs = tournament_payoffs(rlcard.make("doudizhu", config={"seed": 1}), games, 1)
    # Random against random: the landlord's win rate, the same game on both within sampling error
    # (3.5 standard errors of the difference; 600 games gave 0.363 and 0.365 on these seeds).
    p = (ours[0] + theirs[0]) / 2
    assert abs(ours[0] - theirs[0]) < 3.5 * (p * (1 - p) * 2 / games) ** 0.5
    assert ours[1] == ours[2] == pytest.approx(1 - ours[0])


def test_rlcards_dqn_trains_on_the_env():
    needs_torch()
    import torch
    from rlcard.agents import DQNAgent, RandomAgent
    from rlcard.utils import reorganize, set_seed, tournament

    set_seed(3)
    torch.set_num_threads(1)
    env = ddz.make(config={"seed": 3})
    agent = DQNAgent(num_actions=env.num_actions, state_shape=env.state_shape[0], mlp_layers=[64, 64],
                     replay_memory_init_size=50, batch_size=16, device=torch.device("cpu"))
    env.set_agents([agent, RandomAgent(num_actions=env.num_actions), RandomAgent(num_actions=env.num_actions)])
    for _ in range(6):
        trajectories, payoffs = env.run(is_training=True)
        for ts in reorganize(trajectories, payoffs)[0]:
            agent.feed(ts)
    assert agent.total_t > 50 and agent.train_t > 0
    result = tournament(env, 10)
    assert 0 <= result[0] <= 1 and result[1] == result[2] == pytest.approx(1 - result[0])


def test_rlcards_dmc_trains_on_the_env_in_its_actor_processes(tmp_path):
    needs_torch()
    pytest.importorskip("git", reason="RLCard's DMC logger needs GitPython (Debian: python3-git)")
    script = pathlib.Path(__file__).with_name("rlcard_dmc_run.py")
    proc = subprocess.run([sys.executable, str(script), "--savedir", str(tmp_path), "--frames", "160"],
                          capture_output=True, text=True, timeout=300, env=dict(os.environ, OMP_NUM_THREADS="1"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["frames"] >= 160
    assert all(np.isfinite(result["losses"])) and len(result["losses"]) == 3
    assert (tmp_path / "ddz" / "model.tar").exists()


def rlcard_env_dealt_like(env):
    """RLCard's env with the deal of ddz's current game (RLCard's own game, judger and rules)."""
    import functools

    from rlcard.games.base import Card
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import cards2str, doudizhu_sort_card

    theirs = rlcard.make("doudizhu", config={"seed": 0})
    theirs.reset()
    game = theirs.game
    for seat, hand in enumerate(env.game.hands):
        cards = []
        for i, rank in enumerate(hand.translate(str.maketrans("XD", "BR"))):
            cards.append(Card("BJ", "") if rank == "B" else Card("RJ", "") if rank == "R" else Card("SHDC"[i % 4], rank))
        cards.sort(key=functools.cmp_to_key(doudizhu_sort_card))
        game.players[seat].set_current_hand(cards)
        game.players[seat].initial_hand = cards2str(cards)
    game.judger = DoudizhuJudger(game.players, game.np_random)
    kitty = env.game.kitty.translate(str.maketrans("XD", "BR"))
    game.round.seen_cards = game.round.public["seen_cards"] = kitty
    game.state = game.get_state(0)
    return theirs


def test_rlcards_own_game_allows_the_same_moves_on_the_same_deals():
    env = ddz.make(config={"seed": 23})
    rng = np.random.RandomState(23)
    positions = 0
    for _ in range(15):
        state, _ = env.reset()
        theirs = rlcard_env_dealt_like(env)
        their_state = theirs.get_state(0)
        while not env.is_over():
            assert sorted(their_state["raw_legal_actions"]) == sorted(state["raw_legal_actions"])
            assert np.array_equal(their_state["obs"], state["obs"])
            action = state["raw_legal_actions"][rng.randint(len(state["raw_legal_actions"]))]
            state, seat = env.step(action, raw_action=True)
            their_state, their_seat = theirs.step(action, raw_action=True)
            assert seat == their_seat and env.is_over() == theirs.is_over()
            positions += 1
        assert list(env.get_payoffs()) == list(theirs.get_payoffs())
    assert positions > 500
