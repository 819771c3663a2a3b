# ddz.Env(compat="rlcard") on its own (RLCard itself is not needed here): RLCard's shapes, dtypes,
# card vectors and notation against a slow reference written from RLCard's documented layout,
# step_back, pickling, seeding, the config form and the RLCard methods.
import copy
import pickle
import random

import numpy as np
import pytest

import ddz

RLCARD = str.maketrans("XD", "BR")


def rl(cards):
    """Cards in RLCard's notation."""
    return cards.translate(RLCARD)


def cards_vector(cards):
    """RLCard's 54-vector of a card string: per rank 3..2 four count planes, then B and R."""
    v = np.zeros(54, dtype=np.int8)
    if cards == "pass":
        return v
    for rank_index, rank in enumerate("3456789TJQKA2"):
        v[4 * rank_index : 4 * rank_index + cards.count(rank)] = 1
    v[52], v[53] = "B" in cards, "R" in cards
    return v


def one_hot(count, size):
    v = np.zeros(size, dtype=np.int8)
    v[(count - 1) % size] = 1
    return v


def reference_obs(raw):
    """RLCard's observation rebuilt block by block from a raw state (obviously correct, slow)."""
    trace, seat = raw["trace"], raw["self"]
    last = ""
    if trace:
        last = trace[-2][1] if trace[-1][1] == "pass" and len(trace) > 1 else trace[-1][1]
    recent = [""] * (9 - len(trace[-9:])) + [m for _, m in trace[-9:]]
    blocks = [cards_vector(raw["current_hand"]), cards_vector(raw["others_hand"]), cards_vector(last)]
    blocks += [cards_vector(m) for m in recent]
    played, left = raw["played_cards"], raw["num_cards_left"]
    if seat == 0:
        blocks += [cards_vector(played[2]), cards_vector(played[1]), one_hot(left[2], 17), one_hot(left[1], 17)]
    else:
        mate = 3 - seat
        latest = lambda who: next((m for s, m in reversed(trace) if s == who), "pass")
        blocks += [cards_vector(played[0]), cards_vector(played[mate]), cards_vector(latest(0)),
                   cards_vector(latest(mate)), one_hot(left[0], 20), one_hot(left[mate], 17)]
    return np.concatenate(blocks)


def check_state(env, state, seat):
    raw = state["raw_obs"]
    assert raw["self"] == seat and raw["landlord"] == 0
    assert state["obs"].dtype == np.int8 and state["obs"].shape == tuple(env.state_shape[seat])
    assert np.array_equal(state["obs"], reference_obs(raw))
    game = env.game
    assert raw["current_hand"] == rl(game.hand(seat))
    assert raw["others_hand"] == rl(ddz.parse_cards(game.hand((seat + 1) % 3) + game.hand((seat + 2) % 3)))
    assert raw["played_cards"] == [rl(p) for p in game.played]
    assert raw["num_cards_left"] == [len(h) for h in game.hands]
    assert raw["trace"] == [(s, rl(m)) for s, m in game.history]
    assert not any(ch in "XD" for text in [raw["current_hand"], raw["others_hand"], *raw["actions"]] for ch in text)
    ids = list(state["legal_actions"])
    assert state["raw_legal_actions"] == raw["actions"] == [rl(ddz.action_cards(i)) for i in ids]
    for i, vector in state["legal_actions"].items():
        assert vector.dtype == np.int8 and np.array_equal(vector, cards_vector(rl(ddz.action_cards(i))))
        assert np.array_equal(env.get_action_feature(i), vector)


def test_states_are_rlcards_over_seeded_random_games():
    env = ddz.Env(compat="rlcard", seed=11)
    assert env.state_shape == [[790], [901], [901]] and env.action_shape == [[54]] * 3
    assert env.num_actions == 27472 and env.num_players == 3 and env.name == "doudizhu"
    rng = random.Random(11)
    landlord_wins = 0
    for _ in range(60):
        state, seat = env.reset()
        while not env.is_over():
            check_state(env, state, seat)
            state, seat = env.step(rng.choice(list(state["legal_actions"])))
        for s in range(3):  # final states, where a seat with no card left sets the last one-hot position
            final = env.get_state(s)
            assert final["legal_actions"] == {} and np.array_equal(final["obs"], reference_obs(final["raw_obs"]))
        payoffs = env.get_payoffs()
        assert seat == env.get_player_id() == (env.game.history[-1][0] + 1) % 3  # RLCard's seat after the winner
        assert payoffs.dtype == np.int64
        assert list(payoffs) == ([1, 0, 0] if env.game.winner == 0 else [0, 1, 1])
        landlord_wins += payoffs[0]
    assert 5 < landlord_wins < 45


def test_seen_cards_lose_each_rank_the_landlord_plays():
    env = ddz.Env(compat="rlcard", seed=2)
    state, _ = env.reset()
    kitty = rl(env.game.kitty)
    assert state["raw_obs"]["seen_cards"] == kitty
    rank = kitty[0]
    move = next(m for m in state["raw_legal_actions"] if set(m) == {rank})
    state, _ = env.step(move, raw_action=True)
    assert env.get_state(0)["raw_obs"]["seen_cards"] == kitty.replace(rank, "")


