# ddz.Env, the RLCard-style environment: invariants over 1,000 seeded random games (legality,
# card conservation, payoffs), reproducibility, bidding, run() with agents, rejection of bad actions.
import random

import numpy as np
import pytest

import ddz

DECK_SIZE = 54


def check_state(state, seat):
    raw = state["raw_obs"]
    assert raw["self"] == seat
    assert state["obs"].dtype == np.float32
    ids = list(state["legal_actions"])
    assert [ddz.action_cards(i) for i in ids] == state["raw_legal_actions"] == raw["actions"]
    assert ids and len(set(ids)) == len(ids)
    assert state["observation"].legal_actions() == ids
    hand = raw["current_hand"]
    assert len(hand) == raw["num_cards_left"][seat]
    # Every card is in this hand, unseen by this seat, or played.
    assert len(hand) + len(raw["others_hand"]) + sum(len(p) for p in raw["played_cards"]) == DECK_SIZE
    assert sum(raw["num_cards_left"]) + sum(len(p) for p in raw["played_cards"]) == DECK_SIZE
    assert ddz.parse_cards(raw["seen_cards"]) == raw["seen_cards"] and len(raw["seen_cards"]) == 3
    if raw["to_beat"] == "pass":
        assert ddz.PASS not in state["legal_actions"]
    else:
        assert ids[-1] == ddz.PASS


def test_invariants_over_a_thousand_seeded_random_games():
    env = ddz.Env(seed=1234)
    assert env.num_players == 3 and env.num_actions == 27472 and env.state_shape == [[ddz.STATE_DIM]] * 3
    rng = random.Random(99)
    landlord_wins = 0
    for _ in range(1000):
        state, seat = env.reset()
        assert seat == 0 and state["obs"].shape == (ddz.STATE_DIM,)
        turns = 0
        while not env.is_over():
            check_state(state, seat)
            action = rng.choice(list(state["legal_actions"]))
            state, nxt = env.step(action)
            assert state["raw_obs"]["trace"][-1] == (seat, ddz.action_cards(action))
            assert nxt == (seat + 1) % 3 or env.is_over()
            seat = nxt
            turns += 1
        payoffs = env.get_payoffs()
        game = env.game
        assert game.is_over() and game.check_consistency() == ""
        assert len(game.history) == turns
        winners = [s for s in range(3) if payoffs[s] == 1]
        assert game.hand(game.winner) == ""
        assert winners == ([0] if game.winner == 0 else [1, 2])
        assert set(payoffs) <= {0.0, 1.0}
        landlord_wins += game.landlord_won
    # Between random players the landlord wins about a third of the games (329 of these 1,000):
    # both sides win, so payoffs are not stuck on one side.
    assert 250 < landlord_wins < 450


def test_the_same_seed_gives_the_same_games_and_the_deal_seed_deals_it_again():
    games = []
    for _ in range(2):
        env = ddz.Env(seed=5)
        rng = random.Random(1)
        env.reset()
        env.reset()
        history = []
        state, _ = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            history.append(action)
            state, _ = env.step(action)
        games.append((history, list(env.get_payoffs()), env.deal_seed))
    assert games[0] == games[1]
    assert ddz.Game(seed=games[0][2]).deal == env.game.deal


def test_score_payoffs_are_the_game_scores():
    env = ddz.Env(seed=8, payoff="score")
    rng = random.Random(8)
    state, _ = env.reset()
    while not env.is_over():
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
    assert list(env.get_payoffs()) == list(env.game.scores) and sum(env.get_payoffs()) == 0


def test_bidding_env_bids_then_plays():
    env = ddz.Env(seed=3, bidding=True)
    assert env.num_actions == ddz.NUM_ACTIONS + 4
    rng = random.Random(3)
    for _ in range(30):
        state, seat = env.reset()
        # Every obs has the same width: the bid encoding, then the play encoding (zero while bidding).
        assert state["obs"].shape == (ddz.BID_DIM + ddz.STATE_DIM,) and env.state_shape == [[ddz.BID_DIM + ddz.STATE_DIM]] * 3
        assert state["raw_obs"]["phase"] == "bidding" and not state["obs"][ddz.BID_DIM:].any()
        while state["raw_obs"]["phase"] == "bidding":
            assert all(a >= ddz.BID_ACTION_BASE for a in state["legal_actions"])
            assert state["raw_legal_actions"][0] == "bid:0"
            state, seat = env.step(rng.choice(state["raw_legal_actions"]), raw_action=True)
        assert state["raw_obs"]["landlord"] == env.game.landlord
        assert not state["obs"][: ddz.BID_DIM].any() and state["obs"][ddz.BID_DIM :].any()
        while not env.is_over():
            state, seat = env.step(rng.choice(list(state["legal_actions"])))
        assert sum(env.get_payoffs()) in (1, 2)


def test_bad_actions_raise_value_error_and_change_nothing():
    env = ddz.Env(seed=2)
    with pytest.raises(ValueError, match="reset"):
        env.step(0)
    state, _ = env.reset()
    hand = state["raw_obs"]["current_hand"]
    for bad, raw in [(ddz.PASS, False), (-1, False), (ddz.NUM_ACTIONS, False), ("33334444", True)]:
        with pytest.raises(ValueError):
            env.step(bad, raw)
    with pytest.raises(TypeError, match="raw_action=True"):
        env.step("3")
    assert env.game.hands[0] == hand and env.game.history == []
    not_held = next(i for i in range(ddz.NUM_COMBINATIONS) if i not in state["legal_actions"])
    with pytest.raises(ValueError, match=ddz.action_cards(not_held)):
        env.step(not_held)


class RandomPythonAgent:
    """An agent written the way RLCard's agents are: step/eval_step on the state dict."""
    use_raw = False

    def __init__(self, seed):
        self.rng = np.random.RandomState(seed)

    def step(self, state):
        return int(self.rng.choice(list(state["legal_actions"])))

    def eval_step(self, state):
        return self.step(state), {}


def test_run_plays_whole_games_with_rlcard_style_and_ddz_agents():
    env = ddz.Env(seed=4)
    env.set_agents([ddz.Agent("heuristic"), RandomPythonAgent(1), RandomPythonAgent(2)])
    wins = 0
    for _ in range(20):
        trajectories, payoffs = env.run(is_training=False)
        for seat in range(3):
            traj = trajectories[seat]
            assert len(traj) % 2 == 1  # state, action, state, ..., final state
            for i in range(0, len(traj) - 1, 2):
                assert traj[i + 1] in traj[i]["legal_actions"]
        wins += payoffs[0]
    assert wins >= 10  # heuristic as landlord against two random farmers
    with pytest.raises(ValueError):
        ddz.Env().run()