def test_get_action_feature_is_a_fresh_writable_array():
    env = ddz.Env(compat="rlcard")
    feature = env.get_action_feature(np.int64(ddz.action_id("XD")))
    assert feature.dtype == np.int8 and feature.flags.writeable and list(np.flatnonzero(feature)) == [52, 53]
    feature[:] = 0
    assert env.get_action_feature(ddz.action_id("XD")).sum() == 2
    assert not env.get_action_feature(ddz.PASS).any()
    plain = ddz.Env().get_action_feature(ddz.action_id("33"))
    assert plain.dtype == np.float32 and np.array_equal(plain, ddz.encode_cards("33"))


def play_random(env, rng, steps):
    state, _ = env.reset()
    for _ in range(steps):
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
    return state


@pytest.mark.parametrize("compat", ["ddz", "rlcard"])
def test_step_back_returns_to_every_earlier_state(compat):
    env = ddz.Env(compat=compat, seed=4, allow_step_back=True)
    assert env.allow_step_back
    rng = random.Random(4)
    state, seat = env.reset()
    assert env.step_back() is False
    seen = []
    while not env.is_over():
        seen.append((seat, pickle.dumps({k: state[k] for k in ["obs", "raw_obs", "raw_legal_actions"]})))
        state, seat = env.step(rng.choice(list(state["legal_actions"])))
    steps = env.timestep
    while seen:
        before_seat, before = seen.pop()
        state, seat = env.step_back()
        assert seat == before_seat
        assert pickle.dumps({k: state[k] for k in ["obs", "raw_obs", "raw_legal_actions"]}) == before
        assert len(env.action_recorder) == len(seen)
    assert env.step_back() is False and env.timestep == steps


def test_pickling_keeps_the_game_the_stream_and_the_settings():
    env = ddz.make("doudizhu", config={"seed": 9, "allow_step_back": True})
    rng = random.Random(9)
    play_random(env, rng, 1)
    state = play_random(env, rng, 7)
    for copied in [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]:
        assert copied.compat == "rlcard" and copied.allow_step_back and copied.timestep == env.timestep
        assert copied.game.history == env.game.history and copied.deal_seed == env.deal_seed
        assert np.array_equal(copied.get_state(copied.get_player_id())["obs"], state["obs"])
        assert copied.np_random.randint(1 << 30) == copy.deepcopy(env.np_random).randint(1 << 30)
        copied.step_back()
        assert len(copied.game.history) == 6
        assert copied.reset()[0]["raw_obs"] == copy.deepcopy(env).reset()[0]["raw_obs"]  # the next deal too
    fresh = pickle.loads(pickle.dumps(ddz.Env(seed=3)))
    assert fresh.reset()[0]["raw_obs"] == ddz.Env(seed=3).reset()[0]["raw_obs"]


def test_seed_returns_the_seed_and_restarts_the_deals():
    env = ddz.Env(compat="rlcard", seed=None)
    drawn = env.seed()
    assert isinstance(drawn, int) and 0 <= drawn < 2**64
    assert env.seed(np.int64(21)) == 21
    assert isinstance(env.np_random, np.random.RandomState)
    first = env.reset()[0]["raw_obs"]["current_hand"]
    assert env.np_random.randint(1000) == np.random.RandomState(21).randint(1000)
    env.seed(21)
    assert env.reset()[0]["raw_obs"]["current_hand"] == first
    assert ddz.Env(config={"seed": 21}).reset()[0]["raw_obs"]["current_hand"] == first
    assert ddz.make(config={"seed": 21, "compat": "ddz"}).compat == "ddz"


def test_timestep_and_perfect_information():
    env = ddz.Env(compat="rlcard", seed=5)
    rng = random.Random(5)
    play_random(env, rng, 3)
    play_random(env, rng, 4)
    assert env.timestep == 7
    info = env.get_perfect_information()
    assert info["current_player"] == env.get_player_id() == 1
    assert info["hand_cards"] == [rl(h) for h in env.game.hands]
    assert info["trace"] == env.get_state(1)["raw_obs"]["trace"]
    assert info["legal_actions"] == env.get_state(1)["raw_legal_actions"]


class RandomPythonAgent:
    use_raw = False

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def step(self, state):
        return self.rng.choice(list(state["legal_actions"]))  # a numpy integer, as RLCard's agents

    def eval_step(self, state):
        return self.step(state), {}


def test_ddz_agents_play_in_the_rlcard_env():
    env = ddz.make(config={"seed": 8})
    env.set_agents([ddz.Agent("heuristic"), RandomPythonAgent(1), RandomPythonAgent(2)])
    wins = sum(env.run(is_training=False)[1][0] for _ in range(10))
    assert wins >= 5
